/**
 * Pod-to-pod constraints in the scheduler model. Each case takes the shape of a test in kubernetes-sigs/karpenter
 * pkg/controllers/provisioning/scheduling/topology_test.go (named in the test title) and its asserted outcome. Karpenter's
 * fake instance types hold 5 pods each; here the catalog's real types hold more, so cases whose outcome depends on
 * that cap state the arithmetic for real types instead.
 */
import { deployment, NODECLASS, nodePool, simulateYaml } from '../helpers.js';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const doc = (...d: string[]) => d.join('---\n');
const zoneReq = (zones: string[]) =>
  `        - key: topology.kubernetes.io/zone\n          operator: In\n          values: ${JSON.stringify(zones)}\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]`;

function spread(opts: {
  key?: string;
  maxSkew?: number;
  minDomains?: number;
  when?: string;
  selector?: Record<string, string>;
  matchLabelKeys?: string[];
}): string {
  return (
    `      topologySpreadConstraints:\n        - topologyKey: ${opts.key ?? 'topology.kubernetes.io/zone'}\n` +
    `          maxSkew: ${opts.maxSkew ?? 1}\n` +
    (opts.minDomains ? `          minDomains: ${opts.minDomains}\n` : '') +
    `          whenUnsatisfiable: ${opts.when ?? 'DoNotSchedule'}\n` +
    `          labelSelector: { matchLabels: ${JSON.stringify(opts.selector ?? { test: 'test' })} }\n` +
    (opts.matchLabelKeys ? `          matchLabelKeys: ${JSON.stringify(opts.matchLabelKeys)}\n` : '')
  );
}

function podAffinity(kind: 'podAffinity' | 'podAntiAffinity', key: string, selector: Record<string, string>): string {
  return `      affinity:\n        ${kind}:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: ${key}\n              labelSelector: { matchLabels: ${JSON.stringify(selector)} }\n`;
}

type Sim = ReturnType<typeof simulateYaml>['sim'];

/** Pods of the workloads per zone (ExpectSkew on the zone key), sorted. */
function zoneSkew(sim: Sim, keys?: string[]): number[] {
  const per = new Map<string, number>();
  for (const n of sim.fleet)
    for (const [k, c] of Object.entries(n.pods))
      if (!keys || keys.includes(k)) per.set(n.zone, (per.get(n.zone) ?? 0) + c);
  return [...per.values()].sort((a, b) => a - b);
}
/** Pods of the workloads per node (ExpectSkew on the hostname key), sorted. */
function nodeSkew(sim: Sim, keys?: string[]): number[] {
  return sim.fleet
    .map((n) => Object.entries(n.pods).reduce((a, [k, c]) => a + (!keys || keys.includes(k) ? c : 0), 0))
    .filter((c) => c > 0)
    .sort((a, b) => a - b);
}
const placed = (sim: Sim) => sim.fleet.reduce((a, n) => a + Object.values(n.pods).reduce((x, y) => x + y, 0), 0);
const small = { cpu: '100m', memory: '128Mi' };

