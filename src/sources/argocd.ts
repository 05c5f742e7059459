/**
 * Argo CD Applications in a state: an Application whose source is a Helm chart in this repository
 * (`spec.source.path` with a Chart.yaml, or each of `spec.sources[]`) is rendered with `helm
 * template` using its `helm.valueFiles` (relative to the chart), then `helm.values` /
 * `helm.valuesObject` on top, as Argo CD does. A remote chart (`spec.source.chart` from a Helm
 * repository) cannot be fetched offline: the report says so.
 */
import { parse, stringify } from 'yaml';
import type { Finding, SourceRef } from '../common/findings.js';
import { isObject } from '../common/fields.js';
import type { ChartSource } from './config.js';

export interface ApplicationChart {
  chart: ChartSource;
  source: SourceRef;
  name: string;
}

export function applicationCharts(
  app: Record<string, unknown>,
  source: SourceRef,
  files: ReadonlySet<string>,
  findings: Finding[],
): ApplicationChart[] {
  const meta = isObject(app.metadata) ? app.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '?';
  const spec = isObject(app.spec) ? app.spec : {};
  const dest = isObject(spec.destination) ? spec.destination : {};
  const sources = Array.isArray(spec.sources)
    ? spec.sources.filter(isObject)
    : isObject(spec.source)
      ? [spec.source]
      : [];
  const out: ApplicationChart[] = [];
  sources.forEach((src, i) => {
    const path = typeof src.path === 'string' ? src.path.replace(/^\.?\//, '').replace(/\/$/, '') : null;
    if (!path) {
      if (src.chart === 'karpenter') {
        // The Karpenter controller chart itself: its values carry the controller settings (feature gates,
        // preferencePolicy, minValuesPolicy) of the destination cluster; there are no NodePools to render.
        return;
      }
      if (typeof src.chart === 'string') {
        findings.push({
          rule: 'argocd-remote-chart',
          severity: 'info',
          file: source.file,
          line: source.locate(['spec', Array.isArray(spec.sources) ? 'sources' : 'source'])?.line ?? source.line,
          object: `Application/${name}`,
          message: `Application ${name} renders the remote chart ${src.chart} from ${String(src.repoURL ?? '?')}; karpenter-plan does not fetch remote charts, so its objects are not in the plan (add the rendered manifests or a values adapter).`,
        });
      }
      return;
    }
    if (!files.has(`${path}/Chart.yaml`)) return; // a plain manifest folder: read by the manifest globs
    const helm = isObject(src.helm) ? src.helm : {};
    const valueFiles = Array.isArray(helm.valueFiles)
      ? helm.valueFiles.filter((v): v is string => typeof v === 'string').map((v) => normalize(`${path}/${v}`))
      : [];
    let inline: string | undefined;
    if (isObject(helm.valuesObject)) inline = stringify(helm.valuesObject);
    else if (typeof helm.values === 'string') inline = helm.values;
    out.push({
      name,
      source,
      chart: {
        path,
        values: valueFiles.filter((v) => files.has(v)),
        releaseName: typeof helm.releaseName === 'string' ? helm.releaseName : name,
        namespace: typeof dest.namespace === 'string' ? dest.namespace : 'default',
        ...(inline !== undefined ? { inlineValues: inline } : {}),
      },
    });
    for (const v of valueFiles) {
      if (!files.has(v))
        findings.push({
          rule: 'unreadable-file',
          severity: 'warning',
          file: source.file,
          line: source.line,
          object: `Application/${name}`,
          message: `Application ${name} (source ${i + 1}) names the values file ${v}, which does not exist in this state`,
        });
    }
  });
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
