/**
 * Escaping per output context (src/report/escape.ts), proved with a real GFM renderer: hostile strings (Markdown
 * links and images, HTML, @mentions, #references, URLs, newlines, backticks, pipes) put in every displayed field of
 * a plan — NodePool, NodeOverlay, namePrefix-built and workload names, file names, label values, target keys — and in
 * real manifests run through the CLI, render to a comment in which no link, image, mention-like autolink or HTML
 * element comes from the input. `marked` (GFM mode) renders the Markdown, parse5 (the WHATWG HTML parser) reads the HTML.
 */
import fc from 'fast-check';
import { runCli } from '../../src/cli/run.js';
import { ASSUMPTIONS_DOCS_URL, renderMarkdown } from '../../src/report/markdown.js';
import { renderSarif } from '../../src/report/sarif.js';
import { renderText } from '../../src/report/text.js';
import { cell, code, inert, linkText, logSafe, plain, sarifText, sarifUri, urlPath } from '../../src/report/escape.js';
import { RULE_DOCS_URL } from '../../src/report/rule-docs.js';
import type { Plan } from '../../src/plan/contract.js';
import { NODECLASS, tempTree } from '../helpers.js';
import { ServedScript } from '../support/served-script.js';
import type { Finding } from '../../src/common/findings.js';
import { assumption } from '../../src/common/assumptions.js';
import { wordAssumption } from '../../src/common/assumption-wording.js';

const BLOB = 'https://github.com/o/r/blob/abc';

/** Fragments that make links, images, HTML, mentions or line breaks in GitHub Markdown when left raw. */
const FRAGMENTS = [
  '[x](https://evil.example/a)',
  '![i](https://evil.example/i.png)',
  '<img src=https://evil.example/i.png>',
  '<a href="https://evil.example">a</a>',
  '<b>bold</b>',
  '<details>',
  '</code>',
  '</td></tr>',
  '<!--',
  '-->',
  '@octocat',
  '@org/team',
  '#12',
  'GH-12',
  'https://evil.example/x',
  'http://evil.example',
  'www.evil.example',
  'me@evil.example',
  '<https://evil.example>',
  '[ref]',
  '[ref]: https://evil.example',
  '\n',
  '\r\n',
  '\u2028',
  '\n- [x](https://evil.example)\n',
  '\n\n<img src=x>\n\n',
  '`',
  '``',
  '```',
  '|',
  '\\',
  '\\[x](https://evil.example)',
  '*',
  '_',
  '~~',
  '&lt;b&gt;',
  '&#64;octocat',
  '::add-mask::x',
  '\u001b[31m',
  '$',
  ' ',
  'a',
  '.',
  '/',
  ':',
];

const payload = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 8 })
  .map((xs) => xs.join(''));

interface Rendered {
  tags: Record<string, number>;
  hrefs: string[];
  media: string[];
  text: string;
}

/** Per Markdown table, the number of distinct counts of raw pipes in its rows (1: no cell was split). */
function tableWidths(md: string): number[] {
  const out: number[] = [];
  let widths: Set<number> | null = null;
  for (const line of md.split('\n')) {
    if (line.startsWith('|')) (widths ??= new Set()).add(line.split('|').length);
    else if (widths) {
      out.push(widths.size);
      widths = null;
    }
  }
  if (widths) out.push(widths.size);
  return out;
}

/** marked and parse5 in one child process for the suite (test/support/gfm-render.mjs --serve). */
const gfm = new ServedScript<string, Rendered>('test/support/gfm-render.mjs');
afterAll(() => gfm.close());

/**
 * Renders Markdown texts with marked (GFM) and reads the HTML with jsdom, in the suite's child process. A text given
 * several times (the one benign comment every hostile one is compared with) is rendered once.
 */
async function render(mds: string[]): Promise<Rendered[]> {
  const unique = [...new Set(mds)];
  const rendered = await gfm.run(unique);
  const byText = new Map(unique.map((md, i) => [md, rendered[i]]));
  return mds.map((md) => byText.get(md)!);
}

