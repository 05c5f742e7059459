/**
 * Validation with exact locations, as Karpenter defines it: karpenter pkg/apis/v1/nodepool.go (field markers and
 * CEL, pkg/apis/crds/karpenter.sh_nodepools.yaml) and pkg/apis/v1alpha1/nodeoverlay.go NodeOverlaySpec;
 * each broken input yields one error at the right file and line, and the other documents
 * of the same file are still evaluated.
 */
import { nodePool, NODECLASS, stateOf } from '../helpers.js';
import { labelInWords, normalizeKey } from '../../src/api/labels.js';

function errorsOf(files: Record<string, string>) {
  const st = stateOf(files);
  return { st, errors: st.findings.filter((f) => f.severity === 'error') };
}

/** The good pool after the broken document proves evaluation continued. */
const GOOD = '---\n' + nodePool('still-evaluated');

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((l) => l.includes(needle)) + 1;
}

describe('NodePool API validation (nodepool.go; pkg/apis/v1/nodepool_validation_cel_test.go)', () => {
  const cases: [string, string, string, RegExp][] = [
    [
      'wrong operator',
      nodePool('a', {
        requirements: '        - key: karpenter.sh/capacity-type\n          operator: in\n          values: ["spot"]',
      }),
      'operator: in',
      /operator "in" is not supported/,
    ],
    ['weight 0', nodePool('a', { weight: 0 }), 'weight: 0', /between 1 and 100, got 0/],
    ['weight 101', nodePool('a', { weight: 101 }), 'weight: 101', /between 1 and 100, got 101/],
    [
      'Gt with two values',
      nodePool('a', {
        requirements:
          '        - key: karpenter.k8s.aws/instance-generation\n          operator: Gt\n          values: ["6", "7"]',
      }),
      'values: ["6", "7"]',
      /exactly one value, got 2/,
    ],
    [
      'non-integer Gte',
      nodePool('a', {
        requirements:
          '        - key: karpenter.k8s.aws/instance-cpu\n          operator: Gte\n          values: ["four"]',
      }),
      '"four"',
      /non-negative integer value, got "four"/,
    ],
    [
      'schedule without duration',
      nodePool('a', {
        extraSpec: '  disruption:\n    budgets:\n      - nodes: "0"\n        schedule: "0 9 * * mon-fri"\n',
      }),
      'schedule:',
      /schedule and duration must be set together/,
    ],
    [
      'In below minValues',
      nodePool('a', {
        requirements:
          '        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["c7i"]\n          minValues: 2',
      }),
      'minValues: 2',
      /fewer than minValues 2/,
    ],
    [
      'restricted requirement key',
      nodePool('a', {
        requirements: '        - key: karpenter.sh/nodepool\n          operator: In\n          values: ["x"]',
      }),
      'key: karpenter.sh/nodepool',
      /cannot require karpenter.sh\/nodepool/,
    ],
    [
      'invalid budget nodes',
      nodePool('a', { extraSpec: '  disruption:\n    budgets:\n      - nodes: "1000%"\n' }),
      'nodes: "1000%"',
      /nodes "1000%" is invalid/,
    ],
    [
      'invalid expireAfter',
      nodePool('a', { extraTemplateSpec: '      expireAfter: 30d\n' }),
      'expireAfter: 30d',
      /expireAfter "30d" is invalid/,
    ],
  ];
  test.each(cases)('%s → one error at the field, rest still evaluated', (_name, doc, needle, message) => {
    const text = doc + GOOD;
    const { st, errors } = errorsOf({ 'pools.yaml': text, 'nc.yaml': NODECLASS });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(message);
    expect(errors[0].file).toBe('pools.yaml');
    expect(errors[0].line).toBe(lineOf(text, needle));
    expect(st.nodePools.map((p) => p.name).sort()).toEqual(['a', 'still-evaluated']);
  });

  test('v1beta1 NodePool: one error naming the expected version; evaluated as v1.0 converted it (a migration compares the same pool)', () => {
    const text = nodePool('old').replace('karpenter.sh/v1', 'karpenter.sh/v1beta1') + GOOD;
    const { st, errors } = errorsOf({ 'pools.yaml': text });
    expect(errors).toHaveLength(1);
    expect(errors[0].rule).toBe('unsupported-api-version');
    expect(errors[0].message).toMatch(/expected karpenter.sh\/v1/);
    expect(errors[0].line).toBe(1);
    expect(st.nodePools.map((p) => [p.name, p.migratedFrom])).toEqual([
      ['old', 'karpenter.sh/v1beta1'],
      ['still-evaluated', undefined],
    ]);
  });
  test('another unserved version (v1alpha5 Provisioner-era NodePool) is left out', () => {
    const text = nodePool('older').replace('karpenter.sh/v1', 'karpenter.sh/v1alpha5') + GOOD;
    const { st, errors } = errorsOf({ 'pools.yaml': text });
    expect(errors.map((e) => e.rule)).toEqual(['unsupported-api-version']);
    expect(st.nodePools.map((p) => p.name)).toEqual(['still-evaluated']);
  });

  test('duplicate NodePool names: error at the second definition', () => {
    const text = nodePool('dup') + '---\n' + nodePool('dup');
    const { st, errors } = errorsOf({ 'pools.yaml': text });
    expect(errors).toHaveLength(1);
    expect(errors[0].rule).toBe('duplicate-name');
    expect(errors[0].line).toBe(text.split('\n').findIndex((l, i) => i > 0 && l.startsWith('apiVersion')) + 1);
    expect(st.nodePools).toHaveLength(1);
  });

  test('a wrong type in one field keeps the object and the others', () => {
    const text = nodePool('typed', { extraSpec: '  limits: "lots"\n' }) + GOOD;
    const { st, errors } = errorsOf({ 'pools.yaml': text });
    expect(errors).toHaveLength(1);
    expect(errors[0].line).toBe(lineOf(text, 'limits:'));
    expect(st.nodePools).toHaveLength(2);
  });
});

