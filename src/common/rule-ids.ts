/**
 * The closed vocabulary of finding ids: every `Finding.rule` is one of these (the type system checks every emitter).
 * Ids are part of the public contract (baselines, `rules:` in the configuration, `karpenter-plan.io/ignore`, SARIF
 * rule ids) and each has a docs page, docs/rules/<id>.md.
 */

/** Findings about the input itself, emitted by the sources and the run: what could not be read, rendered or evaluated. */
export const INPUT_RULE_IDS = [
  'input-not-evaluated',
  'invalid-spec',
  'invalid-yaml',
  'unreadable-file',
  'empty-state',
  'input-capped',
  'helm-template-failed',
  'helm-unavailable',
  'chart-defaults-not-applied',
  'duplicate-name',
  'unsupported-api-version',
  'invalid-config',
  'config-change-deferred',
  'invalid-values',
  'invalid-fleet',
  'invalid-catalog',
  'cluster-unreachable',
  'argocd-remote-chart',
  'yaml-1.1-boolean',
] as const;

/** The rules of src/rules/ (the registry, src/rules/index.ts, holds one Rule per id). */
export const MODEL_RULE_IDS = [
  'al2-end-of-life',
  'ami-alias-latest',
  'api-version-migration',
  'budget-blocks-drift',
  'budget-invalid-schedule',
  'budget-unlimited',
  'budget-whole-pool',
  'capacity-type-exact-on-demand',
  'consolidation-policy-changed',
  'custom-label-undeclared',
  'equal-weight-overlap',
  'expire-without-tgp',
  'fallback-without-expiry',
  'flex-does-not-exist',
  'immutable-field-changed',
  'limits-block-fallback',
  'look-alike-label',
  'min-values-unsatisfiable',
  'mixed-generations-one-pool',
  'nodeclass-not-found',
  'nodepool-selector-pins-pool',
  'numeric-range-empty',
  'overlay-and-weight-split',
  'overlay-beyond-cut',
  'overlay-conflict',
  'overlay-gate-disabled',
  'overlay-gate-enabled',
  'overlay-penalty-too-large',
  'overlay-unscoped',
  'placed-in-later-rounds',
  'pod-grace-exceeds-tgp',
  'pool-removed-with-nodes',
  'preferred-affinity-generation',
  'requirements-filter-all-types',
  'reservation-unused',
  'spot-mixed-with-preference',
  'spot-to-spot-few-types',
  'topology-unsatisfiable',
  'unsubstituted-placeholder',
  'zone-not-in-region',
] as const;

export type InputRuleId = (typeof INPUT_RULE_IDS)[number];
export type ModelRuleId = (typeof MODEL_RULE_IDS)[number];
export type RuleId = InputRuleId | ModelRuleId;

const ALL: ReadonlySet<string> = new Set<string>([...INPUT_RULE_IDS, ...MODEL_RULE_IDS]);

/** Whether a string from the input (configuration, annotation, baseline) names a finding id. */
export function isRuleId(id: string): id is RuleId {
  return ALL.has(id);
}
