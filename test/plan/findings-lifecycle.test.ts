/**
 * Findings as a reviewer sees them: new, pre-existing and resolved by fingerprint (rule, object, field path); silenced
 * by an annotation, the config or a baseline and counted, never dropped; and as SARIF 2.1.0 for code scanning.
 */
import { sarifSchemaErrors } from '../support/sarif-schema.js';
import { readFileSync, writeFileSync, mkdtempSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { planOf, type PlanRun } from '../support/plan.js';

const plan = (args: string[]): Promise<PlanRun> => planOf(args);

function copy(dir: string): string {
  const out = mkdtempSync(join(tmpdir(), 'kp-life-'));
  cpSync(dir, out, { recursive: true });
  return out;
}

test('a no-op diff with a fleet holding a pool defined elsewhere: nothing removed, every finding pre-existing, pass under failOn warning', async () => {
  // generation-split/head has warnings of its own (expire-without-tgp on two pools).
  const dir = 'examples/generation-split/head';
  const fleet = JSON.parse(readFileSync('examples/drift-budgets/fleet.json', 'utf8')) as {
    items: { metadata: { labels: Record<string, string> } }[];
  };
  for (const n of fleet.items) n.metadata.labels['karpenter.sh/nodepool'] = 'platform-system';
  const file = join(mkdtempSync(join(tmpdir(), 'kp-fleet-')), 'fleet.json');
  writeFileSync(file, JSON.stringify(fleet));
  const { plan: p, exitCode } = await plan([
    'diff',
    '--base',
    dir,
    '--head',
    dir,
    '--fleet',
    file,
    '--fail-on',
    'warning',
    '--at',
    '2026-01-05T10:00:00Z',
  ]);
  expect(p.summary.nodesRemoved).toBe(0);
  expect(p.findings.filter((f) => f.rule === 'pool-removed-with-nodes')).toEqual([]);
  expect(p.findings.length).toBeGreaterThan(0);
  expect(p.findings.every((f) => f.new === false)).toBe(true);
  expect(p.summary.newFindings).toEqual({ error: 0, warning: 0, info: 0 });
  expect(p.verdict).toBe('pass');
  expect(exitCode).toBe(0);
  // failOnExisting restores the strict behaviour.
  const strictDir = copy(dir);
  writeFileSync(
    join(strictDir, '.karpenter-plan.yaml'),
    readFileSync(join(dir, '.karpenter-plan.yaml'), 'utf8') + 'policy: { failOn: warning, failOnExisting: true }\n',
  );
  const strict = await plan(['diff', '--base', strictDir, '--head', strictDir, '--at', '2026-01-05T10:00:00Z']);
  expect(strict.plan.verdict).toBe('fail');
});

test('a finding the change introduces is new; one it removes is resolved; the markdown folds the pre-existing ones', async () => {
  const base = copy('examples/generation-split/head');
  const head = copy('examples/generation-split/head');
  const np = join(head, 'nodepools.yaml');
  // Give gen7-fallback a terminationGracePeriod: its expire-without-tgp finding is resolved; the other stays.
  writeFileSync(
    np,
    readFileSync(np, 'utf8').replace('expireAfter: 48h', 'expireAfter: 48h\n      terminationGracePeriod: 1h'),
  );
  const { plan: p } = await plan(['diff', '--base', base, '--head', head, '--at', '2026-01-05T10:00:00Z']);
  expect(p.resolvedFindings?.map((f) => `${f.rule} ${f.object}`)).toEqual([
    'expire-without-tgp NodePool/gen7-fallback',
  ]);
  const still = p.findings.find((f) => f.rule === 'expire-without-tgp')!;
  expect(still).toMatchObject({ object: 'NodePool/gen8-primary', new: false });
  const md = (await runCli(['diff', '--base', base, '--head', head, '--at', '2026-01-05T10:00:00Z'])).stdout;
  expect(md).toContain('pre-existing finding(s), not introduced by this change');
  expect(md).toContain('Resolved by this change: 1 × [<code>expire-without-tgp</code>]');
});

describe('suppression, counted and never silent', () => {
  const dir = 'examples/generation-split/head';
  test('an annotation on the object, with a reason', async () => {
    const d = copy(dir);
    const np = join(d, 'nodepools.yaml');
    writeFileSync(
      np,
      readFileSync(np, 'utf8').replace(
        'name: gen8-primary\n',
        'name: gen8-primary\n  annotations:\n    karpenter-plan.io/ignore: "expire-without-tgp # expiry is handled by the platform team"\n',
      ),
    );
    const { plan: p } = await plan(['validate', d]);
    expect(p.findings.filter((f) => f.object === 'NodePool/gen8-primary' && f.rule === 'expire-without-tgp')).toEqual(
      [],
    );
    expect(p.suppressedFindings).toContainEqual(
      expect.objectContaining({
        rule: 'expire-without-tgp',
        object: 'NodePool/gen8-primary',
        suppressedBy: 'annotation',
        reason: 'expiry is handled by the platform team',
      }),
    );
    expect(p.summary.suppressedFindings).toBe(1);
  });

  test('a config ignore entry for one kind and name', async () => {
    const d = copy(dir);
    writeFileSync(
      join(d, '.karpenter-plan.yaml'),
      readFileSync(join(d, '.karpenter-plan.yaml'), 'utf8') +
        'ignore:\n  - { rule: expire-without-tgp, kind: NodePool, name: gen7-fallback, reason: short-lived pool }\n',
    );
    const { plan: p } = await plan(['validate', d]);
    expect(p.suppressedFindings?.map((f) => [f.object, f.suppressedBy])).toEqual([
      ['NodePool/gen7-fallback', 'config'],
    ]);
    expect(p.findings.some((f) => f.object === 'NodePool/gen8-primary' && f.rule === 'expire-without-tgp')).toBe(true);
  });

  test('a baseline written by `karpenter-plan baseline` silences what it recorded, and only that', async () => {
    const d = copy(dir);
    const b = await runCli(['baseline', d, '--out', join(d, '.karpenter-plan-baseline.json')]);
    expect(b.exitCode).toBe(0);
    const before = (await plan(['validate', d])).plan;
    expect(before.findings).toEqual([]);
    expect(before.summary.suppressedFindings).toBeGreaterThan(0);
    expect(before.suppressedFindings?.every((f) => f.suppressedBy === 'baseline')).toBe(true);
    // A new problem is not in the baseline.
    const np = join(d, 'nodepools.yaml');
    writeFileSync(np, readFileSync(np, 'utf8').replace('weight: 100', 'weight: 101'));
    const after = (await plan(['validate', d])).plan;
    expect(after.findings.map((f) => f.rule)).toContain('invalid-spec');
  });
});

test('--format sarif is a valid SARIF 2.1.0 log with rule metadata, docs pages and fingerprints', async () => {
  const r = await runCli([
    'diff',
    '--base',
    'examples/generation-split/base',
    '--head',
    'examples/generation-split/head',
    '--format',
    'sarif',
  ]);
  const log = JSON.parse(r.stdout);
  expect(sarifSchemaErrors(log)).toEqual([]);
  expect(log.version).toBe('2.1.0');
  const run = log.runs[0];
  expect(run.tool.driver.name).toBe('karpenter-plan');
  const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'expire-without-tgp');
  expect(rule.helpUri).toMatch(/docs\/rules\/expire-without-tgp\.md$/);
  const res = run.results.find((x: { ruleId: string }) => x.ruleId === 'expire-without-tgp');
  expect(res.locations[0].physicalLocation.artifactLocation.uri).toBe('examples/generation-split/head/nodepools.yaml');
  expect(res.partialFingerprints['karpenterPlan/v1']).toMatch(/^expire-without-tgp\|NodePool\//);
  expect(res.level).toBe('warning');
});
