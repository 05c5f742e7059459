/**
 * Renderers in a box (issue 26): hostile repositories whose kustomizations, Argo CD Applications and chart schemas name
 * remote locations — in every spelling the earlier pattern missed — run through the CLI with the real `kubectl
 * kustomize` (and the real helm when one is there), while a local HTTP server on 127.0.0.1 counts every connection it
 * receives. Each case must be an `input-not-evaluated` error at the line naming the reference, the verdict `fail`, and
 * the server must see no connection at all. Then the pattern is bypassed (the renderer runner called directly with a
 * remote resource) to show that the box alone — its network namespace, and without it the environment — stops the
 * request. Argo CD semantics (sources of other repositories, value files Argo CD refuses, paths leaving the
 * repository) are small repositories through the CLI too.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { isRemoteReference, leavesState } from '../../src/sources/remote-reference.js';
import { Checkout, runRenderer } from '../../src/sources/kustomize.js';
import { findExecutable, networkNamespace, rendererEnv, runSandboxed } from '../../src/sources/sandbox.js';
import { DirTree } from '../../src/sources/tree.js';
import { NODECLASS, nodePool, tempTree } from '../helpers.js';
import { realHelms } from '../support/tools.js';

const KUBECTL = findExecutable('kubectl');
const HELM = process.env.KARPENTER_PLAN_TEST_HELM || realHelms().available[0]?.bin || findExecutable('helm');
if (!KUBECTL) console.log('renderer-sandbox: kubectl is not on PATH; the kustomize cases are skipped');
if (!HELM)
  console.log(
    'renderer-sandbox: no helm (KARPENTER_PLAN_TEST_HELM, scripts/test-tools.mjs or PATH); the real-helm cases are skipped',
  );
const withKubectl = KUBECTL ? test : test.skip;
const withHelm = HELM ? test : test.skip;

/** A counting HTTP server in a child process (the renderers run synchronously and would block one in this process). */
let server: ChildProcess;
let port = 0;
let hitsLog = '';
const hits = (): string[] => (existsSync(hitsLog) ? readFileSync(hitsLog, 'utf8').split('\n').filter(Boolean) : []);

