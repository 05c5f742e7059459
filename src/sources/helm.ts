/**
 * Rendering a chart with the real `helm template` for one state. The chart folder and its
 * values files are copied out of the state (directory or git revision) into a temporary folder,
 * then rendered offline: never `--validate`, never anything that contacts a cluster.
 */
import { makeTempFolder, removeTempFolder } from './temp-folders.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChartSource } from './config.js';
import type { FileTree } from './tree.js';
import { scrubbedEnv } from './kustomize.js';

/** `values-<env>.yaml`, `values.<env>.yaml` (or `.yml`): a chart environment's values file (sources/targets.ts). */
const ENV_VALUES = /^values[-.]([A-Za-z0-9_-][A-Za-z0-9._-]*)\.ya?ml$/;

/** The environment of a chart's values file (`values-prod.yaml` → `prod`), or null. */
export function valuesEnvironment(file: string): string | null {
  return ENV_VALUES.exec(file.slice(file.lastIndexOf('/') + 1))?.[1] ?? null;
}

export type HelmResult = { ok: true; output: string } | { ok: false; missing: boolean; message: string };

export function helmAvailable(binary: string): boolean {
  const r = spawnSync(binary, ['version', '--short'], {
    encoding: 'utf8',
    timeout: 20_000,
    env: scrubbedEnv(tmpdir()),
  });
  return r.status === 0;
}

/** A Helm release name: a DNS-1123 label of at most 53 characters (helm's own rule), so it can never be a flag. */
const RELEASE_NAME = /^[a-z0-9]([-a-z0-9]{0,51}[a-z0-9])?$/;
/** A Kubernetes namespace: a DNS-1123 label. */
const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function renderChart(tree: FileTree, chart: ChartSource, binary: string, timeoutMs = 60_000): HelmResult {
  if (!RELEASE_NAME.test(chart.releaseName))
    return {
      ok: false,
      missing: false,
      message: `release name ${JSON.stringify(chart.releaseName.slice(0, 80))} of chart ${chart.path} is not a DNS-1123 label of at most 53 characters; the chart is not rendered`,
    };
  if (!NAMESPACE.test(chart.namespace))
    return {
      ok: false,
      missing: false,
      message: `namespace ${JSON.stringify(chart.namespace.slice(0, 80))} of chart ${chart.path} is not a DNS-1123 label; the chart is not rendered`,
    };
  const root = makeTempFolder('karpenter-plan-helm-');
  try {
    const prefix = chart.path.replace(/\/$/, '') + '/';
    const listed = new Set(tree.list());
    const outside = chart.values.filter((v) => !listed.has(v));
    if (outside.length)
      return {
        ok: false,
        missing: false,
        message: `values file(s) ${outside.map((v) => JSON.stringify(v)).join(', ')} of chart ${chart.path} are not files of the state; the chart is not rendered`,
      };
    const wanted = tree.list().filter((f) => f.startsWith(prefix) || chart.values.includes(f));
    if (!wanted.some((f) => f.startsWith(prefix)))
      return { ok: false, missing: false, message: `chart folder ${chart.path} does not exist in ${tree.label}` };
    for (const f of wanted) {
      const text = tree.read(f);
      if (text === null) continue;
      const out = join(root, 'tree', f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
    }
    // Fixed flags only, then `--`: nothing from the input can be read as an option.
    const args = ['template', '--namespace', chart.namespace];
    for (const v of chart.values) args.push('--values', join(root, 'tree', v));
    if (chart.inlineValues !== undefined) {
      const inline = join(root, 'inline-values.yaml');
      writeFileSync(inline, chart.inlineValues);
      args.push('--values', inline);
    }
    args.push('--', chart.releaseName, join(root, 'tree', chart.path));
    const home = join(root, 'home');
    mkdirSync(home);
    const r = spawnSync(binary, args, {
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 256 * 1024 * 1024,
      // No token, no Actions variable, no plugin or repository configuration of the caller's.
      env: {
        ...scrubbedEnv(home),
        HELM_CACHE_HOME: join(home, 'cache'),
        HELM_CONFIG_HOME: join(home, 'config'),
        HELM_DATA_HOME: join(home, 'data'),
      },
    });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ok: false, missing: true, message: `helm was not found (${binary}); install helm or set helm.binary` };
    }
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
      return {
        ok: false,
        missing: false,
        message: `helm template ${chart.path} did not finish within ${timeoutMs / 1000} s and was stopped`,
      };
    if (r.status !== 0)
      return {
        ok: false,
        missing: false,
        message: `helm template ${chart.path} failed: ${(r.stderr || '')
          .split(join(root, 'tree') + '/')
          .join('')
          .trim()
          .split('\n')
          .slice(0, 5)
          .join(' ')}`,
      };
    return { ok: true, output: r.stdout };
  } finally {
    removeTempFolder(root);
  }
}
