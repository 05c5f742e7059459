/**
 * A node of the cluster as the provisioning scheduler sees it (karpenter
 * pkg/controllers/provisioning/scheduling/existingnode.go ExistingNode, built from a state node: pkg/controllers/state/
 * statenode.go StateNode). Pending pods try existing nodes before any in-flight or new NodeClaim (scheduler.go add →
 * addToExistingNode), in the order initialized first, then by name (scheduler.go sortExistingNodes); the first node
 * that accepts the pod wins.
 *
 * - Remaining resources (NewExistingNode): allocatable − the requests of the pods bound to the node
 *   (StateNode.Available), − the daemonsets that would still come (those compatible with the node, minus the requests of
 *   the daemonset pods already bound, floored at 0 per resource).
 * - CanAdd (ExistingNode.CanAdd): taints, host ports, requests fit the remaining resources (resources.Fits), the node's
 *   labels are compatible with the pod's requirements (strict: a label the node lacks is not assumed), then the pod's
 *   topology requirements (Topology.AddRequirements on the node's labels and hostname).
 * - Add (ExistingNode.Add): resources are taken, the requirements narrow, the topology records the pod.
 */
import type { Workload } from '../api/workload.js';
import { LABEL_HOSTNAME } from '../api/labels.js';
import { hostPortsConflict, type HostPort } from '../api/pod-constraints.js';
import { addResources, fits, subtractResources, type ResourceList } from '../common/quantity.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { untolerated } from '../scheduling/taints.js';
import type { ExistingAttempt, ExistingNodeInput, Failure, PodGroup } from './types.js';
import { nodeSelectorAlternatives, strictPodRequirements, type PodState } from './preferences.js';
import type { Topology } from './topology.js';
import { volumeAlternatives, withVolumeAlternative } from './volumetopology.js';

export type { BoundPod, ExistingAttempt, ExistingNodeInput, SchedulingView } from './types.js';

/** What ExistingNode.add changes, saved to be restored. */
export interface ExistingNodeState {
  remaining: ResourceList;
  requirements: Requirements;
  hostPorts: number;
  pods: number;
  groups: Map<string, number>;
}

/**
 * A what-if over existing nodes (disruption's SimulateScheduling, karpenter pkg/controllers/disruption/helpers.go,
 * schedules onto a deep copy of the cluster's nodes): while `active`, each node saves its state before its first change,
 * so that only the nodes a trial touched are restored (or kept).
 */
export interface ExistingNodeJournal {
  active: boolean;
  saved: Map<ExistingNode, ExistingNodeState>;
}

export class ExistingNode {
  /** StateNode.HostName: the hostname label, else the node's name. */
  readonly hostname: string;
  requirements: Requirements;
  readonly remaining: ResourceList;
  readonly hostPorts: HostPort[] = [];
  /** Pods this simulation placed, per group (workload key). */
  readonly groups = new Map<string, number>();
  /** Running replicas of modelled workloads, per workload key. */
  readonly running = new Map<string, number>();
  pods = 0;
  /** Set by a what-if (ExistingNodeJournal). */
  journal?: ExistingNodeJournal;

  constructor(
    readonly input: ExistingNodeInput,
    /** Capacity as StateNode.Capacity reports it (counted against the NodePool's limits). */
    readonly capacity: ResourceList,
    /** Allocatable as StateNode.Allocatable reports it (kept to make the node again in the next round). */
    readonly allocatable: ResourceList,
    daemonSets: readonly Workload[],
  ) {
    this.hostname = input.labels[LABEL_HOSTNAME] || input.name;
    // NewExistingNode: NewLabelRequirements(labels) ∧ hostname In [HostName()].
    this.requirements = Requirements.fromLabels(input.labels).add(
      Requirement.of(LABEL_HOSTNAME, 'In', [this.hostname]),
    );
    let used: ResourceList = {};
    let daemonBound: ResourceList = {};
    for (const p of input.pods) {
      used = addResources(used, p.pod.requests);
      if (p.daemon) daemonBound = addResources(daemonBound, p.pod.requests);
      this.hostPorts.push(...p.pod.constraints.hostPorts);
      if (p.workload) this.running.set(p.workload, (this.running.get(p.workload) ?? 0) + 1);
    }
    // StateNode.Available: allocatable − pod requests (keys of allocatable only, resources.Subtract).
    const available = subtractResources(allocatable, used);
    // scheduler.go calculateExistingNodeClaims → getCompatibleDaemonPods (isDaemonPodCompatibleWithNode: taints
    // tolerated, node labels compatible with the daemonset's strict requirements); NewExistingNode subtracts what is
    // already bound and floors each resource at 0.
    const labels = Requirements.fromLabels(input.labels);
    let daemons: ResourceList = {};
    for (const d of daemonSets) {
      if (untolerated(input.taints, d.pod.tolerations)) continue;
      if (!nodeSelectorAlternatives(d.pod).some((r) => labels.isCompatible(r, false))) continue;
      daemons = addResources(daemons, d.pod.requests);
    }
    const pending: ResourceList = {};
    for (const [k, v] of Object.entries(daemons)) pending[k] = Math.max(0, v - (daemonBound[k] ?? 0));
    this.remaining = subtractResources(available, pending);
  }

