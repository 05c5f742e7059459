/**
 * The two template syntaxes of Argo CD ApplicationSets, applied to the generated parameters (Argo CD
 * applicationset/utils/utils.go, Render.Replace):
 *  - the default, fasttemplate: `{{name}}`, `{{ path.basename }}`, `{{path[0]}}`; the tag (trimmed) is looked up as a
 *    flat key whose value must be a string, and a tag that is not a key is left as written;
 *  - `goTemplate: true`, Go's text/template with the Sprig functions: here a subset — fields (`.path.basename`,
 *    `$.name`), string, number and boolean literals, parentheses, pipelines, and the functions `index`, `default`,
 *    `lower`, `upper`, `trim`, `trimPrefix`, `trimSuffix`, `replace`, `quote`, `squote`, `join`, `printf` (`%s`,
 *    `%v`, `%d`, with a width up to MAX_PRINTF_WIDTH and the `-` and `0` flags) and Argo CD's `normalize`. Anything else (`if`, `range`, variables, other functions) is reported as
 *    unsupported, never guessed.
 * Missing keys follow Go's `missingkey` option: `<no value>` by default, an error with `missingkey=error`.
 */
import { isObject } from '../common/fields.js';

export type TemplateResult = { ok: true; text: string } | { ok: false; unsupported: boolean; message: string };

export interface TemplateOptions {
  goTemplate: boolean;
  /** `goTemplateOptions: ["missingkey=error"]`. */
  missingKeyError: boolean;
}

class TemplateError extends Error {
  constructor(
    message: string,
    readonly unsupported: boolean,
  ) {
    super(message);
  }
}

/** Renders one string field of an ApplicationSet's template (or of a generator, in a matrix) with one parameter set. */
export function renderTemplate(text: string, params: Record<string, unknown>, opts: TemplateOptions): TemplateResult {
  try {
    return {
      ok: true,
      text: opts.goTemplate ? goTemplate(text, params, opts.missingKeyError) : fastTemplate(text, params),
    };
  } catch (e) {
    if (e instanceof TemplateError) return { ok: false, unsupported: e.unsupported, message: e.message };
    throw e;
  }
}

/** fasttemplate with `{{` and `}}`: every tag that names a string parameter is replaced; others stay as written. */
function fastTemplate(text: string, params: Record<string, unknown>): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('{{', at);
    if (open < 0) return out + text.slice(at);
    const close = text.indexOf('}}', open + 2);
    // fasttemplate.NewTemplate: "cannot find end tag".
    if (close < 0) throw new TemplateError(`cannot find the end tag "}}" in ${JSON.stringify(text)}`, false);
    const tag = text.slice(open + 2, close);
    const key = tag.trim();
    const value = Object.hasOwn(params, key) ? params[key] : undefined;
    out += text.slice(at, open) + (key !== '' && typeof value === 'string' ? value : `{{${tag}}}`);
    at = close + 2;
  }
}

// ---- Go text/template (subset) ----

type Token =
  | { t: 'field'; path: string[] }
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'ident'; v: string }
  | { t: '(' | ')' | '|' };

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue']);
const NO_VALUE = '<no value>';
/** The widest `printf` field evaluated (`%1000s`); a wider one is a template error, not a huge string. */
export const MAX_PRINTF_WIDTH = 1000;

function goTemplate(text: string, params: Record<string, unknown>, missingKeyError: boolean): string {
  let out = '';
  let at = 0;
  let trimNextText = false;
  for (;;) {
    const open = text.indexOf('{{', at);
    let chunk = open < 0 ? text.slice(at) : text.slice(at, open);
    if (trimNextText) chunk = chunk.replace(/^\s+/, '');
    if (open < 0) return out + chunk;
    let start = open + 2;
    // `{{- ` trims the text before, ` -}}` the text after (the marker needs the space: text/template/parse lex.go).
    if (/^-[ \t\r\n]/.test(text.slice(start, start + 2))) {
      chunk = chunk.replace(/\s+$/, '');
      start += 2;
    }
    out += chunk;
    const close = findClose(text, start);
    if (close < 0) throw new TemplateError(`unclosed action in ${JSON.stringify(text)}`, false);
    let end = close;
    trimNextText = false;
    if (/[ \t\r\n]-$/.test(text.slice(close - 2, close))) {
      end = close - 2;
      trimNextText = true;
    }
    const action = text.slice(start, end).trim();
    at = close + 2;
    if (action.startsWith('/*') && action.endsWith('*/')) continue;
    out += printValue(evalPipeline(tokenize(action), params, missingKeyError));
  }
}

