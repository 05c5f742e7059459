/**
 * The targets of a state: what is deployed on its own.
 *  - the kustomizations no other kustomization (nor an Argo CD Application, nor a `clusters:` entry) uses (e.g.
 *    `overlays/dev`, `overlays/production`), keyed by their folder ('' for a kustomization at the root);
 *  - the Argo CD Applications that render a Karpenter object of this repository — written as manifests or made by an
 *    ApplicationSet — keyed `<name>@<destination cluster>`; an Application whose sources hold none (an application's
 *    folder) is not one: it is rendered into the target of its destination cluster (the first Application target of
 *    that destination, else the `clusters:` entry of that name), when there is one;
 *  - the entries of the config's `clusters:` list that name inputs of their own (manifests, values, charts, a
 *    kustomization, a fleet, controller settings), keyed by the cluster's name;
 *  - the environments of a chart found without configuration: a folder with a `Chart.yaml` whose templates produce
 *    Karpenter objects and that holds `values-<env>.yaml` (or `values.<env>.yaml`) next to its `values.yaml`, keyed
 *    `<chart folder>+<env>` and rendered with `values.yaml` then that file.
 *  - the loose plain manifests — those no kustomization, Application or Flux Kustomization renders — when they hold a
 *    Karpenter object, the state has other targets and the config names no cluster's inputs, keyed `.plain`
 *    (PLAIN_KEY). A run with several targets reads them in that target only, never in every one: an object is
 *    counted once per cluster. A run with one target reads them with it (the state is one cluster); loose files
 *    without a Karpenter object beside several targets join none (listed with the kustomizations that hold none).
 * Keys cannot collide across kinds: folders and cluster names hold neither `@` nor `+`, Application names and
 * destinations hold neither `/` nor `+`. A kustomization folder named like a cluster target is not a target (a
 * warning says so; a change to its files is `input-not-evaluated`).
 */
import type { Finding } from '../common/findings.js';
import { nearest } from '../common/distance.js';
import type { ChartSource, ClusterConfig, Config } from './config.js';
import { holdsKarpenterObject, karpenterRelevant } from './coverage.js';
import {
  closure,
  filesOf,
  findKustomizations,
  KUSTOMIZATION_FILES,
  kustomizationRoots,
  type Kustomization,
} from './kustomize.js';
import { argoInventory, plainManifestFiles } from './state.js';
import type { ArgoApplication } from './argocd.js';
import { valuesEnvironment } from './helm.js';
import { GitTree, type FileTree } from './tree.js';
import { fluxInventory, fluxTargets, rendersOnlyFlux } from './flux.js';

export type TargetKind = 'kustomization' | 'application' | 'cluster' | 'chart' | 'flux' | 'plain';

/** The key of the target of the loose plain manifests (a folder name starting with `.` is never read as manifests). */
export const PLAIN_KEY = '.plain';

export interface Target {
  key: string;
  kind: TargetKind;
  /** What it is, for reports: `kustomization overlays/prod`, `Application pools-prod → prod (ApplicationSet pools)`. */
  source: string;
  /** The files it renders (its kustomization's, its Application's sources', its cluster's inputs, its chart's). */
  files: Set<string>;
  /** Those and the files its Application's directory sources leave out (Argo CD deploys them nowhere). */
  owns: Set<string>;
  /** Keys of the Applications without a Karpenter object rendered into it (they deploy to its cluster). */
  joined: string[];
}

/**
 * What is deployed on its own but holds no Karpenter object, so is not a target: a kustomization (its folder), an
 * Argo CD Application (its key), or the loose plain manifests beside several targets (PLAIN_KEY). An Application
 * joins the target of its destination cluster when there is one.
 */
export interface Unplanned {
  kind: 'kustomization' | 'application' | 'plain';
  key: string;
  files: Set<string>;
  /** The target it is rendered into, if any. */
  joins: string | null;
}

interface Discovery {
  targets: Target[];
  findings: Finding[];
  /** Sources deployed on their own that hold no Karpenter object: not targets (an application folder). */
  unplanned: Unplanned[];
}

const found = new WeakMap<FileTree, WeakMap<Config, Discovery>>();

function discover(tree: FileTree, config: Config): Discovery {
  let byConfig = found.get(tree);
  if (!byConfig) found.set(tree, (byConfig = new WeakMap()));
  let out = byConfig.get(config);
  if (!out) byConfig.set(config, (out = readTargets(tree, config)));
  return out;
}

