/**
 * Flux CD in a state, read as Flux's controllers read it:
 *  - a `Kustomization` (kustomize.toolkit.fluxcd.io) of a `GitRepository` builds `spec.path` of this repository with
 *    kustomize (fluxcd/kustomize-controller internal/controller/kustomization_controller.go build); a folder without a
 *    kustomization file gets one listing its manifests (fluxcd/pkg kustomize/kustomize_generator.go: every `.yaml` /
 *    `.yml` file below the folder, a sub-folder holding a kustomization as one resource), with the Kustomization's
 *    `targetNamespace`, `namePrefix`, `nameSuffix`, `patches`, `images` and `components` added; then `postBuild`
 *    substitution (envsubst.ts) with `substituteFrom` ConfigMaps and Secrets, in order, then `substitute` (which
 *    wins). Each such Kustomization is a target keyed `<name>@<cluster>`, the cluster being the `clusters/<name>/`
 *    folder that applies it (Flux's bootstrap layout), else its namespace.
 *  - a `HelmRelease` (helm.toolkit.fluxcd.io) of the karpenter chart gives the controller settings of its cluster:
 *    `valuesFrom` (ConfigMaps and Secrets of the repository, in order), then `spec.values` (fluxcd/helm-controller
 *    internal/release values composition: spec.values is merged last);
 *  - a `HelmRelease` whose chart is a folder of this repository (`sourceRef` GitRepository, `chart: ./path`) and whose
 *    templates produce Karpenter objects is rendered with helm as its Kustomization deploys it.
 * ConfigMaps, Secrets or sources that are not in the repository cannot be read offline: what depends on them is
 * reported as `input-not-evaluated`.
 */
import { parse, parseAllDocuments, stringify } from 'yaml';
import type { Finding, SourceRef } from '../common/findings.js';
import { isObject } from '../common/fields.js';
import type { ChartSource } from './config.js';
import type { ChartSettings } from './controller.js';
import { karpenterRelevant } from './coverage.js';
import { substitute, substitutionDisabled, VAR_NAME } from './envsubst.js';
import {
  Checkout,
  closure,
  filesOf,
  findKustomizations,
  findKustomizeRenderer,
  KUSTOMIZATION_FILES,
  renderKustomization,
  type Kustomization,
  type KustomizeRenderer,
} from './kustomize.js';
import { GitTree, type FileTree } from './tree.js';
import { parseYamlDocuments } from './yaml.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FLUX_GROUP = /^[a-z]+\.toolkit\.fluxcd\.io\//;
const YAML_FILE = /\.ya?ml$/;

export interface FluxKustomization {
  name: string;
  namespace: string;
  cluster: string;
  key: string;
  source: SourceRef;
  /** The folder it builds ('' for the root), or null when it builds nothing of this repository. */
  path: string | null;
  /** Whether the folder holds a kustomization file (else Flux generates one). */
  hasKustomization: boolean;
  /** Files of this repository it renders. */
  files: string[];
  /** Substitution: null without `postBuild`; `complete` false when a `substituteFrom` is not in the repository. */
  postBuild: { vars: Map<string, string>; complete: boolean; read: string[] } | null;
  /** Edits of the (possibly generated) kustomization: targetNamespace, namePrefix, patches, … */
  spec: Record<string, unknown>;
}

export interface FluxHelmRelease {
  name: string;
  namespace: string;
  cluster: string | null;
  source: SourceRef;
  /** The karpenter controller chart (by chart name or OCI repository URL). */
  karpenter: boolean;
  /** Values composed from `valuesFrom` then `spec.values`, with where each settings path came from. */
  values: Record<string, unknown>;
  where: (path: string[]) => string;
  /** Files read for the values (ConfigMaps, Secrets). */
  read: string[];
  /** A chart folder of this repository. */
  chart: ChartSource | null;
}

export interface FluxInventory {
  kustomizations: FluxKustomization[];
  helmReleases: FluxHelmRelease[];
  findings: Finding[];
  /** Folders holding a kustomization that a Flux Kustomization builds (not targets of their own). */
  renderedDirs: Set<string>;
  /** Files under the folders Flux generates a kustomization for: read by their Kustomization only. */
  owned: Set<string>;
  /** Files holding Flux objects. */
  fluxFiles: Set<string>;
}

