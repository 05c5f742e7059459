/**
 * Workloads: the pods a state asks Karpenter to place. Deployment, StatefulSet, ReplicaSet, Job, CronJob and Pod become
 * pending pods; DaemonSets are per-node overhead (karpenter pkg/controllers/provisioning/scheduling/scheduler.go
 * buildDaemonOverheadGroups). Pod requests follow karpenter pkg/utils/resources/resources.go RequestsForPods; pod
 * requirements pkg/scheduling/requirements.go NewPodRequirements.
 */
import { FindingSink, type Finding, type SourceRef } from '../common/findings.js';
import { LABEL_HOSTNAME, normalizeKey } from './labels.js';
import { addResources, parseResourceList, type ResourceList } from '../common/quantity.js';
import type { NodeSelectorRequirement } from './nodeselector.js';
import { isObject } from '../common/fields.js';
import { checkLabels, checkObjectName, readRequirements } from './validation.js';
import { parsePodConstraints, type PodConstraints } from './pod-constraints.js';
import { parseClaimTemplates, parsePodVolumes, type ClaimTemplate, type PodVolume } from './storage.js';

export const WORKLOAD_KINDS = [
  'Deployment',
  'StatefulSet',
  'ReplicaSet',
  'Job',
  'CronJob',
  'Pod',
  'DaemonSet',
] as const;
export type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
}

export interface PreferredTerm {
  weight: number;
  requirements: NodeSelectorRequirement[];
}

export interface PodTemplate {
  nodeSelector: Record<string, string>;
  /** Required node-affinity terms (OR-ed); each term's matchExpressions are AND-ed. */
  requiredTerms: NodeSelectorRequirement[][];
  preferredTerms: PreferredTerm[];
  tolerations: Toleration[];
  /** Effective requests including `pods: 1` (resources.go RequestsForPods). */
  requests: ResourceList;
  /** Pod labels, topology spread, pod (anti-)affinity and host ports (pod-constraints.ts). */
  constraints: PodConstraints;
  /** Validation errors that make Karpenter drop the pod from provisioning (karpenter pkg/controllers/provisioning/provisioner.go Validate). */
  invalid: string[];
  /** `spec.runtimeClassName`: the RuntimeClass admission plugin sets `spec.overhead` from its `overhead.podFixed`. */
  runtimeClassName?: string;
  /** Whether `spec.overhead` is given (then the RuntimeClass's is not added again). */
  overheadDeclared?: boolean;
  /** `spec.terminationGracePeriodSeconds` when set. */
  terminationGracePeriodSeconds?: number;
  /** The volumes that name a claim (storage.ts), when there are any. */
  volumes?: PodVolume[];
  /**
   * The node requirements the pod's volumes impose, as OR-ed alternatives (karpenter volumetopology.go
   * VolumeTopology.GetRequirements), resolved against the state's storage objects by provisioning/volumetopology.ts;
   * absent when the volumes impose none. Added to the node's requirements only, never to the pod's (its topology
   * domains stay its own).
   */
  volumeRequirements?: NodeSelectorRequirement[][];
}

export interface Workload {
  kind: WorkloadKind;
  namespace: string;
  name: string;
  replicas: number;
  pod: PodTemplate;
  source: SourceRef;
  /** A StatefulSet's `volumeClaimTemplates`, when it has any. */
  claimTemplates?: ClaimTemplate[];
}

export function parseWorkload(
  kind: WorkloadKind,
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
  maxReplicas = Infinity,
): Workload | null {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'default';
  const sink = new FindingSink(findings, source, `${kind}/${name || '?'}`);
  if (!name) {
    sink.error('metadata.name is required', ['metadata']);
    return null;
  }
  // Workload names are DNS-1123 subdomains too (k8s.io/kubernetes pkg/apis/apps/validation ValidateDeploymentName,
  // core ValidatePodName: apimachinery NameIsDNSSubdomain).
  checkObjectName(name, sink);
  const spec = isObject(raw.spec) ? raw.spec : {};
  const { podSpec, podMeta, podPath, replicas } = podTemplateOf(kind, spec, meta, sink);
  checkLabels(meta.labels, sink, ['metadata', 'labels']);
  // The pod template's labels (a Pod's are its own metadata's, checked above).
  if (podMeta !== meta) checkLabels(podMeta.labels, sink, [...podPath.slice(0, -1), 'metadata', 'labels']);
  if (!podSpec) {
    sink.error(`${podPath.join('.')} is required (the pod template)`, podPath);
    return null;
  }
  const modelled = modelledReplicas(replicas, maxReplicas, kind, sink);
  // DaemonSet pods are not validated as pending pods are (provisioner.go Validate runs on provisionable pods only):
  // their node affinity may name karpenter.sh/initialized or karpenter.sh/registered, which templates carry.
  const pod = parsePodSpec(podSpec, sink, podPath, podMeta, kind === 'DaemonSet');
  if (kind === 'Deployment') withPodTemplateHash(pod, spec.template);
  const claimTemplates = kind === 'StatefulSet' ? parseClaimTemplates(spec.volumeClaimTemplates, sink) : [];
  return {
    kind,
    namespace,
    name,
    replicas: modelled,
    pod,
    source,
    ...(claimTemplates.length ? { claimTemplates } : {}),
  };
}

