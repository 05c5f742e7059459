/**
 * The standing assumptions: lines every run states the same way whatever the change, so the report links them
 * (docs/assumptions.md) instead of repeating them on every pull request. Their producers use these constants, and the
 * plan lists the ones a run made in `standingAssumptions` (branching on the constant, never on a message's wording).
 */
export const STANDING_ASSUMPTIONS = {
  emptyCluster:
    "Placement: all workloads are scheduled onto an empty cluster in provisioning rounds (a batch, its NodeClaims launched as nodes, the pods still pending scheduled again, until a round places nothing; a fleet snapshot's nodes neither host them nor count against NodePool limits); volume limits are not modelled.",
  podToPodSimulationOnly:
    'Pod-to-pod constraints (topology spread, pod affinity and anti-affinity) count the pods of this simulation only; pods already running in the cluster are not counted.',
  lowestPriceTable:
    "On-demand lowest-price: resolved with Karpenter's static price table; EC2 uses its own current prices.",
} as const;

const STANDING = new Set<string>(Object.values(STANDING_ASSUMPTIONS));

/** Whether an assumption line is one of the standing ones (the very constant, not a look-alike). */
export function isStandingAssumption(line: string): boolean {
  return STANDING.has(line);
}
