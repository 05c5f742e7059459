/**
 * A live cluster, read with the official Kubernetes client against a local HTTP
 * server that answers the list endpoints for NodeClaims and Nodes (no real cluster).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runCli } from '../../src/cli/run.js';
import { NODECLASS, nodePool, tempTree } from '../helpers.js';

let server: Server;
let url = '';
const seen: string[] = [];
const nodeClaim = (name: string, family: string) => ({
  apiVersion: 'karpenter.sh/v1',
  kind: 'NodeClaim',
  metadata: {
    name,
    labels: {
      'karpenter.sh/nodepool': 'p',
      'karpenter.k8s.aws/instance-family': family,
      'karpenter.sh/capacity-type': 'on-demand',
      'node.kubernetes.io/instance-type': `${family}.large`,
    },
  },
  status: {
    providerID: `aws:///us-east-1a/i-${name}`,
    nodeName: `ip-${name}`,
    conditions: [{ type: 'Initialized', status: 'True' }],
  },
});
const node = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: `ip-${name}`, labels: { 'karpenter.sh/initialized': 'true', 'karpenter.sh/nodepool': 'p' } },
  spec: { providerID: `aws:///us-east-1a/i-${name}` },
  status: {
    conditions: [
      { type: 'Ready', status: 'True', lastHeartbeatTime: null, lastTransitionTime: null, message: '', reason: '' },
    ],
  },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/apis/karpenter.sh/v1/nodeclaims'))
      return res.end(
        JSON.stringify({
          apiVersion: 'karpenter.sh/v1',
          kind: 'NodeClaimList',
          metadata: {},
          items: [nodeClaim('a', 'c7i'), nodeClaim('b', 'c8i')],
        }),
      );
    if (req.url?.startsWith('/api/v1/nodes'))
      return res.end(
        JSON.stringify({ apiVersion: 'v1', kind: 'NodeList', metadata: {}, items: [node('a'), node('b')] }),
      );
    res.statusCode = 404;
    res.end(JSON.stringify({ kind: 'Status', code: 404 }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

test('diff --kubeconfig reads NodeClaims and Nodes read-only and drifts them under head', async () => {
  const kubeconfig =
    tempTree({
      kubeconfig: `apiVersion: v1\nkind: Config\nclusters: [{ name: test, cluster: { server: "${url}", insecure-skip-tls-verify: true } }]\nusers: [{ name: u, user: { token: secret-token } }]\ncontexts: [{ name: test, context: { cluster: test, user: u } }]\ncurrent-context: test\n`,
    }) + '/kubeconfig';
  const fam = (...f: string[]) =>
    `        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: [${f.map((x) => `"${x}"`).join(', ')}]`;
  const base = tempTree({ 'a.yaml': [NODECLASS, nodePool('p', { requirements: fam('c7i', 'c8i') })].join('---\n') });
  const head = tempTree({ 'a.yaml': [NODECLASS, nodePool('p', { requirements: fam('c8i') })].join('---\n') });
  const r = await runCli([
    'diff',
    '--base',
    base,
    '--head',
    head,
    '--kubeconfig',
    kubeconfig,
    '--context',
    'test',
    '--format',
    'json',
    '--at',
    '2026-01-05T10:00:00Z',
  ]);
  const plan = JSON.parse(r.stdout);
  expect(plan.findings.filter((f: { rule: string }) => f.rule === 'cluster-unreachable')).toEqual([]);
  expect(plan.fleet).toMatchObject({ source: 'live', nodes: 2 });
  expect(plan.replacements).toEqual([
    { nodeClaim: 'a', nodePool: 'p', instanceType: 'c7i.large', reason: 'RequirementsDrifted' },
  ]);
  expect(seen.every((s) => s.startsWith('GET ') && s.endsWith('Bearer secret-token'))).toBe(true);
});

test('an unreachable cluster is an error finding and the simulated fleet is used', async () => {
  const kubeconfig =
    tempTree({
      kubeconfig:
        'apiVersion: v1\nkind: Config\nclusters: [{ name: t, cluster: { server: "http://127.0.0.1:1" } }]\nusers: [{ name: u, user: { token: x } }]\ncontexts: [{ name: t, context: { cluster: t, user: u } }]\ncurrent-context: t\n',
    }) + '/kubeconfig';
  const dir = tempTree({ 'a.yaml': [NODECLASS, nodePool('p')].join('---\n') });
  const r = await runCli(['diff', '--base', dir, '--head', dir, '--kubeconfig', kubeconfig, '--format', 'json']);
  const plan = JSON.parse(r.stdout);
  expect(plan.fleet.source).toBe('simulated');
  expect(plan.findings.find((f: { rule: string }) => f.rule === 'cluster-unreachable')).toBeTruthy();
  expect(r.exitCode).toBe(1);
});
