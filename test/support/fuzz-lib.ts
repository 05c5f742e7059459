/**
 * The manifest fuzzer shared by scripts/fuzz.mjs (thousands of cases in a worker thread with a hang guard) and
 * test/e2e/fuzz.test.ts (a few hundred, in-process): seeded mutations of the examples in examples/, and the checks every
 * run must pass — no crash, only the documented exit codes, every error finding located (file and line, inside the
 * file), never a `pass` over an error finding, the same exit code whatever the output format.
 *
 * Everything is deterministic in (seed, index): a case can be rebuilt alone (`scripts/fuzz.mjs --seed S --only I`).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { Document, isMap, isScalar, isSeq, parseAllDocuments, type Node as YamlNode } from 'yaml';

/** A state's files by relative path ('/' separators). A Map: a file may be named `__proto__.yaml`. */
export type Files = Map<string, string>;

export interface Example {
  name: string;
  base: Files;
  head: Files;
  fleet: string | null;
}

export interface FuzzCase {
  seed: number;
  index: number;
  example: string;
  base: Files;
  head: Files;
  fleet: string | null;
  /** What was done, for the report and the reproduction folder. */
  mutations: string[];
  /** Also run `validate -` with this text on standard input. */
  stdin: string | null;
  /** The format of the second diff run (its exit code must equal the JSON run's). */
  altFormat: 'markdown' | 'text' | 'sarif';
  /** A hostile case (MutateOptions.hostile): its Markdown report and suppressions are checked too. */
  hostile?: boolean;
  /** The hostile edit that made head invalid (an error the API server, Argo CD or the config refuses): never `pass`. */
  mustNotPass?: string;
}

export type FailureClass =
  | 'crash'
  | 'internal-error'
  | 'bad-exit'
  | 'stderr'
  | 'bad-output'
  | 'no-location'
  | 'bad-location'
  | 'pass-with-error'
  | 'exit-mismatch'
  | 'format-mismatch'
  | 'hang'
  | 'worker-died'
  | 'injection'
  | 'self-suppressed'
  | 'request'
  | 'outside-read'
  | 'pass-over-invalid';

export interface Failure {
  cls: FailureClass;
  /** The command line (relative to the case folder). */
  command: string;
  detail: string;
  /** Failures with one signature are one bug: digits and quoted text are masked. */
  signature: string;
}

export interface CliLike {
  (
    argv: string[],
    cwd?: string,
    readStdin?: () => string,
  ): Promise<{ exitCode: number; stdout: string; stderr: string }>;
}

/** The rollout start passed to every diff (budgets with schedules must not depend on the clock). */
export const AT = '2026-01-05T10:00:00Z';

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness.

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** mulberry32: a small, well-mixed 32-bit generator. */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [v, w] of items) if ((x -= w) < 0) return v;
    return items[items.length - 1][0];
  }
}

/** The generator of case `index` under `seed`, independent of every other case. */
export function caseRng(seed: number, index: number): Rng {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return new Rng((h ^ (h >>> 16)) >>> 0);
}

// ---------------------------------------------------------------------------------------------------------------
// The corpus.

function readTree(root: string): Files {
  const out: Files = new Map();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(root);
  return out;
}

/** Every example of `root` (examples/): its base and head folders and its fleet snapshot, if any. */
export function loadExamples(root: string): Example[] {
  return readdirSync(root)
    .sort()
    .filter((n) => statSync(join(root, n, 'head')).isDirectory())
    .map((name) => {
      const fleetPath = join(root, name, 'fleet.json');
      const fleet = existsSync(fleetPath) ? readFileSync(fleetPath, 'utf8') : null;
      return { name, base: readTree(join(root, name, 'base')), head: readTree(join(root, name, 'head')), fleet };
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Mutators. Text mutators work on any text; structure mutators parse YAML (JSON is YAML) and leave text they cannot
// parse to a text mutator.

const SPECIALS = [':', '-', '{', '}', '[', ']', '"', "'", '&', '*', '!', '|', '>', '#', '%', '@', '`', ',', '?', '\t'];
const UNICODE = [
  'é',
  '名前',
  '🚀',
  '\u202e',
  '\u200b',
  '\u0000',
  '\ud800',
  '\ufffe',
  '\u2028',
  '\u0085',
  'ﬁ',
  'İ',
  'e\u0301',
  '𝒦',
  'Ａ',
  '\u00a0',
  '\u001b[31m',
];
/** Names that reach a prototype when used as a plain object's key. */
export const PROTO_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
  'then',
  'length',
];
const NUMBERS: unknown[] = [
  -1,
  0,
  -0,
  1,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  NaN,
  Infinity,
  -Infinity,
  0.5,
  '-1',
  '1e400',
  '0x10',
  '1_000',
  '+1',
  '007',
  '-10%',
  '101%',
  '1e9',
  '99999999999999999999h',
  '0.0000001m',
  '-1Gi',
  '1e3Gi',
  '9Ei',
  '1.5',
  '1e-9',
  '',
  ' 5 ',
];
const WEIRD: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  NaN,
  '',
  ' ',
  'null',
  '~',
  'yes',
  [],
  {},
  [null],
  [[]],
  { '': '' },
  { a: { b: { c: null } } },
  'x'.repeat(10_000),
  '\ud800',
  '@latest',
  '*',
  '%',
  '{{ .Values.x }}',
  '${VAR}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '@everyone #1 https://example.com ![x](y)',
];
const KINDS = [
  'NodePool',
  'EC2NodeClass',
  'NodeOverlay',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'Pod',
  'ReplicaSet',
  'List',
  'Application',
  'ConfigMap',
  'Kustomization',
  ...PROTO_NAMES,
];
const API_VERSIONS = [
  'karpenter.sh/v1',
  'karpenter.sh/v1beta1',
  'karpenter.sh/v1alpha1',
  'karpenter.k8s.aws/v1',
  'apps/v1',
  'v1',
  'batch/v1',
  'argoproj.io/v1alpha1',
  '',
  'karpenter.sh/',
];

export type Mutator = (text: string, r: Rng) => string;

const lines = (t: string) => t.split('\n');
const atLine = (t: string, r: Rng, f: (ls: string[], i: number) => void) => {
  const ls = lines(t);
  f(ls, r.int(ls.length));
  return ls.join('\n');
};
const insertAt = (t: string, i: number, s: string) => t.slice(0, i) + s + t.slice(i);

function deepFlow(depth: number, r: Rng): string {
  const open = r.chance(0.5) ? ['[', ']'] : ['{a: ', '}'];
  return open[0].repeat(depth) + '1' + open[1].repeat(depth);
}

function aliasBomb(levels: number): string {
  let out = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: lol }\ndata:\n  l0: &l0 "lol"\n';
  for (let i = 1; i <= levels; i++)
    out += `  l${i}: &l${i} [${Array(9)
      .fill(`*l${i - 1}`)
      .join(', ')}]\n`;
  return out;
}

