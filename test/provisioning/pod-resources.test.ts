/**
 * What a pod asks of a node: requests with pod-level resources and RuntimeClass overhead, and daemonset overhead with
 * OR-ed node-affinity terms. Expected values come from the Karpenter tests named in each title.
 */
import { FindingSink, NO_SOURCE, type Finding } from '../../src/common/findings.js';
import { parsePodSpec } from '../../src/api/workload.js';
import { NODECLASS, nodePool, simulateYaml, stateOf } from '../helpers.js';

const Gi = 2 ** 30;
function requestsOf(spec: Record<string, unknown>) {
  const findings: Finding[] = [];
  const pod = parsePodSpec(spec, new FindingSink(findings, NO_SOURCE, 'Pod/p'), ['spec']);
  return { requests: pod.requests, findings };
}
const c = (cpu: string, memory: string, extra: Record<string, unknown> = {}) => ({
  name: 'c',
  resources: { requests: { cpu, memory } },
  ...extra,
});

describe('pod requests (karpenter pkg/utils/resources/suite_test.go)', () => {
  test('"should calculate resource requests based off of containers, sidecarContainers, initContainers, and overhead": cpu 10, memory 5Gi', () => {
    // containers 2 + sidecar 3 = 5 > init 4 (no sidecar before it); + overhead 5 = 10. Memory 1 + 3 = 4 > 2; + 1 = 5Gi.
    const { requests } = requestsOf({
      containers: [c('2', '1Gi')],
      initContainers: [c('4', '2Gi'), c('3', '3Gi', { restartPolicy: 'Always' })],
      overhead: { cpu: '5', memory: '1Gi' },
    });
    expect(requests).toMatchObject({ cpu: 10_000, memory: 5 * Gi, pods: 1 });
  });

  test('"should calculate resource requests when the pod level resources is specified": pod-level 2/2Gi wins over containers 1/1Gi', () => {
    const { requests } = requestsOf({
      resources: { requests: { cpu: '2', memory: '2Gi' }, limits: { cpu: '4', memory: '4Gi' } },
      containers: [
        { name: 'c', resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '3', memory: '3Gi' } } },
      ],
    });
    expect(requests).toMatchObject({ cpu: 2000, memory: 2 * Gi });
  });

  test('"should calculate resource requests when the pod level resources requests is defaulted from limits": 10/10Gi', () => {
    const { requests } = requestsOf({
      resources: { limits: { cpu: '10', memory: '10Gi' } },
      containers: [c('1', '1Gi')],
    });
    expect(requests).toMatchObject({ cpu: 10_000, memory: 10 * Gi });
  });

  test('pod-level resources leave other resources to the containers (only cpu, memory and hugepages-* are pod-level)', () => {
    const { requests } = requestsOf({
      resources: { requests: { cpu: '2' } },
      containers: [{ name: 'c', resources: { requests: { cpu: '1', memory: '1Gi', 'nvidia.com/gpu': '1' } } }],
    });
    expect(requests).toMatchObject({ cpu: 2000, memory: 1 * Gi, 'nvidia.com/gpu': 1 });
  });

  test('"should take pod runtime class into consideration" (scheduling/suite_test.go): 1 CPU + 2 CPU podFixed overhead = 3 CPU', () => {
    const state = stateOf({
      'rc.yaml':
        'apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: { name: kata }\nhandler: kata\noverhead:\n  podFixed: { cpu: "2", memory: 1Gi }\n',
      'pod.yaml':
        'apiVersion: v1\nkind: Pod\nmetadata: { name: p, namespace: default }\nspec:\n  runtimeClassName: kata\n  containers:\n    - name: c\n      image: x\n      resources: { requests: { cpu: "1", memory: 1Gi } }\n',
    });
    expect(state.workloads[0].pod.requests).toMatchObject({ cpu: 3000, memory: 2 * Gi });
    expect(state.ignoredKinds.RuntimeClass).toBeUndefined();
  });
});

const daemonSet = (podSpec: string) => `apiVersion: apps/v1
kind: DaemonSet
metadata: { name: ds, namespace: kube-system }
spec:
  template:
    spec:
${podSpec}      containers:
        - name: c
          image: x
          resources: { requests: { cpu: "1", memory: 1Gi } }
`;
const labelledPool = nodePool('p').replace('    spec:\n', '    metadata: { labels: { foo: bar } }\n    spec:\n');

