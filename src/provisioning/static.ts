/**
 * Static NodePools (`spec.replicas`, karpenter pkg/controllers/static/): the nodes the static provisioning
 * controller keeps, which provisioning does not schedule onto.
 */
import { assumption, type Assumption } from '../common/assumptions.js';
import type { ResourceList } from '../common/quantity.js';
import { launch } from '../cloudprovider/launch.js';
import { launchedNode, managedByAwsProvider, nodeClaimTemplates, withOfferingsGone } from './nodeclaimtemplate.js';
import { inUnavailable } from '../cloudprovider/offering-key.js';
import type { PoolStatus, SimNode, StepContext } from './types.js';

/**
 * The nodes of static NodePools (`spec.replicas`): min(replicas, limits.nodes) NodeClaims from the template, with no
 * pods and no instance-type narrowing — the provider's Create picks the type from every compatible one
 * (karpenter pkg/controllers/static/provisioning/controller.go Reconcile, ReserveNodeCount;
 * nodeclaimtemplate.go ToNodeClaim skips the instance-type cut for static NodeClaims). They join the fleet and its
 * cost; pods are not placed onto them here (an approximation stated in the assumptions).
 */
export function staticNodes(
  ctx: StepContext,
  priceChanges: Map<string, Map<string, string>>,
  capacityChanges: Map<string, Map<string, ResourceList>>,
  assumptions: Assumption[],
  /** Offerings without capacity when CreateFleet runs (launch.ts launch `noCapacity`: the insufficient-capacity what-if). */
  noCapacity?: ReadonlySet<string>,
): SimNode[] {
  const { input } = ctx;
  const classes = new Set(input.nodeClasses.map((c) => c.name));
  const pools = input.nodePools.filter((np) => {
    const ref = np.nodeClassRef;
    return (
      np.replicas !== undefined &&
      np.replicas > 0 &&
      !np.deleting &&
      !np.runtimeErrors.length &&
      managedByAwsProvider(ref) &&
      (input.nodeClasses.length === 0 || classes.has(ref.name))
    );
  });
  if (!pools.length) return [];
  const statuses: PoolStatus[] = pools.map((np) => ({ name: np.name, eligible: true, reason: null, instanceTypes: 0 }));
  const out: SimNode[] = [];
  for (const t of nodeClaimTemplates(ctx, pools, statuses, priceChanges, capacityChanges)) {
    const np = pools.find((p) => p.name === t.nodePool)!;
    // The controller only tops the pool up: the snapshot's nodes of the pool (placed into as existing nodes) count.
    const running = ctx.opts.cluster?.nodes.filter((n) => n.nodePool === np.name).length ?? 0;
    const count = Math.max(0, Math.min(np.replicas!, np.limits.nodes ?? Infinity) - running);
    let r = launch(t.instanceTypes, t.requirements, input.settings.minValuesPolicy, undefined, noCapacity);
    // A launch whose short offerings left it nothing: the controller creates the NodeClaims again, and their launch
    // sees the offerings met so far cached unavailable (pkg/cache/unavailableofferings.go) — until one launches or
    // nothing new is met.
    const known = new Set<string>();
    while (!r.ok && r.met?.some((k) => !known.has(k))) {
      for (const k of r.met) known.add(k);
      const [left] = withOfferingsGone([t], inUnavailable(known), input.settings.minValuesPolicy);
      if (!left) break;
      r = launch(left.instanceTypes, left.requirements, input.settings.minValuesPolicy, undefined, noCapacity);
    }
    if (!r.ok) continue;
    const d = r.decision;
    for (let i = 0; i < count; i++)
      out.push({
        ...launchedNode(`${np.name}-static-${String(i + 1).padStart(4, '0')}`, t, t.requirements, d, {}),
        static: true,
      });
  }
  assumptions.push(assumption('static-nodepools', { nodes: out.length, pools: pools.map((p) => p.name) }));
  return out;
}
