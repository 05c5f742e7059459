/**
 * Simulates one state: which NodePools are eligible (karpenter pkg/controllers/provisioning/provisioner.go
 * NewScheduler), the instance types and offerings each one sees (with NodeOverlays when the gate is on,
 * pkg/controllers/nodeoverlay/), the scheduler (pkg/controllers/provisioning/scheduling/) and the provider's launch
 * decision (karpenter-provider-aws pkg/providers/instance/instance.go Create). Returns a placement per workload and the
 * simulated fleet. Pure: no I/O.
 *
 * Laid out as Karpenter's files are: the instance types and NodeOverlays in instancetypes.ts, the NodeClaim templates
 * and daemon overhead in nodeclaimtemplate.ts (nodeclaimtemplate.go), static NodePools in static.ts
 * (pkg/controllers/static/), the Scheduler in scheduler.ts (scheduling/scheduler.go); this file is provisioner.go.
 */
import { TimeMeter } from '../common/deadline.js';
import { EMPTY_CONSTRAINTS } from '../api/pod-constraints.js';
import {
  LABEL_HOSTNAME,
  LABEL_INITIALIZED,
  LABEL_NODEPOOL,
  LABEL_REGISTERED,
  LABEL_ZONE,
  normalizeKey,
  type CapacityType,
} from '../api/labels.js';
import { isZoneOfRegion } from '../cloudprovider/region-zones.js';
import type { NodePool } from '../api/nodepool.js';
import type { Workload } from '../api/workload.js';
import { emptyStorage } from '../api/storage.js';
import type { InstanceType } from '../cloudprovider/instancetype.js';
import { launch } from '../cloudprovider/launch.js';
import { addResources, type ResourceList } from '../common/quantity.js';
import { ReservationManager, withoutExhausted } from './reservation.js';
import { countAgainstLimits, limitNodesUsage } from './limits.js';
import { addLaunchFailures, retried, type FailedLaunch } from './launch-failures.js';
import type {
  BoundPod,
  ExistingNodeInput,
  PodGroup,
  SchedulerOptions,
  SchedulingError,
  SchedulingErrorCode,
  Template,
} from './types.js';
import { schedule } from './scheduler.js';
import { ExistingNode } from './existingnode.js';
import { VolumeNotes, volumeSegments, type ReplicaSegment } from './volumetopology.js';
import { applyNodeOverlays, instanceTypesFor } from './instancetypes.js';
import { launchedNode, managedByAwsProvider, nodeClaimTemplates } from './nodeclaimtemplate.js';
import { staticNodes } from './static.js';
import type {
  ModelInput,
  PoolReason,
  PoolStatus,
  SimNode,
  SimPlacement,
  SimulationOptions,
  SimulationResult,
  StepContext,
} from './types.js';
import { assumption, type Assumption } from '../common/assumptions.js';

export type {
  ClusterState,
  ModelInput,
  PoolReason,
  PoolReasonCode,
  PoolStatus,
  ReservationInput,
  SimNode,
  SimPlacement,
  SimulationOptions,
  SimulationResult,
} from './types.js';

export function workloadKey(kind: string, namespace: string, name: string): string {
  return `${kind}/${namespace}/${name}`;
}

export function inferRegion(zones: string[]): string | null {
  for (const z of zones) {
    const m = /^([a-z]{2}(?:-gov)?-[a-z]+-\d)[a-z]$/.exec(z);
    if (m) return m[1];
  }
  return null;
}

/**
 * The provisioning of a state: the steps below follow Karpenter's provisioner (pkg/controllers/provisioning/
 * provisioner.go Schedule → NewScheduler → Solve → Create), in rounds until one places nothing (provisioningRounds).
 */
