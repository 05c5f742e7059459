/**
 * Fleet snapshots: the output of `kubectl get nodeclaims -o json|yaml` (NodeClaimList),
 * `kubectl get nodes -o json` (NodeList), or `kubectl get nodeclaims,nodes -o json` (a List of
 * both). NodeClaims and Nodes are joined by provider ID, then by node name. When the snapshot also lists Pods and
 * PodDisruptionBudgets (`kubectl get nodeclaims,nodes,pods,pdb -A -o json`), the pods are attached to their nodes
 * (for do-not-disrupt and PDB checks) and the PDBs are kept with their allowed disruptions.
 */
import { FindingSink, NO_SOURCE, type Finding } from '../common/findings.js';
import { parsePodSpec, type PodTemplate } from '../api/workload.js';
import type { Fleet, FleetNode } from '../disruption/fleet.js';
import { assumption, type Assumption } from '../common/assumptions.js';
import {
  LABEL_CAPACITY_TYPE,
  LABEL_INITIALIZED,
  LABEL_INSTANCE_TYPE,
  LABEL_NODEPOOL,
  LABEL_ZONE,
} from '../api/labels.js';
import { isObject } from '../common/fields.js';
import { parseYamlDocuments } from './yaml.js';
import { errorMessage } from '../common/errors.js';
import type { FleetPod, SchedulingView } from '../disruption/fleet.js';
import type { Taint } from '../api/validation.js';
import { parseResourceList, type ResourceList } from '../common/quantity.js';
import { DO_NOT_DISRUPT, pdbLimits, reschedulable } from '../disruption/disruptable.js';
import { parsePdb } from '../api/pdb.js';

type Obj = Record<string, unknown>;

function items(doc: Obj): Obj[] {
  if (Array.isArray(doc.items))
    return doc.items.filter(isObject).flatMap((i) => (Array.isArray(i.items) ? items(i) : [i]));
  return [doc];
}

function strMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

function condition(obj: Obj, type: string): string | null {
  const st = isObject(obj.status) ? obj.status : {};
  const conds = Array.isArray(st.conditions) ? st.conditions.filter(isObject) : [];
  const c = conds.find((x) => x.type === type);
  return c && typeof c.status === 'string' ? c.status : null;
}

function taintList(v: unknown): Taint[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter(isObject)
    .flatMap((t) =>
      typeof t.key === 'string' && typeof t.effect === 'string'
        ? [{ key: t.key, effect: t.effect, ...(typeof t.value === 'string' ? { value: t.value } : {}) }]
        : [],
    );
}

/** karpenter pkg/scheduling/taints.go KnownEphemeralTaints, KnownEphemeralTaintKeyPrefixes (matched on key and effect). */
const EPHEMERAL_TAINTS = [
  'node.kubernetes.io/not-ready:NoSchedule',
  'node.kubernetes.io/not-ready:NoExecute',
  'node.kubernetes.io/unreachable:NoSchedule',
  'node.cloudprovider.kubernetes.io/uninitialized:NoSchedule',
  'karpenter.sh/unregistered:NoExecute',
];
const isEphemeral = (t: Taint) =>
  EPHEMERAL_TAINTS.includes(`${t.key}:${t.effect}`) || t.key.startsWith('readiness.k8s.io/');

function statusResources(obj: Obj | null | undefined, field: 'allocatable' | 'capacity'): ResourceList | null {
  const st = obj && isObject(obj.status) ? obj.status : null;
  if (!st || !isObject(st[field])) return null;
  return parseResourceList(st[field]);
}

/**
 * Whether a registered node of a NodeClaim is initialized. Karpenter reads the Node's `karpenter.sh/initialized` label
 * (karpenter pkg/controllers/state/statenode.go StateNode.Initialized); its initialization controller sets that label
 * and the NodeClaim's `Initialized` condition together (pkg/controllers/nodeclaim/lifecycle/initialization.go), so a
 * Node without the label whose NodeClaim is `Initialized` comes from a snapshot that dropped the label (see
 * `initializedFromCondition`): it is taken as initialized, and the plan's assumptions say so.
 */
function nodeInitialized(nc: Obj, nodeLabels: Record<string, string>): boolean {
  const label = nodeLabels[LABEL_INITIALIZED];
  if (label !== undefined) return label === 'true';
  return condition(nc, 'Initialized') === 'True';
}

/** A Node without the initialized label, counted initialized only from its NodeClaim's condition. */
function initializedFromCondition(nc: Obj, node: Obj | undefined): boolean {
  if (!node) return false;
  const meta = isObject(node.metadata) ? node.metadata : {};
  return strMap(meta.labels)[LABEL_INITIALIZED] === undefined && condition(nc, 'Initialized') === 'True';
}

