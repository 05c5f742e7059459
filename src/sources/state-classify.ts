/**
 * Classifying the objects of a state (sources/state.ts loadState hands each one here): NodePools, NodeOverlays and
 * EC2NodeClasses (v1beta1 ones converted), RuntimeClasses, storage objects, PodDisruptionBudgets, workloads, and the
 * Argo CD objects of renderings, each validated and turned into the model's plain objects; `List`s are unwrapped, a
 * second object of the same name is reported, caps are held, and any other kind is counted as ignored.
 */
import { checkObjectMeta } from '../api/validation.js';
import { convertEC2NodeClass, convertNodePool, V1BETA1, withKubelet } from '../api/conversion.js';
import {
  IGNORE_ANNOTATION,
  isRenderedSource,
  parseIgnoreAnnotation,
  type Finding,
  type SourceRef,
  type Suppressions,
} from '../common/findings.js';
import { EC2NODECLASS_API_VERSION, parseEC2NodeClass } from '../api/ec2nodeclass.js';
import { NODEOVERLAY_API_VERSION, parseNodeOverlay } from '../api/nodeoverlay.js';
import { NODEPOOL_API_VERSION, parseNodePool } from '../api/nodepool.js';
import type { ModelInput } from '../provisioning/provisioner.js';
import { isObject } from '../common/fields.js';
import { addAssumptions, type Assumption } from '../common/assumptions.js';
import { parsePdb, type PdbSpec } from '../api/pdb.js';
import {
  type StorageObjects,
  parsePersistentVolume,
  parsePersistentVolumeClaim,
  parseStorageClass,
} from '../api/storage.js';
import { parseResourceList, type ResourceList } from '../common/quantity.js';
import { parseWorkload, WORKLOAD_KINDS, type WorkloadKind } from '../api/workload.js';
import type { Caps } from './config.js';
import { own } from '../common/own.js';
import { applyVars, unresolvedPlaceholders } from './placeholders.js';

/** An object found in a state, and where. */
export interface Found {
  value: Record<string, unknown>;
  source: SourceRef;
}

/** What classifying objects fills in a state (sources/state.ts State). */
export type ClassifiedState = Pick<
  ModelInput,
  'nodePools' | 'nodeClasses' | 'overlays' | 'workloads' | 'daemonSets'
> & {
  findings: Finding[];
  notes: Assumption[];
  ignoredKinds: Record<string, number>;
  capped?: string[];
  unrendered: Set<string>;
  ignoreAnnotations: Suppressions['annotations'];
  runtimeClasses: Map<string, ResourceList>;
  pdbs: PdbSpec[];
  storage: StorageObjects;
};

export interface ClassifyLimits {
  caps: Caps;
  /** Objects read so far, by kind. */
  counts: Record<string, number>;
  /** The config's `vars:`. */
  vars?: Record<string, string>;
}

/** One loading of a state: where classified objects go, the names seen, and the Argo CD objects of renderings. */
interface Classifier {
  state: ClassifiedState;
  seen: Map<string, SourceRef>;
  applications: Found[];
  limits: ClassifyLimits;
}

const EXPECTED_API: Record<string, string> = {
  NodePool: NODEPOOL_API_VERSION,
  NodeOverlay: NODEOVERLAY_API_VERSION,
  EC2NodeClass: EC2NODECLASS_API_VERSION,
};

export function classify(
  state: ClassifiedState,
  value: Record<string, unknown>,
  source: SourceRef,
  seen: Map<string, SourceRef>,
  applications: Found[],
  limits: ClassifyLimits,
): void {
  const c: Classifier = { state, seen, applications, limits };
  const kind = typeof value.kind === 'string' ? value.kind : '';
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
  if (kind === 'List' || (kind.endsWith('List') && value.items !== undefined))
    return classifyList(c, kind, value, source);
  if (!kind) {
    countIgnored(state, '(no kind)');
    return;
  }
  if (overCap(c, kind, source)) return;
  const reader = OBJECT_READERS.find((r) => r.accepts(kind, apiVersion));
  if (reader) reader.read(c, { kind, apiVersion, value, source });
  else countIgnored(state, kind);
}

function countIgnored(state: ClassifiedState, kind: string): void {
  state.ignoredKinds[kind] = (state.ignoredKinds[kind] ?? 0) + 1;
}

