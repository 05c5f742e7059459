/**
 * MultiNodeConsolidation (karpenter pkg/controllers/disruption/multinodeconsolidation.go ComputeCommands,
 * firstNConsolidationOption, filterOutSameInstanceType): the candidates in consolidation order, those whose NodePool's
 * budget is used up left out (each one taken counts against its NodePool's budget), at most 100; a binary search over
 * the number N of first candidates for the largest that computeConsolidation can delete or replace with one cheaper
 * NodeClaim. At least two candidates: one is single-node consolidation's.
 *
 * Karpenter also stops the search after a minute (MultiNodeConsolidationTimeoutDuration) and keeps the last command
 * found; the model's search is bounded by the 100 candidates alone (at most 7 simulations), so it never times out.
 */
import type { InstanceType } from '../cloudprovider/instancetype.js';
import {
  cheaperThan,
  commandOf,
  computeConsolidation,
  launchReplacement,
  offeringPrice,
  type ConsolidationCommand,
  type ConsolidationContext,
  type PricedCandidate,
  type ReplaceOption,
} from './consolidation.js';

/** ComputeCommands: "Only consider a maximum batch of 100 NodeClaims to save on computation." */
export const MAX_MULTI_NODE_CANDIDATES = 100;

/**
 * One command at most. `allowed`: Underutilized disruptions each NodePool's budgets allow now (null: unconstrained).
 * `sorted`: the candidates in consolidation order (consolidation.ts sortCandidates).
 */
export function multiNodeConsolidation(
  sorted: PricedCandidate[],
  ctx: ConsolidationContext,
  allowed: ((pool: string) => number) | null,
): ConsolidationCommand | null {
  const left = new Map<string, number>();
  const disruptable: PricedCandidate[] = [];
  for (const c of sorted) {
    if (allowed) {
      const pool = c.node.nodePool;
      const n = left.get(pool) ?? allowed(pool);
      if (n <= 0) continue;
      left.set(pool, n - 1);
    }
    disruptable.push(c);
  }
  const max = Math.min(disruptable.length, MAX_MULTI_NODE_CANDIDATES);
  const found = firstNConsolidationOption(disruptable, ctx, max);
  if (!found) return null;
  // The command is taken: the pods stay where the simulation moved them (a second, kept run of the same simulation).
  computeConsolidation(found.cands, ctx, () => true);
  return commandOf('multi', found.cands, found.to);
}

/** firstNConsolidationOption: the binary search over candidates[0..mid]. */
function firstNConsolidationOption(
  cands: PricedCandidate[],
  ctx: ConsolidationContext,
  maxIn: number,
): { cands: PricedCandidate[]; to: ConsolidationCommand['to'] } | null {
  if (cands.length < 2) return null;
  let min = 1;
  let max = maxIn;
  if (cands.length <= max) max = cands.length - 1;
  let last: { cands: PricedCandidate[]; to: ConsolidationCommand['to'] } | null = null;
  while (min <= max) {
    const mid = Math.floor((min + max) / 2);
    const batch = cands.slice(0, mid + 1);
    const r = computeConsolidation(batch, ctx);
    let valid: { cands: PricedCandidate[]; to: ConsolidationCommand['to'] } | null = null;
    if (r?.decision === 'delete') valid = { cands: batch, to: null };
    else if (r?.decision === 'replace') {
      const options = filterOutSameInstanceType(r, batch);
      const to = options.length ? launchReplacement({ ...r, options }, ctx.opts.minValuesPolicy) : null;
      if (to) valid = { cands: batch, to };
    }
    if (valid) {
      last = valid;
      min = mid + 1;
    } else max = mid - 1;
  }
  return last;
}

/**
 * filterOutSameInstanceType: when the replacement's options include a type being consolidated, only options strictly
 * cheaper than the cheapest such candidate remain (otherwise deleting the others is the less disruptive command: "won't
 * merge 2 nodes into 1 of the same type"). A candidate type without a price counts as 0 (Go's map default).
 */
export function filterOutSameInstanceType(r: ReplaceOption, cands: PricedCandidate[]): InstanceType[] {
  const prices = new Map<string, number>();
  for (const c of cands) {
    // The cheapest offering compatible with the node's labels: its zone and capacity type.
    const p = offeringPrice(c.it, c.node.zone, c.node.capacityType);
    if (p === null) continue;
    if (p < (prices.get(c.it.name) ?? Number.MAX_VALUE)) prices.set(c.it.name, p);
  }
  const existing = new Set(cands.map((c) => c.it.name));
  let maxPrice = Number.MAX_VALUE;
  for (const it of r.options) if (existing.has(it.name)) maxPrice = Math.min(maxPrice, prices.get(it.name) ?? 0);
  return cheaperThan(r.options, r.reqs, maxPrice);
}
