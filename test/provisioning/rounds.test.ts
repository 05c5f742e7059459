/**
 * Provisioning rounds (rounds.ts provisioningRounds; docs/model.md#provisioning-rounds): Karpenter's provisioner
 * schedules a batch, launches its NodeClaims, and schedules the pods still pending again (karpenter
 * pkg/controllers/provisioning/provisioner.go Reconcile), because one batch's accounting is pessimistic on purpose
 * (scheduling/scheduler.go subtractMax: "this could cause a batch of pods to take multiple rounds to schedule";
 * topology.go Topology.Record: anti-affinity blocks every domain an undecided NodeClaim could still take).
 */
import { runCli } from '../../src/cli/run.js';
import type { Template } from '../../src/provisioning/types.js';
import { antiAffineWeb, deployment, NODECLASS, simulateYaml, tempTree } from '../helpers.js';
import { wordAssumption } from '../../src/common/assumption-wording.js';

const doc = (...d: string[]) => d.join('---\n');
const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const KEY = 'Deployment/default/workload-split';
const GiB = 2 ** 30;

type Sim = ReturnType<typeof simulateYaml>['sim'];
/** Pods of workload `key` per value of the node label `label`, by value. */
function perDomain(sim: Sim, label: string, key: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of sim.fleet) if (n.pods[key]) out[n.labels[label]] = (out[n.labels[label]] ?? 0) + n.pods[key];
  return out;
}
const placed = (sim: Sim, key: string) => sim.fleet.reduce((a, n) => a + (n.pods[key] ?? 0), 0);

/**
 * aws-samples/karpenter-blueprints od-spot-split ("capacity-spread"): an on-demand and a spot NodePool that add the
 * custom label `capacity-spread` ("1" and "2"–"5": a 20/80 split), each with limits cpu 1000 / memory 500Gi, the template
 * label `intent: apps` and the taint `intent=workload-split:NoSchedule`, and a Deployment of 10 replicas × 512m that
 * selects and tolerates them, spread over `capacity-spread` (maxSkew 1, DoNotSchedule). Written here from the
 * blueprint's fields.
 */
