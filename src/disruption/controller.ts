/**
 * The disruption controller (karpenter pkg/controllers/disruption/controller.go `Controller`): what disruption does to
 * the fleet once the change is applied. Karpenter's `Reconcile` tries its methods in `NewMethods`' order (Emptiness,
 * StaticDrift, Drift, MultiNodeConsolidation, SingleNodeConsolidation) and `disrupt` runs one of them: `GetCandidates`,
 * `BuildDisruptionBudgetMapping`, `ComputeCommands`. Here the methods are replayed over the whole fleet for a change:
 * `drift` (the rollout of drifted and removed nodes, replacements.ts), then `consolidation` (multi- then single-node,
 * singlenodeconsolidation.ts consolidationCommands), compared between base and head so that only the commands this
 * change makes possible are listed. Emptiness is not modelled (docs/model.md). Inputs and results are typed: the
 * states' objects, their simulations, the fleet and the rollout assumptions in; drift, consolidation and the fleet's
 * cost out. No I/O.
 */
import { TimeMeter, type Deadline } from '../common/deadline.js';
import type { EC2NodeClass } from '../api/ec2nodeclass.js';
import type { NodePool } from '../api/nodepool.js';
import type { PdbSpec } from '../api/pdb.js';
import type { ControllerSettings } from '../api/settings.js';
import type { PodTemplate, Workload } from '../api/workload.js';
import type { Catalog } from '../cloudprovider/catalog.js';
import type { SimulationResult } from '../provisioning/provisioner.js';
import { allowedDisruptions, compileBudgets } from './budgets.js';
import {
  evictionCost,
  type ConsolidationCommand,
  type ConsolidationNode,
  type SingleOutcome,
} from './consolidation.js';
import { candidateBlock, pdbLimits, reschedulable, reschedulableByOwner } from './disruptable.js';
import { fleetCost, type FleetCost } from './fleet-cost.js';
import { consolidationClusterOf, fleetKnowsPods } from './fleet-placement.js';
import type { Fleet, FleetNode, Pdb } from './fleet.js';
import {
  planReplacements,
  type ConsolidationCommandRow,
  type PoolRollout,
  type Replacement,
  type ReplacementOptions,
} from './replacements.js';
import { consolidationCommands } from './singlenodeconsolidation.js';

/** What the controller reads of a state (base or head): its Karpenter objects, workloads and controller settings. */
export interface DisruptionState {
  nodePools: NodePool[];
  nodeClasses: EC2NodeClass[];
  pdbs: PdbSpec[];
  workloads: Workload[];
  daemonSets: Workload[];
  settings: ControllerSettings;
}

/** The rollout assumptions (config `assumptions`): when the change lands and how long a replacement takes. */
export type RolloutSettings = Omit<ReplacementOptions, 'pdbs'>;

/** Drift's result: the PDBs in force, each NodePool's rollout, the replaced and removed nodes, unmanaged nodes. */
export interface DriftResult {
  pdbs: Pdb[];
  pools: PoolRollout[];
  replacements: Replacement[];
  /** Nodes of NodePools defined in neither state, by NodePool. */
  unmanaged: Record<string, number>;
}

/** How far the consolidation comparison could look (the plan's assumptions say so). */
export interface ConsolidationStats {
  /** The other nodes' pods are known: candidates' pods may move onto them. */
  clusterKnown: boolean;
  /** Single-node candidates past MAX_SINGLE_NODE_WITH_CLUSTER, rescheduled onto one new node only. */
  withoutCluster: number;
  candidates: number;
}

export interface ConsolidationResult {
  /** The nodes of the commands head makes possible and base does not, one row per node. */
  consolidation: Replacement[];
  /** Those commands that are not a single-node replacement (a deletion, a multi-node command), each once. */
  commands: ConsolidationCommandRow[];
  /** Per NodePool, the nodes head would consolidate that budgets, do-not-disrupt or PDBs stop now, with the reasons. */
  consolidationBlocked: Map<string, { nodes: number; because: string[] }>;
  /** The cost change (USD per hour) of the commands with a node among those blocked, and their nodes. */
  consolidationBlockedCost: { nodes: number; hourly: number };
  stats: ConsolidationStats;
}

