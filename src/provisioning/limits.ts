/**
 * What nodes count against their NodePool's `spec.limits` (karpenter pkg/controllers/provisioning/scheduling/
 * scheduler.go updateRemainingResources): each one's capacity, with `nodes: 1`.
 */
import type { InstanceType } from '../cloudprovider/instancetype.js';
import { assumption, type Assumption } from '../common/assumptions.js';
import { addResources, type ResourceList } from '../common/quantity.js';
import type { ExistingNodeInput } from './types.js';

/**
 * What the NodeClaims of a fleet whose pods are unknown (SimulationOptions.limitNodes) count against each NodePool's limits: each
 * one's capacity with `nodes: 1` (scheduler.go updateRemainingResources over every active state node, StateNode.Capacity
 * whatever runs on it); a node whose snapshot gives no capacity takes its instance type's, else counts `nodes` only.
 */
export function limitNodesUsage(
  nodes: readonly ExistingNodeInput[],
  typeOf: (n: ExistingNodeInput) => InstanceType | undefined,
  assumptions: Assumption[],
): Map<string, ResourceList> {
  const used = new Map<string, ResourceList>();
  const missing: string[] = [];
  for (const n of nodes) {
    if (n.nodePool === null || n.managed === false) continue;
    const it = n.capacity || !n.instanceType ? undefined : typeOf(n);
    const capacity = n.capacity ?? it?.capacity;
    if (!capacity) missing.push(n.name);
    countAgainstLimits(used, n.nodePool, capacity ?? {});
  }
  if (missing.length) assumptions.push(assumption('limits-nodes-without-capacity', { names: missing }));
  return used;
}

/** A node of `nodePool` with `capacity` counts against its limits (scheduler.go updateRemainingResources). */
export function countAgainstLimits(used: Map<string, ResourceList>, nodePool: string, capacity: ResourceList): void {
  used.set(nodePool, addResources(used.get(nodePool) ?? {}, { ...capacity, nodes: 1 }));
}