beforeAll(async () => {
  hitsLog = join(mkdtempSync(join(tmpdir(), 'kp-sandbox-hits-')), 'hits.log');
  server = spawn(
    process.execPath,
    [
      '-e',
      `const http = require('http'), fs = require('fs');
const log = ${JSON.stringify(hitsLog)};
const s = http.createServer((req, res) => { fs.appendFileSync(log, 'request ' + req.method + ' ' + req.url + '\\n'); res.writeHead(404); res.end(); });
s.on('connection', () => fs.appendFileSync(log, 'connection\\n'));
s.listen(0, '127.0.0.1', () => console.log(s.address().port));
setTimeout(() => process.exit(0), 15 * 60 * 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  port = await new Promise<number>((resolve, reject) => {
    server.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
    server.once('exit', () => reject(new Error('the counting server exited')));
  });
  // The server answers: a request of the test's own reaches it (then the log is cleared).
  execFileSync(process.execPath, [
    '-e',
    `require('http').get('http://127.0.0.1:${port}/probe', () => process.exit(0))`,
  ]);
  expect(hits()).toContain('request GET /probe');
  writeFileSync(hitsLog, '');
});

afterAll(() => {
  server?.kill();
});

async function cli(args: string[]): Promise<{ plan: Plan; exitCode: number; stdout: string }> {
  const r = await runCli([...args, '--format', 'json']);
  if (!r.stdout) throw new Error(r.stderr);
  return { plan: JSON.parse(r.stdout) as Plan, exitCode: r.exitCode, stdout: r.stdout };
}

describe('isRemoteReference: the one place that decides', () => {
  test.each([
    'http://example.com/x.yaml',
    'HTTP://127.0.0.1:8080/x.yaml',
    'hTtP://127.0.0.1/x.yaml',
    'https://github.com/org/repo//base?ref=v1',
    'git::https://example.com/org/repo',
    'GIT::HTTP://127.0.0.1/repo.git',
    'ssh://git@example.com/org/repo',
    's3::https://bucket.s3.amazonaws.com/x',
    'gcs::https://www.googleapis.com/storage/v1/b/x',
    'file:///tmp/somegitrepo',
    'FILE:///etc',
    'gh:org/repo',
    '//127.0.0.1/x.yaml',
    'base//sub',
    'git@github.com:org/repo.git',
    'user@host.example:path/to/repo',
    'github.com/org/repo/base?ref=v1.2',
    'GitHub.com/org/repo',
    'www.github.com/org/repo',
    'gitlab.com/org/repo',
    'bitbucket.org/org/repo',
    'example.com/org/repo.git',
    'example.com/org/repo.git/base',
    'dev.azure.com/org/project/_git/repo',
    'repo?version=v1',
    ' http://padded.example/x',
  ])('%s is remote', (ref) => expect(isRemoteReference(ref)).toBe(true));

  test.each(['../base', 'base', './patch.yaml', 'overlays/prod/patch.yaml', 'nodepool.yaml', 'a@b/c.yaml', 'v1.2/x'])(
    '%s is local',
    (ref) => expect(isRemoteReference(ref)).toBe(false),
  );

  test.each([
    ['', '../x', true],
    ['k', '../x', false],
    ['k', '../../x', true],
    ['k', 'a/../../../x', true],
    ['', '/etc/passwd', true],
    ['k', 'a/b/../c', false],
  ] as const)('in %j, %s leaves the state: %s', (dir, path, leaves) => expect(leavesState(dir, path)).toBe(leaves));
});

describe('hostile kustomizations never reach the network', () => {
  const clean = {
    'base/kustomization.yaml': 'resources:\n  - nodepool.yaml\n  - nodeclass.yaml\n',
    'base/nodepool.yaml': nodePool('general'),
    'base/nodeclass.yaml': NODECLASS,
  };
  const overlay = (extra: string) => `resources:\n  - ../../base\n${extra}`;
  let gitRepo = '';
  beforeAll(() => {
    // A local git repository with content a fork PR would like to publish through the comment.
    gitRepo = mkdtempSync(join(tmpdir(), 'kp-sandbox-gitrepo-'));
    writeFileSync(join(gitRepo, 'kustomization.yaml'), 'resources: [cm.yaml]\n');
    writeFileSync(
      join(gitRepo, 'cm.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: stolen }\ndata: { secret: other-repository-secret }\n',
    );
    const git = (...a: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', ...a], { cwd: gitRepo });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'x');
  });

  // [name, the overlay's kustomization after `resources: [../../base]`, the line naming the reference]
  const cases: [string, () => string, number][] = [
    ['upper-case scheme HTTP://', () => `  - HTTP://127.0.0.1:${port}/x.yaml\n`, 3],
    ['mixed-case scheme hTtP://', () => `  - hTtP://127.0.0.1:${port}/x.yaml\n`, 3],
    ['forced getter GIT::HTTP://', () => `  - GIT::HTTP://127.0.0.1:${port}/repo.git//base?ref=main\n`, 3],
    ['network path //host', () => `  - //127.0.0.1:${port}/x.yaml\n`, 3],
    ['ref query on a bare name', () => `  - repo?ref=${port}\n`, 3],
    ['file:// local git repository', () => `  - file://${gitRepo}\n`, 3],
    ['upper-case component URL', () => `components:\n  - HTTPS://127.0.0.1:${port}/component\n`, 4],
    ['patches[].path URL', () => `patches:\n  - path: http://127.0.0.1:${port}/patch.yaml\n`, 4],
    ['patchesStrategicMerge URL', () => `patchesStrategicMerge:\n  - Http://127.0.0.1:${port}/p.yaml\n`, 4],
    [
      'patchesJson6902[].path URL',
      () =>
        `patchesJson6902:\n  - target: { kind: NodePool, name: general }\n    path: http://127.0.0.1:${port}/p.json\n`,
      5,
    ],
    ['configurations URL', () => `configurations:\n  - http://127.0.0.1:${port}/c.yaml\n`, 4],
    ['transformers URL', () => `transformers:\n  - http://127.0.0.1:${port}/t.yaml\n`, 4],
    ['openapi.path URL', () => `openapi:\n  path: http://127.0.0.1:${port}/o.json\n`, 4],
    [
      'inline PatchTransformer path URL',
      () =>
        `transformers:\n  - |\n    apiVersion: builtin\n    kind: PatchTransformer\n    metadata: { name: p }\n    path: hTTp://127.0.0.1:${port}/p.yaml\n    target: { kind: NodePool }\n`,
      4,
    ],
    ['helmCharts repo URL', () => `helmCharts:\n  - name: x\n    repo: http://127.0.0.1:${port}/charts\n`, 5],
  ];

  withKubectl.each(cases)(
    '%s: input-not-evaluated at its line, verdict fail, no connection',
    async (_name, extra, line) => {
      const base = tempTree({ ...clean, 'overlays/x/kustomization.yaml': overlay('') });
      const head = tempTree({ ...clean, 'overlays/x/kustomization.yaml': overlay(extra()) });
      const { plan, exitCode, stdout } = await cli(['diff', '--base', base, '--head', head]);
      expect(hits()).toEqual([]);
      expect(exitCode).not.toBe(0);
      expect(plan.verdict).toBe('fail');
      expect(plan.findings).toContainEqual(
        expect.objectContaining({
          rule: 'input-not-evaluated',
          severity: 'error',
          file: 'overlays/x/kustomization.yaml',
          line,
          message: expect.stringMatching(/remote resources or paths outside the state/),
        }),
      );
      expect(stdout).not.toMatch(/other-repository-secret/);
    },
  );

  withKubectl('a component whose own kustomization names a URL is refused at that line', async () => {
    const files = {
      ...clean,
      'base/component/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n  - HtTp://127.0.0.1:${port}/c.yaml\n`,
      'overlays/x/kustomization.yaml': overlay('components:\n  - ../../base/component\n'),
    };
    const { plan } = await cli(['validate', tempTree(files)]);
    expect(hits()).toEqual([]);
    expect(plan.verdict).toBe('fail');
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', file: 'base/component/kustomization.yaml', line: 4 }),
    );
  });
});

