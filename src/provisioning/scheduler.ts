/**
 * The provisioning scheduler (karpenter pkg/controllers/provisioning/scheduling/): pods in queue order (queue.go) go to
 * existing nodes (existingnode.go ExistingNode.CanAdd), then in-flight NodeClaims with the fewest pods first
 * (scheduler.go add), then a new NodeClaim from the NodePool templates in weight order where the lowest index that
 * succeeds wins (scheduler.go addToNewNodeClaim). New NodeClaims accumulate pods and narrow (nodeclaim.go
 * NodeClaim.CanAdd, NodeClaim.Add); limits pre-filter and subtractMax (scheduler.go filterByRemainingResources);
 * daemonset overhead per template and instance type (buildDaemonOverheadGroups); preference relaxation (preferences.go
 * Relax); truncation to 600 with the minValues re-check (scheduler.go TruncateInstanceTypes).
 *
 * Pod-to-pod constraints (topology spread, pod (anti-)affinity, host ports) go through topology.ts as
 * Topology.AddRequirements and Topology.Record do.
 *
 * Identical pods of one workload are a group; a node that once refused a pod of a group (at one
 * relaxation level) refuses every later one (nodes only fill up and narrow), which keeps large
 * replica counts cheap — except for pods whose placement depends on other pods' (topology), which
 * are always tried afresh. Failed pods are retried while a pass over them places any (queue.go: a
 * pod is retried until a whole cycle makes no progress).
 */
import type { InstanceType } from '../cloudprovider/instancetype.js';
import type { ResourceList } from '../common/quantity.js';
import type { Requirements } from '../scheduling/requirements.js';
import { untolerated } from '../scheduling/taints.js';
import type { PodTemplate } from '../api/workload.js';
import { initialPodState, podRequirements, relax, type PodState } from './preferences.js';
import { templatesIndex } from './templates-index.js';
import type { RequirementIndex } from '../scheduling/requirement-index.js';
import { Topology } from './topology.js';
import { ClusterPods, type ClusterNodes } from './topology-cluster.js';
import { ExistingNodes, type ExistingNode } from './existingnode.js';
import { offeringsToReserve, reservedOfferingError } from './reservation.js';
import { volumeAlternatives, withVolumeAlternative } from './volumetopology.js';
import {
  applyTopology,
  compatibleOptions,
  hostnamePlaceholder,
  fitsOn,
  minValuesCheck,
  NodeClaim,
} from './nodeclaim.js';
import type {
  Attempt,
  Failure,
  PodGroup,
  SchedulerOptions,
  SchedulingError,
  SchedulingErrorCode,
  Template,
} from './types.js';
import { assumption, type Assumption } from '../common/assumptions.js';
import { TimeMeter } from '../common/deadline.js';

export interface ScheduleResult {
  nodeClaims: NodeClaim[];
  /** Pods per group that found no place, with Karpenter's error. */
  errors: Map<string, SchedulingError>;
  /** Approximations this run made (for the report's assumptions). */
  notes: Assumption[];
  /**
   * The groups with pods left pending and how many (pods of invalid groups, which every round ignores, aside): what the
   * next provisioning round retries (provisioner.ts).
   */
  pending: { group: PodGroup; count: number }[];
}

/**
 * `existing`: the cluster's nodes (existingnode.ts), tried before in-flight and new NodeClaims; their capacity counts
 * against their NodePool's limits. Mutated: each gains the pods placed on it.
 */
export function schedule(
  templates: Template[],
  groups: PodGroup[],
  opts: SchedulerOptions,
  existing: ExistingNode[] | ExistingNodes = [],
  attempts?: TemplateAttempts,
): ScheduleResult {
  return new Scheduler(templates, groups, opts, existing, attempts).solve();
}

/**
 * The templates' attempts per pod signature (Scheduler.templateCache), kept between schedulers over the same templates
 * (disruption's trials of one state): an attempt depends on the template, the pod's requirements and its tolerations
 * only. Not used in strict reserved mode, where a round may clear them.
 */
export class TemplateAttempts {
  readonly bySignature = new Map<string, (Attempt | Failure | undefined)[]>();
  /** Per pod signature, the templates addToNewNodeClaim tries (RequirementIndex; null: all). */
  readonly order = new Map<string, number[] | null>();

  constructor(readonly templates: Template[]) {}
}

/** Why a pod found no place: Karpenter's error, and its codes. */
interface PlaceError {
  error: string;
  codes: SchedulingErrorCode[];
}

/**
 * What `add` failed with: `deferred` when a ReservedOfferingError stopped the templates (the pod waits for the next
 * round without relaxing, scheduler.go trySchedule).
 */
interface AddFailure extends PlaceError {
  deferred: boolean;
}

