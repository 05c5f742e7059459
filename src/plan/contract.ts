/**
 * The JSON plan: a public, versioned contract (docs/plan.md, schema/plan.schema.json). Keys listed here are never
 * renamed; fields may be added.
 *
 * One source of truth: schema/plan.schema.json. Its types are generated from it at build time
 * (scripts/generate-validators.mjs → src/generated/plan-schema.types.ts, named by the schema's `title`s), and the
 * plan's validator is a guard of them. This module re-exports them and narrows only what the code knows more
 * precisely than the schema says (a finding's rule id and position, an assumption's parameters, a target's plan).
 * Each narrowing *extends* the generated type, so the compiler refuses one that contradicts the schema (a type it
 * does not allow, a required key made optional). Every key of the plan is described by the schema.
 */
import type { Assumption } from '../common/assumptions.js';
import type { Finding } from '../common/findings.js';
import type {
  NodePoolRow,
  Placement as SchemaPlacement,
  SchemaPlan,
  TargetPlan as SchemaTargetPlan,
} from '../generated/plan-schema.types.js';

export type {
  Alert,
  BlockedNodes,
  BudgetEstimate,
  ConsolidationCommandRow,
  LargestWave,
  NodePoolRow,
  ObjectChange,
  PlanFleet,
  PlanSide,
  PlanSummary,
  PoolRollout,
  Pricing,
  Replacement,
  RolloutVerdict,
  ScenarioRow,
  SimulatedNode,
  StateInputs,
  VerdictReason,
  WorkloadRef,
  WorkloadRow,
} from '../generated/plan-schema.types.js';
import type { Alert, Replacement, RolloutVerdict, VerdictReason } from '../generated/plan-schema.types.js';

export const SCHEMA_VERSION = 1;

/** A side's placement of a workload (`null` in the schema's `placement`: the side does not have the workload). */
export type Placement = NonNullable<SchemaPlacement>;

/** Pods of a workload a side leaves pending: every replica when none is placed, else those no node took. */
export function pendingPods(p: Placement | null, replicas: number): number {
  if (!p) return 0;
  return p.schedulable ? (p.pending ?? 0) : replicas;
}

export type DriftKind = NodePoolRow['drift'];
export type ReplacementReason = Replacement['reason'];
export type NodePoolChange = NodePoolRow['change'];
/** A static NodePool's (`spec.replicas`) nodes on one side, with their type and cost. */
export type StaticPoolNodes = NonNullable<NonNullable<NodePoolRow['static']>['base']>;
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

/** One target of a run over several (a kustomize overlay, a chart and values stack, a cluster). */
export interface TargetPlan extends SchemaTargetPlan {
  /** The target's own plan; null when it is not affected (not planned twice). */
  plan: Plan | null;
}

export interface Plan extends SchemaPlan {
  /** A finding as the code makes it: the schema's fields, its rule id from the registry, column and path. */
  findings: Finding[];
  resolvedFindings?: Finding[];
  suppressedFindings?: (Finding & { suppressedBy: 'annotation' | 'config' | 'baseline'; reason: string | null })[];
  /** The assumptions' codes with typed parameters (the schema leaves `params` open). */
  assumptionCodes?: Assumption[];
  clusters?: TargetPlan[];
}
