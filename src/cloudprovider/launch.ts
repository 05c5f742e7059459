/**
 * What the AWS provider launches for a NodeClaim (karpenter-provider-aws pkg/providers/instance/instance.go Create):
 * capacity type reserved > spot > on-demand (instance.go getCapacityType), the filter chain (instance.go
 * filterInstanceTypes: exotic types dropped when others remain, spot offerings pricier than the cheapest on-demand
 * dropped), truncation to the 60 cheapest, the allocation strategy (pkg/providers/instance/types.go
 * CreateFleetInputBuilder.Build) and the instance type that strategy picks.
 *
 * Approximations (stated in every report): on-demand `lowest-price` is resolved with Karpenter's
 * static price table (EC2 uses its own current prices); spot picks the cheapest estimated spot
 * offering as the "likely" type (EC2's price-capacity-optimized weighs capacity we cannot see).
 */
import { cheapestMatching, offeringMatcher, type InstanceType, type Offering } from './instancetype.js';
import { LABEL_CAPACITY_TYPE, type CapacityType } from '../api/labels.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { satisfiesMinValues } from './instancetype.js';
import { inUnavailable, unavailableKey } from './offering-key.js';

export const MAX_LAUNCH_TYPES = 60;

/**
 * A launch whose every CreateFleet override had no capacity (karpenter-provider-aws pkg/providers/instance/instance.go
 * launchInstance: an InsufficientCapacityError "with fleet error(s)").
 */
export const INSUFFICIENT_CAPACITY_ERROR =
  'insufficient capacity, with fleet error(s): InsufficientInstanceCapacity for every offering of the NodeClaim';

export interface LaunchDecision {
  instanceType: InstanceType;
  offering: Offering;
  capacityType: CapacityType;
  allocationStrategy: string;
  /** Types sent to CreateFleet (≤ 60). */
  candidates: number;
  priceOverlayApplied: boolean;
}

/**
 * `met`: with `noCapacity`, the short offerings CreateFleet met (unavailableKey) — every short override of a launch that
 * failed, and those the strategy tries before the one launched — which Karpenter then caches unavailable.
 */
export type LaunchResult =
  { ok: true; decision: LaunchDecision; met?: string[] } | { ok: false; error: string; met?: string[] };

/**
 * @param exhausted reservation IDs whose capacity earlier NodeClaims of the same simulation used up
 *   (pkg/providers/instancetype/offering/reserved_capacity_resolver.go ResolveOfferings: the available count; its offerings are then unavailable).
 */
/**
 * When the only compatible offerings left are of capacity reservations whose instances are all launched (their count
 * used up, ReservedCapacityResolver then offers none), the reason names them; empty otherwise.
 */
function usedUp(options: InstanceType[], reqs: Requirements, exhausted: ReadonlySet<string>): string {
  const ids = new Set<string>();
  const compatible = offeringMatcher(reqs);
  for (const it of options)
    for (const o of it.offerings)
      if (o.available && o.reservationId !== undefined && exhausted.has(o.reservationId) && compatible(o))
        ids.add(o.reservationId);
  if (!ids.size) return '';
  return `: the only compatible offerings are of capacity reservation${ids.size > 1 ? 's' : ''} ${[...ids].sort().join(', ')}, whose instances are all launched`;
}

/**
 * @param noCapacity offerings (unavailableKey) that turn out to have no capacity when CreateFleet runs, unknown to
 *   Karpenter until then (the insufficient-capacity what-if): the capacity type, the filters and the 60 types are
 *   chosen without knowing it, EC2 Fleet skips those pools among the overrides and launches the next one the strategy
 *   picks; with none left the launch fails with an insufficient-capacity error (instance.go launchInstance: every
 *   fleet error an ICE error; pkg/cache/unavailableofferings.go MarkUnavailable caches them).
 */
