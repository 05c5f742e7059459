/**
 * The cluster a state's pods are placed into, from a fleet snapshot that lists Pods (provisioning's ClusterState).
 *
 * The snapshot is the cluster as it runs (base deployed). In a state:
 * - Nodes: those not being deleted (karpenter pkg/controllers/provisioning/provisioner.go Schedule schedules onto
 *   `nodes.Active()`), and in head also not replaced by drift or removed with their NodePool (the change's rollout,
 *   replacements.ts): placements show the cluster once the change has rolled out. Nodes not managed by Karpenter
 *   (`fleet.notManaged`: no NodeClaim) are nodes of the cluster too (provisioner.go Schedule takes every active state
 *   node; statenode.go Initialized: always initialized), and they never leave with a rollout.
 * - A pod bound to a node that stays is a running replica of the state's workload it belongs to (matched by its owner:
 *   a Deployment's ReplicaSet `<name>-<pod-template-hash>`, a StatefulSet, ReplicaSet, Job, a CronJob's Jobs
 *   `<name>-<suffix>`, a bare Pod by name, in the same namespace) and stays there, unless the state changes the
 *   workload's pod template in what scheduling reads (requests, node selection, tolerations, pod-to-pod constraints,
 *   labels): then the rollout replaces every pod, and all replicas are pending. A workload the state no longer has
 *   loses its pods. At most `replicas` pods stay; the surplus of a scale-down leaves the nodes that run the most pods
 *   of the workload first (the ReplicaSet controller's ranking prefers deleting colocated pods).
 * - The other active pods stay and take their requests: daemonset pods (they also settle the daemonset overhead still
 *   to come, existingnode.go NewExistingNode), mirror pods, and pods no manifest describes. Pods no manifest describes
 *   whose node leaves are displaced: scheduled with the rest, as Karpenter schedules the reschedulable pods of
 *   deleting nodes.
 * - Terminal pods hold nothing; terminating pods are taken as gone.
 */
import { POD_TEMPLATE_HASH, type PodTemplate, type Workload } from '../api/workload.js';
import type { Template } from '../provisioning/nodeclaim.js';
import type { SimulationResult } from '../provisioning/provisioner.js';
import { ConsolidationCluster } from './consolidation.js';
import { EMPTY_CONSTRAINTS } from '../api/pod-constraints.js';
import type { BoundPod, ExistingNodeInput } from '../provisioning/existingnode.js';
import { workloadKey, type ClusterState } from '../provisioning/provisioner.js';
import type { Fleet, FleetNode, FleetPod, SchedulingView } from './fleet.js';
import { reschedulable } from './disruptable.js';

interface PlacementState {
  workloads: Workload[];
}

/** Whether every node of the fleet lists its pods (a snapshot taken with pods): only then is the cluster known. */
export function fleetKnowsPods(fleet: Fleet): boolean {
  const all = allNodes(fleet);
  return fleet.source !== 'simulated' && all.length > 0 && all.every((n) => !!n.podList && !!n.scheduling);
}

/** The fleet's NodeClaims, then its nodes not managed by Karpenter (existing capacity too). */
function allNodes(fleet: Fleet): Fleet['nodes'] {
  return fleet.notManaged?.length ? [...fleet.nodes, ...fleet.notManaged] : fleet.nodes;
}

/** schedulingKey of each workload, made once: a state's workloads are compared with base's for each cluster made. */
const SCHEDULING_KEYS = new WeakMap<Workload, string>();

/** What scheduling reads of a pod template; a change of any of it rolls the workload's pods. */
function schedulingKey(w: Workload): string {
  let key = SCHEDULING_KEYS.get(w);
  if (key === undefined) SCHEDULING_KEYS.set(w, (key = schedulingKeyOf(w)));
  return key;
}

function schedulingKeyOf(w: Workload): string {
  // The pod-template-hash stand-in (api/workload.ts podTemplateHash) changes with any template field, the image too:
  // the labels the template itself sets are what is compared.
  const { annotations: _a, labels: allLabels, ...rest } = w.pod.constraints;
  const { [POD_TEMPLATE_HASH]: _h, ...labels } = allLabels;
  const constraints = { ...rest, labels };
  const { terminationGracePeriodSeconds: _t, constraints: _c, ...pod } = w.pod;
  return JSON.stringify({ ...pod, constraints });
}

