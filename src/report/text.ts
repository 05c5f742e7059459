/**
 * Plain-text rendering of a plan, for terminals and logs: every section of the Markdown report (src/report/markdown.ts)
 * in the same order — summary, alerts, fleet outcome, probes, expected replacements with their notes (rollout,
 * consolidation), what-if scenarios, the charts as tables, findings, manifest changes, assumptions — with aligned
 * columns instead of Markdown tables. User-derived text is stripped of control characters, so a manifest cannot move
 * the cursor or recolour the terminal.
 */
import { assumptionLines } from './assumption-lines.js';
import type { Placement, Plan, TargetPlan } from '../plan/contract.js';
import { OUTCOME_WORDS, outcomeOf, pricingNote } from './markdown.js';
import type { Inline } from './markup.js';
import { nodePoolNotes, sortedPools } from './replacements.js';
import { formatMinutes } from './rollout.js';
import { headline } from './headline.js';
import { money, plain, signedMonthly } from './escape.js';
import {
  byRule,
  consequences,
  findingsCount,
  MAX_CONSEQUENCES,
  probesOnly,
  rolloutSentence,
  simulatedLaunchPart,
  type SentenceStyle,
} from './consequences.js';
import { NOT_MANAGED } from './placements.js';
import { describedFleet, sameComposition } from './charts.js';

export interface TextOptions {
  /** ANSI colours for the verdict and severities (the CLI on a terminal, unless NO_COLOR is set). */
  color?: boolean;
}

const ANSI = {
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  cyan: '\u001b[36m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  reset: '\u001b[0m',
};
type Paint = (text: string, c: keyof typeof ANSI) => string;

/** User-derived text for a terminal (escape.ts `plain`: one line, no control characters), `-` when empty. */
export function terminalSafe(s: string | number | null | undefined): string {
  return s === null || s === undefined || s === '' ? '-' : plain(String(s));
}

const PLAIN: Inline = { code: terminalSafe, text: terminalSafe };
/** The consequence and rollout sentences in a terminal: names as they are, emphasis in capitals. */
const SENTENCE: SentenceStyle = { code: terminalSafe, strong: (x) => x.toUpperCase(), text: terminalSafe };

export function renderText(plan: Plan, opts: TextOptions = {}): string {
  const paint: Paint = (text, c) => (opts.color ? `${ANSI[c]}${text}${ANSI.reset}` : text);
  const out: string[] = [];
  const outcome = outcomeOf(plan);
  const color = outcome === 'pass' ? 'green' : outcome === 'fail' ? 'red' : 'yellow';
  out.push(`karpenter-plan: ${paint(OUTCOME_WORDS[outcome].toUpperCase(), color)}`);
  out.push(headline(plan));
  out.push(...consequenceLines(plan, paint));
  const prices = pricingNote(plan);
  if (prices) out.push(paint(terminalSafe(prices), 'dim'));
  if (outcome === 'not-evaluated')
    out.push(
      '',
      'nothing Karpenter-relevant could be evaluated (exit 2, no verdict): see the input-not-evaluated findings below',
    );
  else if (plan.verdictReasons.length)
    out.push('', `failing because: ${plan.verdictReasons.map(terminalSafe).join('; ')}`);
  // The Markdown report's order: a run of targets lists each target's sections, then the findings of them all.
  if (plan.clusters) out.push(...targets(plan.clusters, paint), ...findings(plan, paint));
  else out.push(...planBody(plan, paint), ...findings(plan, paint), ...manifests(plan, paint));
  out.push(...assumptions(plan, paint));
  out.push('', paint(`base ${terminalSafe(plan.base.label)} -> head ${terminalSafe(plan.head.label)}`, 'dim'));
  return out.join('\n') + '\n';
}

/**
 * The comment's consequence lines (consequences.ts), ranked by risk, at most `MAX_CONSEQUENCES`: under CAUTION or
 * WARNING when the plan has alerts, as the comment's alert block. A run of targets names each line's target.
 */
function consequenceLines(plan: Plan, paint: Paint): string[] {
  const items = plan.clusters
    ? plan.clusters.flatMap((t) =>
        t.plan ? consequences(t.plan, SENTENCE).map((c) => ({ ...c, text: `${terminalSafe(t.key)}: ${c.text}` })) : [],
      )
    : consequences(plan, SENTENCE);
  items.sort((a, b) => a.rank - b.rank);
  if (!items.length) return [];
  const lines = items.slice(0, MAX_CONSEQUENCES).map((c) => `  - ${c.text}`);
  if (items.length > MAX_CONSEQUENCES) lines.push(`  - ... and ${items.length - MAX_CONSEQUENCES} more below`);
  if (!plan.alerts.length) return ['', ...lines];
  const caution = plan.alerts.some((a) => a.level === 'caution');
  return ['', paint(caution ? 'CAUTION' : 'WARNING', caution ? 'red' : 'yellow'), ...lines];
}

/** Aligned columns; the last column is not padded (it may be long, e.g. a message). */
export function textTable(head: string[], rows: string[][], indent = '  '): string[] {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    indent +
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(width[i])))
      .join('  ')
      .trimEnd();
  return [line(head), line(width.map((w, i) => (head[i] ? '-' : ' ').repeat(w))), ...rows.map(line)];
}

