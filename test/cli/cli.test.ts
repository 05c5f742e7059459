/** The CLI end to end: examples, exit codes, the JSON contract, git revisions. */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { GitTree } from '../../src/sources/tree.js';
import { nodePool, tempTree } from '../helpers.js';

const EXAMPLES = ['generation-split', 'helm-values', 'node-overlay', 'drift-budgets'];

describe('examples', () => {
  test.each(EXAMPLES)('%s: validate reports no errors in base or head', async (ex) => {
    for (const side of ['base', 'head']) {
      const r = await runCli(['validate', `examples/${ex}/${side}`, '--format', 'json']);
      const plan = JSON.parse(r.stdout);
      expect(plan.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
      expect(r.exitCode).toBe(0);
    }
  });

  test.each(EXAMPLES)('%s: diff --format json has every contract key', async (ex) => {
    const r = await runCli([
      'diff',
      '--base',
      `examples/${ex}/base`,
      '--head',
      `examples/${ex}/head`,
      '--format',
      'json',
    ]);
    expect(r.stderr).toBe('');
    const plan = JSON.parse(r.stdout);
    expect(plan.schemaVersion).toBe(1);
    for (const k of ['verdict', 'summary', 'workloads', 'nodePools', 'replacements', 'findings'])
      expect(plan).toHaveProperty(k);
    for (const k of ['workloadsChanged', 'nodesReplaced', 'nodesRemoved', 'findings', 'hourlyCost'])
      expect(plan.summary).toHaveProperty(k);
    for (const np of plan.nodePools) {
      for (const k of ['name', 'change', 'changedFields', 'drift', 'nodes', 'nodesDrifted', 'budget'])
        expect(np).toHaveProperty(k);
    }
    for (const w of plan.workloads) {
      for (const k of ['kind', 'namespace', 'name', 'replicas', 'base', 'head', 'changed']) expect(w).toHaveProperty(k);
    }
  });

  test('generation-split: the Markdown names the added and removed pools', async () => {
    const r = await runCli([
      'diff',
      '--base',
      'examples/generation-split/base',
      '--head',
      'examples/generation-split/head',
    ]);
    expect(r.stdout).toMatch(/<code>gen8-primary<\/code> \| added/);
    expect(r.stdout).toMatch(/<code>intel-general<\/code> \| removed/);
  });

  test('helm-values: the org-chart layout produces the same pools as the manifests', async () => {
    const r = await runCli([
      'diff',
      '--base',
      'examples/helm-values/base',
      '--head',
      'examples/helm-values/head',
      '--format',
      'json',
    ]);
    const plan = JSON.parse(r.stdout);
    expect(plan.nodePools.map((p: { name: string; change: string }) => `${p.name}:${p.change}`)).toEqual([
      'gen7-fallback:added',
      'gen8-primary:added',
      'intel-general:removed',
    ]);
  });
});

describe('changed fields', () => {
  test('a modified NodePool lists JSON-pointer-like paths', async () => {
    const base = tempTree({ 'p.yaml': nodePool('p', { weight: 10, extraTemplateSpec: '      expireAfter: 720h\n' }) });
    const head = tempTree({ 'p.yaml': nodePool('p', { weight: 20, extraTemplateSpec: '      expireAfter: 48h\n' }) });
    const plan = JSON.parse((await runCli(['diff', '--base', base, '--head', head, '--format', 'json'])).stdout);
    expect(plan.nodePools[0].change).toBe('modified');
    expect(plan.nodePools[0].changedFields).toEqual(['spec.template.spec.expireAfter', 'spec.weight']);
  });
});

describe('exit codes', () => {
  test('1 when an error finding fails the policy', async () => {
    const dir = tempTree({ 'p.yaml': nodePool('p', { weight: 0 }) });
    const r = await runCli(['validate', dir]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/p.yaml:\d+ \[invalid-spec\]/);
  });
  test('0 with fail-on never', async () => {
    const dir = tempTree({
      'p.yaml': nodePool('p', { weight: 0 }),
      '.karpenter-plan.yaml': 'policy: { failOn: never }\n',
    });
    expect((await runCli(['validate', dir])).exitCode).toBe(0);
  });
  test('2 on usage errors and unreadable config', async () => {
    expect((await runCli(['diff', '--base', 'x'])).exitCode).toBe(2);
    expect((await runCli(['frobnicate'])).exitCode).toBe(2);
    expect((await runCli(['validate', '.', '--config', '/nonexistent.yaml'])).exitCode).toBe(2);
    const bad = tempTree({ 'c.yaml': 'manifests: [unclosed\n' });
    expect((await runCli(['validate', bad, '--config', join(bad, 'c.yaml')])).exitCode).toBe(2);
  });
  test('a schema violation in the config is an error finding with its line', async () => {
    const dir = tempTree({ '.karpenter-plan.yaml': 'manifests: ["**/*.yaml"]\npolicy:\n  failOn: sometimes\n' });
    const plan = JSON.parse((await runCli(['validate', dir, '--format', 'json'])).stdout);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'invalid-config', file: '.karpenter-plan.yaml', line: 3 }),
    );
  });
});

