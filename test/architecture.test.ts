/**
 * The layout of docs/architecture.md: data flows one way, so no module imports from a layer above
 * its own, and the two entry points do not import each other.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const LAYERS: Record<string, number> = {
  common: 0,
  api: 1,
  scheduling: 2,
  cloudprovider: 3,
  provisioning: 4,
  disruption: 5,
  sources: 6,
  rules: 7,
  plan: 8,
  report: 9,
  run: 10,
  github: 11,
  cli: 11,
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function layerOf(file: string): string {
  return relative('src', file).split('/')[0];
}

test('every folder of src/ is a known layer', () => {
  const folders = readdirSync('src').filter((n) => statSync(join('src', n)).isDirectory());
  expect(folders.filter((f) => !(f in LAYERS))).toEqual([]);
});

test('no import points to a layer above (or across the two entry points)', () => {
  const violations: string[] = [];
  for (const file of walk('src')) {
    const from = layerOf(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative('src', resolve(dirname(file), m[1]));
      const to = target.split('/')[0];
      if (!(to in LAYERS)) continue;
      if (LAYERS[to] > LAYERS[from] || (LAYERS[to] === LAYERS[from] && to !== from))
        violations.push(`${file} imports ${m[1]} (${from} → ${to})`);
    }
  }
  expect(violations).toEqual([]);
});

test('the model, rules, plan and report do no I/O: only sources, run and the entry points touch files, processes or the network', () => {
  const pure = [
    'common',
    'api',
    'scheduling',
    'cloudprovider',
    'provisioning',
    'disruption',
    'rules',
    'plan',
    'report',
  ];
  const io = /from '(node:)?(fs|fs\/promises|child_process|net|http|https|os)'/;
  // Types of the sources (a State, a Config) may be named; their functions (which read files) may not be called.
  const sourcesValue = /^import (?!type )[^;]*from '(\.\.\/)+sources\//m;
  const offenders = walk('src').filter((f) => {
    if (!pure.includes(layerOf(f))) return false;
    const text = readFileSync(f, 'utf8');
    return io.test(text) || sourcesValue.test(text);
  });
  expect(offenders).toEqual([]);
});