/** One pod of a group at one relaxation level, as the add* methods try it. */
interface PodAttempt {
  g: PodGroup;
  st: PodState;
  reqs: Requirements;
  /** The group (and segment) at this level: refusals are kept per key. */
  levelKey: string;
  /** The pod's requirements and tolerations at this level: templates' attempts are shared per signature. */
  sig: string;
  /** The topology when the pod's placement depends on other pods', else null. */
  topo: Topology | null;
  /** A refusal may be lifted by later placements (spread and affinity): every node and NodeClaim is tried afresh. */
  volatile: boolean;
  /** Identical pods left to place (bulk placement). */
  budget: number;
}

/** A failed group waiting in the queue for another cycle. */
interface Pending {
  g: PodGroup;
  count: number;
  error: PlaceError;
}

/**
 * Karpenter's Scheduler (pkg/controllers/provisioning/scheduling/scheduler.go): `solve` (Solve) runs the queue,
 * `trySchedule` (trySchedule) relaxes one pod's preferences until `add` (add) places it on an existing node
 * (addToExistingNode), an in-flight NodeClaim (addToInflightNode) or a new one (addToNewNodeClaim). The methods keep
 * scheduler.go's names and order; the caches beside them are this tool's (each says why it changes no outcome).
 */
export class Scheduler {
  private readonly nodeClaims: NodeClaim[] = [];
  private readonly errors = new Map<string, SchedulingError>();
  private readonly notes: Assumption[] = [];
  private readonly anyPreferNoSchedule: boolean;
  /** Remaining `spec.limits` per NodePool (scheduler.go Scheduler.remainingResources); undefined = unlimited. */
  private readonly remaining = new Map<string, ResourceList | undefined>();
  private readonly existing: ExistingNodes;
  /**
   * Per group and relaxation level: how many existing nodes (in order) have refused it — they stay refused, nodes only
   * fill up. The first node that accepts ends a search, so the refused ones are always a prefix of the order.
   */
  private readonly existingRefused = new Map<string, number>();
  /** The existing nodes that may take a pod, per group and relaxation level (ExistingNodeIndex), in order. */
  private readonly existingFor = new Map<string, ExistingNode[]>();
  /** In-flight NodeClaims ordered by pod count ascending (ties: creation order) (scheduler.go add). */
  private readonly byPods: NodeClaim[] = [];
  /**
   * Per group and relaxation level: the NodeClaims that have not refused it yet (`synced`: how many of nodeClaims
   * have been added to the list).
   */
  private readonly notRefused = new Map<string, { ncs: NodeClaim[]; synced: number }>();
  /**
   * Per group and level, the templates whose NodeClaims can never take the pod: a taint it does not tolerate (a
   * NodeClaim has its template's taints), or a key both constrain with no common value (a NodeClaim's requirements
   * only narrow its template's, so that key stays empty for every NodeClaim of the template). A key the template lacks
   * is not decided here: a NodeClaim may have gained it from an earlier pod. This spares the canAdd calls of NodeClaims
   * that Karpenter would try and reject (scheduler.go add) without changing any outcome.
   */
  private readonly templateIndex: Map<Template, number>;
  /** The templates by the finite values their requirements hold (RequirementIndex), and per signature those to try. */
  private readonly templatesFor: RequirementIndex;
  private readonly templateOrder: Map<string, number[] | null>;
  private readonly excludedTemplates = new Map<string, Uint8Array>();
  /** The template (its index) of each NodeClaim, in nodeClaims' order. */
  private readonly claimTemplates: number[] = [];
  private readonly signatures = new Map<string, string>();
  /**
   * Per pod signature (requirements and tolerations at a level), each template's attempt, computed when first needed:
   * templates are tried in order and the first that succeeds wins, so most pods never look at the later ones.
   */
  private readonly templateCache: Map<string, (Attempt | Failure | undefined)[]>;
  private readonly topology: Topology | null;
  /** Identical pods placed by the last successful trySchedule (1, or more when placed in bulk). */
  private placed = 1;
  /** The run's time budget, read every few hundred pods tried (common/deadline.ts): past it, the solve stops. */
  private readonly meter: TimeMeter;

