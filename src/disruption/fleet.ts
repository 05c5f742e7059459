/**
 * The fleet a change acts on: NodeClaims (joined with their Nodes) from a snapshot or a live
 * cluster, or the base state's simulated fleet.
 */
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
}

export type { SchedulingView };

export interface Fleet {
  source: FleetSource;
  nodes: FleetNode[];
  /** What the source lacked and what was assumed (for the report). */
  notes: string[];
  /** PodDisruptionBudgets the snapshot lists. */
  pdbs?: Pdb[];
}