function heading(title: string, paint: Paint): string[] {
  return ['', paint(title, 'bold')];
}

type PlacementLike = Placement | null;

function placement(p: PlacementLike, spotEstimated = false): string {
  if (!p) return '-';
  if (!p.schedulable) return `unschedulable: ${terminalSafe(p.reason)}`;
  const approx = spotEstimated && p.capacityType === 'spot' ? '~' : '';
  const held = p.pending ? `; ${p.pending} PENDING: ${terminalSafe(p.reason)}` : '';
  return `${p.managed === false ? NOT_MANAGED : terminalSafe(p.nodePool ?? '?')} ${terminalSafe(p.instanceType ?? '?')} ${terminalSafe(p.capacityType)} ${approx}${money(p.pricePerHour)}${held}`;
}

/** A run of several targets: the targets table, then each affected target's sections. */
function targets(list: TargetPlan[], paint: Paint): string[] {
  const affected = list.filter((t) => t.plan);
  const out = heading(`Targets: ${affected.length} of ${list.length} affected`, paint);
  if (affected.length)
    out.push(
      ...textTable(
        ['target', 'verdict', 'workloads changed', 'replaced / removed', 'errors / warnings'],
        affected.map((t) => {
          const p = t.plan!;
          return [
            terminalSafe(t.key),
            p.verdict,
            String(p.summary.workloadsChanged),
            `${p.summary.nodesReplaced} / ${p.summary.nodesRemoved}`,
            `${p.summary.findings.error} / ${p.summary.findings.warning}`,
          ];
        }),
      ),
    );
  else out.push('  No target is affected by this change.');
  const unaffected = list.filter((t) => !t.plan);
  if (unaffected.length) out.push(`  not affected: ${unaffected.map((t) => terminalSafe(t.key)).join(', ')}`);
  for (const t of affected) {
    out.push(
      '',
      paint(`== target ${terminalSafe(t.key)} (${terminalSafe(t.source)}): ${t.plan!.verdict.toUpperCase()}`, 'bold'),
      `  ${headline(t.plan!)}`,
    );
    out.push(...[...planBody(t.plan!, paint), ...manifests(t.plan!, paint)].map((l) => (l ? `  ${l}` : l)));
  }
  return out;
}

