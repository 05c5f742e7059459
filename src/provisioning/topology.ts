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
import { LABEL_HOSTNAME } from '../api/labels.js';
import { selectorMatches, type PodAffinityTerm, type TopologySpreadConstraint } from '../api/pod-constraints.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { untolerated } from '../scheduling/taints.js';
import type { PodGroup, Template } from './types.js';
import type { PodState } from './preferences.js';
import { ClusterPods, type ClusterNodes, type SpecEntry } from './topology-cluster.js';
import { groupSpec, type GroupSpec, type TopologyGroup, type TopologyType } from './topologygroup.js';

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
    for (const { spec, entries } of cluster.pods.inverseSpecsFor(groups)) {
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
    if (into === this.groups) this.countDomains(tg, hash);
    into.set(hash, tg);
    return tg;
  }

  /**
   * topology.go countDomains: the existing nodes' domains (nodes with a Node object that pass the group's node filter)
   * and the bound pods the group selects, counted in their node's domain (for the hostname key, the node's name when
   * it has no hostname label) when the node passes the filter. The cluster reads them once per group hash
   * (ClusterPods.domainCounts); a trial leaves out its absent nodes.
   */
  private countDomains(tg: TopologyGroup, hash: string): void {
    const { pods: cluster, absent } = this.cluster;
    const { registered, recorded } = cluster.domainCounts(tg, hash);
    for (const { node, domain } of registered) if (!absent(node)) tg.register(domain);
    for (const { node, domain } of recorded) if (!absent(node)) tg.record(domain);
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
