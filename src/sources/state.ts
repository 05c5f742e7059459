/**
 * A state: everything that decides Karpenter's behaviour, read from one revision (base or head).
 * Manifests (multi-document YAML, `List` unwrapped), Helm values adapters, rendered charts and
 * controller settings are classified, validated and turned into the model's plain objects.
 */
import picomatch from 'picomatch';
import type { Finding, SourceRef, Suppressions } from '../common/findings.js';
import { defaultSettings, type ControllerSettings } from '../api/settings.js';
import type { ModelInput } from '../provisioning/provisioner.js';
import { isObject } from '../common/fields.js';
import { assumption, type Assumption } from '../common/assumptions.js';
import type { PdbSpec } from '../api/pdb.js';
import { emptyStorage, type StorageObjects } from '../api/storage.js';
import { addResources, type ResourceList } from '../common/quantity.js';
import { CONFIG_FILE, type Config } from './config.js';
import { readControllerSettings, type ChartSettings } from './controller.js';
import { GitTree, type FileTree } from './tree.js';
import {
  filesOf,
  findKustomizations,
  kustomizationRoots,
  type Kustomization,
  type KustomizeRenderer,
} from './kustomize.js';
import {
  karpenterChartSettings,
  normalizeRepoURL,
  readApplication,
  sourcesOf,
  type ArgoApplication,
  type BaseSource,
  type ArgoContext,
} from './argocd.js';
import { expandApplicationSet } from './applicationset.js';
import { expansionWarnings } from './applicationset-warnings.js';
import { parseYamlDocuments, SharedYamlReads } from './yaml.js';
import { counter } from '../common/own.js';
import { markSkippedDocuments } from './skipped.js';
import { readTerraform } from './terraform-eval.js';
import {
  fluxChartSettings,
  fluxCharts,
  fluxInventory,
  fluxScope,
  fluxTargets,
  renderFlux,
  type FluxScope,
} from './flux.js';
import { carryConvertedKubelets, classify, type Found } from './state-classify.js';
import { renderKustomizations, type KustomizeJob } from './state-kustomizations.js';
import { readValuesAdapters, renderCharts } from './state-charts.js';
import type { Deadline } from '../common/deadline.js';

/** A state is the model's input (NodePools, classes, overlays, workloads, settings) plus where it came from. */
export interface State extends ModelInput {
  label: string;
  sha: string | null;
  committedAt: string | null;
  findings: Finding[];
  /** Manifest files read. */
  files: string[];
  /** Kinds present but not modelled, with counts (debug). */
  ignoredKinds: Record<string, number>;
  /** Notes for the report's assumptions (e.g. helm missing, fallback used). */
  notes: Assumption[];
  /** Files whose content was evaluated: read as manifests, or inputs of a rendered kustomization or chart. */
  evaluated: Set<string>;
  /** Renderers used (e.g. `kubectl kustomize overlays/prod`). */
  renderers: string[];
  /** Files of kustomizations that could not be rendered: a change to any of them was not evaluated. */
  unrendered: Set<string>;
  /**
   * Charts and kustomizations that could not be rendered (or whose renderer is missing): the finding that says so and
   * the files the rendering reads. The run judges it by those files: new whenever one of them changed
   * (run/execute.ts judgeRenderFailures).
   */
  renderFailures: RenderFailure[];
  /** Rules silenced per object by its `karpenter-plan.io/ignore` annotation. */
  ignoreAnnotations: Suppressions['annotations'];
  /** Caps this state reached (`caps.karpenterObjects`, …): the state is incomplete, so it is not modelled. */
  capped?: string[];
  /** Workloads that require a label of capacity outside Karpenter (managed node groups, Fargate): not modelled. */
  externalWorkloads: { kind: string; namespace: string; name: string; label: string }[];
  /** RuntimeClasses among the manifests: name → `overhead.podFixed`. */
  runtimeClasses: Map<string, ResourceList>;
  /** PodDisruptionBudgets among the manifests. */
  pdbs: PdbSpec[];
  /** PersistentVolumeClaims, PersistentVolumes and StorageClasses among the manifests. */
  storage: StorageObjects;
}

/** A chart or kustomization that could not be rendered in a state, and the files its rendering reads. */
export interface RenderFailure {
  finding: Finding;
  inputs: string[];
}

