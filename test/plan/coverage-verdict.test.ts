/**
 * The verdict follows coverage (issue 20): small repositories for each layout where a run used to pass without
 * evaluating anything, drop a flag, or fail over a folder that is not a cluster. Each test asserts the exit code, the
 * verdict and where a finding points.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { runActionInProcess } from '../support/action-runner.js';
import { deployment, NODECLASS, nodePool, tempTree } from '../helpers.js';

const AT = '2026-01-05T10:00:00Z';

/** A git repository with a base commit and a head commit (the head's files written over the base's; null deletes). */
function repo(base: Record<string, string>, head: Record<string, string | null>): string {
  const dir = tempTree(base);
  const git = (...a: string[]) =>
    execFileSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], {
      encoding: 'utf8',
    }).trim();
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  git('tag', 'base');
  for (const [p, text] of Object.entries(head)) {
    if (text === null) rmSync(join(dir, p));
    else {
      mkdirSync(dirname(join(dir, p)), { recursive: true });
      writeFileSync(join(dir, p), text);
    }
  }
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'head');
  return dir;
}

const diff = (dir: string, ...extra: string[]) =>
  runCli(['diff', '--repo', dir, '--base-ref', 'base', '--head-ref', 'HEAD', '--at', AT, ...extra]);

/** The files of a fixture folder, by path. */
function fixture(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(join(root, d))) {
      const p = d ? `${d}/${e}` : e;
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else out[p] = readFileSync(join(root, p), 'utf8');
    }
  };
  walk('');
  return out;
}

describe('--path and --target that exist in neither revision: exit 2 with the nearest names', () => {
  test('a typo in --path names the folder meant', async () => {
    const dir = repo(
      { 'clusters/prod/nodeclass.yaml': NODECLASS, 'clusters/prod/pool.yaml': nodePool('general') },
      { 'clusters/prod/pool.yaml': nodePool('general', { weight: 5 }) },
    );
    const r = await diff(dir, '--path', 'clusters/prdo', '--format', 'json');
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--path clusters\/prdo .* is a folder of neither .* did you mean clusters\/prod\?/);
    // The folder spelt right is planned.
    expect((await diff(dir, '--path', 'clusters/prod', '--format', 'json')).exitCode).toBe(0);
  });

  test('a typo in --target names the target meant', async () => {
    const base = tempTree({
      'base/kustomization.yaml': 'resources: [pool.yaml, nodeclass.yaml]\n',
      'base/pool.yaml': nodePool('general'),
      'base/nodeclass.yaml': NODECLASS,
      'overlays/prod/kustomization.yaml': 'resources: [../../base]\n',
      'overlays/dev/kustomization.yaml': 'resources: [../../base]\n',
    });
    const r = await runCli(['diff', '--base', base, '--head', base, '--target', 'overlays/prdo', '--at', AT]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/did you mean overlays\/prod\b/);
  });
});

describe('the same through the action (inputs path and target)', () => {
  /**
   * Runs the action in this process (test/support/action-runner.ts; action.test.ts runs the bundle itself) for a push
   * from `base` to HEAD, without any reporting.
   */
  const action = (dir: string, inputs: Record<string, string>) => {
    const run = tempTree({ 'event.json': '{}', 'summary.md': '', 'output.txt': '' });
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: run,
      GITHUB_EVENT_PATH: join(run, 'event.json'),
      GITHUB_STEP_SUMMARY: join(run, 'summary.md'),
      GITHUB_OUTPUT: join(run, 'output.txt'),
      RUNNER_TEMP: run,
      INPUT_COMMENT: 'off',
      INPUT_STATUS: 'off',
      'INPUT_BASE-REF': 'base',
      'INPUT_HEAD-REF': 'HEAD',
      INPUT_AT: AT,
    };
    for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
    return runActionInProcess(dir, env);
  };

  test('a typo in the path input fails the step with the folder meant; the right one passes', async () => {
    const dir = repo(
      { 'clusters/prod/nodeclass.yaml': NODECLASS, 'clusters/prod/pool.yaml': nodePool('general') },
      { 'clusters/prod/pool.yaml': nodePool('general', { weight: 5 }) },
    );
    const bad = await action(dir, { path: 'clusters/prdo' });
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toMatch(
      /::error::karpenter-plan could not run: --path clusters\/prdo .*did you mean clusters\/prod\?/,
    );
    const good = await action(dir, { path: 'clusters/prod' });
    expect(good.stdout).not.toMatch(/::error::/);
    expect(good.code).toBe(0);
  });
});

