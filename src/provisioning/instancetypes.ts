/**
 * The instance types each NodePool sees: the catalog under its EC2NodeClass (karpenter-provider-aws
 * pkg/providers/instancetype/instancetype.go List), the capacity reservations the class selects, and NodeOverlays
 * (karpenter pkg/controllers/nodeoverlay/controller.go; pkg/cloudprovider/overlay/cloudprovider.go GetInstanceTypes).
 */
import { selectsReservation, type EC2NodeClass } from '../api/ec2nodeclass.js';
import type { NodePool } from '../api/nodepool.js';
import type { Catalog } from '../cloudprovider/catalog.js';
import { buildInstanceTypes, type InstanceType } from '../cloudprovider/instancetype.js';
import { parsePoolOfferingKey } from '../cloudprovider/offering-key.js';
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
 * head states (and the rules' what-ifs) usually share them. Karpenter caches them the same way, by a hash of their
 * inputs (karpenter-provider-aws pkg/providers/instancetype/instancetype.go List). The lists are never mutated.
 */
const instanceTypeMemo = new WeakMap<Catalog, Map<string, InstanceType[]>>();

export function instanceTypesFor(
  ctx: StepContext,
  nc: EC2NodeClass | undefined,
  extra: { priceChanges?: Map<string, string>; unavailable?: Set<string> } = {},
): InstanceType[] {
  const { input, opts } = ctx;
  const inputs = {
    zones: ctx.zones,
    spotPriceFactor: opts.spotPriceFactor,
    reservations: reservationsFor(ctx, nc),
    ...(extra.priceChanges ? { priceChanges: extra.priceChanges, adjust: adjustedPrice } : {}),
    ...(extra.unavailable ? { unavailable: extra.unavailable } : {}),
  };
  if (extra.unavailable) return buildInstanceTypes(opts.catalog, nc ?? null, input.settings, inputs);
  let memo = instanceTypeMemo.get(opts.catalog);
  if (!memo) instanceTypeMemo.set(opts.catalog, (memo = new Map()));
  const key = JSON.stringify([
    nc ? { ...nc, raw: undefined, source: undefined } : null,
    input.settings.vmMemoryOverheadPercent,
    input.settings.reservedENIs,
    inputs.zones,
    inputs.spotPriceFactor,
    inputs.reservations,
    extra.priceChanges ? [...extra.priceChanges].sort() : null,
  ]);
  let types = memo.get(key);
  if (!types) memo.set(key, (types = buildInstanceTypes(opts.catalog, nc ?? null, input.settings, inputs)));
  return types;
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
  assumptions: string[],
): {
  outcome: OverlayOutcome | null;
  priceChanges: Map<string, Map<string, string>>;
  capacityChanges: Map<string, Map<string, ResourceList>>;
} {
  const { input } = ctx;
  const priceChanges = new Map<string, Map<string, string>>();
  const capacityChanges = new Map<string, Map<string, ResourceList>>();
  if (!input.overlays.length) return { outcome: null, priceChanges, capacityChanges };
  // Overlays match on requirements and offerings only, which depend on the EC2NodeClass, not the pool: the pools of
  // one EC2NodeClass share one list of instance types.
  const byClass = new Map<string, OverlayType[]>();
  const pools: OverlayPool[] = [];
  for (const np of eligible) {
    const key = np.nodeClassRef!.name;
    let types = byClass.get(key);
    if (!types) {
      const nc = ctx.classes.get(key);
      types = instanceTypesFor(ctx, nc).map((it) => ({
        typeName: it.name,
        typeRequirements: it.requirements,
        offerings: it.offerings.map((o) => ({
          zone: o.zone,
          capacityType: o.capacityType,
          ...(o.reservationId ? { reservationId: o.reservationId } : {}),
        })),
      }));
      byClass.set(key, types);
    }
    pools.push({ nodePool: np.name, templateLabels: np.labels, types });
  }
  const outcome = evaluateOverlays(input.overlays, pools);
  if (input.settings.featureGates.nodeOverlay) {
    for (const [key, v] of outcome.prices) {
      const { nodePool, typeOffering } = parsePoolOfferingKey(key);
      if (!priceChanges.has(nodePool)) priceChanges.set(nodePool, new Map());
      priceChanges.get(nodePool)!.set(typeOffering, v.change);
    }
    for (const [key, cap] of outcome.capacity) {
      const { nodePool, typeOffering: type } = parsePoolOfferingKey(key);
      if (!capacityChanges.has(nodePool)) capacityChanges.set(nodePool, new Map());
      capacityChanges.get(nodePool)!.set(type, cap);
    }
  } else {
    assumptions.push(
      `NodeOverlays: ${input.overlays.length} present but the NodeOverlay feature gate is off; Karpenter ignores them.`,
    );
  }
  return { outcome, priceChanges, capacityChanges };
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
