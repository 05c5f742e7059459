/**
 * The layout of docs/architecture.md: data flows one way, so no module imports from a layer above
 * its own, the two entry points do not import each other, and no module reaches itself again through
 * its imports (no import circle). The imports are read with the TypeScript parser: static imports, type
 * imports, re-exports (`export … from`), `import x = require(…)` and dynamic `import()`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const LAYERS: Record<string, number> = {
  common: 0,
  // Build output of scripts/generate-validators.mjs (the schema validators), not in git; imports nothing of src/.
  generated: 0,
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

interface Import {
  specifier: string;
  line: number;
  kind: 'import' | 'type' | 'export' | 'dynamic' | 'require';
}

/** Every module specifier a file names, from its syntax tree (not its text). */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): Import[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: Import[] = [];
  const add = (node: ts.Node, spec: ts.Expression | undefined, kind: Import['kind']) => {
    if (spec && ts.isStringLiteralLike(spec))
      out.push({ specifier: spec.text, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, kind });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node))
      add(node, node.moduleSpecifier, node.importClause?.isTypeOnly ? 'type' : 'import');
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, 'export');
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, node.moduleReference.expression, 'require');
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node, node.arguments[0], 'dynamic');
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node, node.argument.literal as ts.Expression, 'type');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The file a relative specifier names (`./x.js` is `./x.ts`; a folder is its index.ts), or null for a package. */
function target(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const c of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')])
    if (c.endsWith('.ts') && existsSync(c) && statSync(c).isFile()) return relative('.', c);
  return relative('.', base);
}

/** The import graph of src/: file → the files of src/ it imports. */
let graphCache: Map<string, string[]> | undefined;
function importGraph(): Map<string, string[]> {
  if (graphCache) return graphCache;
  const graph = (graphCache = new Map<string, string[]>());
  for (const file of walk('src'))
    graph.set(
      file,
      importsOf(file)
        .map((i) => target(file, i.specifier))
        .filter((t): t is string => t !== null),
    );
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

test('the import graph of src/ has no circle', () => {
  expect(cycles(importGraph())).toEqual([]);
});

test('the cycle check finds a circle: a → b → c → a, beside an acyclic d → a', () => {
  const g = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
    ['e', ['e']],
  ]);
  expect(cycles(g)).toEqual([['e'], ['a', 'b', 'c']].sort((x, y) => (x[0] < y[0] ? -1 : 1)));
});

test('the import reader sees every form of import: static, type, re-export, dynamic, require, import type', () => {
  const text = [
    "import { a } from './a.js';",
    "import type { B } from './b.js';",
    "export * from './c.js';",
    "export { d } from './d.js';",
    "const e = await import('./e.js');",
    "import f = require('./f.js');",
    "let g: import('./g.js').G;",
  ].join('\n');
  expect(importsOf('src/x/y.ts', text).map((i) => `${i.kind} ${i.specifier} ${i.line}`)).toEqual([
    'import ./a.js 1',
    'type ./b.js 2',
    'export ./c.js 3',
    'export ./d.js 4',
    'dynamic ./e.js 5',
    'require ./f.js 6',
    'type ./g.js 7',
  ]);
});

function layerOf(file: string): string {
  return relative('src', file).split('/')[0];
}

test('every folder of src/ is a known layer', () => {
  const folders = readdirSync('src').filter((n) => statSync(join('src', n)).isDirectory());
  expect(folders.filter((f) => !(f in LAYERS))).toEqual([]);
});

test('no import points to a layer above (or across the two entry points)', () => {
  const violations: string[] = [];
  for (const [file, targets] of importGraph()) {
    const from = layerOf(file);
    for (const t of targets) {
      const to = layerOf(t);
      if (!(to in LAYERS)) continue;
      if (LAYERS[to] > LAYERS[from] || (LAYERS[to] === LAYERS[from] && to !== from))
        violations.push(`${file} imports ${t} (${from} → ${to})`);
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
  const io =
    /^(node:)?(fs|fs\/promises|child_process|net|http|https|http2|os|module|dgram|tls)$|^@(aws-sdk|kubernetes|octokit|actions)\//;
  const offenders: string[] = [];
  for (const f of walk('src')) {
    if (!pure.includes(layerOf(f))) continue;
    for (const i of importsOf(f)) {
      // Types of the sources (a State, a Config) may be named; their functions (which read files) may not be called.
      const sourcesValue = i.kind !== 'type' && /^(\.\.\/)+sources\//.test(i.specifier);
      if (io.test(i.specifier) || sourcesValue || i.kind === 'dynamic')
        offenders.push(`${f}:${i.line} ${i.kind} ${i.specifier}`);
    }
  }
  expect(offenders).toEqual([]);
});

/**
 * Calls of the whole-state simulation (provisioning/provisioner.ts `simulate`, `simulateRecorded`, under whatever local
 * name they are imported), each with the function declaration it is made in.
 */
export function simulationCalls(file: string, text = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const local = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteralLike(st.moduleSpecifier)) continue;
    if (!/(^|\/)provisioning\/provisioner(\.js)?$|^\.\/provisioner(\.js)?$/.test(st.moduleSpecifier.text)) continue;
    const named = st.importClause?.namedBindings;
    if (named && ts.isNamedImports(named))
      for (const el of named.elements) {
        const imported = (el.propertyName ?? el.name).text;
        if (imported === 'simulate' || imported === 'simulateRecorded') local.set(el.name.text, imported);
      }
  }
  const out: string[] = [];
  const visit = (node: ts.Node, fn: string): void => {
    let inside = fn;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) inside = node.name.getText(sf);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && local.has(node.expression.text))
      out.push(`${file} ${inside} ${local.get(node.expression.text)}`);
    ts.forEachChild(node, (c) => visit(c, inside));
  };
  visit(sf, '(top level)');
  return out;
}

test('the whole-state simulation runs once per state: only run/plan-states.ts simulateStates calls it (rules, what-ifs and disruption use its result)', () => {
  const calls = walk('src')
    .filter((f) => f !== join('src', 'provisioning', 'provisioner.ts'))
    .flatMap((f) => simulationCalls(f));
  expect(calls.sort()).toEqual([
    'src/run/plan-states.ts simulateStates simulate',
    'src/run/plan-states.ts simulateStates simulate',
    'src/run/plan-states.ts simulateStates simulateRecorded',
  ]);
});

test('the simulation-call check sees a what-if that simulates again, under another name', () => {
  const text = [
    "import { simulate as run } from '../provisioning/provisioner.js';",
    'function scenariosOf(head, opts) {',
    '  return [1].map(() => run(head, opts));',
    '}',
  ].join('\n');
  expect(simulationCalls('src/run/x.ts', text)).toEqual(['src/run/x.ts scenariosOf simulate']);
});
