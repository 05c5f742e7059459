/**
 * The cloud provider's view of instance types for one NodePool (karpenter pkg/cloudprovider/types.go,
 * karpenter-provider-aws pkg/providers/instancetype/types.go, offering/): requirements for every well-known label,
 * capacity and allocatable under the NodePool's EC2NodeClass, and offerings = zones × capacity types (+ reserved), each
 * with a price and an availability.
 */
import { sizing, type NodeClassShape } from './allocatable.js';
import { spotPrice, type Catalog, type CatalogType } from './catalog.js';
import {
  AWS_INSTANCE_LABELS,
  LABEL_ARCH,
  LABEL_CAPACITY_TYPE,
  LABEL_INSTANCE_TENANCY,
  LABEL_INSTANCE_TYPE,
  LABEL_OS,
  LABEL_RESERVATION_ID,
  LABEL_RESERVATION_INTERRUPTIBLE,
  LABEL_RESERVATION_TYPE,
  LABEL_ZONE,
  type CapacityType,
} from '../api/labels.js';
import type { ResourceList } from '../common/quantity.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { typeOfferingKey } from './offering-key.js';

export interface Offering {
  zone: string;
  capacityType: CapacityType;
  /** Price Karpenter orders by (overlay-adjusted). */
  price: number;
  /** Price actually paid (catalog price; reservations: the on-demand price). */
  cost: number;
  available: boolean;
  reservationId?: string;
  reservationType?: 'default' | 'capacity-block';
  overlaid: boolean;
}

export interface InstanceType {
  name: string;
  catalog: CatalogType;
  requirements: Requirements;
  capacity: ResourceList;
  allocatable: ResourceList;
  offerings: Offering[];
  /** metal or GPU/accelerator types (karpenter-provider-aws pkg/providers/instance/filter/filter.go ExoticInstanceTypeFilter). */
  exotic: boolean;
  labels: Record<string, string>;
}

export interface OfferingInputs {
  zones: string[];
  spotPriceFactor: number;
  /** Reserved capacity by type name. */
  reservations: { id: string; instanceType: string; zone: string; type: 'default' | 'capacity-block' }[];
  /** typeOfferingKey → price change, for this NodePool. */
  priceChanges?: Map<string, string>;
  adjust?: (price: number, change: string) => number;
}

const EXOTIC_RESOURCES = [
  'nvidia.com/gpu',
  'amd.com/gpu',
  'aws.amazon.com/neuron',
  'aws.amazon.com/neuroncore',
  'habana.ai/gaudi',
];

/** Types the AMI family cannot run (karpenter-provider-aws pkg/providers/instancetype/compatibility/compatibility.go amiFamilyCheck: AL2023 with a1.*). */
export function nodeClassCompatible(t: CatalogType, amiFamily: string | null): boolean {
  if ((amiFamily ?? 'AL2023') === 'AL2023' && t.name.startsWith('a1.')) return false;
  if (amiFamily?.startsWith('Windows') && t.arch !== 'amd64') return false;
  return true;
}

/**
 * The catalog's instance types under a node class, settings and offering inputs. `unpriced`: the same build without
 * `inputs.priceChanges` (every other input equal), whose types are reused — a type none of whose offerings a change
 * touches is that very object, and a repriced one shares its requirements and resources: NodeOverlay prices change
 * offerings only (karpenter pkg/cloudprovider/overlay/cloudprovider.go GetInstanceTypes).
 */