/** The `}}` that closes an action, skipping quoted strings. */
function findClose(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '`') {
      i = text.indexOf('`', i + 1);
      if (i < 0) return -1;
    } else if (c === '}' && text[i + 1] === '}') return i;
  }
  return -1;
}

/** Lexes an action into tokens (text/template/parse lex.go, for the subset evaluated here). */
function tokenize(action: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < action.length) {
    const { token, next } = lexToken(action, i, out.length === 0);
    if (token) out.push(token);
    i = next;
  }
  return out;
}

/** One token read from an action (null for space) and the index after it. */
interface Lexed {
  token: Token | null;
  next: number;
}

function lexToken(action: string, i: number, first: boolean): Lexed {
  const c = action[i];
  if (/\s/.test(c)) return { token: null, next: i + 1 };
  if (c === '(' || c === ')' || c === '|') return { token: { t: c }, next: i + 1 };
  if (c === '"') return lexQuotedString(action, i);
  if (c === '`') return lexRawString(action, i);
  if (c === '.' || c === '$') return lexField(action, i);
  if (/[-0-9]/.test(c)) return lexNumber(action, i);
  if (/[A-Za-z_]/.test(c)) return lexIdentifier(action, i, first);
  if (c === ':' || c === '=') throw new TemplateError(`template variables are not supported ({{${action}}})`, true);
  throw new TemplateError(`unexpected "${c}" in {{${action}}}`, false);
}

/** A `"..."` string with the escapes `\n`, `\t` and `\<c>`. */
function lexQuotedString(action: string, from: number): Lexed {
  let v = '';
  let i = from + 1;
  for (; i < action.length && action[i] !== '"'; i++) {
    if (action[i] === '\\') {
      const e = action[++i];
      v += e === 'n' ? '\n' : e === 't' ? '\t' : e;
    } else v += action[i];
  }
  if (i >= action.length) throw new TemplateError(`unterminated string in {{${action}}}`, false);
  return { token: { t: 'str', v }, next: i + 1 };
}

/** A `` `...` `` raw string (findClose has checked that it is closed). */
function lexRawString(action: string, from: number): Lexed {
  const j = action.indexOf('`', from + 1);
  return { token: { t: 'str', v: action.slice(from + 1, j) }, next: j + 1 };
}

function lexField(action: string, from: number): Lexed {
  // `.` is the parameters (no `range` or `with` changes it here), and so is `$`; `$x` is a variable.
  if (action[from] === '$' && /^\$[A-Za-z_]/.test(action.slice(from)))
    throw new TemplateError(`template variables are not supported ({{${action}}})`, true);
  const m = /^[.$]((?:\.?[A-Za-z0-9_]+)(?:\.[A-Za-z0-9_]+)*)?/.exec(action.slice(from))!;
  return { token: { t: 'field', path: (m[1] ?? '').split('.').filter(Boolean) }, next: from + m[0].length };
}

function lexNumber(action: string, from: number): Lexed {
  const m = /^-?[0-9]+(\.[0-9]+)?/.exec(action.slice(from));
  if (!m) throw new TemplateError(`unexpected "${action[from]}" in {{${action}}}`, false);
  return { token: { t: 'num', v: Number(m[0]) }, next: from + m[0].length };
}

/** A function name or `true`/`false`/`nil`; a keyword (`if`, `range`, …) that starts the action is refused. */
function lexIdentifier(action: string, from: number, first: boolean): Lexed {
  const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(action.slice(from))!;
  if (first && KEYWORDS.has(m[0]))
    throw new TemplateError(`the template action "${m[0]}" is not supported ({{${action}}})`, true);
  return { token: { t: 'ident', v: m[0] }, next: from + m[0].length };
}

