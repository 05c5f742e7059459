/**
 * Flux CD repositories (issue 27): `clusters/<name>/` Kustomizations with `postBuild` substitution, rendered with the
 * real `kubectl kustomize`; a karpenter `HelmRelease` giving the controller settings. Expected values follow Flux's
 * documented behaviour (fluxcd/kustomize-controller docs/spec/v1/kustomizations.md "Post build variable
 * substitution": `substitute` wins over `substituteFrom`; `${var:=default}`; `$${var}` escapes; the
 * `kustomize.toolkit.fluxcd.io/substitute: disabled` annotation) and drone/envsubst (an unset variable is empty).
 */
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { defaultConfig, parseConfig } from '../../src/sources/config.js';
import { substitute } from '../../src/sources/envsubst.js';
import { loadState } from '../../src/sources/state.js';
import { discoverTargets } from '../../src/sources/targets.js';
import { DirTree } from '../../src/sources/tree.js';
import { nodePool, tempTree } from '../helpers.js';
import { realHelms } from '../support/tools.js';

async function plan(args: string[]): Promise<{ plan: Plan; exitCode: number }> {
  const r = await runCli([...args, '--format', 'json']);
  if (r.exitCode === 2 && !r.stdout) throw new Error(r.stderr);
  return { plan: JSON.parse(r.stdout) as Plan, exitCode: r.exitCode };
}

describe('Flux substitution rules (drone/envsubst as Flux runs it: strict mode off)', () => {
  const vars = new Map([
    ['cluster_name', 'prod-eks'],
    ['empty', ''],
  ]);
  test.each([
    ['${cluster_name}', 'prod-eks'],
    ['role-${cluster_name}-x', 'role-prod-eks-x'],
    ['${missing}', ''], // unset, no default → empty
    ['${missing:=fallback}', 'fallback'],
    ['${missing:-fallback}', 'fallback'],
    ['${empty:-fallback}', 'fallback'], // `:-` also replaces an empty value
    ['${empty-fallback}', ''], // `-` only an unset one
    ['$${cluster_name}', '${cluster_name}'], // escape
    ['$HOME and $5', '$HOME and $5'], // not `${...}`: left as written
  ])('%s → %s', (text, expected) => {
    expect(substitute(text, vars).text).toBe(expected);
  });
  test('an unset variable is kept when some variables come from objects outside the repository', () => {
    expect(substitute('${missing}', vars, true)).toEqual({ text: '${missing}', unset: ['missing'], unsupported: [] });
  });
});

const fluxKustomization = (name: string, path: string, postBuild: string) => `apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: ${name}
  namespace: flux-system
spec:
  interval: 10m
  path: ${path}
  prune: true
  sourceRef:
    kind: GitRepository
    name: flux-system
${postBuild}`;

const POOL = (expireAfter: string) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: \${pool_name}
spec:
  template:
    spec:
      expireAfter: ${expireAfter}
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: \${pool_name}
      requirements:
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["m6i", "m7i"]
`;
const CLASS = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: \${pool_name}
spec:
  role: KarpenterNodeRole-\${cluster_name}
  amiSelectorTerms: [{ alias: al2023@v20250101 }]
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: "\${cluster_name}" } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: "\${cluster_name}" } }]
`;
const SCRIPT = `apiVersion: v1
kind: ConfigMap
metadata:
  name: script
  annotations:
    kustomize.toolkit.fluxcd.io/substitute: disabled
data:
  run.sh: echo \${HOME}
`;

function fluxRepo(opts: { expireAfter?: string; gate?: boolean } = {}): Record<string, string> {
  return {
    'clusters/prod/flux-system/gotk-sync.yaml': fluxKustomization('flux-system', './clusters/prod', ''),
    'clusters/prod/flux-system/gotk-components.yaml':
      'apiVersion: v1\nkind: Namespace\nmetadata: { name: flux-system }\n',
    'clusters/prod/flux-system/kustomization.yaml': 'resources: [gotk-components.yaml, gotk-sync.yaml]\n',
    'clusters/prod/cluster-vars.yaml':
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: cluster-vars, namespace: flux-system }\ndata:\n  cluster_name: from-configmap\n  pool_name: general\n',
    'clusters/prod/infrastructure.yaml': fluxKustomization(
      'karpenter-pools',
      './infrastructure/karpenter',
      `  postBuild:
    substitute:
      cluster_name: prod-eks
    substituteFrom:
      - kind: ConfigMap
        name: cluster-vars
`,
    ),
    'clusters/prod/karpenter.yaml': `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: { name: karpenter, namespace: kube-system }
spec:
  interval: 1h
  chart:
    spec:
      chart: karpenter
      version: 1.8.0
      sourceRef: { kind: HelmRepository, name: karpenter }
  values:
    settings:
      clusterName: prod-eks
      featureGates:
        spotToSpotConsolidation: ${opts.gate ?? false}
`,
    'infrastructure/karpenter/kustomization.yaml': 'resources: [nodepool.yaml, nodeclass.yaml, script.yaml]\n',
    'infrastructure/karpenter/nodepool.yaml': POOL(opts.expireAfter ?? '720h'),
    'infrastructure/karpenter/nodeclass.yaml': CLASS,
    'infrastructure/karpenter/script.yaml': SCRIPT,
  };
}

