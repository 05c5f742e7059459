/**
 * Simulates one state: which NodePools are eligible (karpenter pkg/controllers/provisioning/provisioner.go
 * NewScheduler), the instance types and offerings each one sees (with NodeOverlays when the gate is on,
 * pkg/controllers/nodeoverlay/), the scheduler (pkg/controllers/provisioning/scheduling/) and the provider's launch
 * decision (karpenter-provider-aws pkg/providers/instance/instance.go Create). Returns a placement per workload and the
 * simulated fleet. Pure: no I/O.
 */
import { EMPTY_CONSTRAINTS } from '../api/pod-constraints.js';
import type { Catalog } from '../cloudprovider/catalog.js';
import { selectsReservation, type EC2NodeClass } from '../api/ec2nodeclass.js';
import { buildInstanceTypes, offeringCompatible, type InstanceType } from '../cloudprovider/instancetype.js';
import {
  LABEL_CAPACITY_TYPE,
  LABEL_EC2NODECLASS,
  LABEL_INSTANCE_TYPE,
  LABEL_INITIALIZED,
  LABEL_NODEPOOL,
  LABEL_REGISTERED,
  LABEL_ZONE,
  type CapacityType,
} from '../api/labels.js';
import { launch, type LaunchDecision } from '../cloudprovider/launch.js';
import { ReservationManager } from './reservation.js';
import { nodeSelectorAlternatives } from './preferences.js';
import type { NodeOverlay } from '../api/nodeoverlay.js';
import { orderByWeight, type NodePool } from '../api/nodepool.js';
import {
  adjustedPrice,
  evaluateOverlays,
  type OverlayOutcome,
  type OverlayPool,
  type OverlayType,
} from '../cloudprovider/overlay-evaluation.js';
import { addResources, type ResourceList } from '../common/quantity.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { satisfiesMinValues } from '../cloudprovider/instancetype.js';
import { type PodGroup, type SchedulingError, type SchedulingErrorCode, type Template } from './nodeclaim.js';
import { schedule } from './scheduler.js';
import { ExistingNode, type ExistingNodeInput } from './existingnode.js';
import type { ControllerSettings } from '../api/settings.js';
import { untolerated } from '../scheduling/taints.js';
import type { Workload } from '../api/workload.js';
import { parsePoolOfferingKey } from '../cloudprovider/offering-key.js';
import { emptyStorage, type StorageObjects } from '../api/storage.js';
import { VolumeNotes, volumeSegments, type ReplicaSegment } from './volumetopology.js';

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
  /** Offerings made unavailable (ICE what-if), by unavailableKey. */
  unavailable?: Set<string>;
  /** The cluster the pods are placed into (a fleet snapshot with pods); absent: an empty cluster. */
  cluster?: ClusterState;
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
  assumptions: string[];
}

export function workloadKey(kind: string, namespace: string, name: string): string {
  return `${kind}/${namespace}/${name}`;
}

const MANAGED_GROUP = 'karpenter.k8s.aws';
const MANAGED_KIND = 'EC2NodeClass';

export function inferRegion(zones: string[]): string | null {
  for (const z of zones) {
    const m = /^([a-z]{2}(?:-gov)?-[a-z]+-\d)[a-z]$/.exec(z);
    if (m) return m[1];
  }
  return null;
}

/**
 * One provisioning pass over a state: the steps below follow Karpenter's provisioner
 * (pkg/controllers/provisioning/provisioner.go Schedule → NewScheduler → Solve → Create).
 */