export function simulate(input: ModelInput, opts: SimulationOptions): SimulationResult {
  const assumptions: Assumption[] = [];
  const { zones, region } = resolveZones(input, opts, assumptions);
  const { pools, eligible } = eligibleNodePools(input);
  if (input.nodePools.length > 0 && input.nodeClasses.length === 0) {
    assumptions.push(assumption('nodeclasses-absent'));
  }
  const ctx: StepContext = { input, opts, zones, classes: new Map(input.nodeClasses.map((c) => [c.name, c])) };
  const { outcome: overlays, priceChanges, capacityChanges } = applyNodeOverlays(ctx, eligible, assumptions);
  const templates = nodeClaimTemplates(ctx, eligible, pools, priceChanges, capacityChanges);
  const workloads = workloadsToPlace(input, opts, assumptions);
  const active = workloads.some((w) => !w.probe && w.replicas > 0);
  const existing = existingNodes(ctx, templates, assumptions);
  const groups = podGroups(workloads, existing, opts);
  // Without any NodePool to provision from, Karpenter builds no scheduler and places nothing, not even onto existing
  // nodes (provisioner.go NewScheduler: ErrNodePoolsNotFound).
  const limitsUsed = limitNodesUsage(
    ctx.opts.limitNodes ?? [],
    (n) => instanceTypeNamed(ctx, templates, n.nodePool, n.instanceType!),
    assumptions,
  );
  const rounds = provisioningRounds(ctx, templates, groups, eligible.length ? existing : [], limitsUsed, assumptions);
  const { perGroup, errors } = rounds;
  // The cluster's nodes with the pods the rounds gave them (none without a NodePool).
  const clusterNodes = eligible.length ? rounds.existing : existing;
  const fleet = [...existingFleet(ctx, clusterNodes, templates, perGroup, assumptions), ...rounds.fleet];
  const placements = placementsOf(workloads, perGroup, errors, rounds.rounds);
  // What the fleet counts against each NodePool's limits (scheduler.go calculateExistingNodeClaims →
  // updateRemainingResources): the cluster's nodes and every NodeClaim the rounds launched.
  const poolResources = new Map<string, ResourceList>();
  for (const n of eligible.length ? rounds.existing : [])
    if (n.input.nodePool !== null) countAgainstLimits(poolResources, n.input.nodePool, n.capacity);
  for (const l of rounds.launched) countAgainstLimits(poolResources, l.node.nodePool, l.instanceType.capacity);
  for (const [pool, used] of limitsUsed) poolResources.set(pool, addResources(poolResources.get(pool) ?? {}, used));
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
      const launched = launchNodeClaims(ctx, r, emptyLaunched(r), newReservationUse(ctx));
      probeFleet.push(...launched.fleet);
      for (const [k, v] of placementsOf(probes, launched.perGroup, launched.errors)) placements.set(k, v);
      workloads.push(...probes);
      assumptions.push(assumption('probes-idle-pools', { pools: probes.length }));
    }
  }
  const staticFleet = staticNodes(ctx, priceChanges, capacityChanges, assumptions);
  fleet.push(...staticFleet);
  const hourlyCost = hourlyCostOf(fleet);
  if (fleet.some((n) => n.capacityType === 'spot'))
    assumptions.push(assumption('spot-estimated', { factor: opts.spotPriceFactor }));
  if (fleet.some((n) => n.allocationStrategy === 'lowest-price')) assumptions.push(assumption('lowest-price-table'));
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
    podGroups: groups,
    poolResources,
  };
}

/**
 * The pending pods, grouped (provisioner.go Schedule: the pods to schedule): each workload's replicas less those
 * already running on the nodes that stay, then the displaced pods of nodes that leave.
 */
function podGroups(workloads: WorkloadToPlace[], existing: ExistingNode[], opts: SimulationOptions): PodGroup[] {
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
  return groups;
}

/** A workload of the result (SimulationResult.workloads), with what placing its replicas needs. */
interface WorkloadToPlace extends PlacedWorkload {
  /** The first replicas' pod template (the only one unless `segments`). */
  pod: Workload['pod'];
  /** Runs of replicas with different volume requirements (a StatefulSet whose claims differ). */
  segments?: ReplicaSegment[];
}

/** Zones and region: configuration, else the NodePools' zone requirements, else us-east-1 with zones a–c. */
type PlacedWorkload = SimulationResult['workloads'][number];