export interface DisruptionResult extends DriftResult, ConsolidationResult {
  /** The fleet disrupted: the snapshot or live cluster, else the base state's simulated fleet. */
  fleet: Fleet;
  /** The fleet's cost before and after (a snapshot or a live cluster only). */
  fleetCost: FleetCost | null;
  /**
   * What the replacements that cannot happen inside the horizon would change (USD per hour), and their nodes: drift
   * replacements the rollout does not start (`outsideHorizon`) and consolidation commands budgets, do-not-disrupt or
   * PDBs stop now. Null when there are none.
   */
  costBlocked: { nodes: number; hourly: number } | null;
}

/** The prices the fleet's cost is read with. */
export interface FleetPricing {
  catalog: Catalog;
  spotPriceFactor: number;
}

/** The nodes consolidation may look at, with their pods' templates (a snapshot's pods are the same in both states). */
interface Candidates {
  nodes: ConsolidationNode[];
  /** The pods' templates by key for base and head; undefined: the simulations'. */
  basePods?: Map<string, PodTemplate>;
  headPods?: Map<string, PodTemplate>;
}

/** The fleet consolidation runs on: its nodes by name, and the PDBs in force. */
interface Scope {
  fleet: Fleet;
  pdbs: Pdb[];
  byName: ReadonlyMap<string, FleetNode>;
}

export class Controller {
  constructor(
    private readonly base: DisruptionState,
    private readonly head: DisruptionState,
    private readonly settings: RolloutSettings,
    /** The run's time budget (caps.runSeconds): consolidation's trials stop past it (common/deadline.ts OutOfTime). */
    private readonly deadline?: Deadline,
  ) {}

  /**
   * Drift (karpenter pkg/controllers/disruption/drift.go `Drift.ComputeCommands`, drifted by
   * pkg/controllers/nodeclaim/disruption/drift.go) and the garbage collection of removed NodePools' nodes, replayed as
   * each NodePool's rollout under head's budgets (replacements.ts planReplacements). PDBs: the fleet's (with their
   * status), else head's manifests' over the pods the fleet lists.
   */
  drift(fleet: Fleet): DriftResult {
    const pdbs = fleet.pdbs?.length
      ? fleet.pdbs
      : pdbLimits(
          this.head.pdbs,
          fleet.nodes.flatMap((n) => n.podList ?? []),
        );
    const r = planReplacements(fleet, this.base, this.head, { pdbs, ...this.settings });
    return { pdbs, ...r };
  }

  /**
   * controller.go `Reconcile` over the methods, for the whole fleet: drift (or `drifted`, when it ran before the
   * simulations), then consolidation of the nodes drift leaves, then the fleet's cost with both. `fleet` is the
   * snapshot or live cluster read (null: the base state's simulated fleet).
   */
  disrupt(
    sims: { base: SimulationResult; head: SimulationResult },
    fleet: Fleet | null,
    drifted: DriftResult | null,
    pricing: FleetPricing,
  ): DisruptionResult {
    const disrupted = fleet ?? simulatedFleet(sims.base);
    const drift = drifted ?? this.drift(disrupted);
    const leaving = new Set(drift.replacements.map((x) => x.nodeClaim));
    const candidates = consolidationCandidates(disrupted, sims.base, leaving);
    const cons = this.consolidation(sims, candidates, disrupted, drift.pdbs, leaving);
    const costOf = (replacements: Replacement[]) =>
      fleetCost({
        fleet: disrupted,
        catalog: pricing.catalog,
        spotPriceFactor: pricing.spotPriceFactor,
        replacements,
        templates: sims.head.templates,
        minValuesPolicy: this.head.settings.minValuesPolicy,
        preferencePolicy: this.head.settings.preferencePolicy,
      });
    const cost = disrupted.source === 'simulated' ? null : costOf([...drift.replacements, ...cons.consolidation]);
    // A simulated fleet has no fleet cost; only the drift replacements outside the horizon are priced, node by node.
    const late = drift.replacements.filter((r) => r.outsideHorizon);
    const driftLate = cost ? cost.outsideHorizon : late.length ? costOf(late).outsideHorizon : { nodes: 0, hourly: 0 };
    const blockedNodes = driftLate.nodes + cons.consolidationBlockedCost.nodes;
    const costBlocked = blockedNodes
      ? {
          nodes: blockedNodes,
          hourly: Math.round((driftLate.hourly + cons.consolidationBlockedCost.hourly) * 1e6) / 1e6,
        }
      : null;
    return { fleet: disrupted, ...drift, ...cons, fleetCost: cost, costBlocked };
  }

