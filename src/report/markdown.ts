/**
 * The Markdown report of a plan, summary first (the PR comment and the job summary).
 * Layout follows the conventions of the tools users know (Infracost, Atlantis, tfcmt PR comments): one sentence,
 * an alert when something dangerous happens, then folded sections.
 */
import { assumptionLines } from './assumption-lines.js';
import type { Alert, ConsolidationCommandRow, Plan, TargetPlan } from '../plan/contract.js';
import {
  cell,
  code,
  escapeHtml,
  fenceFor,
  inert,
  linkText,
  money,
  monthly,
  signedMonthly,
  signedMoney,
  urlPath,
} from './escape.js';
import { compositionCharts, rolloutGantt } from './charts.js';
import {
  blockedCostPart,
  consequences,
  costChange,
  MAX_CONSEQUENCES,
  placementsSentence,
  plural,
  probesOnly,
  rolloutSentence,
  type Section,
} from './consequences.js';
import { headline, targetsPart } from './headline.js';
import { isRenderedSource } from '../common/findings.js';
import { DOCUMENTED_RULES, RULE_DOCS_URL } from './rule-docs.js';

export const COMMENT_LIMIT = 65_000;

export interface MarkdownOptions {
  /** Repository URL + head SHA, to link findings to lines. */
  blobUrl?: string | null;
  /** Where the full report can be found when the comment is shortened. */
  fullReportHint?: string;
  limit?: number;
  title?: string;
}

/** One state (simulate, validate): what it places, not what changes; its findings and the cost of its placements. */
function stateSummaryParts(plan: Plan): string[] {
  const head = plan.summary.hourlyCost.head;
  // Workloads none of which has a placement (and no probe pods standing for them) are not said as `0 placed`.
  const placed = probesOnly(plan) || plan.workloads.some((w) => !w.probe && w.head) || !plan.workloads.length;
  return [
    ...(placed ? [placementsSentence(plan)] : []),
    findingsPart(plan),
    ...(head ? [`cost of the placements ${money(head)}/h (${monthly(head)}/month)`] : []),
  ];
}

/** The drifted nodes replaced (`3 probe nodes replaced in 2 pools`): consolidation and removed pools counted apart. */
function replacedNodesPart(plan: Plan): string {
  const s = plan.summary;
  // Pools whose nodes drift (consolidation and removed pools are counted apart).
  const replacedPools = new Set(
    plan.replacements
      .filter((r) => r.reason !== 'NodePoolRemoved' && r.reason !== 'Consolidation')
      .map((r) => r.nodePool),
  );
  // Without workloads or a fleet snapshot the simulated fleet is made of probe pods' nodes: say so.
  const probeNodes = plan.fleet.source === 'simulated' && probesOnly(plan) && !plan.nodePools.some((p) => p.static);
  return `${s.nodesReplaced}${probeNodes ? ' probe' : ''} node${s.nodesReplaced === 1 ? '' : 's'} replaced${replacedPools.size ? ` in ${plural(replacedPools.size, 'pool')}` : ''}`;
}

/** The rollout verdicts a reader sees, counted in the NodePools' order (`rollout 1 blocked, 2 ok`); none without one. */
function rolloutVerdictsPart(plan: Plan): string[] {
  const c: Record<string, number> = {};
  for (const p of plan.nodePools) {
    const v = rolloutVerdict(p);
    if (v && v !== 'none') c[v] = (c[v] ?? 0) + 1;
  }
  const counts = Object.entries(c).map(([k, n]) => `${n} ${k}`);
  return counts.length ? ['rollout ' + counts.join(', ')] : [];
}

/** `fleet 10 → 8 nodes (2 unpriced), cost` with a fleet snapshot or a live cluster; else `cost` (the placements'). */
function costSubject(fleet: Plan['summary']['fleet']): string {
  if (!fleet) return 'cost';
  // What the figures leave out is said next to them, not only in the assumptions.
  const caveats = [
    ...(fleet.noReplacement ? [`${fleet.noReplacement} without a full replacement in head`] : []),
    ...(fleet.unpriced ? [`${fleet.unpriced} unpriced`] : []),
  ];
  return `fleet ${fleet.nodes.base}${fleet.nodes.head !== fleet.nodes.base ? ` → ${fleet.nodes.head}` : ''} nodes${caveats.length ? ` (${caveats.join(', ')})` : ''}, cost`;
}

/**
 * The hourly cost before and after, with its change: with a fleet snapshot (or a live cluster), the fleet's own nodes
 * and cost; otherwise what the simulation launches. None when nothing is placed on either side.
 */
function costPart(plan: Plan): string[] {
  const s = plan.summary;
  const fleet = s.fleet;
  const { base } = fleet ? fleet.hourlyCost : s.hourlyCost;
  // What can happen inside the horizon (the plan's costBlocked taken off the placements' cost), the rest said apart.
  const head = costChange(plan)?.head ?? (fleet ? fleet.hourlyCost : s.hourlyCost).head;
  const blockedCost = blockedCostPart(s.costBlocked ?? null);
  // Nothing placed on either side (no workload, no fleet): no cost to state, rather than `$0.0000/h → $0.0000/h`.
  if ((base === null && head === null) || !(fleet || base || head)) return [];
  const delta = base !== null && head !== null ? Math.round((head - base) * 1e6) / 1e6 : null;
  const diff =
    delta === null ? '' : delta === 0 ? ' (no change)' : ` (${signedMoney(delta)}/h, ${signedMonthly(delta)}/month)`;
  return [`${costSubject(fleet)} ${money(base)}/h → ${money(head)}/h${diff}${blockedCost ? `; ${blockedCost}` : ''}`];
}

