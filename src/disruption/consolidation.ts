/**
 * Consolidation (karpenter pkg/controllers/disruption/consolidation.go computeConsolidation): the candidates' pods are
 * rescheduled as Karpenter's SimulateScheduling does (helpers.go): onto the cluster's other existing nodes first, then
 * onto new NodeClaims. No new NodeClaim: the candidates are deleted. One new NodeClaim whose worst launch price is
 * strictly below the candidates' total price (OfferingPrice of each node's zone and capacity type, with NodeOverlay
 * prices applied): they are replaced. Two or more: nothing (consolidation never turns nodes into more nodes). Karpenter
 * has no move to a more expensive type. Spot candidates need SpotToSpotConsolidation, and a single one at least 15
 * cheaper types; a replacement that allows spot and on-demand is forced to spot.
 *
 * Which candidates, in which order and how many: multinodeconsolidation.ts (MultiNodeConsolidation) and
 * singlenodeconsolidation.ts (SingleNodeConsolidation, and the two methods in the controller's order).
 */
import type { TimeMeter } from '../common/deadline.js';
import { offeringMatcher, type InstanceType, type Offering } from '../cloudprovider/instancetype.js';
import { LABEL_CAPACITY_TYPE } from '../api/labels.js';
import { launch } from '../cloudprovider/launch.js';
import { Requirement, type Requirements } from '../scheduling/requirements.js';
import { type PodGroup, type Template } from '../provisioning/nodeclaim.js';
import { schedule, TemplateAttempts } from '../provisioning/scheduler.js';
import {
  ExistingNode,
  ExistingNodeIndex,
  ExistingNodes,
  restoreExistingNode,
  sortExistingNodes,
  type ExistingNodeInput,
  type ExistingNodeJournal,
} from '../provisioning/existingnode.js';
import type { PodTemplate, Workload } from '../api/workload.js';

export const MIN_SPOT_TO_SPOT_TYPES = 15;

export interface ConsolidationNode {
  name: string;
  nodePool: string;
  instanceType: string;
  zone: string;
  capacityType: string;
  /** Pods on the node, by workload key. */
  pods: Record<string, number>;
  /**
   * types.go computeRescheduleDisruptionCost: 1 + Σ max(0, EvictionCost) over the reschedulable pods; default 1 + the
   * pods' count (every pod at the default cost 1).
   */
  disruptionCost?: number;
}

/** One consolidation command (types.go Command): its candidates go; a replacement, or none (a deletion). */
export interface ConsolidationCommand {
  method: 'single' | 'multi';
  decision: 'replace' | 'delete';
  /** In Karpenter's order. price: as Karpenter sees it (overlays applied); cost: what the instance actually costs. */
  from: { node: ConsolidationNode; instanceType: string; price: number; cost: number | null }[];
  to: { nodePool: string; instanceType: string; capacityType: string; price: number; cost: number } | null;
}

export interface ConsolidationOptions {
  policy: (nodePool: string) => { enabled: boolean };
  spotToSpot: boolean;
  minValuesPolicy: 'Strict' | 'BestEffort';
  preferencePolicy: 'Respect' | 'Ignore';
  /** The run's time budget, read every few trials (common/deadline.ts): past it, a trial throws OutOfTime. */
  meter?: TimeMeter;
}

/** What may stop a candidate (types.go NewCandidate, helpers.go BuildDisruptionBudgetMapping); absent: nothing. */
export interface ConsolidationConstraints {
  /** Underutilized disruptions the NodePool's budgets allow now. */
  allowed: (nodePool: string) => number;
  /** Whether the node may not be disrupted gracefully (do-not-disrupt, PDBs). */
  blocked: (node: ConsolidationNode) => boolean;
}

/** `OfferingPrice(zone, capacityType)`: the first offering in that zone and capacity type, availability ignored (karpenter pkg/cloudprovider/types.go). */
export function offeringPrice(it: InstanceType, zone: string, capacityType: string): number | null {
  return it.offerings.find((o) => o.zone === zone && o.capacityType === capacityType)?.price ?? null;
}

/** `WorstLaunchPrice` (types.go): the most expensive compatible offering of the first class present, reserved → spot → on-demand. */
export function worstLaunchPrice(offerings: Offering[]): number {
  for (const ct of ['reserved', 'spot', 'on-demand']) {
    const of = offerings.filter((o) => o.capacityType === ct);
    if (of.length) return Math.max(...of.map((o) => o.price));
  }
  return Number.MAX_VALUE;
}

