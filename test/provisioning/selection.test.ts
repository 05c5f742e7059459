/**
 * Fidelity of the selection model: behaviours pinned by Karpenter's own tests (in the
 * project's terms, with the real AWS catalog instead of the fake provider): karpenter
 * pkg/controllers/provisioning/suite_test.go, pkg/controllers/provisioning/scheduling/suite_test.go,
 * pkg/utils/nodepool/suite_test.go and pkg/controllers/disruption/consolidation_test.go; and the
 * 7th/8th-generation situations of examples/generation-split and examples/node-overlay.
 */
import { deployment, NODECLASS, nodePool, simulateYaml, stateOf } from '../helpers.js';
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { simulateRecorded } from '../../src/provisioning/provisioner.js';
import { insufficientCapacity } from '../../src/provisioning/insufficient-capacity.js';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
import { wordAssumption } from '../../src/common/assumption-wording.js';

const OD = `        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]`;
const fam = (...f: string[]) => `        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: [${f.map((x) => `"${x}"`).join(', ')}]`;
const doc = (...parts: string[]) => parts.join('---\n');
const family = (t: string | null) => (t ?? '').split('.')[0];

// Launch: karpenter-provider-aws pkg/providers/instance/instance.go getCapacityType, pkg/providers/instance/types.go
// CreateFleetInputBuilder.Build; NodePool order: karpenter pkg/utils/nodepool/nodepool.go OrderByWeight.
describe('7th/8th-generation situations', () => {
  test('one on-demand pool with c7i and c8i launches c7i (lowest-price)', () => {
    const { place } = simulateYaml(
      doc(NODECLASS, nodePool('mixed', { requirements: `${fam('c7i', 'c8i')}\n${OD}` }), deployment('app')),
    );
    expect(family(place('app').instanceType)).toBe('c7i');
    expect(place('app').allocationStrategy).toBe('lowest-price');
  });

  test('split pools with weights 100/10 launch c8i from gen8-primary (OrderByWeight)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('gen8-primary', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('gen7-fallback', { weight: 10, requirements: `${fam('c7i')}\n${OD}` }),
        deployment('app'),
      ),
    );
    expect(place('app').nodePool).toBe('gen8-primary');
    expect(family(place('app').instanceType)).toBe('c8i');
  });

  test('equal weights: the NodePool whose name sorts later wins (gen8-primary over gen7-fallback)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('gen8-primary', { weight: 10, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('gen7-fallback', { weight: 10, requirements: `${fam('c7i')}\n${OD}` }),
        deployment('app'),
      ),
    );
    expect(place('app').nodePool).toBe('gen8-primary');
  });

  test('a karpenter.sh/nodepool selector bypasses weight (provisioning/suite_test.go)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('gen8-primary', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('gen7-fallback', { weight: 10, requirements: `${fam('c7i')}\n${OD}` }),
        deployment('pinned', { podSpec: '      nodeSelector: { karpenter.sh/nodepool: gen7-fallback }\n' }),
      ),
    );
    expect(place('pinned').nodePool).toBe('gen7-fallback');
  });

  const overlay = `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: penalize-gen7 }
spec:
  weight: 100
  requirements:
    - { key: karpenter.sh/nodepool, operator: In, values: ["mixed"] }
    - { key: karpenter.k8s.aws/instance-generation, operator: Lte, values: ["7"] }
    - { key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }
  priceAdjustment: "+20%"
`;
  const mixed = nodePool('mixed', { requirements: `${fam('c7i', 'c8i')}\n${OD}` });
  test('examples/node-overlay: +20% on generation ≤ 7 with the gate on → c8i via prioritized', () => {
    const { place } = simulateYaml(doc(NODECLASS, mixed, overlay, deployment('app')), {
      settings: 'settings:\n  featureGates:\n    nodeOverlay: true\n',
    });
    expect(family(place('app').instanceType)).toBe('c8i');
    expect(place('app').allocationStrategy).toBe('prioritized');
  });
  test('the same overlay with the gate off is ignored → c7i via lowest-price', () => {
    const { place, sim } = simulateYaml(doc(NODECLASS, mixed, overlay, deployment('app')));
    expect(family(place('app').instanceType)).toBe('c7i');
    expect(place('app').allocationStrategy).toBe('lowest-price');
    expect(sim.assumptions.map(wordAssumption).join(' ')).toMatch(/feature gate is off/);
  });

  // karpenter-provider-aws pkg/providers/instancetype/offering/reserved_capacity_resolver.go ResolveOfferings
  test('a reserved offering wins on price (on-demand ÷ 10,000,000)', () => {
    const nc = NODECLASS + '  capacityReservationSelectorTerms:\n    - id: cr-123\n';
    const { place } = simulateYaml(
      doc(
        nc,
        nodePool('p', {
          requirements: `${fam('c7i', 'c8i')}\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand", "reserved"]`,
        }),
        deployment('app'),
      ),
      { reservations: [{ id: 'cr-123', instanceType: 'c8i.2xlarge', zone: 'us-east-1b', count: 2, type: 'default' }] },
    );
    expect(place('app')).toMatchObject({ instanceType: 'c8i.2xlarge', capacityType: 'reserved' });
  });

  test('spot allowed → spot is chosen first (getCapacityType; price-capacity-optimized)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', {
          requirements: `${fam('c7i', 'c8i')}\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand", "spot"]`,
        }),
        deployment('app'),
      ),
    );
    expect(place('app')).toMatchObject({ capacityType: 'spot', allocationStrategy: 'price-capacity-optimized' });
  });

  test('Gte 8 with no 8th-generation capacity (ICE) → unschedulable, no fallback to gen 7', () => {
    const gte8 = `        - key: karpenter.k8s.aws/instance-generation\n          operator: Gte\n          values: ["8"]\n${fam('c7i', 'c8i')}\n${OD}`;
    const unavailable = new Set<string>();
    for (const size of [
      'large',
      'xlarge',
      '2xlarge',
      '4xlarge',
      '8xlarge',
      '12xlarge',
      '16xlarge',
      '24xlarge',
      '32xlarge',
      '48xlarge',
      '96xlarge',
      'metal-48xl',
      'metal-96xl',
    ])
      for (const z of ['a', 'b', 'c']) unavailable.add(`on-demand:c8i.${size}:us-east-1${z}`);
    const state = stateOf({ 'all.yaml': doc(NODECLASS, nodePool('p', { requirements: gte8 }), deployment('app')) });
    const opts = { catalog: embeddedCatalog(), spotPriceFactor: 0.35, reservations: [], probes: false, zones: ZONES };
    const { sim, record } = simulateRecorded(state, opts);
    expect(sim.placements.get('Deployment/default/app')).toMatchObject({ schedulable: true, nodePool: 'p' });
    const scenario = insufficientCapacity(record, sim.podGroups, unavailable).placements.get('Deployment/default/app');
    // Its NodeClaim's launch fails, and the next batch finds no NodePool with a type left (gen 7 is not Gte 8).
    expect(scenario?.schedulable).toBe(false);
    expect(scenario?.reasonCodes).toEqual(expect.arrayContaining(['launch-failed', 'no-nodepool']));
  });

  // karpenter pkg/scheduling/requirements.go Requirements.Compatible (custom labels must be declared)
  test('a custom label the pod requires but no NodePool declares → unschedulable; Exists on the pool → schedulable', () => {
    const pod = { podSpec: '      nodeSelector: { team: payments }\n' };
    expect(simulateYaml(doc(NODECLASS, nodePool('p'), deployment('app', pod))).place('app').schedulable).toBe(false);
    const declared = nodePool('p', { requirements: `${OD}\n        - key: team\n          operator: Exists` });
    const r = simulateYaml(doc(NODECLASS, declared, deployment('app', pod)));
    expect(r.place('app').schedulable).toBe(true);
    expect(r.sim.fleet[0].labels.team).toBe('payments');
  });
});

