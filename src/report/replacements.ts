/**
 * The Expected replacements section of the Markdown report: what the change does to each NodePool and its nodes, and
 * the notes under the table (drift, static pools, deleted pools, consolidation), which the text report shares.
 */
import type { ConsolidationCommandRow, Plan } from '../plan/contract.js';
import { code, inert, money, signedMoney, signedMonthly } from './escape.js';
import { details, MD, type Inline } from './markup.js';

/** What the change does to each NodePool and its nodes (5 columns; the rollout under the budgets is its own table). */
export function nodePoolSection(plan: Plan): string {
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

export function sortedPools(plan: Plan): Plan['nodePools'] {
  return [...plan.nodePools].sort(
    (a, b) =>
      b.nodesDrifted - a.nodesDrifted ||
      Number(a.change === 'unchanged') - Number(b.change === 'unchanged') ||
      a.name.localeCompare(b.name),
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
