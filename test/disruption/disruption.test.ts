/**
 * What disruption may act on: do-not-disrupt on nodes and pods, PodDisruptionBudgets, terminationGracePeriod, and
 * budgets per reason for consolidation. Each case is named after the Karpenter test it follows
 * (kubernetes-sigs/karpenter pkg/controllers/disruption/suite_test.go "Candidate Filtering", drift_test.go,
 * consolidation_test.go) and asserts the outcome that test asserts.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planReplacements } from '../../src/disruption/replacements.js';
import { candidateBlock, doNotDisruptActive, pdbLimits } from '../../src/disruption/disruptable.js';
import type { Fleet, FleetNode, FleetPod } from '../../src/disruption/fleet.js';
import { disruptionsAllowed, parsePdb } from '../../src/api/pdb.js';
import { parseFleetText } from '../../src/sources/fleet-snapshot.js';
import { runCli } from '../../src/cli/run.js';
import { NODECLASS, nodePool, stateOf } from '../helpers.js';
import { assumption } from '../../src/common/assumptions.js';

const AT = Date.parse('2026-01-05T10:00:00Z');
const OD = '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]';
const fam = (f: string) =>
  `        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["${f}"]`;

function pod(name: string, extra: Partial<FleetPod> = {}): FleetPod {
  return {
    namespace: 'default',
    name,
    count: 1,
    labels: { app: 'web' },
    annotations: {},
    ownerKind: 'ReplicaSet',
    active: true,
    startTime: '2026-01-05T09:00:00Z',
    ...extra,
  };
}

function node(name: string, pods: FleetPod[], extra: Partial<FleetNode> = {}): FleetNode {
  return {
    name,
    nodeName: name,
    nodePool: 'p',
    instanceType: 'c7i.large',
    zone: 'us-east-1a',
    capacityType: 'on-demand',
    labels: {
      'karpenter.sh/nodepool': 'p',
      'karpenter.k8s.aws/instance-family': 'c7i',
      'karpenter.sh/capacity-type': 'on-demand',
      'node.kubernetes.io/instance-type': 'c7i.large',
    },
    annotations: {},
    initialized: true,
    ready: true,
    deleting: false,
    pricePerHour: null,
    pods: pods.length,
    createdAt: null,
    podList: pods,
    ...extra,
  };
}

/** The requirements of NodePool p move from c7i to c8i: every c7i node drifts (RequirementsDrifted). */
function rollout(nodes: FleetNode[], opts: { tgp?: boolean; pdbs?: string[] } = {}) {
  const tgp = opts.tgp ? { extraTemplateSpec: '      terminationGracePeriod: 1h\n' } : {};
  const base = stateOf({
    'a.yaml': [NODECLASS, nodePool('p', { requirements: `${fam('c7i')}\n${OD}`, ...tgp })].join('---\n'),
  });
  const head = stateOf({
    'a.yaml': [NODECLASS, nodePool('p', { requirements: `${fam('c8i')}\n${OD}`, ...tgp })].join('---\n'),
  });
  const fleet: Fleet = { source: 'snapshot', nodes, notes: [] };
  // The manifests' PDBs, with their allowed disruptions computed over the fleet's pods.
  const pdbs = pdbLimits(
    (opts.pdbs ?? []).map((y) => stateOf({ 'p.yaml': y }).pdbs[0]),
    nodes.flatMap((n) => n.podList ?? []),
  );
  return planReplacements(fleet, base, head, {
    pdbs,
    at: AT,
    minutesPerReplacement: 5,
    minutesToInitialize: 2,
    horizonDays: 14,
    slowAfterHours: 24,
  }).pools[0];
}
const pdb = (name: string, spec: string) =>
  `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: { name: ${name}, namespace: default }\nspec:\n  selector: { matchLabels: { app: web } }\n  ${spec}\n`;

