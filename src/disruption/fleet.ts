/**
 * The fleet a change acts on: NodeClaims (joined with their Nodes) from a snapshot or a live
 * cluster, or the base state's simulated fleet.
 */
export type FleetSource = 'snapshot' | 'live' | 'simulated';

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
}

export interface Fleet {
  source: FleetSource;
  nodes: FleetNode[];
  /** What the source lacked and what was assumed (for the report). */
  notes: string[];
}
