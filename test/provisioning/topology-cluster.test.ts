/**
 * How a Topology reads the cluster (provisioning/topology-cluster.ts ClusterPods; karpenter
 * pkg/controllers/provisioning/scheduling/topology.go countDomains, updateInverseAffinities): the nodes a group's node
 * filter passes are found through an index of the nodes' label values, and must be exactly those that
 * TopologyNodeFilter.Matches passes when every node is read (topologynodefilter.go: one of the filter's requirement
 * sets compatible with NewLabelRequirements(node labels), its taints tolerated under nodeTaintsPolicy Honor). The cluster
 * is made once per set of nodes and made anew when pods are bound to them (a kept consolidation command).
 */
import fc from 'fast-check';
import { ExistingNode, ExistingNodeIndex, ExistingNodes } from '../../src/provisioning/existingnode.js';
import { Topology } from '../../src/provisioning/topology.js';
import { ClusterPods } from '../../src/provisioning/topology-cluster.js';
import { TopologyGroup } from '../../src/provisioning/topologygroup.js';
import type { BoundPod, ExistingNodeInput } from '../../src/provisioning/types.js';
import { boundPod, existingNode } from '../support/cluster.js';
import { Requirement, Requirements } from '../../src/scheduling/requirements.js';
import type { Taint } from '../../src/api/validation.js';

const node = (name: string, labels: Record<string, string>, taints: Taint[] = [], pods: BoundPod[] = []) =>
  existingNode(name, labels, { taints, pods });
const bound = (namespace: string, labels: Record<string, string>) => boundPod(namespace, labels);
const boundWith = boundPod;

const spread = (
  sets: Requirements[],
  taintPolicy: 'Honor' | 'Ignore' = 'Ignore',
  affinity: 'Honor' | 'Ignore' = 'Honor',
) =>
  new TopologyGroup('topology.kubernetes.io/zone', 'spread', 1, undefined, new Set(['default']), null, {
    sets,
    taintPolicy,
    affinityPolicy: affinity,
    tolerations: [],
  });

/** TopologyNodeFilter.Matches over every node, in order: what the index must give. */
function everyNodeRead(tg: TopologyGroup, nodes: readonly ExistingNodeInput[]): number[] {
  return nodes.flatMap((n, i) => (tg.nodeMatches(n.taints, Requirements.fromLabels(n.labels)) ? [i] : []));
}

describe('ClusterPods: the nodes a group counts', () => {
  const nodes = [
    node('a1', { team: 'a', 'topology.kubernetes.io/zone': 'us-east-1a' }),
    node('b1', { team: 'b', 'topology.kubernetes.io/zone': 'us-east-1b' }),
    node('none', { 'topology.kubernetes.io/zone': 'us-east-1c' }), // no team label: `team In [a]` fails on it
    node('a2', { team: 'a', 'topology.kubernetes.io/zone': 'us-east-1c' }, [
      { key: 'dedicated', value: 'x', effect: 'NoSchedule' },
    ]),
  ];
  const cluster = new ClusterPods(nodes);
  const teamA = new Requirements([Requirement.of('team', 'In', ['a'])]);
  const teamB = new Requirements([Requirement.of('team', 'In', ['b'])]);

  test('`team In [a]`: a1 and a2 (the node without the label is not compatible: requirements.go Compatible)', () => {
    const tg = spread([teamA]);
    expect(cluster.passing(tg).positions).toEqual([0, 3]);
    expect(everyNodeRead(tg, nodes)).toEqual([0, 3]);
  });

  test('two required terms are OR-ed: team a or team b', () => {
    expect(cluster.passing(spread([teamA, teamB])).positions).toEqual([0, 1, 3]);
  });

  test('nodeTaintsPolicy Honor leaves out a2, whose NoSchedule taint the pod does not tolerate', () => {
    expect(cluster.passing(spread([teamA], 'Honor')).positions).toEqual([0]);
  });

  test('nodeAffinityPolicy Ignore counts every node whatever the sets require', () => {
    expect(cluster.passing(spread([teamA], 'Ignore', 'Ignore')).positions).toEqual([0, 1, 2, 3]);
  });

  test('the index gives what reading every node gives, for generated nodes and filters (300 runs)', () => {
    const value = fc.constantFrom('a', 'b', 'c');
    const labels = fc.record(
      { team: value, tier: value, 'topology.kubernetes.io/zone': fc.constantFrom('us-east-1a', 'us-east-1b') },
      { requiredKeys: [] },
    );
    const requirement = fc.oneof(
      fc.tuple(fc.constantFrom('team', 'tier'), fc.constant('In'), fc.subarray(['a', 'b', 'c'], { minLength: 1 })),
      fc.tuple(
        fc.constantFrom('team', 'tier'),
        fc.constantFrom('NotIn', 'Exists', 'DoesNotExist'),
        fc.subarray(['a', 'b']),
      ),
      fc.tuple(fc.constant('topology.kubernetes.io/zone'), fc.constant('In'), fc.constant(['us-east-1a'])),
    );
    const set = fc.array(requirement, { maxLength: 2 });
    fc.assert(
      fc.property(fc.array(labels, { maxLength: 12 }), fc.array(set, { minLength: 1, maxLength: 3 }), (ls, sets) => {
        const ns = ls.map((l, i) => node(`n${i}`, l));
        const tg = spread(
          sets.map((rs) => {
            const r = new Requirements();
            for (const [k, op, v] of rs)
              r.add(Requirement.of(k, op, op === 'Exists' || op === 'DoesNotExist' ? [] : v));
            return r;
          }),
        );
        expect(new ClusterPods(ns).passing(tg).positions).toEqual(everyNodeRead(tg, ns));
      }),
      { numRuns: 300, seed: 20261207 },
    );
  });
});