/** The workload keys a pod may be a replica of, by its owner reference. */
function ownersOf(p: FleetPod): string[] {
  const key = p.ownerKey ?? `Pod/${p.namespace}/${p.name}`;
  const slash = key.indexOf('/');
  const kind = key.slice(0, slash);
  const name = key.slice(key.indexOf('/', slash + 1) + 1);
  const ns = p.namespace;
  switch (kind) {
    case 'ReplicaSet': {
      const hash = p.labels['pod-template-hash'];
      const out = [workloadKey('ReplicaSet', ns, name)];
      if (hash && name.endsWith(`-${hash}`))
        out.unshift(workloadKey('Deployment', ns, name.slice(0, -(hash.length + 1))));
      return out;
    }
    case 'Job': {
      const out = [workloadKey('Job', ns, name)];
      const dash = name.lastIndexOf('-');
      if (dash > 0) out.push(workloadKey('CronJob', ns, name.slice(0, dash)));
      return out;
    }
    case 'StatefulSet':
      return [workloadKey('StatefulSet', ns, name)];
    case 'Pod':
      return [workloadKey('Pod', ns, name)];
    default:
      return [];
  }
}

/**
 * A running replica that stays is of the state's revision (the model keeps a workload's pods unless its scheduling
 * fields change): it carries the state's pod-template-hash, so a spread with `matchLabelKeys: [pod-template-hash]`
 * counts it with the pending replicas of that revision, as the cluster's one ReplicaSet would.
 */
function ofRevision(pod: BoundPod['pod'], w: Workload): BoundPod['pod'] {
  const hash = w.pod.constraints.labels[POD_TEMPLATE_HASH];
  if (hash === undefined || pod.constraints.labels[POD_TEMPLATE_HASH] === hash) return pod;
  return {
    ...pod,
    constraints: { ...pod.constraints, labels: { ...pod.constraints.labels, [POD_TEMPLATE_HASH]: hash } },
  };
}

/** A pod without a readable spec: it counts with `pods: 1` only. */
function templateOf(p: FleetPod): BoundPod['pod'] {
  return (
    p.template ?? {
      nodeSelector: {},
      requiredTerms: [],
      preferredTerms: [],
      tolerations: [],
      requests: { pods: 1 },
      constraints: { ...EMPTY_CONSTRAINTS, labels: p.labels },
      invalid: [],
    }
  );
}

/** The workloads of the state and of the base, by workload key, and those whose rollout replaces every pod. */
interface StateWorkloads {
  inState: Map<string, Workload>;
  inBase: Map<string, Workload>;
  /** Workloads in both whose pod template changes in what scheduling reads. */
  rolled: Set<string>;
}

/** A running replica: the index of its node in the cluster and the pod bound there. */
interface RunningReplica {
  node: number;
  pod: BoundPod;
}

function stateWorkloads(state: PlacementState, base: PlacementState): StateWorkloads {
  const inState = new Map(state.workloads.map((w) => [workloadKey(w.kind, w.namespace, w.name), w]));
  const inBase = new Map(base.workloads.map((w) => [workloadKey(w.kind, w.namespace, w.name), w]));
  const rolled = new Set<string>();
  for (const [k, w] of inState) {
    const b = inBase.get(k);
    if (b && schedulingKey(b) !== schedulingKey(w)) rolled.add(k);
  }
  return { inState, inBase, rolled };
}

/** The workload of the state or of the base the pod is a replica of, if any. */
function knownWorkload(p: FleetPod, workloads: StateWorkloads): string | undefined {
  return ownersOf(p).find((k) => workloads.inState.has(k) || workloads.inBase.has(k));
}

/**
 * The pods of a node that leaves: the state's replicas are pending anyway; pods no manifest describes move with it
 * (displaced, counted by owner).
 */