  constructor(
    private readonly templates: Template[],
    private readonly groups: PodGroup[],
    private readonly opts: SchedulerOptions,
    existing: ExistingNode[] | ExistingNodes = [],
    attempts?: TemplateAttempts,
  ) {
    this.meter = new TimeMeter(opts.deadline);
    this.templateCache =
      attempts && attempts.templates === templates && !opts.reservations ? attempts.bySignature : new Map();
    // Topology sees the nodes in the order given (a list: as the caller made it).
    let cluster = (): ClusterNodes => this.existing.topologyCluster();
    // No existing node (the rules' and the fleet cost's what-ifs): each NodePool's limits are counted when first
    // needed (remainingOf), as for an index, which leaves the same remaining resources without one copy per template.
    if (Array.isArray(existing) && existing.length === 0) this.existing = ExistingNodes.of(existing);
    else if (Array.isArray(existing)) {
      cluster = () => ({ pods: new ClusterPods(existing.map((n) => n.input)), absent: () => false });
      // Given in any order: the limits are counted down in that order, as before the sort.
      for (const t of templates) this.remaining.set(t.nodePool, t.limits ? { ...t.limits } : undefined);
      for (const n of existing) {
        const rem = n.input.nodePool !== null ? this.remaining.get(n.input.nodePool) : undefined;
        if (rem) subtractCapacity(rem, n.capacity);
      }
      // The same for the nodes not placed onto (a fleet whose pods are unknown), summed per NodePool.
      for (const [pool, used] of opts.limitsUsed ?? []) {
        const rem = this.remaining.get(pool);
        if (rem) subtractUsed(rem, used);
      }
      this.existing = ExistingNodes.of(existing);
    } else this.existing = existing; // in order: each NodePool's limits are counted down when first needed
    const indexed = templatesIndex(templates);
    this.anyPreferNoSchedule = indexed.anyPreferNoSchedule;
    this.templateIndex = indexed.positions;
    this.templatesFor = indexed.byRequirement;
    this.templateOrder = attempts && attempts.templates === templates ? attempts.order : new Map();
    this.topology = Topology.build(templates, groups, opts.preferencePolicy, cluster);
    if (this.topology) {
      this.notes.push(assumption(this.existing.size ? 'pod-to-pod-with-snapshot' : 'pod-to-pod-simulation-only'));
      if (this.topology.namespaceSelectorsApproximated) this.notes.push(assumption('namespace-selectors-all'));
    }
  }

  /**
   * Scheduler.Solve (scheduler.go): the pods in queue order (queue.go byCPUAndMemoryDescending: CPU descending, memory
   * descending, creation order), each tried once; then the failed ones again while a cycle makes progress (queue.go
   * Queue.Pop); then every NodeClaim is finalized (NodeClaim.FinalizeScheduling).
   */
  solve(): ScheduleResult {
    const queue = [...this.groups].sort(
      (a, b) =>
        (b.pod.requests.cpu ?? 0) - (a.pod.requests.cpu ?? 0) ||
        (b.pod.requests.memory ?? 0) - (a.pod.requests.memory ?? 0) ||
        a.order - b.order,
    );
    const failed: Pending[] = [];
    for (const g of queue) {
      if (g.pod.invalid.length) {
        this.addError(g.key, {
          count: g.count,
          error: `the pod fails Karpenter's validation and is ignored: ${g.pod.invalid[0]}`,
          codes: ['invalid-pod'],
        });
        continue;
      }
      for (let i = 0; i < g.count; i += this.placed) {
        this.meter.tick();
        const err = this.trySchedule(g, g.count - i);
        if (err) {
          // Every later identical pod fails the same way (nodes only fill up): fail them together.
          failed.push({ g, count: g.count - i, error: err });
          break;
        }
      }
    }
    const pending = this.retry(failed.map((f) => ({ ...f })));
    for (const f of pending) this.addError(f.g.key, { count: f.count, ...f.error });
    for (const nc of this.nodeClaims) nc.finalizeScheduling(this.opts);
    return {
      nodeClaims: this.nodeClaims,
      errors: this.errors,
      notes: this.notes,
      pending: pending.map((f) => ({ group: f.g, count: f.count })),
    };
  }

  /**
   * scheduler.go trySchedule: `add` at the pod's current preferences, relaxing them (preferences.go Relax) after each
   * failure until none is left; a ReservedOfferingError returns at once (the pod waits for the next round).
   * `budget`: identical pods left, which bulk placement may place together (`placed` says how many it did).
   */
  trySchedule(g: PodGroup, budget = 1): PlaceError | null {
    this.placed = 1;
    // Pods whose placement depends on other pods (topology): spread and affinity refusals can be lifted later.
    const involved = this.topology?.involved(g) ?? false;
    const topo = involved ? this.topology : null;
    const volatile = involved && this.topology!.changeable(g);
    let st: PodState | null = initialPodState(g.pod, this.opts.preferencePolicy);
    let lastError: PlaceError = { error: 'no nodepool could host the pod', codes: ['no-nodepool'] };
    while (st) {
      const reqs = podRequirements(g.pod, st);
      // Groups of one workload whose volumes differ (segments) keep their refusals apart.
      const levelKey = `${g.key}${g.segment !== undefined ? `~${g.segment}` : ''}#${st.level}`;
      // What a template's attempt and exclusion depend on (the pod's requirements and tolerations at this level):
      // groups that share it (a team's workloads selecting its pool) share those results. Volume requirements are not
      // part of it: they are tried after the shared attempt, per group (newClaimAttempt's caller, NodeClaim.canAdd).
      let sig = this.signatures.get(levelKey);
      if (sig === undefined)
        this.signatures.set(levelKey, (sig = `${reqs.toString()}|${JSON.stringify(st.tolerations)}`));
      const failure = this.add({ g, st, reqs, levelKey, sig, topo, volatile, budget });
      if (!failure) return null;
      if (failure.deferred) return { error: failure.error, codes: failure.codes };
      // Lazily: the text is read only if every level fails.
      lastError = lazyError(failure);
      st = relax(st, this.anyPreferNoSchedule);
    }
    return lastError;
  }

