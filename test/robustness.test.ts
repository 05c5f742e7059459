/** Bad input never crashes the tool: malformed objects of every kind become findings. */
import { runCli } from '../src/cli/run.js';
import { tempTree } from './helpers.js';

const weird = [
  'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: x\nspec: []\n',
  'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: a }\nspec: { template: { spec: { requirements: [null, 3, { key: 7 }, { key: a, operator: In, values: x }], taints: "t", nodeClassRef: 5 } } }\n',
  'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: b }\nspec: { weight: "high", limits: [1], disruption: { budgets: [null, { nodes: 5 }, { schedule: 3, duration: [] }], consolidateAfter: 5 } }\n',
  'apiVersion: karpenter.sh/v1alpha1\nkind: NodeOverlay\nmetadata: { name: o }\nspec: { requirements: "x", capacity: { cpu: 1 }, price: 3 }\n',
  'apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata: { name: c }\nspec: { amiSelectorTerms: [{ alias: "nope" }], kubelet: { maxPods: -1, evictionHard: 3 }, blockDeviceMappings: [{ ebs: { volumeSize: huge } }] }\n',
  'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: d }\nspec: { replicas: -3, template: { spec: { containers: [{ resources: { requests: { cpu: lots } } }], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: x, operator: Gt, values: [a, b] }] }] } } }, tolerations: [1, null] } } }\n',
  'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: { name: ds }\nspec: {}\n',
  'apiVersion: v1\nkind: List\nitems: [1, null, { kind: NodePool }]\n',
  '- just\n- a list\n',
  '{{ template }}\n',
  // Prototype names as kinds, label keys, feature gates and cron descriptors reach no prototype.
  'apiVersion: v1\nkind: toString\nmetadata: { name: a }\n---\napiVersion: v1\nkind: __proto__\n---\nkind: constructor\n---\nkind: hasOwnProperty\n---\nkind: valueOf\n',
  'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: p }\nspec: { template: { metadata: { labels: { constructor: x, __proto__: y } }, spec: { nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }, requirements: [{ key: constructor, operator: In, values: [x] }] } }, disruption: { budgets: [{ nodes: "1", schedule: "@toString", duration: 1h }] } }\n',
  'kind: NodePool\napiVersion: karpenter.sh/v1\nmetadata: { name: "" }\n',
];

test.each(weird.map((w, i) => [i, w]))(
  'malformed input #%s: findings, exit code 0 or 1, never a crash',
  async (_i, text) => {
    const dir = tempTree({
      'x.yaml': text as string,
      'ok.yaml':
        'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: fine }\nspec: { template: { spec: { nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }, requirements: [] } } }\n',
    });
    for (const cmd of ['validate', 'simulate']) {
      const r = await runCli([cmd, dir, '--format', 'json']);
      expect(r.stderr).toBe('');
      expect([0, 1]).toContain(r.exitCode);
      const plan = JSON.parse(r.stdout);
      expect(plan.nodePools.map((p: { name: string }) => p.name)).toContain('fine');
      // Never pass over an error.
      if (plan.findings.some((f: { severity: string }) => f.severity === 'error')) expect(r.exitCode).toBe(1);
    }
    const d = await runCli(['diff', '--base', dir, '--head', dir, '--format', 'markdown']);
    expect([0, 1]).toContain(d.exitCode);
  },
);

test('a command named like a prototype property is an unknown command, not a crash', async () => {
  const r = await runCli(['constructor', '--help']);
  expect(r.stdout).toMatch(/^Usage: karpenter-plan <command>/);
  const u = await runCli(['toString']);
  expect(u.exitCode).toBe(2);
  expect(u.stderr).toMatch(/unknown command "toString"/);
});