export interface LoadOptions {
  /** Cached answer to "is helm on PATH?" (asked once per run). */
  helm?: { available: boolean };
  /** Cached kustomize renderer (looked up once per run); null when neither kustomize nor kubectl is there. */
  kustomize?: { renderer: KustomizeRenderer | null };
  /**
   * The target to render: a kustomization folder ('' = the root folder) or an Argo CD Application's key
   * (`name@destination`). Undefined: every kustomization no other one uses and every Application. Null: none (the
   * state's plain manifests only).
   */
  target?: string | null;
  /**
   * Whether the loose plain manifests (those no kustomization, Application or Flux Kustomization renders) are read —
   * true unless said otherwise. A run of several targets reads them in its plain target only (sources/targets.ts
   * PLAIN_KEY), so that an object is counted once per cluster; the files of Applications are then read by the
   * inventory alone.
   */
  loose?: boolean;
  /** Keys of Applications without a Karpenter object rendered with the target (they deploy to its cluster). */
  joined?: readonly string[];
  /** Where the configuration names the target kustomization (a `clusters:` entry): a missing one is reported there. */
  kustomizationAt?: { file: string | null; line: number | null };
  /**
   * The trusted revision, when the state loaded is the head of a diff: its Applications tell which repoURLs are this
   * repository when `repoURLs` is not configured, and which sources moved to another repository (argoContext).
   */
  base?: FileTree | null;
  /** Renders started with these options (kustomize and helm, base and head): counted against caps.renders. */
  renders?: { count: number };
  /** The run's time budget (caps.runSeconds): past it, no render is started (common/deadline.ts). */
  deadline?: Deadline;
  /** Manifest files parsed for the other state of the diff: one of the same name and text is not parsed again. */
  yaml?: SharedYamlReads;
}

/** A state with nothing in it (the base of a single-state run, and the start of every loaded state). */
export function emptyState(
  from: { label: string; sha: string | null; committedAt: string | null },
  settings: ControllerSettings,
): State {
  return {
    ...from,
    nodePools: [],
    nodeClasses: [],
    overlays: [],
    workloads: [],
    daemonSets: [],
    settings,
    findings: [],
    files: [],
    ignoredKinds: counter(),
    notes: [],
    evaluated: new Set(),
    renderers: [],
    unrendered: new Set(),
    renderFailures: [],
    ignoreAnnotations: new Map(),
    externalWorkloads: [],
    runtimeClasses: new Map(),
    pdbs: [],
    storage: emptyStorage(),
  };
}

