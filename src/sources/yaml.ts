/**
 * YAML reading with source positions: every document, object and field maps back to
 * file:line:column. Malformed documents, non-object documents and alias bombs become
 * findings; the other documents of the file are still returned.
 */
import { LineCounter, parseAllDocuments, isCollection, isPair, isScalar, isSeq, visit, type Document } from 'yaml';
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
/** Nesting deeper than this is refused before parsing, so the outcome never depends on the stack size. */
export const MAX_NESTING = 100;

/**
 * The first place where flow collections (`[`, `{`) nest deeper than MAX_NESTING, or where indentation suggests block
 * nesting as deep: a lexical scan that skips quoted text and comments.
 */
function tooDeep(text: string): number | null {
  let depth = 0;
  let line = 1;
  let quote: string | null = null;
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart) {
      if (c === ' ') {
        indent++;
        if (indent > MAX_NESTING * 8) return line;
        continue;
      }
      lineStart = false;
    }
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_NESTING) return line;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return null;
}

/** The YAML 1.1 boolean words that YAML 1.2 reads as strings (true/false/True/… mean the same in both). */
const YAML11_BOOL = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

/** Whether a parsed value refers to itself (a YAML alias inside its own anchor). */
function cyclic(v: unknown, ancestors = new Set<object>()): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (ancestors.has(v)) return true;
  ancestors.add(v);
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (cyclic(x, ancestors)) return true;
  ancestors.delete(v);
  return false;
}

export interface YamlOptions {
  /** Warn about YAML 1.1 boolean words: on for files Kubernetes or Helm read, off for karpenter-plan's own config. */
  yaml11Warnings?: boolean;
}

export function parseYamlDocuments(
  file: string,
  text: string,
  findings: Finding[],
  opts: YamlOptions = {},
): SourceDocument[] {
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
  const deep = tooDeep(text);
  if (deep !== null) {
    findings.push({
      rule: 'invalid-yaml',
      severity: 'error',
      file,
      line: deep,
      object: null,
      message: `${file} nests deeper than ${MAX_NESTING} levels (line ${deep}); no Kubernetes object does, and the file is not read`,
    });
    return [];
  }
  const lineCounter = new LineCounter();
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, {
      lineCounter,
      prettyErrors: false,
      uniqueKeys: true,
      // Merge keys (`<<: *defaults`) are YAML 1.1, which Kubernetes reads (sigs.k8s.io/yaml, go-yaml).
      merge: true,
      logLevel: 'error',
    }) as Document.Parsed[];
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
  // Positions are looked up only for findings: rather than keep every document's syntax tree alive for that, the
  // file is parsed again (the same text, the same options, so the same ranges) the first time one is asked for.
  let reparsed: { docs: Document.Parsed[]; lineCounter: LineCounter } | null = null;
  const reparse = () => {
    if (reparsed) return reparsed;
    const lc = new LineCounter();
    const again = parseAllDocuments(text, {
      lineCounter: lc,
      prettyErrors: false,
      uniqueKeys: true,
      merge: true,
      logLevel: 'error',
    });
    reparsed = { docs: (Array.isArray(again) ? again : [again]) as Document.Parsed[], lineCounter: lc };
    return reparsed;
  };
  const invalid = (line: number, message: string): void => {
    findings.push({ rule: 'invalid-yaml', severity: 'error', file, line, object: null, message });
  };
  docs.forEach((doc, index) => {
    const docStart = doc.contents?.range?.[0] ?? doc.range?.[0] ?? 0;
    const docLine = pos(docStart).line;
    if (doc.errors.length > 0) {
      // One finding per skipped document (its first error; a template's every line would otherwise repeat it).
      const err = doc.errors[0];
      const at = err.pos ? pos(err.pos[0]) : { line: docLine, column: 1 };
      const more = doc.errors.length - 1;
      findings.push({
        rule: 'invalid-yaml',
        severity: 'error',
        file,
        line: at.line,
        column: at.column,
        object: null,
        message: `malformed YAML in document ${index + 1}: ${firstLine(err.message)}${more ? ` (and ${more} more error${more > 1 ? 's' : ''})` : ''}; this document is skipped`,
      });
      return;
    }
    // `%YAML 9.9`: a version no reader supports (go-yaml refuses it); the document is not read.
    const directive = doc.warnings.find((w) => w.code === 'BAD_DIRECTIVE');
    if (directive) {
      const at = directive.pos ? pos(directive.pos[0]) : { line: docLine, column: 1 };
      findings.push({
        rule: 'invalid-yaml',
        severity: 'error',
        file,
        line: at.line,
        column: at.column,
        object: null,
        message: `document ${index + 1}: ${firstLine(directive.message)} (Kubernetes reads YAML 1.1 and 1.2 only); this document is skipped`,
      });
      return;
    }
    if (doc.contents === null) return; // empty document (e.g. a trailing `---`)
    // A key that is itself a list or map (`? [a, b]`) has no Kubernetes meaning (and JavaScript would stringify it).
    let complexKey: number | null = null;
    const ambiguous: { line: number; text: string; path: (string | number)[] | null }[] = [];
    visit(doc, {
      Pair(_, pair) {
        if (isPair(pair) && isCollection(pair.key)) {
          complexKey = pos(pair.key.range?.[0] ?? docStart).line;
          return visit.BREAK;
        }
        return undefined;
      },
      Scalar(key, node, ancestors) {
        // YAML 1.1 (which Kubernetes' and Helm's Go readers use) reads these unquoted words as booleans; YAML 1.2 (this
        // reader) as strings: the two disagree about the value.
        if (
          opts.yaml11Warnings !== false &&
          key !== 'key' &&
          node.type === 'PLAIN' &&
          typeof node.source === 'string' &&
          YAML11_BOOL.test(node.source)
        )
          ambiguous.push({
            line: pos(node.range?.[0] ?? docStart).line,
            text: node.source,
            path: keyPath([...ancestors, node]),
          });
        return undefined;
      },
    });
    for (const a of ambiguous.slice(0, 20))
      findings.push({
        rule: 'yaml-1.1-boolean',
        severity: 'warning',
        file,
        line: a.line,
        object: null,
        message: `unquoted ${a.text} is a boolean in YAML 1.1, which Kubernetes and Helm read, but a string in YAML 1.2: write "${a.text}" for the string, or true/false for a boolean`,
      });
    if (complexKey !== null) {
      invalid(
        complexKey,
        `document ${index + 1} has a mapping key that is a list or a map (line ${complexKey}); Kubernetes objects have string keys. This document is skipped`,
      );
      return;
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (e) {
      invalid(
        docLine,
        `document ${index + 1} could not be expanded: ${firstLine(errorMessage(e))} (alias expansion is limited to ${MAX_ALIAS_COUNT}); this document is skipped`,
      );
      return;
    }
    if (value === null || value === undefined) return;
    // Read as Kubernetes and Helm read it (YAML 1.1): the unquoted words are booleans, so a string field that holds
    // one is a type error the validators report (a requirement value, a nodeSelector value, a label).
    if (opts.yaml11Warnings !== false)
      for (const a of ambiguous) if (a.path) value = setIfString(value, a.path, a.text, /^(y|yes|on)$/i.test(a.text));
    if (cyclic(value)) {
      invalid(
        docLine,
        `document ${index + 1} refers to itself through an alias (an anchor used inside its own value); this document is skipped`,
      );
      return;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      invalid(
        docLine,
        `document ${index + 1} is a ${Array.isArray(value) ? 'list' : typeof value}, not a Kubernetes object; skipped`,
      );
      return;
    }
    const locate = (path: readonly (string | number)[]): Position | null => {
      const { docs: again, lineCounter: lc } = reparse();
      const d = again[index];
      const at = (offset: number): Position => {
        const p = lc.linePos(offset);
        return { line: p.line, column: p.col };
      };
      for (let n = path.length; n >= 0; n--) {
        const node = d.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
        if (node && typeof node === 'object' && node.range) return at(node.range[0]);
        if (n === 0 && isCollection(d.contents) && d.contents.range) return at(d.contents.range[0]);
      }
      return null;
    };
    out.push({ file, index, value: value as Record<string, unknown>, source: { file, line: docLine, locate } });
  });
  return out;
}

