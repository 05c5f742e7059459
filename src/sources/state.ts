/**
 * A state: everything that decides Karpenter's behaviour, read from one revision (base or head).
 * Manifests (multi-document YAML, `List` unwrapped), Helm values adapters, rendered charts and
 * controller settings are classified, validated and turned into the model's plain objects.
 */
import { timeIsUp, outOfTimeFinding, type Deadline } from '../common/deadline.js';
import picomatch from 'picomatch';
import { checkObjectMeta } from '../api/validation.js';
import { convertEC2NodeClass, convertNodePool, V1BETA1, withKubelet } from '../api/conversion.js';
import {
  IGNORE_ANNOTATION,
  parseIgnoreAnnotation,
  type Finding,
  type Position,
  type SourceRef,
  type Suppressions,
} from '../common/findings.js';
import { EC2NODECLASS_API_VERSION, parseEC2NodeClass } from '../api/ec2nodeclass.js';
import { NODEOVERLAY_API_VERSION, parseNodeOverlay } from '../api/nodeoverlay.js';
import { NODEPOOL_API_VERSION, parseNodePool } from '../api/nodepool.js';
import { defaultSettings, type ControllerSettings } from '../api/settings.js';
import type { ModelInput } from '../provisioning/provisioner.js';
import { isObject } from '../common/fields.js';
import { addAssumptions, assumption, type Assumption } from '../common/assumptions.js';
import { parsePdb, type PdbSpec } from '../api/pdb.js';
import {
  emptyStorage,
  type StorageObjects,
  parsePersistentVolume,
  parsePersistentVolumeClaim,
  parseStorageClass,
} from '../api/storage.js';
import { addResources, parseResourceList, type ResourceList } from '../common/quantity.js';
import { parseWorkload, WORKLOAD_KINDS, type WorkloadKind } from '../api/workload.js';
import { CONFIG_FILE, type Caps, type ChartSource, type Config } from './config.js';
import { readControllerSettings, type ChartSettings } from './controller.js';
import {
  chartInputs,
  chartPrefix,
  findCharts,
  helmAvailable,
  renderChart,
  valuesEnvironment,
  type FoundChart,
} from './helm.js';
import { GitTree, type FileTree } from './tree.js';
import {
  Checkout,
  closure,
  filesOf,
  findKustomizations,
  findKustomizeRenderer,
  kustomizationRoots,
  renderKustomization,
  type Kustomization,
  type KustomizeRenderer,
} from './kustomize.js';
import { readValuesAdapter, templateMayDefault } from './values.js';
import {
  karpenterChartSettings,
  normalizeRepoURL,
  readApplication,
  sourcesOf,
  type ArgoApplication,
  type BaseSource,
  type ArgoContext,
} from './argocd.js';
import type { KustomizationEdit } from './argocd-kustomize.js';
import { expandApplicationSet } from './applicationset.js';
import { expansionWarnings } from './applicationset-warnings.js';
import { OriginIndex, recordOrigins } from './kustomize-origin.js';
import { isRenderedSource } from '../common/findings.js';
import { parseYamlDocuments } from './yaml.js';
import { counter, own } from '../common/own.js';
import { markSkippedDocuments } from './skipped.js';
import { readTerraform } from './terraform-eval.js';
import { applyVars, unresolvedPlaceholders } from './placeholders.js';
import { fluxChartSettings, fluxCharts, fluxInventory, fluxScope, fluxTargets, renderFlux } from './flux.js';

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

const EXPECTED_API: Record<string, string> = {
  NodePool: NODEPOOL_API_VERSION,
  NodeOverlay: NODEOVERLAY_API_VERSION,
  EC2NodeClass: EC2NODECLASS_API_VERSION,
};

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
}

/**
 * Whether one more render fits under caps.renders and the run's time budget (checked before the render); past
 * either, an `input-capped` error on `file` and the render is not run (its files are not evaluated). Out of time, the
 * state is incomplete and not modelled (`capped`).
 */
