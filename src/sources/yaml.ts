/**
 * YAML reading with source positions: every document, object and field maps back to
 * file:line:column. Malformed documents, non-object documents and alias bombs become
 * findings; the other documents of the file are still returned.
 */
import {
  LineCounter,
  parseAllDocuments,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  YAMLMap,
  YAMLSeq,
  type Document,
} from 'yaml';
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
  const refused = refusedUnparsed(file, text);
  if (refused) {
    findings.push(refused);
    return [];
  }
  const lineCounter = new LineCounter();
  let docs: Document.Parsed[];
  try {
    docs = parseAll(text, lineCounter);
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
  const reader: FileReader = { file, findings, opts, positions: new FilePositions(text, lineCounter, docs) };
  const out: SourceDocument[] = [];
  docs.forEach((doc, index) => {
    const read = readDocument(reader, doc, index);
    if (read) out.push(read);
  });
  return out;
}

/** A file refused before it is parsed: too large, or nested too deep. */
function refusedUnparsed(file: string, text: string): Finding | null {
  if (text.length > MAX_FILE_BYTES)
    return {
      rule: 'unreadable-file',
      severity: 'error',
      file,
      line: 1,
      object: null,
      message: `${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB; not read`,
    };
  const deep = tooDeep(text);
  if (deep !== null)
    return {
      rule: 'invalid-yaml',
      severity: 'error',
      file,
      line: deep,
      object: null,
      message: `${file} nests deeper than ${MAX_NESTING} levels (line ${deep}); no Kubernetes object does, and the file is not read`,
    };
  return null;
}

/** Every document of a text, with the options of every read (the same text always gives the same ranges). */
function parseAll(text: string, lineCounter: LineCounter): Document.Parsed[] {
  const docs = parseAllDocuments(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    // Merge keys (`<<: *defaults`) are YAML 1.1, which Kubernetes reads (sigs.k8s.io/yaml, go-yaml).
    merge: true,
    logLevel: 'error',
  });
  return (Array.isArray(docs) ? docs : [docs]) as Document.Parsed[];
}

/** Line and column of one offset. */
function positionOf(lineCounter: LineCounter, offset: number): Position {
  const p = lineCounter.linePos(offset);
  return { line: p.line, column: p.col };
}

/**
 * Positions in one file. Positions of key paths are looked up only for findings: rather than keep every document's
 * syntax tree alive for that, the file is parsed again when one is first asked for (the same text, the same options,
 * so the same ranges). The first document asked about is parsed alone — its own text, its ranges offset by where it
 * starts — unless that does not give the same document back (a document whose reading depends on what comes before
 * it); a second document asked about, or such a document, has the whole file parsed again, once.
 */
class FilePositions {
  private reparsed: { docs: Document.Parsed[]; lineCounter: LineCounter } | null = null;
  /** The position trees of the documents kept (keep), by index. */
  private readonly kept = new Map<number, PositionNode>();
  /** Per document index: where its text starts and ends, and where its contents start, from the first parse. */
  private readonly spans: { start: number; end: number; contents: number | null }[];
  private readonly alone = new Map<number, Document.Parsed | null>();

  constructor(
    private readonly text: string,
    private readonly lineCounter: LineCounter,
    docs: readonly Document.Parsed[],
  ) {
    this.spans = docs.map((d) => ({
      start: d.range?.[0] ?? 0,
      end: d.range?.[2] ?? text.length,
      contents: d.contents?.range?.[0] ?? null,
    }));
  }

  /** The position of an offset of the text. */
  at(offset: number): Position {
    return positionOf(this.lineCounter, offset);
  }

  /**
   * Keeps where the index-th document's nodes are, from the parse that read it: the findings the rules report are
   * mostly about Karpenter's objects (every NodePool of a file, at times), which then need no parse again. Small
   * beside the syntax tree: an offset per node.
   */
  keep(index: number, doc: Document.Parsed): void {
    try {
      const tree = positionTree(doc.contents);
      if (tree) this.kept.set(index, tree);
    } catch (e) {
      if (e !== NOT_PLAIN) throw e;
    }
  }