describe('nothing to plan is never a pass', () => {
  test('base and head without any Karpenter object: exit 2 naming the folders read and what was found', async () => {
    const dir = repo(
      { 'apps/web/deploy.yaml': deployment('web'), 'README.md': 'apps\n' },
      { 'apps/web/deploy.yaml': deployment('web', { replicas: 3 }) },
    );
    const r = await diff(dir, '--format', 'json');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/nothing to plan: .* hold no NodePool, EC2NodeClass or NodeOverlay/);
    expect(r.stderr).toMatch(/Read: apps\/web /);
    expect(r.stderr).toMatch(/found instead: 1 Deployment/);
    expect(r.stderr).toMatch(/expectKarpenterObjects: false/);
  });

  test('expectKarpenterObjects: false lets a repository without Karpenter objects pass', async () => {
    const dir = repo(
      { 'apps/web/deploy.yaml': deployment('web'), '.karpenter-plan.yaml': 'expectKarpenterObjects: false\n' },
      { 'apps/web/deploy.yaml': deployment('web', { replicas: 3 }) },
    );
    const r = await diff(dir, '--format', 'json');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).verdict).toBe('pass');
  });

  test('validate of a folder without Karpenter objects: exit 2', async () => {
    const r = await runCli(['validate', tempTree({ 'README.md': 'nothing here\n' })]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/nothing to plan: .*found instead: no Kubernetes object/);
  });
});

describe('--path at an overlay whose bases lie outside it', () => {
  test('the finding suggests --target', async () => {
    const files = fixture('test/fixtures/kustomize-repo');
    const dir = repo(files, { 'overlays/production/nodepool-patch.yaml': NARROW_PRODUCTION });
    const r = await diff(dir, '--path', 'overlays/production', '--format', 'json');
    const plan = JSON.parse(r.stdout);
    const f = plan.findings.find((x: { rule: string }) => x.rule === 'input-not-evaluated');
    expect(f.file).toBe('kustomization.yaml');
    expect(f.message).toMatch(/plan from the repository's root with --target overlays\/production/);
    expect(r.exitCode).not.toBe(0);
  });
});

// 10 NodeClaims of the production pool: 4 m6i, 3 m7i, 3 m8i (as test/sources/kustomize.test.ts). Head drops m6i from
// production's families: its 4 m6i nodes drift (karpenter pkg/controllers/nodeclaim/disruption/drift.go
// areRequirementsDrifted) — 4 replaced; dev and staging are not affected.
const NARROW_PRODUCTION = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  limits:
    cpu: "2000"
  template:
    spec:
      requirements:
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["m7i", "m8i"]
        - key: karpenter.k8s.aws/instance-size
          operator: In
          values: ["xlarge", "2xlarge"]
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
`;
const FAMILIES = ['m6i', 'm6i', 'm6i', 'm6i', 'm7i', 'm7i', 'm7i', 'm8i', 'm8i', 'm8i'];
function fleetFile(): string {
  const items = FAMILIES.map((f, i) => ({
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: {
      name: `general-${i}`,
      labels: {
        'karpenter.sh/nodepool': 'general',
        'karpenter.k8s.aws/instance-family': f,
        'karpenter.k8s.aws/instance-size': 'xlarge',
        'node.kubernetes.io/instance-type': `${f}.xlarge`,
        'karpenter.sh/capacity-type': 'on-demand',
        'topology.kubernetes.io/zone': 'us-east-1a',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/os': 'linux',
      },
      annotations: { 'karpenter.sh/nodepool-hash-version': 'v3' },
      creationTimestamp: '2026-01-02T08:00:00Z',
    },
    status: {
      providerID: `aws:///us-east-1a/i-${String(i).padStart(16, '0')}`,
      nodeName: `node-${i}`,
      conditions: [
        { type: 'Launched', status: 'True' },
        { type: 'Initialized', status: 'True' },
      ],
    },
  }));
  const dir = tempTree({ 'fleet.json': JSON.stringify({ apiVersion: 'v1', kind: 'List', items }) });
  return join(dir, 'fleet.json');
}

