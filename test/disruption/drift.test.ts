/**
 * Drift under head: karpenter pkg/controllers/nodeclaim/disruption/drift.go Drift.isDrifted and
 * karpenter-provider-aws pkg/cloudprovider/drift.go CloudProvider.isNodeClassDrifted, with cases from karpenter
 * pkg/controllers/nodeclaim/disruption/drift_test.go and pkg/controllers/nodepool/hash/suite_test.go.
 */
import { evaluateDrift } from '../../src/disruption/drift.js';
import type { Fleet, FleetNode } from '../../src/disruption/fleet.js';
import { joinFleet, parseFleetText } from '../../src/sources/fleet-snapshot.js';
import { runCli } from '../../src/cli/run.js';
import { readFileSync } from 'node:fs';
import { NODECLASS, nodePool, stateOf, tempTree, deployment } from '../helpers.js';
import { assumption } from '../../src/common/assumptions.js';

const OD = '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]';
const fam = (...f: string[]) =>
  `        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: [${f.map((x) => `"${x}"`).join(', ')}]`;

function node(name: string, labels: Record<string, string>, extra: Partial<FleetNode> = {}): FleetNode {
  return {
    name,
    nodeName: name,
    nodePool: labels['karpenter.sh/nodepool'],
    instanceType: labels['node.kubernetes.io/instance-type'] ?? null,
    zone: null,
    capacityType: labels['karpenter.sh/capacity-type'] ?? null,
    labels,
    annotations: {},
    initialized: true,
    ready: true,
    deleting: false,
    pricePerHour: null,
    pods: 3,
    createdAt: null,
    ...extra,
  };
}
const c7 = (n: string) =>
  node(n, {
    'karpenter.sh/nodepool': 'p',
    'karpenter.k8s.aws/instance-family': 'c7i',
    'karpenter.sh/capacity-type': 'on-demand',
    'node.kubernetes.io/instance-type': 'c7i.large',
    'kubernetes.io/os': 'linux',
  });
const c8 = (n: string) =>
  node(n, {
    'karpenter.sh/nodepool': 'p',
    'karpenter.k8s.aws/instance-family': 'c8i',
    'karpenter.sh/capacity-type': 'on-demand',
    'node.kubernetes.io/instance-type': 'c8i.large',
    'kubernetes.io/os': 'linux',
  });

function drift(baseYaml: string, headYaml: string, nodes: FleetNode[]) {
  const base = stateOf({ 'a.yaml': baseYaml });
  const head = stateOf({ 'a.yaml': headYaml });
  const fleet: Fleet = { source: 'snapshot', nodes, notes: [] };
  return evaluateDrift(fleet, {
    baseNodePools: base.nodePools,
    headNodePools: head.nodePools,
    baseNodeClasses: base.nodeClasses,
    headNodeClasses: head.nodeClasses,
  });
}
const reasons = (pd: ReturnType<typeof drift>) =>
  Object.fromEntries(pd.flatMap((p) => p.nodes.map((n) => [n.node.name, n.reason])));

