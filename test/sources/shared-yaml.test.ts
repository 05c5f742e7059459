/**
 * Reading YAML (sources/yaml.ts): the manifest files base and head both read (SharedYamlReads: a file of the same name
 * and text is parsed once for the two states, each state getting its own copies of the file's findings), positions of
 * key paths, and the YAML 1.1 words and complex keys found in each document.
 */
import fc from 'fast-check';
import {
  LineCounter,
  isCollection,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments,
  stringify,
  visit,
  type Document,
} from 'yaml';
import type { Finding } from '../../src/common/findings.js';
import { parseYamlDocuments, SharedYamlReads } from '../../src/sources/yaml.js';

const TEXT = `apiVersion: v1
kind: ConfigMap
metadata: { name: a }
data: { enabled: yes }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: b }
`;

describe('SharedYamlReads', () => {
  test('the same name and text: the documents of the first read, the findings copied for each state', () => {
    const reads = new SharedYamlReads();
    const head: Finding[] = [];
    const base: Finding[] = [];
    const h = reads.parse('cm.yaml', TEXT, head);
    const b = reads.parse('cm.yaml', TEXT, base);
    expect(b).toBe(h);
    const alone: Finding[] = [];
    expect(h.map((d) => d.value)).toEqual(parseYamlDocuments('cm.yaml', TEXT, alone).map((d) => d.value));
    expect(head).toEqual(alone);
    expect(base).toEqual(alone);
    expect(head.length).toBeGreaterThan(0); // the YAML 1.1 boolean
    expect(base[0]).not.toBe(head[0]);
  });

  test('another text under the same name, or the same text under another name, is parsed again', () => {
    const reads = new SharedYamlReads();
    const first = reads.parse('cm.yaml', TEXT, []);
    const changed = reads.parse('cm.yaml', TEXT.replace('name: b', 'name: c'), []);
    expect(changed).not.toBe(first);
    expect((changed[1].value.metadata as { name: string }).name).toBe('c');
    const elsewhere = reads.parse('other.yaml', TEXT, []);
    expect(elsewhere).not.toBe(first);
    expect(elsewhere[0].file).toBe('other.yaml');
  });

  test('a file is handed to one other read only: a third read parses it again', () => {
    const reads = new SharedYamlReads();
    const first = reads.parse('cm.yaml', TEXT, []);
    expect(reads.parse('cm.yaml', TEXT, [])).toBe(first);
    expect(reads.parse('cm.yaml', TEXT, [])).not.toBe(first);
  });
});

describe('positions of key paths (found by parsing the one document again)', () => {
  /** Line and column of `needle`'s first occurrence at or after `from` in `text` (1-based, as the yaml package counts). */
  function where(text: string, needle: string, from = 0): { line: number; column: number } {
    const i = text.indexOf(needle, from);
    const before = text.slice(0, i).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  }

  const TRICKY = [
    '# a comment before the first document',
    'kind: A',
    'spec: { weight: 1 }',
    '---',
    '%YAML 1.1',
    '---',
    '# a lead comment',
    'kind: B',
    'spec:',
    '  template:',
    '    spec:',
    '      expireAfter: 720h',
    '...',
    '---',
    'kind: C',
    'list:',
    '  - first',
    '  - name: second',
    '    value: &v 2',
    '  - *v',
    '--- !!map',
    'kind: D',
    'deep: { a: { b: [1, 2, { c: 3 }] } }',
    '',
  ].join('\n');

  /** Each document's locator from a parse of its own: the first document asked about is parsed alone. */
  const alone = (kind: string) =>
    parseYamlDocuments('tricky.yaml', TRICKY, []).find((d) => d.value.kind === kind)!.source;

  test('each document parsed alone reports the file line and column of its nodes, after directives, markers and comments', () => {
    expect(alone('A').locate(['spec', 'weight'])).toEqual(where(TRICKY, '1 }'));
    expect(alone('B').locate(['spec', 'template', 'spec', 'expireAfter'])).toEqual(where(TRICKY, '720h'));
    // A path that goes on past what exists: the deepest node that does.
    expect(alone('B').locate(['spec', 'template', 'spec', 'nope', 'x'])).toEqual(where(TRICKY, 'expireAfter'));
    // An anchored node starts at its value, after the anchor (the yaml package's ranges).
    expect(alone('C').locate(['list', 1, 'value'])).toEqual(where(TRICKY, '2\n  - *v'));
    expect(alone('C').locate(['list', 2])).toEqual(where(TRICKY, '*v'));
    expect(alone('D').locate(['deep', 'a', 'b', 2, 'c'])).toEqual(where(TRICKY, '3 }'));
    expect(alone('D').locate([])).toEqual(where(TRICKY, 'kind: D'));
  });

  test('several documents asked about in one file: the whole file parsed again gives the same positions', () => {
    const docs = parseYamlDocuments('tricky.yaml', TRICKY, []);
    const byKind = new Map(docs.map((d) => [d.value.kind as string, d.source]));
    for (const [kind, path] of [
      ['B', ['spec', 'template', 'spec', 'expireAfter']],
      ['D', ['deep', 'a', 'b', 2, 'c']],
      ['C', ['list', 2]],
      ['A', ['spec', 'weight']],
    ] as const)
      expect([kind, byKind.get(kind)!.locate(path)]).toEqual([kind, alone(kind).locate(path)]);
  });

  test('a document that does not read the same on its own (an error in it) is located in the whole file', () => {
    const text = 'kind: A\n---\nkind: B\nspec: { a: 1 }\nbad: [unclosed\n---\nkind: C\nspec: { weight: 5 }\n';
    const docs = parseYamlDocuments('err.yaml', text, []);
    const c = docs.find((d) => d.value.kind === 'C');
    expect(c!.source.locate(['spec', 'weight'])).toEqual(where(text, '5 }'));
  });
});

