/**
 * The types the provisioning simulation's parts share: a state's input and the simulation's result (provisioner.ts,
 * nodeclaimtemplate.ts, static.ts), and the scheduler's (Karpenter keeps them beside their structs in
 * pkg/controllers/provisioning/scheduling: nodeclaimtemplate.go, existingnode.go, scheduler.go; here they sit apart so
 * that the topology files, nodeclaim.ts and existingnode.ts import them without importing one another).
 */
import type { Deadline } from '../common/deadline.js';
import type { Assumption } from '../common/assumptions.js';
import type { EC2NodeClass } from '../api/ec2nodeclass.js';
import type { CapacityType } from '../api/labels.js';
import type { NodeOverlay } from '../api/nodeoverlay.js';
import type { NodePool } from '../api/nodepool.js';
import type { ControllerSettings } from '../api/settings.js';
import type { StorageObjects } from '../api/storage.js';
import type { Taint } from '../api/validation.js';
import type { PodTemplate, Workload } from '../api/workload.js';
import type { Catalog } from '../cloudprovider/catalog.js';
import type { InstanceType } from '../cloudprovider/instancetype.js';
import type { OverlayOutcome } from '../cloudprovider/overlay-evaluation.js';
import type { ResourceList } from '../common/quantity.js';
import type { Requirements } from '../scheduling/requirements.js';
import type { ReservationManager } from './reservation.js';

export interface Template {
  nodePool: string;
  weight: number;
  /** Template requirements ∧ labels ∧ nodepool/nodeclass labels (nodeclaimtemplate.go NewNodeClaimTemplate). */
  requirements: Requirements;
  labels: Record<string, string>;
  taints: Taint[];
  /** Instance types that survive the template pre-filter (scheduler.go NewScheduler). */
  instanceTypes: InstanceType[];
  /** Daemon overhead per instance type name (scheduler.go buildDaemonOverheadGroups). */
  daemonOverhead: Map<string, ResourceList>;
  /** Remaining `spec.limits` (scheduler.go Scheduler.remainingResources); undefined = unlimited. */
  limits?: ResourceList;
}

export interface PodGroup {
  key: string;
  namespace: string;
  pod: PodTemplate;
  count: number;
  /** Creation order (queue tie-break after cpu and memory, queue.go byCPUAndMemoryDescending). */
  order: number;
  /** Set when one workload is several groups (replicas whose volumes differ): which of them. */
  segment?: number;
}

export interface SchedulerOptions {
  preferencePolicy: 'Respect' | 'Ignore';
  minValuesPolicy: 'Strict' | 'BestEffort';
  /** Strict reserved mode (provisioning); absent in disruption's simulations, which use fallback mode. */
  reservations?: ReservationManager;
  /** Place runs of identical pods in bulk where the outcome is the same as one at a time (default); false: one by one. */
  bulk?: boolean;
  /**
   * Capacity (with `nodes`) already counted against each NodePool's limits by nodes the scheduler does not place onto
   * (a fleet whose pods are unknown): subtracted from the limits like existing nodes' (scheduler.go
   * updateRemainingResources).
   */
  limitsUsed?: ReadonlyMap<string, ResourceList>;
  /** The run's time budget (caps.runSeconds): past it, the solve throws OutOfTime (common/deadline.ts). */
  deadline?: Deadline;
}

export interface Attempt {
  ok: true;
  reqs: Requirements;
  options: InstanceType[];
  relaxedMinValues: boolean;
  /** Strict reserved mode: the reservations the NodeClaim holds once the pod is added. */
  reserve?: Set<string>;
}
export interface Failure {
  ok: false;
  code: SchedulingErrorCode;
  error: string;
}

/**
 * Why a pod found no place, as a closed set (Karpenter's scheduler errors: taints, incompatible
 * requirements, limits, resources, minValues; pkg/controllers/provisioning/scheduling/scheduler.go).
 * Consumers branch on these codes; the message is for people.
 */
