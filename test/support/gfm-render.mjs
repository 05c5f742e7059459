// Renders Markdown with a real GFM renderer (marked, gfm mode) and reads the HTML with parse5, in a plain Node
// process. Input: a JSON array of Markdown texts on stdin. Output: a JSON array of
// { tags: {TAG: count}, hrefs, media, text } — the elements, link targets, embedded media and the rendered text
// outside code blocks.
// With --serve the process stays up for a whole suite (test/support/served-script.ts): each line of stdin is one such
// JSON array and each answer one line of stdout, so the libraries load once, not once per check.
import { createInterface } from 'node:readline';
import { marked } from 'marked';
import { parse, parseFragment, serializeOuter } from 'parse5';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const MEDIA = new Set(['img', 'iframe', 'video', 'audio', 'source', 'script', 'object', 'embed']);

// The <body> element every rendering is parsed into, as a browser (and jsdom's innerHTML) parses it: parse5 is the
// WHATWG HTML parser jsdom itself uses, without building a DOM with its live interfaces (ten times the cost).
const body = parse('<!doctype html><html><head></head><body></body></html>').childNodes[1].childNodes[1];

/**
 * What a rendering holds: each element's tag name (upper case in the HTML namespace, as the DOM's tagName), the
 * targets of its links, its embedded media, and its text outside <pre> elements (GitHub leaves code blocks alone when
 * it links mentions and references). Template contents are not descended into, as the DOM keeps them apart.
 */
function read(html) {
  const out = { tags: {}, hrefs: [], media: [], text: '' };
  const visit = (node, inPre) => {
    if (node.nodeName === '#text') {
      if (!inPre) out.text += node.value;
      return;
    }
    if (!node.tagName) return; // comments
    const tag = node.namespaceURI === HTML_NS ? node.tagName.toUpperCase() : node.tagName;
    out.tags[tag] = (out.tags[tag] ?? 0) + 1;
    if (node.tagName === 'a') out.hrefs.push(node.attrs.find((a) => a.name === 'href')?.value ?? '');
    if (MEDIA.has(node.tagName)) out.media.push(serializeOuter(node));
    const pre = inPre || (node.tagName === 'pre' && node.namespaceURI === HTML_NS);
    for (const c of node.childNodes ?? []) visit(c, pre);
  };
  for (const c of parseFragment(body, html).childNodes) visit(c, false);
  return out;
}

function renderAll(texts) {
  return texts.map((md) => read(marked.parse(md, { gfm: true, async: false })));
}

if (process.argv.includes('--serve')) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity }))
    if (line.trim()) process.stdout.write(`${JSON.stringify(renderAll(JSON.parse(line)))}\n`);
} else {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(JSON.stringify(renderAll(JSON.parse(input))));
}
