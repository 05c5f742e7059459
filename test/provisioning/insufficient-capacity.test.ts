/**
 * The insufficient-capacity what-if on head's simulation (src/provisioning/insufficient-capacity.ts), as the AWS
 * provider meets a shortage: the capacity type and the 60 types of a NodeClaim are chosen before CreateFleet
 * (karpenter-provider-aws pkg/providers/instance/instance.go Create, getCapacityType, filterInstanceTypes), EC2 Fleet
 * launches an override that has capacity (pools that have none come back in the fleet's errors and are cached
 * unavailable: pkg/cache/unavailableofferings.go MarkUnavailable); a NodeClaim with no such override fails
 * (instance.go launchInstance: InsufficientCapacityError) and its pods are scheduled in the next batch (karpenter
 * pkg/controllers/provisioning/provisioner.go Reconcile), whose scheduler sees the cached offerings unavailable.
 */
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { unavailableOfferings, type IceScenario } from '../../src/cloudprovider/unavailable-offerings.js';
import { INSUFFICIENT_CAPACITY_ERROR } from '../../src/cloudprovider/launch.js';
import { insufficientCapacity } from '../../src/provisioning/insufficient-capacity.js';
import { simulateRecorded } from '../../src/provisioning/provisioner.js';
import { deployment, nodePool, NODECLASS, stateOf } from '../helpers.js';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const catalog = embeddedCatalog();
const price = (type: string) => catalog.byName.get(type)!.price!;
const doc = (...d: string[]) => d.join('---\n');
const req = (key: string, values: string[]) =>
  `        - key: ${key}\n          operator: In\n          values: ${JSON.stringify(values)}`;

/** Head's simulation of `yaml`, and the what-if with the offerings `scenario` makes unavailable. */
function whatIf(yaml: string, unavailable: IceScenario['unavailable'], maxRounds?: number) {
  const state = stateOf({ 'all.yaml': yaml });
  const { sim, record } = simulateRecorded(state, {
    catalog,
    spotPriceFactor: 0.35,
    reservations: [],
    probes: false,
    zones: ZONES,
    ...(maxRounds !== undefined ? { maxRounds } : {}),
  });
  const offerings = unavailableOfferings(catalog, ZONES, { name: 'x', unavailable });
  const outcome = insufficientCapacity(record, sim.podGroups, offerings);
  const key = (name: string) => `Deployment/default/${name}`;
  return {
    sim,
    outcome,
    head: (name: string) => sim.placements.get(key(name))!,
    scenario: (name: string) => outcome.placements.get(key(name))!,
  };
}

