/**
 * Helm values adapters: an organisation chart that templates NodePools / EC2NodeClasses /
 * NodeOverlays from values. Layouts:
 *  - `map`  (as in examples/helm-values/): `nodePool: {<name>: {weight, nodeClassRef, expireAfter, requirements, limits, disruption, taints, labels, ...}}`,
 *           `nodeClass: {<name>: {...EC2NodeClass spec...}}`;
 *  - `list`: the same fields in a list whose entries carry `name`;
 *  - `spec`: `{<name>: <verbatim spec>}` or a list of `{name, spec}`.
 * Several files layer in order with Helm's rules: maps merge, lists replace, `null` deletes.
 */
import type { Finding, Position, SourceRef } from '../common/findings.js';
import { isObject } from '../common/fields.js';
import type { ValuesAdapter } from './config.js';
import type { FileTree } from './tree.js';
import { parseYamlMapping, type SourceDocument } from './yaml.js';
import { own } from '../common/own.js';

/**
 * Helm's coalescing of values files: later maps merge over earlier ones, lists replace, null deletes. Every key is
 * written as an own data property (never through the `__proto__` setter) and read only when own, so a key such as
 * `__proto__` never reaches Object.prototype nor drops the entries under it; readValuesAdapter refuses such keys with
 * a located finding before merging. The maps stay ordinary objects (the model prints values with String()).
 */
export function mergeValues(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    if (v === null) delete out[k];
    else setOwn(out, k, isObject(v) && isObject(prev) ? mergeValues(prev, v) : v);
  }
  return out;
}

/** `o[k] = v` as an own data property, whatever `k` is (`__proto__` included). */
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** Keys that name JavaScript's object machinery: refused in maps built from input keys (docs/security.md). */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A copy of `v` without the PROTOTYPE_KEYS of its maps, each reported through `found` with its path; the rest of the
 * value is kept, so everything else is still evaluated.
 */
export function withoutPrototypeKeys(
  v: unknown,
  found: (path: (string | number)[]) => void,
  path: (string | number)[] = [],
): unknown {
  if (Array.isArray(v)) return v.map((x, i) => withoutPrototypeKeys(x, found, [...path, i]));
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    if (PROTOTYPE_KEYS.has(k)) {
      found([...path, k]);
      continue;
    }
    setOwn(out, k, withoutPrototypeKeys(v[k], found, [...path, k]));
  }
  return out;
}

export interface SynthesizedObject {
  value: Record<string, unknown>;
  source: SourceRef;
}

/** Maps a generated object's field path to the path of the values key that set it. */
type PathMapper = (path: readonly (string | number)[]) => (string | number)[];

/** Field names of the map/list layouts → the NodePool path they fill. */
const NODEPOOL_FIELDS: Record<string, string[]> = {
  weight: ['spec', 'weight'],
  replicas: ['spec', 'replicas'],
  limits: ['spec', 'limits'],
  disruption: ['spec', 'disruption'],
  labels: ['spec', 'template', 'metadata', 'labels'],
  annotations: ['spec', 'template', 'metadata', 'annotations'],
  requirements: ['spec', 'template', 'spec', 'requirements'],
  taints: ['spec', 'template', 'spec', 'taints'],
  startupTaints: ['spec', 'template', 'spec', 'startupTaints'],
  expireAfter: ['spec', 'template', 'spec', 'expireAfter'],
  terminationGracePeriod: ['spec', 'template', 'spec', 'terminationGracePeriod'],
  nodeClassRef: ['spec', 'template', 'spec', 'nodeClassRef'],
};

