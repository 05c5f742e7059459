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
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { parseDocument, stringify } from 'yaml';
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
  /** Remote resources it names (URLs, git references): never fetched. */
  remote: string[];
  /** The file could not be parsed. */
  invalid: string | null;
}

const REMOTE = /^(https?:\/\/|git@|ssh:\/\/|git::|github\.com\/|gitlab\.com\/|bitbucket\.org\/)|\?ref=|\.git(\/\/|$)/;

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
    out.push(readKustomization(dir, file, tree.read(file)));
  }
  return out;
}

function readKustomization(dir: string, file: string, text: string | null): Kustomization {
  const k: Kustomization = { dir, file, refs: [], remote: [], invalid: null };
  if (text === null) {
    k.invalid = 'could not be read';
    return k;
  }
  let doc: unknown;
  try {
    const d = parseDocument(text, { uniqueKeys: false });
    if (d.errors.length) throw new Error(d.errors[0].message);
    doc = d.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    k.invalid = e instanceof Error ? e.message.split('\n')[0] : String(e);
    return k;
  }
  if (!isObject(doc)) return k;
  const paths: string[] = [];
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  paths.push(...strings(doc.resources), ...strings(doc.bases), ...strings(doc.components), ...strings(doc.crds));
  for (const p of Array.isArray(doc.patches) ? doc.patches : [])
    if (isObject(p) && typeof p.path === 'string') paths.push(p.path);
  for (const p of Array.isArray(doc.patchesJson6902) ? doc.patchesJson6902 : [])
    if (isObject(p) && typeof p.path === 'string') paths.push(p.path);
  for (const p of Array.isArray(doc.replacements) ? doc.replacements : [])
    if (isObject(p) && typeof p.path === 'string') paths.push(p.path);
  // patchesStrategicMerge entries are file paths or inline patches (which contain a newline or a colon).
  for (const p of strings(doc.patchesStrategicMerge)) if (!p.includes('\n') && !/^\s*\w+:/.test(p)) paths.push(p);
  for (const g of [
    ...(Array.isArray(doc.configMapGenerator) ? doc.configMapGenerator : []),
    ...(Array.isArray(doc.secretGenerator) ? doc.secretGenerator : []),
  ]) {
    if (!isObject(g)) continue;
    for (const f of strings(g.files)) paths.push(f.includes('=') ? f.slice(f.indexOf('=') + 1) : f);
    paths.push(...strings(g.envs));
    if (typeof g.env === 'string') paths.push(g.env);
  }
  for (const p of paths) {
    const local = posix.normalize(posix.join(dir, p)).replace(/\/$/, '');
    // A remote resource is never fetched; a path that leaves the state (absolute, or ../ above its root) is never read.
    if (REMOTE.test(p) || p.startsWith('/') || local === '..' || local.startsWith('../')) k.remote.push(p);
    else k.refs.push(local);
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

/** The environment a renderer runs with: no tokens, no Actions variables, nothing of the caller's but PATH. */
export function scrubbedEnv(home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', KUBECONFIG: join(home, 'none') };
}

/** `kustomize` when it answers `kustomize version`, else `kubectl` when `kubectl kustomize --help` works, else null. */
export function findKustomizeRenderer(): KustomizeRenderer | null {
  const home = tmpdir();
  const ok = (bin: string, args: string[]): boolean =>
    spawnSync(bin, args, { encoding: 'utf8', timeout: 20_000, env: scrubbedEnv(home) }).status === 0;
  if (ok('kustomize', ['version'])) return { name: 'kustomize', binary: 'kustomize' };
  if (ok('kubectl', ['kustomize', '--help'])) return { name: 'kubectl', binary: 'kubectl' };
  return null;
}

/** A temporary copy of a state's files (a directory or a git revision), removed by `dispose`. */
export class Checkout {
  readonly root: string;
  constructor(tree: FileTree, files: readonly string[]) {
    this.root = makeTempFolder('karpenter-plan-kustomize-');
    for (const f of files) {
      const text = tree.read(f);
      if (text === null) continue;
      const out = join(this.root, 'tree', f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
    }
    mkdirSync(join(this.root, 'home'), { recursive: true });
  }
  dispose(): void {
    removeTempFolder(this.root);
  }
}

export type RenderResult = { ok: true; output: string } | { ok: false; message: string; timedOut: boolean };

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
  if (!edit) return runRenderer(checkout, dir, renderer, timeoutMs);
  const file = KUSTOMIZATION_FILES.map((f) => join(checkout.root, 'tree', dir, f)).find((f) => existsSync(f));
  if (!file) return { ok: false, timedOut: false, message: `${dir || '.'} holds no kustomization file` };
  const original = readFileSync(file, 'utf8');
  const doc = parseDocument(original, { uniqueKeys: false }).toJS({ maxAliasCount: 1000 }) as unknown;
  const value = isObject(doc) ? doc : {};
  edit(value);
  writeFileSync(file, stringify(value));
  try {
    return runRenderer(checkout, dir, renderer, timeoutMs);
  } finally {
    writeFileSync(file, original);
  }
}

function runRenderer(checkout: Checkout, dir: string, renderer: KustomizeRenderer, timeoutMs: number): RenderResult {
  const target = join(checkout.root, 'tree', dir);
  const args =
    renderer.name === 'kustomize'
      ? ['build', '--load-restrictor', 'LoadRestrictionsRootOnly', target]
      : ['kustomize', '--load-restrictor', 'LoadRestrictionsRootOnly', target];
  const r = spawnSync(renderer.binary, args, {
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
    env: scrubbedEnv(join(checkout.root, 'home')),
    cwd: join(checkout.root, 'tree'),
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
