/**
 * The markup the Markdown report's sections share: how a sentence marks names and user text (Markdown, or plain for
 * the terminal), and the folded `<details>` every section is.
 */
import { code, inert } from './escape.js';

/** How a sentence marks names and user text: Markdown (inline code, inert text), or plain for the terminal. */
export interface Inline {
  code(s: string): string;
  text(s: string): string;
}

export const MD: Inline = { code, text: inert };

export function details(summary: string, body: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${summary}</summary>\n\n${body}\n</details>`;
}
