/**
 * The targets of a state: what is deployed on its own. The kustomizations no other kustomization (nor an Argo CD
 * Application) uses (e.g. `overlays/dev`, `overlays/production`), keyed by their folder ('' for a kustomization at
 * the root), and the Argo CD Applications that render something of this repository — written as manifests or made by
 * an ApplicationSet — keyed `<name>@<destination cluster>`.
 */
import type { Config } from './config.js';
import { closure, filesOf, findKustomizations, kustomizationRoots } from './kustomize.js';
import { argoInventory } from './state.js';
import type { FileTree } from './tree.js';

export interface Target {
  key: string;
  /** What it is, for reports: `kustomization overlays/prod`, `Application pools-prod → prod (ApplicationSet pools)`. */
  source: string;
  /** The files it renders (its kustomization's, its Application's sources'). */
  files: Set<string>;
  /** Those and the files its Application's directory sources leave out (Argo CD deploys them nowhere). */
  owns: Set<string>;
}

const found = new WeakMap<FileTree, WeakMap<Config, Target[]>>();

export function discoverTargets(tree: FileTree, config: Config): Target[] {
  let byConfig = found.get(tree);
  if (!byConfig) found.set(tree, (byConfig = new WeakMap()));
  let out = byConfig.get(config);
  if (!out) byConfig.set(config, (out = readTargets(tree, config)));
  return out;
}

function readTargets(tree: FileTree, config: Config): Target[] {
  const all = findKustomizations(tree);
  const files = tree.list();
  const apps = argoInventory(tree, config).applications.filter((a) => a.sources.length);
  const byApps = new Set(apps.flatMap((a) => a.sources.flatMap((s) => (s.type === 'kustomize' ? [s.dir] : []))));
  const out: Target[] = kustomizationRoots(all)
    .filter((k) => !byApps.has(k.dir))
    .map((k) => {
      const own = filesOf(closure(k, all), files);
      return { key: k.dir, source: `kustomization ${k.dir || '.'}`, files: own, owns: own };
    });
  for (const a of apps)
    out.push({
      key: a.key,
      source: `Application ${a.name} → ${a.destination}${a.appSet ? ` (ApplicationSet ${a.appSet})` : ''}`,
      files: new Set(a.sources.flatMap((s) => s.files)),
      owns: new Set(a.sources.flatMap((s) => (s.type === 'directory' ? [...s.files, ...s.ignored] : s.files))),
    });
  return out;
}

/** Files that the other targets use and this target does not (a shared base belongs to both). */
export function filesOfOtherTargets(tree: FileTree, config: Config, key: string): Set<string> {
  const targets = discoverTargets(tree, config);
  const own = targets.find((t) => t.key === key)?.owns ?? new Set<string>();
  const out = new Set<string>();
  for (const t of targets) if (t.key !== key) for (const f of t.owns) if (!own.has(f)) out.add(f);
  return out;
}

/** Files the target renders (its folder, its bases and components, the files they name; its sources' files). */
export function filesOfTarget(tree: FileTree, config: Config, key: string): Set<string> {
  return discoverTargets(tree, config).find((t) => t.key === key)?.files ?? new Set();
}