// drift.go areRequirementsDrifted (drift_test.go: only NodeClaims outside the new set drift)
// karpenter-provider-aws pkg/cloudprovider/drift.go isNodeClassDrifted: areStaticFieldsDrifted is hash-guarded, but
// isAMIDrifted compares the node's image with the AMIs the class resolves to, whatever the annotations say.
// What this change makes Karpenter do differently: a node already outside base's requirements drifts with or without
// the change (drift.go areRequirementsDrifted holds under base too), so it is not this change's replacement.
describe("requirements drift that base already has is not the change's", () => {
  const gen = '        - key: karpenter.k8s.aws/instance-generation\n          operator: Gt\n          values: ["5"]';
  test('head = base, a node without the generation label: not drifted by the change, marked pre-existing', () => {
    const text = NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}\n${gen}` });
    const pd = drift(text, text, [c7('a')]);
    expect(reasons(pd)).toEqual({ a: null });
    expect(pd[0].nodes[0].preexisting).toBe(true);
  });
  test('a change that narrows further still drifts a node base accepted', () => {
    const base = NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}` });
    const head = NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}\n${gen}` });
    expect(reasons(drift(base, head, [c7('a')]))).toEqual({ a: 'RequirementsDrifted' });
  });
});

describe('AMI drift is not hash-guarded', () => {
  const pinned = (v: string) => NODECLASS.replace('al2023@latest', `al2023@${v}`);
  const pool = nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}` });
  test('a pinned alias bumped drifts a node stamped with a hash version but no hash (NodeClassDrifted)', () => {
    const n = c7('a');
    n.annotations = { 'karpenter.k8s.aws/ec2nodeclass-hash-version': 'v4' };
    const pd = drift(pinned('v20260801') + '---\n' + pool, pinned('v20260901') + '---\n' + pool, [n]);
    expect(reasons(pd)).toEqual({ a: 'NodeClassDrifted' });
    expect(pd[0].nodes[0].because).toEqual(['spec.amiSelectorTerms (AMI al2023@v20260801 → al2023@v20260901)']);
  });
  test('a static EC2NodeClass field (tags) does not drift that node: the hash guard applies', () => {
    const n = c7('a');
    n.annotations = { 'karpenter.k8s.aws/ec2nodeclass-hash-version': 'v4' };
    const tagged = pinned('v20260801') + '  tags: { team: a }\n';
    expect(reasons(drift(pinned('v20260801') + '---\n' + pool, tagged + '---\n' + pool, [n]))).toEqual({ a: null });
  });
});

