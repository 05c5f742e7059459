/**
 * NodeOverlay evaluation (karpenter pkg/controllers/nodeoverlay/controller.go, store.go): one global pass over all
 * overlays in weight-descending, name-descending order; an overlay whose price targets collide with a stored update of
 * the same weight is dropped everywhere (Conflict); otherwise the first (highest priority) price per offering wins, and
 * prices never stack. Capacity (extended resources) applies to the whole instance type when any of its offerings
 * matches; per resource the highest-priority overlay wins and lower ones only add missing resources; the same resource
 * at the same weight is a conflict (store.go updateInstanceTypeCapacity). Applies only with the NodeOverlay feature
 * gate on.
 */
import { LABEL_CAPACITY_TYPE, LABEL_NODEPOOL, LABEL_RESERVATION_ID, LABEL_ZONE } from '../api/labels.js';
import type { NodeOverlay } from '../api/nodeoverlay.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import type { ResourceList } from '../common/quantity.js';

export interface OverlayOffering {
  zone: string;
  capacityType: string;
  reservationId?: string;
}

/** The price changes of one NodePool's offerings, each keyed by typeOfferingKey. */
export interface PoolPrices {
  /** The price change (price or priceAdjustment) that won. */
  changes: Map<string, string>;
  /** The overlay whose change it is. */
  overlays: Map<string, string>;
}

export interface OverlayOutcome {
  /** Per NodePool (those with at least one change), its offerings' price changes. */
  prices: Map<string, PoolPrices>;
  /** Per NodePool, then instance type: the capacity the overlays add (extended resources, hugepages). */
  capacity: Map<string, Map<string, ResourceList>>;
  conflicts: { overlay: string; with: string }[];
  /** Overlays that matched at least one offering. */
  applied: Set<string>;
  /** Overlays skipped: runtime validation failed. */
  invalid: string[];
}

/** An instance type as overlays see it: its requirements and offerings (shared by the pools of one EC2NodeClass). */
export interface OverlayType {
  typeName: string;
  typeRequirements: Requirements;
  offerings: OverlayOffering[];
  /** typeOfferingKey of each offering, in order: made once per type, not per overlay that matches it. */
  offeringKeys: string[];
}

/** A NodePool with the instance types its EC2NodeClass resolves to. */
export interface OverlayPool {
  nodePool: string;
  templateLabels: Record<string, string>;
  types: readonly OverlayType[];
}

/** Offering requirements compatible with the overlay (overlay as receiver, AllowUndefined; controller.go getOverlaidOfferings). */
function offeringMatches(reqs: Requirements, o: OverlayOffering): boolean {
  const offReqs = new Requirements([
    Requirement.of(LABEL_ZONE, 'In', [o.zone]),
    Requirement.of(LABEL_CAPACITY_TYPE, 'In', [o.capacityType]),
    o.reservationId
      ? Requirement.of(LABEL_RESERVATION_ID, 'In', [o.reservationId])
      : Requirement.of(LABEL_RESERVATION_ID, 'DoesNotExist'),
  ]);
  return reqs.isCompatible(offReqs, true);
}

/**
 * One key of `base.Compatible(overlay, strict)` (karpenter pkg/scheduling/requirements.go Compatible, Intersects):
 * an undefined key is accepted only for NotIn/DoesNotExist; a defined one must intersect, unless both are negative.
 * Compatible is the conjunction of this over the overlay's keys, which lets the pool part and the instance-type part
 * be decided separately.
 */
function keyCompatible(base: Requirement | undefined, incoming: Requirement): boolean {
  const io = incoming.operator();
  const negative = io === 'NotIn' || io === 'DoesNotExist';
  if (!base) return negative;
  if (base.hasIntersection(incoming)) return true;
  const eo = base.operator();
  return negative && (eo === 'NotIn' || eo === 'DoesNotExist');
}

const keysOfTypes = new WeakMap<readonly OverlayType[], Set<string>>();

/** Every key some instance type of the list defines (computed once per shared list). */
function definedKeys(types: readonly OverlayType[]): Set<string> {
  let keys = keysOfTypes.get(types);
  if (!keys) {
    keys = new Set();
    for (const t of types) for (const k of t.typeRequirements.keys()) keys.add(k);
    keysOfTypes.set(types, keys);
  }
  return keys;
}

/**
 * The global pass. Work is shared: the pool part of an overlay's requirements (`karpenter.sh/nodepool` and the
 * template labels) is decided once per (overlay, pool), the instance-type part once per (overlay, type) for all the
 * pools that share the type, and offerings once per (overlay, zone, capacity type, reservation). The outcome is the
 * same as merging pool and type requirements for every target.
 */
