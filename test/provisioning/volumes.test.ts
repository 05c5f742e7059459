/**
 * Volume topology in the scheduler model. Each case takes the shape of a test of kubernetes-sigs/karpenter v1.14
 * (pkg/controllers/provisioning/suite_test.go Context "Volume Topology Requirements", or
 * pkg/controllers/provisioning/scheduling/suite_test.go, named in the test title) and its asserted outcome. Karpenter's
 * test zones test-zone-1/2/3 are us-east-1a/b/c here. Its `test.StorageClass({Zones})` is one allowedTopologies term
 * `topology.kubernetes.io/zone In Zones`; `test.PersistentVolume({Zones})` one nodeAffinity term with the same
 * (pkg/test/storage.go).
 */
import { deployment, NODECLASS, nodePool, simulateYaml, stateOf } from '../helpers.js';
import { wordAssumption } from '../../src/common/assumption-wording.js';

const [A, B, C] = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const doc = (...d: string[]) => d.join('---\n');
const zoneReq = (zones: string[]) =>
  `        - key: topology.kubernetes.io/zone\n          operator: In\n          values: ${JSON.stringify(zones)}\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]`;

function storageClass(name: string, zones: string[] | null, mode = 'WaitForFirstConsumer', extra = ''): string {
  return `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: { name: ${name}${extra} }
provisioner: ebs.csi.aws.com
volumeBindingMode: ${mode}
${zones ? `allowedTopologies:\n  - matchLabelExpressions:\n      - key: topology.kubernetes.io/zone\n        values: ${JSON.stringify(zones)}\n` : ''}`;
}
function pvc(name: string, opts: { sc?: string; volumeName?: string } = {}): string {
  return `apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: ${name}, namespace: default }
spec:
  accessModes: [ReadWriteOnce]
${opts.sc !== undefined ? `  storageClassName: ${JSON.stringify(opts.sc)}\n` : ''}${opts.volumeName ? `  volumeName: ${opts.volumeName}\n` : ''}  resources: { requests: { storage: 1Gi } }
`;
}
function pv(name: string, nodeAffinity: string, extraSpec = ''): string {
  return `apiVersion: v1
kind: PersistentVolume
metadata: { name: ${name} }
spec:
  capacity: { storage: 1Gi }
  accessModes: [ReadWriteOnce]
${extraSpec}  nodeAffinity:
    required:
      nodeSelectorTerms:
${nodeAffinity}`;
}
const zoneTerm = (key: string, zones: string[]) =>
  `        - matchExpressions:\n            - { key: ${key}, operator: In, values: ${JSON.stringify(zones)} }\n`;
const claimVolume = (claim: string) =>
  `      volumes:\n        - name: data\n          persistentVolumeClaim: { claimName: ${claim} }\n`;
const ephemeralVolume = (sc: string) =>
  `      volumes:\n        - name: scratch\n          ephemeral:\n            volumeClaimTemplate:\n              spec:\n                accessModes: [ReadWriteOnce]\n                storageClassName: ${sc}\n                resources: { requests: { storage: 1Gi } }\n`;
const podZones = (zones: string[]) =>
  `      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - { key: topology.kubernetes.io/zone, operator: In, values: ${JSON.stringify(zones)} }\n`;

type Sim = ReturnType<typeof simulateYaml>['sim'];
const zonesOf = (sim: Sim, key: string) =>
  sim.fleet
    .filter((n) => n.pods[key])
    .map((n) => n.zone)
    .sort();