export function loadState(tree: FileTree, config: Config, opts: LoadOptions = {}): State {
  const state = emptyState({ label: tree.label, sha: tree.sha, committedAt: tree.committedAt }, defaultSettings());
  // Settings are read again below when an Argo CD Application of the karpenter chart adds its own; their findings
  // are kept from the last reading only.
  const settingsFindings: Finding[] = [];
  state.settings = readControllerSettings(tree, config, settingsFindings);
  if (config.controller.values) state.evaluated.add(config.controller.values);
  state.evaluated.add(CONFIG_FILE);

  const allFiles = tree.list();
  const kustomizations = findKustomizations(tree);
  // Argo CD Applications (written, or made by ApplicationSets) of the plain manifests; the files of their directory
  // sources are read by their Application only.
  const argo = takeArgoInventory(tree, config, opts, state);
  // Flux CD (flux.ts): Kustomizations render their folders (those files are theirs), HelmReleases give settings.
  const flux = fluxInventory(tree);
  const fluxIn = fluxScope(tree, opts.target);
  state.findings.push(...flux.findings);
  const loose = opts.loose !== false;
  const manifestFiles = loose
    ? plainManifestFiles(tree, config).filter((f) => !argo.owned.has(f) && !flux.owned.has(f))
    : [];
  // Not read as manifests here: the files of Applications were read by the inventory.
  if (!loose) for (const f of argo.appFiles) state.evaluated.add(f);
  if (tree instanceof GitTree) tree.readMany(manifestFiles);

  const seen = new Map<string, SourceRef>();
  const applications: Found[] = [];
  const counts = counter();
  const accept: Accept = (value, source) =>
    classify(state, value, source, seen, applications, { caps: config.caps, counts, vars: config.vars });
  const yaml = opts.yaml ?? new SharedYamlReads();
  const { targetApp, rendered } = renderedApplications(argo, opts);
  // Without the loose manifests, a rendered Application's own file is still an input of the target.
  if (!loose)
    for (const a of rendered)
      if (a.source.file && argo.appFiles.has(a.source.file) && !state.files.includes(a.source.file))
        state.files.push(a.source.file);
  readManifestFiles(tree, manifestFiles, state, accept, yaml);
  if (typeof opts.target === 'string' && !targetApp)
    checkTargetKustomization(tree, opts, opts.target, kustomizations, state);

  renderKustomizations(tree, config, opts, state, kustomizations, allFiles, accept, [
    ...kustomizeJobs(opts, targetApp !== undefined, kustomizations, argo, flux.renderedDirs),
    ...applicationJobs(rendered),
  ]);
  // Applications found in renderings (an app of apps rendered by kustomize) are rendered in the same state.
  const ctx = argoContext(tree, config, opts.base ?? null);
  const fromRenderings = readArgoObjects(applications, ctx, state.findings, config.caps.applications).applications;
  if (fromRenderings.some((a) => a.sources.some((s) => s.type === 'kustomize')))
    renderKustomizations(tree, config, opts, state, kustomizations, allFiles, accept, applicationJobs(fromRenderings));
  const renderedApps = [...rendered, ...fromRenderings];
  renderFlux(
    tree,
    fluxIn.all ? fluxTargets(tree) : fluxIn.kustomization ? [fluxIn.kustomization] : [],
    opts,
    config.renderTimeoutSeconds * 1000,
    { ...state, accept },
  );
  readChartSettings(tree, config, state, settingsFindings, {
    apps: [...argo.applications, ...fromRenderings],
    targetApp,
    fluxIn,
  });
  readDirectorySources(tree, renderedApps, state, accept, loose ? argo.appFiles : new Set(), yaml);

  // Helm charts rendered with the real helm (or the configured values adapter as a fallback):
  // the configured ones, then those of the Argo CD Applications rendered in this state.
  const charts = renderCharts(tree, config, opts, state, accept, allFiles, {
    applications: renderedApps.flatMap((a) => a.sources.flatMap((s) => (s.type === 'helm' ? [s.chart] : []))),
    inventory: argo.applications,
    flux: fluxCharts(tree, fluxIn),
  });
  config.workloads.forEach((w, i) => accept(...configWorkload(config, w, i)));
  readValuesAdapters(tree, config, state, accept, allFiles, charts);
  markSkippedDocuments(state);
  readTerraform(tree, { ...state, accept });
  carryConvertedKubelets(state);
  applyRuntimeClassOverhead(state);
  setAsideExternalWorkloads(state, config);
  return state;
}

/** Where the objects a state reads go: classified into it (state-classify.ts). */
type Accept = (value: Record<string, unknown>, source: SourceRef) => void;

/** The Argo CD inventory of the tree, its findings and the files it read or could not expand taken into the state. */
function takeArgoInventory(tree: FileTree, config: Config, opts: LoadOptions, state: State): ArgoInventory {
  const argo = argoInventory(tree, config, opts.base ?? null);
  state.findings.push(...argo.findings);
  for (const f of argo.read) state.evaluated.add(f);
  for (const f of argo.unexpanded) state.unrendered.add(f);
  if (argo.appFiles.size)
    state.notes.push(assumption('argo-repo-urls', { repoURLs: config.repoURLs, base: !!opts.base }));
  return argo;
}

/**
 * The Applications of the inventory rendered in this state: every one with no target; else the target Application
 * (an Application of the inventory whose key is the target) and those joined to it.
 */
function renderedApplications(
  argo: ArgoInventory,
  opts: LoadOptions,
): { targetApp: ArgoApplication | undefined; rendered: ArgoApplication[] } {
  const targetApp =
    typeof opts.target === 'string'
      ? argo.applications.find((a) => a.key === opts.target && a.sources.length)
      : undefined;
  const joined = argo.applications.filter((a) => a.sources.length && opts.joined?.includes(a.key));
  const rendered = opts.target === undefined ? argo.applications : [...(targetApp ? [targetApp] : []), ...joined];
  return { targetApp, rendered };
}