interface Doc {
  value: Record<string, unknown>;
  source: SourceRef;
}

const inventories = new WeakMap<FileTree, FluxInventory>();

/** The Flux inventory of a tree (read once per tree: targets and states share it). */
export function fluxInventory(tree: FileTree): FluxInventory {
  let inv = inventories.get(tree);
  if (!inv) inventories.set(tree, (inv = readInventory(tree)));
  return inv;
}

const normalize = (p: string): string => {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function metaOf(v: Record<string, unknown>): { name: string; namespace: string } {
  const m = isObject(v.metadata) ? v.metadata : {};
  return { name: str(m.name) ?? '?', namespace: str(m.namespace) ?? 'flux-system' };
}

/** `clusters/<name>/…` → name (Flux's bootstrap layout). */
const clusterOfPath = (file: string): string | null => /^clusters\/([^/]+)\//.exec(file)?.[1] ?? null;

function readInventory(tree: FileTree): FluxInventory {
  const files = tree.list();
  const docs = readFluxDocuments(tree, files);
  // A repository without Flux objects has no Flux inventory: its ConfigMaps and Secrets are not parsed for it.
  if (!docs)
    return {
      kustomizations: [],
      helmReleases: [],
      findings: [],
      renderedDirs: new Set(),
      owned: new Set(),
      fluxFiles: new Set(),
    };
  const { flux, data, fluxFiles } = docs;
  const ctx: InventoryContext = {
    files,
    kustomizations: findKustomizations(tree),
    renderedDirs: new Set(),
    owned: new Set(),
    lookup: (kind, name, namespace) =>
      data.find(
        (d) => d.value.kind === kind && metaOf(d.value).name === name && metaOf(d.value).namespace === namespace,
      ),
    findings: [],
  };
  // Which files each Kustomization renders, to give objects found in them the cluster of the `clusters/<name>/`
  // Kustomization that applies them.
  const out = flux
    .filter((d) => d.value.kind === 'Kustomization' && str(d.value.apiVersion)?.startsWith('kustomize.'))
    .map((d) => readKustomization(d, ctx));
  const clusterOf = (file: string | null): string | null => clusterOfFile(out, file);
  for (const k of out) {
    k.cluster = (clusterOf(k.source.file) ?? k.namespace).replace(/[^A-Za-z0-9._-]+/g, '-');
    k.key = `${k.name}@${k.cluster}`;
  }
  const kept = withoutDuplicateKeys(out, ctx.findings);
  const fileSet = new Set(files);
  const helmReleases = flux
    .filter((d) => d.value.kind === 'HelmRelease' && str(d.value.apiVersion)?.startsWith('helm.'))
    .map((d) => {
      // Substitution of the Kustomization that deploys it applies to the HelmRelease as to any object it builds.
      const owner = kept.find((k) => d.source.file !== null && k.files.includes(d.source.file));
      const value = substitutedBy(owner, d.value);
      return readHelmRelease(
        value,
        d,
        owner?.cluster ?? clusterOf(d.source.file),
        flux,
        ctx.lookup,
        fileSet,
        ctx.findings,
      );
    });
  return {
    kustomizations: kept,
    helmReleases,
    findings: ctx.findings,
    renderedDirs: ctx.renderedDirs,
    owned: ctx.owned,
    fluxFiles,
  };
}

/**
 * The Flux objects of a tree and the ConfigMaps and Secrets they may read, with the files holding Flux objects; null
 * when no file names a Flux API group.
 */
function readFluxDocuments(
  tree: FileTree,
  files: readonly string[],
): { flux: Doc[]; data: Doc[]; fluxFiles: Set<string> } | null {
  const yamlFiles = files.filter((f) => YAML_FILE.test(f));
  if (tree instanceof GitTree) tree.readMany(yamlFiles);
  if (!yamlFiles.some((f) => tree.read(f)?.includes('toolkit.fluxcd.io/'))) return null;
  const flux: Doc[] = [];
  const data: Doc[] = [];
  const fluxFiles = new Set<string>();
  for (const file of yamlFiles) {
    const text = tree.read(file);
    if (text === null) continue;
    const hasFlux = text.includes('toolkit.fluxcd.io/');
    const hasData = /kind["']?\s*:\s*["']?(ConfigMap|Secret)\b/.test(text);
    if (!hasFlux && !hasData) continue;
    // Parse findings are reported when the file is read as a manifest.
    for (const doc of parseYamlDocuments(file, text, [])) {
      const v = doc.value;
      const api = str(v.apiVersion) ?? '';
      if (FLUX_GROUP.test(api)) {
        flux.push({ value: v, source: doc.source });
        fluxFiles.add(file);
      } else if (api === 'v1' && (v.kind === 'ConfigMap' || v.kind === 'Secret'))
        data.push({ value: v, source: doc.source });
    }
  }
  return { flux, data, fluxFiles };
}

/** What reading the Flux Kustomizations of a tree shares, and what it gathers. */
interface InventoryContext {
  files: readonly string[];
  /** The kustomization files of the tree. */
  kustomizations: Kustomization[];
  renderedDirs: Set<string>;
  owned: Set<string>;
  /** A ConfigMap or Secret of the tree. */
  lookup: (kind: string, name: string, namespace: string) => Doc | undefined;
  findings: Finding[];
}

/**
 * A Flux Kustomization and the files of this repository it renders (its cluster and key are set once all are read).
 * One that builds from another source, or from a folder that does not exist, renders nothing: a finding.
 */
function readKustomization(d: Doc, ctx: InventoryContext): FluxKustomization {
  const { files, kustomizations, findings } = ctx;
  const { name, namespace } = metaOf(d.value);
  const spec = isObject(d.value.spec) ? d.value.spec : {};
  const at = (...path: (string | number)[]): number | null => d.source.locate(['spec', ...path])?.line ?? d.source.line;
  const object = `Kustomization/${name}`;
  const sourceRef = isObject(spec.sourceRef) ? spec.sourceRef : {};
  const k: FluxKustomization = {
    name,
    namespace,
    cluster: namespace,
    key: '',
    source: d.source,
    path: null,
    hasKustomization: false,
    files: [],
    postBuild: null,
    spec,
  };
  const kind = str(sourceRef.kind) ?? 'GitRepository';
  if (kind !== 'GitRepository') {
    findings.push({
      rule: 'input-not-evaluated',
      severity: 'warning',
      file: d.source.file,
      line: at('sourceRef'),
      object,
      message: `Flux Kustomization ${name} builds from the ${kind} ${str(sourceRef.name) ?? '?'}, which karpenter-plan never fetches; its objects are not in the plan`,
    });
    return k;
  }
  const path = normalize(str(spec.path) ?? '');
  const prefix = path ? `${path}/` : '';
  const inPath = files.filter((f) => f.startsWith(prefix));
  if (!inPath.length) {
    findings.push({
      rule: 'input-not-evaluated',
      severity: 'error',
      file: d.source.file,
      line: at('path'),
      object,
      message: `Flux Kustomization ${name} builds the folder ${path || '.'}, which does not exist in this state; nothing of it is evaluated`,
    });
    return k;
  }
  k.path = path;
  const own = kustomizations.find((x) => x.dir === path);
  k.hasKustomization = own !== undefined;
  k.files = own ? [...filesOf(closure(own, kustomizations), files)] : generatedKustomizationFiles(prefix, inPath, ctx);
  if (own) ctx.renderedDirs.add(path);
  if (isObject(spec.postBuild)) k.postBuild = postBuildVars(spec.postBuild, d, namespace, ctx.lookup, findings);
  return k;
}

/**
 * The files a folder without a kustomization file renders (kustomize_generator.go: the folder's manifests, and each
 * sub-folder holding a kustomization as a whole); its own manifests are read by this Kustomization only.
 */
function generatedKustomizationFiles(prefix: string, inPath: readonly string[], ctx: InventoryContext): string[] {
  const subs = ctx.kustomizations.filter((x) => x.dir.startsWith(prefix));
  for (const s of subs) ctx.renderedDirs.add(s.dir);
  const rendered = new Set(inPath);
  for (const s of subs) for (const f of filesOf(closure(s, ctx.kustomizations), ctx.files)) rendered.add(f);
  for (const f of inPath) ctx.owned.add(f);
  return [...rendered];
}

/** The cluster of a file: its `clusters/<name>/` folder, or that of a Kustomization that renders it. */
function clusterOfFile(kustomizations: readonly FluxKustomization[], file: string | null, depth = 0): string | null {
  if (!file) return null;
  const direct = clusterOfPath(file);
  if (direct || depth > 8) return direct;
  const parent = kustomizations.find((k) => k.files.includes(file));
  return parent
    ? (clusterOfPath(parent.source.file ?? '') ?? clusterOfFile(kustomizations, parent.source.file, depth + 1))
    : null;
}

/** The Kustomizations with keys of their own: a second one with the same `<name>@<cluster>` is an error, ignored. */
function withoutDuplicateKeys(kustomizations: readonly FluxKustomization[], findings: Finding[]): FluxKustomization[] {
  const kept: FluxKustomization[] = [];
  for (const k of kustomizations) {
    const prev = kept.find((x) => x.key === k.key);
    if (prev) {
      findings.push({
        rule: 'duplicate-name',
        severity: 'error',
        file: k.source.file,
        line: k.source.line,
        object: `Kustomization/${k.name}`,
        message: `Flux Kustomization ${k.name} for ${k.cluster} is defined twice (first at ${prev.source.file}:${prev.source.line}); the second is ignored`,
      });
      continue;
    }
    kept.push(k);
  }
  return kept;
}

/** An object with the `postBuild` substitution of the Kustomization that deploys it (unless it opts out). */
function substitutedBy(owner: FluxKustomization | undefined, value: Record<string, unknown>): Record<string, unknown> {
  if (!owner?.postBuild || substitutionDisabled(value)) return value;
  const r = substitute(stringify(value), owner.postBuild.vars, !owner.postBuild.complete);
  const again: unknown = parse(r.text);
  return isObject(again) ? again : value;
}

/** `postBuild.substituteFrom` (in order; `optional` ones may be missing), then `postBuild.substitute`. */
function postBuildVars(
  postBuild: Record<string, unknown>,
  d: Doc,
  namespace: string,
  lookup: (kind: string, name: string, namespace: string) => Doc | undefined,
  findings: Finding[],
): NonNullable<FluxKustomization['postBuild']> {
  const vars = new Map<string, string>();
  const read: string[] = [];
  let complete = true;
  const name = metaOf(d.value).name;
  const from = Array.isArray(postBuild.substituteFrom) ? postBuild.substituteFrom : [];
  from.forEach((ref, i) => {
    if (!isObject(ref)) return;
    const kind = str(ref.kind) ?? 'ConfigMap';
    const refName = str(ref.name) ?? '?';
    const found = lookup(kind, refName, namespace);
    if (!found) {
      if (ref.optional === true) return;
      complete = false;
      findings.push({
        rule: 'input-not-evaluated',
        severity: 'error',
        file: d.source.file,
        line: d.source.locate(['spec', 'postBuild', 'substituteFrom', i])?.line ?? d.source.line,
        object: `Kustomization/${name}`,
        message: `Flux Kustomization ${name} takes substitution variables from the ${kind} ${namespace}/${refName}, which is not in this repository (created in the cluster, or encrypted): the placeholders it would fill are not evaluated`,
      });
      return;
    }
    if (found.source.file) read.push(found.source.file);
    for (const [k, v] of Object.entries(dataOf(found.value))) vars.set(k, v);
  });
  const inline = isObject(postBuild.substitute) ? postBuild.substitute : {};
  for (const [k, v] of Object.entries(inline)) {
    if (!VAR_NAME.test(k)) {
      findings.push({
        rule: 'invalid-config',
        severity: 'error',
        file: d.source.file,
        line: d.source.locate(['spec', 'postBuild', 'substitute', k])?.line ?? d.source.line,
        object: `Kustomization/${name}`,
        message: `Flux Kustomization ${name}: substitution variable ${JSON.stringify(k)} does not match ^[_a-zA-Z][_a-zA-Z0-9]*$ (Flux refuses it)`,
      });
      continue;
    }
    vars.set(k, typeof v === 'string' ? v : String(v));
  }
  return { vars, complete, read };
}

/** A ConfigMap's `data`, or a Secret's `stringData` and decoded `data`. */
function dataOf(v: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObject(v.data))
    for (const [k, x] of Object.entries(v.data))
      out[k] = v.kind === 'Secret' ? Buffer.from(String(x), 'base64').toString('utf8') : String(x);
  if (v.kind === 'Secret' && isObject(v.stringData))
    for (const [k, x] of Object.entries(v.stringData)) out[k] = String(x);
  return out;
}

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(out[k]) ? merge(out[k], v) : v;
  return out;
}