describe('a Flux repository with clusters/prod and postBuild substitution', () => {
  test('the Flux Kustomization is the target; the folder of Flux objects only is not', () => {
    const tree = new DirTree(tempTree(fluxRepo()));
    expect(discoverTargets(tree, defaultConfig()).map((t) => [t.key, t.kind])).toEqual([
      ['karpenter-pools@prod', 'flux'],
    ]);
  });

  test('objects are built with the substituted names (substitute wins over substituteFrom), opted-out ones kept', () => {
    const state = loadState(new DirTree(tempTree(fluxRepo())), defaultConfig(), { target: 'karpenter-pools@prod' });
    expect(state.nodePools.map((p) => p.name)).toEqual(['general']);
    expect(state.nodeClasses.map((c) => [c.name, c.raw.spec])).toEqual([
      ['general', expect.objectContaining({ role: 'KarpenterNodeRole-prod-eks' })],
    ]);
    expect(state.renderers).toEqual([expect.stringMatching(/^flux build karpenter-pools@prod .*postBuild/)]);
    expect([...state.evaluated]).toEqual(
      expect.arrayContaining(['infrastructure/karpenter/nodepool.yaml', 'clusters/prod/cluster-vars.yaml']),
    );
    expect(state.findings.filter((f) => f.rule === 'unsubstituted-placeholder' || f.severity === 'error')).toEqual([]);
  });

  test('a NodePool change is planned under its substituted name, with no placeholder warning', async () => {
    const base = tempTree(fluxRepo());
    const head = tempTree(fluxRepo({ expireAfter: '360h' }));
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    // The only target: the run plans it as the whole repository (no --target needed).
    expect(p.nodePools).toEqual([
      expect.objectContaining({
        name: 'general',
        change: 'modified',
        changedFields: ['spec.template.spec.expireAfter'],
      }),
    ]);
    expect(p.findings.filter((f) => f.rule === 'unsubstituted-placeholder' || f.rule === 'empty-state')).toEqual([]);
    expect(p.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(exitCode).toBe(0);
  });

  test('a substituteFrom ConfigMap that is not in the repository: input-not-evaluated at the reference', async () => {
    const files = fluxRepo();
    delete files['clusters/prod/cluster-vars.yaml'];
    const dir = tempTree(files);
    const { plan: p, exitCode } = await plan(['validate', dir]);
    const f = p.findings.find((x) => x.rule === 'input-not-evaluated' && x.object === 'Kustomization/karpenter-pools');
    expect(f).toMatchObject({ severity: 'error', file: 'clusters/prod/infrastructure.yaml', line: 17 });
    expect(f!.message).toContain('ConfigMap flux-system/cluster-vars');
    // pool_name came from that ConfigMap: it stays a placeholder, so the pool and its class are not modelled either.
    expect(p.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        object: 'NodePool/${pool_name}',
        path: 'metadata.name',
        file: 'flux:karpenter-pools@prod',
      }),
    );
    expect(p.nodePools).toEqual([]);
    expect(p.verdict).toBe('fail');
    // Nothing Karpenter-relevant could be evaluated at all: exit 2 (could not evaluate), not a policy verdict.
    expect(exitCode).toBe(2);
  });
});

describe('a karpenter HelmRelease gives the controller settings', () => {
  test('settings.featureGates.spotToSpotConsolidation is read from spec.values, located', () => {
    const state = loadState(new DirTree(tempTree(fluxRepo({ gate: true }))), defaultConfig());
    expect(state.settings.featureGates.spotToSpotConsolidation).toBe(true);
    // The line of `spotToSpotConsolidation:` in clusters/prod/karpenter.yaml (line 15).
    expect(state.settings.origin).toContain(
      'featureGates.spotToSpotConsolidation=true (clusters/prod/karpenter.yaml:15)',
    );
    expect(state.evaluated.has('clusters/prod/karpenter.yaml')).toBe(true);
  });

  test('valuesFrom a ConfigMap of the repository, with spec.values merged over it', () => {
    const files = fluxRepo();
    files['clusters/prod/karpenter.yaml'] = files['clusters/prod/karpenter.yaml']
      .replace('  values:\n', '  valuesFrom:\n    - kind: ConfigMap\n      name: karpenter-values\n  values:\n')
      .replace('spotToSpotConsolidation: false', 'nodeRepair: true');
    files['clusters/prod/karpenter-values.yaml'] =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: karpenter-values, namespace: kube-system }\ndata:\n  values.yaml: |\n    settings:\n      featureGates:\n        spotToSpotConsolidation: true\n        nodeRepair: false\n';
    const state = loadState(new DirTree(tempTree(files)), defaultConfig());
    expect(state.settings.featureGates).toMatchObject({ spotToSpotConsolidation: true, nodeRepair: true });
  });

  test('turning the gate on in the HelmRelease is read: spot-to-spot-few-types fires in head only', async () => {
    const spot = (gate: boolean) => {
      const files = fluxRepo({ gate });
      files['infrastructure/karpenter/nodepool.yaml'] = POOL('720h').replace(
        'values: ["m6i", "m7i"]',
        'values: ["m6i"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["spot"]\n        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m6i.large"]',
      );
      return tempTree(files);
    };
    const { plan: p } = await plan(['diff', '--base', spot(false), '--head', spot(true)]);
    expect(p.findings.filter((f) => f.rule === 'spot-to-spot-few-types')).toEqual([
      expect.objectContaining({ new: true, object: 'NodePool/general' }),
    ]);
  });
});

