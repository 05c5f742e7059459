/**
 * A JSON plan read back from a file (the action's `mode: post`, made by an earlier job): checked
 * against schema/plan.schema.json before anything is published from it.
 */
import { validate as validatePlanSchema } from '../generated/plan-schema.validator.js';
import type { Plan } from './contract.js';
import { SCHEMA_VERSION } from './contract.js';

export class PlanDocumentError extends Error {}

// Precompiled from schema/plan.schema.json at build time (scripts/generate-validators.mjs): a guard of the schema's
// type (src/generated/plan-schema.types.ts).
const validator = validatePlanSchema;

export function parsePlanDocument(file: string, text: string): Plan {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new PlanDocumentError(`${file} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!validator(doc)) {
    const errs = (validator.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
    throw new PlanDocumentError(
      `${file} is not a karpenter-plan JSON plan (schema/plan.schema.json): ${errs.join('; ')}`,
    );
  }
  // The schema's type, widened to the plan's: the keys the schema requires without describing them (`base`, `inputs`,
  // …, src/plan/contract.ts) are present (it requires them), their shape is taken on trust.
  const plan = doc as Plan;
  if (plan.schemaVersion !== SCHEMA_VERSION)
    throw new PlanDocumentError(
      `${file} has schemaVersion ${String(plan.schemaVersion)}; this version reads ${SCHEMA_VERSION}`,
    );
  return plan;
}