describe('behaviours pinned by the provisioning and scheduling suites', () => {
  test('weights unset, 20 and 100 → all pods on the weight-100 NodePool (provisioning/suite_test.go)', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('unset'),
        nodePool('w20', { weight: 20 }),
        nodePool('w100', { weight: 100 }),
        deployment('a', { replicas: 3 }),
      ),
    );
    expect(new Set(sim.fleet.map((n) => n.nodePool))).toEqual(new Set(['w100']));
  });
  test('schedule to a NodePool by template labels (provisioning/suite_test.go)', () => {
    const labelled = nodePool('labelled', { extraSpec: '' }).replace(
      '  template:\n',
      '  template:\n    metadata:\n      labels: { foo: bar }\n',
    );
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('plain', { weight: 50 }),
        labelled,
        deployment('a', { podSpec: '      nodeSelector: { foo: bar }\n' }),
      ),
    );
    expect(place('a').nodePool).toBe('labelled');
  });
  test('a PreferNoSchedule-tainted NodePool is avoided while another matches (provisioning/suite_test.go)', () => {
    const tainted = nodePool('tainted', {
      weight: 100,
      extraTemplateSpec: '      taints: [{ key: x, value: y, effect: PreferNoSchedule }]\n',
    });
    const { place } = simulateYaml(doc(NODECLASS, tainted, nodePool('plain'), deployment('a')));
    expect(place('a').nodePool).toBe('plain');
  });
  // karpenter pkg/controllers/provisioning/scheduling/preferences.go Preferences.toleratePreferNoScheduleTaints
  test('the PreferNoSchedule toleration is added by the last relaxation step when nothing else matches', () => {
    const tainted = nodePool('tainted', {
      extraTemplateSpec: '      taints: [{ key: x, value: y, effect: PreferNoSchedule }]\n',
    });
    expect(simulateYaml(doc(NODECLASS, tainted, deployment('a'))).place('a').nodePool).toBe('tainted');
  });
  test('a deleting NodePool is ignored (provisioning/suite_test.go)', () => {
    const deleting = nodePool('only').replace(
      '  name: only\n',
      '  name: only\n  deletionTimestamp: "2026-01-01T00:00:00Z"\n',
    );
    expect(simulateYaml(doc(NODECLASS, deleting, deployment('a'))).place('a').schedulable).toBe(false);
  });
  test('a NodePool that is not Ready (its EC2NodeClass is missing) is not used (scheduling/suite_test.go)', () => {
    const orphan = nodePool('orphan').replace('name: default }', 'name: missing }');
    const { place, sim } = simulateYaml(doc(NODECLASS, orphan, deployment('a')));
    expect(place('a').schedulable).toBe(false);
    expect(sim.pools[0].reason).toEqual({
      code: 'nodeclass-not-found',
      message: expect.stringMatching(/EC2NodeClass "missing" not found/),
    });
  });
  test('static NodePools are not used for provisioning (provisioning/suite_test.go)', () => {
    const stat = nodePool('static', { extraSpec: '  replicas: 3\n' });
    expect(simulateYaml(doc(NODECLASS, stat, deployment('a'))).place('a').schedulable).toBe(false);
    expect(simulateYaml(doc(NODECLASS, stat, nodePool('dynamic'), deployment('a'))).place('a').nodePool).toBe(
      'dynamic',
    );
  });
  const cpuReq = (op: string, v: string) =>
    `${OD}\n${fam('m7i')}\n        - key: karpenter.k8s.aws/instance-cpu\n          operator: ${op}\n          values: ["${v}"]`;
  test.each([
    ['Gt', '8', 16],
    ['Lt', '8', 2],
    ['Gte', '16', 16],
    ['Lte', '2', 2],
  ])('instance-cpu %s %s → %s vCPU (scheduling/suite_test.go)', (op, v, cpu) => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { requirements: cpuReq(op as string, v as string) }),
        deployment('a', { cpu: '500m', memory: '1Gi' }),
      ),
    );
    expect(sim.fleet[0].labels['karpenter.k8s.aws/instance-cpu']).toBe(String(cpu));
  });
  const zonePod = (values: string) => ({
    podSpec: `      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - { key: topology.kubernetes.io/zone, operator: NotIn, values: [${values}] }\n`,
  });
  test('zone NotIn [a, b, unknown] → zone c (scheduling/suite_test.go)', () => {
    const { sim } = simulateYaml(
      doc(NODECLASS, nodePool('p'), deployment('a', zonePod('us-east-1a, us-east-1b, unknown'))),
    );
    expect(sim.fleet[0].zone).toBe('us-east-1c');
  });
  test('every zone excluded → not scheduled (scheduling/suite_test.go)', () => {
    expect(
      simulateYaml(doc(NODECLASS, nodePool('p'), deployment('a', zonePod('us-east-1a, us-east-1b, us-east-1c')))).place(
        'a',
      ).schedulable,
    ).toBe(false);
  });
  const customPod = (op: string, values = '["test-value"]') => ({
    podSpec: `      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - { key: test-key, operator: ${op}${op === 'In' || op === 'NotIn' ? `, values: ${values}` : ''} }\n`,
  });
  test.each([
    ['In', false],
    ['NotIn', true],
    ['Exists', false],
    ['DoesNotExist', true],
  ])('undefined custom key with %s → scheduled %s (scheduling/suite_test.go)', (op, ok) => {
    const { place, sim } = simulateYaml(doc(NODECLASS, nodePool('p'), deployment('a', customPod(op as string))));
    expect(place('a').schedulable).toBe(ok);
    if (ok) expect(sim.fleet[0].labels['test-key']).not.toBe('test-value');
  });
  test('custom key defined on the NodePool, pod DoesNotExist → not scheduled (scheduling/suite_test.go)', () => {
    const p = nodePool('p', {
      requirements: `${OD}\n        - key: test-key\n          operator: In\n          values: ["test-value"]`,
    });
    expect(simulateYaml(doc(NODECLASS, p, deployment('a', customPod('DoesNotExist')))).place('a').schedulable).toBe(
      false,
    );
  });
  test('narrowing within one NodeClaim (scheduling/suite_test.go)', () => {
    const p = nodePool('p', {
      requirements: `${OD}\n        - key: test-key\n          operator: In\n          values: ["test-value", "another-value"]`,
    });
    const same = simulateYaml(
      doc(NODECLASS, p, deployment('a', customPod('In')), deployment('b', customPod('NotIn', '["another-value"]'))),
    );
    expect(same.sim.fleet).toHaveLength(1);
    expect(same.sim.fleet[0].labels['test-key']).toBe('test-value');
    const two = simulateYaml(
      doc(NODECLASS, p, deployment('a', customPod('In')), deployment('b', customPod('In', '["another-value"]'))),
    );
    expect(two.sim.fleet).toHaveLength(2);
  });
  test('a hostname nodeSelector is rejected by validation (scheduling/suite_test.go)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', { podSpec: '      nodeSelector: { kubernetes.io/hostname: red-node }\n' }),
      ),
    );
    expect(place('a')).toMatchObject({ schedulable: false });
    expect(place('a').reason).toMatch(/validation/);
  });
  const mv = (n: number) =>
    `${OD}\n        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m7i.large", "m7i.xlarge", "no-such.type"]\n          minValues: ${n}`;
  test('minValues Strict with too few existing types → not scheduled (provisioning/suite_test.go)', () => {
    const { place, sim } = simulateYaml(doc(NODECLASS, nodePool('p', { requirements: mv(3) }), deployment('a')));
    expect(place('a').schedulable).toBe(false);
    expect(sim.pools[0].reason?.code).toBe('min-values-unsatisfiable');
  });
  test('minValues BestEffort with too few types → scheduled (provisioning/suite_test.go)', () => {
    const { place } = simulateYaml(doc(NODECLASS, nodePool('p', { requirements: mv(3) }), deployment('a')), {
      settings: 'settings:\n  minValuesPolicy: BestEffort\n',
    });
    expect(place('a').schedulable).toBe(true);
  });
  test('BestEffort relaxes the higher-weight NodePool instead of falling back (provisioning/suite_test.go)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('high', { weight: 100, requirements: mv(3) }),
        nodePool('low', { weight: 10 }),
        deployment('a'),
      ),
      { settings: 'settings:\n  minValuesPolicy: BestEffort\n' },
    );
    expect(place('a').nodePool).toBe('high');
  });
  test('limit cpu 2 with a pod of 1.75 → a 2-CPU type, equality is allowed (provisioning/suite_test.go)', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { extraSpec: '  limits: { cpu: "2" }\n' }),
        deployment('a', { cpu: '1750m', memory: '1Gi' }),
      ),
    );
    expect(sim.fleet[0].labels['karpenter.k8s.aws/instance-cpu']).toBe('2');
  });
  test('pod 2.1 CPU with limit 2 → not scheduled (no type within the limit fits)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { extraSpec: '  limits: { cpu: "2" }\n' }),
        deployment('a', { cpu: '2100m', memory: '1Gi' }),
      ),
    );
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reason).toMatch(/enough resources/);
  });
  test('a limit already used up → all available instance types exceed limits (provisioning/suite_test.go)', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', {
          extraSpec: '  limits: { cpu: "4" }\n',
          requirements: `${OD}\n${fam('m7i')}\n        - key: karpenter.k8s.aws/instance-cpu\n          operator: Gte\n          values: ["8"]`,
        }),
        deployment('a', { cpu: '1', memory: '1Gi' }),
      ),
    );
    expect(place('a').reason).toMatch(/all available instance types exceed limits for nodepool/);
  });
  test('limit 3 CPU, two hostname-anti-affine pods of 1.5 → exactly one scheduled (provisioning/suite_test.go)', () => {
    const anti =
      '      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: kubernetes.io/hostname\n              labelSelector: { matchLabels: { app: a } }\n';
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { extraSpec: '  limits: { cpu: "3" }\n' }),
        deployment('a', { replicas: 2, cpu: '1500m', memory: '1Gi', podSpec: anti }),
      ),
    );
    expect(place('a').reason).toMatch(/^1 of 2 pods unschedulable/);
  });
  test('the final required term is never relaxed (scheduling/suite_test.go)', () => {
    const pod = {
      podSpec:
        '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions: [{ key: topology.kubernetes.io/zone, operator: In, values: ["invalid"] }]\n',
    };
    expect(simulateYaml(doc(NODECLASS, nodePool('p'), deployment('a', pod))).place('a').schedulable).toBe(false);
  });
  test('required OR-terms are relaxed until one works (scheduling/suite_test.go)', () => {
    const term = (z: string) =>
      `              - matchExpressions: [{ key: topology.kubernetes.io/zone, operator: In, values: ["${z}"] }]\n`;
    const pod = {
      podSpec:
        '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n' +
        term('invalid') +
        term('invalid') +
        term('us-east-1a') +
        term('us-east-1b'),
    };
    expect(simulateYaml(doc(NODECLASS, nodePool('p'), deployment('a', pod))).sim.fleet[0].zone).toBe('us-east-1a');
  });
  test('preferences relax to lighter weights (scheduling/suite_test.go)', () => {
    const pref = (w: number, k: string, v: string) =>
      `            - weight: ${w}\n              preference: { matchExpressions: [{ key: ${k}, operator: In, values: ["${v}"] }] }\n`;
    const pod = {
      podSpec:
        '      affinity:\n        nodeAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n' +
        pref(100, 'node.kubernetes.io/instance-type', 'no-such.type') +
        pref(50, 'topology.kubernetes.io/zone', 'us-east-1b') +
        pref(1, 'topology.kubernetes.io/zone', 'us-east-1a'),
    };
    const p = nodePool('p', {
      requirements: `${OD}\n        - key: topology.kubernetes.io/zone\n          operator: In\n          values: ["us-east-1a", "us-east-1b"]`,
    });
    expect(simulateYaml(doc(NODECLASS, p, deployment('a', pod))).sim.fleet[0].zone).toBe('us-east-1b');
  });
});

