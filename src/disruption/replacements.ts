/**
 * Expected replacements: drift of the fleet under head (model/drift.ts) and the rollout each
 * NodePool's head budgets allow (model/rollout.ts), shaped into the plan's rows.
 */
import { budgetsLimit, compileBudgets } from './budgets.js';
import { evaluateDrift, unmanagedNodes, type DriftReason, type PoolDrift } from './drift.js';
import type { Fleet } from './fleet.js';
import type { Budget, NodePool } from '../api/nodepool.js';
import { estimateRollout, type RolloutEstimate } from './rollout.js';
import type { EC2NodeClass } from '../api/ec2nodeclass.js';
import { candidateBlock } from './disruptable.js';
import type { Pdb } from './fleet.js';

export interface BudgetEstimate {
  reason: 'Drifted';
  /** null = unlimited. */
  allowed: number | null;
  waves: number | null;
  estimatedMinutes: number | null;
  verdict: 'ok' | 'slow' | 'blocked' | 'unlimited' | 'none';
}

export type DriftKind = 'none' | 'requirements' | 'static' | 'nodeclass' | 'removed';

export type ReplacementReason =
  'RequirementsDrifted' | 'NodePoolDrifted' | 'NodeClassDrifted' | 'NodePoolRemoved' | 'Consolidation';

export interface Replacement {
  nodeClaim: string;
  nodePool: string;
  instanceType: string | null;
  reason: ReplacementReason;
  /**
   * Additional: a drift replacement whose disruption does not start inside the horizon under head's budgets (the
   * rollout's waves start fewer nodes than drift): the node stays as it is meanwhile, and its cost change is counted
   * apart from the headline's (`summary.costBlocked`).
   */
  outsideHorizon?: true;
  /**
   * Additional, for Consolidation: the price comparison (strict <) and the replacement. A deletion has no replacement:
   * `toInstanceType` and `toCapacityType` are null, `toPrice` and `toCost` 0. For a command of several nodes, the
   * replacement is the one NodeClaim that takes all their pods, and `toPrice` compares with the sum of their prices.
   */
  consolidation?: {
    fromPrice: number;
    fromCost: number | null;
    toInstanceType: string | null;
    toCapacityType: string | null;
    toPrice: number;
    toCost: number;
    /**
     * Additional (issue 13): the command the node belongs to, when it is not a single-node replacement (absent): the
     * method (`single`, `multi`), the decision (`replace`, `delete`) and its nodes, in Karpenter's order.
     */
    command?: { method: 'single' | 'multi'; decision: 'replace' | 'delete'; nodes: string[] };
  };
}

/**
 * A consolidation command of several nodes, or a deletion (a single-node replacement is its node's `Replacement`
 * alone): the method and decision, its nodes in Karpenter's order, the sum of their prices (what the replacement must
 * undercut, karpenter pkg/controllers/disruption/consolidation.go computeConsolidation) and the replacement.
 */
export interface ConsolidationCommandRow {
  method: 'single' | 'multi';
  decision: 'replace' | 'delete';
  nodes: { nodeClaim: string; nodePool: string; instanceType: string | null }[];
  /** The nodes' prices summed (Karpenter's prices, overlays applied). */
  fromPrice: number;
  /** The one NodeClaim that takes all their pods; null for a deletion (`toPrice` 0). */
  toInstanceType: string | null;
  toCapacityType: string | null;
  toPrice: number;
}

export interface PoolRollout {
  name: string;
  drift: DriftKind;
  nodes: number;
  nodesDrifted: number;
  nodesRemoved: number;
  reasons: Partial<Record<DriftReason, number>>;
  because: string[];
  potential: string[];
  budget: BudgetEstimate | null;
  rollout: RolloutEstimate | null;
  /** Drifted nodes disruption may not act on (do-not-disrupt, PDBs), with Karpenter's reasons. */
  blocked: { nodes: number; because: string[] } | null;
  /** The rollout's largest wave: the most nodes whose disruption starts at one instant, and the budget allowing it. */
  largestWave: LargestWave | null;
}

export interface LargestWave {
  /** When the wave starts (epoch ms; its first occurrence when several are as large). */
  start: number;
  nodes: number;
  /** The head budget in force then (the minimum of the active ones); null when no budget limits `Drifted`. */
  budget: Budget | null;
  /** That budget is the CRD default (`budgets` omitted: `nodes: 10%`). */
  defaulted: boolean;
  /** Base's NodePool has no identical budget (or, with `budget` null, base's budgets limited `Drifted`). */
  changed: boolean;
}

export interface ReplacementOptions {
  /** PodDisruptionBudgets in force (the snapshot's, or the manifests' for a simulated fleet). */
  pdbs?: Pdb[];
  at: number;
  minutesPerReplacement: number;
  minutesToInitialize: number;
  horizonDays: number;
  slowAfterHours: number;
}

const KIND: Record<DriftReason, DriftKind> = {
  NodePoolDrifted: 'static',
  RequirementsDrifted: 'requirements',
  NodeClassDrifted: 'nodeclass',
  NodePoolRemoved: 'removed',
};

