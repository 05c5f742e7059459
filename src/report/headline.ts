/**
 * The headline under the verdict, in the Markdown and the text report alike: what changes, in a few words (about 120
 * characters at most). Formatting only: every count comes from the plan's summary.
 */
import type { Plan } from '../plan/contract.js';
import { monthly, signedMonthly } from './escape.js';
import { blockedCostPart, costChange, placementsSentence, plural, probesOnly } from './consequences.js';

/**
 * `3 targets, 1 affected`, naming the target the run's fleet snapshot or live cluster applied to when one took it
 * (plan/targets.ts): a fleet given for the run is never silently dropped.
 */
export function targetsPart(clusters: NonNullable<Plan['clusters']>): string {
  const fleet = clusters.filter(
    (t) => t.plan && (t.plan.fleet.source === 'snapshot' || t.plan.fleet.source === 'live'),
  );
  const applied = fleet.length
    ? ` (the ${fleet[0].plan!.fleet.source === 'live' ? 'live cluster' : 'fleet snapshot'} applied to ${fleet.map((t) => t.key).join(', ')})`
    : '';
  const n = clusters.length;
  return `${n} target${n === 1 ? '' : 's'}, ${clusters.filter((t) => t.plan).length} affected${applied}`;
}

/** One state (simulate, validate): what it places, what that costs a month, its errors and warnings. */
function stateHeadlineParts(plan: Plan): string[] {
  const s = plan.summary;
  return [
    placementsSentence(plan),
    ...(s.hourlyCost.head ? [`${monthly(s.hourlyCost.head)}/month`] : []),
    ...(s.findings.error ? [plural(s.findings.error, 'error')] : []),
    ...(s.findings.warning ? [plural(s.findings.warning, 'warning')] : []),
  ];
}

/** The workloads a change moves, or else the probes; the workloads that become pending said apart, not as moved. */
function workloadChangeParts(plan: Plan): string[] {
  const s = plan.summary;
  const pending = plan.newlyUnschedulable.length;
  const moved = s.workloadsChanged - pending;
  const parts: string[] = [];
  // A workload scaled to zero changes placement without moving anywhere: 'changes placement' covers both.
  if (moved > 0) parts.push(`${plural(moved, 'workload')} ${moved === 1 ? 'changes' : 'change'} placement`);
  else if (probesOnly(plan) && s.probesChanged) parts.push(`${plural(s.probesChanged, 'probe placement')} change`);
  if (pending) parts.push(`${plural(pending, 'workload')} ${pending === 1 ? 'becomes' : 'become'} pending`);
  return parts;
}

/** The nodes a change replaces (drift), deletes with their NodePool, and lets consolidation take. */
function nodeChangeParts(plan: Plan): string[] {
  const s = plan.summary;
  const parts: string[] = [];
  if (s.nodesReplaced) {
    // Drifted nodes the budgets hold past the horizon are not said as replaced.
    const inside = s.nodesReplaced - (s.nodesReplacedLater ?? 0);
    parts.push(
      inside === s.nodesReplaced
        ? `${plural(s.nodesReplaced, 'node')} replaced`
        : `${plural(s.nodesReplaced, 'node')} drift, ${inside} replaced inside the horizon`,
    );
  }
  if (s.nodesRemoved)
    parts.push(`${plural(s.nodesRemoved, 'node')} deleted with ${s.nodesRemoved === 1 ? 'its' : 'their'} NodePool`);
  if (s.nodesConsolidated) parts.push(`${s.nodesConsolidated} consolidated`);
  return parts;
}

/** The monthly cost change, the cost the budgets keep outside the horizon, and the new errors and warnings. */
function costAndFindingParts(plan: Plan): string[] {
  const cost = costChange(plan);
  const blockedCost = blockedCostPart(cost?.blocked ?? null);
  const f = plan.summary.newFindings ?? plan.summary.findings;
  return [
    ...(cost && cost.delta !== 0 ? [`${signedMonthly(cost.delta)}/month`] : []),
    ...(blockedCost ? [blockedCost] : []),
    ...(f.error ? [plural(f.error, 'new error')] : []),
    ...(f.warning ? [plural(f.warning, 'new warning')] : []),
  ];
}

/** A change: what moves, what happens to the nodes, the cost and the new findings; or that nothing of that changes. */
function diffHeadlineParts(plan: Plan): string[] {
  const parts = [...workloadChangeParts(plan), ...nodeChangeParts(plan), ...costAndFindingParts(plan)];
  if (!parts.length)
    parts.push(plan.changed ? 'no placement, node or cost changes' : 'nothing Karpenter-relevant changes');
  return parts;
}

/** The headline under the verdict: what changes, in a few words (about 120 characters at most). */
export function headline(plan: Plan): string {
  const parts = [
    ...(plan.clusters ? [targetsPart(plan.clusters)] : []),
    ...(plan.kind === 'state' ? stateHeadlineParts(plan) : diffHeadlineParts(plan)),
  ];
  return parts.join(' · ') + '.';
}
