/**
 * The JSON plan: a public, versioned contract (docs/plan.md, schema/plan.schema.json).
 * Keys listed here are never renamed; fields may be added.
 */
import type { Assumption } from '../common/assumptions.js';
import type { Finding } from '../common/findings.js';
import type { BudgetEstimate, ConsolidationCommandRow, DriftKind, Replacement } from '../disruption/replacements.js';

export type {
  BudgetEstimate,
  ConsolidationCommandRow,
  DriftKind,
  Replacement,
  ReplacementReason,
} from '../disruption/replacements.js';

export const SCHEMA_VERSION = 1;

export interface Placement {
  schedulable: boolean;
  nodePool: string | null;
  instanceType: string | null;
  capacityType: 'on-demand' | 'spot' | 'reserved' | null;
  pricePerHour: number | null;
  candidates: number;
  /** The launch's allocation strategy; `existing` when most pods run on nodes of the fleet snapshot. */
  allocationStrategy: string | null;
  reason: string | null;
  /** Additional: the provisioning round the workload's last pod was placed in, when later than the first. */
  rounds?: number;
  /** Additional: false when most pods run on a node not managed by Karpenter (no NodeClaim; `nodePool` null). */
  managed?: false;
  /**
   * Additional: pods of the workload that stay pending while the others are placed (`schedulable` true; `reason` says
   * why). Absent when every pod is placed, or none (`schedulable` false: every replica is pending).
   */
  pending?: number;
}

/** Pods of a workload a side leaves pending: every replica when none is placed, else those no node took. */
export function pendingPods(p: Placement | null, replicas: number): number {
  if (!p) return 0;
  return p.schedulable ? (p.pending ?? 0) : replicas;
}

export interface WorkloadRow {
  kind: string;
  namespace: string;
  name: string;
  replicas: number;
  base: Placement | null;
  head: Placement | null;
  changed: boolean;
  /** Additional: a probe pod of the tool (no workload exercises the NodePool it stands for), not a workload. */
  probe?: boolean;
}

export type NodePoolChange = 'added' | 'removed' | 'modified' | 'unchanged';
export interface NodePoolRow {
  name: string;
  change: NodePoolChange;
  changedFields: string[];
  drift: DriftKind;
  nodes: number;
  nodesDrifted: number;
  budget: BudgetEstimate | null;
  /** Additional: drifted nodes by reason, the evidence, and changes that drift on resolution. */
  driftReasons?: Record<string, number>;
  driftBecause?: string[];
  potentialDrift?: string[];
  /** Additional: the simulated rollout (RFC 3339 times). */
  rollout?: {
    start: string;
    waves: { start: string; end: string; nodes: number }[];
    completedAt: string | null;
    note: string | null;
  } | null;
  /** Additional: why the NodePool is not used for provisioning in head, if it is not. */
  ineligible?: string | null;
  /** Additional: drifted nodes disruption may not act on (do-not-disrupt, PDBs), with Karpenter's reasons. */
  blocked?: { nodes: number; because: string[] } | null;
  /** Additional: a static NodePool's (`spec.replicas`) nodes on each side, with their type and cost. */
  static?: { base: StaticPoolNodes | null; head: StaticPoolNodes | null };
  /** Additional: nodes head would consolidate that consolidation may not act on now (budget, do-not-disrupt, PDBs). */
  consolidationBlocked?: { nodes: number; because: string[] } | null;
  /** Additional: the rollout's largest wave, the budget that allows it, and whether it is wide (docs/plan.md). */
  largestWave?: LargestWave | null;
}

/**
 * The most drifted nodes of a NodePool whose disruption starts at one instant. `wide` when it is at least
 * `WIDE_WAVE.minNodes` nodes and at least `WIDE_WAVE.poolPercent` % of the pool or `WIDE_WAVE.fleetPercent` % of the
 * fleet (docs/plan.md): the rollout is then reported as `wide` rather than `ok`.
 */
export interface LargestWave {
  start: string;
  nodes: number;
  /** Share of the pool's nodes, percent (rounded). */
  poolPercent: number;
  /** Share of the fleet's nodes (every pool), percent (rounded). */
  fleetPercent: number;
  /** The head budget in force when the wave starts; null when no budget limits `Drifted`. */
  budget: { nodes: string; schedule?: string; duration?: string; reasons?: string[] } | null;
  /** That budget is the CRD default (`budgets` omitted: `nodes: 10%`). */
  defaulted: boolean;
  /** Base's NodePool has no identical budget (with `budget` null: base's budgets did limit `Drifted`). */
  changed: boolean;
  wide: boolean;
}