function displacePods(
  podList: readonly FleetPod[],
  workloads: StateWorkloads,
  displaced: Map<string, ClusterState['displaced'][number]>,
): void {
  for (const p of podList) {
    if (!p.active) continue;
    if (knownWorkload(p, workloads) || !reschedulable(p)) continue;
    const key = p.ownerKey ?? `Pod/${p.namespace}/${p.name}`;
    const d = displaced.get(key);
    if (d) d.count++;
    else displaced.set(key, { key, namespace: p.namespace, pod: templateOf(p), count: 1 });
  }
}

/**
 * The pods that stay on a node that stays (the node at index `node` of the cluster): every active pod but the
 * replicas of a workload the state removes or whose rollout replaces them; the state's running replicas are noted in
 * `replicas`.
 */
function stayingPods(
  podList: readonly FleetPod[],
  node: number,
  workloads: StateWorkloads,
  replicas: Map<string, RunningReplica[]>,
): BoundPod[] {
  const pods: BoundPod[] = [];
  for (const p of podList) {
    if (!p.active) continue;
    const known = knownWorkload(p, workloads);
    const bound: BoundPod = { namespace: p.namespace, pod: templateOf(p), daemon: p.ownerKind === 'DaemonSet' };
    if (known && reschedulable(p)) {
      if (!workloads.inState.has(known) || workloads.rolled.has(known)) continue; // removed, or replaced by the rollout
      bound.workload = known;
      bound.pod = ofRevision(bound.pod, workloads.inState.get(known)!);
      const list = replicas.get(known) ?? [];
      list.push({ node, pod: bound });
      replicas.set(known, list);
    }
    pods.push(bound);
  }
  return pods;
}

/** A fleet node (one listing its pods, with its scheduling view) as an existing node of the cluster. */
function existingNodeOf(n: FleetNode, view: SchedulingView, pods: BoundPod[]): ExistingNodeInput {
  return {
    name: n.nodeName ?? n.name,
    nodePool: n.nodePool,
    instanceType: n.instanceType,
    zone: n.zone,
    capacityType: n.capacityType,
    labels: view.labels,
    taints: view.taints,
    allocatable: view.allocatable,
    capacity: view.capacity,
    initialized: view.initialized,
    hasNode: view.hasNode,
    pods,
    ...(n.managed === false ? { managed: false as const } : {}),
  };
}

/**
 * A scale-down: the ReplicaSet controller ranks each pod by the pods of the workload on its node, counted once, and
 * deletes the highest ranks first (kubernetes pkg/controller/replicaset/replica_set.go getPodsToDelete,
 * getPodsRankedByRelatedPodsOnSameNode; pkg/controller/controller_utils.go ActivePodsWithRanks); ties, which it
 * breaks by pod age, by the later node name here.
 */
function deleteSurplusReplicas(
  replicas: Map<string, RunningReplica[]>,
  inState: Map<string, Workload>,
  nodes: ExistingNodeInput[],
): void {
  for (const [k, list] of replicas) {
    const surplus = list.length - inState.get(k)!.replicas;
    if (surplus <= 0) continue;
    const rank = new Map<number, number>();
    for (const r of list) rank.set(r.node, (rank.get(r.node) ?? 0) + 1);
    const order = [...list].sort(
      (a, b) => rank.get(b.node)! - rank.get(a.node)! || (nodes[b.node].name < nodes[a.node].name ? -1 : 1),
    );
    for (const gone of order.slice(0, surplus)) {
      const pods = nodes[gone.node].pods;
      pods.splice(pods.indexOf(gone.pod), 1);
    }
  }
}

/**
 * The cluster of `state` (base or head) made from the fleet: `base` is the state the snapshot's pods were made from,
 * `leaving` the nodes (NodeClaim names) the state's rollout replaces or removes.
 */
