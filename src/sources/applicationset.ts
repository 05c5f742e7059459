/**
 * Argo CD ApplicationSets in a state: each one is expanded into the Applications its generators make, which are then
 * read like any Application (argocd.ts). Semantics follow Argo CD's controller (applicationset/generators/*.go,
 * applicationset/utils/utils.go):
 *  - `list`: `elements` (with the default syntax every value must be a string; `values` adds `values.<key>`) and
 *    `elementsYaml` (list.go GenerateParams);
 *  - `clusters`: the clusters of the config's `clusters:` list (Argo CD's cluster secrets are not in the repository)
 *    with `name`, `nameNormalized`, `server`, `project` and `metadata.labels/annotations`; with no selector the local
 *    cluster (`in-cluster`, https://kubernetes.default.svc) is added last unless the list has it; `values`;
 *    `flatList` (cluster.go GenerateParams, getClusterParameters);
 *  - `git` with `directories` (every folder of this repository but hidden ones, matched with Go's path.Match,
 *    `exclude: true` entries winning: git.go filterApps; reposerver GetGitDirectories) or `files` (matched as
 *    `git ls-files -- <pattern>` matches, the default globbing: util/git/client.go LsFiles; each file's YAML or JSON
 *    object, or each object of a list, is one parameter set, flattened with dots for the default syntax:
 *    git.go generateParamsFromGitFile), `pathParamPrefix`, `values`. Only this repository is read, at the revision
 *    under review: a generator naming another repository is not evaluated;
 *  - `matrix` of two generators, the second one's fields templated with each parameter set of the first
 *    (matrix.go; generator_spec_processor.go InterpolateGenerator), and `merge` by `mergeKeys` (merge.go);
 *  - a generator's `selector` filters its parameter sets (generator_spec_processor.go Transform), and its
 *    `template` is merged over the ApplicationSet's (mergeGeneratorTemplate).
 * SCM provider, pull request, plugin and cluster decision resource generators, `templatePatch`, and template syntax
 * outside the supported subset (applicationset-template.ts) are reported as `input-not-evaluated`.
 */
import { parse } from 'yaml';
import type { Finding, SourceRef } from '../common/findings.js';
import { isObject, typeName } from '../common/fields.js';
import { parseLabelSelector, selectorMatches } from '../api/pod-constraints.js';
import { printValue, renderTemplate, sanitizeName, type TemplateOptions } from './applicationset-template.js';
import { globMatch } from './glob.js';

/** A cluster of the config's `clusters:` list, as the clusters generator sees an Argo CD cluster secret. */
export interface ClusterEntry {
  name: string;
  server: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  project?: string;
}

/** Argo CD's name and address of the cluster it runs in (pkg/apis/application/v1alpha1 KubernetesInClusterName). */
export const IN_CLUSTER = { name: 'in-cluster', server: 'https://kubernetes.default.svc' };

export interface AppSetContext {
  /** Every file of the state. */
  files: readonly string[];
  read: (path: string) => string | null;
  clusters: readonly ClusterEntry[];
  /** Whether a git generator's `repoURL` is this repository (whose files are the state's). */
  isThisRepository: (repoURL: string) => boolean;
}

export interface GeneratedApplication {
  value: Record<string, unknown>;
  source: SourceRef;
  /** The ApplicationSet that made it. */
  appSet: string;
}

export interface AppSetExpansion {
  applications: GeneratedApplication[];
  /** Files the git generators read. */
  read: string[];
  /** False when a generator or a template field could not be evaluated (a finding says which). */
  complete: boolean;
}

type Params = Record<string, unknown>;
export type Path = (string | number)[];

/** Parameter sets one generator may make (a matrix multiplies them): past it, not evaluated rather than a stall. */
export const MAX_PARAMETER_SETS = 10_000;

const UNSUPPORTED_GENERATORS = ['scmProvider', 'pullRequest', 'plugin', 'clusterDecisionResource'];
export const GENERATORS = ['list', 'clusters', 'git', 'matrix', 'merge', ...UNSUPPORTED_GENERATORS];
/** Template fields that decide what is rendered and where: a template of them that cannot be evaluated drops the Application. */
const DECISIVE = [
  ['metadata', 'name'],
  ['spec', 'source'],
  ['spec', 'sources'],
  ['spec', 'destination'],
];