describe('ExistingNodeIndex: the cluster a Topology reads follows the pods bound to the nodes', () => {
  test('made once and kept; bind takes the new pods in where a cluster made anew holds them', () => {
    const anti =
      'affinity:\n  podAntiAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n      - { topologyKey: kubernetes.io/hostname, labelSelector: { matchLabels: { app: db } } }\n';
    const db = (ns: string) => boundWith(ns, { app: 'db' }, anti);
    const inputs = [
      node('n1', {}, [], [bound('default', { app: 'web' }), db('default')]),
      node('n2', {}, [], [db('other')]),
      node('n3', {}, [], [bound('default', { app: 'web' })]),
    ];
    const index = new ExistingNodeIndex(inputs.map((i) => new ExistingNode(i, i.capacity!, i.allocatable!, [])));
    const first = index.topologyPods();
    expect(index.topologyPods()).toBe(first);
    // The lists are made before the bind (a trial read them), then n2 receives a web pod and a db pod.
    expect(first.podsIn(new Set(['default'])).map((e) => e.node)).toEqual([0, 0, 2]);
    expect(first.antiAffine().map((e) => e.node)).toEqual([0, 1]);
    index.bind(index.nodes[1], [bound('default', { app: 'web' }), db('default')]);
    expect(index.topologyPods()).toBe(first);
    const fresh = new ClusterPods(inputs);
    const rows = (c: ClusterPods) => ({
      default: c.podsIn(new Set(['default'])).map((e) => [e.node, e.pod]),
      all: c.podsIn('all').map((e) => [e.node, e.pod]),
      anti: c.antiAffine().map((e) => [e.node, e.pod]),
    });
    expect(rows(first)).toEqual(rows(fresh));
    expect(rows(first).default.map(([n]) => n)).toEqual([0, 0, 1, 1, 2]);
    expect(rows(first).anti.map(([n]) => n)).toEqual([0, 1, 1]);
  });

  test('a trial without some nodes counts them as absent', () => {
    const inputs = [node('n1', {}), node('n2', {})];
    const index = new ExistingNodeIndex(inputs.map((i) => new ExistingNode(i, i.capacity!, i.allocatable!, [])));
    const trial = new ExistingNodes(index, new Set([index.nodes[0]])).topologyCluster();
    expect([trial.absent(0), trial.absent(1)]).toEqual([true, false]);
  });
});

describe('Topology over existing pods', () => {
  test('an existing pod whose anti-affinity namespace selector is read as every namespace is said so, even when its group selects no pod to schedule (review)', () => {
    const anti =
      'affinity:\n  podAntiAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n      - { topologyKey: kubernetes.io/hostname, labelSelector: { matchLabels: { app: db } }, namespaceSelector: { matchLabels: { team: a } } }\n';
    const inputs = [node('n1', {}, [], [boundWith('default', { app: 'db' }, anti)])];
    const topology = Topology.build([], [], 'Respect', () => ({ pods: new ClusterPods(inputs), absent: () => false }));
    expect(topology).not.toBeNull();
    expect(topology!.namespaceSelectorsApproximated).toBe(true);
  });
});

