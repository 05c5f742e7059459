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
import { Topology } from './topology.js';
import { sortExistingNodes, type ExistingNode } from './existingnode.js';
import { subtractResources } from '../common/quantity.js';
import { offeringsToReserve, reservedOfferingError } from './reservation.js';
import { volumeAlternatives, withVolumeAlternative } from './volumetopology.js';
import {
  applyTopology,
  compatibleOptions,
  hostnamePlaceholder,
  fitsOn,
  minValuesCheck,
  NodeClaim,
  type Attempt,
  type Failure,
  type PodGroup,
  type SchedulerOptions,
  type SchedulingError,
  type SchedulingErrorCode,
  type Template,
} from './nodeclaim.js';

export interface ScheduleResult {
  nodeClaims: NodeClaim[];
  /** Pods per group that found no place, with Karpenter's error. */
  errors: Map<string, SchedulingError>;
  /** Approximations this run made (for the report's assumptions). */
  notes: string[];
}

/**
 * `existing`: the cluster's nodes (existingnode.ts), tried before in-flight and new NodeClaims; their capacity counts
 * against their NodePool's limits. Mutated: each gains the pods placed on it.
 */
export function schedule(
  templates: Template[],
  groups: PodGroup[],
  opts: SchedulerOptions,
  existing: ExistingNode[] = [],
): ScheduleResult {
  const nodeClaims: NodeClaim[] = [];
  const errors = new Map<string, SchedulingError>();
  const anyPreferNoSchedule = templates.some((t) => t.taints.some((x) => x.effect === 'PreferNoSchedule'));
  const remaining = new Map<string, ResourceList | undefined>(
    templates.map((t) => [t.nodePool, t.limits ? { ...t.limits } : undefined]),
  );
  // scheduler.go calculateExistingNodeClaims → updateRemainingResources: each existing node's capacity (with `nodes:
  // 1`, StateNode.Capacity) is subtracted from its NodePool's limits, over the limited resources only.
  for (const n of existing) {
    const rem = n.input.nodePool !== null ? remaining.get(n.input.nodePool) : undefined;
    if (rem) remaining.set(n.input.nodePool!, subtractResources(rem, { ...n.capacity, nodes: 1 }));
  }
  const existingNodes = sortExistingNodes(existing);
  // Per group and relaxation level: the existing nodes that have not refused it yet (they only fill up).
  const existingOpen = new Map<string, ExistingNode[]>();
  // In-flight NodeClaims ordered by pod count ascending (ties: creation order) (scheduler.go add).
  const byPods: NodeClaim[] = [];
  // Per group and relaxation level: the NodeClaims that have not refused it yet (`synced`: how many of nodeClaims
  // have been added to the list).
  const notRefused = new Map<string, { ncs: NodeClaim[]; synced: number }>();
  const byPodsOrder = (a: NodeClaim, b: NodeClaim) => a.pods - b.pods || a.id - b.id;
  // Per group and level, the templates whose NodeClaims can never take the pod: a taint it does not tolerate (a
  // NodeClaim has its template's taints), or a key both constrain with no common value (a NodeClaim's requirements only
  // narrow its template's, so that key stays empty for every NodeClaim of the template). A key the template lacks is
  // not decided here: a NodeClaim may have gained it from an earlier pod. This spares the canAdd calls of NodeClaims
  // that Karpenter would try and reject (scheduler.go add) without changing any outcome.
  const templateIndex = new Map(templates.map((t, i) => [t, i]));
  const excludedTemplates = new Map<string, Uint8Array>();
  const signatures = new Map<string, string>();
  const excludes = (sig: string, nc: NodeClaim, st: PodState, reqs: Requirements): boolean => {
    let cache = excludedTemplates.get(sig);
    if (!cache) excludedTemplates.set(sig, (cache = new Uint8Array(templates.length)));
    const i = templateIndex.get(nc.template);
    if (i === undefined) return false;
    if (cache[i] === 0) {
      const t = nc.template;
      cache[i] = untolerated(t.taints, st.tolerations) || !t.requirements.intersectsOk(reqs) ? 2 : 1;
    }
    return cache[i] === 2;
  };
  // Per pod signature (requirements and tolerations at a level), each template's attempt, computed when first needed: templates are tried in order and the
  // first that succeeds wins, so most pods never look at the later ones.
  const templateCache = new Map<string, (Attempt | Failure | undefined)[]>();
  const topology = Topology.build(
    templates,
    groups,
    opts.preferencePolicy,
    existing.map((n) => n.input),
  );
  // NewExistingNode: each existing node's hostname is a domain of every hostname group.
  if (topology) for (const n of existingNodes) topology.register(n.hostname);
  const notes: string[] = [];
  if (topology) {
    notes.push(
      existing.length
        ? "Pod-to-pod constraints (topology spread, pod affinity and anti-affinity) count the pods of this simulation and those the fleet snapshot's nodes keep; pods on nodes outside the snapshot are not counted."
        : 'Pod-to-pod constraints (topology spread, pod affinity and anti-affinity) count the pods of this simulation only; pods already running in the cluster are not counted.',
    );
    if (topology.namespaceSelectorsApproximated)
      notes.push(
        'Pod affinity namespaceSelector with labels: namespace labels are not read, so every namespace is selected.',
      );
  }

  // Queue order (queue.go byCPUAndMemoryDescending): CPU descending, memory descending, creation order.
  const queue = [...groups].sort(
    (a, b) =>
      (b.pod.requests.cpu ?? 0) - (a.pod.requests.cpu ?? 0) ||
      (b.pod.requests.memory ?? 0) - (a.pod.requests.memory ?? 0) ||
      a.order - b.order,
  );

  const moveUp = (nc: NodeClaim): void => {
    let i = byPods.indexOf(nc);
    while (
      i + 1 < byPods.length &&
      (byPods[i + 1].pods < nc.pods || (byPods[i + 1].pods === nc.pods && byPods[i + 1].id < nc.id))
    ) {
      byPods[i] = byPods[i + 1];
      byPods[i + 1] = nc;
      i++;
    }
  };

  /** The rest of NodeClaim.CanAdd on a new NodeClaim of `t` once the pod's (and volumes') requirements are in. */
  const newClaimAttempt = (
    t: Template,
    g: PodGroup,
    st: PodState,
    reqs: Requirements,
    options: InstanceType[],
    rem: ResourceList | undefined,
    placeholder: string,
    topo: Topology | null,
  ): NewClaim | Failure | { deferred: string } => {
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
    options = options.filter((it) => fitsOn(it, t, g.pod.requests, {}));
    if (options.length === 0)
      return {
        ok: false,
        code: 'insufficient-resources',
        error: "no instance type has enough resources for the pod's requests",
      };
    const mv = minValuesCheck(options, reqs0, opts.minValuesPolicy);
    if (mv.error) return { ok: false, code: 'min-values', error: mv.error };
    let reserve: Set<string> | undefined;
    if (opts.reservations) {
      const offers = offeringsToReserve(opts.reservations, placeholder, options, mv.reqs);
      const err = reservedOfferingError(offers, false);
      if (err) return { deferred: err };
      reserve = offers.ids;
    }
    return { ok: true, options, mv, ...(reserve ? { reserve } : {}) };
  };

  // Identical pods placed by the last successful placeOne (1, or more when placed in bulk).
  let placed = 1;
  // Bulk placement applies when nothing ties pods to one another: no topology in the batch, no reservations (strict
  // reserved mode), no host ports, no volume requirements.
  const bulkable = (g: PodGroup): boolean =>
    opts.bulk !== false &&
    topology === null &&
    !opts.reservations &&
    !g.pod.constraints.hostPorts.length &&
    !volumeAlternatives(g.pod);
  /**
   * After one pod of `g` went to `nc`, how many more identical pods Karpenter would also put there, one at a time:
   * while every instance type left still fits one more (the options, requirements and minValues outcome stay the
   * same) and `nc` stays first in fewest-pods-first order (scheduler.go add) before `next`, the group's next candidate.
   * The group's NodeClaims before `nc` have refused it for good; existing nodes too.
   */
  const bulkExtra = (g: PodGroup, nc: NodeClaim, next: NodeClaim | undefined, budget: number): number => {
    let extra = Math.min(budget, nc.fitCount(g.pod.requests));
    if (next) extra = Math.min(extra, Math.max(0, next.pods - nc.pods + (nc.id < next.id ? 1 : 0)));
    return extra;
  };

  const placeOne = (g: PodGroup, budget = 1): { error: string; codes: SchedulingErrorCode[] } | null => {
    placed = 1;
    // Pods whose placement depends on other pods (topology): spread and affinity refusals can be lifted later.
    const involved = topology?.involved(g) ?? false;
    const topo = involved ? topology : null;
    const volatile = involved && topology!.changeable(g);
    let st: PodState | null = initialPodState(g.pod, opts.preferencePolicy);
    let lastError = { error: 'no nodepool could host the pod', codes: ['no-nodepool'] as SchedulingErrorCode[] };
    while (st) {
      const reqs = podRequirements(g.pod, st);
      // Groups of one workload whose volumes differ (segments) keep their refusals apart.
      const levelKey = `${g.key}${g.segment !== undefined ? `~${g.segment}` : ''}#${st.level}`;
      // What a template's attempt and exclusion depend on (the pod's requirements and tolerations at this level):
      // groups that share it (a team's workloads selecting its pool) share those results. Volume requirements are not
      // part of it: they are tried after the shared attempt, per group (newClaimAttempt's caller, NodeClaim.canAdd).
      let sig = signatures.get(levelKey);
      if (sig === undefined) signatures.set(levelKey, (sig = `${reqs.toString()}|${JSON.stringify(st.tolerations)}`));
      // 0: existing nodes, initialized first then by name; the first that accepts the pod wins (scheduler.go
      // addToExistingNode). A refusal stays (nodes only fill up), except for pods whose domains move (topology).
      if (existingNodes.length) {
        let list = volatile ? existingNodes : existingOpen.get(levelKey);
        if (!list) existingOpen.set(levelKey, (list = [...existingNodes]));
        for (let i = 0; i < list.length; i++) {
          const n = list[i];
          const r = n.canAdd(g, st, reqs, topo);
          if (r.ok) {
            n.add(g, r.reqs);
            topology?.record(g, n.input.taints, r.reqs, n.hostname);
            return null;
          }
          if (!volatile) list.splice(i--, 1);
        }
      }
      // 1-2: in-flight NodeClaims, fewest pods first (ties: creation order). A refusal usually stays: nodes only fill
      // up and narrow, and anti-affinity counts only grow; so each group and level keeps the NodeClaims that have not
      // refused it yet and looks at those only. A reservation that may be released later (strict reserved mode)
      // makes a refusal temporary, and so does any refusal of a pod with spread or affinity terms (later placements
      // move the domains it may use): those pods look at every NodeClaim.
      let candidates: NodeClaim[];
      let open = notRefused.get(levelKey);
      if (volatile) candidates = byPods;
      else {
        if (!open) notRefused.set(levelKey, (open = { ncs: [], synced: 0 }));
        for (; open.synced < nodeClaims.length; open.synced++) {
          const nc = nodeClaims[open.synced];
          if (!excludes(sig, nc, st, reqs)) open.ncs.push(nc);
        }
        // In place: the list is nearly sorted already (one NodeClaim gained a pod), which the sort handles in O(n).
        if (open.ncs.length > 1) open.ncs.sort(byPodsOrder);
        candidates = open.ncs;
      }
      for (let i = 0; i < candidates.length; i++) {
        const nc = candidates[i];
        const r = nc.canAdd(g, st, reqs, opts, topo);
        if (r.ok) {
          nc.add(g, r);
          topology?.record(g, nc.template.taints, nc.requirements, nc.hostname);
          if (budget > 1 && open && bulkable(g)) {
            const extra = bulkExtra(g, nc, candidates[i + 1], budget - 1);
            if (extra > 0) {
              nc.addMore(g, extra);
              placed += extra;
            }
          }
          moveUp(nc);
          return null;
        }
        if (open && r.code !== 'reserved-offering') candidates.splice(i--, 1);
      }
      // 3: a new NodeClaim from the templates, lowest index that succeeds (scheduler.go addToNewNodeClaim).
      let cached = templateCache.get(sig);
      if (!cached) templateCache.set(sig, (cached = new Array(templates.length)));
      const errs: string[] = [];
      const codes = new Set<SchedulingErrorCode>();
      for (let i = 0; i < templates.length; i++) {
        const t = templates[i];
        const base = (cached[i] ??= templateAttempt(t, st, reqs));
        if (!base.ok) {
          errs.push(`nodepool "${t.nodePool}": ${base.error}`);
          codes.add(base.code);
          continue;
        }
        const rem = remaining.get(t.nodePool);
        const placeholder = hostnamePlaceholder(nodeClaims.length);
        // NodeClaim.CanAdd on the new NodeClaim: each volume topology alternative in turn, the first that fits wins
        // (nodeclaim.go tryVolumeAlternative); a pod without volume requirements has one, empty.
        const alts = volumeAlternatives(g.pod);
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
          }
          r = newClaimAttempt(t, g, st, reqs0, options, rem, placeholder, topo);
          if ('deferred' in r || r.ok) break;
        }
        if ('deferred' in r) {
          // A ReservedOfferingError cancels the lower-priority templates (scheduler.go addToNewNodeClaim): the pod
          // waits for the next round, without relaxing its preferences (trySchedule).
          return { error: `nodepool "${t.nodePool}": ${r.deferred}`, codes: ['reserved-offering'] };
        }
        if (!r.ok) {
          errs.push(`nodepool "${t.nodePool}": ${r.error}`);
          codes.add(r.code);
          continue;
        }
        const { options, mv, reserve } = r;
        const nc = new NodeClaim(nodeClaims.length, t, mv.reqs, options, opts.reservations);
        nc.add(g, {
          ok: true,
          reqs: mv.reqs,
          options,
          relaxedMinValues: base.relaxedMinValues || mv.relaxed,
          ...(reserve ? { reserve } : {}),
        });
        topology?.register(nc.hostname);
        topology?.record(g, t.taints, nc.requirements, nc.hostname);
        nodeClaims.push(nc);
        // A new NodeClaim has the fewest pods (one): it goes before every NodeClaim with more.
        let at = byPods.length;
        while (at > 0 && byPodsOrder(byPods[at - 1], nc) > 0) at--;
        byPods.splice(at, 0, nc);
        if (rem) subtractMax(rem, options);
        return null;
      }
      lastError =
        templates.length === 0
          ? { error: 'nodepool requirements filtered out all available instance types', codes: ['no-nodepool'] }
          : { error: errs.join('; '), codes: [...codes] };
      st = relax(st, anyPreferNoSchedule);
    }
    return lastError;
  };

  // Groups of one workload (segments) add up: the count grows, the first error stays, the codes join.
  const addError = (key: string, e: SchedulingError): void => {
    const prev = errors.get(key);
    if (!prev) errors.set(key, e);
    else
      errors.set(key, {
        count: prev.count + e.count,
        error: prev.error,
        codes: [...new Set([...prev.codes, ...e.codes])],
      });
  };
  const failed: { g: PodGroup; count: number; error: { error: string; codes: SchedulingErrorCode[] } }[] = [];
  for (const g of queue) {
    if (g.pod.invalid.length) {
      addError(g.key, {
        count: g.count,
        error: `the pod fails Karpenter's validation and is ignored: ${g.pod.invalid[0]}`,
        codes: ['invalid-pod'],
      });
      continue;
    }
    for (let i = 0; i < g.count; i += placed) {
      const err = placeOne(g, g.count - i);
      if (err) {
        // Every later identical pod fails the same way (nodes only fill up): fail them together.
        failed.push({ g, count: g.count - i, error: err });
        break;
      }
    }
  }
  // The queue re-tries failed pods while a cycle makes progress (scheduler.go Solve, queue.go Queue.Pop). Pods
  // deferred by a ReservedOfferingError are placed in the next provisioning round, once the NodeClaims holding the
  // reservations have launched on them (provisioner.go Schedule: "deferring scheduling decision").
  let pending = failed.map((f) => ({ ...f }));
  for (let progress = true; progress && pending.length;) {
    progress = false;
    if (opts.reservations && pending.some((f) => f.error.codes.includes('reserved-offering'))) {
      for (const nc of nodeClaims) if (nc.launchReserved(opts.reservations)) progress = true;
      notRefused.clear();
      templateCache.clear();
      excludedTemplates.clear();
    }
    for (const f of pending) {
      for (; f.count > 0; f.count -= placed) {
        const err = placeOne(f.g, f.count);
        if (err) {
          f.error = err;
          break;
        }
        progress = true;
      }
    }
    pending = pending.filter((f) => f.count > 0);
  }
  for (const f of pending) addError(f.g.key, { count: f.count, ...f.error });
  for (const nc of nodeClaims) nc.finalizeScheduling(opts);
  return { nodeClaims, errors, notes };
}

/**
 * The NodePools (templates) whose fresh NodeClaim would accept the pod, without relaxation and ignoring limits
 * (nodeclaim.go NodeClaim.CanAdd on an empty NodeClaim): taints, requirements, an instance type that fits with an
 * available offering, minValues.
 */
export function hostingTemplates(templates: Template[], pod: PodTemplate, opts: SchedulerOptions): Template[] {
  const st = initialPodState(pod, opts.preferencePolicy);
  const reqs = podRequirements(pod, st);
  return templates.filter((t) => {
    const a = templateAttempt(t, st, reqs);
    if (!a.ok) return false;
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

function withinLimits(it: InstanceType, rem: ResourceList): boolean {
  // filterByRemainingResources (scheduler.go): every limited resource: capacity ≤ remaining (missing capacity = 0).
  for (const [k, v] of Object.entries(rem)) if ((it.capacity[k] ?? 0) > v) return false;
  return true;
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
