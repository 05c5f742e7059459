/**
 * Which nodes disruption may act on (karpenter pkg/controllers/disruption/types.go NewCandidate;
 * pkg/controllers/state/statenode.go ValidateNodeDisruptable, ValidatePodsDisruptable; pkg/utils/pod/scheduling.go
 * IsDisruptable, IsDoNotDisruptActive; pkg/utils/pdb/pdb.go CanEvictPods).
 *
 * - `karpenter.sh/do-not-disrupt: "true"` on the node blocks every disruption method, drift included.
 * - On an active pod it blocks too; the value may also be a Go duration, active for that long after the pod started
 *   (an invalid value counts as absent). Mirror and daemonset pods count.
 * - A pod that more than one PDB selects, or whose PDB allows 0 disruptions, blocks eviction.
 * - Pod-level blocks stop graceful methods (consolidation, emptiness) always, and eventual ones (drift) only when
 *   the NodeClaim has no terminationGracePeriod: with one, drift proceeds and the drain waits until it elapses.
 */
import { parseGoDurationMs } from '../common/duration.js';
import { selectorMatches } from '../api/pod-constraints.js';
import { disruptionsAllowed, type PdbSpec } from '../api/pdb.js';
import type { FleetNode, FleetPod, Pdb } from './fleet.js';
import type { PodTemplate } from '../api/workload.js';

export const DO_NOT_DISRUPT = 'karpenter.sh/do-not-disrupt';

export type BlockCode = 'node-do-not-disrupt' | 'pod-do-not-disrupt' | 'pdb' | 'pdb-multiple';

export interface DisruptionBlock {
  code: BlockCode;
  /** Karpenter's message, with the object. */
  message: string;
}

/** IsDoNotDisruptActive at time `at` (ms). */
export function doNotDisruptActive(pod: FleetPod, at: number): boolean {
  const v = pod.annotations[DO_NOT_DISRUPT];
  if (v === undefined) return false;
  if (v === 'true') return true;
  const ms = parseGoDurationMs(v);
  if (ms === null || ms <= 0) return false;
  if (!pod.startTime) return true;
  const start = Date.parse(pod.startTime);
  return Number.isNaN(start) || at - start < ms;
}

/** Pods that move when their node goes (karpenter pkg/utils/pod/scheduling.go IsReschedulable): active, not daemonset or mirror pods. */
export function reschedulable(p: FleetPod): boolean {
  return p.active && p.ownerKind !== 'DaemonSet' && p.ownerKind !== 'Node';
}

/**
 * A node's reschedulable pods grouped by owner (workload key), with each owner's pod template; null when some such pod
 * has no known owner or spec (what the node runs cannot be re-scheduled then).
 */
export function reschedulableByOwner(
  pods: readonly FleetPod[],
): { counts: Map<string, { count: number; namespace: string }>; templates: Map<string, PodTemplate> } | null {
  const counts = new Map<string, { count: number; namespace: string }>();
  const templates = new Map<string, PodTemplate>();
  for (const p of pods) {
    if (!reschedulable(p)) continue;
    if (!p.template || !p.ownerKey) return null;
    const e = counts.get(p.ownerKey);
    if (e) e.count += p.count;
    else counts.set(p.ownerKey, { count: p.count, namespace: p.namespace });
    if (!templates.has(p.ownerKey)) templates.set(p.ownerKey, p.template);
  }
  return { counts, templates };
}

/** The node-level block, if any (ValidateNodeDisruptable). */
export function nodeBlock(node: FleetNode): DisruptionBlock | null {
  return node.doNotDisrupt
    ? {
        code: 'node-do-not-disrupt',
        message: `disruption is blocked through the "${DO_NOT_DISRUPT}" annotation (Node=${node.nodeName ?? node.name})`,
      }
    : null;
}

/** The pod-level block, if any (ValidatePodsDisruptable: do-not-disrupt first, then the PDBs). */
export function podsBlock(pods: readonly FleetPod[], pdbs: readonly Pdb[], at: number): DisruptionBlock | null {
  for (const p of pods)
    if (p.active && doNotDisruptActive(p, at))
      return {
        code: 'pod-do-not-disrupt',
        message: `pod has "${DO_NOT_DISRUPT}" annotation (Pod=${p.namespace}/${p.name})`,
      };
  if (!pdbs.length) return null;
  for (const p of pods) {
    // IsEvictable: active, not a mirror pod (do-not-disrupt pods were handled above).
    if (!p.active || p.ownerKind === 'Node') continue;
    const matching = pdbs.filter((b) => b.namespace === p.namespace && selectorMatches(b.selector, p.labels));
    if (matching.length > 1)
      return {
        code: 'pdb-multiple',
        message: `eviction does not support multiple PDBs (PodDisruptionBudget=[${matching.map((b) => `${b.namespace}/${b.name}`).join(', ')}])`,
      };
    // Unhealthy pods under AlwaysAllow can always be evicted; the pods known here are taken as healthy.
    const b = matching[0];
    if (b && b.disruptionsAllowed === 0)
      return { code: 'pdb', message: `pdb prevents pod evictions (PodDisruptionBudget=[${b.namespace}/${b.name}])` };
  }
  return null;
}

/** NewCandidate's verdict for a node: the block that applies to this class of disruption, if any. */
export function candidateBlock(
  node: FleetNode,
  pdbs: readonly Pdb[],
  at: number,
  disruption: 'graceful' | 'eventual',
  terminationGracePeriod: boolean,
): DisruptionBlock | null {
  const n = nodeBlock(node);
  if (n) return n;
  if (!node.podList) return null;
  const p = podsBlock(node.podList, pdbs, at);
  if (p && disruption === 'eventual' && terminationGracePeriod) return null;
  return p;
}

/**
 * PDBs as eviction sees them (pdb.go NewLimits): `status.disruptionsAllowed` when the object has one (a snapshot), else
 * computed from the pods known as the disruption controller would — every matched pod taken as healthy, and the
 * matched pods' count standing in for the controllers' scale.
 */
export function pdbLimits(specs: readonly PdbSpec[], pods: readonly FleetPod[]): Pdb[] {
  // A PDB selects pods of its own namespace only: each PDB reads its namespace's pods, not the fleet's.
  let byNamespace: Map<string, FleetPod[]> | null = null;
  const podsIn = (namespace: string): readonly FleetPod[] => {
    if (!byNamespace) {
      byNamespace = new Map();
      for (const p of pods) {
        const l = byNamespace.get(p.namespace);
        if (l) l.push(p);
        else byNamespace.set(p.namespace, [p]);
      }
    }
    return byNamespace.get(namespace) ?? [];
  };
  return specs.map((spec) => {
    let allowed = spec.statusAllowed;
    if (allowed === undefined) {
      let matched = 0;
      for (const p of podsIn(spec.namespace))
        if (p.active && selectorMatches(spec.selector, p.labels)) matched += p.count;
      allowed = disruptionsAllowed(spec, matched, matched);
    }
    return {
      namespace: spec.namespace,
      name: spec.name,
      selector: spec.selector,
      disruptionsAllowed: allowed,
    };
  });
}