export function simulate(input: ModelInput, opts: SimulationOptions): SimulationResult {
  const assumptions: string[] = [];
  const { zones, region } = resolveZones(input, opts, assumptions);
  const { pools, eligible } = eligibleNodePools(input);
  if (input.nodePools.length > 0 && input.nodeClasses.length === 0) {
    assumptions.push(
      'EC2NodeClasses: none in the inputs; each nodeClassRef is assumed to name a Ready AL2023 EC2NodeClass with default kubelet settings.',
    );
  }
  const ctx: StepContext = { input, opts, zones, classes: new Map(input.nodeClasses.map((c) => [c.name, c])) };
  const { outcome: overlays, priceChanges, capacityChanges } = applyNodeOverlays(ctx, eligible, assumptions);
  const templates = nodeClaimTemplates(ctx, eligible, pools, priceChanges, capacityChanges);
  const workloads = workloadsToPlace(input, opts, assumptions);
  const active = workloads.some((w) => !w.probe && w.replicas > 0);
  const existing = existingNodes(ctx, templates, assumptions);
  // Replicas already running on the nodes that stay are not pending: only the rest is scheduled.
  const running = new Map<string, number>();
  for (const n of existing) for (const [k, c] of n.running) running.set(k, (running.get(k) ?? 0) + c);
  // A StatefulSet whose replicas' claims differ (volumetopology.ts volumeSegments) is one group per run of replicas
  // with the same volume requirements; replicas already running are taken from the first runs.
  const groups: PodGroup[] = workloads
    .flatMap((w, i) => {
      if (!w.segments || w.segments.length === 1)
        return [
          {
            key: w.key,
            namespace: w.namespace,
            pod: w.pod,
            count: Math.max(0, w.replicas - (running.get(w.key) ?? 0)),
            order: i,
          },
        ];
      let run = running.get(w.key) ?? 0;
      return w.segments.map((seg, segment) => {
        const skip = Math.min(run, seg.count);
        run -= skip;
        return { key: w.key, namespace: w.namespace, pod: seg.pod, count: seg.count - skip, order: i, segment };
      });
    })
    .filter((g) => g.count > 0);
  for (const d of opts.cluster?.displaced ?? [])
    groups.push({ key: d.key, namespace: d.namespace, pod: d.pod, count: d.count, order: groups.length });
  // Provisioning schedules in strict reserved mode (provisioner.go Schedule: DisableReservedCapacityFallback).
  const reservations =
    input.settings.featureGates.reservedCapacity && opts.reservations.length
      ? new ReservationManager(opts.reservations.map((r) => [r.id, r.count] as [string, number]))
      : undefined;
  // Without any NodePool to provision from, Karpenter builds no scheduler and places nothing, not even onto existing
  // nodes (provisioner.go NewScheduler: ErrNodePoolsNotFound).
  const result = schedule(
    templates,
    groups,
    {
      preferencePolicy: input.settings.preferencePolicy,
      minValuesPolicy: input.settings.minValuesPolicy,
      ...(reservations ? { reservations } : {}),
    },
    eligible.length ? existing : [],
  );
  assumptions.push(...result.notes);
  const launched = launchNodeClaims(ctx, result);
  const { perGroup, errors } = launched;
  const fleet = [...existingFleet(ctx, existing, templates, perGroup, assumptions), ...launched.fleet];
  const placements = placementsOf(workloads, perGroup, errors);
  // NodePools no workload exercises get a probe each, placed on their own: they show what each such pool would launch
  // without joining the fleet the workloads make (each probe selects its pool, so it shares nothing with them).
  const probeFleet: SimNode[] = [];
  if (active && opts.probes) {
    const used = new Set(fleet.map((n) => n.nodePool));
    const idle = input.nodePools.filter((np) => templates.some((t) => t.nodePool === np.name) && !used.has(np.name));
    const probes = probeWorkloads(idle, false);
    if (probes.length) {
      const r = schedule(
        templates,
        probes.map((w, i) => ({ key: w.key, namespace: w.namespace, pod: w.pod, count: w.replicas, order: i })),
        { preferencePolicy: input.settings.preferencePolicy, minValuesPolicy: input.settings.minValuesPolicy },
      );
      const launched = launchNodeClaims(ctx, r);
      probeFleet.push(...launched.fleet);
      for (const [k, v] of placementsOf(probes, launched.perGroup, launched.errors)) placements.set(k, v);
      workloads.push(...probes);
      assumptions.push(
        `Probes: ${probes.length} NodePool(s) that no workload lands on get a probe pod each (1 CPU, 2 GiB, selecting the pool and tolerating its taints), placed apart from the workloads' fleet.`,
      );
    }
  }
  const staticFleet = staticNodes(ctx, priceChanges, capacityChanges, assumptions);
  fleet.push(...staticFleet);
  const hourlyCost = hourlyCostOf(fleet);
  if (fleet.some((n) => n.capacityType === 'spot'))
    assumptions.push(
      `Spot: prices are estimated as ${opts.spotPriceFactor} × on-demand; the spot instance type shown is the cheapest candidate, while EC2's price-capacity-optimized strategy also weighs capacity.`,
    );
  if (fleet.some((n) => n.allocationStrategy === 'lowest-price'))
    assumptions.push(
      "On-demand lowest-price: resolved with Karpenter's static price table; EC2 uses its own current prices.",
    );
  return {
    placements,
    templates,
    podTemplates: new Map(workloads.map((w) => [w.key, w.pod])),
    workloads: workloads.map(({ key, kind, namespace, name, replicas, probe, probePool }) => ({
      key,
      kind,
      namespace,
      name,
      replicas,
      probe,
      ...(probePool !== undefined ? { probePool } : {}),
    })),
    fleet,
    probeFleet,
    staticNodes: staticFleet.length,
    hourlyCost,
    pools,
    region,
    zones,
    overlays,
    assumptions,
  };
}

interface StepContext {
  input: ModelInput;
  opts: SimulationOptions;
  zones: string[];
  classes: Map<string, EC2NodeClass>;
}

interface WorkloadToPlace {
  key: string;
  kind: string;
  namespace: string;
  name: string;
  replicas: number;
  probe: boolean;
  probePool?: string;
  /** The first replicas' pod template (the only one unless `segments`). */
  pod: Workload['pod'];
  /** Runs of replicas with different volume requirements (a StatefulSet whose claims differ). */
  segments?: ReplicaSegment[];
}

