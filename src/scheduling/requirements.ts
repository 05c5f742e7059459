/**
 * The requirements algebra of Karpenter (karpenter `pkg/scheduling/requirement.go`,
 * `requirements.go`): construction per operator and normalisation (`NewRequirementWithFlexibility`), point queries
 * (`Has`, `Operator`, `Len`, `String`), Intersection, HasIntersection, Add/Get (`requirements.go`), Intersects and
 * Compatible with or without AllowUndefinedWellKnownLabels (`requirements.go`), minValues (kept as the max by `Intersection`).
 */
import { normalizeKey, WELL_KNOWN_LABELS } from '../api/labels.js';
import type { NodeSelectorRequirement } from '../api/nodeselector.js';

const MAX_INT = Number.MAX_SAFE_INTEGER;

/**
 * One requirement (requirement.go `Requirement`): `complement=false` → exactly `values` (empty = DoesNotExist);
 * `complement=true` → everything but `values` (empty = Exists); `gte`/`lte` inclusive bounds.
 */
export class Requirement {
  constructor(
    readonly key: string,
    readonly complement: boolean,
    readonly values: ReadonlySet<string>,
    readonly gte?: number,
    readonly lte?: number,
    readonly minValues?: number,
  ) {}

  /** requirement.go `NewRequirementWithFlexibility`: construction per operator, after key normalisation (`v1.NormalizedLabels`). */
  static of(key: string, operator: string, values: readonly string[] = [], minValues?: number): Requirement {
    const k = normalizeKey(key);
    switch (operator) {
      case 'In':
        return new Requirement(k, false, new Set(values), undefined, undefined, minValues);
      case 'NotIn':
        return new Requirement(k, true, new Set(values), undefined, undefined, minValues);
      case 'DoesNotExist':
        return new Requirement(k, false, new Set(), undefined, undefined, minValues);
      case 'Gt': {
        const n = atoi(values[0]);
        // NewRequirementWithFlexibility: Gt MaxInt returns DoesNotExist and drops minValues.
        if (n >= MAX_INT) return new Requirement(k, false, new Set());
        return new Requirement(k, true, new Set(), n + 1, undefined, minValues);
      }
      case 'Lt':
        return new Requirement(k, true, new Set(), undefined, atoi(values[0]) - 1, minValues);
      case 'Gte':
        return new Requirement(k, true, new Set(), atoi(values[0]), undefined, minValues);
      case 'Lte':
        return new Requirement(k, true, new Set(), undefined, atoi(values[0]), minValues);
      default:
        // Exists, and (NewRequirementWithFlexibility) any unknown operator string falls through to Exists.
        return new Requirement(k, true, new Set(), undefined, undefined, minValues);
    }
  }

  static fromNodeSelector(r: NodeSelectorRequirement): Requirement {
    return Requirement.of(r.key, r.operator, r.values ?? [], r.minValues);
  }

