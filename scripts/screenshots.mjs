// Renders the pull-request comment of each example (the CLI's Markdown for examples/<name>) as GitHub shows it —
// GitHub-flavoured Markdown, alerts, <details>, and Mermaid diagrams drawn by Mermaid itself — in a real headless
// Chromium (@sparticuz/chromium, driven by puppeteer-core), writes docs/screenshots/<name>.png, and fails when any
// Mermaid diagram of any comment does not render. The browser gets no network: every request is refused, Mermaid is
// injected from node_modules.
//
//   node scripts/screenshots.mjs                 # PNGs of every example into docs/screenshots/
//   node scripts/screenshots.mjs --check         # only check that every diagram renders (no PNG)
//   node scripts/screenshots.mjs --markdown DIR  # the comments are DIR/<name>.md (as the tests write them)
//
// Exit codes: 0 = every diagram rendered, 1 = a diagram failed, 3 = Chromium could not be launched.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Width of a comment in GitHub's conversation view, about. */
const WIDTH = 900;

const USAGE = `Usage: node scripts/screenshots.mjs [--check] [--markdown DIR] [--out DIR] [--json]

  --check          render and check every Mermaid diagram, write no PNG
  --markdown DIR   read the comments from DIR/*.md instead of running the CLI on examples/*
  --out DIR        where the PNGs go (default: docs/screenshots)
  --json           print the result per comment as JSON
`;

/** GitHub-like styling of a comment (Primer's light theme, by eye): enough to judge the layout. */
const CSS = `
  * { box-sizing: border-box; }
  body { margin: 0; padding: 16px; background: #fff; width: ${WIDTH}px;
    font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
  .comment { border: 1px solid #d1d9e0; border-radius: 6px; overflow: hidden; }
  .comment-header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; color: #59636e; }
  .comment-header b { color: #1f2328; }
  .markdown-body { padding: 16px; overflow-wrap: break-word; }
  .markdown-body > :first-child { margin-top: 0; }
  h1, h2, h3 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
  h3 { font-size: 1.25em; }
  p, table, pre, blockquote, details, ul, ol { margin: 0 0 16px; }
  a { color: #0969da; text-decoration: none; }
  code { font: 85% ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #818b981f;
    padding: .2em .4em; border-radius: 6px; }
  pre { background: #f6f8fa; padding: 16px; border-radius: 6px; overflow: auto; font-size: 85%; }
  pre code { background: none; padding: 0; font-size: 100%; }
  table { border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; }
  th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
  th { font-weight: 600; }
  tr:nth-child(2n) { background: #f6f8fa; }
  details summary { cursor: pointer; }
  details > :not(summary) { margin-top: 8px; }
  blockquote { padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; }
  .alert { padding: 8px 16px; border-left: .25em solid; color: inherit; }
  .alert-title { font-weight: 600; margin: 0 0 4px; }
  .alert-note { border-color: #0969da; } .alert-note .alert-title { color: #0969da; }
  .alert-tip { border-color: #1a7f37; } .alert-tip .alert-title { color: #1a7f37; }
  .alert-important { border-color: #8250df; } .alert-important .alert-title { color: #8250df; }
  .alert-warning { border-color: #9a6700; } .alert-warning .alert-title { color: #9a6700; }
  .alert-caution { border-color: #d1242f; } .alert-caution .alert-title { color: #d1242f; }
  .mermaid-diagram { text-align: center; margin: 0 0 16px; }
  .mermaid-diagram svg { max-width: 100%; height: auto; }
  sub { font-size: 75%; }
  svg.emoji { vertical-align: -2px; }
`;

/**
 * GitHub draws emoji as images; the headless browser has no emoji font, so the ones the report uses are drawn as small
 * inline SVG shapes of the same colour and meaning.
 */
const circle = (fill, mark = '') =>
  `<svg class="emoji" viewBox="0 0 16 16" width="16" height="16"><circle cx="8" cy="8" r="7.5" fill="${fill}"/>${mark}</svg>`;