function renderAllowed(opts: LoadOptions, config: Config, state: State, file: string | null, what: string): boolean {
  if (opts.deadline && timeIsUp(opts.deadline)) {
    if (!(state.capped ??= []).includes('runSeconds')) state.capped.push('runSeconds');
    state.findings.push(outOfTimeFinding(opts.deadline, `${what} was not rendered`, file));
    return false;
  }
  opts.renders ??= { count: 0 };
  if (opts.renders.count < config.caps.renders) {
    opts.renders.count++;
    return true;
  }
  state.findings.push({
    rule: 'input-capped',
    severity: 'error',
    file,
    line: file ? 1 : null,
    object: null,
    message: `${what} was not rendered: this run already started ${config.caps.renders} renders (caps.renders)`,
  });
  return false;
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
  let settingsFindings: Finding[] = [];
  state.settings = readControllerSettings(tree, config, settingsFindings);
  if (config.controller.values) state.evaluated.add(config.controller.values);
  state.evaluated.add(CONFIG_FILE);

  const allFiles = tree.list();
  const kustomizations = findKustomizations(tree);
  // Argo CD Applications (written, or made by ApplicationSets) of the plain manifests; the files of their directory
  // sources are read by their Application only.
  const argo = argoInventory(tree, config, opts.base ?? null);
  state.findings.push(...argo.findings);
  for (const f of argo.read) state.evaluated.add(f);
  for (const f of argo.unexpanded) state.unrendered.add(f);
  if (argo.appFiles.size)
    state.notes.push(assumption('argo-repo-urls', { repoURLs: config.repoURLs, base: !!opts.base }));
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
  const accept = (value: Record<string, unknown>, source: SourceRef): void =>
    classify(state, value, source, seen, applications, { caps: config.caps, counts, vars: config.vars });
  // The target: an Application of the inventory, else a kustomization folder (or every one, or none).
  const targetApp =
    typeof opts.target === 'string'
      ? argo.applications.find((a) => a.key === opts.target && a.sources.length)
      : undefined;
  const appKustomizations = new Set(
    argo.applications.flatMap((a) => [
      ...a.sources.flatMap((s) => (s.type === 'kustomize' ? [s.dir] : [])),
      ...a.refusedKustomizations,
    ]),
  );
  const joined = argo.applications.filter((a) => a.sources.length && opts.joined?.includes(a.key));
  const rendered: ArgoApplication[] =
    opts.target === undefined ? argo.applications : [...(targetApp ? [targetApp] : []), ...joined];
  // Without the loose manifests, a rendered Application's own file is still an input of the target.
  if (!loose)
    for (const a of rendered)
      if (a.source.file && argo.appFiles.has(a.source.file) && !state.files.includes(a.source.file))
        state.files.push(a.source.file);

  for (const file of manifestFiles) {
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
    state.files.push(file);
    state.evaluated.add(file);
    for (const doc of parseYamlDocuments(file, text, state.findings)) accept(doc.value, doc.source);
  }

  if (
    opts.kustomizationAt &&
    typeof opts.target === 'string' &&
    !targetApp &&
    !kustomizations.some((k) => k.dir === opts.target)
  )
    state.findings.push({
      rule: 'invalid-config',
      severity: 'error',
      file: opts.kustomizationAt.file,
      line: opts.kustomizationAt.line,
      object: null,
      message: `kustomization ${opts.target || '.'} is not a folder holding a kustomization in ${tree.label}; nothing is rendered for it`,
    });

  // Kustomizations: the target's, or every one no other kustomization or Application uses (an Application renders
  // its own, with its edits).
  const kustomizeJobs: KustomizeJob[] =
    opts.target === null || targetApp
      ? []
      : opts.target === undefined
        ? kustomizationRoots(kustomizations)
            .filter((k) => !appKustomizations.has(k.dir) && !flux.renderedDirs.has(k.dir))
            .map((k) => ({ dir: k.dir, edit: null }))
        : [{ dir: opts.target, edit: null }];
  const appJobs = (apps: ArgoApplication[]): KustomizeJob[] =>
    apps.flatMap((a) =>
      a.sources.flatMap((s) =>
        s.type === 'kustomize'
          ? [{ dir: s.dir, edit: s.edit, owner: `Application ${a.name}`, ...(s.labelAt ? { labelAt: s.labelAt } : {}) }]
          : [],
      ),
    );
  renderKustomizations(tree, config, opts, state, kustomizations, allFiles, accept, [
    ...kustomizeJobs,
    ...appJobs(rendered),
  ]);
  // Applications found in renderings (an app of apps rendered by kustomize) are rendered in the same state.
  const ctx = argoContext(tree, config, opts.base ?? null);
  const fromRenderings = readArgoObjects(applications, ctx, state.findings, config.caps.applications).applications;
  if (fromRenderings.some((a) => a.sources.some((s) => s.type === 'kustomize')))
    renderKustomizations(tree, config, opts, state, kustomizations, allFiles, accept, appJobs(fromRenderings));
  const renderedApps = [...rendered, ...fromRenderings];
  renderFlux(
    tree,
    fluxIn.all ? fluxTargets(tree) : fluxIn.kustomization ? [fluxIn.kustomization] : [],
    opts,
    config.renderTimeoutSeconds * 1000,
    { ...state, accept },
  );

  // An Application of the karpenter controller chart sets the controller settings of its cluster (of the target
  // Application's destination, when the target is an Application).
  const chartSettings: ChartSettings[] = [];
  for (const a of [...argo.applications, ...fromRenderings]) {
    if (targetApp && a.destination !== targetApp.destination) continue;
    const found = karpenterChartSettings(a.value, a.source);
    if (found) chartSettings.push({ ...found, file: a.source.file });
  }
  chartSettings.push(...fluxChartSettings(tree, fluxIn, state.evaluated));
  if (chartSettings.length) {
    settingsFindings = [];
    state.settings = readControllerSettings(tree, config, settingsFindings, chartSettings);
  }
  state.findings.unshift(...settingsFindings);

  // Directory sources of the rendered Applications: their files, read as manifests.
  for (const a of renderedApps)
    for (const src of a.sources) {
      if (src.type !== 'directory') continue;
      // What the Application leaves out of its folder is not deployed: nothing in it to evaluate.
      for (const f of src.ignored) state.evaluated.add(f);
      if (tree instanceof GitTree) tree.readMany(src.files);
      for (const file of src.files) {
        if (loose && argo.appFiles.has(file)) continue; // read with the plain manifests
        const text = tree.read(file);
        if (text === null) continue;
        state.files.push(file);
        state.evaluated.add(file);
        for (const doc of parseYamlDocuments(file, text, state.findings)) accept(doc.value, doc.source);
      }
    }

  // Helm charts rendered with the real helm (or the configured values adapter as a fallback):
  // the configured ones, then those of the Argo CD Applications rendered in this state.
  const fileSet = new Set(allFiles);
  const appCharts = renderedApps.flatMap((a) => a.sources.flatMap((s) => (s.type === 'helm' ? [s.chart] : [])));
  // A values adapter over the values files of a chart of this state stands in for the chart only when helm is missing:
  // with helm, the chart itself is rendered with those files.
  const adapterCharts = new Map<number, ChartSource>();
  const claimed = new Set<string>();
  config.values.forEach((adapter, i) => {
    if (config.charts.some((c) => c.fallbackValues === i)) return;
    const chart = chartHolding(tree, adapter.files);
    if (!chart) return;
    claimed.add(chart.dir);
    if (!opts.helm) opts.helm = { available: helmAvailable(config.helm.binary) };
    if (opts.helm.available)
      adapterCharts.set(i, {
        path: chart.dir || '.',
        values: adapter.files,
        releaseName: 'karpenter-plan',
        namespace: 'default',
      });
  });
  const fluxCharted = fluxCharts(tree, fluxIn);
  const found = looseCharts(tree, config, argo.applications, fluxCharted).filter((c) => !claimed.has(c.dir));
  for (const c of found)
    if (c.envValues.length) {
      // Environments of a chart at the root are not targets (their key would have no folder): read with values.yaml.
      for (const f of c.envValues) state.unrendered.add(f);
      state.notes.push(assumption('chart-root-environments', { files: c.envValues }));
    }
  const usedFallback = new Set<number>();
  const failed = (finding: Finding, chart: ChartSource): void => {
    state.findings.push(finding);
    state.renderFailures.push({ finding, inputs: chartReads(allFiles, chart) });
  };
  const discovered: ChartSource[] = found.map((c) => ({
    path: c.dir || '.',
    values: [],
    releaseName: 'karpenter-plan',
    namespace: 'default',
    discovered: true,
  }));
  for (const chart of [...config.charts, ...appCharts, ...fluxCharted, ...adapterCharts.values(), ...discovered]) {
    if (!opts.helm) opts.helm = { available: helmAvailable(config.helm.binary) };
    if (!opts.helm.available && (chart.env !== undefined || chart.discovered)) {
      // A chart found without configuration: not evaluated, and a change to any of its files is not either.
      const prefix = chartPrefix(chart.path);
      for (const f of allFiles) if (f.startsWith(prefix)) state.unrendered.add(f);
      failed(
        {
          rule: 'input-not-evaluated',
          severity: 'error',
          file: `${prefix}Chart.yaml`,
          line: null,
          object: null,
          message: `chart ${chart.path}${chart.values.length ? ` with ${chart.values.join(', ')}` : ''} was not evaluated: helm is not installed or not on PATH (${config.helm.binary})`,
        },
        chart,
      );
      continue;
    }
    if (!opts.helm.available) {
      const fb = chart.fallbackValues;
      state.notes.push(
        assumption('helm-unavailable', {
          binary: config.helm.binary,
          chart: chart.path,
          adapter: fb !== undefined && config.values[fb] ? fb : null,
        }),
      );
      failed(
        {
          rule: 'helm-unavailable',
          severity: fb !== undefined ? 'warning' : 'error',
          file: chart.path,
          line: null,
          object: null,
          message:
            `helm is not installed or not on PATH, so chart ${chart.path} could not be rendered` +
            (fb !== undefined
              ? '; the values adapter is used as a fallback'
              : '; its NodePools are missing from the plan'),
        },
        chart,
      );
      if (fb !== undefined) usedFallback.add(fb);
      continue;
    }
    if (!renderAllowed(opts, config, state, `${chart.path.replace(/\/$/, '')}/Chart.yaml`, `chart ${chart.path}`)) {
      const prefix = chart.path.replace(/\/$/, '') + '/';
      for (const f of allFiles) if (f.startsWith(prefix)) state.unrendered.add(f);
      continue;
    }
    const r = renderChart(tree, chart, config.helm.binary, config.renderTimeoutSeconds * 1000);
    if (!r.ok) {
      failed(
        {
          rule: r.refused ? 'input-not-evaluated' : 'helm-template-failed',
          severity: 'error',
          file: r.refused?.file ?? (chart.discovered ? `${chartPrefix(chart.path)}Chart.yaml` : chart.path),
          line: r.refused?.line ?? null,
          object: null,
          message: r.message,
        },
        chart,
      );
      continue;
    }
    const file = `helm:${chart.path}`;
    state.renderers.push(`helm template ${chart.path}`);
    for (const f of chartReads(allFiles, chart)) state.evaluated.add(f);
    // Output that is not YAML is a rendering that failed, judged by its inputs as the others are.
    const before = state.findings.length;
    const docs = parseYamlDocuments(file, r.output, state.findings);
    for (const finding of state.findings.slice(before))
      if (finding.severity === 'error') state.renderFailures.push({ finding, inputs: chartReads(allFiles, chart) });
    for (const doc of docs) accept(doc.value, doc.source);
  }

  // Extra workloads from the config, in a compact Deployment-like form.
  config.workloads.forEach((w, i) => {
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
    accept(value, source);
  });

  config.values.forEach((adapter, i) => {
    const isFallback = config.charts.some((c) => c.fallbackValues === i);
    if (isFallback && !usedFallback.has(i)) return;
    if (adapterCharts.has(i)) return; // its chart is rendered instead
    for (const f of adapter.files) if (fileSet.has(f)) state.evaluated.add(f);
    const namedAt = (j: number) => ({
      file: config.file,
      line: config.locate?.(['values', i, 'files', j])?.line ?? null,
    });
    for (const obj of readValuesAdapter(tree, adapter, state.findings, namedAt)) {
      // What the chart's template may default is not the adapter's to report: one info per object says so.
      const before = state.findings.length;
      accept(obj.value, obj.source);
      const defaulted = state.findings
        .slice(before)
        .filter((f) => f.severity !== 'info' && f.path !== undefined && templateMayDefault(obj.value, f));
      if (!defaulted.length) continue;
      const gone = new Set(defaulted);
      state.findings.splice(
        before,
        state.findings.length - before,
        ...state.findings.slice(before).filter((f) => !gone.has(f)),
      );
      const meta = isObject(obj.value.metadata) ? obj.value.metadata : {};
      const name = `${String(obj.value.kind)}/${String(meta.name)}`;
      state.findings.push({
        rule: 'chart-defaults-not-applied',
        severity: 'info',
        file: obj.source.file,
        line: obj.source.line,
        object: name,
        message: `${name} is read from values by values adapter #${i}, without the chart's templates, so what they may default or leave out could not be applied; not reported: ${defaulted
          .map((f) => f.message)
          .slice(0, 6)
          .join(
            '; ',
          )}${defaulted.length > 6 ? ` and ${defaulted.length - 6} more` : ''}. Render the chart with helm to check them.`,
      });
    }
  });
  markSkippedDocuments(state);
  readTerraform(tree, { ...state, accept });
  carryConvertedKubelets(state);
  applyRuntimeClassOverhead(state);
  setAsideExternalWorkloads(state, config);
  return state;
}