/** Asserts that each hostile rendering adds nothing its benign counterpart does not have. */
async function expectInert(pairs: [hostile: string, benign: string][]): Promise<void> {
  const r = await render(pairs.flat());
  for (let i = 0; i < pairs.length; i++) {
    const h = r[2 * i];
    const b = r[2 * i + 1];
    expect(h.media).toEqual([]);
    // No element the benign rendering lacks, and no more of one than it has: input never adds an element.
    for (const [tag, n] of Object.entries(h.tags))
      expect([tag, n <= (b.tags[tag] ?? 0), n > (b.tags[tag] ?? 0) ? h.hrefs : null]).toEqual([tag, true, null]);
    // Links the report builds: lines in the repository, rule and assumption docs, its own section anchors (#kp-…),
    // and the anchors themselves (<a name>, no href).
    for (const href of h.hrefs)
      expect(
        href.startsWith(`${BLOB}/`) ||
          href.startsWith(RULE_DOCS_URL) ||
          href === ASSUMPTIONS_DOCS_URL ||
          /^#kp-[a-z0-9-]+$/.test(href) ||
          href === '',
      ).toBe(true);
    // GitHub autolinks mentions, issue references, URLs and e-mail addresses in rendered text.
    expect(h.text).not.toMatch(/@[A-Za-z0-9]/);
    expect(h.text).not.toMatch(/#\d/);
    expect(h.text).not.toMatch(/[a-z]+:\/\/evil/i);
    expect(h.text).not.toMatch(/www\.evil/i);
    // Every table keeps one row width: no pipe or line break from the input split a cell or a row.
    expect(tableWidths(pairs[i][0]).every((n) => n === 1)).toBe(true);
  }
}

let basePlan: Plan;
beforeAll(async () => {
  const r = await runCli([
    'diff',
    '--base',
    'examples/generation-split/base',
    '--head',
    'examples/generation-split/head',
    '--format',
    'json',
    '--at',
    '2026-01-05T10:00:00Z',
  ]);
  basePlan = JSON.parse(r.stdout) as Plan;
}, 60_000);

/** The plan with every input-derived displayed string set to `s` (names, files, labels, keys, notes). */
function withEverywhere(s: string, clusters: boolean): Plan {
  const p = structuredClone(basePlan);
  p.base.label = s;
  p.head.label = s;
  for (const np of p.nodePools) {
    np.name = s;
    np.changedFields = [s, 'spec.weight'];
    np.potentialDrift = [s];
    if (np.rollout) np.rollout.note = s;
  }
  for (const w of p.workloads) {
    w.name = s;
    w.namespace = s;
    for (const side of [w.base, w.head]) {
      if (!side) continue;
      side.nodePool = s;
      side.instanceType = s;
      if (!side.schedulable) side.reason = s;
    }
  }
  for (const a of p.alerts) a.subjects = a.subjects.map(() => s);
  for (const o of p.objects) {
    o.name = s;
    o.kind = s;
    o.diff = `-${s}\n+${s}`;
  }
  p.findings.push(
    { rule: 'invalid-spec', severity: 'error', message: s, file: s, line: 3, object: `NodePool/${s}` },
    {
      rule: s as Finding['rule'],
      severity: 'warning',
      message: `label value ${s}`,
      file: `dir/${s}.yaml`,
      line: 1,
      object: s,
    },
  );
  // An assumption carries input-derived parameters (a chart's path, a binary); the renderers word it from its code.
  const hostile = assumption('helm-unavailable', { binary: s, chart: s, adapter: null });
  p.assumptionCodes = [...(p.assumptionCodes ?? []), hostile];
  p.assumptions = [...p.assumptions, wordAssumption(hostile)];
  p.verdictReasons = [s];
  p.verdict = 'fail';
  if (clusters) p.clusters = [{ key: s, source: s, plan: structuredClone(p) } as NonNullable<Plan['clusters']>[0]];
  return p;
}

describe('the comment renders input inertly (GFM renderer)', () => {
  test('the checker itself sees a raw link, image, mention and split cell', async () => {
    const raw = '| a | b |\n|---|---|\n| [x](https://evil.example) ![i](https://evil.example/i.png) @octocat | c | d |';
    const [r] = await render([raw]);
    expect(r.hrefs).toContain('https://evil.example');
    expect(r.media.length).toBe(1);
    expect(r.text).toMatch(/@octocat/);
    expect(tableWidths(raw)).toEqual([2]);
  });

  test('each fragment in every field, with and without targets', async () => {
    const pairs: [string, string][] = [];
    for (const frag of FRAGMENTS)
      for (const clusters of [false, true])
        pairs.push([
          renderMarkdown(withEverywhere(`n${frag}x`, clusters), { blobUrl: BLOB }),
          renderMarkdown(withEverywhere('nx', clusters), { blobUrl: BLOB }),
        ]);
    await expectInert(pairs);
  }, 60_000);

  test('generated payloads in every field (property)', async () => {
    const benign = renderMarkdown(withEverywhere('nx', false), { blobUrl: BLOB });
    const samples = fc.sample(payload, { numRuns: 150, seed: 26 });
    await expectInert(samples.map((s) => [renderMarkdown(withEverywhere(s, false), { blobUrl: BLOB }), benign]));
  }, 60_000);

  test('generated payloads through each escaping function (property)', async () => {
    const samples = fc.sample(payload, { numRuns: 400, seed: 2026 });
    await expectInert(
      samples.map((s) => [
        `| a | b |\n|---|---|\n| ${cell(s)} | ${code(s)} |\n\n${inert(s)} [${linkText(s)}](${BLOB}/${urlPath(s)})`,
        `| a | b |\n|---|---|\n| x | <code>x</code> |\n\nx [x](${BLOB}/x)`,
      ]),
    );
    fc.assert(
      fc.property(payload, (s) => {
        expect([...plain(s)].some((c) => c === '\n' || c === '\r' || c === '\u001b')).toBe(false);
        expect(logSafe(`${s}\n${s}`)).not.toMatch(/^\s*::/m);
        expect(sarifUri(s)).toMatch(/^[A-Za-z0-9%._~\-/]*$/);
        expect(sarifText(s)).not.toMatch(/(^|[^\\])\[/);
      }),
      { numRuns: 400 },
    );
  });
});

describe('hostile names in real manifests, through the CLI', () => {
  const NAMES = [
    'np-[x](https://evil.example)',
    '![i](https://evil.example/i.png)',
    '<img src=x>',
    '@octocat',
    'a`b`c|d',
    'x\ny',
  ];
  test.each(NAMES)(
    'NodePool, overlay, namePrefix, label value and file name %j',
    async (name) => {
      const q = JSON.stringify(name);
      const pool = (label: string) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: ${q} }
spec:
  template:
    metadata: { labels: { team: ${JSON.stringify(label)} } }
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }]
`;
      const overlay = `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: ${q} }
spec:
  requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }]
  priceAdjustment: "-10%"