/** A change: placements, nodes replaced, removed and consolidated, the rollouts' verdicts, findings, cost. */
function diffSummaryParts(plan: Plan): string[] {
  const s = plan.summary;
  return [
    probesOnly(plan) ? 'no workloads (probe pods only)' : `${plural(s.workloadsChanged, 'workload')} change placement`,
    ...(s.probesChanged ? [`${plural(s.probesChanged, 'probe placement')} change`] : []),
    replacedNodesPart(plan),
    `${s.nodesRemoved} removed`,
    ...(s.nodesConsolidated ? [`${s.nodesConsolidated} consolidated`] : []),
    ...rolloutVerdictsPart(plan),
    findingsPart(plan),
    ...costPart(plan),
  ];
}

/** The job summary's sentence: every count of the plan, in one line. */
export function summarySentence(plan: Plan): string {
  const parts = [
    ...(plan.clusters ? [targetsPart(plan.clusters)] : []),
    ...(plan.kind === 'state' ? stateSummaryParts(plan) : diffSummaryParts(plan)),
  ];
  return parts.join(' · ') + '.';
}

/** The findings count: a diff's new findings, or a single state's findings, and the pre-existing ones. */
function findingsPart(plan: Plan): string {
  const s = plan.summary;
  const f = plan.kind === 'diff' && s.newFindings ? s.newFindings : s.findings;
  const existing = plan.findings.filter((x) => x.new === false).length;
  return (
    `${plan.kind === 'diff' ? 'new findings' : 'findings'}: ${f.error} error, ${f.warning} warning, ${f.info} info` +
    (existing ? ` (${existing} pre-existing)` : '')
  );
}

/** Where the prices come from, when the reader should know: another region's figures, estimated spot prices. */
export function pricingNote(plan: Plan): string | null {
  const p = plan.pricing;
  if (!p) return null;
  const notes: string[] = [];
  if (!p.regionPriced)
    notes.push(
      `Prices are ${p.catalogRegion} figures: the catalog has none for ${p.region}. For exact ones, commit the output of \`karpenter-plan catalog refresh --region ${p.region}\` and name it in the config's \`catalog:\` (or the action's \`catalog\` input).`,
    );
  const spot = plan.workloads.some((w) => w.base?.capacityType === 'spot' || w.head?.capacityType === 'spot');
  if (spot && p.spot === 'estimated')
    notes.push(
      `Spot prices marked ≈ are estimates (${p.spotPriceFactor} × on-demand); a refreshed catalog carries the spot price history.`,
    );
  return notes.length ? notes.join(' ') : null;
}

/**
 * The three outcomes of a run, as every format words them: the policy passed (exit 0), the policy failed (exit 1), or
 * nothing Karpenter-relevant could be evaluated (exit 2, `plan.nothingEvaluated`) — never worded as a policy failure.
 */
export type Outcome = 'pass' | 'fail' | 'not-evaluated';

export function outcomeOf(plan: Pick<Plan, 'verdict' | 'nothingEvaluated'>): Outcome {
  return plan.nothingEvaluated ? 'not-evaluated' : plan.verdict;
}

export const OUTCOME_WORDS: Record<Outcome, string> = {
  pass: 'pass',
  fail: 'fail',
  'not-evaluated': 'could not evaluate',
};

const OUTCOME_ICON: Record<Outcome, string> = { pass: '✅', fail: '❌', 'not-evaluated': '⚠️' };

/** Why the outcome is what it is: the reasons of a failure, or that nothing could be evaluated. */
function whyLines(plan: Plan, outcome: Outcome): string[] {
  if (outcome === 'not-evaluated')
    return [
      'Nothing Karpenter-relevant could be evaluated, so there is no verdict (exit 2): see the `input-not-evaluated` findings.',
      '',
    ];
  if (plan.verdict === 'fail' && plan.verdictReasons.length)
    return [`Failing because: ${plan.verdictReasons.map(inert).join('; ')}.`, ''];
  return [];
}

/**
 * The rollout verdict a reader sees: the budget's, except that an `ok` rollout whose largest wave takes a large share
 * of its pool or of the fleet at once (the plan's `largestWave.wide`) is `wide`.
 */
export function rolloutVerdict(p: Plan['nodePools'][number]): RolloutVerdict | null {
  const v = p.budget?.verdict;
  if (!v) return null;
  return v === 'ok' && p.largestWave?.wide ? 'wide' : v;
}
export type RolloutVerdict = NonNullable<Plan['nodePools'][number]['budget']>['verdict'] | 'wide';

/** Anchors of the comment's sections (`<a name>`: GitHub keeps it, prefixed, and scrolls to `#name`). */
function anchor(prefix: string, section: Section): string {
  return `kp-${prefix}${section}`;
}
function anchorTag(prefix: string, section: Section): string {
  return `<a name="${anchor(prefix, section)}"></a>`;
}

/**
 * The consequence lines under the headline: at most five, ranked by risk, each linking to its section. With alerts
 * they are the alert block (CAUTION when an alert is a caution, else WARNING); the alerts' own sentences are then
 * the ones the consequences word more precisely.
 */
function consequenceLines(plan: Plan): string[] {
  const items: { text: string; rank: number; icon: string; href: string | null }[] = [];
  if (plan.clusters)
    plan.clusters.forEach((t, i) => {
      if (!t.plan) return;
      const present = sectionsPresent(t.plan);
      for (const c of consequences(t.plan))
        items.push({
          ...c,
          text: `${code(t.key)}: ${c.text}`,
          href: `#${present.has(c.section) ? anchor(`t${i}-`, c.section) : anchor(`t${i}-`, 'target')}`,
        });
    });
  else {
    const present = sectionsPresent(plan);
    for (const c of consequences(plan))
      items.push({ ...c, href: present.has(c.section) ? `#${anchor('', c.section)}` : null });
  }
  items.sort((a, b) => a.rank - b.rank);
  if (!items.length) return [];
  const shown = items.slice(0, MAX_CONSEQUENCES);
  const lines = shown.map((c) => `- ${c.icon} ${c.href ? `[${c.text}](${c.href})` : c.text}`);
  if (items.length > shown.length) lines.push(`- … and ${items.length - shown.length} more in the sections below`);
  if (!plan.alerts.length) return lines;
  const caution = plan.alerts.some((a) => a.level === 'caution');
  return [caution ? '> [!CAUTION]' : '> [!WARNING]', ...lines.map((l) => `> ${l}`)];
}