function resolveZones(
  input: ModelInput,
  opts: SimulationOptions,
  assumptions: Assumption[],
): { zones: string[]; region: string } {
  let zones = opts.zones ?? [];
  let region: string;
  const phantom: string[] = [];
  if (zones.length) region = opts.region ?? inferRegion(zones) ?? 'us-east-1';
  else {
    const zs = new Set<string>();
    for (const np of input.nodePools)
      for (const r of np.requirements)
        if (normalizeKey(r.key) === LABEL_ZONE && r.operator === 'In') (r.values ?? []).forEach((z) => zs.add(z));
    const required = [...zs].sort();
    region = opts.region ?? inferRegion(required) ?? 'us-east-1';
    // A required zone the region does not have has no subnet, hence no offering (cloudprovider/region-zones.ts; the
    // zone-not-in-region rule reports it at the requirement): it is not one of the cluster's zones.
    zones = required.filter((z) => isZoneOfRegion(z, region, opts.catalog));
    phantom.push(...required.filter((z) => !zones.includes(z)));
  }
  if (!zones.length) {
    zones = ['a', 'b', 'c'].map((s) => `${region}${s}`);
    assumptions.push(assumption('zones-assumed', { zones, notZones: phantom, region }));
  }
  if (region !== opts.catalog.region) {
    assumptions.push(assumption('prices-other-region', { catalogRegion: opts.catalog.region, region }));
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
    else if (!managedByAwsProvider(ref))
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

/** What nodes cost per hour, together (rounded to a millionth of a dollar: sums of float prices). */
export function hourlyCostOf(nodes: readonly { pricePerHour: number }[]): number {
  return Math.round(nodes.reduce((s, n) => s + n.pricePerHour, 0) * 1e6) / 1e6;
}

/**
 * The existing nodes of the cluster (scheduler.go calculateExistingNodeClaims). A node whose snapshot gives no
 * allocatable or capacity takes its instance type's (from the NodePools' types, else the catalog's under a default
 * EC2NodeClass).
 */
function existingNodes(ctx: StepContext, templates: Template[], assumptions: Assumption[]): ExistingNode[] {
  const cluster = ctx.opts.cluster;
  if (!cluster) return [];
  const missing: string[] = [];
  const out = cluster.nodes.map((n) => {
    let allocatable = n.allocatable;
    // A node not managed by Karpenter counts against no limits: its capacity is only what its Node says
    // (statenode.go Capacity), and its allocatable is all that placing pods needs.
    let capacity = n.capacity ?? (n.managed === false && allocatable ? {} : null);
    if (!allocatable || !capacity) {
      const it = n.instanceType ? instanceTypeNamed(ctx, templates, n.nodePool, n.instanceType) : undefined;
      if (!it) missing.push(n.name);
      allocatable ??= it?.allocatable ?? {};
      capacity ??= it?.capacity ?? {};
    }
    return new ExistingNode(n, capacity, allocatable, ctx.input.daemonSets);
  });
  if (missing.length) assumptions.push(assumption('fleet-nodes-without-capacity', { nodes: missing }));
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
  assumptions: Assumption[],
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
      ...(input.managed === false ? { managed: false as const } : {}),
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
  if (unpriced.length) assumptions.push(assumption('fleet-nodes-unpriced', { nodes: unpriced }));
  return out;
}

/** The state's workloads, or probe pods when it has none (and probes are on). */
function workloadsToPlace(input: ModelInput, opts: SimulationOptions, assumptions: Assumption[]): WorkloadToPlace[] {
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
    assumptions.push(assumption('probes-no-workloads', { scaledToZero }));
  }
  return workloads;
}

type GroupNodes = Map<string, Map<string, { n: number; node: SimNode }>>;

/** A node launched for a NodeClaim, with what makes it an existing node of the next round. */
interface LaunchedNode {
  node: SimNode;
  template: Template;
  instanceType: InstanceType;
}

/** What the launches of a simulation made so far: the nodes, the pods per group on them, the errors. */
interface Launched {
  fleet: SimNode[];
  perGroup: GroupNodes;
  errors: Map<string, SchedulingError>;
  launched: LaunchedNode[];
}

function emptyLaunched(result: ReturnType<typeof schedule>): Launched {
  return { fleet: [], perGroup: new Map(), errors: new Map(result.errors), launched: [] };
}

/** Reserved instances launched so far, per reservation, and the reservations used up (they outlast a round). */
interface ReservationUse {
  count: Map<string, number>;
  used: Map<string, number>;
  exhausted: Set<string>;
}

function newReservationUse(ctx: StepContext): ReservationUse {
  const count = new Map(ctx.opts.reservations.map((r) => [r.id, r.count]));
  return {
    count,
    used: new Map(),
    exhausted: new Set([...count].filter(([, n]) => n <= 0).map(([id]) => id)),
  };
}

/** Counts `n` pods of group `g` on `node` (the placement picks the node holding most of a workload's pods). */
function addToGroup(perGroup: GroupNodes, g: string, n: number, node: SimNode): void {
  if (!perGroup.has(g)) perGroup.set(g, new Map());
  const k = `${node.nodePool}|${node.instanceType}|${node.capacityType}`;
  const m = perGroup.get(g)!;
  const e = m.get(k);
  if (e) e.n += n;
  else m.set(k, { n, node });
}

/**
 * The launch of every NodeClaim the scheduler made (karpenter-provider-aws pkg/cloudprovider/cloudprovider.go
 * Create): the provider's decision, reservations consumed one instance per NodeClaim until their count is used up
 * (pkg/providers/capacityreservation/types.go MarkLaunched), and the resulting node's labels. Adds to `into`.
 */
function launchNodeClaims(
  ctx: StepContext,
  result: ReturnType<typeof schedule>,
  into: Launched,
  reservations: ReservationUse,
  /** When given, the pods of NodeClaims whose launch fails go here (retried next round) rather than to the errors. */
  failed?: Map<string, FailedLaunch>,
): Launched {
  const { input } = ctx;
  const { fleet, perGroup, errors } = into;
  const addError = (key: string, count: number, error: string, code: SchedulingErrorCode): void => {
    const e = errors.get(key);
    const codes = e ? (e.codes.includes(code) ? e.codes : [...e.codes, code]) : [code];
    errors.set(key, { count: (e?.count ?? 0) + count, error: e?.error ?? error, codes });
  };
  const { count: reservationCount, used, exhausted } = reservations;
  const meter = new TimeMeter(ctx.opts.deadline);
  for (const nc of result.nodeClaims) {
    meter.tick();
    if (nc.dropped) {
      for (const [g, n] of nc.groups) addError(g, n, nc.dropped, 'min-values');
      continue;
    }
    const r = launch(nc.finalOptions!, nc.requirements, input.settings.minValuesPolicy, exhausted);
    if (!r.ok) {
      for (const [g, n] of nc.groups) {
        if (!failed) addError(g, n, r.error, 'launch-failed');
        else failed.set(g, { count: (failed.get(g)?.count ?? 0) + n, error: failed.get(g)?.error ?? r.error });
      }
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
    into.launched.push({ node, template: nc.template, instanceType: d.instanceType });
    for (const [g, n] of nc.groups) addToGroup(perGroup, g, n, node);
  }
  return into;
}

/** The most provisioning rounds simulated (docs/model.md#provisioning-rounds). */
export const MAX_ROUNDS = 10;

/** What the provisioning rounds made: the launched nodes and pods on them, the errors, the cluster's nodes. */
interface Rounds extends Launched {
  /** The cluster's nodes as the last round left them (with the pods every round placed on them). */
  existing: ExistingNode[];
  /** Per workload key placed over more than one round: the round its last pod was placed in. */
  rounds: Map<string, number>;
}

/**
 * Karpenter's provisioner loop (provisioner.go Reconcile → Schedule → CreateNodeClaims, again while pods are pending):
 * one batch is scheduled (scheduler.go Solve), its NodeClaims launch (the instance type, zone and capacity type the
 * provider picks, launchNodeClaims) and the next round sees them as nodes of the cluster (state nodes: their labels,
 * capacity counted against the NodePool's limits, their pods counted by topology), and schedules only the pods still
 * pending. A batch's accounting is pessimistic on purpose (scheduler.go subtractMax: "this could cause a batch of pods
 * to take multiple rounds to schedule"; topology.go Record: anti-affinity blocks every domain an undecided NodeClaim
 * could still take), so later rounds may place what the first left pending. Rounds go on until one places nothing, at
 * most MAX_ROUNDS.
 */
function provisioningRounds(
  ctx: StepContext,
  templates: Template[],
  groups: PodGroup[],
  existing: ExistingNode[],
  limitsUsed: ReadonlyMap<string, ResourceList>,
  assumptions: Assumption[],
): Rounds {
  const { input, opts } = ctx;
  const reservations = newReservationUse(ctx);
  const schedulerOptions = (): SchedulerOptions => {
    // Provisioning schedules in strict reserved mode (provisioner.go Schedule: DisableReservedCapacityFallback), with
    // what earlier rounds left of each reservation.
    const left = opts.reservations.map((r) => [r.id, r.count - (reservations.used.get(r.id) ?? 0)] as [string, number]);
    return {
      preferencePolicy: input.settings.preferencePolicy,
      minValuesPolicy: input.settings.minValuesPolicy,
      ...(limitsUsed.size ? { limitsUsed } : {}),
      ...(opts.deadline ? { deadline: opts.deadline } : {}),
      ...(input.settings.featureGates.reservedCapacity && left.length
        ? { reservations: new ReservationManager(left) }
        : {}),
    };
  };
  const first = schedule(templates, groups, schedulerOptions(), existing);
  assumptions.push(...first.notes);
  // The pods of NodeClaims whose launch failed (all their offerings unavailable by then: a reservation used up by the
  // batch's earlier NodeClaims) stay pending: Karpenter deletes the NodeClaim and the next round schedules them again.
  let failed = new Map<string, FailedLaunch>();
  // Launch errors gather over the rounds; the scheduler's are the last round's for the pods it retried.
  const out: Rounds = {
    ...launchNodeClaims(
      ctx,
      first,
      { fleet: [], perGroup: new Map(), errors: new Map(), launched: [] },
      reservations,
      failed,
    ),
    existing,
    rounds: new Map(),
  };
  let result = first;
  // Each group's last failed launch: when a retry finds no other NodePool, that launch's cause is why they are pending.
  const lastFailure = new Map(failed);
  let placed = sum(groups) - sum(first.pending) - sum([...failed.values()]);
  // A pod placed in an earlier round is a pod bound to its node in the next (requests, labels, host ports and
  // anti-affinity are its group's).
  const podOf = new Map<string, PodGroup>();
  for (const g of groups) if (!podOf.has(g.key)) podOf.set(g.key, g);
  const bound = (pods: Iterable<[string, number]>): BoundPod[] =>
    [...pods].flatMap(([key, n]) => {
      const g = podOf.get(key);
      if (!g) return [];
      return Array.from({ length: n }, () => ({ namespace: g.namespace, pod: g.pod, daemon: false, workload: key }));
    });
  const maxRounds = opts.maxRounds ?? MAX_ROUNDS;
  let round = 1;
  while ((result.pending.length || failed.size) && placed > 0) {
    if (round >= maxRounds) {
      assumptions.push(
        assumption('rounds-capped', { maxRounds, pending: sum(result.pending) + sum([...failed.values()]) }),
      );
      break;
    }
    round++;
    // The cluster's nodes keep the pods earlier rounds gave them; the NodeClaims launched so far are nodes now.
    out.existing = out.existing.map(
      (n) =>
        new ExistingNode(
          { ...n.input, pods: [...n.input.pods, ...bound(n.groups)] },
          n.capacity,
          n.allocatable,
          input.daemonSets,
        ),
    );
    const asNodes = out.launched.map(
      (l) =>
        new ExistingNode(
          launchedNodeInput(l, bound(Object.entries(l.node.pods))),
          l.instanceType.capacity,
          l.instanceType.allocatable,
          input.daemonSets,
        ),
    );
    const pending = [...result.pending.map((p) => ({ ...p.group, count: p.count })), ...retried(failed, podOf)];
    result = schedule(withoutExhausted(templates, reservations.exhausted), pending, schedulerOptions(), [
      ...out.existing,
      ...asNodes,
    ]);
    const before = out.fleet.length;
    failed = new Map();
    launchNodeClaims(ctx, result, out, reservations, failed);
    for (const [k, f] of failed) lastFailure.set(k, f);
    placed = sum(pending) - sum(result.pending) - sum([...failed.values()]);
    const placedNow = new Set<string>();
    out.launched.slice(0, asNodes.length).forEach((l, i) => {
      for (const [k, c] of asNodes[i].groups) {
        l.node.pods[k] = (l.node.pods[k] ?? 0) + c;
        addToGroup(out.perGroup, k, c, l.node);
        placedNow.add(k);
      }
    });
    for (const n of out.existing) for (const k of n.groups.keys()) placedNow.add(k);
    for (const n of out.fleet.slice(before)) for (const k of Object.keys(n.pods)) placedNow.add(k);
    for (const k of placedNow) out.rounds.set(k, round);
  }
  // The pods still pending are those the last round left, with its reasons; the first round's errors stay for the
  // groups no round retried (invalid pods). The last round's failed launches are errors.
  const again = new Set(first.pending.map((p) => p.group.key));
  const errors = new Map([...first.errors].filter(([k]) => round === 1 || !again.has(k)));
  if (round > 1) for (const [k, e] of result.errors) errors.set(k, causeOf(e, lastFailure.get(k)));
  addLaunchFailures(out.errors, failed);
  for (const [k, e] of out.errors) {
    const s = errors.get(k);
    errors.set(k, s ? { count: s.count + e.count, error: s.error, codes: [...new Set([...s.codes, ...e.codes])] } : e);
  }
  out.errors = errors;
  return out;
}

/**
 * A retried group's last-round error: pods whose launch failed (a capacity reservation used up) and that no NodePool
 * could take in a later round are pending because of that launch: its reason is theirs (with the retry's codes).
 */
function causeOf(e: SchedulingError, failure: FailedLaunch | undefined): SchedulingError {
  if (!failure) return e;
  return { count: e.count, error: failure.error, codes: [...new Set([...e.codes, 'launch-failed' as const])] };
}

function sum(groups: readonly { count: number }[]): number {
  return groups.reduce((a, g) => a + g.count, 0);
}

/**
 * A launched NodeClaim as the next round sees it (a state node, pkg/controllers/state/statenode.go): registered and
 * initialized, its node's labels with the hostname its name, its NodePool's taints (startup taints gone once
 * initialized), the pods bound to it.
 */
function launchedNodeInput(l: LaunchedNode, pods: BoundPod[]): ExistingNodeInput {
  const { node } = l;
  return {
    name: node.name,
    nodePool: node.nodePool,
    instanceType: node.instanceType,
    zone: node.zone,
    capacityType: node.capacityType,
    labels: { ...node.labels, [LABEL_HOSTNAME]: node.name, [LABEL_REGISTERED]: 'true', [LABEL_INITIALIZED]: 'true' },
    taints: l.template.taints,
    allocatable: l.instanceType.allocatable,
    capacity: l.instanceType.capacity,
    initialized: true,
    hasNode: true,
    pods,
  };
}

/** Each workload's placement: where most of its pods landed, or why none could be placed (with the error codes). */
function placementsOf(
  workloads: WorkloadToPlace[],
  perGroup: GroupNodes,
  errors: Map<string, SchedulingError>,
  rounds: ReadonlyMap<string, number> = new Map(),
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
    // The pods no node took (held back by a reservation, limits, topology): counted from the placements, not the text.
    const pending = w.replicas - [...m.values()].reduce((a, x) => a + x.n, 0);
    placements.set(w.key, {
      schedulable: true,
      // A node not managed by Karpenter belongs to no NodePool.
      nodePool: best.managed === false ? null : best.nodePool,
      instanceType: best.instanceType,
      capacityType: best.capacityType,
      pricePerHour: best.pricePerHour,
      candidates: best.candidates,
      allocationStrategy: best.allocationStrategy,
      reason: err ? `${err.count} of ${w.replicas} pods unschedulable: ${err.error}` : null,
      reasonCodes: err?.codes ?? [],
      ...(rounds.has(w.key) ? { rounds: rounds.get(w.key)! } : {}),
      ...(pending > 0 ? { pending } : {}),
      ...(best.managed === false ? { managed: false as const } : {}),
    });
  }
  return placements;
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
