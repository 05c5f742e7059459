/**
 * The plan's assumptions as the renderers show them: each code worded (common/assumption-wording.ts) and marked
 * standing or not by its code, never by its text.
 */
import { isStandingAssumption } from '../common/assumptions.js';
import { isAssumptionCode, wordAssumption } from '../common/assumption-wording.js';
import type { Plan } from '../plan/contract.js';

export interface AssumptionLine {
  text: string;
  /** One of the standing assumptions (docs/assumptions.md): the comment links them instead of listing them. */
  standing: boolean;
}

export function assumptionLines(plan: Plan): AssumptionLine[] {
  const codes = plan.assumptionCodes;
  if (codes)
    return codes.map((a, i) => ({
      // A code this version does not know (a plan document of a later one) keeps the plan's own line.
      text: isAssumptionCode(a.code) ? wordAssumption(a) : (plan.assumptions[i] ?? a.code),
      standing: isStandingAssumption(a),
    }));
  // A plan document written before `assumptionCodes`: its lines, the standing ones as it listed them.
  const standing = new Set(plan.standingAssumptions ?? []);
  return plan.assumptions.map((text) => ({ text, standing: standing.has(text) }));
}