/** The sections of one plan, as planSections of the Markdown report has them (findings and assumptions apart). */
function planBody(plan: Plan, paint: Paint): string[] {
  const out: string[] = [];
  const spotEst = plan.pricing?.spot === 'estimated';
  const workloads = plan.workloads.filter((w) => !w.probe);
  if (workloads.length) {
    const cost = simulatedLaunchPart(plan, '->');
    out.push(
      ...heading(
        `Fleet outcome: ${workloads.filter((w) => w.changed).length} of ${workloads.length} workloads change${cost}`,
        paint,
      ),
    );
    out.push(
      ...textTable(
        ['', 'workload', 'replicas', 'base', 'head'],
        workloads.map((w) => [
          w.changed ? '*' : '',
          terminalSafe(`${w.kind} ${w.namespace}/${w.name}`),
          String(w.replicas),
          placement(w.base, spotEst),
          placement(w.head, spotEst),
        ]),
      ),
    );
  }
  const probes = plan.workloads.filter((w) => w.probe);
  if (probes.length) {
    out.push(
      ...heading(
        `What each NodePool would launch (probe pods): ${probes.filter((w) => w.changed).length} of ${probes.length} change`,
        paint,
      ),
    );
    out.push(
      probesOnly(plan)
        ? '  No workload in the inputs: probe pods stand for them (small 0.5 CPU/1 GiB, medium 2 CPU/4 GiB, large 4 CPU/16 GiB, pool-<name> 1 CPU/2 GiB).'
        : '  No workload lands on these NodePools: a probe pod each (1 CPU/2 GiB) shows what it would launch.',
    );
    out.push(
      ...textTable(
        ['', 'probe', 'base', 'head'],
        probes.map((w) => [
          w.changed ? '*' : '',
          terminalSafe(w.name),
          placement(w.base, spotEst),
          placement(w.head, spotEst),
        ]),
      ),
    );
  }
  out.push(...replacements(plan, paint), ...scenarios(plan, paint), ...charts(plan, paint), ...fleet(plan, paint));
  return out;
}

/** Manifest changes: the unified diff of each changed object. */
function manifests(plan: Plan, paint: Paint): string[] {
  const out: string[] = [];
  const changed = plan.objects.filter((o) => o.change !== 'unchanged');
  if (changed.length) {
    out.push(...heading(`Manifest changes: ${changed.length} object(s)`, paint));
    for (const o of changed) {
      out.push(`  ${terminalSafe(o.kind)} ${terminalSafe(o.name)} (${o.change})`);
      for (const l of o.diff.split('\n')) {
        const safe = terminalSafe(l === '' ? ' ' : l);
        out.push(
          `    ${l.startsWith('+') && !l.startsWith('+++') ? paint(safe, 'green') : l.startsWith('-') && !l.startsWith('---') ? paint(safe, 'red') : safe}`,
        );
      }
    }
  }
  return out;
}

/** Expected replacements: the NodePool table and its notes (drift, rollout, consolidation). */
function replacements(plan: Plan, paint: Paint): string[] {
  const rows = sortedPools(plan);
  const affected = rows.filter((r) => r.nodesDrifted > 0).length;
  const out = heading(
    `Expected replacements: ${plan.summary.nodesReplaced} replaced, ${plan.summary.nodesRemoved} removed, in ${affected} of ${rows.length} NodePools (fleet: ${plan.fleet.source})`,
    paint,
  );
  if (!rows.length) return [...out, '  No NodePools in base or head.'];
  const verdictColor = { ok: 'green', slow: 'yellow', blocked: 'red', unlimited: 'yellow', none: 'dim' } as const;
  out.push(
    ...textTable(
      ['NodePool', 'change', 'why (changed fields)', 'drift', 'drifted', 'budget', 'waves', 'ETA', 'verdict'],
      rows.map((p) => {
        const why = [...new Set([...(p.driftBecause ?? []), ...p.changedFields])];
        const b = p.budget;
        return [
          terminalSafe(p.name),
          p.change,
          why.length
            ? why.slice(0, 3).map(terminalSafe).join(', ') + (why.length > 3 ? ` +${why.length - 3}` : '')
            : '-',
          p.drift === 'none' ? '-' : p.drift,
          p.nodes || p.nodesDrifted ? `${p.nodesDrifted}/${p.nodes}` : '-',
          b ? (b.allowed === null ? 'unlimited' : `${b.allowed} now`) : '-',
          b?.waves ? String(b.waves) : '-',
          b?.estimatedMinutes ? formatMinutes(b.estimatedMinutes) : '-',
          b ? paint(b.verdict, verdictColor[b.verdict as keyof typeof verdictColor] ?? 'dim') : '-',
        ];
      }),
    ),
  );
  for (const p of rows) {
    if (p.blocked)
      out.push(
        `  ${terminalSafe(p.name)}: ${p.blocked.nodes} drifted node(s) blocked: ${p.blocked.because.map(terminalSafe).join('; ')}`,
      );
  }
  for (const n of nodePoolNotes(plan, rows, PLAIN)) out.push(`  - ${n}`);
  return out;
}