/**
 * The node as the scheduler's state presents it (karpenter pkg/controllers/state/statenode.go Labels, Taints,
 * Allocatable, Capacity, Registered, Initialized); `nc` is null for a node Karpenter does not manage.
 */
function schedulingView(nc: Obj | null, node: Obj | undefined): SchedulingView {
  const nodeMeta = node && isObject(node.metadata) ? node.metadata : {};
  const nodeLabels = strMap(nodeMeta.labels);
  const ncMeta = nc && isObject(nc.metadata) ? nc.metadata : {};
  const ncSpec = nc && isObject(nc.spec) ? nc.spec : {};
  const managed = nc !== null;
  const registered = !managed || (!!node && nodeLabels['karpenter.sh/registered'] === 'true');
  const initialized = !managed || (!!node && nodeInitialized(nc, nodeLabels));
  const labels = !node || !registered ? strMap(ncMeta.labels) : nodeLabels;
  let taints =
    (!registered && managed) || !node
      ? taintList(ncSpec.taints)
      : taintList(isObject(node.spec) ? node.spec.taints : undefined);
  if (!initialized && managed) {
    const startup = taintList(ncSpec.startupTaints);
    taints = taints.filter((t) => !isEphemeral(t) && !startup.some((x) => x.key === t.key && x.effect === t.effect));
  }
  const resources = (field: 'allocatable' | 'capacity'): ResourceList | null => {
    const fromNode = statusResources(node, field);
    if (initialized || !nc) return fromNode;
    const fromClaim = statusResources(nc, field);
    if (!fromNode) return fromClaim;
    const out = { ...fromNode };
    for (const [k, v] of Object.entries(fromClaim ?? {})) if (!out[k]) out[k] = v;
    return out;
  };
  return {
    labels,
    taints,
    allocatable: resources('allocatable'),
    capacity: resources('capacity'),
    initialized,
    hasNode: !!node,
  };
}

/** An EKS managed node group's capacity type label (ON_DEMAND, SPOT, CAPACITY_BLOCK), for pricing its nodes. */
const EKS_CAPACITY_TYPE = 'eks.amazonaws.com/capacityType';
const EKS_CAPACITY_TYPES: Record<string, string> = { ON_DEMAND: 'on-demand', SPOT: 'spot', CAPACITY_BLOCK: 'reserved' };

/** The `karpenter.sh/nodepool` label of a Node (a node Karpenter launched carries it). */
function nodePoolLabel(node: Obj): string | undefined {
  const meta = isObject(node.metadata) ? node.metadata : {};
  return strMap(meta.labels)[LABEL_NODEPOOL];
}

export interface FleetObjects {
  nodeClaims: Obj[];
  nodes: Obj[];
  /** Pod objects, or null when the snapshot lists none (pods unknown). */
  pods: Obj[] | null;
  pdbs: Obj[];
}

export function parseFleetObjects(objects: Obj[], file: string, findings: Finding[]): FleetObjects {
  const nodeClaims: Obj[] = [];
  const nodes: Obj[] = [];
  const pods: Obj[] = [];
  const pdbs: Obj[] = [];
  let podList = false;
  // NodeClaims and Nodes are cluster-scoped: a name listed twice is not a snapshot of one cluster.
  const names = new Set<string>();
  const unique = (it: Obj): boolean => {
    const meta = isObject(it.metadata) ? it.metadata : {};
    if (typeof meta.name !== 'string') return true;
    const key = `${String(it.kind)}/${meta.name}`;
    if (!names.has(key)) {
      names.add(key);
      return true;
    }
    findings.push({
      rule: 'invalid-fleet',
      severity: 'error',
      file,
      line: null,
      object: key,
      message: `${file} lists ${String(it.kind)} ${meta.name} twice; the second is not read (names are unique in a cluster)`,
    });
    return false;
  };
  for (const o of objects) {
    if (o.kind === 'PodList') podList = true;
    for (const it of items(o)) {
      if (it.kind === 'NodeClaim') {
        if (unique(it)) nodeClaims.push(it);
      } else if (it.kind === 'Node') {
        if (unique(it)) nodes.push(it);
      } else if (it.kind === 'Pod') pods.push(it);
      else if (it.kind === 'PodDisruptionBudget') pdbs.push(it);
    }
  }
  if (nodeClaims.length === 0 && nodes.length === 0) {
    findings.push({
      rule: 'invalid-fleet',
      severity: 'error',
      file,
      line: null,
      object: null,
      message: `${file} holds no NodeClaim or Node objects (expected kubectl get nodeclaims,nodes -o json)`,
    });
  }
  return { nodeClaims, nodes, pods: pods.length || podList ? pods : null, pdbs };
}

