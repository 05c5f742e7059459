/** Findings: what the plan reports about the input, with a location (file:line). */

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  file: string | null;
  line: number | null;
  column?: number | null;
  /** `Kind/name` of the object the finding is about. */
  object: string | null;
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

  add(rule: string, severity: Severity, message: string, path: readonly (string | number)[] = []): void {
    const pos = this.source.locate(path);
    this.out.push({
      rule,
      severity,
      message,
      file: pos?.file ?? this.source.file,
      line: pos?.line ?? this.source.line,
      column: pos?.column ?? null,
      object: this.object,
    });
  }

  error(message: string, path: readonly (string | number)[] = [], rule = 'invalid-spec'): void {
    this.add(rule, 'error', message, path);
  }
}

/**
 * Whether a finding's file is the output of a renderer (`helm:<chart>`, `kustomize:<folder>`): its lines are lines of
 * the rendering, not of a file in the repository, so reports do not link or annotate them.
 */
export function isRenderedSource(file: string | null): boolean {
  return file !== null && /^(helm|kustomize):/.test(file);
}
