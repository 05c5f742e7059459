/**
 * Compares the base and head states into the plan object (the JSON contract). Pure: takes the
 * loaded states (and the selection results when available), returns data.
 */
import { countBySeverity, NO_SUPPRESSIONS, type Suppressions } from '../common/findings.js';
import { classifyFindings } from './findings.js';
import type { Config } from '../sources/config.js';
import type { State } from '../sources/state.js';
import type {
  Alert,
  Placement,
  Plan,
  NodePoolRow,
  ObjectChange,
  SimulatedNode,
  StaticPoolNodes,
  VerdictReason,
  WorkloadRef,
  WorkloadRow,
} from './contract.js';
import type { Assumption } from '../common/assumptions.js';
import { wordAssumption } from '../common/assumption-wording.js';
import { assumptionFields } from './assumptions.js';
import {
  pendingPods,
  ROLLOUT_RISK,
  SCHEMA_VERSION,
  WIDE_WAVE,
  type LargestWave,
  type RolloutVerdict,
} from './contract.js';
import { changedPaths, relevantView, unifiedDiff } from './objectdiff.js';
import type { Fleet } from '../disruption/fleet.js';
import type { ConsolidationCommandRow, Replacement } from './contract.js';
import type { PoolRollout } from '../disruption/replacements.js';
import { withDefaults } from '../api/crd-defaults.js';
import type { FleetCost } from '../disruption/fleet-cost.js';

import type { SimulationResult } from '../provisioning/provisioner.js';
import type { InsufficientCapacityOutcome } from '../provisioning/insufficient-capacity.js';
import { hourlyCostOf, workloadKey } from '../provisioning/provisioner.js';

/** The policy of the config file (`policy:`): when the check fails. */
export type PlanPolicy = Config['policy'];

export interface PlanInput {
  /** Annotations, config entries and a baseline that silence findings. */
  suppressions?: Suppressions;
  /** `state` for a single-state run (simulate, validate): base is empty. */
  kind: 'diff' | 'state';
  base: State;
  head: State;
  /** The slice of the configuration the plan reads: the policy (`policy:`) its verdict is decided by. */
  policy: PlanPolicy;
  /** Selection model results (absent for `validate`). */
  baseSim?: SimulationResult;
  headSim?: SimulationResult;
  /** The fleet's cost before and after (snapshot or live fleets). */
  fleetCost?: FleetCost;
  /** Where prices come from. */
  pricing?: Plan['pricing'];
  /** The run's assumptions for the report's assumptions section (catalog, region, ...). */
  assumptions?: Assumption[];
  /** ICE what-ifs on head's simulation. */
  scenarios?: { name: string; unavailable: number; timeline: string; outcome: InsufficientCapacityOutcome }[];
  /** Drift and rollout of the fleet under head. */
  replacements?: {
    fleet: Fleet;
    pools: PoolRollout[];
    replacements: Replacement[];
    consolidation?: Replacement[];
    /** The consolidation commands that are not a single-node replacement, each once (disruption/controller.ts). */
    commands?: ConsolidationCommandRow[];
    /** Consolidation moves head would make that disruption may not act on, per NodePool, with the reasons. */
    consolidationBlocked?: Map<string, { nodes: number; because: string[] }>;
    /** What the replacements that cannot happen inside the horizon would change (disruption/controller.ts). */
    costBlocked?: { nodes: number; hourly: number } | null;
  };
}

