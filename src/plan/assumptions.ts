/**
 * The plan's assumption fields from the codes the run recorded (common/assumptions.ts): `assumptions[]` worded code by
 * code, `standingAssumptions[]` the standing codes' wording, `assumptionCodes[]` the codes themselves.
 */
import { addAssumptions, isStandingAssumption, type Assumption } from '../common/assumptions.js';
import { wordAssumption } from '../common/assumption-wording.js';
import type { Plan } from './contract.js';

export type AssumptionFields = Required<Pick<Plan, 'assumptions' | 'standingAssumptions' | 'assumptionCodes'>>;

/** The three fields of `codes`, deduplicated by code and parameters (the first kept). */
export function assumptionFields(codes: Iterable<Assumption>): AssumptionFields {
  const list = addAssumptions([], codes);
  return {
    assumptions: list.map(wordAssumption),
    standingAssumptions: list.filter(isStandingAssumption).map(wordAssumption),
    assumptionCodes: list,
  };
}

/** `plan` with `more` assumptions after its own (those it already has left out). */
export function withAssumptions(plan: Plan, more: Assumption[]): Plan {
  const mine = plan.assumptionCodes ?? [];
  const fields = assumptionFields([...mine, ...more]);
  return fields.assumptionCodes.length === mine.length ? plan : { ...plan, ...fields };
}