/** Where a workload keeps its pod template, and how many pods it asks for at once. */
interface PodTemplateOf {
  /** undefined when the workload has no pod spec. */
  podSpec: Record<string, unknown> | undefined;
  podMeta: Record<string, unknown>;
  podPath: string[];
  replicas: number;
}

/** A `{metadata, spec}` pod template: its spec (undefined without one) and its metadata. */
function templateParts(template: unknown): Pick<PodTemplateOf, 'podSpec' | 'podMeta'> {
  const t = isObject(template) ? template : {};
  return { podSpec: isObject(t.spec) ? t.spec : undefined, podMeta: isObject(t.metadata) ? t.metadata : {} };
}

/**
 * The pod template of each kind: a Pod is its own; a CronJob's is its job template's, a Job's and a CronJob's
 * parallelism is the number of pods at once; a DaemonSet's pods are per node (one here); the others' `spec.replicas`.
 */
function podTemplateOf(
  kind: WorkloadKind,
  spec: Record<string, unknown>,
  meta: Record<string, unknown>,
  sink: FindingSink,
): PodTemplateOf {
  const podPath = ['spec', 'template', 'spec'];
  switch (kind) {
    case 'Pod':
      return { podSpec: spec, podMeta: meta, podPath: ['spec'], replicas: 1 };
    case 'CronJob': {
      const jt = isObject(spec.jobTemplate) ? spec.jobTemplate : {};
      const js = isObject(jt.spec) ? jt.spec : {};
      return {
        ...templateParts(js.template),
        podPath: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
        replicas: intOr(js.parallelism, 1),
      };
    }
    case 'Job':
      checkInteger(spec.parallelism, sink, ['spec', 'parallelism']);
      return { ...templateParts(spec.template), podPath, replicas: intOr(spec.parallelism, 1) };
    case 'DaemonSet':
      return { ...templateParts(spec.template), podPath, replicas: 1 };
    default:
      checkInteger(spec.replicas, sink, ['spec', 'replicas']);
      return { ...templateParts(spec.template), podPath, replicas: intOr(spec.replicas, 1) };
  }
}

/** The replicas modelled: none below 0, and at most `caps.replicas` (an `input-capped` error above it). */
function modelledReplicas(replicas: number, maxReplicas: number, kind: WorkloadKind, sink: FindingSink): number {
  const asked = replicas < 0 ? 0 : replicas;
  if (asked > maxReplicas) {
    sink.add(
      'input-capped',
      'error',
      `${asked.toLocaleString('en-US')} replicas: only ${maxReplicas.toLocaleString('en-US')} are modelled (caps.replicas)`,
      kind === 'Job' || kind === 'CronJob' ? [] : ['spec', 'replicas'],
    );
    return maxReplicas;
  }
  return asked;
}

/** The label the Deployment controller puts on its pods (kubernetes pkg/apis/apps/v1 DefaultDeploymentUniqueLabelKey). */
export const POD_TEMPLATE_HASH = 'pod-template-hash';