describe('topology spread (topology_test.go)', () => {
  test('"should balance pods across zones (match labels)": 4 pods, maxSkew 1, 3 zones → 1, 1, 2', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', { replicas: 4, ...small, labels: { test: 'test' }, podSpec: spread({}) }),
      ),
      { zones: ZONES },
    );
    expect(zoneSkew(sim)).toEqual([1, 1, 2]);
  });

  test('"should respect NodePool zonal constraints (subset) with requirements": zones [a, b], 4 pods → 2, 2', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { requirements: zoneReq(ZONES.slice(0, 2)) }),
        deployment('a', { replicas: 4, ...small, labels: { test: 'test' }, podSpec: spread({}) }),
      ),
      { zones: ZONES },
    );
    expect(zoneSkew(sim)).toEqual([2, 2]);
  });

  test('"should respect minDomains constraints": zones [a, b], minDomains 3, 3 pods → 1, 1 and one pending', () => {
    // 2 eligible domains < minDomains 3, so the global minimum is 0 (topologygroup.go domainMinCount): a third pod
    // in either zone would make it 2 − 0 > maxSkew 1.
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { requirements: zoneReq(ZONES.slice(0, 2)) }),
        deployment('a', { replicas: 3, ...small, labels: { test: 'test' }, podSpec: spread({ minDomains: 3 }) }),
      ),
      { zones: ZONES },
    );
    expect(zoneSkew(sim)).toEqual([1, 1]);
    const p = sim.placements.get('Deployment/default/a')!;
    expect(p.reasonCodes).toContain('topology');
  });

  test('"satisfied minDomains constraints (equal) should allow expected pod scheduling": 11 pods, 3 zones → 3, 4, 4', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p', { requirements: zoneReq(ZONES) }),
        deployment('a', { replicas: 11, ...small, labels: { test: 'test' }, podSpec: spread({ minDomains: 3 }) }),
      ),
      { zones: ZONES },
    );
    expect(zoneSkew(sim)).toEqual([3, 4, 4]);
  });

  test('"should balance pods across nodes": hostname spread, 4 pods → 4 nodes of 1', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', {
          replicas: 4,
          ...small,
          labels: { test: 'test' },
          podSpec: spread({ key: 'kubernetes.io/hostname' }),
        }),
      ),
    );
    expect(nodeSkew(sim)).toEqual([1, 1, 1, 1]);
  });

  test('"should balance pods on the same hostname up to maxskew": maxSkew 4, 4 pods → one node', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', {
          replicas: 4,
          ...small,
          labels: { test: 'test' },
          podSpec: spread({ key: 'kubernetes.io/hostname', maxSkew: 4 }),
        }),
      ),
    );
    expect(nodeSkew(sim)).toEqual([4]);
  });

  test('"should handle interdependent selectors": a selector that matches none of the pods does not spread them', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', {
          replicas: 5,
          ...small,
          labels: { app: 'a' },
          podSpec: spread({ key: 'kubernetes.io/hostname' }),
        }),
      ),
    );
    expect(nodeSkew(sim)).toEqual([5]);
  });

  test('"should support matchLabelKeys": two label values spread separately on hostname → 2 nodes of 2', () => {
    const c = spread({ key: 'kubernetes.io/hostname', matchLabelKeys: ['test-label'] });
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', { replicas: 2, ...small, labels: { test: 'test', 'test-label': 'value-a' }, podSpec: c }),
        deployment('b', { replicas: 2, ...small, labels: { test: 'test', 'test-label': 'value-b' }, podSpec: c }),
      ),
    );
    expect(nodeSkew(sim)).toEqual([2, 2]);
    for (const n of sim.fleet)
      expect(Object.keys(n.pods).sort()).toEqual(['Deployment/default/a', 'Deployment/default/b']);
  });

  // The same case with the label the Deployment controller sets (kubernetes pkg/controller/deployment/sync.go
  // getNewReplicaSet adds pod-template-hash to its pods): two Deployments, one shared labelSelector, spread per
  // revision. Without the label matchLabelKeys is ignored and the 4 pods spread as one group: 4 nodes of 1.
  test('"should support matchLabelKeys" with matchLabelKeys: [pod-template-hash] on two Deployments → 2 nodes of 2', () => {
    const c = spread({ key: 'kubernetes.io/hostname', matchLabelKeys: ['pod-template-hash'] });
    const { sim, state } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', { replicas: 2, ...small, labels: { test: 'test', app: 'a' }, podSpec: c }),
        deployment('b', { replicas: 2, ...small, labels: { test: 'test', app: 'b' }, podSpec: c }),
      ),
    );
    const hashes = state.workloads.map((w) => w.pod.constraints.labels['pod-template-hash']);
    expect(new Set(hashes).size).toBe(2);
    expect(nodeSkew(sim)).toEqual([2, 2]);
    const none = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', {
          replicas: 2,
          ...small,
          labels: { test: 'test', app: 'a' },
          podSpec: spread({ key: 'kubernetes.io/hostname' }),
        }),
        deployment('b', {
          replicas: 2,
          ...small,
          labels: { test: 'test', app: 'b' },
          podSpec: spread({ key: 'kubernetes.io/hostname' }),
        }),
      ),
    );
    expect(nodeSkew(none.sim)).toEqual([1, 1, 1, 1]);
  });

  test('"should limit spread options by nodeSelector": pods pinned to different zones make separate groups → 5, 10', () => {
    const pin = (z: string) => `      nodeSelector: { topology.kubernetes.io/zone: ${z} }\n`;
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', { replicas: 5, ...small, labels: { test: 'test' }, podSpec: pin(ZONES[0]) + spread({}) }),
        deployment('b', { replicas: 10, ...small, labels: { test: 'test' }, podSpec: pin(ZONES[1]) + spread({}) }),
      ),
      { zones: ZONES },
    );
    expect(zoneSkew(sim)).toEqual([5, 10]);
  });

  test('"should spread pods while respecting both constraints": a zone only an unusable pool reaches keeps pods pending (1, 1, 8 pending)', () => {
    // NodePool B reaches zone c but has a CPU limit of 0: c is still a domain (buildDomainGroups ignores limits), so
    // after one pod in a and one in b the next must go to c, which no pool can launch in.
    const both =
      spread({}) +
      '        - topologyKey: kubernetes.io/hostname\n          maxSkew: 1\n          whenUnsatisfiable: ScheduleAnyway\n          labelSelector: { matchLabels: { test: test } }\n';
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('a', { requirements: zoneReq(ZONES.slice(0, 2)) }),
        nodePool('b', { requirements: zoneReq([ZONES[2]]), extraSpec: '  limits: { cpu: "0" }\n' }),
        deployment('w', { replicas: 10, ...small, labels: { test: 'test' }, podSpec: both }),
      ),
      { zones: ZONES },
    );
    expect(zoneSkew(sim)).toEqual([1, 1]);
    expect(nodeSkew(sim)).toEqual([1, 1]);
    expect(placed(sim)).toBe(2);
  });

  test('ScheduleAnyway is relaxed (preferences.go removeTopologySpreadScheduleAnyway): the same shape places all 10', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('a', { requirements: zoneReq(ZONES.slice(0, 2)) }),
        nodePool('b', { requirements: zoneReq([ZONES[2]]), extraSpec: '  limits: { cpu: "0" }\n' }),
        deployment('w', {
          replicas: 10,
          ...small,
          labels: { test: 'test' },
          podSpec: spread({ when: 'ScheduleAnyway' }),
        }),
      ),
      { zones: ZONES },
    );
    expect(placed(sim)).toBe(10);
  });
});