describe('NodeOverlay API validation (nodeoverlay.go; pkg/apis/crds/karpenter.sh_nodeoverlays.yaml)', () => {
  const overlay = (spec: string) => `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata:
  name: o
spec:
  requirements:
    - key: karpenter.k8s.aws/instance-generation
      operator: Lte
      values: ["7"]
${spec}`;
  test('priceAdjustment without a sign ("20%") is refused at the field', () => {
    const text = overlay('  priceAdjustment: "20%"\n') + GOOD;
    const { st, errors } = errorsOf({ 'o.yaml': text });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/needs a sign/);
    expect(errors[0].line).toBe(lineOf(text, 'priceAdjustment'));
    expect(st.nodePools).toHaveLength(1);
  });
  test('both price and priceAdjustment', () => {
    const { errors } = errorsOf({ 'o.yaml': overlay('  price: "0.5"\n  priceAdjustment: "+10%"\n') });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/cannot set both 'price' and 'priceAdjustment'/);
  });
  test.each(['+20%', '-34.43', '+.5', '-99.5%', '-100%', '+300%'])('priceAdjustment %s is accepted', (v) => {
    expect(errorsOf({ 'o.yaml': overlay(`  priceAdjustment: "${v}"\n`) }).errors).toHaveLength(0);
  });
  test.each(['20%', '-101%', '-100.0%', '10'])('priceAdjustment %s is refused', (v) => {
    expect(errorsOf({ 'o.yaml': overlay(`  priceAdjustment: "${v}"\n`) }).errors).toHaveLength(1);
  });
  test('weight above 10000', () => {
    expect(errorsOf({ 'o.yaml': overlay('  weight: 10001\n') }).errors[0].message).toMatch(/between 1 and 10000/);
  });
});