/** The items of a `List`, each classified at its place in the list. */
function classifyList(c: Classifier, kind: string, value: Record<string, unknown>, source: SourceRef): void {
  // A list whose items is not a list is refused by kubectl and the API server (`items` is an array).
  if (!Array.isArray(value.items)) {
    c.state.findings.push({
      rule: 'invalid-spec',
      severity: 'error',
      file: source.file,
      line: source.locate(['items'])?.line ?? source.line,
      object: null,
      message: `${kind}.items must be a list of objects, got ${value.items === null ? 'null' : typeof value.items}: nothing in it is read`,
    });
    return;
  }
  value.items.forEach((item, i) => {
    if (!isObject(item)) return;
    const itemSource: SourceRef = {
      file: source.file,
      line: source.locate(['items', i])?.line ?? source.line,
      locate: (path) => source.locate(['items', i, ...path]),
    };
    classify(c.state, item, itemSource, c.seen, c.applications, c.limits);
  });
}

/**
 * Caps (docs/security.md): past the cap of a kind, one error and the rest unread. NodePools, NodeOverlays and
 * EC2NodeClasses have their own, lower cap: the model's work grows with NodePools × pods.
 */
function overCap(c: Classifier, kind: string, source: SourceRef): boolean {
  const karpenterKind = kind === 'NodePool' || kind === 'NodeOverlay' || kind === 'EC2NodeClass';
  const cap = karpenterKind ? c.limits.caps.karpenterObjects : c.limits.caps.objectsPerKind;
  const n = (c.limits.counts[kind] = (c.limits.counts[kind] ?? 0) + 1);
  if (n <= cap) return false;
  if (n === cap + 1) {
    const name = karpenterKind ? 'karpenterObjects' : 'objectsPerKind';
    if (karpenterKind && !(c.state.capped ??= []).includes(name)) c.state.capped.push(name);
    c.state.findings.push({
      rule: 'input-capped',
      severity: 'error',
      file: source.file,
      line: source.line,
      object: null,
      message: `more than ${cap} ${kind} objects in this state: the rest are not read, and the state is not modelled (caps.${name})`,
    });
  }
  return true;
}

/** One object to read, of a kind and apiVersion a reader accepts. */
interface KindedObject {
  kind: string;
  apiVersion: string;
  value: Record<string, unknown>;
  source: SourceRef;
}

/** The readers of the kinds a state's objects are read as, in order; the first that accepts an object reads it. */
const OBJECT_READERS: {
  accepts: (kind: string, apiVersion: string) => boolean;
  read: (c: Classifier, o: KindedObject) => void;
}[] = [
  { accepts: (kind) => own(EXPECTED_API, kind) !== undefined, read: readKarpenterObject },
  { accepts: (kind, api) => kind === 'RuntimeClass' && api.startsWith('node.k8s.io/'), read: readRuntimeClass },
  // Storage objects (karpenter volumetopology.go reads PVCs, PVs and StorageClasses).
  {
    accepts: (kind, api) =>
      (kind === 'PersistentVolumeClaim' && api === 'v1') ||
      (kind === 'PersistentVolume' && api === 'v1') ||
      (kind === 'StorageClass' && api.startsWith('storage.k8s.io/')),
    read: readStorageObject,
  },
  { accepts: (kind, api) => kind === 'PodDisruptionBudget' && api.startsWith('policy/'), read: readPdb },
  {
    accepts: (kind, api) => (kind === 'Application' || kind === 'ApplicationSet') && api.startsWith('argoproj.io/'),
    // Those of the plain manifests are read once per tree (state.ts argoInventory); those of renderings here.
    read: (c, { value, source }) => {
      if (isRenderedSource(source.file)) c.applications.push({ value, source });
    },
  },
  { accepts: (kind) => (WORKLOAD_KINDS as readonly string[]).includes(kind), read: readWorkload },
];

/** v1beta1 NodePools and EC2NodeClasses are converted (api/conversion.ts); other versions are left out. */
function convertible(kind: string, apiVersion: string): boolean {
  return (
    (kind === 'NodePool' && apiVersion === V1BETA1.NodePool) ||
    (kind === 'EC2NodeClass' && apiVersion === V1BETA1.EC2NodeClass)
  );
}