const CHECK = '<path d="M4.5 8.3l2.2 2.2 4.8-4.8" stroke="#fff" stroke-width="1.8" fill="none"/>';
const CROSS = '<path d="M5 5l6 6M11 5l-6 6" stroke="#fff" stroke-width="1.8"/>';
const BAR = '<path d="M4 8h8" stroke="#fff" stroke-width="2.2"/>';
const EMOJI = {
  '\u2705': circle('#1a7f37', CHECK), // ✅
  '\u274c': circle('#d1242f', CROSS), // ❌
  '\u26d4': circle('#d1242f', BAR), // ⛔
  '\ud83d\uded1': circle('#d1242f', BAR), // 🛑
  '\ud83d\udd34': circle('#d1242f'), // 🔴
  '\ud83d\udfe0': circle('#e16f24'), // 🟠
  '\ud83d\udfe1': circle('#d4a72c'), // 🟡
  '\ud83d\udfe2': circle('#1a7f37'), // 🟢
  '\u26aa': circle('#eaeef2'), // ⚪
  '\u26a0\ufe0f':
    '<svg class="emoji" viewBox="0 0 16 16" width="16" height="16"><path d="M8 1l7.5 13.5H.5z" fill="#d4a72c"/><path d="M8 6v4.5M8 12v1.2" stroke="#1f2328" stroke-width="1.6"/></svg>', // ⚠️
};
const EMOJI_RE = new RegExp(Object.keys(EMOJI).join('|'), 'g');

/** The Markdown of a comment as HTML, as GitHub renders it (GFM, plus its alert blockquotes). */
export async function commentHtml(markdown) {
  const { marked } = await import('marked');
  const body = marked
    .parse(markdown, { gfm: true, async: false })
    .replace(
      /<blockquote>\s*<p>\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/g,
      (_, kind) =>
        `<blockquote class="alert alert-${kind.toLowerCase()}"><p class="alert-title">${kind[0]}${kind.slice(1).toLowerCase()}</p><p>`,
    )
    .replace(EMOJI_RE, (e) => EMOJI[e]);
  return `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>
<div class="comment"><div class="comment-header"><b>github-actions</b> <span>bot commented</span></div>
<div class="markdown-body">${body}</div></div></body></html>`;
}

/** Launches the headless Chromium; throws when it cannot start (no binary for this platform, missing libraries). */
export async function launchBrowser() {
  const { default: chromium } = await import('@sparticuz/chromium');
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: await chromium.executablePath(),
    args: chromium.args,
    headless: true,
    defaultViewport: { width: WIDTH + 32, height: 800, deviceScaleFactor: 1 },
  });
}

/**
 * Renders each comment in one browser page: every Mermaid block drawn by Mermaid, and (with `outDir`) a PNG of the
 * comment. Mermaid is loaded once for the page and each comment replaces the document's head and body in turn.
 * Returns, per comment, the number of diagrams and the errors of those that failed.
 */