  get name(): string {
    return this.input.name;
  }

  /** ExistingNode.CanAdd. */
  canAdd(g: PodGroup, st: PodState, podReqs: Requirements, topology: Topology | null): ExistingAttempt {
    const taint = untolerated(this.input.taints, st.tolerations);
    if (taint) return { ok: false, code: 'taint', error: 'taint' };
    if (g.pod.constraints.hostPorts.length && hostPortsConflict(this.hostPorts, g.pod.constraints.hostPorts))
      return { ok: false, code: 'host-port', error: 'a host port is already in use on the node' };
    // Resources first: the likeliest refusal, and an existing node cannot grow.
    if (!fits(g.pod.requests, this.remaining))
      return { ok: false, code: 'insufficient-resources', error: 'exceeds node resources' };
    const err = this.requirements.compatible(podReqs, false);
    if (err !== null) return { ok: false, code: 'incompatible-requirements', error: err };
    const base = this.requirements.clone().addAll(podReqs);
    const alts = volumeAlternatives(g.pod);
    if (!alts) return this.tryVolumeAlternative(g, st, base, topology);
    // existingnode.go CanAdd: each volume topology alternative in turn (strict: the node's labels are all it has).
    let last: Failure = { ok: false, code: 'volume-topology', error: 'incompatible volume requirements' };
    for (const alt of alts) {
      const v = withVolumeAlternative(base, alt, false, null);
      if (!v.ok) {
        last = { ok: false, code: 'volume-topology', error: v.error };
        continue;
      }
      const r = this.tryVolumeAlternative(g, st, v.reqs, topology);
      if (r.ok) return r;
      last = r;
    }
    return last;
  }

  /** existingnode.go tryVolumeAlternative after the volume requirements: the pod's topology requirements. */
  private tryVolumeAlternative(
    g: PodGroup,
    st: PodState,
    reqs: Requirements,
    topology: Topology | null,
  ): ExistingAttempt {
    if (!topology) return { ok: true, reqs };
    const t = topology.addRequirements(g, st, this.input.taints, strictPodRequirements(g.pod, st), reqs, this.hostname);
    if (!t.ok) return { ok: false, code: 'topology', error: t.error };
    if (!t.reqs || t.reqs.size === 0) return { ok: true, reqs };
    const terr = reqs.compatible(t.reqs, false);
    if (terr !== null) return { ok: false, code: 'topology', error: terr };
    return { ok: true, reqs: reqs.addAll(t.reqs) };
  }

  /** ExistingNode.Add (the topology records the pod in the scheduler, as for NodeClaims). */
  add(g: PodGroup, reqs: Requirements): void {
    if (this.journal?.active && !this.journal.saved.has(this))
      this.journal.saved.set(this, {
        remaining: { ...this.remaining },
        requirements: this.requirements,
        hostPorts: this.hostPorts.length,
        pods: this.pods,
        groups: new Map(this.groups),
      });
    for (const [k, v] of Object.entries(g.pod.requests)) if (k in this.remaining) this.remaining[k] -= v;
    this.requirements = reqs;
    this.pods++;
    this.groups.set(g.key, (this.groups.get(g.key) ?? 0) + 1);
    if (g.pod.constraints.hostPorts.length) this.hostPorts.push(...g.pod.constraints.hostPorts);
  }
}

/** Undoes what ExistingNode.add changed since `s` was saved. */
export function restoreExistingNode(n: ExistingNode, s: ExistingNodeState): void {
  for (const k of Object.keys(n.remaining)) n.remaining[k] = s.remaining[k];
  n.requirements = s.requirements;
  n.hostPorts.length = s.hostPorts;
  n.pods = s.pods;
  n.groups.clear();
  for (const [k, v] of s.groups) n.groups.set(k, v);
}

/** scheduler.go sortExistingNodes: initialized nodes first, then by name. */
export function sortExistingNodes(nodes: ExistingNode[]): ExistingNode[] {
  return [...nodes].sort(
    (a, b) =>
      Number(b.input.initialized) - Number(a.input.initialized) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}