  /** scheduler.go add: an existing node first, then an in-flight NodeClaim, then a new NodeClaim. */
  private add(a: PodAttempt): AddFailure | null {
    if (this.existing.size && this.addToExistingNode(a)) return null;
    if (this.addToInflightNode(a)) return null;
    return this.addToNewNodeClaim(a);
  }

  /**
   * scheduler.go addToExistingNode: existing nodes, initialized first then by name; the first that accepts the pod
   * wins. A refusal stays (nodes only fill up), except for pods whose domains move (topology).
   */
  private addToExistingNode(a: PodAttempt): boolean {
    const { g, st, reqs, levelKey, topo, volatile } = a;
    let nodes = this.existingFor.get(levelKey);
    if (!nodes) this.existingFor.set(levelKey, (nodes = this.existing.for(reqs)));
    let i = volatile ? 0 : (this.existingRefused.get(levelKey) ?? 0);
    for (; i < nodes.length; i++) {
      const n = nodes[i];
      const r = n.canAdd(g, st, reqs, topo);
      if (r.ok) {
        n.add(g, r.reqs);
        this.topology?.record(g, n.input.taints, r.reqs, n.hostname);
        break;
      }
    }
    if (!volatile) this.existingRefused.set(levelKey, i);
    return i < nodes.length;
  }

  /**
   * scheduler.go addToInflightNode: in-flight NodeClaims, fewest pods first (ties: creation order). A refusal usually
   * stays: nodes only fill up and narrow, and anti-affinity counts only grow; so each group and level keeps the
   * NodeClaims that have not refused it yet and looks at those only. A reservation that may be released later (strict
   * reserved mode) makes a refusal temporary, and so does any refusal of a pod with spread or affinity terms (later
   * placements move the domains it may use): those pods look at every NodeClaim.
   */
  private addToInflightNode(a: PodAttempt): boolean {
    const { g, st, reqs, levelKey, sig, topo, volatile, budget } = a;
    let candidates: NodeClaim[];
    let open = this.notRefused.get(levelKey);
    if (volatile) candidates = this.byPods;
    else {
      if (!open) this.notRefused.set(levelKey, (open = { ncs: [], synced: 0 }));
      // A group first tried late looks at every NodeClaim made so far: one array read each (its template's verdict).
      const verdicts = this.exclusionsOf(sig);
      for (; open.synced < this.nodeClaims.length; open.synced++) {
        const ti = this.claimTemplates[open.synced];
        if (verdicts[ti] === 0) verdicts[ti] = this.excludes(this.templates[ti], st, reqs) ? EXCLUDED : POSSIBLE;
        if (verdicts[ti] === POSSIBLE) open.ncs.push(this.nodeClaims[open.synced]);
      }
      // In place: the list is nearly sorted already (one NodeClaim gained a pod), which the sort handles in O(n).
      if (open.ncs.length > 1) open.ncs.sort(byPodsOrder);
      candidates = open.ncs;
    }
    for (let i = 0; i < candidates.length; i++) {
      const nc = candidates[i];
      const r = nc.canAdd(g, st, reqs, this.opts, topo);
      if (r.ok) {
        nc.add(g, r);
        this.topology?.record(g, nc.template.taints, nc.requirements, nc.hostname);
        if (budget > 1 && open && this.bulkable(g)) {
          const extra = bulkExtra(g, nc, candidates[i + 1], budget - 1);
          if (extra > 0) {
            nc.addMore(g, extra);
            this.placed += extra;
          }
        }
        this.moveUp(nc);
        return true;
      }
      if (open && r.code !== 'reserved-offering') candidates.splice(i--, 1);
    }
    return false;
  }

