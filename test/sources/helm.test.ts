/**
 * Chart rendering: `helm template` is run for each state with the chart and values copied out of that state. The
 * tests run the real helm 3 and helm 4 (test/support/tools.ts), each behind a recorder of its arguments (spyHelm).
 * Without helm, the report says so and the values adapter is used.
 */
import { existsSync, readFileSync } from 'node:fs';
import { runCli } from '../../src/cli/run.js';
import { nodePool, NODECLASS, spyHelm, tempTree } from '../helpers.js';
import { describeEachHelm } from '../support/tools.js';

const chartFiles = (weight: number) => ({
  'charts/pools/Chart.yaml': 'apiVersion: v2\nname: pools\nversion: 0.1.0\n',
  'charts/pools/templates/pool.yaml': nodePool('from-chart', { weight: 1 }).replace(
    'weight: 1',
    'weight: {{ .Values.weight }}',
  ),
  'charts/pools/templates/nodeclass.yaml': NODECLASS,
  'values-prod.yaml': `weight: ${weight}\n`,
  'fallback.yaml': `nodePool:\n  from-values:\n    weight: ${weight}\n    nodeClassRef: default\n    requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }]\n`,
});

test('helm missing: a clear finding, and the configured values adapter is used instead', async () => {
  const cfg =
    'charts:\n  - { path: charts/pools, values: [values-prod.yaml], fallbackValues: 0 }\nhelm: { binary: /nonexistent/helm }\nvalues:\n  - { files: [fallback.yaml] }\n';
  const dir = tempTree({ ...chartFiles(20), '.karpenter-plan.yaml': cfg });
  const plan = JSON.parse((await runCli(['validate', dir, '--format', 'json'])).stdout);
  expect(plan.findings.find((f: { rule: string }) => f.rule === 'helm-unavailable')).toMatchObject({
    severity: 'warning',
  });
  expect(plan.assumptions.join(' ')).toMatch(/helm is not available/);
  const sim = JSON.parse((await runCli(['simulate', dir, '--format', 'json'])).stdout);
  expect(sim.nodePools.map((p: { name: string }) => p.name)).toEqual(['from-values']);
});

test('chart templates are not read as manifests (folders with a Chart.yaml are skipped)', async () => {
  const dir = tempTree({
    'charts/x/Chart.yaml': 'name: x\n',
    'charts/x/templates/bad.yaml': 'kind: {{ .Values.kind }}\n',
    'p.yaml': nodePool('p'),
  });
  const plan = JSON.parse((await runCli(['validate', dir, '--format', 'json'])).stdout);
  expect(plan.findings.filter((f: { rule: string }) => f.rule === 'invalid-yaml')).toEqual([]);
});

describeEachHelm('helm template', (helm) => {
  test('the chart is rendered for each state with its own values; never with --validate', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const cfg = `charts:\n  - { path: charts/pools, values: [values-prod.yaml], namespace: karpenter }\nhelm: { binary: ${JSON.stringify(bin)} }\n`;
    const base = tempTree({ ...chartFiles(10), '.karpenter-plan.yaml': cfg });
    const head = tempTree({ ...chartFiles(50), '.karpenter-plan.yaml': cfg });
    const plan = JSON.parse((await runCli(['diff', '--base', base, '--head', head, '--format', 'json'])).stdout);
    expect(plan.nodePools).toEqual([
      expect.objectContaining({ name: 'from-chart', change: 'modified', changedFields: ['spec.weight'] }),
    ]);
    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string[])
      .filter((a) => a[0] === 'template');
    expect(calls).toHaveLength(2);
    for (const c of calls) {
      expect(c).not.toContain('--validate');
      expect(c).toEqual(expect.arrayContaining(['--namespace', 'karpenter', '--values']));
      // Positional arguments come after `--`: nothing from the input is read as a flag.
      expect(c.indexOf('--')).toBe(c.length - 3);
    }
  });

  test('a chart base and head hold alike is rendered once per process; changed values render again', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const cfg = `charts:\n  - { path: charts/pools, values: [values-prod.yaml], namespace: karpenter }\nhelm: { binary: ${JSON.stringify(bin)} }\n`;
    const templates = () =>
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter((l) => (JSON.parse(l) as string[])[0] === 'template').length;
    const same = tempTree({ ...chartFiles(10), '.karpenter-plan.yaml': cfg });
    const alike = tempTree({ ...chartFiles(10), '.karpenter-plan.yaml': cfg, 'notes.txt': 'not read by the chart' });
    const plan = JSON.parse((await runCli(['diff', '--base', same, '--head', alike, '--format', 'json'])).stdout);
    expect(plan.nodePools).toEqual([expect.objectContaining({ name: 'from-chart', change: 'unchanged' })]);
    expect(templates()).toBe(1);
    // The same files in another run of the process: still kept. A values file that differs: rendered again.
    await runCli(['validate', same, '--format', 'json']);
    expect(templates()).toBe(1);
    const changed = tempTree({ ...chartFiles(20), '.karpenter-plan.yaml': cfg });
    const p2 = JSON.parse((await runCli(['validate', changed, '--format', 'json'])).stdout);
    expect(templates()).toBe(2);
    expect(p2.nodePools).toEqual([expect.objectContaining({ name: 'from-chart' })]);
  });

  test('an Argo CD release name that is a flag is refused; helm is not run with it', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const app = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: pools, namespace: argocd }
