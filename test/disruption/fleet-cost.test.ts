/**
 * Issue 12: the numbers describe the fleet that exists, and probes are labelled as probes.
 * - With a fleet snapshot, the headline prices the snapshot's nodes (by instance type, zone and capacity type) and
 *   applies the replacements the model predicts.
 * - Probe pods stand in for workloads only where none exercises a NodePool, in their own section; a Deployment
 *   scaled to 0 (the `inflate` example of the public getting-started guides) does not count as a workload.
 */
import { runCli } from '../../src/cli/run.js';
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { NODECLASS, deployment, nodePool, tempTree } from '../helpers.js';

const AT = ['--at', '2026-01-05T10:00:00Z'];
const price = (t: string) => embeddedCatalog().byName.get(t)!.price!;

describe('the headline prices the fleet snapshot', () => {
  test('drift-budgets: 6 m6i.xlarge drift to m7i.xlarge; 4 m7i.xlarge stay', async () => {
    const args = ['diff', '--base', 'examples/drift-budgets/base', '--head', 'examples/drift-budgets/head'];
    const fleet = ['--fleet', 'examples/drift-budgets/fleet.json', ...AT];
    const plan = JSON.parse((await runCli([...args, ...fleet, '--format', 'json'])).stdout);
    // The snapshot: 6 × m6i.xlarge and 4 × m7i.xlarge, all on-demand. Head drops m6i from the NodePool; the snapshot
    // lists no pods, so each drifted node is priced as the cheapest type head's pool launches with at least its
    // 4 vCPUs and 16 GiB: m7i.xlarge.
    const base = 6 * price('m6i.xlarge') + 4 * price('m7i.xlarge');
    const head = 10 * price('m7i.xlarge');
    expect(plan.summary.fleet).toEqual({
      nodes: { base: 10, head: 10 },
      hourlyCost: { base: Math.round(base * 1e6) / 1e6, head: Math.round(head * 1e6) / 1e6 },
      unpriced: 0,
      estimated: 6,
      noReplacement: 0,
    });
    const md = (await runCli([...args, ...fleet])).stdout;
    const delta = head - base;
    // The headline states the fleet's monthly change; the consequence line under it, the hourly figures.
    expect(md.split('\n')[2]).toContain(`+$${(delta * 730).toFixed(2)}/month`);
    expect(md).toContain(
      `Fleet cost +$${(delta * 730).toFixed(2)}/month ($${base.toFixed(2)}/h → $${head.toFixed(2)}/h, +$${delta.toFixed(4)}/h)`,
    );
    // What the simulation launches for the workloads is still shown, next to them.
    expect(md).toMatch(
      /<b>Fleet outcome<\/b>: 1 of 1 workloads change · simulated launch for the workloads \(not the fleet\): \$2\.30\/h → \$2\.42\/h/,
    );
    expect(plan.assumptions.join('\n')).toMatch(/Fleet cost: each of the 10 node\(s\) of the snapshot priced/);
    // The same decisions give the snapshot's composition: 6 m6i (gen 6) + 4 m7i (gen 7) → 10 m7i.
    expect(plan.fleet.snapshot).toEqual({
      composition: { base: { m6i: 6, m7i: 4 }, head: { m7i: 10 } },
      generations: { base: { 'gen 6': 6, 'gen 7': 4 }, head: { 'gen 7': 10 } },
    });
  });
  test('without a snapshot, the headline cost is the simulated fleet of the workloads (no fleet figures)', async () => {
    const plan = JSON.parse(
      (
        await runCli([
          'diff',
          '--base',
          'examples/drift-budgets/base',
          '--head',
          'examples/drift-budgets/head',
          '--format',
          'json',
          ...AT,
        ])
      ).stdout,
    );
    expect(plan.summary.fleet).toBeUndefined();
    expect(plan.summary.hourlyCost.base).toBeCloseTo(12 * price('m6i.xlarge'), 6);
  });
});

