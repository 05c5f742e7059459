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
 * So the simulation's NodeClaims are launched again in their order with the scenario's offerings unavailable, and the
 * rounds go on from the simulation's end (rounds.ts continueRounds) with the pods of those that failed, against the
 * NodeClaim templates made with the same offerings unavailable. The instance types, NodeOverlays, existing nodes and
 * the placements of every NodeClaim that still launches are the simulation's.
 */
import { hourlyCostOf, existingFleet, placementsOf, type ProvisioningRecord } from './provisioner.js';
import { continueRounds, launchedName, launchOne, newReservationUse, type LaunchedNode } from './rounds.js';
import type { FailedLaunch } from './launch-failures.js';
import { launchedNode, withOfferingsGone } from './nodeclaimtemplate.js';
import { unavailableKey } from '../cloudprovider/offering-key.js';
import { staticNodes } from './static.js';
import type { PodGroup, SimPlacement, StepContext } from './types.js';

/** What an insufficient-capacity what-if changes: each workload's placement and the fleet's cost. */
export interface InsufficientCapacityOutcome {
  placements: Map<string, SimPlacement>;
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
  const { ctx } = record;
  // The next batch's scheduler sees the offerings cached unavailable (instancetype/offering/provider.go).
  const templates = withOfferingsGone(
    record.templates,
    (o, it) => unavailable.has(unavailableKey(o.capacityType, it.name, o.zone)),
    ctx.input.settings.minValuesPolicy,
  );
  const relaunched = launchAgain(ctx, record.rounds.launched, unavailable);
  const rounds = continueRounds(ctx, templates, record.rounds, relaunched, podGroups, record.limitsUsed);
  const fleet = [
    ...existingFleet(ctx, rounds.existing, templates, rounds.perGroup, []),
    ...rounds.fleet,
    ...staticNodes(ctx, record.priceChanges, record.capacityChanges, [], unavailable),
  ];
  return {
    placements: placementsOf(record.workloads, rounds.perGroup, rounds.errors, rounds.rounds),
    hourlyCost: hourlyCostOf(fleet),
  };
}

/**
 * The simulation's NodeClaims launched again, in order, as the provider would once CreateFleet meets the shortage
 * (launch.ts launch `noCapacity`): the capacity type and the 60 types are chosen as before, EC2 Fleet launches the
 * next override with capacity and the NodeClaim keeps its pods; with none left it fails and its pods are retried.
 */
function launchAgain(
  ctx: StepContext,
  launched: readonly LaunchedNode[],
  unavailable: ReadonlySet<string>,
): { launched: LaunchedNode[]; failed: Map<string, FailedLaunch>; reservations: ReturnType<typeof newReservationUse> } {
  const reservations = newReservationUse(ctx);
  const out: LaunchedNode[] = [];
  const failed = new Map<string, FailedLaunch>();
  for (const l of launched) {
    const r = launchOne(ctx, l.options, l.requirements, reservations, unavailable);
    if (!r.ok) {
      for (const [k, n] of Object.entries(l.node.pods))
        failed.set(k, { count: (failed.get(k)?.count ?? 0) + n, error: failed.get(k)?.error ?? r.error });
      continue;
    }
    const name = launchedName(l.template.nodePool, out.length + 1);
    const node = launchedNode(name, l.template, l.requirements, r.decision, { ...l.node.pods });
    out.push({ ...l, node, instanceType: r.decision.instanceType });
  }
  return { launched: out, failed, reservations };
}
