/**
 * Kustomize in a state. A folder holding `kustomization.yaml`, `kustomization.yml` or `Kustomization`
 * is a kustomization; the ones no other kustomization uses (overlays, or a lone base) are rendered
 * with the real renderer, `kustomize build` when it is on the PATH, else `kubectl kustomize`, from a
 * temporary copy of the state's files. Every file under a kustomization's folder, and every file or
 * folder it names outside it, belongs to that kustomization and is never read as a standalone
 * manifest (a patch file is a partial object). Remote resources are never fetched: a kustomization
 * that names one is reported as not evaluated, and the renderer always runs with the default load
 * restrictor, without plugins, exec functions or Helm, with a scrubbed environment and a timeout.
 */
import { makeTempFolder, removeTempFolder } from './temp-folders.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { isNode, LineCounter, parseAllDocuments, parseDocument, stringify, type Document } from 'yaml';
import { isRemoteReference, leavesState } from './remote-reference.js';
import { runSandboxed } from './sandbox.js';
import { isObject } from '../common/fields.js';
import type { FileTree } from './tree.js';

export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

export interface Kustomization {
  /** The folder (POSIX, relative to the state's root; '' for the root itself). */
  dir: string;
  /** The kustomization file. */
  file: string;
  /** Local paths it names (resources, components, patches, generators' files), relative to the state's root. */
  refs: string[];
  /** References it names that are remote (URLs, git references) or leave the state: never fetched or read. */
  remote: OutsideReference[];
  /** The file could not be parsed. */
  invalid: string | null;
}

/** A reference a kustomization names that points outside the state, with where it is named. */
export interface OutsideReference {
  reference: string;
  /** The kustomization file naming it, and the line of the entry. */
  file: string;
  line: number | null;
  /** The field (`resources`, `components`, `patches.0.path`, …). */
  field: string;
}

const found = new WeakMap<FileTree, Kustomization[]>();

/** Every kustomization of a state, with the paths it names (read once per tree: targets and states share it). */
export function findKustomizations(tree: FileTree): Kustomization[] {
  let out = found.get(tree);
  if (!out) found.set(tree, (out = readKustomizations(tree)));
  return out;
}

function readKustomizations(tree: FileTree): Kustomization[] {
  const out: Kustomization[] = [];
  for (const file of tree.list()) {
    const base = file.slice(file.lastIndexOf('/') + 1);
    if (!KUSTOMIZATION_FILES.includes(base)) continue;
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    // One kustomization per folder; kustomize itself refuses a folder with two.
    if (out.some((k) => k.dir === dir)) continue;
    out.push(readKustomization(dir, file, tree.read(file), (f) => tree.read(f)));
  }
  return out;
}

/** A path-valued entry of a kustomization: its value and where it is in the document. */
interface PathEntry {
  value: string;
  at: (string | number)[];
}

/**
 * Every entry of a kustomization that names a file, folder or repository (kustomize api/types/kustomization.go):
 * `resources`, `bases`, `components`, `crds`, `configurations`, `generators`, `transformers`, `validators` (paths, or
 * inline configurations, which are not), `patches[].path`, `patchesStrategicMerge` (paths, or inline patches),
 * `patchesJson6902[].path`, `replacements[].path`, the files and env files of `configMapGenerator` /
 * `secretGenerator`, `openapi.path`, `helmGlobals.chartHome` / `configHome` and `helmCharts[]` `repo`, `valuesFile`,
 * `additionalValuesFiles`.
 */