/** The sections a plan's comment holds (where a consequence can link). */
function sectionsPresent(plan: Plan): Set<Section> {
  const out = new Set<Section>(['replacements']);
  if (plan.workloads.some((w) => !w.probe)) out.add('fleet');
  if (plan.nodePools.some((p) => rolloutVerdict(p) && rolloutVerdict(p) !== 'none')) out.add('rollout');
  if (plan.findings.length || plan.resolvedFindings?.length || plan.suppressedFindings?.length) out.add('findings');
  if (plan.objects.some((o) => o.change !== 'unchanged')) out.add('manifests');
  return out;
}

/** The verdict as the comment's title: a pass right above a caution is never shown with a ✅. */
function verdictHeading(plan: Plan, outcome: Outcome, title: string | undefined): string {
  // A pass is never shown with a ✅ right above a caution (a NodePool deleted with its nodes, pods pending).
  const cautions = plan.alerts.filter((a) => a.level === 'caution').length;
  const icon = outcome === 'pass' && cautions ? '⚠️' : OUTCOME_ICON[outcome];
  const words =
    outcome === 'pass' && cautions
      ? `pass, with ${cautions} caution${cautions === 1 ? '' : 's'}`
      : OUTCOME_WORDS[outcome];
  return `### ${icon} ${inert(title ?? 'karpenter-plan')}: ${words}`;
}

/** Where the prices come from, in small print; none when the reader need not know. */
function pricingLines(plan: Plan): string[] {
  const prices = pricingNote(plan);
  if (!prices) return [];
  // The note's own `code` spans become <code>; every other part (a region name from the config) is inert text.
  return [
    `<sub>${prices
      .split('`')
      .map((part, i) => (i % 2 ? code(part) : inert(part)))
      .join('')}</sub>`,
    '',
  ];
}

/** The comment's top: the verdict, the headline, the consequence lines, why it fails, where the prices come from. */
function summaryLines(plan: Plan, title: string | undefined): string[] {
  const outcome = outcomeOf(plan);
  const lines = consequenceLines(plan);
  return [
    verdictHeading(plan, outcome, title),
    '',
    `**${headline(plan)}**`,
    '',
    ...(lines.length ? [...lines, ''] : []),
    ...whyLines(plan, outcome),
    ...pricingLines(plan),
  ];
}

/** A section of the comment: its title (named when it is shortened or omitted) and its Markdown. */
interface CommentSection {
  title: string;
  body: string;
}

/** A comment over GitHub's limit, once its large sections are shortened and, if still over, whole ones omitted. */
function fitToLimit(
  head: string,
  sections: CommentSection[],
  footer: string,
  limit: number,
  hint: string | undefined,
): string {
  // First shorten the large sections (their first rows stay), least important first; then omit whole sections from
  // the least important, keeping the summary and alerts.
  const shortened: string[] = [];
  const cut: string[] = [];
  const rebuild = (): string => {
    const what = [
      ...(shortened.length ? [`${shortened.join(', ')} shortened`] : []),
      ...(cut.length ? [`${cut.join(', ')} omitted`] : []),
    ].join('; ');
    const note = `\n> Shortened: ${inert(what)}. ${escapeHtml(hint ?? 'The full report is in the job summary and the JSON plan.')}\n`;
    return head + note + '\n' + sections.map((s) => s.body).join('\n\n') + footer;
  };
  let out = head + '\n' + sections.map((s) => s.body).join('\n\n') + footer;
  for (let i = sections.length - 1; i >= 0 && out.length > limit; i--) {
    const body = sections[i].body;
    if (body.length < limit / 5 || body.includes('```')) continue; // small, or fenced (charts, diffs): keep or omit whole
    const target = Math.max(Math.floor(limit / 5), body.length - (out.length - limit) - 1000);
    sections[i] = { title: sections[i].title, body: shortenBody(body, target) };
    shortened.push(sections[i].title);
    out = rebuild();
  }
  for (let i = sections.length - 1; i >= 0 && out.length > limit; i--) {
    cut.push(sections[i].title);
    sections[i] = { title: sections[i].title, body: omittedBody(sections[i]) };
    out = rebuild();
  }
  if (out.length > limit) out = out.slice(0, limit - 200) + '\n\n… (truncated)\n';
  return out;
}

/** An omitted section: its title, and its anchor, so the consequence lines that link to it still land somewhere. */
function omittedBody(section: CommentSection): string {
  const anchorTag = /^<details[^>]*><summary>(<a name="[\w-]+"><\/a>)/.exec(section.body)?.[1] ?? '';
  return `<details><summary>${anchorTag}${inert(section.title)}</summary>\n\nOmitted to stay under GitHub's comment limit.\n</details>`;
}

export function renderMarkdown(plan: Plan, opts: MarkdownOptions = {}): string {
  const limit = opts.limit ?? COMMENT_LIMIT;
  const head = summaryLines(plan, opts.title);

  // Sections in order of importance; the last ones are shortened first.
  const findings =
    plan.findings.length || plan.resolvedFindings?.length || plan.suppressedFindings?.length
      ? { title: 'Findings', body: findingsSection(plan, opts.blobUrl ?? null) }
      : null;
  const sections = plan.clusters ? targetSections(plan.clusters) : planSections(plan, findings);
  if (plan.clusters && findings)
    sections.push({ title: findings.title, body: withAnchor(findings.body, anchorTag('', 'findings')) });
  sections.push({ title: 'Assumptions', body: assumptionsSection(plan) });

  const footer = `\n<sub>base ${code(plan.base.label)} → head ${code(plan.head.label)} · karpenter-plan</sub>`;
  const out = head.join('\n') + '\n' + sections.map((s) => s.body).join('\n\n') + footer;
  if (out.length <= limit) return out;
  return fitToLimit(head.join('\n'), sections, footer, limit, opts.fullReportHint);
}

