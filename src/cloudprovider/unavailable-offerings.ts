/**
 * Insufficient-capacity what-if (karpenter-provider-aws pkg/cache/unavailableofferings.go MarkUnavailable): offerings
 * matching a scenario's requirements are marked unavailable, as Karpenter's unavailable-offerings cache does after an
 * ICE error (key `capacityType:instanceType:zone`, 3-minute TTL).
 */
import type { Catalog } from './catalog.js';
import { CAPACITY_TYPES, LABEL_CAPACITY_TYPE, LABEL_ZONE, normalizeKey } from '../api/labels.js';
import { type NodeSelectorRequirement } from '../api/nodeselector.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { unavailableKey } from './offering-key.js';

export const UNAVAILABLE_OFFERING_TTL_MINUTES = 3;

export interface IceScenario {
  name: string;
  /** Each entry: requirements an offering must all satisfy to be unavailable (instance labels, zone, capacity type). */
  unavailable: NodeSelectorRequirement[][];
}

export function unavailableOfferings(catalog: Catalog, zones: string[], scenario: IceScenario): Set<string> {
  const out = new Set<string>();
  const sets = scenario.unavailable.map((reqs) => splitOffering(Requirements.fromNodeSelectorRequirements(reqs)));
  const zoneReqs = zones.map((z) => Requirement.of(LABEL_ZONE, 'In', [z]));
  const capacityReqs = CAPACITY_TYPES.map((ct) => Requirement.of(LABEL_CAPACITY_TYPE, 'In', [ct]));
  // An offering's requirements are its type's labels, its zone and its capacity type. Compatible is a conjunction over
  // the incoming requirements' keys, each reading the receiver at that key only (karpenter
  // pkg/scheduling/requirements.go Compatible, Intersects): so each scenario entry is checked against the type's labels
  // once (its keys but zone and capacity type), then against each zone, then each capacity type — the same verdicts
  // as checking every offering whole, without every label of every type copied for each of its offerings.
  const named = new Set([LABEL_ZONE, LABEL_CAPACITY_TYPE, ...sets.flatMap((s) => [...s.other.keys()])]);
  for (const t of catalog.types) {
    const labels = labelsAt(t.labels, named);
    const typeSets = sets.filter((s) => labels.isCompatible(s.other, false));
    if (!typeSets.length) continue;
    zones.forEach((zone, zi) => {
      const atZone = keyOf(labels, LABEL_ZONE).add(zoneReqs[zi]);
      const zoneSets = typeSets.filter((s) => atZone.isCompatible(s.zone, false));
      capacityReqs.forEach((ctReq, ci) => {
        const atCapacity = keyOf(labels, LABEL_CAPACITY_TYPE).add(ctReq);
        if (zoneSets.some((s) => atCapacity.isCompatible(s.capacityType, false)))
          out.add(unavailableKey(CAPACITY_TYPES[ci], t.name, zone));
      });
    });
  }
  return out;
}

/** A scenario entry's requirements in three: at the zone, at the capacity type, and at every other key. */
function splitOffering(reqs: Requirements): { zone: Requirements; capacityType: Requirements; other: Requirements } {
  const parts = { zone: new Requirements(), capacityType: new Requirements(), other: new Requirements() };
  for (const r of reqs.values())
    (r.key === LABEL_ZONE ? parts.zone : r.key === LABEL_CAPACITY_TYPE ? parts.capacityType : parts.other).add(r);
  return parts;
}

/** `reqs` at `key` only (empty when it has none). */
function keyOf(reqs: Requirements, key: string): Requirements {
  return new Requirements(reqs.has(key) ? [reqs.get(key)] : []);
}

/** `Requirements.fromLabels(labels)` (karpenter NewLabelRequirements) at the keys in `keys` only. */
function labelsAt(labels: Readonly<Record<string, string>>, keys: ReadonlySet<string>): Requirements {
  const out = new Requirements();
  for (const [k, v] of Object.entries(labels)) if (keys.has(normalizeKey(k))) out.add(Requirement.of(k, 'In', [v]));
  return out;
}

/**
 * What happens when capacity is short, for the report (karpenter-provider-aws pkg/providers/instance/instance.go
 * Create: CreateFleet is given every instance type and zone of the NodeClaim; pkg/cache/unavailableofferings.go
 * MarkUnavailable; karpenter pkg/controllers/provisioning/provisioner.go Reconcile: pending pods in the next batch).
 */
export function iceTimeline(batchIdle: string, batchMax: string): string {
  return (
    `A NodeClaim whose instance types keep an offering with capacity launches on it (EC2 Fleet skips the pools without capacity); ` +
    `one left with none fails with InsufficientInstanceCapacity and the offerings it tried are cached unavailable for ${UNAVAILABLE_OFFERING_TTL_MINUTES} minutes; ` +
    `the NodeClaim is deleted, its pods are re-queued and the next batches (idle ${batchIdle}, max ${batchMax}) try the offerings left until they place them as shown; ` +
    `after the cache expires, new pods try the preferred offerings again (existing fallback nodes stay until consolidation or expiry moves them). ` +
    `Modelled: the shortage starts before head's first batch launches, and EC2 Fleet tries the overrides in its strategy's price order.`
  );
}