  /**
   * scheduler.go addToNewNodeClaim: a new NodeClaim from the templates in weight order, the lowest index that succeeds
   * wins; a ReservedOfferingError cancels the lower-priority templates. The templates whose requirements hold a key
   * the pod requires with no value in common are not tried (RequirementIndex: their attempt fails at Compatible, so
   * the first template that succeeds, or is deferred, is the same); when every template refuses, their refusals are
   * read too, so that the error lists every template as the scan of all of them does.
   */
  private addToNewNodeClaim(a: PodAttempt, narrow = true): AddFailure | null {
    const { st, reqs, sig } = a;
    let cached = this.templateCache.get(sig);
    if (!cached) this.templateCache.set(sig, (cached = new Array(this.templates.length)));
    const refusals: { i: number; f: Failure }[] = [];
    let order = narrow ? this.templateOrder.get(sig) : null;
    if (order === undefined) this.templateOrder.set(sig, (order = this.templatesFor.candidates(reqs)));
    const n = order ? order.length : this.templates.length;
    for (let k = 0; k < n; k++) {
      const i = order ? order[k] : k;
      const r = this.tryTemplate(a, i, cached);
      if (r === null || 'deferred' in r) return r;
      refusals.push({ i, f: r });
    }
    if (order && order.length < this.templates.length) {
      const tried = new Set(order);
      for (let i = 0; i < this.templates.length; i++) {
        if (tried.has(i)) continue;
        const base = (cached[i] ??= templateAttempt(this.templates[i], st, reqs));
        // Never so (see RequirementIndex); were it so, the scan of every template answers.
        if (base.ok) return this.addToNewNodeClaim(a, false);
        refusals.push({ i, f: base });
      }
      refusals.sort((x, y) => x.i - y.i);
    }
    if (this.templates.length === 0)
      return {
        error: 'nodepool requirements filtered out all available instance types',
        codes: ['no-nodepool'],
        deferred: false,
      };
    const templates = this.templates;
    return {
      // Built when read (a pod that fails every level): most pods find a template after others refused them.
      get error() {
        return refusals.map(({ i, f }) => `nodepool "${templates[i].nodePool}": ${f.error}`).join('; ');
      },
      codes: [...new Set(refusals.map((x) => x.f.code))],
      deferred: false,
    };
  }

  /**
   * One template's turn in addToNewNodeClaim: null when the pod went onto a new NodeClaim of it, the failure to add
   * to the pod's error, or a ReservedOfferingError that ends the search.
   */
  private tryTemplate(
    a: PodAttempt,
    i: number,
    cached: (Attempt | Failure | undefined)[],
  ): AddFailure | Failure | null {
    const t = this.templates[i];
    const base = (cached[i] ??= templateAttempt(t, a.st, a.reqs));
    if (!base.ok) return base;
    const placeholder = hostnamePlaceholder(this.nodeClaims.length);
    const r = this.newClaimWithVolumes(a, t, base, placeholder);
    // A ReservedOfferingError cancels the lower-priority templates (scheduler.go addToNewNodeClaim): the pod waits for
    // the next round, without relaxing its preferences (trySchedule).
    if ('deferred' in r)
      return { error: `nodepool "${t.nodePool}": ${r.deferred}`, codes: ['reserved-offering'], deferred: true };
    if (!r.ok) return r;
    this.launchNew(a.g, t, base, r);
    return null;
  }

  /**
   * NodeClaim.CanAdd on a new NodeClaim of `t`: each volume topology alternative in turn, the first that fits wins
   * (nodeclaim.go tryVolumeAlternative); a pod without volume requirements has one, empty.
   */
  private newClaimWithVolumes(
    a: PodAttempt,
    t: Template,
    base: Attempt,
    placeholder: string,
  ): NewClaim | Failure | { deferred: string } {
    const rem = this.remainingOf(t);
    const alts = volumeAlternatives(a.g.pod);
    let r: NewClaim | Failure | { deferred: string } = { ok: false, code: 'volume-topology', error: '' };
    for (const alt of alts ?? [null]) {
      let reqs0 = base.reqs;
      let options = base.options;
      if (alt) {
        const v = withVolumeAlternative(reqs0, alt, true, placeholder);
        if (!v.ok) {
          r = { ok: false, code: 'volume-topology', error: v.error };
          continue;
        }
        reqs0 = v.reqs;
        options = compatibleOptions(options, reqs0);
        // The volume's zone (or other topology) leaves no instance type with an available offering: say so, rather
        // than the resource check's error (nodeclaim.go CanAdd filters the instance types by the volume requirements).
        if (options.length === 0) {
          r = {
            ok: false,
            code: 'volume-topology',
            error: `no instance type has an available offering where the pod's volumes are (volume requirements ${alt.toString()})`,
          };
          continue;
        }
      }
      r = this.newClaimAttempt(t, a.g, a.st, reqs0, options, rem, placeholder, a.topo);
      if ('deferred' in r || r.ok) break;
    }
    return r;
  }

