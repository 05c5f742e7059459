/**
 * A NodeClaim being scheduled (karpenter pkg/controllers/provisioning/scheduling/nodeclaim.go): it starts from a
 * NodePool's template, accepts pods while its requirements stay compatible and one of its instance types still fits
 * them all (NodeClaim.CanAdd), narrows with each pod (NodeClaim.Add), and is truncated to the cheapest 600 instance
 * types when scheduling ends (NodeClaim.FinalizeScheduling, scheduler.go TruncateInstanceTypes).
 */
import type { Taint } from '../api/validation.js';
import {
  cheapestMatching,
  offeringMatcher,
  satisfiesMinValues,
  type InstanceType,
} from '../cloudprovider/instancetype.js';
import type { ResourceList } from '../common/quantity.js';
import type { Requirements } from '../scheduling/requirements.js';
import { untolerated } from '../scheduling/taints.js';
import { strictPodRequirements, type PodState } from './preferences.js';
import type { Topology } from './topology.js';
import type { Attempt, Failure, PodGroup, SchedulerOptions, Template } from './types.js';
import { offeringsToReserve, reservedOfferingError, type ReservationManager } from './reservation.js';
import { Requirement } from '../scheduling/requirements.js';
import { LABEL_CAPACITY_TYPE, LABEL_RESERVATION_ID } from '../api/labels.js';
import { hostPortsConflict, type HostPort } from '../api/pod-constraints.js';
import { volumeAlternatives, withVolumeAlternative } from './volumetopology.js';

export const MAX_INSTANCE_TYPES = 600;

export type {
  Attempt,
  Failure,
  PodGroup,
  SchedulerOptions,
  SchedulingError,
  SchedulingErrorCode,
  Template,
} from './types.js';

export class NodeClaim {
  requirements: Requirements;
  options: InstanceType[];
  readonly requests: ResourceList = {};
  pods = 0;
  /** Pods per group (workload key). */
  readonly groups = new Map<string, number>();
  minValuesRelaxed = false;
  /** Set by finalizeScheduling: the ≤600 price-ordered options (scheduler.go TruncateInstanceTypes). */
  finalOptions?: InstanceType[];
  /** Set by finalizeScheduling when the truncated options no longer meet minValues: the NodeClaim is not launched. */
  dropped?: string;
  /** NewNodeClaim's hostname placeholder: the NodeClaim's domain for kubernetes.io/hostname topologies. */
  readonly hostname: string;
  /** Host ports of the pods placed (hostportusage.go). */
  readonly hostPorts: HostPort[] = [];
  /** Strict reserved mode: the reservations held (nodeclaim.go reservedOfferings). */
  reserved = new Set<string>();
  /** Launched at the end of an earlier provisioning round (its reservation used, its instance type fixed). */
  launched = false;

  constructor(
    readonly id: number,
    readonly template: Template,
    requirements: Requirements,
    options: InstanceType[],
    private readonly reservations?: ReservationManager,
  ) {
    this.requirements = requirements;
    this.options = options;
    this.hostname = hostnamePlaceholder(id);
  }

  /** NodeClaim.CanAdd: whether one more pod of `g` fits, and the narrowed requirements and options if so. */
  canAdd(
    g: PodGroup,
    st: PodState,
    podReqs: Requirements,
    opts: SchedulerOptions,
    topology: Topology | null = null,
  ): Attempt | Failure {
    const taint = untolerated(this.template.taints, st.tolerations);
    if (taint) return { ok: false, code: 'taint', error: 'taint' };
    if (g.pod.constraints.hostPorts.length && hostPortsConflict(this.hostPorts, g.pod.constraints.hostPorts))
      return { ok: false, code: 'host-port', error: 'a host port is already in use on the NodeClaim' };
    let reqs = this.requirements;
    let options = this.options;
    if (podReqs.size > 0) {
      // The error text is built only when read (Karpenter keeps these errors lazy for the same reason).
      if (!reqs.isCompatible(podReqs, true)) {
        const r = reqs;
        return {
          ok: false,
          code: 'incompatible-requirements',
          get error() {
            return r.compatible(podReqs, true) ?? '';
          },
        };
      }
      reqs = reqs.clone().addAll(podReqs);
      options = compatibleOptions(options, reqs);
    }
    const alts = volumeAlternatives(g.pod);
    if (!alts) return this.tryVolumeAlternative(g, st, reqs, options, opts, topology);
    // nodeclaim.go CanAdd: each volume topology alternative in turn; the first with which the pod fits wins, else the
    // last error.
    let last: Failure = { ok: false, code: 'volume-topology', error: 'incompatible volume requirements' };
    for (const alt of alts) {
      const v = withVolumeAlternative(reqs, alt, true, this.hostname);
      if (!v.ok) {
        last = { ok: false, code: 'volume-topology', error: v.error };
        continue;
      }
      const r = this.tryVolumeAlternative(g, st, v.reqs, compatibleOptions(options, v.reqs), opts, topology);
      if (r.ok) return r;
      last = r;
    }
    return last;
  }

