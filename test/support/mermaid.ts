/**
 * Mermaid's own parser for a whole suite: one child process (test/support/mermaid-parse.mjs --serve, through
 * ServedScript) started on the first check and reused by the next ones. Call `close()` in afterAll.
 */
import { ServedScript } from './served-script.js';

export interface MermaidResult {
  ok: boolean;
  type?: string;
  error?: string;
}

export class MermaidParser extends ServedScript<string, MermaidResult> {
  constructor() {
    super('test/support/mermaid-parse.mjs');
  }

  parse(blocks: string[]): Promise<MermaidResult[]> {
    return this.run(blocks);
  }
}