describe('Argo CD kustomize options are checked like the kustomization', () => {
  const repo = (kustomize: string) => ({
    'base/kustomization.yaml': 'resources:\n  - nodepool.yaml\n  - nodeclass.yaml\n',
    'base/nodepool.yaml': nodePool('general'),
    'base/nodeclass.yaml': NODECLASS,
    'apps/pools.yaml': `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: pools, namespace: argocd }
spec:
  project: default
  destination: { server: https://kubernetes.default.svc, namespace: karpenter }
  source:
    repoURL: https://github.com/example/platform.git
    path: base
    kustomize:
${kustomize}`,
    '.karpenter-plan.yaml': 'repoURLs: [https://github.com/example/platform]\n',
  });
  withKubectl.each([
    ['kustomize.components URL', () => `      components:\n        - HTTP://127.0.0.1:${port}/component\n`, 12],
    ['kustomize.patches[].path URL', () => `      patches:\n        - path: hTtP://127.0.0.1:${port}/p.yaml\n`, 12],
    ['kustomize.components leaving the repository', () => '      components:\n        - ../../../etc\n', 12],
  ])('%s: input-not-evaluated at the Application, no connection', async (_name, kustomize, line) => {
    const base = tempTree(repo('      namePrefix: a-\n'));
    const head = tempTree(repo(kustomize()));
    const { plan } = await cli(['diff', '--base', base, '--head', head]);
    expect(hits()).toEqual([]);
    expect(plan.verdict).toBe('fail');
    expect(plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        severity: 'error',
        file: 'apps/pools.yaml',
        line,
        object: 'Application/pools',
      }),
    );
    // The refused kustomization is not rendered on its own either (without the Application's edits).
    const pools = [...plan.nodePools, ...(plan.clusters ?? []).flatMap((c) => c.plan?.nodePools ?? [])];
    expect(pools.filter((n) => n.change === 'added')).toEqual([]);
  });
});