describe('ClusterPods.inverseSpecsFor: the existing pods’ anti-affinity terms a Topology reads for some pods', () => {
  const term = (selector: string) =>
    `affinity:\n  podAntiAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n      - { topologyKey: kubernetes.io/hostname, labelSelector: ${selector} }\n`;
  const selectors = [
    '{ matchLabels: { app: a } }',
    '{ matchLabels: { app: b, tier: x } }',
    '{ matchExpressions: [{ key: app, operator: In, values: [a, c] }] }',
    '{ matchExpressions: [{ key: app, operator: NotIn, values: [a] }] }',
    '{ matchExpressions: [{ key: tier, operator: Exists }] }',
    '{}',
  ];
  const pending = (labels: Record<string, string>, i: number) => ({
    key: `p${i}`,
    namespace: 'default',
    pod: boundPod('default', labels).pod,
    count: 1,
    order: i,
  });

  test('every spec whose selector matches a pending pod is returned, in inverseSpecs order (300 runs)', () => {
    const value = fc.constantFrom('a', 'b', 'c');
    const labels = fc.record({ app: value, tier: fc.constantFrom('x', 'y') }, { requiredKeys: [] });
    fc.assert(
      fc.property(
        fc.array(fc.nat(selectors.length - 1), { minLength: 1, maxLength: 8 }),
        fc.array(labels, { maxLength: 4 }),
        (chosen, podLabels) => {
          const inputs = chosen.map((s, i) =>
            node(`n${i}`, {}, [], [boundWith('default', { app: 'db' }, term(selectors[s]))]),
          );
          const cluster = new ClusterPods(inputs);
          const groups = podLabels.map(pending);
          const all = cluster.inverseSpecs();
          const returned = cluster.inverseSpecsFor(groups);
          const position = (x: (typeof all)[number]) => all.indexOf(x);
          expect(returned.map(position)).toEqual([...returned.map(position)].sort((a, b) => a - b));
          for (const x of all)
            if (groups.some((g) => x.spec.selector !== null && matches(x.spec.selector, g.pod.constraints.labels)))
              expect(returned).toContain(x);
        },
      ),
      { numRuns: 300, seed: 20261207 },
    );
  });

  test('a spec that requires a label value no pending pod holds is left out', () => {
    const inputs = [node('n1', {}, [], [boundWith('default', { app: 'db' }, term(selectors[0]))])];
    const cluster = new ClusterPods(inputs);
    expect(cluster.inverseSpecsFor([pending({ app: 'b' }, 0)])).toEqual([]);
    expect(cluster.inverseSpecsFor([pending({ app: 'a' }, 0)])).toEqual(cluster.inverseSpecs());
  });
});

/** selectorMatches, written out for the test: matchLabels equal, then each expression. */
function matches(
  s: { matchLabels: Record<string, string>; matchExpressions: { key: string; operator: string; values: string[] }[] },
  labels: Record<string, string>,
): boolean {
  if (Object.entries(s.matchLabels).some(([k, v]) => labels[k] !== v)) return false;
  return s.matchExpressions.every((e) =>
    e.operator === 'In'
      ? e.key in labels && e.values.includes(labels[e.key])
      : e.operator === 'NotIn'
        ? !(e.key in labels && e.values.includes(labels[e.key]))
        : e.operator === 'Exists'
          ? e.key in labels
          : !(e.key in labels),
  );
}

describe('ClusterPods.domainCounts: what a group counts in the cluster, read once while the pods stay', () => {
  const zone = 'topology.kubernetes.io/zone';
  const web = (ns = 'default') => bound(ns, { app: 'web' });
  const group = () =>
    new TopologyGroup(
      zone,
      'spread',
      1,
      undefined,
      new Set(['default']),
      { matchLabels: { app: 'web' }, matchExpressions: [] },
      {
        sets: [new Requirements([Requirement.of('team', 'In', ['a'])])],
        taintPolicy: 'Ignore',
        affinityPolicy: 'Honor',
        tolerations: [],
      },
    );

  test("team a's nodes register their zones; the web pods of `default` on them are recorded; bind adds one", () => {
    const inputs = [
      node('a1', { team: 'a', [zone]: 'us-east-1a' }, [], [web(), web('other'), bound('default', { app: 'db' })]),
      node('b1', { team: 'b', [zone]: 'us-east-1b' }, [], [web()]), // not team a: neither registered nor counted
      node('a2', { team: 'a', [zone]: 'us-east-1c' }, [], [web()]),
      node('a3', { team: 'a' }, [], [web()]), // no zone label: nothing
    ];
    const index = new ExistingNodeIndex(inputs.map((i) => new ExistingNode(i, i.capacity!, i.allocatable!, [])));
    const cluster = index.topologyPods();
    const counts = cluster.domainCounts(group(), 'h');
    expect(counts.registered).toEqual([
      { node: 0, domain: 'us-east-1a' },
      { node: 2, domain: 'us-east-1c' },
    ]);
    expect(counts.recorded).toEqual([
      { node: 0, domain: 'us-east-1a' },
      { node: 2, domain: 'us-east-1c' },
    ]);
    expect(cluster.domainCounts(group(), 'h')).toBe(counts);
    index.bind(index.nodes[2], [web()]);
    expect(cluster.domainCounts(group(), 'h').recorded).toEqual([
      { node: 0, domain: 'us-east-1a' },
      { node: 2, domain: 'us-east-1c' },
      { node: 2, domain: 'us-east-1c' },
    ]);
  });
});
