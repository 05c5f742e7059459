/**
 * Karpenter's provisioner loop (karpenter pkg/controllers/provisioning/provisioner.go Reconcile → Schedule →
 * CreateNodeClaims, again while pods are pending): one batch is scheduled (scheduler.go Solve), its NodeClaims launch
 * (karpenter-provider-aws pkg/cloudprovider/cloudprovider.go Create: the instance type, zone and capacity type the
 * provider picks) and the next round sees them as nodes of the cluster (state nodes: their labels, capacity counted
 * against the NodePool's limits, their pods counted by topology), and schedules only the pods still pending.
 *
 * The rounds can also start from a simulation's first batch meeting a shortage (`Shortage`: the insufficient-capacity
 * what-if, insufficient-capacity.ts): the batch as scheduled, its NodeClaims launched with some offerings short, and
 * every later round scheduled again knowing them. */
import { TimeMeter } from '../common/deadline.js';
import { LABEL_HOSTNAME, LABEL_INITIALIZED, LABEL_REGISTERED } from '../api/labels.js';
import type { InstanceType, Offering } from '../cloudprovider/instancetype.js';
import { launch, type LaunchResult } from '../cloudprovider/launch.js';
import { inUnavailable } from '../cloudprovider/offering-key.js';
import type { ResourceList } from '../common/quantity.js';
import type { Requirements } from '../scheduling/requirements.js';
import { assumption, type Assumption } from '../common/assumptions.js';
import { ReservationManager } from './reservation.js';
import { addLaunchFailures, retried, type FailedLaunch } from './launch-failures.js';
import { schedule, type ScheduleResult } from './scheduler.js';
import { ExistingNode } from './existingnode.js';
import { launchedNode, withOfferingsGone } from './nodeclaimtemplate.js';
import type {
  BoundPod,
  ExistingNodeInput,
  PodGroup,
  SchedulerOptions,
  SchedulingError,
  SchedulingErrorCode,
  SimNode,
  StepContext,
  Template,
} from './types.js';

/** Per workload key, its pods per kind of node (`pool|type|capacity type`) and one such node. */
export type GroupNodes = Map<string, Map<string, { n: number; node: SimNode }>>;

/** A node launched for a NodeClaim, with what makes it an existing node of the next round. */
export interface LaunchedNode {
  node: SimNode;
  template: Template;
  instanceType: InstanceType;
}

/** What the launches of a simulation made so far: the nodes, the pods per group on them, the errors. */
export interface Launched {
  fleet: SimNode[];
  perGroup: GroupNodes;
  errors: Map<string, SchedulingError>;
  launched: LaunchedNode[];
}

export function emptyLaunched(result: ScheduleResult): Launched {
  return { fleet: [], perGroup: new Map(), errors: new Map(result.errors), launched: [] };
}

/** Reserved instances launched so far, per reservation, and the reservations used up (they outlast a round). */
export interface ReservationUse {
  count: Map<string, number>;
  used: Map<string, number>;
  exhausted: Set<string>;
}

export function newReservationUse(ctx: StepContext): ReservationUse {
  const count = new Map(ctx.opts.reservations.map((r) => [r.id, r.count]));
  return {
    count,
    used: new Map(),
    exhausted: new Set([...count].filter(([, n]) => n <= 0).map(([id]) => id)),
  };
}

/** How much the launches have learned: reservations used up and short offerings met (both only grow). */
function learnt(reservations: ReservationUse, shortage: ShortageMet | undefined): number {
  return reservations.exhausted.size + (shortage?.known.size ?? 0);
}

/**
 * The templates a round schedules against: the offerings of reservations used up (reserved_capacity_resolver.go
 * ResolveOfferings: an available count of 0) and the short offerings launches have met (cached unavailable,
 * pkg/cache/unavailableofferings.go) are unavailable; the templates as they are when there is neither.
 */
function offered(
  ctx: StepContext,
  templates: Template[],
  reservations: ReservationUse,
  shortage?: ShortageMet,
): Template[] {
  const { exhausted } = reservations;
  if (!exhausted.size && !shortage?.known.size) return templates;
  const known = shortage ? inUnavailable(shortage.known) : () => false;
  const gone = (o: Offering, it: InstanceType): boolean =>
    (o.reservationId !== undefined && exhausted.has(o.reservationId)) || known(o, it);
  return withOfferingsGone(templates, gone, ctx.input.settings.minValuesPolicy);
}

/** Counts `n` pods of group `g` on `node` (the placement picks the node holding most of a workload's pods). */
export function addToGroup(perGroup: GroupNodes, g: string, n: number, node: SimNode): void {
  if (!perGroup.has(g)) perGroup.set(g, new Map());
  const k = `${node.nodePool}|${node.instanceType}|${node.capacityType}`;
  const m = perGroup.get(g)!;
  const e = m.get(k);
  if (e) e.n += n;
  else m.set(k, { n, node });
}

