/**
 * The JSON plan: a public, versioned contract (docs/plan.md, schema/plan.schema.json). Keys listed here are never
 * renamed; fields may be added.
 *
 * One source of truth: schema/plan.schema.json. Its types are generated from it at build time
 * (scripts/generate-validators.mjs → src/generated/plan-schema.types.ts, named by the schema's `title`s), and the
 * plan's validator is a guard of them. This module re-exports them and adds only what the schema leaves open — a
 * key it requires or allows without describing it (`base`, `objects`, `inputs`, …, marked "not described by the
 * schema"), or a described value the code knows more precisely (a finding's rule id and position, an assumption's
 * parameters). Each such addition *extends* the generated type, so the compiler refuses one that contradicts the
 * schema (a type it does not allow, a required key made optional).
 */
import type { Assumption } from '../common/assumptions.js';
import type { Finding } from '../common/findings.js';
import type {
  NodePoolRow as SchemaNodePoolRow,
  PlanFleet as SchemaPlanFleet,
  PlanSummary as SchemaPlanSummary,
  Placement as SchemaPlacement,
  SchemaPlan,
  TargetPlan as SchemaTargetPlan,
} from '../generated/plan-schema.types.js';

export type {
  Alert,
  BudgetEstimate,
  ConsolidationCommandRow,
  LargestWave,
  Pricing,
  Replacement,
  RolloutVerdict,
  VerdictReason,
  WorkloadRef,
  WorkloadRow,
} from '../generated/plan-schema.types.js';
import type { Alert, LargestWave, Replacement, RolloutVerdict, VerdictReason } from '../generated/plan-schema.types.js';

export const SCHEMA_VERSION = 1;

/** A side's placement of a workload (`null` in the schema's `placement`: the side does not have the workload). */
export type Placement = NonNullable<SchemaPlacement>;

/** Pods of a workload a side leaves pending: every replica when none is placed, else those no node took. */
export function pendingPods(p: Placement | null, replicas: number): number {
  if (!p) return 0;
  return p.schedulable ? (p.pending ?? 0) : replicas;
}

export type DriftKind = SchemaNodePoolRow['drift'];
export type ReplacementReason = Replacement['reason'];
export type NodePoolChange = SchemaNodePoolRow['change'];
/** A static NodePool's (`spec.replicas`) nodes on one side, with their type and cost. */
export type StaticPoolNodes = NonNullable<NonNullable<SchemaNodePoolRow['static']>['base']>;
/** Why the verdict is `fail`: one closed set of codes, each with its message. */
export type VerdictCode = VerdictReason['code'];
/**
 * What the report must put above the fold. `caution`: something is lost or stuck (a NodePool deleted with its nodes,
 * a blocked rollout, workloads that become unschedulable); `warning`: nodes are replaced. Renderers word each code;
 * they never decide which alerts exist.
 */
export type AlertCode = Alert['code'];

/** The thresholds of a wide wave (docs/plan.md, "Wide waves"); `LargestWave.wide` is decided with them. */
export const WIDE_WAVE = { minNodes: 2, poolPercent: 50, fleetPercent: 25 } as const;

/** Rollout verdicts from the riskiest: `summary.worstRollout` is the first of these a NodePool has (never `none`). */
export const ROLLOUT_RISK: readonly Exclude<RolloutVerdict, 'none'>[] = ['blocked', 'wide', 'unlimited', 'slow', 'ok'];

export interface NodePoolRow extends SchemaNodePoolRow {
  /** Additional, not described by the schema: drifted nodes by reason, the evidence, and changes that drift on resolution. */
  driftReasons?: Record<string, number>;
  driftBecause?: string[];
  potentialDrift?: string[];
  /** Additional, not described by the schema: the simulated rollout (RFC 3339 times). */
  rollout?: {
    start: string;
    waves: { start: string; end: string; nodes: number }[];
    completedAt: string | null;
    note: string | null;
  } | null;
  /** Additional, not described by the schema: why the NodePool is not used for provisioning in head, if it is not. */
  ineligible?: string | null;
  /** Additional, not described by the schema: drifted nodes disruption may not act on (do-not-disrupt, PDBs). */
  blocked?: { nodes: number; because: string[] } | null;
  /** Additional, not described by the schema: nodes head would consolidate that consolidation may not act on now. */
  consolidationBlocked?: { nodes: number; because: string[] } | null;
  largestWave?: LargestWave | null;
}

/** Not described by the schema: an object that changes between base and head. */
export interface ObjectChange {
  kind: string;
  name: string;
  change: NodePoolChange;
  changedFields: string[];
  /** Unified diff of the object between base and head (YAML). */
  diff: string;
}

/** Not described by the schema: a node of the simulated fleets (`fleet.simulated`). */
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

/** One target of a run over several (a kustomize overlay, a chart and values stack, a cluster). */
export interface TargetPlan extends SchemaTargetPlan {
  /** The target's own plan; null when it is not affected (not planned twice). */
  plan: Plan | null;
}

/** Not described by the schema: what a state read. */
export interface StateInputs {
  files: string[];
  ignoredKinds: Record<string, number>;
  /** Renderers run for this state, e.g. `kubectl kustomize overlays/prod`, `helm template charts/pools`. */
  renderers?: string[];
}

export interface PlanSummary extends SchemaPlanSummary {
  /** Additional, not described by the schema: nodes this change lets consolidation replace or delete. */
  nodesConsolidated?: number;
  /** Additional, not described by the schema: findings this change introduces (not in base), by severity. */
  newFindings?: { error: number; warning: number; info: number };
  /** Additional, not described by the schema: base findings gone in head. */
  resolvedFindings?: number;
  /** Additional, not described by the schema: findings silenced by an annotation, the config or a baseline. */
  suppressedFindings?: number;
}

export interface PlanFleet extends SchemaPlanFleet {
  /** Not described by the schema (the rest of `fleet`). */
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
}

/** A scenario of `scenarios` (not described by the schema): ICE what-if simulations on head (config `scenarios`). */
export interface ScenarioRow {
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
}

export interface Plan extends SchemaPlan {
  summary: PlanSummary;
  nodePools: NodePoolRow[];
  /** A finding as the code makes it: the schema's fields, its rule id from the registry, column and path. */
  findings: Finding[];
  /** The assumptions' codes with typed parameters (the schema leaves `params` open). */
  assumptionCodes?: Assumption[];
  clusters?: TargetPlan[];
  fleet: PlanFleet;
  /** Not described by the schema: base findings that head no longer has. */
  resolvedFindings?: Finding[];
  /** Not described by the schema: findings silenced, with how and why. */
  suppressedFindings?: (Finding & { suppressedBy: 'annotation' | 'config' | 'baseline'; reason: string | null })[];
  /** Required, not described by the schema: the two sides. */
  base: { label: string; sha: string | null; committedAt: string | null };
  head: { label: string; sha: string | null; committedAt: string | null };
  /** Required, not described by the schema. */
  objects: ObjectChange[];
  verdictReasons: string[];
  assumptions: string[];
  /** Additional, not described by the schema: the assumptions of `assumptions` that every run states alike. */
  standingAssumptions?: string[];
  /** Required, not described by the schema: what each state read (manifest files, renderers, kinds not modelled). */
  inputs: {
    base: StateInputs;
    head: StateInputs;
  };
  /** Required, not described by the schema: ICE what-if scenarios on head. */
  scenarios: ScenarioRow[];
  /** Not described by the schema: the target this plan is about, when it is one of several. */
  target?: string;
}