/** k8s.io/apimachinery pkg/util/rand SafeEncodeString's alphabet (no vowels, no look-alikes). */
const SAFE_ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * A stand-in for the Deployment controller's `pod-template-hash` (kubernetes pkg/controller/controller_utils.go
 * ComputeHash: FNV-32a of the pod template, SafeEncodeString of its decimal): FNV-32a over the template's canonical
 * JSON, encoded the same way. It is not the value the cluster computes (that hashes the Go object's spew dump), but it
 * is equal for equal templates and differs for different ones, which is all a selector on it reads.
 */
export function podTemplateHash(template: unknown): string {
  // Once per template object: base and head read the same documents of a file they share (sources/yaml.ts
  // SharedYamlReads), whose values no reader changes.
  const known = isObject(template) ? TEMPLATE_HASHES.get(template) : undefined;
  if (known !== undefined) return known;
  const hash = computeTemplateHash(template);
  if (isObject(template)) TEMPLATE_HASHES.set(template, hash);
  return hash;
}

const TEMPLATE_HASHES = new WeakMap<object, string>();

function computeTemplateHash(template: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : isObject(v)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical(v[k])]),
          )
        : v;
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(JSON.stringify(canonical(template)))) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return [...String(h)].map((c) => SAFE_ALPHANUMS[c.charCodeAt(0) % SAFE_ALPHANUMS.length]).join('');
}

/**
 * The Deployment controller labels its ReplicaSet's pods with `pod-template-hash` (kubernetes
 * pkg/controller/deployment/sync.go getNewReplicaSet: `CloneAndAddLabel(template.Labels, DefaultDeploymentUniqueLabelKey,
 * ComputeHash(template, collisionCount))`), overriding any value the template sets: a spread with
 * `matchLabelKeys: [pod-template-hash]` then counts one revision's pods (karpenter topology.go newForTopologies).
 */
function withPodTemplateHash(pod: PodTemplate, template: unknown): void {
  if (!isObject(template)) return;
  pod.constraints = {
    ...pod.constraints,
    labels: { ...pod.constraints.labels, [POD_TEMPLATE_HASH]: podTemplateHash(template) },
  };
}

function intOr(v: unknown, d: number): number {
  return typeof v === 'number' && Number.isInteger(v) ? v : d;
}

/** A count the API server types as an integer (replicas, parallelism): anything else is refused there. */
function checkInteger(v: unknown, sink: FindingSink, path: string[]): void {
  if (v === undefined || v === null || (typeof v === 'number' && Number.isInteger(v))) return;
  sink.error(
    `${path.join('.')} must be an integer, got ${JSON.stringify(v)} (the API server refuses the object)`,
    path,
  );
}

export function parsePodSpec(
  spec: Record<string, unknown>,
  sink: FindingSink,
  path: string[],
  meta: Record<string, unknown> = {},
  daemon = false,
): PodTemplate {
  const invalid: string[] = [];
  const nodeSelector = readNodeSelector(spec.nodeSelector, sink, path, invalid);
  const affinity = isObject(spec.affinity) ? spec.affinity : {};
  const na = isObject(affinity.nodeAffinity) ? affinity.nodeAffinity : {};
  const requiredTerms = readRequiredTerms(na, sink, path, daemon, invalid);
  const preferredTerms = readPreferredTerms(na);
  // core/v1 validation (ValidatePodSpec): containers is a non-empty list; tolerations use known operators and effects.
  if (!Array.isArray(spec.containers) || spec.containers.length === 0)
    sink.error(`${[...path, 'containers'].join('.')} must be a non-empty list (the API server refuses the pod)`, [
      ...path,
      'containers',
    ]);
  const tolerations = readTolerations(spec.tolerations, sink, path);
  const volumes = parsePodVolumes(spec.volumes, sink, path);
  return {
    nodeSelector,
    requiredTerms,
    preferredTerms,
    tolerations,
    requests: podRequests(spec, sink, path),
    ...(typeof spec.runtimeClassName === 'string' && spec.runtimeClassName
      ? { runtimeClassName: spec.runtimeClassName }
      : {}),
    overheadDeclared: isObject(spec.overhead),
    ...(typeof spec.terminationGracePeriodSeconds === 'number'
      ? { terminationGracePeriodSeconds: spec.terminationGracePeriodSeconds }
      : {}),
    constraints: parsePodConstraints(meta, spec, sink, path),
    invalid,
    ...(volumes.length ? { volumes } : {}),
  };
}