/**
 * What a pod's template is made of (parsePodSpec reads the spec and, through parsePodConstraints, the labels and
 * annotations; not spec.nodeName), as text: pods with equal text have equal templates. Values JSON has no text for
 * (undefined, non-finite numbers) are spelled apart so that they never equal another value.
 */
function templateKey(spec: unknown, meta: Obj): string {
  const { nodeName: _n, ...rest } = isObject(spec) ? spec : { '\u0000spec': spec === undefined ? 'undefined' : spec };
  return JSON.stringify([rest, meta.labels, meta.annotations], (_k, v: unknown) =>
    v === undefined ? '\u0000undefined' : typeof v === 'number' && !Number.isFinite(v) ? `\u0000${v}` : v,
  );
}

/** Each distinct pod template of a snapshot once (templateKey), parsed on first use. */
type Templates = Map<string, () => PodTemplate | undefined>;

/**
 * A Pod object as disruption (and consolidation's re-scheduling) sees it. Its template is shared with every pod whose
 * spec, labels and annotations are the same (`templates`), and only the first such pod's spec is kept until it is
 * parsed: the snapshot's JSON tree is not held for every pod.
 */
function fleetPod(p: Obj, templates: Templates): FleetPod {
  const meta = isObject(p.metadata) ? p.metadata : {};
  const st = isObject(p.status) ? p.status : {};
  const owners = Array.isArray(meta.ownerReferences) ? meta.ownerReferences.filter(isObject) : [];
  const phase = typeof st.phase === 'string' ? st.phase : '';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'default';
  const name = typeof meta.name === 'string' ? meta.name : '?';
  const owner = owners[0];
  const ownerKey =
    owner && typeof owner.kind === 'string' && typeof owner.name === 'string'
      ? `${owner.kind}/${namespace}/${owner.name}`
      : `Pod/${namespace}/${name}`;
  // The spec as Karpenter's scheduler reads it; problems are not findings here (the cluster admitted the pod).
  // Parsed on first use (consolidation reads one pod per owner), not for every pod of a large snapshot.
  const key = templateKey(p.spec, meta);
  let templateOf = templates.get(key);
  if (!templateOf) {
    const spec = p.spec;
    const labelsAndAnnotations = { labels: meta.labels, annotations: meta.annotations };
    let template: PodTemplate | undefined | null = null;
    templateOf = () => {
      if (template === null)
        template = isObject(spec)
          ? parsePodSpec(spec, new FindingSink([], NO_SOURCE, null), ['spec'], labelsAndAnnotations)
          : undefined;
      return template;
    };
    templates.set(key, templateOf);
  }
  const shared = templateOf;
  return {
    namespace,
    name,
    ownerKey,
    get template() {
      return shared();
    },
    count: 1,
    labels: strMap(meta.labels),
    annotations: strMap(meta.annotations),
    ownerKind: typeof owners[0]?.kind === 'string' ? owners[0].kind : null,
    // pkg/utils/pod IsActive: not Succeeded/Failed and not terminating.
    active: phase !== 'Succeeded' && phase !== 'Failed' && meta.deletionTimestamp == null,
    terminal: phase === 'Succeeded' || phase === 'Failed',
    startTime: typeof st.startTime === 'string' ? st.startTime : null,
  };
}

/**
 * The Nodes without a NodeClaim (not in `used`) or a NodePool label: not managed by Karpenter (statenode.go Managed),
 * existing capacity; always registered and initialized (statenode.go Registered, Initialized). A Node with the label
 * but no NodeClaim is taken for one whose NodeClaim the snapshot missed, and left out.
 */
function notManagedNodes(nodes: Obj[], used: ReadonlySet<Obj>): FleetNode[] {
  const out: FleetNode[] = [];
  for (const node of nodes) {
    if (used.has(node) || nodePoolLabel(node)) continue;
    const meta = isObject(node.metadata) ? node.metadata : {};
    const labels = strMap(meta.labels);
    const name = String(meta.name ?? '?');
    out.push({
      name,
      nodeName: name,
      nodePool: null,
      instanceType: labels[LABEL_INSTANCE_TYPE] ?? null,
      zone: labels[LABEL_ZONE] ?? null,
      capacityType: labels[LABEL_CAPACITY_TYPE] ?? EKS_CAPACITY_TYPES[labels[EKS_CAPACITY_TYPE]] ?? null,
      labels,
      annotations: strMap(meta.annotations),
      initialized: true,
      ready: condition(node, 'Ready') === 'True',
      deleting: meta.deletionTimestamp != null,
      pricePerHour: null,
      pods: null,
      createdAt: typeof meta.creationTimestamp === 'string' ? meta.creationTimestamp : null,
      scheduling: schedulingView(null, node),
      managed: false,
    });
  }
  return out;
}

