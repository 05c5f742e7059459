/**
 * What the fleet that exists costs, before and after the change: each node of a snapshot (or live cluster) priced by
 * its instance type, zone and capacity type, then the change applied as the model predicts it — drifted and removed
 * nodes replaced by what head would launch for their pods, consolidation replacements at their new price (a
 * multi-node command's one replacement counted once), consolidation deletions at nothing.
 *
 * Replacements: Karpenter's drift and garbage collection re-schedule the node's pods (karpenter
 * pkg/controllers/disruption/helpers.go SimulateScheduling, with every NodePool's template) and launch what the
 * scheduler asks for; that is what is priced when the snapshot lists the node's pods. Without them, a drifted node is
 * priced as the cheapest type its head NodePool can launch with at least the node's vCPUs and memory (its own type
 * when head still allows it), and a node of a removed NodePool likewise in the first head NodePool, by weight, that
 * has such a type — an estimate, counted and stated as such.
 *
 * The same decisions give the fleet's composition before and after (nodes by instance family and by generation): a
 * node that stays keeps its type, a replaced one counts as the type(s) of its replacement, a deleted one as nothing.
 */
import { spotPrice, type Catalog, type CatalogType } from '../cloudprovider/catalog.js';
import type { InstanceType } from '../cloudprovider/instancetype.js';
import { launch } from '../cloudprovider/launch.js';
import { schedule } from '../provisioning/scheduler.js';
import type { PodGroup, Template } from '../provisioning/nodeclaim.js';
import { reschedulableByOwner } from './disruptable.js';
import type { Fleet, FleetNode } from './fleet.js';
import type { Replacement } from './replacements.js';

export interface FleetCost {
  nodes: { base: number; head: number };
  /** USD per hour of the priced nodes. */
  hourly: { base: number; head: number };
  /** Nodes without a price (unknown instance type, or no price in the catalog): left out of both sums. */
  unpriced: number;
  /** Replaced or removed nodes whose replacement is estimated like-for-like (their pods are not listed). */
  estimated: number;
  /** Replaced or removed nodes for which no (full) replacement could be found in head: what is missing costs nothing. */
  noReplacement: number;
  /**
   * Drift replacements that do not start inside the horizon (`outsideHorizon`): counted in `head` at their node's own
   * price, and here the cost change they would bring once they happen (replacement − node, USD per hour).
   */
  outsideHorizon: { nodes: number; hourly: number };
  /**
   * The fleet's nodes by instance family (`m6i` of `m6i.xlarge`; `unknown` when the type is not known) and by
   * generation (`gen 6`; `gen ?` when the catalog does not know the type), base and head: the nodes counted in
   * `nodes`, each side summing to its count.
   */
  composition: Composition;
  generations: Composition;
}

export interface Composition {
  base: Record<string, number>;
  head: Record<string, number>;
}

export interface FleetCostInput {
  fleet: Fleet;
  catalog: Catalog;
  spotPriceFactor: number;
  /** Drift and removal replacements, and consolidation replacements (with their new price). */
  replacements: Replacement[];
  /** Head's NodePool templates in weight order (the simulation's). */
  templates: Template[];
  minValuesPolicy: 'Strict' | 'BestEffort';
  preferencePolicy: 'Respect' | 'Ignore';
}

/** What a node of this type, zone and capacity type costs per hour (reserved: the on-demand price, paid anyway). */
export function nodePrice(
  t: CatalogType | undefined,
  zone: string | null,
  capacityType: string | null,
  spotFactor: number,
): number | null {
  if (!t || t.price === null) return null;
  if (capacityType === 'spot') return spotPrice(t, zone, spotFactor);
  return t.price;
}

export function fleetCost(input: FleetCostInput): FleetCost {
  const { fleet, catalog } = input;
  // Replacements outside the horizon leave their node as it is: priced apart (`stays`).
  const byNode = new Map(input.replacements.filter((r) => !r.outsideHorizon).map((r) => [r.nodeClaim, r]));
  const late = new Map(input.replacements.filter((r) => r.outsideHorizon).map((r) => [r.nodeClaim, r]));
  const out: FleetCost = {
    nodes: { base: 0, head: 0 },
    hourly: { base: 0, head: 0 },
    unpriced: 0,
    estimated: 0,
    noReplacement: 0,
    outsideHorizon: { nodes: 0, hourly: 0 },
    composition: { base: {}, head: {} },
    generations: { base: {}, head: {} },
  };
  const count = (side: 'base' | 'head', type: string | null, n = 1): void => {
    if (n <= 0) return;
    out.nodes[side] += n;
    add(out.composition[side], familyOf(type), n);
    add(out.generations[side], generationOf(type, catalog), n);
  };
  for (const n of fleet.nodes) {
    if (n.deleting) continue;
    count('base', n.instanceType);
    const price =
      n.pricePerHour ??
      nodePrice(catalog.byName.get(n.instanceType ?? ''), n.zone, n.capacityType, input.spotPriceFactor);
    const r = byNode.get(n.name);
    const cmd = r?.reason === 'Consolidation' ? r.consolidation?.command : undefined;
    // A consolidation command's replacement counts once (with its first node); a deletion leaves nothing.
    const consolidatedAway = !!cmd && (cmd.decision === 'delete' || cmd.nodes[0] !== n.name);
    if (price === null) {
      // Left out of both sums; counted as replaced one for one.
      out.unpriced++;
      if (!consolidatedAway) count('head', unpricedHeadType(n, r, input));
      continue;
    }
    out.hourly.base += price;
    if (!r) {
      count('head', n.instanceType);
      out.hourly.head += price;
      stays(out, n, late.get(n.name), price, input);
    } else if (r.reason === 'Consolidation' && r.consolidation) {
      if (!consolidatedAway) {
        count('head', r.consolidation.toInstanceType);
        out.hourly.head += r.consolidation.toCost;
      }
    } else {
      const repl = replacementOf(n, r, input);
      if (!repl) out.noReplacement++;
      else {
        if (repl.estimated) out.estimated++;
        if (repl.partial) out.noReplacement++;
        for (const t of repl.types) count('head', t);
        out.hourly.head += repl.hourly;
      }
    }
  }
  out.hourly.base = round(out.hourly.base);
  out.hourly.head = round(out.hourly.head);
  out.outsideHorizon.hourly = round(out.outsideHorizon.hourly);
  return out;
}

