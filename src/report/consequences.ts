/**
 * What merging the change does, in plain language, ranked by risk: the lines right under the verdict of the Markdown
 * report, each pointing at the section that shows it. Formatting only: every fact (pending workloads, deleted
 * objects, blocked or wide rollouts, cost, new findings) is decided in the plan (src/plan/).
 */
import { pendingPods, type NodePoolRow, type Plan } from '../plan/contract.js';
import { code, inert, money, signedMoney, signedMonthly } from './escape.js';

/** The sections a consequence points at (anchors `kp-<section>`, prefixed per target). */
export type Section = 'fleet' | 'replacements' | 'rollout' | 'findings' | 'manifests' | 'target';

export interface Consequence {
  /** Lower is riskier: pending pods, deletions, blocked rollouts, disruption, errors, cost, warnings. */
  rank: number;
  icon: string;
  /** In the style's markup (Markdown unless another is given), every input string escaped. */
  text: string;
  section: Section;
}

/** At most this many consequence lines are shown; the rest are counted. */
export const MAX_CONSEQUENCES = 5;

/** `1 node`, `3 nodes`: a count with its noun. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Probe pods stand for the workloads (decided in the plan). */
export function probesOnly(plan: Plan): boolean {
  return plan.summary.probesOnly === true;
}

/**
 * What one state (simulate, validate) places, as the headline and the job summary's sentence both say it:
 * `3 workloads placed (1 in part), 1 unschedulable`, or `no workloads (probe pods only)`.
 */
export function placementsSentence(plan: Plan): string {
  if (probesOnly(plan)) return 'no workloads (probe pods only)';
  const rows = plan.workloads.filter((w) => !w.probe && w.head);
  const stuck = rows.filter((w) => !w.head!.schedulable).length;
  const partly = rows.filter((w) => w.head!.schedulable && w.head!.pending).length;
  return `${plural(rows.length - stuck, 'workload')} placed${partly ? ` (${partly} in part)` : ''}${stuck ? `, ${stuck} unschedulable` : ''}`;
}

/** A wave start as `17:00 UTC`, with the day when it is not the rollout's first day (`Jan 6 17:00 UTC`). */
export function waveTime(iso: string, firstIso: string): string {
  const t = new Date(iso);
  const hm = iso.slice(11, 16);
  if (iso.slice(0, 10) === firstIso.slice(0, 10)) return `${hm} UTC`;
  return `${t.toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })} ${hm} UTC`;
}

/** A budget line as the NodePool writes it: `nodes: 100%` (with its schedule, duration and reasons). */
export function budgetLine(b: NonNullable<NonNullable<NodePoolRow['largestWave']>['budget']>): string {
  return [
    `nodes: ${b.nodes}`,
    ...(b.schedule !== undefined ? [`schedule: ${b.schedule}`] : []),
    ...(b.duration !== undefined ? [`duration: ${b.duration}`] : []),
    ...(b.reasons !== undefined ? [`reasons: [${b.reasons.join(', ')}]`] : []),
  ].join(', ');
}

/** How a sentence marks names and emphasis: Markdown (the comment) or plain text (the terminal report). */
export interface SentenceStyle {
  code: (s: string) => string;
  strong: (s: string) => string;
  /** Other user-derived text (a kind). */
  text: (s: string) => string;
}

const MARKDOWN: SentenceStyle = { code, strong: (s) => `**${s}**`, text: inert };

/** `6 of 10 nodes (60 %) of \`general\``: a count of a NodePool's nodes, with its share of the pool. */
function nodesOfPool(p: NodePoolRow, n: number, code: SentenceStyle['code']): string {
  return `${n} of ${plural(p.nodes, 'node')}${p.nodes ? ` (${Math.round((n * 100) / p.nodes)} %)` : ''} of ${code(p.name)}`;
}

/**
 * A rollout the budgets block: the drifting nodes, how many start inside the horizon, and whether the budgets or
 * do-not-disrupt nodes hold them.
 */
function blockedRolloutSentence(p: NodePoolRow, drifting: number, stuck: number, style: SentenceStyle): string {
  const started = (p.rollout?.waves ?? []).reduce((a, x) => a + x.nodes, 0);
  return `${nodesOfPool(p, drifting, style.code)} drift${started ? `; only ${started} start${started === 1 ? 's' : ''} inside the horizon` : ' and are never replaced inside the horizon'} (${style.strong('blocked')}${stuck ? `: ${stuck} cannot be disrupted` : ' by the budgets'})`;
}