/** Files read as manifests; one that cannot be read is an error. */
function readManifestFiles(
  tree: FileTree,
  files: readonly string[],
  state: State,
  accept: Accept,
  yaml: SharedYamlReads,
): void {
  for (const file of files) {
    const text = tree.read(file);
    if (text === null) {
      state.findings.push({
        rule: 'unreadable-file',
        severity: 'error',
        file,
        line: null,
        object: null,
        message: `${file} could not be read`,
      });
      continue;
    }
    readManifest(file, text, state, accept, yaml);
  }
}

function readManifest(file: string, text: string, state: State, accept: Accept, yaml: SharedYamlReads): void {
  state.files.push(file);
  state.evaluated.add(file);
  for (const doc of yaml.parse(file, text, state.findings)) accept(doc.value, doc.source);
}

/** A target kustomization the configuration names (a `clusters:` entry) that is not a kustomization folder is reported there. */
function checkTargetKustomization(
  tree: FileTree,
  opts: LoadOptions,
  target: string,
  kustomizations: readonly Kustomization[],
  state: State,
): void {
  if (!opts.kustomizationAt || kustomizations.some((k) => k.dir === target)) return;
  state.findings.push({
    rule: 'invalid-config',
    severity: 'error',
    file: opts.kustomizationAt.file,
    line: opts.kustomizationAt.line,
    object: null,
    message: `kustomization ${target || '.'} is not a folder holding a kustomization in ${tree.label}; nothing is rendered for it`,
  });
}

/**
 * Kustomizations: the target's, or every one no other kustomization or Application uses (an Application renders its
 * own, with its edits), nor a Flux Kustomization.
 */
function kustomizeJobs(
  opts: LoadOptions,
  targetIsApplication: boolean,
  kustomizations: Kustomization[],
  argo: ArgoInventory,
  fluxRendered: ReadonlySet<string>,
): KustomizeJob[] {
  if (opts.target === null || targetIsApplication) return [];
  if (opts.target !== undefined) return [{ dir: opts.target, edit: null }];
  const appKustomizations = new Set(
    argo.applications.flatMap((a) => [
      ...a.sources.flatMap((s) => (s.type === 'kustomize' ? [s.dir] : [])),
      ...a.refusedKustomizations,
    ]),
  );
  return kustomizationRoots(kustomizations)
    .filter((k) => !appKustomizations.has(k.dir) && !fluxRendered.has(k.dir))
    .map((k) => ({ dir: k.dir, edit: null }));
}

/** The kustomize sources of Applications, each rendered with the Application's edits. */
function applicationJobs(apps: ArgoApplication[]): KustomizeJob[] {
  return apps.flatMap((a) =>
    a.sources.flatMap((s) =>
      s.type === 'kustomize'
        ? [{ dir: s.dir, edit: s.edit, owner: `Application ${a.name}`, ...(s.labelAt ? { labelAt: s.labelAt } : {}) }]
        : [],
    ),
  );
}

/**
 * An Application of the karpenter controller chart sets the controller settings of its cluster (of the target
 * Application's destination, when the target is an Application), and so does a Flux HelmRelease of it; the settings
 * are then read again with them, and the findings of the last reading kept (first in the state's findings).
 */
function readChartSettings(
  tree: FileTree,
  config: Config,
  state: State,
  settingsFindings: Finding[],
  from: { apps: ArgoApplication[]; targetApp: ArgoApplication | undefined; fluxIn: FluxScope },
): void {
  const chartSettings: ChartSettings[] = [];
  for (const a of from.apps) {
    if (from.targetApp && a.destination !== from.targetApp.destination) continue;
    const found = karpenterChartSettings(a.value, a.source);
    if (found) chartSettings.push({ ...found, file: a.source.file });
  }
  chartSettings.push(...fluxChartSettings(tree, from.fluxIn, state.evaluated));
  let findings = settingsFindings;
  if (chartSettings.length) {
    findings = [];
    state.settings = readControllerSettings(tree, config, findings, chartSettings);
  }
  state.findings.unshift(...findings);
}

/**
 * Directory sources of the rendered Applications: their files, read as manifests (but those read with the plain
 * manifests: `readAlready`).
 */