describe('insufficient capacity at CreateFleet', () => {
  test('EC2 Fleet launches the next override with capacity: the pods stay on their NodeClaim, no later batch', () => {
    // One on-demand NodePool of two types; lowest-price launches the cheaper one.
    const types = ['c6i.xlarge', 'c7i.xlarge'];
    const [cheap, next] = [...types].sort((a, b) => price(a) - price(b));
    expect(price(cheap)).toBeLessThan(price(next));
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('p', {
          requirements: `${req('karpenter.sh/capacity-type', ['on-demand'])}\n${req('node.kubernetes.io/instance-type', types)}`,
        }),
        deployment('app', { cpu: '2', memory: '2Gi' }),
      ),
      [[{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: [cheap] }]],
    );
    expect(w.head('app')).toMatchObject({ nodePool: 'p', instanceType: cheap, pricePerHour: price(cheap) });
    const sc = w.scenario('app');
    expect(sc).toMatchObject({ schedulable: true, nodePool: 'p', instanceType: next, capacityType: 'on-demand' });
    expect(sc.pricePerHour).toBe(price(next));
    expect(sc.rounds).toBeUndefined();
    // The fleet is that one node.
    expect(w.outcome.hourlyCost).toBe(price(next));
  });

  test('the capacity type is chosen before CreateFleet: with no spot capacity the NodeClaim fails, and the next batch launches on-demand', () => {
    // getCapacityType picks spot (allowed, offered); every spot override then has no capacity.
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('p', {
          requirements: `${req('karpenter.sh/capacity-type', ['spot', 'on-demand'])}\n${req('node.kubernetes.io/instance-type', ['m7i.large'])}`,
        }),
        deployment('app', { cpu: '1', memory: '2Gi' }),
      ),
      [[{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }]],
    );
    expect(w.head('app')).toMatchObject({ nodePool: 'p', capacityType: 'spot' });
    // Placed by the second batch, on the same NodePool, on-demand at the catalog's price.
    expect(w.scenario('app')).toMatchObject({
      schedulable: true,
      nodePool: 'p',
      instanceType: 'm7i.large',
      capacityType: 'on-demand',
      pricePerHour: price('m7i.large'),
      rounds: 2,
    });
  });

  test("a NodeClaim with no offering left fails, the next batches know only the offerings it tried, and its pods land on the next NodePool; the other NodePool's NodeClaim keeps its own", () => {
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('primary', {
          weight: 100,
          requirements: `${req('karpenter.sh/capacity-type', ['on-demand'])}\n${req('karpenter.k8s.aws/instance-family', ['c7i'])}`,
        }),
        nodePool('fallback', {
          weight: 10,
          requirements: `${req('karpenter.sh/capacity-type', ['on-demand'])}\n${req('karpenter.k8s.aws/instance-family', ['m7i'])}`,
        }),
        deployment('api', { cpu: '1', memory: '1Gi' }),
        deployment('batch', {
          cpu: '1',
          memory: '1Gi',
          podSpec: '      nodeSelector: { karpenter.sh/nodepool: fallback }\n',
        }),
      ),
      [[{ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['c7i'] }]],
    );
    expect(w.head('api').nodePool).toBe('primary');
    expect(w.head('batch').nodePool).toBe('fallback');
    // Batch 1's NodeClaim on primary is given the c7i types but the two metal ones (exotic: dropped while others remain,
    // instance.go filterInstanceTypes); all fail, and only those offerings are cached. Batch 2's NodeClaim on primary
    // has the metal types left, which fail too. Batch 3 has no c7i type left and lands on fallback.
    expect(w.scenario('api')).toMatchObject({ schedulable: true, nodePool: 'fallback', rounds: 3 });
    expect(w.scenario('batch')).toEqual(w.head('batch'));
  });

  test('pods no NodePool can take after the failed launch are pending with the launch error', () => {
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('only', {
          requirements: `${req('karpenter.sh/capacity-type', ['on-demand'])}\n${req('karpenter.k8s.aws/instance-family', ['c7i'])}`,
        }),
        deployment('api', { cpu: '1', memory: '1Gi' }),
      ),
      [[{ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['c7i'] }]],
    );
    expect(w.head('api').schedulable).toBe(true);
    const sc = w.scenario('api');
    expect(sc.schedulable).toBe(false);
    expect(sc.reasonCodes).toContain('launch-failed');
    expect(sc.reason).toBe(INSUFFICIENT_CAPACITY_ERROR);
    expect(w.outcome.hourlyCost).toBe(0);
  });

  test("the what-if leaves head's simulation as it was", () => {
    const yaml = doc(
      NODECLASS,
      nodePool('p', { requirements: req('karpenter.sh/capacity-type', ['spot', 'on-demand']) }),
      deployment('app', { replicas: 3, cpu: '1', memory: '2Gi' }),
    );
    const w = whatIf(yaml, [[{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }]]);
    const fresh = whatIf(yaml, []);
    expect(JSON.stringify(w.sim.fleet)).toBe(JSON.stringify(fresh.sim.fleet));
    expect([...w.sim.placements]).toEqual([...fresh.sim.placements]);
    // With no offering unavailable, the what-if is head.
    expect([...fresh.outcome.placements]).toEqual([...fresh.sim.placements]);
    expect(fresh.outcome.hourlyCost).toBe(fresh.sim.hourlyCost);
  });

  const antiAffine = (app: string, key: string) =>
    `      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: ${key}\n              labelSelector: { matchLabels: { app: ${app} } }\n`;
  const onDemand = (types: string[]) =>
    `${req('karpenter.sh/capacity-type', ['on-demand'])}\n${req('node.kubernetes.io/instance-type', types)}`;
  const zoneShort = (type: string, zone: string) => [
    [
      { key: 'node.kubernetes.io/instance-type', operator: 'In', values: [type] },
      { key: 'topology.kubernetes.io/zone', operator: 'In', values: [zone] },
    ],
  ];

  test('only the first batch meets the shortage as scheduled: later rounds are scheduled again, so zone anti-affinity holds', () => {
    // Two zone-anti-affine replicas take two rounds (topology.go Record): round 1 launches one NodeClaim in the cheapest
    // zone, round 2 one in another zone. With the first NodeClaim's offering in that zone short, EC2 Fleet launches it
    // in another zone, and round 2 must then avoid that zone.
    const types = ['m6a.large', 'c7i.large'];
    const cheap = [...types].sort((a, b) => price(a) - price(b))[0];
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('p', { requirements: onDemand(types) }),
        deployment('web', {
          replicas: 2,
          cpu: '300m',
          memory: '512Mi',
          podSpec: antiAffine('web', 'topology.kubernetes.io/zone'),
        }),
      ),
      zoneShort(cheap, 'us-east-1a'),
    );
    const zonesOf = (fleet: { zone: string; pods: Record<string, number> }[]) =>
      fleet.filter((n) => n.pods['Deployment/default/web']).map((n) => n.zone);
    expect(zonesOf(w.sim.fleet).sort()).toEqual(['us-east-1a', 'us-east-1b']);
    const scenarioZones = zonesOf(w.outcome.fleet);
    expect(scenarioZones).toHaveLength(2);
    expect(new Set(scenarioZones).size).toBe(2);
    expect(scenarioZones).not.toContain(undefined);
  });

  test("a static NodePool's NodeClaims whose every offering is short are created again and launch with the shortage known", () => {
    // Two static nodes of one type, spot allowed: head launches them spot; with no spot capacity the static controller's
    // next NodeClaims launch on-demand. Cost: 2 × the on-demand price.
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('fixed', {
          extraSpec: '  replicas: 2\n',
          requirements: `${req('karpenter.sh/capacity-type', ['spot', 'on-demand'])}\n${req('node.kubernetes.io/instance-type', ['m7i.large'])}`,
        }),
      ),
      [[{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }]],
    );
    expect(w.sim.fleet.map((n) => n.capacityType)).toEqual(['spot', 'spot']);
    expect(w.outcome.fleet.map((n) => [n.instanceType, n.capacityType])).toEqual([
      ['m7i.large', 'on-demand'],
      ['m7i.large', 'on-demand'],
    ]);
    expect(w.outcome.hourlyCost).toBeCloseTo(2 * price('m7i.large'), 6);
  });

  test('with one provisioning round, the pods of a failed launch are pending with its error, not lost', () => {
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('p', { requirements: onDemand(['m7i.large']) }),
        deployment('app', { cpu: '1', memory: '1Gi' }),
      ),
      [[{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m7i.large'] }]],
      1,
    );
    expect(w.head('app').schedulable).toBe(true);
    expect(w.scenario('app')).toMatchObject({ schedulable: false, reason: INSUFFICIENT_CAPACITY_ERROR });
    expect(w.scenario('app').reasonCodes).toContain('launch-failed');
  });

  test('the filters run before the capacity type is chosen: with every spot offering short, a spot and on-demand pool falls back to on-demand', () => {
    // Batch 1 launches spot on the c7i types (metal ones dropped as exotic) and fails; batch 2 knows those spot
    // offerings and still sees the metal types' spot offerings, but the exotic filter drops them before
    // getCapacityType (instance.go Create: filterInstanceTypes, then getCapacityType), so it launches on-demand.
    const w = whatIf(
      doc(
        NODECLASS,
        nodePool('p', {
          requirements: `${req('karpenter.sh/capacity-type', ['spot', 'on-demand'])}\n${req('karpenter.k8s.aws/instance-family', ['c7i'])}`,
        }),
        deployment('app', { replicas: 4, cpu: '1', memory: '2Gi' }),
      ),
      [[{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }]],
    );
    expect(w.head('app')).toMatchObject({ nodePool: 'p', capacityType: 'spot' });
    expect(w.scenario('app')).toMatchObject({ schedulable: true, nodePool: 'p', capacityType: 'on-demand' });
    expect(w.outcome.fleet.every((n) => n.capacityType === 'on-demand')).toBe(true);
  });
});