/**
 * Charts found without configuration that the state renders as it reads plain manifests: a folder with a `Chart.yaml`
 * (the repository root included) whose templates or values can produce Karpenter objects, that the manifests globs
 * reach, and that nothing else renders — not `charts:` (of the run or of a cluster), not an Argo CD Application, not a
 * kustomization (a chart in its `charts/`), and not its environments (a chart folder with `values-<env>.yaml` is
 * planned per environment: sources/targets.ts).
 */
function looseCharts(
  tree: FileTree,
  config: Config,
  apps: readonly ArgoApplication[],
  flux: readonly ChartSource[],
): FoundChart[] {
  const rendered = new Set(
    [
      ...config.charts.map((c) => c.path),
      ...flux.map((c) => c.path),
      ...config.clusters.flatMap((c) => (c.inputs ? c.inputs.charts.map((ch) => ch.path) : [])),
      ...apps.flatMap((a) => [
        ...a.sources.flatMap((s) => (s.type === 'helm' ? [s.chart.path] : [])),
        ...a.refusedCharts,
      ]),
    ].map((p) => chartPrefix(p)),
  );
  const include = picomatch(config.manifests, { dot: false });
  const exclude = config.exclude.length ? picomatch(config.exclude, { dot: true }) : () => false;
  // A chart in a kustomization's `charts/` (kustomize's default chart home for `helmCharts`) is that kustomization's.
  const chartHomes = findKustomizations(tree).map((k) => `${k.dir ? `${k.dir}/` : ''}charts/`);
  return findCharts(tree).filter((c) => {
    const prefix = c.dir ? `${c.dir}/` : '';
    const chartFile = `${prefix}Chart.yaml`;
    return (
      c.karpenter &&
      !rendered.has(prefix) &&
      !chartHomes.some((h) => prefix.startsWith(h)) &&
      (c.dir === '' || !c.envValues.length) &&
      include(chartFile) &&
      !exclude(chartFile)
    );
  });
}

