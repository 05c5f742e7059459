/**
 * Pod-to-pod constraints in the provisioning scheduler (karpenter pkg/controllers/provisioning/scheduling/topology.go,
 * topologygroup.go, topologynodefilter.go, topologydomaingroup.go).
 *
 * - Groups (Topology.Update, newForTopologies, newForAffinities): one per topology spread constraint, required pod
 *   (anti-)affinity term and — until relaxation removes it — preferred term, shared by every pod whose constraint hashes
 *   the same (TopologyGroup.Hash: key, type, namespaces, maxSkew, node filter, selector; minDomains is not part of it,
 *   so the first pod's value wins). Under PreferencePolicy=Ignore, ScheduleAnyway constraints and preferred terms make
 *   no group. Required anti-affinity terms also make an "inverse" group counting where their owners are, which keeps
 *   pods the term selects away from them.
 * - Domains (buildDomainGroups): for each key, the values that NodePool requirements ∩ instance-type requirements
 *   (zones from offerings) and NodePool labels allow, filtered by the creating pod's tolerations unless the group's
 *   taint policy is Ignore (TopologyDomainGroup.ForEachDomain). Hostnames, which Karpenter registers as NodeClaims
 *   and ExistingNodes are made (Topology.Register), are not kept: a hostname group is read only at one hostname, where
 *   an unregistered one counts 0 (TopologyGroup.register).
 * - Choice (AddRequirements): spread takes the one least-loaded domain within maxSkew of the minimum over the pod's
 *   own domains (nextDomainTopologySpread, domainMinCount: hostname's minimum is 0, and below minDomains eligible
 *   domains it is 0); affinity the domains that already hold a selected pod, or for a self-selecting pod the first
 *   domain (nextDomainAffinity); anti-affinity every domain that holds none (nextDomainAntiAffinity).
 * - Counting (Topology.Record): a placed pod counts in every group that selects it and whose node filter matches; for
 *   spread and affinity only once its NodeClaim's domain is a single value, for anti-affinity in every domain it could
 *   still be in.
 *
 * - The cluster (NewTopology, countDomains, updateInverseAffinities): with existing nodes, each group's domains also
 *   come from the nodes' labels (nodes with a Node object that pass the group's node filter), the pods bound to them
 *   are counted in every group that selects them, and their required anti-affinity terms make inverse groups that
 *   hold their nodes' domains. The cluster is read through ClusterPods, made once per set of existing nodes and shared
 *   by every scheduling simulation on them (each consolidation trial): nodes by their labels' values, pods by
 *   namespace, so a group looks only at the nodes its filter may pass and the pods of its namespaces.
 *
 * Not modelled, and said so in the assumptions: pods on nodes outside the fleet given; label-based namespace selectors
 * (read as every namespace).
 */
import type { Taint } from '../api/validation.js';
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
import { RequirementIndex } from '../scheduling/requirement-index.js';
import type { BoundPod, ExistingNodeInput, PodGroup, Template } from './types.js';
import { nodeSelectorAlternatives, type PodState } from './preferences.js';

export type TopologyType = 'spread' | 'affinity' | 'antiAffinity';

/** topologynodefilter.go TopologyNodeFilter: which nodes a spread constraint counts. */
interface NodeFilter {
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

/** What AddRequirements returns: the topology requirements to add, or the group that cannot be satisfied. */
export type TopologyResult = { ok: true; reqs: Requirements | null } | { ok: false; error: string };

interface Owned {
  group: TopologyGroup;
  /** The term that made the group: relaxation removes ownership when it removes the term. */
  term: TopologySpreadConstraint | PodAffinityTerm;
  required: boolean;
}

export class Topology {
  private readonly groups = new Map<string, TopologyGroup>();
  private readonly inverse = new Map<string, TopologyGroup>();
  private readonly owned = new Map<string, Owned[]>();
  private readonly inverseOwned = new Map<string, TopologyGroup[]>();
  private readonly selecting = new Map<string, TopologyGroup[]>();
  private readonly inverseSelecting = new Map<string, TopologyGroup[]>();
  /** Whether some namespace selector with labels was read as every namespace (for the assumptions). */
  namespaceSelectorsApproximated = false;

