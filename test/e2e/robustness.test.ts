/** Bad input never crashes the tool: malformed objects of every kind become findings. */
import { runCli } from '../../src/cli/run.js';
import { tempTree } from '../helpers.js';

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
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toBe('karpenter-plan: unknown command "constructor"\nsee karpenter-plan --help\n');
  const u = await runCli(['toString']);
  expect(u.exitCode).toBe(2);
  expect(u.stderr).toMatch(/unknown command "toString"/);
});

// Cases found by the fuzz harness (scripts/fuzz.mjs): each was a crash, a hang or an unlocated error before.
const POOL =
  'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: fine }\nspec: { template: { spec: { nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }, requirements: [] } } }\n';
async function validateJson(files: Record<string, string>) {
  const r = await runCli(['validate', tempTree(files), '--format', 'json']);
  expect(r.stderr).toBe('');
  expect([0, 1]).toContain(r.exitCode);
  const plan = JSON.parse(r.stdout) as {
    verdict: string;
    findings: { rule: string; severity: string; file: string | null; line: number | null; message: string }[];
  };
  // Every error is located, and never a pass over an error.
  for (const f of plan.findings) if (f.file) expect(f.line).not.toBeNull();
  if (plan.findings.some((f) => f.severity === 'error')) expect(plan.verdict).toBe('fail');
  return plan;
}