/**
 * The files a chart's rendering reads: its folder and values files, but the values files of its environments when it is
 * rendered for another one or for none (those are their targets' inputs).
 */
function chartReads(allFiles: readonly string[], chart: ChartSource): string[] {
  const prefix = chartPrefix(chart.path);
  const envs = chart.env !== undefined || chart.discovered;
  return chartInputs(allFiles, chart).filter(
    (f) => chart.values.includes(f) || !envs || valuesEnvironment(f) === null || f.slice(prefix.length).includes('/'),
  );
}

/** The chart (with Karpenter templates) whose folder holds every one of the files, if any. */
function chartHolding(tree: FileTree, files: readonly string[]): FoundChart | undefined {
  if (!files.length) return undefined;
  return findCharts(tree).find(
    (c) => c.karpenter && files.every((f) => f.startsWith(c.dir ? `${c.dir}/` : '')) && c.files.length > 0,
  );
}

/** Kubelet settings of converted v1beta1 NodePools, by the EC2NodeClass they name (api/conversion.ts withKubelet). */
const convertedKubelets = new WeakMap<State, Map<string, Record<string, unknown>[]>>();

/** Gives each converted v1beta1 EC2NodeClass the kubelet its converted NodePools carried (api/conversion.ts withKubelet). */
function carryConvertedKubelets(state: State): void {
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

interface Found {
  value: Record<string, unknown>;
  source: SourceRef;
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

/** v1beta1 NodePools and EC2NodeClasses are converted (api/conversion.ts); other versions are left out. */
function convertible(kind: string, apiVersion: string): boolean {
  return (
    (kind === 'NodePool' && apiVersion === V1BETA1.NodePool) ||
    (kind === 'EC2NodeClass' && apiVersion === V1BETA1.EC2NodeClass)
  );
}

function classify(
  state: State,
  value: Record<string, unknown>,
  source: SourceRef,
  seen: Map<string, SourceRef>,
  applications: Found[],
  limits: { caps: Caps; counts: Record<string, number>; vars?: Record<string, string> },
): void {
  const kind = typeof value.kind === 'string' ? value.kind : '';
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
  if (kind === 'List' || (kind.endsWith('List') && value.items !== undefined)) {
    // A list whose items is not a list is refused by kubectl and the API server (`items` is an array).
    if (!Array.isArray(value.items)) {
      state.findings.push({
        rule: 'invalid-spec',
        severity: 'error',
        file: source.file,
        line: source.locate(['items'])?.line ?? source.line,
        object: null,
        message: `${kind}.items must be a list of objects, got ${value.items === null ? 'null' : typeof value.items}: nothing in it is read`,
      });
      return;
    }
    const items = value.items;
    items.forEach((item, i) => {
      if (!isObject(item)) return;
      const itemSource: SourceRef = {
        file: source.file,
        line: source.locate(['items', i])?.line ?? source.line,
        locate: (path) => source.locate(['items', i, ...path]),
      };
      classify(state, item, itemSource, seen, applications, limits);
    });
    return;
  }
  if (!kind) {
    state.ignoredKinds['(no kind)'] = (state.ignoredKinds['(no kind)'] ?? 0) + 1;
    return;
  }
  // Caps (docs/security.md): past the cap of a kind, one error and the rest unread. NodePools, NodeOverlays and
  // EC2NodeClasses have their own, lower cap: the model's work grows with NodePools × pods.
  const karpenterKind = kind === 'NodePool' || kind === 'NodeOverlay' || kind === 'EC2NodeClass';
  const cap = karpenterKind ? limits.caps.karpenterObjects : limits.caps.objectsPerKind;
  const n = (limits.counts[kind] = (limits.counts[kind] ?? 0) + 1);
  if (n > cap) {
    if (n === cap + 1) {
      const name = karpenterKind ? 'karpenterObjects' : 'objectsPerKind';
      if (karpenterKind && !(state.capped ??= []).includes(name)) state.capped.push(name);
      state.findings.push({
        rule: 'input-capped',
        severity: 'error',
        file: source.file,
        line: source.line,
        object: null,
        message: `more than ${cap} ${kind} objects in this state: the rest are not read, and the state is not modelled (caps.${name})`,
      });
    }
    return;
  }
  const expected = own(EXPECTED_API, kind);
  if (expected) {
    // Placeholders: the config's `vars:` substitute them; one left in a name, nodeClassRef or requirement is not modelled.
    value = applyVars(value, limits.vars);
    const ours = apiVersion.split('/')[0] === expected.split('/')[0];
    if (ours && unresolvedPlaceholders(kind, value, source, state.findings)) {
      if (source.file && !isRenderedSource(source.file)) state.unrendered.add(source.file);
      return;
    }
    const meta = isObject(value.metadata) ? value.metadata : {};
    const name = typeof meta.name === 'string' ? meta.name : '?';
    const group = expected.split('/')[0];
    if (apiVersion !== expected) {
      // Only objects of Karpenter's groups are ours; a NodePool of another group is someone else's.
      if (apiVersion.split('/')[0] !== group) {
        state.ignoredKinds[`${apiVersion}/${kind}`] = (state.ignoredKinds[`${apiVersion}/${kind}`] ?? 0) + 1;
        return;
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
      if (!convertible(kind, apiVersion)) return;
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
      value = conv.raw;
    }
    const key = `${kind}/${name}`;
    const prev = seen.get(key);
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
    seen.set(key, source);
    const migratedFrom = apiVersion !== expected ? { migratedFrom: apiVersion } : {};
    let accepted: boolean;
    if (kind === 'NodePool') {
      const np = parseNodePool(value, source, state.findings);
      if (np) state.nodePools.push({ ...np, ...migratedFrom });
      accepted = !!np;
    } else if (kind === 'NodeOverlay') {
      const o = parseNodeOverlay(value, source, state.findings);
      if (o) state.overlays.push(o);
      accepted = !!o;
    } else {
      const nc = parseEC2NodeClass(value, source, state.findings);
      if (nc) state.nodeClasses.push({ ...nc, ...migratedFrom });
      accepted = !!nc;
    }
    if (accepted) recordIgnore(state, key, value, source);
    return;
  }
  if (kind === 'RuntimeClass' && apiVersion.startsWith('node.k8s.io/')) {
    checkObjectMeta(kind, value, source, state.findings);
    const meta = isObject(value.metadata) ? value.metadata : {};
    const overhead = isObject(value.overhead) ? value.overhead : {};
    if (typeof meta.name === 'string') state.runtimeClasses.set(meta.name, parseResourceList(overhead.podFixed));
    return;
  }
  // Storage objects (karpenter volumetopology.go reads PVCs, PVs and StorageClasses); a second object of the same name
  // is ignored, as the API server would refuse to create it.
  if (
    (kind === 'PersistentVolumeClaim' && apiVersion === 'v1') ||
    (kind === 'PersistentVolume' && apiVersion === 'v1') ||
    (kind === 'StorageClass' && apiVersion.startsWith('storage.k8s.io/'))
  ) {
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
    return;
  }
  if (kind === 'PodDisruptionBudget' && apiVersion.startsWith('policy/')) {
    checkObjectMeta(kind, value, source, state.findings);
    const pdb = parsePdb(value);
    if (pdb) state.pdbs.push(pdb);
    return;
  }
  if ((kind === 'Application' || kind === 'ApplicationSet') && apiVersion.startsWith('argoproj.io/')) {
    // Those of the plain manifests are read once per tree (argoInventory); those of renderings here.
    if (isRenderedSource(source.file)) applications.push({ value, source });
    return;
  }
  if ((WORKLOAD_KINDS as readonly string[]).includes(kind)) {
    const w = parseWorkload(kind as WorkloadKind, value, source, state.findings, limits.caps.replicas);
    if (!w) return;
    const key = `${kind}/${w.namespace}/${w.name}`;
    if (seen.has(key)) {
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
    seen.set(key, source);
    if (kind === 'DaemonSet') state.daemonSets.push(w);
    else state.workloads.push(w);
    recordIgnore(state, `${kind}/${w.name}`, value, source);
    return;
  }
  state.ignoredKinds[kind] = (state.ignoredKinds[kind] ?? 0) + 1;
}

/**
 * `karpenter-plan.io/ignore` on an accepted object silences rules for that object (findings name objects
 * `Kind/name`). It is recorded only here, once the object is accepted — never for a look-alike (another group's
 * NodePool), a duplicate that is ignored, or an object that fails validation — so no other object can carry the
 * annotation for it (docs/security.md, "Suppression").
 */
function recordIgnore(state: State, key: string, value: Record<string, unknown>, source: SourceRef): void {
  const ann = isObject(value.metadata) && isObject(value.metadata.annotations) ? value.metadata.annotations : null;
  const ignore = ann ? own(ann, IGNORE_ANNOTATION) : undefined;
  if (typeof ignore !== 'string') return;
  state.ignoreAnnotations.set(key, {
    ...parseIgnoreAnnotation(ignore),
    ...(source.file !== null ? { file: source.file } : {}),
    line: source.locate(['metadata', 'annotations', IGNORE_ANNOTATION])?.line ?? source.line,
  });
}

/** A kustomization to render, with the edits an Argo CD Application makes to it. */
interface KustomizeJob {
  dir: string;
  edit: KustomizationEdit | null;
  /** What renders it, when not the kustomization itself (`Application x`). */
  owner?: string;
  /** Where the Application's `kustomize.commonLabels` sets a label (argocd.ts ApplicationSource). */
  labelAt?: (key: string) => Position | null;
}

/**
 * Renders the state's kustomizations (see kustomize.ts): the target, or every kustomization no other one uses.
 * Objects of the output are read as manifests of the file `kustomize:<folder>`; the inputs of a rendered
 * kustomization count as evaluated. What cannot be rendered is an `input-not-evaluated` error on its file.
 */
function renderKustomizations(
  tree: FileTree,
  config: Config,
  opts: LoadOptions,
  state: State,
  all: Kustomization[],
  allFiles: string[],
  accept: (value: Record<string, unknown>, source: SourceRef) => void,
  jobs: KustomizeJob[],
): void {
  const roots = jobs.flatMap((j) => {
    const k = all.find((x) => x.dir === j.dir);
    return k ? [{ ...k, edit: j.edit, owner: j.owner, labelAt: j.labelAt }] : [];
  });
  if (!roots.length) return;
  const owner = (k: Kustomization): string => {
    const o = roots.find((r) => r.dir === k.dir)?.owner;
    return o ? ` (${o})` : '';
  };
  const notEvaluated = (
    k: Kustomization,
    message: string,
    at: { file: string; line: number | null } = { file: k.file, line: null },
  ): void => {
    const inputs = filesOf(closure(k, all), allFiles);
    for (const f of inputs) state.unrendered.add(f);
    const finding: Finding = {
      rule: 'input-not-evaluated',
      severity: 'error',
      file: at.file,
      line: at.line,
      object: null,
      message: `kustomization ${k.dir || '.'}${owner(k)} was not evaluated: ${message}`,
    };
    state.findings.push(finding);
    state.renderFailures.push({ finding, inputs: [...inputs] });
  };
  let checkout: Checkout | null = null;
  let origins: OriginIndex | null = null;
  try {
    for (const root of roots) {
      const parts = closure(root, all);
      const broken = parts.find((k) => k.invalid !== null);
      if (broken) {
        notEvaluated(root, `${broken.file} is not a valid kustomization (${broken.invalid})`);
        continue;
      }
      const remote = parts.flatMap((k) => k.remote);
      if (remote.length) {
        notEvaluated(
          root,
          `it names remote resources or paths outside the state, which are never fetched or read: ${remote
            .slice(0, 3)
            .map((r) => `${JSON.stringify(r.reference)} (${r.field} in ${r.file})`)
            .join(', ')}${outsidePathHint(tree, root.dir, parts)}`,
          remote[0],
        );
        continue;
      }
      if (!opts.kustomize) opts.kustomize = { renderer: findKustomizeRenderer() };
      const renderer = opts.kustomize.renderer;
      if (!renderer) {
        notEvaluated(
          root,
          'neither kustomize nor kubectl is on the PATH (install one, or pipe a rendering to `karpenter-plan -`)',
        );
        continue;
      }
      if (!renderAllowed(opts, config, state, root.file, `kustomization ${root.dir || '.'}${owner(root)}`)) {
        for (const f of filesOf(parts, allFiles)) state.unrendered.add(f);
        continue;
      }
      checkout ??= new Checkout(tree, allFiles);
      // Each object's origin is recorded in the temporary copy, so findings point at the file that set the field.
      const edit = root.edit;
      const r = renderKustomization(checkout, root.dir, renderer, config.renderTimeoutSeconds * 1000, (k) => {
        edit?.(k);
        recordOrigins(k);
      });
      if (!r.ok) {
        notEvaluated(root, r.message);
        continue;
      }
      const file = `kustomize:${root.dir || '.'}`;
      state.renderers.push(
        `${renderer.name === 'kubectl' ? 'kubectl kustomize' : 'kustomize build'} ${root.dir || '.'}${root.owner ? ` (${root.owner})` : ''}`,
      );
      for (const f of filesOf(parts, allFiles)) state.evaluated.add(f);
      origins ??= new OriginIndex(tree);
      for (const doc of parseYamlDocuments(file, r.output, state.findings))
        accept(doc.value, origins.sourceOf(doc.value, doc.source, root.dir, parts, root.labelAt));
    }
  } finally {
    checkout?.dispose();
  }
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

/**
 * When the state is a folder of the repository (`--path`, action input `path`) and a kustomization names `../` paths
 * above it (an overlay whose bases lie outside): the hint to plan from the repository's root with `--target` instead.
 */
function outsidePathHint(tree: FileTree, dir: string, parts: readonly Kustomization[]): string {
  if (!(tree instanceof GitTree) || !tree.subdir) return '';
  if (!parts.some((k) => k.remote.some((r) => r.reference.startsWith('../')))) return '';
  const sub = tree.subdir.replace(/^\.\/?/, '').replace(/\/+$/, '');
  const key = dir ? `${sub}/${dir}` : sub;
  return `. Its bases lie outside --path ${sub}: plan from the repository's root with --target ${key} (action inputs: no \`path\`, \`target: ${key}\`)`;
}