spec:
  destination: { namespace: karpenter }
  source:
    repoURL: https://example.com/repo.git
    path: charts/pools
    helm: { releaseName: "--post-renderer=sh" }
`;
    const dir = tempTree({
      ...chartFiles(10),
      'app.yaml': app,
      '.karpenter-plan.yaml': `helm: { binary: ${JSON.stringify(bin)} }\n`,
    });
    const r = await runCli(['validate', dir, '--format', 'json']);
    const plan = JSON.parse(r.stdout);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'helm-template-failed',
        message: expect.stringMatching(/is not a DNS-1123 label/),
      }),
    );
    const calls = existsSync(log) ? readFileSync(log, 'utf8') : '';
    expect(calls).not.toContain('post-renderer');
  });

  test('an Argo CD Application with a chart in the repository is rendered with its valueFiles and valuesObject', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const app = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: karpenter-pools, namespace: argocd }
spec:
  destination: { namespace: karpenter, server: https://kubernetes.default.svc }
  source:
    repoURL: https://github.com/example/infra
    path: charts/pools
    helm:
      valueFiles: [../../values-prod.yaml]
      valuesObject: { weight: 77 }
`;
    const dir = tempTree({
      ...chartFiles(10),
      'apps/karpenter.yaml': app,
      '.karpenter-plan.yaml': `helm: { binary: ${JSON.stringify(bin)} }\n`,
    });
    const plan = JSON.parse((await runCli(['simulate', dir, '--format', 'json'])).stdout);
    expect(plan.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
    expect(plan.nodePools.map((p: { name: string }) => p.name)).toEqual(['from-chart']);
    const call = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string[])
      .find((a) => a[0] === 'template')!;
    // The release name (the Application's name) follows `--`, then the chart.
    expect(call.slice(-3, -1)).toEqual(['--', 'karpenter-pools']);
    expect(call.filter((a) => a.endsWith('values-prod.yaml'))).toHaveLength(1);
    const values = call.filter((_a, i) => call[i - 1] === '--values');
    expect(values[values.length - 1]).toMatch(/inline-values\.yaml$/); // valuesObject last, over the files
  });

  test('a values file outside the state is refused: helm never reads it', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const cfg = `charts:\n  - { path: charts/pools, values: ["../../../etc/hostname"] }\nhelm: { binary: ${JSON.stringify(bin)} }\n`;
    const dir = tempTree({ ...chartFiles(10), '.karpenter-plan.yaml': cfg });
    const plan = JSON.parse((await runCli(['validate', dir, '--format', 'json'])).stdout);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'helm-template-failed',
        message: expect.stringMatching(/are not files of the state/),
      }),
    );
    const calls = existsSync(log) ? readFileSync(log, 'utf8') : '';
    expect(calls).not.toContain('etc/hostname');
  });
});