/** What-if scenarios (insufficient capacity): where the changed workloads land under each shortage. */
function scenarios(plan: Plan, paint: Paint): string[] {
  if (!plan.scenarios?.length) return [];
  const out = heading(`What-if (insufficient capacity): ${plan.scenarios.length} scenario(s)`, paint);
  for (const sc of plan.scenarios) {
    const changed = sc.workloads.filter((w) => w.changed);
    out.push(
      `  ${terminalSafe(sc.name)}: ${sc.unavailableOfferings} offerings unavailable · fleet ${money(plan.summary.hourlyCost.head)}/h -> ${money(sc.hourlyCost)}/h`,
    );
    if (changed.length)
      out.push(
        ...textTable(
          ['workload', 'head', 'with this shortage'],
          changed.map((w) => [
            terminalSafe(`${w.kind} ${w.namespace}/${w.name}`),
            placement(w.head),
            placement(w.scenario),
          ]),
          '    ',
        ),
      );
    else out.push('    no workload moves');
    out.push(`    ${terminalSafe(sc.timeline)}`);
  }
  return out;
}

/** The Markdown report's charts as tables: fleet composition by family (base, head) and the rollout waves. */
function charts(plan: Plan, paint: Paint): string[] {
  const out: string[] = [];
  const described = describedFleet(plan);
  const { base, head } = described.composition;
  const families = [...new Set([...Object.keys(base), ...Object.keys(head)])].sort(
    (a, b) => (head[b] ?? 0) + (base[b] ?? 0) - (head[a] ?? 0) - (base[a] ?? 0) || a.localeCompare(b),
  );
  // As the comment's charts: only when the composition changes.
  if (families.length && (plan.kind !== 'diff' || !sameComposition(base, head))) {
    out.push(...heading(`${described.name} by family (nodes)`, paint));
    out.push(
      ...textTable(
        plan.kind === 'diff' ? ['family', 'base', 'head'] : ['family', 'nodes'],
        families.map((f) =>
          plan.kind === 'diff'
            ? [terminalSafe(f), String(base[f] ?? 0), String(head[f] ?? 0)]
            : [terminalSafe(f), String(head[f] ?? 0)],
        ),
      ),
    );
  }
  const pools = plan.nodePools.filter((p) => p.rollout && p.rollout.waves.length);
  if (pools.length) {
    out.push(...heading('Rollout of drift replacements under the budgets (UTC)', paint));
    const rows: string[][] = [];
    for (const p of pools) {
      const waves = p.rollout!.waves;
      waves
        .slice(0, 24)
        .forEach((w, i) =>
          rows.push([terminalSafe(p.name), String(i + 1), String(w.nodes), w.start.slice(0, 16), w.end.slice(0, 16)]),
        );
      if (waves.length > 24)
        rows.push([
          terminalSafe(p.name),
          `${waves.length - 24} more`,
          String(waves.slice(24).reduce((a, w) => a + w.nodes, 0)),
          waves[24].start.slice(0, 16),
          waves[waves.length - 1].end.slice(0, 16),
        ]);
    }
    out.push(...textTable(['NodePool', 'wave', 'nodes', 'start', 'end'], rows));
    // The same sentence per pool as the comment's Rollout section, in plain text.
    for (const p of pools) {
      const sentence = rolloutSentence(p, SENTENCE);
      if (sentence) out.push(`- ${sentence}.`);
    }
  }
  return out;
}