export function readValuesAdapter(
  tree: FileTree,
  adapter: ValuesAdapter,
  findings: Finding[],
  namedAt: (fileIndex: number) => { file: string | null; line: number | null } = () => ({ file: null, line: null }),
): SynthesizedObject[] {
  const docs = readValuesFiles(tree, adapter, findings, namedAt);
  // Layer the files; each document remembers what its file set (for locations).
  const merged = docs.reduce<unknown>((m, d) => mergeValues(m, d.value), {});
  if (!isObject(merged)) return [];
  const out: SynthesizedObject[] = [];
  const locateIn = (valuesPath: (string | number)[]): SourceRef => {
    // The last file that defines the path (or its nearest parent) is where the value comes from.
    for (let i = docs.length - 1; i >= 0; i--) {
      if (hasPath(docs[i].value, valuesPath)) return docs[i].source;
    }
    return docs[docs.length - 1]?.source ?? { file: adapter.files[0], line: null, locate: () => null };
  };
  const make = (
    valuesPath: (string | number)[],
    value: Record<string, unknown>,
    mapper: PathMapper,
  ): SynthesizedObject => {
    const src = locateIn(valuesPath);
    const at = src.locate(valuesPath);
    const source: SourceRef = {
      file: src.file,
      line: at?.line ?? src.line,
      locate: (path): Position | null => {
        const full = mapper(path);
        for (let i = docs.length - 1; i >= 0; i--) {
          if (!hasPath(docs[i].value, full)) continue;
          const p = docs[i].source.locate(full);
          return p && docs[i].file !== src.file ? { ...p, file: docs[i].file } : p;
        }
        return src.locate(valuesPath);
      },
    };
    return { value, source };
  };

  const collections: [string, 'NodePool' | 'EC2NodeClass' | 'NodeOverlay'][] = [
    [adapter.nodePools, 'NodePool'],
    [adapter.nodeClasses, 'EC2NodeClass'],
    [adapter.nodeOverlays, 'NodeOverlay'],
  ];
  for (const [rootKey, kind] of collections) {
    const entries = collectionEntries(merged, rootKey, locateIn, findings);
    for (const [name, e, p] of entries) {
      out.push(
        adapter.layout === 'spec' || kind !== 'NodePool'
          ? specObject(kind, name, e, p, adapter.layout, make)
          : make(p, fieldsToNodePool(name, e), (path) => mapNodePoolPath(p, path)),
      );
    }
  }
  return out;
}

/**
 * The values files of an adapter, in order, each without the keys that are refused (`__proto__`, `constructor` and
 * `prototype`, each a located error). A file that is missing or not a mapping is a finding and adds nothing.
 */
function readValuesFiles(
  tree: FileTree,
  adapter: ValuesAdapter,
  findings: Finding[],
  namedAt: (fileIndex: number) => { file: string | null; line: number | null },
): SourceDocument[] {
  const docs: SourceDocument[] = [];
  for (const [j, file] of adapter.files.entries()) {
    const text = tree.read(file);
    if (text === null) {
      // A file that is not there cannot be annotated: the finding points at the config entry that names it.
      const at = namedAt(j);
      findings.push({
        rule: 'unreadable-file',
        severity: 'error',
        file: at.file ?? file,
        line: at.line,
        object: null,
        message: `values file ${JSON.stringify(file)} does not exist in this state`,
      });
      continue;
    }
    const doc = parseYamlMapping(file, text, findings);
    if (!doc) continue;
    // `__proto__`, `constructor` and `prototype` are refused, each a located error; the other keys are evaluated.
    const value = withoutPrototypeKeys(doc.value, (path) =>
      findings.push({
        rule: 'invalid-values',
        severity: 'error',
        file,
        line: doc.source.locate(path)?.line ?? doc.source.line,
        object: null,
        message: `values key ${JSON.stringify(path.join('.'))} is refused: ${JSON.stringify(path[path.length - 1])} is not a name a NodePool, EC2NodeClass or field can have, and the rest of the file is evaluated without it`,
      }),
    ) as Record<string, unknown>;
    docs.push({ ...doc, value });
  }
  return docs;
}

/** An entry of a values collection: its name, its fields and its values path. */
type ValuesEntry = [string, Record<string, unknown>, (string | number)[]];

/**
 * The entries of the collection at `rootKey` (dotted) of the merged values: a list of named entries, or a map keyed
 * by name whose `null`, `false` and `enabled: false` entries are disabled. Anything else is a located finding.
 */
function collectionEntries(
  merged: Record<string, unknown>,
  rootKey: string,
  locateIn: (valuesPath: (string | number)[]) => SourceRef,
  findings: Finding[],
): ValuesEntry[] {
  const rootPath = rootKey.split('.');
  const coll = getPath(merged, rootPath);
  if (coll === undefined || coll === null) return [];
  const invalid = (path: (string | number)[], message: string): void => {
    const loc = locateIn(path);
    findings.push({
      rule: 'invalid-values',
      severity: 'error',
      file: loc.file,
      line: loc.locate(path)?.line ?? null,
      object: null,
      message,
    });
  };
  const entries: ValuesEntry[] = [];
  if (Array.isArray(coll)) {
    coll.forEach((e, i) => {
      if (!isObject(e)) return;
      const name = entryName(e);
      if (!name) return invalid([...rootPath, i], `${rootKey}[${i}] has no name`);
      entries.push([name, e, [...rootPath, i]]);
    });
  } else if (isObject(coll)) {
    for (const [name, e] of Object.entries(coll)) {
      if (e === null || e === false) continue; // disabled entry
      if (!isObject(e)) invalid([...rootPath, name], `${rootKey}.${name} must be a map`);
      else if (e.enabled !== false) entries.push([name, e, [...rootPath, name]]);
    }
  } else invalid(rootPath, `${rootKey} must be a map or a list`);
  return entries;
}