/** The budget that allows the largest wave (`the new default \`nodes: 10%\` budget`, `no budget`); null without a wave. */
function allowingBudget(w: NodePoolRow['largestWave'], code: SentenceStyle['code']): string | null {
  if (!w) return null;
  if (!w.budget) return 'no budget';
  return `the ${w.changed ? 'new ' : ''}${w.defaulted ? 'default ' : ''}${code(budgetLine(w.budget))} budget`;
}

/**
 * The rollout of one NodePool's drifted nodes in one sentence (null when it replaces nothing), in Markdown unless a
 * style is given (the text report passes its own).
 */
export function rolloutSentence(p: NodePoolRow, style: SentenceStyle = MARKDOWN): string | null {
  const { code, strong } = style;
  const replaced = p.nodesDrifted - (p.drift === 'removed' ? p.nodesDrifted : 0);
  if (!p.rollout || !p.budget) return null;
  const stuck = p.blocked?.nodes ?? 0;
  if (replaced <= 0 && !stuck) return null;
  if (p.budget.verdict === 'blocked') return blockedRolloutSentence(p, replaced + stuck, stuck, style);
  const w = p.largestWave;
  const waves = p.rollout.waves;
  const first = waves[0] ? ` ${waves.length === 1 ? 'at' : 'from'} ${waveTime(waves[0].start, p.rollout.start)}` : '';
  const head = `${nodesOfPool(p, replaced, code)} replaced in ${plural(waves.length, 'wave')}${first}`;
  if (p.budget.verdict === 'unlimited')
    return `${head}: no budget limits ${code('Drifted')}, every drifted node at once`;
  const allowedBy = allowingBudget(w, code);
  if (w?.wide)
    return `${head}: ${strong(`${w.nodes} at once`)} (${w.poolPercent} % of the pool, ${w.fleetPercent} % of the fleet), allowed by ${allowedBy}`;
  return `${head}, ${w && w.nodes > 1 ? `at most ${w.nodes} per wave` : 'one node per wave'}${allowedBy ? ` under ${allowedBy}` : ''}${p.budget.verdict === 'slow' ? ` (${strong('slow')})` : ''}`;
}

/** Pods that become pending: the workloads head cannot place (every replica, or the held-back ones of a workload placed in part). */
function pendingConsequence(plan: Plan, { code, strong }: SentenceStyle): Consequence[] {
  const pending = plan.newlyUnschedulable;
  if (!pending.length) return [];
  const diff = plan.kind === 'diff';
  const pods = pending.reduce((a, w) => {
    const row = plan.workloads.find((x) => x.kind === w.kind && x.namespace === w.namespace && x.name === w.name);
    return a + (row ? pendingPods(row.head, row.replicas) : 0);
  }, 0);
  const names = pending
    .slice(0, 3)
    .map((w) => code(`${w.namespace}/${w.name}`))
    .join(', ');
  return [
    {
      rank: 0,
      icon: '⛔',
      text: `${pods ? `${plural(pods, 'pod')} of ` : ''}${plural(pending.length, 'workload')} ${diff ? 'become' : 'stay'} ${strong('pending')} (unschedulable${diff ? ' in head' : ''}): ${names}${pending.length > 3 ? `, and ${pending.length - 3} more` : ''}`,
      section: 'fleet',
    },
  ];
}

/** What gets deleted: NodePools with their nodes (garbage collection, no budgets), other Karpenter objects. */
function deletionConsequences(plan: Plan, style: SentenceStyle): Consequence[] {
  const { code } = style;
  const out: Consequence[] = plan.nodePools
    .filter((p) => p.change === 'removed')
    .map((p) => ({
      rank: 1,
      icon: '🗑️',
      text: p.nodesDrifted
        ? `NodePool ${code(p.name)} is deleted with its ${plural(p.nodesDrifted, 'node')}: garbage collection, no budgets, no pre-spun replacements`
        : `NodePool ${code(p.name)} is deleted (it has no nodes)`,
      section: 'replacements',
    }));
  const removedObjects = plan.objects.filter((o) => o.change === 'removed' && o.kind !== 'NodePool');
  if (removedObjects.length)
    out.push({
      rank: 1,
      icon: '🗑️',
      text: `Deleted: ${removedObjects
        .slice(0, 4)
        .map((o) => `${style.text(o.kind)} ${code(o.name)}`)
        .join(', ')}${removedObjects.length > 4 ? `, and ${removedObjects.length - 4} more` : ''}`,
      section: 'manifests',
    });
  return out;
}