export function kustomizationPaths(doc: Record<string, unknown>): PathEntry[] {
  const out: PathEntry[] = [];
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const inline = (s: string): boolean => s.includes('\n') || /^\s*[\w-]+\s*:(\s|$)/.test(s);
  const strings = (key: string, allowInline = false): void =>
    list(doc[key]).forEach((v, i) => {
      if (typeof v === 'string' && !(allowInline && inline(v))) out.push({ value: v, at: [key, i] });
    });
  for (const key of ['resources', 'bases', 'components', 'crds', 'configurations']) strings(key);
  for (const key of ['generators', 'transformers', 'validators', 'patchesStrategicMerge']) strings(key, true);
  for (const key of ['patches', 'patchesJson6902', 'replacements'])
    list(doc[key]).forEach((p, i) => {
      if (isObject(p) && typeof p.path === 'string') out.push({ value: p.path, at: [key, i, 'path'] });
    });
  for (const key of ['configMapGenerator', 'secretGenerator'])
    list(doc[key]).forEach((g, i) => {
      if (!isObject(g)) return;
      list(g.files).forEach((f, j) => {
        if (typeof f === 'string')
          out.push({ value: f.includes('=') ? f.slice(f.indexOf('=') + 1) : f, at: [key, i, 'files', j] });
      });
      list(g.envs).forEach((f, j) => {
        if (typeof f === 'string') out.push({ value: f, at: [key, i, 'envs', j] });
      });
      if (typeof g.env === 'string') out.push({ value: g.env, at: [key, i, 'env'] });
    });
  if (isObject(doc.openapi) && typeof doc.openapi.path === 'string')
    out.push({ value: doc.openapi.path, at: ['openapi', 'path'] });
  if (isObject(doc.helmGlobals))
    for (const key of ['chartHome', 'configHome']) {
      const v = doc.helmGlobals[key];
      if (typeof v === 'string') out.push({ value: v, at: ['helmGlobals', key] });
    }
  list(doc.helmCharts).forEach((c, i) => {
    if (!isObject(c)) return;
    for (const key of ['repo', 'valuesFile'])
      if (typeof c[key] === 'string' && c[key]) out.push({ value: c[key] as string, at: ['helmCharts', i, key] });
    list(c.additionalValuesFiles).forEach((f, j) => {
      if (typeof f === 'string') out.push({ value: f, at: ['helmCharts', i, 'additionalValuesFiles', j] });
    });
  });
  return out;
}

/** Fields of built-in plugin configurations that name files or repositories (kustomize api/builtins). */
const PLUGIN_PATH_KEYS = new Set([
  'path',
  'paths',
  'files',
  'envs',
  'env',
  'repo',
  'valuesFile',
  'additionalValuesFiles',
  'chartHome',
  'configHome',
]);

/** The path-like strings of a plugin configuration text (every document, any depth); nothing when it does not parse. */
function pluginPaths(text: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 50) return;
    if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (isObject(v))
      for (const [key, x] of Object.entries(v)) {
        if (PLUGIN_PATH_KEYS.has(key)) {
          for (const s of typeof x === 'string' ? [x] : Array.isArray(x) ? x : [])
            if (typeof s === 'string') out.push(s.includes('=') && key === 'files' ? s.slice(s.indexOf('=') + 1) : s);
        }
        walk(x, depth + 1);
      }
  };
  try {
    for (const d of parseAllDocuments(text, { uniqueKeys: false }))
      if (!('errors' in d) || !d.errors.length) walk(d.toJS({ maxAliasCount: 1000 }), 0);
  } catch {
    // Not parseable: kustomize refuses it too.
  }
  return out;
}

function readKustomization(
  dir: string,
  file: string,
  text: string | null,
  read: (path: string) => string | null = () => null,
): Kustomization {
  const k: Kustomization = { dir, file, refs: [], remote: [], invalid: null };
  if (text === null) {
    k.invalid = 'could not be read';
    return k;
  }
  let doc: unknown;
  const lines = new LineCounter();
  let parsed: Document;
  try {
    parsed = parseDocument(text, { uniqueKeys: false, lineCounter: lines });
    if (parsed.errors.length) throw new Error(parsed.errors[0].message);
    doc = parsed.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    k.invalid = e instanceof Error ? e.message.split('\n')[0] : String(e);
    return k;
  }
  if (!isObject(doc)) return k;
  const lineOf = (at: (string | number)[]): number | null => {
    const node = parsed.getIn(at, true);
    const offset = isNode(node) ? node.range?.[0] : undefined;
    return offset === undefined ? null : lines.linePos(offset).line;
  };
  // Built-in generator and transformer configurations (inline, or files of the state) load paths of their own
  // (PatchTransformer `path`, ConfigMapGenerator `files`, HelmChartInflationGenerator `repo` …): checked the same way.
  for (const key of ['generators', 'transformers', 'validators'])
    (Array.isArray(doc[key]) ? doc[key] : []).forEach((entry, i) => {
      if (typeof entry !== 'string') return;
      const inline = entry.includes('\n') || /^\s*[\w-]+\s*:(\s|$)/.test(entry);
      const local = !inline && !isRemoteReference(entry) && !leavesState(dir, entry);
      const configText = inline ? entry : local ? read(posix.normalize(posix.join(dir, entry.trim()))) : null;
      if (configText === null) return;
      for (const value of pluginPaths(configText))
        if (isRemoteReference(value) || leavesState(dir, value))
          k.remote.push({ reference: value, file, line: lineOf([key, i]), field: `${key}.${i}` });
    });
  for (const { value, at } of kustomizationPaths(doc)) {
    // A remote reference is never fetched; a path that leaves the state (absolute, or ../ above its root) is never read.
    if (isRemoteReference(value) || leavesState(dir, value))
      k.remote.push({ reference: value, file, line: lineOf(at), field: at.join('.') });
    else k.refs.push(posix.normalize(posix.join(dir, value.trim())).replace(/\/$/, ''));
  }
  return k;
}