describe('drift (an eventual disruption) and what blocks it', () => {
  test('"should ignore nodes with the karpenter.sh/do-not-disrupt annotation set to true": blocked, even with a terminationGracePeriod', () => {
    const r = rollout([node('a', [pod('x')], { doNotDisrupt: true }), node('b', [pod('y')])], { tgp: true });
    expect(r.blocked).toEqual({
      nodes: 1,
      because: ['disruption is blocked through the "karpenter.sh/do-not-disrupt" annotation (Node=a)'],
    });
    expect(r.nodesDrifted).toBe(1); // only b is replaced
    expect(r.budget!.verdict).toBe('blocked');
    expect(r.rollout!.note).toMatch(/1 of 2 drifted nodes cannot be disrupted/);
  });

  test('"should not create replacements for drifted nodes that have pods with the karpenter.sh/do-not-disrupt annotation set to true" (no terminationGracePeriod)', () => {
    const r = rollout([node('a', [pod('x', { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } })])]);
    expect(r.blocked?.because).toEqual(['pod has "karpenter.sh/do-not-disrupt" annotation (Pod=default/x)']);
    expect(r.nodesDrifted).toBe(0);
  });

  test('"should consider candidates that have do-not-disrupt pods scheduled with a terminationGracePeriod set for eventual disruption"', () => {
    const r = rollout([node('a', [pod('x', { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } })])], {
      tgp: true,
    });
    expect(r.blocked).toBeNull();
    expect(r.nodesDrifted).toBe(1);
  });

  test('"should drift nodes with pods that have an invalid do-not-disrupt annotation format", and "false" on the node does not block', () => {
    const r = rollout([
      node('a', [pod('x', { annotations: { 'karpenter.sh/do-not-disrupt': 'soon' } })]),
      node('b', [pod('y')], { doNotDisrupt: false }),
    ]);
    expect(r.blocked).toBeNull();
    expect(r.nodesDrifted).toBe(2);
  });

  test('"should not drift nodes with pods that have a duration-based do-not-disrupt annotation that is still active" (2m after a start 1 minute ago), and drifts once it expired', () => {
    const p = pod('x', { annotations: { 'karpenter.sh/do-not-disrupt': '2m' }, startTime: '2026-01-05T09:59:00Z' });
    expect(doNotDisruptActive(p, AT)).toBe(true);
    expect(doNotDisruptActive(p, AT + 2 * 60_000)).toBe(false); // started 3 minutes before
    expect(rollout([node('a', [p])]).blocked?.nodes).toBe(1);
  });

  test('"should consider candidates that have do-not-disrupt terminal pods"', () => {
    const r = rollout([
      node('a', [pod('x', { active: false, annotations: { 'karpenter.sh/do-not-disrupt': 'true' } })]),
    ]);
    expect(r.blocked).toBeNull();
  });

  test('"should not consider candidates that have fully blocking PDBs": maxUnavailable 0', () => {
    const r = rollout([node('a', [pod('x')])], { pdbs: [pdb('web', 'maxUnavailable: 0')] });
    expect(r.blocked?.because).toEqual(['pdb prevents pod evictions (PodDisruptionBudget=[default/web])']);
  });

  test('"should not consider candidates that have multiple PDBs on the same pod"', () => {
    const r = rollout([node('a', [pod('x'), pod('y')])], {
      pdbs: [pdb('one', 'maxUnavailable: 1'), pdb('two', 'maxUnavailable: 1')],
    });
    expect(r.blocked?.because[0]).toMatch(
      /^eviction does not support multiple PDBs \(PodDisruptionBudget=\[default\/one, default\/two\]\)$/,
    );
  });

  test('"should consider candidates that have PDB-blocked pods scheduled with a terminationGracePeriod set for eventual disruption"', () => {
    const r = rollout([node('a', [pod('x')])], { tgp: true, pdbs: [pdb('web', 'maxUnavailable: 0')] });
    expect(r.blocked).toBeNull();
  });

  test('a PDB that still allows a disruption does not block (minAvailable 1 of 2 healthy → 1 allowed)', () => {
    const r = rollout([node('a', [pod('x')]), node('b', [pod('y')])], { pdbs: [pdb('web', 'minAvailable: 1')] });
    expect(r.blocked).toBeNull();
  });

  test('graceful disruption (consolidation) is blocked by pods even with a terminationGracePeriod ("does not consolidate nodes with karpenter.sh/do-not-disrupt set to true on pods when the NodePool\'s TerminationGracePeriod is not nil")', () => {
    const n = node('a', [pod('x', { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } })]);
    expect(candidateBlock(n, [], AT, 'graceful', true)?.code).toBe('pod-do-not-disrupt');
    expect(candidateBlock(n, [], AT, 'eventual', true)).toBeNull();
  });
});

