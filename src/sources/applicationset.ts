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
type Path = (string | number)[];

/** Parameter sets one generator may make (a matrix multiplies them): past it, not evaluated rather than a stall. */
export const MAX_PARAMETER_SETS = 10_000;

const UNSUPPORTED_GENERATORS = ['scmProvider', 'pullRequest', 'plugin', 'clusterDecisionResource'];
const GENERATORS = ['list', 'clusters', 'git', 'matrix', 'merge', ...UNSUPPORTED_GENERATORS];
/** Template fields that decide what is rendered and where: a template of them that cannot be evaluated drops the Application. */
const DECISIVE = [
  ['metadata', 'name'],
  ['spec', 'source'],
  ['spec', 'sources'],
  ['spec', 'destination'],
];

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
  if (spec.templatePatch !== undefined) {
    notEvaluated(['spec', 'templatePatch'], '`templatePatch` is not supported');
    return result;
  }
  // The CRD requires `generators` as a list (ApplicationSetSpec.Generators): anything else Argo CD never applies, and
  // it must not pass as an ApplicationSet that makes nothing.
  if (!Array.isArray(spec.generators)) {
    notEvaluated(
      spec.generators === undefined ? ['spec'] : ['spec', 'generators'],
      spec.generators === undefined
        ? 'spec.generators is required (the CRD refuses the ApplicationSet)'
        : `spec.generators must be a list, got ${typeName(spec.generators)} (the CRD refuses the ApplicationSet)`,
    );
    return result;
  }
  const generators: unknown[] = spec.generators;
  const baseTemplate = isObject(spec.template) ? spec.template : {};
  const names = new Map<string, string>();

  // ---- generators ----
  const generate = (gen: unknown, path: Path, inherited: Params | null): Params[] | null => {
    if (!isObject(gen)) return notEvaluated(path, 'a generator is not a mapping');
    const kinds = Object.keys(gen).filter((k) => GENERATORS.includes(k));
    const unknown = Object.keys(gen).filter((k) => !GENERATORS.includes(k) && k !== 'selector' && k !== 'values');
    if (kinds.length !== 1)
      return notEvaluated(
        path,
        kinds.length
          ? `a generator names ${kinds.join(' and ')}; Argo CD takes one per entry`
          : `the generator ${unknown.join(', ') || '(empty)'} is not one karpenter-plan evaluates`,
      );
    const kind = kinds[0];
    if (UNSUPPORTED_GENERATORS.includes(kind))
      return notEvaluated(
        path,
        `the ${kind} generator reads a service outside the repository (Argo CD's ${kind} generator); karpenter-plan never contacts one`,
      );
    // In a matrix, the second generator's fields are templated with each parameter set of the first.
    let body: unknown = gen[kind];
    if (inherited && Object.keys(inherited).length) {
      const r = templateDeep(body, inherited, opts);
      if (!r.ok) return notEvaluated([...path, kind], r.message);
      body = r.value;
    }
    if (!isObject(body)) return notEvaluated([...path, kind], `${kind} is not a mapping`);
    let sets: Params[] | null;
    switch (kind) {
      case 'list':
        sets = listParams(body, [...path, kind]);
        break;
      case 'clusters':
        sets = clusterParams(body, [...path, kind]);
        break;
      case 'git':
        sets = gitParams(body, [...path, kind]);
        break;
      case 'matrix':
        sets = matrixParams(body, [...path, kind]);
        break;
      default:
        sets = mergeParams(body, [...path, kind]);
    }
    if (!sets) return null;
    if (sets.length > MAX_PARAMETER_SETS)
      return notEvaluated(path, `the generator makes more than ${MAX_PARAMETER_SETS} parameter sets`);
    if (gen.selector !== undefined) {
      const sel = parseLabelSelector(gen.selector);
      if (!sel) return notEvaluated([...path, 'selector'], 'the selector is not a valid label selector');
      sets = sets.filter((p) => selectorMatches(sel, flatten(p)));
    }
    return sets;
  };

  const withValues = (params: Params, values: unknown, path: Path): Params | null => {
    if (!isObject(values)) return params;
    const extra: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      const r = renderTemplate(String(v), params, opts);
      if (!r.ok) return notEvaluated([...path, 'values', k], r.message);
      extra[k] = r.text;
    }
    if (opts.goTemplate) return { ...params, values: extra };
    const out = { ...params };
    for (const [k, v] of Object.entries(extra)) out[`values.${k}`] = v;
    return out;
  };

  const listParams = (body: Record<string, unknown>, path: Path): Params[] | null => {
    const out: Params[] = [];
    const elements = Array.isArray(body.elements) ? body.elements : [];
    for (const [i, el] of elements.entries()) {
      if (!isObject(el)) return notEvaluated([...path, 'elements', i], 'a list element is not a mapping');
      if (opts.goTemplate) {
        out.push(el);
        continue;
      }
      const p: Params = {};
      for (const [k, v] of Object.entries(el)) {
        if (k === 'values' && isObject(v)) {
          for (const [vk, vv] of Object.entries(v)) {
            if (typeof vv !== 'string')
              return notEvaluated([...path, 'elements', i, k, vk], 'list values must be strings without goTemplate');
            p[`values.${vk}`] = vv;
          }
        } else if (typeof v !== 'string')
          return notEvaluated(
            [...path, 'elements', i, k],
            `list element value ${k} is not a string, which Argo CD refuses without goTemplate`,
          );
        else p[k] = v;
      }
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
        return notEvaluated([...path, 'elementsYaml'], 'elementsYaml is not a YAML list of mappings');
      out.push(...parsed);
    }
    return out;
  };

  const clusterParams = (body: Record<string, unknown>, path: Path): Params[] | null => {
    const selector = isObject(body.selector) ? body.selector : {};
    const hasSelector =
      (isObject(selector.matchLabels) && Object.keys(selector.matchLabels).length > 0) ||
      (Array.isArray(selector.matchExpressions) && selector.matchExpressions.length > 0);
    const sel = hasSelector ? parseLabelSelector(selector) : null;
    if (hasSelector && !sel) return notEvaluated([...path, 'selector'], 'the selector is not a valid label selector');
    const out: Params[] = [];
    const clusters = [...ctx.clusters].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const c of clusters) {
      if (sel && !selectorMatches(sel, c.labels)) continue;
      const p: Params = {
        name: c.name,
        nameNormalized: sanitizeName(c.name),
        server: c.server,
        project: c.project ?? '',
      };
      if (opts.goTemplate) {
        const m: Params = {};
        if (Object.keys(c.annotations).length) m.annotations = { ...c.annotations };
        if (Object.keys(c.labels).length) m.labels = { ...c.labels };
        p.metadata = m;
      } else {
        for (const [k, v] of Object.entries(c.annotations)) p[`metadata.annotations.${k}`] = v;
        for (const [k, v] of Object.entries(c.labels)) p[`metadata.labels.${k}`] = v;
      }
      const withV = withValues(p, body.values, path);
      if (!withV) return null;
      out.push(withV);
    }
    if (!hasSelector && !ctx.clusters.some((c) => c.server === IN_CLUSTER.server)) {
      const p = withValues(
        { name: IN_CLUSTER.name, nameNormalized: IN_CLUSTER.name, server: IN_CLUSTER.server, project: '' },
        body.values,
        path,
      );
      if (!p) return null;
      out.push(p);
    }
    return body.flatList === true ? [{ clusters: out }] : out;
  };

  const gitParams = (body: Record<string, unknown>, path: Path): Params[] | null => {
    const repoURL = typeof body.repoURL === 'string' ? body.repoURL : '';
    if (!ctx.isThisRepository(repoURL))
      return notEvaluated(
        [...path, 'repoURL'],
        `the git generator reads ${repoURL || '(no repoURL)'}, which is not this repository; karpenter-plan reads no other repository`,
      );
    const prefix = typeof body.pathParamPrefix === 'string' ? body.pathParamPrefix : '';
    const out: Params[] = [];
    if (Array.isArray(body.directories) && body.directories.length) {
      const items = body.directories.filter(isObject);
      const dirs = allDirectories(ctx.files);
      for (const dir of dirs) {
        let include = false;
        let exclude = false;
        for (const it of items) {
          if (typeof it.path !== 'string' || !goPathMatch(it.path, dir)) continue;
          if (it.exclude === true) exclude = true;
          else include = true;
        }
        if (!include || exclude) continue;
        const p = withValues(pathParams(dir, null, prefix), body.values, path);
        if (!p) return null;
        out.push(p);
      }
      return out;
    }
    if (Array.isArray(body.files) && body.files.length) {
      const items = body.files.filter(isObject);
      const picked = new Set<string>();
      for (const it of items)
        if (typeof it.path === 'string' && it.exclude !== true)
          for (const f of ctx.files) if (pathspecMatch(it.path, f)) picked.add(f);
      for (const it of items)
        if (typeof it.path === 'string' && it.exclude === true)
          for (const f of [...picked]) if (pathspecMatch(it.path, f)) picked.delete(f);
      for (const [j, file] of [...picked].sort().entries()) {
        const text = ctx.read(file);
        let doc: unknown;
        try {
          doc = text === null ? undefined : (parse(text) ?? {});
        } catch {
          doc = undefined;
        }
        const objects = isObject(doc) ? [doc] : Array.isArray(doc) && doc.every(isObject) ? doc : null;
        if (!objects)
          return notEvaluated(
            [...path, 'files'],
            `${file} (file ${j + 1} of the git files generator) is not a YAML or JSON mapping or list of mappings, which Argo CD refuses`,
          );
        result.read.push(file);
        for (const obj of objects) {
          const p = withValues(pathParams(dirname(file), file, prefix, obj), body.values, path);
          if (!p) return null;
          out.push(p);
        }
      }
      return out;
    }
    return notEvaluated(path, 'the git generator has neither directories nor files');
  };

  const pathParams = (dir: string, file: string | null, prefix: string, content: Params = {}): Params => {
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
  };

  const matrixParams = (body: Record<string, unknown>, path: Path): Params[] | null => {
    const gens = Array.isArray(body.generators) ? body.generators : [];
    if (gens.length !== 2)
      return notEvaluated(
        path,
        `a matrix takes exactly two generators, this one has ${gens.length} (Argo CD refuses it)`,
      );
    const first = generate(gens[0], [...path, 'generators', 0], null);
    if (!first) return null;
    const out: Params[] = [];
    for (const a of first) {
      const second = generate(gens[1], [...path, 'generators', 1], a);
      if (!second) return null;
      if (out.length + second.length > MAX_PARAMETER_SETS)
        return notEvaluated(path, `the matrix makes more than ${MAX_PARAMETER_SETS} parameter sets`);
      for (const b of second) {
        if (opts.goTemplate) {
          out.push(deepMerge(deepMerge({}, b), a));
          continue;
        }
        // utils.CombineStringMaps: the same key with two values is an error.
        const combined: Params = {};
        for (const [k, v] of Object.entries(a)) combined[k] = printValue(v);
        for (const [k, v] of Object.entries(b)) {
          const s = printValue(v);
          if (Object.hasOwn(combined, k) && combined[k] !== s)
            return notEvaluated(path, `the matrix's generators both set ${k}, to ${String(combined[k])} and ${s}`);
          combined[k] = s;
        }
        out.push(combined);
      }
    }
    return out;
  };

  const mergeParams = (body: Record<string, unknown>, path: Path): Params[] | null => {
    const gens = Array.isArray(body.generators) ? body.generators : [];
    const keys = Array.isArray(body.mergeKeys) ? body.mergeKeys.filter((k): k is string => typeof k === 'string') : [];
    if (gens.length < 2) return notEvaluated(path, 'a merge takes at least two generators (Argo CD refuses it)');
    if (!keys.length) return notEvaluated(path, 'a merge needs mergeKeys (Argo CD refuses it)');
    const sets: Params[][] = [];
    for (const [i, g] of gens.entries()) {
      const s = generate(g, [...path, 'generators', i], null);
      if (!s) return null;
      sets.push(s);
    }
    const keyOf = (p: Params): string => JSON.stringify([...new Set(keys)].sort().map((k) => [k, p[k] ?? null]));
    const byKey = (s: Params[], i: number): Map<string, Params> | null => {
      const m = new Map<string, Params>();
      for (const p of s) {
        const k = keyOf(p);
        if (m.has(k))
          return notEvaluated(
            [...path, 'generators', i],
            `two parameter sets share the merge key ${k}, which Argo CD refuses`,
          );
        m.set(k, p);
      }
      return m;
    };
    const base = byKey(sets[0], 0);
    if (!base) return null;
    for (const [i, s] of sets.slice(1).entries()) {
      const over = byKey(s, i + 1);
      if (!over) return null;
      for (const [k, p] of base)
        if (over.has(k)) base.set(k, opts.goTemplate ? deepMerge(p, over.get(k)!) : { ...p, ...over.get(k)! });
    }
    return [...base.values()];
  };

  generators.forEach((gen, i) => {
    const path: Path = ['spec', 'generators', i];
    const sets = generate(gen, path, null);
    if (!sets) return;
    const kind = isObject(gen) ? Object.keys(gen).find((k) => GENERATORS.includes(k)) : undefined;
    const own =
      kind && isObject(gen) && isObject(gen[kind]) && isObject(gen[kind].template) ? gen[kind].template : null;
    const template = own ? fillFrom(structuredClone(own), baseTemplate) : baseTemplate;
    const templateAt = (p: Path): Path =>
      own && hasPath(own, p) ? [...path, kind!, 'template', ...p] : ['spec', 'template', ...p];
    for (const params of sets) {
      const app = renderApplication(template, params, opts, templateAt, notEvaluated);
      if (!app) continue;
      const appMeta = isObject(app.metadata) ? app.metadata : {};
      const appName = typeof appMeta.name === 'string' ? appMeta.name : '';
      if (!appName) {
        notEvaluated(templateAt(['metadata', 'name']), 'a generated Application has no name');
        continue;
      }
      if (names.has(appName)) {
        notEvaluated(
          templateAt(['metadata', 'name']),
          `two parameter sets make the Application ${appName} (Argo CD refuses duplicate names)`,
        );
        continue;
      }
      names.set(appName, appName);
      if (typeof appMeta.namespace !== 'string' && typeof meta.namespace === 'string')
        appMeta.namespace = meta.namespace;
      result.applications.push({
        value: { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', ...app, metadata: appMeta },
        appSet: name,
        // Findings about a generated Application point at the template field it came from.
        source: {
          file: source.file,
          line: source.locate(templateAt(['metadata', 'name']))?.line ?? source.line,
          locate: (p) => source.locate(templateAt([...p])),
        },
      });
    }
  });
  return result;
}