  /** requirement.go `Operator()` — ignores bounds. */
  operator(): 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' {
    if (this.complement) return this.values.size > 0 ? 'NotIn' : 'Exists';
    return this.values.size > 0 ? 'In' : 'DoesNotExist';
  }

  /** requirement.go `withinBounds`: a non-integer is out of bounds when any bound exists. */
  withinBounds(v: string): boolean {
    return withinRange(v, this.gte, this.lte);
  }

  /** requirement.go `Has(v)`. */
  has(v: string): boolean {
    if (this.complement) return !this.values.has(v) && this.withinBounds(v);
    return this.values.has(v) && this.withinBounds(v);
  }

  /** requirement.go `Len()`. */
  len(): number {
    return this.complement ? MAX_INT - this.values.size : this.values.size;
  }

  /** Is the allowed set empty (a concrete empty set, or conflicting bounds)? */
  isEmpty(): boolean {
    if (!this.complement) return this.values.size === 0;
    return this.gte !== undefined && this.lte !== undefined && this.gte > this.lte;
  }

  /** requirement.go `Intersection(a, b)`, exact algorithm. The key is `this.key`. */
  intersection(b: Requirement): Requirement {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- read as Karpenter's Intersection(a, b)
    const a = this;
    const complement = a.complement && b.complement;
    const gte = maxDefined(a.gte, b.gte);
    const lte = minDefined(a.lte, b.lte);
    const minValues = maxDefined(a.minValues, b.minValues);
    if (gte !== undefined && lte !== undefined && gte > lte) {
      return new Requirement(a.key, false, new Set(), undefined, undefined, minValues);
    }
    let values: Set<string>;
    if (a.complement && b.complement) values = new Set([...a.values, ...b.values]);
    else if (a.complement) values = difference(b.values, a.values);
    else if (b.complement) values = difference(a.values, b.values);
    else values = intersect(a.values, b.values);
    if (gte !== undefined || lte !== undefined) {
      const probe = new Requirement(a.key, true, new Set(), gte, lte);
      for (const v of [...values]) if (!probe.withinBounds(v)) values.delete(v);
    }
    if (!complement) return new Requirement(a.key, false, values, undefined, undefined, minValues);
    return new Requirement(a.key, true, values, gte, lte, minValues);
  }

  /** requirement.go `HasIntersection(a, b)`, including its both-complement inaccuracy. */
  hasIntersection(b: Requirement): boolean {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- read as Karpenter's Intersection(a, b)
    const a = this;
    const gte = maxDefined(a.gte, b.gte);
    const lte = minDefined(a.lte, b.lte);
    if (gte !== undefined && lte !== undefined && gte > lte) return false;
    // The bounds check of requirement.go withinBounds (withinRange), without allocating a Requirement for it: this runs
    // for every instance type of every template, so nothing here allocates.
    if (a.complement && b.complement) return true;
    if (a.complement) {
      for (const v of b.values) if (!a.values.has(v) && withinRange(v, gte, lte)) return true;
      return false;
    }
    if (b.complement) {
      for (const v of a.values) if (!b.values.has(v) && withinRange(v, gte, lte)) return true;
      return false;
    }
    const aSmaller = a.values.size <= b.values.size;
    const small = aSmaller ? a.values : b.values;
    const big = aSmaller ? b.values : a.values;
    for (const v of small) if (big.has(v) && withinRange(v, gte, lte)) return true;
    return false;
  }

  /** A concrete value for the label Karpenter would stamp (requirement.go `Any()`; deterministic here). */
  any(): string {
    if (!this.complement) return this.values.size ? [...this.values].sort()[0] : '';
    const min = this.gte ?? 0;
    for (let n = min; n <= (this.lte ?? min + 1000); n++) {
      if (!this.values.has(String(n))) return String(n);
    }
    return String(min);
  }

  /** The allowed values in a reviewer's words: `m7i, m8i`, `anything but m5`, `≥ 6`, `must be absent`. */
  allowedInWords(): string {
    const list = (vs: ReadonlySet<string>) => {
      const sorted = [...vs].sort();
      return sorted.length > 8 ? `${sorted.slice(0, 8).join(', ')}, … (${sorted.length})` : sorted.join(', ');
    };
    const bounds = [
      ...(this.gte !== undefined ? [`≥ ${this.gte}`] : []),
      ...(this.lte !== undefined ? [`≤ ${this.lte}`] : []),
    ].join(' and ');
    if (!this.complement) return this.values.size ? list(this.values) : 'must be absent';
    if (this.values.size) return `anything but ${list(this.values)}${bounds ? `, ${bounds}` : ''}`;
    return bounds || 'any value';
  }

  withMinValues(minValues: number | undefined): Requirement {
    return new Requirement(this.key, this.complement, this.values, this.gte, this.lte, minValues);
  }

  /** requirement.go `String()`, e.g. `key Exists >=2 <=8`, `key In [A B]`. */
  toString(): string {
    const op = this.operator();
    let s = `${this.key} ${op}`;
    if (op === 'In' || op === 'NotIn') s += ` [${[...this.values].sort().join(' ')}]`;
    if (this.gte !== undefined) s += ` >=${this.gte}`;
    if (this.lte !== undefined) s += ` <=${this.lte}`;
    if (this.minValues !== undefined) s += ` minValues ${this.minValues}`;
    return s;
  }
}

