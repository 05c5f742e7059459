/**
 * Disruption budgets (karpenter pkg/apis/v1/nodepool.go, pkg/controllers/disruption/helpers.go): allowed disruptions
 * per NodePool and reason. Omitted budgets → the CRD default `nodes: 10%`; `budgets: []` → unlimited; `reasons` omitted
 * → every reason, `reasons: []` → none; percentages round up over the counted nodes; an unparseable schedule (or nodes
 * value) zeroes every reason (fail closed); the minimum of the active budgets applies; disrupting (NotReady or
 * deleting) nodes are subtracted, floor 0.
 */
import type { Budget, DisruptionReason } from '../api/nodepool.js';
import { parseDurationMs } from '../common/duration.js';
import { isActive, parseSchedule, type Schedule } from './budget-cron.js';

export const MAX_INT32 = 2147483647;

export interface CompiledBudget {
  budget: Budget;
  index: number;
  schedule: Schedule | null;
  durationMs: number;
  error: string | null;
  /** What the error is about: the cron schedule or the nodes value. */
  errorCode: 'invalid-schedule' | 'invalid-nodes' | null;
}

export function compileBudgets(budgets: readonly Budget[]): CompiledBudget[] {
  return budgets.map((b, index) => {
    let error: string | null = null;
    let errorCode: CompiledBudget['errorCode'] = null;
    let schedule: Schedule | null = null;
    let durationMs = 0;
    if (b.schedule !== undefined) {
      const p = parseSchedule(b.schedule);
      if (p.ok) schedule = p.schedule;
      else {
        error = `invalid schedule "${b.schedule}": ${p.error}`;
        errorCode = 'invalid-schedule';
      }
      durationMs = b.duration !== undefined ? (parseDurationMs(b.duration.replace(/0s$/, '') || '0m') ?? 0) : 0;
    }
    if (!/^((100|[0-9]{1,2})%|[0-9]+)$/.test(b.nodes) && error === null) {
      error = `invalid nodes value "${b.nodes}"`;
      errorCode = 'invalid-nodes';
    }
    return { budget: b, index, schedule, durationMs, error, errorCode };
  });
}

/** `GetScaledValueFromIntOrPercent(nodes, numNodes, roundUp=true)` (nodepool.go Budget.GetAllowedDisruptions). */
export function scaledNodes(nodes: string, numNodes: number): number {
  if (/^\d+$/.test(nodes)) return Number(nodes);
  const pct = Number(nodes.slice(0, -1));
  return Math.ceil((pct * numNodes) / 100);
}

/** Budget value at `now` for `reason`: MaxInt32 = unlimited; errors fail closed (0). */
export function allowedByBudgets(
  budgets: readonly CompiledBudget[],
  numNodes: number,
  reason: DisruptionReason,
  now: number,
  activeAt: (b: CompiledBudget, now: number) => boolean = (b, t) =>
    b.schedule ? isActive(b.schedule, b.durationMs, t) : true,
): number {
  if (budgets.some((b) => b.error)) return 0; // MustGetAllowedDisruptions: any error blocks every reason.
  // The minimum of the active budgets that apply (GetAllowedDisruptionsByReason), MaxInt32 when none limits.
  const binding = bindingBudget(budgets, numNodes, reason, now, activeAt);
  return binding ? scaledNodes(binding.budget.nodes, numNodes) : MAX_INT32;
}

/**
 * The budget whose value is the one in force at `now` for `reason` (the minimum of the active budgets that apply,
 * nodepool.go GetAllowedDisruptionsByReason); the first of equal ones; null when none limits (unlimited) or a budget is
 * invalid (everything is blocked then).
 */
export function bindingBudget(
  budgets: readonly CompiledBudget[],
  numNodes: number,
  reason: DisruptionReason,
  now: number,
  activeAt: (b: CompiledBudget, now: number) => boolean = (b, t) =>
    b.schedule ? isActive(b.schedule, b.durationMs, t) : true,
): CompiledBudget | null {
  if (budgets.some((b) => b.error)) return null;
  let best: CompiledBudget | null = null;
  let value = MAX_INT32;
  for (const b of budgets) {
    const applies = b.budget.reasons === undefined || b.budget.reasons.includes(reason);
    if (!applies || !activeAt(b, now)) continue;
    const v = scaledNodes(b.budget.nodes, numNodes);
    if (v < value) {
      value = v;
      best = b;
    }
  }
  return best;
}

/** `allowed = max(budget(numNodes) − disrupting, 0)` (helpers.go BuildDisruptionBudgetMapping). */
export function allowedDisruptions(
  budgets: readonly CompiledBudget[],
  numNodes: number,
  disrupting: number,
  reason: DisruptionReason,
  now: number,
  activeAt?: (b: CompiledBudget, now: number) => boolean,
): number {
  const v = allowedByBudgets(budgets, numNodes, reason, now, activeAt);
  if (v >= MAX_INT32) return MAX_INT32;
  return Math.max(v - disrupting, 0);
}

/** Does any budget ever limit `reason`? (false → unlimited: `budgets: []` or reasons exclude it). */
export function budgetsLimit(budgets: readonly CompiledBudget[], reason: DisruptionReason): boolean {
  return budgets.some((b) => b.error !== null || b.budget.reasons === undefined || b.budget.reasons.includes(reason));
}
