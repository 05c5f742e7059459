/** The docs page of each rule id (docs/rules/<id>.md), linked from the Markdown report and SARIF. */
import { RULES } from '../rules/index.js';

/** Where a rule's page is published (docs/rules/<id>.md of this project). */
export const RULE_DOCS_URL = 'https://github.com/karpenter-plan/karpenter-plan/blob/main/docs/rules/';

/** Rule ids that have a docs page. */
export const DOCUMENTED_RULES: ReadonlySet<string> = new Set([...RULES.map((r) => r.id), 'input-not-evaluated']);
