/**
 * The CI matrix of a fanned-out run (mode targets): the affected targets, each with a name usable in an artifact's
 * and a file's name. Target keys are plain (letters, digits, `.`, `_`, `-`, `/`, `@`, `+`; `isPlainTargetKey`), so
 * replacing `/` is enough; the root target (`.`) is named `root`.
 */
import type { TargetList } from '../plan/targets.js';

export function targetArtifactName(key: string): string {
  return key === '' || key === '.' ? 'root' : key.replace(/\//g, '_');
}

export interface TargetMatrix {
  include: { target: string; name: string }[];
}

export function targetMatrix(list: Pick<TargetList, 'affected'>): TargetMatrix {
  return { include: list.affected.map((target) => ({ target, name: targetArtifactName(target) })) };
}