export type SchedulingErrorCode =
  | 'taint'
  | 'incompatible-requirements'
  | 'no-compatible-offering'
  | 'limits-exhausted'
  | 'limits-exceeded'
  | 'insufficient-resources'
  | 'min-values'
  | 'topology'
  | 'volume-topology'
  | 'host-port'
  | 'reserved-offering'
  | 'no-nodepool'
  | 'invalid-pod'
  | 'launch-failed';

export interface SchedulingError {
  count: number;
  error: string;
  codes: SchedulingErrorCode[];
}

/** A pod bound to an existing node that stays there in the simulated state. */
export interface BoundPod {
  namespace: string;
  /** The pod as the scheduler reads it: requests, labels, host ports, required anti-affinity. */
  pod: PodTemplate;
  /** Owned by a DaemonSet (StateNode.DaemonSetRequests). */
  daemon: boolean;
  /** The key of the modelled workload this pod is a running replica of, if any. */
  workload?: string;
}

/**
 * A node as karpenter pkg/controllers/state/statenode.go presents it to the scheduler: Labels() and Taints() (the
 * NodeClaim's before the Node registers; ephemeral and startup taints dropped until it is initialized), Allocatable()
 * and Capacity() (the Node's status, the NodeClaim's filling zero or missing values until initialized), Initialized().
 */
export interface SchedulingView {
  labels: Record<string, string>;
  taints: Taint[];
  /** null when neither the Node nor the NodeClaim status lists any. */
  allocatable: ResourceList | null;
  capacity: ResourceList | null;
  initialized: boolean;
  /** A Node object exists (a NodeClaim alone is in flight). */
  hasNode: boolean;
}

export interface ExistingNodeInput extends SchedulingView {
  /** The node's name (StateNode.Name: the Node's, or the NodeClaim's before registration). */
  name: string;
  nodePool: string | null;
  instanceType: string | null;
  zone: string | null;
  capacityType: string | null;
  /** The pods bound to the node that stay there (not terminal, not rescheduled in this state). */
  pods: BoundPod[];
  /** False for a node without a NodeClaim (statenode.go StateNode.Managed); absent: managed. */
  managed?: false;
}

export type ExistingAttempt = { ok: true; reqs: Requirements } | Failure;

// The simulation of one state (provisioner.ts): its input, options and result.

export interface ModelInput {
  nodePools: NodePool[];
  nodeClasses: EC2NodeClass[];
  overlays: NodeOverlay[];
  workloads: Workload[];
  daemonSets: Workload[];
  settings: ControllerSettings;
  /** PersistentVolumeClaims, PersistentVolumes and StorageClasses among the manifests (volumetopology.ts). */
  storage?: StorageObjects;
}

export interface ReservationInput {
  id: string;
  instanceType: string;
  zone: string;
  count: number;
  type: 'default' | 'capacity-block';
  tags?: Record<string, string>;
}

export interface SimulationOptions {
  catalog: Catalog;
  region?: string;
  zones?: string[];
  spotPriceFactor: number;
  reservations: ReservationInput[];
  /** Add probe pods when the state has no workloads. */
  probes: boolean;
  /** The cluster the pods are placed into (a fleet snapshot with pods); absent: an empty cluster. */
  cluster?: ClusterState;
  /** The most provisioning rounds to simulate (rounds.ts MAX_ROUNDS unless set; 1: the first batch alone). */
  maxRounds?: number;
  /**
   * The NodeClaims of a fleet whose pods are unknown (no `cluster`): nothing is placed on them, but their capacity
   * counts against their NodePool's limits, as Karpenter counts every active NodeClaim's whatever runs on it
   * (scheduler.go calculateExistingNodeClaims → updateRemainingResources).
   */
  limitNodes?: ExistingNodeInput[];
  /** The run's time budget (caps.runSeconds): past it, the simulation throws OutOfTime (common/deadline.ts). */
  deadline?: Deadline;
}

/**
 * The existing cluster in one state (karpenter pkg/controllers/provisioning/provisioner.go Schedule: the active state
 * nodes, and the pods to schedule). Made from a fleet snapshot by disruption/fleet-placement.ts.
 */
