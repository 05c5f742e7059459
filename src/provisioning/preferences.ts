/**
 * Pod requirements (karpenter pkg/scheduling/requirements.go NewPodRequirements, NewStrictPodRequirements) and
 * preference relaxation (pkg/controllers/provisioning/scheduling/preferences.go Relax).
 *
 * Respect: nodeSelector ∧ heaviest preferred node-affinity term ∧ required term [0]; the strict requirements (the
 * pod's own topology domains) leave the preferred term out. Ignore (scheduler.go updateCachedPodData): both strict,
 * and ScheduleAnyway spread constraints and preferred pod (anti-)affinity terms make no topology group
 * (topology.go newForTopologies, newForAffinities).
 *
 * Relaxation, one step per call, the first that changes something: (1) drop required node-affinity term [0] while
 * more than one remains; (2) drop the heaviest preferred pod-affinity term; (3) the heaviest preferred
 * pod-anti-affinity term; (4) the heaviest preferred node-affinity term; (5) the first ScheduleAnyway spread
 * constraint; (6) tolerate PreferNoSchedule when some NodePool has such a taint.
 */
import { type NodeSelectorRequirement } from '../api/nodeselector.js';
import type { TopologySpreadConstraint, WeightedPodAffinityTerm } from '../api/pod-constraints.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import type { PodTemplate, PreferredTerm, Toleration } from '../api/workload.js';

export interface PodState {
  requiredTerms: NodeSelectorRequirement[][];
  /** Sorted by weight descending (stable). */
  preferred: PreferredTerm[];
  /** Preferred pod (anti-)affinity terms still enforced, heaviest first. */
  preferredAffinity: WeightedPodAffinityTerm[];
  preferredAntiAffinity: WeightedPodAffinityTerm[];
  /** ScheduleAnyway spread constraints still enforced. */
  spreadAnyway: TopologySpreadConstraint[];
  tolerations: Toleration[];
  /** Number of relaxation steps applied. */
  level: number;
}

const byWeight = <T extends { weight: number }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => b.weight - a.weight);

export function initialPodState(pod: PodTemplate, preferencePolicy: 'Respect' | 'Ignore'): PodState {
  const respect = preferencePolicy === 'Respect';
  const c = pod.constraints;
  return {
    requiredTerms: pod.requiredTerms,
    preferred: respect ? byWeight(pod.preferredTerms) : [],
    preferredAffinity: respect ? byWeight(c.preferredAffinity) : [],
    preferredAntiAffinity: respect ? byWeight(c.preferredAntiAffinity) : [],
    spreadAnyway: respect ? c.spread.filter((s) => s.whenUnsatisfiable === 'ScheduleAnyway') : [],
    tolerations: pod.tolerations,
    level: 0,
  };
}

export function podRequirements(pod: PodTemplate, st: PodState): Requirements {
  const reqs = strictPodRequirements(pod, st);
  if (st.preferred.length) for (const r of st.preferred[0].requirements) reqs.add(Requirement.fromNodeSelector(r));
  return reqs;
}

/** NewStrictPodRequirements: nodeSelector ∧ required term [0], without preferred terms. */
export function strictPodRequirements(pod: PodTemplate, st: PodState): Requirements {
  const reqs = new Requirements();
  for (const [k, v] of Object.entries(pod.nodeSelector)) reqs.add(Requirement.of(k, 'In', [v]));
  if (st.requiredTerms.length) for (const r of st.requiredTerms[0]) reqs.add(Requirement.fromNodeSelector(r));
  return reqs;
}

/**
 * The pod's node requirements as OR-ed alternatives: nodeSelector ∧ each required node-affinity term, or the
 * nodeSelector alone (topologynodefilter.go MakeTopologyNodeFilter; scheduler.go isDaemonPodCompatible tries the terms).
 */
export function nodeSelectorAlternatives(pod: PodTemplate): Requirements[] {
  const base = new Requirements();
  for (const [k, v] of Object.entries(pod.nodeSelector)) base.add(Requirement.of(k, 'In', [v]));
  if (!pod.requiredTerms.length) return [base];
  return pod.requiredTerms.map((term) => {
    const r = base.clone();
    for (const x of term) r.add(Requirement.fromNodeSelector(x));
    return r;
  });
}

export const PREFER_NO_SCHEDULE_TOLERATION: Toleration = { operator: 'Exists', effect: 'PreferNoSchedule' };

/** One relaxation step, or null when nothing is left to relax. */
export function relax(st: PodState, anyPreferNoSchedule: boolean): PodState | null {
  const level = st.level + 1;
  if (st.requiredTerms.length > 1) return { ...st, requiredTerms: st.requiredTerms.slice(1), level };
  if (st.preferredAffinity.length > 0) return { ...st, preferredAffinity: st.preferredAffinity.slice(1), level };
  if (st.preferredAntiAffinity.length > 0)
    return { ...st, preferredAntiAffinity: st.preferredAntiAffinity.slice(1), level };
  if (st.preferred.length > 0) return { ...st, preferred: st.preferred.slice(1), level };
  if (st.spreadAnyway.length > 0) {
    // preferences.go removeTopologySpreadScheduleAnyway: the first is overwritten by the last, then the last dropped.
    const rest = [...st.spreadAnyway];
    rest[0] = rest[rest.length - 1];
    rest.pop();
    return { ...st, spreadAnyway: rest, level };
  }
  if (
    anyPreferNoSchedule &&
    !st.tolerations.some((t) => t.operator === 'Exists' && t.effect === 'PreferNoSchedule' && !t.key)
  ) {
    return { ...st, tolerations: [...st.tolerations, PREFER_NO_SCHEDULE_TOLERATION], level };
  }
  return null;
}