/** Zones and region: configuration, else the NodePools' zone requirements, else us-east-1 with zones a–c. */
function resolveZones(
  input: ModelInput,
  opts: SimulationOptions,
  assumptions: string[],
): { zones: string[]; region: string } {
  let zones = opts.zones ?? [];
  if (!zones.length) {
    const zs = new Set<string>();
    for (const np of input.nodePools)
      for (const r of np.requirements)
        if (r.key === LABEL_ZONE && r.operator === 'In') (r.values ?? []).forEach((z) => zs.add(z));
    zones = [...zs].sort();
  }
  const region = opts.region ?? inferRegion(zones) ?? 'us-east-1';
  if (!zones.length) {
    zones = ['a', 'b', 'c'].map((s) => `${region}${s}`);
    assumptions.push(`Zones: none configured or required; assumed ${zones.join(', ')}.`);
  }
  if (region !== opts.catalog.region) {
    assumptions.push(
      `Prices: the catalog has ${opts.catalog.region} prices; they are used for ${region} (Karpenter itself falls back to the us-east-1 table for regions without one).`,
    );
  }
  return { zones, region };
}

/**
 * The NodePools the scheduler may use (provisioner.go NewScheduler): managed by the AWS provider, not static, Ready
 * (valid, EC2NodeClass present), not being deleted. Every NodePool gets a status with its reason code.
 */
function eligibleNodePools(input: ModelInput): { pools: PoolStatus[]; eligible: NodePool[] } {
  const classes = new Set(input.nodeClasses.map((c) => c.name));
  const pools: PoolStatus[] = [];
  const eligible: NodePool[] = [];
  for (const np of input.nodePools) {
    const ref = np.nodeClassRef;
    let reason: PoolReason | null = null;
    if (np.replicas !== undefined)
      reason = { code: 'static', message: 'static NodePool (spec.replicas): not used for provisioning' };
    else if (np.deleting) reason = { code: 'deleting', message: 'NodePool is being deleted' };
    else if (np.runtimeErrors.length) reason = { code: 'not-ready', message: `not Ready: ${np.runtimeErrors[0]}` };
    else if (!ref || ref.group !== MANAGED_GROUP || ref.kind !== MANAGED_KIND)
      reason = {
        code: 'unmanaged-nodeclass',
        message: 'nodeClassRef is not a karpenter.k8s.aws EC2NodeClass: not managed by the AWS provider',
      };
    else if (input.nodeClasses.length > 0 && !classes.has(ref.name))
      reason = { code: 'nodeclass-not-found', message: `not Ready: EC2NodeClass "${ref.name}" not found` };
    pools.push({ name: np.name, eligible: reason === null, reason, instanceTypes: 0 });
    if (reason === null) eligible.push(np);
  }
  return { pools, eligible };
}

/**
 * Capacity reservations an EC2NodeClass selects (karpenter-provider-aws
 * pkg/controllers/nodeclass/capacityreservation.go Reconcile), by its capacityReservationSelectorTerms.
 */
/**
 * Instance types are a function of the catalog, the EC2NodeClass, the settings and the offering inputs; the base and
 * head states (and the rules' what-ifs) usually share them. Karpenter caches them the same way, by a hash of their
 * inputs (karpenter-provider-aws pkg/providers/instancetype/instancetype.go List). The lists are never mutated.
 */
const instanceTypeMemo = new WeakMap<Catalog, Map<string, InstanceType[]>>();

function instanceTypesFor(
  ctx: StepContext,
  nc: EC2NodeClass | undefined,
  extra: { priceChanges?: Map<string, string>; unavailable?: Set<string> } = {},
): InstanceType[] {
  const { input, opts } = ctx;
  const inputs = {
    zones: ctx.zones,
    spotPriceFactor: opts.spotPriceFactor,
    reservations: reservationsFor(ctx, nc),
    ...(extra.priceChanges ? { priceChanges: extra.priceChanges, adjust: adjustedPrice } : {}),
    ...(extra.unavailable ? { unavailable: extra.unavailable } : {}),
  };
  if (extra.unavailable) return buildInstanceTypes(opts.catalog, nc ?? null, input.settings, inputs);
  let memo = instanceTypeMemo.get(opts.catalog);
  if (!memo) instanceTypeMemo.set(opts.catalog, (memo = new Map()));
  const key = JSON.stringify([
    nc ? { ...nc, raw: undefined, source: undefined } : null,
    input.settings.vmMemoryOverheadPercent,
    input.settings.reservedENIs,
    inputs.zones,
    inputs.spotPriceFactor,
    inputs.reservations,
    extra.priceChanges ? [...extra.priceChanges].sort() : null,
  ]);
  let types = memo.get(key);
  if (!types) memo.set(key, (types = buildInstanceTypes(opts.catalog, nc ?? null, input.settings, inputs)));
  return types;
}

function reservationsFor(ctx: StepContext, nc: EC2NodeClass | undefined): ReservationInput[] {
  if (!ctx.input.settings.featureGates.reservedCapacity || !nc) return [];
  return ctx.opts.reservations.filter((r) => selectsReservation(nc, r));
}