  /**
   * The consolidation commands head makes possible and base does not (a command is listed when one of its nodes is
   * not consolidated in base): e.g. a NodeOverlay that raises the price of their type, a newly allowed cheaper family,
   * or a NodePool that now consolidates underutilized nodes. Each state's commands come from its own NodePools,
   * budgets and templates (singlenodeconsolidation.ts consolidationCommands: MultiNodeConsolidation, then
   * SingleNodeConsolidation). Nodes head would consolidate without budgets and blocks but cannot now are reported as
   * blocked, with the reason.
   */
  private consolidation(
    sims: { base: SimulationResult; head: SimulationResult },
    candidates: Candidates,
    fleet: Fleet,
    pdbs: Pdb[],
    leaving: ReadonlySet<string>,
  ): ConsolidationResult {
    const basePods = candidates.basePods ?? sims.base.podTemplates;
    const headPods = candidates.headPods ?? sims.head.podTemplates;
    const scope: Scope = { fleet, pdbs, byName: new Map(fleet.nodes.map((n) => [n.name, n])) };
    // Each state's candidates simulated without the cluster decide the same in its runs with and without budgets.
    const alone = new Map([this.base, this.head].map((st) => [st, new Map<ConsolidationNode, SingleOutcome>()]));
    const on = { ...scope, candidates: candidates.nodes, leaving, base: sims.base, alone };
    const run = (st: DisruptionState, sim: SimulationResult, pods: Map<string, PodTemplate>, constrained: boolean) =>
      this.computeCommands(st, sim, pods, on, constrained);
    const inBase = nodesOf(run(this.base, sims.base, basePods, true).commands);
    const headOnly = (cs: ConsolidationCommand[]) => cs.filter((c) => c.from.some((f) => !inBase.has(f.node.name)));
    const headRun = run(this.head, sims.head, headPods, true);
    const commands = headOnly(headRun.commands);
    // A move base would also make, were it not blocked, is not this change's: its block is not reported either.
    const skip = new Set([
      ...nodesOf(commands),
      ...inBase,
      ...nodesOf(run(this.base, sims.base, basePods, false).commands),
    ]);
    const { blocked, cost: blockedCost } = this.blocked(
      headOnly(run(this.head, sims.head, headPods, false).commands),
      headRun.commands,
      skip,
      scope,
    );
    return {
      consolidation: commands.flatMap(replacementsOf),
      commands: commands.filter((c) => !singleReplacement(c)).map(commandRowOf),
      consolidationBlocked: blocked,
      consolidationBlockedCost: blockedCost,
      stats: {
        clusterKnown: fleet.source === 'simulated' || fleetKnowsPods(fleet),
        withoutCluster: headRun.withoutCluster,
        candidates: candidates.nodes.length,
      },
    };
  }

  /**
   * One state's consolidation commands (the `ComputeCommands` of MultiNodeConsolidation, then SingleNodeConsolidation),
   * on a fresh cluster (the commands a run takes change it). Constrained: Consolidation is a graceful disruption
   * (karpenter pkg/controllers/disruption/types.go NewCandidate: a node with do-not-disrupt, or whose pods a PDB
   * protects, is no candidate), bounded by the NodePool's Underutilized budgets.
   */
  private computeCommands(
    st: DisruptionState,
    sim: SimulationResult,
    pods: Map<string, PodTemplate>,
    on: Scope & {
      candidates: ConsolidationNode[];
      leaving: ReadonlySet<string>;
      base: SimulationResult;
      alone: Map<DisruptionState, Map<ConsolidationNode, SingleOutcome>>;
    },
    constrained: boolean,
  ) {
    const { candidates, fleet, base } = on;
    const cluster = candidates.length
      ? consolidationClusterOf(fleet, this.base, base, base.templates, st.daemonSets, pods, on.leaving)
      : null;
    const policy = (pool: string) => {
      const np = st.nodePools.find((p) => p.name === pool);
      return { enabled: !!np && np.consolidationPolicy !== 'WhenEmpty' && np.consolidateAfter !== 'Never' };
    };
    const opts = {
      policy,
      spotToSpot: st.settings.featureGates.spotToSpotConsolidation,
      minValuesPolicy: st.settings.minValuesPolicy,
      preferencePolicy: st.settings.preferencePolicy,
      meter: new TimeMeter(this.deadline, 16),
    };
    return consolidationCommands(
      candidates,
      { templates: sim.templates, pods, opts, cluster, alone: on.alone.get(st) },
      constrained
        ? {
            allowed: this.budgetMapping(st, fleet),
            blocked: (n) => blockOf(n, on.byName, on.pdbs, this.settings.at) !== null,
          }
        : null,
    );
  }

