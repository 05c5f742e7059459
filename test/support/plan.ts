/**
 * The test kit's plan expectations, in the spirit of Karpenter's `pkg/test/expectations`: run a CLI command in this
 * process and get its JSON plan back — checked against schema/plan.schema.json (the precompiled validator the action's
 * `mode: post` uses) before any test looks at it, so every plan a test reads is also a plan users could validate.
 */
import { runCli } from '../../src/cli/run.js';
import { parsePlanDocument } from '../../src/plan/plan-document.js';
import type { Plan } from '../../src/plan/contract.js';

export interface PlanRun {
  plan: Plan;
  exitCode: number;
  stderr: string;
}

export interface PlanOptions {
  /** Working folder of the run (relative paths and `.karpenter-plan.yaml` resolve from it). */
  cwd?: string;
  /** What `-` reads as standard input. */
  stdin?: string;
}

/**
 * `karpenter-plan <args> --format json`; throws with the CLI's stderr when it printed no plan (a usage error), and
 * with the schema's complaints when the plan does not conform.
 */
export async function planOf(args: string[], opts: PlanOptions = {}): Promise<PlanRun> {
  const r = await runCli([...args, '--format', 'json'], opts.cwd ?? process.cwd(), () => opts.stdin ?? '');
  if (!r.stdout) throw new Error(`karpenter-plan ${args.join(' ')} printed no plan (exit ${r.exitCode}): ${r.stderr}`);
  return { plan: parsePlanDocument(`plan of ${args.join(' ')}`, r.stdout), exitCode: r.exitCode, stderr: r.stderr };
}

/** `diff --base <base> --head <head> …` as a schema-checked plan. */
export function diffPlan(base: string, head: string, extra: string[] = [], opts: PlanOptions = {}): Promise<PlanRun> {
  return planOf(['diff', '--base', base, '--head', head, ...extra], opts);
}

/** `simulate <state> …` as a schema-checked plan. */
export function simulatePlan(state: string, extra: string[] = [], opts: PlanOptions = {}): Promise<PlanRun> {
  return planOf(['simulate', state, ...extra], opts);
}

/** `validate <state> …` as a schema-checked plan. */
export function validatePlan(state: string, extra: string[] = [], opts: PlanOptions = {}): Promise<PlanRun> {
  return planOf(['validate', state, ...extra], opts);
}