/**
 * NodeOverlays (karpenter pkg/controllers/nodeoverlay/controller.go Reconcile), one global pass. Evaluated whenever
 * overlays exist (the rules read the outcome); prices change only with the NodeOverlay gate on (karpenter
 * pkg/cloudprovider/overlay/cloudprovider.go GetInstanceTypes). Returns the price changes per NodePool, keyed by
 * typeOfferingKey.
 */
function applyNodeOverlays(
  ctx: StepContext,
  eligible: NodePool[],
  assumptions: string[],
): {
  outcome: OverlayOutcome | null;
  priceChanges: Map<string, Map<string, string>>;
  capacityChanges: Map<string, Map<string, ResourceList>>;
} {
  const { input } = ctx;
  const priceChanges = new Map<string, Map<string, string>>();
  const capacityChanges = new Map<string, Map<string, ResourceList>>();
  if (!input.overlays.length) return { outcome: null, priceChanges, capacityChanges };
  // Overlays match on requirements and offerings only, which depend on the EC2NodeClass, not the pool: the pools of
  // one EC2NodeClass share one list of instance types.
  const byClass = new Map<string, OverlayType[]>();
  const pools: OverlayPool[] = [];
  for (const np of eligible) {
    const key = np.nodeClassRef!.name;
    let types = byClass.get(key);
    if (!types) {
      const nc = ctx.classes.get(key);
      types = instanceTypesFor(ctx, nc).map((it) => ({
        typeName: it.name,
        typeRequirements: it.requirements,
        offerings: it.offerings.map((o) => ({
          zone: o.zone,
          capacityType: o.capacityType,
          ...(o.reservationId ? { reservationId: o.reservationId } : {}),
        })),
      }));
      byClass.set(key, types);
    }
    pools.push({ nodePool: np.name, templateLabels: np.labels, types });
  }
  const outcome = evaluateOverlays(input.overlays, pools);
  if (input.settings.featureGates.nodeOverlay) {
    for (const [key, v] of outcome.prices) {
      const { nodePool, typeOffering } = parsePoolOfferingKey(key);
      if (!priceChanges.has(nodePool)) priceChanges.set(nodePool, new Map());
      priceChanges.get(nodePool)!.set(typeOffering, v.change);
    }
    for (const [key, cap] of outcome.capacity) {
      const { nodePool, typeOffering: type } = parsePoolOfferingKey(key);
      if (!capacityChanges.has(nodePool)) capacityChanges.set(nodePool, new Map());
      capacityChanges.get(nodePool)!.set(type, cap);
    }
  } else {
    assumptions.push(
      `NodeOverlays: ${input.overlays.length} present but the NodeOverlay feature gate is off; Karpenter ignores them.`,
    );
  }
  return { outcome, priceChanges, capacityChanges };
}

/**
 * An instance type with NodeOverlay capacity applied (karpenter pkg/cloudprovider/types.go ApplyCapacityOverlay,
 * computeAllocatable): capacity gains the resources; their allocatable equals their capacity (no overhead is reserved
 * for them), and hugepages take their size out of allocatable memory. Copied, never changed in place.
 */
function withCapacityOverlay(it: InstanceType, update: ResourceList): InstanceType {
  const capacity = { ...it.capacity, ...update };
  const allocatable = { ...it.allocatable, ...update };
  let huge = 0;
  for (const [k, v] of Object.entries(capacity)) if (k.startsWith('hugepages-')) huge += v;
  if (huge > 0 && it.capacity.memory !== undefined)
    allocatable.memory = Math.max(0, (it.allocatable.memory ?? 0) - huge);
  return { ...it, capacity, allocatable };
}

/**
 * One NodeClaim template per eligible NodePool (nodeclaimtemplate.go NewNodeClaimTemplate, scheduler.go
 * NewScheduler), in weight order (pkg/utils/nodepool/nodepool.go OrderByWeight), with the instance types that pass
 * the template's requirements, offerings and (Strict) minValues. A NodePool left with none is marked ineligible.
 */