describe('ICE what-if scenarios (karpenter-provider-aws pkg/cache/unavailableofferings.go MarkUnavailable)', () => {
  test('generation-split: with no 8th-generation capacity the workloads fall back to gen7-fallback', async () => {
    const { runCli } = await import('../../src/cli/run.js');
    const r = await runCli([
      'diff',
      '--base',
      'examples/generation-split/base',
      '--head',
      'examples/generation-split/head',
      '--format',
      'json',
      '--at',
      '2026-01-05T10:00:00Z',
    ]);
    const plan = JSON.parse(r.stdout);
    expect(plan.scenarios).toHaveLength(1);
    const moved = plan.scenarios[0].workloads.filter((w: { changed: boolean }) => w.changed);
    expect(moved.length).toBeGreaterThan(0);
    for (const w of moved) {
      expect(w.head.nodePool).toBe('gen8-primary');
      expect(w.scenario.nodePool).toBe('gen7-fallback');
      // Every offering of gen8-primary's NodeClaims is short: they fail, and a later batch places their pods (each
      // failed launch caches only the offerings it was given, so gen8-primary is tried until none is left).
      expect(w.scenario.rounds).toBeGreaterThan(1);
    }
    expect(plan.scenarios[0].timeline).toMatch(/3 minutes/);
  });
});

