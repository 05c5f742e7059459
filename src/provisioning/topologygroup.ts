/**
 * Topology groups (karpenter pkg/controllers/provisioning/scheduling/topologygroup.go, topologynodefilter.go): what one
 * spread constraint or pod (anti-)affinity term counts — its key, namespaces, selector and node filter — and the
 * domains it has seen; and the spec a group is made from, shared by every pod whose term hashes the same
 * (TopologyGroup.Hash). The Topology (topology.ts) owns the groups of one scheduling simulation.
 */
import type { Toleration } from '../api/workload.js';
import { LABEL_HOSTNAME } from '../api/labels.js';
import {
  selectorKey,
  selectorMatches,
  type LabelSelector,
  type PodAffinityTerm,
  type TopologySpreadConstraint,
} from '../api/pod-constraints.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { untolerated } from '../scheduling/taints.js';
import type { Taint } from '../api/validation.js';
import type { PodGroup } from './types.js';
import { nodeSelectorAlternatives } from './preferences.js';

export type TopologyType = 'spread' | 'affinity' | 'antiAffinity';

/** topologynodefilter.go TopologyNodeFilter: which nodes a spread constraint counts. */
export interface NodeFilter {
  /** OR-ed: nodeSelector ∧ each required node-affinity term (just nodeSelector without terms). */
  sets: Requirements[];
  taintPolicy: 'Honor' | 'Ignore';
  affinityPolicy: 'Honor' | 'Ignore';
  tolerations: readonly Toleration[];
}

export class TopologyGroup {
  readonly domains = new Map<string, number>();
  readonly emptyDomains = new Set<string>();

  constructor(
    readonly key: string,
    readonly type: TopologyType,
    readonly maxSkew: number,
    readonly minDomains: number | undefined,
    readonly namespaces: ReadonlySet<string> | 'all',
    readonly selector: LabelSelector | null,
    readonly filter: NodeFilter | null,
  ) {}

  /** TopologyGroup.selects: the pod's namespace is one of the group's and the selector matches its labels. */
  selects(namespace: string, labels: Readonly<Record<string, string>>): boolean {
    return (this.namespaces === 'all' || this.namespaces.has(namespace)) && selectorMatches(this.selector, labels);
  }

  /** TopologyNodeFilter.Matches (a group without a filter matches every node). */
  nodeMatches(taints: readonly Taint[], reqs: Requirements): boolean {
    const f = this.filter;
    if (!f) return true;
    if (f.affinityPolicy === 'Honor' && !f.sets.some((s) => reqs.isCompatible(s, true))) return false;
    if (f.taintPolicy === 'Honor' && untolerated(taints, f.tolerations)) return false;
    return true;
  }

  /**
   * TopologyGroup.Register: a domain known with no pod yet. Not kept for the hostname key: a hostname group is only
   * ever read at one hostname, the NodeClaim's or the node's own (`single` below; domainMinCount's minimum is 0 and the
   * unsatisfied message lists no hostname counts), where an unregistered hostname counts 0 as a registered one does —
   * so Karpenter's registration of every node's and NodeClaim's hostname in every hostname group (NewExistingNode,
   * Topology.Register) decides nothing here, and would cost nodes × groups per scheduling simulation.
   */
  register(domain: string): void {
    if (this.key === LABEL_HOSTNAME) return;
    if (!this.domains.has(domain)) {
      this.domains.set(domain, 0);
      this.emptyDomains.add(domain);
    }
  }

  record(domain: string): void {
    this.domains.set(domain, (this.domains.get(domain) ?? 0) + 1);
    this.emptyDomains.delete(domain);
  }

  /** The domains the pod may go to (TopologyGroup.Get); an empty In set means none. */
  next(self: boolean, podDomains: Requirement, nodeDomains: Requirement): string[] {
    switch (this.type) {
      case 'spread':
        return this.nextSpread(self, podDomains, nodeDomains);
      case 'affinity':
        return this.nextAffinity(self, podDomains, nodeDomains);
      default:
        return this.nextAntiAffinity(podDomains, nodeDomains);
    }
  }

  private single(nodeDomains: Requirement): string | null {
    return this.key === LABEL_HOSTNAME && !nodeDomains.complement && nodeDomains.values.size === 1
      ? nodeDomains.values.values().next().value!
      : null;
  }

  /** topologygroup.go domainMinCount. */
  private minCount(podDomains: Requirement): number {
    if (this.key === LABEL_HOSTNAME) return 0;
    let min = Infinity;
    let n = 0;
    for (const [d, c] of this.domains) {
      if (!podDomains.has(d)) continue;
      n++;
      if (c < min) min = c;
    }
    if (this.minDomains !== undefined && n < this.minDomains) return 0;
    return min;
  }

  /** topologygroup.go nextDomainTopologySpread: one domain, the least loaded within maxSkew. */
  private nextSpread(self: boolean, podDomains: Requirement, nodeDomains: Requirement): string[] {
    const add = self ? 1 : 0;
    const h = this.single(nodeDomains);
    if (h !== null) return (this.domains.get(h) ?? 0) + add <= this.maxSkew ? [h] : [];
    const min = this.minCount(podDomains);
    const candidates =
      nodeDomains.operator() === 'In'
        ? [...nodeDomains.values].filter((d) => this.domains.has(d))
        : [...this.domains.keys()].filter((d) => podDomains.has(d) && nodeDomains.has(d));
    let best: string | null = null;
    let bestCount = Infinity;
    for (const d of candidates.sort()) {
      const c = this.domains.get(d)! + add;
      if (c - min <= this.maxSkew && c < bestCount) {
        best = d;
        bestCount = c;
      }
    }
    return best === null ? [] : [best];
  }

