/**
 * The Markdown report: every example renders under 65,000 characters with Mermaid
 * blocks that Mermaid's own parser accepts; hostile names render harmlessly; an oversized plan
 * keeps its summary under the limit.
 */
import { readFileSync } from 'node:fs';
import { runCli } from '../../src/cli/run.js';
import { renderMarkdown, COMMENT_LIMIT } from '../../src/report/markdown.js';
import { mermaidText } from '../../src/report/charts.js';
import type { Plan } from '../../src/plan/contract.js';
import { nodePool, NODECLASS, tempTree, deployment } from '../helpers.js';
import { VERSION } from '../../src/common/version.js';
import { renderSarif } from '../../src/report/sarif.js';
import type { Finding } from '../../src/common/findings.js';
import { MermaidParser, type MermaidResult } from '../support/mermaid.js';

/** Mermaid's own parser, in one child Node process for the suite (test/support/mermaid.ts). */
const mermaid = new MermaidParser();
// Loading jsdom and Mermaid is charged to no single test (a few seconds, more on a busy machine).
beforeAll(() => mermaid.parse([]), 180_000);
afterAll(() => mermaid.close());
function parseMermaid(blocks: string[]): Promise<MermaidResult[]> {
  return mermaid.parse(blocks);
}
async function expectParses(blocks: string[]): Promise<void> {
  expect((await parseMermaid(blocks)).filter((r) => !r.ok)).toEqual([]);
}

test('the Mermaid checker itself rejects a broken diagram', async () => {
  expect((await parseMermaid(['pie\n "a" : x']))[0].ok).toBe(false);
});