export function discoverTargets(tree: FileTree, config: Config): Target[] {
  return discover(tree, config).targets;
}

/** Problems met finding the targets (a kustomization named like a cluster target). */
export function targetFindings(tree: FileTree, config: Config): Finding[] {
  return discover(tree, config).findings;
}

/** The `clusters:` entries that are targets of their own, with their index in the list (for locations). */
function clusterTargets(config: Config): { cluster: ClusterConfig; index: number }[] {
  return config.clusters.flatMap((cluster, index) => (cluster.inputs ? [{ cluster, index }] : []));
}

const trimPath = (p: string): string => p.replace(/^\.\/?/, '').replace(/\/+$/, '');

function readTargets(tree: FileTree, config: Config): Discovery {
  const all = findKustomizations(tree);
  const files = tree.list();
  const findings: Finding[] = [];
  const apps = argoInventory(tree, config).applications.filter((a) => a.sources.length);
  const clusters = clusterTargets(config);
  const clusterNames = new Set(clusters.map((c) => c.cluster.name));
  // Kustomizations and charts that something else renders are not targets of their own.
  const rendered = new Set([
    ...apps.flatMap((a) => a.sources.flatMap((s) => (s.type === 'kustomize' ? [s.dir] : []))),
    ...clusters.flatMap((c) => (c.cluster.inputs!.kustomization !== null ? [c.cluster.inputs!.kustomization] : [])),
    ...fluxInventory(tree).renderedDirs,
  ]);
  const out: Target[] = [];
  const unplanned: Discovery['unplanned'] = [];
  for (const k of kustomizationRoots(all)) {
    if (rendered.has(k.dir)) continue;
    // A target is a cluster: a kustomization none of whose files holds a Karpenter object (an application's folder)
    // is not one; its workloads are deployed by whatever renders it, not planned on their own.
    const own = filesOf(closure(k, all), files);
    // A folder of Flux objects only (clusters/<name>/) is Flux's plumbing, not a Karpenter target (flux.ts).
    if (rendersOnlyFlux(tree, own)) continue;
    if (!holdsKarpenterObjects(tree, own)) {
      unplanned.push({ kind: 'kustomization', key: k.dir, files: own, joins: null });
      continue;
    }
    if (clusterNames.has(k.dir)) {
      findings.push({
        rule: 'input-not-evaluated',
        severity: 'warning',
        file: k.file,
        line: null,
        object: null,
        message: `kustomization ${k.dir} is not planned as a target: its folder has the name of the cluster target ${k.dir} (\`clusters:\` in ${config.file ?? 'the config'}); rename one, or name the kustomization in the cluster's \`kustomization:\``,
      });
      continue;
    }
    out.push({
      key: k.dir,
      kind: 'kustomization',
      source: `kustomization ${k.dir || '.'}`,
      files: own,
      owns: own,
      joined: [],
    });
  }
  // An Application is a cluster's target when its sources hold a Karpenter object (or Applications: an app of apps);
  // one of an application's folder is rendered into the target of its destination (below).
  const appOnly: typeof apps = [];
  for (const a of apps) {
    const files = new Set(a.sources.flatMap((s) => s.files));
    const owns = new Set(a.sources.flatMap((s) => (s.type === 'directory' ? [...s.files, ...s.ignored] : s.files)));
    if (!holdsKarpenterObjects(tree, files)) {
      appOnly.push(a);
      continue;
    }
    out.push({
      key: a.key,
      kind: 'application',
      source: `Application ${a.name} → ${a.destination}${a.appSet ? ` (ApplicationSet ${a.appSet})` : ''}`,
      files,
      owns,
      joined: [],
    });
  }
  for (const k of fluxTargets(tree))
    out.push({
      key: k.key,
      kind: 'flux',
      source: `Flux Kustomization ${k.name} → ${k.cluster} (${k.path || '.'})`,
      files: new Set(k.files),
      owns: new Set(k.files),
      joined: [],
    });
  for (const { cluster, index } of clusters) {
    const own = inputFiles(tree, clusterConfig(config, index), cluster.inputs!.kustomization, all);
    out.push({
      key: cluster.name,
      kind: 'cluster',
      source: `cluster ${cluster.name}`,
      files: own,
      owns: own,
      joined: [],
    });
  }
  for (const a of appOnly) unplanned.push(joinDestination(a, apps, out));
  const charted = new Set(
    [
      ...config.charts.map((c) => c.path),
      ...clusters.flatMap((c) => c.cluster.inputs!.charts.map((ch) => ch.path)),
      ...apps.flatMap((a) => a.sources.flatMap((s) => (s.type === 'helm' ? [s.chart.path] : []))),
      ...fluxInventory(tree).helmReleases.flatMap((h) => (h.chart ? [h.chart.path] : [])),
    ].map(trimPath),
  );
  for (const env of chartEnvironments(tree)) {
    if (charted.has(env.dir)) continue;
    out.push({
      key: env.key,
      kind: 'chart',
      source: `chart ${env.dir} with ${env.files.join(', ')}`,
      files: env.owns,
      owns: env.owns,
      joined: [],
    });
  }
  // The loose plain manifests: a target of their own beside others when they hold a Karpenter object — not where the
  // config's `clusters:` name each cluster's inputs (a file none of them reads is no cluster's: input-not-evaluated).
  if (out.length && !clusters.length) {
    const plain = plainTarget(tree, config);
    if ('joins' in plain) unplanned.push(plain);
    else out.push(plain);
  }
  return { targets: out, findings, unplanned };
}