function nodeClaimTemplates(
  ctx: StepContext,
  eligible: NodePool[],
  pools: PoolStatus[],
  priceChanges: Map<string, Map<string, string>>,
  capacityChanges: Map<string, Map<string, ResourceList>>,
): Template[] {
  const { input, opts } = ctx;
  const typeCache = new Map<string, InstanceType[]>();
  const templates: Template[] = [];
  for (const np of orderByWeight(eligible)) {
    const nc = ctx.classes.get(np.nodeClassRef!.name);
    const changes = priceChanges.get(np.name);
    const capacity = capacityChanges.get(np.name);
    // Pools that share an EC2NodeClass and the same price and capacity changes (e.g. an unscoped overlay) share their
    // instance types.
    const cacheKey = `${np.nodeClassRef!.name}|${
      changes
        ? [...changes]
            .map(([k, v]) => `${k}=${v}`)
            .sort()
            .join(',')
        : ''
    }|${capacity ? JSON.stringify([...capacity].sort(([a], [b]) => (a < b ? -1 : 1))) : ''}`;
    let its = typeCache.get(cacheKey);
    if (!its) {
      its = instanceTypesFor(ctx, nc, {
        ...(changes ? { priceChanges: changes } : {}),
        ...(opts.unavailable ? { unavailable: opts.unavailable } : {}),
      });
      if (capacity)
        its = its.map((it) => (capacity.has(it.name) ? withCapacityOverlay(it, capacity.get(it.name)!) : it));
      typeCache.set(cacheKey, its);
    }
    const reqs = Requirements.fromNodeSelectorRequirements(np.requirements);
    for (const [k, v] of Object.entries(np.labels)) reqs.add(Requirement.of(k, 'In', [v]));
    reqs.add(Requirement.of(LABEL_NODEPOOL, 'In', [np.name]));
    reqs.add(Requirement.of(LABEL_EC2NODECLASS, 'In', [np.nodeClassRef!.name]));
    let options = its.filter(
      (it) =>
        it.requirements.intersectsOk(reqs) &&
        it.offerings.some((o) => o.available && offeringCompatible(reqs, o)) &&
        Object.values(it.allocatable).every((v) => v >= 0),
    );
    const strictMinValues = reqs.hasMinValues() && input.settings.minValuesPolicy === 'Strict';
    if (options.length && strictMinValues && !satisfiesMinValues(options, reqs).ok) options = [];
    const status = pools.find((p) => p.name === np.name)!;
    status.instanceTypes = options.length;
    if (options.length === 0) {
      status.eligible = false;
      status.reason = strictMinValues
        ? {
            code: 'min-values-unsatisfiable',
            message: "nodepool requirements filtered out all instance types (minValues can't be met)",
          }
        : { code: 'no-instance-types', message: 'nodepool requirements filtered out all instance types' };
      continue;
    }
    templates.push({
      nodePool: np.name,
      weight: np.weight,
      requirements: reqs,
      labels: np.labels,
      taints: np.taints,
      instanceTypes: options,
      daemonOverhead: daemonOverhead(np, reqs, options, input.daemonSets),
      ...(Object.keys(np.limits).length ? { limits: np.limits } : {}),
    });
  }
  return templates;
}

/** What nodes cost per hour, together (rounded to a millionth of a dollar: sums of float prices). */
export function hourlyCostOf(nodes: readonly { pricePerHour: number }[]): number {
  return Math.round(nodes.reduce((s, n) => s + n.pricePerHour, 0) * 1e6) / 1e6;
}

/** The node a launch decision makes for a NodeClaim of `template` with `requirements`, and the pods it holds. */
function launchedNode(
  name: string,
  template: Template,
  requirements: Requirements,
  d: LaunchDecision,
  pods: Record<string, number>,
): SimNode {
  const labels: Record<string, string> = {
    ...d.instanceType.labels,
    ...template.labels,
    [LABEL_NODEPOOL]: template.nodePool,
    [LABEL_ZONE]: d.offering.zone,
    [LABEL_CAPACITY_TYPE]: d.capacityType,
    [LABEL_INSTANCE_TYPE]: d.instanceType.name,
  };
  for (const req of requirements.values()) {
    // Custom labels from requirements (nodeclaimtemplate.go resolveCustomLabelsFromRequirements).
    if (!(req.key in labels) && !req.key.startsWith('karpenter.sh/') && !req.key.includes('karpenter.k8s.aws/')) {
      const v = req.any();
      if (v !== '') labels[req.key] = v;
    }
  }
  return {
    name,
    nodePool: template.nodePool,
    instanceType: d.instanceType.name,
    zone: d.offering.zone,
    capacityType: d.capacityType,
    pricePerHour: d.capacityType === 'reserved' ? 0 : d.offering.cost,
    allocationStrategy: d.allocationStrategy,
    candidates: d.candidates, // the types sent to CreateFleet (≤ 60), not the NodeClaim's options
    labels,
    pods,
  };
}

/**
 * The nodes of static NodePools (`spec.replicas`): min(replicas, limits.nodes) NodeClaims from the template, with no
 * pods and no instance-type narrowing — the provider's Create picks the type from every compatible one
 * (karpenter pkg/controllers/static/provisioning/controller.go Reconcile, ReserveNodeCount;
 * nodeclaimtemplate.go ToNodeClaim skips the instance-type cut for static NodeClaims). They join the fleet and its
 * cost; pods are not placed onto them here (an approximation stated in the assumptions).
 */