export function clusterFor(
  fleet: Fleet,
  state: PlacementState,
  base: PlacementState,
  leaving: ReadonlySet<string>,
): ClusterState {
  const workloads = stateWorkloads(state, base);
  const nodes: ExistingNodeInput[] = [];
  const displaced = new Map<string, ClusterState['displaced'][number]>();
  // Running replicas per workload: the node index and the pod.
  const replicas = new Map<string, RunningReplica[]>();
  for (const n of allNodes(fleet)) {
    const view = n.scheduling;
    if (!view || !n.podList) continue;
    // `leaving` names NodeClaims: a node not managed by Karpenter never drifts nor leaves with its NodePool.
    const stays = !n.deleting && (n.managed === false || !leaving.has(n.name));
    if (!stays) {
      displacePods(n.podList, workloads, displaced);
      continue;
    }
    nodes.push(existingNodeOf(n, view, stayingPods(n.podList, nodes.length, workloads, replicas)));
  }
  deleteSurplusReplicas(replicas, workloads.inState, nodes);
  return { nodes, displaced: [...displaced.values()] };
}

/**
 * The NodeClaims of a fleet whose pods are unknown as the limits see them (provisioning's `limitNodes`): every active
 * one (not being deleted: provisioner.go Schedule takes `nodes.Active()`), with its capacity, whatever runs on it
 * (scheduler.go updateRemainingResources). Nodes not managed by Karpenter count against no NodePool.
 */
export function limitNodesOf(fleet: Fleet): ExistingNodeInput[] {
  const out: ExistingNodeInput[] = [];
  for (const n of fleet.nodes) {
    if (n.deleting || n.nodePool === null) continue;
    const view = n.scheduling;
    out.push({
      name: n.nodeName ?? n.name,
      nodePool: n.nodePool,
      instanceType: n.instanceType,
      zone: n.zone,
      capacityType: n.capacityType,
      labels: view?.labels ?? n.labels,
      taints: view?.taints ?? [],
      allocatable: view?.allocatable ?? null,
      capacity: view?.capacity ?? null,
      initialized: view?.initialized ?? n.initialized,
      hasNode: view?.hasNode ?? true,
      pods: [],
    });
  }
  return out;
}

/**
 * NodePools whose limits the fleet's active nodes already reach (scheduler.go updateRemainingResources: limits −
 * each node's capacity, with `nodes: 1`): Karpenter launches nothing more in them. For a fleet whose pods are unknown,
 * where the placements cannot use the fleet. Node capacity comes from the snapshot's status.
 */
export function poolsAtLimits(
  fleet: Fleet,
  nodePools: readonly { name: string; limits: Record<string, number> }[],
): { pool: string; resources: string[]; uncounted: number }[] {
  const out: { pool: string; resources: string[]; uncounted: number }[] = [];
  for (const np of nodePools) {
    const keys = Object.keys(np.limits);
    if (!keys.length) continue;
    const used: Record<string, number> = {};
    let uncounted = 0;
    for (const n of fleet.nodes) {
      if (n.nodePool !== np.name || n.deleting) continue;
      const cap = n.scheduling?.capacity;
      if (!cap) {
        uncounted++;
        continue;
      }
      for (const k of keys) used[k] = (used[k] ?? 0) + (k === 'nodes' ? 1 : (cap[k] ?? 0));
    }
    const full = keys.filter((k) => (used[k] ?? 0) >= np.limits[k]);
    if (full.length) out.push({ pool: np.name, resources: full, uncounted });
  }
  return out;
}

/**
 * The base state's cluster of a fleet as consolidation starts from it, by the set of nodes leaving: that set is made
 * per disruption run (controller.ts disrupt), so the cluster is let go with it.
 */
const BASE_CLUSTERS = new WeakMap<
  ReadonlySet<string>,
  { fleet: Fleet; base: PlacementState; nodes: readonly ExistingNodeInput[] }
>();

/**
 * `clusterFor(fleet, base, base, leaving)`'s nodes, made once: the disruption controller runs consolidation four times
 * over the same base cluster (base and head, with and without budgets). Each run gets nodes of its own with lists of
 * pods of their own (a kept command adds pods to them, ConsolidationCluster.end); the bound pods are shared, never
 * changed.
 */