describe('PodDisruptionBudget status as the disruption controller computes it (kubernetes pkg/controller/disruption/disruption.go)', () => {
  const spec = (s: Record<string, unknown>) => parsePdb({ metadata: { name: 'x' }, spec: { selector: {}, ...s } })!;
  test.each([
    // minAvailable 2 of 3 healthy → 3 − 2 = 1
    [{ minAvailable: 2 }, 3, 1],
    // maxUnavailable 50% of 3 rounds up to 2 → desired 1 → 3 − 1 = 2
    [{ maxUnavailable: '50%' }, 3, 2],
    // minAvailable 100% → desired 3 → 0
    [{ minAvailable: '100%' }, 3, 0],
    // maxUnavailable 0 → desired 3 → 0
    [{ maxUnavailable: 0 }, 3, 0],
    // minAvailable larger than the pods → never negative
    [{ minAvailable: 5 }, 3, 0],
  ])('%j with %d healthy pods → %d allowed', (s, n, allowed) => {
    expect(disruptionsAllowed(spec(s), n, n)).toBe(allowed);
  });
});

describe('fleet snapshots with pods and PDBs (kubectl get nodeclaims,nodes,pods,pdb -A -o json)', () => {
  test('pods join their nodes; a PDB status is used as is; do-not-disrupt on the Node is read', () => {
    const list = {
      kind: 'List',
      items: [
        {
          kind: 'Node',
          metadata: {
            name: 'ip-a',
            labels: { 'karpenter.sh/nodepool': 'p', 'karpenter.sh/initialized': 'true' },
            annotations: { 'karpenter.sh/do-not-disrupt': 'true' },
          },
          status: { conditions: [{ type: 'Ready', status: 'True' }] },
        },
        {
          kind: 'Pod',
          metadata: {
            name: 'w-1',
            namespace: 'default',
            labels: { app: 'web' },
            ownerReferences: [{ kind: 'ReplicaSet' }],
          },
          spec: { nodeName: 'ip-a' },
          status: { phase: 'Running' },
        },
        {
          kind: 'Pod',
          metadata: { name: 'ds-1', namespace: 'kube-system', ownerReferences: [{ kind: 'DaemonSet' }] },
          spec: { nodeName: 'ip-a' },
          status: { phase: 'Running' },
        },
        {
          kind: 'PodDisruptionBudget',
          metadata: { name: 'web', namespace: 'default' },
          spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
          status: { disruptionsAllowed: 0 },
        },
      ],
    };
    const fleet = parseFleetText('fleet.json', JSON.stringify(list), []);
    expect(fleet.nodes).toHaveLength(1);
    expect(fleet.nodes[0].doNotDisrupt).toBe(true);
    expect(fleet.nodes[0].podList!.map((p) => p.name)).toEqual(['w-1', 'ds-1']);
    expect(fleet.nodes[0].pods).toBe(1); // the daemonset pod does not move
    expect(fleet.pdbs).toEqual([expect.objectContaining({ name: 'web', disruptionsAllowed: 0 })]);
    expect(fleet.notes).not.toContainEqual(assumption('fleet-snapshot-no-pods'));
  });
});