/** The kustomizations no other kustomization uses: each is a target that is rendered on its own. */
export function kustomizationRoots(all: readonly Kustomization[]): Kustomization[] {
  const used = new Set<string>();
  for (const k of all) for (const r of k.refs) used.add(r);
  return all.filter((k) => !used.has(k.dir));
}

/** The kustomizations a root builds on, itself included (bases and components, transitively). */
export function closure(root: Kustomization, all: readonly Kustomization[]): Kustomization[] {
  const byDir = new Map(all.map((k) => [k.dir, k]));
  const out: Kustomization[] = [];
  const seen = new Set<string>();
  const visit = (k: Kustomization): void => {
    if (seen.has(k.dir)) return;
    seen.add(k.dir);
    out.push(k);
    for (const r of k.refs) {
      const sub = byDir.get(r);
      if (sub) visit(sub);
    }
  };
  visit(root);
  return out;
}

const under = (file: string, dir: string): boolean => dir === '' || file === dir || file.startsWith(`${dir}/`);

/** The files of the state that a kustomization (with its bases) uses: never read as standalone manifests. */
export function filesOf(kustomizations: readonly Kustomization[], files: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) {
    for (const k of kustomizations) {
      if (under(f, k.dir) || k.refs.some((r) => under(f, r))) {
        out.add(f);
        break;
      }
    }
  }
  return out;
}

export interface KustomizeRenderer {
  /** `kustomize` (standalone) or `kubectl` (its built-in kustomize). */
  name: 'kustomize' | 'kubectl';
  binary: string;
}

/** The renderer found, per PATH, for the life of the process (a process that plans many runs asks once). */
const foundRenderers = new Map<string, KustomizeRenderer | null>();

/**
 * `kustomize` when it answers `kustomize version`, else `kubectl` when `kubectl kustomize --help` works, else null.
 * Asked once per process and PATH: the binaries a PATH names do not change under a run.
 */
export function findKustomizeRenderer(): KustomizeRenderer | null {
  const key = process.env.PATH ?? '';
  if (foundRenderers.has(key)) return foundRenderers.get(key)!;
  const found = probeKustomizeRenderer();
  foundRenderers.set(key, found);
  return found;
}

function probeKustomizeRenderer(): KustomizeRenderer | null {
  const home = makeTempFolder('karpenter-plan-probe-');
  try {
    const ok = (bin: string, args: string[]): boolean =>
      runSandboxed(bin, args, { home, timeoutMs: 20_000, withoutNamespace: true }).status === 0;
    if (ok('kustomize', ['version'])) return { name: 'kustomize', binary: 'kustomize' };
    if (ok('kubectl', ['kustomize', '--help'])) return { name: 'kubectl', binary: 'kubectl' };
    return null;
  } finally {
    removeTempFolder(home);
  }
}

/**
 * A temporary copy of a state's files (a directory or a git revision), removed by `dispose`. `digest` is a hash of
 * every path and content copied: two checkouts with the same digest hold the same files.
 */