describe('malformed input never crashes and never loses the rest', () => {
  test('malformed YAML: error at the line, other documents evaluated', () => {
    const text = nodePool('first') + '---\nkind: NodePool\nmetadata: { name: [unclosed\n' + GOOD;
    const { st, errors } = errorsOf({ 'pools.yaml': text });
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.every((e) => e.rule === 'invalid-yaml')).toBe(true);
    expect(errors[0].line).toBeGreaterThan(lineOf(text, 'name: first'));
    expect(st.nodePools.map((p) => p.name).sort()).toEqual(['first', 'still-evaluated']);
  });
  test('alias bomb is rejected (the yaml package counts alias expansions), the rest still read', () => {
    let bomb = 'a: &a ["x","x","x","x","x","x","x","x","x","x"]\n';
    const names = 'abcdefghij';
    for (let i = 1; i < names.length; i++) {
      const prev = names[i - 1];
      bomb += `${names[i]}: &${names[i]} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]\n`;
    }
    const { st, errors } = errorsOf({ 'bomb.yaml': bomb + GOOD });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/alias/);
    expect(st.nodePools).toHaveLength(1);
  });
  test('a scalar document is reported, not crashed on', () => {
    const { st, errors } = errorsOf({ 'x.yaml': 'just a string\n' + GOOD });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/not a Kubernetes object/);
    expect(st.nodePools).toHaveLength(1);
  });
  test('List objects are unwrapped with item locations', () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: karpenter.sh/v1\n    kind: NodePool\n    metadata: { name: listed }\n    spec:\n      weight: 500\n      template:\n        spec:\n          nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }\n          requirements: []\n`;
    const { st, errors } = errorsOf({ 'list.yaml': list });
    expect(st.nodePools.map((p) => p.name)).toEqual(['listed']);
    expect(errors).toHaveLength(1);
    expect(errors[0].line).toBe(8);
  });
  test('other kinds are ignored silently and counted', () => {
    const st = stateOf({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n' });
    expect(st.findings).toHaveLength(0);
    expect(st.ignoredKinds).toEqual({ ConfigMap: 1 });
  });
});

describe('EC2NodeClass amiFamily vs alias (karpenter-provider-aws pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml spec x-kubernetes-validations)', () => {
  const nodeClass = (amiFamily: string, alias: string) =>
    NODECLASS.replace('alias: al2023@latest', `alias: ${alias}`).replace(
      '  role: NodeRole\n',
      `  role: NodeRole\n  amiFamily: ${amiFamily}\n`,
    );
  // Rule: `!has(self.amiFamily) || (self.amiSelectorTerms.exists(x, has(x.alias) && x.alias.find('^[^@]+') == 'al2023')
  // ? (self.amiFamily == 'Custom' || self.amiFamily == 'AL2023') : true)`, one such rule per alias family.
  test.each([
    ['AL2', 'al2023@latest', 'AL2023'],
    ['AL2023', 'al2@latest', 'AL2'],
    ['AL2023', 'bottlerocket@latest', 'Bottlerocket'],
    ['Windows2019', 'windows2022@latest', 'Windows2022'],
    ['Windows2022', 'windows2025@latest', 'Windows2025'],
    ['Bottlerocket', 'windows2019@latest', 'Windows2019'],
  ])('amiFamily %s with alias %s is refused at spec.amiFamily', (family, alias, aliasFamily) => {
    const text = nodeClass(family, alias);
    const { st, errors } = errorsOf({ 'nc.yaml': text, 'pools.yaml': nodePool('still-evaluated') });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ rule: 'invalid-spec', file: 'nc.yaml', line: lineOf(text, 'amiFamily:') });
    expect(errors[0].message).toContain(
      `amiFamily must be '${aliasFamily}' or 'Custom' when using a ${aliasFamily} alias`,
    );
    expect(st.nodeClasses.map((c) => c.name)).toEqual(['default']);
    expect(st.nodePools.map((p) => p.name)).toEqual(['still-evaluated']);
  });
  // The same rules let amiFamily equal the alias family, or Custom (then AMIFamily() is Custom: ec2nodeclass.go
  // EC2NodeClass.AMIFamily returns spec.amiFamily when set).
  test.each([
    ['AL2023', 'al2023@latest', 'AL2023'],
    ['AL2', 'al2@v20250101', 'AL2'],
    ['Custom', 'al2023@latest', 'Custom'],
    ['Windows2022', 'windows2022@latest', 'Windows2022'],
  ])('amiFamily %s with alias %s is accepted (family %s)', (family, alias, resolved) => {
    const { st, errors } = errorsOf({ 'nc.yaml': nodeClass(family, alias) });
    expect(errors).toHaveLength(0);
    expect(st.nodeClasses[0].amiFamily).toBe(resolved);
  });
});