// karpenter-provider-aws pkg/providers/capacityreservation/types.go MarkLaunched; scheduling/suite_test.go
// "shouldn't fallback to a lower weight NodePool if a reserved offering is available"
describe('reserved capacity is consumed', () => {
  test('two reserved slots: two NodeClaims reserved, the rest on-demand, on the same (primary) pool', () => {
    const nc = NODECLASS + '  capacityReservationSelectorTerms:\n    - id: cr-9\n';
    const anti =
      '      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: kubernetes.io/hostname\n              labelSelector: { matchLabels: { app: app } }\n';
    const both =
      '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand", "reserved"]';
    const { sim } = simulateYaml(
      doc(
        nc,
        nodePool('primary', { weight: 100, requirements: `${fam('c8i')}\n${both}` }),
        nodePool('fallback', { weight: 50, requirements: `${fam('c8i')}\n${both}` }),
        deployment('app', { replicas: 4, cpu: '3', memory: '4Gi', podSpec: anti }),
      ),
      { reservations: [{ id: 'cr-9', instanceType: 'c8i.xlarge', zone: 'us-east-1a', count: 2, type: 'default' }] },
    );
    expect(sim.fleet.map((n) => n.capacityType).sort()).toEqual(['on-demand', 'on-demand', 'reserved', 'reserved']);
    expect(new Set(sim.fleet.map((n) => n.nodePool))).toEqual(new Set(['primary']));
  });
});