export function buildPlan(input: PlanInput): Plan {
  const { base, head, policy } = input;
  const objects = compareObjects(base, head);
  const nodePools = compareNodePools(
    objects,
    input.replacements?.pools ?? [],
    input.headSim,
    input.replacements?.consolidationBlocked,
    input.replacements?.fleet.nodes.length ?? 0,
  );
  addStaticNodePools(nodePools, input);
  const repl = input.replacements;
  const rollout = rolloutCounts(repl);
  const { nodesRemoved, nodesReplaced } = rollout;
  const workloads = compareWorkloads(input);
  const classified = classifyPlanFindings(input);
  const findings = classified.findings;
  const counts = countBySeverity(findings);
  const newCounts = countBySeverity(findings.filter((f) => f.new));
  const newlyUnschedulable = newlyUnschedulableWorkloads(input, workloads);
  const blocked = nodePools.filter((p) => p.budget?.verdict === 'blocked').map((p) => p.name);
  const verdictDetails = decideVerdict(policy, {
    counts: policy.failOnExisting ? counts : newCounts,
    onlyNew: !policy.failOnExisting && input.kind === 'diff',
    newlyUnschedulable,
    blocked,
    replacedOrRemoved: nodesReplaced + nodesRemoved,
    fleetSize: repl?.fleet.nodes.length ?? 0,
  });
  const alerts = decideAlerts(nodePools, { nodesRemoved, nodesReplaced, newlyUnschedulable, blocked });

  return {
    schemaVersion: SCHEMA_VERSION,
    verdict: verdictDetails.length > 0 ? 'fail' : 'pass',
    kind: input.kind,
    changed:
      objects.some((o) => o.change !== 'unchanged') ||
      workloads.some((w) => w.changed) ||
      nodesReplaced + nodesRemoved > 0,
    verdictDetails,
    alerts,
    newlyUnschedulable,
    nothingEvaluated: objects.length === 0 && findings.some((f) => f.rule === 'input-not-evaluated'),
    summary: planSummary(input, workloads, rollout, { counts, newCounts, classified }, worstRollout(nodePools)),
    ...(input.pricing ? { pricing: input.pricing } : {}),
    workloads,
    nodePools,
    replacements: [...(repl?.replacements ?? []), ...(repl?.consolidation ?? [])],
    ...(repl?.commands?.length ? { consolidationCommands: repl.commands } : {}),
    findings,
    resolvedFindings: classified.resolved,
    suppressedFindings: classified.suppressed,
    base: { label: base.label, sha: base.sha, committedAt: base.committedAt },
    head: { label: head.label, sha: head.sha, committedAt: head.committedAt },
    objects,
    verdictReasons: verdictDetails.map((r) => r.message),
    ...planAssumptions(input),
    inputs: {
      base: { files: base.files, ignoredKinds: base.ignoredKinds, renderers: base.renderers },
      head: { files: head.files, ignoredKinds: head.ignoredKinds, renderers: head.renderers },
    },
    scenarios: compareScenarios(input),
    fleet: planFleet(input),
  };
}

/** The run's assumptions, then the simulations' and the states' notes, for the report's assumptions section. */
function planAssumptions(input: PlanInput): ReturnType<typeof assumptionFields> {
  return assumptionFields([
    ...(input.assumptions ?? []),
    ...(input.baseSim?.assumptions ?? []),
    ...(input.headSim?.assumptions ?? []),
    ...input.base.notes,
    ...input.head.notes,
  ]);
}

/** Static NodePools: their nodes and cost on each side (karpenter pkg/controllers/static/provisioning). */
function addStaticNodePools(nodePools: NodePoolRow[], input: PlanInput): void {
  for (const row of nodePools) {
    const b = staticPoolNodes(row.name, input.baseSim, input.base),
      h = staticPoolNodes(row.name, input.headSim, input.head);
    if (b || h) row.static = { base: b, head: h };
  }
}

/** The pool's nodes: those the static controller adds, and a fleet snapshot's nodes of the pool (it only tops up). */
function staticPoolNodes(pool: string, sim: SimulationResult | undefined, st: State): StaticPoolNodes | null {
  if (st.nodePools.find((p) => p.name === pool)?.replicas === undefined) return null;
  const ns = sim?.fleet.filter((n) => n.nodePool === pool && (n.static || n.allocationStrategy === 'existing')) ?? [];
  return ns.length
    ? {
        nodes: ns.length,
        instanceType: ns[0].instanceType,
        capacityType: ns[0].capacityType,
        hourlyCost: hourlyCostOf(ns),
      }
    : null;
}

interface RolloutCounts {
  nodesRemoved: number;
  nodesReplaced: number;
  /** Of the replaced, the ones the rollout does not start inside the horizon (its budgets): not replaced within it. */
  nodesReplacedLater: number;
}

function rolloutCounts(repl: PlanInput['replacements']): RolloutCounts {
  return {
    nodesRemoved: (repl?.pools ?? []).reduce((a, p) => a + p.nodesRemoved, 0),
    nodesReplaced: (repl?.pools ?? []).reduce((a, p) => a + p.nodesDrifted - p.nodesRemoved, 0),
    nodesReplacedLater: (repl?.replacements ?? []).filter((r) => r.outsideHorizon && r.reason !== 'NodePoolRemoved')
      .length,
  };
}

