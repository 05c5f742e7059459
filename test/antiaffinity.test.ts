import { deployment, NODECLASS, nodePool, simulateYaml } from './helpers.js';
test('hostname anti-affinity: one pod per NodeClaim (§4.22 via topology on kubernetes.io/hostname)', () => {
  const anti =
    '      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: kubernetes.io/hostname\n              labelSelector: { matchLabels: { app: a } }\n';
  const { sim } = simulateYaml(
    [NODECLASS, nodePool('p'), deployment('a', { replicas: 5, cpu: '100m', memory: '128Mi', podSpec: anti })].join(
      '---\n',
    ),
  );
  expect(sim.fleet).toHaveLength(5);
});