`;
      const kustomization = `namePrefix: ${q}\nresources: [pool.yaml]\n`;
      const file = name.replace(/[/\0]/g, '_') + '.yaml';
      const base = tempTree({ 'nc.yaml': NODECLASS, 'p.yaml': pool('a') });
      const head = tempTree({
        'nc.yaml': NODECLASS,
        'p.yaml': pool(name),
        'o.yaml': overlay,
        [file]: 'kind: [',
        'k/kustomization.yaml': kustomization,
        'k/pool.yaml': pool('b').replace(q, 'p2'),
      });
      const r = await runCli([
        'diff',
        '--base',
        base,
        '--head',
        head,
        '--format',
        'json',
        '--at',
        '2026-01-05T10:00:00Z',
      ]);
      const p = JSON.parse(r.stdout) as Plan;
      const md = renderMarkdown(p, { blobUrl: BLOB });
      const benign = renderMarkdown(JSON.parse(JSON.stringify(p).split(JSON.stringify(name).slice(1, -1)).join('nx')), {
        blobUrl: BLOB,
      });
      await expectInert([[md, benign]]);
      const sarif = JSON.parse(renderSarif(p));
      for (const res of sarif.runs[0].results)
        for (const loc of res.locations ?? [])
          if (loc.physicalLocation) expect(loc.physicalLocation.artifactLocation.uri).not.toMatch(/[\s\n]/);
      expect(renderText(p)).not.toMatch(/\n\s*::/);
    },
    60_000,
  );
});