/** What the generators of one ApplicationSet share: its template syntax, the state, and what the expansion gathers. */
interface Expander {
  opts: TemplateOptions;
  ctx: AppSetContext;
  result: AppSetExpansion;
  /** Reports a field that cannot be evaluated (the expansion is then incomplete); returns null for the caller to return. */
  notEvaluated: (path: Path, message: string) => null;
}

export function expandApplicationSet(
  appSet: Record<string, unknown>,
  source: SourceRef,
  ctx: AppSetContext,
  findings: Finding[],
): AppSetExpansion {
  const meta = isObject(appSet.metadata) ? appSet.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '?';
  const object = `ApplicationSet/${name}`;
  const spec = isObject(appSet.spec) ? appSet.spec : {};
  const opts: TemplateOptions = {
    goTemplate: spec.goTemplate === true,
    missingKeyError:
      Array.isArray(spec.goTemplateOptions) && spec.goTemplateOptions.some((o) => o === 'missingkey=error'),
  };
  const result: AppSetExpansion = { applications: [], read: [], complete: true };
  const notEvaluated = (path: Path, message: string): null => {
    result.complete = false;
    findings.push({
      rule: 'input-not-evaluated',
      severity: 'error',
      file: source.file,
      line: source.locate(path)?.line ?? source.line,
      object,
      message: `ApplicationSet ${name}: ${message}; the Applications it makes are not evaluated`,
    });
    return null;
  };
  const refused = specRefusal(spec);
  if (refused) {
    notEvaluated(refused.path, refused.message);
    return result;
  }
  const x: Expander = { opts, ctx, result, notEvaluated };
  const baseTemplate = isObject(spec.template) ? spec.template : {};
  const names = new Set<string>();
  (spec.generators as unknown[]).forEach((gen, i) => {
    const path: Path = ['spec', 'generators', i];
    const sets = generate(x, gen, path, null);
    if (!sets) return;
    const template = generatorTemplate(gen, path, baseTemplate);
    for (const params of sets) addApplication(x, template, params, { name, namespace: meta.namespace, source }, names);
  });
  return result;
}

/**
 * What Argo CD refuses in the spec before generating anything: `templatePatch` (not supported here), and `generators`
 * missing or not a list (the CRD requires a list: ApplicationSetSpec.Generators) — it must not pass as an
 * ApplicationSet that makes nothing.
 */
function specRefusal(spec: Record<string, unknown>): { path: Path; message: string } | null {
  if (spec.templatePatch !== undefined)
    return { path: ['spec', 'templatePatch'], message: '`templatePatch` is not supported' };
  if (spec.generators === undefined)
    return { path: ['spec'], message: 'spec.generators is required (the CRD refuses the ApplicationSet)' };
  if (!Array.isArray(spec.generators))
    return {
      path: ['spec', 'generators'],
      message: `spec.generators must be a list, got ${typeName(spec.generators)} (the CRD refuses the ApplicationSet)`,
    };
  return null;
}

/** A generator's template: its own `template` merged over the ApplicationSet's (mergeGeneratorTemplate), and where each field of it is written. */
interface GeneratorTemplate {
  template: Record<string, unknown>;
  at: (p: Path) => Path;
}

function generatorTemplate(gen: unknown, path: Path, baseTemplate: Record<string, unknown>): GeneratorTemplate {
  const kind = isObject(gen) ? Object.keys(gen).find((k) => GENERATORS.includes(k)) : undefined;
  const own = kind && isObject(gen) && isObject(gen[kind]) && isObject(gen[kind].template) ? gen[kind].template : null;
  return {
    template: own ? fillFrom(structuredClone(own), baseTemplate) : baseTemplate,
    at: (p: Path): Path => (own && hasPath(own, p) ? [...path, kind!, 'template', ...p] : ['spec', 'template', ...p]),
  };
}

/** The ApplicationSet an Application is generated by: its name and namespace, and where it is written. */
interface AppSetOrigin {
  name: string;
  namespace: unknown;
  source: SourceRef;
}