  /**
   * Null when no pod has a pod-to-pod constraint and no existing pod has a required anti-affinity (nothing to track).
   * `existing` makes the cluster's nodes and the pods bound to them (existingnode.ts) when needed.
   */
  static build(
    templates: Template[],
    groups: PodGroup[],
    policy: 'Respect' | 'Ignore',
    existing: () => ClusterNodes = () => ({ pods: new ClusterPods([]), absent: () => false }),
  ): Topology | null {
    const cluster = existing();
    if (
      !groups.some((g) => termsOf(g, policy).length > 0) &&
      !cluster.pods.antiAffine().some((e) => !cluster.absent(e.node))
    )
      return null;
    return new Topology(templates, groups, policy, cluster);
  }

  private constructor(
    private readonly templates: Template[],
    groups: PodGroup[],
    policy: 'Respect' | 'Ignore',
    private readonly cluster: ClusterNodes,
  ) {
    // topology.go updateInverseAffinities (before any pending pod's Update): every existing pod's required
    // anti-affinity terms make inverse groups, which record the domain of the node the pod is on.
    // An inverse group that selects none of the pods to schedule is never read (AddRequirements reads the inverse
    // groups that select the pod; Record only writes): an existing pod's term makes its group only when one of them
    // may be selected.
    const pendingIn = new Map<string, PodGroup[]>();
    for (const g of groups) {
      const l = pendingIn.get(g.namespace);
      if (l) l.push(g);
      else pendingIn.set(g.namespace, [g]);
    }
    const read = new Map<GroupSpec, boolean>();
    const readable = (spec: GroupSpec): boolean => {
      let r = read.get(spec);
      if (r === undefined) {
        const selects = (gs: readonly PodGroup[] | undefined) =>
          !!gs && gs.some((g) => selectorMatches(spec.selector, g.pod.constraints.labels));
        if (spec.namespaces === 'all') r = selects(groups);
        else {
          r = false;
          for (const ns of spec.namespaces) if ((r = selects(pendingIn.get(ns)))) break;
        }
        read.set(spec, r);
      }
      return r;
    };
    // The terms are read spec by spec (a workload's replicas share theirs); a spec's group is made at its first term
    // on a node present, in the order the pods' terms come, as reading every pod in turn makes them.
    const made: { spec: GroupSpec; present: SpecEntry[] }[] = [];
    for (const { spec, entries } of cluster.pods.inverseSpecs()) {
      const read = readable(spec);
      if (!read && !spec.namespacesApproximated) continue;
      const present = entries.filter((x) => !cluster.absent(x.entry.node));
      if (!present.length) continue;
      // A namespace selector read as every namespace is said so whether or not the group is made.
      if (spec.namespacesApproximated) this.namespaceSelectorsApproximated = true;
      if (read) made.push({ spec, present });
    }
    made.sort((a, b) => a.present[0].pod - b.present[0].pod || a.present[0].term - b.present[0].term);
    for (const { spec, present } of made) {
      const { entry } = present[0];
      const owner: PodGroup = {
        key: `existing#${entry.node}`,
        namespace: entry.pod.namespace,
        pod: entry.pod.pod,
        count: 1,
        order: -1,
      };
      const tg = this.groupOf(owner, spec, this.inverse);
      for (const { entry: e } of present) {
        const d = cluster.pods.inputs[e.node].labels[tg.key];
        if (d !== undefined) tg.record(d);
      }
    }
    for (const g of groups) {
      const owned: Owned[] = [];
      for (const t of termsOf(g, policy)) owned.push({ ...t, group: this.groupFor(g, t, this.groups) });
      this.owned.set(g.key, owned);
      // Inverse anti-affinity: only required terms (topology.go updateInverseAntiAffinity).
      const inv = g.pod.constraints.antiAffinity.map((term) =>
        this.groupFor(g, { type: 'antiAffinity', term, required: true }, this.inverse),
      );
      this.inverseOwned.set(g.key, inv);
    }
    const groupsIn = byNamespace(this.groups);
    const inverseIn = byNamespace(this.inverse);
    for (const g of groups) {
      const { labels } = g.pod.constraints;
      this.selecting.set(
        g.key,
        groupsIn(g.namespace).filter((x) => x.selects(g.namespace, labels)),
      );
      this.inverseSelecting.set(
        g.key,
        inverseIn(g.namespace).filter((x) => x.selects(g.namespace, labels)),
      );
    }
  }

  /** Whether the pod group owns a spread or affinity group: domains it may use change as other pods are placed. */
  changeable(g: PodGroup): boolean {
    return (this.owned.get(g.key) ?? []).some((o) => o.group.type !== 'antiAffinity');
  }

