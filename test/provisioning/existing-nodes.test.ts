/**
 * Placement into an existing cluster (issue 13, area 3). Each case takes the shape of a test in kubernetes-sigs/karpenter
 * (named in the test title: pkg/controllers/provisioning/scheduling/suite_test.go "Existing Nodes" and "In-Flight
 * Nodes", topology_test.go, pkg/controllers/provisioning/suite_test.go "Resource Limits") and its asserted outcome; the
 * arithmetic that decides the outcome is written next to it. Karpenter's in-flight nodes (NodeClaims of an earlier
 * round) are existing nodes to its scheduler, as the fleet snapshot's nodes are here.
 */
import { parse } from 'yaml';
import { FindingSink, NO_SOURCE } from '../../src/common/findings.js';
import { parsePodSpec } from '../../src/api/workload.js';
import type { BoundPod, ExistingNodeInput } from '../../src/provisioning/existingnode.js';
import { deployment, NODECLASS, nodePool, simulateYaml } from '../helpers.js';
import { existingNode } from '../support/cluster.js';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const GiB = 2 ** 30;
const doc = (...d: string[]) => d.join('---\n');

/** A pod bound to an existing node, from a pod spec in YAML (the parser the snapshot's pods go through). */
function bound(
  opts: { cpu?: string; memory?: string; labels?: Record<string, string>; extra?: string; workload?: string } = {},
  daemon = false,
): BoundPod {
  const spec = `${opts.extra ?? ''}containers:\n  - name: c\n    resources: { requests: { cpu: "${opts.cpu ?? '100m'}", memory: ${opts.memory ?? '128Mi'} } }\n`;
  return { ...boundFrom(spec, opts.labels), daemon, ...(opts.workload ? { workload: opts.workload } : {}) };
}

function boundFrom(spec: string, labels: Record<string, string> = {}): BoundPod {
  const pod = parsePodSpec(parse(spec) as Record<string, unknown>, new FindingSink([], NO_SOURCE, null), ['spec'], {
    labels,
  });
  return { namespace: 'default', pod, daemon: false };
}

function node(name: string, opts: Partial<ExistingNodeInput> = {}): ExistingNodeInput {
  const { labels, ...rest } = opts;
  const room = { cpu: 10_000, memory: 10 * GiB, pods: 110 };
  return existingNode(name, labels, { allocatable: { ...room }, capacity: { ...room }, ...rest });
}

const zoned = (name: string, zone: string, opts: Partial<ExistingNodeInput> = {}) =>
  node(name, { zone, ...opts, labels: { 'topology.kubernetes.io/zone': zone, ...(opts.labels ?? {}) } });

type Sim = ReturnType<typeof simulateYaml>['sim'];
const launched = (sim: Sim) => sim.fleet.filter((n) => n.allocationStrategy !== 'existing');
const on = (sim: Sim, name: string) => sim.fleet.find((n) => n.name === name)!;
const KEY = 'Deployment/default/a';

function sim(yaml: string, nodes: ExistingNodeInput[], displaced: [] = []) {
  return simulateYaml(yaml, { zones: ZONES, cluster: { nodes, displaced } });
}

