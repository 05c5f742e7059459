/**
 * The targets of a state: what is deployed on its own. Today, the kustomizations no other kustomization uses
 * (e.g. `overlays/dev`, `overlays/production`), keyed by their folder ('' for a kustomization at the root).
 */
import { findKustomizations, kustomizationRoots } from './kustomize.js';
import type { FileTree } from './tree.js';

export function discoverTargets(tree: FileTree): string[] {
  return kustomizationRoots(findKustomizations(tree)).map((k) => k.dir);
}