describe("positions of a Karpenter object's key paths (kept from the parse that read it)", () => {
  const karpenter = (kind: string, body: string) => `apiVersion: karpenter.sh/v1\nkind: ${kind}\n${body}`;
  /** The same text with another apiVersion of the same length: its positions come from parsing the document again. */
  const other = (text: string) => text.replaceAll('karpenter.sh/v1', 'karpenterXsh/v1');
  const TEXT = [
    'kind: ConfigMap\napiVersion: v1\ndata: { a: b }\n',
    karpenter(
      'NodePool',
      [
        'metadata: { name: p }',
        'spec:',
        '  template:',
        '    spec:',
        '      requirements:',
        '        - { key: karpenter.sh/capacity-type, operator: In, values: [spot] }',
        '        - key: topology.kubernetes.io/zone',
        '          operator: In',
        '          values: &zones [us-east-1a, us-east-1b]',
        '      empty:',
        '      taints: *zones',
        '  80: numeric key',
        '  implicit: { a }',
        '  weight: 10',
        '',
      ].join('\n'),
    ),
    karpenter('NodeOverlay', 'metadata: { name: o }\nspec: { weight: 1, priceAdjustment: "+10%" }\n'),
  ].join('---\n');
  const PATHS: (string | number)[][] = [
    [],
    ['spec', 'weight'],
    ['spec', 'template', 'spec', 'requirements', 0, 'values', 0],
    ['spec', 'template', 'spec', 'requirements', '1', 'values', 1],
    ['spec', 'template', 'spec', 'requirements', 5, 'key'],
    ['spec', 'template', 'spec', 'requirements', -1],
    ['spec', 'template', 'spec', 'requirements', 'x'],
    ['spec', 'template', 'spec', 'empty', 'deeper'],
    ['spec', 'template', 'spec', 'taints', 0],
    ['spec', 80],
    ['spec', '80'],
    ['spec', 'weight', 'below-a-scalar'],
    ['spec', 'implicit', 'a'], // a pair with no value node: its map's position
    ['spec', 'implicit', 'a', 'x'],
    ['metadata', 'name'],
    ['nope', 'x'],
  ];

  test('every path: the kept positions are those parsing the document again gives', () => {
    const kept = parseYamlDocuments('k.yaml', TEXT, []);
    const again = parseYamlDocuments('k.yaml', other(TEXT), []);
    expect(kept.map((d) => d.value.kind)).toEqual(['ConfigMap', 'NodePool', 'NodeOverlay']);
    for (const i of [1, 2])
      for (const path of PATHS)
        expect([i, path, kept[i].source.locate(path)]).toEqual([i, path, again[i].source.locate(path)]);
    // Checked against the text itself, for a few.
    const line = (needle: string) => TEXT.slice(0, TEXT.indexOf(needle)).split('\n').length;
    expect(kept[1].source.locate(['spec', 'weight'])?.line).toBe(line('weight: 10'));
    expect(kept[1].source.locate(['spec', 'template', 'spec', 'requirements', '1', 'values', 1])?.line).toBe(
      line('&zones'),
    );
    expect(kept[2].source.locate(['spec', 'priceAdjustment'])?.line).toBe(line('priceAdjustment'));
  });

  test('a YAML 1.1 `!!omap` (read by key, not by index) is located by parsing the document again (review)', () => {
    const text = [
      '%YAML 1.1',
      '---',
      'apiVersion: karpenter.sh/v1',
      'kind: NodePool',
      'spec: !!omap',
      '  - template: { x: 1 }',
      '  - disruption: { budgets: [{ nodes: "10%" }] }',
      '',
    ].join('\n');
    const [kept] = parseYamlDocuments('o.yaml', text, []);
    const [again] = parseYamlDocuments('o.yaml', other(text), []);
    for (const path of [
      ['spec', 'template'],
      ['spec', 'disruption', 'budgets', 0, 'nodes'],
      ['spec', 0],
    ])
      expect(kept.source.locate(path)).toEqual(again.source.locate(path));
    expect(kept.source.locate(['spec', 'disruption', 'budgets', 0, 'nodes'])?.line).toBe(7);
  });

  test('generated documents and paths (200 runs): kept and parsed again agree', () => {
    const key = fc.constantFrom('a', 'b', 'spec', '0', '1');
    const leaf = fc.oneof(fc.integer(), fc.constantFrom('x', 'y z', null, true));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('map'), tie('seq')),
      map: fc.dictionary(key, tie('node'), { maxKeys: 3 }),
      seq: fc.array(tie('node'), { maxLength: 3 }),
    })).map;
    const step = fc.oneof(key, fc.nat(3), fc.constantFrom('2', 'x'));
    fc.assert(
      fc.property(
        value,
        fc.array(fc.array(step, { maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (v, paths, flow) => {
          const doc = { apiVersion: 'karpenter.sh/v1', kind: 'NodePool', spec: v };
          const text = stringify(doc, flow ? { collectionStyle: 'flow' } : {});
          const kept = parseYamlDocuments('g.yaml', text, [])[0];
          const again = parseYamlDocuments('g.yaml', other(text), [])[0];
          for (const path of paths) expect(kept.source.locate(path)).toEqual(again.source.locate(path));
        },
      ),
      { numRuns: 200, seed: 20261207 },
    );
  });
});

