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

/**
 * The body's textContent without that of its <pre> elements, read in place (a clone of the body with the <pre>s
 * removed gave the same text at twice the DOM work).
 */
function textOutsidePre(body) {
  const walker = doc.createTreeWalker(body, 0x5 /* NodeFilter.SHOW_ELEMENT | SHOW_TEXT */, {
    acceptNode: (n) => (n.nodeName === 'PRE' ? 2 /* FILTER_REJECT: skips the subtree */ : 1 /* FILTER_ACCEPT */),
  });
  let text = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeType === 3) text += n.data;
  return text;
}

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
      text: textOutsidePre(doc.body),
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