/**
 * An Application without a Karpenter object joins the target of its destination cluster: the first Application target
 * deployed there, else the `clusters:` entry of that name. Its files become the target's (a change to them affects it).
 */
function joinDestination(a: ArgoApplication, apps: readonly ArgoApplication[], targets: Target[]): Unplanned {
  const byKey = (x: Target, y: Target): number => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);
  const host =
    targets
      .filter((t) => t.kind === 'application' && apps.some((b) => b.key === t.key && b.destination === a.destination))
      .sort(byKey)[0] ?? targets.find((t) => t.kind === 'cluster' && t.key === a.destination);
  const files = new Set(a.sources.flatMap((s) => s.files));
  if (host) {
    host.joined.push(a.key);
    for (const f of files) host.files.add(f);
    for (const s of a.sources)
      for (const f of s.type === 'directory' ? [...s.files, ...s.ignored] : s.files) host.owns.add(f);
  }
  return { kind: 'application', key: a.key, files, joins: host?.key ?? null };
}

/**
 * The loose plain manifests as a target (PLAIN_KEY) when one of them holds a Karpenter object, else as a source that
 * is not one. The files of Applications and ApplicationSets are the inventory's (read in every target), not its own.
 */
function plainTarget(tree: FileTree, config: Config): Target | Unplanned {
  const appFiles = argoInventory(tree, config).appFiles;
  const loose = new Set(looseManifestFiles(tree, config).filter((f) => !appFiles.has(f)));
  if (tree instanceof GitTree) tree.readMany([...loose]);
  if (![...loose].some((f) => holdsKarpenterObject(tree.read(f))))
    return { kind: 'plain', key: PLAIN_KEY, files: loose, joins: null };
  return {
    key: PLAIN_KEY,
    kind: 'plain',
    source: `plain manifests (${loose.size} file${loose.size === 1 ? '' : 's'} no kustomization or Application renders)`,
    files: loose,
    owns: loose,
    joined: [],
  };
}

/**
 * The loose plain manifests of a state: the plain manifests (state.ts plainManifestFiles) that no Argo CD Application
 * (a directory source) nor Flux Kustomization renders — what the state reads on its own, beside its renderings.
 */
export function looseManifestFiles(tree: FileTree, config: Config): string[] {
  const argo = argoInventory(tree, config);
  const flux = fluxInventory(tree);
  return plainManifestFiles(tree, config).filter((f) => !argo.owned.has(f) && !flux.owned.has(f));
}

/**
 * Whether some file holds a Karpenter object (NodePool, EC2NodeClass, NodeOverlay, or an Argo CD Application that may
 * render one), judged as coverage judges files; the kustomization files themselves do not count.
 */
function holdsKarpenterObjects(tree: FileTree, files: ReadonlySet<string>): boolean {
  const candidates = [...files].filter((f) => !KUSTOMIZATION_FILES.includes(f.slice(f.lastIndexOf('/') + 1)));
  if (tree instanceof GitTree) tree.readMany(candidates);
  return candidates.some((f) => karpenterRelevant(f, tree.read(f)));
}

/**
 * The kustomizations, Applications and loose plain manifests deployed on their own without any Karpenter object: not
 * targets, listed in one assumption.
 */
export function unplannedSources(tree: FileTree, config: Config): Unplanned[] {
  return discover(tree, config).unplanned;
}