  /** topologygroup.go nextDomainAffinity, with the bootstrap of a self-selecting pod. */
  private nextAffinity(self: boolean, podDomains: Requirement, nodeDomains: Requirement): string[] {
    const anyCompatible = [...this.domains].some(([d, c]) => c > 0 && podDomains.has(d));
    const bootstrap = self && (this.domains.size === this.emptyDomains.size || !anyCompatible);
    const h = this.single(nodeDomains);
    if (h !== null) {
      if (!podDomains.has(h)) return [];
      if ((this.domains.get(h) ?? 0) > 0 || bootstrap) return [h];
      return [];
    }
    const sorted = [...this.domains.keys()].sort();
    const opts = sorted.filter((d) => podDomains.has(d) && nodeDomains.has(d) && this.domains.get(d)! > 0);
    if (opts.length || !bootstrap) return opts;
    const first = sorted.find((d) => podDomains.has(d) && nodeDomains.has(d));
    return first === undefined ? [] : [first];
  }

  /** topologygroup.go nextDomainAntiAffinity: every domain that holds no selected pod. */
  private nextAntiAffinity(podDomains: Requirement, nodeDomains: Requirement): string[] {
    const h = this.single(nodeDomains);
    if (h !== null) return (this.domains.get(h) ?? 0) === 0 ? [h] : [];
    return [...this.emptyDomains].filter((d) => nodeDomains.has(d) && podDomains.has(d)).sort();
  }
}

/** A group's hash (TopologyGroup.Hash) and a maker of the group, which depend only on the term, the pod and its type. */
export interface GroupSpec {
  hash: string;
  make(): TopologyGroup;
  /** What the group selects pods by (TopologyGroup.selects). */
  namespaces: ReadonlySet<string> | 'all';
  selector: LabelSelector | null;
  /** The term's namespace selector has labels and is read as every namespace (for the assumptions). */
  namespacesApproximated: boolean;
}

/**
 * groupFor's specs, per term, pod and type with namespace: a workload's pods share their template, and every scheduling
 * simulation of a run (each consolidation trial) makes the groups of the same terms again.
 */
const SPECS = new WeakMap<object, WeakMap<object, Map<string, GroupSpec>>>();

export function groupSpec(
  g: PodGroup,
  type: TopologyType,
  term: TopologySpreadConstraint | PodAffinityTerm,
): GroupSpec {
  let byPod = SPECS.get(term);
  if (!byPod) SPECS.set(term, (byPod = new WeakMap()));
  let byKey = byPod.get(g.pod);
  if (!byKey) byPod.set(g.pod, (byKey = new Map()));
  const k = `${type}\0${g.namespace}`;
  let spec = byKey.get(k);
  if (!spec) byKey.set(k, (spec = newGroupSpec(g, type, term)));
  return spec;
}

function newGroupSpec(g: PodGroup, type: TopologyType, term: TopologySpreadConstraint | PodAffinityTerm): GroupSpec {
  let make: () => TopologyGroup;
  let namespacesApproximated = false;
  if (type === 'spread') {
    const c = term as TopologySpreadConstraint;
    // matchLabelKeys: `key In [pod's value]` for each key the pod has (topology.go newForTopologies).
    const selector = c.selector
      ? {
          matchLabels: c.selector.matchLabels,
          matchExpressions: [
            ...c.selector.matchExpressions,
            ...c.matchLabelKeys
              .filter((k) => Object.hasOwn(g.pod.constraints.labels, k))
              .map((k) => ({ key: k, operator: 'In' as const, values: [g.pod.constraints.labels[k]] })),
          ],
        }
      : null;
    const filter: NodeFilter = {
      sets: nodeSelectorAlternatives(g.pod),
      taintPolicy: c.nodeTaintsPolicy,
      affinityPolicy: c.nodeAffinityPolicy,
      tolerations: g.pod.tolerations,
    };
    const ns = new Set([g.namespace]);
    make = () => new TopologyGroup(c.topologyKey, 'spread', c.maxSkew, c.minDomains, ns, selector, filter);
  } else {
    const a = term as PodAffinityTerm;
    namespacesApproximated = a.namespaceSelectorApproximated;
    const ns = a.namespaces === 'all' ? 'all' : new Set(a.namespaces.length ? a.namespaces : [g.namespace]);
    make = () => new TopologyGroup(a.topologyKey, type, Number.MAX_SAFE_INTEGER, undefined, ns, a.selector, null);
  }
  const tg = make();
  const hash = JSON.stringify([
    tg.key,
    tg.type,
    tg.namespaces === 'all' ? 'all' : [...tg.namespaces].sort(),
    tg.maxSkew,
    tg.filter ? filterKey(tg.filter) : null,
    selectorKey(tg.selector),
  ]);
  return { hash, make, namespaces: tg.namespaces, selector: tg.selector, namespacesApproximated };
}

/** What a node filter's verdict depends on. */
export function filterKey(f: NodeFilter): string {
  return JSON.stringify([f.sets.map((s) => s.toString()), f.taintPolicy, f.affinityPolicy, f.tolerations]);
}