  /** Whether the pod group's placement depends on other pods (it owns a group, or an inverse group selects it). */
  involved(g: PodGroup): boolean {
    return (this.owned.get(g.key)?.length ?? 0) > 0 || (this.inverseSelecting.get(g.key)?.length ?? 0) > 0;
  }

  private groupFor(
    g: PodGroup,
    t: { type: TopologyType; term: TopologySpreadConstraint | PodAffinityTerm; required: boolean },
    into: Map<string, TopologyGroup>,
  ): TopologyGroup {
    const spec = groupSpec(g, t.type, t.term);
    if (spec.namespacesApproximated) this.namespaceSelectorsApproximated = true;
    return this.groupOf(g, spec, into);
  }

  /** The group of a spec in `into`, made (its domains seeded and, for a pod's own groups, counted) when first asked. */
  private groupOf(g: PodGroup, spec: GroupSpec, into: Map<string, TopologyGroup>): TopologyGroup {
    const hash = spec.hash;
    const known = into.get(hash);
    if (known) return known;
    const tg = spec.make();
    // Seed the domains (TopologyDomainGroup.ForEachDomain): affinity groups have no filter and honour taints.
    const honourTaints = tg.filter ? tg.filter.taintPolicy === 'Honor' : true;
    for (const [domain, taintSets] of this.domainsOf(tg.key)) {
      if (!honourTaints || taintSets.some((ts) => !untolerated(ts, g.pod.tolerations))) tg.register(domain);
    }
    if (into === this.groups) this.countDomains(tg);
    into.set(hash, tg);
    return tg;
  }

  /**
   * topology.go countDomains: the existing nodes' domains (nodes with a Node object that pass the group's node filter)
   * and the bound pods the group selects, counted in their node's domain (for the hostname key, the node's name when
   * it has no hostname label) when the node passes the filter. Counts and registrations do not depend on the order
   * they are made in, so the nodes are read through the cluster's index and the pods by namespace.
   */
  private countDomains(tg: TopologyGroup): void {
    const { pods: cluster, absent } = this.cluster;
    const passes = cluster.passing(tg);
    if (tg.key !== LABEL_HOSTNAME)
      for (const i of passes.positions) {
        if (absent(i)) continue;
        const n = cluster.inputs[i];
        const d = n.labels[tg.key];
        if (n.hasNode && d !== undefined) tg.register(d);
      }
    for (const { node, pod } of cluster.podsIn(tg.namespaces)) {
      if (!passes.has(node) || absent(node)) continue;
      const n = cluster.inputs[node];
      const domain = n.labels[tg.key] ?? (tg.key === LABEL_HOSTNAME ? n.name : undefined);
      if (domain !== undefined && tg.selects(pod.namespace, pod.pod.constraints.labels)) tg.record(domain);
    }
  }

  /** buildDomainGroups: each key's domains with the taint sets of the NodePools that can produce them. */
  private domainsOf(key: string): Map<string, Taint[][]> {
    let universe = UNIVERSES.get(this.templates);
    if (!universe) UNIVERSES.set(this.templates, (universe = new Map()));
    let m = universe.get(key);
    if (m) return m;
    m = new Map();
    const insert = (d: string, taints: Taint[]) => {
      const sets = m!.get(d);
      if (!sets || taints.length === 0) m!.set(d, [taints]);
      else if (sets[0].length > 0) sets.push(taints);
    };
    if (key !== LABEL_HOSTNAME) {
      for (const t of this.templates) {
        const tr = t.requirements.get(key);
        const seen = new Set<string>();
        for (const it of t.instanceTypes) {
          const r = tr.intersection(it.requirements.get(key));
          if (r.complement) continue;
          for (const v of r.values) if (!seen.has(v)) seen.add(v);
        }
        if (t.requirements.has(key) && tr.operator() === 'In') for (const v of tr.values) seen.add(v);
        for (const v of seen) insert(v, t.taints);
      }
    }
    universe.set(key, m);
    return m;
  }

  /** The groups a pod in state `st` owns: required terms always, preferred ones until relaxed away. */
  private ownedAt(g: PodGroup, st: PodState): TopologyGroup[] {
    const owned = this.owned.get(g.key) ?? [];
    if (!owned.length) return [];
    const remaining = new Set<object>([
      ...st.spreadAnyway,
      ...st.preferredAffinity.map((w) => w.term),
      ...st.preferredAntiAffinity.map((w) => w.term),
    ]);
    return owned.filter((o) => o.required || remaining.has(o.term)).map((o) => o.group);
  }