describe('git revisions', () => {
  test('reading base/head from git gives the same plan as two directories', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'kp-git-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    cpSync('examples/generation-split/base', repo, { recursive: true });
    // The same config in both revisions: comparing git revisions, the policy keys come from base (docs/security.md).
    cpSync('examples/generation-split/head/.karpenter-plan.yaml', join(repo, '.karpenter-plan.yaml'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const baseSha = git('rev-parse', 'HEAD');
    rmSync(join(repo, 'nodepools.yaml'));
    cpSync('examples/generation-split/head', repo, { recursive: true });
    git('add', '-A');
    git('commit', '-q', '-m', 'head');
    const fromGit = JSON.parse(
      (
        await runCli([
          'diff',
          '--base-ref',
          baseSha,
          '--head-ref',
          'HEAD',
          '--repo',
          repo,
          '--format',
          'json',
          '--at',
          '2026-01-05T10:00:00Z',
        ])
      ).stdout,
    );
    const fromDirs = JSON.parse(
      (
        await runCli([
          'diff',
          '--base',
          'examples/generation-split/base',
          '--head',
          'examples/generation-split/head',
          '--format',
          'json',
          '--at',
          '2026-01-05T10:00:00Z',
        ])
      ).stdout,
    );
    const strip = (p: Record<string, unknown>) => ({ ...p, base: null, head: null });
    expect(strip(fromGit)).toEqual(strip(fromDirs));
    expect(fromGit.head.sha).toBe(git('rev-parse', 'HEAD'));
  });

  test('a revision spelled as an option is not found and reaches git as nothing: `--output=FILE` writes no file', () => {
    const repo = mkdtempSync(join(tmpdir(), 'kp-git-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    cpSync('examples/generation-split/base', repo, { recursive: true });
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    // The CLI refuses a flag value that starts with `-`; the tree is the one place every revision goes through.
    const written = join(mkdtempSync(join(tmpdir(), 'kp-git-out-')), 'x');
    for (const rev of [`--output=${written}`, 'no-such-branch'])
      expect(() => new GitTree(repo, rev)).toThrow(`git revision "${rev}" not found`);
    expect(existsSync(written)).toBe(false);
    expect(existsSync(`${written}^{commit}`)).toBe(false);
    expect(new GitTree(repo, 'HEAD').sha).toBe(git('rev-parse', 'HEAD'));
  });
});

describe('plan schema', () => {
  test.each(EXAMPLES)('%s: the JSON plan validates against schema/plan.schema.json', async (ex) => {
    const { Ajv } = await import('ajv');
    const { readFileSync } = await import('node:fs');
    const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync('schema/plan.schema.json', 'utf8')));
    const plan = JSON.parse(
      (await runCli(['diff', '--base', `examples/${ex}/base`, '--head', `examples/${ex}/head`, '--format', 'json']))
        .stdout,
    );
    expect(validate(plan) ? [] : validate.errors).toEqual([]);
  });
});

describe('config workloads', () => {
  test('compact workloads from the config are placed like Deployments', async () => {
    const dir = tempTree({
      'p.yaml': nodePool('p'),
      '.karpenter-plan.yaml':
        'workloads:\n  - { name: api, namespace: web, replicas: 3, requests: { cpu: "2", memory: 4Gi }, nodeSelector: { kubernetes.io/arch: amd64 } }\n',
    });
    const plan = JSON.parse((await runCli(['simulate', dir, '--format', 'json'])).stdout);
    expect(plan.workloads).toHaveLength(1);
    expect(plan.workloads[0]).toMatchObject({
      kind: 'Deployment',
      namespace: 'web',
      name: 'api',
      replicas: 3,
      head: { schedulable: true, nodePool: 'p' },
    });
  });
});

describe('colours in the text format', () => {
  test('on when the entry point asks (a terminal without NO_COLOR), never otherwise', async () => {
    const dir = 'examples/generation-split/head';
    const plain = await runCli(['validate', dir, '--format', 'text']);
    const ESC = String.fromCharCode(27);
    expect(plain.stdout.includes(ESC)).toBe(false);
    const coloured = await runCli(['validate', dir, '--format', 'text'], process.cwd(), undefined, { color: true });
    expect(coloured.stdout).toMatch(new RegExp(`karpenter-plan: ${ESC}\\[(32|31)m(PASS|FAIL)${ESC}\\[0m`));
    // JSON, Markdown and SARIF never carry colours.
    const json = await runCli(['validate', dir, '--format', 'json'], process.cwd(), undefined, { color: true });
    expect(json.stdout.includes(ESC)).toBe(false);
  });
});