/** The Application one parameter set makes, unless it has no name or a name an earlier parameter set made. */
function addApplication(
  x: Expander,
  { template, at: templateAt }: GeneratorTemplate,
  params: Params,
  appSet: AppSetOrigin,
  names: Set<string>,
): void {
  const app = renderApplication(template, params, x.opts, templateAt, x.notEvaluated);
  if (!app) return;
  const appMeta = isObject(app.metadata) ? app.metadata : {};
  const appName = typeof appMeta.name === 'string' ? appMeta.name : '';
  if (!appName) {
    x.notEvaluated(templateAt(['metadata', 'name']), 'a generated Application has no name');
    return;
  }
  if (names.has(appName)) {
    x.notEvaluated(
      templateAt(['metadata', 'name']),
      `two parameter sets make the Application ${appName} (Argo CD refuses duplicate names)`,
    );
    return;
  }
  names.add(appName);
  if (typeof appMeta.namespace !== 'string' && typeof appSet.namespace === 'string')
    appMeta.namespace = appSet.namespace;
  const source = appSet.source;
  x.result.applications.push({
    value: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', ...app, metadata: appMeta },
    appSet: appSet.name,
    // Findings about a generated Application point at the template field it came from.
    source: {
      file: source.file,
      line: source.locate(templateAt(['metadata', 'name']))?.line ?? source.line,
      locate: (p) => source.locate(templateAt([...p])),
    },
  });
}

// ---- generators ----

type GeneratorParams = (x: Expander, body: Record<string, unknown>, path: Path) => Params[] | null;

/** The generators evaluated, by the key that names them (applicationset/generators/*.go). */
const GENERATE: Record<string, GeneratorParams> = {
  list: listParams,
  clusters: clusterParams,
  git: gitParams,
  matrix: matrixParams,
  merge: mergeParams,
};

/** The parameter sets of one generator, filtered by its `selector`; null when it cannot be evaluated (a finding says why). */
function generate(x: Expander, gen: unknown, path: Path, inherited: Params | null): Params[] | null {
  if (!isObject(gen)) return x.notEvaluated(path, 'a generator is not a mapping');
  const kind = generatorKind(x, gen, path);
  if (kind === null) return null;
  // In a matrix, the second generator's fields are templated with each parameter set of the first.
  let body: unknown = gen[kind];
  if (inherited && Object.keys(inherited).length) {
    const r = templateDeep(body, inherited, x.opts);
    if (!r.ok) return x.notEvaluated([...path, kind], r.message);
    body = r.value;
  }
  if (!isObject(body)) return x.notEvaluated([...path, kind], `${kind} is not a mapping`);
  const sets = GENERATE[kind](x, body, [...path, kind]);
  if (!sets) return null;
  if (sets.length > MAX_PARAMETER_SETS)
    return x.notEvaluated(path, `the generator makes more than ${MAX_PARAMETER_SETS} parameter sets`);
  if (gen.selector === undefined) return sets;
  const sel = parseLabelSelector(gen.selector);
  if (!sel) return x.notEvaluated([...path, 'selector'], 'the selector is not a valid label selector');
  return sets.filter((p) => selectorMatches(sel, flatten(p)));
}

/** The one generator an entry names, if karpenter-plan evaluates it. */
function generatorKind(x: Expander, gen: Record<string, unknown>, path: Path): string | null {
  const kinds = Object.keys(gen).filter((k) => GENERATORS.includes(k));
  const unknown = Object.keys(gen).filter((k) => !GENERATORS.includes(k) && k !== 'selector' && k !== 'values');
  if (kinds.length !== 1)
    return x.notEvaluated(
      path,
      kinds.length
        ? `a generator names ${kinds.join(' and ')}; Argo CD takes one per entry`
        : `the generator ${unknown.join(', ') || '(empty)'} is not one karpenter-plan evaluates`,
    );
  const kind = kinds[0];
  if (UNSUPPORTED_GENERATORS.includes(kind))
    return x.notEvaluated(
      path,
      `the ${kind} generator reads a service outside the repository (Argo CD's ${kind} generator); karpenter-plan never contacts one`,
    );
  return kind;
}

/** A parameter set with the generator's `values` rendered with it (`values.<key>`, or `values` for goTemplate). */
function withValues(x: Expander, params: Params, values: unknown, path: Path): Params | null {
  if (!isObject(values)) return params;
  const extra: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    const r = renderTemplate(String(v), params, x.opts);
    if (!r.ok) return x.notEvaluated([...path, 'values', k], r.message);
    extra[k] = r.text;
  }
  if (x.opts.goTemplate) return { ...params, values: extra };
  const out = { ...params };
  for (const [k, v] of Object.entries(extra)) out[`values.${k}`] = v;
  return out;
}