  /**
   * Topology.AddRequirements: the requirements the pod's groups add to a NodeClaim with requirements `nodeReqs`
   * (already narrowed by the pod's) and the given hostname; `podReqs` are the pod's strict requirements.
   */
  addRequirements(
    g: PodGroup,
    st: PodState,
    taints: readonly Taint[],
    podReqs: Requirements,
    nodeReqs: Requirements,
    hostname: string,
  ): TopologyResult {
    const { labels } = g.pod.constraints;
    const groups = [
      ...this.ownedAt(g, st),
      ...(this.inverseSelecting.get(g.key) ?? []).filter((x) => x.nodeMatches(taints, nodeReqs)),
    ];
    if (!groups.length) return { ok: true, reqs: null };
    const out = new Requirements();
    for (const tg of groups) {
      const podDomains = podReqs.get(tg.key);
      const nodeDomains =
        tg.key === LABEL_HOSTNAME ? Requirement.of(LABEL_HOSTNAME, 'In', [hostname]) : nodeReqs.get(tg.key);
      const domains = tg.next(tg.selects(g.namespace, labels), podDomains, nodeDomains);
      if (!domains.length) return { ok: false, error: describeUnsatisfied(tg) };
      if (tg.key === LABEL_HOSTNAME) continue; // the NodeClaim is its own hostname
      out.add(Requirement.of(tg.key, 'In', domains));
      if (out.get(tg.key).isEmpty()) return { ok: false, error: describeUnsatisfied(tg) };
    }
    return { ok: true, reqs: out };
  }

