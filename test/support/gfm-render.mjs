// Renders Markdown with a real GFM renderer (marked, gfm mode) and reads the HTML with jsdom, in a plain Node
// process. Input: a JSON array of Markdown texts on stdin. Output: a JSON array of
// { tags: {TAG: count}, hrefs, media, text } — the elements, link targets, embedded media and the rendered text
// outside code blocks.
// With --serve the process stays up for a whole suite (test/support/served-script.ts): each line of stdin is one such
// JSON array and each answer one line of stdout, so jsdom loads once, not once per check.
import { createInterface } from 'node:readline';
import { marked } from 'marked';
import { JSDOM } from 'jsdom';

// One window for every text (a new JSDOM per text cost most of the run): each text replaces the body's content.
const doc = new JSDOM('<!doctype html><body></body>').window.document;

function renderAll(texts) {
  const out = [];
  for (const md of texts) {
    doc.body.innerHTML = marked.parse(md, { gfm: true, async: false });
    const tags = {};
    for (const el of doc.body.querySelectorAll('*')) tags[el.tagName] = (tags[el.tagName] ?? 0) + 1;
    out.push({
      tags,
      hrefs: [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
      media: [...doc.querySelectorAll('img, iframe, video, audio, source, script, object, embed')].map(
        (x) => x.outerHTML,
      ),
      // GitHub leaves code blocks alone when it links mentions and references: the text outside them.
      text: (() => {
        const body = doc.body.cloneNode(true);
        for (const pre of body.querySelectorAll('pre')) pre.remove();
        return body.textContent ?? '';
      })(),
    });
  }
  return out;
}

if (process.argv.includes('--serve')) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity }))
    if (line.trim()) process.stdout.write(`${JSON.stringify(renderAll(JSON.parse(line)))}\n`);
} else {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(JSON.stringify(renderAll(JSON.parse(input))));
}