/** New, pre-existing, resolved and suppressed findings (plan/findings.ts); the policy looks at new ones. */
function classifyPlanFindings({ base, head, kind, suppressions }: PlanInput): ReturnType<typeof classifyFindings> {
  return classifyFindings(
    head.findings,
    kind === 'diff' ? base.findings : null,
    suppressions ?? NO_SUPPRESSIONS,
    // Objects base holds in v1beta1: their findings are matched with head's after conversion.
    new Set([
      ...base.nodePools.filter((p) => p.migratedFrom).map((p) => `NodePool/${p.name}`),
      ...base.nodeClasses.filter((c) => c.migratedFrom).map((c) => `EC2NodeClass/${c.name}`),
    ]),
  );
}

/**
 * In a diff, workloads base places and head cannot, or of which head leaves more pods pending than base (pods a
 * reservation or a limit holds back while the others are placed); in one state (simulate), every workload it cannot
 * place in full.
 */
function newlyUnschedulableWorkloads(input: PlanInput, workloads: WorkloadRow[]): WorkloadRef[] {
  const probes = new Set(
    [...(input.baseSim?.workloads ?? []), ...(input.headSim?.workloads ?? [])].filter((w) => w.probe).map((w) => w.key),
  );
  return workloads
    .filter(
      (w) =>
        // One state without a NodePool has no cluster to place into: nothing is "unschedulable" there.
        ((input.kind === 'state' && input.head.nodePools.length > 0) || w.base?.schedulable) &&
        w.head &&
        pendingPods(w.head, w.replicas) > (input.kind === 'state' ? 0 : pendingPods(w.base, w.replicas)) &&
        !probes.has(workloadKey(w.kind, w.namespace, w.name)),
    )
    .map(({ kind, namespace, name }) => ({ kind, namespace, name }));
}

/** The findings of the plan counted by severity: all of them, the new ones, and the classification. */
interface FindingCounts {
  counts: Plan['summary']['findings'];
  newCounts: Plan['summary']['newFindings'];
  classified: ReturnType<typeof classifyFindings>;
}

function planSummary(
  input: PlanInput,
  workloads: WorkloadRow[],
  { nodesReplaced, nodesReplacedLater, nodesRemoved }: RolloutCounts,
  { counts, newCounts, classified }: FindingCounts,
  worst: RolloutVerdict | null,
): Plan['summary'] {
  const repl = input.replacements;
  const placesWorkloads = [input.baseSim, input.headSim].some((s) =>
    s?.workloads.some((w) => !w.probe && w.replicas > 0),
  );
  return {
    workloadsChanged: workloads.filter((w) => w.changed && !w.probe).length,
    probesChanged: workloads.filter((w) => w.changed && w.probe).length,
    // Probe pods stand for the workloads: no workload is placed on either side.
    probesOnly: workloads.some((w) => w.probe) && !workloads.some((w) => !w.probe && (w.base || w.head)),
    nodesReplaced,
    ...(nodesReplacedLater ? { nodesReplacedLater } : {}),
    nodesRemoved,
    nodesConsolidated: repl?.consolidation?.length ?? 0,
    findings: counts,
    newFindings: newCounts,
    resolvedFindings: classified.resolved.length,
    suppressedFindings: classified.suppressed.length,
    // A fleet of probe pods is no fleet: its cost is shown with the probes, not as the state's cost.
    hourlyCost: {
      base: workloadCost(input.baseSim, placesWorkloads),
      head: workloadCost(input.headSim, placesWorkloads),
    },
    ...(input.fleetCost
      ? {
          fleet: {
            nodes: input.fleetCost.nodes,
            hourlyCost: input.fleetCost.hourly,
            unpriced: input.fleetCost.unpriced,
            estimated: input.fleetCost.estimated,
            noReplacement: input.fleetCost.noReplacement,
          },
        }
      : {}),
    // Replacements the budgets (or do-not-disrupt, PDBs) keep outside the horizon: not in the headline's cost.
    ...(input.kind === 'diff' && repl?.costBlocked ? { costBlocked: repl.costBlocked } : {}),
    ...(worst ? { worstRollout: worst } : {}),
  };
}

