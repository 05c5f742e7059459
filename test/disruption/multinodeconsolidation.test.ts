/**
 * Multi-node consolidation and deletion (karpenter pkg/controllers/disruption/multinodeconsolidation.go,
 * singlenodeconsolidation.go, consolidation.go computeConsolidation). Each case follows a test of
 * pkg/controllers/disruption/consolidation_test.go (v1.14.0), named in the test, with the outcome that test asserts.
 *
 * Shape: a fleet snapshot listing Nodes and their Pods (each pod owned by a ReplicaSet, its requests given); base's
 * NodePool consolidates only empty nodes (WhenEmpty), head's underutilized ones too (WhenEmptyOrUnderutilized), so
 * every command is one head makes possible and base does not. Prices are the embedded catalog's us-east-1 on-demand
 * figures (c7i.large 0.08925/h, c7i.xlarge 0.1785/h, c7i.2xlarge 0.357/h).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { nodePoolNotes } from '../../src/report/replacements.js';
import { NODECLASS, nodePool } from '../helpers.js';

interface SnapNode {
  name: string;
  type: string;
  pods: { cpu: string; annotations?: Record<string, string> }[];
  initialized?: boolean;
}

function snapshot(nodes: SnapNode[], extra: unknown[] = []): string {
  const items: unknown[] = [...extra];
  for (const n of nodes) {
    const [family, size] = n.type.split('.');
    const labels = {
      'karpenter.sh/nodepool': 'general',
      'kubernetes.io/hostname': n.name,
      'node.kubernetes.io/instance-type': n.type,
      'topology.kubernetes.io/zone': 'us-east-1a',
      'karpenter.sh/capacity-type': 'on-demand',
      'karpenter.k8s.aws/instance-family': family,
      'karpenter.k8s.aws/instance-size': size,
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/os': 'linux',
    };
    const initialized = n.initialized !== false;
    items.push(
      {
        apiVersion: 'karpenter.sh/v1',
        kind: 'NodeClaim',
        metadata: { name: n.name, labels, creationTimestamp: '2026-01-02T08:00:00Z' },
        status: {
          providerID: `aws:///us-east-1a/i-${n.name}`,
          nodeName: n.name,
          conditions: [
            { type: 'Launched', status: 'True' },
            { type: 'Registered', status: 'True' },
            { type: 'Initialized', status: initialized ? 'True' : 'False' },
          ],
        },
      },
      {
        kind: 'Node',
        metadata: {
          name: n.name,
          labels: {
            ...labels,
            'karpenter.sh/registered': 'true',
            ...(initialized ? { 'karpenter.sh/initialized': 'true' } : {}),
          },
        },
        spec: { providerID: `aws:///us-east-1a/i-${n.name}` },
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      },
    );
    n.pods.forEach((p, i) =>
      items.push({
        kind: 'Pod',
        metadata: {
          name: `web-${n.name}-${i}`,
          namespace: 'default',
          labels: { app: 'web' },
          annotations: p.annotations ?? {},
          ownerReferences: [{ kind: 'ReplicaSet', name: 'web-5d' }],
        },
        spec: {
          nodeName: n.name,
          containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: p.cpu, memory: '128Mi' } } }],
        },
        status: { phase: 'Running', startTime: '2026-01-01T00:00:00Z' },
      }),
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'kp-multi-'));
  writeFileSync(join(dir, 'fleet.json'), JSON.stringify({ kind: 'List', items }));
  return join(dir, 'fleet.json');
}

const REQS = (types: string[]) =>
  `        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]\n        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ${JSON.stringify(types)}`;

function states(types: string[], budget = '100%'): [string, string] {
  const out: string[] = [];
  for (const policy of ['WhenEmpty', 'WhenEmptyOrUnderutilized']) {
    const dir = mkdtempSync(join(tmpdir(), 'kp-multi-state-'));
    writeFileSync(
      join(dir, 'karpenter.yaml'),
      `${NODECLASS}---\n${nodePool('general', {
        requirements: REQS(types),
        extraSpec: `  disruption:\n    consolidationPolicy: ${policy}\n    consolidateAfter: 0s\n    budgets: [{ nodes: "${budget}" }]\n`,
      })}`,
    );
    out.push(dir);
  }
  return [out[0], out[1]];
}

interface PlanOut {
  replacements: {
    nodeClaim: string;
    reason: string;
    consolidation?: {
      toInstanceType: string | null;
      toPrice: number;
      fromPrice: number;
      command?: { method: string; decision: string; nodes: string[] };
    };
  }[];
  nodePools: { name: string; consolidationBlocked?: { nodes: number; because: string[] } | null }[];
  summary: { nodesConsolidated?: number; fleet?: { nodes: { base: number; head: number } } };
  assumptions: string[];
  consolidationCommands?: Plan['consolidationCommands'];
}

async function plan([base, head]: [string, string], fleet: string): Promise<PlanOut> {
  const r = await runCli([
    'diff',
    '--base',
    base,
    '--head',
    head,
    '--fleet',
    fleet,
    '--format',
    'json',
    '--at',
    '2026-01-05T10:00:00Z',
  ]);
  return JSON.parse(r.stdout) as PlanOut;
}

const consolidated = (p: PlanOut) => p.replacements.filter((r) => r.reason === 'Consolidation');

describe('Multi-NodeClaim (consolidation_test.go Context "Multi-NodeClaim")', () => {
  test('"can merge 3 nodes into 1": three c7i.2xlarge with one 1-CPU pod each become one c7i.xlarge', async () => {
    // Binary search over 3 candidates (min 1, max 2): N=2 → the two nodes' pods fit on the third: a deletion, valid;
    // N=3 → no other node, one NodeClaim for 3 × 1 CPU: c7i.xlarge (4 vCPU) at 0.1785/h < 3 × 0.357/h; c7i.2xlarge is
    // among the options and a candidate's type, so filterOutSameInstanceType keeps only types below 0.357/h.
    const p = await plan(
      states(['c7i.large', 'c7i.xlarge', 'c7i.2xlarge']),
      snapshot(['a', 'b', 'c'].map((name) => ({ name, type: 'c7i.2xlarge', pods: [{ cpu: '1' }] }))),
    );
    const c = consolidated(p);
    expect(c.map((r) => r.nodeClaim)).toEqual(['a', 'b', 'c']);
    for (const r of c) {
      expect(r.consolidation!.command).toEqual({ method: 'multi', decision: 'replace', nodes: ['a', 'b', 'c'] });
      expect(r.consolidation!.toInstanceType).toBe('c7i.xlarge');
    }
    expect(p.summary.nodesConsolidated).toBe(3);
    // Three nodeclaims replaced with a single nodeclaim: 3 → 1.
    expect(p.summary.fleet!.nodes).toEqual({ base: 3, head: 1 });
    // The plan lists the command once, its price the three nodes' summed (3 × 0.357/h = 1.071/h); the report only
    // formats that entry, at its first node.
    expect(p.consolidationCommands).toEqual([
      {
        method: 'multi',
        decision: 'replace',
        nodes: ['a', 'b', 'c'].map((n) => ({ nodeClaim: n, nodePool: 'general', instanceType: 'c7i.2xlarge' })),
        fromPrice: expect.closeTo(1.071, 9),
        toInstanceType: 'c7i.xlarge',
        toCapacityType: 'on-demand',
        toPrice: 0.1785,
      },
    ]);
    expect(nodePoolNotes(p as unknown as Plan, [])).toEqual([
      'consolidation: 3 nodes <code>a</code> (<code>general</code>, <code>c7i.2xlarge</code>), <code>b</code> (<code>general</code>, <code>c7i.2xlarge</code>), <code>c</code> (<code>general</code>, <code>c7i.2xlarge</code>), priced $1.07/h together by Karpenter: one <code>c7i.xlarge</code> on-demand at $0.1785/h takes all their pods and is strictly cheaper, so multi-node consolidation replaces them with it (budget reason Underutilized).',
    ]);
  });

  test('"won\'t merge 2 nodes into 1 of the same type": the node with the fewest pods is deleted instead', async () => {
    // Two c7i.large (1 and 2 pods of 250m). Multi-node: both → one NodeClaim whose cheapest option is c7i.large, a
    // candidate's type, and nothing is cheaper than 0.08925/h (c7i.xlarge at 0.1785/h is not even below the sum): no
    // command. Single-node: n0 first (price / (1 + 1 pod) > price / (1 + 2 pods)); its pod fits on n1: deleted.
    const p = await plan(
      states(['c7i.large', 'c7i.xlarge']),
      snapshot([
        { name: 'n0', type: 'c7i.large', pods: [{ cpu: '250m' }] },
        { name: 'n1', type: 'c7i.large', pods: [{ cpu: '250m' }, { cpu: '250m' }] },
      ]),
    );
    const c = consolidated(p);
    expect(c.map((r) => [r.nodeClaim, r.consolidation!.command])).toEqual([
      ['n0', { method: 'single', decision: 'delete', nodes: ['n0'] }],
    ]);
    expect(c[0].consolidation!.toInstanceType).toBeNull();
    expect(c[0].consolidation!.toPrice).toBe(0);
    expect(p.summary.fleet!.nodes).toEqual({ base: 2, head: 1 });
    // A deletion is a command of its own in the plan: n0's price (c7i.large, 0.08925/h), no replacement.
    expect(p.consolidationCommands).toEqual([
      {
        method: 'single',
        decision: 'delete',
        nodes: [{ nodeClaim: 'n0', nodePool: 'general', instanceType: 'c7i.large' }],
        fromPrice: 0.08925,
        toInstanceType: null,
        toCapacityType: null,
        toPrice: 0,
      },
    ]);
    // 0.08925 is just below its decimal in binary: (0.08925).toFixed(4) is 0.0892.
    expect(nodePoolNotes(p as unknown as Plan, [])).toEqual([
      'consolidation: <code>n0</code> (<code>general</code>, <code>c7i.large</code>), priced $0.0892/h by Karpenter: their pods fit on the other existing nodes, so single-node consolidation deletes it without a replacement (budget reason Underutilized).',
    ]);
  });
});

describe('Delete (consolidation_test.go Context "Delete")', () => {
  test('"can delete nodes": pods 2 + 1 on two nodes, the one-pod node is deleted, its pod fits on the other', async () => {
    const p = await plan(
      states(['c7i.large']),
      snapshot([
        { name: 'n0', type: 'c7i.large', pods: [{ cpu: '100m' }, { cpu: '100m' }] },
        { name: 'n1', type: 'c7i.large', pods: [{ cpu: '100m' }] },
      ]),
    );
    expect(consolidated(p).map((r) => [r.nodeClaim, r.consolidation!.command?.decision])).toEqual([['n1', 'delete']]);
  });

  test('"can delete nodes, considers karpenter.sh/do-not-disrupt set to true on pods": the other node goes', async () => {
    // n1's only pod has do-not-disrupt: n1 is no candidate; n0's two pods move onto n1 and n0 is deleted.
    const p = await plan(
      states(['c7i.large']),
      snapshot([
        { name: 'n0', type: 'c7i.large', pods: [{ cpu: '100m' }, { cpu: '100m' }] },
        {
          name: 'n1',
          type: 'c7i.large',
          pods: [{ cpu: '100m', annotations: { 'karpenter.sh/do-not-disrupt': 'true' } }],
        },
      ]),
    );
    expect(consolidated(p).map((r) => [r.nodeClaim, r.consolidation!.command?.decision])).toEqual([['n0', 'delete']]);
    // Without the block n1 (one pod: the better savings ratio) would have been deleted: reported as blocked.
    const blocked = p.nodePools.find((n) => n.name === 'general')!.consolidationBlocked!;
    expect(blocked.nodes).toBe(1);
    expect(blocked.because[0]).toMatch(/^pod has "karpenter.sh\/do-not-disrupt" annotation/);
  });

  test('"won\'t delete node if it would require pods to schedule on an uninitialized node"', async () => {
    // n0 is not initialized (no candidate, and a destination that fails the command: UninitializedNodeError).
    const p = await plan(
      states(['c7i.large']),
      snapshot([
        { name: 'n0', type: 'c7i.large', pods: [{ cpu: '100m' }, { cpu: '100m' }], initialized: false },
        { name: 'n1', type: 'c7i.large', pods: [{ cpu: '100m' }] },
      ]),
    );
    expect(consolidated(p)).toEqual([]);
  });

  test('"can delete nodes, when non-Karpenter capacity can fit pods": the NodeClaim\'s 3 pods move to the unmanaged node', async () => {
    // The test's unmanaged Node: no NodeClaim, no karpenter.sh/nodepool label, allocatable 32 CPU and 100 pods (the
    // test's pods request nothing; these request 100m CPU and 128Mi memory each, so the Node also lists 64Gi memory).
    // 3 × 100m = 300m ≤ 32 CPU: n0 is deleted; the unmanaged node is never a candidate (helpers.go GetCandidates).
    const unmanaged = {
      kind: 'Node',
      metadata: { name: 'unmanaged', labels: { 'kubernetes.io/hostname': 'unmanaged' } },
      spec: { providerID: 'aws:///us-east-1a/i-unmanaged' },
      status: {
        allocatable: { cpu: '32', memory: '64Gi', pods: '100' },
        conditions: [{ type: 'Ready', status: 'True' }],
      },
    };
    const n0 = { name: 'n0', type: 'c7i.large', pods: [{ cpu: '100m' }, { cpu: '100m' }, { cpu: '100m' }] };
    const p = await plan(states(['c7i.large']), snapshot([n0], [unmanaged]));
    expect(consolidated(p).map((r) => [r.nodeClaim, r.consolidation!.command?.decision])).toEqual([['n0', 'delete']]);
    // "we can fit all of our pod capacity on the unmanaged node": no NodeClaim left.
    expect(p.summary.fleet!.nodes).toEqual({ base: 1, head: 0 });
    // Without it, n0's pods have nowhere cheaper to go (c7i.large is the only type): no command.
    expect(consolidated(await plan(states(['c7i.large']), snapshot([n0])))).toEqual([]);
  });
});

describe('Single-node candidates beyond the first 100 (rescheduled onto one new node only)', () => {
  test('each of 110 m5.2xlarge nodes with a 6-CPU pod is replaced by a c5.2xlarge, the last 10 too', async () => {
    // No pod fits beside another (8 vCPU each, 6 taken), and two pods need 16 vCPU: no multi-node command is cheaper
    // than the nodes it removes. Each node alone: its pod fits a c5.2xlarge ($0.34/h) cheaper than the m5.2xlarge
    // ($0.384/h). The first 100 candidates are simulated with the cluster, the next 10 onto a new node only
    // (MAX_SINGLE_NODE_WITH_CLUSTER): each is a command all the same, and the assumptions count those 10.
    const nodes = Array.from({ length: 110 }, (_, i) => ({
      name: `n${String(i).padStart(3, '0')}`,
      type: 'm5.2xlarge',
      pods: [{ cpu: '6' }],
    }));
    const p = await plan(states(['m5.2xlarge', 'c5.2xlarge']), snapshot(nodes));
    const replaced = consolidated(p);
    expect(replaced).toHaveLength(110);
    expect(new Set(replaced.map((r) => r.consolidation?.toInstanceType))).toEqual(new Set(['c5.2xlarge']));
    expect(p.assumptions.join('\n')).toContain('10 single-node candidate(s) beyond the first 100');
  });
});

describe('Budgets (consolidation_test.go Context "Budgets")', () => {
  test('"should only allow 3 nodes to be deleted in multi node consolidation delete": budget 30% of 10 nodes', async () => {
    // Ten c7i.large with one 100m pod each; all pods would fit on one node, but 30% of 10 = 3 candidates pass the
    // budget pre-filter: one multi-node deletion of 3 nodes (their pods onto the other 7), then no budget is left.
    const names = Array.from({ length: 10 }, (_, i) => `n${i}`);
    const p = await plan(
      states(['c7i.large'], '30%'),
      snapshot(names.map((name) => ({ name, type: 'c7i.large', pods: [{ cpu: '100m' }] }))),
    );
    const c = consolidated(p);
    expect(c).toHaveLength(3);
    expect(c[0].consolidation!.command).toEqual({ method: 'multi', decision: 'delete', nodes: ['n0', 'n1', 'n2'] });
    // Ten nodeclaims, three deleted: 7 remain.
    expect(p.summary.fleet!.nodes).toEqual({ base: 10, head: 7 });
    expect(p.nodePools.find((n) => n.name === 'general')!.consolidationBlocked!.because).toEqual([
      "the NodePool's budgets allow 3 Underutilized disruption(s) now, taken by other consolidation commands (those listed, or ones Karpenter makes without this change)",
    ]);
  });
});