/** The name of a list entry: its `name`, else its `metadata.name`, else ''. */
function entryName(e: Record<string, unknown>): string {
  if (typeof e.name === 'string') return e.name;
  return isObject(e.metadata) && typeof e.metadata.name === 'string' ? e.metadata.name : '';
}

function specObject(
  kind: 'NodePool' | 'EC2NodeClass' | 'NodeOverlay',
  name: string,
  e: Record<string, unknown>,
  p: (string | number)[],
  layout: string,
  make: (vp: (string | number)[], v: Record<string, unknown>, m: PathMapper) => SynthesizedObject,
): SynthesizedObject {
  const apiVersion =
    kind === 'EC2NodeClass'
      ? 'karpenter.k8s.aws/v1'
      : kind === 'NodeOverlay'
        ? 'karpenter.sh/v1alpha1'
        : 'karpenter.sh/v1';
  // `spec` layout entries (and node classes in every layout) may wrap the spec in `spec:`.
  const wrapped = isObject(e.spec);
  const spec: Record<string, unknown> = wrapped ? (e.spec as Record<string, unknown>) : { ...e };
  if (!wrapped) {
    delete spec.name;
    delete spec.enabled;
    delete spec.metadata;
  }
  void layout;
  const value = { apiVersion, kind, metadata: { name }, spec };
  return make(p, value, (path) => (path[0] === 'spec' ? [...p, ...(wrapped ? ['spec'] : []), ...path.slice(1)] : p));
}

function fieldsToNodePool(name: string, e: Record<string, unknown>): Record<string, unknown> {
  const tmplSpec: Record<string, unknown> = {};
  const tmplMeta: Record<string, unknown> = {};
  const spec: Record<string, unknown> = { template: { spec: tmplSpec } };
  for (const [k, v] of Object.entries(e)) {
    if (k === 'name' || k === 'enabled') continue;
    const target = own(NODEPOOL_FIELDS, k);
    if (!target) continue;
    let val = v;
    // A class named by its name alone, or a reference without group or kind: the AWS provider's EC2NodeClass, as the
    // chart's template would write it (the adapter stands in for the template; see templateMayDefault).
    if (k === 'nodeClassRef' && typeof v === 'string')
      val = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: v };
    else if (k === 'nodeClassRef' && isObject(v))
      val = { group: v.group ?? 'karpenter.k8s.aws', kind: v.kind ?? 'EC2NodeClass', ...v };
    if (target[1] === 'template' && target[2] === 'metadata') tmplMeta[target[3]] = val;
    else if (target[1] === 'template') tmplSpec[target[3]] = val;
    else spec[target[1]] = val;
  }
  if (Object.keys(tmplMeta).length) (spec.template as Record<string, unknown>).metadata = tmplMeta;
  return { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name }, spec };
}

function mapNodePoolPath(entryPath: (string | number)[], path: readonly (string | number)[]): (string | number)[] {
  for (const [f, target] of Object.entries(NODEPOOL_FIELDS)) {
    if (target.every((t, i) => path[i] === t)) return [...entryPath, f, ...path.slice(target.length)];
  }
  return entryPath;
}

/**
 * Whether a finding on an object the adapter made from values is about something the chart's template may set itself:
 * a missing field (the finding points at the map that lacks it, as `nodeClassRef.group is required` or `exactly one of
 * role or instanceProfile` do) or an empty value (`instanceProfile: ""`, which a template's `if` skips). The adapter
 * only stands in for the template, so such a finding is never the adapter's to report; a value the values file sets
 * (a requirement, a budget) is checked as written.
 */
export function templateMayDefault(value: Record<string, unknown>, finding: Finding): boolean {
  const path = finding.path === undefined ? [] : finding.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  const at = getPath(value, path);
  return at === undefined || at === null || at === '' || isObject(at) || (Array.isArray(at) && at.length === 0);
}

function getPath(v: unknown, path: (string | number)[]): unknown {
  let cur = v;
  for (const k of path) {
    if (Array.isArray(cur) && typeof k === 'number') cur = cur[k];
    else if (isObject(cur)) cur = Object.hasOwn(cur, String(k)) ? cur[String(k)] : undefined;
    else return undefined;
  }
  return cur;
}

function hasPath(v: unknown, path: (string | number)[]): boolean {
  return getPath(v, path) !== undefined;
}
