/**
 * The fleet a change acts on: NodeClaims (joined with their Nodes) from a snapshot or a live
 * cluster, or the base state's simulated fleet.
 */
import { assumption, type Assumption } from '../common/assumptions.js';
import type { LabelSelector } from '../api/pod-constraints.js';
import type { PodTemplate } from '../api/workload.js';
import type { SchedulingView } from '../provisioning/existingnode.js';

export type FleetSource = 'snapshot' | 'live' | 'simulated';

/** Pods bound to a node, as disruption sees them (karpenter pkg/controllers/state/statenode.go ValidatePodsDisruptable). */
export interface FleetPod {
  namespace: string;
  /** The pod's name, or its workload's for a simulated fleet. */
  name: string;
  /** Identical pods this entry stands for (a simulated fleet groups a workload's pods). */
  count: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** Owner kind (`DaemonSet`, `ReplicaSet`, `Node` for mirror pods, …), or null. */
  ownerKind: string | null;
  /** Not terminal (Succeeded/Failed) and not terminating. */
  active: boolean;
  /** Succeeded or Failed (pkg/utils/pod IsTerminal): its requests no longer count on the node. */
  terminal?: boolean;
  /** `status.startTime` (RFC 3339), or null. */
  startTime: string | null;
  /** The pod's spec as the scheduler reads it, and the key of its owner (identical pods share it), when known. */
  readonly template?: PodTemplate;
  ownerKey?: string;
}

/**
 * A PodDisruptionBudget with what eviction needs (karpenter pkg/utils/pdb/pdb.go NewLimits, CanEvictPods): the
 * allowed disruptions, from `status.disruptionsAllowed` or computed as the disruption controller would from the pods
 * known.
 */
export interface Pdb {
  namespace: string;
  name: string;
  selector: LabelSelector | null;
  disruptionsAllowed: number;
}

export interface FleetNode {
  /** NodeClaim name (or Node name when only Nodes are known). */
  name: string;
  nodeName: string | null;
  nodePool: string | null;
  instanceType: string | null;
  zone: string | null;
  capacityType: string | null;
  /** The NodeClaim's labels (requirements drift reads these, karpenter pkg/controllers/nodeclaim/disruption/drift.go areRequirementsDrifted). */
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** `karpenter.sh/initialized=true` on the Node (counted by budgets, karpenter pkg/controllers/disruption/helpers.go BuildDisruptionBudgetMapping). */
  initialized: boolean;
  /** Node Ready condition; null = unknown (assumed ready). */
  ready: boolean | null;
  /** deletionTimestamp or MarkedForDeletion. */
  deleting: boolean;
  pricePerHour: number | null;
  pods: number | null;
  createdAt: string | null;
  /** The pods on the node when the snapshot lists them (or the simulation placed them); null = unknown. */
  podList?: FleetPod[] | null;
  /** `karpenter.sh/do-not-disrupt: "true"` on the Node (or the NodeClaim before registration). */
  doNotDisrupt?: boolean;
  /** What the provisioning scheduler reads of the node (snapshot and live fleets). */
  scheduling?: SchedulingView;
  /**
   * False for a Node without a NodeClaim (an EKS managed node group's, a self-managed one): not managed by Karpenter
   * (karpenter pkg/controllers/state/statenode.go StateNode.Managed: `NodeClaim != nil`). Absent: managed.
   */
  managed?: false;
}

export type { SchedulingView };

export interface Fleet {
  source: FleetSource;
  nodes: FleetNode[];
  /** What the source lacked and what was assumed (for the report). */
  notes: Assumption[];
  /** PodDisruptionBudgets the snapshot lists. */
  pdbs?: Pdb[];
  /**
   * The snapshot's Nodes not managed by Karpenter (no NodeClaim, no `karpenter.sh/nodepool` label; `managed: false`):
   * existing capacity pending pods bind to (karpenter pkg/controllers/provisioning/provisioner.go Schedule schedules
   * onto every active state node) and consolidation moves pods to (pkg/controllers/disruption/helpers.go
   * SimulateScheduling), never disruption candidates (helpers.go GetCandidates: `!node.Managed()`), never drifted, and
   * counted against no NodePool's limits. Kept apart from `nodes`, which are the NodeClaims disruption acts on.
   */
  notManaged?: FleetNode[];
}

/** The catalog's labels of an instance type, by name (the slice of `cloudprovider/catalog.ts Catalog` this needs). */
export type TypeLabels = (instanceType: string) => Readonly<Record<string, string>> | null;

/**
 * A snapshot's nodes with the labels Karpenter derives from the instance type filled in where the snapshot lacks them.
 * A NodeClaim launched by Karpenter carries every label of its instance type's requirements (karpenter
 * pkg/controllers/provisioning/scheduling/nodeclaim.go NodeClaim.FinalizeScheduling, the provider's labels from
 * karpenter-provider-aws pkg/providers/instancetype/types.go computeRequirements), and requirements drift compares the
 * NodeClaim's labels (pkg/controllers/nodeclaim/disruption/drift.go areRequirementsDrifted): a snapshot stripped of them
 * would decide drift on missing labels. Only the keys a NodePool requirement names (`requiredKeys`) are filled, and
 * labels the snapshot has are never replaced. The notes say how many nodes lacked such a label, and which instance
 * types the catalog does not know (their drift is decided on the labels they carry).
 */
export function withCatalogLabels(fleet: Fleet, labelsOf: TypeLabels, requiredKeys: ReadonlySet<string>): Fleet {
  let filled = 0;
  const unknown = new Set<string>();
  const nodes = fleet.nodes.map((n) => {
    if (fleet.source === 'simulated' || !n.nodePool || !n.instanceType) return n;
    const derived = labelsOf(n.instanceType);
    if (!derived) {
      unknown.add(n.instanceType);
      return n;
    }
    // Only the keys a NodePool requirement names decide drift: the others are left as the snapshot has them (a
    // 100,000-node snapshot is not copied for labels nothing reads).
    const missing = [...requiredKeys].filter((k) => derived[k] !== undefined && n.labels[k] === undefined);
    if (missing.length === 0) return n;
    filled++;
    const add = (labels: Readonly<Record<string, string>>) => {
      const out = { ...labels };
      for (const k of missing) if (out[k] === undefined) out[k] = derived[k];
      return out;
    };
    return {
      ...n,
      labels: add(n.labels),
      ...(n.scheduling ? { scheduling: { ...n.scheduling, labels: add(n.scheduling.labels) } } : {}),
    };
  });
  const notes = [...fleet.notes];
  if (filled > 0) notes.push(assumption('fleet-labels-filled', { nodes: filled }));
  if (unknown.size > 0) notes.push(assumption('fleet-types-not-in-catalog', { types: [...unknown].sort() }));
  return filled === 0 && unknown.size === 0 ? fleet : { ...fleet, nodes, notes };
}