function mermaidBlocks(md: string): string[] {
  return [...md.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/**
 * A run's standard output, made once per suite for the same arguments: the runs are deterministic (`--at` fixed), and
 * several tests read the same example's plan or Markdown.
 */
const outputs = new Map<string, Promise<string>>();
function stdoutOf(args: string[]): Promise<string> {
  const key = JSON.stringify(args);
  let out = outputs.get(key);
  if (!out) outputs.set(key, (out = runCli(args).then((r) => r.stdout)));
  return out;
}

/** A fresh copy of the JSON plan each call (tests edit it). */
async function plan(args: string[]): Promise<Plan> {
  return JSON.parse(await stdoutOf([...args, '--format', 'json', '--at', '2026-01-05T10:00:00Z'])) as Plan;
}

/** The example's Markdown comment, as `diff` prints it. */
function exampleMarkdown(ex: string): Promise<string> {
  return stdoutOf([
    'diff',
    '--base',
    `examples/${ex}/base`,
    '--head',
    `examples/${ex}/head`,
    '--at',
    '2026-01-05T10:00:00Z',
  ]);
}

const EXAMPLES = ['generation-split', 'helm-values', 'node-overlay', 'drift-budgets'];

test.each(EXAMPLES)('%s: the comment is under the limit, summary first, and every Mermaid block parses', async (ex) => {
  const md = await exampleMarkdown(ex);
  expect(md.length).toBeLessThan(COMMENT_LIMIT);
  // The headline (issue 25): what changes in a few words, under about 120 characters.
  expect(md.split('\n')[2]).toMatch(/^\*\*(\d+ workloads? changes? placement|\d+ probe placements? change)/);
  expect(md.split('\n')[2].length).toBeLessThanOrEqual(124);
  // Charts only when they show a change (issue 25): the drift rollout and the composition that changes family mix.
  const blocks = mermaidBlocks(md);
  if (ex === 'drift-budgets' || ex === 'helm-values') expect(blocks.length).toBeGreaterThan(0);
  if (blocks.length) await expectParses(blocks);
});

test('a drift rollout renders a Gantt chart that parses', async () => {
  const base = tempTree({
    'a.yaml': [
      NODECLASS,
      nodePool('p', { extraTemplateSpec: '      expireAfter: 720h\n' }),
      deployment('a', { replicas: 40, cpu: '3', memory: '6Gi' }),
    ].join('---\n'),
  });
  const head = tempTree({
    'a.yaml': [
      NODECLASS,
      nodePool('p', { extraTemplateSpec: '      expireAfter: 48h\n' }),
      deployment('a', { replicas: 40, cpu: '3', memory: '6Gi' }),
    ].join('---\n'),
  });
  const p = await plan(['diff', '--base', base, '--head', head]);
  const md = renderMarkdown(p);
  const gantt = mermaidBlocks(md).find((b) => b.startsWith('gantt'));
  expect(gantt).toBeDefined();
  expect((await parseMermaid([gantt!]))[0]).toMatchObject({ ok: true, type: 'gantt' });
  expect(md).toMatch(/> \[!WARNING\]/);
});

test('mermaid text keeps only harmless characters', () => {
  expect(mermaidText('a"b\n:c;`d')).toBe('a_b__c__d');
});

describe('Markdown injection', () => {
  const hostile = ['pipe|name', 'tick`name`', '<script>alert(1)</script>', 'x --> y', 'line\nbreak', '<!-- end -->'];
  test.each(hostile)('%j renders harmlessly in tables, findings and charts', async (name) => {
    const p = await plan([
      'diff',
      '--base',
      'examples/generation-split/base',
      '--head',
      'examples/generation-split/head',
    ]);
    p.nodePools[0].name = name;
    p.workloads[0].name = name;
    if (p.scenarios[0]) {
      p.scenarios[0].name = name;
      p.scenarios[0].workloads[0].name = name;
    }
    p.findings.push({
      rule: 'r' as Finding['rule'],
      severity: 'warning',
      message: name,
      file: name,
      line: 3,
      object: name,
    });
    p.nodePools[0].rollout = {
      start: '2026-01-05T10:00:00.000Z',
      waves: [{ start: '2026-01-05T10:00:00.000Z', end: '2026-01-05T10:05:00.000Z', nodes: 1 }],
      completedAt: null,
      note: name,
    };
    const md = renderMarkdown(p, { blobUrl: 'https://github.com/o/r/blob/abc' });
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<!-- end -->');
    for (const line of md.split('\n').filter((l) => l.startsWith('| '))) {
      // Every table row keeps its column count: no unescaped pipe leaked from the name.
      const cols = line.replace(/\\\|/g, '').split('|').length;
      // Tables of 3 to 6 columns (issue 25: no table wider than 6 columns).
      expect([5, 6, 7, 8]).toContain(cols);
    }
    await expectParses(mermaidBlocks(md));
  });
});

test('an oversized plan (hundreds of NodePools and workloads) stays under the limit with the summary intact', async () => {
  // 150 NodePools and 200 workloads: a report of over twice the limit that loses the same sections as one of 300 and
  // 400 did (the probes, one per NodePool, made most of that plan's CPU time).
  const pools = Array.from({ length: 150 }, (_, i) =>
    nodePool(`pool-${String(i).padStart(3, '0')}-with-a-long-name`, { weight: (i % 100) + 1 }),
  );
  const work = Array.from({ length: 200 }, (_, i) =>
    deployment(`workload-${i}-with-a-rather-long-name`, { cpu: '250m', memory: '512Mi' }),
  );
  const base = tempTree({ 'a.yaml': [NODECLASS, ...pools, ...work].join('---\n') });
  const head = tempTree({
    'a.yaml': [NODECLASS, ...pools.map((p) => p.replace('on-demand', 'spot')), ...work].join('---\n'),
  });
  const p = await plan(['diff', '--base', base, '--head', head]);
  expect(renderMarkdown(p, { limit: Infinity }).length).toBeGreaterThan(2 * COMMENT_LIMIT);
  const md = renderMarkdown(p);
  expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
  expect(md).toMatch(/\*\*\d+ workloads change placement/);
  expect(md).toMatch(/Shortened: .*(omitted|shortened)/);
}, 120_000);

test('3,000 findings shorten the Findings section (its first rows stay) instead of dropping the other sections', async () => {
  const p = await plan([
    'diff',
    '--base',
    'examples/generation-split/base',
    '--head',
    'examples/generation-split/head',
  ]);
  const many: Plan = {
    ...p,
    findings: Array.from({ length: 3000 }, (_, i) => ({
      rule: 'equal-weight-overlap',
      severity: 'error' as const,
      message: `finding number ${i} with a message long enough to take some room in the table`,
      file: 'nodepools.yaml',
      line: i + 1,
      object: `NodePool/p${i}`,
      new: true,
    })),
  };
  const md = renderMarkdown(many);
  expect(md.length).toBeLessThanOrEqual(COMMENT_LIMIT);
  expect(md).toMatch(/Shortened: Findings shortened/);
  expect(md).toMatch(/finding number 0 with/);
  expect(md).toMatch(/more line\(s\) left out to stay under GitHub's comment limit/);
  // The sections before Findings are still there in full.
  expect(md).toMatch(/<summary><a name="kp-fleet"><\/a><b>Fleet outcome<\/b>/);
  expect(md).not.toMatch(/Fleet outcome<\/summary>\n\nOmitted/);
}, 60_000);

describe('rule links carry the release tag of package.json', () => {
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  test('Markdown and SARIF link docs/rules/<id>.md at v<version>, never at a branch', async () => {
    expect(VERSION).toBe(version);
    const r = await runCli([
      'diff',
      '--base',
      'examples/generation-split/base',
      '--head',
      'examples/generation-split/head',
      '--format',
      'json',
    ]);
    const plan = JSON.parse(r.stdout) as Plan;
    const md = renderMarkdown(plan, { blobUrl: null });
    expect(md).toContain(`https://github.com/karpenter-plan/karpenter-plan/blob/v${version}/docs/rules/`);
    const sarif = JSON.parse(renderSarif(plan)) as { runs: { tool: { driver: { rules: { helpUri?: string }[] } } }[] };
    const uris = sarif.runs[0].tool.driver.rules.map((x) => x.helpUri).filter((u): u is string => !!u);
    expect(uris.length).toBeGreaterThan(0);
    for (const u of uris)
      expect(u).toMatch(new RegExp(`/blob/v${version.replaceAll('.', '\\.')}/docs/rules/[a-z0-9-]+\\.md$`));
    expect(md + JSON.stringify(sarif)).not.toContain('/blob/main/');
  });
});

describe('Markdown snapshots of the examples', () => {
  test.each(EXAMPLES)('%s', async (ex) => {
    const md = await exampleMarkdown(ex);
    // Rule links carry the release tag (tested below); the snapshot stays the same from one version to the next.
    expect(md.replaceAll(`/blob/v${VERSION}/`, '/blob/v<version>/')).toMatchSnapshot();
  });
});

test('monthly figures use 730 hours a month: 0.1/h = $73.00, -1/h = -$730, 2/h = $1,460', async () => {
  const { signedMonthly } = await import('../../src/report/escape.js');
  expect(signedMonthly(0.1)).toBe('+$73.00');
  expect(signedMonthly(-1)).toBe('-$730');
  expect(signedMonthly(2)).toBe('+$1,460');
});