  /** The position of a key path of the index-th document: its deepest node that exists, else the document's. */
  locator(index: number): (path: readonly (string | number)[]) => Position | null {
    return (path) => {
      const tree = this.kept.get(index);
      if (tree) return positionOf(this.lineCounter, deepestOffset(tree, path));
      const { doc: d, offset, lineCounter: lc } = this.document(index);
      if (!d) return null;
      for (let n = path.length; n >= 0; n--) {
        const node = d.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
        if (node && typeof node === 'object' && node.range) return positionOf(lc, offset + node.range[0]);
        if (n === 0 && isCollection(d.contents) && d.contents.range)
          return positionOf(lc, offset + d.contents.range[0]);
      }
      return null;
    };
  }

  /** The index-th document parsed again, with the offset of its ranges in the file and the file's line counter. */
  private document(index: number): { doc: Document.Parsed | undefined; offset: number; lineCounter: LineCounter } {
    const span = this.spans[index];
    // One document alone: the first one asked about. A file asked about several documents (a finding on each of many
    // NodePools) is parsed again whole, once, which costs less than as many separate parses.
    if (span && !this.alone.has(index) && this.alone.size === 0 && !this.reparsed) {
      const again = parseAll(this.text.slice(span.start, span.end), new LineCounter());
      const d = again.length === 1 && again[0].errors.length === 0 ? again[0] : null;
      const contents = d?.contents?.range?.[0];
      const same =
        d !== null && (contents === undefined ? span.contents === null : contents + span.start === span.contents);
      this.alone.set(index, same ? d : null);
    }
    const alone = this.alone.get(index);
    if (alone) return { doc: alone, offset: span.start, lineCounter: this.lineCounter };
    const { docs, lineCounter } = this.reparse();
    return { doc: docs[index], offset: 0, lineCounter };
  }

  private reparse(): { docs: Document.Parsed[]; lineCounter: LineCounter } {
    if (this.reparsed) return this.reparsed;
    const lc = new LineCounter();
    this.reparsed = { docs: parseAll(this.text, lc), lineCounter: lc };
    return this.reparsed;
  }
}

/** The apiVersions of Karpenter's objects (karpenter.sh, karpenter.k8s.aws): their documents' positions are kept. */
const KARPENTER_API = /^karpenter\.(sh|k8s\.aws)\//;

/** Thrown by positionTree for a collection that is not a plain map or sequence. */
const NOT_PLAIN = Symbol('not a plain collection');

/** Where a node of a document starts, and its children as `Document.getIn` finds them. */
interface PositionNode {
  offset: number;
  /** A mapping's values by their scalar key's value (the first pair of a key: findPair). */
  map?: Map<unknown, PositionNode>;
  /** A sequence's items. */
  seq?: (PositionNode | null)[];
}

function positionTree(node: unknown): PositionNode | null {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  if (!node || !range) return null;
  // Only plain maps and sequences: a YAML 1.1 `!!omap`, `!!pairs` or `!!set` is a subclass that getIn reads by key or
  // otherwise; its document is parsed again instead.
  const proto: unknown = Object.getPrototypeOf(node);
  if (isCollection(node) && proto !== YAMLMap.prototype && proto !== YAMLSeq.prototype) throw NOT_PLAIN;
  const out: PositionNode = { offset: range[0] };
  if (isMap(node)) {
    out.map = new Map();
    for (const pair of node.items) {
      if (!isScalar(pair.key) || out.map.has(pair.key.value)) continue;
      // A pair without a node where its value is: getIn finds nothing there, nor below (offset -1).
      out.map.set(pair.key.value, positionTree(pair.value) ?? { offset: -1 });
    }
  } else if (isSeq(node)) out.seq = node.items.map(positionTree);
  return out;
}

/**
 * The offset of the deepest node on `path` that exists, else the document's (FilePositions.locator over
 * `Document.getIn(path, true)`): map keys match a scalar key's value exactly, sequence indexes as YAMLSeq reads them
 * (a number, or a string of one).
 */
function deepestOffset(tree: PositionNode, path: readonly (string | number)[]): number {
  let best = tree.offset;
  let node: PositionNode | undefined | null = tree;
  for (const key of path) {
    if (node.map) node = node.map.get(key);
    else if (node.seq) {
      const i = typeof key === 'string' && key ? Number(key) : key;
      node = typeof i === 'number' && Number.isInteger(i) && i >= 0 ? node.seq[i] : null;
    } else node = null;
    if (!node || node.offset < 0) break;
    best = node.offset;
  }
  return best;
}

