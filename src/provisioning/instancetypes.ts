/**
 * The instance types each NodePool sees: the catalog under its EC2NodeClass (karpenter-provider-aws
 * pkg/providers/instancetype/instancetype.go List), the capacity reservations the class selects, and NodeOverlays
 * (karpenter pkg/controllers/nodeoverlay/controller.go; pkg/cloudprovider/overlay/cloudprovider.go GetInstanceTypes).
 */
import { assumption, type Assumption } from '../common/assumptions.js';
import { selectsReservation, type EC2NodeClass } from '../api/ec2nodeclass.js';
import type { NodePool } from '../api/nodepool.js';
import type { Catalog } from '../cloudprovider/catalog.js';
import { buildInstanceTypes, type InstanceType } from '../cloudprovider/instancetype.js';
import { typeOfferingKey } from '../cloudprovider/offering-key.js';
import {
  adjustedPrice,
  evaluateOverlays,
  type OverlayOutcome,
  type OverlayPool,
  type OverlayType,
} from '../cloudprovider/overlay-evaluation.js';
import type { ResourceList } from '../common/quantity.js';
import type { ReservationInput, StepContext } from './types.js';

/**
 * Instance types are a function of the catalog, the EC2NodeClass, the settings and the offering inputs; the base and
 * head states, the ICE scenarios and the rules' what-ifs usually share them. Karpenter caches them the same way, by a
 * hash of their inputs (karpenter-provider-aws pkg/providers/instancetype/instancetype.go List). The lists are never
 * mutated. Memos live per catalog (one per run) and are emptied past MEMO_ENTRIES keys (a process that runs many plans).
 */
const instanceTypeMemo = new WeakMap<Catalog, Map<string, InstanceType[]>>();
const overlayMemo = new WeakMap<Catalog, Map<string, OverlayOutcome>>();
const MEMO_ENTRIES = 256;

function memoOf<T>(memos: WeakMap<Catalog, Map<string, T>>, catalog: Catalog): Map<string, T> {
  let memo = memos.get(catalog);
  if (!memo) memos.set(catalog, (memo = new Map()));
  if (memo.size >= MEMO_ENTRIES) memo.clear();
  return memo;
}

export function instanceTypesFor(
  ctx: StepContext,
  nc: EC2NodeClass | undefined,
  priceChanges?: Map<string, string>,
): InstanceType[] {
  return availableInstanceTypes(ctx, nc, priceChanges).types;
}

const changesKeys = new WeakMap<ReadonlyMap<string, unknown>, string>();

/**
 * A text that names the content of a map of changes (offering → price change, type → capacity), made once per map:
 * memo keys use it. The entries in the map's own order — one overlay outcome always inserts a pool's changes in the
 * same order (overlays by weight, the pool's types, their offerings), so equal maps of base and head give equal texts;
 * maps equal in another order only miss the memo. No sort: a pool's changes can be thousands of offerings.
 */
