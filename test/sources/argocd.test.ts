/**
 * Argo CD Applications (issue 10): multi-source `$ref` value files, kustomize sources with Argo CD's edits, directory
 * sources, and the karpenter controller chart's settings per destination. Each Application that renders something
 * of this repository is a target `<name>@<destination>`. Expected values follow Argo CD's documented behaviour
 * (https://argo-cd.readthedocs.io/en/stable/user-guide/multiple_sources/, .../user-guide/kustomize/,
 * .../user-guide/directory/), checked against the real `kubectl kustomize` and a stand-in helm.
 */
import { readFileSync } from 'node:fs';
import type { Plan } from '../../src/plan/contract.js';
import { nodePool, NODECLASS, spyHelm, tempTree } from '../helpers.js';
import { describeEachHelm } from '../support/tools.js';
import { planOf } from '../support/plan.js';

async function plan(args: string[]): Promise<Plan> {
  return (await planOf(args)).plan;
}

const app = (name: string, server: string, sourceYaml: string) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: ${name}, namespace: argocd }
spec:
  project: default
  destination: { server: ${server}, namespace: karpenter }
${sourceYaml}
`;

describeEachHelm('multi-source Applications with $ref value files', (helm) => {
  const chart = {
    'charts/pools/Chart.yaml': 'apiVersion: v2\nname: pools\nversion: 0.1.0\n',
    'charts/pools/templates/pool.yaml': nodePool('from-chart', { weight: 1 }).replace(
      'weight: 1',
      'weight: {{ .Values.weight }}',
    ),
    'charts/pools/templates/nodeclass.yaml': NODECLASS,
    'envs/prod/values.yaml': 'weight: 42\n',
  };
  const sources = (valuesRepo: string) => `  sources:
    - repoURL: https://github.com/example/platform.git
      path: charts/pools
      helm:
        valueFiles: [$values/envs/prod/values.yaml]
    - repoURL: ${valuesRepo}
      targetRevision: HEAD
      ref: values`;

  test('$values/… is the file of this repository when the ref source is this repository', async () => {
    const { bin, log } = spyHelm(helm.bin);
    const state = (weight: number) =>
      tempTree({
        ...chart,
        'envs/prod/values.yaml': `weight: ${weight}\n`,
        'apps/pools.yaml': app(
          'pools',
          'https://kubernetes.default.svc',
          sources('https://github.com/example/platform'),
        ),
        '.karpenter-plan.yaml': `helm: { binary: ${JSON.stringify(bin)} }\nrepoURLs: [https://github.com/example/platform.git]\n`,
      });
    const p = await plan(['diff', '--base', state(42), '--head', state(43)]);
    expect(p.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string[])
      .filter((a) => a[0] === 'template');
    for (const call of calls)
      expect(call.filter((_a, i) => call[i - 1] === '--values')).toEqual([
        expect.stringMatching(/\/tree\/envs\/prod\/values\.yaml$/),
      ]);
    expect(p.assumptions).toContainEqual(
      expect.stringMatching(/github\.com\/example\/platform\.git is this repository/),
    );
    // helm writes the values' weight into the template: the change of the $values file is planned.
    expect(p.nodePools).toEqual([
      expect.objectContaining({ name: 'from-chart', change: 'modified', changedFields: ['spec.weight'] }),
    ]);
  });

  test('a $ref into another repository is not evaluated, located at the value file', async () => {
    const bin = helm.bin;
    const dir = tempTree({
      ...chart,
      'apps/pools.yaml': app('pools', 'https://kubernetes.default.svc', sources('https://github.com/example/values')),
      '.karpenter-plan.yaml': `helm: { binary: ${JSON.stringify(bin)} }\nrepoURLs: [https://github.com/example/platform.git]\n`,
    });
    const p = await plan(['validate', dir]);
    // Line 11 of apps/pools.yaml is `valueFiles: [...]`.
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', file: 'apps/pools.yaml', line: 11 }),
    );
    expect(p.verdict).toBe('fail');
  });
});

describe('kustomize sources', () => {
  const files = {
    'base/kustomization.yaml': 'resources: [nodeclass.yaml, nodepool.yaml]\n',
    'base/nodeclass.yaml': NODECLASS,
    'base/nodepool.yaml': nodePool('general', { weight: 10 }),
  };
  const kustomizeApp = (weight: number) =>
    app(
      'pools',
      'https://kubernetes.default.svc',
      `  source:
    repoURL: https://github.com/example/platform.git
    path: base
    kustomize:
      namePrefix: prod-
      patches:
        - target: { kind: NodePool, name: general }
          patch: |-
            - op: replace
              path: /spec/weight
              value: ${weight}`,
    );

  test('namePrefix and inline patches are applied as Argo CD applies them; the change is planned', async () => {
    const base = tempTree({ ...files, 'apps/pools.yaml': kustomizeApp(20) });
    const head = tempTree({ ...files, 'apps/pools.yaml': kustomizeApp(30) });
    const p = await plan(['diff', '--base', base, '--head', head]);
    // kustomize's prefix transformer renames the NodePool; the patch (replace /spec/weight) sets 20 then 30.
    expect(p.nodePools).toEqual([
      expect.objectContaining({ name: 'prod-general', change: 'modified', changedFields: ['spec.weight'] }),
    ]);
    expect(p.inputs.head.renderers).toEqual([
      expect.stringMatching(/kustomize(?: build)? base \(Application pools\)$/),
    ]);
    // The Application's copy of the kustomization was edited, not the state's file.
    expect(readFileSync(`${head}/base/kustomization.yaml`, 'utf8')).toBe(files['base/kustomization.yaml']);
  });
});