  /** nodeclaim.go tryVolumeAlternative after the volume requirements: topology, resources, minValues, reservations. */
  private tryVolumeAlternative(
    g: PodGroup,
    st: PodState,
    reqs: Requirements,
    options: InstanceType[],
    opts: SchedulerOptions,
    topology: Topology | null,
  ): Attempt | Failure {
    if (topology) {
      const t = applyTopology(topology, g, st, this.template.taints, reqs, options, this.hostname);
      if (!t.ok) return t;
      reqs = t.reqs;
      options = t.options;
    }
    options = options.filter((it) => fitsOn(it, this.template, this.requests, g.pod.requests));
    if (options.length === 0) return { ok: false, code: 'insufficient-resources', error: 'no instance type fits' };
    const mv = minValuesCheck(options, reqs, opts.minValuesPolicy);
    if (mv.error) return { ok: false, code: 'min-values', error: mv.error };
    const rm = opts.reservations;
    if (rm && !this.launched) {
      const offers = offeringsToReserve(rm, this.hostname, options, mv.reqs);
      const err = reservedOfferingError(offers, this.reserved.size > 0);
      if (err) return { ok: false, code: 'reserved-offering', error: err };
      return { ok: true, reqs: mv.reqs, options, relaxedMinValues: mv.relaxed, reserve: offers.ids };
    }
    return { ok: true, reqs: mv.reqs, options, relaxedMinValues: mv.relaxed };
  }

  /**
   * The end of a provisioning round for a NodeClaim that holds reservations: it launches on the cheapest reserved
   * offering it holds (FinalizeScheduling restricts it to capacity-type reserved and those reservation IDs), which
   * uses one instance of that reservation up. Returns false when it holds none.
   */
  launchReserved(rm: ReservationManager): boolean {
    if (this.launched || this.reserved.size === 0) return false;
    let best: { id: string; price: number } | null = null;
    for (const it of this.options)
      for (const o of it.offerings)
        if (o.reservationId && this.reserved.has(o.reservationId) && (!best || o.price < best.price))
          best = { id: o.reservationId, price: o.price };
    if (!best) return false;
    rm.launch(this.hostname, best.id);
    this.requirements = this.requirements
      .clone()
      .add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['reserved']))
      .add(Requirement.of(LABEL_RESERVATION_ID, 'In', [best.id]));
    this.options = compatibleOptions(this.options, this.requirements);
    this.reserved = new Set();
    this.launched = true;
    return true;
  }

  /** NodeClaim.Add: the pod is placed; the NodeClaim takes the narrowed requirements and options. */
  add(g: PodGroup, r: Attempt): void {
    this.requirements = r.reqs;
    this.options = r.options;
    this.pods++;
    this.groups.set(g.key, (this.groups.get(g.key) ?? 0) + 1);
    if (g.pod.constraints.hostPorts.length) this.hostPorts.push(...g.pod.constraints.hostPorts);
    if (r.reserve && this.reservations) {
      this.reservations.hold(this.hostname, r.reserve);
      this.reserved = r.reserve;
    }
    for (const [k, v] of Object.entries(g.pod.requests)) this.requests[k] = (this.requests[k] ?? 0) + v;
    if (r.relaxedMinValues) this.minValuesRelaxed = true;
  }

  /**
   * How many more pods with these requests fit on every instance type the NodeClaim still has: adding that many
   * leaves its options unchanged (each pod's NodeClaim.CanAdd would return the same options).
   */
  fitCount(requests: ResourceList): number {
    // Exact as fitsOn is: quantities are integers (millicores, bytes, counts), so floor(room / need) is the count.
    let min = Infinity;
    for (const it of this.options) {
      const daemon = this.template.daemonOverhead.get(it.name);
      for (const k in requests) {
        const need = requests[k];
        if (!(need > 0)) continue;
        const room = (it.allocatable[k] ?? 0) - (this.requests[k] ?? 0) - (daemon?.[k] ?? 0);
        min = Math.min(min, Math.floor(room / need));
        if (min <= 0) return 0;
      }
    }
    return min === Infinity ? 0 : min;
  }

  /** `count` more identical pods of `g`, each accepted with the NodeClaim's current requirements and options. */
  addMore(g: PodGroup, count: number): void {
    this.pods += count;
    this.groups.set(g.key, (this.groups.get(g.key) ?? 0) + count);
    for (const [k, v] of Object.entries(g.pod.requests)) this.requests[k] = (this.requests[k] ?? 0) + v * count;
  }

  /**
   * NodeClaim.FinalizeScheduling with scheduler.go TruncateInstanceTypes: options ordered by price and cut to 600,
   * minValues re-checked (nodeclaimtemplate.go ToNodeClaim).
   */
  finalizeScheduling(opts: SchedulerOptions): void {
    // Reservations held: the NodeClaim is restricted to them (nodeclaim.go FinalizeScheduling).
    if (this.reserved.size > 0) {
      this.requirements = this.requirements
        .clone()
        .add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['reserved']))
        .add(Requirement.of(LABEL_RESERVATION_ID, 'In', [...this.reserved]));
      this.options = compatibleOptions(this.options, this.requirements);
    }
    const compatible = offeringMatcher(this.requirements);
    const priced = this.options.map((it) => ({ it, p: cheapestMatching(it, compatible)?.price ?? Infinity }));
    priced.sort((a, b) => a.p - b.p || (a.it.name < b.it.name ? -1 : 1));
    this.finalOptions = priced.slice(0, MAX_INSTANCE_TYPES).map((x) => x.it);
    if (
      this.requirements.hasMinValues() &&
      opts.minValuesPolicy !== 'BestEffort' &&
      !satisfiesMinValues(this.finalOptions, this.requirements).ok
    ) {
      this.dropped = "NodePool couldn't meet minValues requirements";
    }
  }
}