/** A node whose replacement does not start inside the horizon (counted as it is): what it would change, said apart. */
function stays(out: FleetCost, n: FleetNode, r: Replacement | undefined, price: number, input: FleetCostInput): void {
  if (!r) return;
  const repl = replacementOf(n, r, input);
  out.outsideHorizon.nodes++;
  if (repl) out.outsideHorizon.hourly += repl.hourly - price;
}

/** The type an unpriced node counts as in head: its own, its replacement's when that is one node, else unknown. */
function unpricedHeadType(n: FleetNode, r: Replacement | undefined, input: FleetCostInput): string | null {
  if (!r) return n.instanceType;
  if (r.reason === 'Consolidation') return r.consolidation?.toInstanceType ?? null;
  const repl = replacementOf(n, r, input);
  return repl?.types.length === 1 ? repl.types[0] : null;
}

function add(into: Record<string, number>, key: string, n: number): void {
  into[key] = (into[key] ?? 0) + n;
}

/** The instance family of a type name, as the simulated fleets' composition has it (plan/plan.ts). */
export function familyOf(type: string | null): string {
  return type ? type.split('.')[0] : 'unknown';
}

function generationOf(type: string | null, catalog: Catalog): string {
  return `gen ${catalog.byName.get(type ?? '')?.labels['karpenter.k8s.aws/instance-generation'] ?? '?'}`;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function replacementOf(
  n: FleetNode,
  r: Replacement,
  input: FleetCostInput,
): { nodes: number; hourly: number; types: string[]; estimated: boolean; partial?: boolean } | null {
  const byOwner = n.podList ? reschedulableByOwner(n.podList) : null;
  if (byOwner) {
    // nothing to move: the node is just deleted
    if (!byOwner.counts.size) return { nodes: 0, hourly: 0, types: [], estimated: false };
    const groups: PodGroup[] = [...byOwner.counts].map(([key, g], order) => ({
      key,
      namespace: g.namespace,
      pod: byOwner.templates.get(key)!,
      count: g.count,
      order,
    }));
    const res = schedule(input.templates, groups, {
      minValuesPolicy: input.minValuesPolicy,
      preferencePolicy: input.preferencePolicy,
    });
    let hourly = 0;
    const types: string[] = [];
    for (const nc of res.nodeClaims) {
      if (nc.dropped) continue;
      const d = launch(nc.finalOptions!, nc.requirements, input.minValuesPolicy);
      if (!d.ok) continue;
      types.push(d.decision.instanceType.name);
      hourly += d.decision.offering.cost;
    }
    const nodes = types.length;
    // Pods that find no capacity in head leave the node without a (full) replacement: counted as such.
    return res.errors.size
      ? nodes
        ? { nodes, hourly, types, estimated: false, partial: true }
        : null
      : { nodes, hourly, types, estimated: false };
  }
  // Like-for-like: the node's own pool in head for drift, every head pool in weight order for a removed pool.
  const own = input.catalog.byName.get(n.instanceType ?? '');
  if (!own) return null;
  const candidates =
    r.reason === 'NodePoolRemoved' ? input.templates : input.templates.filter((t) => t.nodePool === n.nodePool);
  for (const t of candidates) {
    const same = t.instanceTypes.find((it) => it.name === own.name);
    const fits = same ? [same] : t.instanceTypes.filter((it) => covers(it, own));
    if (!fits.length) continue;
    const d = launch(fits, t.requirements, input.minValuesPolicy);
    if (d.ok)
      return { nodes: 1, hourly: d.decision.offering.cost, types: [d.decision.instanceType.name], estimated: true };
  }
  return null;
}

function covers(it: InstanceType, node: CatalogType): boolean {
  return it.catalog.vcpu >= node.vcpu && it.catalog.memoryMiB >= node.memoryMiB && it.catalog.arch === node.arch;
}
