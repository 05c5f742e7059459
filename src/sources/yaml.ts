/**
 * YAML reading with source positions: every document, object and field maps back to
 * file:line:column. Malformed documents, non-object documents and alias bombs become
 * findings; the other documents of the file are still returned.
 */
import { LineCounter, parseAllDocuments, isCollection, type Document } from 'yaml';
import type { Finding, Position, SourceRef } from '../common/findings.js';
import { errorMessage } from '../common/errors.js';

export interface SourceDocument {
  file: string;
  /** Index of the document in its file (0-based). */
  index: number;
  value: Record<string, unknown>;
  source: SourceRef;
}

/** Aliases expanded per document before we call it a resource-exhaustion attempt. */
export const MAX_ALIAS_COUNT = 200;
/** Documents larger than this are refused (the yaml parser itself is linear, the model is not). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

export function parseYamlDocuments(file: string, text: string, findings: Finding[]): SourceDocument[] {
  if (text.length > MAX_FILE_BYTES) {
    findings.push({
      rule: 'unreadable-file',
      severity: 'error',
      file,
      line: 1,
      object: null,
      message: `${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB; not read`,
    });
    return [];
  }
  const lineCounter = new LineCounter();
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: true }) as Document.Parsed[];
  } catch (e) {
    findings.push({
      rule: 'invalid-yaml',
      severity: 'error',
      file,
      line: 1,
      object: null,
      message: `YAML: ${errorMessage(e)}`,
    });
    return [];
  }
  if (!Array.isArray(docs)) docs = [docs as unknown as Document.Parsed];
  const pos = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const out: SourceDocument[] = [];
  docs.forEach((doc, index) => {
    const docStart = doc.contents?.range?.[0] ?? doc.range?.[0] ?? 0;
    const docLine = pos(docStart).line;
    if (doc.errors.length > 0) {
      for (const err of doc.errors) {
        const at = err.pos ? pos(err.pos[0]) : { line: docLine, column: 1 };
        findings.push({
          rule: 'invalid-yaml',
          severity: 'error',
          file,
          line: at.line,
          column: at.column,
          object: null,
          message: `malformed YAML in document ${index + 1}: ${firstLine(err.message)}; this document is skipped`,
        });
      }
      return;
    }
    if (doc.contents === null) return; // empty document (e.g. a trailing `---`)
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (e) {
      findings.push({
        rule: 'invalid-yaml',
        severity: 'error',
        file,
        line: docLine,
        object: null,
        message: `document ${index + 1} could not be expanded: ${firstLine(errorMessage(e))} (alias expansion is limited to ${MAX_ALIAS_COUNT}); this document is skipped`,
      });
      return;
    }
    if (value === null || value === undefined) return;
    if (typeof value !== 'object' || Array.isArray(value)) {
      findings.push({
        rule: 'invalid-yaml',
        severity: 'error',
        file,
        line: docLine,
        object: null,
        message: `document ${index + 1} is a ${Array.isArray(value) ? 'list' : typeof value}, not a Kubernetes object; skipped`,
      });
      return;
    }
    const locate = (path: readonly (string | number)[]): Position | null => {
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
        if (node && typeof node === 'object' && node.range) return pos(node.range[0]);
        if (n === 0 && isCollection(doc.contents) && doc.contents.range) return pos(doc.contents.range[0]);
      }
      return null;
    };
    out.push({ file, index, value: value as Record<string, unknown>, source: { file, line: docLine, locate } });
  });
  return out;
}

/** Parses a YAML file expected to hold one mapping (values files, config); null + finding on failure. */
export function parseYamlMapping(file: string, text: string, findings: Finding[]): SourceDocument | null {
  const docs = parseYamlDocuments(file, text, findings);
  if (docs.length === 0) return null;
  return docs[0];
}

function firstLine(s: string): string {
  return s.split('\n')[0];
}