/**
 * One NodeClaim's launch (karpenter-provider-aws pkg/cloudprovider/cloudprovider.go Create → instance.go Create): the
 * provider's decision, a reservation consumed per reserved instance until its count is used up
 * (pkg/providers/capacityreservation/types.go MarkLaunched), or the error when no offering is left.
 */
function launchOne(
  ctx: StepContext,
  options: InstanceType[],
  requirements: Requirements,
  reservations: ReservationUse,
  shortage: ShortageMet | undefined,
): LaunchResult {
  const policy = ctx.input.settings.minValuesPolicy;
  const r = launch(options, requirements, policy, reservations.exhausted, shortage?.unavailable);
  // The short offerings CreateFleet met are cached unavailable (pkg/cache/unavailableofferings.go MarkUnavailable).
  for (const k of r.met ?? []) shortage!.known.add(k);
  if (!r.ok) return r;
  const id = r.decision.offering.reservationId;
  if (id) {
    const n = (reservations.used.get(id) ?? 0) + 1;
    reservations.used.set(id, n);
    if (n >= (reservations.count.get(id) ?? 0)) reservations.exhausted.add(id);
  }
  return r;
}

/** The name of the `index`-th node (from 1) a simulation launches. */
function launchedName(nodePool: string, index: number): string {
  return `${nodePool}-${String(index).padStart(4, '0')}`;
}

/**
 * The launch of every NodeClaim the scheduler made (karpenter-provider-aws pkg/cloudprovider/cloudprovider.go
 * Create) and the resulting node's labels. Adds to `into`.
 */
export function launchNodeClaims(
  ctx: StepContext,
  result: ScheduleResult,
  into: Launched,
  reservations: ReservationUse,
  /** When given, the pods of NodeClaims whose launch fails go here (retried next round) rather than to the errors. */
  failed?: Map<string, FailedLaunch>,
  /** A shortage the launches meet at CreateFleet (the insufficient-capacity what-if). */
  shortage?: ShortageMet,
): Launched {
  const { fleet, perGroup, errors } = into;
  const addError = (key: string, count: number, error: string, code: SchedulingErrorCode): void => {
    const e = errors.get(key);
    const codes = e ? (e.codes.includes(code) ? e.codes : [...e.codes, code]) : [code];
    errors.set(key, { count: (e?.count ?? 0) + count, error: e?.error ?? error, codes });
  };
  const meter = new TimeMeter(ctx.opts.deadline);
  for (const nc of result.nodeClaims) {
    meter.tick();
    if (nc.dropped) {
      for (const [g, n] of nc.groups) addError(g, n, nc.dropped, 'min-values');
      continue;
    }
    const r = launchOne(ctx, nc.finalOptions!, nc.requirements, reservations, shortage);
    if (!r.ok) {
      for (const [g, n] of nc.groups) {
        if (!failed) addError(g, n, r.error, 'launch-failed');
        else failed.set(g, { count: (failed.get(g)?.count ?? 0) + n, error: failed.get(g)?.error ?? r.error });
      }
      continue;
    }
    const pods = Object.fromEntries(nc.groups);
    const node = launchedNode(
      launchedName(nc.template.nodePool, fleet.length + 1),
      nc.template,
      nc.requirements,
      r.decision,
      pods,
    );
    fleet.push(node);
    into.launched.push({ node, template: nc.template, instanceType: r.decision.instanceType });
    for (const [g, n] of nc.groups) addToGroup(perGroup, g, n, node);
  }
  return into;
}

/** The most provisioning rounds simulated (docs/model.md#provisioning-rounds). */
export const MAX_ROUNDS = 10;

/** What the provisioning rounds made: the launched nodes and pods on them, the errors, the cluster's nodes. */
export interface Rounds extends Launched {
  /** The cluster's nodes as the last round left them (with the pods every round placed on them). */
  existing: ExistingNode[];
  /** Per workload key placed over more than one round: the round its last pod was placed in. */
  rounds: Map<string, number>;
  /** The first batch as scheduled, and the cluster's nodes it placed pods on (what a `Shortage` starts from). */
  first: ScheduleResult;
  firstExisting: ExistingNode[];
}

/**
 * A shortage (the insufficient-capacity what-if): the offerings (unavailableKey) without capacity when CreateFleet
 * runs, and the first batch as a simulation scheduled it (`first`, onto `Rounds.firstExisting`) — chosen by Karpenter
 * without knowing of the shortage. Every round's launches meet it; each later round knows the short offerings
 * launches have met so far (cached unavailable), no others.
 */