/** The simulated head fleet (beside a snapshot: the simulated launch for the workloads), grouped by pool, type and capacity type. */
function fleet(plan: Plan, paint: Paint): string[] {
  const nodes = plan.fleet.simulated.head;
  if (!nodes.length) return [];
  const groups = new Map<string, { pool: string; type: string; cap: string; n: number; cost: number }>();
  for (const n of nodes) {
    const pool = n.managed === false ? `(${NOT_MANAGED})` : n.nodePool;
    const k = `${pool} ${n.instanceType} ${n.capacityType}`;
    const g = groups.get(k) ?? { pool, type: n.instanceType, cap: n.capacityType, n: 0, cost: 0 };
    g.n++;
    g.cost += n.pricePerHour;
    groups.set(k, g);
  }
  const total = nodes.reduce((s, n) => s + n.pricePerHour, 0);
  return [
    ...heading(
      `${plan.fleet.snapshot ? 'Simulated launch for the workloads (head, not the fleet)' : `Simulated fleet (head${probesOnly(plan) ? ', probe pods' : ''})`}: ${nodes.length} node(s), ${money(total)}/h (${signedMonthly(total).slice(1)}/month)`,
      paint,
    ),
    ...textTable(
      ['nodes', 'NodePool', 'instance type', 'capacity', 'cost'],
      [...groups.values()]
        .sort((a, b) => b.n - a.n)
        .map((g) => [
          String(g.n),
          terminalSafe(g.pool),
          terminalSafe(g.type),
          terminalSafe(g.cap),
          `${money(g.cost)}/h`,
        ]),
    ),
  ];
}

/** New findings in full; pre-existing, resolved and suppressed ones counted by rule (as in the Markdown report). */
function findings(plan: Plan, paint: Paint): string[] {
  const fresh = plan.findings.filter((f) => f.new !== false);
  const existing = plan.findings.filter((f) => f.new === false);
  const resolved = plan.resolvedFindings ?? [];
  const suppressed = plan.suppressedFindings ?? [];
  if (!fresh.length && !existing.length && !resolved.length && !suppressed.length) return [];
  const out = heading(`Findings: ${findingsCount(plan, existing.length)}`, paint);
  const color = { error: 'red', warning: 'yellow', info: 'cyan' } as const;
  for (const f of fresh)
    out.push(
      `  ${paint(f.severity.padEnd(7), color[f.severity])} ${terminalSafe(f.file)}${f.line ? `:${f.line}` : ''} [${f.rule}] ${terminalSafe(f.message)}`,
    );
  if (!fresh.length) out.push('  This change introduces no finding.');
  if (existing.length) out.push(`  pre-existing (not introduced by this change): ${byRule(existing, String)}`);
  if (resolved.length) out.push(`  resolved by this change: ${byRule(resolved, String)}`);
  if (suppressed.length) out.push(`  suppressed: ${suppressed.length}: ${byRule(suppressed, String)}`);
  const silenced = suppressed.filter((f) => f.suppressedBy === 'annotation');
  if (silenced.length) {
    out.push('  silenced by a karpenter-plan.io/ignore annotation in the change:');
    for (const f of silenced) out.push(`    ${terminalSafe(f.object)} [${f.rule}] ${terminalSafe(f.message)}`);
  }
  return out;
}

function assumptions(plan: Plan, paint: Paint): string[] {
  const lines = assumptionLines(plan);
  if (!lines.length) return [];
  return [...heading('Assumptions', paint), ...lines.map((a) => `  - ${terminalSafe(a.text)}`)];
}