describe('pod affinity and anti-affinity (topology_test.go)', () => {
  test('"should separate nodes using simple pod anti-affinity on hostname": anti-affinity to another workload', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('target', { ...small, labels: { security: 's2' } }),
        deployment('other', {
          ...small,
          podSpec: podAffinity('podAntiAffinity', 'kubernetes.io/hostname', { security: 's2' }),
        }),
      ),
    );
    expect(sim.fleet).toHaveLength(2);
  });

  test('"should support pod anti-affinity with a zone topology": self anti-affinity on zone places one pod per batch', () => {
    // Anti-affinity proposes every empty zone and records the pod in all of them until its node exists
    // (Topology.Record), so the second and third pods find no empty zone in the first batch ("one pod pod will
    // schedule"); each later provisioning round sees the last one's node in its zone and places one more ("second pod
    // in a second zone", "third pod in the last zone"), after which nothing else can schedule.
    const yaml = doc(
      NODECLASS,
      nodePool('p'),
      deployment('a', {
        replicas: 3,
        ...small,
        labels: { security: 's2' },
        podSpec: podAffinity('podAntiAffinity', 'topology.kubernetes.io/zone', { security: 's2' }),
      }),
    );
    const first = simulateYaml(yaml, { zones: ZONES, maxRounds: 1 }).sim;
    expect(placed(first)).toBe(1);
    expect(first.placements.get('Deployment/default/a')!.reasonCodes).toContain('topology');
    const { sim } = simulateYaml(yaml, { zones: ZONES });
    expect(zoneSkew(sim)).toEqual([1, 1, 1]);
    expect(sim.placements.get('Deployment/default/a')!.rounds).toBe(3);
  });

  test('"should allow violation of preferred pod anti-affinity": preferred terms are required until relaxed away, then dropped', () => {
    // Self anti-affinity on zone, preferred: the first pod takes every empty zone (as a required term would), the
    // next pods relax the term (preferences.go removePreferredPodAntiAffinityTerm) and schedule.
    const preferred =
      '      affinity:\n        podAntiAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n            - weight: 10\n              podAffinityTerm:\n                topologyKey: topology.kubernetes.io/zone\n                labelSelector: { matchLabels: { security: s2 } }\n';
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', { replicas: 10, ...small, labels: { security: 's2' }, podSpec: preferred }),
      ),
      { zones: ZONES },
    );
    expect(placed(sim)).toBe(10);
  });

  test('self anti-affinity on hostname: one pod per NodeClaim', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', {
          replicas: 5,
          ...small,
          podSpec: podAffinity('podAntiAffinity', 'kubernetes.io/hostname', { app: 'a' }),
        }),
      ),
    );
    expect(nodeSkew(sim)).toEqual([1, 1, 1, 1, 1]);
  });

  test('"should support pod affinity with zone topology (constrained target)": all 11 pods in the target\'s zone', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('target', {
          ...small,
          labels: { security: 's2' },
          podSpec: `      nodeSelector: { topology.kubernetes.io/zone: ${ZONES[0]} }\n`,
        }),
        deployment('followers', {
          replicas: 10,
          ...small,
          podSpec: podAffinity('podAffinity', 'topology.kubernetes.io/zone', { security: 's2' }),
        }),
      ),
      { zones: ZONES },
    );
    expect(placed(sim)).toBe(11);
    expect(new Set(sim.fleet.map((n) => n.zone))).toEqual(new Set([ZONES[0]]));
  });

  test('"should not schedule pods with affinity to a non-existent pod"', () => {
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('followers', {
          replicas: 10,
          ...small,
          podSpec: podAffinity('podAffinity', 'topology.kubernetes.io/zone', { security: 's2' }),
        }),
      ),
      { zones: ZONES },
    );
    expect(placed(sim)).toBe(0);
    expect(sim.placements.get('Deployment/default/followers')!.reasonCodes).toContain('topology');
  });

  test('"should respect self pod affinity for first empty topology domain only (hostname)": all share one node', () => {
    // Karpenter's fake types hold 5 pods, so its test sees 5 placed; a t4g-class node holds far more than 10.
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('p'),
        deployment('a', {
          replicas: 10,
          ...small,
          labels: { security: 's2' },
          podSpec: podAffinity('podAffinity', 'kubernetes.io/hostname', { security: 's2' }),
        }),
      ),
    );
    expect(nodeSkew(sim)).toEqual([10]);
  });

  test('"should schedule pods with the same host port to different nodes" (suite_test.go)', () => {
    const ports =
      '      containers:\n        - name: c\n          image: x\n          ports: [{ containerPort: 80, hostPort: 80 }]\n          resources: { requests: { cpu: 100m, memory: 128Mi } }\n';
    const yaml = deployment('a', { replicas: 3 }).replace(/ {6}containers:[\s\S]*$/, ports);
    const { sim } = simulateYaml(doc(NODECLASS, nodePool('p'), yaml));
    expect(nodeSkew(sim)).toEqual([1, 1, 1]);
  });
});

