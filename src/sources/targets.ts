/**
 * The targets of a state: what is deployed on its own. Today, the kustomizations no other kustomization uses
 * (e.g. `overlays/dev`, `overlays/production`), keyed by their folder ('' for a kustomization at the root).
 */
import { closure, filesOf, findKustomizations, kustomizationRoots } from './kustomize.js';
import type { FileTree } from './tree.js';

export function discoverTargets(tree: FileTree): string[] {
  return kustomizationRoots(findKustomizations(tree)).map((k) => k.dir);
}

/** Files that the other targets' kustomizations use and this target's does not (a shared base belongs to both). */
export function filesOfOtherTargets(tree: FileTree, key: string): Set<string> {
  const all = findKustomizations(tree);
  const roots = kustomizationRoots(all);
  const files = tree.list();
  const mine = roots.find((k) => k.dir === key);
  const own = mine ? filesOf(closure(mine, all), files) : new Set<string>();
  const out = new Set<string>();
  for (const r of roots) {
    if (r.dir === key) continue;
    for (const f of filesOf(closure(r, all), files)) if (!own.has(f)) out.add(f);
  }
  return out;
}

/** Files the target's kustomization uses (its folder, its bases and components, the files they name). */
export function filesOfTarget(tree: FileTree, key: string): Set<string> {
  const all = findKustomizations(tree);
  const root = all.find((k) => k.dir === key);
  return root ? filesOf(closure(root, all), tree.list()) : new Set();
}