export function joinFleet(
  nodeClaims: Obj[],
  nodes: Obj[],
  source: 'snapshot' | 'live',
  podObjects: Obj[] | null = null,
  pdbObjects: Obj[] = [],
): Fleet {
  const notes: Assumption[] = [];
  const { byProvider, byName } = nodeIndexes(nodes);
  const out: FleetNode[] = [];
  const used = new Set<Obj>();
  let fromCondition = 0;
  for (const nc of nodeClaims) {
    const st = isObject(nc.status) ? nc.status : {};
    const node =
      (typeof st.providerID === 'string' && byProvider.get(st.providerID)) ||
      (typeof st.nodeName === 'string' && byName.get(st.nodeName)) ||
      undefined;
    if (node) used.add(node);
    const byCondition = initializedFromCondition(nc, node);
    if (byCondition) fromCondition++;
    out.push(nodeClaimFleetNode(nc, node, byCondition));
  }
  if (nodeClaims.length === 0 && nodes.some((node) => nodePoolLabel(node))) {
    notes.push(assumption('fleet-snapshot-no-nodeclaims'));
    for (const node of nodes) {
      const n = nodeState(node);
      if (!n.labels[LABEL_NODEPOOL]) continue; // not managed by Karpenter: below
      used.add(node);
      out.push(nodeFleetNode(node, n));
    }
  } else if (nodes.length === 0) {
    notes.push(assumption('fleet-snapshot-no-nodes'));
  }
  const notManaged = notManagedNodes(nodes, used);
  if (notManaged.length) notes.push(assumption('fleet-not-managed', { nodes: notManaged.length }));
  if (fromCondition > 0) notes.push(assumption('fleet-initialized-from-condition', { nodes: fromCondition }));
  const managed = out.filter((n) => n.nodePool !== null);
  if (managed.length > 0 && managed.every((n) => !n.initialized))
    notes.push(assumption('fleet-none-initialized', { nodes: managed.length }));
  const pods = podObjects ? placePods(podObjects, [...out, ...notManaged]) : null;
  const pdbs = pdbLimits(
    pdbObjects.map(parsePdb).filter((x) => x !== null),
    pods ?? [],
  );
  if (!pods) notes.push(assumption('fleet-snapshot-no-pods'));
  return { source, nodes: out, notes, pdbs, ...(notManaged.length ? { notManaged } : {}) };
}

/** Nodes by `spec.providerID` and by name (how a NodeClaim's status names its Node). */
function nodeIndexes(nodes: readonly Obj[]): { byProvider: Map<string, Obj>; byName: Map<string, Obj> } {
  const byProvider = new Map<string, Obj>();
  const byName = new Map<string, Obj>();
  for (const n of nodes) {
    const spec = isObject(n.spec) ? n.spec : {};
    if (typeof spec.providerID === 'string') byProvider.set(spec.providerID, n);
    const meta = isObject(n.metadata) ? n.metadata : {};
    if (typeof meta.name === 'string') byName.set(meta.name, n);
  }
  return { byProvider, byName };
}

/** What a Node says of itself (all null or empty when a NodeClaim has no Node yet). */
interface NodeState {
  ready: boolean | null;
  initialized: boolean | null;
  deleting: boolean;
  labels: Record<string, string>;
  annotations: Record<string, string> | null;
}

function nodeState(node: Obj | undefined): NodeState {
  if (!node) return { ready: null, initialized: null, deleting: false, labels: {}, annotations: null };
  const meta = isObject(node.metadata) ? node.metadata : {};
  const labels = strMap(meta.labels);
  const spec = isObject(node.spec) ? node.spec : {};
  const taints = Array.isArray(spec.taints) ? spec.taints.filter(isObject) : [];
  return {
    ready: condition(node, 'Ready') === 'True',
    initialized: labels[LABEL_INITIALIZED] === 'true',
    deleting: meta.deletionTimestamp != null || taints.some((t) => t.key === 'karpenter.sh/disrupted'),
    labels,
    annotations: strMap(meta.annotations),
  };
}