  /** Topology.Record: a pod of `g` was placed on a NodeClaim with these taints, requirements and hostname. */
  record(g: PodGroup, taints: readonly Taint[], reqs: Requirements, hostname: string): void {
    const domainsOf = (key: string): Requirement =>
      key === LABEL_HOSTNAME ? Requirement.of(LABEL_HOSTNAME, 'In', [hostname]) : reqs.get(key);
    for (const tg of this.selecting.get(g.key) ?? []) {
      if (!tg.nodeMatches(taints, reqs)) continue;
      const r = domainsOf(tg.key);
      if (r.complement) continue;
      if (tg.type === 'antiAffinity') for (const d of r.values) tg.record(d);
      else if (r.values.size === 1) tg.record(r.values.values().next().value!);
    }
    for (const tg of this.inverseOwned.get(g.key) ?? []) {
      const r = domainsOf(tg.key);
      if (!r.complement) for (const d of r.values) tg.record(d);
    }
  }
}

/**
 * The groups of `groups` whose namespaces hold a namespace (those of every namespace included), in their order: the
 * only ones that can select a pod of it (TopologyGroup.selects).
 */
function byNamespace(groups: ReadonlyMap<string, TopologyGroup>): (namespace: string) => TopologyGroup[] {
  const every: TopologyGroup[] = [];
  const order = new Map<TopologyGroup, number>();
  const lists = new Map<string, TopologyGroup[]>();
  for (const tg of groups.values()) {
    order.set(tg, order.size);
    if (tg.namespaces === 'all') every.push(tg);
    else
      for (const ns of tg.namespaces) {
        const l = lists.get(ns);
        if (l) l.push(tg);
        else lists.set(ns, [tg]);
      }
  }
  return (namespace) => {
    const own = lists.get(namespace) ?? [];
    if (!every.length) return own;
    return [...own, ...every].sort((a, b) => order.get(a)! - order.get(b)!);
  };
}

/**
 * buildDomainGroups' result per list of templates and key: every scheduling simulation on the same templates (each
 * consolidation trial of a state) has the same domains. Never changed once made.
 */
const UNIVERSES = new WeakMap<readonly Template[], Map<string, Map<string, Taint[][]>>>();

/** A group's hash (TopologyGroup.Hash) and a maker of the group, which depend only on the term, the pod and its type. */
interface GroupSpec {
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

function groupSpec(g: PodGroup, type: TopologyType, term: TopologySpreadConstraint | PodAffinityTerm): GroupSpec {
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

/** The nodes a group's node filter passes: their positions (ascending) and a membership test. */
interface Passing {
  positions: readonly number[];
  has(node: number): boolean;
}

/**
 * The existing nodes a Topology counts: the nodes of a ClusterPods, less those absent (a consolidation trial's
 * candidates and the nodes its kept commands took away).
 */
export interface ClusterNodes {
  pods: ClusterPods;
  absent(node: number): boolean;
}

/**
 * The existing nodes and the pods bound to them, as a Topology reads them (updateInverseAffinities, countDomains):
 * nodes by their labels' values (a node whose label holds none of the values a filter requires fails it:
 * requirements.go Compatible ends in Intersects, as RequirementIndex relies on), each node filter's verdicts once,
 * pods by namespace, the pods with a required anti-affinity term (cluster state's ForPodsWithAntiAffinity). Made once
 * for the nodes of a cluster and shared by the topologies of every scheduling simulation on it while its pods stay.
 */
export class ClusterPods {
  private index: RequirementIndex | null = null;
  private byNamespace: Map<string, { node: number; pod: BoundPod }[]> | null = null;
  private every: { node: number; pod: BoundPod }[] = [];
  private withAntiAffinity: AntiAffineEntry[] | null = null;
  private bySpec: { spec: GroupSpec; entries: SpecEntry[] }[] | null = null;
  private readonly verdicts = new Map<string, Passing>();
  private all: Passing | null = null;

  /** The nodes, in the order the scheduler reads them. */
  constructor(readonly inputs: readonly ExistingNodeInput[]) {}

  /** The nodes `tg`'s node filter passes (TopologyNodeFilter.Matches on NewLabelRequirements of the node's labels). */
  passing(tg: TopologyGroup): Passing {
    const f = tg.filter;
    if (!f) return (this.all ??= everyNode(this.inputs.length));
    const key = filterKey(f);
    const known = this.verdicts.get(key);
    if (known) return known;
    this.index ??= new RequirementIndex(this.inputs.length, (i, k) => {
      const reqs = Requirements.ofLabels(this.inputs[i].labels);
      return reqs.has(k) ? reqs.get(k) : undefined;
    });
    // A node another set may pass is looked at too: the union of each set's candidates (every node when one set
    // requires no finite In set).
    let maybe: Set<number> | null = new Set();
    for (const s of f.affinityPolicy === 'Honor' ? f.sets : []) {
      const c = this.index.candidates(s);
      if (c === null) {
        maybe = null;
        break;
      }
      for (const i of c) maybe.add(i);
    }
    const scan = maybe === null || f.affinityPolicy !== 'Honor' ? null : [...maybe].sort((a, b) => a - b);
    const positions: number[] = [];
    const at = (i: number) => {
      const n = this.inputs[i];
      if (tg.nodeMatches(n.taints, Requirements.ofLabels(n.labels))) positions.push(i);
    };
    if (scan) for (const i of scan) at(i);
    else for (let i = 0; i < this.inputs.length; i++) at(i);
    const set = new Set(positions);
    const passing: Passing = { positions, has: (i) => set.has(i) };
    this.verdicts.set(key, passing);
    return passing;
  }

  /** The bound pods of the namespaces given (every pod for 'all'), with their node's position. */
  podsIn(namespaces: ReadonlySet<string> | 'all'): readonly { node: number; pod: BoundPod }[] {
    if (!this.byNamespace) {
      this.byNamespace = new Map();
      this.inputs.forEach((n, node) => {
        for (const pod of n.pods) {
          const entry = { node, pod };
          this.every.push(entry);
          const l = this.byNamespace!.get(pod.namespace);
          if (l) l.push(entry);
          else this.byNamespace!.set(pod.namespace, [entry]);
        }
      });
    }
    if (namespaces === 'all') return this.every;
    if (namespaces.size === 1) return this.byNamespace.get(namespaces.values().next().value!) ?? [];
    return [...namespaces].flatMap((ns) => this.byNamespace!.get(ns) ?? []);
  }

  /** The bound pods with a required anti-affinity term, in the nodes' order and each node's pods' order. */
  antiAffine(): readonly AntiAffineEntry[] {
    if (!this.withAntiAffinity) {
      this.withAntiAffinity = [];
      this.inputs.forEach((n, node) => {
        for (const pod of n.pods)
          if (pod.pod.constraints.antiAffinity.length) this.withAntiAffinity!.push({ node, pod });
      });
    }
    return this.withAntiAffinity;
  }

  /**
   * The inverse-group specs of the anti-affine pods' terms (updateInverseAffinities), each with the pods that have it
   * in their order: a workload's replicas share one spec, so a Topology decides per spec rather than per pod.
   */
  inverseSpecs(): readonly { spec: GroupSpec; entries: readonly SpecEntry[] }[] {
    if (!this.bySpec) {
      const lists = new Map<GroupSpec, SpecEntry[]>();
      this.antiAffine().forEach((entry, pod) => {
        const owner = { key: '', namespace: entry.pod.namespace, pod: entry.pod.pod, count: 1, order: -1 };
        entry.pod.pod.constraints.antiAffinity.forEach((t, term) => {
          const spec = groupSpec(owner, 'antiAffinity', t);
          const l = lists.get(spec);
          if (l) l.push({ entry, pod, term });
          else lists.set(spec, [{ entry, pod, term }]);
        });
      });
      this.bySpec = [...lists].map(([spec, entries]) => ({ spec, entries }));
    }
    return this.bySpec;
  }

  /**
   * `pods`, just bound to the node at `node` (appended to its input's pods), taken into the lists made so far where a
   * list made anew would hold them: after the node's other pods.
   */
  bound(node: number, pods: readonly BoundPod[]): void {
    const insert = <T extends { node: number }>(list: T[], entry: T) => {
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid].node <= node) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, entry);
    };
    for (const pod of pods) {
      if (this.byNamespace) {
        const entry = { node, pod };
        insert(this.every, entry);
        const l = this.byNamespace.get(pod.namespace);
        if (l) insert(l, entry);
        else this.byNamespace.set(pod.namespace, [entry]);
      }
      if (this.withAntiAffinity && pod.pod.constraints.antiAffinity.length) {
        insert(this.withAntiAffinity, { node, pod });
        this.bySpec = null; // positions moved: made anew when next read
      }
    }
  }
}

