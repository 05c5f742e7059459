/**
 * The provisioning scheduler (karpenter pkg/controllers/provisioning/scheduling/): pods in queue order (queue.go) go to
 * existing nodes (existingnode.go ExistingNode.CanAdd), then in-flight NodeClaims with the fewest pods first
 * (scheduler.go add), then a new NodeClaim from the NodePool templates in weight order where the lowest index that
 * succeeds wins (scheduler.go addToNewNodeClaim). New NodeClaims accumulate pods and narrow (nodeclaim.go
 * NodeClaim.CanAdd, NodeClaim.Add); limits pre-filter and subtractMax (scheduler.go filterByRemainingResources);
 * daemonset overhead per template and instance type (buildDaemonOverheadGroups); preference relaxation (preferences.go
 * Relax); truncation to 600 with the minValues re-check (scheduler.go TruncateInstanceTypes).
 *
 * Identical pods of one workload are a group; a node that once refused a pod of a group (at one
 * relaxation level) refuses every later one (nodes only fill up and narrow), which keeps large
 * replica counts cheap.
 */
import type { InstanceType } from '../cloudprovider/instancetype.js';
import { cheapestOffering, offeringCompatible, satisfiesMinValues } from '../cloudprovider/instancetype.js';
import { initialPodState, podRequirements, relax, type PodState } from './preferences.js';
import type { ResourceList } from '../common/quantity.js';
import { Requirements } from '../scheduling/requirements.js';
import { untolerated } from '../scheduling/taints.js';
import type { Taint } from '../api/validation.js';
import type { PodTemplate } from '../api/workload.js';

export const MAX_INSTANCE_TYPES = 600;

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
  pod: PodTemplate;
  count: number;
  /** Creation order (queue tie-break after cpu and memory, queue.go byCPUAndMemoryDescending). */
  order: number;
}

export interface SchedulerOptions {
  preferencePolicy: 'Respect' | 'Ignore';
  minValuesPolicy: 'Strict' | 'BestEffort';
}

export interface NodeClaimSim {
  id: number;
  template: Template;
  requirements: Requirements;
  options: InstanceType[];
  requests: ResourceList;
  pods: number;
  groups: Map<string, number>;
  minValuesRelaxed: boolean;
  /** Set by finalisation: the ≤600 price-ordered options (scheduler.go TruncateInstanceTypes). */
  finalOptions?: InstanceType[];
  dropped?: string;
}

export interface ScheduleResult {
  nodeClaims: NodeClaimSim[];
  /** Pods per group that found no place, with Karpenter's error. */
  errors: Map<string, SchedulingError>;
}