/** Requirements.ofLabels' results, per labels object. */
const LABEL_REQUIREMENTS = new WeakMap<Readonly<Record<string, string>>, Requirements>();

/**
 * `key In [value]` once per label (Requirements.fromLabels): the nodes of a fleet share most of their labels (zone,
 * architecture, instance type, NodePool…), and a Requirement never changes once made. Emptied past LABEL_ENTRIES
 * labels (a process that plans many fleets).
 */
const LABELS = new Map<string, Map<string, Requirement>>();
let labelEntries = 0;
const LABEL_ENTRIES = 200_000;

function labelRequirement(key: string, value: string): Requirement {
  let byValue = LABELS.get(key);
  if (!byValue) LABELS.set(key, (byValue = new Map()));
  let r = byValue.get(value);
  if (!r) {
    if (++labelEntries > LABEL_ENTRIES) {
      LABELS.clear();
      labelEntries = 1;
      LABELS.set(key, (byValue = new Map()));
    }
    byValue.set(value, (r = Requirement.of(key, 'In', [value])));
  }
  return r;
}

/** `Requirements` (requirements.go): at most one requirement per key; Add always narrows (`Requirements.Add`). */
export class Requirements {
  private readonly map: Map<string, Requirement>;

  constructor(entries?: Iterable<Requirement>) {
    this.map = new Map();
    if (entries) for (const r of entries) this.add(r);
  }

  static fromNodeSelectorRequirements(list: readonly NodeSelectorRequirement[]): Requirements {
    return new Requirements(list.map((r) => Requirement.fromNodeSelector(r)));
  }

  /** `NewLabelRequirements`: each label as `In [value]` (normalised by `NewRequirementWithFlexibility`). */
  static fromLabels(labels: Readonly<Record<string, string>>): Requirements {
    const out = new Requirements();
    for (const [k, v] of Object.entries(labels)) out.add(labelRequirement(k, v));
    return out;
  }

  /**
   * fromLabels made once per labels object (a fleet node's labels are read by every scheduling simulation of a run).
   * The result is shared: callers never change it in place (clone it first).
   */
  static ofLabels(labels: Readonly<Record<string, string>>): Requirements {
    let r = LABEL_REQUIREMENTS.get(labels);
    if (!r) LABEL_REQUIREMENTS.set(labels, (r = Requirements.fromLabels(labels)));
    return r;
  }

  clone(): Requirements {
    const r = new Requirements();
    for (const [k, v] of this.map) r.map.set(k, v);
    return r;
  }

  /** requirements.go `Add`: intersect with an existing requirement on the same key. */
  add(r: Requirement): this {
    const existing = this.map.get(r.key);
    this.map.set(r.key, existing ? r.intersection(existing) : r);
    return this;
  }

  addAll(other: Requirements): this {
    for (const r of other.values()) this.add(r);
    return this;
  }

