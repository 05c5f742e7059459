import { deployment, NODECLASS, nodePool, simulateYaml } from '../helpers.js';
// karpenter pkg/controllers/provisioning/scheduling/topology.go Topology.AddRequirements (topology_test.go)
test('hostname anti-affinity: one pod per NodeClaim (topology on kubernetes.io/hostname)', () => {
  const anti =
    '      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: kubernetes.io/hostname\n              labelSelector: { matchLabels: { app: a } }\n';
  const { sim } = simulateYaml(
    [NODECLASS, nodePool('p'), deployment('a', { replicas: 5, cpu: '100m', memory: '128Mi', podSpec: anti })].join(
      '---\n',
    ),
  );
  expect(sim.fleet).toHaveLength(5);
});