export const POD_DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';

/**
 * karpenter pkg/utils/disruption/disruption.go EvictionCost: 1 + pod-deletion-cost / 2^27 + priority / 2^25, clamped
 * to [-10, 10]; an unparsable deletion cost counts as absent.
 */
export function evictionCost(annotations: Record<string, string>, priority = 0): number {
  let cost = 1;
  const v = annotations[POD_DELETION_COST];
  if (v !== undefined && v.trim() !== '' && Number.isFinite(Number(v))) cost += Number(v) / 2 ** 27;
  cost += priority / 2 ** 25;
  return Math.min(10, Math.max(-10, cost));
}

/**
 * The existing nodes pods may move to (SimulateScheduling: the cluster's active nodes other than the candidates). Built
 * once per state; each simulation is a trial on them (ExistingNodeJournal), undone unless its command is kept. `key`:
 * the name candidates are known by (the NodeClaim's).
 */
export class ConsolidationCluster {
  private readonly nodes: { key: string; node: ExistingNode }[];
  private readonly keys = new Map<ExistingNode, string>();
  /**
   * Nodes a kept command moved pods onto: no longer candidates (the pod events restart their consolidateAfter window,
   * karpenter pkg/controllers/nodeclaim/disruption/consolidation.go; and their pods are no longer the ones listed).
   */
  readonly received = new Set<string>();
  private readonly journal: ExistingNodeJournal = { active: false, saved: new Map() };
  /** The nodes indexed once for every trial's scheduler (scheduler.go addToExistingNode's scan, ExistingNodeIndex). */
  private readonly index: ExistingNodeIndex;
  private readonly byKey = new Map<string, ExistingNode[]>();
  /** Nodes a kept command took away. */
  private readonly gone = new Set<ExistingNode>();

  constructor(
    entries: { key: string; input: ExistingNodeInput; capacity: ResourceListLike; allocatable: ResourceListLike }[],
    daemonSets: readonly Workload[],
    private readonly pods: Map<string, PodTemplate>,
  ) {
    const built = entries.map((e) => ({
      key: e.key,
      node: new ExistingNode(e.input, { ...e.capacity }, { ...e.allocatable }, daemonSets),
    }));
    for (const b of built) {
      b.node.journal = this.journal;
      this.keys.set(b.node, b.key);
    }
    // Sorted once (scheduler.go sortExistingNodes): the scheduler's own sort of an ordered list is then linear.
    const order = new Map(sortExistingNodes(built.map((b) => b.node)).map((n, i) => [n, i]));
    this.nodes = built.sort((a, b) => order.get(a.node)! - order.get(b.node)!);
    this.index = new ExistingNodeIndex(this.nodes.map((n) => n.node));
    for (const n of this.nodes) {
      const l = this.byKey.get(n.key);
      if (l) l.push(n.node);
      else this.byKey.set(n.key, [n.node]);
    }
  }

  get size(): number {
    return this.nodes.length;
  }

  /** The nodes a simulation for `candidates` may use, its trial begun. */
  begin(candidates: ReadonlySet<string>): ExistingNodes {
    this.journal.active = true;
    this.journal.saved.clear();
    const absent = new Set(this.gone);
    for (const k of candidates) for (const n of this.byKey.get(k) ?? []) absent.add(n);
    return new ExistingNodes(this.index, absent);
  }

  /** Nodes the trial put pods on that are not initialized (helpers.go SimulateScheduling: UninitializedNodeError). */
  touchedUninitialized(): boolean {
    for (const n of this.journal.saved.keys()) if (!n.input.initialized) return true;
    return false;
  }

  /**
   * Ends the trial: undone, or kept (the command is taken: its candidates leave, the pods it moved stay on their new
   * nodes and count in later simulations' topology as bound pods).
   */
  end(keep: { candidates: ReadonlySet<string> } | null): void {
    this.journal.active = false;
    for (const [n, s] of this.journal.saved) {
      if (!keep) {
        restoreExistingNode(n, s);
        continue;
      }
      this.received.add(this.keys.get(n)!);
      for (const [key, c] of n.groups) {
        const added = c - (s.groups.get(key) ?? 0);
        const pod = this.pods.get(key);
        if (!pod) continue;
        const namespace = key.split('/')[1] ?? '';
        this.index.bind(
          n,
          Array.from({ length: Math.max(0, added) }, () => ({ namespace, pod, daemon: false, workload: key })),
        );
      }
    }
    this.journal.saved.clear();
    if (keep)
      for (const k of keep.candidates) {
        for (const n of this.byKey.get(k) ?? []) this.gone.add(n);
      }
  }
}

