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
import { EMPTY_CONSTRAINTS } from '../api/pod-constraints.js';
import { LABEL_NODEPOOL, LABEL_ZONE, normalizeKey, type CapacityType } from '../api/labels.js';
import { isZoneOfRegion } from '../cloudprovider/region-zones.js';
import type { NodePool } from '../api/nodepool.js';
import type { Workload } from '../api/workload.js';
import { emptyStorage } from '../api/storage.js';
import type { InstanceType } from '../cloudprovider/instancetype.js';
import { addResources, type ResourceList } from '../common/quantity.js';
import { countAgainstLimits, limitNodesUsage } from './limits.js';
import type { PodGroup, SchedulingError, Template } from './types.js';
import { schedule } from './scheduler.js';
import { ExistingNode } from './existingnode.js';
import { VolumeNotes, volumeSegments, type ReplicaSegment } from './volumetopology.js';
import { applyNodeOverlays, instanceTypesFor } from './instancetypes.js';
import { managedByAwsProvider, nodeClaimTemplates } from './nodeclaimtemplate.js';
import { staticNodes } from './static.js';
import {
  addToGroup,
  emptyLaunched,
  launchNodeClaims,
  newReservationUse,
  provisioningRounds,
  type GroupNodes,
  type Rounds,
} from './rounds.js';
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
 * provisioner.go Schedule → NewScheduler → Solve → Create), in rounds while they place pods or learn (rounds.ts).
 */
export function simulate(input: ModelInput, opts: SimulationOptions): SimulationResult {
  return provision(input, opts).sim;
}

/**
 * What a simulation's provisioning ended with, for the insufficient-capacity what-ifs to go on from
 * (insufficient-capacity.ts): the state's context, the templates and the NodeOverlay changes (static NodePools launch
 * with them), the workloads, and the rounds (their first batch as scheduled, the cluster's nodes).
 */
export interface ProvisioningRecord {
  ctx: StepContext;
  /** The NodeClaim templates the rounds scheduled against. */
  templates: Template[];
  priceChanges: Map<string, Map<string, string>>;
  capacityChanges: Map<string, Map<string, ResourceList>>;
  limitsUsed: ReadonlyMap<string, ResourceList>;
  workloads: WorkloadToPlace[];
  rounds: Rounds;
  /** When no NodePool provisions: the cluster's nodes, placed onto by no round. */
  idleCluster: ExistingNode[] | null;
}

/** `simulate`, with what its provisioning ended with (ProvisioningRecord). */
export function simulateRecorded(
  input: ModelInput,
  opts: SimulationOptions,
): { sim: SimulationResult; record: ProvisioningRecord } {
  return provision(input, opts);
}

function provision(input: ModelInput, opts: SimulationOptions): { sim: SimulationResult; record: ProvisioningRecord } {
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
  const record: ProvisioningRecord = {
    ctx,
    templates,
    priceChanges,
    capacityChanges,
    limitsUsed,
    workloads: workloads.slice(),
    rounds,
    idleCluster: eligible.length ? null : existing,
  };
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
  const sim: SimulationResult = {
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
  return { sim, record };
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
export interface WorkloadToPlace extends PlacedWorkload {
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
export function existingFleet(
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
    for (const [g, c] of Object.entries(pods)) addToGroup(perGroup, g, c, node);
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

/** Each workload's placement: where most of its pods landed, or why none could be placed (with the error codes). */
export function placementsOf(
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