function readDirectorySources(
  tree: FileTree,
  apps: readonly ArgoApplication[],
  state: State,
  accept: Accept,
  readAlready: ReadonlySet<string>,
  yaml: SharedYamlReads,
): void {
  for (const a of apps)
    for (const src of a.sources) {
      if (src.type !== 'directory') continue;
      // What the Application leaves out of its folder is not deployed: nothing in it to evaluate.
      for (const f of src.ignored) state.evaluated.add(f);
      if (tree instanceof GitTree) tree.readMany(src.files);
      for (const file of src.files) {
        if (readAlready.has(file)) continue; // read with the plain manifests
        const text = tree.read(file);
        if (text !== null) readManifest(file, text, state, accept, yaml);
      }
    }
}

/** An extra workload of the config, in a compact Deployment-like form, as a Deployment and where the config has it. */
function configWorkload(
  config: Config,
  w: Config['workloads'][number],
  i: number,
): [Record<string, unknown>, SourceRef] {
  const name = String(w.name);
  const podSpec: Record<string, unknown> = {
    containers: [{ name: 'main', resources: { requests: isObject(w.requests) ? w.requests : {} } }],
    ...(isObject(w.nodeSelector) ? { nodeSelector: w.nodeSelector } : {}),
    ...(Array.isArray(w.tolerations) ? { tolerations: w.tolerations } : {}),
    ...(isObject(w.affinity) ? { affinity: w.affinity } : {}),
  };
  const value = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: typeof w.namespace === 'string' ? w.namespace : 'default' },
    spec: { replicas: typeof w.replicas === 'number' ? w.replicas : 1, template: { spec: podSpec } },
  };
  const source: SourceRef = {
    file: config.file,
    line: config.locate?.(['workloads', i])?.line ?? null,
    locate: () => config.locate?.(['workloads', i]) ?? null,
  };
  return [value, source];
}

/**
 * The RuntimeClass admission plugin sets a pod's `spec.overhead` from its RuntimeClass's `overhead.podFixed` when the
 * pod is created; Karpenter then counts it (karpenter pkg/utils/resources/resources.go Ceiling adds spec.overhead;
 * scheduling/suite_test.go "should take pod runtime class into consideration"). Pods that declare their own overhead
 * keep it.
 */
function applyRuntimeClassOverhead(state: State): void {
  if (!state.runtimeClasses.size) return;
  for (const w of [...state.workloads, ...state.daemonSets]) {
    const rc = w.pod.runtimeClassName;
    if (!rc || w.pod.overheadDeclared) continue;
    const fixed = state.runtimeClasses.get(rc);
    if (fixed) w.pod.requests = addResources(w.pod.requests, fixed);
  }
}

/**
 * The files read as plain manifests: those the manifest globs match, but the config's own files, values adapters,
 * chart folders and files of kustomizations (a patch is a partial object, a template is not YAML).
 */
export function plainManifestFiles(tree: FileTree, config: Config): string[] {
  const special = new Set<string>([CONFIG_FILE]);
  for (const a of config.values) a.files.forEach((f) => special.add(f));
  if (config.controller.values) special.add(config.controller.values);
  for (const c of config.charts) c.values.forEach((f) => special.add(f));
  const allFiles = tree.list();
  // Files the clusters with inputs of their own read are their targets', not everyone's.
  const claimed = new Set<string>();
  const clusterCharts: string[] = [];
  for (const c of config.clusters) {
    const inputs = c.inputs;
    if (!inputs) continue;
    for (const a of inputs.values) a.files.forEach((f) => special.add(f));
    if (inputs.controller?.values) special.add(inputs.controller.values);
    for (const ch of inputs.charts) {
      ch.values.forEach((f) => special.add(f));
      clusterCharts.push(ch.path.replace(/\/$/, '') + '/');
    }
    if (inputs.manifests.length) {
      const own = picomatch(inputs.manifests, { dot: false });
      for (const f of allFiles) if (own(f)) claimed.add(f);
    }
  }
  const chartPrefixes = [
    ...clusterCharts,
    ...config.charts.map((c) => c.path.replace(/\/$/, '') + '/'),
    ...allFiles
      .filter((f) => f === 'Chart.yaml' || f.endsWith('/Chart.yaml'))
      .map((f) => f.slice(0, -'Chart.yaml'.length)),
  ];
  const include = picomatch(config.manifests, { dot: false });
  const exclude = config.exclude.length ? picomatch(config.exclude, { dot: true }) : () => false;
  const kustomized = filesOf(findKustomizations(tree), allFiles);
  return allFiles.filter(
    (f) =>
      include(f) &&
      !exclude(f) &&
      !special.has(f) &&
      !claimed.has(f) &&
      !kustomized.has(f) &&
      !chartPrefixes.some((p) => f.startsWith(p)),
  );
}

