/**
 * The types the provisioning scheduler's parts share (Karpenter keeps them beside their structs in
 * pkg/controllers/provisioning/scheduling: nodeclaimtemplate.go, existingnode.go, scheduler.go; here they sit apart so
 * that topology.ts, nodeclaim.ts and existingnode.ts import them without importing one another).
 */
import type { Taint } from '../api/validation.js';
import type { PodTemplate } from '../api/workload.js';
import type { InstanceType } from '../cloudprovider/instancetype.js';
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
}

export type ExistingAttempt = { ok: true; reqs: Requirements } | Failure;