/** nodeclaim.go NewNodeClaim: each NodeClaim is its own hostname domain until it launches. */
export function hostnamePlaceholder(id: number): string {
  return `hostname-placeholder-${String(id).padStart(4, '0')}`;
}

/**
 * The pod's topology requirements on a NodeClaim (or template) whose requirements are `reqs` (already narrowed by the
 * pod's), as nodeclaim.go CanAdd applies them: Topology.AddRequirements, compatibility, then the options narrowed.
 */
export function applyTopology(
  topology: Topology,
  g: PodGroup,
  st: PodState,
  taints: readonly Taint[],
  reqs: Requirements,
  options: InstanceType[],
  hostname: string,
): { ok: true; reqs: Requirements; options: InstanceType[] } | Failure {
  const t = topology.addRequirements(g, st, taints, strictPodRequirements(g.pod, st), reqs, hostname);
  if (!t.ok) return { ok: false, code: 'topology', error: t.error };
  if (!t.reqs || t.reqs.size === 0) return { ok: true, reqs, options };
  if (!reqs.isCompatible(t.reqs, true)) {
    const tr = t.reqs;
    return {
      ok: false,
      code: 'topology',
      get error() {
        return reqs.compatible(tr, true) ?? '';
      },
    };
  }
  const narrowed = reqs.clone().addAll(t.reqs);
  return { ok: true, reqs: narrowed, options: compatibleOptions(options, narrowed) };
}

export function fitsOn(it: InstanceType, t: Template, requests: ResourceList, extra: ResourceList): boolean {
  const daemon = t.daemonOverhead.get(it.name);
  const alloc = it.allocatable;
  for (const k in alloc) if (alloc[k] < 0) return false;
  // Every resource named by the requests, the pod or the daemons: its sum within the allocatable (missing counts 0).
  // Each key is checked where it first appears, without building the union (this runs per instance type per attempt).
  for (const k in requests)
    if ((requests[k] ?? 0) + (extra[k] ?? 0) + (daemon?.[k] ?? 0) > (alloc[k] ?? 0)) return false;
  for (const k in extra)
    if (!Object.hasOwn(requests, k) && (extra[k] ?? 0) + (daemon?.[k] ?? 0) > (alloc[k] ?? 0)) return false;
  if (daemon)
    for (const k in daemon)
      if (!Object.hasOwn(requests, k) && !Object.hasOwn(extra, k) && (daemon[k] ?? 0) > (alloc[k] ?? 0)) return false;
  return true;
}

export function compatibleOptions(options: InstanceType[], reqs: Requirements): InstanceType[] {
  const compatible = offeringMatcher(reqs);
  return options.filter(
    (it) => it.requirements.intersectsOk(reqs) && it.offerings.some((o) => o.available && compatible(o)),
  );
}

/** minValues under the policy (nodeclaim.go filterInstanceTypesByRequirements, NodeClaim.CanAdd): Strict fails; BestEffort lowers minValues to what is reached. */
export function minValuesCheck(
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