export function changesKey(changes: ReadonlyMap<string, unknown> | undefined): string {
  if (!changes) return '';
  let key = changesKeys.get(changes);
  if (key === undefined) {
    const parts: string[] = [];
    for (const [k, v] of changes) parts.push(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
    changesKeys.set(changes, (key = parts.join(',')));
  }
  return key;
}

/** The instance types with every offering available that can be, and their memo key (which names their inputs). */
function availableInstanceTypes(
  ctx: StepContext,
  nc: EC2NodeClass | undefined,
  priceChanges: Map<string, string> | undefined,
): { key: string; types: InstanceType[] } {
  const { input, opts } = ctx;
  const inputs = {
    zones: ctx.zones,
    spotPriceFactor: opts.spotPriceFactor,
    reservations: reservationsFor(ctx, nc),
    ...(priceChanges ? { priceChanges, adjust: adjustedPrice } : {}),
  };
  const key = JSON.stringify([
    nc ? { ...nc, raw: undefined, source: undefined } : null,
    input.settings.vmMemoryOverheadPercent,
    input.settings.reservedENIs,
    inputs.zones,
    inputs.spotPriceFactor,
    inputs.reservations,
    changesKey(priceChanges),
  ]);
  const memo = memoOf(instanceTypeMemo, opts.catalog);
  let types = memo.get(key);
  if (!types) {
    // Prices changed: the types without the changes are reused (buildInstanceTypes `unpriced`).
    const unpriced = priceChanges?.size ? availableInstanceTypes(ctx, nc, undefined).types : undefined;
    types = buildInstanceTypes(opts.catalog, nc ?? null, input.settings, inputs, unpriced);
    memo.set(key, types);
  }
  return { key, types };
}

/**
 * Capacity reservations an EC2NodeClass selects (karpenter-provider-aws
 * pkg/controllers/nodeclass/capacityreservation.go Reconcile), by its capacityReservationSelectorTerms.
 */
function reservationsFor(ctx: StepContext, nc: EC2NodeClass | undefined): ReservationInput[] {
  if (!ctx.input.settings.featureGates.reservedCapacity || !nc) return [];
  return ctx.opts.reservations.filter((r) => selectsReservation(nc, r));
}

/**
 * NodeOverlays (karpenter pkg/controllers/nodeoverlay/controller.go Reconcile), one global pass. Evaluated whenever
 * overlays exist (the rules read the outcome); prices change only with the NodeOverlay gate on (karpenter
 * pkg/cloudprovider/overlay/cloudprovider.go GetInstanceTypes). Returns the price changes per NodePool, keyed by
 * typeOfferingKey.
 */
export function applyNodeOverlays(
  ctx: StepContext,
  eligible: NodePool[],
  assumptions: Assumption[],
): {
  outcome: OverlayOutcome | null;
  priceChanges: Map<string, Map<string, string>>;
  capacityChanges: Map<string, Map<string, ResourceList>>;
} {
  const { input } = ctx;
  const priceChanges = new Map<string, Map<string, string>>();
  const capacityChanges = new Map<string, Map<string, ResourceList>>();
  if (!input.overlays.length) return { outcome: null, priceChanges, capacityChanges };
  const outcome = evaluateOverlaysOnce(ctx, eligible);
  if (input.settings.featureGates.nodeOverlay) {
    // The outcome's own maps: base, head and the what-ifs that share the outcome share them (and their changesKey).
    for (const [nodePool, p] of outcome.prices) priceChanges.set(nodePool, p.changes);
    for (const [nodePool, cap] of outcome.capacity) capacityChanges.set(nodePool, cap);
  } else {
    assumptions.push(assumption('overlays-gate-off', { overlays: input.overlays.length }));
  }
  return { outcome, priceChanges, capacityChanges };
}

/**
 * evaluateOverlays over the eligible NodePools, once per run for equal inputs (the overlays, each pool's name, template
 * labels and instance types' inputs): the base and head states and the ICE scenarios share the outcome, which is
 * never mutated. Offerings' availability is not an input (overlays match offerings whether or not they are available,
 * karpenter pkg/controllers/nodeoverlay/controller.go getOverlaidOfferings).
 */
function evaluateOverlaysOnce(ctx: StepContext, eligible: NodePool[]): OverlayOutcome {
  const { input } = ctx;
  // Overlays match on requirements and offerings only, which depend on the EC2NodeClass, not the pool: the pools of
  // one EC2NodeClass share one list of instance types.
  const byClass = new Map<string, { key: string; types: InstanceType[] }>();
  const classOf = (np: NodePool) => {
    const name = np.nodeClassRef!.name;
    let c = byClass.get(name);
    if (!c) byClass.set(name, (c = availableInstanceTypes(ctx, ctx.classes.get(name), undefined)));
    return c;
  };
  const key = JSON.stringify([
    input.overlays.map((o) => ({ ...o, raw: undefined, source: undefined })),
    eligible.map((np) => [np.name, np.labels, classOf(np).key]),
  ]);
  const memo = memoOf(overlayMemo, ctx.opts.catalog);
  const known = memo.get(key);
  if (known) return known;
  const pools: OverlayPool[] = eligible.map((np) => ({
    nodePool: np.name,
    templateLabels: np.labels,
    types: overlayTypesOf(classOf(np).types),
  }));
  const outcome = evaluateOverlays(input.overlays, pools);
  memo.set(key, outcome);
  return outcome;
}

const OVERLAY_TYPES = new WeakMap<readonly InstanceType[], OverlayType[]>();

/** A list of instance types as overlays see them (requirements, offerings and their keys), once per list. */
function overlayTypesOf(types: readonly InstanceType[]): OverlayType[] {
  let out = OVERLAY_TYPES.get(types);
  if (!out) {
    out = types.map((it) => {
      const offerings = it.offerings.map((o) => ({
        zone: o.zone,
        capacityType: o.capacityType,
        ...(o.reservationId ? { reservationId: o.reservationId } : {}),
      }));
      return {
        typeName: it.name,
        typeRequirements: it.requirements,
        offerings,
        offeringKeys: offerings.map((o) => typeOfferingKey(it.name, o)),
      };
    });
    OVERLAY_TYPES.set(types, out);
  }
  return out;
}

const CAPACITY_OVERLAID = new WeakMap<readonly InstanceType[], Map<string, InstanceType[]>>();

/**
 * A list of instance types with a NodePool's NodeOverlay capacity (type → resources) applied, once per list and
 * content of the changes (base, head and the what-ifs share it). Never mutated.
 */
export function withCapacityOverlays(
  its: readonly InstanceType[],
  capacity: ReadonlyMap<string, ResourceList>,
): InstanceType[] {
  let memo = CAPACITY_OVERLAID.get(its);
  if (!memo) CAPACITY_OVERLAID.set(its, (memo = new Map()));
  const key = changesKey(capacity);
  let out = memo.get(key);
  if (!out) {
    out = its.map((it) => (capacity.has(it.name) ? withCapacityOverlay(it, capacity.get(it.name)!) : it));
    memo.set(key, out);
  }
  return out;
}

/**
 * An instance type with NodeOverlay capacity applied (karpenter pkg/cloudprovider/types.go ApplyCapacityOverlay,
 * computeAllocatable): capacity gains the resources; their allocatable equals their capacity (no overhead is reserved
 * for them), and hugepages take their size out of allocatable memory. Copied, never changed in place.
 */
export function withCapacityOverlay(it: InstanceType, update: ResourceList): InstanceType {
  const capacity = { ...it.capacity, ...update };
  const allocatable = { ...it.allocatable, ...update };
  let huge = 0;
  for (const [k, v] of Object.entries(capacity)) if (k.startsWith('hugepages-')) huge += v;
  if (huge > 0 && it.capacity.memory !== undefined)
    allocatable.memory = Math.max(0, (it.allocatable.memory ?? 0) - huge);
  return { ...it, capacity, allocatable };
}