describe('probe pods are labelled and only stand in where no workload is', () => {
  const pools = [
    NODECLASS,
    nodePool('a', {
      requirements:
        '        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["m7i"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
    }),
    nodePool('b', {
      extraTemplateSpec: '      taints: [{ key: team, value: b, effect: NoSchedule }]\n',
      requirements:
        '        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["c7i"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
    }),
  ];
  test('a Deployment scaled to 0 (inflate) does not suppress the probes; there is then no workload cost', async () => {
    const dir = tempTree({ 'a.yaml': [...pools, deployment('inflate', { replicas: 0 })].join('---\n') });
    const plan = JSON.parse((await runCli(['simulate', dir, '--format', 'json'])).stdout);
    expect(
      plan.workloads
        .filter((w: { probe?: boolean }) => w.probe)
        .map((w: { name: string }) => w.name)
        .sort(),
    ).toEqual(['large', 'medium', 'pool-a', 'pool-b', 'small']);
    expect(plan.summary.hourlyCost.head).toBeNull();
    const md = (await runCli(['simulate', dir, '--format', 'markdown'])).stdout;
    expect(md).toMatch(/no workloads \(probe pods only\)/);
    expect(md).toMatch(/<b>What each NodePool would launch<\/b> \(probe pods\)/);
  });
  test('a pool no workload lands on gets its own probe, apart from the fleet and the cost of the workloads', async () => {
    const dir = tempTree({
      'a.yaml': [...pools, deployment('web', { replicas: 2, cpu: '1', memory: '2Gi' })].join('---\n'),
    });
    const plan = JSON.parse((await runCli(['simulate', dir, '--format', 'json'])).stdout);
    const probes = plan.workloads.filter((w: { probe?: boolean }) => w.probe);
    expect(probes.map((w: { name: string }) => w.name)).toEqual(['pool-b']);
    expect(probes[0].head).toMatchObject({ nodePool: 'b', schedulable: true });
    // The simulated fleet and its cost are the workload's nodes only (pool a).
    const nodes = plan.fleet.simulated.head as { nodePool: string; pricePerHour: number }[];
    expect(new Set(nodes.map((n) => n.nodePool))).toEqual(new Set(['a']));
    expect(plan.summary.hourlyCost.head).toBeCloseTo(
      nodes.reduce((s, n) => s + n.pricePerHour, 0),
      6,
    );
    expect(plan.summary.workloadsChanged).toBe(1);
  });
});

// karpenter pkg/controllers/static/provisioning/controller.go Reconcile: a static NodePool keeps spec.replicas
// NodeClaims (capped by limits.nodes); the NodeClaim carries no instance-type cut (nodeclaimtemplate.go ToNodeClaim),
// so the provider launches the cheapest compatible type as it does for any NodeClaim.
describe('static NodePools count in the fleet and the diff', () => {
  const gpu = (replicas: number, limit = '') =>
    [
      NODECLASS,
      `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: gpu
spec:
  replicas: ${replicas}
${limit}  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["g5"]
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
`,
    ].join('---\n');
  const cheapestG5 = () =>
    embeddedCatalog()
      .types.filter((t) => t.labels['karpenter.k8s.aws/instance-family'] === 'g5' && t.price !== null)
      .sort((a, b) => a.price! - b.price!)[0];
  test('replicas 1 → 4 of a GPU type: three more nodes of the cheapest g5 type, and their cost', async () => {
    const g5 = cheapestG5();
    const plan = JSON.parse(
      (
        await runCli([
          'diff',
          '--base',
          tempTree({ 'a.yaml': gpu(1) }),
          '--head',
          tempTree({ 'a.yaml': gpu(4) }),
          '--format',
          'json',
          ...AT,
        ])
      ).stdout,
    );
    const row = plan.nodePools.find((p: { name: string }) => p.name === 'gpu');
    expect(row.static).toEqual({
      base: { nodes: 1, instanceType: g5.name, capacityType: 'on-demand', hourlyCost: g5.price },
      head: {
        nodes: 4,
        instanceType: g5.name,
        capacityType: 'on-demand',
        hourlyCost: Math.round(4 * g5.price! * 1e6) / 1e6,
      },
    });
    // No workloads: the cost shown is the static pool's (probe pods are no fleet).
    expect(plan.summary.hourlyCost.base).toBeCloseTo(g5.price!, 6);
    expect(plan.summary.hourlyCost.head).toBeCloseTo(4 * g5.price!, 6);
  });
  test('limits.nodes caps the replicas', async () => {
    const plan = JSON.parse(
      (await runCli(['simulate', tempTree({ 'a.yaml': gpu(5, '  limits:\n    nodes: 2\n') }), '--format', 'json']))
        .stdout,
    );
    expect(plan.nodePools.find((p: { name: string }) => p.name === 'gpu').static.head.nodes).toBe(2);
  });
});