export class Checkout {
  readonly root: string;
  readonly digest: string;
  constructor(tree: FileTree, files: readonly string[]) {
    this.root = makeTempFolder('karpenter-plan-kustomize-');
    const hash = createHash('sha256');
    for (const f of files) {
      const text = tree.read(f);
      if (text === null) continue;
      hash.update(`${f}\0${text.length}\0${text}\0`);
      const out = join(this.root, 'tree', f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
    }
    this.digest = hash.digest('hex');
    mkdirSync(join(this.root, 'home'), { recursive: true });
  }
  dispose(): void {
    removeTempFolder(this.root);
  }
}

export type RenderResult = { ok: true; output: string } | { ok: false; message: string; timedOut: boolean };

/**
 * Renderings already made in this process, by what decides them: the renderer, the checkout's files (its digest), the
 * folder and the edited kustomization. A renderer run offline in its sandbox gives the same output for the same files,
 * so a process that renders one state several times (base in `validate` and in `diff`, the fuzzer's commands of one
 * case) runs it once. Timeouts are not kept (they depend on the machine's load). Bounded: cleared past 256 entries.
 */
const renderings = new Map<string, RenderResult>();

/**
 * Renders one kustomization folder of a checkout, offline, with fixed flags. `edit` changes the kustomization file of
 * the copy for this rendering only (an Argo CD Application's kustomize options); the file is restored afterwards.
 */
export function renderKustomization(
  checkout: Checkout,
  dir: string,
  renderer: KustomizeRenderer,
  timeoutMs: number,
  edit: ((kustomization: Record<string, unknown>) => void) | null = null,
): RenderResult {
  if (!edit) return rendered(`${renderer.binary}\0${checkout.digest}\0${dir}`, checkout, dir, renderer, timeoutMs);
  const file = KUSTOMIZATION_FILES.map((f) => join(checkout.root, 'tree', dir, f)).find((f) => existsSync(f));
  if (!file) return { ok: false, timedOut: false, message: `${dir || '.'} holds no kustomization file` };
  const original = readFileSync(file, 'utf8');
  const doc = parseDocument(original, { uniqueKeys: false }).toJS({ maxAliasCount: 1000 }) as unknown;
  const value = isObject(doc) ? doc : {};
  edit(value);
  const editedText = stringify(value);
  writeFileSync(file, editedText);
  try {
    const key = `${renderer.binary}\0${checkout.digest}\0${dir}\0${basename(file)}\0${editedText}`;
    return rendered(key, checkout, dir, renderer, timeoutMs);
  } finally {
    writeFileSync(file, original);
  }
}

/** One rendering, from the process's renderings when the same one was made before. */
function rendered(
  key: string,
  checkout: Checkout,
  dir: string,
  renderer: KustomizeRenderer,
  timeoutMs: number,
): RenderResult {
  const known = renderings.get(key);
  if (known) return known;
  const r = runRenderer(checkout, dir, renderer, timeoutMs);
  if (!r.ok && r.timedOut) return r;
  if (renderings.size >= 256) renderings.clear();
  renderings.set(key, r);
  return r;
}

export function runRenderer(
  checkout: Checkout,
  dir: string,
  renderer: KustomizeRenderer,
  timeoutMs: number,
  sandbox: { withoutNamespace?: boolean } = {},
): RenderResult {
  const target = join(checkout.root, 'tree', dir);
  const args =
    renderer.name === 'kustomize'
      ? ['build', '--load-restrictor', 'LoadRestrictionsRootOnly', target]
      : ['kustomize', '--load-restrictor', 'LoadRestrictionsRootOnly', target];
  const r = runSandboxed(renderer.binary, args, {
    home: join(checkout.root, 'home'),
    cwd: join(checkout.root, 'tree'),
    timeoutMs,
    ...sandbox,
  });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
    return {
      ok: false,
      timedOut: true,
      message: `${renderer.name} did not finish within ${timeoutMs / 1000} s and was stopped`,
    };
  if (r.status !== 0) {
    const msg = (r.stderr || r.error?.message || '')
      .split(join(checkout.root, 'tree') + '/')
      .join('')
      .trim()
      .split('\n')
      .slice(0, 5)
      .join(' ');
    return { ok: false, timedOut: false, message: `${renderer.name} could not render ${dir || '.'}: ${msg}` };
  }
  return { ok: true, output: r.stdout };
}