/** Files that the other targets use and this target does not (a shared base belongs to both). */
export function filesOfOtherTargets(tree: FileTree, config: Config, key: string): Set<string> {
  const targets = discoverTargets(tree, config);
  const own = targets.find((t) => t.key === key)?.owns ?? new Set<string>();
  const out = new Set<string>();
  for (const t of targets) if (t.key !== key) for (const f of t.owns) if (!own.has(f)) out.add(f);
  return out;
}

/** Files the target renders (its folder, its bases and components, the files they name; its sources' files). */
export function filesOfTarget(tree: FileTree, config: Config, key: string): Set<string> {
  return discoverTargets(tree, config).find((t) => t.key === key)?.files ?? new Set();
}

/** What loading a target takes: the configuration to read the state with, and the kustomization or Application. */
export interface TargetInputs {
  config: Config;
  /** For sources/state.ts LoadOptions.target: a kustomization folder or Application key, or null (none). */
  target: string | null;
  /** Where the configuration names the target's kustomization (a missing one is reported there). */
  kustomizationAt?: { file: string | null; line: number | null };
  /** For LoadOptions.joined: the Applications without a Karpenter object rendered into the target. */
  joined: string[];
  /**
   * Whether the plain manifests it reads are its own (the loose ones of the plain target, a cluster's `manifests`)
   * rather than the loose files every target of the run would read (LoadOptions.loose).
   */
  ownsPlainFiles: boolean;
}

/**
 * The inputs of a target in one state. A kustomization or an Application is read with the run's configuration (its
 * plain manifests, configured charts and values adapters, and that kustomization or Application); a cluster target
 * with the cluster's own inputs, fleet and controller settings only; a chart environment with the run's configuration
 * and that chart rendered with its environment's values (not at all when this state lacks it).
 */
export function targetInputs(tree: FileTree, config: Config, key: string): TargetInputs {
  const joined = discoverTargets(tree, config).find((t) => t.key === key)?.joined ?? [];
  if (key === PLAIN_KEY) return { config, target: null, joined, ownsPlainFiles: true };
  const index = config.clusters.findIndex((c) => c.inputs && c.name === key);
  if (index >= 0) {
    const own = clusterConfig(config, index);
    const k = config.clusters[index].inputs!.kustomization;
    return {
      config: own,
      target: k,
      joined,
      ownsPlainFiles: true,
      ...(k !== null
        ? {
            kustomizationAt: {
              file: config.file,
              line: config.locate?.(['clusters', index, 'kustomization'])?.line ?? null,
            },
          }
        : {}),
    };
  }
  // The kind comes from what this state holds, not from the key's characters (a folder may be named `a+b`).
  const env = chartEnvironments(tree).find((e) => e.key === key);
  if (env)
    return {
      config: { ...config, charts: [...config.charts, env.chart] },
      target: null,
      joined,
      ownsPlainFiles: false,
    };
  const kustomization = discoverTargets(tree, config).some((t) => t.key === key && t.kind === 'kustomization');
  // A chart environment this state lacks is not rendered here (the other state has it).
  if (!kustomization && isChartKey(key)) return { config, target: null, joined, ownsPlainFiles: false };
  return { config, target: key, joined, ownsPlainFiles: false };
}

/** Whether a target is read with inputs of its own rather than the run's (a cluster or chart environment). */
export function hasOwnInputs(config: Config, key: string): boolean {
  return isChartKey(key) || config.clusters.some((c) => c.inputs && c.name === key);
}

const isChartKey = (key: string): boolean => key.includes('+');

/** Keys of the configuration a `clusters:` entry replaces for its own target (the others are the run's). */
const CLUSTER_OWN = new Set(['manifests', 'values', 'charts', 'kustomization', 'fleet']);

/**
 * The configuration a cluster target is read with: the run's, with the cluster's manifests, values adapters, charts
 * and fleet (a cluster without a fleet of its own keeps the run's) and its controller settings (else the run's).
 * Findings about those keys point at the cluster's entry.
 */
export function clusterConfig(config: Config, index: number): Config {
  const c = config.clusters[index];
  const inputs = c.inputs!;
  const own = (key: string | number | undefined): boolean =>
    typeof key === 'string' && (CLUSTER_OWN.has(key) || (key === 'controller' && inputs.controller !== null));
  return {
    ...config,
    manifests: inputs.manifests,
    values: inputs.values,
    charts: inputs.charts,
    fleet: inputs.fleet.length ? inputs.fleet : config.fleet,
    controller: inputs.controller ?? config.controller,
    // The cluster's own inputs are its target's: within it, no other entry claims files.
    clusters: config.clusters.map(({ inputs: _inputs, ...entry }) => entry),
    locate: (path) =>
      own(path[0]) ? (config.locate?.(['clusters', inputs.entry, ...path]) ?? null) : (config.locate?.(path) ?? null),
  };
}