/** A `<details>` section cut to about `max` characters at a line boundary, with the number of lines left out. */
function shortenBody(body: string, max: number): string {
  const lines = body.split('\n');
  const closing = lines[lines.length - 1] === '</details>' ? lines.pop()! : '';
  const kept: string[] = [];
  let size = 0;
  for (const l of lines) {
    if (size + l.length + 1 > max - 200) break;
    kept.push(l);
    size += l.length + 1;
  }
  const left = lines.length - kept.length;
  return [...kept, '', `… ${left} more line(s) left out to stay under GitHub's comment limit.`, closing].join('\n');
}

/** The sections that describe one plan's outcome, with its findings section in place (assumptions come last). */
function planSections(
  plan: Plan,
  findings: { title: string; body: string } | null = null,
  prefix = '',
): { title: string; body: string }[] {
  const sections: { title: string; body: string }[] = [];
  const at = (section: Section, body: string) => withAnchor(body, anchorTag(prefix, section));
  if (plan.workloads.some((w) => !w.probe))
    sections.push({ title: 'Fleet outcome', body: at('fleet', workloadSection(plan)) });
  if (plan.workloads.some((w) => w.probe)) sections.push({ title: 'Probes', body: probeSection(plan) });
  sections.push({ title: 'Expected replacements', body: at('replacements', nodePoolSection(plan)) });
  const rollout = rolloutSection(plan);
  if (rollout) sections.push({ title: 'Rollout', body: at('rollout', rollout) });
  if (plan.scenarios?.length) sections.push({ title: 'What-if', body: scenarioSection(plan) });
  const charts = chartsSection(plan);
  if (charts) sections.push({ title: 'Charts', body: charts });
  if (findings) sections.push({ title: findings.title, body: at('findings', findings.body) });
  const changed = plan.objects.filter((o) => o.change !== 'unchanged');
  if (changed.length) sections.push({ title: 'Manifest changes', body: at('manifests', manifestSection(plan)) });
  return sections;
}

/** A section's anchor, inside its `<summary>` (no empty paragraph before it). */
function withAnchor(body: string, tag: string): string {
  return body.replace('<summary>', `<summary>${tag}`);
}

const BUDGET_ORDER = ['blocked', 'wide', 'slow', 'unlimited', 'ok', 'none'] as const;

/** A run over several targets: one row per affected target, a folded section each, unaffected ones in a line. */
function targetSections(targets: TargetPlan[]): { title: string; body: string }[] {
  const affected = targets.filter((t) => t.plan);
  const rows = [
    '| target | workloads changed | nodes replaced / removed | worst rollout | errors / warnings |',
    '|---|---|---|---|---|',
  ];
  for (const t of affected) {
    const p = t.plan!;
    const verdicts = p.nodePools.map((n) => rolloutVerdict(n)).filter((v): v is (typeof BUDGET_ORDER)[number] => !!v);
    const worst = BUDGET_ORDER.find((v) => verdicts.includes(v) && v !== 'none');
    rows.push(
      `| ${p.verdict === 'pass' ? '✅' : '❌'} ${code(t.key)} | ${p.summary.workloadsChanged} | ${p.summary.nodesReplaced} / ${p.summary.nodesRemoved} | ${worst ? `${VERDICT_ICON[worst]} ${worst}` : '–'} | ${p.summary.findings.error} / ${p.summary.findings.warning} |`,
    );
  }
  const unaffected = targets.filter((t) => !t.plan);
  const table =
    (affected.length ? rows.join('\n') : '_No target is affected by this change._') +
    (unaffected.length ? `\n\nNot affected: ${unaffected.map((t) => code(t.key)).join(', ')}.` : '');
  const sections = [
    {
      title: 'Targets',
      body: details(`<b>Targets</b>: ${affected.length} of ${targets.length} affected`, table, true),
    },
  ];
  targets.forEach((t, i) => {
    if (!t.plan) return;
    const body = planSections(t.plan, null, `t${i}-`)
      .map((x) => x.body)
      .join('\n\n');
    sections.push({
      title: `Target ${t.key}`,
      body: details(
        `${anchorTag(`t${i}-`, 'target')}<b>${inert(t.key)}</b> (${inert(t.source)}): ${inert(headline(t.plan))}`,
        body,
      ),
    });
  });
  return sections;
}

/** How a sentence marks names and user text: Markdown (inline code, inert text), or plain for the terminal. */
export interface Inline {
  code(s: string): string;
  text(s: string): string;
}

const MD: Inline = { code, text: inert };

export function alertText(a: Alert, kind: Plan['kind'], f: Inline = MD): string {
  const names = (xs: string[]) => xs.map((x) => f.code(x)).join(', ');
  switch (a.code) {
    case 'pool-removed':
      return `NodePool${a.subjects.length > 1 ? 's' : ''} ${names(a.subjects)} ${a.subjects.length > 1 ? 'are' : 'is'} deleted: ${a.count} node(s) are deleted by garbage collection, without disruption budgets.`;
    case 'rollout-blocked':
      return `The rollout of ${names(a.subjects)} is **blocked**: the budgets never allow the drifted nodes to be replaced inside the horizon.`;
    case 'workloads-unschedulable':
      return `${a.count} workload(s) ${kind === 'diff' ? 'that base can place become **unschedulable** in head' : 'are **unschedulable**'}: ${names(a.subjects.slice(0, 5))}${a.subjects.length > 5 ? ', …' : ''}.`;
    case 'nodes-replaced':
      return `${a.count} node(s) will be replaced (drift).`;
    case 'budget-unlimited':
      return `No budget limits \`Drifted\` for ${names(a.subjects)}: every drifted node is replaced at once.`;
    case 'rollout-wide':
      return `The rollout of ${names(a.subjects)} replaces a large share at once: ${a.count} node(s) in the largest wave${a.subjects.length > 1 ? 's' : ''}.`;
  }
}