export interface Shortage {
  first: ScheduleResult;
  unavailable: ReadonlySet<string>;
}

/** A shortage as the rounds meet it: the short offerings, and those CreateFleet has met (cached unavailable). */
interface ShortageMet {
  unavailable: ReadonlySet<string>;
  known: Set<string>;
}

/** The rounds as they go: what was launched, and what the last round left to retry. */
interface RoundsState extends Launched {
  existing: ExistingNode[];
  rounds: Map<string, number>;
  round: number;
  /** The last round's scheduler result (its pending pods and their errors). */
  last: Pick<ScheduleResult, 'pending' | 'errors'>;
  /** The pods of the last round's NodeClaims whose launch failed (retried next round). */
  failed: Map<string, FailedLaunch>;
  /** Each group's last failed launch: when a retry finds no other NodePool, that launch's cause is why they wait. */
  lastFailure: Map<string, FailedLaunch>;
  reservations: ReservationUse;
  /** Pods placed by the last round. */
  placed: number;
  /** The shortage the launches meet, if any, with the short offerings met so far. */
  shortage?: ShortageMet;
  /** Whether the last round's launches learned something a retry could use: a reservation used up, a short offering. */
  learned: boolean;
  /**
   * Rounds whose launches learned something (a shortage met again and again: each failed launch caches the offerings
   * it tried, the next batch tries the next ones): they do not count against maxRounds, and end since what is learned
   * only grows.
   */
  learning: number;
}

/**
 * The rounds of one state (provisioner.go Reconcile, again while pods are pending): a batch's accounting is
 * pessimistic on purpose (scheduler.go subtractMax: "this could cause a batch of pods to take multiple rounds to
 * schedule"; topology.go Record: anti-affinity blocks every domain an undecided NodeClaim could still take), so later
 * rounds may place what the first left pending. Rounds go on until one places nothing and learns nothing a retry could
 * use, at most MAX_ROUNDS. With a `shortage`, the first batch is the one given (scheduled onto `existing` already), and
 * every round's launches meet it.
 */
export function provisioningRounds(
  ctx: StepContext,
  templates: Template[],
  groups: PodGroup[],
  existing: ExistingNode[],
  limitsUsed: ReadonlyMap<string, ResourceList>,
  assumptions: Assumption[],
  shortage?: Shortage,
): Rounds {
  const reservations = newReservationUse(ctx);
  // A reservation with no instance left from the start offers nothing (reserved_capacity_resolver.go ResolveOfferings:
  // an available count of 0), not even to the first round.
  const first =
    shortage?.first ??
    schedule(offered(ctx, templates, reservations), groups, schedulerOptions(ctx, reservations, limitsUsed), existing);
  assumptions.push(...first.notes);
  // The pods of NodeClaims whose launch failed (all their offerings unavailable by then: a reservation used up by the
  // batch's earlier NodeClaims, a shortage) stay pending: Karpenter deletes the NodeClaim and the next round schedules
  // them again.
  const failed = new Map<string, FailedLaunch>();
  const empty = { fleet: [], perGroup: new Map(), errors: new Map(), launched: [] };
  const met = shortage ? { unavailable: shortage.unavailable, known: new Set<string>() } : undefined;
  const before = learnt(reservations, met);
  const launched = launchNodeClaims(ctx, first, empty, reservations, failed, met);
  const state: RoundsState = {
    ...launched,
    existing,
    rounds: new Map(),
    round: 1,
    last: first,
    failed,
    lastFailure: new Map(failed),
    reservations,
    placed: sum(groups) - sum(first.pending) - sum([...failed.values()]),
    ...(met ? { shortage: met } : {}),
    learned: learnt(reservations, met) > before,
    learning: 0,
  };
  if (state.learned) state.learning++;
  const maxRounds = ctx.opts.maxRounds ?? MAX_ROUNDS;
  moreRounds(ctx, templates, state, podsOf(groups), limitsUsed, maxRounds, assumptions);
  // The pods still pending are those the last round left, with its reasons; the first round's errors stay for the
  // groups no round retried (invalid pods). The last round's failed launches are errors.
  const again = new Set(first.pending.map((p) => p.group.key));
  const errors = new Map([...first.errors].filter(([k]) => state.round === 1 || !again.has(k)));
  if (state.round > 1) for (const [k, e] of state.last.errors) errors.set(k, causeOf(e, state.lastFailure.get(k)));
  addLaunchFailures(state.errors, state.failed);
  for (const [k, e] of state.errors) {
    const s = errors.get(k);
    errors.set(k, s ? { count: s.count + e.count, error: s.error, codes: [...new Set([...s.codes, ...e.codes])] } : e);
  }
  const { fleet, perGroup, rounds } = state;
  return {
    fleet,
    perGroup,
    launched: state.launched,
    existing: state.existing,
    rounds,
    errors,
    first,
    firstExisting: existing,
  };
}