describe('directory sources', () => {
  const dirApp = (name: string, server: string, path: string) =>
    app(
      name,
      server,
      `  source:
    repoURL: https://github.com/example/platform.git
    path: ${path}
    directory:
      recurse: true
      include: '*.yaml'
      exclude: 'drafts/*'`,
    );
  const files = (weightB: number) => ({
    'apps/a.yaml': dirApp('pools-a', 'https://a.example.com', 'clusters/a'),
    'apps/b.yaml': dirApp('pools-b', 'https://b.example.com', 'clusters/b'),
    'clusters/a/nodeclass.yaml': NODECLASS,
    'clusters/a/pools/general.yaml': nodePool('general', { weight: 10 }),
    // Excluded: a partial object that would be an error if it were read.
    'clusters/a/drafts/wip.yaml': 'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: wip }\nspec: {}\n',
    'clusters/b/nodeclass.yaml': NODECLASS,
    'clusters/b/general.yaml': nodePool('general', { weight: weightB }),
    '.karpenter-plan.yaml':
      'clusters:\n  - { name: a, server: https://a.example.com }\n  - { name: b, server: https://b.example.com }\n',
  });

  test('each Application reads its folder only (recurse, include, exclude); the same NodePool name in two clusters is no conflict', async () => {
    const p = await plan(['validate', tempTree(files(10))]);
    expect(p.clusters?.map((c) => c.key)).toEqual(['pools-a@a', 'pools-b@b']);
    expect(p.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // Each reads its own Application's file, not the other's (a loose file joins no other target).
    expect(p.clusters?.map((c) => c.plan?.inputs.head.files)).toEqual([
      ['apps/a.yaml', 'clusters/a/nodeclass.yaml', 'clusters/a/pools/general.yaml'],
      ['apps/b.yaml', 'clusters/b/general.yaml', 'clusters/b/nodeclass.yaml'],
    ]);
  });

  test('a change in one folder affects exactly that Application', async () => {
    const p = await plan(['diff', '--base', tempTree(files(10)), '--head', tempTree(files(20))]);
    expect(p.clusters?.filter((c) => c.affected).map((c) => c.key)).toEqual(['pools-b@b']);
  });
});

describe('the karpenter controller chart sets the settings of its destination only', () => {
  const overlay = `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: o }
spec:
  requirements: [{ key: karpenter.k8s.aws/instance-family, operator: In, values: [c7i] }]
  priceAdjustment: "+10%"
`;
  const controller = (server: string, gate: boolean) =>
    app(
      `karpenter-${server.includes('a.') ? 'a' : 'b'}`,
      server,
      `  source:
    repoURL: public.ecr.aws/karpenter
    chart: karpenter
    targetRevision: 1.8.0
    helm:
      valuesObject: { settings: { featureGates: { nodeOverlay: ${gate} } } }`,
    );
  const dirApp = (name: string, server: string, path: string) =>
    app(name, server, `  source:\n    repoURL: https://github.com/example/platform.git\n    path: ${path}`);

  test('overlay-gate-disabled fires for the cluster whose controller leaves the gate off, not for the other', async () => {
    const dir = tempTree({
      'apps/a.yaml': dirApp('pools-a', 'https://a.example.com', 'clusters/a'),
      'apps/b.yaml': dirApp('pools-b', 'https://b.example.com', 'clusters/b'),
      'apps/karpenter-a.yaml': controller('https://a.example.com', true),
      'apps/karpenter-b.yaml': controller('https://b.example.com', false),
      'clusters/a/nodeclass.yaml': NODECLASS,
      'clusters/a/pool.yaml': nodePool('p'),
      'clusters/a/overlay.yaml': overlay,
      'clusters/b/nodeclass.yaml': NODECLASS,
      'clusters/b/pool.yaml': nodePool('p'),
      'clusters/b/overlay.yaml': overlay,
    });
    const p = await plan(['validate', dir]);
    const gated = (key: string) =>
      p.clusters!.find((c) => c.key === key)!.plan!.findings.filter((f) => f.rule === 'overlay-gate-disabled');
    expect(p.clusters?.map((c) => c.key)).toEqual(['pools-a@a.example.com', 'pools-b@b.example.com']);
    expect(gated('pools-a@a.example.com')).toEqual([]);
    expect(gated('pools-b@b.example.com')).toHaveLength(1);
  });
});