describe("the issue's case: a pool left with one zone defeats a zone spread across three", () => {
  test('the tainted GPU pool reaches all three zones, so the general pool (zone a only) leaves pods pending, and the rule says why', async () => {
    const { findings } = await import('../helpers.js').then(async (h) => {
      const { executePlan } = await import('../../src/run/execute.js');
      const { defaultConfig } = await import('../../src/sources/config.js');
      const { DirTree } = await import('../../src/sources/tree.js');
      const root = h.tempTree({
        'all.yaml': doc(
          NODECLASS,
          nodePool('general', { requirements: zoneReq([ZONES[0]]) }),
          nodePool('gpu', {
            requirements: zoneReq(ZONES),
            extraTemplateSpec: '      taints: [{ key: nvidia.com/gpu, effect: NoSchedule }]\n',
          }),
          deployment('web', { replicas: 3, ...small, labels: { test: 'test' }, podSpec: spread({}) }),
        ),
      });
      const config = defaultConfig();
      config.zones = ZONES;
      const plan = await executePlan({
        base: null,
        head: new DirTree(root),
        config,
        configFindings: [],
        cwd: root,
        validateOnly: true,
      });
      return { findings: plan.findings };
    });
    const f = findings.filter((x) => x.rule === 'topology-unsatisfiable');
    expect(f).toHaveLength(1);
    // zone a gets 1 pod; a second there would be 2 − 0 > maxSkew 1 while b and c (reached only by gpu) hold 0.
    expect(f[0].message).toMatch(
      /^2 of 3 pods of Deployment default\/web stay pending: .*us-east-1a=1, us-east-1b=0, us-east-1c=0/,
    );
    expect(f[0].message).toMatch(/Zones per NodePool: gpu: us-east-1a, us-east-1b, us-east-1c; general: us-east-1a\./);
  });

  test("nodeTaintsPolicy: Honor leaves the tainted pool's zones out of the count: all 3 pods in zone a", () => {
    const honor = spread({}) + '          nodeTaintsPolicy: Honor\n';
    const { sim } = simulateYaml(
      doc(
        NODECLASS,
        nodePool('general', { requirements: zoneReq([ZONES[0]]) }),
        nodePool('gpu', {
          requirements: zoneReq(ZONES),
          extraTemplateSpec: '      taints: [{ key: nvidia.com/gpu, effect: NoSchedule }]\n',
        }),
        deployment('web', { replicas: 3, ...small, labels: { test: 'test' }, podSpec: honor }),
      ),
      { zones: ZONES },
    );
    expect(zoneSkew(sim)).toEqual([3]);
  });
});