function baseClusterNodes(fleet: Fleet, base: PlacementState, leaving: ReadonlySet<string>): ExistingNodeInput[] {
  let made = BASE_CLUSTERS.get(leaving);
  if (!made || made.fleet !== fleet || made.base !== base) {
    made = { fleet, base, nodes: clusterFor(fleet, base, base, leaving).nodes };
    BASE_CLUSTERS.set(leaving, made);
  }
  return made.nodes.map((n) => ({ ...n, pods: [...n.pods] }));
}

/**
 * The existing nodes consolidation may move pods to (karpenter pkg/controllers/disruption/helpers.go
 * SimulateScheduling: the cluster's active nodes other than the candidates), keyed by the names candidates are known by
 * (NodeClaim names; a node not managed by Karpenter by its Node name: it is never a candidate, helpers.go
 * GetCandidates skips `!node.Managed()`, consolidation_test.go "can delete nodes, when non-Karpenter capacity can fit
 * pods"). From the simulated fleet (its nodes, with the pods the simulation put there and the taints of the
 * NodePool that launched them), or from a snapshot whose every node lists its pods, as it runs (the base state's
 * cluster: `clusterFor(fleet, base, base, leaving)`). Null when the nodes' pods are not known: pods then go to new
 * NodeClaims only. A node without allocatable or capacity takes its instance type's (its NodePool's, else any
 * NodePool's); one whose type is unknown is left out. Static NodePools' nodes are left out (pods are not placed on them).
 */
export function consolidationClusterOf(
  fleet: Fleet,
  base: PlacementState,
  baseSim: Pick<SimulationResult, 'fleet' | 'podTemplates'>,
  templates: Template[],
  daemonSets: readonly Workload[],
  pods: Map<string, PodTemplate>,
  leaving: ReadonlySet<string>,
): ConsolidationCluster | null {
  const typeOf = (pool: string | null, name: string | null) => {
    if (!name) return undefined;
    const own = templates.find((t) => t.nodePool === pool)?.instanceTypes.find((it) => it.name === name);
    if (own) return own;
    for (const t of templates) {
      const it = t.instanceTypes.find((x) => x.name === name);
      if (it) return it;
    }
    return undefined;
  };
  const entries: ConstructorParameters<typeof ConsolidationCluster>[0] = [];
  const add = (key: string, input: ExistingNodeInput) => {
    // A node not managed by Karpenter needs only its allocatable (its capacity counts against no limits).
    const ownCapacity = input.capacity ?? (input.managed === false && input.allocatable ? {} : null);
    const it = input.allocatable && ownCapacity ? null : typeOf(input.nodePool, input.instanceType);
    const allocatable = input.allocatable ?? it?.allocatable;
    const capacity = ownCapacity ?? it?.capacity;
    if (allocatable && capacity) entries.push({ key, input, capacity, allocatable });
  };
  if (fleet.source === 'simulated') {
    const taints = new Map(templates.map((t) => [t.nodePool, t.taints]));
    for (const n of baseSim.fleet) {
      if (n.static || leaving.has(n.name)) continue;
      const bound: BoundPod[] = [];
      for (const [key, count] of Object.entries(n.pods)) {
        const pod = baseSim.podTemplates.get(key);
        if (!pod) continue;
        // One object per workload: the scheduler only reads it.
        const b: BoundPod = { namespace: key.split('/')[1] ?? '', pod, daemon: false, workload: key };
        for (let i = 0; i < count; i++) bound.push(b);
      }
      add(n.name, {
        name: n.name,
        nodePool: n.nodePool,
        instanceType: n.instanceType,
        zone: n.zone,
        capacityType: n.capacityType,
        labels: n.labels,
        taints: taints.get(n.nodePool) ?? [],
        allocatable: null,
        capacity: null,
        initialized: true,
        hasNode: true,
        pods: bound,
      });
    }
  } else {
    if (!fleetKnowsPods(fleet)) return null;
    const key = new Map(fleet.nodes.map((n) => [n.nodeName ?? n.name, n.name]));
    for (const input of baseClusterNodes(fleet, base, leaving)) add(key.get(input.name) ?? input.name, input);
  }
  return new ConsolidationCluster(entries, daemonSets, pods);
}
