/**
 * v1beta1 → v1 migration (issue 12): base's v1beta1 objects are evaluated as Karpenter v1.0's conversion webhooks
 * converted them (karpenter pkg/apis/v1/nodepool_conversion.go NodePool.ConvertFrom; karpenter-provider-aws
 * pkg/apis/v1/ec2nodeclass_conversion.go EC2NodeClass.ConvertFrom), so a faithful migration is the same pool with no
 * drift, and other changes in the same pull request are measured against the converted base.
 */
import { runCli } from '../../src/cli/run.js';
import { convertEC2NodeClass, convertNodePool } from '../../src/api/conversion.js';
import { deployment, tempTree } from '../helpers.js';

const V1BETA1_POOL = `apiVersion: karpenter.sh/v1beta1
kind: NodePool
metadata:
  name: default
spec:
  template:
    spec:
      nodeClassRef:
        apiVersion: karpenter.k8s.aws/v1beta1
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["m7i", "m6i"]
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
  disruption:
    consolidationPolicy: WhenUnderutilized
    expireAfter: 720h
`;
const V1BETA1_CLASS = `apiVersion: karpenter.k8s.aws/v1beta1
kind: EC2NodeClass
metadata:
  name: default
spec:
  amiFamily: AL2023
  role: NodeRole
  subnetSelectorTerms: [{ tags: { k: v } }]
  securityGroupSelectorTerms: [{ tags: { k: v } }]
`;
const v1Pool = (families: string) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: default
spec:
  template:
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: [${families}]
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
      expireAfter: 720h
  disruption:
    consolidationPolicy: WhenEmptyOrUnderutilized
    consolidateAfter: 0s
`;
const V1_CLASS = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  amiSelectorTerms:
    - alias: al2023@latest
  role: NodeRole
  subnetSelectorTerms: [{ tags: { k: v } }]
  securityGroupSelectorTerms: [{ tags: { k: v } }]
`;
const app = deployment('web', { replicas: 3, cpu: '1', memory: '2Gi' });
const docs = (...d: string[]) => d.join('---\n');