/** An existing pod with a required anti-affinity term. */
interface AntiAffineEntry {
  node: number;
  pod: BoundPod;
}

/** A pod with a spec among its terms: the pod's position among the anti-affine pods, and the term's among its terms. */
interface SpecEntry {
  entry: AntiAffineEntry;
  pod: number;
  term: number;
}

function everyNode(size: number): Passing {
  return { positions: Array.from({ length: size }, (_, i) => i), has: (i) => i >= 0 && i < size };
}

/** What a node filter's verdict depends on. */
function filterKey(f: NodeFilter): string {
  return JSON.stringify([f.sets.map((s) => s.toString()), f.taintPolicy, f.affinityPolicy, f.tolerations]);
}

/** The terms a pod group makes groups for, required first (topology.go newForTopologies, newForAffinities). */
function termsOf(
  g: PodGroup,
  policy: 'Respect' | 'Ignore',
): { type: TopologyType; term: TopologySpreadConstraint | PodAffinityTerm; required: boolean }[] {
  const c = g.pod.constraints;
  const respect = policy === 'Respect';
  return [
    ...c.spread
      .filter((s) => respect || s.whenUnsatisfiable === 'DoNotSchedule')
      .map((term) => ({ type: 'spread' as const, term, required: term.whenUnsatisfiable === 'DoNotSchedule' })),
    ...c.affinity.map((term) => ({ type: 'affinity' as const, term, required: true })),
    ...(respect ? c.preferredAffinity.map((w) => ({ type: 'affinity' as const, term: w.term, required: false })) : []),
    ...c.antiAffinity.map((term) => ({ type: 'antiAffinity' as const, term, required: true })),
    ...(respect
      ? c.preferredAntiAffinity.map((w) => ({ type: 'antiAffinity' as const, term: w.term, required: false }))
      : []),
  ];
}

function describeUnsatisfied(tg: TopologyGroup): string {
  const what =
    tg.type === 'spread'
      ? `topology spread (maxSkew ${tg.maxSkew}${tg.minDomains !== undefined ? `, minDomains ${tg.minDomains}` : ''})`
      : tg.type === 'affinity'
        ? 'pod affinity'
        : 'pod anti-affinity';
  const counts =
    tg.key === LABEL_HOSTNAME
      ? ''
      : ` (pods per domain: ${
          [...tg.domains]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([d, c]) => `${d}=${c}`)
            .join(', ') || 'no domain'
        })`;
  return `unsatisfiable topology constraint for ${what}, key=${tg.key}${counts}`;
}