function readHelmRelease(
  value: Record<string, unknown>,
  d: Doc,
  cluster: string | null,
  flux: Doc[],
  lookup: (kind: string, name: string, namespace: string) => Doc | undefined,
  files: ReadonlySet<string>,
  findings: Finding[],
): FluxHelmRelease {
  const { name, namespace } = metaOf(value);
  const object = `HelmRelease/${name}`;
  const spec = isObject(value.spec) ? value.spec : {};
  const chartSpec = isObject(spec.chart) && isObject(spec.chart.spec) ? spec.chart.spec : {};
  const chartRef = isObject(spec.chartRef) ? spec.chartRef : null;
  const chartName = str(chartSpec.chart) ?? '';
  let karpenter = chartName === 'karpenter';
  if (chartRef && chartRef.kind === 'OCIRepository') {
    // `chartRef` to an OCIRepository of the chart (oci://public.ecr.aws/karpenter/karpenter).
    const repo = flux.find((x) => x.value.kind === 'OCIRepository' && metaOf(x.value).name === str(chartRef.name));
    const url = repo && isObject(repo.value.spec) ? (str(repo.value.spec.url) ?? '') : '';
    karpenter = /\/karpenter\/?$/.test(url);
  }
  const read: string[] = [];
  const origins: { prefix: string; where: (path: string[]) => string }[] = [];
  let values: Record<string, unknown> = {};
  const valuesFrom = Array.isArray(spec.valuesFrom) ? spec.valuesFrom : [];
  valuesFrom.forEach((ref, i) => {
    if (!isObject(ref)) return;
    const kind = str(ref.kind) ?? 'ConfigMap';
    const refName = str(ref.name) ?? '?';
    const key = str(ref.valuesKey) ?? 'values.yaml';
    const found = lookup(kind, refName, namespace);
    const line = d.source.locate(['spec', 'valuesFrom', i])?.line ?? d.source.line;
    const notEvaluated = (why: string): void => {
      findings.push({
        rule: 'input-not-evaluated',
        severity: karpenter ? 'error' : 'warning',
        file: d.source.file,
        line,
        object,
        message: `Flux HelmRelease ${name} takes values from the ${kind} ${namespace}/${refName} (key ${key}), ${why}: those values are not evaluated`,
      });
    };
    if (!found) {
      if (ref.optional !== true) notEvaluated('which is not in this repository');
      return;
    }
    const text = dataOf(found.value)[key];
    if (text === undefined) {
      if (ref.optional !== true) notEvaluated(`which has no key ${key}`);
      return;
    }
    if (found.source.file) read.push(found.source.file);
    const targetPath = str(ref.targetPath);
    let piece: Record<string, unknown>;
    if (targetPath) {
      if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(targetPath)) {
        notEvaluated(`with the targetPath ${targetPath}, which is not a plain dotted path`);
        return;
      }
      piece = {};
      const keys = targetPath.split('.');
      let cur = piece;
      for (const k of keys.slice(0, -1)) cur = (cur[k] = {}) as Record<string, unknown>;
      cur[keys[keys.length - 1]] = text;
    } else {
      let parsed: unknown;
      try {
        parsed = parse(text);
      } catch {
        notEvaluated('whose value is not valid YAML');
        return;
      }
      if (!isObject(parsed)) return;
      piece = parsed;
    }
    values = merge(values, piece);
    const at = `${found.source.file ?? '?'}:${found.source.locate(['data', key])?.line ?? found.source.line ?? '?'}`;
    origins.push({ prefix: '', where: () => at });
  });
  if (isObject(spec.values)) {
    values = merge(values, spec.values);
    origins.push({
      prefix: 'values',
      where: (path) =>
        `${d.source.file ?? '?'}:${d.source.locate(['spec', 'values', 'settings', ...path])?.line ?? d.source.line ?? '?'}`,
    });
  }
  const where = (path: string[]): string => {
    // The last source that sets the path wins; spec.values first when it sets it.
    const inline = isObject(spec.values) && hasPath(spec.values, ['settings', ...path]);
    const o = inline ? origins.find((x) => x.prefix === 'values') : origins.filter((x) => x.prefix === '').pop();
    return (o ?? origins[origins.length - 1])?.where(path) ?? `${d.source.file ?? '?'}:${d.source.line ?? '?'}`;
  };
  // A chart folder of this repository (sourceRef GitRepository, chart `./path`).
  let chart: ChartSource | null = null;
  const sourceRef = isObject(chartSpec.sourceRef) ? chartSpec.sourceRef : {};
  if (!karpenter && chartName && sourceRef.kind === 'GitRepository') {
    const path = normalize(chartName);
    if (files.has(`${path}/Chart.yaml`)) {
      const valuesFiles = (Array.isArray(chartSpec.valuesFiles) ? chartSpec.valuesFiles : [])
        .filter((x): x is string => typeof x === 'string')
        .map(normalize)
        .filter((f) => files.has(f));
      const targetNamespace = str(spec.targetNamespace);
      chart = {
        path,
        values: valuesFiles,
        // helm-controller: the release name defaults to <targetNamespace>-<name> when targetNamespace is set.
        releaseName: str(spec.releaseName) ?? (targetNamespace ? `${targetNamespace}-${name}` : name),
        namespace: targetNamespace ?? namespace,
        ...(Object.keys(values).length ? { inlineValues: stringify(values) } : {}),
      };
    }
  }
  return { name, namespace, cluster, source: d.source, karpenter, values, where, read, chart };
}

