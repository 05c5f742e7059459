/**
 * SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) for GitHub code scanning
 * (`github/codeql-action/upload-sarif`): one result per finding, with the rule's metadata and its docs page, the
 * finding's fingerprint as a partial fingerprint (so code scanning tracks it across commits), and whether this change
 * introduced it.
 *
 * URIs are relative to the repository root (`root`: the state's folder inside the repository, the action's `path:`),
 * because code scanning attaches a result to a file of the repository. A finding on rendered output (`helm:<chart>`,
 * `kustomize:<folder>`) is attached to the file that starts the rendering (the chart's Chart.yaml, the kustomization)
 * when the state read it, without a line (the rendering's lines are not the file's), and carries the object as a
 * logical location.
 *
 * Each run has `automationDetails.id` `karpenter-plan/<target>/` (`karpenter-plan/` for a run of one state), the
 * category code scanning keeps its alerts under; a plan of several targets is one run per planned target plus one for
 * the findings of the run itself.
 */
import { isRenderedSource, type Finding, type Severity } from '../common/findings.js';
import { VERSION } from '../common/version.js';
import type { Plan } from '../plan/contract.js';
import { RULES } from '../rules/index.js';
import { DOCUMENTED_RULES, INPUT_RULES, RULE_DOCS_URL } from './rule-docs.js';
import { sarifText, sarifUri } from './escape.js';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export interface SarifOptions {
  /** The state's folder relative to the repository root (`path:` of the action, `--path` of the CLI); '' = root. */
  root?: string;
}

/** The category of a target's results: code scanning keeps one set of alerts per category. */
export function sarifCategory(target: string | undefined): string {
  return target ? `karpenter-plan/${target}/` : 'karpenter-plan/';
}

export function renderSarif(plan: Plan, opts: SarifOptions = {}): string {
  const root = normalizeRoot(opts.root ?? '');
  const files = new Set([...plan.inputs.base.files, ...plan.inputs.head.files]);
  const runs: object[] = [];
  if (plan.clusters) {
    const inTargets = new Set<string>();
    for (const t of plan.clusters) {
      if (!t.plan) continue;
      for (const f of t.plan.findings) inTargets.add(findingKey(f));
      const own = new Set([...t.plan.inputs.base.files, ...t.plan.inputs.head.files]);
      runs.push(sarifRun(t.plan.findings, sarifCategory(t.key), root, own));
    }
    runs.push(
      sarifRun(
        plan.findings.filter((f) => !inTargets.has(findingKey(f))),
        sarifCategory(undefined),
        root,
        files,
      ),
    );
  } else {
    runs.push(sarifRun(plan.findings, sarifCategory(plan.target), root, files));
  }
  const log = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs };
  return JSON.stringify(log, null, 2) + '\n';
}

/** How the combined plan tells a target's finding from the run's own (plan/targets.ts combineTargets). */
function findingKey(f: Finding): string {
  return `${f.rule}|${f.file}|${f.line}|${f.message}`;
}

function sarifRun(findings: readonly Finding[], category: string, root: string, files: ReadonlySet<string>) {
  const ids = [...new Set(findings.map((f) => f.rule))].sort();
  const summaries = new Map<string, { summary: string; severity: Severity }>([
    ...Object.entries(INPUT_RULES),
    ...RULES.map((r) => [r.id, r] as const),
  ]);
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
  return {
    tool: {
      driver: {
        name: 'karpenter-plan',
        version: VERSION,
        informationUri: 'https://github.com/karpenter-plan/karpenter-plan',
        rules,
      },
    },
    automationDetails: { id: category },
    columnKind: 'unicodeCodePoints',
    results: findings.map((f) => result(f, index.get(f.rule)!, root, files)),
  };
}

function normalizeRoot(root: string): string {
  const r = root
    .replace(/\\/g, '/')
    .replace(/^\.\/+/, '')
    .replace(/^\/+|\/+$/g, '');
  return r === '.' ? '' : r;
}

/** A repository-relative URI reference: each path segment percent-encoded. */
function uriOf(root: string, file: string): string {
  return sarifUri(root ? `${root}/${file}` : file);
}

/** The file a rendered source starts from, when the state read it: a chart's Chart.yaml, a kustomization file. */
function renderedOrigin(file: string, files: ReadonlySet<string>): string | null {
  const m = /^(helm|kustomize):(.*)$/.exec(file);
  if (!m) return null;
  const dir = m[2] === '.' || m[2] === '' ? '' : m[2].replace(/\/$/, '') + '/';
  const names =
    m[1] === 'helm' ? ['Chart.yaml', 'Chart.yml'] : ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
  return names.map((n) => dir + n).find((f) => files.has(f)) ?? null;
}

/** A file of the repository (not an absolute path or one outside the state, such as a `--config` elsewhere). */
function inRepository(file: string): boolean {
  return !file.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(file) && !file.split('/').includes('..');
}

function result(f: Finding, ruleIndex: number, root: string, files: ReadonlySet<string>) {
  const rendered = f.file !== null && isRenderedSource(f.file);
  const file = f.file === null ? null : rendered ? renderedOrigin(f.file, files) : inRepository(f.file) ? f.file : null;
  const physical = file
    ? {
        physicalLocation: {
          artifactLocation: { uri: uriOf(root, file) },
          ...(f.line && !rendered
            ? { region: { startLine: f.line, ...(f.column ? { startColumn: f.column } : {}) } }
            : {}),
        },
      }
    : {};
  const logical =
    f.object || (f.file && (rendered || !file))
      ? { logicalLocations: [{ fullyQualifiedName: sarifText(f.object ?? f.file!) }] }
      : {};
  const location = { ...physical, ...logical };
  return {
    ruleId: f.rule,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: sarifText(f.message) },
    ...(Object.keys(location).length ? { locations: [location] } : {}),
    // The fingerprint (rule, object or file, field) does not move with lines or message text: code scanning keeps
    // tracking the same alert across commits.
    ...(f.fingerprint ? { partialFingerprints: { 'karpenterPlan/v1': f.fingerprint } } : {}),
    properties: {
      new: f.new !== false,
      ...(f.object ? { object: f.object } : {}),
      ...(f.path ? { path: f.path } : {}),
      ...(rendered ? { renderedFrom: f.file, ...(f.line ? { renderedLine: f.line } : {}) } : {}),
    },
  };
}