function capacitySpread(): string {
  const pool = (name: string, ct: string, values: string[]) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: ${name}
spec:
  limits:
    cpu: 1k
    memory: 500Gi
  template:
    metadata:
      labels: { intent: apps }
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - { key: capacity-spread, operator: In, values: ${JSON.stringify(values)} }
        - { key: kubernetes.io/arch, operator: In, values: [amd64] }
        - { key: karpenter.sh/capacity-type, operator: In, values: [${ct}] }
        - { key: kubernetes.io/os, operator: In, values: [linux] }
        - { key: karpenter.k8s.aws/instance-category, operator: In, values: [c, m, r] }
        - { key: karpenter.k8s.aws/instance-generation, operator: Gt, values: ["2"] }
      taints: [{ key: intent, value: workload-split, effect: NoSchedule }]
`;
  return doc(
    NODECLASS,
    pool('node-od', 'on-demand', ['1']),
    pool('node-spot', 'spot', ['2', '3', '4', '5']),
    deployment('workload-split', {
      replicas: 10,
      cpu: '512m',
      memory: '512Mi',
      labels: { app: 'workload-split' },
      podSpec:
        '      nodeSelector: { intent: apps }\n' +
        '      tolerations: [{ key: intent, operator: Equal, value: workload-split, effect: NoSchedule }]\n' +
        '      topologySpreadConstraints:\n        - labelSelector: { matchLabels: { app: workload-split } }\n          maxSkew: 1\n          topologyKey: capacity-spread\n          whenUnsatisfiable: DoNotSchedule\n',
    }),
  );
}

/**
 * scheduler.go subtractMax within one batch: each new NodeClaim takes, from the pool's remaining memory, the largest
 * memory capacity among the pool's instance types that still fit the remaining limits (filterByRemainingResources);
 * the memory taken by each NodeClaim, until no type fits.
 */
function subtractMaxChain(t: Template, memory: number, cpu: number): number[] {
  const taken: number[] = [];
  for (;;) {
    const fit = t.instanceTypes.filter((it) => it.capacity.memory <= memory && it.capacity.cpu <= cpu);
    if (!fit.length) return taken;
    const m = Math.max(...fit.map((it) => it.capacity.memory));
    taken.push(m);
    memory -= m;
    cpu -= Math.max(...fit.map((it) => it.capacity.cpu));
  }
}

describe('capacity-spread (karpenter-blueprints od-spot-split)', () => {
  test('the first round alone leaves 6 of 10 pending: subtractMax lets node-spot make 3 NodeClaims, node-od 1', () => {
    const { sim, place } = simulateYaml(capacitySpread(), { zones: ZONES, maxRounds: 1 });
    const spot = sim.templates.find((t) => t.nodePool === 'node-spot')!;
    // The largest type within 500Gi is a 512 GiB one less 7.5 % VM overhead (473.6 GiB), then one within the 26.4 GiB
    // left, then one within what is left after that; then no type fits (the smallest has 1.85 GiB).
    const chain = subtractMaxChain(spot, 500 * GiB, 1000_000);
    expect(chain.map((m) => Math.round((m / GiB) * 100) / 100)).toEqual([473.6, 19.42, 6.94]);
    expect(500 - chain.reduce((a, b) => a + b, 0) / GiB).toBeLessThan(
      Math.min(...spot.instanceTypes.map((it) => it.capacity.memory)) / GiB,
    );
    // node-spot (sorted first: equal weights, the later name wins, OrderByWeight) takes domains 2, 3, 4, one pod each;
    // its limits are then spent, node-od takes domain 1; a second pod anywhere would be 2 − 0 > maxSkew 1 while
    // domain 5 holds 0. So 3 + 1 = 4 placed, 10 − 4 = 6 pending.
    expect(perDomain(sim, 'capacity-spread', KEY)).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1 });
    expect(place('workload-split').reason).toMatch(/^6 of 10 pods unschedulable/);
    expect(place('workload-split').reasonCodes).toContain('topology');
    expect(sim.assumptions.map(wordAssumption).join('\n')).toMatch(
      /stops after 1 round\(s\); the last still placed pods/,
    );
  });

  test('later rounds place all 10, two per domain: 2 on-demand, 8 spot (the 20/80 split), over 3 rounds', () => {
    const { sim, place } = simulateYaml(capacitySpread(), { zones: ZONES });
    // 10 pods over 5 domains with maxSkew 1: every domain holds exactly 2.
    expect(perDomain(sim, 'capacity-spread', KEY)).toEqual({ '1': 2, '2': 2, '3': 2, '4': 2, '5': 2 });
    expect(placed(sim, KEY)).toBe(10);
    const p = place('workload-split');
    expect(p.reason).toBeNull();
    expect(p.reasonCodes).toEqual([]);
    // Round 2 sees round 1's four nodes (the cheapest type, 1.85 GiB each): node-spot has 500 − 3 × 1.85 = 494.45 GiB
    // left, room for 2 NodeClaims (473.6, then 19.42; 1.43 left): domain 5 (which takes a second pod once every domain
    // holds 1) and domain 2; then node-od takes domain 1; the 2 pods left need domains 3 and 4 and node-spot's limits
    // are spent, so round 3 places them.
    const spot = sim.templates.find((t) => t.nodePool === 'node-spot')!;
    expect(subtractMaxChain(spot, 500 * GiB - 3 * 1.849609375 * GiB, 1000_000 - 3 * 1000)).toHaveLength(2);
    expect(p.rounds).toBe(3);
    expect(sim.assumptions.map(wordAssumption).join('\n')).not.toMatch(/Provisioning rounds/);
  });

  test('round 2 alone leaves the 2 pods of domains 3 and 4 pending', () => {
    const { sim, place } = simulateYaml(capacitySpread(), { zones: ZONES, maxRounds: 2 });
    expect(perDomain(sim, 'capacity-spread', KEY)).toEqual({ '1': 2, '2': 2, '3': 1, '4': 1, '5': 2 });
    expect(place('workload-split').reason).toMatch(/^2 of 10 pods unschedulable/);
  });
});

const antiAffine = (replicas: number): string => antiAffineWeb(replicas);

describe('zonal anti-affinity (topology_test.go "should support pod anti-affinity with a zone topology")', () => {
  test('the first round alone places 1 of 3: its NodeClaim could be in any zone, so it blocks all three', () => {
    const { sim, place } = simulateYaml(antiAffine(3), { zones: ZONES, maxRounds: 1 });
    expect(placed(sim, 'Deployment/default/web')).toBe(1);
    expect(place('web').reason).toMatch(/^2 of 3 pods unschedulable/);
  });

  test('3 replicas over 3 zones: one pod per round, all 3 placed in 3 zones (Karpenter\'s test: "one pod pod will schedule", "second pod in a second zone", "third pod in the last zone")', () => {
    const { sim, place } = simulateYaml(antiAffine(3), { zones: ZONES });
    expect(perDomain(sim, 'topology.kubernetes.io/zone', 'Deployment/default/web')).toEqual({
      'us-east-1a': 1,
      'us-east-1b': 1,
      'us-east-1c': 1,
    });
    expect(place('web').reason).toBeNull();
    expect(place('web').rounds).toBe(3);
  });

  test("validate exits 0 with an info finding and no topology-unsatisfiable; simulate's plan records 3 rounds", async () => {
    const dir = tempTree({ 'all.yaml': antiAffine(3) });
    const r = await runCli(['validate', dir, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const plan = JSON.parse(r.stdout);
    const sim = JSON.parse((await runCli(['simulate', dir, '--format', 'json'])).stdout);
    const web = sim.workloads.find((w: { name: string }) => w.name === 'web');
    expect(web.head.rounds).toBe(3);
    expect(web.head.schedulable).toBe(true);
    const rules = plan.findings.map((f: { rule: string; severity: string }) => `${f.rule}:${f.severity}`);
    expect(rules).toContain('placed-in-later-rounds:info');
    expect(rules).not.toContain('topology-unsatisfiable:error');
    const info = plan.findings.find((f: { rule: string }) => f.rule === 'placed-in-later-rounds');
    expect(info.message).toMatch(/^All 3 pods of Deployment default\/web are placed, over 3 provisioning rounds/);
  });

  test('4 replicas over 3 zones: 3 placed in rounds 1–3, round 4 places nothing, exactly 1 stays pending', async () => {
    const { sim, place } = simulateYaml(antiAffine(4), { zones: ZONES });
    // One pod per zone; a fourth would share a zone with one of them, in every round.
    expect(placed(sim, 'Deployment/default/web')).toBe(3);
    const p = place('web');
    expect(p.reason).toMatch(/^1 of 4 pods unschedulable: .*pod anti-affinity/);
    expect(p.reasonCodes).toEqual(['topology']);
    expect(p.rounds).toBe(3);
    // The loop ended on a round that placed nothing, not on the cap.
    expect(sim.assumptions.map(wordAssumption).join('\n')).not.toMatch(/Provisioning rounds/);
    const dir = tempTree({ 'all.yaml': antiAffine(4) });
    const plan = JSON.parse((await runCli(['validate', dir, '--format', 'json'])).stdout);
    const f = plan.findings.filter((x: { rule: string }) => x.rule === 'topology-unsatisfiable');
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/^1 of 4 pods of Deployment default\/web stay pending/);
    expect(plan.findings.some((x: { rule: string }) => x.rule === 'placed-in-later-rounds')).toBe(false);
  });
});

// Issue 23: a reserved NodePool followed by an on-demand fallback. The reservation (2 × c8i.xlarge) holds two pods (one
// per node: required hostname anti-affinity, 3 CPU each on a 4-vCPU c8i.xlarge); the other pods wait for the next
// round (strict reserved mode: reservationmanager.go, the ReservedOfferingError), when the reservation is used up: its
// offering is then unavailable (karpenter-provider-aws reserved_capacity_resolver.go ResolveOfferings, count 0), the
// reserved pool has no instance type left, and the fallback takes them. Before, later rounds still tried the reserved
// pool and its launches failed ("all requested instance types were unavailable during launch").
describe('a reserved pool and an on-demand fallback (issue 23)', () => {
  const reservedPools = (replicas: number) => {
    const nc = NODECLASS + '  capacityReservationSelectorTerms:\n    - id: cr-9\n';
    const pool = (name: string, weight: number, cap: string) =>
      `apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: ${name}\nspec:\n  weight: ${weight}\n  template:\n    spec:\n      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n      requirements:\n        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["c8i"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["${cap}"]\n`;
    const anti =
      '      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: kubernetes.io/hostname\n              labelSelector: { matchLabels: { app: app } }\n';
    return simulateYaml(
      doc(
        nc,
        pool('reserved', 100, 'reserved'),
        pool('fallback', 10, 'on-demand'),
        deployment('app', { replicas, cpu: '3', memory: '4Gi', podSpec: anti }),
      ),
      { reservations: [{ id: 'cr-9', instanceType: 'c8i.xlarge', zone: 'us-east-1a', count: 2, type: 'default' }] },
    );
  };

  test('4 replicas: 2 on the reservation, the other 2 on the fallback in round 2; none pending', () => {
    const { sim, place } = reservedPools(4);
    expect(sim.fleet.map((n) => [n.nodePool, n.capacityType]).sort()).toEqual([
      ['fallback', 'on-demand'],
      ['fallback', 'on-demand'],
      ['reserved', 'reserved'],
      ['reserved', 'reserved'],
    ]);
    expect(place('app')).toMatchObject({ schedulable: true, reason: null, reasonCodes: [], rounds: 2 });
  });

  test('10 replicas: 2 reserved + 8 on-demand (10 − 2), none pending', () => {
    const { sim, place } = reservedPools(10);
    expect(sim.fleet.filter((n) => n.capacityType === 'reserved')).toHaveLength(2);
    expect(sim.fleet.filter((n) => n.nodePool === 'fallback' && n.capacityType === 'on-demand')).toHaveLength(8);
    expect(place('app').reason).toBeNull();
  });
});

describe('a launch that fails before CreateFleet is not retried', () => {
  // karpenter-provider-aws pkg/providers/instance/instance.go filterInstanceTypes: under Strict, minValues is checked
  // again on the 60 cheapest types (`truncating instance types, minValues requirement is not met`). Nothing a retry
  // could use was learned (no reservation used up, no offering cached), so the next round would fail the same way:
  // the rounds end after the first, with no `rounds-capped` note.
  test('minValues 61 on instance types (Strict): pending after one round', () => {
    const pool = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: p }
spec:
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - { key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }
        - { key: node.kubernetes.io/instance-type, operator: Exists, minValues: 61 }
`;
    const { sim, place } = simulateYaml(doc(NODECLASS, pool, deployment('app', { replicas: 2, cpu: '1' })));
    expect(place('app').schedulable).toBe(false);
    expect(place('app').rounds).toBeUndefined();
    expect(sim.assumptions.map((a) => a.code)).not.toContain('rounds-capped');
  });
});