describe('a fleet given for a run of several targets is never dropped', () => {
  const files = fixture('test/fixtures/kustomize-repo');

  test('several affected targets and no --target: exit 2 listing them', async () => {
    // The base's families change: dev, production and staging are all affected.
    const dir = repo(files, {
      'base/nodepool.yaml': files['base/nodepool.yaml'].replace('["m6i", "m7i", "m8i"]', '["m7i", "m8i"]'),
    });
    const r = await diff(dir, '--fleet', fleetFile(), '--format', 'json');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /the change affects 3 targets that could take it: overlays\/dev, overlays\/production, overlays\/staging; plan one with --target KEY/,
    );
    // With --target, the snapshot applies to the one planned.
    const one = await diff(dir, '--fleet', fleetFile(), '--target', 'overlays/production', '--format', 'json');
    expect(one.exitCode).toBe(0);
    expect(JSON.parse(one.stdout).summary.nodesReplaced).toBe(4);
  });

  test('exactly one affected target: the snapshot applies to it, and the headline says so', async () => {
    const dir = repo(files, { 'overlays/production/nodepool-patch.yaml': NARROW_PRODUCTION });
    // One run for the Markdown report and, beside it, the JSON plan.
    const json = join(tempTree({}), 'plan.json');
    const md = await diff(dir, '--fleet', fleetFile(), '--json-out', json);
    expect(md.exitCode).toBe(0);
    const plan = JSON.parse(readFileSync(json, 'utf8'));
    expect(plan.clusters.filter((c: { affected: boolean }) => c.affected).map((c: { key: string }) => c.key)).toEqual([
      'overlays/production',
    ]);
    expect(plan.summary.nodesReplaced).toBe(4);
    expect(plan.assumptions.join('\n')).toMatch(/applies to overlays\/production, the only affected target/);
    expect(md.stdout).toMatch(/3 targets, 1 affected \(the fleet snapshot applied to overlays\/production\)/);
  });
});

const LABELLED_POOL = nodePool('gpu', {
  extraTemplateSpec: '',
  requirements: `        - key: example.com/team
          operator: In
          values: ["ml"]`,
});