function details(summary: string, body: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${summary}</summary>\n\n${body}\n</details>`;
}

/** What the change does to each NodePool and its nodes (5 columns; the rollout under the budgets is its own table). */
function nodePoolSection(plan: Plan): string {
  if (plan.nodePools.length === 0)
    return details('<b>Expected replacements</b>', '_No NodePools in base or head._', true);
  const rows = sortedPools(plan);
  const lines = ['| NodePool | change | why (changed fields) | drift | nodes drifted |', '|---|---|---|---|---|'];
  for (const p of rows) {
    const why = [...new Set([...(p.driftBecause ?? []), ...p.changedFields])];
    const fields = why.length
      ? why
          .slice(0, 6)
          .map((w) => (/^[\w.[\]/-]+$/.test(w) ? code(w) : inert(w)))
          .join('<br>') + (why.length > 6 ? `<br>… +${why.length - 6}` : '')
      : '–';
    const drifted = p.nodes || p.nodesDrifted ? `${p.nodesDrifted}/${p.nodes}` : '–';
    lines.push(`| ${code(p.name)} | ${p.change} | ${fields} | ${p.drift === 'none' ? '–' : p.drift} | ${drifted} |`);
  }
  const notes = nodePoolNotes(plan, rows).map((n) => `- ${n}`);
  const affected = rows.filter((r) => r.nodesDrifted > 0).length;
  const body = lines.join('\n') + (notes.length ? '\n\n' + notes.join('\n') : '');
  const s = plan.summary;
  const what = [
    `${s.nodesReplaced} replaced`,
    ...(s.nodesRemoved ? [`${s.nodesRemoved} deleted with their NodePool`] : []),
    ...(s.nodesConsolidated ? [`${s.nodesConsolidated} consolidated`] : []),
  ].join(', ');
  return details(
    `<b>Expected replacements</b>: ${what}${affected ? ` in ${affected} of ${rows.length} NodePools` : ` · ${rows.length} NodePool${rows.length === 1 ? '' : 's'}`} (fleet: ${plan.fleet.source})`,
    body,
    true,
  );
}

function sortedPools(plan: Plan): Plan['nodePools'] {
  return [...plan.nodePools].sort(
    (a, b) =>
      b.nodesDrifted - a.nodesDrifted ||
      Number(a.change === 'unchanged') - Number(b.change === 'unchanged') ||
      a.name.localeCompare(b.name),
  );
}

/** The rollout of the drifted nodes under each NodePool's `Drifted` budget (6 columns), with one sentence per pool. */
function rolloutSection(plan: Plan): string | null {
  const rows = sortedPools(plan).filter((p) => {
    const v = rolloutVerdict(p);
    return v !== null && v !== 'none';
  });
  if (!rows.length) return null;
  const lines = ['| NodePool | budget (Drifted) | largest wave | waves | ETA | verdict |', '|---|---|---|---|---|---|'];
  for (const p of rows) {
    const b = p.budget!;
    const v = rolloutVerdict(p)!;
    const w = p.largestWave;
    lines.push(
      `| ${code(p.name)} | ${b.allowed === null ? 'unlimited' : `${b.allowed} now`} | ${w ? `${w.nodes} (${w.poolPercent} % of the pool)` : '–'} | ${b.waves || '–'} | ${b.estimatedMinutes ? formatMinutes(b.estimatedMinutes) : '–'} | ${VERDICT_ICON[v] ?? ''} ${v} |`,
    );
  }
  const sentences = rows.map((p) => rolloutSentence(p)).filter((x): x is string => x !== null);
  const verdicts = rows.map((p) => rolloutVerdict(p)!);
  const worst = (['blocked', 'wide', 'unlimited', 'slow', 'ok'] as const).find((v) => verdicts.includes(v));
  return details(
    `<b>Rollout</b> under the budgets: ${rows.length} NodePool${rows.length === 1 ? '' : 's'}${worst ? `, ${worst === 'ok' ? 'all ok' : `${verdicts.filter((v) => v === worst).length} ${worst}`}` : ''}`,
    lines.join('\n') + (sentences.length ? '\n\n' + sentences.map((x) => `- ${x}.`).join('\n') : ''),
    verdicts.some((v) => v !== 'ok'),
  );
}

type PoolRow = Plan['nodePools'][number];

/** The drift the plan says may happen but cannot decide (its `potentialDrift`). */
function potentialDriftNotes(p: PoolRow, _plan: Plan, f: Inline): string[] {
  return (p.potentialDrift ?? []).map((x) => `${f.code(p.name)}: ${f.text(x)}`);
}

/** What the plan says about the pool's rollout beyond its waves. */
function rolloutNote(p: PoolRow, _plan: Plan, f: Inline): string[] {
  return p.rollout?.note ? [`${f.code(p.name)}: ${f.text(p.rollout.note)}`] : [];
}

/** Nodes head would consolidate that cannot be now, and why. */
function consolidationBlockedNote(p: PoolRow, _plan: Plan, f: Inline): string[] {
  const c = p.consolidationBlocked;
  if (!c) return [];
  return [
    `${f.code(p.name)}: ${c.nodes} node(s) that head would consolidate cannot be now: ${c.because.map((b) => f.text(b)).join('; ')}.`,
  ];
}

/** A static NodePool's fixed nodes, base to head in a diff, with the cost change. */
function staticPoolNote(p: PoolRow, plan: Plan, f: Inline): string[] {
  if (!p.static) return [];
  const one = (x: NonNullable<NonNullable<PoolRow['static']>['base']> | null) =>
    x ? `${x.nodes} × ${f.code(x.instanceType)} ${f.text(x.capacityType)} (${money(x.hourlyCost)}/h)` : 'none';
  const delta = (p.static.head?.hourlyCost ?? 0) - (p.static.base?.hourlyCost ?? 0);
  const diff = plan.kind === 'diff';
  return [
    `${f.code(p.name)} is a static NodePool: ${diff ? `${one(p.static.base)} → ` : ''}${one(p.static.head)}${diff && Math.abs(delta) > 1e-9 ? `, ${signedMoney(delta)}/h (${signedMonthly(delta)}/month)` : ''}.`,
  ];
}

/** A deleted NodePool's nodes: garbage collection, no budgets. */
function deletedPoolNote(p: PoolRow, _plan: Plan, f: Inline): string[] {
  if (p.drift !== 'removed' || !p.nodesDrifted) return [];
  return [
    `${f.code(p.name)} is deleted: its ${p.nodesDrifted} node(s) are deleted by garbage collection, without budgets and without pre-spun replacements.`,
  ];
}

/** A NodePool head keeps but never provisions from, and why. */
function ineligiblePoolNote(p: PoolRow, _plan: Plan, f: Inline): string[] {
  if (!p.ineligible || p.change === 'removed') return [];
  return [`${f.code(p.name)} is not used for provisioning in head: ${f.text(p.ineligible)}`];
}

/** The notes of one NodePool, in this order. */
const POOL_NOTES: ((p: PoolRow, plan: Plan, f: Inline) => string[])[] = [
  potentialDriftNotes,
  rolloutNote,
  consolidationBlockedNote,
  staticPoolNote,
  deletedPoolNote,
  ineligiblePoolNote,
];

/** The note of a single-node consolidation replacement: Karpenter's price against the cheaper one. */
function singleNodeNote(r: Plan['replacements'][number], f: Inline): string {
  const c = r.consolidation!;
  const overlaid = c.fromCost !== null && Math.abs(c.fromCost - c.fromPrice) > 1e-9;
  return `consolidation: ${f.code(r.nodeClaim)} (${f.code(r.nodePool)}, ${f.code(r.instanceType ?? '?')}) is priced ${money(c.fromPrice)}/h by Karpenter${overlaid ? ` (with NodeOverlay prices; it costs ${money(c.fromCost)}/h)` : ''}; ${f.code(c.toInstanceType ?? '?')} ${f.text(c.toCapacityType ?? '?')} at ${money(c.toPrice)}/h is strictly cheaper, so consolidation replaces it (budget reason Underutilized)${c.toCost > (c.fromCost ?? c.fromPrice) ? ` — the real cost rises to ${money(c.toCost)}/h` : ''}.`;
}

/** At most this many consolidation notes are shown. */
const MAX_CONSOLIDATION_NOTES = 20;

/**
 * The consolidation notes, at most 20. The plan lists each command of several nodes, or deletion, once
 * (consolidationCommands): its note stands at its first node's entry; a single-node replacement's note at its own entry.
 */
function consolidationNotes(plan: Plan, f: Inline): string[] {
  const notes: string[] = [];
  const commandAt = new Map((plan.consolidationCommands ?? []).map((c) => [c.nodes[0]?.nodeClaim, c]));
  for (const r of plan.replacements.filter((x) => x.reason === 'Consolidation')) {
    if (notes.length >= MAX_CONSOLIDATION_NOTES) break;
    if (!r.consolidation!.command) notes.push(singleNodeNote(r, f));
    else if (commandAt.has(r.nodeClaim)) notes.push(commandNote(commandAt.get(r.nodeClaim)!, f));
  }
  return notes;
}

/**
 * The notes under the NodePool table, in the table's order: potential drift, the rollout, blocked consolidation, static
 * pools, deleted and unused pools, then the consolidation commands (at most 20). Shared by the Markdown and text reports.
 */
export function nodePoolNotes(plan: Plan, rows: readonly PoolRow[], f: Inline = MD): string[] {
  return [...rows.flatMap((p) => POOL_NOTES.flatMap((note) => note(p, plan, f))), ...consolidationNotes(plan, f)];
}

/** The note of a consolidation command of several nodes, or of a deletion. */
function commandNote(cmd: ConsolidationCommandRow, f: Inline): string {
  const n = cmd.nodes.length;
  const list = cmd.nodes
    .slice(0, 6)
    .map((x) => `${f.code(x.nodeClaim)} (${f.code(x.nodePool)}, ${f.code(x.instanceType ?? '?')})`)
    .join(', ');
  const more = n > 6 ? ` and ${n - 6} more` : '';
  const priced =
    n > 1
      ? `${n} nodes ${list}${more}, priced ${money(cmd.fromPrice)}/h together by Karpenter`
      : `${list}, priced ${money(cmd.fromPrice)}/h by Karpenter`;
  const method = cmd.method === 'multi' ? 'multi-node' : 'single-node';
  return cmd.decision === 'delete'
    ? `consolidation: ${priced}: their pods fit on the other existing nodes, so ${method} consolidation deletes ${n > 1 ? 'them' : 'it'} without a replacement (budget reason Underutilized).`
    : `consolidation: ${priced}: one ${f.code(cmd.toInstanceType ?? '?')} ${f.text(cmd.toCapacityType ?? '?')} at ${money(cmd.toPrice)}/h takes all their pods and is strictly cheaper, so ${method} consolidation replaces them with it (budget reason Underutilized).`;
}

function scenarioSection(plan: Plan): string {
  const parts: string[] = [];
  for (const sc of plan.scenarios) {
    const changed = sc.workloads.filter((w) => w.changed);
    const lines = [
      `**${inert(sc.name)}** — ${sc.unavailableOfferings} offerings unavailable · fleet ${money(plan.summary.hourlyCost.head)}/h → ${money(sc.hourlyCost)}/h`,
      '',
      '| workload | head | with this shortage |',
      '|---|---|---|',
    ];
    for (const w of changed)
      lines.push(
        `| ${cell(`${w.kind} ${w.namespace}/${w.name}`)} | ${placementCell(w.head)} | ${placementCell(w.scenario)} |`,
      );
    if (!changed.length) lines.push('| – | no workload moves | – |');
    lines.push('', inert(sc.timeline));
    parts.push(lines.join('\n'));
  }
  return details(`<b>What-if (insufficient capacity)</b>: ${plan.scenarios.length} scenario(s)`, parts.join('\n\n'));
}

const VERDICT_ICON: Record<string, string> = {
  ok: '🟢',
  slow: '🟡',
  blocked: '🔴',
  unlimited: '🟠',
  wide: '🟠',
  none: '⚪',
};

function chartsSection(plan: Plan): string | null {
  const composition = compositionCharts(plan);
  const gantt = rolloutGantt(plan);
  const parts = [composition, gantt].filter((x): x is string => !!x);
  if (!parts.length) return null;
  const what = [...(composition ? ['fleet composition'] : []), ...(gantt ? ['rollout'] : [])].join(' and ');
  return details(`<b>Charts</b>: ${what}`, parts.join('\n\n'));
}

export function formatMinutes(m: number): string {
  if (m < 60) return `${Math.round(m)} min`;
  if (m < 48 * 60) return `${(m / 60).toFixed(1)} h`;
  return `${(m / 1440).toFixed(1)} d`;
}

/** Where a placement's pods run on a node without a NodeClaim (plan.md: `managed: false`). */
const NOT_MANAGED = 'not managed by Karpenter';

function placementCell(
  p: {
    schedulable: boolean;
    nodePool: string | null;
    instanceType: string | null;
    capacityType: string | null;
    pricePerHour: number | null;
    reason: string | null;
    pending?: number;
    managed?: false;
  } | null,
  spotEstimated = false,
): string {
  if (!p) return '–';
  if (!p.schedulable) return `⛔ unschedulable: ${cell(p.reason)}`;
  const approx = spotEstimated && p.capacityType === 'spot' ? '≈' : '';
  // Pods held back while the others are placed are said in the same cell, never hidden behind the placement.
  const held = p.pending ? ` · ⛔ **${p.pending} pending**: ${cell(p.reason)}` : '';
  const pool = p.managed === false ? NOT_MANAGED : code(p.nodePool ?? '?');
  return `${pool} ${code(p.instanceType ?? '?')} ${cell(p.capacityType)} ${approx}${money(p.pricePerHour)}${held}`;
}

function workloadSection(plan: Plan): string {
  const spotEst = plan.pricing?.spot === 'estimated';
  const rows = plan.workloads.filter((w) => !w.probe);
  const lines = ['| workload | replicas | base | head |', '|---|---|---|---|'];
  for (const w of rows) {
    lines.push(
      `| ${w.changed ? '**' : ''}${cell(`${w.kind} ${w.namespace}/${w.name}`)}${w.changed ? '**' : ''} | ${w.replicas} | ${placementCell(w.base, spotEst)} | ${placementCell(w.head, spotEst)} |`,
    );
  }
  const changed = rows.filter((w) => w.changed).length;
  const { base, head } = plan.summary.hourlyCost;
  const cost =
    plan.summary.fleet && (base !== null || head !== null)
      ? ` · simulated launch for the workloads (not the fleet): ${plan.kind === 'diff' ? `${money(base)}/h → ` : ''}${money(head)}/h`
      : '';
  return details(
    `<b>Fleet outcome</b>: ${changed} of ${rows.length} workloads change${cost}`,
    lines.join('\n'),
    changed > 0 && rows.length <= 30,
  );
}

/** What each NodePool no workload exercises would launch: the probe pods, apart from the workloads. */
function probeSection(plan: Plan): string {
  const spotEst = plan.pricing?.spot === 'estimated';
  const rows = plan.workloads.filter((w) => w.probe);
  const onlyProbes = probesOnly(plan);
  const lines = [
    onlyProbes
      ? '_No workload in the inputs (or none with replicas): probe pods stand for them — `small` 0.5 CPU/1 GiB, `medium` 2 CPU/4 GiB, `large` 4 CPU/16 GiB, and `pool-<name>` 1 CPU/2 GiB selecting one NodePool and tolerating its taints._'
      : '_No workload lands on these NodePools: a probe pod each (1 CPU/2 GiB, selecting the pool and tolerating its taints) shows what it would launch._',
    '',
    '| probe | base | head |',
    '|---|---|---|',
  ];
  for (const w of rows)
    lines.push(
      `| ${w.changed ? '**' : ''}${cell(w.name)}${w.changed ? '**' : ''} | ${placementCell(w.base, spotEst)} | ${placementCell(w.head, spotEst)} |`,
    );
  const changed = rows.filter((w) => w.changed).length;
  return details(
    `<b>What each NodePool would launch</b> (probe pods): ${changed} of ${rows.length} change`,
    lines.join('\n'),
    onlyProbes && changed > 0 && rows.length <= 30,
  );
}

function ruleCell(rule: string): string {
  return DOCUMENTED_RULES.has(rule) ? `[${code(rule)}](${RULE_DOCS_URL}${rule}.md)` : code(rule);
}

/** Counts by rule, most frequent first: `3 × <code>rule</code>, …`. */
function byRule(findings: readonly { rule: string }[]): string {
  const c = new Map<string, number>();
  for (const f of findings) c.set(f.rule, (c.get(f.rule) ?? 0) + 1);
  return [...c]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([r, n]) => `${n} × ${ruleCell(r)}`)
    .join(', ');
}

/** Where a message's first sentence ends: a period, `!` or `?` followed by a space (not inside `file.yaml:6`). */
export function splitFirstSentence(message: string): [string, string] {
  const m = /^(.+?[.!?])\s+(?=\S)/s.exec(message);
  let first = m ? m[1] : message;
  // A first sentence longer than a table cell reads well is cut at its first colon or semicolon past 40 characters.
  if (first.length > 160) {
    const c = /^(.{40,}?[:;])\s/s.exec(first);
    if (c) first = c[1];
  }
  return [first, message.slice(first.length).trim()];
}

/**
 * A finding's message in a table cell: its first sentence, the rest folded. Every message is a `<details>`, even one
 * of a single sentence, so the structure of the table never depends on the text (a name in a message cannot add or
 * remove an element: docs/security.md).
 */
function messageCell(message: string): string {
  const [first, rest] = splitFirstSentence(message);
  return `<details><summary>${cell(first)}</summary>${rest ? cell(rest) : ''}</details>`;
}

/**
 * New findings in full; pre-existing ones (base had them) folded into counts by rule; resolved and suppressed ones
 * counted. In a single-state run every finding is new.
 */
function findingsSection(plan: Plan, blobUrl: string | null): string {
  const icon = { error: '🛑', warning: '⚠️', info: 'ℹ️' } as const;
  const fresh = plan.findings.filter((f) => f.new !== false);
  const existing = plan.findings.filter((f) => f.new === false);
  const lines = ['| | rule | where | message |', '|---|---|---|---|'];
  for (const f of fresh) {
    const loc = f.file ? `${f.file}${f.line ? `:${f.line}` : ''}` : '–';
    const where =
      blobUrl && f.file && !isRenderedSource(f.file)
        ? `[${linkText(loc)}](${blobUrl}/${urlPath(f.file)}${f.line ? `#L${f.line}` : ''})`
        : cell(loc);
    lines.push(`| ${icon[f.severity]} ${f.severity} | ${ruleCell(f.rule)} | ${where} | ${messageCell(f.message)} |`);
  }
  const parts = [fresh.length ? lines.join('\n') : '_This change introduces no finding._'];
  if (existing.length)
    parts.push(
      details(`${existing.length} pre-existing finding(s), not introduced by this change`, byRule(existing) + '.'),
    );
  const resolved = plan.resolvedFindings ?? [];
  if (resolved.length) parts.push(`Resolved by this change: ${byRule(resolved)}.`);
  const suppressed = plan.suppressedFindings ?? [];
  if (suppressed.length) {
    const how = (['annotation', 'config', 'baseline'] as const)
      .map((k) => [k, suppressed.filter((f) => f.suppressedBy === k).length] as const)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} by ${k}`)
      .join(', ');
    parts.push(`Suppressed: ${suppressed.length} (${how}): ${byRule(suppressed)}.`);
    // Suppressions by an annotation come from the change itself: each is listed with its object, for the reviewer.
    const byObject = new Map<string, typeof suppressed>();
    for (const f of suppressed.filter((x) => x.suppressedBy === 'annotation'))
      byObject.set(f.object ?? '?', [...(byObject.get(f.object ?? '?') ?? []), f]);
    if (byObject.size)
      parts.push(
        `Silenced by a \`karpenter-plan.io/ignore\` annotation in the change:\n\n` +
          [...byObject]
            .map(
              ([object, fs]) =>
                `- ${code(object)}: ${byRule(fs)}${fs[0].reason ? ` — ${inert(fs[0].reason)}` : ''}${fs.some((f) => f.new !== false) ? ' (new)' : ''}`,
            )
            .join('\n'),
      );
  }
  const n = plan.summary.newFindings ?? plan.summary.findings;
  const head =
    plan.kind === 'diff'
      ? `<b>Findings</b>: ${n.error} error, ${n.warning} warning, ${n.info} info new` +
        (existing.length ? ` · ${existing.length} pre-existing` : '')
      : `<b>Findings</b>: ${n.error} error, ${n.warning} warning, ${n.info} info`;
  return details(head, parts.join('\n\n'), n.error + n.warning > 0);
}