  /** The rest of NodeClaim.CanAdd on a new NodeClaim of `t` once the pod's (and volumes') requirements are in. */
  private newClaimAttempt(
    t: Template,
    g: PodGroup,
    st: PodState,
    reqs: Requirements,
    options: InstanceType[],
    rem: ResourceList | undefined,
    placeholder: string,
    topo: Topology | null,
  ): NewClaim | Failure | { deferred: string } {
    let reqs0 = reqs;
    if (topo) {
      const tr = applyTopology(topo, g, st, t.taints, reqs0, options, placeholder);
      if (!tr.ok) return tr;
      options = tr.options;
      reqs0 = tr.reqs;
    }
    if (rem) {
      if (rem.nodes !== undefined && rem.nodes === 0)
        return { ok: false, code: 'limits-exhausted', error: 'node limits have been exhausted' };
      options = options.filter((it) => withinLimits(it, rem));
      if (options.length === 0)
        return { ok: false, code: 'limits-exceeded', error: 'all available instance types exceed limits for nodepool' };
    }
    const candidates = options;
    options = options.filter((it) => fitsOn(it, t, g.pod.requests, {}));
    if (options.length === 0)
      return {
        ok: false,
        code: 'insufficient-resources',
        error: `no instance type has enough resources for the pod's requests${instanceStoreHint(candidates, g.pod.requests)}`,
      };
    const mv = minValuesCheck(options, reqs0, this.opts.minValuesPolicy);
    if (mv.error) return { ok: false, code: 'min-values', error: mv.error };
    let reserve: Set<string> | undefined;
    if (this.opts.reservations) {
      const offers = offeringsToReserve(this.opts.reservations, placeholder, options, mv.reqs);
      const err = reservedOfferingError(offers, false);
      if (err) return { deferred: err };
      reserve = offers.ids;
    }
    return { ok: true, options, mv, ...(reserve ? { reserve } : {}) };
  }

  /** The new NodeClaim takes the pod, joins the in-flight ones (fewest pods first) and counts against the limits. */
  private launchNew(g: PodGroup, t: Template, base: Attempt, r: NewClaim): void {
    const { options, mv, reserve } = r;
    const nc = new NodeClaim(this.nodeClaims.length, t, mv.reqs, options, this.opts.reservations);
    nc.add(g, {
      ok: true,
      reqs: mv.reqs,
      options,
      relaxedMinValues: base.relaxedMinValues || mv.relaxed,
      ...(reserve ? { reserve } : {}),
    });
    this.topology?.record(g, t.taints, nc.requirements, nc.hostname);
    this.nodeClaims.push(nc);
    this.claimTemplates.push(this.templateIndex.get(t)!);
    // A new NodeClaim has the fewest pods (one): it goes before every NodeClaim with more.
    let at = this.byPods.length;
    while (at > 0 && byPodsOrder(this.byPods[at - 1], nc) > 0) at--;
    this.byPods.splice(at, 0, nc);
    const rem = this.remainingOf(t);
    if (rem) subtractMax(rem, options);
  }

  /**
   * The queue re-tries failed pods while a cycle makes progress (scheduler.go Solve, queue.go Queue.Pop). Pods
   * deferred by a ReservedOfferingError are placed in the next provisioning round, once the NodeClaims holding the
   * reservations have launched on them (provisioner.go Schedule: "deferring scheduling decision").
   */
  private retry(pending: Pending[]): Pending[] {
    for (let progress = true; progress && pending.length;) {
      progress = false;
      if (this.opts.reservations && pending.some((f) => f.error.codes.includes('reserved-offering'))) {
        for (const nc of this.nodeClaims) if (nc.launchReserved(this.opts.reservations)) progress = true;
        this.notRefused.clear();
        this.templateCache.clear();
        this.excludedTemplates.clear();
      }
      for (const f of pending) {
        for (; f.count > 0; f.count -= this.placed) {
          this.meter.tick();
          const err = this.trySchedule(f.g, f.count);
          if (err) {
            f.error = err;
            break;
          }
          progress = true;
        }
      }
      pending = pending.filter((f) => f.count > 0);
    }
    return pending;
  }

