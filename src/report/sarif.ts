/**
 * SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) for GitHub code scanning
 * (`github/codeql-action/upload-sarif`): one result per finding, with the rule's metadata and its docs page, the
 * finding's fingerprint as a partial fingerprint (so code scanning tracks it across commits), and whether this change
 * introduced it. Findings on rendered output (`helm:`, `kustomize:`) or without a file carry a logical location only.
 */
import { isRenderedSource, type Finding, type Severity } from '../common/findings.js';
import { VERSION } from '../common/version.js';
import type { Plan } from '../plan/contract.js';
import { RULES } from '../rules/index.js';
import { DOCUMENTED_RULES, RULE_DOCS_URL } from './rule-docs.js';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export function renderSarif(plan: Plan): string {
  const findings = plan.findings;
  const ids = [...new Set(findings.map((f) => f.rule))].sort();
  const summaries = new Map(RULES.map((r) => [r.id, r]));
  const rules = ids.map((id) => {
    const r = summaries.get(id);
    return {
      id,
      name: id,
      shortDescription: { text: r?.summary ?? id },
      ...(DOCUMENTED_RULES.has(id) ? { helpUri: `${RULE_DOCS_URL}${id}.md` } : {}),
      ...(r ? { defaultConfiguration: { level: LEVEL[r.severity] } } : {}),
    };
  });
  const index = new Map(ids.map((id, i) => [id, i]));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'karpenter-plan',
            version: VERSION,
            informationUri: 'https://github.com/karpenter-plan/karpenter-plan',
            rules,
          },
        },
        results: findings.map((f) => result(f, index.get(f.rule)!)),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

function result(f: Finding, ruleIndex: number) {
  const physical =
    f.file && !isRenderedSource(f.file)
      ? {
          physicalLocation: {
            artifactLocation: { uri: f.file },
            ...(f.line ? { region: { startLine: f.line, ...(f.column ? { startColumn: f.column } : {}) } } : {}),
          },
        }
      : {};
  const logical =
    f.object || (f.file && isRenderedSource(f.file))
      ? { logicalLocations: [{ fullyQualifiedName: f.object ?? f.file! }] }
      : {};
  const location = { ...physical, ...logical };
  return {
    ruleId: f.rule,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: f.message },
    ...(Object.keys(location).length ? { locations: [location] } : {}),
    ...(f.fingerprint ? { partialFingerprints: { 'karpenterPlan/v1': f.fingerprint } } : {}),
    properties: {
      new: f.new !== false,
      ...(f.object ? { object: f.object } : {}),
      ...(f.path ? { path: f.path } : {}),
    },
  };
}
