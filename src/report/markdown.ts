/**
 * The Markdown report of a plan, summary first (the PR comment and the job summary).
 * Layout follows the conventions of the tools users know (Infracost, Atlantis, tfcmt PR comments): one sentence,
 * an alert when something dangerous happens, then folded sections.
 */
import { assumptionLines } from './assumption-lines.js';
import type { Plan, TargetPlan } from '../plan/contract.js';
import { code, escapeHtml, fenceFor, inert, money, monthly, signedMonthly, signedMoney } from './escape.js';
import { compositionCharts, rolloutGantt } from './charts.js';
import {
  blockedCostPart,
  consequences,
  costChange,
  MAX_CONSEQUENCES,
  placementsSentence,
  plural,
  probesOnly,
  type Section,
} from './consequences.js';
import { findingsSection } from './findings.js';
import { headline, targetsPart } from './headline.js';
import { details } from './markup.js';
import { probeSection, scenarioSection, workloadSection } from './placements.js';
import { nodePoolSection } from './replacements.js';
import { rolloutSection, rolloutVerdict, VERDICT_ICON } from './rollout.js';
import { RULE_DOCS_URL } from './rule-docs.js';

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

/** A run over several targets: one row per affected target, a folded section each, unaffected ones in a line. */
function targetSections(targets: TargetPlan[]): { title: string; body: string }[] {
  const affected = targets.filter((t) => t.plan);
  const rows = [
    '| target | workloads changed | nodes replaced / removed | worst rollout | errors / warnings |',
    '|---|---|---|---|---|',
  ];
  for (const t of affected) {
    const p = t.plan!;
    const worst = p.summary.worstRollout;
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

function chartsSection(plan: Plan): string | null {
  const composition = compositionCharts(plan);
  const gantt = rolloutGantt(plan);
  const parts = [composition, gantt].filter((x): x is string => !!x);
  if (!parts.length) return null;
  const what = [...(composition ? ['fleet composition'] : []), ...(gantt ? ['rollout'] : [])].join(' and ');
  return details(`<b>Charts</b>: ${what}`, parts.join('\n\n'));
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