/** Parses a YAML file expected to hold one mapping (values files, config); null + finding on failure. */
export function parseYamlMapping(
  file: string,
  text: string,
  findings: Finding[],
  opts: YamlOptions = {},
): SourceDocument | null {
  const docs = parseYamlDocuments(file, text, findings, opts);
  if (docs.length === 0) return null;
  return docs[0];
}

/** The key path of the last node of a chain of YAML nodes (document → … → node); null through keys not plain. */
function keyPath(chain: readonly unknown[]): (string | number)[] | null {
  const out: (string | number)[] = [];
  for (let i = 0; i < chain.length - 1; i++) {
    const a = chain[i];
    const child = chain[i + 1];
    if (isSeq(a)) {
      const j = a.items.indexOf(child as never);
      if (j < 0) return null;
      out.push(j);
    } else if (isPair(a)) {
      if (a.value !== child) return null;
      const k = isScalar(a.key) ? a.key.value : a.key;
      if (typeof k !== 'string' && typeof k !== 'number') return null;
      out.push(String(k));
    }
  }
  return out;
}

/** `root` with the value at `path` set to `to` when it is the string `was` (a merge or an alias may have moved it). */
function setIfString(root: unknown, path: (string | number)[], was: string, to: boolean): unknown {
  let cur: unknown = root;
  for (const k of path.slice(0, -1)) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, k)) return root;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  const last = path[path.length - 1];
  if (typeof cur === 'object' && cur !== null && Object.hasOwn(cur, last)) {
    const c = cur as Record<string | number, unknown>;
    if (c[last] === was) c[last] = to;
  }
  return root;
}

function firstLine(s: string): string {
  return s.split('\n')[0];
}
