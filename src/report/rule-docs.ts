/** The docs page of each rule id (docs/rules/<id>.md), linked from the Markdown report and SARIF. */
import { RULES } from '../rules/index.js';
import { VERSION } from '../common/version.js';

/** The project's repository on GitHub. */
export const REPOSITORY_URL = 'https://github.com/karpenter-plan/karpenter-plan';

/**
 * Where a rule's page is published: docs/rules/<id>.md at the release tag of the running version (package.json's
 * version, bundled at build time by common/version.ts), so a link never points at a page of another version.
 */
export const RULE_DOCS_URL = `${REPOSITORY_URL}/blob/v${VERSION}/docs/rules/`;

/** Rule ids that have a docs page. */
export const DOCUMENTED_RULES: ReadonlySet<string> = new Set([...RULES.map((r) => r.id), 'input-not-evaluated']);