/** The risk of a NodePool's rollout (the plan's verdict): blocked first, then wide or unlimited, then the others. */
function rolloutRank(p: NodePoolRow): number {
  if (p.rolloutVerdict === 'blocked') return 2;
  return p.rolloutVerdict === 'unlimited' || p.rolloutVerdict === 'wide' ? 3 : 3.5;
}

const ROLLOUT_ICON: Record<number, string> = { 2: '🔴', 3: '🟠', 3.5: '🔄' };

/** Disruption: each NodePool's rollout, the blocked ones first, then the wide or unlimited ones. */
function rolloutConsequences(plan: Plan, style: SentenceStyle): Consequence[] {
  return plan.nodePools
    .map((p) => ({ p, s: rolloutSentence(p, style) }))
    .filter((x): x is { p: NodePoolRow; s: string } => x.s !== null)
    .sort((a, b) => rolloutRank(a.p) - rolloutRank(b.p) || b.p.nodesDrifted - a.p.nodesDrifted)
    .map(({ p, s }) => ({ rank: rolloutRank(p), icon: ROLLOUT_ICON[rolloutRank(p)], text: s, section: 'rollout' }));
}

/** The nodes consolidation replaces or deletes once the change is merged. */
function consolidationConsequence(plan: Plan): Consequence[] {
  const consolidated = plan.summary.nodesConsolidated ?? 0;
  if (!consolidated) return [];
  return [
    {
      rank: 3.6,
      icon: '🔄',
      text: `${plural(consolidated, 'node')} replaced or deleted by consolidation, which this change makes possible`,
      section: 'replacements',
    },
  ];
}

/**
 * Findings by rule, most frequent first, then by rule id: the counting every renderer's `3 × rule` lists share.
 */
