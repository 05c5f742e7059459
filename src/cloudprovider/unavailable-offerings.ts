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
  const sets = scenario.unavailable.map((reqs) => Requirements.fromNodeSelectorRequirements(reqs));
  const zoneReqs = zones.map((z) => Requirement.of(LABEL_ZONE, 'In', [z]));
  const capacityReqs = CAPACITY_TYPES.map((ct) => Requirement.of(LABEL_CAPACITY_TYPE, 'In', [ct]));
  // An offering's requirements are its type's labels, its zone and its capacity type. Compatible reads the receiver
  // only at the keys of the incoming requirements (karpenter pkg/scheduling/requirements.go Compatible, Intersects),
  // so the labels are kept at the keys the scenario names: the same verdicts, without every label of every type
  // copied for each of its offerings.
  const named = new Set(sets.flatMap((s) => [...s.keys()]));
  for (const t of catalog.types) {
    const labels = labelsAt(t.labels, named);
    zones.forEach((zone, zi) => {
      capacityReqs.forEach((ctReq, ci) => {
        const offering = labels.clone().add(zoneReqs[zi]).add(ctReq);
        if (sets.some((s) => offering.isCompatible(s, false)))
          out.add(unavailableKey(CAPACITY_TYPES[ci], t.name, zone));
      });
    });
  }
  return out;
}

/** `Requirements.fromLabels(labels)` (karpenter NewLabelRequirements) without the keys outside `keys`. */
function labelsAt(labels: Readonly<Record<string, string>>, keys: ReadonlySet<string>): Requirements {
  const out = new Requirements();
  for (const [k, v] of Object.entries(labels)) if (keys.has(normalizeKey(k))) out.add(Requirement.of(k, 'In', [v]));
  return out;
}

/** The fallback timeline the seeds describe, for the report. */
export function iceTimeline(batchIdle: string, batchMax: string): string {
  return (
    `The first launch fails with InsufficientInstanceCapacity and the offerings are cached unavailable for ${UNAVAILABLE_OFFERING_TTL_MINUTES} minutes; ` +
    `the NodeClaim is deleted, the pods are re-queued and the next batch (idle ${batchIdle}, max ${batchMax}) launches the placement shown; ` +
    `after the cache expires, new pods try the preferred offerings again (existing fallback nodes stay until consolidation or expiry moves them).`
  );
}