describe('a change that scales every workload to zero', () => {
  // Review finding: head with only `replicas: 0` workloads was reported as "no workloads (probe pods only)" and an
  // unknown head cost. It is a workload change, and head launches nothing for it.
  test('is a workload change, and head costs nothing (no static pools)', async () => {
    const pool = [
      NODECLASS,
      nodePool('p', {
        requirements:
          '        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["m7i"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
      }),
    ];
    const base = tempTree({
      'a.yaml': [...pool, deployment('web', { replicas: 6, cpu: '1', memory: '2Gi' })].join('---\n'),
    });
    const head = tempTree({
      'a.yaml': [...pool, deployment('web', { replicas: 0, cpu: '1', memory: '2Gi' })].join('---\n'),
    });
    const plan = JSON.parse((await runCli(['diff', '--base', base, '--head', head, '--format', 'json', ...AT])).stdout);
    expect(plan.summary.workloadsChanged).toBe(1);
    expect(plan.summary.hourlyCost.head).toBe(0);
    expect(plan.summary.hourlyCost.base).toBeGreaterThan(0);
    // Head's generic probes have nothing to be compared with in base: not changes.
    expect(plan.summary.probesChanged).toBe(0);
    const md = (await runCli(['diff', '--base', base, '--head', head, ...AT])).stdout;
    expect(md.split('\n')[2]).toMatch(/^\*\*1 workload changes placement · -\$\d+\/month\.\*\*$/);
  });
});

describe('what the fleet figures leave out is said next to them', () => {
  test('drifted nodes head has no type for are counted "without a full replacement" in the headline', async () => {
    const { readFileSync } = await import('node:fs');
    const dir = 'examples/drift-budgets';
    const files = (side: string) =>
      Object.fromEntries(
        ['nodeclass.yaml', 'nodepools.yaml', 'workloads.yaml'].map((f) => [
          f,
          readFileSync(`${dir}/${side}/${f}`, 'utf8'),
        ]),
      );
    const head = files('head');
    // Only m7i/m8i types with fewer than 4 vCPUs: none covers a 4-vCPU, 16 GiB node, so the 10 drifted nodes (the
    // snapshot lists no pods) have no like-for-like replacement.
    head['nodepools.yaml'] = head['nodepools.yaml'].replace(
      '        - key: karpenter.k8s.aws/instance-family',
      '        - key: karpenter.k8s.aws/instance-cpu\n          operator: Lt\n          values: ["4"]\n        - key: karpenter.k8s.aws/instance-family',
    );
    const args = [
      'diff',
      '--base',
      tempTree(files('base')),
      '--head',
      tempTree(head),
      '--fleet',
      `${dir}/fleet.json`,
      ...AT,
    ];
    const plan = JSON.parse((await runCli([...args, '--format', 'json'])).stdout);
    expect(plan.summary.fleet.noReplacement).toBe(10);
    // Nodes without a replacement are not in head's composition: 10 → 0 nodes.
    expect(plan.fleet.snapshot.composition).toEqual({ base: { m6i: 6, m7i: 4 }, head: {} });
    // What the fleet figures leave out is said next to them, in the cost line of the comment.
    expect((await runCli(args)).stdout).toMatch(
      /Fleet cost -\$[\d,.]+\/month \(\$[\d.]+\/h → \$0(?:\.0+)?\/h, -\$[\d.]+\/h; fleet 10 → 0 nodes, 10 without a full replacement in head\)/,
    );
  });
});

describe('simulate: a workload no NodePool can place is never a pass', () => {
  // A 64-CPU pod against a pool limited to 2xlarge sizes (8 vCPUs at most): no instance type fits.
  test('the verdict fails with workloads-unschedulable, and the alert names it', async () => {
    const dir = tempTree({
      'a.yaml': [
        NODECLASS,
        nodePool('p', {
          requirements:
            '        - key: karpenter.k8s.aws/instance-size\n          operator: In\n          values: ["large", "xlarge", "2xlarge"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
        }),
        deployment('huge', { replicas: 2, cpu: '64', memory: '8Gi' }),
      ].join('---\n'),
    });
    const r = await runCli(['simulate', dir, '--format', 'json']);
    const plan = JSON.parse(r.stdout);
    expect(r.exitCode).toBe(1);
    expect(plan.verdictDetails.map((d: { code: string }) => d.code)).toContain('workloads-unschedulable');
    expect(plan.newlyUnschedulable).toEqual([{ kind: 'Deployment', namespace: 'default', name: 'huge' }]);
    const md = (await runCli(['simulate', dir, '--format', 'markdown'])).stdout;
    expect(md).toMatch(/2 pods of 1 workload stay \*\*pending\*\* \(unschedulable\): <code>default\/huge<\/code>/);
  });
});

