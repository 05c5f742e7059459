/**
 * Argo CD Applications in a state (written as manifests, or made by an ApplicationSet: applicationset.ts). Each source
 * of an Application is read as Argo CD's repo server reads it (reposerver/repository/repository.go GenerateManifests,
 * util/app/discovery GetAppSourceType): a folder with a `Chart.yaml` is a Helm chart, one with a kustomization is
 * kustomize, any other folder is a directory of manifests; an explicit `helm:`, `kustomize:` or `directory:` says so.
 *  - Helm: `helm template` with `helm.valueFiles` (relative to the chart, or `$<ref>/path` from the root of the source
 *    whose `ref:` is <ref> in a multi-source Application: this repository's files when its `repoURL` is this
 *    repository), then `helm.values` / `helm.valuesObject`, then `helm.parameters` (Argo CD's order), with
 *    `helm.releaseName` or the Application's name;
 *  - kustomize: the kustomization rendered after the edits Argo CD makes to it (util/kustomize/kustomize.go Build:
 *    `kustomize edit set nameprefix/namesuffix/namespace/image/replicas`, `edit add label/annotation/component`,
 *    `patches` appended);
 *  - directory: the `.yaml`, `.yml` and `.json` files of the folder (`directory.recurse` for sub-folders), filtered by
 *    `directory.include` / `exclude` (repository.go getPotentiallyValidManifestFile); Jsonnet is not evaluated.
 * A remote chart (`spec.source.chart` from a Helm repository) cannot be fetched offline: the report says so. Each
 * Application that renders something from this repository is a target, keyed `<name>@<destination cluster>`.
 */
import { parse, stringify } from 'yaml';
import type { Finding, Position, SourceRef } from '../common/findings.js';
import { isObject } from '../common/fields.js';
import type { ChartSource } from './config.js';
import { IN_CLUSTER, sourceGlobMatch, type ClusterEntry } from './applicationset.js';
import { kustomizeEdit, type KustomizationEdit } from './argocd-kustomize.js';
import { closure, filesOf, type Kustomization } from './kustomize.js';
import { isRemoteReference, leavesState } from './remote-reference.js';

/** What one source of an Application renders. */
export type ApplicationSource =
  | { type: 'helm'; chart: ChartSource; files: string[] }
  | {
      type: 'kustomize';
      dir: string;
      edit: KustomizationEdit | null;
      files: string[];
      /** Where the Application sets a label of `kustomize.commonLabels` (findings on such a label point there). */
      labelAt?: (key: string) => Position | null;
    }
  | {
      type: 'directory';
      dir: string;
      files: string[];
      /** Files under the folder that Argo CD does not read for this source (other extensions, include/exclude, not recursed into). */
      ignored: string[];
    };

export interface ArgoApplication {
  name: string;
  /** The destination cluster's name (`destination.name`, the config's name for `destination.server`, or the address). */
  destination: string;
  /** The target key: `<name>@<destination>`. */
  key: string;
  value: Record<string, unknown>;
  source: SourceRef;
  /** The ApplicationSet that made it, if one did. */
  appSet: string | null;
  sources: ApplicationSource[];
  /** Whether a source of it was not evaluated (an `input-not-evaluated` finding): a change to its file is not either. */
  unevaluated: boolean;
  /** Kustomization folders of its sources that were refused: never rendered on their own either. */
  refusedKustomizations: string[];
  /** Chart folders of its helm sources that were refused (a values file Argo CD refuses): not rendered on their own either. */
  refusedCharts: string[];
}

export interface ArgoContext {
  files: readonly string[];
  read: (path: string) => string | null;
  clusters: readonly ClusterEntry[];
  isThisRepository: (repoURL: string) => boolean;
  kustomizations: readonly Kustomization[];
  /**
   * For the head of a diff: the sources each Application of the trusted revision (base) had, by target key. A source
   * that moves from this repository to another one, or whose `repoURL` changes while `repoURLs` is not configured,
   * is reported.
   */
  baseSources?: ReadonlyMap<string, readonly BaseSource[]>;
  /** Whether the config's `repoURLs` names this repository (otherwise it is inferred: state.ts argoContext). */
  repoURLsConfigured?: boolean;
}

/** One source of an Application as the trusted revision had it. */
export interface BaseSource {
  repoURL: string;
  path: string | null;
  chart: string | null;
}