type ResourceListLike = Record<string, number>;

export interface ConsolidationContext {
  templates: Template[];
  pods: Map<string, PodTemplate>;
  opts: ConsolidationOptions;
  /** The other existing nodes (every node's pods known), or null: pods are rescheduled onto new NodeClaims only. */
  cluster: ConsolidationCluster | null;
  /**
   * The outcomes of single candidates simulated without the cluster, shared by the runs of one state (with and
   * without budgets and blocks): such a trial reads only the candidate, the templates, the pods and the options.
   */
  alone?: Map<ConsolidationNode, SingleOutcome>;
}

/** What one candidate's single-node trial decides: a command (a delete, `to` null, or a launched replacement). */
export type SingleOutcome = { to: ConsolidationCommand['to'] } | null;

/** A candidate with its price in the state (types.go Candidate: Price from resolveNodePrice). */
export interface PricedCandidate {
  node: ConsolidationNode;
  it: InstanceType;
  price: number;
  cost: number | null;
}

/** A replacement computeConsolidation found, before its launch: the NodeClaim's options and requirements. */
export interface ReplaceOption {
  nodePool: string;
  options: InstanceType[];
  reqs: Requirements;
}

/** The templates' attempts of every trial over one state's templates (TemplateAttempts). */
const ATTEMPTS = new WeakMap<Template[], TemplateAttempts>();

/** What computeConsolidation decides: delete the candidates, replace them with one NodeClaim, or nothing (null). */
export type ConsolidationResult = { decision: 'delete' } | ({ decision: 'replace' } & ReplaceOption) | null;

/**
 * consolidation.go computeConsolidation over `cands` (SimulateScheduling with the other existing nodes, when known).
 * `take`: whether the command found is taken — then the trial on the cluster is kept (its pods stay where the
 * simulation moved them), without simulating it again. Returns null for no command.
 */
export function computeConsolidation(
  cands: PricedCandidate[],
  ctx: ConsolidationContext,
  take?: (found: NonNullable<ConsolidationResult>) => boolean,
): ConsolidationResult {
  ctx.opts.meter?.tick();
  const counts = new Map<string, number>();
  for (const c of cands)
    for (const [key, n] of Object.entries(c.node.pods)) {
      if (!ctx.pods.has(key)) return null;
      counts.set(key, (counts.get(key) ?? 0) + n);
    }
  // Workload keys are Kind/namespace/name (provisioner.ts workloadKey).
  const groups: PodGroup[] = [...counts].map(([key, count], order) => ({
    key,
    namespace: key.split('/')[1] ?? '',
    pod: ctx.pods.get(key)!,
    count,
    order,
  }));
  if (!groups.length) return null;
  const names = new Set(cands.map((c) => c.node.name));
  const existing = ctx.cluster ? ctx.cluster.begin(names) : [];
  let attempts = ATTEMPTS.get(ctx.templates);
  if (!attempts) ATTEMPTS.set(ctx.templates, (attempts = new TemplateAttempts(ctx.templates)));
  const r = schedule(
    ctx.templates,
    groups,
    { minValuesPolicy: ctx.opts.minValuesPolicy, preferencePolicy: ctx.opts.preferencePolicy },
    existing,
    attempts,
  );
  const result = decide(cands, ctx, r);
  // Asked whether or not there is a cluster to keep the trial on: the caller learns from it (its launch).
  const taken = result !== null && take !== undefined && take(result);
  ctx.cluster?.end(taken ? { candidates: names } : null);
  return result;
}

