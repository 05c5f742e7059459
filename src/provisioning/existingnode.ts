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
import { RequirementIndex } from '../scheduling/requirement-index.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { untolerated } from '../scheduling/taints.js';
import type { BoundPod, ExistingAttempt, ExistingNodeInput, Failure, PodGroup } from './types.js';
import { nodeSelectorAlternatives, strictPodRequirements, type PodState } from './preferences.js';
import type { Topology } from './topology.js';
import { ClusterPods, type ClusterNodes } from './topology-cluster.js';
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

/**
 * NewExistingNode's requirements (NewLabelRequirements(labels) ∧ hostname In [HostName()]), made once per labels object
 * and hostname: a fleet node is made an ExistingNode again for each state's simulation and each consolidation run.
 * Shared safely: an ExistingNode never changes its Requirements in place (Add and restores replace them).
 */
const LABELLED = new WeakMap<Readonly<Record<string, string>>, Map<string, Requirements>>();

function labelledRequirements(labels: Readonly<Record<string, string>>, hostname: string): Requirements {
  let byHost = LABELLED.get(labels);
  if (!byHost) LABELLED.set(labels, (byHost = new Map()));
  let r = byHost.get(hostname);
  if (!r)
    byHost.set(
      hostname,
      (r = Requirements.ofLabels(labels)
        .clone()
        .add(Requirement.of(LABEL_HOSTNAME, 'In', [hostname]))),
    );
  return r;
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
  /** The requirements NewExistingNode made of the labels and hostname (never changed: Add and restores replace). */
  readonly labelled: Requirements;
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
    this.requirements = labelledRequirements(input.labels, this.hostname);
    this.labelled = this.requirements;
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
    const labels = daemonSets.length ? Requirements.fromLabels(input.labels) : null;
    let daemons: ResourceList = {};
    if (labels)
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
    if (!this.requirements.isCompatible(podReqs, false)) {
      // The text only when read (the scheduler branches on `ok`): requirements.go keeps its errors lazy too.
      const requirements = this.requirements;
      return {
        ok: false,
        code: 'incompatible-requirements',
        get error() {
          return requirements.compatible(podReqs, false) ?? '';
        },
      };
    }
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

/**
 * Existing nodes in the scheduler's order (sortExistingNodes), indexed by label for addToExistingNode's scan. A node
 * labelled `key=v` has the requirement `key In [v]` (NewExistingNode) for good: ExistingNode.Add only intersects it
 * with requirements it is compatible with, which leaves `In [v]`, and a restored trial puts back an earlier one. So a
 * pod requiring `key In S` with v ∉ S is refused by CanAdd's requirement check (requirements.go Compatible: the
 * values do not intersect and `In` is not tolerated), whatever the node holds. Those nodes are skipped; every other
 * node (without the label, or whose requirement on the key is anything else) is still tried, in order, so the first
 * node that accepts a pod is the one a scan of every node finds (scheduler.go addToExistingNode).
 */
export class ExistingNodeIndex {
  /** The nodes by the value each is labelled with, per key (RequirementIndex). */
  private readonly byLabel: RequirementIndex;
  private byPool: Map<string | null, ExistingNode[]> | null = null;
  private clusterPods: ClusterPods | null = null;
  private positions: Map<ExistingNode, number> | null = null;

  constructor(readonly nodes: readonly ExistingNode[]) {
    this.byLabel = new RequirementIndex(nodes.length, (i, key) =>
      nodes[i].labelled.has(key) ? nodes[i].labelled.get(key) : undefined,
    );
  }

  /** The nodes that may accept a pod requiring `reqs`, in order; null: every node may. */
  candidates(reqs: Requirements): ExistingNode[] | null {
    const at = this.byLabel.candidates(reqs);
    return at && at.map((i) => this.nodes[i]);
  }

  /**
   * The nodes and their bound pods as a Topology reads them (topology-cluster.ts ClusterPods), made once and shared by the
   * schedulers of every trial on these nodes; `bind` adds the pods it binds.
   */
  topologyPods(): ClusterPods {
    return (this.clusterPods ??= new ClusterPods(this.nodes.map((n) => n.input)));
  }

  /** Pods bound to a node of the index from now on (a kept consolidation command's moves): the one way to add them. */
  bind(n: ExistingNode, pods: readonly BoundPod[]): void {
    if (!pods.length) return;
    n.input.pods.push(...pods);
    this.positions ??= new Map(this.nodes.map((x, i) => [x, i]));
    this.clusterPods?.bound(this.positions.get(n)!, pods);
  }

  /** The nodes of a NodePool, in order. */
  ofPool(nodePool: string): readonly ExistingNode[] {
    if (!this.byPool) {
      this.byPool = new Map();
      for (const n of this.nodes) {
        const l = this.byPool.get(n.input.nodePool);
        if (l) l.push(n);
        else this.byPool.set(n.input.nodePool, [n]);
      }
    }
    return this.byPool.get(nodePool) ?? [];
  }
}

/**
 * The existing nodes one scheduler may use, in its order: an index's nodes less `absent`. Disruption's trials on one
 * cluster share the index, built once, and differ in what is absent (their candidates, the nodes gone).
 */
export class ExistingNodes {
  private list: ExistingNode[] | null = null;

  constructor(
    readonly index: ExistingNodeIndex,
    /** Nodes of the index left out; only nodes of the index. */
    private readonly absent: ReadonlySet<ExistingNode> = new Set(),
  ) {}

  /** Nodes in any order, sorted as scheduler.go sortExistingNodes does. */
  static of(nodes: ExistingNode[]): ExistingNodes {
    return new ExistingNodes(new ExistingNodeIndex(sortExistingNodes(nodes)));
  }

  get size(): number {
    return this.index.nodes.length - this.absent.size;
  }

  /** The nodes a Topology counts: the index's, less the absent (ExistingNodeIndex.topologyPods). */
  topologyCluster(): ClusterNodes {
    const { nodes } = this.index;
    return { pods: this.index.topologyPods(), absent: (i) => this.absent.has(nodes[i]) };
  }

  /** Every node, in order. */
  all(): ExistingNode[] {
    return (this.list ??= this.index.nodes.filter((n) => !this.absent.has(n)));
  }

  /** The nodes that may accept a pod requiring `reqs` (ExistingNodeIndex.candidates), in order. */
  for(reqs: Requirements): ExistingNode[] {
    const c = this.index.candidates(reqs);
    if (c === null) return this.all();
    return this.absent.size ? c.filter((n) => !this.absent.has(n)) : c;
  }

  /** The nodes of a NodePool, in order. */
  ofPool(nodePool: string): ExistingNode[] {
    return this.index.ofPool(nodePool).filter((n) => !this.absent.has(n));
  }
}
