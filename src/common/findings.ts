/** Findings: what the plan reports about the input, with a location (file:line). */
import type { RuleId } from './rule-ids.js';

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  rule: RuleId;
  severity: Severity;
  message: string;
  file: string | null;
  line: number | null;
  column?: number | null;
  /** `Kind/name` of the object the finding is about. */
  object: string | null;
  /** The field the finding is about, as a dotted path (`spec.template.spec.requirements.0`), when known. */
  path?: string;
  /** Set by the plan: whether the change introduces the finding (it is not in base). */
  new?: boolean;
  /** Set by the plan: the finding's identity across revisions (fingerprints), as baselines record it. */
  fingerprint?: string;
}

/**
 * A finding's identity across revisions: the rule, the object (or file) and the field it concerns — never the message
 * text or the line, which move with unrelated edits. Findings that share it are told apart by their order.
 */
export function fingerprintOf(f: Finding): string {
  return `${f.rule}|${f.object ?? f.file ?? ''}|${f.path ?? ''}`;
}

/** The fingerprints of a list of findings, each made unique by its occurrence number (`#2` for the second). */
export function fingerprints(findings: readonly Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const fp = fingerprintOf(f);
    const n = (seen.get(fp) ?? 0) + 1;
    seen.set(fp, n);
    return n === 1 ? fp : `${fp}#${n}`;
  });
}

/** Dotted form of a field path. */
export function dottedPath(path: readonly (string | number)[]): string | undefined {
  return path.length ? path.join('.') : undefined;
}

export interface Position {
  line: number;
  column: number;
  /** Set when the position lies in another file than the object's (layered values files). */
  file?: string;
}

/** Where an object came from, and how to find one of its fields. */
export interface SourceRef {
  file: string | null;
  line: number | null;
  /** Position of the node at `path` (or of its nearest existing parent). */
  locate(path: readonly (string | number)[]): Position | null;
}

export const NO_SOURCE: SourceRef = { file: null, line: null, locate: () => null };

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.rule.localeCompare(b.rule),
  );
}

/** Collects findings for one object, locating each at a field path. */
export class FindingSink {
  constructor(
    readonly out: Finding[],
    readonly source: SourceRef,
    readonly object: string | null,
  ) {}

  add(rule: RuleId, severity: Severity, message: string, path: readonly (string | number)[] = []): void {
    const pos = this.source.locate(path);
    const dotted = dottedPath(path);
    this.out.push({
      rule,
      severity,
      message,
      file: pos?.file ?? this.source.file,
      line: pos?.line ?? this.source.line,
      column: pos?.column ?? null,
      object: this.object,
      ...(dotted ? { path: dotted } : {}),
    });
  }

  error(message: string, path: readonly (string | number)[] = [], rule: RuleId = 'invalid-spec'): void {
    this.add(rule, 'error', message, path);
  }
}

/**
 * Whether a finding's file is the output of a renderer (`helm:<chart>`, `kustomize:<folder>`, `flux:<Kustomization key>`, `terraform:<file>:<line>`): its lines are lines of
 * the rendering, not of a file in the repository, so reports do not link or annotate them.
 */
export function isRenderedSource(file: string | null): boolean {
  return file !== null && /^(helm|kustomize|flux|terraform):/.test(file);
}

/** What may silence a finding: an annotation on its object, the config's `ignore:` list, or a baseline file. */
export interface Suppressions {
  /**
   * `Kind/name` → the rules its `karpenter-plan.io/ignore` annotation names (`*` for all), the reason after `#`, and
   * where the annotation is (recorded on accepted objects only: sources/state-classify.ts recordIgnore).
   */
  annotations: Map<string, { rules: Set<string>; reason: string | null; file?: string; line?: number | null }>;
  /** The config's `ignore:` entries. */
  ignore: { rule: string; kind?: string; name?: string; reason?: string }[];
  /** Fingerprints recorded by `karpenter-plan baseline`, and the file they came from. */
  baseline: { file: string; fingerprints: Set<string> } | null;
}

export const NO_SUPPRESSIONS: Suppressions = { annotations: new Map(), ignore: [], baseline: null };

/**
 * Rules an annotation from the state under check never silences: what the API server or the tool's own reading
 * refuses (an invalid object, unparseable YAML, input not evaluated, an unreadable file, a cap reached). The object
 * that carries the annotation is the one the finding is about, so these would otherwise silence themselves.
 */
export const UNSUPPRESSIBLE_BY_ANNOTATION: ReadonlySet<string> = new Set([
  'invalid-spec',
  'invalid-yaml',
  'input-not-evaluated',
  'unreadable-file',
  'input-capped',
]);

/** The annotation that silences rules on one object: `karpenter-plan.io/ignore: "rule-a,rule-b # why"`. */
export const IGNORE_ANNOTATION = 'karpenter-plan.io/ignore';

export function parseIgnoreAnnotation(value: string): { rules: Set<string>; reason: string | null } {
  const hash = value.indexOf('#');
  const list = hash >= 0 ? value.slice(0, hash) : value;
  const reason = hash >= 0 ? value.slice(hash + 1).trim() || null : null;
  return {
    rules: new Set(
      list
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
    reason,
  };
}
