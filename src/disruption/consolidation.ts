/**
 * Consolidation-driven replacements (karpenter pkg/controllers/disruption/consolidation.go computeConsolidation): a
 * node is replaced when its pods fit one new NodeClaim whose worst launch price is strictly below the node's current
 * price (OfferingPrice of its zone and capacity type, with NodeOverlay prices applied). Karpenter has no move to a more
 * expensive type. Spot candidates need SpotToSpotConsolidation and at least 15 cheaper types; a replacement that allows
 * spot and on-demand is forced to spot.
 */
import { offeringCompatible, type InstanceType, type Offering } from '../cloudprovider/instancetype.js';
import { LABEL_CAPACITY_TYPE } from '../api/labels.js';
import { launch } from '../cloudprovider/launch.js';
import { Requirement } from '../scheduling/requirements.js';
import { type PodGroup, type Template } from '../provisioning/nodeclaim.js';
import { schedule } from '../provisioning/scheduler.js';
import type { PodTemplate } from '../api/workload.js';

export const MIN_SPOT_TO_SPOT_TYPES = 15;

export interface ConsolidationNode {
  name: string;
  nodePool: string;
  instanceType: string;
  zone: string;
  capacityType: string;
  /** Pods on the node, by workload key. */
  pods: Record<string, number>;
}

export interface ConsolidationMove {
  node: string;
  nodePool: string;
  /** price: as Karpenter sees it (overlays applied); cost: what the instance actually costs. */
  from: { instanceType: string; price: number; cost: number | null };
  to: { nodePool: string; instanceType: string; capacityType: string; price: number; cost: number };
}

export interface ConsolidationOptions {
  policy: (nodePool: string) => { enabled: boolean };
  spotToSpot: boolean;
  minValuesPolicy: 'Strict' | 'BestEffort';
  preferencePolicy: 'Respect' | 'Ignore';
}

/** `OfferingPrice(zone, capacityType)`: the first offering in that zone and capacity type, availability ignored (karpenter pkg/cloudprovider/types.go). */
export function offeringPrice(it: InstanceType, zone: string, capacityType: string): number | null {
  return it.offerings.find((o) => o.zone === zone && o.capacityType === capacityType)?.price ?? null;
}

/** `WorstLaunchPrice` (types.go): the most expensive compatible offering of the first class present, reserved → spot → on-demand. */
export function worstLaunchPrice(offerings: Offering[]): number {
  for (const ct of ['reserved', 'spot', 'on-demand']) {
    const of = offerings.filter((o) => o.capacityType === ct);
    if (of.length) return Math.max(...of.map((o) => o.price));
  }
  return Number.MAX_VALUE;
}

export function consolidationMoves(
  nodes: ConsolidationNode[],
  templates: Template[],
  pods: Map<string, PodTemplate>,
  opts: ConsolidationOptions,
): ConsolidationMove[] {
  const out: ConsolidationMove[] = [];
  const byPool = new Map(templates.map((t) => [t.nodePool, t]));
  for (const n of nodes) {
    const t = byPool.get(n.nodePool);
    if (!t || !opts.policy(n.nodePool).enabled) continue;
    const it = t.instanceTypes.find((x) => x.name === n.instanceType);
    if (!it) continue; // no longer offered: drift, not consolidation
    const price = offeringPrice(it, n.zone, n.capacityType);
    if (price === null) continue;
    const groups: PodGroup[] = Object.entries(n.pods).flatMap(([key, count], order) => {
      const pod = pods.get(key);
      // Workload keys are Kind/namespace/name (provisioner.ts workloadKey).
      return pod ? [{ key, namespace: key.split('/')[1] ?? '', pod, count, order }] : [];
    });
    if (!groups.length || groups.length !== Object.keys(n.pods).length) continue;
    const r = schedule(templates, groups, {
      minValuesPolicy: opts.minValuesPolicy,
      preferencePolicy: opts.preferencePolicy,
    });
    if (r.errors.size || r.nodeClaims.length !== 1 || r.nodeClaims[0].dropped) continue; // consolidation never turns 1 node into 2
    const nc = r.nodeClaims[0];
    let reqs = nc.requirements;
    const allSpot = n.capacityType === 'spot';
    if (allSpot) {
      if (!opts.spotToSpot || !reqs.get(LABEL_CAPACITY_TYPE).has('spot')) continue;
      reqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['spot']));
    }
    const cheaper = nc.finalOptions!.filter((x) => {
      const offs = x.offerings.filter((o) => o.available && offeringCompatible(reqs, o));
      return offs.length > 0 && worstLaunchPrice(offs) < price; // strict (consolidation.go computeConsolidation)
    });
    if (!cheaper.length) continue;
    if (allSpot && cheaper.length < MIN_SPOT_TO_SPOT_TYPES) continue;
    if (reqs.get(LABEL_CAPACITY_TYPE).has('spot') && reqs.get(LABEL_CAPACITY_TYPE).has('on-demand'))
      reqs = reqs.clone().add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['spot']));
    const d = launch(cheaper, reqs, opts.minValuesPolicy);
    if (!d.ok) continue;
    out.push({
      node: n.name,
      nodePool: n.nodePool,
      from: {
        instanceType: n.instanceType,
        price,
        cost: it.offerings.find((o) => o.zone === n.zone && o.capacityType === n.capacityType)?.cost ?? null,
      },
      to: {
        nodePool: nc.template.nodePool,
        instanceType: d.decision.instanceType.name,
        capacityType: d.decision.capacityType,
        price: d.decision.offering.price,
        cost: d.decision.offering.cost,
      },
    });
  }
  return out;
}
