/**
 * The npm package as a user installs it: `npm pack` of the committed dist/ → install the tarball into an empty folder
 * (offline: the package has no runtime dependencies, dist/ bundles them) → the installed CLI plans a copy of an example
 * and reads a (local, fake) live cluster through the vendored Kubernetes client. The packed file list and the installed
 * size are checked against a budget.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The installed package's size budget: the limit is 40 MB; dist/ with its vendored SDKs is about 8 MB. */
const INSTALLED_BUDGET_BYTES = 15 * 1024 * 1024;

interface PackResult {
  name: string;
  version: string;
  filename: string;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--no-update-notifier'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_loglevel: 'error' },
  });

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines: { node: string };
};

/**
 * `npm pack` of the working tree, made once for the suite: the file list the checks below read and the tarball the
 * installed package comes from are the same pack.
 */
let packing: { result: PackResult; tarball: string } | null = null;
function packOnce(): { result: PackResult; tarball: string } {
  if (packing) return packing;
  const tarballs = mkdtempSync(join(tmpdir(), 'kp-pack-'));
  const result = (
    JSON.parse(
      npm(['pack', '--json', '--ignore-scripts', '--pack-destination', tarballs], process.cwd()),
    ) as PackResult[]
  )[0];
  packing = { result, tarball: join(tarballs, result.filename) };
  return packing;
}
afterAll(() => {
  if (packing) rmSync(dirname(packing.tarball), { recursive: true, force: true });
});

describe('npm pack', () => {
  let packed: PackResult;
  beforeAll(() => {
    packed = packOnce().result;
  }, 120_000);

  test('carries the runtime files and nothing of the development tree', () => {
    const paths = packed.files.map((f) => f.path);
    for (const p of [
      'package.json',
      'README.md',
      'LICENSE',
      'action.yml',
      'dist/index.js',
      'dist/cli.js',
      'dist/vendor/kubernetes-client-node.js',
      'dist/vendor/aws-sdk-client-ec2.js',
      'dist/vendor/aws-sdk-client-pricing.js',
      'schema/config.schema.json',
      'schema/plan.schema.json',
      'docs/security.md',
      'docs/rules/README.md',
    ])
      expect(paths).toContain(p);
    expect(paths).toContain(pkg.bin['karpenter-plan']);
    const stray = paths.filter((p) => !/^(dist|schema|docs)\//.test(p) && !/^[^/]+$/.test(p));
    expect(stray).toEqual([]);
    expect(paths.filter((p) => /^(src|test|bench|examples|scripts|node_modules|\.tmp)\//.test(p))).toEqual([]);
    expect(packed.unpackedSize).toBeLessThan(INSTALLED_BUDGET_BYTES);
  });

  test('has no runtime dependency: dist/ bundles them', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.peerDependencies ?? {}).toEqual({});
    expect(pkg.optionalDependencies ?? {}).toEqual({});
    // Nothing in the lock file is installed with the package (test-only tools such as mermaid are dev).
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
    };
    expect(Object.entries(lock.packages).filter(([k, v]) => k && !v.dev && !v.devOptional)).toEqual([]);
  });

  test('engines.node is the Node version dist/ is built for', () => {
    const target = /target: 'node(\d+)'/.exec(readFileSync('scripts/build.mjs', 'utf8'))![1];
    expect(pkg.engines.node).toBe(`>=${target}`);
  });
});

describe('the installed package', () => {
  let dir: string;
  let bin: string;
  let server: Server;
  let url = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kp-package-'));
    const project = join(dir, 'project');
    cpSync('examples/generation-split', join(project, 'example'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{ "name": "empty", "private": true }\n');
    npm(['install', '--offline', '--ignore-scripts', packOnce().tarball], project);
    bin = join(project, 'node_modules', '.bin', 'karpenter-plan');
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/apis/karpenter.sh/v1/nodeclaims'))
        return res.end('{"apiVersion":"karpenter.sh/v1","kind":"NodeClaimList","metadata":{},"items":[]}');
      if (req.url?.startsWith('/api/v1/nodes'))
        return res.end('{"apiVersion":"v1","kind":"NodeList","metadata":{},"items":[]}');
      res.statusCode = 404;
      res.end('{"kind":"Status","code":404}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(bin, args, { cwd: join(dir, 'project'), encoding: 'utf8' }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  const sizeOf = (p: string): number =>
    readdirSync(p, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);

  test('installs only itself, under the size budget', () => {
    const modules = join(dir, 'project', 'node_modules');
    expect(readdirSync(modules).filter((n) => !n.startsWith('.'))).toEqual(['karpenter-plan']);
    expect(sizeOf(modules)).toBeLessThan(INSTALLED_BUDGET_BYTES);
  });

  test('every module of the installed dist/ loads without node_modules (chunks and vendored SDKs)', () => {
    const root = join(dir, 'project', 'node_modules', 'karpenter-plan', 'dist');
    // The entry points run when imported; the CLI runs below, and the action's bundle is the same code in chunks.
    const modules = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.js') && e.parentPath !== root)
      .map((e) => join(e.parentPath, e.name));
    expect(modules.length).toBeGreaterThan(5);
    const script = `for (const m of ${JSON.stringify(modules)}) await import(m);`;
    // From the empty folder's parent: no node_modules on the resolution path but the package's own.
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, stdio: 'pipe' });
  });

  test('karpenter-plan diff plans a copy of the example', async () => {
    const r = await run(['diff', '--base', 'example/base', '--head', 'example/head', '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as { verdict: string; nodePools: { name: string; change: string }[] };
    expect(plan.verdict).toBe('pass');
    // The example splits intel-general into two pools (examples/generation-split).
    expect(plan.nodePools.map((p) => `${p.name}:${p.change}`).sort()).toEqual([
      'gen7-fallback:added',
      'gen8-primary:added',
      'intel-general:removed',
    ]);
  });

  test('--kubeconfig loads the vendored Kubernetes client from dist/vendor', async () => {
    const kubeconfig = join(dir, 'project', 'kubeconfig');
    writeFileSync(
      kubeconfig,
      `apiVersion: v1\nkind: Config\nclusters: [{ name: t, cluster: { server: "${url}", insecure-skip-tls-verify: true } }]\nusers: [{ name: u, user: { token: x } }]\ncontexts: [{ name: t, context: { cluster: t, user: u } }]\ncurrent-context: t\n`,
    );
    const r = await run([
      'diff',
      '--base',
      'example/base',
      '--head',
      'example/head',
      '--kubeconfig',
      kubeconfig,
      '--format',
      'json',
    ]);
    const plan = JSON.parse(r.stdout) as { fleet?: { source: string }; findings: { rule: string }[] };
    expect(plan.findings.filter((f) => f.rule === 'cluster-unreachable')).toEqual([]);
    expect(plan.fleet).toMatchObject({ source: 'live' });
  });
});