export function ruleCounts(findings: readonly { rule: string }[]): [string, number][] {
  const c = new Map<string, number>();
  for (const f of findings) c.set(f.rule, (c.get(f.rule) ?? 0) + 1);
  return [...c].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Findings counted by rule, most frequent first: `3 × rule, 1 × other`, each rule named as the renderer names it. */
export function byRule(findings: readonly { rule: string }[], name: (rule: string) => string): string {
  return ruleCounts(findings)
    .map(([r, n]) => `${n} × ${name(r)}`)
    .join(', ');
}

/**
 * The count of findings that heads the Findings section of both reports: a diff's new ones with the pre-existing ones
 * said apart (`1 error, 2 warning, 0 info new · 3 pre-existing`), or a single state's.
 */
export function findingsCount(plan: Plan, existing: number): string {
  const n = plan.summary.newFindings ?? plan.summary.findings;
  if (plan.kind !== 'diff') return `${n.error} error, ${n.warning} warning, ${n.info} info`;
  return `${n.error} error, ${n.warning} warning, ${n.info} info new` + (existing ? ` · ${existing} pre-existing` : '');
}

/**
 * Beside a fleet snapshot, what the simulation launches for the workloads (not the fleet), said in the Fleet outcome's
 * title of both reports (`arrow` as each writes it); empty without a snapshot or without a cost.
 */
export function simulatedLaunchPart(plan: Plan, arrow: string): string {
  const { base, head } = plan.summary.hourlyCost;
  if (!plan.summary.fleet || (base === null && head === null)) return '';
  return ` · simulated launch for the workloads (not the fleet): ${plan.kind === 'diff' ? `${money(base)}/h ${arrow} ` : ''}${money(head)}/h`;
}

/** New findings: errors before the cost (rank 4), warnings after it (rank 6), each with its three commonest rules. */
function findingsConsequences(plan: Plan, { code }: SentenceStyle): Consequence[] {
  const diff = plan.kind === 'diff';
  const f = diff ? (plan.summary.newFindings ?? plan.summary.findings) : plan.summary.findings;
  const fresh = plan.findings.filter((x) => x.new !== false);
  const nw = diff ? 'new ' : '';
  const line = (severity: 'error' | 'warning', rank: number, icon: string): Consequence => {
    const ids = ruleCounts(fresh.filter((y) => y.severity === severity))
      .slice(0, 3)
      .map(([r, n]) => `${n > 1 ? `${n} × ` : ''}${code(r)}`)
      .join(', ');
    return {
      rank,
      icon,
      text: `${plural(f[severity], `${nw}${severity}`)}${ids ? `: ${ids}` : ''}`,
      section: 'findings',
    };
  };
  return [...(f.error ? [line('error', 4, '🛑')] : []), ...(f.warning ? [line('warning', 6, '⚠️')] : [])];
}

/** The monthly cost change (the fleet's, with a snapshot or a live cluster; else what the simulation launches). */
function costConsequence(plan: Plan): Consequence[] {
  const cost = costChange(plan);
  if (plan.kind !== 'diff' || !cost) return [];
  const { delta } = cost;
  const blocked = blockedCostPart(cost.blocked);
  if (delta === 0 && !blocked) return [];
  const fleet = plan.summary.fleet;
  return [
    {
      rank: 5,
      icon: delta > 0 ? '📈' : delta < 0 ? '📉' : '⏸️',
      text: `${fleet ? 'Fleet cost' : 'Cost of the placements'} ${delta !== 0 ? `${signedMonthly(delta)}/month` : 'unchanged'}${blocked ? ' inside the horizon' : ''} (${money(cost.base)}/h → ${money(cost.head)}/h, ${signedMoney(delta)}/h${fleetCaveats(plan)})${plan.newlyUnschedulable.length && !fleet ? ', pending pods not counted' : ''}${blocked ? `; ${blocked}, not counted` : ''}`,
      section: 'fleet',
    },
  ];
}

/** Every kind of consequence, each from the plan's decisions; ranked together by risk. */
const CONSEQUENCES: ((plan: Plan, style: SentenceStyle) => Consequence[])[] = [
  pendingConsequence,
  deletionConsequences,
  rolloutConsequences,
  consolidationConsequence,
  findingsConsequences,
  costConsequence,
];

/**
 * The consequences of a plan, ranked by risk (all of them; the renderer shows the first `MAX_CONSEQUENCES`), in
 * Markdown unless a style is given (the text report passes its own).
 */
export function consequences(plan: Plan, style: SentenceStyle = MARKDOWN): Consequence[] {
  return CONSEQUENCES.flatMap((kind) => kind(plan, style)).sort((a, b) => a.rank - b.rank);
}

/**
 * The hourly cost before and after and their difference (rounded to 1e-6 $/h): the fleet's with a snapshot or a live
 * cluster, else what the simulation launches; null when a side has no cost.
 */
export function costChange(
  plan: Plan,
): { base: number; head: number; delta: number; blocked: { nodes: number; hourly: number } | null } | null {
  const { base, head: reached } = plan.summary.fleet ? plan.summary.fleet.hourlyCost : plan.summary.hourlyCost;
  if (base === null || reached === null) return null;
  const blocked = plan.summary.costBlocked ?? null;
  // The plan decides what cannot happen inside the horizon: the fleet's head already leaves it out; the placements'
  // cost (what the simulation launches) includes it, so it is taken off here.
  const head = blocked && !plan.summary.fleet ? Math.round((reached - blocked.hourly) * 1e6) / 1e6 : reached;
  return { base, head, delta: Math.round((head - base) * 1e6) / 1e6, blocked };
}

/** The cost the budgets keep outside the horizon, said apart: `blocked by budget: -$150/month (3 nodes)`. */
export function blockedCostPart(blocked: { nodes: number; hourly: number } | null): string | null {
  if (!blocked || blocked.hourly === 0) return null;
  return `blocked by budget: ${signedMonthly(blocked.hourly)}/month (${plural(blocked.nodes, 'node')})`;
}

/**
 * What the fleet's figures leave out, said next to them: its node count when the change alters it, nodes head has no
 * full replacement for, unpriced nodes (`; fleet 10 → 0 nodes, 10 without a full replacement in head`).
 */
function fleetCaveats(plan: Plan): string {
  const f = plan.summary.fleet;
  if (!f) return '';
  const parts = [
    ...(f.nodes.head !== f.nodes.base ? [`fleet ${f.nodes.base} → ${f.nodes.head} nodes`] : []),
    ...(f.noReplacement ? [`${f.noReplacement} without a full replacement in head`] : []),
    ...(f.unpriced ? [`${f.unpriced} unpriced`] : []),
  ];
  return parts.length ? `; ${parts.join(', ')}` : '';
}
