/**
 * Charts found without configuration: a folder with a `Chart.yaml` whose templates produce Karpenter objects and that
 * holds `values-<env>.yaml` / `values.<env>.yaml` next to its `values.yaml` is one target per environment, keyed
 * `<folder>+<env>` and rendered with `helm template` with `values.yaml` then the environment's file. Run under the real
 * helm 3 and helm 4 (test/support/tools.ts), behind a recorder of its arguments (spyHelm) where a test reads them.
 * test/fixtures/chart-envs-repo: charts/nodepools (values.yaml weight 10; dev 20, prod 30, staging 40 — the last one
 * named `values.staging.yaml`) and charts/web (no Karpenter object: not a target).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plan } from '../../src/plan/contract.js';
import { isPlainTargetKey } from '../../src/sources/resolve-config.js';
import { spyHelm } from '../helpers.js';
import { describeEachHelm } from '../support/tools.js';
import { planOf, type PlanRun } from '../support/plan.js';

const FIXTURE = 'test/fixtures/chart-envs-repo';
const CHART = 'charts/nodepools';
const KEYS = [`${CHART}+dev`, `${CHART}+prod`, `${CHART}+staging`];

function copyFixture(config: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-chart-envs-'));
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(join(dir, '.karpenter-plan.yaml'), config);
  return dir;
}

const withHelm = (bin: string): string => `helm: { binary: ${JSON.stringify(bin)} }\n`;

const plan = (args: string[]): Promise<PlanRun> => planOf([...args, '--at', '2026-01-05T10:00:00Z']);

/** The `--values` files of each `helm template` call, relative to the copied tree. */
function valuesOfCalls(log: string): string[][] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as string[])
    .filter((a) => a[0] === 'template')
    .map((a) => a.filter((_x, i) => a[i - 1] === '--values').map((f) => f.slice(f.indexOf('/tree/') + 6)));
}