/** The ICE what-if scenarios of head: each workload's placement in head and in the scenario. */
function compareScenarios(input: PlanInput): Plan['scenarios'] {
  return (input.scenarios ?? []).map((sc) => ({
    name: sc.name,
    unavailableOfferings: sc.unavailable,
    timeline: sc.timeline,
    hourlyCost: sc.outcome.hourlyCost,
    // Probes of pools no workload lands on are not compared: a scenario that moves workloads onto such a pool
    // exercises it, and its probe simply goes away.
    workloads: (input.headSim?.workloads ?? [])
      .filter((w) => !w.probe || !input.headSim!.workloads.some((x) => !x.probe && x.replicas > 0))
      .map((w) => {
        const h = input.headSim!.placements.get(w.key) ?? null;
        const x = sc.outcome.placements.get(w.key) ?? null;
        return {
          kind: w.kind,
          namespace: w.namespace,
          name: w.name,
          head: h ? toPlacement(h) : null,
          scenario: x ? toPlacement(x) : null,
          changed: placementChanged(h, x),
        };
      })
      .sort((a, b) => Number(b.changed) - Number(a.changed)),
  }));
}

/** The fleet: where it comes from, its notes, and the simulated fleets of base and head (with the snapshot's). */
function planFleet(input: PlanInput): Plan['fleet'] {
  const repl = input.replacements;
  return {
    source: repl?.fleet.source ?? 'none',
    nodes: repl?.fleet.nodes.length ?? 0,
    ...(repl?.fleet.notManaged?.length ? { notManaged: repl.fleet.notManaged.length } : {}),
    notes: (repl?.fleet.notes ?? []).map(wordAssumption),
    composition: {
      base: composition(input.baseSim, (n) => n.instanceType.split('.')[0]),
      head: composition(input.headSim, (n) => n.instanceType.split('.')[0]),
    },
    generations: { base: composition(input.baseSim, generationOf), head: composition(input.headSim, generationOf) },
    simulated: { base: simulatedNodes(input.baseSim), head: simulatedNodes(input.headSim) },
    ...(input.fleetCost
      ? {
          snapshot: {
            composition: input.fleetCost.composition,
            generations: input.fleetCost.generations,
          },
        }
      : {}),
  };
}

interface VerdictFacts {
  counts: Record<'error' | 'warning' | 'info', number>;
  /** The counts are of the findings this change introduces. */
  onlyNew: boolean;
  newlyUnschedulable: WorkloadRef[];
  blocked: string[];
  replacedOrRemoved: number;
  fleetSize: number;
}

/** The policy (`policy:` in the config): every reason the check fails, with its code. */
function decideVerdict(policy: PlanPolicy, f: VerdictFacts): VerdictReason[] {
  const out: VerdictReason[] = [];
  const { failOn, maxReplacedNodes, maxReplacedPercent } = policy;
  if (failOn === 'never') return out;
  const kind = f.onlyNew ? 'new ' : '';
  if (f.counts.error > 0) out.push({ code: 'error-findings', message: `${f.counts.error} ${kind}error finding(s)` });
  if (failOn === 'warning' && f.counts.warning > 0)
    out.push({ code: 'warning-findings', message: `${f.counts.warning} ${kind}warning finding(s)` });
  if (f.newlyUnschedulable.length > 0)
    out.push({
      code: 'workloads-unschedulable',
      message: `${f.newlyUnschedulable.length} workload(s) ${f.onlyNew ? 'become' : 'are'} unschedulable`,
    });
  if (f.blocked.length > 0)
    out.push({ code: 'rollout-blocked', message: `the rollout of ${f.blocked.join(', ')} is blocked by its budgets` });
  if (maxReplacedNodes !== undefined && f.replacedOrRemoved > maxReplacedNodes) {
    out.push({
      code: 'max-replaced-nodes',
      message: `${f.replacedOrRemoved} nodes replaced or removed (policy maxReplacedNodes ${maxReplacedNodes})`,
    });
  }
  if (
    maxReplacedPercent !== undefined &&
    f.fleetSize > 0 &&
    (f.replacedOrRemoved * 100) / f.fleetSize > maxReplacedPercent
  ) {
    out.push({
      code: 'max-replaced-percent',
      message: `${Math.round((f.replacedOrRemoved * 100) / f.fleetSize)}% of the fleet replaced or removed (policy maxReplacedPercent ${maxReplacedPercent}%)`,
    });
  }
  return out;
}