export interface ClusterState {
  /** The nodes that stay in this state, with the pods they keep (running replicas carry their workload key). */
  nodes: ExistingNodeInput[];
  /**
   * Pods no manifest describes whose node leaves in this state (deleting, drifted, its NodePool removed): they are
   * scheduled with the rest (provisioner.go Schedule: the reschedulable pods of deleting nodes), grouped by owner.
   */
  displaced: { key: string; namespace: string; pod: Workload['pod']; count: number }[];
}

export interface SimPlacement {
  schedulable: boolean;
  nodePool: string | null;
  instanceType: string | null;
  capacityType: CapacityType | null;
  pricePerHour: number | null;
  candidates: number;
  allocationStrategy: string | null;
  reason: string | null;
  /** Why pods of the workload were not placed (empty when all were). */
  reasonCodes: SchedulingErrorCode[];
  /**
   * The provisioning round its last pod was placed in, when later than the first (rounds.ts provisioningRounds):
   * Karpenter's first batch left pods pending that the nodes it launched let later rounds place.
   */
  rounds?: number;
  /** Pods of the workload no node took, when some were placed (the others' reason is `reason`). */
  pending?: number;
  /** False when most pods run on an existing node not managed by Karpenter (`nodePool` is then null). */
  managed?: false;
}

export interface SimNode {
  name: string;
  nodePool: string;
  instanceType: string;
  zone: string;
  capacityType: CapacityType;
  pricePerHour: number;
  allocationStrategy: string;
  candidates: number;
  labels: Record<string, string>;
  pods: Record<string, number>;
  /** A node of a static NodePool (`spec.replicas`). */
  static?: boolean;
  /** False for an existing node not managed by Karpenter (no NodeClaim); absent: managed. */
  managed?: false;
}

/** Why a NodePool is not used for provisioning: a closed set of codes, each with its message. */
export type PoolReasonCode =
  | 'static'
  | 'deleting'
  | 'not-ready'
  | 'unmanaged-nodeclass'
  | 'nodeclass-not-found'
  | 'no-instance-types'
  | 'min-values-unsatisfiable';

export interface PoolReason {
  code: PoolReasonCode;
  message: string;
}

export interface PoolStatus {
  name: string;
  eligible: boolean;
  reason: PoolReason | null;
  instanceTypes: number;
}

export interface SimulationResult {
  placements: Map<string, SimPlacement>;
  /** The NodeClaim templates in provisioning order (eligible NodePools with instance types). */
  templates: Template[];
  /** Pod template of every workload (and probe), by workload key. */
  podTemplates: Map<string, Workload['pod']>;
  workloads: {
    key: string;
    kind: string;
    namespace: string;
    name: string;
    replicas: number;
    probe: boolean;
    /** For the probe of one NodePool: that NodePool. */
    probePool?: string;
  }[];
  fleet: SimNode[];
  /** Nodes launched for the probes of NodePools no workload lands on (not part of `fleet`). */
  probeFleet: SimNode[];
  /** Nodes of static NodePools (`spec.replicas`) in `fleet`. */
  staticNodes: number;
  hourlyCost: number;
  pools: PoolStatus[];
  region: string;
  zones: string[];
  overlays: OverlayOutcome | null;
  assumptions: Assumption[];
  /**
   * The pending pods the scheduler took, grouped (provisioner.go Schedule), so that a what-if re-schedules some of them
   * against `templates` without simulating the state again (reschedule.ts).
   */
  podGroups: PodGroup[];
  /**
   * What the fleet's nodes count against each NodePool's limits (scheduler.go calculateExistingNodeClaims →
   * updateRemainingResources: each node's capacity, with `nodes: 1`): existing nodes with their capacity, launched
   * ones with their instance type's. Nodes of probes and static NodePools are not counted.
   */
  poolResources: Map<string, ResourceList>;
}

/** What every step of one simulation reads: the state, the options, the zones and the EC2NodeClasses by name. */
export interface StepContext {
  input: ModelInput;
  opts: SimulationOptions;
  zones: string[];
  classes: Map<string, EC2NodeClass>;
}