  /** requirements.go `Get`: a missing key is a fresh `Exists`. */
  get(key: string): Requirement {
    return this.map.get(key) ?? new Requirement(key, true, new Set());
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  /** The requirement on `key` when there is one (`get` without the fresh `Exists` of a missing key). */
  find(key: string): Requirement | undefined {
    return this.map.get(key);
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  values(): IterableIterator<Requirement> {
    return this.map.values();
  }

  get size(): number {
    return this.map.size;
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  hasMinValues(): boolean {
    for (const r of this.map.values()) if (r.minValues !== undefined) return true;
    return false;
  }

  /**
   * requirements.go `existing.Intersects(incoming)`: keys present in both maps; a non-intersecting pair
   * is tolerated only when both operators are NotIn/DoesNotExist. Returns an error text or null.
   */
  intersects(incoming: Requirements): string | null {
    return this.intersection(incoming, true);
  }

  /** `intersects(…) === null` without building the error text (requirements.go HasIntersection spares the allocation). */
  intersectsOk(incoming: Requirements): boolean {
    return this.intersection(incoming, false) === null;
  }

  /**
   * requirements.go `receiver.Compatible(incoming, opts)`. With `allowUndefinedWellKnown`, undefined
   * well-known keys in `incoming` are accepted; without it the check is strict.
   * Returns an error text (Karpenter's wording) or null.
   */
  compatible(incoming: Requirements, allowUndefinedWellKnown: boolean): string | null {
    return this.compatibility(incoming, allowUndefinedWellKnown, true);
  }

  /** `compatible(…) === null` without building the error text (requirements.go keeps errors lazy for this reason). */
  isCompatible(incoming: Requirements, allowUndefinedWellKnown: boolean): boolean {
    return this.compatibility(incoming, allowUndefinedWellKnown, false) === null;
  }

  /** Compatible; with `explain` false a failure is '' (no text is built). */
  private compatibility(incoming: Requirements, allowUndefinedWellKnown: boolean, explain: boolean): string | null {
    for (const [key, r] of incoming.map) {
      if (allowUndefinedWellKnown && WELL_KNOWN_LABELS.has(key)) continue;
      if (this.map.has(key)) continue;
      const op = r.operator();
      if (op === 'NotIn' || op === 'DoesNotExist') continue;
      return explain ? `label "${key}" does not have known values` : '';
    }
    return this.intersection(incoming, explain);
  }

  /** Intersects; with `explain` false a failure is '' (no text is built). */
  private intersection(incoming: Requirements, explain: boolean): string | null {
    // The smaller map is walked (no array is allocated for the choice: this runs for every type of every pool).
    const smallIsIncoming = this.map.size > incoming.map.size;
    const small = smallIsIncoming ? incoming.map : this.map;
    const big = smallIsIncoming ? this.map : incoming.map;
    for (const [key, r1] of small) {
      const r2 = big.get(key);
      if (!r2) continue;
      const existing = smallIsIncoming ? r2 : r1;
      const inc = smallIsIncoming ? r1 : r2;
      if (existing.hasIntersection(inc)) continue;
      const io = inc.operator();
      const eo = existing.operator();
      if ((io === 'NotIn' || io === 'DoesNotExist') && (eo === 'NotIn' || eo === 'DoesNotExist')) continue;
      return explain ? `key ${key}, ${inc.toString()} not in ${existing.toString()}` : '';
    }
    return null;
  }

  toString(): string {
    return [...this.map.values()].map((r) => r.toString()).join(', ');
  }
}

/** requirement.go `withinBounds` over explicit bounds. */
function withinRange(v: string, gte: number | undefined, lte: number | undefined): boolean {
  if (gte === undefined && lte === undefined) return true;
  if (!/^[+-]?\d+$/.test(v)) return false;
  const n = Number(v);
  if (gte !== undefined && n < gte) return false;
  if (lte !== undefined && n > lte) return false;
  return true;
}

function atoi(v: string | undefined): number {
  // strconv.Atoi with the error ignored (NewRequirementWithFlexibility): a non-integer becomes 0.
  if (v === undefined || !/^[+-]?\d+$/.test(v.trim())) return 0;
  const n = Number(v.trim());
  return n > MAX_INT ? MAX_INT : n;
}

function maxDefined(a?: number, b?: number): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

function minDefined(a?: number, b?: number): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

function difference(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const v of a) if (!b.has(v)) out.add(v);
  return out;
}

function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const v of a) if (b.has(v)) out.add(v);
  return out;
}