describe('Existing Nodes (scheduling/suite_test.go)', () => {
  test('"should schedule a pod to an existing node unowned by Karpenter": the pod lands on the node, nothing is launched', () => {
    const { sim: s, place } = sim(doc(NODECLASS, nodePool('p'), deployment('a', { cpu: '10m', memory: '1Mi' })), [
      node('node-1'),
    ]);
    expect(on(s, 'node-1').pods).toEqual({ [KEY]: 1 });
    expect(launched(s)).toHaveLength(0);
    expect(place('a').allocationStrategy).toBe('existing');
  });

  test('"should schedule multiple pods to an existing node unowned by Karpenter": 100 × 10m fit 10 CPU and 110 pods', () => {
    const { sim: s } = sim(
      doc(NODECLASS, nodePool('p'), deployment('a', { replicas: 100, cpu: '10m', memory: '1Mi' })),
      [node('node-1', { allocatable: { cpu: 10_000, memory: 100 * GiB, pods: 110 } })],
    );
    expect(on(s, 'node-1').pods).toEqual({ [KEY]: 100 });
    expect(launched(s)).toHaveLength(0);
  });

  test('"should order initialized nodes for scheduling uninitialized nodes": the one initialized node takes the pod', () => {
    const nodes = Array.from({ length: 10 }, (_, i) =>
      node(`node-${String(i).padStart(2, '0')}`, { initialized: i === 7 }),
    );
    const { sim: s } = sim(doc(NODECLASS, nodePool('p'), deployment('a', { cpu: '10m', memory: '1Mi' })), nodes);
    expect(on(s, 'node-07').pods).toEqual({ [KEY]: 1 });
  });

  test('"should consider a pod incompatible with an existing node but compatible with NodePool": a new node in the pod\'s zone', () => {
    const pinned = deployment('a', {
      cpu: '10m',
      memory: '1Mi',
      podSpec: '      nodeSelector: { topology.kubernetes.io/zone: us-east-1a }\n',
    });
    // Without a NodePool the pod stays pending (the existing node is in zone b) …
    const none = sim(doc(NODECLASS, pinned), [zoned('node-1', 'us-east-1b')]);
    expect(none.place('a').schedulable).toBe(false);
    // … with one, a NodeClaim is launched in zone a.
    const { sim: s } = sim(doc(NODECLASS, nodePool('p'), pinned), [zoned('node-1', 'us-east-1b')]);
    expect(on(s, 'node-1').pods).toEqual({});
    expect(launched(s).map((n) => n.zone)).toEqual(['us-east-1a']);
  });

  test('Daemonsets "should not subtract daemonset overhead that is not strictly compatible with an existing node"', () => {
    // The daemonset selects zone a; the existing node (1 CPU, 1Gi) is in zone b, so its overhead does not apply there
    // and the first 1 CPU / 1Gi pod fits it. Karpenter's test makes the daemonset larger than any fake instance type;
    // here 10,000 CPU is larger than any catalog type, so the second pod fits no new node.
    const ds = `apiVersion: apps/v1
kind: DaemonSet
metadata: { name: ds, namespace: default }
spec:
  template:
    spec:
      nodeSelector: { topology.kubernetes.io/zone: us-east-1a }
      containers: [{ name: c, resources: { requests: { cpu: "10000", memory: 100Gi } } }]
`;
    const { sim: s, place } = sim(
      doc(NODECLASS, nodePool('p'), ds, deployment('a', { replicas: 2, cpu: '1', memory: '1Gi' })),
      [zoned('node-1', 'us-east-1b', { allocatable: { cpu: 1000, memory: GiB, pods: 110 } })],
    );
    expect(on(s, 'node-1').pods).toEqual({ [KEY]: 1 });
    expect(launched(s)).toHaveLength(0);
    expect(place('a').reason).toMatch(/^1 of 2 pods unschedulable/);
  });
});