export function buildInstanceTypes(
  catalog: Catalog,
  nodeClass: NodeClassShape | null,
  settings: { vmMemoryOverheadPercent: number; reservedENIs: number },
  inputs: OfferingInputs,
  unpriced?: readonly InstanceType[],
): InstanceType[] {
  const out: InstanceType[] = [];
  const shared = sharedRequirements(nodeClass, inputs.zones);
  catalog.types.forEach((t, i) => {
    const compatible = nodeClassCompatible(t, nodeClass?.amiFamily ?? null);
    const offerings = offeringsOf(t, compatible, inputs);
    const same = unpriced?.[i];
    if (same) {
      out.push(offerings.some((o) => o.overlaid) ? { ...same, offerings } : same);
      return;
    }
    const s = sizing(t, nodeClass, settings);
    const reqs = new Requirements();
    for (const k of AWS_INSTANCE_LABELS) {
      if (k === LABEL_INSTANCE_TENANCY) continue;
      const v = t.labels[k];
      reqs.add(v === undefined ? shared.absent(k) : shared.one(k, v));
    }
    reqs.add(Requirement.of(LABEL_INSTANCE_TYPE, 'In', [t.name]));
    reqs.add(shared.one(LABEL_ARCH, t.arch));
    reqs.add(shared.os);
    reqs.add(shared.tenancy);
    const typeZones = zonesOf(t, inputs);
    reqs.add(t.zones ? Requirement.of(LABEL_ZONE, 'In', typeZones) : shared.zones);
    const rids = offerings.flatMap((o) => (o.reservationId ? [o.reservationId] : []));
    if (rids.length) {
      reqs.add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['on-demand', 'spot', 'reserved']));
      reqs.add(Requirement.of(LABEL_RESERVATION_ID, 'In', rids));
      reqs.add(
        Requirement.of(LABEL_RESERVATION_TYPE, 'In', [
          ...new Set(inputs.reservations.filter((r) => rids.includes(r.id)).map((r) => r.type)),
        ]),
      );
      reqs.add(shared.one(LABEL_RESERVATION_INTERRUPTIBLE, 'false'));
    } else for (const r of shared.unreserved) reqs.add(r);
    const size = t.labels['karpenter.k8s.aws/instance-size'] ?? '';
    const exotic = size.includes('metal') || EXOTIC_RESOURCES.some((r) => (t.extended[r] ?? 0) > 0);
    out.push({
      name: t.name,
      catalog: t,
      requirements: reqs,
      capacity: s.capacity,
      allocatable: s.allocatable,
      offerings,
      exotic,
      labels: t.labels,
    });
  });
  return out;
}

/** The zones of `inputs` a type is offered in. */
function zonesOf(t: CatalogType, inputs: OfferingInputs): string[] {
  return t.zones ? inputs.zones.filter((z) => t.zones!.includes(z)) : inputs.zones;
}

/** A type's offerings: on-demand and spot in each of its zones, then its capacity reservations; price changes applied. */
function offeringsOf(t: CatalogType, compatible: boolean, inputs: OfferingInputs): Offering[] {
  const typeZones = zonesOf(t, inputs);
  const offerings: Offering[] = [];
  const change = (ct: string, zone: string, rid?: string): string | undefined =>
    inputs.priceChanges?.get(
      typeOfferingKey(t.name, { capacityType: ct, zone, ...(rid ? { reservationId: rid } : {}) }),
    );
  const make = (
    ct: CapacityType,
    zone: string,
    base: number | null,
    rid?: string,
    rtype?: 'default' | 'capacity-block',
  ): void => {
    const ch = change(ct, zone, rid);
    const hasPrice = base !== null;
    const price = hasPrice
      ? ch !== undefined && inputs.adjust
        ? inputs.adjust(base, ch)
        : base
      : ch !== undefined && inputs.adjust && !ch.startsWith('+') && !ch.startsWith('-')
        ? inputs.adjust(0, ch)
        : NaN;
    const cost = ct === 'reserved' ? (t.price ?? 0) : (base ?? NaN);
    const available = compatible && !Number.isNaN(price);
    offerings.push({
      zone,
      capacityType: ct,
      price: Number.isNaN(price) ? Infinity : price,
      cost,
      available,
      overlaid: ch !== undefined,
      ...(rid ? { reservationId: rid, reservationType: rtype } : {}),
    });
  };
  for (const zone of typeZones) {
    make('on-demand', zone, t.price);
    make('spot', zone, spotPrice(t, zone, inputs.spotPriceFactor));
  }
  for (const r of inputs.reservations) {
    if (r.instanceType !== t.name || !typeZones.includes(r.zone)) continue;
    // Reserved offerings are priced on-demand ÷ 10,000,000 (karpenter-provider-aws
    // pkg/providers/instancetype/offering/reserved_capacity_resolver.go ResolveOfferings).
    make('reserved', r.zone, t.price !== null ? t.price / 10_000_000 : 0, r.id, r.type);
  }
  return offerings;
}

/**
 * Requirements every type of one build shares: those that do not depend on the type, and one per distinct label value
 * or absent label. Requirements are immutable (Requirements.add stores an intersection, never changes one), so the
 * catalog's 1,363 types hold a few thousand of them instead of ~40,000, each with its own set of values.
 */