export function planReplacements(
  fleet: Fleet,
  base: { nodePools: NodePool[]; nodeClasses: EC2NodeClass[] },
  head: { nodePools: NodePool[]; nodeClasses: EC2NodeClass[] },
  opts: ReplacementOptions,
): { pools: PoolRollout[]; replacements: Replacement[]; unmanaged: Record<string, number> } {
  const input = {
    baseNodePools: base.nodePools,
    headNodePools: head.nodePools,
    baseNodeClasses: base.nodeClasses,
    headNodeClasses: head.nodeClasses,
  };
  const drift = evaluateDrift(fleet, input);
  const headNP = new Map(head.nodePools.map((p) => [p.name, p]));
  const baseNP = new Map(base.nodePools.map((p) => [p.name, p]));
  const pools: PoolRollout[] = [];
  const replacements: Replacement[] = [];
  for (const pd of drift) pools.push(poolRollout(pd, headNP.get(pd.name), baseNP.get(pd.name), opts, replacements));
  return { pools, replacements, unmanaged: unmanagedNodes(fleet, input) };
}

/** What a pool's drift comes to: its nodes counted by what happens to them, and the reasons. */
interface DriftTally {
  reasons: Partial<Record<DriftReason, number>>;
  because: Set<string>;
  /** Drifted nodes disruption replaces (the rollout's), of which `empty` have no pods. */
  drifted: number;
  empty: number;
  /** Nodes of a removed NodePool (garbage collected, no budget). */
  removed: number;
  /** Drifted nodes disruption may not act on, and Karpenter's reasons. */
  blocked: number;
  blockedBecause: Set<string>;
  /** Nodes that already drift under base. */
  preexisting: number;
}

/**
 * Counts a pool's drifted nodes and pushes a replacement for each one disruption may act on. `tgp`: the NodeClaims
 * carry a terminationGracePeriod.
 */
function tallyDrift(pd: PoolDrift, opts: ReplacementOptions, tgp: boolean, replacements: Replacement[]): DriftTally {
  const t: DriftTally = {
    reasons: {},
    because: new Set<string>(),
    drifted: 0,
    empty: 0,
    removed: 0,
    blocked: 0,
    blockedBecause: new Set<string>(),
    preexisting: 0,
  };
  for (const nd of pd.nodes) {
    if (nd.preexisting) t.preexisting++;
    if (!nd.reason) continue;
    t.reasons[nd.reason] = (t.reasons[nd.reason] ?? 0) + 1;
    nd.because.forEach((b) => t.because.add(b));
    // Drift is an eventual disruption: NewCandidate refuses do-not-disrupt nodes, and pods that block eviction unless
    // the NodeClaim has a terminationGracePeriod (karpenter pkg/controllers/disruption/types.go NewCandidate).
    // Garbage collection of a removed NodePool's nodes is not a disruption method.
    if (nd.reason !== 'NodePoolRemoved') {
      const b = candidateBlock(nd.node, opts.pdbs ?? [], opts.at, 'eventual', tgp);
      if (b) {
        t.blocked++;
        t.blockedBecause.add(b.message);
        continue;
      }
    }
    replacements.push({
      nodeClaim: nd.node.name,
      nodePool: pd.name,
      instanceType: nd.node.instanceType,
      reason: nd.reason,
    });
    if (nd.reason === 'NodePoolRemoved') t.removed++;
    else {
      t.drifted++;
      if (nd.node.pods === 0) t.empty++;
    }
  }
  return t;
}

/** The rollout of the pool's drifted nodes under head's budgets; blocked when some drifted nodes cannot be disrupted. */
function driftRollout(
  pd: PoolDrift,
  head: NodePool,
  t: DriftTally,
  opts: ReplacementOptions,
  tgp: boolean,
): RolloutEstimate {
  // Budgets count managed, initialised, non-terminating nodes; NotReady or deleting ones are disrupting (karpenter
  // pkg/controllers/disruption/helpers.go BuildDisruptionBudgetMapping).
  const counted = pd.nodes.filter((n) => n.node.initialized);
  const disrupting = counted.filter((n) => n.node.deleting || n.node.ready === false).length;
  const rollout = estimateRollout({
    budgets: compileBudgets(head.budgets),
    nodes: counted.length,
    disrupting,
    drifted: t.drifted,
    empty: t.empty,
    start: opts.at,
    minutesPerReplacement: opts.minutesPerReplacement,
    minutesToInitialize: opts.minutesToInitialize,
    horizonMinutes: opts.horizonDays * 1440,
    slowAfterMinutes: opts.slowAfterHours * 60,
  });
  if (!t.blocked) return rollout;
  const list = [...t.blockedBecause];
  return {
    ...rollout,
    verdict: 'blocked',
    note: `${t.blocked} of ${t.drifted + t.blocked} drifted nodes cannot be disrupted (${list.slice(0, 3).join('; ')}${list.length > 3 ? `; and ${list.length - 3} more` : ''}): they stay on the old configuration until that changes${tgp ? '' : ' (a terminationGracePeriod on the NodePool lets drift proceed past blocking pods, not past a node annotation)'}${rollout.note ? `; ${rollout.note}` : ''}`,
  };
}

