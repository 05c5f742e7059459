/**
 * Escaping of input-derived strings, one function per output context (docs/security.md, "Displayed strings"):
 *
 * - `inert` — prose in GitHub Markdown (the comment, the job summary, the check run's text);
 * - `cell` — a Markdown table cell;
 * - `code` — inline code (`<code>`; GitHub renders Markdown inside it, so it is escaped like prose);
 * - `linkText` and `urlPath` — the text and the path of a link the report builds itself;
 * - `sarifText` and `sarifUri` — a SARIF message (plain text, where `[text](n)` is an embedded link) and a SARIF
 *   artifact URI;
 * - `plain` and `logSafe` — terminal text and workflow logs (no control characters, no line that the runner reads
 *   as a `::command::`).
 *
 * Every name from the input (NodePool, NodeClass, overlay, workload, file, label value, target key, git label) passes
 * through one of these before it is displayed. The plan JSON keeps the raw strings.
 */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ZWSP = '\u200b';

/** Line breaks and other control characters (C0, DEL, C1, line/paragraph separators) as one space each. */
export function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\r\n|[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

/**
 * ASCII characters that Markdown (GFM) or HTML may read as syntax. Each is written as a numeric character reference:
 * CommonMark renders a reference as the character and never reads it as syntax (a link, an image, emphasis, a table
 * pipe, an HTML tag, a code span), and GFM table rows are split on raw pipes before references are decoded.
 */
const MARKDOWN_SYNTAX = /[&<>"\\`*_~[\]|$!^]/g;
const NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * User-derived text made inert in GitHub Markdown: on one line, no HTML, no link or image syntax, no emphasis or
 * code span, and no autolink — `@mention` (which notifies people), `#123` references, bare URLs and `www.` —
 * survives: a zero-width space breaks each autolink pattern, which works on the rendered text too.
 */
export function inert(s: string): string {
  return (
    oneLine(String(s))
      .replace(/@/g, `@${ZWSP}`)
      .replace(/#/g, `#${ZWSP}`)
      .replace(/:\/\//g, `:${ZWSP}//`)
      .replace(/www\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
      .replace(MARKDOWN_SYNTAX, (c) => NAMED[c] ?? `&#${c.charCodeAt(0)};`)
      // At the start of a line (a note, a timeline): no indented code block, list item or setext underline.
      .replace(/^(?:[ ]{4,}|[ ]*\t)[ \t]*/, (m) => m.replace(/[ \t]/g, (c) => `&#${c.charCodeAt(0)};`))
      .replace(/^( {0,3})([-+=])/, (_, sp: string, c: string) => `${sp}&#${c.charCodeAt(0)};`)
      .replace(/^( {0,3}\d+)([.)])/, (_, d: string, c: string) => `${d}&#${c.charCodeAt(0)};`)
  );
}

/** A code fence longer than any run of backticks in the content, so the content cannot close it. */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const m of content.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Safe inside a Markdown table cell: no pipes, no newlines, no HTML, no backtick runs, nothing that links or notifies. */
export function cell(s: string | number | null | undefined): string {
  if (s === null || s === undefined || s === '') return '–';
  return inert(String(s));
}

/** Inline code that cannot be broken out of, and inside which nothing links: GitHub renders Markdown in `<code>`. */
export function code(s: string): string {
  return `<code>${inert(s)}</code>`;
}

/** The text of a link the report builds (`[text](url)`): it cannot close the brackets or start another link. */
export function linkText(s: string): string {
  return inert(s);
}

/** A relative path as a URL path: every segment percent-encoded, `(`, `)`, `'`, `!` and `*` included. */
export function urlPath(path: string): string {
  return path
    .split('/')
    .map((seg) => encodeURIComponent(seg).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/**
 * A SARIF plain-text message (SARIF 2.1.0 §3.11.6): `[text](id)` is an embedded link there, so brackets and the
 * backslash are escaped with a backslash; control characters other than the line feed become spaces.
 */
export function sarifText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ').replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/** A SARIF artifact location URI for a repository-relative path (SARIF 2.1.0 §3.4.3: a valid URI reference). */
export function sarifUri(path: string): string {
  return urlPath(path);
}

/** Terminal text: on one line, without control characters (no ANSI escape sequences from the input). */
export function plain(s: string | null | undefined): string {
  return s === null || s === undefined ? '' : oneLine(String(s));
}

/**
 * Text written to a workflow log: a line that starts with `::` is a workflow command for the runner
 * (`::add-mask::`, `::stop-commands::`, …), so such a line gets a zero-width space between the colons.
 */
export function logSafe(text: string): string {
  return text.replace(/^(\s*):(?=:)/gm, `$1:${ZWSP}`);
}

export function money(v: number | null | undefined): string {
  if (v === null || v === undefined) return '–';
  return `$${v < 1 ? v.toFixed(4) : v.toFixed(2)}`;
}

export function signedMoney(v: number): string {
  const s = v < 0 ? '-' : '+';
  return `${s}${money(Math.abs(v))}`;
}

/** Hours in a month as cloud bills count them (AWS pricing pages use 730). */
export const HOURS_PER_MONTH = 730;

/** A cost per hour as a monthly figure (730 h), rounded to whole dollars from $100 up. */
export function monthly(perHour: number | null): string {
  if (perHour === null) return '–';
  const m = perHour * HOURS_PER_MONTH;
  return m >= 100 ? `$${Math.round(m).toLocaleString('en-US')}` : `$${m.toFixed(2)}`;
}

/** A change per hour as a signed monthly figure, rounded to whole dollars from $100 up. */
export function signedMonthly(perHour: number): string {
  const m = perHour * HOURS_PER_MONTH;
  const abs = Math.abs(m);
  const text = abs >= 100 ? `$${Math.round(abs).toLocaleString('en-US')}` : `$${abs.toFixed(2)}`;
  return `${m < 0 ? '-' : '+'}${text}`;
}
