/**
 * The existing nodes and the pods bound to them as a Topology reads them (karpenter
 * pkg/controllers/provisioning/scheduling/topology.go countDomains, updateInverseAffinities; cluster state's
 * ForPodsWithAntiAffinity): made once per set of existing nodes and shared by every scheduling simulation on them (each
 * consolidation trial).
 */
import { LABEL_HOSTNAME } from '../api/labels.js';
import type { LabelSelector } from '../api/pod-constraints.js';
import { Requirements } from '../scheduling/requirements.js';
import { RequirementIndex } from '../scheduling/requirement-index.js';
import type { BoundPod, ExistingNodeInput, PodGroup } from './types.js';
import { filterKey, groupSpec, type GroupSpec, type TopologyGroup } from './topologygroup.js';

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
 * for the nodes of a cluster and shared by the topologies of every scheduling simulation on it; pods bound to its nodes
 * later (a kept consolidation command) are taken in where a fresh read would have them (`bound`).
 */
export class ClusterPods {
  private index: RequirementIndex | null = null;
  private byNamespace: Map<string, { node: number; pod: BoundPod }[]> | null = null;
  private every: { node: number; pod: BoundPod }[] = [];
  private withAntiAffinity: AntiAffineEntry[] | null = null;
  private bySpec: { spec: GroupSpec; entries: SpecEntry[] }[] | null = null;
  private specIndex: SpecIndex | null = null;
  private readonly verdicts = new Map<string, Passing>();
  private readonly counts = new Map<string, CountedGroup>();
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

  /**
   * What countDomains reads of the cluster for a group (its hash names its key, namespaces, selector and node filter):
   * the domains of the nodes with a Node object its filter passes (not for the hostname key, whose domains are never
   * registered), then the domains of the bound pods it selects on nodes it passes (a node without a hostname label
   * counts under its name), each with its node's position.
   */
  domainCounts(tg: TopologyGroup, hash: string): DomainCounts {
    // Read once per hash; a pod bound later is recorded in place (bound), as a fresh read would record it: counts do
    // not depend on the order they are made in.
    const known = this.counts.get(hash);
    if (known) return known;
    const passes = this.passing(tg);
    const registered: { node: number; domain: string }[] = [];
    const recorded: { node: number; domain: string }[] = [];
    if (tg.key !== LABEL_HOSTNAME)
      for (const node of passes.positions) {
        const n = this.inputs[node];
        const domain = n.labels[tg.key];
        if (n.hasNode && domain !== undefined) registered.push({ node, domain });
      }
    const counts: CountedGroup = { tg, passes, registered, recorded };
    for (const { node, pod } of this.podsIn(tg.namespaces)) counted(counts, this.inputs[node], node, pod);
    this.counts.set(hash, counts);
    return counts;
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
   * The inverse specs (inverseSpecs, in that order) whose selector may select one of `groups`' pods, and those whose
   * namespace selector is approximated (a Topology says so whether or not it reads them): the others cannot be read
   * for these pods. A selector that requires a label value (matchLabels, or an `In` expression) is looked up by the
   * pods' labels; any other selector is always returned, and the Topology decides as before.
   */
  inverseSpecsFor(groups: readonly PodGroup[]): readonly { spec: GroupSpec; entries: readonly SpecEntry[] }[] {
    const specs = this.inverseSpecs();
    if (!this.specIndex) {
      const byLabel = new Map<string, number[]>();
      const always: number[] = [];
      specs.forEach(({ spec }, i) => {
        const values = requiredLabels(spec.selector);
        if (values === null || spec.namespacesApproximated) always.push(i);
        for (const v of values ?? []) {
          const l = byLabel.get(v);
          if (l) l.push(i);
          else byLabel.set(v, [i]);
        }
      });
      this.specIndex = { byLabel, always };
    }
    const { byLabel, always } = this.specIndex;
    const positions = new Set(always);
    for (const g of groups)
      for (const [k, v] of Object.entries(g.pod.constraints.labels))
        for (const i of byLabel.get(labelEntry(k, v)) ?? []) positions.add(i);
    if (positions.size === specs.length) return specs;
    return [...positions].sort((a, b) => a - b).map((i) => specs[i]);
  }

  /**
   * `pods`, just bound to the node at `node` (appended to its input's pods), taken into the lists made so far where a
   * list made anew would hold them (after the node's other pods), and recorded in the groups' counts that select them.
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
    for (const c of this.counts.values()) for (const pod of pods) counted(c, this.inputs[node], node, pod);
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
        this.specIndex = null;
      }
    }
  }
}

/** ClusterPods.domainCounts: the registrations and the records of one group, each at its node's position. */
interface DomainCounts {
  registered: readonly { node: number; domain: string }[];
  recorded: readonly { node: number; domain: string }[];
}

/** A group's counts as ClusterPods keeps them: with the group and the nodes its filter passes, to record new pods. */
interface CountedGroup extends DomainCounts {
  tg: TopologyGroup;
  passes: Passing;
  recorded: { node: number; domain: string }[];
}

/** Records `pod` on the node at `node` in the group's counts when the node passes its filter and the group selects it. */
function counted(c: CountedGroup, n: ExistingNodeInput, node: number, pod: BoundPod): void {
  if (!c.passes.has(node)) return;
  const domain = n.labels[c.tg.key] ?? (c.tg.key === LABEL_HOSTNAME ? n.name : undefined);
  if (domain !== undefined && c.tg.selects(pod.namespace, pod.pod.constraints.labels))
    c.recorded.push({ node, domain });
}

/** Inverse specs by a label value their selector requires (labelEntry), and those looked at for every pod. */
interface SpecIndex {
  byLabel: Map<string, number[]>;
  always: number[];
}

function labelEntry(key: string, value: string): string {
  return `${key}\u0000${value}`;
}

/**
 * The label values (labelEntry) one of which a pod's labels must hold for the selector to match it: a matchLabels
 * entry, else the values of an `In` expression. An empty list for a selector that matches nothing (null); null when
 * no label value is required (the selector is tried on every pod).
 */
function requiredLabels(s: LabelSelector | null): string[] | null {
  if (!s) return [];
  const label = Object.entries(s.matchLabels)[0];
  if (label) return [labelEntry(label[0], label[1])];
  const among = s.matchExpressions.find((e) => e.operator === 'In');
  return among ? among.values.map((v) => labelEntry(among.key, v)) : null;
}

/** An existing pod with a required anti-affinity term. */
interface AntiAffineEntry {
  node: number;
  pod: BoundPod;
}

/** A pod with a spec among its terms: the pod's position among the anti-affine pods, and the term's among its terms. */
export interface SpecEntry {
  entry: AntiAffineEntry;
  pod: number;
  term: number;
}

function everyNode(size: number): Passing {
  return { positions: Array.from({ length: size }, (_, i) => i), has: (i) => i >= 0 && i < size };
}
