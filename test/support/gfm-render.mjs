// Renders Markdown with a real GFM renderer (marked, gfm mode) and reads the HTML with jsdom, in a plain Node
// process. Input: a JSON array of Markdown texts on stdin. Output: a JSON array of
// { tags: {TAG: count}, hrefs, media, text } — the elements, link targets, embedded media and the rendered text
// outside code blocks.
import { marked } from 'marked';
import { JSDOM } from 'jsdom';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const out = [];
// One window for every text (a new JSDOM per text cost most of the run): each text replaces the body's content.
const doc = new JSDOM('<!doctype html><body></body>').window.document;
for (const md of JSON.parse(input)) {
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
process.stdout.write(JSON.stringify(out));