function decide(
  cands: PricedCandidate[],
  ctx: ConsolidationContext,
  r: ReturnType<typeof schedule>,
): { decision: 'delete' } | ({ decision: 'replace' } & ReplaceOption) | null {
  // All pods scheduled (Results.AllNonPendingPodsScheduled), none onto an uninitialized node (UninitializedNodeError).
  if (r.errors.size || ctx.cluster?.touchedUninitialized()) return null;
  if (r.nodeClaims.length === 0) return { decision: 'delete' };
  if (r.nodeClaims.length !== 1 || r.nodeClaims[0].dropped) return null; // never into more nodes
  const nc = r.nodeClaims[0];
  // sumCandidatePrices (balanced.go).
  const price = cands.reduce((s, c) => s + c.price, 0);
  let reqs = nc.requirements;
  const allSpot = cands.every((c) => c.node.capacityType === 'spot');
  if (allSpot && reqs.get(LABEL_CAPACITY_TYPE).has('spot')) {
    // computeSpotToSpotConsolidation.
    if (!ctx.opts.spotToSpot) return null;
    reqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['spot']));
  }
  const cheaper = cheaperThan(nc.finalOptions!, reqs, price);
  if (!cheaper.length) return null;
  // Only single-node spot-to-spot needs 15 cheaper types; multi-node exits early.
  if (allSpot && cands.length === 1 && cheaper.length < MIN_SPOT_TO_SPOT_TYPES) return null;
  if (reqs.get(LABEL_CAPACITY_TYPE).has('spot') && reqs.get(LABEL_CAPACITY_TYPE).has('on-demand'))
    reqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['spot']));
  return { decision: 'replace', nodePool: nc.template.nodePool, options: cheaper, reqs };
}

/** RemoveInstanceTypeOptionsByPriceAndMinValues' price filter: worst launch price strictly below `price`. */
export function cheaperThan(options: InstanceType[], reqs: Requirements, price: number): InstanceType[] {
  const compatible = offeringMatcher(reqs);
  return options.filter((x) => {
    const offs = x.offerings.filter((o) => o.available && compatible(o));
    return offs.length > 0 && worstLaunchPrice(offs) < price;
  });
}

/** The instance type launched for a replacement (the model's launch), or null when none launches. */
export function launchReplacement(
  r: ReplaceOption,
  minValuesPolicy: 'Strict' | 'BestEffort',
): NonNullable<ConsolidationCommand['to']> | null {
  const d = launch(r.options, r.reqs, minValuesPolicy);
  if (!d.ok) return null;
  return {
    nodePool: r.nodePool,
    instanceType: d.decision.instanceType.name,
    capacityType: d.decision.capacityType,
    price: d.decision.offering.price,
    cost: d.decision.offering.cost,
  };
}

/**
 * consolidation.go ShouldDisrupt and types.go NewCandidate: the NodePool consolidates underutilized nodes, the node's
 * instance type is known to it and priced in its zone and capacity type, and its pods are known.
 */
export function priced(nodes: ConsolidationNode[], ctx: ConsolidationContext): PricedCandidate[] {
  const byPool = new Map(ctx.templates.map((t) => [t.nodePool, t]));
  const out: PricedCandidate[] = [];
  for (const n of nodes) {
    const t = byPool.get(n.nodePool);
    if (!t || !ctx.opts.policy(n.nodePool).enabled) continue;
    const it = t.instanceTypes.find((x) => x.name === n.instanceType);
    if (!it) continue; // no longer offered: drift, not consolidation
    const price = offeringPrice(it, n.zone, n.capacityType);
    if (price === null) continue;
    if (!Object.keys(n.pods).length || Object.keys(n.pods).some((k) => !ctx.pods.has(k))) continue;
    const cost = it.offerings.find((o) => o.zone === n.zone && o.capacityType === n.capacityType)?.cost ?? null;
    out.push({ node: n, it, price, cost });
  }
  return out;
}

/** types.go Candidate.SavingsRatio: price per unit of disruption. */
function savingsRatio(c: PricedCandidate): number {
  return c.price / (c.node.disruptionCost ?? 1 + Object.values(c.node.pods).reduce((a, b) => a + b, 0));
}

/**
 * consolidation.go sortCandidates: savings ratio descending (sort.Slice is not stable: ties by name here).
 */
export function sortCandidates(cands: PricedCandidate[]): PricedCandidate[] {
  return [...cands].sort(
    (a, b) => savingsRatio(b) - savingsRatio(a) || (a.node.name < b.node.name ? -1 : a.node.name > b.node.name ? 1 : 0),
  );
}

/** A command of `method` over `cands`: replaced by `to`, or deleted (null). */
export function commandOf(
  method: 'single' | 'multi',
  cands: PricedCandidate[],
  to: ConsolidationCommand['to'],
): ConsolidationCommand {
  return {
    method,
    decision: to ? 'replace' : 'delete',
    from: cands.map((c) => ({ node: c.node, instanceType: c.node.instanceType, price: c.price, cost: c.cost })),
    to,
  };
}