function staticNodes(
  ctx: StepContext,
  priceChanges: Map<string, Map<string, string>>,
  capacityChanges: Map<string, Map<string, ResourceList>>,
  assumptions: string[],
): SimNode[] {
  const { input } = ctx;
  const classes = new Set(input.nodeClasses.map((c) => c.name));
  const pools = input.nodePools.filter((np) => {
    const ref = np.nodeClassRef;
    return (
      np.replicas !== undefined &&
      np.replicas > 0 &&
      !np.deleting &&
      !np.runtimeErrors.length &&
      ref?.group === MANAGED_GROUP &&
      ref.kind === MANAGED_KIND &&
      (input.nodeClasses.length === 0 || classes.has(ref.name))
    );
  });
  if (!pools.length) return [];
  const statuses: PoolStatus[] = pools.map((np) => ({ name: np.name, eligible: true, reason: null, instanceTypes: 0 }));
  const out: SimNode[] = [];
  for (const t of nodeClaimTemplates(ctx, pools, statuses, priceChanges, capacityChanges)) {
    const np = pools.find((p) => p.name === t.nodePool)!;
    // The controller only tops the pool up: the snapshot's nodes of the pool (placed into as existing nodes) count.
    const running = ctx.opts.cluster?.nodes.filter((n) => n.nodePool === np.name).length ?? 0;
    const count = Math.max(0, Math.min(np.replicas!, np.limits.nodes ?? Infinity) - running);
    const r = launch(t.instanceTypes, t.requirements, input.settings.minValuesPolicy);
    if (!r.ok) continue;
    const d = r.decision;
    for (let i = 0; i < count; i++)
      out.push({
        ...launchedNode(`${np.name}-static-${String(i + 1).padStart(4, '0')}`, t, t.requirements, d, {}),
        static: true,
      });
  }
  assumptions.push(
    `Static NodePools: ${out.length} node(s) of ${pools.map((p) => p.name).join(', ')} (spec.replicas, capped by limits.nodes, less the fleet snapshot's nodes of the pool), each launched as the provider picks from every compatible type; they count in the fleet and its cost, and pods are not placed onto them here (a snapshot's nodes of a static pool take pods like any existing node).`,
  );
  return out;
}

/**
 * The existing nodes of the cluster (scheduler.go calculateExistingNodeClaims). A node whose snapshot gives no
 * allocatable or capacity takes its instance type's (from the NodePools' types, else the catalog's under a default
 * EC2NodeClass).
 */
function existingNodes(ctx: StepContext, templates: Template[], assumptions: string[]): ExistingNode[] {
  const cluster = ctx.opts.cluster;
  if (!cluster) return [];
  const missing: string[] = [];
  const out = cluster.nodes.map((n) => {
    let allocatable = n.allocatable;
    let capacity = n.capacity;
    if (!allocatable || !capacity) {
      const it = n.instanceType ? instanceTypeNamed(ctx, templates, n.nodePool, n.instanceType) : undefined;
      if (!it) missing.push(n.name);
      allocatable ??= it?.allocatable ?? {};
      capacity ??= it?.capacity ?? {};
    }
    return new ExistingNode(n, capacity, allocatable, ctx.input.daemonSets);
  });
  if (missing.length)
    assumptions.push(
      `Fleet: ${missing.length} node(s) have neither allocatable nor capacity in the snapshot and an instance type outside the catalog (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): no pod is placed on them and they count nothing against limits.`,
    );
  return out;
}

/** An instance type by name: the node's NodePool's first, then any NodePool's, then the catalog's. */
function instanceTypeNamed(
  ctx: StepContext,
  templates: Template[],
  nodePool: string | null,
  name: string,
): InstanceType | undefined {
  const own = templates.find((t) => t.nodePool === nodePool)?.instanceTypes.find((it) => it.name === name);
  if (own) return own;
  for (const t of templates) {
    const it = t.instanceTypes.find((x) => x.name === name);
    if (it) return it;
  }
  return instanceTypesFor(ctx, undefined).find((it) => it.name === name);
}

/**
 * The existing nodes as fleet nodes (allocationStrategy `existing`: not launched by this simulation), with the
 * workloads' pods they run and were given, priced at their offering (reserved: 0, as for launched nodes).
 */
function existingFleet(
  ctx: StepContext,
  existing: ExistingNode[],
  templates: Template[],
  perGroup: GroupNodes,
  assumptions: string[],
): SimNode[] {
  const out: SimNode[] = [];
  const unpriced: string[] = [];
  for (const n of existing) {
    const { input } = n;
    const capacityType = (input.capacityType ?? 'on-demand') as CapacityType;
    const it = input.instanceType ? instanceTypeNamed(ctx, templates, input.nodePool, input.instanceType) : undefined;
    const offering = it?.offerings.find((o) => o.zone === input.zone && o.capacityType === capacityType);
    if (capacityType !== 'reserved' && !offering) unpriced.push(input.name);
    const pods: Record<string, number> = Object.fromEntries(n.running);
    for (const [k, c] of n.groups) pods[k] = (pods[k] ?? 0) + c;
    const node: SimNode = {
      name: input.name,
      nodePool: input.nodePool ?? '',
      instanceType: input.instanceType ?? '?',
      zone: input.zone ?? '',
      capacityType,
      pricePerHour: capacityType === 'reserved' ? 0 : (offering?.cost ?? 0),
      allocationStrategy: 'existing',
      candidates: 1,
      labels: input.labels,
      pods,
    };
    out.push(node);
    for (const [g, c] of Object.entries(pods)) {
      if (!perGroup.has(g)) perGroup.set(g, new Map());
      const k = `${node.nodePool}|${node.instanceType}|${node.capacityType}`;
      const m = perGroup.get(g)!;
      const e = m.get(k);
      if (e) e.n += c;
      else m.set(k, { n: c, node });
    }
  }
  if (unpriced.length)
    assumptions.push(
      `Fleet: no catalog price for ${unpriced.length} existing node(s) (${unpriced.slice(0, 3).join(', ')}${unpriced.length > 3 ? ', …' : ''}); they are counted at $0/h.`,
    );
  return out;
}