export function evaluateOverlays(overlays: readonly NodeOverlay[], pools: readonly OverlayPool[]): OverlayOutcome {
  const ordered = [...overlays].sort((a, b) => b.weight - a.weight || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  const store = new OverlayStore();
  const out: OverlayOutcome = {
    prices: new Map(),
    capacity: new Map(),
    conflicts: [],
    applied: new Set(),
    invalid: [],
  };
  for (const ov of ordered) {
    if (ov.invalid) {
      out.invalid.push(ov.name);
      continue;
    }
    const change = ov.price ?? ov.priceAdjustment;
    const matched = overlaidOfferings(ov, pools);
    const capacityKeys = Object.keys(ov.capacity);
    const setsCapacity = capacityKeys.length > 0 && matched.length > 0;
    if (matched.length === 0 || (change === undefined && !setsCapacity)) {
      if (matched.length) out.applied.add(ov.name);
      continue;
    }
    // Validate against everything first (controller.go validateAndUpdateInstanceTypeOverrides): any same-weight
    // collision drops the overlay.
    const target: OverlayTarget = { change, matched, setsCapacity, capacityKeys };
    const clash = store.conflict(ov, target);
    if (clash) {
      out.conflicts.push({ overlay: ov.name, with: clash });
      continue;
    }
    store.update(ov, target);
    out.applied.add(ov.name);
  }
  store.into(out);
  return out;
}

/** What one overlay changes: the offerings whose price it sets, and the instance types whose capacity it extends. */
interface OverlayTarget {
  change: string | undefined;
  /** The matched offerings (typeOfferingKeys) per NodePool. */
  matched: PoolMatch[];
  /** Whether the overlay adds capacity to the matched pools' instance types (PoolMatch.types). */
  setsCapacity: boolean;
  capacityKeys: string[];
}

/** The offerings (typeOfferingKeys) and instance types of one NodePool an overlay's requirements select. */
interface PoolMatch {
  nodePool: string;
  offerings: string[];
  types: string[];
}

interface StoredPrice {
  change: string;
  overlay: string;
  lowestWeight: number;
  lowestName: string;
}

/**
 * The stored updates (store.go): per offering the first price and the lowest weight that touched it; per instance
 * type and resource the first capacity and the lowest weight that touched it.
 */
class OverlayStore {
  /** Per NodePool, per typeOfferingKey. */
  private readonly prices = new Map<string, Map<string, StoredPrice>>();
  /** Per NodePool, per instance type, per resource. */
  private readonly capacity = new Map<
    string,
    Map<string, Map<string, { value: number; overlay: string; lowestWeight: number }>>
  >();

  /** The overlay a same-weight update collides with (price first, then capacity), if any. */
  conflict(ov: NodeOverlay, t: OverlayTarget): string | undefined {
    if (t.change !== undefined)
      for (const m of t.matched) {
        const stored = this.prices.get(m.nodePool);
        if (!stored) continue;
        for (const k of m.offerings) {
          const s = stored.get(k);
          if (s && s.lowestWeight === ov.weight) return s.lowestName;
        }
      }
    if (t.setsCapacity)
      for (const m of t.matched) {
        const stored = this.capacity.get(m.nodePool);
        if (!stored) continue;
        for (const type of m.types) {
          const r = stored.get(type);
          const hit = r && t.capacityKeys.map((k) => r.get(k)).find((x) => x && x.lowestWeight === ov.weight);
          if (hit) return hit.overlay;
        }
      }
    return undefined;
  }

  /** store.go updateInstanceTypePrice, updateInstanceTypeCapacity: the first value stays, the weight goes down. */
  update(ov: NodeOverlay, t: OverlayTarget): void {
    for (const m of t.matched) {
      if (t.change !== undefined) {
        let stored = this.prices.get(m.nodePool);
        if (!stored) this.prices.set(m.nodePool, (stored = new Map()));
        for (const k of m.offerings) {
          const s = stored.get(k);
          if (s) {
            s.lowestWeight = ov.weight;
            s.lowestName = ov.name;
          } else stored.set(k, { change: t.change, overlay: ov.name, lowestWeight: ov.weight, lowestName: ov.name });
        }
      }
      if (!t.setsCapacity) continue;
      let stored = this.capacity.get(m.nodePool);
      if (!stored) this.capacity.set(m.nodePool, (stored = new Map()));
      for (const type of m.types) {
        let r = stored.get(type);
        if (!r) stored.set(type, (r = new Map()));
        for (const k of t.capacityKeys) {
          const prev = r.get(k);
          if (prev) prev.lowestWeight = ov.weight;
          else r.set(k, { value: ov.capacity[k], overlay: ov.name, lowestWeight: ov.weight });
        }
      }
    }
  }

  into(out: OverlayOutcome): void {
    for (const [pool, stored] of this.prices) {
      const p: PoolPrices = { changes: new Map(), overlays: new Map() };
      for (const [k, s] of stored) {
        p.changes.set(k, s.change);
        p.overlays.set(k, s.overlay);
      }
      out.prices.set(pool, p);
    }
    for (const [pool, stored] of this.capacity) {
      const m = new Map<string, ResourceList>();
      for (const [type, r] of stored) m.set(type, Object.fromEntries([...r].map(([k, x]) => [k, x.value])));
      out.capacity.set(pool, m);
    }
  }
}

/**
 * controller.go getOverlaidOfferings: the offerings (and their instance types) of every pool the overlay's
 * requirements select.
 */
function overlaidOfferings(ov: NodeOverlay, pools: readonly OverlayPool[]): PoolMatch[] {
  const reqs = Requirements.fromNodeSelectorRequirements(ov.requirements);
  const keys = [...reqs.keys()];
  const offeringCache = new Map<string, boolean>();
  const offeringOk = (o: OverlayOffering): boolean => {
    const k = `${o.zone}|${o.capacityType}|${o.reservationId ?? ''}`;
    let v = offeringCache.get(k);
    if (v === undefined) offeringCache.set(k, (v = offeringMatches(reqs, o)));
    return v;
  };
  // Per set of keys left to the instance type (those the pool does not define): type → compatible.
  const typeCache = new Map<string, WeakMap<Requirements, boolean>>();
  const matched: PoolMatch[] = [];
  for (const pool of pools) {
    const poolReqs = poolRequirements(pool);
    const poolKeys = keys.filter((k) => poolReqs.has(k));
    const typeKeys = keys.filter((k) => !poolReqs.has(k));
    const signature = typeKeys.join('\u0000');
    let cache = typeCache.get(signature);
    if (!cache) typeCache.set(signature, (cache = new WeakMap()));
    // A key both the pool and a type define is merged as Requirements.Add does (rare: a template label that is also
    // an instance label); the other pool keys are decided once for the whole pool.
    const typeKeysOfPool = definedKeys(pool.types);
    const shared = poolKeys.filter((k) => typeKeysOfPool.has(k));
    const poolOnly = poolKeys.filter((k) => !shared.includes(k));
    if (!poolOnly.every((k) => keyCompatible(poolReqs.get(k), reqs.get(k)))) continue;
    const m: PoolMatch = { nodePool: pool.nodePool, offerings: [], types: [] };
    for (const t of pool.types) {
      if (!sharedKeysCompatible(shared, poolReqs, t, reqs)) continue;
      let typeOk = cache.get(t.typeRequirements);
      if (typeOk === undefined) {
        typeOk = typeKeys.every((k) =>
          keyCompatible(t.typeRequirements.has(k) ? t.typeRequirements.get(k) : undefined, reqs.get(k)),
        );
        cache.set(t.typeRequirements, typeOk);
      }
      if (!typeOk) continue;
      let any = false;
      t.offerings.forEach((o, i) => {
        if (!offeringOk(o)) return;
        m.offerings.push(t.offeringKeys[i]);
        any = true;
      });
      if (any) m.types.push(t.typeName);
    }
    if (m.types.length) matched.push(m);
  }
  return matched;
}

const POOL_REQUIREMENTS = new WeakMap<OverlayPool, Map<string, Requirement>>();

/** A pool's requirements as a NodeClaim template has them: its name and its template labels (once per pool). */
function poolRequirements(pool: OverlayPool): Map<string, Requirement> {
  const known = POOL_REQUIREMENTS.get(pool);
  if (known) return known;
  const poolReqs = new Map<string, Requirement>([
    [LABEL_NODEPOOL, Requirement.of(LABEL_NODEPOOL, 'In', [pool.nodePool])],
  ]);
  for (const [k, v] of Object.entries(pool.templateLabels)) {
    const r = Requirement.of(k, 'In', [v]);
    const prev = poolReqs.get(r.key);
    poolReqs.set(r.key, prev ? r.intersection(prev) : r);
  }
  POOL_REQUIREMENTS.set(pool, poolReqs);
  return poolReqs;
}

/** The keys both the pool and the type define, merged (Requirements.Add), compatible with the overlay's. */
function sharedKeysCompatible(
  shared: string[],
  poolReqs: Map<string, Requirement>,
  t: OverlayType,
  reqs: Requirements,
): boolean {
  for (const k of shared) {
    const base = t.typeRequirements.has(k) ? poolReqs.get(k)!.intersection(t.typeRequirements.get(k)) : poolReqs.get(k);
    if (!keyCompatible(base, reqs.get(k))) return false;
  }
  return true;
}

/** `AdjustedPrice(price, change)` (karpenter pkg/cloudprovider/types.go). */
export function adjustedPrice(price: number, change: string): number {
  if (change === '') return price;
  if (!change.startsWith('+') && !change.startsWith('-')) return parseFloat(change);
  let result: number;
  if (change.endsWith('%')) result = price * (1 + parseFloat(change.slice(0, -1)) / 100);
  else result = price + parseFloat(change);
  return Math.max(result, 0);
}