// karpenter-provider-aws pkg/providers/instancetype/offering/reserved_capacity_resolver.go ResolveOfferings: a
// reservation whose available count is 0 makes its offerings unavailable, from the first scheduling on.
describe('a capacity reservation with no instance left', () => {
  test('count 0: the reserved-only pool is not used, the fallback takes every pod in the first round', () => {
    const nc = NODECLASS + '  capacityReservationSelectorTerms:\n    - id: cr-0\n';
    const pool = (name: string, weight: number, cap: string) =>
      `apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: ${name}\nspec:\n  weight: ${weight}\n  template:\n    spec:\n      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n      requirements:\n        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["c8i"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["${cap}"]\n`;
    const { sim, place } = simulateYaml(
      doc(nc, pool('reserved', 100, 'reserved'), pool('fallback', 10, 'on-demand'), deployment('app', { replicas: 2 })),
      { reservations: [{ id: 'cr-0', instanceType: 'c8i.xlarge', zone: 'us-east-1a', count: 0, type: 'default' }] },
    );
    expect(new Set(sim.fleet.map((n) => n.nodePool))).toEqual(new Set(['fallback']));
    expect(place('app')).toMatchObject({ schedulable: true, nodePool: 'fallback', reason: null });
    expect(place('app').rounds).toBeUndefined();
  });
});