/** list.go GenerateParams: `elements`, then `elementsYaml`. */
function listParams(x: Expander, body: Record<string, unknown>, path: Path): Params[] | null {
  const out: Params[] = [];
  const elements = Array.isArray(body.elements) ? body.elements : [];
  for (const [i, el] of elements.entries()) {
    if (!isObject(el)) return x.notEvaluated([...path, 'elements', i], 'a list element is not a mapping');
    const p = x.opts.goTemplate ? el : listElementParams(x, el, [...path, 'elements', i]);
    if (!p) return null;
    out.push(p);
  }
  if (typeof body.elementsYaml === 'string') {
    let parsed: unknown;
    try {
      parsed = parse(body.elementsYaml);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed) || !parsed.every(isObject))
      return x.notEvaluated([...path, 'elementsYaml'], 'elementsYaml is not a YAML list of mappings');
    out.push(...parsed);
  }
  return out;
}

/** A list element without goTemplate: every value a string, `values` as `values.<key>`. */
function listElementParams(x: Expander, el: Record<string, unknown>, path: Path): Params | null {
  const p: Params = {};
  for (const [k, v] of Object.entries(el)) {
    if (k === 'values' && isObject(v)) {
      for (const [vk, vv] of Object.entries(v)) {
        if (typeof vv !== 'string')
          return x.notEvaluated([...path, k, vk], 'list values must be strings without goTemplate');
        p[`values.${vk}`] = vv;
      }
    } else if (typeof v !== 'string')
      return x.notEvaluated(
        [...path, k],
        `list element value ${k} is not a string, which Argo CD refuses without goTemplate`,
      );
    else p[k] = v;
  }
  return p;
}

/** cluster.go GenerateParams: the config's clusters matching the selector, and `in-cluster` with no selector. */
function clusterParams(x: Expander, body: Record<string, unknown>, path: Path): Params[] | null {
  const selector = isObject(body.selector) ? body.selector : {};
  const hasSelector =
    (isObject(selector.matchLabels) && Object.keys(selector.matchLabels).length > 0) ||
    (Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0);
  const sel = hasSelector ? parseLabelSelector(selector) : null;
  if (hasSelector && !sel) return x.notEvaluated([...path, 'selector'], 'the selector is not a valid label selector');
  const out: Params[] = [];
  const clusters = [...x.ctx.clusters].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const c of clusters) {
    if (sel && !selectorMatches(sel, c.labels)) continue;
    const withV = withValues(x, clusterParamSet(c, x.opts.goTemplate), body.values, path);
    if (!withV) return null;
    out.push(withV);
  }
  if (!hasSelector && !x.ctx.clusters.some((c) => c.server === IN_CLUSTER.server)) {
    const p = withValues(
      x,
      { name: IN_CLUSTER.name, nameNormalized: IN_CLUSTER.name, server: IN_CLUSTER.server, project: '' },
      body.values,
      path,
    );
    if (!p) return null;
    out.push(p);
  }
  return body.flatList === true ? [{ clusters: out }] : out;
}

/** cluster.go getClusterParameters: name, server, project and the cluster's labels and annotations. */
function clusterParamSet(c: ClusterEntry, goTemplate: boolean): Params {
  const p: Params = {
    name: c.name,
    nameNormalized: sanitizeName(c.name),
    server: c.server,
    project: c.project ?? '',
  };
  if (goTemplate) {
    const m: Params = {};
    if (Object.keys(c.annotations).length) m.annotations = { ...c.annotations };
    if (Object.keys(c.labels).length) m.labels = { ...c.labels };
    p.metadata = m;
  } else {
    for (const [k, v] of Object.entries(c.annotations)) p[`metadata.annotations.${k}`] = v;
    for (const [k, v] of Object.entries(c.labels)) p[`metadata.labels.${k}`] = v;
  }
  return p;
}

/** git.go: `directories` or `files` of this repository only. */
function gitParams(x: Expander, body: Record<string, unknown>, path: Path): Params[] | null {
  const repoURL = typeof body.repoURL === 'string' ? body.repoURL : '';
  if (!x.ctx.isThisRepository(repoURL))
    return x.notEvaluated(
      [...path, 'repoURL'],
      `the git generator reads ${repoURL || '(no repoURL)'}, which is not this repository; karpenter-plan reads no other repository`,
    );
  if (Array.isArray(body.directories) && body.directories.length)
    return gitDirectoryParams(x, body, body.directories.filter(isObject), path);
  if (Array.isArray(body.files) && body.files.length) return gitFileParams(x, body, body.files.filter(isObject), path);
  return x.notEvaluated(path, 'the git generator has neither directories nor files');
}