/** The files a configuration reads as inputs in a state (its manifests, values files, charts, controller values). */
function inputFiles(tree: FileTree, config: Config, kustomization: string | null, all: Kustomization[]): Set<string> {
  const files = tree.list();
  const listed = new Set(files);
  const out = new Set(plainManifestFiles(tree, config));
  for (const a of config.values) for (const f of a.files) if (listed.has(f)) out.add(f);
  for (const c of config.charts) {
    const prefix = trimPath(c.path) + '/';
    for (const f of files) if (f.startsWith(prefix) || c.values.includes(f)) out.add(f);
  }
  if (config.controller.values && listed.has(config.controller.values)) out.add(config.controller.values);
  const k = kustomization !== null ? all.find((x) => x.dir === kustomization) : undefined;
  if (k) for (const f of filesOf(closure(k, all), files)) out.add(f);
  return out;
}

/** A chart environment: a chart folder with `values-<env>.yaml` / `values.<env>.yaml` next to its `values.yaml`. */
interface ChartEnvironment {
  key: string;
  dir: string;
  env: string;
  /** The environment's values files. */
  files: string[];
  /** The chart's files but the other environments' values files. */
  owns: Set<string>;
  chart: ChartSource;
}

const chartEnvs = new WeakMap<FileTree, ChartEnvironment[]>();

/**
 * The environments of the charts of a state found without configuration: a folder (not the root, not inside another
 * chart) with a `Chart.yaml`, a template that produces Karpenter objects (judged as coverage judges files), and
 * values files named for environments next to the `Chart.yaml`.
 */
function chartEnvironments(tree: FileTree): ChartEnvironment[] {
  let out = chartEnvs.get(tree);
  if (out) return out;
  out = [];
  const files = tree.list();
  const dirs = files.filter((f) => f.endsWith('/Chart.yaml')).map((f) => f.slice(0, -'/Chart.yaml'.length));
  const charts = dirs.filter((d) => !dirs.some((o) => o !== d && d.startsWith(o + '/')));
  for (const dir of charts) {
    const prefix = dir + '/';
    const inChart = files.filter((f) => f.startsWith(prefix));
    const templates = inChart.filter((f) => /(^|\/)templates\//.test(f.slice(prefix.length)));
    if (tree instanceof GitTree) tree.readMany(templates);
    if (!templates.some((f) => karpenterRelevant(f, tree.read(f)))) continue;
    const byEnv = new Map<string, string[]>();
    for (const f of inChart) {
      if (f.slice(prefix.length).includes('/')) continue;
      const env = valuesEnvironment(f);
      if (env !== null) byEnv.set(env, [...(byEnv.get(env) ?? []), f]);
    }
    const envFiles = new Set([...byEnv.values()].flat());
    const defaults = inChart.includes(`${prefix}values.yaml`) ? [`${prefix}values.yaml`] : [];
    for (const [env, own] of [...byEnv].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      // `values-<env>` before `values.<env>`, each once: the later one wins where both set a value.
      own.sort();
      out.push({
        key: `${dir}+${env}`,
        dir,
        env,
        files: own,
        owns: new Set(inChart.filter((f) => !envFiles.has(f) || own.includes(f))),
        chart: { path: dir, values: [...defaults, ...own], releaseName: 'karpenter-plan', namespace: 'default', env },
      });
    }
  }
  chartEnvs.set(tree, out);
  return out;
}

/**
 * The folder a run was narrowed to (`--path`, action input `path`) when it exists in none of the given revisions,
 * with the nearest folders of those revisions (by edit distance) — null when the path exists in one of them, or the
 * trees are not narrowed git revisions.
 */
export function missingPath(trees: readonly FileTree[]): { path: string; near: string[] } | null {
  const narrowed = trees.filter((t): t is GitTree => t instanceof GitTree && trimPath(t.subdir) !== '');
  if (narrowed.length !== trees.length || !narrowed.length) return null;
  if (narrowed.some((t) => t.list().length > 0)) return null;
  const path = trimPath(narrowed[0].subdir);
  const folders = new Set<string>();
  for (const t of narrowed)
    for (const f of new GitTree(t.repo, t.sha, '').list()) {
      const parts = f.split('/');
      for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
    }
  return { path, near: nearest(path, [...folders].sort()) };
}
