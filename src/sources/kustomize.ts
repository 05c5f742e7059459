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
import { dirname, join, posix } from 'node:path';
import { isNode, LineCounter, parseAllDocuments, parseDocument, stringify, type Document } from 'yaml';
import { isRemoteReference, leavesState } from './remote-reference.js';
import { KeptRenderings } from './kept-renderings.js';
import { runSandboxed, runSandboxedAsync } from './sandbox.js';
import { isObject } from '../common/fields.js';
import { GitTree, type FileTree } from './tree.js';

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
  const files = tree.list().filter((file) => KUSTOMIZATION_FILES.includes(file.slice(file.lastIndexOf('/') + 1)));
  // A git revision's kustomization files in one `git cat-file --batch`, not one process each.
  if (tree instanceof GitTree) tree.readMany(files);
  for (const file of files) {
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

/** What a checkout copies: the files' texts, the folders above them, and the digest of both. */
interface Snapshot {
  files: readonly string[];
  digest: string;
  texts: Map<string, string>;
  folders: Set<string>;
}

/**
 * The files of a tree a checkout copies, read once per tree and list of files (each target of a run copies the same
 * state: its shared base is read once, not once per target).
 */
const snapshots = new WeakMap<FileTree, Snapshot>();

function snapshotOf(tree: FileTree, files: readonly string[]): Snapshot {
  const known = snapshots.get(tree);
  if (known && known.files === files) return known;
  const hash = createHash('sha256');
  const texts = new Map<string, string>();
  const folders = new Set<string>();
  for (const f of files) {
    const text = tree.read(f);
    if (text === null) continue;
    hash.update(`${f}\0${text.length}\0${text}\0`);
    texts.set(f, text);
    for (let d = posix.dirname(f); d !== '.' && d !== '/' && !folders.has(d); d = posix.dirname(d)) folders.add(d);
  }
  const snapshot = { files, digest: hash.digest('hex'), texts, folders };
  snapshots.set(tree, snapshot);
  return snapshot;
}

/**
 * A temporary copy of a state's files (a directory or a git revision), removed by `dispose`. `digest` is a hash of
 * every path and content copied: two checkouts with the same digest hold the same files. The copy is written when
 * first needed (`root`): a run whose renderings were all made before (the process's renderings, render-ahead.ts)
 * writes nothing.
 */
export class Checkout {
  readonly digest: string;
  private folder: string | null = null;
  /** The files copied, with their text, and every folder above them (the tree's snapshot, shared). */
  private readonly texts: ReadonlyMap<string, string>;
  private readonly folders: ReadonlySet<string>;
  constructor(tree: FileTree, files: readonly string[]) {
    const snapshot = snapshotOf(tree, files);
    this.digest = snapshot.digest;
    this.texts = snapshot.texts;
    this.folders = snapshot.folders;
  }
  /** The copy's folder (its files under `tree/`, the renderers' HOME `home/`), written on first use. */
  get root(): string {
    if (this.folder !== null) return this.folder;
    const root = makeTempFolder('karpenter-plan-kustomize-');
    this.folder = root;
    for (const [f, text] of this.texts) {
      const out = join(root, 'tree', f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
    }
    mkdirSync(join(root, 'home'), { recursive: true });
    return root;
  }
  /**
   * The kustomization file of a folder of the copy (the first of KUSTOMIZATION_FILES there) and its text, or null.
   * Once the copy is written, read from it (a Flux Kustomization writes a generated one there, flux.ts).
   */
  kustomizationOf(dir: string): { name: string; text: string } | null {
    if (this.folder !== null) {
      const name = KUSTOMIZATION_FILES.find((f) => existsSync(join(this.folder!, 'tree', dir, f)));
      return name ? { name, text: readFileSync(join(this.folder, 'tree', dir, name), 'utf8') } : null;
    }
    const name = KUSTOMIZATION_FILES.find((f) => {
      const p = posix.join(dir, f);
      return this.texts.has(p) || this.folders.has(p);
    });
    if (!name) return null;
    const text = this.texts.get(posix.join(dir, name));
    // A folder of that name: read as the copy would be (which fails as it did).
    return { name, text: text ?? readFileSync(join(this.root, 'tree', dir, name), 'utf8') };
  }
  dispose(): void {
    if (this.folder !== null) removeTempFolder(this.folder);
  }
}

export type RenderResult = { ok: true; output: string } | { ok: false; message: string; timedOut: boolean };

/**
 * Renderings already made in this process, by what decides them: the renderer, the checkout's files (its digest), the
 * folder and the edited kustomization. A renderer run offline in its sandbox gives the same output for the same files,
 * so a process that renders one state several times (base in `validate` and in `diff`, the fuzzer's commands of one
 * case) runs it once. Timeouts are not kept (they depend on the machine's load). Bounded (kept-renderings.ts).
 */
const renderings = new KeptRenderings<RenderResult>();

/** A rendering to make: its key in `renderings`, and the edited kustomization to write (null: none). */
interface RenderRequest {
  key: string;
  edited: { file: string; text: string; original: string } | null;
}

/** What decides a rendering (renderKustomization), or the failure to answer when the folder holds no kustomization. */
function renderRequest(
  checkout: Checkout,
  dir: string,
  renderer: KustomizeRenderer,
  edit: ((kustomization: Record<string, unknown>) => void) | null,
): RenderRequest | RenderResult {
  if (!edit) return { key: `${renderer.binary}\0${checkout.digest}\0${dir}`, edited: null };
  const found = checkout.kustomizationOf(dir);
  if (!found) return { ok: false, timedOut: false, message: `${dir || '.'} holds no kustomization file` };
  const doc = parseDocument(found.text, { uniqueKeys: false }).toJS({ maxAliasCount: 1000 }) as unknown;
  const value = isObject(doc) ? doc : {};
  edit(value);
  const editedText = stringify(value);
  return {
    key: `${renderer.binary}\0${checkout.digest}\0${dir}\0${found.name}\0${editedText}`,
    edited: { file: join(dir, found.name), text: editedText, original: found.text },
  };
}

/** Writes the edited kustomization into the copy (when there is one) and returns how to restore it. */
function applyEdit(checkout: Checkout, request: RenderRequest): () => void {
  if (!request.edited) return () => {};
  const file = join(checkout.root, 'tree', request.edited.file);
  const original = request.edited.original;
  writeFileSync(file, request.edited.text);
  return () => writeFileSync(file, original);
}

/** Keeps a rendering for the rest of the process (timeouts are not kept). */
function keep(key: string, r: RenderResult): void {
  if (!r.ok && r.timedOut) return;
  renderings.keep(key, r);
}

/**
 * Renders one kustomization folder of a checkout, offline, with fixed flags. `edit` changes the kustomization file of
 * the copy for this rendering only (an Argo CD Application's kustomize options); the file is restored afterwards. A
 * rendering the process already made (the same files, folder and edit) is not made again.
 */
export function renderKustomization(
  checkout: Checkout,
  dir: string,
  renderer: KustomizeRenderer,
  timeoutMs: number,
  edit: ((kustomization: Record<string, unknown>) => void) | null = null,
): RenderResult {
  const request = renderRequest(checkout, dir, renderer, edit);
  if (!('key' in request)) return request;
  const known = renderings.get(request.key);
  if (known) return known;
  const restore = applyEdit(checkout, request);
  try {
    const r = runRenderer(checkout, dir, renderer, timeoutMs);
    keep(request.key, r);
    return r;
  } finally {
    restore();
  }
}

/** A rendering to make ahead of the pipeline: renderKustomization's folder and edit. */
export interface AheadJob {
  checkout: Checkout;
  dir: string;
  edit: ((kustomization: Record<string, unknown>) => void) | null;
}

/**
 * Makes renderings ahead, `concurrency` renderers at a time, into the process's renderings, so that the pipeline's
 * renderKustomization then finds them made. Each is what renderKustomization would run (the same command, sandbox,
 * folder, edit, timeout and output cap); only a renderer that exited on its own is kept (a timeout, a renderer
 * stopped past its output cap or that could not be started is left for the pipeline to run and report). The jobs'
 * folders must be distinct in each checkout, none a base of another (an edit is written into the copy while the others run).
 * `start` is asked before each renderer starts (the run's render cap and time budget): once it says no, no other
 * starts. Renderings already made are not made again. Answers how many renderers were started.
 */
export async function renderAhead(
  jobs: readonly AheadJob[],
  renderer: KustomizeRenderer,
  timeoutMs: number,
  concurrency: number,
  start: () => boolean,
): Promise<number> {
  const todo: { checkout: Checkout; dir: string; request: RenderRequest }[] = [];
  for (const j of jobs) {
    let request: RenderRequest | RenderResult;
    try {
      request = renderRequest(j.checkout, j.dir, renderer, j.edit);
    } catch {
      continue; // the pipeline meets the same kustomization and answers for it
    }
    if ('key' in request && !renderings.has(request.key) && !todo.some((t) => t.request.key === request.key))
      todo.push({ checkout: j.checkout, dir: j.dir, request });
  }
  let next = 0;
  let started = 0;
  let refused = false;
  const worker = async (): Promise<void> => {
    while (next < todo.length && !refused) {
      if (!start()) {
        refused = true;
        return;
      }
      const { checkout, dir, request } = todo[next++];
      started++;
      const restore = applyEdit(checkout, request);
      try {
        const outcome = await runSandboxedAsync(renderer.binary, rendererArgs(checkout, dir, renderer), {
          home: join(checkout.root, 'home'),
          cwd: join(checkout.root, 'tree'),
          timeoutMs,
        });
        if (!outcome.error && outcome.status !== null)
          keep(request.key, rendererResult(checkout, dir, renderer, timeoutMs, outcome));
      } finally {
        restore();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, todo.length)) }, worker));
  return started;
}