const edit = (dir: string, file: string, from: string, to: string): void => {
  const text = readFileSync(join(dir, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${from} not in ${file}`);
  writeFileSync(join(dir, file), text.replace(from, to));
};

const affected = (p: Plan): string[] => (p.clusters ?? []).filter((c) => c.affected).map((c) => c.key);

test('the keys are plain target keys that no Application key (name@destination) can be', () => {
  for (const k of KEYS) expect(isPlainTargetKey(k)).toBe(true);
  expect(isPlainTargetKey('charts/nodepools+prod+x')).toBe(false);
  expect(isPlainTargetKey('charts/nodepools+pr od')).toBe(false);
});

describe('without helm, never a pass', () => {
  const noHelm = withHelm('/nonexistent/helm');

  test('validate reports the chart as not evaluated and fails', async () => {
    const dir = copyFixture(noHelm);
    const { plan: p, exitCode } = await plan(['validate', dir]);
    expect(p.verdict).toBe('fail');
    expect(exitCode).not.toBe(0);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', file: `${CHART}/Chart.yaml` }),
    );
  });

  test('a change to an environment’s values file is not evaluated: an error on that file', async () => {
    const base = copyFixture(noHelm);
    const head = copyFixture(noHelm);
    edit(head, `${CHART}/values-prod.yaml`, 'weight: 30', 'weight: 35');
    const { plan: p } = await plan(['diff', '--base', base, '--head', head]);
    expect(p.verdict).toBe('fail');
    expect(affected(p)).toEqual([`${CHART}+prod`]);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', file: `${CHART}/values-prod.yaml` }),
    );
  });
});

describeEachHelm('chart environments', (helm) => {
  test('each environment is a target rendered with values.yaml then its own values file', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const dir = copyFixture(withHelm(bin));
    const { plan: p, exitCode } = await plan(['validate', dir]);
    expect(exitCode).toBe(0);
    expect(p.clusters?.map((c) => [c.key, c.source])).toEqual([
      [KEYS[0], `chart ${CHART} with ${CHART}/values-dev.yaml`],
      [KEYS[1], `chart ${CHART} with ${CHART}/values-prod.yaml`],
      [KEYS[2], `chart ${CHART} with ${CHART}/values.staging.yaml`],
    ]);
    expect(p.findings.filter((f) => f.severity === 'error')).toEqual([]);
    for (const c of p.clusters!) expect(c.plan?.nodePools.map((n) => n.name)).toEqual(['general']);
    expect(valuesOfCalls(log).sort()).toEqual([
      [`${CHART}/values.yaml`, `${CHART}/values-dev.yaml`],
      [`${CHART}/values.yaml`, `${CHART}/values-prod.yaml`],
      [`${CHART}/values.yaml`, `${CHART}/values.staging.yaml`],
    ]);
  });

  test('a change to one environment’s values file affects that target only', async () => {
    const bin = helm.bin;
    const base = copyFixture(withHelm(bin));
    const head = copyFixture(withHelm(bin));
    edit(head, `${CHART}/values-prod.yaml`, 'weight: 30', 'weight: 35');
    const { plan: p } = await plan(['diff', '--base', base, '--head', head]);
    expect(affected(p)).toEqual([`${CHART}+prod`]);
    expect(p.clusters!.find((c) => c.key === `${CHART}+prod`)!.plan!.nodePools).toEqual([
      expect.objectContaining({ name: 'general', change: 'modified', changedFields: ['spec.weight'] }),
    ]);
  });

  test('a change to a template or to values.yaml affects every environment; another chart’s file none', async () => {
    const bin = helm.bin;
    const base = copyFixture(withHelm(bin));
    const template = copyFixture(withHelm(bin));
    edit(template, `${CHART}/templates/nodepool.yaml`, 'values: ["on-demand"]', 'values: ["on-demand", "spot"]');
    expect(affected((await plan(['diff', '--base', base, '--head', template])).plan)).toEqual(KEYS);
    // values.yaml sets a value every environment file overrides: nothing renders differently, but the file is an
    // input of every environment.
    const defaults = copyFixture(withHelm(bin));
    edit(defaults, `${CHART}/values.yaml`, 'weight: 10', 'weight: 11');
    expect(affected((await plan(['diff', '--base', base, '--head', defaults])).plan)).toEqual(KEYS);
    const web = copyFixture(withHelm(bin));
    edit(web, 'charts/web/values-prod.yaml', 'replicas: 3', 'replicas: 4');
    const { plan: p } = await plan(['diff', '--base', base, '--head', web]);
    expect(affected(p)).toEqual([]);
    expect(p.changed).toBe(false);
  });

  test('--target plans one environment', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const dir = copyFixture(withHelm(bin));
    const { plan: p } = await plan(['validate', dir, '--target', `${CHART}+staging`]);
    expect(p.target).toBe(`${CHART}+staging`);
    expect(p.clusters).toBeUndefined();
    expect(valuesOfCalls(log)).toEqual([[`${CHART}/values.yaml`, `${CHART}/values.staging.yaml`]]);
  });

  test('a chart that the config or an Argo CD Application renders has no environment targets', async () => {
    const bin = helm.bin;
    const configured = copyFixture(
      `${withHelm(bin)}charts:\n  - { path: ${CHART}, values: [${CHART}/values-prod.yaml] }\n`,
    );
    const { plan: p } = await plan(['validate', configured]);
    expect(p.clusters).toBeUndefined();
    expect(p.nodePools.map((n) => n.name)).toEqual(['general']);
    const byApp = copyFixture(withHelm(bin));
    writeFileSync(
      join(byApp, 'pools.yaml'),
      `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: pools, namespace: argocd }
spec:
  destination: { name: prod }
  source:
    repoURL: https://github.com/example/platform.git
    path: ${CHART}
    helm: { valueFiles: [values-prod.yaml] }
`,
    );
    // The Application is the one target: a single plan.
    const { plan: q } = await plan(['validate', byApp]);
    expect(q.clusters).toBeUndefined();
    expect(q.nodePools.map((n) => n.name)).toEqual(['general']);
    expect(q.inputs.head.renderers).toEqual([`helm template ${CHART}`]);
  });
});