/** git.go filterApps: each folder some `path` matches and no `exclude: true` entry does. */
function gitDirectoryParams(
  x: Expander,
  body: Record<string, unknown>,
  items: Record<string, unknown>[],
  path: Path,
): Params[] | null {
  const prefix = typeof body.pathParamPrefix === 'string' ? body.pathParamPrefix : '';
  const out: Params[] = [];
  for (const dir of allDirectories(x.ctx.files)) {
    let include = false;
    let exclude = false;
    for (const it of items) {
      if (typeof it.path !== 'string' || !goPathMatch(it.path, dir)) continue;
      if (it.exclude === true) exclude = true;
      else include = true;
    }
    if (!include || exclude) continue;
    const p = withValues(x, pathParams(x.opts, dir, null, prefix), body.values, path);
    if (!p) return null;
    out.push(p);
  }
  return out;
}

/** git.go generateParamsFromGitFile: each object of each matched file is a parameter set. */
function gitFileParams(
  x: Expander,
  body: Record<string, unknown>,
  items: Record<string, unknown>[],
  path: Path,
): Params[] | null {
  const prefix = typeof body.pathParamPrefix === 'string' ? body.pathParamPrefix : '';
  const out: Params[] = [];
  for (const [j, file] of gitFiles(items, x.ctx.files).entries()) {
    const objects = fileObjects(x.ctx.read(file));
    if (!objects)
      return x.notEvaluated(
        [...path, 'files'],
        `${file} (file ${j + 1} of the git files generator) is not a YAML or JSON mapping or list of mappings, which Argo CD refuses`,
      );
    x.result.read.push(file);
    for (const obj of objects) {
      const p = withValues(x, pathParams(x.opts, dirname(file), file, prefix, obj), body.values, path);
      if (!p) return null;
      out.push(p);
    }
  }
  return out;
}

/** The files the `files` entries pick (`exclude: true` ones removed), sorted. */
function gitFiles(items: Record<string, unknown>[], files: readonly string[]): string[] {
  const picked = new Set<string>();
  for (const it of items)
    if (typeof it.path === 'string' && it.exclude !== true)
      for (const f of files) if (pathspecMatch(it.path, f)) picked.add(f);
  for (const it of items)
    if (typeof it.path === 'string' && it.exclude === true)
      for (const f of [...picked]) if (pathspecMatch(it.path, f)) picked.delete(f);
  return [...picked].sort();
}

/** A git generator file's objects: one mapping, or a list of mappings; null for anything else. */
function fileObjects(text: string | null): Params[] | null {
  let doc: unknown;
  try {
    doc = text === null ? undefined : (parse(text) ?? {});
  } catch {
    doc = undefined;
  }
  return isObject(doc) ? [doc] : Array.isArray(doc) && doc.every(isObject) ? doc : null;
}

/** The `path` parameters of a folder (and file) of the git generator, nested for goTemplate, flat otherwise. */
function pathParams(
  opts: TemplateOptions,
  dir: string,
  file: string | null,
  prefix: string,
  content: Params = {},
): Params {
  const base = dir.slice(dir.lastIndexOf('/') + 1);
  if (opts.goTemplate) {
    const p: Params = {
      path: dir,
      basename: base,
      basenameNormalized: sanitizeName(base),
      segments: dir.split('/'),
    };
    if (file !== null) {
      const fname = file.slice(file.lastIndexOf('/') + 1);
      p.filename = fname;
      p.filenameNormalized = sanitizeName(fname);
    }
    return { ...content, ...(prefix ? { [prefix]: { path: p } } : { path: p }) };
  }
  const out: Params = {};
  for (const [k, v] of Object.entries(flatten(content))) out[k] = v;
  const key = prefix ? `${prefix}.path` : 'path';
  out[key] = dir;
  out[`${key}.basename`] = base;
  if (file !== null) out[`${key}.filename`] = file.slice(file.lastIndexOf('/') + 1);
  out[`${key}.basenameNormalized`] = sanitizeName(base);
  if (file !== null) out[`${key}.filenameNormalized`] = sanitizeName(file.slice(file.lastIndexOf('/') + 1));
  dir.split('/').forEach((seg, i) => {
    if (seg) out[`${key}[${i}]`] = seg;
  });
  return out;
}