describe('targets are clusters, not folders', () => {
  const karpenter = {
    'karpenter/kustomization.yaml': 'resources: [nodeclass.yaml, pool.yaml]\n',
    'karpenter/nodeclass.yaml': NODECLASS,
    'karpenter/pool.yaml': LABELLED_POOL,
  };
  const app = (replicas: number) => ({
    'apps/trainer/kustomization.yaml': 'resources: [deploy.yaml]\n',
    'apps/trainer/deploy.yaml': deployment('trainer', {
      replicas,
      podSpec: '      nodeSelector: { example.com/team: ml }\n',
    }),
  });

  test('an application kustomization beside the Karpenter one is no target: no false custom-label-undeclared', async () => {
    const dir = repo({ ...karpenter, ...app(2) }, { ...app(3) });
    const r = await diff(dir, '--format', 'json');
    const plan = JSON.parse(r.stdout);
    expect(plan.findings.filter((f: { rule: string }) => f.rule === 'custom-label-undeclared')).toEqual([]);
    expect(plan.clusters).toBeUndefined();
    expect(plan.assumptions.join('\n')).toMatch(/1 kustomization\(s\) hold no NodePool.*\(apps\/trainer\)/);
    expect(plan.verdict).toBe('pass');
    expect(r.exitCode).toBe(0);
  });

  test('a replicas: 0 workload is judged by no rule', async () => {
    // The label is declared by no NodePool: with one replica, custom-label-undeclared (an error); with none, nothing.
    const pool = nodePool('general');
    const deploy = (replicas: number) =>
      deployment('idle', { replicas, podSpec: '      nodeSelector: { example.com/undeclared: x }\n' });
    const run = async (replicas: number) =>
      JSON.parse(
        (
          await runCli([
            'validate',
            tempTree({ 'n.yaml': NODECLASS, 'p.yaml': pool, 'd.yaml': deploy(replicas) }),
            '--format',
            'json',
          ])
        ).stdout,
      );
    expect((await run(1)).findings.map((f: { rule: string }) => f.rule)).toContain('custom-label-undeclared');
    expect((await run(0)).findings.map((f: { rule: string }) => f.rule)).not.toContain('custom-label-undeclared');
  });

  test('two overlays of one application over one base are not clusters: the plain NodePools are planned once', async () => {
    const pools = {
      'karpenter/nodeclass.yaml': NODECLASS,
      'karpenter/pool.yaml': nodePool('general'),
      'karpenter/api.yaml': deployment('api', { replicas: 3, cpu: '1' }),
    };
    const overlays = {
      'app/base/kustomization.yaml': 'resources: [deploy.yaml]\n',
      'app/base/deploy.yaml': deployment('web', { replicas: 4, cpu: '1' }),
      'app/overlays/a/kustomization.yaml': 'resources: [../../base]\nnamePrefix: a-\n',
      'app/overlays/b/kustomization.yaml': 'resources: [../../base]\nnamePrefix: b-\n',
    };
    // Head adds a template label: the NodePool's hash changes, so every node of the pool drifts (static drift:
    // karpenter pkg/controllers/nodeclaim/disruption/drift.go isStaticFieldDrifted).
    const narrowed = nodePool('general').replace(
      '  template:\n    spec:',
      '  template:\n    metadata: { labels: { team: a } }\n    spec:',
    );
    const withOverlays = JSON.parse(
      (await diff(repo({ ...pools, ...overlays }, { 'karpenter/pool.yaml': narrowed }), '--format', 'json')).stdout,
    );
    const alone = JSON.parse((await diff(repo(pools, { 'karpenter/pool.yaml': narrowed }), '--format', 'json')).stdout);
    expect(withOverlays.clusters).toBeUndefined();
    expect(alone.summary.nodesReplaced).toBeGreaterThan(0);
    // Counted once: the same NodePools and fleet as without the application overlays.
    expect(withOverlays.summary.nodesReplaced).toBe(alone.summary.nodesReplaced);
  });
});