test('conversion follows ConvertFrom: WhenUnderutilized → WhenEmptyOrUnderutilized + 0s, expireAfter into the template, nodeClassRef group, amiFamily → alias', () => {
  const np = convertNodePool({
    apiVersion: 'karpenter.sh/v1beta1',
    kind: 'NodePool',
    metadata: { name: 'p' },
    spec: {
      template: {
        spec: {
          nodeClassRef: { apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClass', name: 'c' },
          requirements: [],
        },
      },
      disruption: { consolidationPolicy: 'WhenUnderutilized', expireAfter: '48h' },
    },
  }).raw as { spec: Record<string, Record<string, unknown>> };
  // consolidateAfter 0s is written: the v1 CRD requires it in a written disruption block (its default `{consolidateAfter:
  // 0s}` applies only to a missing block: karpenter.sh_nodepools.yaml disruption `required: [consolidateAfter]`).
  expect(np.spec.disruption).toEqual({ consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '0s' });
  expect((np.spec.template.spec as Record<string, unknown>).expireAfter).toBe('48h');
  expect((np.spec.template.spec as Record<string, unknown>).nodeClassRef).toEqual({
    group: 'karpenter.k8s.aws',
    kind: 'EC2NodeClass',
    name: 'c',
  });
  const empty = convertNodePool({ spec: { disruption: { consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' } } })
    .raw as {
    spec: { disruption: unknown };
  };
  expect(empty.spec.disruption).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' });
  expect(convertEC2NodeClass({ spec: { amiFamily: 'Bottlerocket' } }).raw.spec as Record<string, unknown>).toEqual({
    amiSelectorTerms: [{ alias: 'bottlerocket@latest' }],
  });
  // With amiSelectorTerms, both carry over.
  expect(convertEC2NodeClass({ spec: { amiFamily: 'AL2023', amiSelectorTerms: [{ id: 'ami-1' }] } }).raw.spec).toEqual({
    amiFamily: 'AL2023',
    amiSelectorTerms: [{ id: 'ami-1' }],
  });
});

test('a faithful migration is the same pool: modified only in apiVersion, no drift, the v1beta1 error resolved', async () => {
  const base = tempTree({ 'a.yaml': docs(V1BETA1_CLASS, V1BETA1_POOL, app) });
  const head = tempTree({ 'a.yaml': docs(V1_CLASS, v1Pool('"m7i", "m6i"'), app) });
  const plan = JSON.parse(
    (await runCli(['diff', '--base', base, '--head', head, '--format', 'json', '--at', '2026-01-05T10:00:00Z'])).stdout,
  );
  const row = plan.nodePools.find((p: { name: string }) => p.name === 'default');
  expect(row.change).toBe('modified');
  expect(row.changedFields).toEqual(['apiVersion']);
  expect(row.nodesDrifted).toBe(0);
  expect(plan.summary.nodesReplaced + plan.summary.nodesRemoved).toBe(0);
  const f = plan.findings.filter((x: { rule: string }) => x.rule === 'api-version-migration');
  expect(f.map((x: { message: string }) => x.message).sort()).toEqual([
    "EC2NodeClass default migrates from karpenter.k8s.aws/v1beta1 to karpenter.k8s.aws/v1. Compared with the base as Karpenter v1.0's conversion webhook converted it, nothing else changes.",
    "NodePool default migrates from karpenter.sh/v1beta1 to karpenter.sh/v1. Compared with the base as Karpenter v1.0's conversion webhook converted it, nothing else changes, and no node drifts.",
  ]);
  expect(plan.resolvedFindings.map((x: { rule: string }) => x.rule)).toContain('unsupported-api-version');
});

test('a migration that also narrows the pool drifts exactly the nodes outside it, measured against the converted base', async () => {
  const base = tempTree({ 'a.yaml': docs(V1BETA1_CLASS, V1BETA1_POOL, app) });
  const head = tempTree({ 'a.yaml': docs(V1_CLASS, v1Pool('"m7i"'), app) });
  const plan = JSON.parse(
    (await runCli(['diff', '--base', base, '--head', head, '--format', 'json', '--at', '2026-01-05T10:00:00Z'])).stdout,
  );
  const row = plan.nodePools.find((p: { name: string }) => p.name === 'default');
  expect(row.changedFields).toEqual(['apiVersion', 'spec.template.spec.requirements']);
  // Base places the 3 replicas on m6i (cheaper than m7i, both allowed); head allows m7i only: those nodes drift.
  expect(row.drift).toBe('requirements');
  expect(row.nodesDrifted).toBe(row.nodes);
  const [f] = plan.findings.filter(
    (x: { rule: string; object: string }) => x.rule === 'api-version-migration' && x.object === 'NodePool/default',
  );
  expect(f.message).toMatch(/this change also changes spec\.template\.spec\.requirements, and \d+ node\(s\) drift/);
});

// Karpenter v1.0 upgrade guide: a NodePool's kubelet moves to its EC2NodeClass; the conversion kept it in the
// compatibility.karpenter.sh/v1beta1-kubelet-conversion annotation for that pool's nodes, so the move drifts nothing.
test('a v1beta1 NodePool kubelet moved to the v1 EC2NodeClass drifts nothing', async () => {
  const withKubelet = V1BETA1_POOL.replace(
    '      requirements:',
    '      kubelet:\n        maxPods: 110\n      requirements:',
  );
  const v1ClassKubelet = V1_CLASS.replace('  role: NodeRole', '  role: NodeRole\n  kubelet:\n    maxPods: 110');
  const base = tempTree({ 'a.yaml': docs(V1BETA1_CLASS, withKubelet, app) });
  const head = tempTree({ 'a.yaml': docs(v1ClassKubelet, v1Pool('"m7i", "m6i"'), app) });
  const plan = JSON.parse(
    (await runCli(['diff', '--base', base, '--head', head, '--format', 'json', '--at', '2026-01-05T10:00:00Z'])).stdout,
  );
  expect(plan.summary.nodesReplaced).toBe(0);
  expect(plan.nodePools.find((p: { name: string }) => p.name === 'default').drift).toBe('none');
  // Without the move (head's class has no kubelet), the kubelet change does drift the nodes.
  const head2 = tempTree({ 'a.yaml': docs(V1_CLASS, v1Pool('"m7i", "m6i"'), app) });
  const plan2 = JSON.parse(
    (await runCli(['diff', '--base', base, '--head', head2, '--format', 'json', '--at', '2026-01-05T10:00:00Z']))
      .stdout,
  );
  expect(plan2.summary.nodesReplaced).toBeGreaterThan(0);
});