/** What reading the documents of one file shares. */
interface FileReader {
  file: string;
  findings: Finding[];
  opts: YamlOptions;
  positions: FilePositions;
}

/** An unquoted YAML 1.1 boolean word where a value is, and the key path to it (null through keys not plain). */
interface AmbiguousBoolean {
  line: number;
  text: string;
  path: (string | number)[] | null;
}

/** One document of a file, or null when it is empty or skipped (each skip a finding). */
function readDocument(reader: FileReader, doc: Document.Parsed, index: number): SourceDocument | null {
  const { file, findings, positions } = reader;
  const docStart = doc.contents?.range?.[0] ?? doc.range?.[0] ?? 0;
  const docLine = positions.at(docStart).line;
  const unreadable = unreadableDocument(reader, doc, index, docLine);
  if (unreadable) {
    findings.push(unreadable);
    return null;
  }
  if (doc.contents === null) return null; // empty document (e.g. a trailing `---`)
  const { complexKey, ambiguous } = scanNodes(doc, docStart, positions, reader.opts.yaml11Warnings !== false);
  for (const a of ambiguous.slice(0, 20)) findings.push(yaml11BooleanWarning(file, a));
  if (complexKey !== null) {
    findings.push(
      invalidYaml(
        file,
        complexKey,
        `document ${index + 1} has a mapping key that is a list or a map (line ${complexKey}); Kubernetes objects have string keys. This document is skipped`,
      ),
    );
    return null;
  }
  const value = documentValue(reader, doc, index, docLine, ambiguous);
  if (!value) return null;
  if (typeof value.apiVersion === 'string' && KARPENTER_API.test(value.apiVersion)) positions.keep(index, doc);
  return { file, index, value, source: { file, line: docLine, locate: positions.locator(index) } };
}

/** An `invalid-yaml` error at a line of a file. */
function invalidYaml(file: string, line: number, message: string): Finding {
  return { rule: 'invalid-yaml', severity: 'error', file, line, object: null, message };
}

/** A document that no reader would read: a syntax error (its first one), or a YAML version no reader supports. */
function unreadableDocument(reader: FileReader, doc: Document.Parsed, index: number, docLine: number): Finding | null {
  const { file, positions } = reader;
  if (doc.errors.length > 0) {
    // One finding per skipped document (its first error; a template's every line would otherwise repeat it).
    const err = doc.errors[0];
    const at = err.pos ? positions.at(err.pos[0]) : { line: docLine, column: 1 };
    const more = doc.errors.length - 1;
    return {
      rule: 'invalid-yaml',
      severity: 'error',
      file,
      line: at.line,
      column: at.column,
      object: null,
      message: `malformed YAML in document ${index + 1}: ${firstLine(err.message)}${more ? ` (and ${more} more error${more > 1 ? 's' : ''})` : ''}; this document is skipped`,
    };
  }
  // `%YAML 9.9`: a version no reader supports (go-yaml refuses it); the document is not read.
  const directive = doc.warnings.find((w) => w.code === 'BAD_DIRECTIVE');
  if (!directive) return null;
  const at = directive.pos ? positions.at(directive.pos[0]) : { line: docLine, column: 1 };
  return {
    rule: 'invalid-yaml',
    severity: 'error',
    file,
    line: at.line,
    column: at.column,
    object: null,
    message: `document ${index + 1}: ${firstLine(directive.message)} (Kubernetes reads YAML 1.1 and 1.2 only); this document is skipped`,
  };
}

/**
 * The line of the first mapping key that is a list or a map (`? [a, b]`: no Kubernetes meaning, and JavaScript would
 * stringify it), and the unquoted YAML 1.1 boolean words among the values when they are to be warned about.
 */