describe('more behaviours pinned by Karpenter tests', () => {
  // karpenter pkg/utils/nodepool/suite_test.go
  test('OrderByWeight: weight descending, equal weights by name descending in byte order', async () => {
    const { orderByWeight } = await import('../../src/api/nodepool.js');
    const pools = ['alpha', 'zeta', 'b', 'a', 'a10', 'a2'].map((name) => ({ name, weight: 10 }));
    expect(orderByWeight(pools).map((p) => p.name)).toEqual(['zeta', 'b', 'alpha', 'a2', 'a10', 'a']);
    expect(
      orderByWeight([
        { name: 'x', weight: 0 },
        { name: 'y', weight: 100 },
        { name: 'z', weight: 20 },
      ]).map((p) => p.weight),
    ).toEqual([100, 20, 0]);
  });
  test('zone In [non-existent] AND zone Exists → not scheduled (scheduling/suite_test.go)', () => {
    const pod = {
      podSpec:
        '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - { key: topology.kubernetes.io/zone, operator: In, values: ["non-existent"] }\n                  - { key: topology.kubernetes.io/zone, operator: Exists }\n',
    };
    expect(simulateYaml(doc(NODECLASS, nodePool('p'), deployment('a', pod))).place('a').schedulable).toBe(false);
  });
  // karpenter pkg/cloudprovider/types.go Offerings.WorstLaunchPrice; pkg/controllers/disruption/consolidation_test.go
  test('WorstLaunchPrice: the most expensive offering of the first class (reserved → spot → on-demand)', async () => {
    const { worstLaunchPrice } = await import('../../src/disruption/consolidation.js');
    const o = (capacityType: 'spot' | 'on-demand' | 'reserved', price: number) => ({
      zone: 'z',
      capacityType,
      price,
      cost: price,
      available: true,
      overlaid: false,
    });
    // An on-demand node at 0.5 is not replaced by a type whose spot offerings are 1.0 / 0.2 / 0.4: the worst spot price
    // 1.0 is not below 0.5.
    expect(worstLaunchPrice([o('spot', 1.0), o('spot', 0.2), o('spot', 0.4), o('on-demand', 0.3)])).toBe(1.0);
    expect(worstLaunchPrice([o('on-demand', 0.3), o('on-demand', 0.35)])).toBe(0.35);
    expect(worstLaunchPrice([o('reserved', 0.00001), o('spot', 1)])).toBe(0.00001);
  });
});

