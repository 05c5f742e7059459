/**
 * Rendering a chart with the real `helm template` for one state. The chart folder and its
 * values files are copied out of the state (directory or git revision) into a temporary folder,
 * then rendered offline: never `--validate`, never anything that contacts a cluster.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChartSource } from './config.js';
import type { FileTree } from './tree.js';

export type HelmResult = { ok: true; output: string } | { ok: false; missing: boolean; message: string };

export function helmAvailable(binary: string): boolean {
  const r = spawnSync(binary, ['version', '--short'], { encoding: 'utf8', timeout: 20_000 });
  return r.status === 0;
}

export function renderChart(tree: FileTree, chart: ChartSource, binary: string): HelmResult {
  const root = mkdtempSync(join(tmpdir(), 'karpenter-plan-helm-'));
  try {
    const prefix = chart.path.replace(/\/$/, '') + '/';
    const wanted = tree.list().filter((f) => f.startsWith(prefix) || chart.values.includes(f));
    if (!wanted.some((f) => f.startsWith(prefix)))
      return { ok: false, missing: false, message: `chart folder ${chart.path} does not exist in ${tree.label}` };
    for (const f of wanted) {
      const text = tree.read(f);
      if (text === null) continue;
      const out = join(root, f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
    }
    const args = ['template', chart.releaseName, join(root, chart.path), '--namespace', chart.namespace];
    for (const v of chart.values) args.push('--values', join(root, v));
    if (chart.inlineValues !== undefined) {
      const inline = join(root, '.karpenter-plan-inline-values.yaml');
      writeFileSync(inline, chart.inlineValues);
      args.push('--values', inline);
    }
    const r = spawnSync(binary, args, {
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, HELM_OFFLINE: '1' },
    });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ok: false, missing: true, message: `helm was not found (${binary}); install helm or set helm.binary` };
    }
    if (r.status !== 0)
      return {
        ok: false,
        missing: false,
        message: `helm template ${chart.path} failed: ${(r.stderr || '').trim().split('\n').slice(0, 5).join(' ')}`,
      };
    return { ok: true, output: r.stdout };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