/** A NodePool, NodeOverlay or EC2NodeClass: placeholders substituted, the apiVersion checked, the name unique, then parsed. */
function readKarpenterObject(c: Classifier, { kind, apiVersion, value, source }: KindedObject): void {
  const state = c.state;
  const expected = own(EXPECTED_API, kind)!;
  // Placeholders: the config's `vars:` substitute them; one left in a name, nodeClassRef or requirement is not modelled.
  value = applyVars(value, c.limits.vars);
  const ours = apiVersion.split('/')[0] === expected.split('/')[0];
  if (ours && unresolvedPlaceholders(kind, value, source, state.findings)) {
    if (source.file && !isRenderedSource(source.file)) state.unrendered.add(source.file);
    return;
  }
  const meta = isObject(value.metadata) ? value.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '?';
  if (apiVersion !== expected) {
    const converted = ofAnotherApiVersion(state, { kind, apiVersion, value, source }, expected, name);
    if (!converted) return;
    value = converted;
  }
  const key = `${kind}/${name}`;
  const prev = c.seen.get(key);
  if (prev) {
    state.findings.push({
      rule: 'duplicate-name',
      severity: 'error',
      file: source.file,
      line: source.line,
      object: key,
      message: `${kind} ${name} is defined twice (first at ${prev.file}:${prev.line}); ${kind}s are cluster-scoped and names must be unique; the second definition is ignored`,
    });
    return;
  }
  c.seen.set(key, source);
  const migratedFrom = apiVersion !== expected ? { migratedFrom: apiVersion } : {};
  if (parseKarpenterObject(state, kind, value, source, migratedFrom)) recordIgnore(state, key, value, source);
}

/** Parses a Karpenter object into the state; whether it was accepted. */
function parseKarpenterObject(
  state: ClassifiedState,
  kind: string,
  value: Record<string, unknown>,
  source: SourceRef,
  migratedFrom: { migratedFrom?: string },
): boolean {
  if (kind === 'NodePool') {
    const np = parseNodePool(value, source, state.findings);
    if (np) state.nodePools.push({ ...np, ...migratedFrom });
    return !!np;
  }
  if (kind === 'NodeOverlay') {
    const o = parseNodeOverlay(value, source, state.findings);
    if (o) state.overlays.push(o);
    return !!o;
  }
  const nc = parseEC2NodeClass(value, source, state.findings);
  if (nc) state.nodeClasses.push({ ...nc, ...migratedFrom });
  return !!nc;
}

/**
 * A Karpenter kind of another apiVersion: another group's is someone else's (ignored); ours is reported, and a v1beta1
 * one is evaluated as Karpenter v1.0's conversion webhook converted it (the object returned), others left out (null).
 */
function ofAnotherApiVersion(
  state: ClassifiedState,
  { kind, apiVersion, value, source }: KindedObject,
  expected: string,
  name: string,
): Record<string, unknown> | null {
  // Only objects of Karpenter's groups are ours; a NodePool of another group is someone else's.
  if (apiVersion.split('/')[0] !== expected.split('/')[0]) {
    countIgnored(state, `${apiVersion}/${kind}`);
    return null;
  }
  state.findings.push({
    rule: 'unsupported-api-version',
    severity: 'error',
    file: source.file,
    line: source.locate(['apiVersion'])?.line ?? source.line,
    object: `${kind}/${name}`,
    message:
      `${kind} ${name} uses apiVersion ${apiVersion}, which this Karpenter (v1.x) does not serve: expected ${expected}` +
      (convertible(kind, apiVersion)
        ? ' (v1beta1 was removed in Karpenter v1.0; convert the manifest to v1); it is evaluated as Karpenter v1.0 converted stored v1beta1 objects'
        : '; the object is left out of the plan'),
  });
  if (!convertible(kind, apiVersion)) return null;
  // A migration compares the same pool: the v1beta1 object is evaluated as v1.0's conversion webhook converted it.
  const conv = kind === 'NodePool' ? convertNodePool(value) : convertEC2NodeClass(value);
  addAssumptions(state.notes, conv.notes);
  if (conv.kubelet) {
    const ref = (conv.raw.spec as { template: { spec: { nodeClassRef: { name?: unknown } } } }).template.spec
      .nodeClassRef.name;
    if (typeof ref === 'string') {
      let byClass = convertedKubelets.get(state);
      if (!byClass) convertedKubelets.set(state, (byClass = new Map()));
      byClass.set(ref, [...(byClass.get(ref) ?? []), conv.kubelet]);
    }
  }
  return conv.raw;
}

function readRuntimeClass(c: Classifier, { kind, value, source }: KindedObject): void {
  checkObjectMeta(kind, value, source, c.state.findings);
  const meta = isObject(value.metadata) ? value.metadata : {};
  const overhead = isObject(value.overhead) ? value.overhead : {};
  if (typeof meta.name === 'string') c.state.runtimeClasses.set(meta.name, parseResourceList(overhead.podFixed));
}