/** The rollout's largest wave (its first occurrence), the head budget allowing it and whether base's differs. */
function largestWaveOf(rollout: RolloutEstimate, head: NodePool, base: NodePool | undefined): LargestWave | null {
  let largestWave: LargestWave | null = null;
  for (const w of rollout.waves) {
    if (largestWave && w.nodes <= largestWave.nodes) continue;
    const b = w.budget === null ? null : (head.budgets[w.budget] ?? null);
    const same = (x: Budget) => JSON.stringify(x) === JSON.stringify(b);
    largestWave = {
      start: w.start,
      nodes: w.nodes,
      budget: b,
      defaulted: b !== null && head.budgetsDefaulted,
      changed: !base
        ? true
        : b === null
          ? budgetsLimit(compileBudgets(base.budgets), 'Drifted')
          : !base.budgets.some(same),
    };
  }
  return largestWave;
}

/** Texts of the NodePool's potentialDrift (not assumptions). */
function potentialDrift(pd: PoolDrift, head: NodePool | undefined, preexisting: number): string[] {
  const potential = [...pd.potential];
  // Expiration (karpenter pkg/controllers/nodeclaim/expiration/controller.go Reconcile): a changed expireAfter drifts
  // nodes; expiry itself ignores budgets.
  if (pd.staticFields.includes('spec.template.spec.expireAfter') && head) {
    potential.push(
      `expireAfter changed to ${head.expireAfter}: existing NodeClaims keep their own copy (they expire on the old schedule) and are replaced now through drift, under the Drifted budget; expiry itself deletes nodes without budgets${head.terminationGracePeriod ? '' : ', and without terminationGracePeriod an expired node blocked by a PDB or do-not-disrupt can stay half-drained'}.`,
    );
  }
  if (preexisting)
    potential.push(
      `${preexisting} node(s) already drift under base (their labels are outside base's requirements too): Karpenter replaces them whether or not this change merges, so they are not counted here.`,
    );
  return potential;
}

const DRIFT_ORDER: DriftReason[] = ['NodePoolRemoved', 'NodePoolDrifted', 'RequirementsDrifted', 'NodeClassDrifted'];

function poolRollout(
  pd: PoolDrift,
  head: NodePool | undefined,
  base: NodePool | undefined,
  opts: ReplacementOptions,
  replacements: Replacement[],
): PoolRollout {
  // Existing NodeClaims carry the terminationGracePeriod of the NodePool they were made from.
  const tgp = !!(base ?? head)?.terminationGracePeriod;
  const t = tallyDrift(pd, opts, tgp, replacements);
  const main = DRIFT_ORDER.find((r) => t.reasons[r]);
  const rollout = head ? driftRollout(pd, head, t, opts, tgp) : null;
  const budget: BudgetEstimate | null = rollout && {
    reason: 'Drifted',
    allowed: rollout.allowedNow,
    waves: t.drifted ? rollout.waves.length : 0,
    estimatedMinutes: t.drifted ? rollout.minutes : 0,
    verdict: rollout.verdict,
  };
  markOutsideHorizon(pd, replacements, rollout);
  return {
    name: pd.name,
    drift: main ? KIND[main] : 'none',
    nodes: pd.nodes.length,
    nodesDrifted: t.drifted + t.removed,
    nodesRemoved: t.removed,
    reasons: t.reasons,
    because: [...t.because],
    potential: potentialDrift(pd, head, t.preexisting),
    budget,
    rollout,
    blocked: t.blocked ? { nodes: t.blocked, because: [...t.blockedBecause] } : null,
    largestWave: head && rollout && t.drifted ? largestWaveOf(rollout, head, base) : null,
  };
}

/**
 * The drift replacements of a pool that its rollout does not start inside the horizon: the rollout starts the empty
 * nodes first, then the others (karpenter pkg/controllers/disruption/drift.go ComputeCommands: empty candidates are
 * disrupted first), as many as its waves hold; which of the non-empty ones come later is the model's choice (the
 * fleet's order, Karpenter orders them by when they drifted, which is the same instant here).
 */
function markOutsideHorizon(pd: PoolDrift, replacements: Replacement[], rollout: RolloutEstimate | null): void {
  if (!rollout) return;
  const started = rollout.waves.reduce((a, w) => a + w.nodes, 0);
  const pods = new Map(pd.nodes.map((n) => [n.node.name, n.node.pods]));
  const own = replacements.filter(
    (r) => r.nodePool === pd.name && r.reason !== 'NodePoolRemoved' && r.reason !== 'Consolidation',
  );
  const ordered = [
    ...own.filter((r) => pods.get(r.nodeClaim) === 0),
    ...own.filter((r) => pods.get(r.nodeClaim) !== 0),
  ];
  for (const r of ordered.slice(started)) r.outsideHorizon = true;
}