export async function renderComments(comments, { outDir = null, browser = null } = {}) {
  const own = browser === null;
  const b = browser ?? (await launchBrowser());
  const mermaidJs = require.resolve('mermaid/dist/mermaid.min.js');
  const results = [];
  try {
    const page = await b.newPage();
    try {
      await page.setRequestInterception(true);
      // Nothing leaves the page: the content is set inline and Mermaid injected from disk.
      page.on('request', (req) => (req.url().startsWith('data:') ? req.continue() : req.abort()));
      await page.setContent('<!doctype html><html><head></head><body></body></html>', { waitUntil: 'load' });
      await page.addScriptTag({ path: mermaidJs });
      await page.evaluate(() =>
        globalThis.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true }),
      );
      for (const { name, markdown } of comments) {
        const html = await commentHtml(markdown);
        const diagrams = await page.evaluate(async (doc) => {
          const d = globalThis.document;
          const parsed = new globalThis.DOMParser().parseFromString(doc, 'text/html');
          d.head.replaceWith(d.adoptNode(parsed.head));
          d.body.replaceWith(d.adoptNode(parsed.body));
          const m = globalThis.mermaid;
          const blocks = [...d.querySelectorAll('pre > code.language-mermaid')];
          const out = [];
          for (const [i, code] of blocks.entries()) {
            const text = code.textContent ?? '';
            try {
              const { svg } = await m.render(`diagram-${i}`, text);
              if (/Syntax error/i.test(svg)) throw new Error('Mermaid drew its error diagram');
              const div = d.createElement('div');
              div.className = 'mermaid-diagram';
              div.innerHTML = svg;
              code.parentElement.replaceWith(div);
              out.push({ ok: true });
            } catch (e) {
              out.push({ ok: false, error: String(e?.message ?? e).slice(0, 300), text: text.slice(0, 200) });
            }
          }
          return out;
        }, html);
        const result = {
          name,
          diagrams: diagrams.length,
          errors: diagrams.filter((d) => !d.ok).map((d) => `${d.error} in: ${d.text}`),
        };
        if (outDir) {
          mkdirSync(outDir, { recursive: true });
          const el = await page.$('.comment');
          const file = join(outDir, `${name}.png`);
          await el.screenshot({ path: file, type: 'png' });
          result.png = file;
        }
        results.push(result);
      }
    } finally {
      await page.close();
    }
  } finally {
    if (own) await b.close();
  }
  return results;
}

/** The comment Markdown of each example, from the CLI built from src (so a stale dist/ never shows). */
function exampleComments() {
  const { buildSync } = require('esbuild');
  // Inside the repository, so the bundle's few external packages resolve from node_modules.
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/kp-screenshots-'));
  try {
    const cli = join(dir, 'cli.mjs');
    buildSync({
      entryPoints: [join(ROOT, 'src/cli/bin.ts')],
      outfile: cli,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      external: ['@aws-sdk/*', '@kubernetes/client-node', '@cdktf/hcl2json'],
      banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
    });
    return readdirSync(join(ROOT, 'examples'))
      .sort()
      .map((name) => {
        // An example with a fleet snapshot is shown with it, as the README runs it.
        const fleet = existsSync(join(ROOT, 'examples', name, 'fleet.json'))
          ? ['--fleet', `examples/${name}/fleet.json`]
          : [];
        const r = spawnSync(
          process.execPath,
          [
            cli,
            'diff',
            '--base',
            `examples/${name}/base`,
            '--head',
            `examples/${name}/head`,
            '--at',
            '2026-01-05T10:00:00Z',
            '--format',
            'markdown',
            ...fleet,
          ],
          { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
        );
        if (r.status === 2 || !r.stdout) throw new Error(`karpenter-plan diff on examples/${name}: ${r.stderr}`);
        return { name, markdown: r.stdout };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean' },
      markdown: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return void process.stdout.write(USAGE);
  const comments = values.markdown
    ? readdirSync(values.markdown)
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => ({ name: basename(f, '.md'), markdown: readFileSync(join(values.markdown, f), 'utf8') }))
    : exampleComments();
  let browser;
  try {
    browser = await launchBrowser();
  } catch (e) {
    process.stderr.write(`screenshots: Chromium could not be launched: ${e?.message ?? e}\n`);
    process.exitCode = 3;
    return;
  }
  const outDir = values.check ? null : (values.out ?? join(ROOT, 'docs/screenshots'));
  let results;
  try {
    results = await renderComments(comments, { outDir, browser });
  } finally {
    await browser.close();
  }
  if (values.json) process.stdout.write(JSON.stringify(results) + '\n');
  for (const r of results) {
    process.stderr.write(
      `${r.name}: ${r.diagrams} diagram(s)${r.errors.length ? `, ${r.errors.length} FAILED` : ' rendered'}${r.png ? `; ${r.png}` : ''}\n`,
    );
    for (const e of r.errors) process.stderr.write(`  ${e}\n`);
  }
  if (results.some((r) => r.errors.length)) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