export function launch(
  options: InstanceType[],
  reqs: Requirements,
  minValuesPolicy: 'Strict' | 'BestEffort',
  exhausted: ReadonlySet<string> = new Set(),
  noCapacity?: ReadonlySet<string>,
): LaunchResult {
  const avail = (o: Offering): boolean =>
    o.available && !(o.reservationId !== undefined && exhausted.has(o.reservationId));
  // Core narrows capacity-type to the types actually offered by the ≤600 options (karpenter
  // pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go ToNodeClaim).
  const offered = new Set<string>();
  const compatible = offeringMatcher(reqs);
  for (const it of options) for (const o of it.offerings) if (avail(o) && compatible(o)) offered.add(o.capacityType);
  if (offered.size === 0)
    return {
      ok: false,
      error: `all requested instance types were unavailable during launch${usedUp(options, reqs, exhausted)}`,
    };
  const nreqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', [...offered]));
  const priceOverlayApplied = options.some((it) => it.offerings.some((o) => o.overlaid));
  const hasMinValues = nreqs.hasMinValues();
  // The filter chain runs first, then the capacity type is chosen from what it left (instance.go Create).
  const { types: filtered, kept } = filterInstanceTypes(options, nreqs, hasMinValues, avail);
  const capacityType = getCapacityType(filtered, nreqs, kept);
  const launchable = offeringMatcher(nreqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', [capacityType])));
  const usable = (o: Offering): boolean => kept(o) && launchable(o);
  const types = filtered.filter((it) => it.offerings.some(usable));
  if (types.length === 0) return { ok: false, error: 'all requested instance types were unavailable during launch' };

  // Truncate to the 60 cheapest by Karpenter's price (instance.go filterInstanceTypes, karpenter
  // pkg/cloudprovider/types.go Truncate); minValues re-checked (Strict).
  const narrowed = offeringMatcher(nreqs);
  const ordered = types
    .map((it) => ({ it, p: cheapestMatching(it, narrowed)?.price ?? Infinity }))
    .sort((a, b) => a.p - b.p || (a.it.name < b.it.name ? -1 : 1))
    .map((x) => x.it);
  const top = ordered.slice(0, MAX_LAUNCH_TYPES);
  if (hasMinValues && minValuesPolicy !== 'BestEffort' && !satisfiesMinValues(top, nreqs).ok) {
    return { ok: false, error: 'truncating instance types, minValues requirement is not met' };
  }
  const strategy = allocationStrategy(capacityType, top, priceOverlayApplied);
  const { best, met } = pickOffering(top, usable, strategy, capacityType, noCapacity);
  if (!best)
    return {
      ok: false,
      error: met.length ? INSUFFICIENT_CAPACITY_ERROR : 'all requested instance types were unavailable during launch',
      ...(noCapacity ? { met } : {}),
    };
  return {
    ok: true,
    decision: {
      instanceType: best.it,
      offering: best.o,
      capacityType,
      allocationStrategy: strategy,
      candidates: top.length,
      priceOverlayApplied,
    },
    ...(noCapacity ? { met } : {}),
  };
}

/** instance.go getCapacityType: reserved, then spot, then on-demand (the fallthrough). */
function getCapacityType(options: InstanceType[], nreqs: Requirements, avail: (o: Offering) => boolean): CapacityType {
  const allowed = nreqs.get(LABEL_CAPACITY_TYPE);
  const compatible = offeringMatcher(nreqs);
  const hasAvailable = (ct: CapacityType): boolean =>
    options.some((it) => it.offerings.some((o) => o.capacityType === ct && avail(o) && compatible(o)));
  if (allowed.has('reserved') && hasAvailable('reserved')) return 'reserved';
  if (allowed.has('spot') && hasAvailable('spot')) return 'spot';
  return 'on-demand';
}

/**
 * The filter chain (instance.go filterInstanceTypes, pkg/providers/instance/filter/filter.go), before the capacity type
 * is chosen: with `reserved` allowed and a reserved offering available, only types that have one; exotic types dropped
 * when others remain; spot offerings pricier than the cheapest on-demand dropped (both without minValues), and a type
 * left with no offering dropped. Returns the types left and the test an offering must pass to be kept.
 */
function filterInstanceTypes(
  options: InstanceType[],
  nreqs: Requirements,
  hasMinValues: boolean,
  avail: (o: Offering) => boolean,
): { types: InstanceType[]; kept: (o: Offering) => boolean } {
  const allowed = nreqs.get(LABEL_CAPACITY_TYPE);
  const compatible = offeringMatcher(nreqs);
  const offered = (o: Offering): boolean => avail(o) && compatible(o);
  let types = options;
  if (allowed.has('reserved')) {
    const reserved = types.filter((it) => it.offerings.some((o) => o.capacityType === 'reserved' && offered(o)));
    if (reserved.length) types = reserved;
  }
  if (!hasMinValues) {
    const plain = types.filter((it) => !it.exotic);
    if (plain.length > 0) types = plain;
  }
  let spotCeiling = Infinity;
  if (!hasMinValues && allowed.has('on-demand') && allowed.has('spot')) {
    for (const it of types)
      for (const o of it.offerings)
        if (o.capacityType === 'on-demand' && offered(o)) spotCeiling = Math.min(spotCeiling, o.price);
  }
  const kept = (o: Offering): boolean => offered(o) && !(o.capacityType === 'spot' && o.price > spotCeiling);
  return { types: types.filter((it) => it.offerings.some(kept)), kept };
}

/**
 * The CreateFleet allocation strategy (pkg/providers/instance/types.go CreateFleetInputBuilder.Build): overrides are
 * the (type, zone) pairs with usable offerings (instance.go getOverrides); a price overlay makes them prioritized
 * (docs/model.md#approximations-stated-in-every-report-that-they-affect).
 */
function allocationStrategy(capacityType: CapacityType, top: InstanceType[], overlayOnLaunch: boolean): string {
  if (capacityType === 'spot') return overlayOnLaunch ? 'capacity-optimized-prioritized' : 'price-capacity-optimized';
  if (capacityType === 'reserved')
    return top.some((it) => it.offerings.some((o) => o.reservationType === 'capacity-block'))
      ? 'capacity-block'
      : overlayOnLaunch
        ? 'prioritized'
        : 'lowest-price';
  return overlayOnLaunch ? 'prioritized' : 'lowest-price';
}

/**
 * The offering the strategy picks: prioritized by Karpenter's (overlay) price, lowest-price by EC2's price (≈ the
 * catalog's; Karpenter's price for reserved); ties by EC2's price, then type name, then zone.
 */
function pickOffering(
  top: InstanceType[],
  usable: (o: Offering) => boolean,
  strategy: string,
  capacityType: CapacityType,
  noCapacity: ReadonlySet<string> | undefined,
): { best: { it: InstanceType; o: Offering } | null; met: string[] } {
  const byPriority = strategy === 'prioritized' || strategy === 'capacity-optimized-prioritized';
  const key = (o: Offering): number => (byPriority || capacityType === 'reserved' ? o.price : o.cost);
  const isShort = noCapacity ? inUnavailable(noCapacity) : () => false;
  let best: { it: InstanceType; o: Offering } | null = null;
  const short: { it: InstanceType; o: Offering }[] = [];
  for (const it of top) {
    for (const o of it.offerings) {
      if (!usable(o)) continue;
      if (isShort(o, it)) short.push({ it, o });
      else if (!best || before(key, it, o, best)) best = { it, o };
    }
  }
  // EC2 Fleet tries the overrides in the strategy's order: the short ones before the one launched come back as errors.
  const met = short
    .filter((s) => !best || before(key, s.it, s.o, best))
    .map((s) => unavailableKey(s.o.capacityType, s.it.name, s.o.zone));
  return { best, met };
}

function before(
  key: (o: Offering) => number,
  it: InstanceType,
  o: Offering,
  best: { it: InstanceType; o: Offering },
): boolean {
  if (key(o) !== key(best.o)) return key(o) < key(best.o);
  if (o.cost !== best.o.cost) return o.cost < best.o.cost;
  if (it.name !== best.it.name) return it.name < best.it.name;
  return o.zone < best.o.zone;
}