describe('consolidation honours budgets per reason and what blocks graceful disruption (consolidation_test.go)', () => {
  function overlayExample(edit: (side: 'base' | 'head', file: string, text: string) => string): [string, string] {
    const out: string[] = [];
    for (const side of ['base', 'head'] as const) {
      const dir = mkdtempSync(join(tmpdir(), `kp-cons-${side}-`));
      cpSync(`examples/node-overlay/${side}`, dir, { recursive: true });
      for (const f of ['nodepools.yaml', 'workloads.yaml']) {
        const p = join(dir, f);
        writeFileSync(p, edit(side, f, readFileSync(p, 'utf8')));
      }
      out.push(dir);
    }
    return [out[0], out[1]];
  }
  async function plan(base: string, head: string) {
    const r = await runCli([
      'diff',
      '--base',
      base,
      '--head',
      head,
      '--format',
      'json',
      '--at',
      '2026-01-05T10:00:00Z',
    ]);
    return JSON.parse(r.stdout) as {
      replacements: { reason: string }[];
      nodePools: { name: string; consolidationBlocked?: { nodes: number; because: string[] } | null }[];
    };
  }
  const consolidations = (p: Awaited<ReturnType<typeof plan>>) =>
    p.replacements.filter((r) => r.reason === 'Consolidation');
  const blockedOf = (p: Awaited<ReturnType<typeof plan>>) =>
    p.nodePools.flatMap((n) => (n.consolidationBlocked ? [n.consolidationBlocked] : []));

  test('the unmodified example consolidates one node (the reference)', async () => {
    const p = await plan(...overlayExample((_s, _f, t) => t));
    expect(consolidations(p)).toHaveLength(1);
    expect(blockedOf(p)).toEqual([]);
  });

  test('"should allow no nodes from each nodePool to be deleted": a budget of 0 for Underutilized blocks the move', async () => {
    const p = await plan(
      ...overlayExample((side, f, t) =>
        side === 'head' && f === 'nodepools.yaml'
          ? t.replace(
              /budgets:\n(\s+)- nodes: "10%"/g,
              'budgets:\n$1- nodes: "10%"\n$1- nodes: "0"\n$1  reasons: [Underutilized]',
            )
          : t,
      ),
    );
    expect(consolidations(p)).toEqual([]);
    expect(blockedOf(p)).toEqual([
      { nodes: 1, because: ["the NodePool's budgets allow no Underutilized disruption now"] },
    ]);
  });

  test('"can replace nodes, considers PDB": a PDB allowing no disruption of the node\'s pods blocks the move', async () => {
    const pdbYaml =
      '---\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: { name: all, namespace: shop }\nspec:\n  maxUnavailable: 0\n  selector: {}\n';
    const p = await plan(
      ...overlayExample((side, f, t) => (side === 'head' && f === 'workloads.yaml' ? t + pdbYaml : t)),
    );
    expect(consolidations(p)).toEqual([]);
    expect(blockedOf(p)).toEqual([
      { nodes: 1, because: ['pdb prevents pod evictions (PodDisruptionBudget=[shop/all])'] },
    ]);
  });

  test('"can replace nodes, considers karpenter.sh/do-not-disrupt set to true on pods"', async () => {
    const p = await plan(
      ...overlayExample((side, f, t) =>
        side === 'base' && f === 'workloads.yaml'
          ? t.replace(
              /template:\n(\s+)metadata: \{ labels: \{ app: (\w+) \} \}/g,
              "template:\n$1metadata: { labels: { app: $2 }, annotations: { karpenter.sh/do-not-disrupt: 'true' } }",
            )
          : t,
      ),
    );
    expect(consolidations(p)).toEqual([]);
    expect(blockedOf(p)[0].because[0]).toMatch(/^pod has "karpenter.sh\/do-not-disrupt" annotation/);
  });
});