/** The state's workloads, or probe pods when it has none (and probes are on). */
function workloadsToPlace(input: ModelInput, opts: SimulationOptions, assumptions: string[]): WorkloadToPlace[] {
  // Volume topology (volumetopology.ts): each workload's pods carry the requirements of their volumes.
  const storage = input.storage ?? emptyStorage();
  const volumeNotes = new VolumeNotes();
  const workloads: WorkloadToPlace[] = input.workloads.map((w) => {
    const segments = volumeSegments(w, storage, volumeNotes);
    return {
      key: workloadKey(w.kind, w.namespace, w.name),
      kind: w.kind as string,
      namespace: w.namespace,
      name: w.name,
      replicas: w.replicas,
      probe: false,
      pod: segments[0]?.pod ?? w.pod,
      ...(segments.length > 1 ? { segments } : {}),
    };
  });
  assumptions.push(...volumeNotes.notes());
  // A workload with no replicas exercises nothing (the `inflate` example scaled to 0).
  if (!workloads.some((w) => w.replicas > 0) && opts.probes) {
    const scaledToZero = workloads.length > 0;
    // Static NodePools take no pods from provisioning: no probe for them.
    workloads.push(
      ...probeWorkloads(
        input.nodePools.filter((np) => np.replicas === undefined),
        true,
      ),
    );
    assumptions.push(
      `Workloads: the state has none${scaledToZero ? ' with replicas' : ''}, so probe pods are placed (small 0.5 CPU/1 GiB, medium 2 CPU/4 GiB, large 4 CPU/16 GiB, and per NodePool 1 CPU/2 GiB selecting it and tolerating its taints); their nodes stand for the fleet.`,
    );
  }
  return workloads;
}

type GroupNodes = Map<string, Map<string, { n: number; node: SimNode }>>;

/**
 * The launch of every NodeClaim the scheduler made (karpenter-provider-aws pkg/cloudprovider/cloudprovider.go
 * Create): the provider's decision, reservations consumed one instance per NodeClaim until their count is used up
 * (pkg/providers/capacityreservation/types.go MarkLaunched), and the resulting node's labels.
 */
function launchNodeClaims(
  ctx: StepContext,
  result: ReturnType<typeof schedule>,
): { fleet: SimNode[]; perGroup: GroupNodes; errors: Map<string, SchedulingError> } {
  const { input, opts } = ctx;
  const fleet: SimNode[] = [];
  const perGroup: GroupNodes = new Map();
  const errors = new Map(result.errors);
  const addError = (key: string, count: number, error: string, code: SchedulingErrorCode): void => {
    const e = errors.get(key);
    const codes = e ? (e.codes.includes(code) ? e.codes : [...e.codes, code]) : [code];
    errors.set(key, { count: (e?.count ?? 0) + count, error: e?.error ?? error, codes });
  };
  const reservationCount = new Map(opts.reservations.map((r) => [r.id, r.count]));
  const used = new Map<string, number>();
  const exhausted = new Set<string>([...reservationCount].filter(([, n]) => n <= 0).map(([id]) => id));
  for (const nc of result.nodeClaims) {
    if (nc.dropped) {
      for (const [g, n] of nc.groups) addError(g, n, nc.dropped, 'min-values');
      continue;
    }
    const r = launch(nc.finalOptions!, nc.requirements, input.settings.minValuesPolicy, exhausted);
    if (!r.ok) {
      for (const [g, n] of nc.groups) addError(g, n, r.error, 'launch-failed');
      continue;
    }
    const d = r.decision;
    if (d.offering.reservationId) {
      const n = (used.get(d.offering.reservationId) ?? 0) + 1;
      used.set(d.offering.reservationId, n);
      if (n >= (reservationCount.get(d.offering.reservationId) ?? 0)) exhausted.add(d.offering.reservationId);
    }
    const node = launchedNode(
      `${nc.template.nodePool}-${String(fleet.length + 1).padStart(4, '0')}`,
      nc.template,
      nc.requirements,
      d,
      Object.fromEntries(nc.groups),
    );
    fleet.push(node);
    for (const [g, n] of nc.groups) {
      if (!perGroup.has(g)) perGroup.set(g, new Map());
      const k = `${node.nodePool}|${node.instanceType}|${node.capacityType}`;
      const m = perGroup.get(g)!;
      const e = m.get(k);
      if (e) e.n += n;
      else m.set(k, { n, node });
    }
  }
  return { fleet, perGroup, errors };
}

