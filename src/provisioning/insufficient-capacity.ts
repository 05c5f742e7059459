/**
 * The insufficient-capacity what-if (ICE) on a simulation, without simulating the state again. Karpenter learns that
 * capacity is short only when it launches: CreateFleet is given each NodeClaim's instance types in every zone and
 * capacity type its requirements allow (karpenter-provider-aws pkg/providers/instance/instance.go Create), EC2 launches
 * one of those with capacity, and the offerings that had none are cached unavailable
 * (pkg/cache/unavailableofferings.go MarkUnavailable). A NodeClaim with an offering left launches on it; one with none
 * fails, is deleted, and its pods are scheduled again in the next batch (karpenter
 * pkg/controllers/provisioning/provisioner.go Reconcile), whose scheduler sees the cached offerings as unavailable
 * (instancetype/offering/provider.go).
 *
 * So the simulation's first batch, as it was scheduled, launches with the scenario's offerings short, and the rounds
 * after it are scheduled again (rounds.ts provisioningRounds with a `Shortage`) against the simulation's NodeClaim
 * templates with the short offerings launches have met unavailable; their launches meet the shortage too. The instance
 * types, NodeOverlays, templates, existing nodes and the first batch are the simulation's.
 */
import { existingFleet, hourlyCostOf, placementsOf, type ProvisioningRecord } from './provisioner.js';
import { provisioningRounds } from './rounds.js';
import { staticNodes } from './static.js';
import type { PodGroup, SimNode, SimPlacement } from './types.js';

/** What an insufficient-capacity what-if changes: each workload's placement, the fleet and its cost. */
export interface InsufficientCapacityOutcome {
  placements: Map<string, SimPlacement>;
  fleet: SimNode[];
  hourlyCost: number;
}

/**
 * The simulation (`record`, `podGroups`: what simulateRecorded returned) once the offerings in `unavailable`
 * (unavailableKey) have no capacity.
 */
export function insufficientCapacity(
  record: ProvisioningRecord,
  podGroups: PodGroup[],
  unavailable: ReadonlySet<string>,
): InsufficientCapacityOutcome {
  const { ctx, templates } = record;
  const rounds = provisioningRounds(ctx, templates, podGroups, record.rounds.firstExisting, record.limitsUsed, [], {
    first: record.rounds.first,
    unavailable,
  });
  const cluster = record.idleCluster ?? rounds.existing;
  const fleet = [
    ...existingFleet(ctx, cluster, templates, rounds.perGroup, []),
    ...rounds.fleet,
    ...staticNodes(ctx, record.priceChanges, record.capacityChanges, [], unavailable),
  ];
  return {
    placements: placementsOf(record.workloads, rounds.perGroup, rounds.errors, rounds.rounds),
    fleet,
    hourlyCost: hourlyCostOf(fleet),
  };
}