/** matrix.go: each parameter set of the first generator combined with each of the second (templated with it). */
function matrixParams(x: Expander, body: Record<string, unknown>, path: Path): Params[] | null {
  const gens = Array.isArray(body.generators) ? body.generators : [];
  if (gens.length !== 2)
    return x.notEvaluated(
      path,
      `a matrix takes exactly two generators, this one has ${gens.length} (Argo CD refuses it)`,
    );
  const first = generate(x, gens[0], [...path, 'generators', 0], null);
  if (!first) return null;
  const out: Params[] = [];
  for (const a of first) {
    const second = generate(x, gens[1], [...path, 'generators', 1], a);
    if (!second) return null;
    if (out.length + second.length > MAX_PARAMETER_SETS)
      return x.notEvaluated(path, `the matrix makes more than ${MAX_PARAMETER_SETS} parameter sets`);
    for (const b of second) {
      const combined = x.opts.goTemplate ? deepMerge(deepMerge({}, b), a) : combineStringMaps(x, a, b, path);
      if (!combined) return null;
      out.push(combined);
    }
  }
  return out;
}

/** utils.CombineStringMaps: the same key with two values is an error. */
function combineStringMaps(x: Expander, a: Params, b: Params, path: Path): Params | null {
  const combined: Params = {};
  for (const [k, v] of Object.entries(a)) combined[k] = printValue(v);
  for (const [k, v] of Object.entries(b)) {
    const s = printValue(v);
    if (Object.hasOwn(combined, k) && combined[k] !== s)
      return x.notEvaluated(path, `the matrix's generators both set ${k}, to ${String(combined[k])} and ${s}`);
    combined[k] = s;
  }
  return combined;
}

/** merge.go: the first generator's parameter sets, each overridden by the later ones' with the same `mergeKeys`. */
function mergeParams(x: Expander, body: Record<string, unknown>, path: Path): Params[] | null {
  const gens = Array.isArray(body.generators) ? body.generators : [];
  const keys = Array.isArray(body.mergeKeys) ? body.mergeKeys.filter((k): k is string => typeof k === 'string') : [];
  if (gens.length < 2) return x.notEvaluated(path, 'a merge takes at least two generators (Argo CD refuses it)');
  if (!keys.length) return x.notEvaluated(path, 'a merge needs mergeKeys (Argo CD refuses it)');
  const sets: Params[][] = [];
  for (const [i, g] of gens.entries()) {
    const s = generate(x, g, [...path, 'generators', i], null);
    if (!s) return null;
    sets.push(s);
  }
  const byKey = (s: Params[], i: number): Map<string, Params> | null =>
    byMergeKey(x, s, keys, [...path, 'generators', i]);
  const base = byKey(sets[0], 0);
  if (!base) return null;
  for (const [i, s] of sets.slice(1).entries()) {
    const over = byKey(s, i + 1);
    if (!over) return null;
    for (const [k, p] of base)
      if (over.has(k)) base.set(k, x.opts.goTemplate ? deepMerge(p, over.get(k)!) : { ...p, ...over.get(k)! });
  }
  return [...base.values()];
}

/** One generator's parameter sets by their merge key; two sets sharing one Argo CD refuses. */
function byMergeKey(x: Expander, sets: Params[], keys: string[], path: Path): Map<string, Params> | null {
  const keyOf = (p: Params): string => JSON.stringify([...new Set(keys)].sort().map((k) => [k, p[k] ?? null]));
  const m = new Map<string, Params>();
  for (const p of sets) {
    const k = keyOf(p);
    if (m.has(k)) return x.notEvaluated(path, `two parameter sets share the merge key ${k}, which Argo CD refuses`);
    m.set(k, p);
  }
  return m;
}

/** The template with every string field rendered; a decisive field that cannot be rendered drops the Application. */
function renderApplication(
  template: Record<string, unknown>,
  params: Params,
  opts: TemplateOptions,
  templateAt: (p: Path) => Path,
  notEvaluated: (path: Path, message: string) => null,
): Record<string, unknown> | null {
  let failed = false;
  const walk = (v: unknown, path: Path): unknown => {
    if (failed) return v;
    if (typeof v === 'string') {
      const r = renderTemplate(v, params, opts);
      if (r.ok) return r.text;
      // Argo CD fails the whole ApplicationSet on a template error; a field karpenter-plan does not read (labels,
      // sync policy) that uses syntax outside the supported subset is left as written.
      if (!r.unsupported || DECISIVE.some((d) => d.every((x, i) => path[i] === x))) {
        failed = true;
        notEvaluated(templateAt(path), `template field ${path.join('.')}: ${r.message}`);
      }
      return v;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, i]));
    if (isObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, [...path, k]);
      return out;
    }
    return v;
  };
  const out = walk(template, []) as Record<string, unknown>;
  return failed ? null : out;
}