export const TEXT_MUTATORS: Record<string, Mutator> = {
  truncate: (t, r) => t.slice(0, r.int(t.length + 1)),
  truncateLines: (t, r) =>
    lines(t)
      .slice(0, r.int(lines(t).length))
      .join('\n'),
  flipChars: (t, r) => {
    let s = t;
    for (let n = 1 + r.int(5); n > 0 && s.length; n--) {
      const i = r.int(s.length);
      s = s.slice(0, i) + r.pick(SPECIALS) + s.slice(i + 1);
    }
    return s;
  },
  yamlToken: (t, r) =>
    atLine(t, r, (ls, i) => {
      const m = /^(\s*(?:- )?)(.*)$/s.exec(ls[i])!;
      const token = r.pick(['&a ', '*a ', '!!binary ', '? ', '- ', '<<: *a\n', '%YAML 1.1\n', '--- !!map\n', '...\n']);
      ls[i] = m[1] + token + m[2];
    }),
  bom: (t) => '\ufeff' + t,
  crlf: (t) => t.replace(/\n/g, '\r\n'),
  loneCr: (t) => t.replace(/\n/g, '\r'),
  unicode: (t, r) => {
    let s = t;
    for (let n = 1 + r.int(3); n > 0; n--) s = insertAt(s, r.int(s.length + 1), r.pick(UNICODE));
    return s;
  },
  unicodeName: (t, r) => t.replace(/name: ([\w.-]+)/, (_m, n) => `name: ${n}${r.pick(UNICODE)}`),
  duplicateKey: (t, r) => {
    const ls = lines(t);
    const keyed = ls.map((l, i) => [l, i] as const).filter(([l]) => /^\s*[\w./-]+:/.test(l));
    if (!keyed.length) return t;
    const [l, i] = r.pick(keyed);
    const key = /^(\s*[\w./-]+:)/.exec(l)![1];
    ls.splice(i + 1, 0, `${key} ${r.pick(['dup', '1', 'null', '[]', '{}'])}`);
    return ls.join('\n');
  },
  duplicateLine: (t, r) => atLine(t, r, (ls, i) => ls.splice(i, 0, ls[i])),
  deleteLine: (t, r) => atLine(t, r, (ls, i) => ls.splice(i, 1)),
  swapLines: (t, r) =>
    atLine(t, r, (ls, i) => {
      const j = r.int(ls.length);
      [ls[i], ls[j]] = [ls[j], ls[i]];
    }),
  indent: (t, r) =>
    atLine(t, r, (ls, i) => {
      ls[i] = r.chance(0.3) ? '\t' + ls[i] : r.chance(0.5) ? ' ' + ls[i] : ls[i].replace(/^ {1,2}/, '');
    }),
  emptyDocuments: (t, r) =>
    atLine(t, r, (ls, i) =>
      ls.splice(i, 0, r.pick(['---', '---\n---', '--- ~', '--- null', '--- []', '--- 42', '...'])),
    ),
  replaceWhole: (_t, r) =>
    r.pick([
      '',
      '---',
      '~',
      'null',
      '[]',
      '{}',
      '\ufeff',
      '\n\n',
      '# only a comment',
      '--- |\n  text',
      'a: b: c',
      '- - -',
    ]),
  aliasBomb: (t, r) => `${t}\n---\n${aliasBomb(r.pick([3, 6, 9]))}`,
  undefinedAlias: (t, r) => t.replace(/: ([^\s{[]\S*)$/m, (m) => (r.chance(0.5) ? ': *nope' : m)),
  deepNesting: (t, r) => t.replace(/: ([^\s{[]\S*)$/m, () => `: ${deepFlow(r.pick([50, 500, 5000]), r)}`),
  blockNesting: (t, r) => {
    const depth = r.pick([50, 300, 1000]);
    let s = 'deep:\n';
    for (let i = 1; i <= depth; i++) s += `${' '.repeat(i)}k${i}:\n`;
    return `${t}\n---\napiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: deep }\nspec:\n  template:\n    metadata:\n      annotations:\n        ${s.replace(/\n/g, '\n        ')}x\n`;
  },
  longScalar: (t, r) => t.replace(/: ([^\s{[]\S*)$/m, () => `: ${'a'.repeat(r.pick([256, 70_000]))}`),
  tag: (t, r) =>
    t.replace(
      /: ([^\s{[]\S*)$/m,
      (_m, v) =>
        `: ${r.pick(['!!binary', '!!timestamp', '!!set', '!!omap', '!foo', '!!float', '!!int', '!!str', '!!null'])} ${v}`,
    ),
  addFile: (t) => t, // handled in mutateState (adds a file with a strange name)
};

/** Every value slot of a document: a way to read and replace it, and its path. */
interface Slot {
  path: (string | number)[];
  get(): unknown;
  set(v: unknown): void;
  remove(): void;
  keyNode?: YamlNode;
}

function slotsOf(doc: Document): Slot[] {
  const out: Slot[] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (isMap(node)) {
      node.items.forEach((pair, i) => {
        const key = isScalar(pair.key) ? String(pair.key.value) : `#${i}`;
        const p = [...path, key];
        out.push({
          path: p,
          get: () => pair.value,
          set: (v) => (pair.value = v),
          remove: () => node.items.splice(node.items.indexOf(pair), 1),
          keyNode: pair.key as YamlNode,
        });
        walk(pair.value, p);
      });
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const p = [...path, i];
        out.push({
          path: p,
          get: () => node.items[i],
          set: (v) => (node.items[i] = v),
          remove: () => node.items.splice(i, 1),
        });
        walk(item, p);
      });
    }
  };
  walk(doc.contents, []);
  return out;
}

type StructureMutator = (doc: Document, slots: Slot[], r: Rng, all: Document[]) => string | null;

const scalarText = (n: unknown) => (isScalar(n) ? String(n.value) : null);

export const STRUCTURE_MUTATORS: Record<string, StructureMutator> = {
  typeSwap: (doc, slots, r) => {
    const s = r.pick(slots);
    s.set(doc.createNode(r.pick(WEIRD)));
    return s.path.join('.');
  },
  numberStress: (doc, slots, r) => {
    const numeric = slots.filter((s) => {
      const v = scalarText(s.get());
      return v !== null && /^[+-]?\d|%$|\d(h|m|s|Ki|Mi|Gi|Ti)$/.test(v);
    });
    const s = numeric.length ? r.pick(numeric) : r.pick(slots);
    s.set(doc.createNode(r.pick(NUMBERS)));
    return s.path.join('.');
  },
  hugeReplicas: (doc, slots, r) => {
    const s = slots.find((x) => x.path[x.path.length - 1] === 'replicas');
    if (!s) return null;
    s.set(doc.createNode(r.pick([1e4, 1e5, 1e6, 1e9, 2 ** 31, 2 ** 53])));
    return s.path.join('.');
  },
  protoName: (doc, slots, r) => {
    const named = slots.filter((s) => ['kind', 'name', 'key', 'nodePool'].includes(String(s.path[s.path.length - 1])));
    if (named.length && r.chance(0.6)) {
      const s = r.pick(named);
      s.set(doc.createNode(r.pick(PROTO_NAMES)));
      return s.path.join('.');
    }
    const keyed = slots.filter((s) => s.keyNode && isScalar(s.keyNode));
    if (!keyed.length) return null;
    const s = r.pick(keyed);
    (s.keyNode as unknown as { value: unknown }).value = r.pick(PROTO_NAMES);
    return `key of ${s.path.join('.')}`;
  },
  deleteKey: (_doc, slots, r) => {
    const s = r.pick(slots);
    s.remove();
    return s.path.join('.');
  },
  renameKey: (_doc, slots, r) => {
    const keyed = slots.filter((s) => s.keyNode && isScalar(s.keyNode));
    if (!keyed.length) return null;
    const s = r.pick(keyed);
    const k = s.keyNode as unknown as { value: unknown };
    const v = String(k.value);
    k.value = r.pick([v.toUpperCase(), v + 's', v.slice(1), '', ' ' + v, v + ' ', v.replace(/./, 'x')]);
    return s.path.join('.');
  },
  wrapList: (doc, slots, r) => {
    const s = r.pick(slots);
    const v = s.get();
    if (isSeq(v) && v.items.length && r.chance(0.5)) s.set(v.items[0]);
    else s.set(doc.createNode([v]));
    return s.path.join('.');
  },
  nullify: (doc, slots, r) => {
    const s = r.pick(slots);
    s.set(doc.createNode(null));
    return s.path.join('.');
  },
  kindSwap: (doc, slots, r) => {
    const s = slots.find((x) => x.path.length === 1 && x.path[0] === (r.chance(0.7) ? 'kind' : 'apiVersion'));
    if (!s) return null;
    s.set(doc.createNode(s.path[0] === 'kind' ? r.pick(KINDS) : r.pick(API_VERSIONS)));
    return s.path.join('.');
  },
  anchorAlias: (doc, slots, r) => {
    const collections = slots.filter((s) => isMap(s.get()) || isSeq(s.get()));
    const maps = slots.filter((s) => isMap(s.get()));
    if (!collections.length || !maps.length) return null;
    const src = r.pick(collections);
    const node = src.get() as YamlNode & { anchor?: string };
    const alias = doc.createAlias(node as never, 'a1');
    const target = r.pick(maps).get() as { items: unknown[] };
    // A merge key (`<<: *a1`), a plain alias, or an alias inside its own anchor (a cycle).
    const how = r.pick(['merge', 'alias', 'cycle']);
    if (how === 'cycle' && (isMap(node) || isSeq(node))) {
      if (isMap(node)) node.items.push(doc.createPair('self', alias) as never);
      else node.items.push(alias);
    } else target.items.push(doc.createPair(how === 'merge' ? '<<' : 'aliased', alias));
    return `${how} of ${src.path.join('.')}`;
  },
  duplicateDocument: (doc, _slots, _r, all) => {
    all.push(doc.clone());
    return 'document';
  },
};

/** Applies one structure mutator to one document of `text`; null when the text does not parse or nothing applies. */
function mutateStructure(text: string, name: string, r: Rng): { text: string; what: string } | null {
  let docs: Document[];
  try {
    docs = parseAllDocuments(text, { uniqueKeys: false, logLevel: 'error' }) as Document[];
  } catch {
    return null;
  }
  if (!Array.isArray(docs) || !docs.length || docs.some((d) => d.errors.length)) return null;
  const candidates = docs.filter((d) => slotsOf(d).length > 0);
  if (!candidates.length) return null;
  const doc = r.pick(candidates);
  const what = STRUCTURE_MUTATORS[name](doc, slotsOf(doc), r, docs);
  if (what === null) return null;
  try {
    return { text: docs.map((d) => d.toString({ lineWidth: 0 })).join('---\n'), what };
  } catch {
    return null;
  }
}

const TEXT_WEIGHTS: [string, number][] = [
  ['truncate', 3],
  ['truncateLines', 2],
  ['flipChars', 4],
  ['yamlToken', 2],
  ['bom', 1],
  ['crlf', 1],
  ['loneCr', 1],
  ['unicode', 2],
  ['unicodeName', 1],
  ['duplicateKey', 2],
  ['duplicateLine', 1],
  ['deleteLine', 2],
  ['swapLines', 1],
  ['indent', 2],
  ['emptyDocuments', 1],
  ['replaceWhole', 1],
  ['aliasBomb', 1],
  ['undefinedAlias', 1],
  ['deepNesting', 1],
  ['blockNesting', 1],
  ['longScalar', 1],
  ['tag', 1],
];
const STRUCTURE_WEIGHTS: [string, number][] = [
  ['typeSwap', 6],
  ['numberStress', 5],
  ['hugeReplicas', 1],
  ['protoName', 3],
  ['deleteKey', 3],
  ['renameKey', 2],
  ['wrapList', 2],
  ['nullify', 2],
  ['kindSwap', 2],
  ['anchorAlias', 2],
  ['duplicateDocument', 1],
];

export interface MutateOptions {
  /** Leave out the mutators whose inputs are large by design (huge replica counts, deep nesting, alias bombs). */
  bounded?: boolean;
  /**
   * Also attack one of the surfaces of issue 26 (HOSTILE_EDITS): prototype keys in values files, suppression
   * annotations (on invalid objects, look-alikes and duplicates), Markdown/HTML/mention payloads as names, label values
   * and file names, and the clusters config. runCase then also checks the Markdown report for raw payloads and the plan
   * for findings an annotation must not silence.
   */
  hostile?: boolean;
}
const UNBOUNDED = new Set(['hugeReplicas', 'deepNesting', 'blockNesting', 'aliasBomb', 'longScalar']);

/** 1–3 mutations of one text: structure ones first (while the text parses), then text ones. */
export function mutateText(text: string, r: Rng, opts: MutateOptions = {}): { text: string; done: string[] } {
  const keep = ([n]: [string, number]) => !opts.bounded || !UNBOUNDED.has(n);
  const done: string[] = [];
  let t = text;
  for (let n = 1 + r.int(3); n > 0; n--) {
    if (r.chance(0.55)) {
      const name = r.weighted(STRUCTURE_WEIGHTS.filter(keep));
      const m = mutateStructure(t, name, r);
      if (m) {
        t = m.text;
        done.push(`${name} ${m.what}`);
        continue;
      }
    }
    const name = r.weighted(TEXT_WEIGHTS.filter(keep));
    t = TEXT_MUTATORS[name](t, r);
    done.push(name);
  }
  return { text: t, done };
}

/**
 * Edits of the configuration (.karpenter-plan.yaml of head, created when missing) with keys the examples do not set:
 * the model's assumptions, the policy, scenarios, values adapters, controller settings, prices and capacity. Keys that
 * reach outside the machine (cluster, charts) are never set.
 */
const CONFIG_EDITS: Record<string, (r: Rng) => unknown> = {
  assumptions: (r) => ({
    [r.pick(['minutesPerReplacement', 'minutesToInitialize', 'horizonDays', 'slowAfterHours', 'at'])]: r.pick([
      ...NUMBERS,
      ...WEIRD.slice(0, 12),
      '2026-13-45T99:00:00Z',
    ]),
  }),
  policy: (r) => ({
    [r.pick(['failOn', 'failOnExisting', 'maxReplacedNodes', 'maxReplacedPercent'])]: r.pick([
      ...NUMBERS,
      ...WEIRD.slice(0, 12),
      'never',
      'warning',
      'toString',
    ]),
  }),
  scenarios: (r) => [
    {
      name: r.pick(['s', '', '__proto__', 5]),
      unavailable: [
        [
          {
            key: r.pick(['karpenter.k8s.aws/instance-generation', 'topology.kubernetes.io/zone', 'constructor', '']),
            operator: r.pick(['In', 'NotIn', 'Gt', 'Lt', 'Gte', 'Lte', 'Exists', 'toString', 5]),
            values: r.pick([['8'], [8], [['8']], null, '8', [null], [], [{}], ['us-east-1a']]),
          },
        ],
      ],
    },
  ],
  values: (r) => [
    {
      files: r.pick([['values.yaml'], [''], ['../x.yaml'], [5], 'values.yaml', [], ['%']]),
      layout: r.pick(['map', 'list', 'spec', 'other', 5, null]),
      [r.pick(['nodePools', 'nodeClasses'])]: r.pick(['nodePool', 5, [], null, '__proto__', 'a..b', '', {}, true]),
    },
  ],
  controller: (r) => ({
    [r.pick(['values', 'settings'])]: r.pick([
      'karpenter/values.yaml',
      5,
      '',
      '../outside.yaml',
      { featureGates: { nodeOverlay: r.pick([true, 'true', 1, null]) } },
      {
        preferencePolicy: r.pick(['Ignore', 'Respect', 5]),
        minValuesPolicy: r.pick(['BestEffort', 'Strict', [], 'x']),
      },
      { featureGates: r.pick([null, [], 'on', JSON.parse('{"__proto__": true}')]) },
    ]),
  }),
  spotPriceFactor: (r) => r.pick(NUMBERS),
  region: (r) => r.pick(['us-east-1', 'xx-nowhere-9', '', 5, '__proto__']),
  zones: (r) => r.pick([[], ['us-east-1a'], ['nowhere'], [5], 'us-east-1a', [null]]),
  reservations: (r) => [
    {
      id: r.pick(['cr-1', '', 5]),
      instanceType: r.pick(['m7i.large', 'nope.large', 5]),
      zone: r.pick(['us-east-1a', 'nowhere']),
      count: r.pick(NUMBERS),
    },
  ],
  workloads: (r) => [
    { name: r.pick(['w', '', '__proto__']), replicas: r.pick([1, 0, -1, 'x', 3]), cpu: r.pick(['1', 'x', -1]) },
  ],
  probes: (r) => r.pick([true, false, 'yes', 5, null]),
  rules: (r) => ({
    [r.pick(['expire-without-tgp', 'input-not-evaluated', 'nope', '__proto__'])]: r.pick([
      'off',
      'info',
      'error',
      5,
      null,
    ]),
  }),
  ignore: (r) => [
    { rule: r.pick(['*', 'expire-without-tgp', 5]), kind: r.pick(['NodePool', 5, '']), name: r.pick(['x', null]) },
  ],
  externalLabels: (r) => r.pick([['a'], [5], 'a', [null, '']]),
  renderTimeoutSeconds: (r) => r.pick(NUMBERS),
  manifests: (r) => r.pick([['**/*.yaml'], [], ['/'], ['**'], [5], '**/*.yaml', ['../**/*.yaml']]),
  exclude: (r) => r.pick([['**'], [5], '*', []]),
};

function editConfig(files: Files, r: Rng, out: string[]): Files {
  const name = '.karpenter-plan.yaml';
  let cfg: Record<string, unknown> = {};
  const text = files.get(name);
  if (text !== undefined) {
    try {
      // logLevel error: the library's warnings (a collection as a key) are emitted on the next tick, inside the case's
      // CLI runs, where the fuzz would count them as the CLI's (seed 26 case 2764).
      const docs = parseAllDocuments(text, { logLevel: 'error' }) as Document[];
      const v = Array.isArray(docs) && docs.length === 1 && !docs[0].errors.length ? docs[0].toJS() : null;
      if (v && typeof v === 'object' && !Array.isArray(v)) cfg = v as Record<string, unknown>;
    } catch {
      cfg = {};
    }
  }
  const key = r.pick(Object.keys(CONFIG_EDITS));
  const value = CONFIG_EDITS[key](r);
  cfg[key] =
    value && typeof value === 'object' && !Array.isArray(value) && cfg[key] && typeof cfg[key] === 'object'
      ? { ...(cfg[key] as object), ...value }
      : value;
  const next: Files = new Map(files);
  const doc = new Document(cfg);
  next.set(name, doc.toString({ lineWidth: 0 }));
  out.push(`head/${name}: set ${key} to ${JSON.stringify(value)}`);
  return next;
}

const STRANGE_FILE_NAMES = [
  '__proto__.yaml',
  'constructor.yml',
  'ñ é.yaml',
  'a/b/c/d/e/f/g.yaml',
  '-.yaml',
  '.hidden.yaml',
];

function mutateState(files: Files, side: string, r: Rng, out: string[], opts: MutateOptions): Files {
  const next: Files = new Map(files);
  const names = [...files.keys()];
  const weight = (n: string) => (n.endsWith('.karpenter-plan.yaml') ? 1 : n.includes('values') ? 3 : 4);
  const count = 1 + (r.chance(0.3) ? 1 : 0);
  for (let i = 0; i < count; i++) {
    const name = r.weighted(names.map((n) => [n, weight(n)] as const));
    const m = mutateText(next.get(name)!, r, opts);
    next.set(name, m.text);
    out.push(`${side}/${name}: ${m.done.join(', ')}`);
  }
  if (r.chance(0.05)) {
    const from = r.pick(names.filter((n) => !n.startsWith('.')).concat(names[0]));
    const name = r.pick(STRANGE_FILE_NAMES);
    const m = mutateText(files.get(from)!, r, opts);
    next.set(name, m.text);
    out.push(`${side}/${name}: new file from ${from}: ${m.done.join(', ')}`);
  }
  return next;
}

/** Payload markers: any of them raw in the Markdown report is an injection. */
export const PAYLOAD_MARKERS = ['](https://fuzz.invalid', '<img src=fuzz', '@fuzzuser', '<b>fuzz'];
const PAYLOADS = [
  'np[x](https://fuzz.invalid/a)',
  '![i](https://fuzz.invalid/i.png)',
  '<img src=fuzz>',
  '@fuzzuser',
  'a`b`c|d <b>fuzz</b>',
  'x\n@fuzzuser',
  'www.fuzz.invalid',
];

/** Rules an annotation from the change must never silence (src/common/findings.ts UNSUPPRESSIBLE_BY_ANNOTATION). */
export const UNSUPPRESSIBLE = [
  'invalid-spec',
  'invalid-yaml',
  'input-not-evaluated',
  'unreadable-file',
  'input-capped',
];

/** The YAML documents of a file with a `kind`, edited by `edit`; the file unchanged when it does not parse. */
function editDocs(text: string, edit: (d: Document, i: number) => void): string {
  let docs: Document[];
  try {
    docs = parseAllDocuments(text, { logLevel: 'error' }) as Document[];
  } catch {
    return text;
  }
  if (!Array.isArray(docs) || docs.some((d) => d.errors.length)) return text;
  try {
    return editParsed(docs, edit);
  } catch {
    // A text the YAML library cannot write back (nesting deeper than its stack): left as it is.
    return text;
  }
}

function editParsed(docs: Document[], edit: (d: Document, i: number) => void): string {
  docs.forEach((d, i) => {
    if (!isMap(d.contents) || d.get('kind') === undefined) return;
    try {
      edit(d, i);
    } catch {
      // A document an earlier mutation left without a map where the edit goes: left as it is.
    }
  });
  return docs.map((d) => d.toString({ lineWidth: 0 })).join('');
}

const HOSTILE_EDITS: Record<string, (files: Files, r: Rng) => { files: Files; what: string } | null> = {
  valuesProtoKey: (files, r) => {
    const names = [...files.keys()].filter((n) => /values/.test(n) && /\.ya?ml$/.test(n));
    if (!names.length) return null;
    const name = r.pick(names);
    const key = r.pick(['__proto__', 'constructor', 'prototype']);
    const text = files.get(name)!;
    const nested = /^(\w+):\s*$/m.exec(text);
    const next = new Map(files);
    next.set(
      name,
      nested && r.chance(0.7)
        ? text.replace(nested[0], `${nested[0]}\n  ${key}:\n    polluted: { weight: 1 }`)
        : `${text}\n${key}:\n  polluted: true\n`,
    );
    return { files: next, what: `${name}: values key ${key}` };
  },
  ignoreAnnotation: (files, r) => {
    const names = [...files.keys()].filter((n) => /\.ya?ml$/.test(n) && /kind:/.test(files.get(n)!));
    if (!names.length) return null;
    const name = r.pick(names);
    const how = r.pick(['star-on-invalid', 'star', 'lookalike', 'duplicate']);
    const next = new Map(files);
    let extra = '';
    next.set(
      name,
      editDocs(files.get(name)!, (d) => {
        d.setIn(['metadata', 'annotations', 'karpenter-plan.io/ignore'], r.pick(['*', 'invalid-spec', 'input-capped']));
        if (how === 'star-on-invalid') d.setIn(['spec', 'weight'], 500);
        if (how === 'lookalike' || how === 'duplicate') {
          const copy = d.clone();
          if (how === 'lookalike') copy.set('apiVersion', r.pick(['example.com/v1', 'v1']));
          extra += `---\n${copy.toString({ lineWidth: 0 })}`;
        }
      }),
    );
    if (extra) next.set(`lookalike-${how}.yaml`, extra);
    return { files: next, what: `${name}: karpenter-plan.io/ignore (${how})` };
  },
  markdownName: (files, r) => {
    const names = [...files.keys()].filter((n) => /\.ya?ml$/.test(n) && /kind:/.test(files.get(n)!));
    if (!names.length) return null;
    const name = r.pick(names);
    const payload = r.pick(PAYLOADS);
    const field = r.pick(['name', 'label', 'file']);
    const next = new Map(files);
    if (field === 'file') {
      next.set(`${payload.replace(/[/\n]/g, '_')}.yaml`, files.get(name)!);
      next.delete(name);
    } else
      next.set(
        name,
        editDocs(files.get(name)!, (d, i) => {
          if (i > 0 && r.chance(0.5)) return;
          if (field === 'name') d.setIn(['metadata', 'name'], payload);
          else d.setIn(['spec', 'template', 'metadata', 'labels', 'team'], payload);
        }),
      );
    return { files: next, what: `${name}: ${field} ${JSON.stringify(payload)}` };
  },
  clustersConfig: (files, r) => {
    const next = new Map(files);
    const entry = r.pick([
      { name: 'a', path: '../..' },
      { name: 'a', path: '/etc' },
      { name: '@fuzzuser', path: '.' },
      { name: 'x[y](https://fuzz.invalid)', path: 'nope' },
    ]);
    const cfg = `${files.get('.karpenter-plan.yaml') ?? ''}\nclusters:\n  - ${JSON.stringify(entry)}\n  - ${JSON.stringify({ ...entry, path: '.' })}\n`;
    next.set('.karpenter-plan.yaml', cfg);
    return { files: next, what: `clusters ${JSON.stringify(entry)}` };
  },
};

/**
 * The URL of the fuzzer's counting server in hostile inputs: replaced when the case is written (layOut) by
 * `http://127.0.0.1:<port>/case-<index>/` (scripts/fuzz.mjs counts every connection), else a closed port.
 */
export const FUZZ_URL = '__FUZZ_URL__';
/** The same URL with its scheme in capitals (`HTTP://`). */
const FUZZ_URL_UPPER = '__FUZZ_URL_UPPER__';
/** A symlink in a state's files: the text after the marker is the link's target (layOut makes it). */
export const SYMLINK = '\u0000symlink:';
/** The canary outside the states (`outside/` in the case folder): its name anywhere in the output is an outside read. */
export const CANARY = 'fuzz-canary-outside';
const CANARY_FILES: [string, string][] = [
  [
    'outside/pool.yaml',
    `apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: ${CANARY}\nspec:\n  template:\n    spec:\n      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: ${CANARY} }\n      requirements: []\n`,
  ],
  ['outside/values.yaml', `nodePool:\n  ${CANARY}:\n    weight: 1\n`],
  ['outside/kustomization.yaml', 'resources: [pool.yaml]\n'],
];

/** A NodePool (with its EC2NodeClass reference) for the folders the hostile edits add. */
const hostilePool = (name: string) =>
  `apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n      requirements:\n        - { key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }\n`;

/** Label keys and values the API server refuses (apimachinery ValidateLabels). */
const BAD_LABELS: [string, string][] = [
  ['team', 'bad value!'],
  ['owner', 'a'.repeat(64)],
  ['a/b/c', 'x'],
  ['tier', 'front-'],
  ['Example.COM/team', 'a'],
  ['-lead', 'x'],
];

/** Remote references in the spellings a kustomization may use (remote-reference.ts refuses them all). */
const remoteRefs = (r: Rng): string =>
  r.pick([
    `${FUZZ_URL}k.yaml`,
    `${FUZZ_URL_UPPER}k.yaml`,
    `git::${FUZZ_URL}repo.git`,
    `${FUZZ_URL}repo.git?ref=main`,
    '//127.0.0.1:9/x',
    'git@127.0.0.1:repo.git',
  ]);

const argoApp = (source: string, extra = '') =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: { name: hostile, namespace: argocd }\nspec:\n  project: default\n  destination: { server: https://kubernetes.default.svc, namespace: karpenter }\n${source}${extra}`;

const appSet = (spec: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: { name: hostile-set, namespace: argocd }\nspec:\n${spec}`;
const APPSET_TEMPLATE = (label: string) =>
  `  template:\n    metadata:\n      name: '{{ .name }}-pools'\n      labels: { team: '${label}' }\n    spec:\n      project: default\n      source: { repoURL: https://example.com/repo.git, path: 'hostile-k' }\n      destination: { server: https://kubernetes.default.svc, namespace: karpenter }\n`;
const APPSET_LIST = '  generators:\n    - list:\n        elements:\n          - { name: a }\n';

/** Edits of issue 26's remainder: each makes head invalid, so the case must not pass (mustNotPass). */
const INVALID_EDITS: Record<string, (files: Files, r: Rng) => { files: Files; what: string }> = {
  kustomizeLabels: (files, r) => {
    const [k, v] = r.pick(BAD_LABELS);
    const how = r.pick(['commonLabels', 'labels', 'resource']);
    const next = new Map(files);
    const label = `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
    next.set(
      'hostile-k/kustomization.yaml',
      how === 'commonLabels'
        ? `resources: [pool.yaml]\ncommonLabels:\n  ${label}\n`
        : how === 'labels'
          ? `resources: [pool.yaml]\nlabels:\n  - pairs:\n      ${label}\n`
          : 'resources: [pool.yaml]\n',
    );
    const pool = hostilePool('hostile-k');
    next.set(
      'hostile-k/pool.yaml',
      how === 'resource' ? pool.replace('  name: hostile-k\n', `  name: hostile-k\n  labels:\n    ${label}\n`) : pool,
    );
    return { files: next, what: `hostile-k: ${how} ${label}` };
  },
  kustomizeOutside: (files, r) => {
    const next = new Map(files);
    const field = r.pick(['resources', 'components', 'patches', 'outside']);
    const ref = field === 'outside' ? r.pick(['../outside', '../../outside/pool.yaml', '/etc']) : remoteRefs(r);
    next.set(
      'hostile-k/kustomization.yaml',
      field === 'patches'
        ? `resources: [pool.yaml]\npatches:\n  - path: ${JSON.stringify(ref)}\n`
        : `resources: [pool.yaml${field === 'components' ? '' : `, ${JSON.stringify(ref)}`}]\n${field === 'components' ? `components: [${JSON.stringify(ref)}]\n` : ''}`,
    );
    next.set('hostile-k/pool.yaml', hostilePool('hostile-k'));
    return { files: next, what: `hostile-k: ${field} ${ref}` };
  },
  helmChart: (files, r) => {
    const next = new Map(files);
    const how = r.pick(['schemaRef', 'dependency', 'protoValues']);
    next.set(
      'hostile-chart/Chart.yaml',
      `apiVersion: v2\nname: hostile\nversion: 0.1.0\n${how === 'dependency' ? `dependencies:\n  - { name: dep, version: 1.0.0, repository: ${JSON.stringify(FUZZ_URL)} }\n` : ''}`,
    );
    next.set(
      'hostile-chart/templates/pool.yaml',
      hostilePool('hostile-chart').replace('name: hostile-chart', 'name: {{ .Values.name }}'),
    );
    next.set(
      'hostile-chart/values.yaml',
      how === 'protoValues' ? 'name: hostile-chart\n__proto__:\n  polluted: true\n' : 'name: hostile-chart\n',
    );
    if (how === 'schemaRef')
      next.set('hostile-chart/values.schema.json', JSON.stringify({ $ref: `${FUZZ_URL}schema.json` }));
    return { files: next, what: `hostile-chart: ${how}` };
  },
  argoApplication: (files, r) => {
    const next = new Map(files);
    const how = r.pick(['outsidePath', 'valuesURL', 'outsideValues', 'commonLabels', 'specNotObject']);
    next.set('hostile-k/kustomization.yaml', 'resources: [pool.yaml]\n');
    next.set('hostile-k/pool.yaml', hostilePool('hostile-app'));
    const [k, v] = r.pick(BAD_LABELS);
    const src = (path: string, extra = '') =>
      `  source:\n    repoURL: https://example.com/repo.git\n    path: ${JSON.stringify(path)}\n${extra}`;
    next.set(
      'apps/hostile-app.yaml',
      how === 'specNotObject'
        ? 'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: { name: hostile }\nspec: [1]\n'
        : how === 'outsidePath'
          ? argoApp(src(r.pick(['../outside', '/etc', '../../outside'])))
          : how === 'commonLabels'
            ? argoApp(
                src(
                  'hostile-k',
                  `    kustomize:\n      commonLabels:\n        ${JSON.stringify(k)}: ${JSON.stringify(v)}\n`,
                ),
              )
            : argoApp(
                `  source:\n    repoURL: https://example.com/repo.git\n    path: hostile-chart\n    helm:\n      valueFiles: [${JSON.stringify(how === 'valuesURL' ? `${FUZZ_URL}values.yaml` : '../outside/values.yaml')}]\n`,
              ),
    );
    if (how === 'valuesURL' || how === 'outsideValues') {
      next.set('hostile-chart/Chart.yaml', 'apiVersion: v2\nname: hostile\nversion: 0.1.0\n');
      next.set('hostile-chart/templates/pool.yaml', hostilePool('hostile-chart'));
    }
    return { files: next, what: `apps/hostile-app.yaml: ${how}` };
  },
  appSetTemplate: (files, r) => {
    const next = new Map(files);
    const how = r.pick(['missingKey', 'printfWidth', 'generatorsMap', 'noGenerators', 'gitURL']);
    next.set('hostile-k/kustomization.yaml', 'resources: [pool.yaml]\n');
    next.set('hostile-k/pool.yaml', hostilePool('hostile-set'));
    const spec =
      how === 'missingKey'
        ? `  goTemplate: true\n  goTemplateOptions: ["missingkey=error"]\n${APPSET_LIST}${APPSET_TEMPLATE('{{ .team }}')}`
        : how === 'printfWidth'
          ? `  goTemplate: true\n${APPSET_LIST}${APPSET_TEMPLATE(`{{ printf "%${r.pick(['1001', '999999999', '99999999999999999999'])}s" .name }}`)}`
          : how === 'generatorsMap'
            ? `  goTemplate: true\n  generators:\n    list:\n      elements: [{ name: a }]\n${APPSET_TEMPLATE('x')}`
            : how === 'noGenerators'
              ? `  goTemplate: true\n${APPSET_TEMPLATE('x')}`
              : `  goTemplate: true\n  generators:\n    - git:\n        repoURL: ${JSON.stringify(`${FUZZ_URL}repo.git`)}\n        revision: HEAD\n        directories: [{ path: '*' }]\n${APPSET_TEMPLATE('x')}`;
    next.set('apps/hostile-set.yaml', appSet(spec));
    return { files: next, what: `apps/hostile-set.yaml: ${how}` };
  },
  manifestsGlob: (files, r) => {
    const next = new Map(files);
    const glob = r.pick(['nothing-here/**/*.yaml', 'pool.yml', 'typo/*.yaml']);
    next.set(
      '.karpenter-plan.yaml',
      `${files.get('.karpenter-plan.yaml') ?? ''}\nmanifests: ["**/*.yaml", ${JSON.stringify(glob)}]\n`,
    );
    return { files: next, what: `manifests glob ${glob}` };
  },
  clustersSymlink: (files, r) => {
    const next = new Map(files);
    const field = r.pick(['manifests', 'kustomization', 'values']);
    const link = field === 'values' ? 'linked-values.yaml' : 'linked';
    next.set(link, `${SYMLINK}${field === 'values' ? '../outside/values.yaml' : '../outside'}`);
    const entry =
      field === 'values'
        ? `{ name: linked, values: [{ files: [${link}] }] }`
        : `{ name: linked, ${field}: ${field === 'manifests' ? `[${link}]` : link} }`;
    next.set('.karpenter-plan.yaml', `${files.get('.karpenter-plan.yaml') ?? ''}\nclusters:\n  - ${entry}\n`);
    return { files: next, what: `clusters ${field} through a symlink out of the repository` };
  },
};

/** Case `index` of `seed`: an example, mutated on head (mostly), base or both, and sometimes its fleet snapshot. */
export function makeCase(
  examples: readonly Example[],
  seed: number,
  index: number,
  opts: MutateOptions = {},
): FuzzCase {
  const r = caseRng(seed, index);
  const ex = r.pick(examples);
  const mutations: string[] = [];
  const side = r.weighted([
    ['head', 8],
    ['base', 1],
    ['both', 1],
  ] as const);
  let head = side === 'base' ? ex.head : mutateState(ex.head, 'head', r, mutations, opts);
  // Configuration edits are left out of bounded runs: an edge value there (a horizon of 1e308 days) can take forever.
  if (!opts.bounded && r.chance(0.15)) head = editConfig(head, r, mutations);
  let mustNotPass: string | null = null;
  if (opts.hostile) {
    // One surface of issue 26, drawn with the case's own generator (deterministic in seed and index): half of the
    // cases make head invalid in one of the ways a reviewer cannot see pass (INVALID_EDITS), half the others.
    const invalid = Object.keys(INVALID_EDITS);
    const order = r.chance(0.5)
      ? [r.pick(invalid)]
      : r.pick([
          ['valuesProtoKey', 'markdownName'],
          ['ignoreAnnotation', 'markdownName'],
          ['markdownName', 'ignoreAnnotation'],
          ['clustersConfig', 'markdownName'],
        ]);
    for (const k of order) {
      if (Object.hasOwn(INVALID_EDITS, k)) {
        const e = INVALID_EDITS[k](head, r);
        head = e.files;
        mutations.push(`head/${e.what}`);
        mustNotPass = `${k}: ${e.what}`;
        break;
      }
      const e = HOSTILE_EDITS[k](head, r);
      if (!e) continue;
      head = e.files;
      mutations.push(`head/${e.what}`);
      break;
    }
  }
  const base = side === 'head' ? ex.base : mutateState(ex.base, 'base', r, mutations, opts);
  let fleet = ex.fleet;
  if (fleet !== null && r.chance(0.2)) {
    const m = mutateText(fleet, r, opts);
    fleet = m.text;
    mutations.push(`fleet.json: ${m.done.join(', ')}`);
  }
  const stdin = r.chance(0.1)
    ? [...head.entries()]
        .filter(([n]) => !n.startsWith('.') && !n.includes('values'))
        .map(([, t]) => t)
        .join('\n---\n')
    : null;
  return {
    seed,
    index,
    example: ex.name,
    base,
    head,
    fleet,
    mutations,
    stdin,
    altFormat: r.pick(['markdown', 'text', 'sarif'] as const),
    ...(opts.hostile ? { hostile: true } : {}),
    ...(mustNotPass !== null ? { mustNotPass } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Running a case and checking what came out.

function writeFiles(root: string, files: Files, url: string): void {
  for (const [name, text] of files) {
    const p = join(root, ...name.split('/'));
    mkdirSync(dirname(p), { recursive: true });
    if (text.startsWith(SYMLINK)) {
      try {
        symlinkSync(text.slice(SYMLINK.length), p);
      } catch {
        // a name an earlier file took: left as it is
      }
    } else writeFileSync(p, text.split(FUZZ_URL_UPPER).join(url.replace('http:', 'HTTP:')).split(FUZZ_URL).join(url));
  }
}

/**
 * Head's configuration with `caps.runSeconds` (the run's time budget) below the fuzz's per-case limit, so a case that
 * runs out of time must end with a partial report and an input-capped error, never reach the limit: a case past the
 * limit is then a budget not honoured. Set only where the case's own configuration leaves it free (absent, or one
 * block mapping without `caps`); a configuration the case broke stays as it is (the CLI refuses it at once).
 */
export function withRunBudget(files: Files, seconds: number): Files {
  const name = '.karpenter-plan.yaml';
  const budget = `caps:\n  runSeconds: ${seconds}\n`;
  const text = files.get(name);
  const next = new Map(files);
  if (text === undefined) return next.set(name, budget);
  try {
    const docs = parseAllDocuments(text, { logLevel: 'error' }) as Document[];
    const doc = Array.isArray(docs) && docs.length === 1 && !docs[0].errors.length ? docs[0] : null;
    const map = doc?.contents;
    if (doc && isMap(map) && !map.flow && !doc.has('caps')) next.set(name, `${text.replace(/\n*$/, '\n')}${budget}`);
  } catch {
    // left as the case made it
  }
  return next;
}

/** Writes the case's states into `dir` (base/, head/, fleet.json) and returns the commands to run there. */
export function layOut(
  c: FuzzCase,
  dir: string,
  quick = false,
  port = 9,
  runSeconds?: number,
): { args: string[]; json: boolean; stdin?: string }[] {
  const url = `http://127.0.0.1:${port}/case-${c.index}/`;
  writeFiles(join(dir, 'base'), c.base, url);
  writeFiles(join(dir, 'head'), runSeconds === undefined ? c.head : withRunBudget(c.head, runSeconds), url);
  // The canary a hostile input may try to read (`../outside` from a state).
  if (c.hostile) writeFiles(dir, new Map(CANARY_FILES), url);
  const fleet = c.fleet !== null ? ['--fleet', 'fleet.json'] : [];
  if (c.fleet !== null) writeFileSync(join(dir, 'fleet.json'), c.fleet);
  const diff = ['diff', '--base', 'base', '--head', 'head', ...fleet, '--at', AT, '--fail-on', 'error'];
  const runs: { args: string[]; json: boolean; stdin?: string }[] = [
    { args: ['validate', 'head', '--format', 'json', '--fail-on', 'error'], json: true },
    { args: [...diff, '--format', 'json'], json: true },
    { args: [...diff, '--format', c.altFormat], json: false },
  ];
  // A hostile case's report is read for raw payloads, in every run.
  if (c.hostile) runs.splice(2, 0, { args: [...diff, '--format', 'markdown'], json: false });
  if (quick) return runs.slice(0, c.hostile ? 3 : 2);
  if (c.stdin !== null)
    runs.push({ args: ['validate', '-', '--format', 'json', '--fail-on', 'error'], json: true, stdin: c.stdin });
  return runs;
}

/** Masks what varies between instances of one bug (numbers, quoted text) so that they share a signature. */
export function signatureOf(cls: FailureClass, text: string): string {
  const first = text.split('\n').find((l) => l.trim()) ?? '';
  return `${cls}: ${first
    .replace(/"[^"\n]*"|'[^'\n]*'/g, '"…"')
    .replace(/(["'`]).*$/, '$1…')
    .replace(/\d+/g, 'N')
    .slice(0, 160)}`;
}

interface PlanLike {
  verdict?: string;
  nothingEvaluated?: boolean;
  findings?: {
    rule: string;
    severity: string;
    file?: string | null;
    line?: number | null;
    message: string;
    new?: boolean;
  }[];
}

function lineCount(text: string): number {
  return text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).length;
}

/** The checks on one finished run. `files` are the files findings may point at (relative to the case folder's state). */
export function checkRun(
  run: { args: string[]; json: boolean },
  r: { exitCode: number; stdout: string; stderr: string },
  files: Files,
  isDiff: boolean,
): { failures: Failure[]; plan: PlanLike | null } {
  const command = `karpenter-plan ${run.args.join(' ')}`;
  const failures: Failure[] = [];
  const fail = (cls: FailureClass, detail: string, sig = detail) =>
    failures.push({ cls, command, detail, signature: signatureOf(cls, sig) });
  if (![0, 1, 2].includes(r.exitCode)) {
    fail('bad-exit', `exit code ${r.exitCode}`);
    return { failures, plan: null };
  }
  let plan: PlanLike | null = null;
  if (run.json && r.stdout.trim()) {
    try {
      plan = JSON.parse(r.stdout) as PlanLike;
    } catch (e) {
      if (r.exitCode !== 2) fail('bad-output', `stdout is not JSON: ${(e as Error).message}`, 'stdout is not JSON');
    }
  }
  if (r.exitCode === 2) {
    // Documented: an unreadable configuration (stderr), nothing to plan (stderr), or nothing Karpenter-relevant
    // evaluated (a plan that says so).
    if (plan?.nothingEvaluated) return { failures, plan };
    if (plan) {
      fail('exit-mismatch', `exit 2, verdict ${plan.verdict}, nothingEvaluated ${plan.nothingEvaluated}`);
      return { failures, plan };
    }
    if (/^karpenter-plan: invalid configuration:/.test(r.stderr)) return { failures, plan };
    // Documented (docs/verdicts.md): no state of the run holds a Karpenter object, and nothing explains it.
    if (/^karpenter-plan: nothing to plan: /.test(r.stderr)) return { failures, plan };
    if (!run.json && !r.stderr) return { failures, plan }; // a rendered report of a nothing-evaluated plan
    fail('internal-error', r.stderr.trim() || '(exit 2, no message)');
    return { failures, plan };
  }
  if (r.stderr) fail('stderr', r.stderr.trim());
  if (!run.json) return { failures, plan };
  if (!plan) {
    if (!failures.length) fail('bad-output', 'no plan on stdout');
    return { failures, plan };
  }
  const errors = (plan.findings ?? []).filter((f) => f.severity === 'error');
  for (const f of errors) {
    const where = `${f.rule} at ${f.file}:${f.line}: ${f.message.slice(0, 200)}`;
    // The run's own caps (its time budget, caps.runSeconds: the case's budget is set by withRunBudget) belong to no
    // file: the run's error, documented in docs/security.md.
    if (f.rule === 'input-capped' && f.file === null) continue;
    if (typeof f.file !== 'string' || !f.file || !Number.isInteger(f.line) || (f.line as number) < 1) {
      // One bug per rule and missing part, whatever the message says.
      fail(
        'no-location',
        where,
        f.file ? `${f.rule} without a line` : `${f.rule} without a file (${JSON.stringify(f.file)})`,
      );
      continue;
    }
    if (f.file.startsWith('kustomize:')) continue;
    const text = files.get(f.file);
    if (text === undefined) fail('bad-location', `${where} (no such file)`, `${f.rule} no such file ${f.file}`);
    else if ((f.line as number) > lineCount(text))
      fail('bad-location', `${where} (the file has ${lineCount(text)} lines)`, `${f.rule} line past the end`);
  }
  const failing = errors.filter((f) => !isDiff || f.new !== false);
  if (failing.length && plan.verdict === 'pass')
    fail(
      'pass-with-error',
      `verdict pass with ${failing.length} error finding(s), e.g. ${failing[0].rule}: ${failing[0].message}`,
      `pass over ${failing[0].rule}`,
    );
  const expected = plan.nothingEvaluated ? 2 : plan.verdict === 'pass' ? 0 : 1;
  if (r.exitCode !== expected) fail('exit-mismatch', `exit ${r.exitCode}, verdict ${plan.verdict}`);
  return { failures, plan };
}

/** A hostile case's own checks: no payload raw in the Markdown report, no unsuppressible finding silenced. */
function checkHostile(run: { args: string[]; json: boolean }, stdout: string, plan: PlanLike | null): Failure[] {
  const command = `karpenter-plan ${run.args.join(' ')}`;
  const out: Failure[] = [];
  // Manifest diffs sit in fenced code blocks, where nothing renders: the rest of the report is read.
  const prose = stdout.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  if (run.args.includes('markdown'))
    for (const m of PAYLOAD_MARKERS)
      if (prose.includes(m))
        out.push({ cls: 'injection', command, detail: `raw ${m} in the report`, signature: `injection: ${m}` });
  const silenced = (plan as { suppressedFindings?: { rule: string; suppressedBy: string }[] } | null)
    ?.suppressedFindings;
  for (const f of silenced ?? [])
    if (f.suppressedBy === 'annotation' && UNSUPPRESSIBLE.includes(f.rule))
      out.push({
        cls: 'self-suppressed',
        command,
        detail: `${f.rule} silenced by an annotation`,
        signature: `self-suppressed: ${f.rule}`,
      });
  return out;
}

export interface CaseOutcome {
  failures: Failure[];
  /** Exit code per command line. */
  exits: number[];
  ms: number;
}

/**
 * Runs every command of the case in `dir` with `runCli` (in-process) and checks each. Exceptions out of runCli are
 * crashes. No hang guard here: scripts/fuzz.mjs runs this in a worker it can stop.
 */
export async function runCase(
  c: FuzzCase,
  dir: string,
  runCli: CliLike,
  opts: { quick?: boolean; port?: number; runSeconds?: number } = {},
): Promise<CaseOutcome> {
  const start = Date.now();
  // quick: validate and the JSON diff only (no second format, no standard input).
  const runs = layOut(c, dir, opts.quick, opts.port, opts.runSeconds);
  const failures: Failure[] = [];
  const exits: number[] = [];
  for (const run of runs) {
    // Findings point into head's files; a diff may also point at a file head deleted (located in base's).
    const files: Files = new Map(run.stdin !== undefined ? [['stdin.yaml', run.stdin]] : c.head);
    if (run.args[0] === 'diff' && run.stdin === undefined)
      for (const [f, text] of c.base) if (!files.has(f)) files.set(f, text);
    if (c.fleet !== null) files.set('fleet.json', c.fleet);
    let r;
    try {
      r = await runCli(run.args, dir, () => {
        if (run.stdin === undefined) throw new Error('no standard input in this run');
        return run.stdin;
      });
    } catch (e) {
      const msg = e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e);
      failures.push({
        cls: 'crash',
        command: `karpenter-plan ${run.args.join(' ')}`,
        detail: msg,
        signature: signatureOf('crash', msg),
      });
      exits.push(-1);
      continue;
    }
    exits.push(r.exitCode);
    const checked = checkRun(run, r, files, run.args[0] === 'diff');
    failures.push(...checked.failures);
    if (c.hostile) failures.push(...checkHostile(run, r.stdout, checked.plan));
    const command = `karpenter-plan ${run.args.join(' ')}`;
    if (c.hostile && (r.stdout.includes(CANARY) || r.stderr.includes(CANARY)))
      failures.push({
        cls: 'outside-read',
        command,
        detail: `the output names ${CANARY}, which only a file outside the states holds`,
        signature: 'outside-read: canary in the output',
      });
    if (c.mustNotPass && run.json && run.stdin === undefined && checked.plan?.verdict === 'pass')
      failures.push({
        cls: 'pass-over-invalid',
        command,
        detail: `verdict pass over invalid input (${c.mustNotPass})`,
        signature: signatureOf('pass-over-invalid', c.mustNotPass),
      });
  }
  // The same diff in another format must end the same way.
  if (!c.hostile && runs.length > 2 && exits[1] >= 0 && exits[2] >= 0 && exits[1] !== exits[2])
    failures.push({
      cls: 'format-mismatch',
      command: `karpenter-plan ${runs[2].args.join(' ')}`,
      detail: `exit ${exits[2]} with --format ${c.altFormat}, ${exits[1]} with --format json`,
      signature: signatureOf('format-mismatch', `--format ${c.altFormat}`),
    });
  return { failures, exits, ms: Date.now() - start };
}