describe('config values the schema refuses are reported and not used (the defaults apply)', () => {
  test.each([
    [
      'a values adapter key that is not a string',
      'values:\n  - files: [values.yaml]\n    layout: map\n    nodeClasses: 5\n',
    ],
    ['a rule level that is not a string', 'rules:\n  expire-without-tgp: 5\n'],
    ['an assumption that is not a number', 'assumptions:\n  minutesPerReplacement: x\n'],
    ['an assumption out of range', 'assumptions:\n  horizonDays: 100000\n'],
  ])('%s', async (_name, cfg) => {
    const plan = await validateJson({ 'p.yaml': POOL, 'values.yaml': 'nodePool: {}\n', '.karpenter-plan.yaml': cfg });
    const f = plan.findings.filter((x) => x.rule === 'invalid-config');
    expect(f.length).toBeGreaterThan(0);
    expect(f[0].line).toBeGreaterThan(0);
    expect(f[0].message).toMatch(/ignored \(the default applies\)/);
  });

  test('scenario requirement values written as numbers are read as strings (no crash in diff)', async () => {
    const dir = tempTree({
      'p.yaml': POOL,
      '.karpenter-plan.yaml':
        'scenarios:\n  - name: x\n    unavailable:\n      - - { key: karpenter.k8s.aws/instance-generation, operator: Gt, values: [8] }\n',
    });
    const r = await runCli(['diff', '--base', dir, '--head', dir, '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).findings.filter((f: { rule: string }) => f.rule === 'invalid-config')).toEqual([]);
  });
});

describe('YAML that used to crash or depend on the stack', () => {
  test('a self-referencing alias is an invalid-yaml finding on that document; the rest is evaluated', async () => {
    const cyclic =
      'apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata: { name: c }\nspec:\n  subnetSelectorTerms:\n    - &a1\n      tags: { k: v }\n      self: *a1\n';
    const plan = await validateJson({ 'p.yaml': POOL, 'c.yaml': cyclic });
    expect(plan.findings.find((f) => f.rule === 'invalid-yaml')?.message).toMatch(/refers to itself through an alias/);
  });

  test('nesting 5,000 deep is refused before parsing, the same way every time', async () => {
    const deep = 'apiVersion: ' + '['.repeat(5000) + '1' + ']'.repeat(5000) + '\nkind: Deployment\n';
    const a = await validateJson({ 'p.yaml': POOL, 'd.yaml': deep });
    const f = a.findings.find((x) => x.rule === 'invalid-yaml')!;
    expect(f.message).toMatch(/nests deeper than 100 levels/);
    expect(f.line).toBe(1);
  });

  test('a complex mapping key is a finding, with nothing on standard error', async () => {
    const plan = await validateJson({ 'p.yaml': POOL, 'k.yaml': '? [a, b]\n: c\nkind: NodePool\n' });
    expect(plan.findings.find((f) => f.rule === 'invalid-yaml')?.message).toMatch(
      /mapping key that is a list or a map/,
    );
  });
});

describe('caps (docs/security.md)', () => {
  test('replicas above caps.replicas are modelled as the cap, with an error on spec.replicas', async () => {
    const dep =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: huge, namespace: default }\nspec:\n  replicas: 2147483648\n  template:\n    spec:\n      containers: [{ name: c, image: x, resources: { requests: { cpu: 100m, memory: 128Mi } } }]\n';
    const plan = await validateJson({
      'p.yaml': POOL,
      'n.yaml':
        'apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata: { name: default }\nspec: { role: R, amiSelectorTerms: [{ alias: al2023@latest }], subnetSelectorTerms: [{ tags: { k: v } }], securityGroupSelectorTerms: [{ tags: { k: v } }] }\n',
      'd.yaml': dep,
      '.karpenter-plan.yaml': 'caps:\n  replicas: 1000\n',
    });
    const f = plan.findings.find((x) => x.rule === 'input-capped')!;
    expect(f.message).toBe('2,147,483,648 replicas: only 1,000 are modelled (caps.replicas)');
    expect(f.line).toBe(5);
  });

  test('NodePools above caps.karpenterObjects: one error, the rest unread', async () => {
    const pools = Array.from({ length: 5 }, (_, i) => POOL.replace('name: fine', `name: p${i}`)).join('---\n');
    const plan = await validateJson({ 'p.yaml': pools, '.karpenter-plan.yaml': 'caps:\n  karpenterObjects: 3\n' });
    expect(plan.findings.filter((x) => x.rule === 'input-capped').map((x) => x.message)).toEqual([
      'more than 3 NodePool objects in this state: the rest are not read, and the state is not modelled (caps.karpenterObjects)',
    ]);
  });

  test('a fleet snapshot that is not a regular file (/dev/zero) is refused, not read', async () => {
    const dir = tempTree({ 'p.yaml': POOL });
    const r = await runCli(['diff', '--base', dir, '--head', dir, '--fleet', '/dev/zero', '--format', 'json']);
    const plan = JSON.parse(r.stdout);
    expect(plan.findings.find((f: { rule: string }) => f.rule === 'unreadable-file').message).toMatch(
      /not a regular file/,
    );
  });
});

describe('an empty state is never a silent pass', () => {
  test('a folder with no Karpenter object: nothing to plan (exit 2) naming the globs', async () => {
    const r = await runCli(['validate', tempTree({ 'README.md': 'nothing here\n' }), '--format', 'json']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/nothing to plan: .*\(manifests: \*\*\/\*\.yaml, \*\*\/\*\.yml\)/);
  });
  test('a change that leaves head without the Karpenter objects base had: an error', async () => {
    const base = tempTree({ 'p.yaml': POOL });
    const head = tempTree({ 'README.md': 'moved elsewhere\n' });
    const r = await runCli(['diff', '--base', base, '--head', head, '--format', 'json']);
    const f = JSON.parse(r.stdout).findings.find((x: { rule: string }) => x.rule === 'empty-state');
    expect(f.severity).toBe('error');
    expect(r.exitCode).toBe(1);
  });
});

test('an unquoted YAML 1.1 boolean word in a string field is a warning on its line (Kubernetes reads it as a boolean)', async () => {
  const pool = POOL.replace(
    'requirements: []',
    'requirements: [{ key: example.com/gpu, operator: In, values: [yes] }]',
  );
  const plan = await validateJson({ 'p.yaml': pool });
  const f = plan.findings.filter((x) => x.rule === 'yaml-1.1-boolean');
  expect(f).toHaveLength(1);
  expect(f[0].line).toBe(4);
  expect(f[0].severity).toBe('warning');
});

describe('what the API server refuses is an error, not a silent pass', () => {
  const NC =
    'apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata: { name: default }\nspec: { role: R, amiSelectorTerms: [{ alias: al2023@latest }], subnetSelectorTerms: [{ tags: { k: v } }], securityGroupSelectorTerms: [{ tags: { k: v } }] }\n';
  const pool = (spec: string) =>
    `apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: { name: a }\nspec:\n${spec}  template:\n    spec:\n      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n      requirements: []\n`;
  const dep = (spec: string) => `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: d }\nspec:\n${spec}`;
  test.each([
    ['an unknown field (wieght)', pool('  wieght: 5\n'), /unknown field spec.wieght \(did you mean weight\?\)/],
    ['requirements: null', pool('').replace('requirements: []', 'requirements: null'), /requirements is required/],
    ['limits: !!set', pool('  limits: !!set { cpu }\n'), /spec.limits must be a map of quantities/],
    [
      'replicas: "3"',
      dep('  replicas: "3"\n  template:\n    spec:\n      containers: [{ name: c, image: x }]\n'),
      /spec.replicas must be an integer/,
    ],
    ['containers: {}', dep('  template:\n    spec:\n      containers: {}\n'), /containers must be a non-empty list/],
    [
      'an unknown toleration operator',
      dep(
        '  template:\n    spec:\n      tolerations: [{ key: a, operator: Maybe }]\n      containers: [{ name: c, image: x }]\n',
      ),
      /operator must be Exists or Equal/,
    ],
  ])('%s', async (_name, text, message) => {
    const plan = await validateJson({ 'nc.yaml': NC, 'x.yaml': text as string });
    expect(plan.verdict).toBe('fail');
    expect(plan.findings.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(message as RegExp)]),
    );
  });
});