/** Provisioning schedules in strict reserved mode (provisioner.go Schedule: DisableReservedCapacityFallback). */
function schedulerOptions(
  ctx: StepContext,
  reservations: ReservationUse,
  limitsUsed: ReadonlyMap<string, ResourceList>,
): SchedulerOptions {
  const { input, opts } = ctx;
  // What earlier rounds left of each reservation.
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
}

/** Each workload's first group: a pod placed in an earlier round is bound with its group's pod. */
function podsOf(groups: PodGroup[]): Map<string, PodGroup> {
  const podOf = new Map<string, PodGroup>();
  for (const g of groups) if (!podOf.has(g.key)) podOf.set(g.key, g);
  return podOf;
}

/** Rounds after the state's last one, while pods wait and the last round placed some or learned (`maxRounds`: the last). */
function moreRounds(
  ctx: StepContext,
  templates: Template[],
  state: RoundsState,
  podOf: ReadonlyMap<string, PodGroup>,
  limitsUsed: ReadonlyMap<string, ResourceList>,
  maxRounds: number,
  assumptions: Assumption[],
): void {
  const { daemonSets } = ctx.input;
  // A pod placed in an earlier round is a pod bound to its node in the next (requests, labels, host ports and
  // anti-affinity are its group's).
  const bound = (pods: Iterable<[string, number]>): BoundPod[] =>
    [...pods].flatMap(([key, n]) => {
      const g = podOf.get(key);
      if (!g) return [];
      return Array.from({ length: n }, () => ({ namespace: g.namespace, pod: g.pod, daemon: false, workload: key }));
    });
  // A round that placed nothing ends the rounds (the next would be the same), unless its launches learned something:
  // the next round then sees those offerings unavailable (a reservation used up, short offerings cached) and may place
  // the pods elsewhere. A launch that fails before CreateFleet (minValues after truncation) fails again: no retry.
  while ((state.last.pending.length || state.failed.size) && (state.placed > 0 || state.learned)) {
    if (!state.learned && state.round - state.learning >= maxRounds) {
      const pending = sum(state.last.pending) + sum([...state.failed.values()]);
      assumptions.push(assumption('rounds-capped', { maxRounds, pending }));
      break;
    }
    state.round++;
    // The cluster's nodes keep the pods earlier rounds gave them; the NodeClaims launched so far are nodes now.
    state.existing = state.existing.map(
      (n) =>
        new ExistingNode(
          { ...n.input, pods: [...n.input.pods, ...bound(n.groups)] },
          n.capacity,
          n.allocatable,
          daemonSets,
        ),
    );
    const asNodes = state.launched.map(
      (l) =>
        new ExistingNode(
          launchedNodeInput(l, bound(Object.entries(l.node.pods))),
          l.instanceType.capacity,
          l.instanceType.allocatable,
          daemonSets,
        ),
    );
    const pending = [
      ...state.last.pending.map((p) => ({ ...p.group, count: p.count })),
      ...retried(state.failed, podOf),
    ];
    // A later round sees the offerings of reservations used up and the short offerings met as unavailable.
    const result = schedule(
      offered(ctx, templates, state.reservations, state.shortage),
      pending,
      schedulerOptions(ctx, state.reservations, limitsUsed),
      [...state.existing, ...asNodes],
    );
    const before = state.fleet.length;
    state.failed = new Map();
    const learnedBefore = learnt(state.reservations, state.shortage);
    launchNodeClaims(ctx, result, state, state.reservations, state.failed, state.shortage);
    state.learned = learnt(state.reservations, state.shortage) > learnedBefore;
    for (const [k, f] of state.failed) state.lastFailure.set(k, f);
    state.last = result;
    state.placed = sum(pending) - sum(result.pending) - sum([...state.failed.values()]);
    if (state.learned) state.learning++;
    const placedNow = new Set<string>();
    state.launched.slice(0, asNodes.length).forEach((l, i) => {
      for (const [k, c] of asNodes[i].groups) {
        l.node.pods[k] = (l.node.pods[k] ?? 0) + c;
        addToGroup(state.perGroup, k, c, l.node);
        placedNow.add(k);
      }
    });
    for (const n of state.existing) for (const k of n.groups.keys()) placedNow.add(k);
    for (const n of state.fleet.slice(before)) for (const k of Object.keys(n.pods)) placedNow.add(k);
    for (const k of placedNow) state.rounds.set(k, state.round);
  }
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