/** How many renderings the process may still keep before its renderings are cleared (renderAhead fills up to it). */
export function renderingsRoom(): number {
  return renderings.room();
}

/** The renderer's arguments: fixed flags, the default load restrictor, the folder of the copy. */
function rendererArgs(checkout: Checkout, dir: string, renderer: KustomizeRenderer): string[] {
  const target = join(checkout.root, 'tree', dir);
  return renderer.name === 'kustomize'
    ? ['build', '--load-restrictor', 'LoadRestrictionsRootOnly', target]
    : ['kustomize', '--load-restrictor', 'LoadRestrictionsRootOnly', target];
}

export function runRenderer(
  checkout: Checkout,
  dir: string,
  renderer: KustomizeRenderer,
  timeoutMs: number,
  sandbox: { withoutNamespace?: boolean } = {},
): RenderResult {
  const r = runSandboxed(renderer.binary, rendererArgs(checkout, dir, renderer), {
    home: join(checkout.root, 'home'),
    cwd: join(checkout.root, 'tree'),
    timeoutMs,
    ...sandbox,
  });
  return rendererResult(checkout, dir, renderer, timeoutMs, r);
}

/** A renderer's answer as a rendering: its output, or why it failed (paths of the copy left out). */
function rendererResult(
  checkout: Checkout,
  dir: string,
  renderer: KustomizeRenderer,
  timeoutMs: number,
  r: { status: number | null; stdout: string; stderr: string; error?: Error },
): RenderResult {
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
