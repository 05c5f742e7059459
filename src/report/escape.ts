/** Escaping of user-controlled strings for Markdown tables, inline code and HTML. */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ZWSP = '\u200b';

/**
 * User-derived text made inert in GitHub Markdown: HTML escaped, and no `@mention` (which notifies people), `#123`
 * reference, bare URL (autolinked), link or image syntax survives — a zero-width space breaks each.
 */
export function inert(s: string): string {
  return escapeHtml(s.replace(/\r?\n/g, ' '))
    .replace(/@/g, `@${ZWSP}`)
    .replace(/#(?=\w)/g, `#${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`)
    .replace(/!\[/g, `!${ZWSP}[`)
    .replace(/\[/g, '\\[')
    .replace(/\]/g, '\\]');
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
  return inert(String(s))
    .replace(/\r?\n/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/`/g, '&#96;')
    .replace(/\*/g, '\\*')
    .replace(/_/g, '\\_');
}

/** Inline code that cannot be broken out of. */
export function code(s: string): string {
  const clean = s.replace(/\r?\n/g, ' ').replace(/\|/g, '¦');
  return `<code>${escapeHtml(clean)}</code>`;
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
