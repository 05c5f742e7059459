/**
 * The Helm charts of a state (sources/state.ts loadState), rendered with the real helm: the configured ones, those of
 * the Argo CD Applications and Flux HelmReleases rendered in the state, the charts a values adapter's files lie in
 * (when helm is there), and the charts found without configuration; then the values adapters, read where helm is
 * missing or where they stand alone.
 */
import picomatch from 'picomatch';
import { assumption, type Assumption } from '../common/assumptions.js';
import { isObject } from '../common/fields.js';
import type { Finding, SourceRef } from '../common/findings.js';
import type { ArgoApplication } from './argocd.js';
import type { ChartSource, Config } from './config.js';
import {
  chartInputs,
  chartPrefix,
  findCharts,
  helmAvailable,
  renderChart,
  valuesEnvironment,
  type FoundChart,
} from './helm.js';
import { findKustomizations } from './kustomize.js';
import { renderAllowed, type RenderBudget } from './render-budget.js';
import type { FileTree } from './tree.js';
import { readValuesAdapter, templateMayDefault } from './values.js';
import { parseYamlDocuments } from './yaml.js';

/** What rendering charts fills in a state (sources/state.ts State). */
export interface ChartedState {
  findings: Finding[];
  notes: Assumption[];
  capped?: string[];
  evaluated: Set<string>;
  unrendered: Set<string>;
  renderers: string[];
  renderFailures: { finding: Finding; inputs: string[] }[];
}

/** Where the objects of a rendering go (sources/state.ts loadState classifies them). */
type Accept = (value: Record<string, unknown>, source: SourceRef) => void;

/** The options of a state's loading charts read: the cached helm lookup and the render budget. */
export type ChartOptions = RenderBudget & { helm?: { available: boolean } };

/** The charts to render besides the configured ones. */
export interface StateCharts {
  /** Those of the Argo CD Applications rendered in the state. */
  applications: ChartSource[];
  /** Every Application of the inventory (a chart one renders is not a loose chart). */
  inventory: readonly ArgoApplication[];
  /** Those of the Flux HelmReleases in scope. */
  flux: ChartSource[];
}

/** Which values adapters were read in place of a chart, and which charts were rendered in place of an adapter. */
export interface ChartRendering {
  /** Values adapters used as the fallback of a chart helm could not render. */
  usedFallback: Set<number>;
  /** Values adapters whose chart is rendered instead, by index. */
  adapterCharts: Map<number, ChartSource>;
}

export function renderCharts(
  tree: FileTree,
  config: Config,
  opts: ChartOptions,
  state: ChartedState,
  accept: Accept,
  allFiles: readonly string[],
  charts: StateCharts,
): ChartRendering {
  const { adapterCharts, claimed } = adapterChartSources(tree, config, opts);
  const found = looseCharts(tree, config, charts.inventory, charts.flux).filter((c) => !claimed.has(c.dir));
  for (const c of found)
    if (c.envValues.length) {
      // Environments of a chart at the root are not targets (their key would have no folder): read with values.yaml.
      for (const f of c.envValues) state.unrendered.add(f);
      state.notes.push(assumption('chart-root-environments', { files: c.envValues }));
    }
  const usedFallback = new Set<number>();
  const discovered: ChartSource[] = found.map((c) => ({
    path: c.dir || '.',
    values: [],
    releaseName: 'karpenter-plan',
    namespace: 'default',
    discovered: true,
  }));
  for (const chart of [
    ...config.charts,
    ...charts.applications,
    ...charts.flux,
    ...adapterCharts.values(),
    ...discovered,
  ]) {
    if (!opts.helm) opts.helm = { available: helmAvailable(config.helm.binary) };
    if (!opts.helm.available) {
      const fb = helmMissing(config, state, allFiles, chart);
      if (fb !== undefined) usedFallback.add(fb);
      continue;
    }
    renderOneChart(tree, config, opts, state, accept, allFiles, chart);
  }
  return { usedFallback, adapterCharts };
}

/**
 * A values adapter over the values files of a chart of this state stands in for the chart only when helm is missing:
 * with helm, the chart itself is rendered with those files.
 */