describe('volume topology (provisioning/suite_test.go "Volume Topology Requirements")', () => {
  const sc = storageClass('sc', [B, C]); // BeforeEach: Zones test-zone-2, test-zone-3, WaitForFirstConsumer

  test('"should schedule to volume zones if volume already bound": PV in zone 3 → the node is in zone 3', () => {
    const { sim, place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pv('vol', zoneTerm('topology.kubernetes.io/zone', [C])),
        pvc('claim', { sc: 'sc', volumeName: 'vol' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    );
    expect(place('a').schedulable).toBe(true);
    expect(zonesOf(sim, 'Deployment/default/a')).toEqual([C]);
  });

  test('"should schedule to storage class zones if volume does not exist": pod zones {1, 3} ∩ class zones {2, 3} → zone 3', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pvc('claim', { sc: 'sc' }),
        deployment('a', { podSpec: podZones([A, C]) + claimVolume('claim') }),
      ),
    );
    expect(zonesOf(sim, 'Deployment/default/a')).toEqual([C]);
  });

  test('"should schedule to storage class zones if volume does not exist (ephemeral volume)": → zone 3', () => {
    const { sim } = simulateYaml(
      doc(NODECLASS, nodePool('p'), sc, deployment('a', { podSpec: podZones([A, C]) + ephemeralVolume('sc') })),
    );
    expect(zonesOf(sim, 'Deployment/default/a')).toEqual([C]);
  });

  test('"should not schedule if storage class zones are incompatible": pod zone 1, class zones {2, 3} → not scheduled', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pvc('claim', { sc: 'sc' }),
        deployment('a', { podSpec: podZones([A]) + claimVolume('claim') }),
      ),
    );
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['volume-topology']);
    expect(place('a').reason).toMatch(/incompatible volume requirements, key topology\.kubernetes\.io\/zone/);
  });

  test('"should not schedule if storage class zones are incompatible (ephemeral volume)"', () => {
    const { place } = simulateYaml(
      doc(NODECLASS, nodePool('p'), sc, deployment('a', { podSpec: podZones([A]) + ephemeralVolume('sc') })),
    );
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['volume-topology']);
  });

  test('"should not schedule if volume zones are incompatible": PV zone 3, pod zone 1 → not scheduled', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pv('vol', zoneTerm('topology.kubernetes.io/zone', [C])),
        pvc('claim', { sc: 'sc', volumeName: 'vol' }),
        deployment('a', { podSpec: podZones([A]) + claimVolume('claim') }),
      ),
    );
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['volume-topology']);
  });

  test('"should schedule to volume zones if volume already bound (ephemeral volume)": a Pod\'s claim <pod>-<volume> bound to a PV in zone 3', () => {
    const pod = `apiVersion: v1
kind: Pod
metadata: { name: p1, namespace: default }
spec:
${ephemeralVolume('sc').replace(/^ {4}/gm, '')}  containers: [{ name: c, image: x, resources: { requests: { cpu: "1" } } }]
`;
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pv('vol', zoneTerm('topology.kubernetes.io/zone', [C])),
        pvc('p1-scratch', { sc: 'sc', volumeName: 'vol' }),
        pod,
      ),
    );
    expect(zonesOf(sim, 'Pod/default/p1')).toEqual([C]);
  });

  test('"should not schedule with an empty storage class if the pvc is not bound": the pod is invalid', () => {
    const { place } = simulateYaml(
      doc(NODECLASS, nodePool('p'), pvc('claim', { sc: '' }), deployment('a', { podSpec: claimVolume('claim') })),
    );
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['invalid-pod']);
    expect(place('a').reason).toMatch(/unbound pvc default\/claim must define a storage class/);
  });

  test('"should schedule with an empty storage class if the pvc is bound"', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        pv('vol', zoneTerm('topology.kubernetes.io/zone', [B])),
        pvc('claim', { sc: '', volumeName: 'vol' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    );
    expect(place('a').schedulable).toBe(true);
  });

  test('"should ignore hostname affinity scheduling when using local path volumes": local PV pinned to a hostname still schedules', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        storageClass('local-path', null),
        pv('vol', zoneTerm('kubernetes.io/hostname', ['some-node']), '  local: { path: /mnt/disks/ssd1 }\n'),
        pvc('claim', { sc: 'local-path', volumeName: 'vol' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    );
    expect(place('a').schedulable).toBe(true);
  });

  test('"should not ignore hostname affinity when using non-local path volumes": a CSI PV pinned to a hostname does not schedule', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pv('vol', zoneTerm('kubernetes.io/hostname', ['some-node'])),
        pvc('claim', { sc: 'sc', volumeName: 'vol' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    );
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['volume-topology']);
  });

  test('"should not relax an added volume topology zone node-selector away": terms [custom label] OR [on-demand] → zone 3', () => {
    const podSpec =
      `      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n` +
      `              - matchExpressions: [{ key: example.com/label, operator: In, values: [unsupported] }]\n` +
      `              - matchExpressions: [{ key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }]\n` +
      claimVolume('claim');
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pv('vol', zoneTerm('topology.kubernetes.io/zone', [C])),
        pvc('claim', { sc: 'sc', volumeName: 'vol' }),
        deployment('a', { podSpec }),
      ),
    );
    expect(zonesOf(sim, 'Deployment/default/a')).toEqual([C]);
  });
});

