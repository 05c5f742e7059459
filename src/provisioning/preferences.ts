/**
 * Pod requirements (karpenter pkg/scheduling/requirements.go NewPodRequirements) and preference relaxation
 * (pkg/controllers/provisioning/scheduling/preferences.go Relax). Respect: nodeSelector ∧ heaviest preferred
 * node-affinity term ∧ required term [0]. Ignore (NewStrictPodRequirements, chosen in scheduler.go
 * updateCachedPodData): nodeSelector ∧ required term [0]. Relaxation, one step per call: (1) drop required term [0]
 * while more than one remains; (4) drop the heaviest preferred node-affinity term; (6) tolerate PreferNoSchedule when
 * some NodePool has such a taint. Steps 2, 3 and 5 (preferred pod (anti-)affinity, ScheduleAnyway spread constraints)
 * are not modelled: the report states it.
 */
import { type NodeSelectorRequirement } from '../api/nodeselector.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import type { PodTemplate, PreferredTerm, Toleration } from '../api/workload.js';

export interface PodState {
  requiredTerms: NodeSelectorRequirement[][];
  /** Sorted by weight descending (stable). */
  preferred: PreferredTerm[];
  tolerations: Toleration[];
  /** Number of relaxation steps applied. */
  level: number;
}

export function initialPodState(pod: PodTemplate, preferencePolicy: 'Respect' | 'Ignore'): PodState {
  const preferred = preferencePolicy === 'Ignore' ? [] : [...pod.preferredTerms].sort((a, b) => b.weight - a.weight);
  return { requiredTerms: pod.requiredTerms, preferred, tolerations: pod.tolerations, level: 0 };
}

export function podRequirements(pod: PodTemplate, st: PodState): Requirements {
  const reqs = new Requirements();
  for (const [k, v] of Object.entries(pod.nodeSelector)) reqs.add(Requirement.of(k, 'In', [v]));
  if (st.preferred.length) for (const r of st.preferred[0].requirements) reqs.add(Requirement.fromNodeSelector(r));
  if (st.requiredTerms.length) for (const r of st.requiredTerms[0]) reqs.add(Requirement.fromNodeSelector(r));
  return reqs;
}

export const PREFER_NO_SCHEDULE_TOLERATION: Toleration = { operator: 'Exists', effect: 'PreferNoSchedule' };

/** One relaxation step, or null when nothing is left to relax. */
export function relax(st: PodState, anyPreferNoSchedule: boolean): PodState | null {
  if (st.requiredTerms.length > 1) return { ...st, requiredTerms: st.requiredTerms.slice(1), level: st.level + 1 };
  if (st.preferred.length > 0) return { ...st, preferred: st.preferred.slice(1), level: st.level + 1 };
  if (
    anyPreferNoSchedule &&
    !st.tolerations.some((t) => t.operator === 'Exists' && t.effect === 'PreferNoSchedule' && !t.key)
  ) {
    return { ...st, tolerations: [...st.tolerations, PREFER_NO_SCHEDULE_TOLERATION], level: st.level + 1 };
  }
  return null;
}
