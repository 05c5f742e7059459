// Parses Mermaid blocks with Mermaid's own parser (in a plain Node process, with jsdom for the
// DOM Mermaid expects). Input: a JSON array of diagram texts on stdin. Output: a JSON array of
// { ok, type?, error? }.
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
let input = '';
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const text of JSON.parse(input)) {
  try {
    const r = await mermaid.parse(text);
    out.push({ ok: true, type: r.diagramType });
  } catch (e) {
    out.push({ ok: false, error: String(e?.message ?? e).slice(0, 300) });
  }
}
process.stdout.write(JSON.stringify(out));