describe('YAML 1.1 booleans and complex keys, found in one walk of each document', () => {
  /**
   * What yaml's own `visit` finds, as the reader did before its walk: each ambiguous word's line, a complex key, and
   * each document's value as Kubernetes reads it (the words that are string values there read as booleans).
   */
  function visited(text: string): { words: number[]; complexKeys: number[]; values: unknown[] } {
    const lc = new LineCounter();
    const words: number[] = [];
    const complexKeys: number[] = [];
    const values: unknown[] = [];
    for (const doc of parseAllDocuments(text, { lineCounter: lc, merge: true, uniqueKeys: true }) as Document[]) {
      if (doc.errors.length) continue;
      const found: { line: number; word: string; path: (string | number)[] }[] = [];
      let complex = false;
      visit(doc, {
        Pair(_, pair) {
          if (isPair(pair) && isCollection(pair.key)) {
            complexKeys.push(lc.linePos(pair.key.range![0]).line);
            complex = true;
            return visit.BREAK;
          }
          return undefined;
        },
        Scalar(key, node, ancestors) {
          if (key !== 'key' && node.type === 'PLAIN' && /^(y|yes|no|on|off|n|Yes|NO)$/.test(String(node.source))) {
            // The key path: a sequence's index, a pair's key (the document and maps add nothing).
            const chain = [...ancestors, node];
            const path = chain.slice(1).flatMap((child, i): (string | number)[] => {
              const parent = chain[i];
              if (isSeq(parent)) return [parent.items.indexOf(child as never)];
              return isPair(parent) && isScalar(parent.key) ? [String(parent.key.value)] : [];
            });
            found.push({ line: lc.linePos(node.range![0]).line, word: String(node.source), path });
          }
          return undefined;
        },
      });
      words.push(...found.slice(0, 20).map((f) => f.line));
      if (complex) continue;
      const value = doc.toJS() as Record<string, unknown>;
      for (const f of found) {
        const parent = f.path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], value);
        const last = f.path[f.path.length - 1];
        const holder = parent as Record<string | number, unknown>;
        if (holder[last] === f.word) holder[last] = /^(y|yes|on)$/i.test(f.word);
      }
      values.push(value);
    }
    return { words, complexKeys, values };
  }

  test('generated documents (300 runs): the same warnings, complex keys and values as yaml’s visit', () => {
    const word = fc.constantFrom('yes', 'no', 'on', 'off', 'y', 'n', 'Yes', 'NO', 'maybe', '"yes"');
    const key = fc.constantFrom('a', 'b', 'yes', 'on', '[k, l]', '{ x: 1 }');
    const node = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, word, tie('flowMap'), tie('flowSeq')),
      flowMap: fc
        .array(fc.tuple(key, tie('value')), { maxLength: 3 })
        .map((ps) => `{ ${ps.map(([k, v]) => `${k}: ${v as string}`).join(', ')} }`),
      flowSeq: fc.array(tie('value'), { maxLength: 3 }).map((xs) => `[${(xs as string[]).join(', ')}]`),
    })).value;
    const line = fc.tuple(key, node).map(([k, v]) => `${k}: ${v}`);
    const docText = fc.array(line, { minLength: 1, maxLength: 5 }).map((ls) => [...new Set(ls)].join('\n'));
    fc.assert(
      fc.property(fc.array(docText, { minLength: 1, maxLength: 3 }), (docs) => {
        const text = docs.join('\n---\n') + '\n';
        const findings: Finding[] = [];
        const read = parseYamlDocuments('g.yaml', text, findings);
        const expected = visited(text);
        expect(read.map((d) => d.value)).toEqual(expected.values);
        const lines = (rule: string, withKey = false) =>
          findings
            .filter((f) => f.rule === rule && (!withKey || f.message.includes('mapping key that is a list or a map')))
            .map((f) => f.line);
        expect(lines('yaml-1.1-boolean')).toEqual(expected.words);
        expect(lines('invalid-yaml', true)).toEqual(expected.complexKeys);
      }),
      { numRuns: 300, seed: 20261207 },
    );
  });
});
