/**
 * The existing cluster a state's pods are placed into, read from a fleet snapshot with pods (issue 13, area 3): what
 * the scheduler reads of each node (karpenter pkg/controllers/state/statenode.go Labels, Taints, Allocatable,
 * Initialized), which pods stay as running replicas (disruption/fleet-placement.ts), and the whole diff: existing nodes
 * host their pods and count against NodePool limits (karpenter pkg/controllers/provisioning/scheduling/scheduler.go
 * updateRemainingResources), so a pod does not land in a pool that is already full.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFleetText } from '../../src/sources/fleet-snapshot.js';
import { clusterFor } from '../../src/disruption/fleet-placement.js';
import { executePlan } from '../../src/run/execute.js';
import { defaultConfig } from '../../src/sources/config.js';
import { DirTree } from '../../src/sources/tree.js';
import { deployment, NODECLASS, nodePool, stateOf, tempTree } from '../helpers.js';
import { assumption } from '../../src/common/assumptions.js';

type Obj = Record<string, unknown>;
const GiB = 2 ** 30;

function nodeObj(name: string, opts: { labels?: Obj; taints?: Obj[]; cpu?: string; initialized?: boolean } = {}): Obj {
  return {
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'kubernetes.io/hostname': name,
        'karpenter.sh/registered': 'true',
        ...(opts.initialized === false ? {} : { 'karpenter.sh/initialized': 'true' }),
        ...(opts.labels ?? {}),
      },
    },
    spec: { providerID: `aws:///us-east-1a/${name}`, ...(opts.taints ? { taints: opts.taints } : {}) },
    status: {
      allocatable: { cpu: opts.cpu ?? '3920m', memory: '14Gi', pods: '58' },
      capacity: { cpu: '4', memory: '16Gi', pods: '58' },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  };
}

function claimObj(name: string, nodeName: string | null, opts: { labels?: Obj; spec?: Obj; status?: Obj } = {}): Obj {
  return {
    kind: 'NodeClaim',
    metadata: { name, labels: opts.labels ?? {} },
    spec: opts.spec ?? {},
    status: { ...(nodeName ? { nodeName, providerID: `aws:///us-east-1a/${nodeName}` } : {}), ...(opts.status ?? {}) },
  };
}

function podObj(
  name: string,
  nodeName: string | null,
  owner: { kind: string; name: string } | null,
  opts: { labels?: Obj; cpu?: string; phase?: string } = {},
): Obj {
  return {
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      labels: opts.labels ?? {},
      ...(owner ? { ownerReferences: [owner] } : {}),
    },
    spec: {
      ...(nodeName ? { nodeName } : {}),
      containers: [{ name: 'c', resources: { requests: { cpu: opts.cpu ?? '1', memory: '1Gi' } } }],
    },
    status: { phase: opts.phase ?? 'Running' },
  };
}

const parse = (items: Obj[]) => parseFleetText('fleet.json', JSON.stringify({ kind: 'List', items }), []);
const webPod = (name: string, node: string, hash = 'abc12') =>
  podObj(
    name,
    node,
    { kind: 'ReplicaSet', name: `web-${hash}` },
    { labels: { app: 'web', 'pod-template-hash': hash } },
  );

describe("what the scheduler reads of a snapshot's nodes (statenode.go)", () => {
  const pool = { 'karpenter.sh/nodepool': 'p' };
  test("an initialized node: the Node's labels, taints and status allocatable and capacity", () => {
    const f = parse([
      claimObj('c1', 'n1', { labels: pool }),
      nodeObj('n1', { labels: pool, taints: [{ key: 'team', value: 'a', effect: 'NoSchedule' }] }),
    ]);
    const v = f.nodes[0].scheduling!;
    expect(v.labels['kubernetes.io/hostname']).toBe('n1');
    expect(v.taints).toEqual([{ key: 'team', value: 'a', effect: 'NoSchedule' }]);
    expect(v.allocatable).toEqual({ cpu: 3920, memory: 14 * GiB, pods: 58 });
    expect(v.capacity).toEqual({ cpu: 4000, memory: 16 * GiB, pods: 58 });
    expect(v.initialized).toBe(true);
    expect(v.hasNode).toBe(true);
  });

  test('suite_test.go "should assume pod will schedule to a tainted node with a custom startup taint" and the not-ready taint while uninitialized; another taint stays', () => {
    const startup = { key: 'foo.com/taint', value: 'tainted', effect: 'NoSchedule' };
    const other = { key: 'team', value: 'a', effect: 'NoSchedule' };
    const f = parse([
      claimObj('c1', 'n1', { labels: pool, spec: { startupTaints: [startup] } }),
      nodeObj('n1', {
        labels: pool,
        initialized: false,
        taints: [startup, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }, other],
      }),
    ]);
    expect(f.nodes[0].scheduling!.taints).toEqual([other]);
    expect(f.nodes[0].scheduling!.initialized).toBe(false);
  });

  test('suite_test.go "should not assume pod will schedule to a node with startup taints after initialization"', () => {
    const startup = { key: 'ignore-me', value: 'nothing-to-see-here', effect: 'NoSchedule' };
    const f = parse([
      claimObj('c1', 'n1', { labels: pool, spec: { startupTaints: [startup] } }),
      nodeObj('n1', { labels: pool, taints: [startup] }),
    ]);
    expect(f.nodes[0].scheduling!.taints).toEqual([startup]);
  });

  test('a Node without the initialized label whose NodeClaim is Initialized (a snapshot that dropped the label): initialized from the condition, and said', () => {
    // statenode.go StateNode.Initialized reads the label; lifecycle/initialization.go sets it with the condition.
    const f = parse([
      claimObj('c1', 'n1', { labels: pool, status: { conditions: [{ type: 'Initialized', status: 'True' }] } }),
      nodeObj('n1', { labels: pool, initialized: false }),
    ]);
    expect(f.nodes[0].initialized).toBe(true);
    expect(f.nodes[0].scheduling!.initialized).toBe(true);
    expect(f.notes).toContainEqual(assumption('fleet-initialized-from-condition', { nodes: 1 }));
  });

  test('neither the label nor the condition: not initialized, as Karpenter counts it, and the assumptions say budgets count none', () => {
    const f = parse([claimObj('c1', 'n1', { labels: pool }), nodeObj('n1', { labels: pool, initialized: false })]);
    expect(f.nodes[0].initialized).toBe(false);
    expect(f.notes).toContainEqual(assumption('fleet-none-initialized', { nodes: 1 }));
  });

  test('a NodeClaim without its Node (in flight): its labels, taints and status; no Node, not initialized', () => {
    const f = parse([
      claimObj('c1', null, {
        labels: { ...pool, 'topology.kubernetes.io/zone': 'us-east-1b' },
        spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] },
        status: { allocatable: { cpu: '2', memory: '4Gi', pods: '29' }, capacity: { cpu: '2' } },
      }),
      // a Node is needed for the snapshot to be a fleet at all; it joins no NodeClaim
      nodeObj('other'),
    ]);
    const v = f.nodes[0].scheduling!;
    expect(v.labels['topology.kubernetes.io/zone']).toBe('us-east-1b');
    expect(v.taints).toEqual([]);
    expect(v.allocatable).toEqual({ cpu: 2000, memory: 4 * GiB, pods: 29 });
    expect(v.hasNode).toBe(false);
    expect(v.initialized).toBe(false);
  });
});

describe('which pods stay where (fleet-placement.ts clusterFor)', () => {
  const web = (replicas: number, cpu = '1') => deployment('web', { replicas, cpu, memory: '1Gi' });
  const snapshot = () =>
    parse([
      claimObj('c1', 'n1', { labels: { 'karpenter.sh/nodepool': 'p' } }),
      nodeObj('n1'),
      claimObj('c2', 'n2', { labels: { 'karpenter.sh/nodepool': 'p' } }),
      nodeObj('n2'),
      webPod('web-1', 'n1'),
      webPod('web-2', 'n1'),
      webPod('web-3', 'n2'),
      podObj('ds-1', 'n1', { kind: 'DaemonSet', name: 'agent' }, { cpu: '100m' }),
      podObj('other-1', 'n2', { kind: 'ReplicaSet', name: 'other-xyz' }, { cpu: '500m' }),
      podObj('done-1', 'n2', { kind: 'Job', name: 'once' }, { phase: 'Succeeded' }),
    ]);
  const workloads = (c: ReturnType<typeof clusterFor>) =>
    c.nodes.map((n) => n.pods.map((p) => p.workload ?? (p.daemon ? 'daemon' : 'other')));

  test("a Deployment's pods (ReplicaSet web-<pod-template-hash>) are its running replicas; daemonset and other pods stay; terminal pods hold nothing", () => {
    const st = stateOf({ 'a.yaml': web(3) });
    const c = clusterFor(snapshot(), st, st, new Set());
    expect(workloads(c)).toEqual([
      ['Deployment/default/web', 'Deployment/default/web', 'daemon'],
      ['Deployment/default/web', 'other'],
    ]);
    expect(c.nodes[0].pods[2].daemon).toBe(true);
    expect(c.displaced).toEqual([]);
  });

  test('a scale-down keeps `replicas` pods: the surplus leaves the node with the most of them first', () => {
    const st = stateOf({ 'a.yaml': web(1) });
    const c = clusterFor(snapshot(), st, st, new Set());
    // n1 runs 2 (rank 2 each), n2 runs 1 (rank 1): the two on n1 go.
    expect(workloads(c)).toEqual([['daemon'], ['Deployment/default/web', 'other']]);
  });

  test('head changes the pod template (requests): the rollout replaces every pod, so none stays', () => {
    const base = stateOf({ 'a.yaml': web(3) });
    const head = stateOf({ 'a.yaml': web(3, '2') });
    expect(workloads(clusterFor(snapshot(), head, base, new Set()))).toEqual([['daemon'], ['other']]);
    expect(workloads(clusterFor(snapshot(), base, base, new Set()))[0]).toHaveLength(3);
  });

  test('head removes the workload: its pods are gone', () => {
    const base = stateOf({ 'a.yaml': web(3) });
    const head = stateOf({ 'a.yaml': deployment('api') });
    expect(workloads(clusterFor(snapshot(), head, base, new Set()))).toEqual([['daemon'], ['other']]);
  });

  test('a node that leaves (drift, removed pool) or is being deleted ("should launch a second node if an in-flight node is terminating") is not used; pods no manifest describes are displaced with it', () => {
    const st = stateOf({ 'a.yaml': web(3) });
    const c = clusterFor(snapshot(), st, st, new Set(['c2']));
    expect(c.nodes.map((n) => n.name)).toEqual(['n1']);
    expect(c.displaced).toEqual([
      expect.objectContaining({ key: 'ReplicaSet/default/other-xyz', namespace: 'default', count: 1 }),
    ]);
    const deleting = snapshot();
    deleting.nodes[0].deleting = true;
    expect(clusterFor(deleting, st, st, new Set()).nodes.map((n) => n.name)).toEqual(['n2']);
  });
});

describe('diff with a fleet snapshot that lists pods', () => {
  const LIMITED = nodePool('small', {
    weight: 10,
    extraSpec: '  limits: { cpu: "8" }\n',
    requirements:
      '        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m5.xlarge"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
  });
  const FALLBACK = nodePool('fallback');
  const pool = { 'karpenter.sh/nodepool': 'small', 'node.kubernetes.io/instance-type': 'm5.xlarge' };
  const labels = { ...pool, 'topology.kubernetes.io/zone': 'us-east-1a', 'karpenter.sh/capacity-type': 'on-demand' };
  const fleet = () => [
    claimObj('small-1', 'n1', { labels }),
    nodeObj('n1', { labels }),
    claimObj('small-2', 'n2', { labels }),
    nodeObj('n2', { labels }),
    webPod('web-1', 'n1'),
    webPod('web-2', 'n2'),
  ];

  async function plan(replicas: { base: number; head: number }, items: Obj[]) {
    const tree = (n: number) =>
      new DirTree(
        tempTree({
          'all.yaml': [NODECLASS, LIMITED, FALLBACK, deployment('web', { replicas: n, cpu: '3', memory: '1Gi' })].join(
            '---\n',
          ),
        }),
      );
    const dir = tempTree({});
    writeFileSync(join(dir, 'fleet.json'), JSON.stringify({ kind: 'List', items }));
    const config = defaultConfig();
    config.fleet = ['fleet.json'];
    config.zones = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
    config.assumptions.at = '2026-01-05T10:00:00Z';
    return executePlan({
      base: tree(replicas.base),
      head: tree(replicas.head),
      config,
      configFindings: [],
      cwd: dir,
    });
  }

  test("the issue's case: pool small's two m5.xlarge nodes use up its 8 CPU limits (8 − 4 − 4 = 0), so head's third replica lands in the fallback pool", async () => {
    const p = await plan({ base: 2, head: 3 }, fleet());
    const row = p.workloads.find((w) => w.name === 'web')!;
    // base: both replicas run on the existing m5.xlarge nodes of pool small
    expect(row.base).toMatchObject({ schedulable: true, nodePool: 'small', instanceType: 'm5.xlarge', reason: null });
    // head: the two stay; the third (3 CPU) fits neither node (3.92 − 1 − … < 3) and small has no CPU left
    expect(row.head).toMatchObject({ schedulable: true, nodePool: 'small', reason: null });
    const headNodes = p.fleet.simulated.head;
    expect(headNodes.filter((n) => n.allocationStrategy === 'existing').map((n) => n.name)).toEqual(['n1', 'n2']);
    expect(headNodes.filter((n) => n.allocationStrategy !== 'existing').map((n) => n.nodePool)).toEqual(['fallback']);
    expect(p.assumptions.join('\n')).toMatch(/^Placement: into the fleet snapshot's 2 nodes/m);
    expect(p.newlyUnschedulable).toEqual([]);
  });

  test('without the pods, the snapshot cannot host them: placements are onto an empty cluster, and the assumptions say the pool is already at its limits', async () => {
    const p = await plan(
      { base: 2, head: 3 },
      fleet().filter((o) => o.kind !== 'Pod'),
    );
    const text = p.assumptions.join('\n');
    expect(text).toMatch(/fleet snapshot does not list the Pods of every node/);
    expect(text).toMatch(/Limits: NodePool small's existing nodes already reach its limits on cpu/);
    expect(p.fleet.simulated.head.every((n) => n.allocationStrategy !== 'existing')).toBe(true);
  });

  test("limits count every NodeClaim's capacity whatever runs on it (issue 23): without the pods, small has 8 − 4 − 4 = 0 CPU left, so every replica launches in the fallback", async () => {
    // karpenter scheduler.go calculateExistingNodeClaims → updateRemainingResources subtracts each active state node's
    // capacity from its NodePool's limits; the pods bound to it play no part.
    const p = await plan(
      { base: 2, head: 3 },
      fleet().filter((o) => o.kind !== 'Pod'),
    );
    const row = p.workloads.find((w) => w.name === 'web')!;
    expect(row.base).toMatchObject({ schedulable: true, nodePool: 'fallback' });
    expect(row.head).toMatchObject({ schedulable: true, nodePool: 'fallback' });
    expect(p.fleet.simulated.head.map((n) => n.nodePool)).not.toContain('small');
    expect(p.newlyUnschedulable).toEqual([]);
    // One of the two NodeClaims is being deleted: it no longer counts (provisioner.go Schedule: nodes.Active()), so
    // 8 − 4 = 4 CPU are left, room for one m5.xlarge (4 CPU) holding one 3-CPU replica.
    const deleting = fleet()
      .filter((o) => o.kind !== 'Pod')
      .map((o) =>
        o.kind === 'NodeClaim' && (o.metadata as Obj).name === 'small-2'
          ? { ...o, metadata: { ...(o.metadata as Obj), deletionTimestamp: '2026-01-05T09:00:00Z' } }
          : o,
      );
    const q = await plan({ base: 2, head: 3 }, deleting);
    expect(q.fleet.simulated.head.filter((n) => n.nodePool === 'small').map((n) => n.pods)).toEqual([
      { 'Deployment/default/web': 1 },
    ]);
  });
});

// karpenter pkg/controllers/static/provisioning/controller.go Reconcile: the static controller only creates the
// NodeClaims missing from spec.replicas (desiredReplicas − running NodeClaims); the snapshot's nodes of the pool count.
describe('static NodePools placed into a fleet snapshot', () => {
  const STATIC = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: fixed
spec:
  replicas: 4
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - key: node.kubernetes.io/instance-type
          operator: In
          values: ["m5.xlarge"]
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
`;
  test('replicas 4 with 2 of its nodes in the snapshot: 2 more are modelled, 4 in all', async () => {
    const labels = {
      'karpenter.sh/nodepool': 'fixed',
      'node.kubernetes.io/instance-type': 'm5.xlarge',
      'topology.kubernetes.io/zone': 'us-east-1a',
      'karpenter.sh/capacity-type': 'on-demand',
    };
    const items = [
      claimObj('fixed-1', 'f1', { labels }),
      nodeObj('f1', { labels }),
      claimObj('fixed-2', 'f2', { labels }),
      nodeObj('f2', { labels }),
      webPod('web-1', 'f1'),
    ];
    const tree = () =>
      new DirTree(
        tempTree({
          'all.yaml': [
            NODECLASS,
            STATIC,
            nodePool('fallback'),
            deployment('web', { replicas: 1, cpu: '1', memory: '1Gi' }),
          ].join('---\n'),
        }),
      );
    const dir = tempTree({});
    writeFileSync(join(dir, 'fleet.json'), JSON.stringify({ kind: 'List', items }));
    const config = defaultConfig();
    config.fleet = ['fleet.json'];
    config.zones = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
    config.assumptions.at = '2026-01-05T10:00:00Z';
    const p = await executePlan({ base: tree(), head: tree(), config, configFindings: [], cwd: dir });
    const fixed = p.fleet.simulated.head.filter((n) => n.nodePool === 'fixed');
    expect(fixed.filter((n) => n.allocationStrategy === 'existing').map((n) => n.name)).toEqual(['f1', 'f2']);
    expect(fixed.filter((n) => n.allocationStrategy !== 'existing')).toHaveLength(2);
    // The pool's row counts all four (two from the snapshot, two added).
    expect(p.nodePools.find((r) => r.name === 'fixed')!.static!.head!.nodes).toBe(4);
  });
});

describe('a snapshot without the labels Karpenter derives from the instance type (disruption/fleet.ts withCatalogLabels)', () => {
  // Head narrows the pool to generation > 6 (drift.go areRequirementsDrifted compares the NodeClaim's labels): an
  // m6i.xlarge node (generation 6 by the catalog) drifts, an m7i.xlarge one (generation 7) does not — whether or not
  // the snapshot carries the generation label.
  const gen = (gt: string) =>
    nodePool('general', {
      requirements: `        - key: karpenter.k8s.aws/instance-generation\n          operator: Gt\n          values: ["${gt}"]`,
    });
  const node = (name: string, type: string, withLabels: boolean) => {
    const labels = {
      'karpenter.sh/nodepool': 'general',
      'node.kubernetes.io/instance-type': type,
      'topology.kubernetes.io/zone': 'us-east-1a',
      'karpenter.sh/capacity-type': 'on-demand',
      ...(withLabels ? { 'karpenter.k8s.aws/instance-generation': type.startsWith('m6') ? '6' : '7' } : {}),
    };
    return [claimObj(name, `${name}-node`, { labels }), nodeObj(`${name}-node`, { labels })];
  };
  async function drifted(withLabels: boolean) {
    const dir = tempTree({});
    const items = [...node('a', 'm6i.xlarge', withLabels), ...node('b', 'm7i.xlarge', withLabels)];
    writeFileSync(join(dir, 'fleet.json'), JSON.stringify({ kind: 'List', items }));
    const config = defaultConfig();
    config.fleet = ['fleet.json'];
    config.assumptions.at = '2026-01-05T10:00:00Z';
    const p = await executePlan({
      base: new DirTree(tempTree({ 'all.yaml': [NODECLASS, gen('4'), deployment('web')].join('---\n') })),
      head: new DirTree(tempTree({ 'all.yaml': [NODECLASS, gen('6'), deployment('web')].join('---\n') })),
      config,
      configFindings: [],
      cwd: dir,
    });
    return p;
  }

  test('the labelled snapshot and the stripped one drift the same node; only the stripped one says the labels were filled', async () => {
    const full = await drifted(true);
    const stripped = await drifted(false);
    const names = (p: Awaited<ReturnType<typeof drifted>>) => p.replacements.map((r) => r.nodeClaim).sort();
    expect(names(full)).toEqual(['a']);
    expect(names(stripped)).toEqual(['a']);
    const said = (p: Awaited<ReturnType<typeof drifted>>) =>
      p.assumptions.some((a) => a.startsWith('2 node(s) of the snapshot lack labels'));
    expect(said(full)).toBe(false);
    expect(said(stripped)).toBe(true);
  });
});