/** The Argo CD Applications of a state's plain manifests, ApplicationSets expanded. */
export interface ArgoInventory {
  applications: ArgoApplication[];
  findings: Finding[];
  /** Files the ApplicationSets' git generators read. */
  read: string[];
  /** Files of ApplicationSets that could not be expanded in full: a change to them was not evaluated. */
  unexpanded: Set<string>;
  /** Files holding Applications or ApplicationSets. */
  appFiles: Set<string>;
  /**
   * Files under the Applications' directory sources: read by their Application (or, when it does not read them, by no
   * one: Argo CD does not deploy them), never as plain manifests.
   */
  owned: Set<string>;
}

const inventories = new WeakMap<FileTree, Map<string, ArgoInventory>>();

/** The Argo CD inventory of a tree (read once per tree and configuration: targets and states share it). */
export function argoInventory(tree: FileTree, config: Config, base: FileTree | null = null): ArgoInventory {
  const key = JSON.stringify([
    base ? treeId(base) : null,
    config.manifests,
    config.exclude,
    config.values.map((v) => v.files),
    config.charts.map((c) => [c.path, c.values]),
    config.controller.values,
    config.clusters,
    config.repoURLs,
  ]);
  let byConfig = inventories.get(tree);
  if (!byConfig) inventories.set(tree, (byConfig = new Map()));
  let inv = byConfig.get(key);
  if (!inv) byConfig.set(key, (inv = readInventory(tree, config, base)));
  return inv;
}

const treeIds = new WeakMap<FileTree, number>();
let lastTreeId = 0;
/** A number of a tree's own, for cache keys. */
function treeId(tree: FileTree): number {
  let id = treeIds.get(tree);
  if (id === undefined) treeIds.set(tree, (id = ++lastTreeId));
  return id;
}

