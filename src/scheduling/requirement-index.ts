/**
 * Items (existing nodes, NodeClaim templates) indexed by the finite `In` sets their requirements hold per key, so that
 * a scan for a pod skips the items that cannot take it. An item whose requirement on a key is `key In V` (a finite set,
 * no bounds) is refused for a pod that requires `key In S` when V and S have no value in common: requirements.go
 * Intersects refuses a pair without common values unless both operators are NotIn or DoesNotExist, and Compatible
 * ends in Intersects (karpenter pkg/scheduling/requirements.go). Every other item (without the key, with any other
 * requirement on it, or with a value in common) is kept, in the items' order, so a scan of the candidates finds the
 * item a scan of every item finds. What an item's requirement is, and why it holds for the scan, is the caller's.
 */
import type { Requirement, Requirements } from './requirements.js';

interface Buckets {
  /** Positions of the items with a finite `In` set on the key, under each of its values. */
  values: Map<string, number[]>;
  /** Positions of the other items. */
  other: number[];
}

export class RequirementIndex {
  /** Per requirement key, built when first asked. */
  private readonly byKey = new Map<string, Buckets>();

  /** `size` items; `at(i, key)` is item i's requirement on `key` (undefined: none). */
  constructor(
    readonly size: number,
    private readonly at: (i: number, key: string) => Requirement | undefined,
  ) {}

  /** The positions (ascending) of the items that may take a pod requiring `reqs`; null: every item may. */
  candidates(reqs: Requirements): number[] | null {
    let best: number[][] | null = null;
    let bestSize = this.size;
    for (const r of reqs.values()) {
      if (!finiteIn(r)) continue; // NotIn, Exists, DoesNotExist and bounds exclude too little
      const b = this.bucketsOf(r.key);
      const lists = [b.other];
      let size = b.other.length;
      for (const v of r.values) {
        const l = b.values.get(v);
        if (l) {
          lists.push(l);
          size += l.length;
        }
      }
      if (size < bestSize) {
        best = lists;
        bestSize = size;
      }
    }
    if (!best) return null;
    const at = best.flat().sort((a, b) => a - b);
    // An item with several values is in several lists.
    return at.filter((p, i) => i === 0 || at[i - 1] !== p);
  }

  private bucketsOf(key: string): Buckets {
    let b = this.byKey.get(key);
    if (b) return b;
    b = { values: new Map(), other: [] };
    for (let i = 0; i < this.size; i++) {
      const r = this.at(i, key);
      if (!r || !finiteIn(r)) {
        b.other.push(i);
        continue;
      }
      for (const v of r.values) {
        const l = b.values.get(v);
        if (l) l.push(i);
        else b.values.set(v, [i]);
      }
    }
    this.byKey.set(key, b);
    return b;
  }
}

/** `key In V` with V a non-empty finite set and no bounds (requirement.go: not a complement, values listed). */
function finiteIn(r: Requirement): boolean {
  return !r.complement && r.values.size > 0 && r.gte === undefined && r.lte === undefined;
}