/** `spec.nodeSelector`; a pod that selects the hostname label is invalid for Karpenter (provisioner.go Validate). */
function readNodeSelector(v: unknown, sink: FindingSink, path: string[], invalid: string[]): Record<string, string> {
  const nodeSelector: Record<string, string> = {};
  if (isObject(v)) {
    for (const [k, value] of Object.entries(v)) {
      // nodeSelector is a map[string]string (k8s.io/api core/v1 PodSpec): a number or boolean does not decode.
      if (typeof value !== 'string')
        sink.error(`${[...path, 'nodeSelector', k].join('.')} must be a string (quote it: "${String(value)}")`, [
          ...path,
          'nodeSelector',
          k,
        ]);
      nodeSelector[k] = String(value);
    }
  }
  for (const k of Object.keys(nodeSelector)) {
    if (normalizeKey(k) === LABEL_HOSTNAME) invalid.push(`nodeSelector uses the restricted label ${k}`);
  }
  return nodeSelector;
}

/**
 * The required node-affinity terms. A pending pod with a term that uses matchFields, is invalid or requires the
 * hostname label is invalid for Karpenter (provisioner.go Validate); a DaemonSet's terms are read without findings.
 */
function readRequiredTerms(
  na: Record<string, unknown>,
  sink: FindingSink,
  path: string[],
  daemon: boolean,
  invalid: string[],
): NodeSelectorRequirement[][] {
  const requiredTerms: NodeSelectorRequirement[][] = [];
  const req = isObject(na.requiredDuringSchedulingIgnoredDuringExecution)
    ? na.requiredDuringSchedulingIgnoredDuringExecution
    : undefined;
  if (!req || !Array.isArray(req.nodeSelectorTerms)) return requiredTerms;
  req.nodeSelectorTerms.forEach((t, i) => {
    const tp = [
      ...path,
      'affinity',
      'nodeAffinity',
      'requiredDuringSchedulingIgnoredDuringExecution',
      'nodeSelectorTerms',
      i,
    ];
    if (!isObject(t)) return;
    if (Array.isArray(t.matchFields) && t.matchFields.length > 0) invalid.push('a node-selector term uses matchFields');
    const termSink = daemon ? new FindingSink([], sink.source, sink.object) : sink;
    const before = termSink.out.length;
    const reqs = readRequirements(t.matchExpressions ?? [], termSink, [...tp, 'matchExpressions'], 'pod');
    if (termSink.out.length > before && !daemon) invalid.push('a required node-affinity term is invalid');
    for (const r of reqs)
      if (!daemon && normalizeKey(r.key) === LABEL_HOSTNAME)
        invalid.push(`required node affinity uses the restricted label ${r.key}`);
    requiredTerms.push(reqs);
  });
  return requiredTerms;
}

/** The preferred node-affinity terms with their weights. */
function readPreferredTerms(na: Record<string, unknown>): PreferredTerm[] {
  const preferredTerms: PreferredTerm[] = [];
  if (!Array.isArray(na.preferredDuringSchedulingIgnoredDuringExecution)) return preferredTerms;
  for (const p of na.preferredDuringSchedulingIgnoredDuringExecution) {
    if (!isObject(p) || !isObject(p.preference)) continue;
    const exprs = Array.isArray(p.preference.matchExpressions) ? p.preference.matchExpressions : [];
    // Preferred terms are not validated by Karpenter (provisioner.go validateAffinity): read them without findings.
    const reqs = exprs
      .filter(isObject)
      .filter((e) => typeof e.key === 'string' && typeof e.operator === 'string')
      .map((e) => ({
        key: e.key as string,
        operator: e.operator as string,
        values: Array.isArray(e.values) ? e.values.map(String) : [],
      }));
    preferredTerms.push({ weight: typeof p.weight === 'number' ? p.weight : 0, requirements: reqs });
  }
  return preferredTerms;
}

const TOLERATION_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** `spec.tolerations`: each operator Exists or Equal, each effect a taint effect or empty (ValidatePodSpec). */
function readTolerations(v: unknown, sink: FindingSink, path: string[]): Toleration[] {
  if (!Array.isArray(v)) return [];
  v.forEach((t, i) => {
    if (!isObject(t)) return;
    const p = [...path, 'tolerations', i];
    if (t.operator !== undefined && t.operator !== 'Exists' && t.operator !== 'Equal')
      sink.error(`${p.join('.')}.operator must be Exists or Equal, got ${JSON.stringify(t.operator)}`, [
        ...p,
        'operator',
      ]);
    if (t.effect !== undefined && t.effect !== '' && !TOLERATION_EFFECTS.includes(String(t.effect)))
      sink.error(
        `${p.join('.')}.effect must be NoSchedule, PreferNoSchedule or NoExecute, got ${JSON.stringify(t.effect)}`,
        [...p, 'effect'],
      );
  });
  return v.filter(isObject).map((t) => ({
    ...(typeof t.key === 'string' ? { key: t.key } : {}),
    ...(typeof t.operator === 'string' ? { operator: t.operator } : {}),
    ...(t.value !== undefined && t.value !== null ? { value: String(t.value) } : {}),
    ...(typeof t.effect === 'string' ? { effect: t.effect } : {}),
  }));
}

