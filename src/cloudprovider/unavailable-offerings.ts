/**
 * Insufficient-capacity what-if (karpenter-provider-aws pkg/cache/unavailableofferings.go MarkUnavailable): offerings
 * matching a scenario's requirements are marked unavailable, as Karpenter's unavailable-offerings cache does after an
 * ICE error (key `capacityType:instanceType:zone`, 3-minute TTL).
 */
import type { Catalog } from './catalog.js';
import { CAPACITY_TYPES, LABEL_CAPACITY_TYPE, LABEL_ZONE } from '../api/labels.js';
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
  for (const t of catalog.types) {
    const labels = Requirements.fromLabels(t.labels);
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

/** The fallback timeline the seeds describe, for the report. */
export function iceTimeline(batchIdle: string, batchMax: string): string {
  return (
    `The first launch fails with InsufficientInstanceCapacity and the offerings are cached unavailable for ${UNAVAILABLE_OFFERING_TTL_MINUTES} minutes; ` +
    `the NodeClaim is deleted, the pods are re-queued and the next batch (idle ${batchIdle}, max ${batchMax}) launches the placement shown; ` +
    `after the cache expires, new pods try the preferred offerings again (existing fallback nodes stay until consolidation or expiry moves them).`
  );
}