function adapterChartSources(
  tree: FileTree,
  config: Config,
  opts: ChartOptions,
): { adapterCharts: Map<number, ChartSource>; claimed: Set<string> } {
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
  return { adapterCharts, claimed };
}

/** A chart that could not be rendered: the finding, and the files its rendering reads. */
function chartFailed(state: ChartedState, allFiles: readonly string[], finding: Finding, chart: ChartSource): void {
  state.findings.push(finding);
  state.renderFailures.push({ finding, inputs: chartReads(allFiles, chart) });
}

/** Without helm: a chart found without configuration is not evaluated; a configured one falls back to its values adapter, if it has one (returned). */
function helmMissing(
  config: Config,
  state: ChartedState,
  allFiles: readonly string[],
  chart: ChartSource,
): number | undefined {
  if (chart.env !== undefined || chart.discovered) {
    // A chart found without configuration: not evaluated, and a change to any of its files is not either.
    const prefix = chartPrefix(chart.path);
    for (const f of allFiles) if (f.startsWith(prefix)) state.unrendered.add(f);
    chartFailed(
      state,
      allFiles,
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
    return undefined;
  }
  const fb = chart.fallbackValues;
  state.notes.push(
    assumption('helm-unavailable', {
      binary: config.helm.binary,
      chart: chart.path,
      adapter: fb !== undefined && config.values[fb] ? fb : null,
    }),
  );
  chartFailed(
    state,
    allFiles,
    {
      rule: 'helm-unavailable',
      severity: fb !== undefined ? 'warning' : 'error',
      file: chart.path,
      line: null,
      object: null,
      message:
        `helm is not installed or not on PATH, so chart ${chart.path} could not be rendered` +
        (fb !== undefined ? '; the values adapter is used as a fallback' : '; its NodePools are missing from the plan'),
    },
    chart,
  );
  return fb;
}

/** `helm template` of one chart (within the render budget); its objects read as manifests of the file `helm:<path>`. */
function renderOneChart(
  tree: FileTree,
  config: Config,
  opts: ChartOptions,
  state: ChartedState,
  accept: Accept,
  allFiles: readonly string[],
  chart: ChartSource,
): void {
  if (!renderAllowed(opts, config, state, `${chart.path.replace(/\/$/, '')}/Chart.yaml`, `chart ${chart.path}`)) {
    const prefix = chart.path.replace(/\/$/, '') + '/';
    for (const f of allFiles) if (f.startsWith(prefix)) state.unrendered.add(f);
    return;
  }
  const r = renderChart(tree, chart, config.helm.binary, config.renderTimeoutSeconds * 1000);
  if (!r.ok) {
    chartFailed(
      state,
      allFiles,
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
    return;
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

/**
 * The values adapters read as manifests: each one that is not a chart's fallback (or is the fallback of a chart helm
 * could not render), unless its chart is rendered instead.
 */
export function readValuesAdapters(
  tree: FileTree,
  config: Config,
  state: ChartedState,
  accept: Accept,
  allFiles: readonly string[],
  charts: ChartRendering,
): void {
  const fileSet = new Set(allFiles);
  config.values.forEach((adapter, i) => {
    const isFallback = config.charts.some((c) => c.fallbackValues === i);
    if (isFallback && !charts.usedFallback.has(i)) return;
    if (charts.adapterCharts.has(i)) return; // its chart is rendered instead
    for (const f of adapter.files) if (fileSet.has(f)) state.evaluated.add(f);
    const namedAt = (j: number) => ({
      file: config.file,
      line: config.locate?.(['values', i, 'files', j])?.line ?? null,
    });
    for (const obj of readValuesAdapter(tree, adapter, state.findings, namedAt))
      acceptAdapterObject(state, accept, obj, i);
  });
}

/** An object of values adapter #i: what the chart's template may default is not the adapter's to report: one info per object says so. */
function acceptAdapterObject(
  state: ChartedState,
  accept: Accept,
  obj: { value: Record<string, unknown>; source: SourceRef },
  i: number,
): void {
  const before = state.findings.length;
  accept(obj.value, obj.source);
  const defaulted = state.findings
    .slice(before)
    .filter((f) => f.severity !== 'info' && f.path !== undefined && templateMayDefault(obj.value, f));
  if (!defaulted.length) return;
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