describe('several clusters, generated kustomizations and charts of the repository', () => {
  /** clusters/prod and clusters/staging apply the same folder with their own variables and controller settings. */
  function twoClusters(expireAfter = '720h'): string {
    const files = fluxRepo({ expireAfter, gate: true });
    files['clusters/staging/infrastructure.yaml'] = fluxKustomization(
      'karpenter-pools',
      './infrastructure/karpenter',
      '  postBuild:\n    substitute:\n      cluster_name: staging-eks\n      pool_name: staging\n',
    );
    files['clusters/staging/karpenter.yaml'] = files['clusters/prod/karpenter.yaml'].replace(
      'spotToSpotConsolidation: true',
      'spotToSpotConsolidation: false',
    );
    return tempTree(files);
  }

  test('each cluster is a target with its own substituted names and its own controller settings', () => {
    const tree = new DirTree(twoClusters());
    expect(discoverTargets(tree, defaultConfig()).map((t) => t.key)).toEqual([
      'karpenter-pools@prod',
      'karpenter-pools@staging',
    ]);
    const prod = loadState(tree, defaultConfig(), { target: 'karpenter-pools@prod' });
    const staging = loadState(tree, defaultConfig(), { target: 'karpenter-pools@staging' });
    expect(prod.nodePools.map((p) => p.name)).toEqual(['general']);
    expect(staging.nodePools.map((p) => p.name)).toEqual(['staging']);
    expect(staging.nodeClasses[0].raw.spec).toMatchObject({ role: 'KarpenterNodeRole-staging-eks' });
    expect(prod.settings.featureGates.spotToSpotConsolidation).toBe(true);
    expect(staging.settings.featureGates.spotToSpotConsolidation).toBe(false);
  });

  test('a change to the shared folder affects both clusters, each planned under its own name', async () => {
    const { plan: p, exitCode } = await plan(['diff', '--base', twoClusters(), '--head', twoClusters('360h')]);
    expect(p.clusters!.map((c) => [c.key, c.affected, c.plan?.nodePools.map((n) => [n.name, n.change])])).toEqual([
      ['karpenter-pools@prod', true, [['general', 'modified']]],
      ['karpenter-pools@staging', true, [['staging', 'modified']]],
    ]);
    expect(exitCode).toBe(0);
  });

  test('a folder without a kustomization file is built as Flux generates one for it', () => {
    const files = fluxRepo();
    delete files['infrastructure/karpenter/kustomization.yaml'];
    const state = loadState(new DirTree(tempTree(files)), defaultConfig(), { target: 'karpenter-pools@prod' });
    expect(state.nodePools.map((p) => p.name)).toEqual(['general']);
    expect(state.nodeClasses.map((c) => c.name)).toEqual(['general']);
    // Not read a second time as plain manifests (the placeholders would make them not evaluated).
    expect(state.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  const helm = realHelms().available[0];
  (helm ? test : test.skip)(
    'a HelmRelease of a chart folder of this repository that templates NodePools is rendered with helm',
    () => {
      const bin = helm!.bin;
      const files = fluxRepo();
      files['infrastructure/karpenter/pools-release.yaml'] = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: { name: pools, namespace: flux-system }
spec:
  interval: 1h
  chart:
    spec:
      chart: ./charts/pools
      sourceRef: { kind: GitRepository, name: flux-system }
  values:
    weight: 42
`;
      files['infrastructure/karpenter/kustomization.yaml'] =
        'resources: [nodepool.yaml, nodeclass.yaml, script.yaml, pools-release.yaml]\n';
      files['charts/pools/Chart.yaml'] = 'apiVersion: v2\nname: pools\nversion: 0.1.0\n';
      files['charts/pools/templates/pool.yaml'] = nodePool('from-chart', { weight: 1 }).replace(
        'weight: 1',
        'weight: {{ .Values.weight }}',
      );
      files['.karpenter-plan.yaml'] = `helm: { binary: ${JSON.stringify(bin)} }\n`;
      const dir = tempTree(files);
      const config = parseConfig('.karpenter-plan.yaml', files['.karpenter-plan.yaml'], []);
      const state = loadState(new DirTree(dir), config, { target: 'karpenter-pools@prod' });
      // The real helm writes the values' weight (42, from spec.values) into the template.
      expect(state.nodePools.find((p) => p.name === 'from-chart')?.raw.spec).toMatchObject({ weight: 42 });
      expect(state.renderers).toContainEqual('helm template charts/pools');
    },
  );
});