function hasPath(v: Record<string, unknown>, path: string[]): boolean {
  let cur: unknown = v;
  for (const k of path) {
    if (!isObject(cur) || !(k in cur)) return false;
    cur = cur[k];
  }
  return true;
}

/** Which Flux objects a state reads: all (no target), those of one cluster (a Flux target), or none. */
export type FluxScope = { all: true } | { all: false; kustomization: FluxKustomization | null };

/** The Flux scope of a state's target (LoadOptions.target): undefined → all; a Flux key → its Kustomization. */
export function fluxScope(tree: FileTree, target: string | null | undefined): FluxScope {
  if (target === undefined) return { all: true };
  const k = typeof target === 'string' ? fluxInventory(tree).kustomizations.find((x) => x.key === target) : undefined;
  return { all: false, kustomization: k ?? null };
}

/** The controller settings of the karpenter HelmReleases in scope (those of the target's cluster, or every one). */
export function fluxChartSettings(tree: FileTree, scope: FluxScope, evaluated: Set<string>): ChartSettings[] {
  const out: ChartSettings[] = [];
  for (const h of fluxInventory(tree).helmReleases) {
    if (!h.karpenter || !inScope(h.cluster, scope)) continue;
    if (h.source.file) evaluated.add(h.source.file);
    for (const f of h.read) evaluated.add(f);
    if (!isObject(h.values.settings)) continue;
    out.push({ settings: h.values.settings, where: h.where, file: h.source.file });
  }
  return out;
}

