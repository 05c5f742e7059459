/** Escaping of user-controlled strings for Markdown tables, inline code and HTML. */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Safe inside a Markdown table cell: no pipes, no newlines, no HTML, no backtick runs. */
export function cell(s: string | number | null | undefined): string {
  if (s === null || s === undefined || s === '') return '–';
  return escapeHtml(String(s))
    .replace(/\r?\n/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/`/g, '&#96;')
    .replace(/\*/g, '\\*')
    .replace(/_/g, '\\_')
    .replace(/\[/g, '\\[')
    .replace(/\]/g, '\\]');
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