  /**
   * Scheduler.remainingResources of `t`'s NodePool: its limits less each existing node's capacity (scheduler.go
   * calculateExistingNodeClaims → updateRemainingResources), in the nodes' order; undefined = unlimited.
   */
  private remainingOf(t: Template): ResourceList | undefined {
    if (this.remaining.has(t.nodePool)) return this.remaining.get(t.nodePool);
    const rem = t.limits ? { ...t.limits } : undefined;
    if (rem) for (const n of this.existing.ofPool(t.nodePool)) subtractCapacity(rem, n.capacity);
    // The same for the nodes not placed onto (a fleet whose pods are unknown), summed per NodePool.
    const used = this.opts.limitsUsed?.get(t.nodePool);
    if (rem && used) subtractUsed(rem, used);
    this.remaining.set(t.nodePool, rem);
    return rem;
  }

  /** Each template's verdict for the pods of one signature (excludedTemplates): 0 not asked yet, then POSSIBLE or EXCLUDED. */
  private exclusionsOf(sig: string): Uint8Array {
    let verdicts = this.excludedTemplates.get(sig);
    if (!verdicts) this.excludedTemplates.set(sig, (verdicts = new Uint8Array(this.templates.length)));
    return verdicts;
  }

  /** Whether the NodeClaims of template `t` can never host the pod (see excludedTemplates). */
  private excludes(t: Template, st: PodState, reqs: Requirements): boolean {
    return !!untolerated(t.taints, st.tolerations) || !t.requirements.intersectsOk(reqs);
  }

  /** After `nc` gained pods: it moves later in fewest-pods-first order. */
  private moveUp(nc: NodeClaim): void {
    const byPods = this.byPods;
    let i = byPods.indexOf(nc);
    while (
      i + 1 < byPods.length &&
      (byPods[i + 1].pods < nc.pods || (byPods[i + 1].pods === nc.pods && byPods[i + 1].id < nc.id))
    ) {
      byPods[i] = byPods[i + 1];
      byPods[i + 1] = nc;
      i++;
    }
  }

  /**
   * Bulk placement applies when nothing ties pods to one another: no topology in the batch, no reservations (strict
   * reserved mode), no host ports, no volume requirements.
   */
  private bulkable(g: PodGroup): boolean {
    return (
      this.opts.bulk !== false &&
      this.topology === null &&
      !this.opts.reservations &&
      !g.pod.constraints.hostPorts.length &&
      !volumeAlternatives(g.pod)
    );
  }

  /** Groups of one workload (segments) add up: the count grows, the first error stays, the codes join. */
  private addError(key: string, e: SchedulingError): void {
    const prev = this.errors.get(key);
    if (!prev) this.errors.set(key, e);
    else
      this.errors.set(key, {
        count: prev.count + e.count,
        error: prev.error,
        codes: [...new Set([...prev.codes, ...e.codes])],
      });
  }
}

/** `f`'s error and codes, its text read only when asked for. */
function lazyError(f: PlaceError): PlaceError {
  return {
    get error() {
      return f.error;
    },
    codes: f.codes,
  };
}

/** A template's verdict in excludedTemplates: its NodeClaims may take the pod, or never can. */
const POSSIBLE = 1;
const EXCLUDED = 2;

function byPodsOrder(a: NodeClaim, b: NodeClaim): number {
  return a.pods - b.pods || a.id - b.id;
}

/**
 * After one pod of `g` went to `nc`, how many more identical pods Karpenter would also put there, one at a time:
 * while every instance type left still fits one more (the options, requirements and minValues outcome stay the
 * same) and `nc` stays first in fewest-pods-first order (scheduler.go add) before `next`, the group's next candidate.
 * The group's NodeClaims before `nc` have refused it for good; existing nodes too.
 */
function bulkExtra(g: PodGroup, nc: NodeClaim, next: NodeClaim | undefined, budget: number): number {
  let extra = Math.min(budget, nc.fitCount(g.pod.requests));
  if (next) extra = Math.min(extra, Math.max(0, next.pods - nc.pods + (nc.id < next.id ? 1 : 0)));
  return extra;
}

/**
 * The NodePools (templates) whose fresh NodeClaim would accept the pod, without relaxation and ignoring limits
 * (nodeclaim.go NodeClaim.CanAdd on an empty NodeClaim): taints, requirements, an instance type that fits with an
 * available offering, minValues.
 */
export function hostingTemplates(templates: Template[], pod: PodTemplate, opts: SchedulerOptions): Template[] {
  const st = initialPodState(pod, opts.preferencePolicy);
  const reqs = podRequirements(pod, st);
  // The templates the index leaves out refuse the pod at Compatible (RequirementIndex).
  const at = templatesIndex(templates).byRequirement.candidates(reqs);
  return (at ? at.map((i) => templates[i]) : templates).filter((t) => {
    const a = templateAttempt(t, st, reqs);
    if (!a.ok) return false;
    // Without minValues the check passes with the first instance type that fits (minValuesCheck asks nothing more).
    if (!a.reqs.hasMinValues()) return a.options.some((it) => fitsOn(it, t, pod.requests, {}));
    const options = a.options.filter((it) => fitsOn(it, t, pod.requests, {}));
    return options.length > 0 && !minValuesCheck(options, a.reqs, opts.minValuesPolicy).error;
  });
}