describe('a chart schema with a remote $ref is refused before helm runs', () => {
  const chart = (schema: string) => ({
    'charts/pools/Chart.yaml': 'apiVersion: v2\nname: pools\nversion: 0.1.0\n',
    'charts/pools/values.yaml': 'weight: 1\n',
    'charts/pools/values.schema.json': schema,
    'charts/pools/templates/pool.yaml': nodePool('from-chart'),
    'charts/pools/templates/nodeclass.yaml': NODECLASS,
  });
  const remote = () =>
    `{\n  "type": "object",\n  "properties": {\n    "weight": { "$ref": "http://127.0.0.1:${port}/weight.json" }\n  }\n}\n`;

  withHelm('real helm: input-not-evaluated at values.schema.json:4, verdict fail, no connection', async () => {
    const cfg = `charts:\n  - { path: charts/pools, values: [] }\nhelm: { binary: ${JSON.stringify(HELM)} }\n`;
    const local =
      '{ "type": "object", "properties": { "weight": { "$ref": "#/definitions/w" } }, "definitions": { "w": { "type": "integer" } } }\n';
    const base = tempTree({ ...chart(local), '.karpenter-plan.yaml': cfg });
    const head = tempTree({ ...chart(remote()), '.karpenter-plan.yaml': cfg });
    // The local schema (a `#/…` reference) is kept and validated: base renders.
    const b = await cli(['validate', base]);
    expect(b.plan.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(b.plan.nodePools.map((n) => n.name)).toEqual(['from-chart']);
    const { plan } = await cli(['diff', '--base', base, '--head', head]);
    expect(hits()).toEqual([]);
    expect(plan.verdict).toBe('fail');
    expect(plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        severity: 'error',
        file: 'charts/pools/values.schema.json',
        line: 4,
      }),
    );
  });

  withHelm('bypassing the check: helm itself, in the box, reaches nothing', () => {
    const dir = tempTree(chart(remote()));
    const home = mkdtempSync(join(tmpdir(), 'kp-sandbox-home-'));
    const r = runSandboxed(HELM!, ['template', '--', 'r', join(dir, 'charts/pools')], { home, timeoutMs: 60_000 });
    expect(r.status).not.toBe(0);
    expect(hits()).toEqual([]);
  });
});