/** pipeline := command ('|' command)*; the value of each command is passed as the last argument of the next. */
function evalPipeline(tokens: Token[], params: Record<string, unknown>, missingKeyError: boolean): unknown {
  let pos = 0;
  let depth = 0;
  const pipeline = (): unknown => {
    // text/template/parse limits nesting too (maxStackDepth); input from a pull request never overflows the stack.
    if (++depth > 100) throw new TemplateError('parentheses nest deeper than 100 levels', false);
    let value: unknown;
    let first = true;
    for (;;) {
      const args: { fn: string | null; operands: unknown[] } = { fn: null, operands: [] };
      while (pos < tokens.length && tokens[pos].t !== '|' && tokens[pos].t !== ')') {
        const tok = tokens[pos++];
        if (tok.t === 'ident') {
          if (tok.v === 'true' || tok.v === 'false') args.operands.push(tok.v === 'true');
          else if (tok.v === 'nil') args.operands.push(null);
          else if (args.fn === null && args.operands.length === 0) args.fn = tok.v;
          else throw new TemplateError(`"${tok.v}" cannot be an argument`, false);
        } else if (tok.t === '(') {
          args.operands.push(pipeline());
          if (tokens[pos]?.t !== ')') throw new TemplateError('unclosed parenthesis', false);
          pos++;
        } else if (tok.t === 'field') args.operands.push(lookup(params, tok.path, missingKeyError));
        else if (tok.t === 'str' || tok.t === 'num') args.operands.push(tok.v);
      }
      if (!first) args.operands.push(value);
      if (args.fn !== null) value = call(args.fn, args.operands);
      else if (args.operands.length === 1) value = args.operands[0];
      else throw new TemplateError('a command of the pipeline is empty or has arguments but no function', false);
      first = false;
      if (tokens[pos]?.t !== '|') {
        depth--;
        return value;
      }
      pos++;
    }
  };
  const value = pipeline();
  if (pos < tokens.length) throw new TemplateError('unexpected ")"', false);
  return value;
}

function lookup(params: Record<string, unknown>, path: string[], missingKeyError: boolean): unknown {
  let cur: unknown = params;
  for (const k of path) {
    // A missing key is an invalid value, and a field of it is one too (text/template exec.go evalField).
    if (cur === undefined) return undefined;
    if (cur === null) throw new TemplateError(`nil pointer evaluating .${path.join('.')}`, false);
    if (!isObject(cur)) throw new TemplateError(`can't evaluate field ${k} in .${path.join('.')}`, false);
    if (!Object.hasOwn(cur, k)) {
      if (missingKeyError) throw new TemplateError(`map has no entry for key "${k}" (.${path.join('.')})`, false);
      cur = undefined;
      continue;
    }
    cur = cur[k];
  }
  return cur;
}

const str = (v: unknown): string => printValue(v);

/** Sprig's `empty`: nil, false, 0, "" and empty collections. */
function empty(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.keys(v).length === 0;
  return false;
}

/** Argo CD applicationset/utils/utils.go SanitizeName (the `normalize` function). */
export function sanitizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^-a-z0-9.]/g, '-')
    .slice(0, 253)
    .replace(/^[-.]+|[-.]+$/g, '');
}

/** A template function: its arity (checked before it runs) if it has a fixed one, and what it returns. */
interface TemplateFunction {
  arity?: number;
  apply: (a: unknown[]) => unknown;
}

/** The functions evaluated (Go's builtins `index` and `printf`, Sprig's, Argo CD's `normalize`); the last argument is the piped value. */
const FUNCTIONS = new Map<string, TemplateFunction>([
  ['index', { apply: index }],
  ['default', { arity: 2, apply: (a) => (empty(a[1]) ? a[0] : a[1]) }],
  ['lower', { arity: 1, apply: (a) => str(a[0]).toLowerCase() }],
  ['upper', { arity: 1, apply: (a) => str(a[0]).toUpperCase() }],
  ['trim', { arity: 1, apply: (a) => str(a[0]).trim() }],
  ['trimPrefix', { arity: 2, apply: (a) => trimPrefix(str(a[1]), str(a[0])) }],
  ['trimSuffix', { arity: 2, apply: (a) => trimSuffix(str(a[1]), str(a[0])) }],
  ['replace', { arity: 3, apply: (a) => str(a[2]).split(str(a[0])).join(str(a[1])) }],
  ['quote', { apply: (a) => a.map((x) => JSON.stringify(str(x))).join(' ') }],
  ['squote', { apply: (a) => a.map((x) => `'${str(x)}'`).join(' ') }],
  ['normalize', { arity: 1, apply: (a) => sanitizeName(str(a[0])) }],
  ['join', { arity: 2, apply: (a) => (Array.isArray(a[1]) ? a[1].map(str).join(str(a[0])) : str(a[1])) }],
  ['printf', { apply: printf }],
]);