  /**
   * helpers.go `BuildDisruptionBudgetMapping` for the reason Underutilized: how many of each NodePool's nodes its
   * budgets allow to disrupt now (the fleet's nodes of the pool counted, none disrupting).
   */
  private budgetMapping(st: DisruptionState, fleet: Fleet): (pool: string) => number {
    const perPool = new Map<string, number>();
    for (const n of fleet.nodes) if (n.nodePool) perPool.set(n.nodePool, (perPool.get(n.nodePool) ?? 0) + 1);
    return (pool: string) => {
      const np = st.nodePools.find((p) => p.name === pool);
      return np
        ? allowedDisruptions(compileBudgets(np.budgets), perPool.get(pool) ?? 0, 0, 'Underutilized', this.settings.at)
        : 0;
    };
  }

  /**
   * What head would consolidate without budgets and blocks, and cannot now: per NodePool, the nodes and the reasons
   * (a block of the node or its pods, budgets that allow nothing, budgets taken by the other commands).
   */
  private blocked(
    unconstrained: ConsolidationCommand[],
    taken: ConsolidationCommand[],
    skip: ReadonlySet<string>,
    on: Scope,
  ): { blocked: Map<string, { nodes: number; because: string[] }>; cost: { nodes: number; hourly: number } } {
    const blocked = new Map<string, { nodes: number; because: string[] }>();
    const stopped = new Set<ConsolidationCommand>();
    let current: ConsolidationCommand | null = null;
    const block = (pool: string, because: string) => {
      if (current) stopped.add(current);
      const b = blocked.get(pool) ?? { nodes: 0, because: [] };
      b.nodes++;
      if (!b.because.includes(because)) b.because.push(because);
      blocked.set(pool, b);
    };
    const takenPerPool = new Map<string, number>();
    for (const c of taken)
      for (const f of c.from) takenPerPool.set(f.node.nodePool, (takenPerPool.get(f.node.nodePool) ?? 0) + 1);
    const allowedHead = this.budgetMapping(this.head, on.fleet);
    for (const c of unconstrained)
      for (const f of c.from) {
        current = c;
        if (skip.has(f.node.name)) continue;
        const pool = f.node.nodePool;
        const b = blockOf(f.node, on.byName, on.pdbs, this.settings.at);
        const allowed = allowedHead(pool);
        if (b) block(pool, b.message);
        else if (allowed === 0) block(pool, "the NodePool's budgets allow no Underutilized disruption now");
        else if ((takenPerPool.get(pool) ?? 0) >= allowed)
          block(
            pool,
            `the NodePool's budgets allow ${allowed} Underutilized disruption(s) now, taken by other consolidation commands (those listed, or ones Karpenter makes without this change)`,
          );
      }
    // A stopped command changes nothing now; what it would change is its replacement's cost less its nodes' (a node
    // without a known cost at Karpenter's price).
    let hourly = 0;
    let nodes = 0;
    for (const c of stopped) {
      nodes += c.from.length;
      hourly += (c.to?.cost ?? 0) - c.from.reduce((a, f) => a + (f.cost ?? f.price), 0);
    }
    return { blocked, cost: { nodes, hourly } };
  }
}

const nodesOf = (cs: ConsolidationCommand[]): Set<string> => new Set(cs.flatMap((c) => c.from.map((f) => f.node.name)));

/** types.go NewCandidate for a graceful disruption: the node's or its pods' block, or null. */
function blockOf(n: ConsolidationNode, byName: ReadonlyMap<string, FleetNode>, pdbs: Pdb[], at: number) {
  const node = byName.get(n.name);
  return node ? candidateBlock(node, pdbs, at, 'graceful', false) : null;
}

/** A command's nodes as the plan's rows: the price comparison, and the command when not a single-node replacement. */
function replacementsOf(c: ConsolidationCommand): Replacement[] {
  return c.from.map((f) => ({
    nodeClaim: f.node.name,
    nodePool: f.node.nodePool,
    instanceType: f.instanceType,
    reason: 'Consolidation' as const,
    consolidation: {
      fromPrice: f.price,
      fromCost: f.cost,
      toInstanceType: c.to?.instanceType ?? null,
      toCapacityType: c.to?.capacityType ?? null,
      toPrice: c.to?.price ?? 0,
      toCost: c.to?.cost ?? 0,
      ...(singleReplacement(c)
        ? {}
        : { command: { method: c.method, decision: c.decision, nodes: c.from.map((x) => x.node.name) } }),
    },
  }));
}