/** A NodeClaim of the fleet, with what its Node (when registered) says. */
function nodeClaimFleetNode(nc: Obj, node: Obj | undefined, byCondition: boolean): FleetNode {
  const meta = isObject(nc.metadata) ? nc.metadata : {};
  const st = isObject(nc.status) ? nc.status : {};
  const labels = strMap(meta.labels);
  const n = nodeState(node);
  return {
    name: String(meta.name ?? '?'),
    nodeName: typeof st.nodeName === 'string' ? st.nodeName : null,
    nodePool: labels[LABEL_NODEPOOL] ?? null,
    instanceType: labels[LABEL_INSTANCE_TYPE] ?? null,
    zone: labels[LABEL_ZONE] ?? null,
    capacityType: labels[LABEL_CAPACITY_TYPE] ?? null,
    labels,
    annotations: strMap(meta.annotations),
    // statenode.go Annotations(): the Node's once registered, the NodeClaim's before.
    doNotDisrupt: (n.annotations ?? strMap(meta.annotations))[DO_NOT_DISRUPT] === 'true',
    initialized: byCondition || (n.initialized ?? condition(nc, 'Initialized') === 'True'),
    ready: node ? n.ready : null,
    deleting: meta.deletionTimestamp != null || n.deleting,
    pricePerHour: null,
    pods: null,
    createdAt: typeof meta.creationTimestamp === 'string' ? meta.creationTimestamp : null,
    scheduling: schedulingView(nc, node),
  };
}

/** A Node with a NodePool label in a snapshot without NodeClaims, read from the Node alone. */
function nodeFleetNode(node: Obj, n: NodeState): FleetNode {
  const meta = isObject(node.metadata) ? node.metadata : {};
  return {
    name: String(meta.name ?? '?'),
    nodeName: String(meta.name ?? '?'),
    nodePool: n.labels[LABEL_NODEPOOL],
    instanceType: n.labels[LABEL_INSTANCE_TYPE] ?? null,
    zone: n.labels[LABEL_ZONE] ?? null,
    capacityType: n.labels[LABEL_CAPACITY_TYPE] ?? null,
    labels: n.labels,
    annotations: {},
    doNotDisrupt: (n.annotations ?? {})[DO_NOT_DISRUPT] === 'true',
    initialized: n.initialized ?? false,
    ready: n.ready,
    deleting: n.deleting,
    pricePerHour: null,
    pods: null,
    createdAt: typeof meta.creationTimestamp === 'string' ? meta.creationTimestamp : null,
    scheduling: schedulingView(null, node),
  };
}

/** Every pod of the snapshot, each also in the pod list of the fleet node it is bound to (`spec.nodeName`). */
function placePods(podObjects: readonly Obj[], fleetNodes: readonly FleetNode[]): FleetPod[] {
  const byNode = new Map<string, FleetPod[]>();
  const all: FleetPod[] = [];
  const templates: Templates = new Map();
  for (const o of podObjects) {
    const spec = isObject(o.spec) ? o.spec : {};
    const fp = fleetPod(o, templates);
    all.push(fp);
    if (typeof spec.nodeName !== 'string') continue;
    if (!byNode.has(spec.nodeName)) byNode.set(spec.nodeName, []);
    byNode.get(spec.nodeName)!.push(fp);
  }
  for (const n of fleetNodes) {
    n.podList = (n.nodeName && byNode.get(n.nodeName)) || [];
    n.pods = n.podList.filter(reschedulable).length;
  }
  return all;
}

export function parseFleetText(file: string, raw: string, findings: Finding[]): Fleet {
  let objects: Obj[];
  // A UTF-8 byte-order mark (Windows editors, PowerShell's Out-File) is not part of the JSON or YAML text.
  const text = raw.startsWith('\ufeff') ? raw.slice(1) : raw;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const v = JSON.parse(text) as unknown;
      objects = Array.isArray(v) ? v.filter(isObject) : isObject(v) ? [v] : [];
    } catch (e) {
      findings.push({
        rule: 'invalid-fleet',
        severity: 'error',
        file,
        line: null,
        object: null,
        message: `${file} is not valid JSON: ${errorMessage(e)}`,
      });
      objects = [];
    }
  } else {
    objects = parseYamlDocuments(file, text, findings).map((d) => d.value);
  }
  const { nodeClaims, nodes, pods, pdbs } = parseFleetObjects(objects, file, findings);
  return joinFleet(nodeClaims, nodes, 'snapshot', pods, pdbs);
}