describe('the box alone stops what the pattern would miss', () => {
  const render = (kustomization: string, sandbox: { withoutNamespace?: boolean }) => {
    const dir = tempTree({ 'k/kustomization.yaml': kustomization });
    const tree = new DirTree(dir);
    const checkout = new Checkout(tree, tree.list());
    try {
      return runRenderer(checkout, 'k', { name: 'kubectl', binary: KUBECTL! }, 60_000, sandbox);
    } finally {
      checkout.dispose();
    }
  };

  withKubectl('in its network namespace: an HTTP resource on the loopback is never requested', () => {
    if (!networkNamespace()) {
      console.log('renderer-sandbox: no network namespace on this machine (unshare refused); case skipped');
      return;
    }
    const r = render(`resources:\n  - http://127.0.0.1:${port}/x.yaml\n`, {});
    expect(r.ok).toBe(false);
    expect(hits()).toEqual([]);
  });

  withKubectl('environment alone: git refuses every transport (file:// and http:// alike)', () => {
    const r = render(`resources:\n  - git::http://127.0.0.1:${port}/repo.git//base\n  - file:///nonexistent/repo\n`, {
      withoutNamespace: true,
    });
    expect(r.ok).toBe(false);
    expect(hits()).toEqual([]);
  });

  withKubectl('environment alone: an HTTP resource goes to the closed proxy, not to its host', () => {
    // `.invalid` never resolves (RFC 2606); through the proxy no lookup is even made.
    const r = render('resources:\n  - http://karpenter-plan.invalid/x.yaml\n', { withoutNamespace: true });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(/proxyconnect tcp: dial tcp 127\.0\.0\.1:9/);
  });

  test('the environment has nothing of the caller but PATH, and no way out', () => {
    process.env.GITHUB_TOKEN = 'do-not-leak';
    try {
      const env = rendererEnv('/tmp/h');
      expect(env.GITHUB_TOKEN).toBeUndefined();
      expect(env).toMatchObject({
        HOME: '/tmp/h',
        HTTP_PROXY: 'http://127.0.0.1:9',
        https_proxy: 'http://127.0.0.1:9',
        NO_PROXY: '',
        GIT_ALLOW_PROTOCOL: '',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
      });
      for (const k of ['HELM_CACHE_HOME', 'HELM_CONFIG_HOME', 'HELM_DATA_HOME', 'KUBECONFIG'])
        expect(env[k]).toMatch(/^\/tmp\/h\//);
    } finally {
      delete process.env.GITHUB_TOKEN;
    }
  });
});

describe('Argo CD: sources of other repositories and value files Argo CD refuses', () => {
  const chartFiles = {
    'charts/pools/Chart.yaml': 'apiVersion: v2\nname: pools\nversion: 0.1.0\n',
    'charts/pools/templates/pool.yaml': nodePool('from-chart'),
    'charts/pools/templates/nodeclass.yaml': NODECLASS,
    'charts/pools/prod-values.yaml': 'weight: 1\n',
  };
  const fakeHelmBin = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-sandbox-fakehelm-'));
    const bin = join(dir, 'helm');
    // Prints the chart's templates (a stand-in: these cases are decided before any rendering).
    writeFileSync(
      bin,
      `#!/usr/bin/env node
const fs = require('fs'), path = require('path');
const args = process.argv.slice(2);
if (args[0] === 'version') { console.log('v3.17.0'); process.exit(0); }
const chart = args[args.indexOf('--') + 2];
for (const f of fs.readdirSync(path.join(chart, 'templates'))) process.stdout.write('---\\n' + fs.readFileSync(path.join(chart, 'templates', f), 'utf8'));
`,
      { mode: 0o755 },
    );
    return bin;
  };
  const application = (source: string) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: pools, namespace: argocd }
spec:
  project: default
  destination: { server: https://kubernetes.default.svc, namespace: karpenter }
  source:
${source}`;
  const state = (source: string, config = '') =>
    tempTree({
      ...chartFiles,
      'apps/pools.yaml': application(source),
      '.karpenter-plan.yaml': `helm: { binary: ${JSON.stringify(fakeHelmBin())} }\n${config}`,
    });
  const inRepo = (extra = '') =>
    `    repoURL: https://github.com/example/platform.git\n    path: charts/pools\n${extra}`;

  async function errorAt(base: string, head: string, line: number): Promise<Plan> {
    const { plan } = await cli(['diff', '--base', base, '--head', head]);
    expect(plan.verdict).toBe('fail');
    expect(plan.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        severity: 'error',
        file: 'apps/pools.yaml',
        line,
        new: true,
        object: 'Application/pools',
      }),
    );
    return plan;
  }

  test('switched to a fork (repoURLs configured): input-not-evaluated, not an info', async () => {
    const cfg = 'repoURLs: [https://github.com/example/platform]\n';
    const fork = '    repoURL: https://github.com/attacker/platform.git\n    path: charts/pools\n';
    const plan = await errorAt(state(inRepo(), cfg), state(fork, cfg), 8);
    expect(plan.findings.filter((f) => f.rule === 'argocd-remote-chart')).toEqual([]);
  });

  test('an Application of another repository already in base: a change to it is not evaluated (new error)', async () => {
    const cfg = 'repoURLs: [https://github.com/example/platform]\n';
    const fork = (rev: string) =>
      `    repoURL: https://github.com/other/platform.git\n    path: charts/pools\n    targetRevision: ${rev}\n`;
    const { plan } = await cli([
      'diff',
      '--base',
      state(fork('v1'), cfg),
      '--head',
      state(fork('attacker-branch'), cfg),
    ]);
    expect(plan.verdict).toBe('fail');
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', file: 'apps/pools.yaml', new: true }),
    );
  });

  test('repoURLs unset: a repoURL the PR changes to another value is not taken to be this repository', async () => {
    const fork = '    repoURL: https://github.com/attacker/platform.git\n    path: charts/pools\n';
    const plan = await errorAt(state(inRepo()), state(fork), 8);
    expect(plan.findings.find((f) => f.line === 8)?.message).toMatch(/repoURLs/);
  });

  test('repoURLs unset: the same repoURL spelled differently (.git, case) is still this repository', async () => {
    const same = '    repoURL: https://GitHub.com/example/platform\n    path: charts/pools\n';
    const { plan } = await cli(['diff', '--base', state(inRepo()), '--head', state(same)]);
    expect(plan.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  test('moved from a path of this repository to a remote chart: input-not-evaluated', async () => {
    const remoteChart = '    repoURL: https://charts.example.com\n    chart: pools\n    targetRevision: 1.0.0\n';
    await errorAt(state(inRepo()), state(remoteChart), 9);
  });

  test('a remote chart that was already remote stays an info (documented)', async () => {
    const remoteChart = '    repoURL: https://charts.example.com\n    chart: pools\n    targetRevision: 1.0.0\n';
    const { plan } = await cli([
      'diff',
      '--base',
      state(remoteChart),
      '--head',
      state(remoteChart.replace('1.0.0', '1.1.0')),
    ]);
    expect(plan.findings).toContainEqual(expect.objectContaining({ rule: 'argocd-remote-chart', severity: 'info' }));
    expect(plan.findings.filter((f) => f.rule === 'input-not-evaluated' && f.object === 'Application/pools')).toEqual(
      [],
    );
  });

  test.each([
    ['missing', 'values-missing.yaml'],
    ['outside the repository', '../../../etc/hostname'],
    ['absolute, resolved in the repository (missing there)', '/proc/self/environ'],
    ['a URL', 'https://example.com/values.yaml'],
    ['an upper-case URL', 'HTTPS://example.com/values.yaml'],
  ])('a value file %s: error at the value file, the chart is not rendered', async (_name, file) => {
    const head = state(inRepo(`    helm:\n      valueFiles:\n        - ${JSON.stringify(file)}\n`));
    const plan = await errorAt(state(inRepo()), head, 12);
    // Not rendered without it: the Application's NodePool is gone from head (its target's plan).
    const pools = [...plan.nodePools, ...(plan.clusters ?? []).flatMap((c) => c.plan?.nodePools ?? [])];
    expect(pools.find((n) => n.name === 'from-chart')?.change).toBe('removed');
  });

  test('a missing value file with ignoreMissingValueFiles: true is skipped, as Argo CD does', async () => {
    const head = state(
      inRepo('    helm:\n      ignoreMissingValueFiles: true\n      valueFiles:\n        - values-missing.yaml\n'),
    );
    const { plan } = await cli(['diff', '--base', state(inRepo()), '--head', head]);
    expect(plan.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  test('an absolute value file is relative to the repository root (util/io/path resolveFileOrDirectory)', async () => {
    const head = state(inRepo('    helm:\n      valueFiles:\n        - /charts/pools/prod-values.yaml\n'));
    const { plan } = await cli(['diff', '--base', state(inRepo()), '--head', head]);
    expect(plan.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  test('a source path leaving the repository is an error, not the repository root', async () => {
    const head = state('    repoURL: https://github.com/example/platform.git\n    path: charts/../../..\n');
    await errorAt(state(inRepo()), head, 9);
  });
});

describe('Applications the CRD refuses are not evaluated, never silently empty (issue 26)', () => {
  const app = (spec: string) =>
    `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: { name: pools, namespace: argocd }\n${spec}`;
  const good = app(
    'spec:\n  project: default\n  destination: { name: in-cluster }\n  source:\n    repoURL: https://github.com/example/platform.git\n    path: pools\n',
  );
  const files = (application: string) =>
    tempTree({ 'apps/pools.yaml': application, 'pools/pools.yaml': [NODECLASS, nodePool('general')].join('---\n') });
  test.each([
    ['spec: null', app('spec: null\n'), 4],
    [
      'sources not a list',
      app('spec:\n  project: default\n  destination: { name: in-cluster }\n  sources: pools\n'),
      5,
    ],
    ['neither source nor sources', app('spec:\n  project: default\n  destination: { name: in-cluster }\n'), 5],
    [
      'a source that is not an object',
      app('spec:\n  project: default\n  destination: { name: in-cluster }\n  sources:\n    - pools\n'),
      8,
    ],
  ])('%s: input-not-evaluated at the Application, verdict fail', async (_name, head, line) => {
    const { plan, exitCode } = await cli(['diff', '--base', files(good), '--head', files(head)]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', file: 'apps/pools.yaml', line }),
    );
    expect(plan.verdict).toBe('fail');
    expect(exitCode).not.toBe(0);
  });
});
