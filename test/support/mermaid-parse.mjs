// Parses Mermaid blocks with Mermaid's own parser (in a plain Node process, with jsdom for the
// DOM Mermaid expects). Input: a JSON array of diagram texts on stdin. Output: a JSON array of
// { ok, type?, error? }.
// With --serve the process stays up for a whole suite (test/support/mermaid.ts): each line of stdin is one such JSON
// array and each answer one line of stdout, so jsdom and Mermaid load once, not once per check.
import { createInterface } from 'node:readline';
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');

async function parseAll(texts) {
  const out = [];
  for (const text of texts) {
    try {
      const r = await mermaid.parse(text);
      out.push({ ok: true, type: r.diagramType });
    } catch (e) {
      out.push({ ok: false, error: String(e?.message ?? e).slice(0, 300) });
    }
  }
  return out;
}

if (process.argv.includes('--serve')) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity }))
    if (line.trim()) process.stdout.write(`${JSON.stringify(await parseAll(JSON.parse(line)))}\n`);
} else {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(JSON.stringify(await parseAll(JSON.parse(input))));
}