/** The charts of this repository that HelmReleases in scope deploy and whose templates produce Karpenter objects. */
export function fluxCharts(tree: FileTree, scope: FluxScope): ChartSource[] {
  const files = tree.list();
  return fluxInventory(tree)
    .helmReleases.filter((h) => h.chart && inScope(h.cluster, scope))
    .map((h) => h.chart!)
    .filter((c) => files.some((f) => f.startsWith(`${c.path}/templates/`) && karpenterRelevant(f, tree.read(f))));
}

function inScope(cluster: string | null, scope: FluxScope): boolean {
  if (scope.all) return true;
  return cluster === null || (scope.kustomization !== null && scope.kustomization.cluster === cluster);
}

/** Kinds the model reads (sources/state-classify.ts): a folder with none of them renders nothing to plan. */
const MODELLED =
  /kind["']?\s*:\s*["']?(NodePool|EC2NodeClass|NodeOverlay|Deployment|StatefulSet|DaemonSet|Job|CronJob|ReplicaSet|Pod|PodDisruptionBudget|PersistentVolumeClaim|PersistentVolume|StorageClass|RuntimeClass|Application|ApplicationSet)\b/;
/** The files `flux bootstrap` writes (Flux's own controllers and sync objects), not workloads to plan. */
const BOOTSTRAP = /(^|\/)gotk-(components|sync)\.ya?ml$/;

/**
 * Whether a set of files renders only Flux objects (and their ConfigMaps, Namespaces…): such a folder is Flux's
 * plumbing, not a Karpenter target. A HelmRelease of a chart of this repository counts as something to plan.
 */
export function rendersOnlyFlux(tree: FileTree, files: Iterable<string>): boolean {
  const inv = fluxInventory(tree);
  const charted = new Set(inv.helmReleases.flatMap((h) => (h.chart && h.source.file ? [h.source.file] : [])));
  let flux = false;
  for (const f of files) {
    if (BOOTSTRAP.test(f)) {
      flux = true;
      continue;
    }
    if (KUSTOMIZATION_FILES.includes(f.slice(f.lastIndexOf('/') + 1))) continue;
    if (!YAML_FILE.test(f)) continue;
    if (charted.has(f)) return false;
    if (inv.fluxFiles.has(f)) flux = true;
    const text = tree.read(f);
    if (text !== null && MODELLED.test(text)) return false;
  }
  return flux;
}

/** The Flux Kustomizations that are targets: they build a folder of this repository with something to plan. */
export function fluxTargets(tree: FileTree): FluxKustomization[] {
  return fluxInventory(tree).kustomizations.filter((k) => k.path !== null && !rendersOnlyFlux(tree, k.files));
}

/**
 * Renders Flux Kustomizations into a state: builds each one's folder (a kustomization file generated when it has
 * none), applies its post-build substitution, and hands every object to `accept` as a manifest of `flux:<key>`. What
 * cannot be rendered is an `input-not-evaluated` error at the Kustomization.
 */
export function renderFlux(
  tree: FileTree,
  jobs: readonly FluxKustomization[],
  opts: { kustomize?: { renderer: KustomizeRenderer | null } },
  timeoutMs: number,
  out: {
    findings: Finding[];
    evaluated: Set<string>;
    unrendered: Set<string>;
    renderers: string[];
    accept: (value: Record<string, unknown>, source: SourceRef) => void;
  },
): void {
  const todo = jobs.filter((k) => k.path !== null);
  if (!todo.length) return;
  const notEvaluated = (k: FluxKustomization, message: string): void => {
    for (const f of k.files) out.unrendered.add(f);
    out.findings.push({
      rule: 'input-not-evaluated',
      severity: 'error',
      file: k.source.file,
      line: k.source.line,
      object: `Kustomization/${k.name}`,
      message: `Flux Kustomization ${k.name} (${k.path || '.'}) was not evaluated: ${message}`,
    });
  };
  if (!opts.kustomize) opts.kustomize = { renderer: findKustomizeRenderer() };
  const renderer = opts.kustomize.renderer;
  let checkout: Checkout | null = null;
  try {
    for (const k of todo) {
      if (!renderer) {
        notEvaluated(k, 'neither kustomize nor kubectl is on the PATH');
        continue;
      }
      const all = findKustomizations(tree);
      const remote = all
        .filter((x) => k.files.includes(x.file))
        .flatMap((x) => x.remote.map((r) => `${r} (in ${x.file})`));
      if (remote.length) {
        notEvaluated(
          k,
          `it names remote resources or paths outside the state, never fetched: ${remote.slice(0, 3).join(', ')}`,
        );
        continue;
      }
      checkout ??= new Checkout(tree, tree.list());
      if (!k.hasKustomization) writeGenerated(checkout, tree, k);
      const r = renderKustomization(checkout, k.path!, renderer, timeoutMs, fluxEdit(k.spec));
      if (!r.ok) {
        notEvaluated(k, r.message);
        continue;
      }
      out.renderers.push(
        `flux build ${k.key} (${renderer.name === 'kubectl' ? 'kubectl kustomize' : 'kustomize build'} ${k.path || '.'}${k.postBuild ? ' + postBuild substitution' : ''})`,
      );
      for (const f of k.files) out.evaluated.add(f);
      out.evaluated.add(k.source.file ?? '');
      for (const f of k.postBuild?.read ?? []) out.evaluated.add(f);
      const text = k.postBuild ? substituteObjects(k, r.output) : r.output;
      for (const doc of parseYamlDocuments(`flux:${k.key}`, text, out.findings)) out.accept(doc.value, doc.source);
    }
  } finally {
    checkout?.dispose();
  }
}

/** Post-build substitution of each object of a build (kustomize_varsub.go), the opted-out ones left as they are. */
function substituteObjects(k: FluxKustomization, output: string): string {
  const pb = k.postBuild!;
  const parts: string[] = [];
  for (const doc of parseAllDocuments(output)) {
    const v: unknown = doc.toJS();
    if (!isObject(v)) continue;
    const text = stringify(v);
    parts.push(substitutionDisabled(v) ? text : substitute(text, pb.vars, !pb.complete).text);
  }
  return parts.join('---\n');
}

/** kustomize_generator.go: a kustomization listing the folder's manifests and its sub-kustomizations. */
function writeGenerated(checkout: Checkout, tree: FileTree, k: FluxKustomization): void {
  const prefix = k.path ? `${k.path}/` : '';
  const subs = findKustomizations(tree)
    .filter((x) => x.dir.startsWith(prefix))
    .map((x) => x.dir);
  const topSubs = subs.filter((d) => !subs.some((o) => o !== d && d.startsWith(`${o}/`)));
  const resources: string[] = [];
  for (const f of tree.list()) {
    if (!f.startsWith(prefix) || !YAML_FILE.test(f)) continue;
    if (topSubs.some((d) => f.startsWith(`${d}/`))) continue;
    // Only files that hold Kubernetes objects (kustomize_generator.go skips the others).
    const text = tree.read(f) ?? '';
    if (!/(^|\n)kind\s*:/.test(text) || !/(^|\n)apiVersion\s*:/.test(text)) continue;
    resources.push(f.slice(prefix.length));
  }
  resources.push(...topSubs.map((d) => d.slice(prefix.length)));
  writeFileSync(
    join(checkout.root, 'tree', k.path!, 'kustomization.yaml'),
    stringify({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: resources.sort() }),
  );
}

/** The Kustomization's own kustomize options (kustomize-controller generator.go: targetNamespace, patches, …). */
function fluxEdit(spec: Record<string, unknown>): ((doc: Record<string, unknown>) => void) | null {
  const edits: ((doc: Record<string, unknown>) => void)[] = [];
  if (typeof spec.targetNamespace === 'string') edits.push((doc) => void (doc.namespace = spec.targetNamespace));
  for (const key of ['namePrefix', 'nameSuffix'] as const)
    if (typeof spec[key] === 'string') edits.push((doc) => void (doc[key] = spec[key]));
  for (const key of ['patches', 'images', 'components'] as const)
    if (Array.isArray(spec[key]) && (spec[key] as unknown[]).length)
      edits.push(
        (doc) =>
          void (doc[key] = [...(Array.isArray(doc[key]) ? (doc[key] as unknown[]) : []), ...(spec[key] as unknown[])]),
      );
  if (!edits.length) return null;
  return (doc) => edits.forEach((e) => e(doc));
}