/**
 * Effective pod requests (karpenter pkg/utils/resources/resources.go Ceiling): max(Σ app containers + Σ sidecars,
 * max over init containers i of request(i) + Σ sidecars declared before i), plus overhead,
 * plus `pods: 1`.
 */
export function podRequests(spec: Record<string, unknown>, sink: FindingSink | null, path: string[]): ResourceList {
  const reqOf = (c: unknown, p: (string | number)[]): ResourceList => {
    if (!isObject(c) || !isObject(c.resources)) return {};
    const r = c.resources;
    const requests = parseResourceList(r.requests, (k, v) =>
      sink?.error(`${[...p, 'resources', 'requests', k].join('.')}: ${JSON.stringify(v)} is not a valid quantity`, [
        ...p,
        'resources',
        'requests',
        k,
      ]),
    );
    // Limits default the requests of resources that have no request (Kubernetes defaulting).
    const limits = parseResourceList(r.limits);
    if (sink) {
      nonNegative(requests, sink, [...p, 'resources', 'requests']);
      nonNegative(limits, sink, [...p, 'resources', 'limits']);
    }
    for (const [k, v] of Object.entries(limits)) if (requests[k] === undefined) requests[k] = v;
    return requests;
  };
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  const inits = Array.isArray(spec.initContainers) ? spec.initContainers : [];
  let app: ResourceList = {};
  containers.forEach((c, i) => {
    app = addResources(app, reqOf(c, [...path, 'containers', i]));
  });
  let sidecars: ResourceList = {};
  let initMax: ResourceList = {};
  inits.forEach((c, i) => {
    const r = reqOf(c, [...path, 'initContainers', i]);
    if (isObject(c) && c.restartPolicy === 'Always') {
      sidecars = addResources(sidecars, r);
      initMax = maxResources(initMax, sidecars);
    } else {
      initMax = maxResources(initMax, addResources(r, sidecars));
    }
  });
  let total = maxResources(addResources(app, sidecars), initMax);
  // Pod-level resources (Kubernetes 1.32+) replace the containers' aggregate for cpu, memory and hugepages-*
  // (k8s.io/component-helpers/resource PodRequests, which Ceiling calls); a pod-level request defaults from the
  // pod-level limit.
  if (isObject(spec.resources)) {
    const podReq = parseResourceList(spec.resources.requests, (k, v) =>
      sink?.error(`${[...path, 'resources', 'requests', k].join('.')}: ${JSON.stringify(v)} is not a valid quantity`, [
        ...path,
        'resources',
        'requests',
        k,
      ]),
    );
    const podLim = parseResourceList(spec.resources.limits);
    if (sink) {
      nonNegative(podReq, sink, [...path, 'resources', 'requests']);
      nonNegative(podLim, sink, [...path, 'resources', 'limits']);
    }
    for (const [k, v] of Object.entries(podLim)) if (podReq[k] === undefined) podReq[k] = v;
    for (const [k, v] of Object.entries(podReq))
      if (k === 'cpu' || k === 'memory' || k.startsWith('hugepages-')) total[k] = v;
  }
  if (isObject(spec.overhead)) total = addResources(total, parseResourceList(spec.overhead));
  total.pods = 1;
  return total;
}

/**
 * A negative request or limit is refused by the API server (k8s.io/kubernetes pkg/apis/core/validation
 * ValidateResourceQuantityValue: "must be greater than or equal to 0").
 */
function nonNegative(list: ResourceList, sink: FindingSink, path: (string | number)[]): void {
  for (const [k, v] of Object.entries(list))
    if (v < 0) sink.error(`${[...path, k].join('.')} must be greater than or equal to 0`, [...path, k]);
}

function maxResources(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = Math.max(out[k] ?? 0, v);
  return out;
}
