/**
 * SingleNodeConsolidation (karpenter pkg/controllers/disruption/singlenodeconsolidation.go), and the consolidation
 * methods in the disruption controller's order (controller.go NewMethods: MultiNodeConsolidation, then
 * SingleNodeConsolidation). Emptiness (nodes without reschedulable pods) is not modelled here.
 */
import {
  commandOf,
  computeConsolidation,
  launchReplacement,
  sortCandidates,
  priced,
  type ConsolidationCommand,
  type ConsolidationConstraints,
  type ConsolidationContext,
  type ConsolidationNode,
  type ConsolidationResult,
  type PricedCandidate,
  type SingleOutcome,
} from './consolidation.js';
import { multiNodeConsolidation } from './multinodeconsolidation.js';

/**
 * How many single-node candidates per state are rescheduled with the cluster's other nodes (each such simulation reads
 * every node). Karpenter bounds single-node consolidation by time (SingleNodeConsolidationTimeoutDuration, 3 minutes);
 * the model bounds it by count, like MultiNodeConsolidation's 100. Later candidates are rescheduled onto new NodeClaims
 * only.
 */
export const MAX_SINGLE_NODE_WITH_CLUSTER = 100;

/**
 * singlenodeconsolidation.go SortCandidates: the sorted candidates interleaved by NodePool (Go map order of the pools:
 * by name here).
 */
function interleaveByPool(cands: PricedCandidate[]): PricedCandidate[] {
  const byPool = new Map<string, PricedCandidate[]>();
  for (const c of cands) {
    const l = byPool.get(c.node.nodePool) ?? [];
    l.push(c);
    byPool.set(c.node.nodePool, l);
  }
  const pools = [...byPool.keys()].sort();
  const out: PricedCandidate[] = [];
  for (let i = 0; out.length < cands.length; i++)
    for (const p of pools) {
      const l = byPool.get(p)!;
      if (i < l.length) out.push(l[i]);
    }
  return out;
}

export interface ConsolidationOutcome {
  commands: ConsolidationCommand[];
  /** Single-node candidates beyond MAX_SINGLE_NODE_WITH_CLUSTER, rescheduled onto new NodeClaims only. */
  withoutCluster: number;
}

/**
 * The consolidation commands of one state, as the disruption controller's methods find them in turn (controller.go
 * NewMethods: MultiNodeConsolidation, then SingleNodeConsolidation). Each command taken changes the cluster for the next
 * (its pods stay where they moved; its nodes leave), as successive disruption loops do, and counts against its
 * NodePools' budgets (BuildDisruptionBudgetMapping counts nodes being disrupted).
 *
 * - MultiNodeConsolidation: one command at most (multinodeconsolidation.ts).
 * - SingleNodeConsolidation: every other candidate in its order, each on its own (a command per disruption loop).
 */
export function consolidationCommands(
  nodes: ConsolidationNode[],
  ctx: ConsolidationContext,
  constraints: ConsolidationConstraints | null,
): ConsolidationOutcome {
  // NewCandidate: a blocked node is no candidate at all.
  const cands = sortCandidates(priced(nodes, ctx).filter((c) => !constraints?.blocked(c.node)));
  const budget = new Map<string, number>();
  const left = (pool: string) => {
    if (!constraints) return Infinity;
    if (!budget.has(pool)) budget.set(pool, constraints.allowed(pool));
    return budget.get(pool)!;
  };
  const take = (cs: PricedCandidate[]) => {
    for (const c of cs) if (constraints) budget.set(c.node.nodePool, left(c.node.nodePool) - 1);
  };
  const commands: ConsolidationCommand[] = [];
  const multi = multiNodeConsolidation(cands, ctx, constraints ? (pool) => left(pool) : null);
  const taken = new Set<string>();
  if (multi) {
    commands.push(multi);
    take(cands.filter((c) => multi.from.some((f) => f.node === c.node)));
    for (const f of multi.from) taken.add(f.node.name);
  }
  let withCluster = 0;
  let withoutCluster = 0;
  for (const c of interleaveByPool(cands)) {
    if (taken.has(c.node.name) || ctx.cluster?.received.has(c.node.name)) continue;
    // singlenodeconsolidation.go ComputeCommands: a candidate whose NodePool's budget is used up is skipped.
    if (left(c.node.nodePool) <= 0) continue;
    const cluster = ctx.cluster && withCluster < MAX_SINGLE_NODE_WITH_CLUSTER ? ctx.cluster : null;
    if (cluster) withCluster++;
    else if (ctx.cluster) withoutCluster++;
    const sub = { ...ctx, cluster };
    let found: SingleOutcome | undefined = cluster ? undefined : ctx.alone?.get(c.node);
    if (found === undefined) {
      found = singleTrial(c, sub);
      if (!cluster) ctx.alone?.set(c.node, found);
    }
    if (!found) continue;
    commands.push(commandOf('single', [c], found.to));
    take([c]);
  }
  return { commands, withoutCluster };
}

/**
 * One candidate's trial (computeConsolidation): a delete, or a replacement that launches, is a command, and is taken —
 * its pods stay on the nodes the trial moved them to.
 */
function singleTrial(c: PricedCandidate, ctx: ConsolidationContext): SingleOutcome {
  let to: ConsolidationCommand['to'] = null;
  const keep = (r: NonNullable<ConsolidationResult>) =>
    r.decision === 'delete' || (to = launchReplacement(r, ctx.opts.minValuesPolicy)) !== null;
  const r = computeConsolidation([c], ctx, keep);
  return !r || (r.decision === 'replace' && !to) ? null : { to };
}