function scanNodes(
  doc: Document.Parsed,
  docStart: number,
  positions: FilePositions,
  yaml11Warnings: boolean,
): { complexKey: number | null; ambiguous: AmbiguousBoolean[] } {
  let complexKey: number | null = null;
  const ambiguous: AmbiguousBoolean[] = [];
  // The nodes from the document down to the one visited, in the order yaml's `visit` gives them, without its frozen
  // path per node: only an ambiguous word needs its path. A pair's key is not walked: a scalar key is no value, and a
  // collection key ends the scan.
  const stack: unknown[] = [doc];
  const walk = (node: unknown): boolean => {
    if (isScalar(node)) {
      // YAML 1.1 (which Kubernetes' and Helm's Go readers use) reads these unquoted words as booleans; YAML 1.2 (this
      // reader) as strings: the two disagree about the value.
      if (yaml11Warnings && node.type === 'PLAIN' && typeof node.source === 'string' && YAML11_BOOL.test(node.source))
        ambiguous.push({
          line: positions.at(node.range?.[0] ?? docStart).line,
          text: node.source,
          path: keyPath([...stack, node]),
        });
      return false;
    }
    if (isPair(node)) {
      if (isCollection(node.key)) {
        complexKey = positions.at(node.key.range?.[0] ?? docStart).line;
        return true;
      }
      stack.push(node);
      const stop = walk(node.value);
      stack.pop();
      return stop;
    }
    if (!isCollection(node)) return false;
    stack.push(node);
    const stop = node.items.some(walk);
    stack.pop();
    return stop;
  };
  walk(doc.contents);
  return { complexKey, ambiguous };
}

function yaml11BooleanWarning(file: string, a: AmbiguousBoolean): Finding {
  return {
    rule: 'yaml-1.1-boolean',
    severity: 'warning',
    file,
    line: a.line,
    object: null,
    message: `unquoted ${a.text} is a boolean in YAML 1.1, which Kubernetes and Helm read, but a string in YAML 1.2: write "${a.text}" for the string, or true/false for a boolean`,
  };
}

/**
 * The JavaScript value of a document, read as Kubernetes reads it, or null when it is empty or skipped: aliases
 * expanding past MAX_ALIAS_COUNT, an alias inside its own anchor and a value that is not a mapping are findings.
 */
function documentValue(
  reader: FileReader,
  doc: Document.Parsed,
  index: number,
  docLine: number,
  ambiguous: readonly AmbiguousBoolean[],
): Record<string, unknown> | null {
  const invalid = (message: string): null => {
    reader.findings.push(invalidYaml(reader.file, docLine, message));
    return null;
  };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    return invalid(
      `document ${index + 1} could not be expanded: ${firstLine(errorMessage(e))} (alias expansion is limited to ${MAX_ALIAS_COUNT}); this document is skipped`,
    );
  }
  if (value === null || value === undefined) return null;
  // Read as Kubernetes and Helm read it (YAML 1.1): the unquoted words are booleans, so a string field that holds
  // one is a type error the validators report (a requirement value, a nodeSelector value, a label).
  if (reader.opts.yaml11Warnings !== false)
    for (const a of ambiguous) if (a.path) value = setIfString(value, a.path, a.text, /^(y|yes|on)$/i.test(a.text));
  if (cyclic(value))
    return invalid(
      `document ${index + 1} refers to itself through an alias (an anchor used inside its own value); this document is skipped`,
    );
  if (typeof value !== 'object' || Array.isArray(value))
    return invalid(
      `document ${index + 1} is a ${Array.isArray(value) ? 'list' : typeof value}, not a Kubernetes object; skipped`,
    );
  return value as Record<string, unknown>;
}

/**
 * The documents of the files both states of a diff read (base and head are two revisions of one repository: most of
 * their files are the same text). A file of the same name and text is parsed once; each state gets copies of its
 * findings and the same documents, which readers never change (they build their own objects from the values). Lives
 * as long as the loading of one target's two states.
 */
export class SharedYamlReads {
  private readonly files = new Map<string, { text: string; docs: SourceDocument[]; findings: Finding[] }>();

  /** parseYamlDocuments of a Kubernetes manifest file (YAML 1.1 warnings on), the findings pushed to `findings`. */
  parse(file: string, text: string, findings: Finding[]): SourceDocument[] {
    const read = this.files.get(file);
    if (read && read.text === text) {
      // Each file is read once per state: the other state has it now, and nothing holds it longer than the states do.
      this.files.delete(file);
      for (const f of read.findings) findings.push({ ...f });
      return read.docs;
    }
    const own: Finding[] = [];
    const docs = parseYamlDocuments(file, text, own);
    this.files.set(file, { text, docs, findings: own });
    for (const f of own) findings.push({ ...f });
    return docs;
  }
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