/** Every string of a generator's fields templated with a parameter set (a matrix's second generator). */
function templateDeep(
  v: unknown,
  params: Params,
  opts: TemplateOptions,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (typeof v === 'string') {
    const r = renderTemplate(v, params, opts);
    return r.ok ? { ok: true, value: r.text } : { ok: false, message: r.message };
  }
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v) {
      const r = templateDeep(x, params, opts);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      // A nested generator's own template is rendered later, with the combined parameters.
      if (k === 'template') {
        out[k] = x;
        continue;
      }
      const r = templateDeep(x, params, opts);
      if (!r.ok) return r;
      out[k] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value: v };
}

/** mergo.Merge(dest, src): fields dest leaves empty are taken from src, mappings recursively. */
function fillFrom(dest: Record<string, unknown>, src: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(src)) {
    const d = dest[k];
    if (isObject(d) && isObject(v)) fillFrom(d, v);
    else if (d === undefined || d === null || d === '' || (Array.isArray(d) && d.length === 0))
      dest[k] = structuredClone(v);
  }
  return dest;
}

/** mergo.Merge with WithOverride: src's non-empty values win, mappings merged recursively. */
function deepMerge(dest: Params, src: Params): Params {
  const out: Params = { ...dest };
  for (const [k, v] of Object.entries(src)) {
    if (isObject(v) && isObject(out[k])) out[k] = deepMerge(out[k] as Params, v);
    else if (v !== undefined && v !== null && v !== '') out[k] = v;
    else if (!Object.hasOwn(out, k)) out[k] = v;
  }
  return out;
}

function hasPath(v: unknown, path: Path): boolean {
  let cur = v;
  for (const k of path) {
    if (Array.isArray(cur) && typeof k === 'number') cur = cur[k];
    else if (isObject(cur)) cur = cur[String(k)];
    else return false;
    if (cur === undefined) return false;
  }
  return true;
}

/** Nested parameters as flat `a.b` keys with printed values (jeremywohl/flatten DotStyle, then `%v`). */
function flatten(p: Params): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (v: unknown, key: string): void => {
    if (isObject(v) && Object.keys(v).length) for (const [k, x] of Object.entries(v)) walk(x, key ? `${key}.${k}` : k);
    else if (Array.isArray(v) && v.length) v.forEach((x, i) => walk(x, key ? `${key}.${i}` : String(i)));
    else if (key) out[key] = printValue(v);
  };
  walk(p, '');
  return out;
}

function dirname(file: string): string {
  return file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
}

/** Every folder holding a file, but hidden ones and what is under them (reposerver GetGitDirectories). */
function allDirectories(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    const parts = f.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      if (parts[i - 1].startsWith('.')) break;
      out.add(parts.slice(0, i).join('/'));
    }
  }
  return [...out].sort();
}

/** Go's path.Match: `*` and `?` never match `/`; a malformed pattern matches nothing. */
export function goPathMatch(pattern: string, name: string): boolean {
  return globMatch(pattern, name, { slash: false, braces: false });
}

/**
 * A git pathspec as `git ls-files -- <pattern>` matches it: without wildcards, the path itself or anything under it;
 * with them, wildmatch without the pathname flag (`*` matches `/` too).
 */
export function pathspecMatch(pattern: string, file: string): boolean {
  const p = pattern.replace(/^\.\//, '');
  if (!/[*?[]/.test(p)) {
    const dir = p.replace(/\/$/, '');
    return dir === '' || dir === '.' || file === dir || file.startsWith(`${dir}/`);
  }
  return globMatch(p, file, { slash: true, braces: false });
}

/**
 * The glob of a directory source's `include` / `exclude` (Argo CD util/glob Match, gobwas/glob without separators):
 * `*` matches `/` too, and `{a,b}` either alternative.
 */
export function sourceGlobMatch(pattern: string, path: string): boolean {
  return globMatch(pattern, path, { slash: true, braces: true });
}