/** The thresholds of a wide wave (docs/plan.md, "Wide waves"). */
export const WIDE_WAVE = { minNodes: 2, poolPercent: 50, fleetPercent: 25 } as const;

export interface StaticPoolNodes {
  nodes: number;
  instanceType: string;
  capacityType: string;
  hourlyCost: number;
}

export interface ObjectChange {
  kind: string;
  name: string;
  change: NodePoolChange;
  changedFields: string[];
  /** Unified diff of the object between base and head (YAML). */
  diff: string;
}

export interface SimulatedNode {
  name: string;
  nodePool: string;
  instanceType: string;
  zone: string;
  capacityType: string;
  pricePerHour: number;
  /** The launch's allocation strategy, or `existing` for a node of the fleet snapshot the pods were placed into. */
  allocationStrategy: string;
  /** Pods by workload key. */
  pods: Record<string, number>;
  /** Additional: false for a node of the fleet not managed by Karpenter (no NodeClaim; `nodePool` is empty). */
  managed?: false;
}

/** Why the verdict is `fail`: one closed set of codes, each with its message. */
export type VerdictCode =
  | 'error-findings'
  | 'warning-findings'
  | 'workloads-unschedulable'
  | 'rollout-blocked'
  | 'max-replaced-nodes'
  | 'max-replaced-percent';

export interface VerdictReason {
  code: VerdictCode;
  message: string;
}

/**
 * What the report must put above the fold. `caution`: something is lost or stuck (a NodePool
 * deleted with its nodes, a blocked rollout, workloads that become unschedulable); `warning`:
 * nodes are replaced. Renderers word each code; they never decide which alerts exist.
 */
export type AlertCode =
  | 'pool-removed'
  | 'rollout-blocked'
  | 'workloads-unschedulable'
  | 'nodes-replaced'
  | 'budget-unlimited'
  | 'rollout-wide';

export interface Alert {
  level: 'caution' | 'warning';
  code: AlertCode;
  /** The objects concerned: NodePool names, or `namespace/name` of workloads. */
  subjects: string[];
  /** Nodes removed or replaced, or workloads concerned. */
  count: number;
}

export interface WorkloadRef {
  kind: string;
  namespace: string;
  name: string;
}

/** One target of a run over several (a kustomize overlay, a chart and values stack, a cluster). */
export interface TargetPlan {
  /** The target's key (e.g. the kustomization folder). */
  key: string;
  /** What the target is, in words (e.g. `kustomization overlays/prod`). */
  source: string;
  /** Whether the change touches anything Karpenter-relevant of this target. */
  affected: boolean;
  /** The target's own plan; null when it is not affected (not planned twice). */
  plan: Plan | null;
}

export interface StateInputs {
  files: string[];
  ignoredKinds: Record<string, number>;
  /** Renderers run for this state, e.g. `kubectl kustomize overlays/prod`, `helm template charts/pools`. */
  renderers?: string[];
}