describe('NodePool bounds the CRDs state together', () => {
  const exists = (keys: string[]) => keys.map((k) => `        - key: ${k}\n          operator: Exists`).join('\n');
  const custom = (n: number, prefix = 'k') => Array.from({ length: n }, (_, i) => `example.com/${prefix}${i}`);
  const withLabels = (doc: string, keys: string[]) =>
    doc.replace(
      '  template:\n    spec:\n',
      `  template:\n    metadata:\n      labels:\n${keys.map((k) => `        ${k}: "x"`).join('\n')}\n    spec:\n`,
    );
  // A NodeClaim's spec.requirements has `+kubebuilder:validation:MaxItems:=100` (karpenter pkg/apis/v1/nodeclaim.go);
  // nodeclaimtemplate.go NewNodeClaimTemplate adds the template's requirements, its labels, karpenter.sh/nodepool and
  // karpenter.k8s.aws/ec2nodeclass (labels.go NodeClassLabelKey: group/lowercase kind), and ToNodeClaim adds
  // node.kubernetes.io/instance-type and karpenter.sh/capacity-type: 4 keys besides the template's own.
  test('96 custom requirement keys + the 4 Karpenter adds = 100 NodeClaim requirements: accepted', () => {
    expect(errorsOf({ 'p.yaml': nodePool('a', { requirements: exists(custom(96)) }) }).errors).toHaveLength(0);
  });
  test('97 custom requirement keys + 4 = 101: every NodeClaim is refused, one error at the requirements', () => {
    const text = nodePool('a', { requirements: exists(custom(97)) }) + GOOD;
    const { st, errors } = errorsOf({ 'p.yaml': text });
    expect(errors).toHaveLength(1);
    // Located at the requirements list (its first entry, as every list-valued path is located).
    expect(errors[0]).toMatchObject({ rule: 'invalid-spec', line: lineOf(text, 'requirements:') + 1 });
    expect(errors[0].message).toContain('every NodeClaim of this NodePool 101 requirements');
    expect(st.nodePools.map((p) => p.name).sort()).toEqual(['a', 'still-evaluated']);
  });
  test('template labels count as requirements (50 + 47 + 4 = 101); a label on a required key counts once (50 + 46 + 4 = 100)', () => {
    const over = withLabels(nodePool('a', { requirements: exists(custom(50)) }), custom(47, 'l'));
    expect(errorsOf({ 'p.yaml': over }).errors.map((e) => e.message)).toEqual([
      expect.stringContaining('101 requirements'),
    ]);
    const same = withLabels(nodePool('a', { requirements: exists(custom(50)) }), [
      ...custom(46, 'l'),
      'example.com/k0',
    ]);
    expect(errorsOf({ 'p.yaml': same }).errors).toHaveLength(0);
  });
  test('a static NodePool gets no instance-type or capacity-type requirement (ToNodeClaim): 98 + 2 = 100 accepted, 99 + 2 = 101 refused', () => {
    const stat = (n: number) => nodePool('s', { extraSpec: '  replicas: 1\n', requirements: exists(custom(n)) });
    expect(errorsOf({ 'p.yaml': stat(98) }).errors).toHaveLength(0);
    expect(errorsOf({ 'p.yaml': stat(99) }).errors.map((e) => e.message)).toEqual([
      expect.stringContaining('101 requirements'),
    ]);
  });
  test('budget reasons are a set (x-kubernetes-list-type: set): a repeated reason is refused at the repeat', () => {
    const text =
      nodePool('a', {
        extraSpec:
          '  disruption:\n    budgets:\n      - nodes: "1"\n        reasons:\n          - Drifted\n          - Empty\n          - Drifted\n',
      }) + GOOD;
    const { st, errors } = errorsOf({ 'p.yaml': text });
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/reasons\[2\]: duplicate value "Drifted"/);
    expect(errors[0].line).toBe(lineOf(text, '- Empty') + 1);
    expect(st.nodePools.find((p) => p.name === 'a')?.budgets[0].reasons).toEqual(['Drifted', 'Empty']);
  });
});

describe('EC2NodeClass volumeSize (karpenter-provider-aws pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml volumeSize pattern)', () => {
  const withSize = (size: string) =>
    NODECLASS +
    `  blockDeviceMappings:\n    - deviceName: /dev/xvda\n      ebs:\n        volumeSize: ${size}\n        volumeType: gp3\n`;
  // Pattern: Gi 1-59000, G 1-64000, Ti 1-58, T 1-64, whole numbers only.
  test.each(['20Gi', '59000Gi', '64000G', '1Ti', '58Ti', '64T'])('%s is accepted', (size) => {
    expect(errorsOf({ 'nc.yaml': withSize(size) }).errors).toHaveLength(0);
  });
  test.each(['20480Mi', '59001Gi', '59Ti', '1.5Ti', '100', '"20"'])(
    '%s is refused at the field, the class still evaluated',
    (size) => {
      const text = withSize(size);
      const { st, errors } = errorsOf({ 'nc.yaml': text });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ rule: 'invalid-spec', line: lineOf(text, 'volumeSize:') });
      expect(st.nodeClasses).toHaveLength(1);
    },
  );
});

describe('label keys in words', () => {
  test('known keys are worded, AWS keys lose their domain, any other key (even `constructor`) is itself', () => {
    expect(labelInWords('topology.kubernetes.io/zone')).toBe('zone');
    expect(labelInWords('karpenter.k8s.aws/instance-generation')).toBe('instance generation');
    for (const k of ['constructor', 'toString', '__proto__', 'team']) expect(labelInWords(k)).toBe(k);
  });

  test('normalized aliases are rewritten; other keys, even `constructor`, are kept', () => {
    expect(normalizeKey('beta.kubernetes.io/arch')).toBe('kubernetes.io/arch');
    expect(normalizeKey('topology.ebs.csi.aws.com/zone')).toBe('topology.kubernetes.io/zone');
    for (const k of ['constructor', 'hasOwnProperty', 'team']) expect(normalizeKey(k)).toBe(k);
  });
});