/** The sources of an Application's value, as BaseSource records. */
export function sourcesOf(app: Record<string, unknown>): BaseSource[] {
  const spec = isObject(app.spec) ? app.spec : {};
  const list = Array.isArray(spec.sources) ? (spec.sources as unknown[]) : [spec.source];
  return list.map((src) =>
    isObject(src)
      ? {
          repoURL: typeof src.repoURL === 'string' ? src.repoURL : '',
          path: typeof src.path === 'string' ? src.path : null,
          chart: typeof src.chart === 'string' ? src.chart : null,
        }
      : { repoURL: '', path: null, chart: null },
  );
}

/** The name a destination goes by in target keys: letters, digits, '.', '_', '-' only. */
export function destinationName(dest: Record<string, unknown>, clusters: readonly ClusterEntry[]): string {
  const server = typeof dest.server === 'string' ? dest.server.replace(/\/$/, '') : '';
  const name =
    typeof dest.name === 'string' && dest.name
      ? dest.name
      : (clusters.find((c) => c.server.replace(/\/$/, '') === server)?.name ??
        (server === IN_CLUSTER.server ? IN_CLUSTER.name : server.replace(/^[a-z]+:\/\//, '')));
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'unknown';
}

/** Whether a file is a Helm values or manifest file Argo CD reads (repository.go manifestFile). */
const MANIFEST_FILE = /\.(yaml|yml|json)$/;
/** Argo CD skips a file holding this marker (repository.go skipFileRenderingMarker). */
const SKIP_MARKER = '+argocd:skip-file-rendering';

/** One Application being read: what reading each of its sources needs, and what it gathers. */
interface ApplicationReading {
  name: string;
  dest: Record<string, unknown>;
  /** Whether it lists `spec.sources` (multi-source) rather than one `spec.source`. */
  multi: boolean;
  source: SourceRef;
  ctx: ArgoContext;
  files: ReadonlySet<string>;
  /** `ref:` sources of a multi-source Application: their repository root is where `$<ref>/...` value files point. */
  refs: ReadonlyMap<string, { thisRepo: boolean; repoURL: string }>;
  /** Its sources in the trusted revision (base), when reading the head of a diff. */
  before: readonly BaseSource[] | undefined;
  out: ApplicationSource[];
  refusedKustomizations: string[];
  refusedCharts: string[];
  /** A finding at a field of source i (`rest` is the path under it). */
  finding: (
    i: number,
    rest: (string | number)[],
    rule: Finding['rule'],
    severity: Finding['severity'],
    message: string,
  ) => void;
}

/** The folder of this repository a source renders, and its files. */
interface SourceFolder {
  path: string;
  /** `path/`, or '' for the repository root. */
  prefix: string;
  inPath: string[];
}

export function readApplication(
  app: Record<string, unknown>,
  source: SourceRef,
  appSet: string | null,
  ctx: ArgoContext,
  findings: Finding[],
): ArgoApplication {
  const meta = isObject(app.metadata) ? app.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '?';
  const spec = isObject(app.spec) ? app.spec : {};
  const dest = isObject(spec.destination) ? spec.destination : {};
  const destination = destinationName(dest, ctx.clusters);
  const multi = Array.isArray(spec.sources);
  const sources = multi ? (spec.sources as unknown[]) : [spec.source];
  const object = `Application/${name}`;
  const at = (i: number, ...rest: (string | number)[]): number | null =>
    source.locate(multi ? ['spec', 'sources', i, ...rest] : ['spec', 'source', ...rest])?.line ?? source.line;
  const r: ApplicationReading = {
    name,
    dest,
    multi,
    source,
    ctx,
    files: new Set(ctx.files),
    refs: refSources(sources, ctx),
    before: ctx.baseSources?.get(`${name}@${destination}`),
    out: [],
    refusedKustomizations: [],
    refusedCharts: [],
    finding: (i, rest, rule, severity, message) =>
      findings.push({ rule, severity, file: source.file, line: at(i, ...rest), object, message }),
  };
  const findingsBefore = findings.length;
  // What the Application CRD refuses (spec required, `source` or `sources`, `sources` a list of objects): Argo CD would
  // not sync it, so nothing of it is evaluated here either — never an Application that silently renders nothing.
  const shape = invalidShape(app, spec);
  if (shape)
    findings.push({
      rule: 'input-not-evaluated',
      severity: 'error',
      file: source.file,
      line: source.locate(['spec'])?.line ?? source.line,
      object,
      message: `Application ${name} is not valid (${shape}): Argo CD refuses it, so nothing of it is evaluated`,
    });
  sources.forEach((src, i) => readSource(r, src, i));
  const unevaluated = findings.slice(findingsBefore).some((f) => f.rule === 'input-not-evaluated');
  return {
    name,
    destination,
    key: `${name}@${destination}`,
    value: app,
    source,
    appSet,
    sources: r.out,
    unevaluated,
    refusedKustomizations: r.refusedKustomizations,
    refusedCharts: r.refusedCharts,
  };
}

/** The `ref:` sources of an Application, by ref. */
function refSources(sources: unknown[], ctx: ArgoContext): Map<string, { thisRepo: boolean; repoURL: string }> {
  const refs = new Map<string, { thisRepo: boolean; repoURL: string }>();
  for (const src of sources)
    if (isObject(src) && typeof src.ref === 'string') {
      const repoURL = typeof src.repoURL === 'string' ? src.repoURL : '';
      refs.set(src.ref, { thisRepo: ctx.isThisRepository(repoURL), repoURL });
    }
  return refs;
}

/** Why the Application CRD refuses an Application, or null. */
function invalidShape(app: Record<string, unknown>, spec: Record<string, unknown>): string | null {
  if (!isObject(app.spec)) return 'spec is not an object';
  if (spec.sources !== undefined && !Array.isArray(spec.sources)) return 'spec.sources is not a list';
  if (spec.sources === undefined && !isObject(spec.source)) return 'it has no spec.source object (nor spec.sources)';
  return null;
}

/** One source, read as the repo server reads it (GetAppSourceType): a chart, a kustomization or a directory. */
function readSource(r: ApplicationReading, src: unknown, i: number): void {
  if (!isObject(src)) {
    if (r.multi)
      r.finding(i, [], 'input-not-evaluated', 'error', `Application ${r.name}: spec.sources[${i}] is not an object`);
    return;
  }
  const folder = sourceFolder(r, src, i);
  if (!folder) return;
  const isChart = r.files.has(`${folder.prefix}Chart.yaml`);
  const kustomization = r.ctx.kustomizations.find((k) => k.dir === folder.path);
  const type = sourceType(src, isChart, kustomization !== undefined);
  if (type === 'helm') readHelmSource(r, src, i, folder);
  else if (type === 'kustomize') readKustomizeSource(r, src, i, folder, kustomization!);
  else readDirectorySource(r, src, i, folder);
}

/** An explicit `directory:` wins, then `helm:` on a chart and `kustomize:` on a kustomization, then what the folder holds. */
function sourceType(
  src: Record<string, unknown>,
  isChart: boolean,
  isKustomization: boolean,
): ApplicationSource['type'] {
  if (isObject(src.directory)) return 'directory';
  if (isObject(src.helm) && isChart) return 'helm';
  if (isObject(src.kustomize) && isKustomization) return 'kustomize';
  if (isChart) return 'helm';
  return isKustomization ? 'kustomize' : 'directory';
}

/** The folder of this repository a source renders; null (with a finding when it says something) when there is none to read. */
function sourceFolder(r: ApplicationReading, src: Record<string, unknown>, i: number): SourceFolder | null {
  const name = r.name;
  if (typeof src.path === 'string' && (src.path.trim().startsWith('/') || leavesState('', src.path))) {
    // Argo CD's repo server refuses it (util/io/path Path: "app path is absolute", "app path outside root").
    r.finding(
      i,
      ['path'],
      'input-not-evaluated',
      'error',
      `Application ${name} renders the path ${JSON.stringify(src.path)}, which is ${src.path.trim().startsWith('/') ? 'absolute' : 'outside the repository'}; Argo CD refuses it, and nothing of it is evaluated`,
    );
    return null;
  }
  const path = typeof src.path === 'string' ? normalize(src.path) : null;
  if (path === null) {
    chartWithoutPath(r, src, i);
    return null;
  }
  if (!fromThisRepository(r, src, i, path)) return null;
  const prefix = path ? `${path}/` : '';
  const inPath = r.ctx.files.filter((f) => f.startsWith(prefix));
  if (!inPath.length) {
    r.finding(
      i,
      ['path'],
      'input-not-evaluated',
      'error',
      `Application ${name} renders the folder ${path || '.'}, which does not exist in this state; nothing of it is evaluated`,
    );
    return null;
  }
  if (isObject(src.plugin)) {
    r.finding(
      i,
      ['plugin'],
      'input-not-evaluated',
      'error',
      `Application ${name} renders ${path || '.'} with a config management plugin, which karpenter-plan never runs; nothing of it is evaluated`,
    );
    return null;
  }
  return { path, prefix, inPath };
}

/** A source without a path: the Karpenter chart, a remote chart (not fetched), or a `ref:`-only source. */
function chartWithoutPath(r: ApplicationReading, src: Record<string, unknown>, i: number): void {
  const name = r.name;
  const was = r.before?.[i];
  if (src.chart === 'karpenter') {
    // The Karpenter controller chart itself: its values carry the controller settings (feature gates,
    // preferencePolicy, minValuesPolicy) of the destination cluster; there are no NodePools to render.
    return;
  }
  if (typeof src.chart === 'string' && was?.path != null && r.ctx.isThisRepository(was.repoURL)) {
    r.finding(
      i,
      ['chart'],
      'input-not-evaluated',
      'error',
      `Application ${name} rendered ${was.path || '.'} of this repository in ${'the base revision'}; it now renders the remote chart ${src.chart} from ${String(src.repoURL ?? '?')}, which karpenter-plan does not fetch: what it deploys after the merge is not evaluated`,
    );
    return;
  }
  if (typeof src.chart === 'string')
    r.finding(
      i,
      [],
      'argocd-remote-chart',
      'info',
      `Application ${name} renders the remote chart ${src.chart} from ${String(src.repoURL ?? '?')}; karpenter-plan does not fetch remote charts, so its objects are not in the plan (add the rendered manifests or a values adapter).`,
    );
  // else a `ref:`-only source, or nothing to render
}

/** Whether a source's `repoURL` is this repository, and, without `repoURLs` in the config, the one the base revision used. */
function fromThisRepository(r: ApplicationReading, src: Record<string, unknown>, i: number, path: string): boolean {
  const name = r.name;
  const was = r.before?.[i];
  const repoURL = typeof src.repoURL === 'string' ? src.repoURL : '';
  if (!r.ctx.isThisRepository(repoURL)) {
    r.finding(
      i,
      ['repoURL'],
      'input-not-evaluated',
      'error',
      `Application ${name} renders ${path || '.'} of ${repoURL || '(no repoURL)'}, which is not this repository (${r.ctx.repoURLsConfigured ? '`repoURLs` of the config' : 'no Application of the base revision uses it; name this repository with `repoURLs`'}); karpenter-plan reads no other repository, so what it deploys is not evaluated`,
    );
    return false;
  }
  if (
    !r.ctx.repoURLsConfigured &&
    was &&
    was.path !== null &&
    normalizeRepoURL(was.repoURL) !== normalizeRepoURL(repoURL)
  ) {
    r.finding(
      i,
      ['repoURL'],
      'input-not-evaluated',
      'error',
      `Application ${name} changes its repoURL from ${was.repoURL || '(none)'} to ${repoURL || '(none)'}; without \`repoURLs\` in the config karpenter-plan cannot tell which one is this repository, so what it deploys is not evaluated`,
    );
    return false;
  }
  return true;
}

// ---- Helm ----

function readHelmSource(r: ApplicationReading, src: Record<string, unknown>, i: number, folder: SourceFolder): void {
  const { path, inPath } = folder;
  const helm = isObject(src.helm) ? src.helm : {};
  const values = helmValueFiles(r, helm, i, path);
  if (!values) {
    r.refusedCharts.push(path);
    return;
  }
  const inline = helmInlineValues(r, helm, i);
  const parameters = Array.isArray(helm.parameters) ? helm.parameters.filter(isObject) : [];
  const withParams = applyParameters(inline, parameters, (msg) =>
    r.finding(i, ['helm', 'parameters'], 'input-not-evaluated', 'error', `Application ${r.name}: ${msg}`),
  );
  const hasInline = isObject(helm.valuesObject) || typeof helm.values === 'string' || parameters.length > 0;
  r.out.push({
    type: 'helm',
    files: [...inPath, ...values],
    chart: {
      path,
      values,
      releaseName: typeof helm.releaseName === 'string' ? helm.releaseName : r.name,
      namespace: typeof r.dest.namespace === 'string' ? r.dest.namespace : 'default',
      ...(hasInline ? { inlineValues: stringify(withParams) } : {}),
    },
  });
}

/**
 * The values files of a chart, in order; null when Argo CD refuses to render the chart because a values file cannot
 * be resolved (reposerver/repository/repository.go getHelmValueFiles via util/io/path ResolveValueFilePathOrUrl):
 * outside the repository always, missing unless `ignoreMissingValueFiles`. A URL it would fetch, karpenter-plan never
 * does. Either way nothing is rendered.
 */
function helmValueFiles(
  r: ApplicationReading,
  helm: Record<string, unknown>,
  i: number,
  path: string,
): string[] | null {
  const ignoreMissing = helm.ignoreMissingValueFiles === true;
  const values: string[] = [];
  const valueFiles = Array.isArray(helm.valueFiles) ? helm.valueFiles : [];
  let refused = false;
  valueFiles.forEach((v, j) => {
    if (typeof v !== 'string') return;
    const refuse = (message: string): void => {
      refused = true;
      r.finding(i, ['helm', 'valueFiles', j], 'input-not-evaluated', 'error', `Application ${r.name}: ${message}`);
    };
    const resolved = resolveValueFile(r, v, path);
    if ('refused' in resolved) return refuse(resolved.refused);
    const file = resolved.file;
    if (r.files.has(file)) values.push(file);
    else if (!ignoreMissing)
      refuse(
        `the values file ${v} (${file || '.'}) does not exist in this state; Argo CD refuses to render the chart without it (unless \`ignoreMissingValueFiles: true\`), so it is not rendered`,
      );
  });
  return refused ? null : values;
}

/** Where a values file is: `$<ref>/path` is relative to the root of the `ref:` source; `/path` to the repository root; else the chart. */
function resolveValueFile(r: ApplicationReading, v: string, path: string): { file: string } | { refused: string } {
  let dir = path;
  let rel = v;
  if (v.startsWith('$')) {
    const ref = v.slice(1, v.includes('/') ? v.indexOf('/') : undefined);
    const refSource = r.refs.get(ref);
    if (!refSource)
      return {
        refused: `the values file ${v} names no source with \`ref: ${ref}\`; Argo CD refuses it, so the chart is not rendered`,
      };
    if (!refSource.thisRepo)
      return {
        refused: `the values file ${v} comes from ${refSource.repoURL}, which is not this repository; karpenter-plan reads no other repository, so the chart is not rendered`,
      };
    dir = '';
    rel = v.slice(ref.length + 1).replace(/^\/+/, '');
  } else if (isRemoteReference(v)) {
    return { refused: `the values file ${v} is remote; karpenter-plan never fetches it, so the chart is not rendered` };
  } else if (v.trim().startsWith('/')) {
    dir = '';
    rel = v.trim().slice(1);
  }
  if (leavesState(dir, rel))
    return {
      refused: `the values file ${v} resolves outside the repository; Argo CD refuses it, so the chart is not rendered`,
    };
  return { file: normalize(dir ? `${dir}/${rel}` : rel) };
}

/** `helm.valuesObject`, else `helm.values` (a YAML string). */
function helmInlineValues(r: ApplicationReading, helm: Record<string, unknown>, i: number): Record<string, unknown> {
  if (isObject(helm.valuesObject)) return helm.valuesObject;
  if (typeof helm.values !== 'string') return {};
  try {
    const v: unknown = parse(helm.values);
    if (isObject(v)) return v;
  } catch {
    r.finding(i, ['helm', 'values'], 'invalid-yaml', 'error', `Application ${r.name}: helm.values is not valid YAML`);
  }
  return {};
}

// ---- kustomize ----

function readKustomizeSource(
  r: ApplicationReading,
  src: Record<string, unknown>,
  i: number,
  folder: SourceFolder,
  k: Kustomization,
): void {
  const { path } = folder;
  const extra = addedKustomizations(r, src, i, folder);
  if (!extra) {
    r.refusedKustomizations.push(path);
    return;
  }
  r.out.push({
    type: 'kustomize',
    dir: path,
    edit: isObject(src.kustomize) ? kustomizeEdit(src.kustomize) : null,
    files: [...filesOf([...closure(k, r.ctx.kustomizations), ...extra], r.ctx.files)],
    labelAt: (key) => {
      const labels = isObject(src.kustomize) ? src.kustomize.commonLabels : undefined;
      if (!isObject(labels) || !Object.hasOwn(labels, key)) return null;
      const pos = r.source.locate([
        ...(r.multi ? ['spec', 'sources', i] : ['spec', 'source']),
        'kustomize',
        'commonLabels',
        key,
      ]);
      return pos && r.source.file ? { ...pos, file: r.source.file } : null;
    },
  });
}

/**
 * The kustomizations an Application adds to a kustomization (kustomize.go Build: `edit add component`, appended
 * `patches`), refused before rendering like the kustomization's own entries: nothing remote, nothing outside the
 * repository, and no added component whose own kustomization names such a thing. Null when one is refused.
 */
function addedKustomizations(
  r: ApplicationReading,
  src: Record<string, unknown>,
  i: number,
  { path, prefix }: SourceFolder,
): Kustomization[] | null {
  const extra: Kustomization[] = [];
  let outside = false;
  for (const a of addedReferences(src)) {
    if (isRemoteReference(a.ref) || leavesState(path, a.ref)) {
      outside = true;
      r.finding(
        i,
        a.at,
        'input-not-evaluated',
        'error',
        `Application ${r.name} adds ${JSON.stringify(a.ref)} to kustomization ${path || '.'}, which is remote or outside the repository and is never fetched or read; nothing of it is evaluated`,
      );
      continue;
    }
    const sub = r.ctx.kustomizations.find((x) => x.dir === normalize(`${prefix}${a.ref}`));
    if (!sub) continue;
    for (const part of closure(sub, r.ctx.kustomizations)) {
      extra.push(part);
      for (const remote of part.remote) {
        outside = true;
        r.finding(
          i,
          a.at,
          'input-not-evaluated',
          'error',
          `Application ${r.name} adds ${a.ref} to kustomization ${path || '.'}; it names ${JSON.stringify(remote.reference)} (${remote.field} in ${remote.file}:${remote.line ?? '?'}), which is remote or outside the repository and is never fetched or read; nothing of it is evaluated`,
        );
      }
    }
  }
  return outside ? null : extra;
}

/** The components and patch files of an Application's `kustomize:` options, with where each is written. */
function addedReferences(src: Record<string, unknown>): { at: (string | number)[]; ref: string }[] {
  const kz = isObject(src.kustomize) ? src.kustomize : {};
  const added: { at: (string | number)[]; ref: string }[] = [];
  (Array.isArray(kz.components) ? kz.components : []).forEach((c, j) => {
    if (typeof c === 'string') added.push({ at: ['kustomize', 'components', j], ref: c });
  });
  (Array.isArray(kz.patches) ? kz.patches : []).forEach((p, j) => {
    if (isObject(p) && typeof p.path === 'string') added.push({ at: ['kustomize', 'patches', j, 'path'], ref: p.path });
  });
  return added;
}

// ---- directory ----

function readDirectorySource(
  r: ApplicationReading,
  src: Record<string, unknown>,
  i: number,
  folder: SourceFolder,
): void {
  const directory = isObject(src.directory) ? src.directory : {};
  if (isObject(directory.jsonnet) && Object.keys(directory.jsonnet).length)
    r.finding(
      i,
      ['directory', 'jsonnet'],
      'input-not-evaluated',
      'error',
      `Application ${r.name}: Jsonnet is not evaluated`,
    );
  const { picked, jsonnet, ignored } = directoryFiles(r, directory, folder);
  if (jsonnet.length)
    r.finding(
      i,
      ['path'],
      'input-not-evaluated',
      'error',
      `Application ${r.name}: ${jsonnet.slice(0, 3).join(', ')} ${jsonnet.length > 1 ? 'are' : 'is'} Jsonnet, which karpenter-plan does not evaluate`,
    );
  r.out.push({ type: 'directory', dir: folder.path, files: picked, ignored });
}

/**
 * The files of a directory source: the manifests Argo CD reads, the Jsonnet files, and the others
 * (repository.go getPotentiallyValidManifestFile: recurse, include / exclude, extensions, the skip marker).
 */
function directoryFiles(
  r: ApplicationReading,
  directory: Record<string, unknown>,
  { prefix, inPath }: SourceFolder,
): { picked: string[]; jsonnet: string[]; ignored: string[] } {
  const include = typeof directory.include === 'string' ? directory.include : '';
  const exclude = typeof directory.exclude === 'string' ? directory.exclude : '';
  const picked: string[] = [];
  const jsonnet: string[] = [];
  const ignored: string[] = [];
  for (const f of inPath) {
    const rel = f.slice(prefix.length);
    const read =
      (directory.recurse === true || !rel.includes('/')) &&
      !(exclude && sourceGlobMatch(exclude, rel)) &&
      !(include && !sourceGlobMatch(include, rel));
    if (read && f.endsWith('.jsonnet')) jsonnet.push(f);
    else if (read && MANIFEST_FILE.test(f) && !(r.ctx.read(f) ?? '').includes(SKIP_MARKER)) picked.push(f);
    else ignored.push(f);
  }
  return { picked, jsonnet, ignored };
}

/**
 * Helm `--set name=value` as Argo CD passes `helm.parameters` (util/helm/cmd.go template): dotted names, values
 * typed as helm's strvals does (true/false, integers, null) unless `forceString`.
 */
function applyParameters(
  values: Record<string, unknown>,
  parameters: Record<string, unknown>[],
  unsupported: (message: string) => void,
): Record<string, unknown> {
  if (!parameters.length) return values;
  const out = structuredClone(values);
  for (const p of parameters) {
    if (typeof p.name !== 'string' || !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(p.name)) {
      unsupported(`the helm parameter ${JSON.stringify(p.name)} is not a plain dotted name; it is not applied`);
      continue;
    }
    const raw = typeof p.value === 'string' ? p.value : String(p.value ?? '');
    const value =
      p.forceString === true
        ? raw
        : raw === 'true' || raw === 'false'
          ? raw === 'true'
          : raw === 'null'
            ? null
            : /^-?(0|[1-9][0-9]*)$/.test(raw)
              ? Number(raw)
              : raw;
    const keys = p.name.split('.');
    let cur: Record<string, unknown> = out;
    for (const k of keys.slice(0, -1)) {
      if (!isObject(cur[k])) cur[k] = {};
      cur = cur[k] as Record<string, unknown>;
    }
    cur[keys[keys.length - 1]] = value;
  }
  return out;
}

function normalize(p: string): string {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
}

/** Argo CD repository URLs as one string (scheme, user, `.git`, trailing slash and case aside). */
export function normalizeRepoURL(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z+]+:\/\//, '')
    .replace(/^[^@/]+@/, '')
    .replace(/^([^/:]+):(?!\d)/, '$1/')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
}

/**
 * The `settings` of every Application in the state that deploys the Karpenter controller chart (a remote source with
 * `chart: karpenter`): from `helm.valuesObject`, else `helm.values` (a YAML string), with where they were found.
 */
export function karpenterChartSettings(
  app: Record<string, unknown>,
  source: SourceRef,
): { settings: Record<string, unknown>; where: (path: string[]) => string } | null {
  const spec = isObject(app.spec) ? app.spec : {};
  const sources = Array.isArray(spec.sources) ? spec.sources : [spec.source];
  for (let i = 0; i < sources.length; i++) {
    const src = sources[i];
    if (!isObject(src) || src.chart !== 'karpenter') continue;
    const helm = isObject(src.helm) ? src.helm : {};
    let values: unknown = helm.valuesObject;
    if (!isObject(values) && typeof helm.values === 'string') {
      try {
        values = parse(helm.values);
      } catch {
        values = null;
      }
    }
    if (!isObject(values) || !isObject(values.settings)) continue;
    const base = Array.isArray(spec.sources) ? ['spec', 'sources', i, 'helm'] : ['spec', 'source', 'helm'];
    const key = isObject(helm.valuesObject) ? 'valuesObject' : 'values';
    return {
      settings: values.settings,
      where: (path) => {
        const pos =
          key === 'valuesObject' ? source.locate([...base, key, 'settings', ...path]) : source.locate([...base, key]);
        return `${source.file ?? '?'}:${pos?.line ?? source.line ?? '?'}`;
      },
    };
  }
  return null;
}
