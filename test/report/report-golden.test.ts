/**
 * The PR comment a reviewer understands in ten seconds (issue 25), rendered from fixture plans only (no model run):
 * test/fixtures/report/<name>.plan.json → <name>.md. Re-bless the golden files after a deliberate change of the
 * report with `npm run bless-reports` (BLESS_REPORTS=1), then read their diff.
 *
 * The fixture plans are `karpenter-plan diff --format json --at 2026-01-05T10:00:00Z` of: examples/drift-budgets (with
 * its fleet), examples/generation-split (`pool-deleted`), examples/node-overlay (`consolidation`), drift-budgets with
 * head's workload asking 64 CPUs (`pending`), drift-budgets with a 20-node fleet (8 m6i, 12 m7i) and head's budgets
 * `[{nodes: "100%"}]` (`wide-wave`), one NodePool with a workload at 0 replicas, its summary cost set to 0/0 (the
 * `$0.0000/h → $0.0000/h` case, `nothing-placed`), and test/fixtures/kustomize-repo with the base's families narrowed
 * from m6i, m7i, m8i to m7i, m8i (three overlays, each a target: `multi-target`), and (`snapshot-drift`) two NodePools
 * of `m5` `xlarge` on-demand, `general` (weight 10, where drift-budgets' `web/api` with its 12 replicas lands) and
 * `stable`, with a 10-NodeClaim snapshot of m5.xlarge (4 in `general`, 6 in `stable`), head narrowing `general` to
 * `m6i`. Temporary paths are replaced by `fixture/`. The `fleet.snapshot` of drift-budgets and wide-wave was added to
 * their plans by hand from their fleet cost (shown in the tests below).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plan } from '../../src/plan/contract.js';
import { renderMarkdown, summarySentence } from '../../src/report/markdown.js';
import { headline } from '../../src/report/headline.js';
import { splitFirstSentence } from '../../src/report/findings.js';
import { rolloutSentence } from '../../src/report/consequences.js';
import { VERSION } from '../../src/common/version.js';

const DIR = 'test/fixtures/report';
const BLESS = process.env.BLESS_REPORTS === '1';
const NAMES = readdirSync(DIR)
  .filter((f) => f.endsWith('.plan.json'))
  .map((f) => f.replace(/\.plan\.json$/, ''))
  .sort();

function load(name: string): Plan {
  return JSON.parse(readFileSync(join(DIR, `${name}.plan.json`), 'utf8')) as Plan;
}
function render(name: string): string {
  return renderMarkdown(load(name), { blobUrl: 'https://github.com/o/r/blob/abc' }).replaceAll(
    `/blob/v${VERSION}/`,
    '/blob/v<version>/',
  );
}
const MD = Object.fromEntries(NAMES.map((n) => [n, render(n)]));

test('the fixtures are there', () => {
  expect(NAMES).toEqual([
    'consolidation',
    'drift-budgets',
    'multi-target',
    'nothing-placed',
    'pending',
    'pool-deleted',
    'snapshot-drift',
    'wide-wave',
  ]);
});

describe('golden comments', () => {
  test.each(NAMES)('%s', (name) => {
    const file = join(DIR, `${name}.md`);
    if (BLESS) writeFileSync(file, MD[name]);
    expect(MD[name]).toBe(readFileSync(file, 'utf8'));
  });
});

/** The lines between the headline and the first section. */
function consequenceLines(md: string): string[] {
  const lines = md.split('\n');
  const out: string[] = [];
  for (const l of lines.slice(4)) {
    if (!/^(> )?(- |\[!)/.test(l)) break;
    if (/^(> )?- /.test(l)) out.push(l);
  }
  return out;
}

describe('1. consequences first', () => {
  test.each(NAMES)('%s: the headline is the line under the verdict, under 120 characters', (name) => {
    const lines = MD[name].split('\n');
    expect(lines[0]).toMatch(/^### /);
    expect(lines[2]).toMatch(/^\*\*.+\*\*$/);
    expect(lines[2].length - 4).toBeLessThanOrEqual(120);
    expect(headline(load(name)).length).toBeLessThanOrEqual(120);
  });

  test.each(NAMES)('%s: at most five consequence lines, each linking to a section of the comment', (name) => {
    const md = MD[name];
    const lines = consequenceLines(md);
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const l of lines) {
      const href = /\]\(#(kp-[a-z0-9-]+)\)$/.exec(l)?.[1];
      expect(href).toBeDefined();
      expect(md).toContain(`<a name="${href}"></a>`);
    }
  });

  test('several targets: the headline counts them, and each consequence line names its target', () => {
    const lines = MD['multi-target'].split('\n');
    // Three overlays, each replacing its one m6i node (the fixture's fleet is simulated: one node per pool).
    expect(lines[2]).toBe('**3 targets, 3 affected · 3 nodes replaced.**');
    const targets = consequenceLines(MD['multi-target']).map((l) => /<code>(overlays\/[a-z]+)<\/code>:/.exec(l)?.[1]);
    expect(targets).toEqual(['overlays/dev', 'overlays/production', 'overlays/staging']);
  });

  test('ranked by risk: pending pods first, then deletions, disruption, cost, warnings', () => {
    expect(consequenceLines(MD.pending)[0]).toMatch(
      /⛔ \[1 workload become \*\*pending\*\*|⛔ \[12 pods of 1 workload/,
    );
    const deleted = consequenceLines(MD['pool-deleted']);
    expect(deleted[0]).toContain('NodePool <code>intel-general</code> is deleted with its 1 node');
    expect(deleted[1]).toContain('+$38.66/month');
    expect(deleted[2]).toContain('3 new warnings');
    const rollout = consequenceLines(MD['drift-budgets']);
    expect(rollout[0]).toContain('6 of 10 nodes (60 %) of <code>general</code> replaced in 6 waves from 17:00 UTC');
    expect(rollout[1]).toContain('Fleet cost +$42.05/month');
  });

  test('a wide wave says so, with the budget line that allows it, and the rollout verdict is wide rather than ok', () => {
    const p = load('wide-wave');
    // 20 nodes, head budget 100 % → ceil(100 % × 20) = 20 allowed; the 8 m6i nodes drift and start together: 8/20 =
    // 40 % of the pool (< 50 %) and 40 % of the 20-node fleet (≥ 25 %): wide.
    expect(p.nodePools[0].largestWave).toMatchObject({
      nodes: 8,
      poolPercent: 40,
      fleetPercent: 40,
      budget: { nodes: '100%' },
      changed: true,
      wide: true,
    });
    const [first] = consequenceLines(MD['wide-wave']);
    expect(first).toContain(
      '8 of 20 nodes (40 %) of <code>general</code> replaced in 1 wave at 10:00 UTC: **8 at once** (40 % of the pool, 40 % of the fleet), allowed by the new <code>nodes: 100%</code> budget',
    );
    expect(MD['wide-wave']).toMatch(
      /\| <code>general<\/code> \| 20 now \| 8 \(40 % of the pool\) \| 1 \| 5 min \| 🟠 wide \|/,
    );
    expect(MD['wide-wave']).not.toMatch(/🟢 ok/);
    // One node per wave under a 20 % budget (drift-budgets) is not wide.
    expect(load('drift-budgets').nodePools[0].largestWave).toMatchObject({ nodes: 1, wide: false });
    expect(MD['drift-budgets']).toMatch(/🟢 ok \|/);
  });
});

/** The Mermaid blocks of a comment, with the line before each (its caption). */
function mermaid(md: string): { caption: string; body: string }[] {
  return [...md.matchAll(/([^\n]*)\n\n```mermaid\n([\s\S]*?)```/g)].map((m) => ({ caption: m[1], body: m[2] }));
}

test('a blocked rollout is worded as blocked, never as replaced', () => {
  const p = load('drift-budgets');
  p.nodePools[0].budget!.verdict = 'blocked';
  p.nodePools[0].rollout!.waves = [];
  expect(rolloutSentence(p.nodePools[0])).toBe(
    '6 of 10 nodes (60 %) of <code>general</code> drift and are never replaced inside the horizon (**blocked** by the budgets)',
  );
});

describe('2. charts that inform', () => {
  test.each(NAMES)('%s: no single-slice pie, and a caption on each chart', (name) => {
    for (const b of mermaid(MD[name])) {
      if (b.body.startsWith('pie'))
        expect(b.body.split('\n').filter((l) => /^ {4}"/.test(l)).length).toBeGreaterThan(1);
      expect(b.caption).toMatch(/^_.+\._$/);
    }
  });

  test("Mermaid's own parser accepts every block of every golden comment (one child process)", () => {
    const blocks = NAMES.flatMap((n) => mermaid(MD[n]).map((b) => b.body));
    expect(blocks.length).toBeGreaterThan(0);
    const res = JSON.parse(
      execFileSync(process.execPath, ['test/support/mermaid-parse.mjs'], {
        input: JSON.stringify(blocks),
        encoding: 'utf8',
      }),
    ) as { ok: boolean }[];
    expect(res.filter((r) => !r.ok)).toEqual([]);
  });

  test('one family on each side is a sentence; an unchanged composition has no chart', () => {
    expect(MD['multi-target']).toContain(
      'Simulated fleet (probe pods) by instance family: base its 1 node <code>m6i</code> → head its 1 node <code>m7i</code>.',
    );
    expect(MD['multi-target']).not.toContain('pie showData');
    const same = load('drift-budgets');
    same.fleet.snapshot!.composition.head = { ...same.fleet.snapshot!.composition.base };
    same.nodePools[0].rollout = null;
    expect(renderMarkdown(same)).not.toContain('Charts');
  });

  test('a rollout inside one day has a clock-time axis and the day in its title', () => {
    const gantt = mermaid(MD['drift-budgets']).find((b) => b.body.startsWith('gantt'))!;
    expect(gantt.body).toContain('axisFormat %H:%M');
    expect(gantt.body).toContain('(UTC, 2026-01-05)');
    expect(gantt.caption).toBe(
      '_Rollout of 6 drifted nodes in <code>general</code> under the budgets, 6 waves from 17:00 to 17:17 UTC on 2026-01-05._',
    );
    // Over several days the axis shows days.
    const p = load('drift-budgets');
    p.nodePools[0].rollout!.waves[5] = { start: '2026-01-09T17:00:00.000Z', end: '2026-01-09T17:05:00.000Z', nodes: 1 };
    expect(renderMarkdown(p)).toContain('axisFormat %d %b\n');
  });
});

describe('3. fits GitHub', () => {
  test.each(NAMES)('%s: no table wider than 6 columns', (name) => {
    for (const l of MD[name].split('\n').filter((x) => x.startsWith('|---')))
      expect(l.split('|').length - 2).toBeLessThanOrEqual(6);
  });

  test('a long finding message: its first sentence in the cell, the rest folded', () => {
    expect(splitFirstSentence('One. Two three.')).toEqual(['One.', 'Two three.']);
    expect(splitFirstSentence('See nodepools.yaml:6 in base.')).toEqual(['See nodepools.yaml:6 in base.', '']);
    const row = MD['consolidation'].split('\n').find((l) => l.includes('overlay-gate-enabled') && l.startsWith('| '))!;
    expect(row).toContain(
      '<details><summary>This change turns the NodeOverlay feature gate on.</summary>Until the overlay controller',
    );
  });

  test.each(NAMES)('%s: at most five assumptions visible, the standing ones linked, not repeated', (name) => {
    const md = MD[name];
    const section = md.slice(md.indexOf('<b>Assumptions</b>'));
    const visible = section.slice(0, section.search(/<details>|\n\[/)).split('\n');
    expect(visible.filter((l) => l.startsWith('- ')).length).toBeLessThanOrEqual(5);
    expect(section).toContain('/blob/v<version>/docs/assumptions.md)');
    for (const a of load(name).standingAssumptions ?? []) expect(md).not.toContain(a.slice(0, 60));
  });
});

describe('4. no small lies', () => {
  test.each(NAMES)('%s: no ✅ right above a caution', (name) => {
    const md = MD[name];
    if (md.includes('[!CAUTION]')) expect(md.split('\n')[0]).not.toContain('✅');
  });

  test('a pass with a deleted NodePool is headed with a warning sign and the caution count', () => {
    expect(MD['pool-deleted'].split('\n')[0]).toBe('### ⚠️ karpenter-plan: pass, with 1 caution');
  });

  test('consolidation alone is not "0 nodes replaced in 1 pool"', () => {
    const s = summarySentence(load('consolidation'));
    expect(s).toContain('0 nodes replaced · 0 removed · 1 consolidated');
    expect(MD.consolidation).not.toMatch(/0 nodes? replaced in/);
  });

  test('nothing placed: no `$0.0000/h → $0.0000/h (no change)`', () => {
    expect(summarySentence(load('nothing-placed'))).not.toContain('$0.0000/h');
    expect(MD['nothing-placed']).not.toContain('$0.0000/h');
  });
});

describe('5. one fleet, one set of numbers', () => {
  test('with a snapshot the composition is the snapshot fleet before and after the change, from the plan', () => {
    // 10 snapshot nodes, all m5.xlarge (gen 5): 4 in `general`, whose head allows only m6i, drift and are each
    // replaced like-for-like by the cheapest head type with at least 4 vCPUs and 16 GiB, m6i.xlarge (gen 6); the 6 of
    // `stable` stay. base {m5: 10} → head {m5: 10 - 4 = 6, m6i: 4}. Both types cost $0.192/h: 10 × 0.192 = $1.92/h.
    const p = load('snapshot-drift');
    expect(p.fleet.source).toBe('snapshot');
    expect(p.fleet.snapshot).toEqual({
      composition: { base: { m5: 10 }, head: { m5: 6, m6i: 4 } },
      generations: { base: { 'gen 5': 10 }, head: { 'gen 5': 6, 'gen 6': 4 } },
    });
    expect(p.summary.fleet).toMatchObject({ nodes: { base: 10, head: 10 }, hourlyCost: { base: 1.92, head: 1.92 } });
    // The simulation launches 12 nodes (one per replica of web/api, required anti-affinity): not the fleet.
    expect(p.fleet.simulated.head.length).toBe(12);
    const md = MD['snapshot-drift'];
    expect(md).toContain('The fleet snapshot by instance family:\n\n_base: all 10 nodes <code>m5</code>._');
    expect(md).toContain('_head: 10 nodes: 6 <code>m5</code>, 4 <code>m6i</code>._');
    expect(md).toContain('pie showData title The fleet snapshot by family - head (nodes)');
    expect(md).not.toMatch(/Simulated fleet|12 nodes/);
    expect(md).toContain('· simulated launch for the workloads (not the fleet): $2.30/h → $2.30/h');
  });

  test('drift-budgets and wide-wave: the snapshot composition agrees with their fleet cost', () => {
    // drift-budgets: 6 m6i.xlarge ($0.192/h) + 4 m7i.xlarge ($0.2016/h) = $1.9584/h; the 6 m6i drift to m7i.xlarge:
    // 10 × 0.2016 = $2.016/h.
    const db = load('drift-budgets');
    expect(db.summary.fleet!.hourlyCost).toEqual({ base: 1.9584, head: 2.016 });
    expect(MD['drift-budgets']).toContain(
      'The fleet snapshot by instance family:\n\n_base: 10 nodes: 6 <code>m6i</code>, 4 <code>m7i</code>._',
    );
    expect(MD['drift-budgets']).toContain('_head: all 10 nodes <code>m7i</code>._');
    // wide-wave: 8 × 0.192 + 12 × 0.2016 = $3.9552/h → 20 × 0.2016 = $4.032/h: 8 m6i, 12 m7i → 20 m7i.
    const ww = load('wide-wave');
    expect(ww.summary.fleet!.hourlyCost).toEqual({ base: 3.9552, head: 4.032 });
    expect(ww.fleet.snapshot!.composition).toEqual({ base: { m6i: 8, m7i: 12 }, head: { m7i: 20 } });
    for (const name of ['drift-budgets', 'wide-wave']) expect(MD[name]).not.toContain('Simulated fleet');
  });

  test('without a snapshot the simulated fleet is named as such, of probe pods when they stand for the workloads', () => {
    const p = load('drift-budgets');
    delete p.fleet.snapshot;
    expect(renderMarkdown(p)).toContain(
      'Simulated fleet by instance family: base all 12 nodes <code>m6i</code> → head all 12 nodes <code>m7i</code>.',
    );
    p.summary.probesOnly = true;
    expect(renderMarkdown(p)).toContain('Simulated fleet (probe pods) by instance family: base all 12 nodes');
  });
});