const ARGO_KIND = /kind["']?\s*:\s*["']?(Application|ApplicationSet)\b/;

function readInventory(tree: FileTree, config: Config, base: FileTree | null): ArgoInventory {
  const files = plainManifestFiles(tree, config);
  if (tree instanceof GitTree) tree.readMany(files);
  const found: Found[] = [];
  const appFiles = new Set<string>();
  for (const file of files) {
    const text = tree.read(file);
    if (text === null || !ARGO_KIND.test(text)) continue;
    // Parse findings are reported when the file is read as a manifest.
    for (const doc of parseYamlDocuments(file, text, [])) {
      const v = doc.value;
      if (typeof v.apiVersion !== 'string' || !v.apiVersion.startsWith('argoproj.io/')) continue;
      if (v.kind !== 'Application' && v.kind !== 'ApplicationSet') continue;
      found.push({ value: v, source: doc.source });
      appFiles.add(file);
    }
  }
  const findings: Finding[] = [];
  const r = readArgoObjects(found, argoContext(tree, config, base), findings, config.caps.applications);
  const owned = new Set<string>();
  for (const a of r.applications)
    for (const s of a.sources)
      if (s.type === 'directory') for (const f of [...s.files, ...s.ignored]) if (!appFiles.has(f)) owned.add(f);
  return { ...r, findings, appFiles, owned };
}

/**
 * What Argo CD code needs of a state: its files, the config's clusters and which repoURLs are this repository — those
 * `repoURLs` names; when it names none, those the trusted revision's (base's) Applications render paths or `ref:`
 * sources from (every repoURL when base has no Application, or for base itself, which is trusted).
 */
export function argoContext(tree: FileTree, config: Config, base: FileTree | null = null): ArgoContext {
  const mine = new Set(config.repoURLs.map(normalizeRepoURL));
  const baseSources = new Map<string, BaseSource[]>();
  const known = new Set<string>();
  if (base)
    for (const a of argoInventory(base, config).applications) {
      baseSources.set(a.key, sourcesOf(a.value));
      const spec = isObject(a.value.spec) ? a.value.spec : {};
      for (const src of Array.isArray(spec.sources) ? spec.sources : [spec.source])
        if (isObject(src) && (typeof src.path === 'string' || typeof src.ref === 'string'))
          known.add(normalizeRepoURL(typeof src.repoURL === 'string' ? src.repoURL : ''));
    }
  return {
    files: tree.list(),
    read: (f) => tree.read(f),
    clusters: config.clusters,
    isThisRepository: (url) =>
      mine.size ? mine.has(normalizeRepoURL(url)) : known.size === 0 || known.has(normalizeRepoURL(url)),
    kustomizations: findKustomizations(tree),
    ...(base ? { baseSources } : {}),
    repoURLsConfigured: mine.size > 0,
  };
}

/** Applications and ApplicationSets (expanded) read as Argo CD Applications; a second one of the same key is dropped. */
function readArgoObjects(
  found: readonly Found[],
  ctx: ArgoContext,
  findings: Finding[],
  cap: number,
): { applications: ArgoApplication[]; read: string[]; unexpanded: Set<string> } {
  const applications: ArgoApplication[] = [];
  const read: string[] = [];
  const unexpanded = new Set<string>();
  let capped = false;
  const add = (value: Record<string, unknown>, source: SourceRef, appSet: string | null): void => {
    // caps.applications, checked before an Application is read: past it, one error and the rest not read.
    if (applications.length >= cap) {
      if (!capped)
        findings.push({
          rule: 'input-capped',
          severity: 'error',
          file: source.file,
          line: source.line ?? 1,
          object: null,
          message: `more than ${cap} Argo CD Applications (ApplicationSets expanded) in this state: the rest are not read (caps.applications)`,
        });
      capped = true;
      if (source.file) unexpanded.add(source.file);
      return;
    }
    const app = readApplication(value, source, appSet, ctx, findings);
    // A change to the file of an Application (or ApplicationSet) with a source not evaluated is not evaluated either.
    if (app.unevaluated && source.file) unexpanded.add(source.file);
    const prev = applications.find((a) => a.key === app.key);
    if (prev) {
      findings.push({
        rule: 'duplicate-name',
        severity: 'error',
        file: source.file,
        line: source.line,
        object: `Application/${app.name}`,
        message: `Application ${app.name} for ${app.destination} is defined twice (first at ${prev.source.file}:${prev.source.line}); the second is ignored`,
      });
      return;
    }
    applications.push(app);
  };
  for (const f of found) {
    if (f.value.kind === 'Application') {
      add(f.value, f.source, null);
      continue;
    }
    const x = expandApplicationSet(f.value, f.source, ctx, findings);
    findings.push(...expansionWarnings(f.value, f.source, x, ctx));
    read.push(...x.read);
    if (!x.complete && f.source.file) unexpanded.add(f.source.file);
    for (const g of x.applications) add(g.value, g.source, g.appSet);
  }
  return { applications, read, unexpanded };
}

/** Label keys of capacity Karpenter does not manage, always known: EKS managed node groups and Fargate. */
export const EKS_EXTERNAL_LABELS = ['eks.amazonaws.com/nodegroup', 'eks.amazonaws.com/compute-type'];

/**
 * Workloads that require (nodeSelector, or every required node-affinity term) a label of capacity outside Karpenter
 * are placed there, not by Karpenter: they are listed and left out of the model and the rules.
 */
function setAsideExternalWorkloads(state: State, config: Config): void {
  const external = new Set([...EKS_EXTERNAL_LABELS, ...config.externalLabels]);
  state.workloads = state.workloads.filter((w) => {
    const bySelector = Object.keys(w.pod.nodeSelector).find((k) => external.has(k));
    const terms = w.pod.requiredTerms;
    const byAffinity =
      terms.length > 0 &&
      terms.every((t) => t.some((r) => external.has(r.key) && ['In', 'Exists'].includes(r.operator)))
        ? terms[0].find((r) => external.has(r.key))?.key
        : undefined;
    const label = bySelector ?? byAffinity;
    if (!label) return true;
    state.externalWorkloads.push({ kind: w.kind, namespace: w.namespace, name: w.name, label });
    return false;
  });
}
