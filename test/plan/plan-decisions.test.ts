/**
 * Every decision is made once, in the plan: the report's headline and alerts are renderings of the
 * plan's verdict and alerts, never decisions of their own.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderText } from '../../src/report/text.js';
import type { Plan } from '../../src/plan/contract.js';
import { rolloutVerdict, worstRollout } from '../../src/plan/plan.js';
import { NODECLASS, nodePool, tempTree } from '../helpers.js';

const FAILING_ALERTS = new Set(['workloads-unschedulable', 'rollout-blocked']);

async function planOf(args: string[]): Promise<Plan> {
  const r = await runCli([...args, '--format', 'json']);
  expect(r.exitCode).not.toBe(2);
  return JSON.parse(r.stdout) as Plan;
}

function expectAgreement(plan: Plan): void {
  const md = renderMarkdown(plan);
  const headline = md.split('\n')[0];
  // A pass is never shown with ✅ right above a caution: it is headed ⚠️ and counts the cautions.
  const cautions = plan.alerts.filter((a) => a.level === 'caution').length;
  if (plan.verdict === 'pass' && cautions) {
    expect(headline).toContain('⚠️');
    expect(headline).toMatch(new RegExp(`: pass, with ${cautions} cautions?$`));
  } else {
    expect(headline).toContain(plan.verdict === 'pass' ? '✅' : '❌');
    expect(headline).toMatch(new RegExp(`: ${plan.verdict}$`));
  }
  expect(md.includes('[!CAUTION]')).toBe(plan.alerts.some((a) => a.level === 'caution'));
  expect(md.includes('[!WARNING]')).toBe(plan.alerts.length > 0 && plan.alerts.every((a) => a.level === 'warning'));
  // An alert that is a failing condition never sits under a passing headline (failOn is not `never` in the examples).
  if (plan.verdict === 'pass') expect(plan.alerts.filter((a) => FAILING_ALERTS.has(a.code))).toEqual([]);
  // Each failing alert has its verdict reason.
  for (const a of plan.alerts)
    if (FAILING_ALERTS.has(a.code)) expect(plan.verdictDetails.map((r) => r.code)).toContain(a.code);
  expect(plan.verdictReasons).toEqual(plan.verdictDetails.map((r) => r.message));
  expect(renderText(plan).split('\n')[0]).toBe(`karpenter-plan: ${plan.verdict.toUpperCase()}`);
  // The rollout verdicts are the plan's: the rollout-wide alert names exactly the wide ones, and the summary's worst
  // is one of them.
  const wide = plan.nodePools.filter((p) => p.rolloutVerdict === 'wide').map((p) => p.name);
  expect(plan.alerts.find((a) => a.code === 'rollout-wide')?.subjects ?? []).toEqual(wide);
  const verdicts = plan.nodePools.map((p) => p.rolloutVerdict).filter((v) => v && v !== 'none');
  if (verdicts.length) expect(verdicts).toContain(plan.summary.worstRollout);
  else expect(plan.summary.worstRollout).toBeUndefined();
}

describe('the rollout verdict a reader sees is decided in the plan', () => {
  const wave = (wide: boolean) => ({
    start: '2026-01-05T10:00:00.000Z',
    nodes: 8,
    poolPercent: 40,
    fleetPercent: 40,
    budget: null,
    defaulted: false,
    changed: false,
    wide,
  });
  const budget = (verdict: 'ok' | 'slow' | 'blocked' | 'unlimited' | 'none') => ({
    reason: 'Drifted' as const,
    allowed: 8,
    waves: 1,
    estimatedMinutes: 5,
    verdict,
  });
  test('an ok or slow rollout whose largest wave is wide is wide; blocked and unlimited stay themselves', () => {
    expect(rolloutVerdict({ budget: budget('ok'), largestWave: wave(true) })).toBe('wide');
    expect(rolloutVerdict({ budget: budget('slow'), largestWave: wave(true) })).toBe('wide');
    expect(rolloutVerdict({ budget: budget('slow'), largestWave: wave(false) })).toBe('slow');
    expect(rolloutVerdict({ budget: budget('blocked'), largestWave: wave(true) })).toBe('blocked');
    expect(rolloutVerdict({ budget: budget('unlimited'), largestWave: wave(true) })).toBe('unlimited');
    expect(rolloutVerdict({ budget: null, largestWave: null })).toBeNull();
  });
  test('the worst rollout: blocked, wide, unlimited, slow, ok; none is no rollout', () => {
    expect(worstRollout([{ rolloutVerdict: 'ok' }, { rolloutVerdict: 'slow' }, { rolloutVerdict: 'unlimited' }])).toBe(
      'unlimited',
    );
    expect(worstRollout([{ rolloutVerdict: 'unlimited' }, { rolloutVerdict: 'wide' }])).toBe('wide');
    expect(worstRollout([{ rolloutVerdict: 'wide' }, { rolloutVerdict: 'blocked' }])).toBe('blocked');
    expect(worstRollout([{ rolloutVerdict: 'none' }, {}])).toBeNull();
  });
});

describe('headline and alerts agree with the plan on every example', () => {
  for (const ex of readdirSync('examples').sort()) {
    test(`${ex}: diff`, async () => {
      const fleet = readdirSync(`examples/${ex}`).includes('fleet.json')
        ? ['--fleet', `examples/${ex}/fleet.json`]
        : [];
      const plan = await planOf([
        'diff',
        '--base',
        `examples/${ex}/base`,
        '--head',
        `examples/${ex}/head`,
        ...fleet,
        '--at',
        '2026-01-05T10:00:00Z',
      ]);
      expect(plan.kind).toBe('diff');
      expectAgreement(plan);
    });
    test(`${ex}: simulate`, async () => {
      const plan = await planOf(['simulate', `examples/${ex}/head`]);
      expect(plan.kind).toBe('state');
      expectAgreement(plan);
    });
  }
});

test('probe pods that head cannot place do not alarm: a pass is not shown above a CAUTION', async () => {
  // No workloads: each state is exercised by probe pods. Head allows only ≤ 2 vCPU types, so the
  // 4-vCPU "large" probe cannot be placed in head (it needs 4 CPU + 16 GiB on one node).
  const base = tempTree({ 'nc.yaml': NODECLASS, 'np.yaml': nodePool('general') });
  const head = tempTree({
    'nc.yaml': NODECLASS,
    'np.yaml': nodePool('general', {
      requirements: '        - { key: karpenter.k8s.aws/instance-cpu, operator: Lte, values: ["2"] }\n',
    }),
  });
  const plan = await planOf(['diff', '--base', base, '--head', head]);
  const large = plan.workloads.find((w) => w.name === 'large')!;
  expect(large.base?.schedulable).toBe(true);
  expect(large.head?.schedulable).toBe(false);
  expect(plan.newlyUnschedulable).toEqual([]);
  expect(plan.alerts.map((a) => a.code)).not.toContain('workloads-unschedulable');
  expectAgreement(plan);
});

test('a real workload that becomes unschedulable fails the check and raises the matching CAUTION', async () => {
  const deploy = `apiVersion: apps/v1
kind: Deployment
metadata: { name: big, namespace: team }
spec:
  replicas: 1
  template:
    spec:
      containers: [{ name: c, image: x, resources: { requests: { cpu: "3", memory: 4Gi } } }]
`;
  const base = tempTree({ 'nc.yaml': NODECLASS, 'np.yaml': nodePool('general'), 'w.yaml': deploy });
  const head = tempTree({
    'nc.yaml': NODECLASS,
    'np.yaml': nodePool('general', {
      requirements: '        - { key: karpenter.k8s.aws/instance-cpu, operator: Lte, values: ["2"] }\n',
    }),
    'w.yaml': deploy,
  });
  const plan = await planOf(['diff', '--base', base, '--head', head]);
  expect(plan.newlyUnschedulable).toEqual([{ kind: 'Deployment', namespace: 'team', name: 'big' }]);
  expect(plan.verdict).toBe('fail');
  expect(plan.verdictDetails.map((r) => r.code)).toContain('workloads-unschedulable');
  expect(plan.alerts.find((a) => a.code === 'workloads-unschedulable')?.subjects).toEqual(['team/big']);
  expectAgreement(plan);
});

test('single-state and diff runs say which they are; an unchanged diff is not "changed"', async () => {
  const dir = tempTree({ 'nc.yaml': NODECLASS, 'np.yaml': nodePool('general') });
  const same = await planOf(['diff', '--base', dir, '--head', dir]);
  expect(same.kind).toBe('diff');
  expect(same.changed).toBe(false);
  const state = await planOf(['validate', dir]);
  expect(state.kind).toBe('state');
});

test('nodes of a NodePool defined in neither state are managed elsewhere: never removed, no finding, no alert', async () => {
  const fleet = JSON.parse(readFileSync('examples/drift-budgets/fleet.json', 'utf8')) as {
    items: { kind: string; metadata: { labels: Record<string, string> } }[];
  };
  // Part of the snapshot (NodeClaims and their Nodes) belongs to a pool that another repository (or Terraform) manages.
  fleet.items.slice(0, 10).forEach((n) => (n.metadata.labels['karpenter.sh/nodepool'] = 'system'));
  const moved = fleet.items.slice(0, 10).filter((n) => n.kind === 'NodeClaim').length;
  const file = join(mkdtempSync(join(tmpdir(), 'kp-ghost-')), 'fleet.json');
  writeFileSync(file, JSON.stringify(fleet));
  const dir = 'examples/drift-budgets/base';
  const plan = await planOf(['diff', '--base', dir, '--head', dir, '--fleet', file, '--at', '2026-01-05T10:00:00Z']);
  expect(plan.summary.nodesRemoved).toBe(0);
  expect(plan.summary.nodesReplaced).toBe(0);
  expect(plan.findings.filter((f) => f.rule === 'pool-removed-with-nodes')).toEqual([]);
  expect(plan.alerts).toEqual([]);
  expect(plan.nodePools.map((p) => p.name)).toEqual(['general']);
  expect(moved).toBeGreaterThan(0);
  expect(plan.assumptions).toContain(
    `Fleet: ${moved} node(s) belong to NodePools defined in neither base nor head (system: ${moved}): they are managed elsewhere, and this change neither replaces nor removes them.`,
  );
  expectAgreement(plan);
});