interface Attempt {
  ok: true;
  reqs: Requirements;
  options: InstanceType[];
  relaxedMinValues: boolean;
}
interface Failure {
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
  | 'no-nodepool'
  | 'invalid-pod'
  | 'launch-failed';

export interface SchedulingError {
  count: number;
  error: string;
  codes: SchedulingErrorCode[];
}

export function schedule(templates: Template[], groups: PodGroup[], opts: SchedulerOptions): ScheduleResult {
  const nodeClaims: NodeClaimSim[] = [];
  const errors = new Map<string, SchedulingError>();
  const anyPreferNoSchedule = templates.some((t) => t.taints.some((x) => x.effect === 'PreferNoSchedule'));
  const remaining = new Map<string, ResourceList | undefined>(
    templates.map((t) => [t.nodePool, t.limits ? { ...t.limits } : undefined]),
  );
  // In-flight NodeClaims ordered by pod count ascending (ties: creation order) (scheduler.go add).
  const byPods: NodeClaimSim[] = [];
  // Per group and relaxation level: NodeClaims that already refused it, and cached template attempts.
  const refused = new Map<string, Set<number>>();
  const templateCache = new Map<string, (Attempt | Failure)[]>();

  // Queue order (queue.go byCPUAndMemoryDescending): CPU descending, memory descending, creation order.
  const queue = [...groups].sort(
    (a, b) =>
      (b.pod.requests.cpu ?? 0) - (a.pod.requests.cpu ?? 0) ||
      (b.pod.requests.memory ?? 0) - (a.pod.requests.memory ?? 0) ||
      a.order - b.order,
  );

  const moveUp = (nc: NodeClaimSim): void => {
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

  const placeOne = (g: PodGroup): { error: string; codes: SchedulingErrorCode[] } | null => {
    let st: PodState | null = initialPodState(g.pod, opts.preferencePolicy);
    let lastError = { error: 'no nodepool could host the pod', codes: ['no-nodepool'] as SchedulingErrorCode[] };
    while (st) {
      const reqs = podRequirements(g.pod, st);
      const levelKey = `${g.key}#${st.level}`;
      let refusedHere = refused.get(levelKey);
      if (!refusedHere) refused.set(levelKey, (refusedHere = new Set()));
      // 1-2: in-flight NodeClaims, fewest pods first.
      for (const nc of byPods) {
        if (refusedHere.has(nc.id)) continue;
        const r = canAdd(nc, g, st, reqs, opts);
        if (r.ok) {
          commit(nc, g, r);
          moveUp(nc);
          return null;
        }
        refusedHere.add(nc.id);
      }
      // 3: a new NodeClaim from the templates, lowest index that succeeds (scheduler.go addToNewNodeClaim).
      let cached = templateCache.get(levelKey);
      if (!cached) templateCache.set(levelKey, (cached = templates.map((t) => templateAttempt(t, st!, reqs))));
      const errs: string[] = [];
      const codes = new Set<SchedulingErrorCode>();
      for (let i = 0; i < templates.length; i++) {
        const t = templates[i];
        const base = cached[i];
        if (!base.ok) {
          errs.push(`nodepool "${t.nodePool}": ${base.error}`);
          codes.add(base.code);
          continue;
        }
        const rem = remaining.get(t.nodePool);
        let options = base.options;
        if (rem) {
          if (rem.nodes !== undefined && rem.nodes === 0) {
            errs.push(`nodepool "${t.nodePool}": node limits have been exhausted`);
            codes.add('limits-exhausted');
            continue;
          }
          options = options.filter((it) => withinLimits(it, rem));
          if (options.length === 0) {
            errs.push(`nodepool "${t.nodePool}": all available instance types exceed limits for nodepool`);
            codes.add('limits-exceeded');
            continue;
          }
        }
        options = options.filter((it) => fitsOn(it, t, g.pod.requests, {}));
        if (options.length === 0) {
          errs.push(`nodepool "${t.nodePool}": no instance type has enough resources for the pod's requests`);
          codes.add('insufficient-resources');
          continue;
        }
        const mv = minValuesCheck(options, base.reqs, opts.minValuesPolicy);
        if (mv.error) {
          errs.push(`nodepool "${t.nodePool}": ${mv.error}`);
          codes.add('min-values');
          continue;
        }
        const nc: NodeClaimSim = {
          id: nodeClaims.length,
          template: t,
          requirements: mv.reqs,
          options,
          requests: {},
          pods: 0,
          groups: new Map(),
          minValuesRelaxed: base.relaxedMinValues || mv.relaxed,
        };
        commit(nc, g, { ok: true, reqs: mv.reqs, options, relaxedMinValues: nc.minValuesRelaxed });
        nodeClaims.push(nc);
        byPods.push(nc);
        moveUp(nc);
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

  const failed: { g: PodGroup; count: number; error: { error: string; codes: SchedulingErrorCode[] } }[] = [];
  for (const g of queue) {
    if (g.pod.invalid.length) {
      errors.set(g.key, {
        count: g.count,
        error: `the pod fails Karpenter's validation and is ignored: ${g.pod.invalid[0]}`,
        codes: ['invalid-pod'],
      });
      continue;
    }
    for (let i = 0; i < g.count; i++) {
      const err = placeOne(g);
      if (err) {
        // Every later identical pod fails the same way (nodes only fill up): fail them together.
        failed.push({ g, count: g.count - i, error: err });
        break;
      }
    }
  }
  // The queue re-tries failed pods after progress (scheduler.go Solve, queue.go Queue.Pop): one more pass.
  for (const f of failed) {
    let left = f.count;
    let error = f.error;
    for (; left > 0; left--) {
      const err = placeOne(f.g);
      if (err) {
        error = err;
        break;
      }
    }
    if (left > 0) errors.set(f.g.key, { count: left, ...error });
  }
  for (const nc of nodeClaims) finalize(nc, opts);
  return { nodeClaims, errors };
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

function fitsOn(it: InstanceType, t: Template, requests: ResourceList, extra: ResourceList): boolean {
  const daemon = t.daemonOverhead.get(it.name);
  const alloc = it.allocatable;
  for (const k in alloc) if (alloc[k] < 0) return false;
  const keys = new Set([...Object.keys(requests), ...Object.keys(extra), ...(daemon ? Object.keys(daemon) : [])]);
  for (const k of keys) {
    const need = (requests[k] ?? 0) + (extra[k] ?? 0) + (daemon?.[k] ?? 0);
    if (need > (alloc[k] ?? 0)) return false;
  }
  return true;
}

function compatibleOptions(options: InstanceType[], reqs: Requirements): InstanceType[] {
  return options.filter(
    (it) =>
      it.requirements.intersects(reqs) === null && it.offerings.some((o) => o.available && offeringCompatible(reqs, o)),
  );
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
  const err = t.requirements.compatible(podReqs, true);
  if (err) return { ok: false, code: 'incompatible-requirements', error: `incompatible requirements, ${err}` };
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

function canAdd(
  nc: NodeClaimSim,
  g: PodGroup,
  st: PodState,
  podReqs: Requirements,
  opts: SchedulerOptions,
): Attempt | Failure {
  if (g.pod.hostnameAntiAffinity && (nc.groups.get(g.key) ?? 0) > 0)
    return { ok: false, code: 'incompatible-requirements', error: 'hostname anti-affinity' };
  const taint = untolerated(nc.template.taints, st.tolerations);
  if (taint) return { ok: false, code: 'taint', error: 'taint' };
  let reqs = nc.requirements;
  let options = nc.options;
  if (podReqs.size > 0) {
    const err = reqs.compatible(podReqs, true);
    if (err) return { ok: false, code: 'incompatible-requirements', error: err };
    reqs = reqs.clone().addAll(podReqs);
    options = compatibleOptions(options, reqs);
  }
  options = options.filter((it) => fitsOn(it, nc.template, nc.requests, g.pod.requests));
  if (options.length === 0) return { ok: false, code: 'insufficient-resources', error: 'no instance type fits' };
  const mv = minValuesCheck(options, reqs, opts.minValuesPolicy);
  if (mv.error) return { ok: false, code: 'min-values', error: mv.error };
  return { ok: true, reqs: mv.reqs, options, relaxedMinValues: mv.relaxed };
}

function commit(nc: NodeClaimSim, g: PodGroup, r: Attempt): void {
  nc.requirements = r.reqs;
  nc.options = r.options;
  nc.pods++;
  nc.groups.set(g.key, (nc.groups.get(g.key) ?? 0) + 1);
  for (const [k, v] of Object.entries(g.pod.requests)) nc.requests[k] = (nc.requests[k] ?? 0) + v;
  if (r.relaxedMinValues) nc.minValuesRelaxed = true;
}

/** minValues under the policy (nodeclaim.go filterInstanceTypesByRequirements, NodeClaim.CanAdd): Strict fails; BestEffort lowers minValues to what is reached. */
function minValuesCheck(
  options: InstanceType[],
  reqs: Requirements,
  policy: 'Strict' | 'BestEffort',
): { reqs: Requirements; relaxed: boolean; error?: string } {
  if (!reqs.hasMinValues()) return { reqs, relaxed: false };
  const r = satisfiesMinValues(options, reqs);
  if (r.ok) return { reqs, relaxed: false };
  if (policy === 'Strict') {
    const short = [...r.reached]
      .filter(([k, n]) => n < reqs.get(k).minValues!)
      .map(([k, n]) => `${k} has ${n} of minValues ${reqs.get(k).minValues}`);
    return { reqs, relaxed: false, error: `minValues requirement is not met (${short.join(', ')})` };
  }
  const relaxed = reqs.clone();
  for (const [k, n] of r.reached) {
    const req = relaxed.get(k);
    if (req.minValues !== undefined && n < req.minValues) {
      relaxed.delete(k);
      relaxed.add(req.withMinValues(n));
    }
  }
  return { reqs: relaxed, relaxed: true };
}

/** Truncation after Solve (scheduler.go TruncateInstanceTypes, nodeclaimtemplate.go ToNodeClaim): price-ordered options cut to 600, minValues re-checked. */
function finalize(nc: NodeClaimSim, opts: SchedulerOptions): void {
  const priced = nc.options.map((it) => ({ it, p: cheapestOffering(it, nc.requirements)?.price ?? Infinity }));
  priced.sort((a, b) => a.p - b.p || (a.it.name < b.it.name ? -1 : 1));
  nc.finalOptions = priced.slice(0, MAX_INSTANCE_TYPES).map((x) => x.it);
  if (
    nc.requirements.hasMinValues() &&
    opts.minValuesPolicy !== 'BestEffort' &&
    !satisfiesMinValues(nc.finalOptions, nc.requirements).ok
  ) {
    nc.dropped = "NodePool couldn't meet minValues requirements";
  }
}
