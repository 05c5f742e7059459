/**
 * What the plan's assumptions say of disruption: the fleet's cost, how far consolidation looked, the fleet, the
 * rollout, and the nodes no NodePool of either state manages. Read from the controller's result (controller.ts).
 */
import type { DisruptionResult, RolloutSettings } from './controller.js';
import { MAX_MULTI_NODE_CANDIDATES } from './multinodeconsolidation.js';
import { MAX_SINGLE_NODE_WITH_CLUSTER } from './singlenodeconsolidation.js';

export interface AssumptionPricing {
  /** `catalog`: spot prices from the catalog; `estimated`: spotPriceFactor × on-demand. */
  spot: 'catalog' | 'estimated';
  spotPriceFactor: number;
}

export function disruptionAssumptions(
  d: DisruptionResult,
  rollout: RolloutSettings,
  pricing: AssumptionPricing,
): string[] {
  const out: string[] = [];
  const { fleet } = d;
  const fc = d.fleetCost;
  if (fc)
    out.push(
      `Fleet cost: each of the ${fc.nodes.base} node(s) of the ${fleet.source} priced by its instance type, zone and capacity type${pricing.spot === 'estimated' ? ` (spot at ${pricing.spotPriceFactor} × on-demand)` : ''}; drifted and removed nodes are replaced by what head launches for their pods (as new capacity: pods are not moved onto nodes that stay)${fc.estimated ? `, and ${fc.estimated} whose pods the snapshot does not list by the cheapest type of their head NodePool with at least their vCPUs and memory (an estimate)` : ''}${fc.noReplacement ? `; ${fc.noReplacement} have no replacement in head and cost nothing after` : ''}${fc.unpriced ? `; ${fc.unpriced} without a price are left out` : ''}.`,
    );
  out.push(consolidationScope(d));
  out.push(
    `Fleet: ${fleet.source === 'simulated' ? `simulated from base (${fleet.nodes.length} nodes; no snapshot given)` : `${fleet.source}, ${fleet.nodes.length} NodeClaims`}.`,
  );
  out.push(
    `Rollout: starts ${new Date(rollout.at).toISOString()}; each replacement takes ${rollout.minutesPerReplacement} min (the replacement is initialised after ${rollout.minutesToInitialize} min); horizon ${rollout.horizonDays} days; slower than ${rollout.slowAfterHours} h is "slow"; schedules in UTC.`,
  );
  out.push(...fleet.notes);
  const unmanaged = Object.entries(d.unmanaged);
  if (unmanaged.length)
    out.push(
      `Fleet: ${unmanaged.reduce((x, [, n]) => x + n, 0)} node(s) belong to NodePools defined in neither base nor head (${unmanaged
        .map(([p, n]) => `${p}: ${n}`)
        .join(', ')}): they are managed elsewhere, and this change neither replaces nor removes them.`,
    );
  return out;
}

/** Which nodes consolidation looked at, and how (its caps, what is not estimated). */
function consolidationScope(d: DisruptionResult): string {
  const { fleet, stats: st } = d;
  const withPods = fleet.nodes.filter((n) => n.podList).length;
  const multi = `Multi-node consolidation looks at the first ${MAX_MULTI_NODE_CANDIDATES} candidates (Karpenter's cap; its one-minute timeout is not modelled).`;
  const beyond = st.withoutCluster
    ? ` ${st.withoutCluster} single-node candidate(s) beyond the first ${MAX_SINGLE_NODE_WITH_CLUSTER} are rescheduled onto one new node only (Karpenter bounds single-node consolidation by time, the model by count).`
    : '';
  const scope = st.clusterKnown
    ? `each candidate's pods rescheduled as Karpenter's simulation does, onto the other existing nodes first, then one new node: deletions (the pods fit elsewhere) and single- and multi-node replacements that head makes possible and base does not are listed. ${multi}${beyond} A command taken leaves its pods where they moved, and nodes that receive pods are no longer candidates. Candidates are ordered by price per unit of disruption (pod deletion cost read, pod priority taken as 0); destination nodes are taken as past their consolidateAfter; Balanced scoring and emptiness are not estimated.`
    : `each candidate's pods rescheduled onto one new node only, the other nodes' pods being unknown (moves onto them and deletions are not estimated): single- and multi-node replacements that head makes strictly cheaper and base does not are listed. ${multi} Balanced scoring and emptiness are not estimated.`;
  if (fleet.source === 'simulated') return `Consolidation: the simulated fleet's nodes, ${scope}`;
  if (withPods) return `Consolidation: the ${withPods} snapshot node(s) whose pods are listed, ${scope}`;
  return 'Consolidation: not estimated for this fleet: the snapshot lists no Pods, so what each node runs is unknown (take it with kubectl get nodeclaims,nodes,pods,pdb -A -o json).';
}