/** A PVC, PV or StorageClass; a second object of the same name is ignored, as the API server would refuse to create it. */
function readStorageObject(c: Classifier, { kind, value, source }: KindedObject): void {
  const state = c.state;
  const st = state.storage;
  checkObjectMeta(kind, value, source, state.findings);
  const obj =
    kind === 'PersistentVolumeClaim'
      ? parsePersistentVolumeClaim(value, source, state.findings)
      : kind === 'PersistentVolume'
        ? parsePersistentVolume(value, source, state.findings)
        : parseStorageClass(value, source, state.findings);
  if (!obj) return;
  const key = 'namespace' in obj ? `${obj.namespace}/${obj.name}` : obj.name;
  const map: Map<string, unknown> =
    kind === 'PersistentVolumeClaim' ? st.claims : kind === 'PersistentVolume' ? st.volumes : st.classes;
  const prev = map.get(key) as { source: SourceRef } | undefined;
  if (prev) {
    state.findings.push({
      rule: 'duplicate-name',
      severity: 'warning',
      file: source.file,
      line: source.line,
      object: `${kind}/${obj.name}`,
      message: `${kind} ${key} is defined twice (first at ${prev.source.file}:${prev.source.line}); the second definition is ignored`,
    });
    return;
  }
  map.set(key, obj);
  recordIgnore(state, `${kind}/${obj.name}`, value, source);
}

function readPdb(c: Classifier, { kind, value, source }: KindedObject): void {
  checkObjectMeta(kind, value, source, c.state.findings);
  const pdb = parsePdb(value);
  if (pdb) c.state.pdbs.push(pdb);
}

function readWorkload(c: Classifier, { kind, value, source }: KindedObject): void {
  const state = c.state;
  const w = parseWorkload(kind as WorkloadKind, value, source, state.findings, c.limits.caps.replicas);
  if (!w) return;
  const key = `${kind}/${w.namespace}/${w.name}`;
  if (c.seen.has(key)) {
    state.findings.push({
      rule: 'duplicate-name',
      severity: 'warning',
      file: source.file,
      line: source.line,
      object: `${kind}/${w.name}`,
      message: `${kind} ${w.namespace}/${w.name} is defined twice; the second definition is ignored`,
    });
    return;
  }
  c.seen.set(key, source);
  if (kind === 'DaemonSet') state.daemonSets.push(w);
  else state.workloads.push(w);
  recordIgnore(state, `${kind}/${w.name}`, value, source);
}

/**
 * `karpenter-plan.io/ignore` on an accepted object silences rules for that object (findings name objects
 * `Kind/name`). It is recorded only here, once the object is accepted — never for a look-alike (another group's
 * NodePool), a duplicate that is ignored, or an object that fails validation — so no other object can carry the
 * annotation for it (docs/security.md, "Suppression").
 */
function recordIgnore(state: ClassifiedState, key: string, value: Record<string, unknown>, source: SourceRef): void {
  const ann = isObject(value.metadata) && isObject(value.metadata.annotations) ? value.metadata.annotations : null;
  const ignore = ann ? own(ann, IGNORE_ANNOTATION) : undefined;
  if (typeof ignore !== 'string') return;
  state.ignoreAnnotations.set(key, {
    ...parseIgnoreAnnotation(ignore),
    ...(source.file !== null ? { file: source.file } : {}),
    line: source.locate(['metadata', 'annotations', IGNORE_ANNOTATION])?.line ?? source.line,
  });
}

/** Kubelet settings of converted v1beta1 NodePools, by the EC2NodeClass they name (api/conversion.ts withKubelet). */
const convertedKubelets = new WeakMap<ClassifiedState, Map<string, Record<string, unknown>[]>>();

/** Gives each converted v1beta1 EC2NodeClass the kubelet its converted NodePools carried (api/conversion.ts withKubelet). */
export function carryConvertedKubelets(state: ClassifiedState): void {
  const byClass = convertedKubelets.get(state);
  if (!byClass) return;
  state.nodeClasses = state.nodeClasses.map((nc) => {
    const kubelets = byClass.get(nc.name);
    if (!nc.migratedFrom || !kubelets) return nc;
    const { raw, note } = withKubelet(nc.raw, kubelets);
    if (note) addAssumptions(state.notes, [note]);
    if (raw === nc.raw) return nc;
    // Parsed again with the kubelet in place; its findings were reported on the first reading.
    const again = parseEC2NodeClass(raw, nc.source, []);
    return again ? { ...again, migratedFrom: nc.migratedFrom } : nc;
  });
}