// kubernetes pkg/controller/controller_utils.go ComputeHash hashes the pod template only (and the collision count):
// equal templates give equal values, whichever Deployment they belong to; only Deployments get the label.
describe("pod-template-hash (the Deployment controller's label)", () => {
  const hashOf = (yaml: string) =>
    simulateYaml(doc(NODECLASS, nodePool('p'), yaml)).state.workloads[0].pod.constraints.labels['pod-template-hash'];
  test('set on Deployment pods, over a value the template writes; in the SafeEncodeString alphabet', () => {
    const h = hashOf(deployment('a', { labels: { app: 'a', 'pod-template-hash': 'mine' } }));
    expect(h).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
    expect(h).not.toBe('mine');
  });
  test('equal templates hash alike, another template (the image) differently', () => {
    const a = deployment('a', { labels: { app: 'x' } });
    expect(hashOf(a)).toBe(hashOf(deployment('b', { labels: { app: 'x' } })));
    expect(hashOf(a)).not.toBe(hashOf(a.replace('image: x', 'image: y')));
  });
  test('not set on StatefulSet or ReplicaSet pods', () => {
    const sts = deployment('s').replace('kind: Deployment', 'kind: StatefulSet');
    expect(hashOf(sts)).toBeUndefined();
    expect(hashOf(deployment('r').replace('kind: Deployment', 'kind: ReplicaSet'))).toBeUndefined();
  });
});
