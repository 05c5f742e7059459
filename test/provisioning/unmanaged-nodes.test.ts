/**
 * Nodes not managed by Karpenter (issue 23): a snapshot's Nodes without a NodeClaim and without the
 * `karpenter.sh/nodepool` label — an EKS managed node group's, a self-managed one. Karpenter's state keeps them as
 * state nodes that are not managed (karpenter pkg/controllers/state/statenode.go Managed: `NodeClaim != nil`; Registered
 * and Initialized ~341–357: always true), the provisioner schedules onto every active state node
 * (pkg/controllers/provisioning/provisioner.go Schedule → NewScheduler; scheduling/scheduler.go
 * calculateExistingNodeClaims ~792–802), their capacity counts against no NodePool (scheduler.go
 * updateRemainingResources reads the node's `karpenter.sh/nodepool` label), and disruption never takes them as
 * candidates (pkg/controllers/disruption/helpers.go GetCandidates: `!node.Managed()`). The consolidation case is in
 * test/disruption/multinodeconsolidation.test.ts ("can delete nodes, when non-Karpenter capacity can fit pods").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFleetText } from '../../src/sources/fleet-snapshot.js';
import { clusterFor } from '../../src/disruption/fleet-placement.js';
import { executePlan } from '../../src/run/execute.js';
import { defaultConfig } from '../../src/sources/config.js';
import { DirTree } from '../../src/sources/tree.js';
import { renderText } from '../../src/report/text.js';
import { wordAssumption } from '../../src/common/assumption-wording.js';
import { deployment, NODECLASS, nodePool, tempTree } from '../helpers.js';

type Obj = Record<string, unknown>;

const KARPENTER = {
  'karpenter.sh/nodepool': 'small',
  'node.kubernetes.io/instance-type': 'm5.xlarge',
  'topology.kubernetes.io/zone': 'us-east-1a',
  'karpenter.sh/capacity-type': 'on-demand',
};
/** A managed node group's node: EKS labels, no Karpenter label. */
const NODEGROUP = {
  'eks.amazonaws.com/nodegroup': 'system',
  'eks.amazonaws.com/capacityType': 'ON_DEMAND',
  'node.kubernetes.io/instance-type': 'm5.2xlarge',
  'topology.kubernetes.io/zone': 'us-east-1b',
};