/**
 * What an ApplicationSet produced, said out loud (never a silent pass): a warning when it produced no Application
 * although its generators could be evaluated, naming each generator and the \`clusters:\` entry that would feed a
 * clusters generator; and one per template placeholder a generated Application still holds (Argo CD's fasttemplate
 * leaves \`{{key}}\` as written when no parameter has that key: applicationset/utils/utils.go Render), naming the
 * parameter that is missing and where it would come from. Reported as \`input-not-evaluated\` warnings.
 */
export function expansionWarnings(
  appSet: Record<string, unknown>,
  source: SourceRef,
  expansion: AppSetExpansion,
  ctx: Pick<AppSetContext, 'clusters'>,
): Finding[] {
  if (!expansion.complete) return [];
  const meta = isObject(appSet.metadata) ? appSet.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '?';
  const spec = isObject(appSet.spec) ? appSet.spec : {};
  const generators = Array.isArray(spec.generators) ? spec.generators : [];
  const kindOf = (g: unknown): string =>
    (isObject(g) ? Object.keys(g).find((k) => GENERATORS.includes(k)) : undefined) ?? '(none)';
  const feeds = (g: unknown): string => {
    const kind = kindOf(g);
    if (kind === 'clusters') {
      const body = isObject(g) && isObject(g.clusters) ? g.clusters : {};
      const sel = isObject(body.selector) && isObject(body.selector.matchLabels) ? body.selector.matchLabels : null;
      const labels = sel ? Object.entries(sel).map(([k, v]) => `${k}: ${String(v)}`) : [];
      return `the clusters generator matches ${ctx.clusters.length ? `none of the ${ctx.clusters.length} \`clusters:\` entries` : 'no cluster: the config has no `clusters:` entry'} — add one${labels.length ? ` with \`labels: { ${labels.join(', ')} }\`` : ''} (e.g. \`clusters: [{ name: prod, server: https://…${labels.length ? `, labels: { ${labels.join(', ')} }` : ''} }]\`)`;
    }
    if (kind === 'list') return 'the list generator has no elements';
    if (kind === 'git') return 'the git generator matches no file or directory of this state';
    return `the ${kind} generator makes no parameter set`;
  };
  const out: Finding[] = [];
  const warn = (line: number | null, message: string): void => {
    out.push({
      rule: 'input-not-evaluated',
      severity: 'warning',
      file: source.file,
      line,
      object: `ApplicationSet/${name}`,
      message,
    });
  };
  if (!expansion.applications.length) {
    const why = generators.map((g, i) => `spec.generators[${i}] (${kindOf(g)}): ${feeds(g)}`);
    warn(
      source.locate(['spec', 'generators'])?.line ?? source.line,
      `ApplicationSet ${name} produced no Application, so nothing it deploys is planned${why.length ? `: ${why.join('; ')}` : ': it has no generator'}`,
    );
    return out;
  }
  const clusterGen = generators.some((g) => kindOf(g) === 'clusters');
  const seen = new Set<string>();
  for (const app of expansion.applications) {
    const walk = (v: unknown, path: Path): void => {
      if (typeof v === 'string') {
        for (const m of v.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
          const key = m[1];
          const at = `${path.join('.')}|${key}`;
          if (seen.has(at)) continue;
          seen.add(at);
          const fromCluster = /^metadata\.(annotations|labels)\./.exec(key);
          warn(
            app.source.locate(path)?.line ?? app.source.line,
            `ApplicationSet ${name}: the placeholder {{${key}}} in ${path.join('.')} is left unresolved (no generator gives the parameter ${key}), so Application ${String((app.value.metadata as Record<string, unknown>)?.name ?? '?')} is planned with the literal text${
              fromCluster && clusterGen
                ? ` — set \`${fromCluster[1]}: { ${key.slice(fromCluster[0].length)}: … }\` on the \`clusters:\` entry that feeds it`
                : ''
            }`,
          );
        }
        return;
      }
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
      else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    };
    walk(app.value.spec, ['spec']);
  }
  return out;
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

type GlobToken =
  { t: 'star' } | { t: 'one' } | { t: 'char'; c: string } | { t: 'class'; negate: boolean; body: string };

/** Braces `{a,b}` expanded into alternatives (at most 64: a pattern from a pull request stays cheap to match). */
function expandBraces(pattern: string): string[] | null {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  let depth = 0;
  const cuts: number[] = [];
  let close = -1;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) {
      close = i;
      break;
    } else if (pattern[i] === ',' && depth === 1) cuts.push(i);
  }
  if (close < 0) return null;
  const bounds = [open, ...cuts, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const rest = expandBraces(
      pattern.slice(0, open) + pattern.slice(bounds[k] + 1, bounds[k + 1]) + pattern.slice(close + 1),
    );
    if (!rest) return null;
    out.push(...rest);
    if (out.length > 64) return null;
  }
  return out;
}

function globTokens(pattern: string): GlobToken[] | null {
  const out: GlobToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' });
    } else if (c === '?') out.push({ t: 'one' });
    else if (c === '\\' && i + 1 < pattern.length) out.push({ t: 'char', c: pattern[++i] });
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) return null;
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith('^') || body.startsWith('!');
      if (negate) body = body.slice(1);
      out.push({ t: 'class', negate, body });
      i = end;
    } else out.push({ t: 'char', c });
  }
  return out;
}

function inClass(body: string, ch: string): boolean {
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      if (ch >= body[i] && ch <= body[i + 2]) return true;
      i += 2;
    } else if (body[i] === ch) return true;
  }
  return false;
}

/**
 * Glob matching by dynamic programming (time linear in pattern × name, whatever the pattern: the patterns come from
 * the pull request): `*` is any run of characters (never `/` unless `slash`), `?` one, `[...]` a class, `\\x` the
 * character x, and with `braces`, `{a,b}` either alternative. A malformed pattern matches nothing.
 */
function globMatch(pattern: string, name: string, opts: { slash: boolean; braces: boolean }): boolean {
  if (pattern.length > 1024) return false;
  const alternatives = opts.braces ? expandBraces(pattern) : [pattern];
  if (!alternatives) return false;
  return alternatives.some((alt) => {
    const tokens = globTokens(alt);
    if (!tokens) return false;
    // can[j]: the first i characters of name match the first j tokens.
    let can = new Array<boolean>(tokens.length + 1).fill(false);
    can[0] = true;
    for (let j = 0; j < tokens.length && tokens[j].t === 'star'; j++) can[j + 1] = true;
    for (const ch of name) {
      const next = new Array<boolean>(tokens.length + 1).fill(false);
      for (let j = 0; j < tokens.length; j++) {
        const tok = tokens[j];
        const okChar = opts.slash || ch !== '/';
        if (tok.t === 'star') {
          if ((can[j + 1] || can[j]) && okChar) next[j + 1] = true;
        } else if (can[j]) {
          const m =
            tok.t === 'one' ? okChar : tok.t === 'char' ? tok.c === ch : okChar && inClass(tok.body, ch) !== tok.negate;
          if (m) next[j + 1] = true;
        }
        // A star may match nothing: carry a match over it.
        if (tok.t === 'star' && next[j]) next[j + 1] = true;
      }
      can = next;
    }
    return can[tokens.length];
  });
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