/** What the report shows above the fold: cautions when something is lost or stuck, else warnings when nodes are replaced. */
function decideAlerts(
  nodePools: NodePoolRow[],
  f: { nodesRemoved: number; nodesReplaced: number; newlyUnschedulable: WorkloadRef[]; blocked: string[] },
): Alert[] {
  const removed = nodePools.filter((p) => p.change === 'removed').map((p) => p.name);
  const cautions: Alert[] = [];
  if (removed.length)
    cautions.push({ level: 'caution', code: 'pool-removed', subjects: removed, count: f.nodesRemoved });
  if (f.blocked.length)
    cautions.push({ level: 'caution', code: 'rollout-blocked', subjects: f.blocked, count: f.blocked.length });
  if (f.newlyUnschedulable.length) {
    cautions.push({
      level: 'caution',
      code: 'workloads-unschedulable',
      subjects: f.newlyUnschedulable.map((w) => `${w.namespace}/${w.name}`),
      count: f.newlyUnschedulable.length,
    });
  }
  if (cautions.length) return cautions;
  const warnings: Alert[] = [];
  if (f.nodesReplaced > 0)
    warnings.push({ level: 'warning', code: 'nodes-replaced', subjects: [], count: f.nodesReplaced });
  const unlimited = nodePools.filter((p) => p.budget?.verdict === 'unlimited').map((p) => p.name);
  if (unlimited.length)
    warnings.push({ level: 'warning', code: 'budget-unlimited', subjects: unlimited, count: unlimited.length });
  // A rollout whose largest wave takes a large share of its pool or of the fleet at once (contract WIDE_WAVE).
  const wide = nodePools.filter((p) => p.rolloutVerdict === 'wide');
  if (wide.length)
    warnings.push({
      level: 'warning',
      code: 'rollout-wide',
      subjects: wide.map((p) => p.name),
      count: wide.reduce((a, p) => a + p.largestWave!.nodes, 0),
    });
  return warnings;
}