/** A new NodeClaim's CanAdd that succeeded: its options, the minValues outcome and the reservations to hold. */
interface NewClaim {
  ok: true;
  options: InstanceType[];
  mv: ReturnType<typeof minValuesCheck>;
  reserve?: Set<string>;
}

/**
 * Why no instance type has room, when the cause is the instance store: the pod asks for more ephemeral storage than any
 * candidate's root volume gives, while some candidate's local NVMe would give enough — which Karpenter counts as
 * ephemeral storage only under `instanceStorePolicy: RAID0` (karpenter-provider-aws pkg/providers/instancetype/
 * types.go ephemeralStorage). Empty otherwise.
 */
export function instanceStoreHint(candidates: readonly InstanceType[], requests: ResourceList): string {
  const need = requests['ephemeral-storage'] ?? 0;
  if (need <= 0 || candidates.some((it) => (it.allocatable['ephemeral-storage'] ?? 0) >= need)) return '';
  const nvme = (it: InstanceType) => Number(it.labels['karpenter.k8s.aws/instance-local-nvme'] ?? 0) * 1e9;
  const withStore = candidates.filter((it) => nvme(it) >= need && (it.capacity['ephemeral-storage'] ?? 0) < nvme(it));
  if (!withStore.length) return '';
  const gb = (b: number) => `${Math.round(b / 1e9)} GB`;
  const gib = (b: number) => `${Math.round(b / 2 ** 30)}Gi`;
  const root = Math.max(...candidates.map((it) => it.capacity['ephemeral-storage'] ?? 0));
  return `: ephemeral-storage ${gib(need)} is more than the root volume of every instance type (${gib(root)}); ${withStore.length} of them have an instance store that large (e.g. ${withStore[0].name}, ${gb(nvme(withStore[0]))}), which is ephemeral storage only with instanceStorePolicy: RAID0 on the EC2NodeClass`;
}

function withinLimits(it: InstanceType, rem: ResourceList): boolean {
  // filterByRemainingResources (scheduler.go): every limited resource: capacity ≤ remaining (missing capacity = 0).
  for (const [k, v] of Object.entries(rem)) if ((it.capacity[k] ?? 0) > v) return false;
  return true;
}

/**
 * scheduler.go updateRemainingResources for one existing node, in place: `rem` − (its capacity with `nodes: 1`), over
 * the limited resources only (resources.Subtract keeps the receiver's keys).
 */
/** Subtracts what several nodes use (their summed capacity, `nodes` their count) from remaining limits, in place. */
function subtractUsed(rem: ResourceList, used: ResourceList): void {
  for (const k in rem) if (k in used) rem[k] -= used[k];
}

function subtractCapacity(rem: ResourceList, capacity: ResourceList): void {
  for (const k in rem) {
    if (k === 'nodes') rem[k] -= 1;
    else if (k in capacity) rem[k] -= capacity[k];
  }
}

function subtractMax(rem: ResourceList, options: InstanceType[]): void {
  for (const k of Object.keys(rem)) {
    let max = 0;
    for (const it of options) max = Math.max(max, it.capacity[k] ?? 0);
    rem[k] -= max;
  }
}

/** The requirement and offering part of CanAdd on a fresh NodeClaim of template `t` (nodeclaim.go NodeClaim.CanAdd: taints, requirements). */
function templateAttempt(t: Template, st: PodState, podReqs: Requirements): Attempt | Failure {
  const taint = untolerated(t.taints, st.tolerations);
  if (taint)
    return {
      ok: false,
      code: 'taint',
      error: `did not tolerate taint ${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`,
    };
  if (!t.requirements.isCompatible(podReqs, true))
    return {
      ok: false,
      code: 'incompatible-requirements',
      get error() {
        return `incompatible requirements, ${t.requirements.compatible(podReqs, true) ?? ''}`;
      },
    };
  // A pod without requirements keeps the template's requirements, whose instance types the
  // pre-filter already checked (scheduler.go NewScheduler): no need to filter them again.
  const reqs = podReqs.size === 0 ? t.requirements : t.requirements.clone().addAll(podReqs);
  const options = podReqs.size === 0 ? t.instanceTypes : compatibleOptions(t.instanceTypes, reqs);
  if (options.length === 0)
    return {
      ok: false,
      code: 'no-compatible-offering',
      error: 'no instance type satisfied the requirements with an available offering',
    };
  return { ok: true, reqs, options, relaxedMinValues: false };
}