// Strict reserved mode: karpenter pkg/controllers/provisioning/scheduling/nodeclaim.go offeringsToReserve
// (ReservedOfferingError), scheduling/suite_test.go "Reserved Instance Types"
describe('strict reserved mode', () => {
  const nc = NODECLASS + '  capacityReservationSelectorTerms:\n    - id: cr-1\n';
  const both =
    '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand", "reserved"]';
  const reservation = [
    { id: 'cr-1', instanceType: 'c8i.large', zone: 'us-east-1a', count: 1, type: 'default' as const },
  ];
  test('"shouldn\'t fallback to on-demand or spot when compatible reserved offerings are available": the reserved c8i.large is used, the second pod gets its own node', () => {
    // Two pods of 1500m: together they would need a c8i.xlarge, which would leave the reservation (c8i.large) unused;
    // Karpenter refuses the second pod on the first NodeClaim and defers it to the next round.
    const { sim, place } = simulateYaml(
      doc(
        nc,
        nodePool('p', { requirements: `${fam('c8i')}\n${both}` }),
        deployment('app', { replicas: 2, cpu: '1500m', memory: '1Gi' }),
      ),
      { reservations: reservation },
    );
    expect(sim.fleet.map((n) => `${n.instanceType} ${n.capacityType}`).sort()).toEqual([
      'c8i.large on-demand',
      'c8i.large reserved',
    ]);
    expect(place('app').schedulable).toBe(true);
  });
  test('"should handle multiple pods on reserved nodes": pods that fit the reserved type share it', () => {
    const { sim } = simulateYaml(
      doc(
        nc,
        nodePool('p', { requirements: `${fam('c8i')}\n${both}` }),
        deployment('app', { replicas: 2, cpu: '500m', memory: '512Mi' }),
      ),
      { reservations: reservation },
    );
    expect(sim.fleet.map((n) => `${n.instanceType} ${n.capacityType}`)).toEqual(['c8i.large reserved']);
  });
});

// karpenter-provider-aws pkg/providers/instance/instance.go Create: the filter chain (filter.go spot-offering-filter:
// spot offerings pricier than the cheapest on-demand one are dropped) runs before getCapacityType.
describe('spot pricier than on-demand', () => {
  test('a spot and on-demand pool launches on-demand when every spot offering costs more than on-demand', () => {
    const pool = nodePool('p', {
      requirements:
        '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["spot", "on-demand"]\n' +
        '        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m7i.large"]',
    });
    // spotPriceFactor 1.3: each spot offering is priced at 1.3 × the on-demand price.
    const { place } = simulateYaml(doc(NODECLASS, pool, deployment('app', { cpu: '1', memory: '2Gi' })), {
      spotPriceFactor: 1.3,
    });
    expect(place('app')).toMatchObject({ schedulable: true, capacityType: 'on-demand', instanceType: 'm7i.large' });
  });
});