/** Fleet share by a key of each node (simulated fleets). */
function composition(
  sim: SimulationResult | undefined,
  key: (n: SimulationResult['fleet'][number]) => string,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of sim?.fleet ?? []) {
    const k = key(n);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

function simulatedNodes(sim: SimulationResult | undefined): SimulatedNode[] {
  return (sim?.fleet ?? []).map(
    ({ name, nodePool, instanceType, zone, capacityType, pricePerHour, allocationStrategy, pods, managed }) => ({
      name,
      nodePool,
      instanceType,
      zone,
      capacityType,
      pricePerHour,
      allocationStrategy,
      pods,
      ...(managed === false ? { managed } : {}),
    }),
  );
}

function generationOf(n: SimulationResult['fleet'][number]): string {
  return `gen ${n.labels['karpenter.k8s.aws/instance-generation'] ?? '?'}`;
}

interface Named {
  name: string;
  raw: Record<string, unknown>;
  migratedFrom?: string;
}

function compareObjects(base: State, head: State): ObjectChange[] {
  const out: ObjectChange[] = [];
  const kinds: [string, Named[], Named[]][] = [
    ['NodePool', base.nodePools, head.nodePools],
    ['EC2NodeClass', base.nodeClasses, head.nodeClasses],
    ['NodeOverlay', base.overlays, head.overlays],
  ];
  for (const [kind, a, b] of kinds) {
    const am = new Map(a.map((o) => [o.name, o]));
    const bm = new Map(b.map((o) => [o.name, o]));
    for (const name of [...new Set([...am.keys(), ...bm.keys()])].sort()) {
      const x = am.get(name),
        y = bm.get(name);
      // A v1beta1 → v1 migration is compared with the CRD defaults filled in on both sides: the converted base writes
      // out what a v1 manifest may leave to the defaults (api/conversion.ts).
      const migrated = !!(x?.migratedFrom && y && !y.migratedFrom);
      const xv = x ? relevantView(migrated ? withDefaults(kind, x.raw) : x.raw) : null;
      const yv = y ? relevantView(migrated ? withDefaults(kind, y.raw) : y.raw) : null;
      const changedFields = xv && yv ? changedPaths(xv, yv) : [];
      const change = !x ? 'added' : !y ? 'removed' : changedFields.length ? 'modified' : 'unchanged';
      out.push({
        kind,
        name,
        change,
        changedFields,
        diff: change === 'unchanged' ? '' : unifiedDiff(`${kind}/${name}`, xv, yv),
      });
    }
  }
  return out;
}

function compareNodePools(
  objects: ObjectChange[],
  rollouts: PoolRollout[],
  headSim: SimulationResult | undefined,
  consolidationBlocked?: Map<string, { nodes: number; because: string[] }>,
  fleetSize = 0,
): NodePoolRow[] {
  const byName = new Map(rollouts.map((r) => [r.name, r]));
  return objects
    .filter((o) => o.kind === 'NodePool')
    .map((o) => {
      const r = byName.get(o.name);
      const status = headSim?.pools.find((p) => p.name === o.name);
      return {
        name: o.name,
        change: o.change,
        changedFields: o.changedFields,
        ...poolDrift(o, r),
        ineligible: status && !status.eligible ? (status.reason?.message ?? null) : null,
        blocked: r?.blocked ?? null,
        consolidationBlocked: consolidationBlocked?.get(o.name) ?? null,
        largestWave: r?.largestWave && r.nodesDrifted > r.nodesRemoved ? largestWave(r, fleetSize) : null,
      };
    })
    .map((row) => {
      const verdict = rolloutVerdict(row);
      return verdict ? { ...row, rolloutVerdict: verdict } : row;
    });
}

/**
 * The rollout verdict the reports show: the budget's, except that an `ok` or `slow` rollout whose largest wave is
 * wide (contract WIDE_WAVE) is `wide` — the `rollout-wide` alert's pools.
 */
export function rolloutVerdict(p: Pick<NodePoolRow, 'budget' | 'largestWave'>): RolloutVerdict | null {
  const v = p.budget?.verdict;
  if (!v) return null;
  return (v === 'ok' || v === 'slow') && p.largestWave?.wide ? 'wide' : v;
}

/** The riskiest rollout verdict of the NodePools (contract ROLLOUT_RISK), or null when none rolls out. */
export function worstRollout(nodePools: Pick<NodePoolRow, 'rolloutVerdict'>[]): RolloutVerdict | null {
  const verdicts = new Set(nodePools.map((p) => p.rolloutVerdict));
  return ROLLOUT_RISK.find((v) => verdicts.has(v)) ?? null;
}

/** A NodePool's drift and its rollout (none without a rollout; `removed` for a NodePool head removes). */
function poolDrift(
  o: ObjectChange,
  r: PoolRollout | undefined,
): Pick<
  NodePoolRow,
  'drift' | 'nodes' | 'nodesDrifted' | 'budget' | 'driftReasons' | 'driftBecause' | 'potentialDrift' | 'rollout'
> {
  return {
    drift: r?.drift ?? (o.change === 'removed' ? 'removed' : 'none'),
    nodes: r?.nodes ?? 0,
    nodesDrifted: r?.nodesDrifted ?? 0,
    budget: r?.budget ?? null,
    driftReasons: r?.reasons ?? {},
    driftBecause: r?.because ?? [],
    potentialDrift: r?.potential ?? [],
    rollout: rolloutTimeline(r),
  };
}

/** The rollout's waves in RFC 3339 times, when the pool replaces nodes (or its rollout is blocked). */
function rolloutTimeline(r: PoolRollout | undefined): NodePoolRow['rollout'] {
  if (!r?.rollout || !(r.nodesDrifted > r.nodesRemoved || r.blocked)) return null;
  const iso = (t: number) => new Date(t).toISOString();
  return {
    start: iso(r.rollout.waves[0]?.start ?? 0),
    waves: r.rollout.waves.map((w) => ({ start: iso(w.start), end: iso(w.end), nodes: w.nodes })),
    completedAt: r.rollout.completedAt !== null ? iso(r.rollout.completedAt) : null,
    note: r.rollout.note,
  };
}

/** The largest wave of a pool's rollout, with its shares and whether it is wide (thresholds: contract WIDE_WAVE). */
function largestWave(r: PoolRollout, fleetSize: number): LargestWave {
  const w = r.largestWave!;
  const pct = (n: number, of: number) => (of > 0 ? Math.round((n * 100) / of) : 0);
  const poolPercent = pct(w.nodes, r.nodes);
  const fleetPercent = pct(w.nodes, Math.max(fleetSize, r.nodes));
  return {
    start: new Date(w.start).toISOString(),
    nodes: w.nodes,
    poolPercent,
    fleetPercent,
    budget: w.budget ? { ...w.budget } : null,
    defaulted: w.defaulted,
    changed: w.changed,
    wide:
      w.nodes >= WIDE_WAVE.minNodes &&
      (w.nodes * 100 >= WIDE_WAVE.poolPercent * r.nodes ||
        w.nodes * 100 >= WIDE_WAVE.fleetPercent * Math.max(fleetSize, r.nodes)),
  };
}

/** What the simulation launches for the state's workloads; null without a simulation or without workloads. */
function workloadCost(sim: SimulationResult | undefined, placedSomewhere: boolean): number | null {
  if (!sim) return null;
  // What the simulation launches: the fleet snapshot's existing nodes it places pods onto are not launched.
  if (sim.workloads.some((w) => !w.probe && w.replicas > 0))
    return hourlyCostOf(sim.fleet.filter((n) => n.allocationStrategy !== 'existing'));
  // No workload with replicas here: only the static NodePools' nodes are launched. A fleet of probe pods is no fleet:
  // null, unless static NodePools exist or the other side places workloads (scaling them all to 0 costs nothing).
  const fixed = sim.fleet.filter((n) => n.static);
  return sim.staticNodes || placedSomewhere ? hourlyCostOf(fixed) : null;
}

function compareWorkloads(input: PlanInput): WorkloadRow[] {
  const rows = new Map<string, WorkloadRow>();
  const probePools = new Map<string, string>();
  const sides: ['base' | 'head', State, SimulationResult | undefined][] = [
    ['base', input.base, input.baseSim],
    ['head', input.head, input.headSim],
  ];
  for (const [side, st, sim] of sides) {
    const list = sim
      ? sim.workloads
      : st.workloads.map((w) => ({
          key: workloadKey(w.kind, w.namespace, w.name),
          kind: w.kind as string,
          namespace: w.namespace,
          name: w.name,
          replicas: w.replicas,
        }));
    for (const w of list) {
      const row = rows.get(w.key) ?? {
        kind: w.kind,
        namespace: w.namespace,
        name: w.name,
        replicas: w.replicas,
        base: null,
        head: null,
        changed: false,
      };
      const p = sim?.placements.get(w.key);
      row[side] = p ? toPlacement(p) : null;
      if ('probe' in w && w.probe) row.probe = true;
      if ('probePool' in w && typeof w.probePool === 'string') probePools.set(w.key, w.probePool);
      if (side === 'head') row.replicas = w.replicas;
      rows.set(w.key, row);
    }
  }
  const pools = (st: State) => new Set(st.nodePools.map((p) => p.name));
  const [basePools, headPools] = [pools(input.base), pools(input.head)];
  for (const [key, row] of rows) {
    row.changed = placementChanged(row.base, row.head);
    // A probe on one side only stands in for workloads that side lacks (or a pool no workload reaches there): it is a
    // change only for a NodePool that exists on that side alone (what a new pool would launch, or a removed one did).
    if (row.probe && (!row.base || !row.head)) {
      const pool = probePools.get(key);
      row.changed = pool !== undefined && basePools.has(pool) !== headPools.has(pool);
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      Number(b.changed) - Number(a.changed) || a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name),
  );
}

function toPlacement(p: Placement): Placement {
  return {
    schedulable: p.schedulable,
    nodePool: p.nodePool,
    instanceType: p.instanceType,
    capacityType: p.capacityType,
    pricePerHour: p.pricePerHour,
    candidates: p.candidates,
    allocationStrategy: p.allocationStrategy,
    reason: p.reason,
    ...(p.rounds !== undefined ? { rounds: p.rounds } : {}),
    ...(p.pending !== undefined ? { pending: p.pending } : {}),
    ...(p.managed === false ? { managed: false as const } : {}),
  };
}

export function placementChanged(a: Placement | null, b: Placement | null): boolean {
  if (!a || !b) return a !== b;
  return (
    a.schedulable !== b.schedulable ||
    a.nodePool !== b.nodePool ||
    a.instanceType !== b.instanceType ||
    a.capacityType !== b.capacityType ||
    (a.pending ?? 0) !== (b.pending ?? 0)
  );
}
