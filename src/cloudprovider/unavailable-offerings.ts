/**
 * Insufficient-capacity what-if (karpenter-provider-aws pkg/cache/unavailableofferings.go MarkUnavailable): offerings
 * matching a scenario's requirements are marked unavailable, as Karpenter's unavailable-offerings cache does after an
 * ICE error (key `capacityType:instanceType:zone`, 3-minute TTL).
 */
import type { Catalog } from './catalog.js';
import { LABEL_CAPACITY_TYPE, LABEL_ZONE } from '../api/labels.js';
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
  for (const t of catalog.types) {
    for (const zone of zones) {
      for (const ct of ['on-demand', 'spot', 'reserved']) {
        const offering = Requirements.fromLabels(t.labels)
          .add(Requirement.of(LABEL_ZONE, 'In', [zone]))
          .add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', [ct]));
        if (sets.some((s) => offering.compatible(s, false) === null)) out.add(unavailableKey(ct, t.name, zone));
      }
    }
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