/** Each workload's placement: where most of its pods landed, or why none could be placed (with the error codes). */
function placementsOf(
  workloads: WorkloadToPlace[],
  perGroup: GroupNodes,
  errors: Map<string, SchedulingError>,
): Map<string, SimPlacement> {
  const placements = new Map<string, SimPlacement>();
  for (const w of workloads) {
    if (w.replicas === 0) continue;
    const m = perGroup.get(w.key);
    const err = errors.get(w.key);
    if (!m || m.size === 0) {
      placements.set(w.key, {
        schedulable: false,
        nodePool: null,
        instanceType: null,
        capacityType: null,
        pricePerHour: null,
        candidates: 0,
        allocationStrategy: null,
        reason: err?.error ?? 'not scheduled',
        reasonCodes: err?.codes ?? ['no-nodepool'],
      });
      continue;
    }
    const best = [...m.values()].sort((a, b) => b.n - a.n || a.node.name.localeCompare(b.node.name))[0].node;
    placements.set(w.key, {
      schedulable: true,
      nodePool: best.nodePool,
      instanceType: best.instanceType,
      capacityType: best.capacityType,
      pricePerHour: best.pricePerHour,
      candidates: best.candidates,
      allocationStrategy: best.allocationStrategy,
      reason: err ? `${err.count} of ${w.replicas} pods unschedulable: ${err.error}` : null,
      reasonCodes: err?.codes ?? [],
    });
  }
  return placements;
}

/**
 * Daemon overhead per instance type (scheduler.go buildDaemonOverheadGroups, isDaemonPodCompatible): daemonsets that
 * tolerate the template's taints and whose nodeSelector ∧ one of their OR-ed required node-affinity terms is
 * compatible with the template and intersects the instance type. The template carries `karpenter.sh/registered` and
 * `karpenter.sh/initialized` (nodeclaimtemplate.go NewNodeClaimTemplate), so daemonsets that select them count.
 * Karpenter tries the terms in order by removing the first from the shared pod object, so a term removed for one
 * instance type stays removed for the next; here each instance type tries every term (docs/model.md).
 */
function daemonOverhead(
  np: NodePool,
  reqs: Requirements,
  types: InstanceType[],
  daemonSets: Workload[],
): Map<string, ResourceList> {
  const out = new Map<string, ResourceList>();
  const hard = np.taints.filter((t) => t.effect !== 'PreferNoSchedule');
  const daemons = daemonSets.filter((d) => untolerated(hard, d.pod.tolerations) === null);
  if (daemons.length === 0) return out;
  const template = reqs
    .clone()
    .add(Requirement.of(LABEL_REGISTERED, 'In', ['true']))
    .add(Requirement.of(LABEL_INITIALIZED, 'In', ['true']));
  // Per daemonset, the alternatives (one per required term, or just the nodeSelector) compatible with the template.
  const alternatives = daemons.map((d) =>
    nodeSelectorAlternatives(d.pod).filter((r) => template.isCompatible(r, true)),
  );
  for (const it of types) {
    let total: ResourceList = {};
    daemons.forEach((d, i) => {
      if (alternatives[i].some((r) => it.requirements.intersectsOk(r))) total = addResources(total, d.pod.requests);
    });
    if (Object.keys(total).length) out.set(it.name, total);
  }
  return out;
}

const GiB = 2 ** 30;

function probeWorkloads(nodePools: NodePool[], generic: boolean): WorkloadToPlace[] {
  const pod = (
    cpu: number,
    mem: number,
    nodeSelector: Record<string, string> = {},
    tolerations: Workload['pod']['tolerations'] = [],
  ) => ({
    nodeSelector,
    requiredTerms: [],
    preferredTerms: [],
    tolerations,
    requests: { cpu, memory: mem, pods: 1 },
    constraints: EMPTY_CONSTRAINTS,
    invalid: [],
  });
  const out: WorkloadToPlace[] = generic
    ? [
        { name: 'small', p: pod(500, 1 * GiB) },
        { name: 'medium', p: pod(2000, 4 * GiB) },
        { name: 'large', p: pod(4000, 16 * GiB) },
      ].map(({ name, p }) => ({
        key: workloadKey('Probe', 'karpenter-plan', name),
        kind: 'Probe',
        namespace: 'karpenter-plan',
        name,
        replicas: 1,
        probe: true,
        pod: p,
      }))
    : [];
  for (const np of nodePools) {
    const tol = np.taints.map((t) => ({ key: t.key, operator: 'Exists', effect: t.effect }));
    out.push({
      key: workloadKey('Probe', 'karpenter-plan', `pool-${np.name}`),
      kind: 'Probe',
      namespace: 'karpenter-plan',
      name: `pool-${np.name}`,
      replicas: 1,
      probe: true,
      probePool: np.name,
      pod: pod(1000, 2 * GiB, { [LABEL_NODEPOOL]: np.name }, tol),
    });
  }
  return out;
}