describe('loose plain files and Applications join one target, never every one', () => {
  // One instance type, m7i.xlarge (4 vCPU, allocatable under 4): a pod requesting 3 CPU takes a node of its own, so a
  // cluster's nodes are its pods. A template label added in head changes the NodePool's hash: every node of the pool
  // drifts and is replaced (karpenter pkg/controllers/nodeclaim/disruption/drift.go isStaticFieldDrifted).
  const onePodPerNode = `        - key: node.kubernetes.io/instance-type
          operator: In
          values: ["m7i.xlarge"]`;
  const pool = (name: string, nodeClass = 'default') =>
    nodePool(name, { requirements: onePodPerNode }).replace('name: default }', `name: ${nodeClass} }`);
  const drifted = (text: string) =>
    text.replace('  template:\n    spec:', '  template:\n    metadata: { labels: { team: a } }\n    spec:');
  const big = (name: string, replicas: number, podSpec = '') => deployment(name, { replicas, cpu: '3', podSpec });
  const replicasPatch = (n: number) =>
    `resources: [../../base]\npatches:\n  - target: { kind: Deployment, name: web }\n    patch: |-\n      - op: replace\n        path: /spec/replicas\n        value: ${n}\n`;
  const overlays = {
    'base/kustomization.yaml': 'resources: [nodeclass.yaml, pool.yaml, web.yaml]\n',
    'base/nodeclass.yaml': NODECLASS,
    'base/pool.yaml': pool('general'),
    'base/web.yaml': big('web', 1),
    'overlays/dev/kustomization.yaml': replicasPatch(4),
    'overlays/prod/kustomization.yaml': replicasPatch(5),
  };
  type Cluster = { key: string; plan: { summary: { nodesReplaced: number } } | null };
  const replaced = (plan: { clusters: Cluster[] }) =>
    Object.fromEntries(plan.clusters.map((c) => [c.key, c.plan?.summary.nodesReplaced ?? null]));

  test('two overlays over one base and a loose workload file: each overlay replaces its own nodes, counted once', async () => {
    const dir = repo(
      { ...overlays, 'workloads/app.yaml': big('api', 3) },
      { 'base/pool.yaml': drifted(pool('general')) },
    );
    const r = await diff(dir, '--format', 'json');
    expect(r.exitCode).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.verdict).toBe('pass');
    // dev runs 4 web pods (4 nodes), prod 5 (5 nodes); api's 3 pods are in no overlay: they join neither.
    expect(replaced(plan)).toEqual({ 'overlays/dev': 4, 'overlays/prod': 5 });
    expect(plan.summary.nodesReplaced).toBe(4 + 5);
    expect(plan.assumptions.join('\n')).toMatch(
      /Targets: the loose plain manifests hold no NodePool.*\(1 loose file\(s\)\); their workloads join no target here/,
    );
  });

  test('a loose NodePool file outside any kustomization is planned once, in the plain target', async () => {
    const batch = (text: string) => `${NODECLASS.replace('name: default', 'name: batch')}---\n${text}`;
    const files = {
      ...overlays,
      'pools/batch.yaml': batch(pool('batch', 'batch')),
      'workloads/app.yaml': big('api', 3, '      nodeSelector: { karpenter.sh/nodepool: batch }\n'),
    };
    const dir = repo(files, {
      'base/pool.yaml': drifted(pool('general')),
      'pools/batch.yaml': batch(drifted(pool('batch', 'batch'))),
    });
    const r = await diff(dir, '--format', 'json');
    expect(r.exitCode).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.verdict).toBe('pass');
    // The plain target holds batch and api (3 nodes); the overlays general and their web pods (4 and 5 nodes).
    expect(replaced(plan)).toEqual({ '.plain': 3, 'overlays/dev': 4, 'overlays/prod': 5 });
    expect(plan.summary.nodesReplaced).toBe(3 + 4 + 5);
    const pools = (key: string) =>
      plan.clusters
        .find((c: Cluster) => c.key === key)
        .plan.nodePools.map((n: { name: string }) => n.name)
        .sort();
    expect(pools('.plain')).toEqual(['batch']);
    expect(pools('overlays/dev')).toEqual(['general']);
    expect(pools('overlays/prod')).toEqual(['general']);
    // The matrix job of one target plans the same: the plain target alone.
    const one = JSON.parse((await diff(dir, '--target', '.plain', '--format', 'json')).stdout);
    expect(one.summary.nodesReplaced).toBe(3);
  });

  test('an Argo CD Application of an application folder is no target: its workloads are planned in its destination', async () => {
    const app = (name: string, path: string, destination: string) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: ${name}, namespace: argocd }
spec:
  project: default
  source: { repoURL: https://github.com/example/infra.git, targetRevision: HEAD, path: ${path} }
  destination: { name: ${destination}, namespace: default }
`;
    const files = {
      'karpenter/prod/nodeclass.yaml': NODECLASS,
      'karpenter/prod/pool.yaml': pool('general'),
      'karpenter/dev/nodeclass.yaml': NODECLASS,
      'karpenter/dev/pool.yaml': pool('general'),
      'apps/web-prod/web.yaml': big('web', 3),
      'apps/web-dev/web.yaml': big('web', 2),
      'argocd/pools-prod.yaml': app('pools-prod', 'karpenter/prod', 'prod'),
      'argocd/pools-dev.yaml': app('pools-dev', 'karpenter/dev', 'dev'),
      'argocd/web-prod.yaml': app('web-prod', 'apps/web-prod', 'prod'),
      'argocd/web-dev.yaml': app('web-dev', 'apps/web-dev', 'dev'),
    };
    const dir = repo(files, {
      'karpenter/prod/pool.yaml': drifted(pool('general')),
      'karpenter/dev/pool.yaml': drifted(pool('general')),
    });
    const r = await diff(dir, '--format', 'json');
    expect(r.exitCode).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(plan.verdict).toBe('pass');
    // web-prod's 3 pods on prod's pool (3 nodes), web-dev's 2 on dev's (2 nodes); the web Applications are no targets.
    expect(replaced(plan)).toEqual({ 'pools-dev@dev': 2, 'pools-prod@prod': 3 });
    expect(plan.summary.nodesReplaced).toBe(2 + 3);
    expect(plan.assumptions.join('\n')).toMatch(
      /Targets: 2 Argo CD Application\(s\) hold no NodePool.*\(web-dev@dev, web-prod@prod\); the workloads of web-dev@dev are planned in pools-dev@dev, web-prod@prod are planned in pools-prod@prod/,
    );
  });
});

describe('ApplicationSets say what they produced', () => {
  const appSet = (generator: string, path = 'pools/{{name}}') => `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: { name: pools, namespace: argocd }
spec:
  generators:
${generator}
  template:
    metadata: { name: 'pools-{{name}}' }
    spec:
      project: default
      source: { repoURL: https://github.com/example/infra.git, targetRevision: HEAD, path: '${path}' }
      destination: { server: '{{server}}', namespace: karpenter }
`;
  const karpenter = { 'karpenter/nodeclass.yaml': NODECLASS, 'karpenter/pool.yaml': nodePool('general') };

  test('an ApplicationSet expanding to nothing: a warning naming the generator and the clusters: entry to add', async () => {
    const files = {
      ...karpenter,
      'argocd/pools.yaml': appSet('    - clusters: { selector: { matchLabels: { env: prod } } }'),
    };
    const r = await runCli(['validate', tempTree(files), '--format', 'json']);
    const plan = JSON.parse(r.stdout);
    // At the generator (line 6: the clusters generator of spec.generators).
    const f = plan.findings.filter((x: { object: string | null }) => x.object === 'ApplicationSet/pools');
    expect(f).toEqual([
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'warning', file: 'argocd/pools.yaml', line: 6 }),
    ]);
    expect(f[0].message).toMatch(/produced no Application/);
    expect(f[0].message).toMatch(
      /spec\.generators\[0\] \(clusters\): .*no `clusters:` entry .*labels: \{ env: prod \}/,
    );
    // A warning: the verdict is the policy's (fail on errors), and the report shows it.
    expect(r.exitCode).toBe(0);
    const md = await runCli(['validate', tempTree(files), '--format', 'markdown']);
    expect(md.stdout).toMatch(/ApplicationSet pools produced no Application/);
  });

  test('a placeholder left unresolved is a warning naming the clusters: entry that would feed it', async () => {
    const files = {
      ...karpenter,
      'pools/in-cluster/kustomization.yaml': 'resources: []\n',
      'argocd/pools.yaml': appSet('    - clusters: {}', '{{metadata.annotations.pools_path}}'),
    };
    const r = await runCli(['validate', tempTree(files), '--format', 'json']);
    const f = JSON.parse(r.stdout).findings.filter(
      (x: { object: string | null; message: string }) =>
        x.object === 'ApplicationSet/pools' && /placeholder/.test(x.message),
    );
    // At the template field (line 11: spec.template.spec.source).
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: 'warning', file: 'argocd/pools.yaml', line: 11 });
    expect(f[0].message).toMatch(
      /\{\{metadata\.annotations\.pools_path\}\} in spec\.source\.path is left unresolved.*set `annotations: \{ pools_path: … \}` on the `clusters:` entry/,
    );
  });
});

describe('one finding per root cause', () => {
  const V1BETA1_POOL = `apiVersion: karpenter.sh/v1beta1
kind: NodePool
metadata:
  name: default
spec:
  template:
    spec:
      nodeClassRef:
        apiVersion: karpenter.k8s.aws/v1beta1
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
  disruption:
    consolidationPolicy: WhenUnderutilized
    expireAfter: 720h
`;
  const V1_POOL = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: default
spec:
  template:
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
      expireAfter: 720h
  disruption:
    consolidationPolicy: WhenEmptyOrUnderutilized
    consolidateAfter: 0s
`;
  test('a v1beta1 → v1 migration shows only what really changed', async () => {
    const dir = repo(
      { 'pools.yaml': [NODECLASS, V1BETA1_POOL].join('---\n') },
      { 'pools.yaml': [NODECLASS, V1_POOL].join('---\n') },
    );
    const r = await diff(dir, '--format', 'json');
    const plan = JSON.parse(r.stdout);
    // The v1beta1 object's findings (expireAfter 720h without terminationGracePeriod: set in v1beta1's disruption,
    // in v1's template) are the same root cause in head: pre-existing, not new + resolved.
    const fresh = plan.findings.filter((f: { new: boolean }) => f.new).map((f: { rule: string }) => f.rule);
    expect(fresh).toEqual(['api-version-migration']);
    expect(plan.resolvedFindings.map((f: { rule: string }) => f.rule)).toEqual(['unsupported-api-version']);
    expect(plan.findings.find((f: { rule: string }) => f.rule === 'expire-without-tgp')).toMatchObject({
      new: false,
      file: 'pools.yaml',
    });
    expect(r.exitCode).toBe(0);
  });

  test('a kustomization that cannot be rendered: its file reported once, with the reason', async () => {
    const files = fixture('test/fixtures/kustomize-repo');
    const dir = repo(files, {
      'overlays/dev/kustomization.yaml': 'resources:\n  - ../../base\n  - https://github.com/example/pools//x?ref=v1\n',
    });
    const r = await diff(dir, '--format', 'json');
    const f = JSON.parse(r.stdout).findings.filter((x: { rule: string }) => x.rule === 'input-not-evaluated');
    expect(f).toHaveLength(1);
    // At the remote entry's line (sources/remote-reference.ts, located by kustomize.ts).
    expect(f[0]).toMatchObject({ severity: 'error', file: 'overlays/dev/kustomization.yaml', line: 3 });
    expect(f[0].message).toMatch(/kustomization overlays\/dev was not evaluated: it names remote resources/);
    expect(r.exitCode).toBe(1);
  });

  test("v1beta1's nodeClassRef.apiVersion in a v1 NodePool: one error, at the field", async () => {
    const pool = V1_POOL.replace('group: karpenter.k8s.aws', 'apiVersion: karpenter.k8s.aws/v1');
    const r = await runCli([
      'validate',
      tempTree({ 'pools.yaml': [NODECLASS, pool].join('---\n') }),
      '--format',
      'json',
    ]);
    const errors = JSON.parse(r.stdout).findings.filter((f: { severity: string }) => f.severity === 'error');
    expect(errors).toHaveLength(1);
    // NODECLASS is 9 lines and the separator 1: the NodePool's nodeClassRef.apiVersion is on line 10 + 9.
    expect(errors[0]).toMatchObject({
      rule: 'invalid-spec',
      file: 'pools.yaml',
      line: 19,
      path: 'spec.template.spec.nodeClassRef.apiVersion',
    });
    expect(errors[0].message).toMatch(/v1 takes the class's API group instead \(group: karpenter\.k8s\.aws/);
    expect(r.exitCode).toBe(1);
  });
});

describe('a finding on a rendered kustomize object points at the file that set the field', () => {
  const files = fixture('test/fixtures/kustomize-repo');
  // The production overlay's patch (9 lines) sets an invalid limit on its line 8.
  const BAD_PATCH = `# Production: a larger limit; the family list comes from the base.
apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  limits:
    cpu: lots
`;

  test('a field set by the overlay patch: the patch file and line, in JSON, Markdown and SARIF', async () => {
    const dir = repo(files, { 'overlays/production/nodepool-patch.yaml': BAD_PATCH });
    const r = await diff(dir, '--target', 'overlays/production', '--format', 'json');
    expect(r.exitCode).toBe(1);
    const plan = JSON.parse(r.stdout);
    expect(plan.verdict).toBe('fail');
    const f = plan.findings.find((x: { path?: string }) => x.path === 'spec.limits.cpu');
    expect(f).toMatchObject({ severity: 'error', file: 'overlays/production/nodepool-patch.yaml', line: 8, new: true });
    const sarif = JSON.parse((await diff(dir, '--target', 'overlays/production', '--format', 'sarif')).stdout);
    const locs = sarif.runs[0].results.flatMap(
      (x: {
        locations?: { physicalLocation?: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      }) => (x.locations ?? []).flatMap((l) => (l.physicalLocation ? [l.physicalLocation] : [])),
    );
    expect(locs).toContainEqual(
      expect.objectContaining({
        artifactLocation: expect.objectContaining({ uri: 'overlays/production/nodepool-patch.yaml' }),
        region: expect.objectContaining({ startLine: 8 }),
      }),
    );
    const md = (await diff(dir, '--target', 'overlays/production')).stdout;
    expect(md).toMatch(/overlays\/production\/nodepool-patch\.yaml:8/);
  });

  test('a field of the base: the base file, and the rendering changes nothing else', async () => {
    // The base's EC2NodeClass selects al2023@latest (ami-alias-latest, a warning) on its line 7.
    const dir = repo(files, { 'overlays/production/nodepool-patch.yaml': NARROW_PRODUCTION });
    const plan = JSON.parse((await diff(dir, '--target', 'overlays/production', '--format', 'json')).stdout);
    expect(plan.findings.find((x: { rule: string }) => x.rule === 'ami-alias-latest')).toMatchObject({
      file: 'base/nodeclass.yaml',
      line: 7,
    });
    // The origin annotation is read, then removed: the pool changed in its requirements only.
    expect(plan.nodePools[0].changedFields).toEqual(['spec.template.spec.requirements']);
  });
});

describe('the three outcomes look different in every format (issue 27: exit 2 is never worded as a policy failure)', () => {
  // A state whose only Karpenter objects sit behind a kustomization that names a remote resource: it is not rendered
  // (nothing is fetched), so nothing Karpenter-relevant is evaluated — plan.nothingEvaluated, exit 2.
  const unevaluated = () =>
    tempTree({
      'k/kustomization.yaml': 'resources:\n  - https://example.com/pools.yaml\n  - pool.yaml\n',
      'k/pool.yaml': nodePool('general'),
    });
  test.each([
    ['text', /^karpenter-plan: COULD NOT EVALUATE\n/, /FAIL|failing because/],
    ['markdown', /^### ⚠️ karpenter-plan: could not evaluate\n/, /: fail\b|Failing because/],
  ])('%s: "could not evaluate", not FAIL', async (format, shown, never) => {
    const r = await runCli(['diff', '--base', unevaluated(), '--head', unevaluated(), '--format', format]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toMatch(shown);
    expect(r.stdout).not.toMatch(never);
  });
  test('a policy failure still reads FAIL (exit 1), a pass PASS (exit 0)', async () => {
    const good = tempTree({ 'pools.yaml': [NODECLASS, nodePool('general')].join('---\n') });
    const pass = await runCli(['diff', '--base', good, '--head', good, '--format', 'text']);
    expect(pass.exitCode).toBe(0);
    expect(pass.stdout).toMatch(/^karpenter-plan: PASS\n/);
    // weight above 100: the CRD refuses it (invalid-spec, an error new in head).
    const broken = tempTree({ 'pools.yaml': [NODECLASS, nodePool('general', { weight: 1000 })].join('---\n') });
    const fail = await runCli(['diff', '--base', good, '--head', broken, '--format', 'text']);
    expect(fail.exitCode).toBe(1);
    expect(fail.stdout).toMatch(/^karpenter-plan: FAIL\n/);
  });
});