export interface Plan {
  schemaVersion: number;
  verdict: 'pass' | 'fail';
  /** `diff`: base and head compared; `state`: one state modelled (simulate, validate). */
  kind: 'diff' | 'state';
  /** Whether anything Karpenter-relevant changed: objects, placements, replaced or removed nodes. */
  changed: boolean;
  /** The verdict's reasons with their codes (`verdictReasons` holds the same messages). */
  verdictDetails: VerdictReason[];
  alerts: Alert[];
  /** Workloads that base places and head cannot (probe pods excluded). */
  newlyUnschedulable: WorkloadRef[];
  /** No Karpenter object was read in base or head while inputs were left unevaluated: the tool could not run. */
  nothingEvaluated: boolean;
  summary: {
    /** Workloads (probe pods excluded) whose placement changes. */
    workloadsChanged: number;
    /** Additional: probe placements that change (what a NodePool no workload exercises would launch). */
    probesChanged?: number;
    /** Additional: probe pods stand for the workloads (no workload is placed on either side). */
    probesOnly?: boolean;
    nodesReplaced: number;
    /**
     * Additional: of `nodesReplaced`, the nodes whose replacement the rollout does not start inside the horizon (the
     * budgets hold it back); present when at least one.
     */
    nodesReplacedLater?: number;
    nodesRemoved: number;
    /** Additional: nodes this change lets consolidation replace or delete. */
    nodesConsolidated?: number;
    findings: { error: number; warning: number; info: number };
    /** Additional: findings this change introduces (not in base), by severity. */
    newFindings?: { error: number; warning: number; info: number };
    /** Additional: base findings gone in head. */
    resolvedFindings?: number;
    /** Additional: findings silenced by an annotation, the config or a baseline. */
    suppressedFindings?: number;
    hourlyCost: { base: number | null; head: number | null };
    /**
     * Additional, with a fleet snapshot or a live cluster: that fleet's nodes and cost before and after the change
     * (each node priced by type, zone and capacity type; replacements as the model predicts them). `hourlyCost` then
     * describes what the simulation launches for the workloads, not the fleet.
     */
    /**
     * Additional, in a diff: the replacements that cannot happen inside the horizon under head's budgets (drift the
     * rollout does not start, consolidation budgets, do-not-disrupt or PDBs stop now), their nodes and the hourly cost
     * change they would bring. Not counted in the cost headline (the report shows it apart); `fleet.hourlyCost.head`
     * already keeps those nodes at their own price.
     */
    costBlocked?: { nodes: number; hourly: number };
    fleet?: {
      nodes: { base: number; head: number };
      hourlyCost: { base: number; head: number };
      unpriced: number;
      estimated: number;
      noReplacement: number;
    };
  };
  /** Additional: where prices come from. */
  pricing?: {
    catalogRegion: string;
    region: string;
    /** The catalog has figures for the state's region. */
    regionPriced: boolean;
    /** `catalog`: spot prices from the catalog (catalog refresh); `estimated`: spotPriceFactor × on-demand. */
    spot: 'catalog' | 'estimated';
    spotPriceFactor: number;
  };
  workloads: WorkloadRow[];
  nodePools: NodePoolRow[];
  replacements: Replacement[];
  /**
   * Additional (issue 24), when consolidation takes a multi-node command or a deletion: each such command once, in the
   * order of `replacements`, with its nodes and their summed price (single-node replacements are their entry alone).
   */
  consolidationCommands?: ConsolidationCommandRow[];
  findings: Finding[];
  /** Base findings that head no longer has. */
  resolvedFindings?: Finding[];
  /** Findings silenced, with how and why. */
  suppressedFindings?: (Finding & { suppressedBy: 'annotation' | 'config' | 'baseline'; reason: string | null })[];
  /** Additional fields (free to grow). */
  base: { label: string; sha: string | null; committedAt: string | null };
  head: { label: string; sha: string | null; committedAt: string | null };
  objects: ObjectChange[];
  verdictReasons: string[];
  assumptions: string[];
  /** Additional: the assumptions of `assumptions` that every run states alike (docs/assumptions.md). */
  standingAssumptions?: string[];
  /**
   * Additional: the assumptions as codes with their parameters, in the order of `assumptions` (each line there is its
   * code's wording, common/assumption-wording.ts). Absent from plans written before it was added.
   */
  assumptionCodes?: Assumption[];
  /** What each state read: manifest files, the renderers run, and the kinds present but not modelled (debug). */
  inputs: {
    base: StateInputs;
    head: StateInputs;
  };
  /** ICE what-if scenarios on head (config `scenarios`). */
  scenarios: {
    name: string;
    unavailableOfferings: number;
    timeline: string;
    workloads: {
      kind: string;
      namespace: string;
      name: string;
      head: Placement | null;
      scenario: Placement | null;
      changed: boolean;
    }[];
    hourlyCost: number | null;
  }[];
  /** The fleet the replacements act on, and its composition before and after. */
  fleet: {
    source: 'snapshot' | 'live' | 'simulated' | 'none';
    nodes: number;
    /** Additional: the fleet's Nodes not managed by Karpenter (no NodeClaim), when there are any. */
    notManaged?: number;
    notes: string[];
    /** Nodes of the simulated fleets by instance family. */
    composition: { base: Record<string, number>; head: Record<string, number> };
    /** Nodes of the simulated fleets by instance generation. */
    generations: { base: Record<string, number>; head: Record<string, number> };
    /** The simulated fleets, node by node (labels omitted). */
    simulated: { base: SimulatedNode[]; head: SimulatedNode[] };
    /**
     * Additional, with a fleet snapshot or a live cluster: that fleet's nodes by instance family and by generation,
     * before the change and after it as the model predicts (the nodes of `summary.fleet.nodes`: replaced nodes
     * counted as their replacements, consolidation deletions and nodes without a replacement as nothing). The report
     * describes this fleet, not the simulated ones.
     */
    snapshot?: {
      composition: { base: Record<string, number>; head: Record<string, number> };
      generations: { base: Record<string, number>; head: Record<string, number> };
    };
  };
  /** Present when the run has several targets: each with its own plan. The fields above combine them. */
  clusters?: TargetPlan[];
  /** The target this plan is about, when it is one of several (`--target KEY`, or a plan inside `clusters`). */
  target?: string;
}
