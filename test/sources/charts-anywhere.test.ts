/**
 * Charts anywhere, render failures judged by their inputs, and the values adapter (issue 20): small repositories
 * rendered with the real helm 3 and helm 4 (test/support/tools.ts) and the real `kubectl kustomize`.
 *  - A folder with a `Chart.yaml` (the root included) whose templates produce Karpenter objects is a chart source found
 *    without configuration; `charts: [{ path: . }]` renders the same.
 *  - A chart or kustomization that cannot be rendered in head is a new error whenever a file it reads changed.
 *  - A values adapter never reports what the chart's template may default.
 */
import { spawnSync } from 'node:child_process';
import { deployment, faultyHelm, NODECLASS, tempTree } from '../helpers.js';
import { describeEachHelm } from '../support/tools.js';
import { planOf, type PlanRun } from '../support/plan.js';

const AT = '2026-01-05T10:00:00Z';

const run = (args: string[]): Promise<PlanRun> => planOf([...args, '--at', AT]);

/** A NodePool chart: the instance categories come from values.yaml (`categories`). */
const POOL_TEMPLATE = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: {{ .Values.name | default "general" }}
spec:
  template:
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.k8s.aws/instance-category
          operator: In
          values: {{ toJson .Values.categories }}
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
`;

const chart = (prefix: string, values: string, extra: Record<string, string> = {}): Record<string, string> => ({
  [`${prefix}Chart.yaml`]: 'apiVersion: v2\nname: pools\nversion: 0.1.0\n',
  [`${prefix}values.yaml`]: values,
  [`${prefix}templates/nodepool.yaml`]: POOL_TEMPLATE,
  [`${prefix}templates/nodeclass.yaml`]: NODECLASS,
  ...extra,
});

const helmConfig = (bin: string, more = ''): string => `helm: { binary: ${JSON.stringify(bin)} }\n${more}`;

/** A workload only memory-optimised (category r) instances can take. */
const R_ONLY = deployment('cache', {
  cpu: '1',
  memory: '2Gi',
  podSpec: '      nodeSelector: { karpenter.k8s.aws/instance-category: r }\n',
});

describeEachHelm('a chart at the repository root', (helm) => {
  const repo = (categories: string, config: string) =>
    tempTree({
      ...chart('', `categories: ${categories}\n`, { 'templates/cache.yaml': R_ONLY }),
      '.karpenter-plan.yaml': config,
    });

  test('found without configuration: narrowing the categories in values.yaml is planned and fails the check', async () => {
    const base = repo('["c", "m", "r"]', helmConfig(helm.bin));
    const head = repo('["c", "m"]', helmConfig(helm.bin));
    const { plan, exitCode } = await run(['diff', '--base', base, '--head', head]);
    expect(plan.inputs.head.renderers).toEqual(['helm template .']);
    // The requirement changes from In [c, m, r] to In [c, m].
    expect(plan.nodePools).toEqual([
      expect.objectContaining({
        name: 'general',
        change: 'modified',
        changedFields: expect.arrayContaining([expect.stringMatching(/^spec\.template\.spec\.requirements/)]),
      }),
    ]);
    // cache selects category r: base's pool offers it, head's pool (c, m) cannot place it.
    expect(plan.workloads).toContainEqual(
      expect.objectContaining({
        name: 'cache',
        base: expect.objectContaining({ schedulable: true }),
        head: expect.objectContaining({ schedulable: false }),
      }),
    );
    expect(plan.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });

  test('`charts: [{ path: . }]` renders the same chart', async () => {
    const cfg = helmConfig(helm.bin, 'charts: [{ path: . }]\n');
    const { plan, exitCode } = await run([
      'diff',
      '--base',
      repo('["c", "m", "r"]', cfg),
      '--head',
      repo('["c", "m"]', cfg),
    ]);
    expect(plan.findings.filter((f) => f.rule === 'helm-template-failed')).toEqual([]);
    expect(plan.inputs.head.renderers).toEqual(['helm template .']);
    expect(plan.nodePools.map((p) => [p.name, p.change])).toEqual([['general', 'modified']]);
    expect(plan.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });
});

/** A chart whose template requires a value no values file sets: `helm template` fails in base and in head. */
const FAILING = (values: string): Record<string, string> =>
  chart('charts/pools/', values, {
    'charts/pools/templates/nodeclass.yaml': NODECLASS.replace(
      'role: NodeRole',
      'role: {{ required "nodeRole is required" .Values.nodeRole }}',
    ),
    'README.md': 'pools\n',
  });

describeEachHelm('chart values paths', (helm) => {
  test('`values` of `charts:` are relative to the state root, not to the chart', async () => {
    const repo = (categories: string) =>
      tempTree({
        ...chart('charts/pools/', 'categories: ["c"]\n', { 'charts/pools/templates/cache.yaml': R_ONLY }),
        'envs/prod/pools.yaml': `categories: ${categories}\n`,
        '.karpenter-plan.yaml': helmConfig(
          helm.bin,
          'charts: [{ path: charts/pools, values: [envs/prod/pools.yaml] }]\n',
        ),
      });
    const { plan, exitCode } = await run(['diff', '--base', repo('["c", "r"]'), '--head', repo('["c"]')]);
    expect(plan.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // envs/prod/pools.yaml (over the chart's values.yaml) decides the categories: r is dropped in head.
    expect(plan.nodePools.map((p) => [p.name, p.change])).toEqual([['general', 'modified']]);
    expect(plan.workloads).toContainEqual(
      expect.objectContaining({ name: 'cache', head: expect.objectContaining({ schedulable: false }) }),
    );
    expect(exitCode).toBe(1);
  });

  test('a chart in a kustomization’s charts/ folder (its helmCharts home) is the kustomization’s, not a chart source', async () => {
    const dir = tempTree({
      ...chart('app/charts/pools/', 'categories: ["c"]\n'),
      'app/kustomization.yaml': 'helmCharts:\n  - { name: pools, releaseName: pools }\n',
      'nodeclass.yaml': NODECLASS,
      '.karpenter-plan.yaml': helmConfig(helm.bin),
    });
    const { plan } = await run(['validate', dir]);
    expect((plan.inputs.head.renderers ?? []).filter((r) => r.startsWith('helm'))).toEqual([]);
    // kustomize is never run with --enable-helm: the kustomization is reported as not evaluated, at its file.
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', file: 'app/kustomization.yaml' }),
    );
  });

  test('a chart at the root with environment values files: rendered with values.yaml, the note says why', async () => {
    const dir = tempTree({
      ...chart('', 'categories: ["c"]\n'),
      'values-prod.yaml': 'categories: ["m"]\n',
      '.karpenter-plan.yaml': helmConfig(helm.bin),
    });
    const { plan } = await run(['validate', dir]);
    expect(plan.inputs.head.renderers).toEqual(['helm template .']);
    expect(plan.assumptions.join('\n')).toMatch(
      /Chart \. \(the root\) holds values files for environments \(values-prod\.yaml\)/,
    );
  });
});

describeEachHelm('render failures are judged by their inputs', (helm) => {
  test('a chart failing in base and head whose values changed: a new error at its Chart.yaml, exit 1', async () => {
    const cfg = { '.karpenter-plan.yaml': helmConfig(helm.bin) };
    const base = tempTree({ ...FAILING('categories: ["c", "m", "r"]\n'), ...cfg });
    const head = tempTree({ ...FAILING('categories: ["c", "m"]\n'), ...cfg });
    const { plan, exitCode } = await run(['diff', '--base', base, '--head', head]);
    const failure = plan.findings.find((f) => f.rule === 'helm-template-failed');
    expect(failure).toMatchObject({
      severity: 'error',
      new: true,
      file: 'charts/pools/Chart.yaml',
      line: 1,
      message: expect.stringMatching(/nodeRole is required.*this change edits its input charts\/pools\/values\.yaml/),
    });
    expect(plan.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });

  test('the same failure with none of its inputs changed is pre-existing', async () => {
    const cfg = { '.karpenter-plan.yaml': helmConfig(helm.bin) };
    const values = 'categories: ["c", "m"]\n';
    const base = tempTree({ ...FAILING(values), ...cfg });
    const head = tempTree({ ...FAILING(values), ...cfg, 'README.md': 'pools, documented\n' });
    const { plan } = await run(['diff', '--base', base, '--head', head]);
    expect(plan.findings.find((f) => f.rule === 'helm-template-failed')).toMatchObject({
      severity: 'error',
      new: false,
    });
    expect(plan.verdict).not.toBe('fail');
  });

  test('a dependency not vendored under charts/ is never fetched: an error naming it and how to vendor it', async () => {
    const deps =
      'apiVersion: v2\nname: pools\nversion: 0.1.0\ndependencies:\n  - { name: common, version: 2.x.x, repository: https://charts.example.com }\n';
    const repo = (categories: string, vendored: boolean) =>
      tempTree({
        ...chart('charts/pools/', `categories: ${categories}\n`, { 'charts/pools/Chart.yaml': deps }),
        ...(vendored
          ? {
              'charts/pools/charts/common/Chart.yaml': 'apiVersion: v2\nname: common\nversion: 2.1.0\ntype: library\n',
              'charts/pools/charts/common/templates/_helpers.tpl': '{{- define "common.name" -}}common{{- end -}}\n',
            }
          : {}),
        '.karpenter-plan.yaml': helmConfig(helm.bin),
      });
    const { plan, exitCode } = await run([
      'diff',
      '--base',
      repo('["c", "m", "r"]', false),
      '--head',
      repo('["c", "m"]', false),
    ]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'helm-template-failed',
        severity: 'error',
        new: true,
        file: 'charts/pools/Chart.yaml',
        message: expect.stringMatching(
          /depends on common \(https:\/\/charts\.example\.com\).*helm dependency build charts\/pools/,
        ),
      }),
    );
    expect(exitCode).toBe(1);
    // Vendored (unpacked under charts/), the chart renders and the change is planned.
    const ok = await run(['diff', '--base', repo('["c", "m", "r"]', true), '--head', repo('["c", "m"]', true)]);
    expect(ok.plan.findings.filter((f) => f.rule === 'helm-template-failed')).toEqual([]);
    expect(ok.plan.nodePools.map((p) => [p.name, p.change])).toEqual([['general', 'modified']]);
  });

  test('values adapter: with helm the chart is rendered for real, without it nothing the template defaults is an error', async () => {
    // The template defaults nodeClassRef's group and kind and skips an empty instanceProfile; values set neither.
    const template = `{{- range $name, $p := .Values.nodePool }}