describe('In-Flight Nodes (scheduling/suite_test.go)', () => {
  const DS = (name: string, cpu: string, memory: string, nodeSelector = '') => `apiVersion: apps/v1
kind: DaemonSet
metadata: { name: ${name}, namespace: default }
spec:
  template:
    spec:
${nodeSelector}      containers: [{ name: c, resources: { requests: { cpu: "${cpu}", memory: ${memory} } } }]
`;
  // Karpenter's node: 16 CPU − 100m overhead = 15.9 allocatable.
  const alloc = { cpu: 15_900, memory: 64 * GiB, pods: 110 };

  test('Daemonsets "should track daemonset usage separately so we know how many DS resources are remaining to be scheduled"', () => {
    // available = 15.9 − 1 (the bound daemonset pod) = 14.9; daemonsets still to come = max(0, 1 − 1) CPU and
    // max(0, 1Gi − 2Gi) memory = 0, so the 14.9 CPU pod fits the existing node.
    const { sim: s } = sim(doc(NODECLASS, nodePool('p'), DS('ds', '1', '1Gi'), deployment('a', { cpu: '14.9' })), [
      node('node-1', { allocatable: alloc, pods: [bound({ cpu: '1', memory: '2Gi' }, true)] }),
    ]);
    expect(on(s, 'node-1').pods).toEqual({ [KEY]: 1 });
    expect(launched(s)).toHaveLength(0);
  });

  test('Daemonsets "should handle unexpected daemonset pods binding to the node": the 15.5 CPU pod needs a new node', () => {
    // ds1 (1 CPU, 1Gi) selects my-node-label=value, which the node carries; ds2 asks 1m. available = 15.9 − 1 = 14.9;
    // still to come = max(0, 1.001 − 1) CPU = 1m, so remaining = 14.899 < 15.5.
    const { sim: s } = sim(
      doc(
        NODECLASS,
        nodePool('p'),
        DS('ds1', '1', '1Gi', '      nodeSelector: { my-node-label: value }\n'),
        DS('ds2', '1m', '1Mi'),
        deployment('a', { cpu: '15.5' }),
      ),
      [
        node('node-1', {
          allocatable: alloc,
          labels: { 'my-node-label': 'value' },
          pods: [bound({ cpu: '1', memory: '2Gi', extra: 'nodeSelector: { my-node-label: value }\n' }, true)],
        }),
      ],
    );
    expect(on(s, 'node-1').pods).toEqual({});
    expect(launched(s)).toHaveLength(1);
  });

  test('"should schedule pods with the same host port to different nodes": a bound pod holds the port', () => {
    const ports = (indent: string) =>
      `${indent}containers:\n${indent}  - name: c\n${indent}    ports: [{ containerPort: 8080, hostPort: 8080 }]\n${indent}    resources: { requests: { cpu: 100m, memory: 128Mi } }\n`;
    const yaml = deployment('a').replace(/ {6}containers:[\s\S]*$/, ports('      '));
    const holder = boundFrom(ports(''));
    const { sim: s } = sim(doc(NODECLASS, nodePool('p'), yaml), [node('node-1', { pods: [holder] })]);
    expect(on(s, 'node-1').pods).toEqual({});
    expect(launched(s)).toHaveLength(1);
  });

  describe('Topology', () => {
    const spread = (key: string) =>
      `      topologySpreadConstraints:\n        - topologyKey: ${key}\n          maxSkew: 1\n          whenUnsatisfiable: DoNotSchedule\n          labelSelector: { matchLabels: { foo: bar } }\n`;
    const running = (n: number) => Array.from({ length: n }, () => bound({ labels: { foo: 'bar' }, workload: KEY }));

    test('"should balance pods across zones with in-flight nodes": 1, 1, 2 running + 5 → 3, 3, 3 on the same nodes', () => {
      // Pods go to existing nodes first; each takes the least-loaded zone within maxSkew 1 of the minimum.
      const nodes = [
        zoned('node-a', 'us-east-1a', { pods: running(1) }),
        zoned('node-b', 'us-east-1b', { pods: running(1) }),
        zoned('node-c', 'us-east-1c', { pods: running(2) }),
      ];
      const yaml = deployment('a', {
        replicas: 9,
        cpu: '100m',
        memory: '128Mi',
        labels: { foo: 'bar' },
        podSpec: spread('topology.kubernetes.io/zone'),
      });
      const { sim: s } = sim(doc(NODECLASS, nodePool('p'), yaml), nodes);
      expect(['node-a', 'node-b', 'node-c'].map((n) => on(s, n).pods[KEY])).toEqual([3, 3, 3]);
      expect(launched(s)).toHaveLength(0);
    });

    test('"should balance pods across hostnames with in-flight nodes": 4 nodes with 1 pod each + 5 → 9 nodes with 1', () => {
      // A hostname spread's minimum is 0 (a new node), so a second pod on an existing node is 2 − 0 > maxSkew 1.
      const nodes = ['n1', 'n2', 'n3', 'n4'].map((n) => node(n, { pods: running(1) }));
      const yaml = deployment('a', {
        replicas: 9,
        cpu: '100m',
        memory: '128Mi',
        labels: { foo: 'bar' },
        podSpec: spread('kubernetes.io/hostname'),
      });
      const { sim: s } = sim(doc(NODECLASS, nodePool('p'), yaml), nodes);
      expect(s.fleet.map((n) => n.pods[KEY] ?? 0)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    });

    test('topology_test.go "should respect NodePool zonal constraints (existing pod)": 1 (zone c, existing), 2, 2; 2 pending', () => {
      // The pool reaches zones a and b; the existing pod makes zone c a domain with 1. Zones a and b take 2 each
      // (2 − 1 ≤ 1); a third would be 3 − 1 > 1.
      const yaml = deployment('a', {
        replicas: 6,
        cpu: '1.1',
        memory: '128Mi',
        labels: { foo: 'bar' },
        podSpec: spread('topology.kubernetes.io/zone'),
      });
      const pool = nodePool('p', {
        requirements:
          '        - key: topology.kubernetes.io/zone\n          operator: In\n          values: ["us-east-1a", "us-east-1b"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
      });
      const full = { cpu: 1100, memory: GiB, pods: 110 };
      const { sim: s, place } = sim(doc(NODECLASS, pool, yaml), [
        zoned('node-c', 'us-east-1c', { allocatable: full, pods: [bound({ cpu: '1.1', labels: { foo: 'bar' } })] }),
      ]);
      const perZone = new Map<string, number>([['us-east-1c', 1]]);
      for (const n of launched(s)) perZone.set(n.zone, (perZone.get(n.zone) ?? 0) + (n.pods[KEY] ?? 0));
      expect([...perZone.values()].sort()).toEqual([1, 2, 2]);
      expect(place('a').reason).toMatch(/^2 of 6 pods unschedulable/);
    });

    test('topology_test.go "should not violate pod anti-affinity on zone (inverse w/existing nodes)": the pod stays pending', () => {
      const anti =
        'affinity:\n  podAntiAffinity:\n    requiredDuringSchedulingIgnoredDuringExecution:\n      - topologyKey: topology.kubernetes.io/zone\n        labelSelector: { matchLabels: { security: s2 } }\n';
      const nodes = ZONES.map((z, i) => zoned(`node-${i}`, z, { pods: [bound({ cpu: '2', extra: anti })] }));
      const yaml = deployment('a', { cpu: '100m', memory: '128Mi', labels: { security: 's2' } });
      const { sim: s, place } = sim(doc(NODECLASS, nodePool('p'), yaml), nodes);
      expect(place('a').schedulable).toBe(false);
      expect(place('a').reasonCodes).toContain('topology');
      expect(launched(s)).toHaveLength(0);
    });

    test('provisioning rounds: the pods a round placed on an existing node count in the next (zone anti-affinity, 3 replicas)', () => {
      // Round 1: pod 1 goes to the existing node (zone a, the only existing domain it may take); pod 2 to a new
      // NodeClaim proposed for zones b and c (the empty ones), which it blocks both (topology.go Record); pod 3 finds no
      // empty zone. Round 2: the existing node holds pod 1 (zone a), the launched node pod 2 (zone b): pod 3 takes zone
      // c — on a new node, not on the existing node with room in zone a.
      const anti =
        '      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: topology.kubernetes.io/zone\n              labelSelector: { matchLabels: { app: a } }\n';
      const yaml = deployment('a', { replicas: 3, cpu: '100m', memory: '128Mi', podSpec: anti });
      const { sim: s, place } = sim(doc(NODECLASS, nodePool('p'), yaml), [zoned('node-a', ZONES[0])]);
      expect(on(s, 'node-a').pods).toEqual({ [KEY]: 1 });
      expect(launched(s).map((n) => [n.zone, n.pods[KEY]])).toEqual([
        [ZONES[1], 1],
        [ZONES[2], 1],
      ]);
      expect(place('a').reason).toBeNull();
      expect(place('a').rounds).toBe(2);
    });
  });
});

describe('Resource Limits (provisioning/suite_test.go) with existing nodes (scheduler.go updateRemainingResources)', () => {
  const limited = (cpu: string, extra = '') => nodePool('p', { extraSpec: `  limits: { cpu: "${cpu}" }\n${extra}` });

  test('"should not schedule when limits are exceeded": a NodeClaim of 100 CPU in a pool limited to 20', () => {
    // remaining = 20 − 100 < 0: every instance type exceeds it. The NodeClaim is in flight with no allocatable yet,
    // so nothing fits on it either (resources.Fits against an empty list).
    const { place } = sim(doc(NODECLASS, limited('20'), deployment('a', { cpu: '100m', memory: '128Mi' })), [
      node('claim-1', {
        nodePool: 'p',
        labels: { 'karpenter.sh/nodepool': 'p' },
        allocatable: {},
        capacity: { cpu: 100_000 },
        initialized: false,
        hasNode: false,
      }),
    ]);
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['limits-exceeded']);
  });

  test('no double count: the running replicas stay on the nodes that use up the limits', () => {
    // Two 4-CPU nodes in a pool limited to 8 CPU: remaining = 8 − 4 − 4 = 0. The 2 replicas run there: nothing is
    // pending, so the workload is placed (an empty-cluster model would need 8 more CPU and fail on the limits).
    const nodes = ['n1', 'n2'].map((n) =>
      zoned(n, 'us-east-1a', {
        nodePool: 'p',
        instanceType: 'm5.xlarge',
        capacityType: 'on-demand',
        labels: { 'karpenter.sh/nodepool': 'p' },
        allocatable: { cpu: 3920, memory: 14 * GiB, pods: 58 },
        capacity: { cpu: 4000, memory: 16 * GiB, pods: 58 },
        pods: [bound({ cpu: '3', memory: '1Gi', workload: KEY })],
      }),
    );
    const two = sim(doc(NODECLASS, limited('8'), deployment('a', { replicas: 2, cpu: '3', memory: '1Gi' })), nodes);
    expect(two.place('a')).toMatchObject({ schedulable: true, nodePool: 'p', instanceType: 'm5.xlarge', reason: null });
    expect(launched(two.sim)).toHaveLength(0);
    // The existing nodes are priced at their offering (m5.xlarge on-demand).
    expect(two.sim.hourlyCost).toBeGreaterThan(0);
    // A third replica: 3 CPU does not fit the 0.92 CPU left on either node, and the pool has no CPU left.
    const three = sim(
      doc(NODECLASS, limited('8'), deployment('a', { replicas: 3, cpu: '3', memory: '1Gi' })),
      nodes.map((n) => ({ ...n, pods: [...n.pods] })),
    );
    expect(three.place('a').reason).toMatch(/^1 of 3 pods unschedulable: .*all available instance types exceed limits/);
    expect(three.place('a').reasonCodes).toEqual(['limits-exceeded']);
  });
});