describe('daemonset overhead (provisioning/suite_test.go, scheduling/suite_test.go)', () => {
  test('"should consider a daemonset schedulable with multiple node affinity terms": the second term matches the pool label', () => {
    const terms =
      '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions: [{ key: foo, operator: In, values: [voo] }]\n              - matchExpressions: [{ key: foo, operator: In, values: [bar] }]\n';
    const { sim } = simulateYaml([NODECLASS, labelledPool, daemonSet(terms)].join('---\n'));
    const overhead = [...sim.templates[0].daemonOverhead.values()];
    expect(overhead.length).toBe(sim.templates[0].instanceTypes.length);
    expect(overhead[0]).toMatchObject({ cpu: 1000 });
  });

  test('a daemonset whose only term does not match contributes no overhead', () => {
    const terms =
      '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions: [{ key: foo, operator: In, values: [voo] }]\n';
    const { sim } = simulateYaml([NODECLASS, labelledPool, daemonSet(terms)].join('---\n'));
    expect(sim.templates[0].daemonOverhead.size).toBe(0);
  });

  test('"Should properly handle DaemonSet resources with Node Affinity for karpenter.sh/initialized and karpenter.sh/registered": no error, overhead counted', () => {
    const terms =
      '      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions:\n                  - { key: karpenter.sh/initialized, operator: Exists }\n                  - { key: karpenter.sh/registered, operator: In, values: ["true"] }\n';
    const { sim, state } = simulateYaml([NODECLASS, nodePool('p'), daemonSet(terms)].join('---\n'));
    expect(state.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(sim.templates[0].daemonOverhead.size).toBe(sim.templates[0].instanceTypes.length);
    // The template's simulation keys are not node labels.
    const { sim: withPod } = simulateYaml(
      [
        NODECLASS,
        nodePool('p'),
        daemonSet(terms),
        'apiVersion: v1\nkind: Pod\nmetadata: { name: x }\nspec:\n  containers: [{ name: c, image: x, resources: { requests: { cpu: "1" } } }]\n',
      ].join('---\n'),
    );
    expect(Object.keys(withPod.fleet[0].labels)).not.toContain('karpenter.sh/initialized');
  });
});

const GATE = 'settings:\n  featureGates:\n    nodeOverlay: true\n';
const fuseOverlay = (name: string, weight: number, capacity: string) => `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: ${name} }
spec:
  weight: ${weight}
  requirements:
    - { key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }
  capacity: ${capacity}
`;
const fusePod = `apiVersion: v1
kind: Pod
metadata: { name: fuse, namespace: default }
spec:
  containers:
    - name: c
      image: x
      resources: { requests: { cpu: "1", memory: 1Gi, smarter-devices/fuse: "1" }, limits: { smarter-devices/fuse: "1" } }
`;

describe('NodeOverlay capacity (nodeoverlay/suite_test.go Context "Capacity")', () => {
  test('"should apply capacity adjustments for instances types": a pod asking for smarter-devices/fuse schedules only with the overlay and the gate', () => {
    const withOverlay = [
      NODECLASS,
      nodePool('p'),
      fuseOverlay('fuse', 10, '{ smarter-devices/fuse: "1" }'),
      fusePod,
    ].join('---\n');
    const on = simulateYaml(withOverlay, { settings: GATE });
    expect(on.place('fuse', 'Pod').schedulable).toBe(true);
    const it = on.sim.templates[0].instanceTypes[0];
    expect(it.capacity['smarter-devices/fuse']).toBe(1);
    expect(it.allocatable['smarter-devices/fuse']).toBe(1); // no overhead is reserved for extended resources
    expect(simulateYaml(withOverlay).place('fuse', 'Pod').schedulable).toBe(false); // gate off
    expect(
      simulateYaml([NODECLASS, nodePool('p'), fusePod].join('---\n'), { settings: GATE }).place('fuse', 'Pod')
        .schedulable,
    ).toBe(false);
  });

  test('"should fail with conflicting capacity overlays with overlapping requirements": same weight, same resource → the overlay is dropped', () => {
    const { sim } = simulateYaml(
      [
        NODECLASS,
        nodePool('p'),
        fuseOverlay('a', 10, '{ smarter-devices/fuse: "1" }'),
        fuseOverlay('b', 10, '{ smarter-devices/fuse: "2" }'),
      ].join('---\n'),
      { settings: GATE },
    );
    expect(sim.overlays!.conflicts).toEqual([{ overlay: 'a', with: 'b' }]);
    expect(sim.templates[0].instanceTypes[0].capacity['smarter-devices/fuse']).toBe(2);
  });

  test('"should apply higher weight overlay when multiple overlays match the same instance type": per resource, the higher weight wins; lower ones add missing resources', () => {
    const { sim } = simulateYaml(
      [
        NODECLASS,
        nodePool('p'),
        fuseOverlay('high', 20, '{ smarter-devices/fuse: "4" }'),
        fuseOverlay('low', 10, '{ smarter-devices/fuse: "1", example.com/dongle: "2" }'),
      ].join('---\n'),
      { settings: GATE },
    );
    const cap = sim.templates[0].instanceTypes[0].capacity;
    expect(cap['smarter-devices/fuse']).toBe(4);
    expect(cap['example.com/dongle']).toBe(2);
  });

  test('hugepages from an overlay take their size out of allocatable memory (cloudprovider/types.go computeAllocatable)', () => {
    const { sim } = simulateYaml(
      [NODECLASS, nodePool('p'), fuseOverlay('huge', 10, '{ hugepages-2Mi: 1Gi }')].join('---\n'),
      {
        settings: GATE,
      },
    );
    const { sim: plain } = simulateYaml([NODECLASS, nodePool('p')].join('---\n'));
    const name = sim.templates[0].instanceTypes[0].name;
    const before = plain.templates[0].instanceTypes.find((t) => t.name === name)!.allocatable.memory!;
    expect(sim.templates[0].instanceTypes[0].allocatable.memory).toBe(before - Gi);
  });
});

describe('instanceStorePolicy: RAID0 (karpenter-provider-aws instancetype/suite_test.go)', () => {
  const pool = nodePool('p', {
    requirements:
      '        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m6idn.32xlarge"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
  });
  const bigDisk = `apiVersion: v1
kind: Pod
metadata: { name: disk, namespace: default }
spec:
  containers:
    - name: c
      image: x
      resources: { requests: { cpu: "1", memory: 1Gi, ephemeral-storage: 5000Gi } }
`;
  test('"should launch instances w/ instance storage ... when disks are mounted for ephemeral-storage": m6idn.32xlarge has 7600G', () => {
    const { sim, place } = simulateYaml([NODECLASS + '  instanceStorePolicy: RAID0\n', pool, bigDisk].join('---\n'));
    expect(sim.templates[0].instanceTypes[0].capacity['ephemeral-storage']).toBe(7600e9);
    expect(place('disk', 'Pod').instanceType).toBe('m6idn.32xlarge');
  });
  test('"should not launch instances w/ instance storage for ephemeral storage resource requests when exceeding blockDeviceMapping": without RAID0, 5000Gi does not fit the 20Gi root volume', () => {
    const { place } = simulateYaml([NODECLASS, pool, bigDisk].join('---\n'));
    expect(place('disk', 'Pod').schedulable).toBe(false);
  });
});

describe('base and head share what their equal NodePools resolve to (issue 22: instance types built once per run)', () => {
  const priceOverlay = `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: dearer-p }
spec:
  weight: 10
  requirements:
    - { key: karpenter.sh/nodepool, operator: In, values: ["p"] }
  priceAdjustment: "+50%"
`;
  const m7i = `        - { key: karpenter.k8s.aws/instance-family, operator: In, values: ["m7i"] }
        - { key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }`;
  const c7i = m7i.replace('"m7i"', '"c7i"');
  const state = (qFamily: string) =>
    simulateYaml(
      [
        NODECLASS,
        nodePool('p', { requirements: m7i }),
        nodePool('q', { requirements: qFamily }),
        priceOverlay,
        fuseOverlay('fuse', 10, '{ smarter-devices/fuse: "1" }'),
      ].join('---\n'),
      { settings: GATE },
    ).sim;

  test('an unchanged pool with price and capacity overlays gets the very same list of types; a changed one its own', () => {
    const base = state(m7i);
    const head = state(c7i);
    const types = (sim: typeof base, pool: string) => sim.templates.find((t) => t.nodePool === pool)!.instanceTypes;
    expect(types(head, 'p')).toBe(types(base, 'p'));
    expect(types(head, 'q')).not.toBe(types(base, 'q'));
    expect(new Set(types(head, 'q').map((it) => it.name.split('.')[0]))).toEqual(new Set(['c7i']));
    expect(new Set(types(base, 'q').map((it) => it.name.split('.')[0]))).toEqual(new Set(['m7i']));
    // What the shared list holds is still what each pool's overlays make: p's on-demand price is the catalog's
    // × 1.5 (priceAdjustment "+50%", cloudprovider/types.go AdjustedPrice), q's is the catalog's; both have the fuse.
    const large = (sim: typeof base, pool: string) => types(sim, pool).find((it) => it.name === 'm7i.large')!;
    const od = (it: ReturnType<typeof large>) => it.offerings.find((o) => o.capacityType === 'on-demand')!.price;
    expect(od(large(head, 'p'))).toBeCloseTo(od(large(base, 'q')) * 1.5, 10);
    expect(large(head, 'p').capacity['smarter-devices/fuse']).toBe(1);
    expect(large(base, 'q').capacity['smarter-devices/fuse']).toBe(1);
  });
});