function manifestSection(plan: Plan): string {
  const parts: string[] = [];
  for (const o of plan.objects) {
    if (o.change === 'unchanged') continue;
    const fence = fenceFor(o.diff);
    parts.push(`**${inert(o.kind)} ${code(o.name)}** (${o.change})\n\n${fence}diff\n${o.diff}\n${fence}`);
  }
  return details(`<b>Manifest changes</b>: ${parts.length} object(s)`, parts.join('\n\n'));
}

/** Standing assumptions (the same on every run) are documented once; the comment links them. */
export const ASSUMPTIONS_DOCS_URL = RULE_DOCS_URL.replace(/rules\/$/, 'assumptions.md');

/** At most this many assumptions are visible; the rest are folded. */
export const VISIBLE_ASSUMPTIONS = 5;

/**
 * The assumptions that matter for this change (the plan's, without the standing ones, told by their codes): the first
 * five visible, the rest folded, and a link to the standing ones.
 */
function assumptionsSection(plan: Plan): string {
  const lines = assumptionLines(plan);
  const standing = lines.filter((a) => a.standing).length;
  const items = lines.filter((a) => !a.standing).map((a) => a.text);
  const link = `[${standing ? `${standing} standing assumption${standing === 1 ? '' : 's'}` : 'Standing assumptions'}](${ASSUMPTIONS_DOCS_URL}) (the same on every pull request) are documented once.`;
  const visible = items.slice(0, VISIBLE_ASSUMPTIONS).map((a) => `- ${inert(a)}`);
  const rest = items.slice(VISIBLE_ASSUMPTIONS);
  const body = [
    ...(visible.length ? visible : ['- No assumption specific to this change.']),
    ...(rest.length ? ['', details(`${rest.length} more`, rest.map((a) => `- ${inert(a)}`).join('\n'))] : []),
    '',
    link,
  ].join('\n');
  return details(`<b>Assumptions</b>: ${items.length} for this change`, body);
}
