/**
 * The disruption controller (src/disruption/controller.ts, after karpenter pkg/controllers/disruption/controller.go):
 * typed states and simulations in, drift, consolidation and the fleet's cost out. Without a snapshot the fleet is the
 * base state's simulated fleet; consolidation lists only the commands head makes possible and base does not.
 */
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { Controller, simulatedFleet } from '../../src/disruption/controller.js';
import { NODECLASS, deployment, nodePool, simulateYaml } from '../helpers.js';

const ROLLOUT = {
  at: Date.parse('2026-01-05T10:00:00Z'),
  minutesPerReplacement: 5,
  minutesToInitialize: 2,
  horizonDays: 7,
  slowAfterHours: 24,
};

const pricing = () => ({ catalog: embeddedCatalog(), spotPriceFactor: 0.35 });

describe('Controller (controller.go: drift, then consolidation, over the whole fleet)', () => {
  const yaml = `${NODECLASS}---\n${nodePool('general')}---\n${deployment('web', { replicas: 3 })}`;

  test('the same state on both sides: no drift, and no consolidation command is this change’s', () => {
    const base = simulateYaml(yaml);
    const head = simulateYaml(yaml);
    const r = new Controller(base.state, head.state, ROLLOUT).disrupt(
      { base: base.sim, head: head.sim },
      null,
      null,
      pricing(),
    );
    // No snapshot: the base simulation's nodes, one fleet node each; no fleet cost (it is the simulation's).
    expect(r.fleet.source).toBe('simulated');
    expect(base.sim.fleet.length).toBeGreaterThan(0);
    expect(r.fleet.nodes.map((n) => n.name)).toEqual(base.sim.fleet.map((n) => n.name));
    expect(r.fleetCost).toBeNull();
    expect(r.replacements).toEqual([]);
    expect(r.consolidation).toEqual([]);
    expect(r.commands).toEqual([]);
    expect([...r.consolidationBlocked]).toEqual([]);
    // The simulated fleet lists its pods: the cluster is known; every node is a candidate (none drifts).
    expect(r.stats.clusterKnown).toBe(true);
    expect(r.stats.candidates).toBe(base.sim.fleet.length);
  });

  test('a removed NodePool: its nodes are garbage collected (NodePoolRemoved), drift’s and not consolidation’s', () => {
    const base = simulateYaml(yaml);
    const head = simulateYaml(`${NODECLASS}---\n${deployment('web', { replicas: 3 })}`);
    const controller = new Controller(base.state, head.state, ROLLOUT);
    const drift = controller.drift(simulatedFleet(base.sim));
    const nodes = base.sim.fleet.map((n) => n.name);
    expect(nodes.length).toBeGreaterThan(0);
    expect(drift.replacements.map((x) => [x.nodeClaim, x.reason])).toEqual(nodes.map((n) => [n, 'NodePoolRemoved']));
    // disrupt with drift run before (as when pods are placed into a snapshot) gives the same drift, and no candidate.
    const r = controller.disrupt({ base: base.sim, head: head.sim }, null, drift, pricing());
    expect(r.replacements).toEqual(drift.replacements);
    expect(r.stats.candidates).toBe(0);
    expect(r.consolidation).toEqual([]);
  });
});