describe("consolidation on a snapshot fleet whose pods are listed (consolidation.go computeConsolidation over the node's reschedulable pods)", () => {
  // One r7i.4xlarge running four `search` pods (3 CPU, 24Gi each: 12 CPU, 96Gi, which only a 128Gi 4xlarge of the
  // r family holds; r7i.4xlarge is the cheapest in base, so base has no move) and a daemonset pod. Head's NodeOverlay
  // raises r7i prices by 20%: 1.0584 × 1.2 = 1.27008/h as Karpenter sees it, above r8i.4xlarge's 1.11136/h, so the
  // node is replaced by the strictly cheaper r8i.
  const snapshot = (withPods: boolean) => {
    const node = {
      kind: 'Node',
      metadata: {
        name: 'ip-1',
        labels: {
          'karpenter.sh/nodepool': 'intel-general',
          'karpenter.sh/initialized': 'true',
          'node.kubernetes.io/instance-type': 'r7i.4xlarge',
          'topology.kubernetes.io/zone': 'ap-northeast-2a',
          'karpenter.sh/capacity-type': 'on-demand',
          'karpenter.k8s.aws/instance-family': 'r7i',
          'karpenter.k8s.aws/instance-size': '4xlarge',
        },
      },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    };
    const pod = (
      name: string,
      owner: { kind: string; name: string },
      ns: string,
      requests: Record<string, string>,
      labels: Record<string, string>,
    ) => ({
      kind: 'Pod',
      metadata: { name, namespace: ns, labels, ownerReferences: [owner] },
      spec: { nodeName: 'ip-1', containers: [{ name: 'c', image: 'x', resources: { requests } }] },
      status: { phase: 'Running', startTime: '2026-01-01T00:00:00Z' },
    });
    const items: unknown[] = [node];
    if (withPods)
      items.push(
        ...['a', 'b', 'c', 'd'].map((x) =>
          pod(
            `search-${x}`,
            { kind: 'ReplicaSet', name: 'search-5d' },
            'shop',
            { cpu: '3', memory: '24Gi' },
            { app: 'search' },
          ),
        ),
        pod(
          'exporter-x',
          { kind: 'DaemonSet', name: 'node-exporter' },
          'monitoring',
          { cpu: '100m', memory: '128Mi' },
          {},
        ),
      );
    const dir = mkdtempSync(join(tmpdir(), 'kp-snap-'));
    writeFileSync(join(dir, 'fleet.json'), JSON.stringify({ kind: 'List', items }));
    return join(dir, 'fleet.json');
  };
  const run = async (fleet: string) =>
    JSON.parse(
      (
        await runCli([
          'diff',
          '--base',
          'examples/node-overlay/base',
          '--head',
          'examples/node-overlay/head',
          '--fleet',
          fleet,
          '--format',
          'json',
          '--at',
          '2026-01-05T10:00:00Z',
        ])
      ).stdout,
    ) as {
      replacements: { nodeClaim: string; reason: string; consolidation?: { toInstanceType: string } }[];
      assumptions: string[];
    };
  test('pods listed: the node is replaced by r8i.4xlarge', async () => {
    const p = await run(snapshot(true));
    const c = p.replacements.filter((r) => r.reason === 'Consolidation');
    expect(c.map((r) => [r.nodeClaim, r.consolidation!.toInstanceType])).toEqual([['ip-1', 'r8i.4xlarge']]);
  });
  test('no pods in the snapshot: nothing is estimated and the assumptions say why', async () => {
    const p = await run(snapshot(false));
    expect(p.replacements.filter((r) => r.reason === 'Consolidation')).toEqual([]);
    expect(p.assumptions.join(' ')).toMatch(/Consolidation: not estimated for this fleet: the snapshot lists no Pods/);
  });
});

describe('pdbLimits: a PDB counts the pods of its own namespace', () => {
  // kubernetes pkg/controller/disruption/disruption.go getPodsForPdb lists pods in the PDB's namespace only: two
  // `app: web` pods in `a` and two in `b`; the PDB in `a` with minAvailable 1 expects 2, keeps 1, allows 2 − 1 = 1 (with
  // b's pods counted it would allow 4 − 1 = 3).
  test('minAvailable 1 over the two pods of its namespace allows 1', () => {
    const spec = parsePdb({
      metadata: { name: 'web', namespace: 'a' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
    })!;
    const pods = ['a', 'b', 'a', 'b'].map((namespace, i) => pod(`w${i}`, { namespace }));
    expect(pdbLimits([spec], pods).map((p) => p.disruptionsAllowed)).toEqual([1]);
  });
});