// aws-samples/karpenter-blueprints: a README.md quoting a NodePool in a code block, and a test.sh with a heredoc.
describe('documentation and scripts that quote a NodePool are not inputs left unevaluated', () => {
  test('validate: README.md and test.sh are not input-not-evaluated; a stray .yaml NodePool outside the globs still is', async () => {
    const pool = nodePool('p');
    const dir = tempTree({
      'nodepool.yaml': [NODECLASS, pool].join('---\n'),
      'README.md': '# Blueprint\n\n```yaml\n' + pool + '```\n',
      'test.sh': '#!/bin/sh\nkubectl apply -f - <<EOF\n' + pool + 'EOF\n',
      '.karpenter-plan.yaml': 'manifests: ["nodepool.yaml"]\n',
      'extra/other.yaml': pool.replace('name: p', 'name: q'),
    });
    const plan = JSON.parse((await runCli(['validate', dir, '--format', 'json'])).stdout);
    const files = plan.findings
      .filter((f: { rule: string }) => f.rule === 'input-not-evaluated')
      .map((f: { file: string }) => f.file);
    expect(files).toEqual(['extra/other.yaml']);
  });
});

describe("the snapshot's composition before and after the change", () => {
  /** A NodeClaim of the snapshot: an m5.xlarge on-demand node of the pool. */
  const nodeClaim = (name: string, pool: string) => ({
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: {
      name,
      labels: {
        'karpenter.sh/nodepool': pool,
        'node.kubernetes.io/instance-type': 'm5.xlarge',
        'karpenter.k8s.aws/instance-family': 'm5',
        'karpenter.k8s.aws/instance-size': 'xlarge',
        'karpenter.sh/capacity-type': 'on-demand',
        'topology.kubernetes.io/zone': 'us-east-1a',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/os': 'linux',
      },
      creationTimestamp: '2026-01-02T08:00:00Z',
    },
    status: { conditions: [{ type: 'Initialized', status: 'True' }] },
  });
  const pool = (name: string, family: string) =>
    nodePool(name, {
      requirements: `        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["${family}"]
        - key: karpenter.k8s.aws/instance-size
          operator: In
          values: ["xlarge"]
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]`,
    });

  test('10 m5 nodes, the 4 of one pool drift to m6i: base {m5: 10} → head {m5: 6, m6i: 4}', async () => {
    const fleet = {
      apiVersion: 'v1',
      kind: 'List',
      items: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => nodeClaim(`n-${i}`, i < 4 ? 'general' : 'stable')),
    };
    const state = (family: string) => ({
      'all.yaml': `${NODECLASS}---\n${pool('general', family)}---\n${pool('stable', 'm5')}`,
    });
    const dir = tempTree({ 'fleet.json': JSON.stringify(fleet) });
    const args = ['diff', '--base', tempTree(state('m5')), '--head', tempTree(state('m6i')), ...AT];
    const plan = JSON.parse((await runCli([...args, '--fleet', `${dir}/fleet.json`, '--format', 'json'])).stdout);
    // `general` now allows only m6i: its 4 nodes drift (requirements) and, the snapshot listing no pods, are each
    // replaced by the cheapest m6i xlarge with at least 4 vCPUs and 16 GiB, m6i.xlarge; `stable`'s 6 stay.
    // base {m5: 10}; head {m5: 10 - 4 = 6, m6i: 4}; by generation {5: 10} → {5: 6, 6: 4}.
    expect(plan.summary.nodesReplaced).toBe(4);
    expect(plan.fleet.snapshot).toEqual({
      composition: { base: { m5: 10 }, head: { m5: 6, m6i: 4 } },
      generations: { base: { 'gen 5': 10 }, head: { 'gen 5': 6, 'gen 6': 4 } },
    });
    expect(plan.summary.fleet.nodes).toEqual({ base: 10, head: 10 });
    // The comment's composition is the snapshot's, never the simulated fleet.
    const md = (await runCli([...args, '--fleet', `${dir}/fleet.json`])).stdout;
    expect(md).toContain('_head: 10 nodes: 6 <code>m5</code>, 4 <code>m6i</code>._');
    expect(md).not.toContain('Simulated fleet');
    const text = (await runCli([...args, '--fleet', `${dir}/fleet.json`, '--format', 'text'])).stdout;
    expect(text).toMatch(
      /^The fleet snapshot by family \(nodes\)\n {2}family +base +head\n.*\n {2}m5 +10 +6\n {2}m6i +0 +4$/m,
    );
    // Without the snapshot there is no snapshot composition, and the charts name the simulated fleet.
    const sim = JSON.parse((await runCli([...args, '--format', 'json'])).stdout);
    expect(sim.fleet.snapshot).toBeUndefined();
  });
});
