/**
 * What-ifs on a simulation without simulating the state again: some of its pending pods are scheduled anew against
 * its NodeClaim templates (changed by the what-if), with each NodePool's limits less what the simulation's fleet
 * already counts against them. The templates' instance types, NodeOverlays and daemon overhead are the simulation's;
 * the scheduler is scheduler.ts's.
 *
 * Used by the rules' ICE what-if (limits-block-fallback): a preferred NodePool's instance types run out, and the pods
 * the simulation launched on it look for room in the other NodePools, whose nodes stay.
 */
import type { ControllerSettings } from '../api/settings.js';
import { withOfferingsGone } from './nodeclaimtemplate.js';
import { subtractResources } from '../common/quantity.js';
import { schedule } from './scheduler.js';
import type { PodGroup, SchedulingError, SimulationResult, Template } from './types.js';

/**
 * The templates once every offering of `nodePool`'s instance types that no other template uses is unavailable
 * (karpenter-provider-aws pkg/cache/unavailableofferings.go MarkUnavailable, for each such type in every zone and
 * capacity type). Only `nodePool`'s template changes: it keeps the types other templates share (their offerings stay
 * available), and it is dropped when none is left or, under Strict, its minValues can no longer be met (scheduler.go
 * NewScheduler: "nodepool requirements filtered out all instance types"). The other templates never had the
 * unavailable types, so their pre-filter (nodeclaimtemplate.ts nodeClaimTemplates) keeps the same ones.
 */
export function withoutOwnInstanceTypes(
  templates: Template[],
  nodePool: string,
  minValuesPolicy: ControllerSettings['minValuesPolicy'],
): Template[] {
  const shared = new Set(
    templates.filter((t) => t.nodePool !== nodePool).flatMap((t) => t.instanceTypes.map((it) => it.name)),
  );
  return withOfferingsGone(templates, (_o, it, t) => t.nodePool === nodePool && !shared.has(it.name), minValuesPolicy);
}

/**
 * Schedules `pods` (workload key → how many of its pending pods) against `templates` on new NodeClaims, as the next
 * provisioning round would once the simulation's nodes exist: each NodePool's remaining limits are its limits less
 * the capacity of its nodes in the simulation's fleet (scheduler.go NewScheduler remainingResources,
 * calculateExistingNodeClaims → updateRemainingResources), and each new NodeClaim then takes the largest capacity of
 * its instance types (scheduler.go subtractMax) and is checked against what is left (filterByRemainingResources).
 * The pods take no room on the fleet's nodes; reservations are used in fallback mode (as disruption's simulations
 * do). Returns the pods that found no place, per workload, with their codes.
 */
export function reschedule(
  sim: SimulationResult,
  pods: ReadonlyMap<string, number>,
  templates: Template[],
  settings: Pick<ControllerSettings, 'preferencePolicy' | 'minValuesPolicy'>,
): Map<string, SchedulingError> {
  const left = new Map(pods);
  const groups: PodGroup[] = [];
  for (const g of sim.podGroups) {
    const n = Math.min(g.count, left.get(g.key) ?? 0);
    if (n <= 0) continue;
    left.set(g.key, (left.get(g.key) ?? 0) - n);
    groups.push({ ...g, count: n });
  }
  if (!groups.length) return new Map();
  const remaining = templates.map((t) =>
    t.limits ? { ...t, limits: subtractResources(t.limits, sim.poolResources.get(t.nodePool) ?? {}) } : t,
  );
  return schedule(remaining, groups, {
    preferencePolicy: settings.preferencePolicy,
    minValuesPolicy: settings.minValuesPolicy,
  }).errors;
}