function sharedRequirements(nodeClass: NodeClassShape | null, zones: readonly string[]) {
  const values = new Map<string, Map<string, Requirement>>();
  const absent = new Map<string, Requirement>();
  return {
    one(key: string, value: string): Requirement {
      let byValue = values.get(key);
      if (!byValue) values.set(key, (byValue = new Map()));
      let r = byValue.get(value);
      if (!r) byValue.set(value, (r = Requirement.of(key, 'In', [value])));
      return r;
    },
    absent(key: string): Requirement {
      let r = absent.get(key);
      if (!r) absent.set(key, (r = Requirement.of(key, 'DoesNotExist')));
      return r;
    },
    os: Requirement.of(LABEL_OS, 'In', [nodeClass?.amiFamily?.startsWith('Windows') ? 'windows' : 'linux']),
    tenancy: Requirement.of(LABEL_INSTANCE_TENANCY, 'In', ['default', 'dedicated']),
    zones: Requirement.of(LABEL_ZONE, 'In', zones),
    /** A type without capacity reservations: on-demand and spot, no reservation labels. */
    unreserved: [
      Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['on-demand', 'spot']),
      Requirement.of(LABEL_RESERVATION_ID, 'DoesNotExist'),
      Requirement.of(LABEL_RESERVATION_TYPE, 'DoesNotExist'),
      Requirement.of(LABEL_RESERVATION_INTERRUPTIBLE, 'DoesNotExist'),
    ],
  };
}

/**
 * `reqs.IsCompatible(offering.Requirements, AllowUndefinedWellKnownLabels)` for an offering
 * (karpenter pkg/cloudprovider/types.go Offerings.Compatible): zone, capacity type and reservation labels. The
 * requirements are looked up once; the answer is asked of each offering.
 */
export function offeringMatcher(reqs: Requirements): (o: Offering) => boolean {
  const zone = reqs.find(LABEL_ZONE);
  const capacityType = reqs.find(LABEL_CAPACITY_TYPE);
  const reservation = reqs.find(LABEL_RESERVATION_ID);
  const op = reservation?.operator();
  const unreservedOk = op === 'NotIn' || op === 'DoesNotExist';
  return (o) => {
    if (zone && !zone.has(o.zone)) return false;
    if (capacityType && !capacityType.has(o.capacityType)) return false;
    if (reservation) return o.reservationId ? reservation.has(o.reservationId) : unreservedOk;
    return true;
  };
}

/** Cheapest available offering compatible with `reqs` (karpenter pkg/cloudprovider/types.go InstanceTypes.OrderByPrice key), or null. */
export function cheapestOffering(it: InstanceType, reqs: Requirements): Offering | null {
  return cheapestMatching(it, offeringMatcher(reqs));
}

/** cheapestOffering with the requirements' matcher made once (offeringMatcher), for many instance types. */
export function cheapestMatching(it: InstanceType, compatible: (o: Offering) => boolean): Offering | null {
  let best: Offering | null = null;
  for (const o of it.offerings) {
    if (!o.available || !compatible(o)) continue;
    if (!best || o.price < best.price) best = o;
  }
  return best;
}

/**
 * `SatisfiesMinValues` (karpenter pkg/cloudprovider/types.go InstanceTypes.SatisfiesMinValues) over `types` in order: the prefix length at which
 * every minValues key reaches its count, or the counts reached.
 */
export function satisfiesMinValues(
  types: InstanceType[],
  reqs: Requirements,
): { ok: boolean; reached: Map<string, number> } {
  const keys = [...reqs.values()].filter((r) => r.minValues !== undefined);
  const seen = new Map<string, Set<string>>(keys.map((r) => [r.key, new Set()]));
  for (const it of types) {
    for (const r of keys) {
      const itr = it.requirements.get(r.key);
      if (!it.requirements.has(r.key) || itr.complement) continue;
      for (const v of itr.values) seen.get(r.key)!.add(v);
    }
    if (keys.every((r) => seen.get(r.key)!.size >= r.minValues!))
      return { ok: true, reached: new Map(keys.map((r) => [r.key, seen.get(r.key)!.size])) };
  }
  return { ok: keys.length === 0, reached: new Map(keys.map((r) => [r.key, seen.get(r.key)!.size])) };
}