function call(fn: string, a: unknown[]): unknown {
  const f = FUNCTIONS.get(fn);
  if (!f) throw new TemplateError(`the template function "${fn}" is not supported`, true);
  if (f.arity !== undefined && a.length !== f.arity)
    throw new TemplateError(`wrong number of arguments for ${fn}: want ${f.arity}, got ${a.length}`, false);
  return f.apply(a);
}

/** Go's `index`: a list by an integer in range, a map by a key (a missing key is no value). */
function index(a: unknown[]): unknown {
  if (a.length < 1) throw new TemplateError('index needs an argument', false);
  let cur = a[0];
  for (const k of a.slice(1)) {
    if (Array.isArray(cur)) {
      if (typeof k !== 'number' || k < 0 || k >= cur.length || !Number.isInteger(k))
        throw new TemplateError(`index out of range: ${str(k)}`, false);
      cur = cur[k];
    } else if (isObject(cur)) {
      cur = Object.hasOwn(cur, String(k)) ? cur[String(k)] : undefined;
    } else if (cur === null || cur === undefined) {
      throw new TemplateError('index of untyped nil', false);
    } else throw new TemplateError(`can't index item of type ${typeof cur}`, false);
  }
  return cur;
}

function trimPrefix(s: string, p: string): string {
  return s.startsWith(p) ? s.slice(p.length) : s;
}

function trimSuffix(s: string, p: string): string {
  return p && s.endsWith(p) ? s.slice(0, s.length - p.length) : s;
}

function printf(a: unknown[]): string {
  if (typeof a[0] !== 'string') throw new TemplateError('printf needs a format string', false);
  let i = 1;
  // fmt's `%[-0][width]verb`: a width pads (spaces, or zeros with 0; on the right with -). Go would allocate any
  // width it is given; past MAX_PRINTF_WIDTH the template is refused rather than a field of gigabytes built.
  return a[0].replace(/%([-0]*)(\d*)([svd%])/g, (_, flags: string, w: string, verb: string) => {
    if (verb === '%') return '%';
    const width = w === '' ? 0 : Number(w);
    if (width > MAX_PRINTF_WIDTH)
      throw new TemplateError(
        `printf width ${w.slice(0, 20)} is over the ${MAX_PRINTF_WIDTH} karpenter-plan evaluates`,
        false,
      );
    const text = i >= a.length ? `%!${verb}(MISSING)` : str(a[i++]);
    if (text.length >= width) return text;
    if (flags.includes('-')) return text.padEnd(width, ' ');
    return flags.includes('0') && verb === 'd' ? text.padStart(width, '0') : text.padStart(width, ' ');
  });
}

/** How text/template prints a value (fmt's %v): Go's number format, `map[k:v]`, `[a b]`, `<no value>` for nil. */
export function printValue(v: unknown): string {
  if (v === null || v === undefined) return NO_VALUE;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goNumber(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(printValue).join(' ')}]`;
  if (isObject(v))
    return `map[${Object.keys(v)
      .sort()
      .map((k) => `${k}:${printValue(v[k])}`)
      .join(' ')}]`;
  return String(v);
}

/** strconv.FormatFloat(f, 'g', -1, 64), as %v prints a JSON number: exponent form below 1e-4 and from 1e6 on. */
function goNumber(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  const abs = Math.abs(n);
  if (abs === 0 || (abs >= 1e-4 && abs < 1e6)) return String(n);
  const [mant, exp] = n.toExponential().split('e');
  const e = Number(exp);
  return `${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}
