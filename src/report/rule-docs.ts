/** The docs page of each rule id (docs/rules/<id>.md), linked from the Markdown report and SARIF. */
import type { Severity } from '../common/findings.js';
import type { InputRuleId } from '../common/rule-ids.js';
import { RULES } from '../rules/index.js';
import { VERSION } from '../common/version.js';

/** The project's repository on GitHub. */
export const REPOSITORY_URL = 'https://github.com/karpenter-plan/karpenter-plan';

/**
 * Where a rule's page is published: docs/rules/<id>.md at the release tag of the running version (package.json's
 * version, bundled at build time by common/version.ts), so a link never points at a page of another version.
 */
export const RULE_DOCS_URL = `${REPOSITORY_URL}/blob/v${VERSION}/docs/rules/`;

/**
 * The findings the sources and the run emit about the input itself (not rules of src/rules): what could not be read,
 * rendered or evaluated. Each has a docs page; the record is keyed by common/rule-ids.ts's INPUT_RULE_IDS, so the
 * compiler refuses an input id without an entry here. The severity is the usual one (some are a warning when a fallback applies).
 */
export const INPUT_RULES: Readonly<Record<InputRuleId, { severity: Severity; summary: string }>> = {
  'input-not-evaluated': {
    severity: 'error',
    summary: 'A Karpenter-relevant file (or a change to one) that no state of the run evaluated.',
  },
  'invalid-spec': { severity: 'error', summary: 'An object the API server would refuse (CRD validation).' },
  'invalid-yaml': { severity: 'error', summary: 'A manifest or values file that is not valid YAML.' },
  'unreadable-file': { severity: 'error', summary: 'A file that could not be read (too large, unreadable, missing).' },
  'empty-state': { severity: 'error', summary: 'A state that holds no NodePool, EC2NodeClass or NodeOverlay.' },
  'input-capped': {
    severity: 'error',
    summary: 'An input larger than the configured caps: the rest is not modelled.',
  },
  'helm-template-failed': { severity: 'error', summary: '`helm template` failed for a chart of the configuration.' },
  'helm-unavailable': { severity: 'error', summary: 'helm is not on the PATH, so a chart could not be rendered.' },
  'chart-defaults-not-applied': {
    severity: 'info',
    summary: 'An object read by a values adapter without helm: what the chart template may default was not applied.',
  },
  'duplicate-name': { severity: 'error', summary: 'Two objects of a cluster-scoped kind with the same name.' },
  'unsupported-api-version': {
    severity: 'error',
    summary: 'A Karpenter object in an apiVersion Karpenter v1 no longer serves.',
  },
  'invalid-config': { severity: 'error', summary: 'A configuration entry that is not valid; the default applies.' },
  'config-change-deferred': {
    severity: 'info',
    summary: "The change edits policy keys of the config: this check uses the base revision's values.",
  },
  'invalid-values': { severity: 'error', summary: 'A values file the values adapter cannot read as NodePools.' },
  'invalid-fleet': { severity: 'error', summary: 'A fleet snapshot that holds no NodeClaims or Nodes, or no JSON.' },
  'invalid-catalog': { severity: 'error', summary: 'A catalog file that could not be read; the embedded one is used.' },
  'cluster-unreachable': {
    severity: 'error',
    summary: "The live cluster could not be read; the base state's simulated fleet is used.",
  },
  'argocd-remote-chart': {
    severity: 'info',
    summary: 'An Argo CD Application renders a remote chart or repository that is not read.',
  },
  'yaml-1.1-boolean': {
    severity: 'warning',
    summary: 'An unquoted yes/no/on/off: a boolean as Kubernetes and helm read YAML (1.1), a string in YAML 1.2.',
  },
};

/** Rule ids that have a docs page. */
export const DOCUMENTED_RULES: ReadonlySet<string> = new Set([...RULES.map((r) => r.id), ...Object.keys(INPUT_RULES)]);