---
apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: {{ $name }} }
spec:
  template:
    spec:
      nodeClassRef:
        group: {{ $p.nodeClassRef.group | default "karpenter.k8s.aws" }}
        kind: {{ $p.nodeClassRef.kind | default "EC2NodeClass" }}
        name: {{ $p.nodeClassRef.name }}
      requirements: {{ toJson $p.requirements }}
{{- end }}
{{- range $name, $c := .Values.nodeClass }}
---
apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: {{ $name }} }
spec:
  role: {{ $c.role }}
  {{- with $c.instanceProfile }}
  instanceProfile: {{ . }}
  {{- end }}
  amiSelectorTerms: [{ alias: al2023@latest }]
  subnetSelectorTerms: [{ tags: { k: v } }]
  securityGroupSelectorTerms: [{ tags: { k: v } }]
{{- end }}
`;
    const values = (weightless: string) => `nodePool:
  general:
    nodeClassRef: { name: default }
    requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: [${weightless}] }]
nodeClass:
  default:
    role: NodeRole
    instanceProfile: ""
`;
    const repo = (capacity: string, bin: string) =>
      tempTree({
        'charts/pools/Chart.yaml': 'apiVersion: v2\nname: pools\nversion: 0.1.0\n',
        'charts/pools/templates/pools.yaml': template,
        'charts/pools/values.yaml': values(capacity),
        '.karpenter-plan.yaml': helmConfig(bin, 'values:\n  - { files: [charts/pools/values.yaml], layout: map }\n'),
      });
    const withHelm = await run([
      'diff',
      '--base',
      repo('"on-demand"', helm.bin),
      '--head',
      repo('"on-demand", "spot"', helm.bin),
    ]);
    expect(withHelm.plan.inputs.head.renderers).toEqual(['helm template charts/pools']);
    expect(withHelm.plan.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(withHelm.plan.nodePools.map((p) => [p.name, p.change])).toEqual([['general', 'modified']]);
    const noHelm = await run([
      'diff',
      '--base',
      repo('"on-demand"', '/nonexistent/helm'),
      '--head',
      repo('"on-demand", "spot"', '/nonexistent/helm'),
    ]);
    expect(noHelm.plan.inputs.head.renderers).toEqual([]);
    expect(noHelm.plan.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // The adapter writes the AWS provider's group and kind where nodeClassRef names a class only; the EC2NodeClass
    // fields the template sets (selector terms) and the empty instanceProfile it skips are one info, not errors.
    expect(noHelm.plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'chart-defaults-not-applied',
        severity: 'info',
        object: 'EC2NodeClass/default',
        file: 'charts/pools/values.yaml',
        message: expect.stringMatching(/exactly one of 'role' or 'instanceProfile'/),
      }),
    );
    // The same verdict whichever way the chart was read.
    expect(noHelm.plan.verdict).toBe(withHelm.plan.verdict);
    expect(noHelm.exitCode).toBe(withHelm.exitCode);
  });
});

describe('renderers missing or broken while their inputs changed', () => {
  test('helm missing with a changed template of a configured chart with a fallback: an error, not a pass', async () => {
    const cfg =
      'helm: { binary: /nonexistent/helm }\ncharts: [{ path: charts/pools, fallbackValues: 0 }]\nvalues:\n  - { files: [fallback.yaml] }\n';
    const fallback =
      'nodePool:\n  general:\n    nodeClassRef: default\n    requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }]\nnodeClass:\n  default: { role: NodeRole, amiSelectorTerms: [{ alias: al2023@latest }], subnetSelectorTerms: [{ tags: { k: v } }], securityGroupSelectorTerms: [{ tags: { k: v } }] }\n';
    const repo = (template: string) =>
      tempTree({
        ...chart('charts/pools/', 'categories: ["c"]\n', { 'charts/pools/templates/nodepool.yaml': template }),
        'fallback.yaml': fallback,
        '.karpenter-plan.yaml': cfg,
      });
    const { plan, exitCode } = await run([
      'diff',
      '--base',
      repo(POOL_TEMPLATE),
      '--head',
      repo(POOL_TEMPLATE.replace('values: ["on-demand"]', 'values: ["spot"]')),
    ]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'helm-unavailable', severity: 'error', new: true, file: 'charts/pools' }),
    );
    expect(plan.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });

  test('helm missing with a changed values file of a chart found without configuration: not a pass', async () => {
    const cfg = { '.karpenter-plan.yaml': 'helm: { binary: /nonexistent/helm }\n' };
    const base = tempTree({ ...chart('', 'categories: ["c", "m", "r"]\n'), ...cfg });
    const head = tempTree({ ...chart('', 'categories: ["c", "m"]\n'), ...cfg });
    const { plan, exitCode } = await run(['diff', '--base', base, '--head', head]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', new: true, file: 'Chart.yaml' }),
    );
    expect(plan.verdict).toBe('fail');
    // Nothing at all could be evaluated (the chart is the whole repository): exit 2 rather than 1, never 0.
    expect(exitCode).not.toBe(0);
  });

  test.each(['crash', 'hang', 'garbage'] as const)(
    'a helm that fails (%s) while the chart changed: an error, never a pass',
    async (fault) => {
      // The hanging helm is stopped at the timeout (half a second, in base and in head); the others end on their own.
      const timeout = fault === 'hang' ? 0.5 : 10;
      const cfg = {
        '.karpenter-plan.yaml': `helm: { binary: ${JSON.stringify(faultyHelm(fault))} }\nrenderTimeoutSeconds: ${timeout}\n`,
      };
      const base = tempTree({ ...chart('charts/pools/', 'categories: ["c", "m", "r"]\n'), ...cfg });
      const head = tempTree({ ...chart('charts/pools/', 'categories: ["c", "m"]\n'), ...cfg });
      const { plan, exitCode } = await run(['diff', '--base', base, '--head', head]);
      expect(plan.verdict).toBe('fail');
      expect(exitCode).toBe(1);
      expect(plan.findings.some((f) => f.severity === 'error' && f.new)).toBe(true);
    },
  );
});

const kubectl = spawnSync('kubectl', ['kustomize', '--help'], { encoding: 'utf8' }).status === 0;
(kubectl ? describe : describe.skip)('kustomize (real kubectl kustomize)', () => {
  test('a kustomization failing in base and head whose resource changed: a new error at its kustomization.yaml', async () => {
    const repo = (weight: number) =>
      tempTree({
        'pools/kustomization.yaml': 'resources: [nodepool.yaml, missing.yaml]\n',
        'nodeclass.yaml': NODECLASS,
        'pools/nodepool.yaml': POOL_TEMPLATE.replace('{{ .Values.name | default "general" }}', 'general')
          .replace('{{ toJson .Values.categories }}', '["c"]')
          .replace('spec:\n  template:', `spec:\n  weight: ${weight}\n  template:`),
      });
    const { plan, exitCode } = await run(['diff', '--base', repo(10), '--head', repo(20)]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        severity: 'error',
        new: true,
        file: 'pools/kustomization.yaml',
        message: expect.stringMatching(/this change edits its input pools\/nodepool\.yaml/),
      }),
    );
    expect(exitCode).toBe(1);
  });
});