describe('requirements drift: adding values is silent, removing them drifts exactly the nodes outside', () => {
  const before = NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}` });
  test('widening (adding m7i) drifts nothing', () => {
    expect(
      reasons(
        drift(before, NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i', 'm7i')}\n${OD}` }), [
          c7('a'),
          c8('b'),
        ]),
      ),
    ).toEqual({ a: null, b: null });
  });
  test('narrowing (removing c7i) drifts exactly the c7i nodes', () => {
    const pd = drift(before, NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c8i')}\n${OD}` }), [
      c7('a'),
      c8('b'),
    ]);
    expect(reasons(pd)).toEqual({ a: 'RequirementsDrifted', b: null });
  });
  test('a new requirement on a label the NodeClaim lacks drifts it (strict), NotIn does not', () => {
    const arch = '        - key: kubernetes.io/arch\n          operator: In\n          values: ["amd64"]';
    expect(
      reasons(
        drift(before, NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}\n${arch}` }), [
          c7('a'),
        ]),
      ),
    ).toEqual({ a: 'RequirementsDrifted' });
    const notIn = '        - key: team\n          operator: NotIn\n          values: ["x"]';
    expect(
      reasons(
        drift(before, NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}\n${notIn}` }), [
          c7('a'),
        ]),
      ),
    ).toEqual({ a: null });
  });
  test('the reason is said in a reviewer\'s words: Gt 5 on a generation-5 node is "now ≥ 6" (Gt n allows n+1 and up)', () => {
    const gen = (op: string, v: string) =>
      `        - key: karpenter.k8s.aws/instance-generation\n          operator: ${op}\n          values: ["${v}"]`;
    const n5 = node('g5', {
      'karpenter.sh/nodepool': 'p',
      'karpenter.k8s.aws/instance-generation': '5',
      'karpenter.k8s.aws/instance-family': 'c7i',
      'karpenter.sh/capacity-type': 'on-demand',
    });
    const pd = drift(
      before,
      NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c8i')}\n${OD}\n${gen('Gt', '5')}` }),
      [n5],
    );
    expect(pd[0].nodes[0].because).toEqual([
      'instance family c7i is no longer allowed (now c8i)',
      'instance generation 5 is no longer allowed (now ≥ 6)',
    ]);
    const arch = '        - key: kubernetes.io/arch\n          operator: In\n          values: ["arm64"]';
    const pd2 = drift(
      before,
      NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}\n${arch}` }),
      [c7('a')],
    );
    expect(pd2[0].nodes[0].because).toEqual(['the node has no architecture label; it is now required (arm64)']);
  });
  test('capacity type changed on-demand → spot drifts', () => {
    expect(
      reasons(
        drift(
          before,
          NODECLASS +
            '---\n' +
            nodePool('p', {
              requirements: `${fam('c7i', 'c8i')}\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["spot"]`,
            }),
          [c7('a')],
        ),
      ),
    ).toEqual({ a: 'RequirementsDrifted' });
  });
  test('os Exists → no drift; os DoesNotExist → drift', () => {
    const os = (op: string) =>
      NODECLASS +
      '---\n' +
      nodePool('p', {
        requirements: `${fam('c7i', 'c8i')}\n${OD}\n        - key: kubernetes.io/os\n          operator: ${op}`,
      });
    expect(reasons(drift(before, os('Exists'), [c7('a')]))).toEqual({ a: null });
    expect(reasons(drift(before, os('DoesNotExist'), [c7('a')]))).toEqual({ a: 'RequirementsDrifted' });
  });
});

// karpenter drift.go areStaticFieldsDrifted; pkg/apis/v1/nodepool.go NodePool.Hash (hash/suite_test.go: not hashed)
describe('static drift: every hashed template field, none of the behavioural ones', () => {
  const base = NODECLASS + '---\n' + nodePool('p', { requirements: `${fam('c7i')}\n${OD}` });
  const edits: [string, (s: string) => string, string][] = [
    [
      'expireAfter',
      (s) => s.replace('      requirements:', '      expireAfter: 48h\n      requirements:'),
      'spec.template.spec.expireAfter',
    ],
    [
      'terminationGracePeriod',
      (s) => s.replace('      requirements:', '      terminationGracePeriod: 1h\n      requirements:'),
      'spec.template.spec.terminationGracePeriod',
    ],
    [
      'taints',
      (s) => s.replace('      requirements:', '      taints: [{ key: a, effect: NoSchedule }]\n      requirements:'),
      'spec.template.spec.taints',
    ],
    [
      'startupTaints',
      (s) =>
        s.replace('      requirements:', '      startupTaints: [{ key: a, effect: NoSchedule }]\n      requirements:'),
      'spec.template.spec.startupTaints',
    ],
    [
      'labels',
      (s) => s.replace('  template:\n', '  template:\n    metadata: { labels: { team: a } }\n'),
      'spec.template.metadata.labels',
    ],
    [
      'annotations',
      (s) => s.replace('  template:\n', '  template:\n    metadata: { annotations: { a: b } }\n'),
      'spec.template.metadata.annotations',
    ],
    [
      'nodeClassRef',
      (s) =>
        s.replace('name: default }', 'name: other }') + '---\n' + NODECLASS.replace('name: default', 'name: other'),
      'spec.template.spec.nodeClassRef',
    ],
  ];
  test.each(edits)('%s drifts every node (NodePoolDrifted)', (_n, edit, field) => {
    const pd = drift(base, edit(base), [c7('a'), c7('b')]);
    expect(reasons(pd)).toEqual({ a: 'NodePoolDrifted', b: 'NodePoolDrifted' });
    expect(pd[0].staticFields).toEqual([field]);
  });
  test.each([
    ['weight', (s: string) => s.replace('spec:\n  template', 'spec:\n  weight: 50\n  template')],
    ['limits', (s: string) => s.replace('spec:\n  template', 'spec:\n  limits: { cpu: "100" }\n  template')],
    [
      'disruption',
      (s: string) =>
        s.replace(
          'spec:\n  template',
          'spec:\n  disruption: { consolidateAfter: 10m, budgets: [{ nodes: "1" }] }\n  template',
        ),
    ],
  ])('%s causes no drift', (_n, edit) => {
    expect(reasons(drift(base, edit(base), [c7('a')]))).toEqual({ a: null });
  });
  test('expireAfter 720h → 43200m is the same value: no drift', () => {
    const a = base.replace('      requirements:', '      expireAfter: 720h\n      requirements:');
    expect(reasons(drift(a, a.replace('720h', '43200m'), [c7('a')]))).toEqual({ a: null });
  });
  test('NodeClaims stamped with another hash version are not drifted', () => {
    const n = c7('a');
    n.annotations = { 'karpenter.sh/nodepool-hash-version': 'v2' };
    expect(
      reasons(drift(base, base.replace('      requirements:', '      expireAfter: 48h\n      requirements:'), [n])),
    ).toEqual({ a: null });
  });
  test('drift_test.go "should not return drifted if karpenter.sh/nodepool-hash-version annotation is not present on the NodeClaim"', () => {
    const n = c7('a');
    n.annotations = { 'karpenter.sh/nodepool-hash': '123456' };
    expect(
      reasons(drift(base, base.replace('      requirements:', '      expireAfter: 48h\n      requirements:'), [n])),
    ).toEqual({ a: null });
  });
  test('a NodeClaim stamped with the hash and the current version (v3) drifts on a static change', () => {
    const n = c7('a');
    n.annotations = { 'karpenter.sh/nodepool-hash': '123456', 'karpenter.sh/nodepool-hash-version': 'v3' };
    expect(
      reasons(drift(base, base.replace('      requirements:', '      expireAfter: 48h\n      requirements:'), [n])),
    ).toEqual({ a: 'NodePoolDrifted' });
  });
  test('static drift takes precedence over requirements drift (Drift.isDrifted order)', () => {
    const head = base
      .replace('      requirements:', '      expireAfter: 48h\n      requirements:')
      .replace('"c7i"', '"c8i"');
    expect(reasons(drift(base, head, [c7('a')]))).toEqual({ a: 'NodePoolDrifted' });
  });
});

// karpenter-provider-aws drift.go isNodeClassDrifted; pkg/apis/v1/ec2nodeclass.go EC2NodeClass.Hash
describe('EC2NodeClass changes, certain vs resolution-dependent', () => {
  const pool = nodePool('p', { requirements: `${fam('c7i')}\n${OD}` });
  test('a hashed field (userData, kubelet) drifts every node: NodeClassDrifted', () => {
    const head = NODECLASS + '  userData: "echo hi"\n---\n' + pool;
    const pd = drift(NODECLASS + '---\n' + pool, head, [c7('a')]);
    expect(reasons(pd)).toEqual({ a: 'NodeClassDrifted' });
    expect(pd[0].nodeClassFields).toEqual(['spec.userData']);
  });
  test('spelling out the CRD defaults of metadataOptions is no change (karpenter.k8s.aws_ec2nodeclasses.yaml defaults; instancetype suite_test.go "should default metadata options on generated launch template")', () => {
    const spelled =
      NODECLASS +
      '  metadataOptions: { httpEndpoint: enabled, httpProtocolIPv6: disabled, httpPutResponseHopLimit: 1, httpTokens: required }\n';
    expect(reasons(drift(NODECLASS + '---\n' + pool, spelled + '---\n' + pool, [c7('a')]))).toEqual({ a: null });
    const partial = NODECLASS + '  metadataOptions: { httpTokens: required }\n';
    expect(reasons(drift(NODECLASS + '---\n' + pool, partial + '---\n' + pool, [c7('a')]))).toEqual({ a: null });
  });
  test('cloudprovider suite_test.go "MetadataOptions HTTPTokens": a non-default value drifts every node', () => {
    const optional = NODECLASS + '  metadataOptions: { httpTokens: optional }\n';
    const pd = drift(NODECLASS + '---\n' + pool, optional + '---\n' + pool, [c7('a')]);
    expect(reasons(pd)).toEqual({ a: 'NodeClassDrifted' });
    expect(pd[0].nodeClassFields).toEqual(['spec.metadataOptions']);
  });
  // BlockDevice.VolumeSize is a *resource.Quantity tagged hash:"string" (karpenter-provider-aws
  // pkg/apis/v1/ec2nodeclass.go): hashed as Quantity.String(), the canonical form (apimachinery quantity.go
  // CanonicalizeBytes: 1024Gi = 2^40 bytes → "1Ti"; 1000G = 10^12 → "1T"), so equal values in other units hash alike.
  const volume = (size: string) =>
    NODECLASS +
    `  blockDeviceMappings: [{ deviceName: /dev/xvda, rootVolume: true, ebs: { volumeSize: ${size}, volumeType: gp3 } }]\n`;
  test.each([
    ['1024Gi', '1Ti'],
    ['1000G', '1T'],
    ['2048Gi', '2Ti'],
  ])('volumeSize %s → %s is the same Quantity.String(): no drift', (a, b) => {
    const pd = drift(volume(a) + '---\n' + pool, volume(b) + '---\n' + pool, [c7('a')]);
    expect(reasons(pd)).toEqual({ a: null });
    expect(pd[0].nodeClassFields).toEqual([]);
  });
  test.each([
    ['20Gi', '20G'], // 21474836480 vs 20000000000 bytes
    ['20Gi', '30Gi'],
    ['1000Gi', '1Ti'], // 1000 × 2^30 ≠ 2^40
  ])('volumeSize %s → %s is another value: NodeClassDrifted', (a, b) => {
    const pd = drift(volume(a) + '---\n' + pool, volume(b) + '---\n' + pool, [c7('a')]);
    expect(reasons(pd)).toEqual({ a: 'NodeClassDrifted' });
    expect(pd[0].nodeClassFields).toEqual(['spec.blockDeviceMappings']);
  });
  test('subnet selector change: no certain drift, reported as resolution-dependent', () => {
    const head =
      NODECLASS.replace('subnetSelectorTerms: [{ tags: { k: v } }]', 'subnetSelectorTerms: [{ tags: { k: w } }]') +
      '---\n' +
      pool;
    const pd = drift(NODECLASS + '---\n' + pool, head, [c7('a')]);
    expect(reasons(pd)).toEqual({ a: null });
    expect(pd[0].potential.join(' ')).toMatch(/SubnetDrift/);
  });
  test('pinned AMI alias bump is certain drift; @latest is reported as drifting on every release', () => {
    const pinned = (v: string) => NODECLASS.replace('al2023@latest', `al2023@${v}`) + '---\n' + pool;
    expect(reasons(drift(pinned('v20260101'), pinned('v20260201'), [c7('a')]))).toEqual({ a: 'NodeClassDrifted' });
    const pd = drift(pinned('v20260101'), NODECLASS + '---\n' + pool, [c7('a')]);
    expect(reasons(pd)).toEqual({ a: null });
    expect(pd[0].potential.join(' ')).toMatch(/every AMI release/);
  });
});

// the ownerReference set by karpenter pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go
// NodeClaimTemplate.ToNodeClaim hands the NodeClaims to Kubernetes garbage collection
describe('NodePool removed', () => {
  test('its nodes are removed by garbage collection (no budgets)', () => {
    expect(reasons(drift(NODECLASS + '---\n' + nodePool('p'), NODECLASS, [c7('a')]))).toEqual({ a: 'NodePoolRemoved' });
  });
  test('nodes already being deleted are not evaluated', () => {
    expect(
      reasons(drift(NODECLASS + '---\n' + nodePool('p'), NODECLASS, [c7('a'), { ...c7('b'), deleting: true }])),
    ).toEqual({ a: 'NodePoolRemoved', b: null });
  });
});

describe('fleet snapshots', () => {
  const nodeClaim = (name: string, family: string, providerID: string) => ({
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodeClaim',
    metadata: {
      name,
      labels: {
        'karpenter.sh/nodepool': 'p',
        'karpenter.k8s.aws/instance-family': family,
        'karpenter.sh/capacity-type': 'on-demand',
        'node.kubernetes.io/instance-type': `${family}.large`,
      },
      annotations: { 'karpenter.sh/nodepool-hash': '4871257331', 'karpenter.sh/nodepool-hash-version': 'v3' },
    },
    status: { providerID, nodeName: `ip-${name}`, conditions: [{ type: 'Initialized', status: 'True' }] },
  });
  const k8sNode = (name: string, providerID: string, ready: string) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: `ip-${name}`, labels: { 'karpenter.sh/initialized': 'true', 'karpenter.sh/nodepool': 'p' } },
    spec: { providerID },
    status: { conditions: [{ type: 'Ready', status: ready }] },
  });
  test('kubectl get nodeclaims,nodes -o json: joined by provider ID for readiness', () => {
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        nodeClaim('a', 'c7i', 'aws:///x/i-1'),
        nodeClaim('b', 'c8i', 'aws:///x/i-2'),
        k8sNode('a', 'aws:///x/i-1', 'True'),
        k8sNode('b', 'aws:///x/i-2', 'False'),
      ],
    };
    const fleet = parseFleetText('fleet.json', JSON.stringify(list), []);
    expect(fleet.nodes.map((n) => [n.name, n.ready, n.initialized])).toEqual([
      ['a', true, true],
      ['b', false, true],
    ]);
    // Without Pods in the snapshot, do-not-disrupt pods and PDBs cannot be checked, and the report says so.
    expect(fleet.notes).toEqual([assumption('fleet-snapshot-no-pods')]);
  });
  test('NodeClaims alone: readiness is assumed and the report says so', () => {
    const fleet = joinFleet([nodeClaim('a', 'c7i', 'p1')], [], 'snapshot');
    expect(fleet.nodes[0].ready).toBeNull();
    expect(fleet.notes[0]).toEqual(assumption('fleet-snapshot-no-nodes'));
  });
  test('diff --fleet: narrowing drifts the snapshot nodes and the budget counts NotReady as disrupting', async () => {
    const base = tempTree({
      'a.yaml':
        NODECLASS +
        '---\n' +
        nodePool('p', {
          requirements: `${fam('c7i', 'c8i')}\n${OD}`,
          extraSpec: '  disruption:\n    budgets: [{ nodes: "2" }]\n',
        }),
    });
    const head = tempTree({
      'a.yaml':
        NODECLASS +
        '---\n' +
        nodePool('p', {
          requirements: `${fam('c8i')}\n${OD}`,
          extraSpec: '  disruption:\n    budgets: [{ nodes: "2" }]\n',
        }),
    });
    const items = [
      nodeClaim('a', 'c7i', 'i-1'),
      nodeClaim('b', 'c7i', 'i-2'),
      nodeClaim('c', 'c8i', 'i-3'),
      k8sNode('a', 'i-1', 'True'),
      k8sNode('b', 'i-2', 'True'),
      k8sNode('c', 'i-3', 'False'),
    ];
    const fleetFile = tempTree({ 'fleet.json': JSON.stringify({ kind: 'List', items }) }) + '/fleet.json';
    const r = await runCli([
      'diff',
      '--base',
      base,
      '--head',
      head,
      '--fleet',
      fleetFile,
      '--format',
      'json',
      '--at',
      '2026-01-05T10:00:00Z',
    ]);
    const plan = JSON.parse(r.stdout);
    expect(plan.summary.nodesReplaced).toBe(2);
    expect(plan.replacements.map((x: { nodeClaim: string }) => x.nodeClaim)).toEqual(['a', 'b']);
    expect(plan.nodePools[0]).toMatchObject({
      drift: 'requirements',
      nodes: 3,
      nodesDrifted: 2,
      budget: { allowed: 1, verdict: 'ok' },
    });
  });
  test('diff on the simulated fleet: pool removal is loud and counted as removed', async () => {
    const r = await runCli([
      'diff',
      '--base',
      'examples/generation-split/base',
      '--head',
      'examples/generation-split/head',
      '--format',
      'json',
    ]);
    const plan = JSON.parse(r.stdout);
    expect(plan.summary.nodesRemoved).toBeGreaterThan(0);
    expect(plan.replacements.every((x: { reason: string }) => x.reason === 'NodePoolRemoved')).toBe(true);
    expect(plan.fleet.source).toBe('simulated');
  });
  void deployment;
});

// karpenter pkg/controllers/disruption/consolidation.go consolidation.computeConsolidation
describe('consolidation-driven replacements', () => {
  test('node-overlay: the overlay makes the r7i node "expensive" → replaced by r8i, with the real cost shown', async () => {
    const plan = JSON.parse(
      (
        await runCli([
          'diff',
          '--base',
          'examples/node-overlay/base',
          '--head',
          'examples/node-overlay/head',
          '--format',
          'json',
          '--at',
          '2026-01-05T10:00:00Z',
        ])
      ).stdout,
    );
    const c = plan.replacements.filter((r: { reason: string }) => r.reason === 'Consolidation');
    expect(c).toHaveLength(1);
    expect(c[0].consolidation.toPrice).toBeLessThan(c[0].consolidation.fromPrice); // strict <
    expect(c[0].consolidation.toCost).toBeGreaterThan(c[0].consolidation.fromCost); // the overlay hides a real increase
    expect(plan.summary.nodesConsolidated).toBe(1);
  });
  test('no change → no consolidation; a more expensive option is never a move', async () => {
    const same = JSON.parse(
      (
        await runCli([
          'diff',
          '--base',
          'examples/node-overlay/base',
          '--head',
          'examples/node-overlay/base',
          '--format',
          'json',
        ])
      ).stdout,
    );
    expect(same.replacements).toEqual([]);
    // Allowing only pricier families in head: the nodes drift, but no consolidation is listed.
    const base = tempTree({
      'a.yaml': [
        NODECLASS,
        nodePool('p', { requirements: `${fam('c7i', 'm7i')}\n${OD}` }),
        deployment('a', { replicas: 4 }),
      ].join('---\n'),
    });
    const head = tempTree({
      'a.yaml': [
        NODECLASS,
        nodePool('p', { requirements: `${fam('c7i', 'm7i', 'x2idn')}\n${OD}` }),
        deployment('a', { replicas: 4 }),
      ].join('---\n'),
    });
    const plan = JSON.parse((await runCli(['diff', '--base', base, '--head', head, '--format', 'json'])).stdout);
    expect(plan.replacements.filter((r: { reason: string }) => r.reason === 'Consolidation')).toEqual([]);
  });
  test('WhenEmpty or consolidateAfter: Never → no consolidation', async () => {
    const files = (side: string) => {
      const text = readFileSync(`examples/node-overlay/${side}/nodepools.yaml`, 'utf8').replace(
        'WhenEmptyOrUnderutilized',
        'WhenEmpty',
      );
      return tempTree({
        'nodepools.yaml': text,
        'nodeclass.yaml': readFileSync(`examples/node-overlay/${side}/nodeclass.yaml`, 'utf8'),
        'workloads.yaml': readFileSync(`examples/node-overlay/${side}/workloads.yaml`, 'utf8'),
        ...(side === 'head' ? { 'overlay.yaml': readFileSync('examples/node-overlay/head/overlay.yaml', 'utf8') } : {}),
        'karpenter/values.yaml': readFileSync(`examples/node-overlay/${side}/karpenter/values.yaml`, 'utf8'),
        '.karpenter-plan.yaml': 'controller:\n  values: karpenter/values.yaml\n',
      });
    };
    const plan = JSON.parse(
      (await runCli(['diff', '--base', files('base'), '--head', files('head'), '--format', 'json'])).stdout,
    );
    expect(plan.replacements.filter((r: { reason: string }) => r.reason === 'Consolidation')).toEqual([]);
  });
});

// karpenter pkg/controllers/disruption/helpers.go BuildDisruptionBudgetMapping; pkg/apis/v1/nodepool.go Budget.IsActive
describe('examples/drift-budgets with its fleet snapshot', () => {
  const run = async (at: string) =>
    JSON.parse(
      (
        await runCli([
          'diff',
          '--base',
          'examples/drift-budgets/base',
          '--head',
          'examples/drift-budgets/head',
          '--fleet',
          'examples/drift-budgets/fleet.json',
          '--format',
          'json',
          '--at',
          at,
        ])
      ).stdout,
    );
  test('Monday 10:00 UTC: the freeze holds the 6 drifted m6i nodes until 17:00', async () => {
    const plan = await run('2026-01-05T10:00:00Z');
    expect(plan.summary.nodesReplaced).toBe(6);
    const p = plan.nodePools[0];
    expect(p).toMatchObject({
      drift: 'requirements',
      nodes: 10,
      nodesDrifted: 6,
      budget: { allowed: 0, verdict: 'ok' },
    });
    expect(p.rollout.waves[0].start).toBe('2026-01-05T17:00:00.000Z');
  });
  test('Saturday: 20% of 10 = 2, minus the NotReady node = 1 at a time', async () => {
    const plan = await run('2026-01-10T10:00:00Z');
    expect(plan.nodePools[0].budget.allowed).toBe(1);
    expect(plan.nodePools[0].rollout.waves[0].start).toBe('2026-01-10T10:00:00.000Z');
  });
});