function nodeObj(name: string, labels: Obj, opts: { taints?: Obj[]; cpu?: string; karpenter?: boolean } = {}): Obj {
  return {
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'kubernetes.io/hostname': name,
        ...(opts.karpenter === false ? {} : { 'karpenter.sh/registered': 'true', 'karpenter.sh/initialized': 'true' }),
        ...labels,
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

const claimObj = (name: string, nodeName: string): Obj => ({
  kind: 'NodeClaim',
  metadata: { name, labels: KARPENTER },
  spec: {},
  status: { nodeName, providerID: `aws:///us-east-1a/${nodeName}` },
});

const webPod = (name: string, node: string): Obj => ({
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'default',
    labels: { app: 'web', 'pod-template-hash': 'abc12' },
    ownerReferences: [{ kind: 'ReplicaSet', name: 'web-abc12' }],
  },
  spec: { nodeName: node, containers: [{ name: 'c', resources: { requests: { cpu: '3', memory: '1Gi' } } }] },
  status: { phase: 'Running' },
});

/** The managed node group's node: 8 CPU of which 7910m allocatable (m5.2xlarge's figures are not what is tested). */
const ngNode = (opts: { taints?: Obj[] } = {}) =>
  nodeObj('ng-1', NODEGROUP, { ...opts, cpu: '7910m', karpenter: false });

/** A daemonset pod (the snapshot lists pods: the cluster is known). */
const proxyPod = (node: string): Obj => ({
  kind: 'Pod',
  metadata: {
    name: `kube-proxy-${node}`,
    namespace: 'kube-system',
    ownerReferences: [{ kind: 'DaemonSet', name: 'kube-proxy' }],
  },
  spec: { nodeName: node, containers: [{ name: 'c', resources: { requests: { cpu: '100m' } } }] },
  status: { phase: 'Running' },
});

const parse = (items: Obj[]) => parseFleetText('fleet.json', JSON.stringify({ kind: 'List', items }), []);

describe('reading a snapshot (sources/fleet-snapshot.ts joinFleet)', () => {
  test('a Node without a NodeClaim or NodePool label is kept apart as not managed; a labelled orphan Node is not', () => {
    const fleet = parse([
      claimObj('small-1', 'n1'),
      nodeObj('n1', KARPENTER),
      ngNode(),
      // Labelled by Karpenter but its NodeClaim is not in the snapshot: taken as a NodeClaim the snapshot missed.
      nodeObj('orphan', KARPENTER),
    ]);
    expect(fleet.nodes.map((n) => n.name)).toEqual(['small-1']);
    expect(fleet.notManaged!.map((n) => [n.name, n.nodePool, n.managed, n.initialized, n.capacityType])).toEqual([
      ['ng-1', null, false, true, 'on-demand'],
    ]);
    expect(fleet.notes).toContainEqual({ code: 'fleet-not-managed', params: { nodes: 1 } });
    expect(fleet.notes.map(wordAssumption).join('\n')).toMatch(
      /^1 Node\(s\) of the snapshot have no NodeClaim .*not managed by Karpenter/m,
    );
  });

  test('a Nodes-only snapshot: labelled Nodes stand in for NodeClaims, the others are not managed', () => {
    const fleet = parse([nodeObj('n1', KARPENTER), ngNode()]);
    expect(fleet.nodes.map((n) => n.name)).toEqual(['n1']);
    expect(fleet.notManaged!.map((n) => n.name)).toEqual(['ng-1']);
  });

  test('state suite_test.go Context "Unmanaged" "should consider ephemeral taints on an unmanaged node that isn\'t initialized": all 4 kept', () => {
    const taints = [
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      { key: 'node.cloudprovider.kubernetes.io/uninitialized', effect: 'NoSchedule', value: 'true' },
    ];
    const fleet = parse([claimObj('small-1', 'n1'), nodeObj('n1', KARPENTER), ngNode({ taints })]);
    expect(fleet.notManaged![0].scheduling!.taints).toEqual(taints);
    expect(fleet.notManaged![0].scheduling!.initialized).toBe(true);
  });

  test('with pods: the node lists its pods and is a node of the cluster in both states, never leaving', () => {
    const fleet = parse([
      claimObj('small-1', 'n1'),
      nodeObj('n1', KARPENTER),
      ngNode(),
      webPod('web-1', 'n1'),
      webPod('web-2', 'ng-1'),
    ]);
    const state = { workloads: [] };
    const cluster = clusterFor(fleet, state, state, new Set(['small-1', 'ng-1']));
    // small-1 leaves (drift); ng-1 is named in `leaving` too but is no NodeClaim: leaving lists NodeClaim names only.
    expect(cluster.nodes.map((n) => [n.name, n.nodePool, n.managed, n.pods.length])).toEqual([
      ['ng-1', null, false, 1],
    ]);
  });
});

describe('diff with a snapshot that has a managed node group', () => {
  // Pool small: m5.xlarge on-demand with limits cpu 4 — one node's capacity (4 CPU) uses them up.
  const SMALL = nodePool('small', {
    extraSpec: '  limits: { cpu: "4" }\n',
    requirements:
      '        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m5.xlarge"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
  });

  async function plan(replicas: { base: number; head: number }, items: Obj[], extra = '') {
    const tree = (n: number) =>
      new DirTree(
        tempTree({
          'all.yaml': [NODECLASS, SMALL, deployment('web', { replicas: n, cpu: '3', memory: '1Gi' }) + extra].join(
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
    return executePlan({ base: tree(replicas.base), head: tree(replicas.head), config, configFindings: [], cwd: dir });
  }

  test('a pending replica binds to the node group\'s node (7910m − 3000m of web-2 = 4910m ≥ 3000m): no new NodeClaim, "not managed by Karpenter"', async () => {
    // base: web-1 on n1 (small), web-2 on ng-1. head: 3 replicas; n1 has 3920m − 3000m = 920m left, ng-1 4910m.
    const items = [claimObj('small-1', 'n1'), nodeObj('n1', KARPENTER), ngNode(), webPod('web-1', 'n1')];
    items.push(webPod('web-2', 'ng-1'));
    const p = await plan({ base: 2, head: 3 }, items);
    const head = p.fleet.simulated.head;
    expect(head.map((n) => [n.name, n.nodePool, n.allocationStrategy, n.managed, n.pods])).toEqual([
      ['n1', 'small', 'existing', undefined, { 'Deployment/default/web': 1 }],
      ['ng-1', '', 'existing', false, { 'Deployment/default/web': 2 }],
    ]);
    const row = p.workloads.find((w) => w.name === 'web')!;
    // Most of head's pods (2 of 3) run on ng-1: the placement is the node group's, in no NodePool.
    expect(row.head).toMatchObject({ schedulable: true, nodePool: null, managed: false, reason: null });
    expect(p.fleet.nodes).toBe(1);
    expect(p.fleet.notManaged).toBe(1);
    // Never a disruption candidate: nothing of ng-1 is replaced or consolidated.
    expect(p.replacements.map((r) => r.nodeClaim)).not.toContain('ng-1');
    expect(p.assumptions.join('\n')).toMatch(
      /into the fleet snapshot's 1 nodes \(and its 1 not managed by Karpenter\)/,
    );
    const text = renderText(p);
    expect(text).toMatch(/not managed by Karpenter m5\.2xlarge on-demand/);
    expect(text).toMatch(/\(not managed by Karpenter\)/);
  });

  test("its capacity counts against no NodePool's limits: a pod that cannot go there still launches in small (limits 4 − 0)", async () => {
    // ng-1 is tainted (dedicated=system:NoSchedule) and web does not tolerate it; were ng-1's 4 CPU capacity counted
    // against small's limits (4 − 4 = 0), nothing could launch in small.
    const items = [ngNode({ taints: [{ key: 'dedicated', value: 'system', effect: 'NoSchedule' }] }), proxyPod('ng-1')];
    const p = await plan({ base: 0, head: 1 }, items);
    expect(p.assumptions.join('\n')).toMatch(
      /into the fleet snapshot's 0 nodes \(and its 1 not managed by Karpenter\)/,
    );
    const row = p.workloads.find((w) => w.name === 'web')!;
    expect(row.head).toMatchObject({ schedulable: true, nodePool: 'small', instanceType: 'm5.xlarge', reason: null });
    expect(p.fleet.simulated.head.filter((n) => n.allocationStrategy !== 'existing').map((n) => n.nodePool)).toEqual([
      'small',
    ]);
  });
});