describe('volume topology alternatives (scheduling/suite_test.go)', () => {
  test('"should schedule pods using a StorageClass with multiple zones in AllowedTopologies": two terms (zone 1 | zone 2) and zonal anti-affinity → one pod in each', () => {
    const sc = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: { name: multi-zone-sc }
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
allowedTopologies:
  - matchLabelExpressions: [{ key: topology.kubernetes.io/zone, values: [${A}] }]
  - matchLabelExpressions: [{ key: topology.kubernetes.io/zone, values: [${B}] }]
`;
    const anti = `      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: topology.kubernetes.io/zone\n              labelSelector: { matchLabels: { app: multi-zone-sc-app } }\n`;
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        sc,
        pvc('c0', { sc: 'multi-zone-sc' }),
        pvc('c1', { sc: 'multi-zone-sc' }),
        deployment('p0', { labels: { app: 'multi-zone-sc-app' }, podSpec: anti + claimVolume('c0') }),
        deployment('p1', { labels: { app: 'multi-zone-sc-app' }, podSpec: anti + claimVolume('c1') }),
      ),
    );
    const z = [...zonesOf(sim, 'Deployment/default/p0'), ...zonesOf(sim, 'Deployment/default/p1')].sort();
    expect(z).toEqual([A, B]);
  });

  test('"should schedule pods when a valid multi-volume topology alternative remains after pruning disjoint branches": → zone 1 and the "optional" branch', () => {
    // Karpenter's fake.ExoticInstanceLabelKey ("special"): its fake instance types offer "optional" and never
    // "required" (fake/instancetype.go). Here the NodePool allows example.com/exotic In [optional] only, so the
    // "required" branches fail likewise.
    const exotic = 'example.com/exotic';
    const scA = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: { name: pruned-overlap-a }
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
allowedTopologies:
  - matchLabelExpressions: [{ key: ${exotic}, values: [required] }]
  - matchLabelExpressions: [{ key: ${exotic}, values: [optional] }]
`;
    const scB = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: { name: pruned-overlap-b }
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
allowedTopologies:
  - matchLabelExpressions: [{ key: topology.kubernetes.io/zone, values: [${A}] }, { key: ${exotic}, values: [optional] }]
  - matchLabelExpressions: [{ key: topology.kubernetes.io/zone, values: [${B}] }, { key: ${exotic}, values: [required] }]
`;
    const podSpec = `      volumes:\n        - name: a\n          persistentVolumeClaim: { claimName: pvc-a }\n        - name: b\n          persistentVolumeClaim: { claimName: pvc-b }\n`;
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', {
          requirements: `        - key: ${exotic}\n          operator: In\n          values: [optional]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]`,
        }),
        scA,
        scB,
        pvc('pvc-a', { sc: 'pruned-overlap-a' }),
        pvc('pvc-b', { sc: 'pruned-overlap-b' }),
        deployment('a', { podSpec }),
      ),
    );
    // The cross product keeps (required ∧ zone 2 ∧ required) and (optional ∧ zone 1 ∧ optional), in that order;
    // the first cannot be met, so the pod lands on the second: zone 1, exotic=optional.
    const n = sim.fleet.find((x) => x.pods['Deployment/default/a']);
    expect(n?.zone).toBe(A);
    expect(n?.labels['example.com/exotic']).toBe('optional');
  });
});

describe("the issue-13 case: a NodePool that excludes the volume's zone", () => {
  test('PV bound to zone a, NodePool limited to zones b and c → unschedulable, reason names the volume requirement', () => {
    const { place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { requirements: zoneReq([B, C]) }),
        pv('vol', zoneTerm('topology.kubernetes.io/zone', [A])),
        pvc('claim', { sc: 'gp3', volumeName: 'vol' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    );
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['volume-topology']);
    expect(place('a').reason).toMatch(
      /nodepool "p": incompatible volume requirements, key topology\.kubernetes\.io\/zone, topology\.kubernetes\.io\/zone In \[us-east-1a\] not in/,
    );
  });

  test("the EBS CSI driver's zone key topology.ebs.csi.aws.com/zone is read as topology.kubernetes.io/zone (AWS operator.go NormalizedLabels)", () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        pv('vol', zoneTerm('topology.ebs.csi.aws.com/zone', [B])),
        pvc('claim', { sc: 'gp2', volumeName: 'vol' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    );
    expect(zonesOf(sim, 'Deployment/default/a')).toEqual([B]);
  });
});

describe('StatefulSets and what the repository does not hold', () => {
  const sts = (replicas: number, sc: string | null) => `apiVersion: apps/v1
kind: StatefulSet
metadata: { name: db, namespace: default }
spec:
  replicas: ${replicas}
  template:
    metadata: { labels: { app: db } }
    spec:
      containers: [{ name: c, image: x, resources: { requests: { cpu: "1" } } }]
  volumeClaimTemplates:
    - metadata: { name: data }
      spec:
        accessModes: [ReadWriteOnce]
${sc !== null ? `        storageClassName: ${sc}\n` : ''}        resources: { requests: { storage: 1Gi } }
`;

  test("volumeClaimTemplates: every replica's claim data-db-<n> takes the template's class → all in zone b", () => {
    const { sim, place } = simulateYaml(doc(NODECLASS, nodePool('p'), storageClass('zb', [B]), sts(3, 'zb')));
    expect(place('db', 'StatefulSet').schedulable).toBe(true);
    expect(new Set(zonesOf(sim, 'StatefulSet/default/db'))).toEqual(new Set([B]));
    expect(sim.assumptions.map(wordAssumption).join('\n')).toMatch(
      /claims of StatefulSet default\/db are made from their volumeClaimTemplates/,
    );
  });

  test('per-replica claims among the manifests: data-db-0 bound to a PV in zone a, data-db-1 in zone c, data-db-2 from the template (zone b)', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        storageClass('zb', [B]),
        pv('v0', zoneTerm('topology.kubernetes.io/zone', [A])),
        pv('v1', zoneTerm('topology.kubernetes.io/zone', [C])),
        pvc('data-db-0', { sc: 'zb', volumeName: 'v0' }),
        pvc('data-db-1', { sc: 'zb', volumeName: 'v1' }),
        sts(3, 'zb'),
      ),
    );
    const per = new Map<string, number>();
    for (const n of sim.fleet) per.set(n.zone, (per.get(n.zone) ?? 0) + (n.pods['StatefulSet/default/db'] ?? 0));
    expect(Object.fromEntries(per)).toEqual({ [A]: 1, [B]: 1, [C]: 1 });
  });

  test('the default StorageClass fills a template without storageClassName (DefaultStorageClass admission)', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        storageClass(
          'def',
          [C],
          'WaitForFirstConsumer',
          `, annotations: { storageclass.kubernetes.io/is-default-class: "true" }`,
        ),
        sts(2, null),
      ),
    );
    expect(new Set(zonesOf(sim, 'StatefulSet/default/db'))).toEqual(new Set([C]));
  });

  test('objects missing from the repository invent no failure: the pod is placed and the assumption is stated', () => {
    const { sim, place } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        pvc('claim', { sc: 'gp3' }),
        deployment('a', { podSpec: claimVolume('claim') }),
        deployment('b', { podSpec: claimVolume('elsewhere') }),
      ),
    );
    expect(place('a').schedulable).toBe(true);
    expect(place('b').schedulable).toBe(true);
    const text = sim.assumptions.map(wordAssumption).join('\n');
    expect(text).toMatch(/StorageClasses not among the manifests \(gp3\)/);
    expect(text).toMatch(/PersistentVolumeClaims not among the manifests \(default\/elsewhere\)/);
  });

  test('an Immediate StorageClass: the pod is restricted to its allowedTopologies, and the approximation is stated', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        storageClass('imm', [A], 'Immediate'),
        pvc('claim', { sc: 'imm' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    );
    expect(zonesOf(sim, 'Deployment/default/a')).toEqual([A]);
    expect(sim.assumptions.map(wordAssumption).join('\n')).toMatch(/Immediate StorageClasses \(default\/claim\)/);
  });
});

describe('bad input', () => {
  test('a malformed PV is a finding at its line; the rest is still evaluated', () => {
    const bad = `apiVersion: v1
kind: PersistentVolume
metadata: { name: vol }
spec:
  nodeAffinity:
    required:
      nodeSelectorTerms:
        - matchExpressions:
            - { key: topology.kubernetes.io/zone, operator: Inside, values: [${A}] }
`;
    const state = stateOf({
      'all.yaml': doc(
        NODECLASS,
        nodePool('p'),
        bad,
        pvc('claim', { sc: 'x', volumeName: 'vol' }),
        deployment('a', { podSpec: claimVolume('claim') }),
      ),
    });
    const f = state.findings.filter((x) => x.object === 'PersistentVolume/vol');
    expect(f.length).toBeGreaterThan(0);
    expect(f[0].file).toBe('all.yaml');
    expect(f[0].line).toBeGreaterThan(1);
    expect(state.workloads).toHaveLength(1);
    expect(state.storage.volumes.has('vol')).toBe(true);
  });

  test('a StorageClass with a malformed allowedTopologies is a finding; its valid terms are kept', () => {
    const state = stateOf({
      'all.yaml': `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: { name: s }
provisioner: x
volumeBindingMode: Sometimes
allowedTopologies:
  - matchLabelExpressions: [{ key: topology.kubernetes.io/zone }]
  - matchLabelExpressions: [{ key: topology.kubernetes.io/zone, values: [${A}] }]
`,
    });
    expect(state.findings.map((f) => f.message)).toEqual([
      'volumeBindingMode must be Immediate or WaitForFirstConsumer, got "Sometimes"',
      'allowedTopologies.0.matchLabelExpressions.0 must have a key and a list of values',
    ]);
    expect(state.storage.classes.get('s')?.allowedTopologies).toEqual([
      [],
      [{ key: 'topology.kubernetes.io/zone', values: [A] }],
    ]);
  });
});
