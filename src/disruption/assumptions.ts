/**
 * What the plan's assumptions say of disruption: the fleet's cost, how far consolidation looked, the fleet, the
 * rollout, and the nodes no NodePool of either state manages. Read from the controller's result (controller.ts).
 */
import { assumption, type Assumption } from '../common/assumptions.js';
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
): Assumption[] {
  const out: Assumption[] = [];
  const { fleet } = d;
  const fc = d.fleetCost;
  if (fc)
    out.push(
      assumption('fleet-cost', {
        nodes: fc.nodes.base,
        source: fleet.source,
        spotFactor: pricing.spot === 'estimated' ? pricing.spotPriceFactor : null,
        estimated: fc.estimated,
        noReplacement: fc.noReplacement,
        unpriced: fc.unpriced,
      }),
    );
  out.push(consolidationScope(d));
  out.push(assumption('fleet-source', { source: fleet.source, nodes: fleet.nodes.length }));
  out.push(
    assumption('rollout', {
      at: new Date(rollout.at).toISOString(),
      minutesPerReplacement: rollout.minutesPerReplacement,
      minutesToInitialize: rollout.minutesToInitialize,
      horizonDays: rollout.horizonDays,
      slowAfterHours: rollout.slowAfterHours,
    }),
  );
  out.push(...fleet.notes);
  const unmanaged = Object.entries(d.unmanaged);
  if (unmanaged.length)
    out.push(assumption('fleet-unmanaged-pools', { pools: unmanaged.map(([pool, nodes]) => ({ pool, nodes })) }));
  return out;
}

/** Which nodes consolidation looked at, and how (its caps, what is not estimated). */
function consolidationScope(d: DisruptionResult): Assumption {
  const { fleet, stats: st } = d;
  const withPods = fleet.nodes.filter((n) => n.podList).length;
  if (fleet.source !== 'simulated' && !withPods) return assumption('consolidation-not-estimated');
  return assumption('consolidation-scope', {
    fleet: fleet.source === 'simulated' ? 'simulated' : 'snapshot',
    withPods,
    clusterKnown: st.clusterKnown,
    maxMulti: MAX_MULTI_NODE_CANDIDATES,
    maxSingle: MAX_SINGLE_NODE_WITH_CLUSTER,
    withoutCluster: st.withoutCluster,
  });
}