const singleReplacement = (c: ConsolidationCommand): boolean => c.method === 'single' && c.decision === 'replace';

/** A command of several nodes, or a deletion, as the plan lists it: its nodes, their summed price, the replacement. */
function commandRowOf(c: ConsolidationCommand): ConsolidationCommandRow {
  return {
    method: c.method,
    decision: c.decision,
    nodes: c.from.map((f) => ({ nodeClaim: f.node.name, nodePool: f.node.nodePool, instanceType: f.instanceType })),
    fromPrice: c.from.reduce((a, f) => a + f.price, 0),
    toInstanceType: c.to?.instanceType ?? null,
    toCapacityType: c.to?.capacityType ?? null,
    toPrice: c.to?.price ?? 0,
  };
}

/**
 * types.go `GetCandidates` for consolidation: the simulated fleet's nodes, or a snapshot's whose pods are listed (each
 * node's reschedulable pods grouped by owner, with their specs), each with its disruption cost. Nodes that drift are
 * drift's, not consolidation's.
 */
export function consolidationCandidates(
  fleet: Fleet,
  baseSim: SimulationResult,
  drifting: ReadonlySet<string>,
): Candidates {
  // types.go computeRescheduleDisruptionCost: 1 + Σ max(0, EvictionCost) over the reschedulable pods (pod priority is
  // not read: taken as 0).
  const costOf = (annotations: Record<string, string>) => Math.max(0, evictionCost(annotations));
  if (fleet.source === 'simulated')
    return {
      nodes: baseSim.fleet
        .filter((n) => !drifting.has(n.name))
        .map((n) => ({
          ...n,
          disruptionCost:
            1 +
            Object.entries(n.pods).reduce(
              (a, [k, c]) => a + c * costOf(baseSim.podTemplates.get(k)?.constraints.annotations ?? {}),
              0,
            ),
        })),
    };
  const templates = new Map<string, PodTemplate>();
  const nodes: ConsolidationNode[] = [];
  for (const n of fleet.nodes) {
    if (drifting.has(n.name) || !n.podList || !n.nodePool || !n.instanceType || !n.zone || !n.capacityType) continue;
    if (n.deleting || !n.initialized) continue;
    const byOwner = reschedulableByOwner(n.podList);
    if (!byOwner || !byOwner.counts.size) continue;
    const pods: Record<string, number> = {};
    for (const [key, g] of byOwner.counts) pods[key] = g.count;
    for (const [key, t] of byOwner.templates) if (!templates.has(key)) templates.set(key, t);
    let disruptionCost = 1;
    for (const p of n.podList) if (reschedulable(p)) disruptionCost += p.count * costOf(p.annotations);
    nodes.push({
      name: n.name,
      nodePool: n.nodePool,
      instanceType: n.instanceType,
      zone: n.zone,
      capacityType: n.capacityType,
      pods,
      disruptionCost,
    });
  }
  return { nodes, basePods: templates, headPods: templates };
}

/** The base state's simulated fleet, when no snapshot or live cluster is given. */
export function simulatedFleet(baseSim: SimulationResult): Fleet {
  const nodes: FleetNode[] = baseSim.fleet.map((n) => ({
    name: n.name,
    nodeName: n.name,
    nodePool: n.nodePool,
    instanceType: n.instanceType,
    zone: n.zone,
    capacityType: n.capacityType,
    labels: n.labels,
    annotations: {},
    initialized: true,
    ready: true,
    deleting: false,
    pricePerHour: n.pricePerHour,
    pods: Object.values(n.pods).reduce((a, b) => a + b, 0),
    createdAt: null,
    // The simulation knows each node's pods by workload: their template labels and annotations stand for them.
    podList: Object.entries(n.pods).map(([key, count]) => {
      const [kind, namespace, name] = key.split('/');
      const c = baseSim.podTemplates.get(key)?.constraints;
      return {
        namespace: namespace ?? 'default',
        name: name ?? key,
        count,
        labels: c?.labels ?? {},
        annotations: c?.annotations ?? {},
        ownerKind: kind === 'Deployment' ? 'ReplicaSet' : (kind ?? null),
        active: true,
        startTime: null,
      };
    }),
  }));
  return { source: 'simulated', nodes, notes: [] };
}
