/**
 * Every rule of the Karpenter CRDs is implemented and refuses what the CRD refuses. The rules are listed in
 * src/api/crd-rules.json, made by scripts/crd-rules.mjs from karpenter-provider-aws pkg/apis/crds/ (v1.14.0):
 * karpenter.sh_nodepools.yaml, karpenter.sh_nodeclaims.yaml, karpenter.sh_nodeoverlays.yaml and
 * karpenter.k8s.aws_ec2nodeclasses.yaml. For each rule: a valid object (the full objects below, which set every field
 * a rule bounds, and which the API server accepts) and an invalid one that breaks exactly that rule, with the expected
 * outcome the CRD's: an `invalid-spec` error at the field. Schema bounds are tested from their value (checked against
 * the CRD's by hash); CEL rules each have a case below, named by the rule's message in the CRD.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { NO_SOURCE, type Finding } from '../../src/common/findings.js';
import { parseNodePool } from '../../src/api/nodepool.js';
import { parseEC2NodeClass } from '../../src/api/ec2nodeclass.js';
import { parseNodeOverlay } from '../../src/api/nodeoverlay.js';
import {
  CEL_CHECKS,
  DEFAULTED,
  implementationIds,
  NODECLAIM_FROM_TEMPLATE,
  SCHEMA_BOUNDS,
  schemaBoundId,
  UNIMPLEMENTED,
  type SchemaKind,
} from '../../src/api/crd-rules.js';
import { nodePool, NODECLASS, stateOf, tempTree } from '../helpers.js';
import { executePlan } from '../../src/run/execute.js';
import { defaultConfig } from '../../src/sources/config.js';
import { DirTree } from '../../src/sources/tree.js';

interface Entry {
  kind: string;
  path: string;
  bound: string;
  hash: string;
  impl: string | null;
}
const TABLE = JSON.parse(readFileSync('src/api/crd-rules.json', 'utf8')) as { rules: Entry[] };
const key = (e: Entry) => `${e.kind} ${e.path} ${e.bound} ${e.hash}`;
const sha = (t: string) => createHash('sha256').update(t).digest('hex').slice(0, 16);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- objects the cases reach into freely
type Any = any;
type Obj = Record<string, Any>;
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const FULL: Record<SchemaKind, Obj> = {
  NodePool: {
    apiVersion: 'karpenter.sh/v1',
    kind: 'NodePool',
    metadata: { name: 'full' },
    spec: {
      weight: 10,
      limits: { cpu: '1000' },
      template: {
        metadata: { labels: { team: 'a' } },
        spec: {
          nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
          requirements: [
            { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand', 'spot'], minValues: 1 },
          ],
          taints: [{ key: 'a', value: 'b', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:00Z' }],
          startupTaints: [{ key: 'c', value: 'd', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:00Z' }],
          expireAfter: '720h',
          terminationGracePeriod: '48h',
        },
      },
      disruption: {
        consolidateAfter: '1m',
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        budgets: [{ nodes: '10%', schedule: '@daily', duration: '10m', reasons: ['Empty'] }],
      },
    },
  },
  NodeOverlay: {
    apiVersion: 'karpenter.sh/v1alpha1',
    kind: 'NodeOverlay',
    metadata: { name: 'full' },
    spec: {
      requirements: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large'] }],
      priceAdjustment: '+10%',
      capacity: { 'example.com/gpu': '1' },
      weight: 10,
    },
  },
  EC2NodeClass: {
    apiVersion: 'karpenter.k8s.aws/v1',
    kind: 'EC2NodeClass',
    metadata: { name: 'full' },
    spec: {
      amiFamily: 'AL2023',
      amiSelectorTerms: [{ tags: { a: 'b' }, name: 'my-ami', owner: 'self' }, { id: 'ami-0123abc' }],
      subnetSelectorTerms: [{ tags: { a: 'b' } }, { id: 'subnet-0123' }],
      securityGroupSelectorTerms: [{ tags: { a: 'b' } }, { id: 'sg-0123' }, { name: 'nodes' }],
      capacityReservationSelectorTerms: [
        { id: 'cr-0123' },
        { tags: { a: 'b' }, ownerID: '123456789012', instanceMatchCriteria: 'targeted' },
      ],
      role: 'NodeRole',
      tags: { team: 'a' },
      kubelet: {
        maxPods: 110,
        podsPerCore: 0,
        kubeReserved: { cpu: '100m' },
        systemReserved: { memory: '100Mi' },
        evictionHard: { 'memory.available': '5%' },
        evictionSoft: { 'memory.available': '10%' },
        evictionSoftGracePeriod: { 'memory.available': '1m' },
        evictionMaxPodGracePeriod: 60,
        imageGCHighThresholdPercent: 85,
        imageGCLowThresholdPercent: 80,
      },
      blockDeviceMappings: [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: {
            volumeSize: '20Gi',
            volumeType: 'gp3',
            iops: 3000,
            throughput: 125,
            snapshotID: 'snap-0123',
            volumeInitializationRate: 100,
          },
        },
      ],
      instanceStorePolicy: 'RAID0',
      metadataOptions: {
        httpEndpoint: 'enabled',
        httpProtocolIPv6: 'disabled',
        httpPutResponseHopLimit: 2,
        httpTokens: 'required',
      },
      connectionTracking: { tcpEstablishedTimeout: 432000, udpStreamTimeout: 60, udpTimeout: 30 },
      cpuOptions: { nestedVirtualization: 'disabled' },
      ipPrefixCount: 0,
      networkInterfaces: [{ networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' }],
      placementGroupSelector: { id: 'pg-0123' },
    },
  },
};

const PARSE: Record<SchemaKind, (raw: Obj, findings: Finding[]) => unknown> = {
  NodePool: (raw, f) => parseNodePool(raw, NO_SOURCE, f),
  NodeOverlay: (raw, f) => parseNodeOverlay(raw, NO_SOURCE, f),
  EC2NodeClass: (raw, f) => parseEC2NodeClass(raw, NO_SOURCE, f),
};

function errorsOf(kind: SchemaKind, raw: Obj): Finding[] {
  const findings: Finding[] = [];
  PARSE[kind](raw, findings);
  return findings.filter((f) => f.severity === 'error');
}

/** Errors at `at` or inside it. */
const under = (errors: Finding[], at: string) =>
  errors.filter(
    (f) => f.rule === 'invalid-spec' && f.path !== undefined && (f.path === at || f.path.startsWith(`${at}.`)),
  );

/** The concrete path of a schema path in the full object: `[]` is the first item, `{}` the first key. */
function concrete(obj: Obj, path: string): (string | number)[] {
  const out: (string | number)[] = [];
  let cur: Any = obj;
  for (const part of path.split('.')) {
    const [, name, marks] = /^(.*?)((?:\[\]|\{\})*)$/.exec(part)!;
    out.push(name);
    cur = cur?.[name];
    for (const m of marks.match(/\[\]|\{\}/g) ?? []) {
      const k = m === '[]' ? 0 : Object.keys(cur ?? {})[0];
      out.push(k);
      cur = cur?.[k];
    }
  }
  return out;
}

function setAt(obj: Obj, at: (string | number)[], make: (current: Any) => unknown): void {
  let cur = obj;
  for (const k of at.slice(0, -1)) cur = cur[k];
  const last = at[at.length - 1];
  const v = make(cur[last]);
  if (v === DELETE) delete cur[last];
  else cur[last] = v;
}
const DELETE = Symbol('delete');

/** Patterns a generic bad string would satisfy: a value each pattern refuses. */
const BAD_STRING: Record<string, string> = { 'spec.template.spec.nodeClassRef.group': 'karpenter.k8s.aws/v1' };

/** A value that breaks the bound, from the bound's value (as the CRD states it). */
function breaking(bound: string, want: Any, current: Any, path: string): unknown {
  const bad = BAD_STRING[path] ?? '?!';
  switch (bound) {
    case 'required':
      return DELETE;
    case 'maxItems':
      return Array.from({ length: want + 1 }, () => clone(current[0]));
    case 'minItems':
      return [];
    case 'maxProperties':
      return Object.fromEntries(Array.from({ length: want + 1 }, (_, i) => [`k${i}`, 'v']));
    case 'maxLength':
      return Array.isArray(current) ? ['a'.repeat(want + 1)] : 'a'.repeat(want + 1);
    case 'minLength':
      return '';
    case 'pattern':
      expect(new RegExp(want).test(bad)).toBe(false);
      return Array.isArray(current) ? [bad] : bad;
    case 'enum':
      return 'NotInTheEnum';
    case 'minimum':
      return want - 1;
    case 'maximum':
      return want + 1;
    case 'format':
      return want === 'date-time' ? 'yesterday' : want === 'int32' ? 2 ** 31 : 1e19;
    default:
      throw new Error(`no breaking value for ${bound}`);
  }
}

describe('the table of CRD rules (src/api/crd-rules.json, scripts/crd-rules.mjs)', () => {
  const ids = implementationIds();
  it('names an implementation that exists for every rule, or an UNIMPLEMENTED reason', () => {
    for (const e of TABLE.rules) {
      if (e.impl === null) expect([key(e), UNIMPLEMENTED[key(e)]]).toEqual([key(e), expect.any(String)]);
      else expect([key(e), ids.has(e.impl)]).toEqual([key(e), true]);
    }
    for (const k of Object.keys(UNIMPLEMENTED))
      expect(TABLE.rules.filter((e) => key(e) === k && e.impl === null)).toHaveLength(1);
  });

  const unimplemented = TABLE.rules.filter((e) => e.impl === null);
  it(`reports the ${unimplemented.length} of ${TABLE.rules.length} rules that are not implemented`, () => {
    // The list is explicit (crd-rules.ts UNIMPLEMENTED); a rule that loses its implementation fails the test above.
    expect(unimplemented.map(key).sort()).toEqual(Object.keys(UNIMPLEMENTED).sort());
  });

  it('holds every schema bound of SCHEMA_BOUNDS, with the CRD value (sha256 of the CRD text)', () => {
    const schemaRows = TABLE.rules.filter((e) => e.bound !== 'cel' && e.kind !== 'NodeClaim');
    const declared = Object.entries(SCHEMA_BOUNDS).flatMap(([kind, rows]) => rows.map((r) => ({ kind, row: r })));
    expect(declared).toHaveLength(schemaRows.length);
    for (const { kind, row } of declared) {
      const [path, bound, value] = row;
      const hash = sha(bound === 'required' ? String(value) : JSON.stringify(value));
      const e = schemaRows.find((x) => x.kind === kind && x.path === path && x.bound === bound && x.hash === hash);
      expect([kind, path, bound, e?.impl]).toEqual([kind, path, bound, schemaBoundId(kind, path, bound)]);
    }
  });

  it("gives each NodeClaim rule its NodePool template's twin (same field under spec.template, same rule text)", () => {
    // karpenter pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go ToNodeClaim: the NodeClaim spec is the
    // template's spec, so a template that passes these rules makes NodeClaims that pass them.
    for (const e of TABLE.rules.filter((x) => x.impl === NODECLAIM_FROM_TEMPLATE)) {
      const twin = TABLE.rules.find(
        (x) =>
          x.kind === 'NodePool' && x.path === `spec.template.${e.path}` && x.bound === e.bound && x.hash === e.hash,
      );
      expect([e.path, e.bound, twin?.impl ?? null]).toEqual([e.path, e.bound, expect.any(String)]);
    }
  });
});

describe.each(['NodePool', 'NodeOverlay', 'EC2NodeClass'] as SchemaKind[])('%s schema bounds', (kind) => {
  it('the full object, which sets every bounded field, is valid', () => {
    expect(errorsOf(kind, FULL[kind])).toEqual([]);
  });
  const rows = SCHEMA_BOUNDS[kind].filter(([p, b]) => !(b === 'required' && DEFAULTED.has(`${kind} ${p}`)));
  it.each(rows.map((r) => [`${r[0]} ${r[1]} ${JSON.stringify(r[2]).slice(0, 40)}`, r] as const))(
    '%s: breaking it is an invalid-spec error at the field',
    (_, [path, bound, want]) => {
      const raw = clone(FULL[kind]);
      const at = concrete(raw, path);
      setAt(raw, at, (cur) => breaking(bound, want, cur, path));
      const errors = errorsOf(kind, raw);
      const located = under(errors, at.join('.'));
      const parent = bound === 'required' ? under(errors, at.slice(0, -1).join('.')) : [];
      expect([...located, ...parent].length).toBeGreaterThan(0);
    },
  );
  it('a required field the CRD defaults may be left out (budgets[].nodes default 10%)', () => {
    if (kind !== 'NodePool') return;
    const raw = clone(FULL.NodePool);
    delete raw.spec.disruption.budgets[0].nodes;
    expect(errorsOf(kind, raw)).toEqual([]);
  });
});

/**
 * One case per CEL rule: [id, kind, the rule's message in the CRD, how to break it, where the error is]. The broken
 * object differs from the full (valid) one only in what the rule refuses, so every error must be at that field.
 */
type CelCase = [id: string, kind: SchemaKind, message: string, breakIt: (spec: Obj) => void, at: string];
const AWS_ALIAS = (alias: string, family?: string) => (s: Obj) => {
  s.amiSelectorTerms = [{ alias }];
  if (family === undefined) delete s.amiFamily;
  else s.amiFamily = family;
};
const req = (r: Obj) => (s: Obj) => (s.template.spec.requirements = [r]);
const oreq = (r: Obj) => (s: Obj) => (s.requirements = [r]);
const CEL_CASES: CelCase[] = [
  // karpenter-provider-aws pkg/apis/crds/karpenter.sh_nodepools.yaml (v1.14.0)
  [
    'nodepool.static-limits',
    'NodePool',
    "only 'limits.nodes' is supported on static NodePools",
    (s) => {
      delete s.weight;
      s.replicas = 2;
    },
    'spec.limits',
  ],
  [
    'nodepool.static-weight',
    'NodePool',
    "'weight' is not supported on static NodePools",
    (s) => {
      s.replicas = 2;
      s.limits = { nodes: '3' };
    },
    'spec.weight',
  ],
  [
    'nodepool.budget-schedule-duration',
    'NodePool',
    "'schedule' must be set with 'duration'",
    (s) => delete s.disruption.budgets[0].duration,
    'spec.disruption.budgets',
  ],
  [
    'nodepool.label-karpenter-sh-domain',
    'NodePool',
    'label domain "karpenter.sh" is restricted',
    (s) => (s.template.metadata.labels['karpenter.sh/team'] = 'a'),
    'spec.template.metadata.labels',
  ],
  [
    'nodepool.label-nodepool',
    'NodePool',
    'label "karpenter.sh/nodepool" is restricted',
    (s) => (s.template.metadata.labels['karpenter.sh/nodepool'] = 'a'),
    'spec.template.metadata.labels',
  ],
  [
    'nodepool.label-hostname',
    'NodePool',
    'label "kubernetes.io/hostname" is restricted',
    (s) => (s.template.metadata.labels['kubernetes.io/hostname'] = 'a'),
    'spec.template.metadata.labels',
  ],
  [
    'nodepool.label-aws-domain',
    'NodePool',
    'label domain "karpenter.k8s.aws" is restricted',
    (s) => (s.template.metadata.labels['karpenter.k8s.aws/team'] = 'a'),
    'spec.template.metadata.labels',
  ],
  [
    'nodepool.nodeclassref-group-not-empty',
    'NodePool',
    'group may not be empty',
    (s) => (s.template.spec.nodeClassRef.group = ''),
    'spec.template.spec.nodeClassRef',
  ],
  [
    'nodepool.nodeclassref-kind-not-empty',
    'NodePool',
    'kind may not be empty',
    (s) => (s.template.spec.nodeClassRef.kind = ''),
    'spec.template.spec.nodeClassRef',
  ],
  [
    'nodepool.nodeclassref-name-not-empty',
    'NodePool',
    'name may not be empty',
    (s) => (s.template.spec.nodeClassRef.name = ''),
    'spec.template.spec.nodeClassRef',
  ],
  [
    'nodepool.requirement-in-values',
    'NodePool',
    "requirements with operator 'In' must have a value defined",
    req({ key: 'karpenter.sh/capacity-type', operator: 'In', values: [] }),
    'spec.template.spec.requirements',
  ],
  [
    'nodepool.requirement-gt-lt-single-integer',
    'NodePool',
    "requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value",
    req({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['4', '8'] }),
    'spec.template.spec.requirements',
  ],
  [
    'nodepool.requirement-min-values',
    'NodePool',
    "requirements with 'minValues' must have at least that many values specified in the 'values' field",
    req({ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'], minValues: 2 }),
    'spec.template.spec.requirements',
  ],
  [
    'nodepool.requirement-key-karpenter-sh-domain',
    'NodePool',
    'label domain "karpenter.sh" is restricted',
    req({ key: 'karpenter.sh/team', operator: 'Exists' }),
    'spec.template.spec.requirements',
  ],
  [
    'nodepool.requirement-key-nodepool',
    'NodePool',
    'label "karpenter.sh/nodepool" is restricted',
    req({ key: 'karpenter.sh/nodepool', operator: 'Exists' }),
    'spec.template.spec.requirements',
  ],
  [
    'nodepool.requirement-key-hostname',
    'NodePool',
    'label "kubernetes.io/hostname" is restricted',
    req({ key: 'kubernetes.io/hostname', operator: 'Exists' }),
    'spec.template.spec.requirements',
  ],
  [
    'nodepool.requirement-key-aws-domain',
    'NodePool',
    'label domain "karpenter.k8s.aws" is restricted',
    req({ key: 'karpenter.k8s.aws/team', operator: 'Exists' }),
    'spec.template.spec.requirements',
  ],
  // karpenter-provider-aws pkg/apis/crds/karpenter.sh_nodeoverlays.yaml (v1.14.0)
  [
    'nodeoverlay.price-exclusive',
    'NodeOverlay',
    "cannot set both 'price' and 'priceAdjustment'",
    (s) => (s.price = '0.5'),
    'spec.price',
  ],
  [
    'nodeoverlay.capacity-restricted',
    'NodeOverlay',
    'invalid resource restricted',
    (s) => (s.capacity = { memory: '1Gi' }),
    'spec.capacity',
  ],
  [
    'nodeoverlay.requirement-notin-values',
    'NodeOverlay',
    "requirements with operator 'NotIn' must have a value defined",
    oreq({ key: 'node.kubernetes.io/instance-type', operator: 'NotIn', values: [] }),
    'spec.requirements',
  ],
  [
    'nodeoverlay.requirement-in-values',
    'NodeOverlay',
    "requirements with operator 'In' must have a value defined",
    oreq({ key: 'node.kubernetes.io/instance-type', operator: 'In', values: [] }),
    'spec.requirements',
  ],
  [
    'nodeoverlay.requirement-gt-lt-single-integer',
    'NodeOverlay',
    "requirements operator 'Gt', 'Lt', 'Gte' or 'Lte' must have a single positive integer value",
    oreq({ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lt', values: ['-1'] }),
    'spec.requirements',
  ],
  [
    'nodeoverlay.requirement-key-karpenter-sh-domain',
    'NodeOverlay',
    'label domain "karpenter.sh" is restricted',
    oreq({ key: 'karpenter.sh/team', operator: 'Exists' }),
    'spec.requirements',
  ],
  [
    'nodeoverlay.requirement-key-hostname',
    'NodeOverlay',
    'label "kubernetes.io/hostname" is restricted',
    oreq({ key: 'kubernetes.io/hostname', operator: 'Exists' }),
    'spec.requirements',
  ],
  [
    'nodeoverlay.requirement-key-aws-domain',
    'NodeOverlay',
    'label domain "karpenter.k8s.aws" is restricted',
    oreq({ key: 'karpenter.k8s.aws/capacity-reservation-id', operator: 'Exists' }),
    'spec.requirements',
  ],
  // karpenter-provider-aws pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml (v1.14.0)
  [
    'ec2nodeclass.role-xor-instance-profile',
    'EC2NodeClass',
    "must specify exactly one of ['role', 'instanceProfile']",
    (s) => (s.instanceProfile = 'Profile'),
    'spec',
  ],
  [
    'ec2nodeclass.ami-family-al2-alias',
    'EC2NodeClass',
    "if set, amiFamily must be 'AL2' or 'Custom' when using an AL2 alias",
    AWS_ALIAS('al2@latest', 'AL2023'),
    'spec.amiFamily',
  ],
  [
    'ec2nodeclass.ami-family-al2023-alias',
    'EC2NodeClass',
    "if set, amiFamily must be 'AL2023' or 'Custom' when using an AL2023 alias",
    AWS_ALIAS('al2023@latest', 'AL2'),
    'spec.amiFamily',
  ],
  [
    'ec2nodeclass.ami-family-bottlerocket-alias',
    'EC2NodeClass',
    "if set, amiFamily must be 'Bottlerocket' or 'Custom' when using a Bottlerocket alias",
    AWS_ALIAS('bottlerocket@latest', 'AL2023'),
    'spec.amiFamily',
  ],
  [
    'ec2nodeclass.ami-family-windows2019-alias',
    'EC2NodeClass',
    "if set, amiFamily must be 'Windows2019' or 'Custom' when using a Windows2019 alias",
    AWS_ALIAS('windows2019@latest', 'AL2023'),
    'spec.amiFamily',
  ],
  [
    'ec2nodeclass.ami-family-windows2022-alias',
    'EC2NodeClass',
    "if set, amiFamily must be 'Windows2022' or 'Custom' when using a Windows2022 alias",
    AWS_ALIAS('windows2022@latest', 'AL2023'),
    'spec.amiFamily',
  ],
  [
    'ec2nodeclass.ami-family-windows2025-alias',
    'EC2NodeClass',
    "if set, amiFamily must be 'Windows2025' or 'Custom' when using a Windows2025 alias",
    AWS_ALIAS('windows2025@latest', 'AL2023'),
    'spec.amiFamily',
  ],
  [
    'ec2nodeclass.ami-family-required',
    'EC2NodeClass',
    'must specify amiFamily if amiSelectorTerms does not contain an alias',
    (s) => delete s.amiFamily,
    'spec',
  ],
  [
    'ec2nodeclass.ami-term-not-empty',
    'EC2NodeClass',
    "expected at least one, got none, ['tags', 'id', 'name', 'alias', 'ssmParameter']",
    (s) => (s.amiSelectorTerms[0] = { owner: 'self' }),
    'spec.amiSelectorTerms.0',
  ],
  [
    'ec2nodeclass.ami-term-id-exclusive',
    'EC2NodeClass',
    "'id' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms",
    (s) => (s.amiSelectorTerms[1].owner = 'self'),
    'spec.amiSelectorTerms.1.id',
  ],
  [
    'ec2nodeclass.ami-term-alias-exclusive',
    'EC2NodeClass',
    "'alias' is mutually exclusive, cannot be set with a combination of other fields in amiSelectorTerms",
    (s) => {
      s.amiSelectorTerms = [{ alias: 'al2023@latest', owner: 'self' }];
    },
    'spec.amiSelectorTerms.0.alias',
  ],
  [
    'ec2nodeclass.ami-alias-only-term',
    'EC2NodeClass',
    "'alias' is mutually exclusive, cannot be set with a combination of other amiSelectorTerms",
    (s) => s.amiSelectorTerms.push({ alias: 'al2023@latest' }),
    'spec.amiSelectorTerms.2',
  ],
  [
    'ec2nodeclass.ami-alias-format',
    'EC2NodeClass',
    "'alias' is improperly formatted, must match the format 'family@version'",
    AWS_ALIAS('al2023'),
    'spec.amiSelectorTerms.0.alias',
  ],
  [
    'ec2nodeclass.ami-alias-family',
    'EC2NodeClass',
    'family is not supported, must be one of the following: …',
    AWS_ALIAS('ubuntu@latest'),
    'spec.amiSelectorTerms.0.alias',
  ],
  [
    'ec2nodeclass.ami-alias-windows-latest',
    'EC2NodeClass',
    "windows families may only specify version 'latest'",
    AWS_ALIAS('windows2022@v20250101'),
    'spec.amiSelectorTerms.0.alias',
  ],
  [
    'ec2nodeclass.ami-term-tags-not-empty',
    'EC2NodeClass',
    "empty tag keys or values aren't supported",
    (s) => (s.amiSelectorTerms[0].tags.a = ''),
    'spec.amiSelectorTerms.0.tags',
  ],
  [
    'ec2nodeclass.block-device-one-root',
    'EC2NodeClass',
    'must have only one blockDeviceMappings with rootVolume',
    (s) => s.blockDeviceMappings.push({ deviceName: '/dev/xvdb', rootVolume: true, ebs: { volumeSize: '10Gi' } }),
    'spec.blockDeviceMappings',
  ],
  [
    'ec2nodeclass.ebs-snapshot-or-size',
    'EC2NodeClass',
    'snapshotID or volumeSize must be defined',
    (s) => s.blockDeviceMappings.push({ deviceName: '/dev/xvdb', ebs: { volumeType: 'gp3' } }),
    'spec.blockDeviceMappings.1.ebs',
  ],
  [
    'ec2nodeclass.ebs-initialization-rate-snapshot',
    'EC2NodeClass',
    'snapshotID must be set when volumeInitializationRate is set',
    (s) => delete s.blockDeviceMappings[0].ebs.snapshotID,
    'spec.blockDeviceMappings.0.ebs',
  ],
  [
    'ec2nodeclass.capacity-reservation-term-not-empty',
    'EC2NodeClass',
    "expected at least one, got none, ['tags', 'id', 'instanceMatchCriteria']",
    (s) => s.capacityReservationSelectorTerms.push({ ownerID: '123456789012' }),
    'spec.capacityReservationSelectorTerms.2',
  ],
  // Written `!self.all(x, has(x.id) && (…))`: refused only when every term combines id with another field.
  [
    'ec2nodeclass.capacity-reservation-term-id-exclusive',
    'EC2NodeClass',
    "'id' is mutually exclusive, cannot be set along with other fields in a capacity reservation selector term",
    (s) => {
      s.capacityReservationSelectorTerms = [{ id: 'cr-0123', ownerID: '123456789012' }];
    },
    'spec.capacityReservationSelectorTerms',
  ],
  [
    'ec2nodeclass.capacity-reservation-term-tags-not-empty',
    'EC2NodeClass',
    "empty tag keys or values aren't supported",
    (s) => (s.capacityReservationSelectorTerms[1].tags[''] = 'x'),
    'spec.capacityReservationSelectorTerms.1.tags',
  ],
  [
    'ec2nodeclass.connection-tracking-not-empty',
    'EC2NodeClass',
    'at least one of tcpEstablishedTimeout, udpStreamTimeout, or udpTimeout must be set',
    (s) => (s.connectionTracking = {}),
    'spec.connectionTracking',
  ],
  [
    'ec2nodeclass.instance-profile-not-empty',
    'EC2NodeClass',
    'instanceProfile cannot be empty',
    (s) => {
      delete s.role;
      s.instanceProfile = '';
    },
    'spec.instanceProfile',
  ],
  ['ec2nodeclass.role-not-empty', 'EC2NodeClass', 'role cannot be empty', (s) => (s.role = ''), 'spec.role'],
  [
    'ec2nodeclass.kubelet-image-gc-thresholds',
    'EC2NodeClass',
    'imageGCHighThresholdPercent must be greater than imageGCLowThresholdPercent',
    (s) => (s.kubelet.imageGCLowThresholdPercent = 85),
    'spec.kubelet',
  ],
  [
    'ec2nodeclass.kubelet-eviction-soft-grace',
    'EC2NodeClass',
    'evictionSoft OwnerKey does not have a matching evictionSoftGracePeriod',
    (s) => (s.kubelet.evictionSoft['nodefs.available'] = '10%'),
    'spec.kubelet.evictionSoft',
  ],
  [
    'ec2nodeclass.kubelet-eviction-grace-soft',
    'EC2NodeClass',
    'evictionSoftGracePeriod OwnerKey does not have a matching evictionSoft',
    (s) => (s.kubelet.evictionSoftGracePeriod['nodefs.available'] = '1m'),
    'spec.kubelet.evictionSoftGracePeriod',
  ],
  [
    'ec2nodeclass.kubelet-eviction-hard-keys',
    'EC2NodeClass',
    'valid keys for evictionHard are […]',
    (s) => (s.kubelet.evictionHard['memory.free'] = '5%'),
    'spec.kubelet.evictionHard',
  ],
  [
    'ec2nodeclass.kubelet-eviction-soft-keys',
    'EC2NodeClass',
    'valid keys for evictionSoft are […]',
    (s) => {
      s.kubelet.evictionSoft['memory.free'] = '5%';
      s.kubelet.evictionSoftGracePeriod['memory.free'] = '1m';
    },
    'spec.kubelet.evictionSo',
  ],
  [
    'ec2nodeclass.kubelet-eviction-soft-grace-keys',
    'EC2NodeClass',
    'valid keys for evictionSoftGracePeriod are […]',
    (s) => {
      s.kubelet.evictionSoftGracePeriod['pid.free'] = '1m';
      s.kubelet.evictionSoft['pid.free'] = '5%';
    },
    'spec.kubelet.evictionSo',
  ],
  [
    'ec2nodeclass.kubelet-kube-reserved-keys',
    'EC2NodeClass',
    "valid keys for kubeReserved are ['cpu','memory','ephemeral-storage','pid']",
    (s) => (s.kubelet.kubeReserved['nvidia.com/gpu'] = '1'),
    'spec.kubelet.kubeReserved',
  ],
  [
    'ec2nodeclass.kubelet-kube-reserved-negative',
    'EC2NodeClass',
    'kubeReserved value cannot be a negative resource quantity',
    (s) => (s.kubelet.kubeReserved.cpu = '-100m'),
    'spec.kubelet.kubeReserved',
  ],
  [
    'ec2nodeclass.kubelet-system-reserved-keys',
    'EC2NodeClass',
    "valid keys for systemReserved are ['cpu','memory','ephemeral-storage','pid']",
    (s) => (s.kubelet.systemReserved.storage = '1Gi'),
    'spec.kubelet.systemReserved',
  ],
  [
    'ec2nodeclass.kubelet-system-reserved-negative',
    'EC2NodeClass',
    'systemReserved value cannot be a negative resource quantity',
    (s) => (s.kubelet.systemReserved.memory = '-1Gi'),
    'spec.kubelet.systemReserved',
  ],
  [
    'ec2nodeclass.network-interfaces-primary',
    'EC2NodeClass',
    "networkInterfaces must include a primary interface with interfaceType='interface'",
    (s) => (s.networkInterfaces[0].deviceIndex = 1),
    'spec.networkInterfaces',
  ],
  [
    'ec2nodeclass.network-interfaces-unique',
    'EC2NodeClass',
    'networkInterfaces must not have duplicate networkCardIndex and deviceIndex pairs, and can have at most one efa device per network card',
    (s) => s.networkInterfaces.push({ networkCardIndex: 0, deviceIndex: 0, interfaceType: 'efa-only' }),
    'spec.networkInterfaces',
  ],
  [
    'ec2nodeclass.placement-group-not-empty',
    'EC2NodeClass',
    "expected at least one, got none, ['name', 'id']",
    (s) => (s.placementGroupSelector = {}),
    'spec.placementGroupSelector',
  ],
  [
    'ec2nodeclass.placement-group-exclusive',
    'EC2NodeClass',
    "'name' and 'id' are mutually exclusive",
    (s) => (s.placementGroupSelector.name = 'pg'),
    'spec.placementGroupSelector',
  ],
  [
    'ec2nodeclass.security-group-terms-not-empty',
    'EC2NodeClass',
    'securityGroupSelectorTerms cannot be empty',
    (s) => (s.securityGroupSelectorTerms = []),
    'spec.securityGroupSelectorTerms',
  ],
  [
    'ec2nodeclass.security-group-term-not-empty',
    'EC2NodeClass',
    "expected at least one, got none, ['tags', 'id', 'name']",
    (s) => s.securityGroupSelectorTerms.push({}),
    'spec.securityGroupSelectorTerms.3',
  ],
  [
    'ec2nodeclass.security-group-term-id-exclusive',
    'EC2NodeClass',
    "'id' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term",
    (s) => {
      s.securityGroupSelectorTerms = [{ id: 'sg-0123', name: 'nodes' }];
    },
    'spec.securityGroupSelectorTerms',
  ],
  [
    'ec2nodeclass.security-group-term-name-exclusive',
    'EC2NodeClass',
    "'name' is mutually exclusive, cannot be set with a combination of other fields in a security group selector term",
    (s) => {
      s.securityGroupSelectorTerms = [{ name: 'nodes', tags: { a: 'b' } }];
    },
    'spec.securityGroupSelectorTerms',
  ],
  [
    'ec2nodeclass.security-group-term-tags-not-empty',
    'EC2NodeClass',
    "empty tag keys or values aren't supported",
    (s) => (s.securityGroupSelectorTerms[0].tags.a = ''),
    'spec.securityGroupSelectorTerms.0.tags',
  ],
  [
    'ec2nodeclass.subnet-terms-not-empty',
    'EC2NodeClass',
    'subnetSelectorTerms cannot be empty',
    (s) => (s.subnetSelectorTerms = []),
    'spec.subnetSelectorTerms',
  ],
  [
    'ec2nodeclass.subnet-term-not-empty',
    'EC2NodeClass',
    "expected at least one, got none, ['tags', 'id']",
    (s) => (s.subnetSelectorTerms[0] = {}),
    'spec.subnetSelectorTerms.0',
  ],
  [
    'ec2nodeclass.subnet-term-id-exclusive',
    'EC2NodeClass',
    "'id' is mutually exclusive, cannot be set with a combination of other fields in a subnet selector term",
    (s) => {
      s.subnetSelectorTerms = [{ id: 'subnet-0123', tags: { a: 'b' } }];
    },
    'spec.subnetSelectorTerms',
  ],
  [
    'ec2nodeclass.subnet-term-tags-not-empty',
    'EC2NodeClass',
    "empty tag keys or values aren't supported",
    (s) => (s.subnetSelectorTerms[0].tags[''] = 'b'),
    'spec.subnetSelectorTerms.0.tags',
  ],
  [
    'ec2nodeclass.tags-key-not-empty',
    'EC2NodeClass',
    "empty tag keys aren't supported",
    (s) => (s.tags[''] = 'x'),
    'spec.tags',
  ],
  [
    'ec2nodeclass.tags-eks-cluster-name',
    'EC2NodeClass',
    'tag contains a restricted tag matching eks:eks-cluster-name',
    (s) => (s.tags['eks:eks-cluster-name'] = 'x'),
    'spec.tags',
  ],
  [
    'ec2nodeclass.tags-kubernetes-io-cluster',
    'EC2NodeClass',
    'tag contains a restricted tag matching kubernetes.io/cluster/',
    (s) => (s.tags['kubernetes.io/cluster/prod'] = 'owned'),
    'spec.tags',
  ],
  [
    'ec2nodeclass.tags-karpenter-nodepool',
    'EC2NodeClass',
    'tag contains a restricted tag matching karpenter.sh/nodepool',
    (s) => (s.tags['karpenter.sh/nodepool'] = 'x'),
    'spec.tags',
  ],
  [
    'ec2nodeclass.tags-karpenter-nodeclaim',
    'EC2NodeClass',
    'tag contains a restricted tag matching karpenter.sh/nodeclaim',
    (s) => (s.tags['karpenter.sh/nodeclaim'] = 'x'),
    'spec.tags',
  ],
  [
    'ec2nodeclass.tags-ec2nodeclass',
    'EC2NodeClass',
    'tag contains a restricted tag matching karpenter.k8s.aws/ec2nodeclass',
    (s) => (s.tags['karpenter.k8s.aws/ec2nodeclass'] = 'x'),
    'spec.tags',
  ],
];

/**
 * The NodePool CRD's transition rules (`oldSelf`): the API server compares the update with the stored object, so they
 * are judged on base (stored) and head (applied) of a diff — `immutable-field-changed` at the field, in head.
 */
const STATIC = '  replicas: 2\n  limits:\n    nodes: "4"\n';
const TRANSITION_CASES: [id: string, base: string, head: string, path: string][] = [
  ['nodepool.transition-static-dynamic', nodePool('p'), nodePool('p', { extraSpec: STATIC }), 'spec.replicas'],
  [
    'nodepool.nodeclassref-group-immutable',
    nodePool('p'),
    nodePool('p').replace('group: karpenter.k8s.aws', 'group: example.com'),
    'spec.template.spec.nodeClassRef.group',
  ],
  [
    'nodepool.nodeclassref-kind-immutable',
    nodePool('p'),
    nodePool('p').replace('kind: EC2NodeClass, name', 'kind: OtherNodeClass, name'),
    'spec.template.spec.nodeClassRef.kind',
  ],
];

describe('CRD transition rules (oldSelf), judged on base and head', () => {
  const run = async (base: string, head: string) => {
    const config = defaultConfig();
    config.assumptions.at = '2026-01-05T10:00:00Z';
    const plan = await executePlan({
      base: new DirTree(tempTree({ 'nc.yaml': NODECLASS, 'np.yaml': base })),
      head: new DirTree(tempTree({ 'nc.yaml': NODECLASS, 'np.yaml': head })),
      config,
      configFindings: [],
      cwd: process.cwd(),
      validateOnly: false,
    });
    return plan.findings.filter((f) => f.rule === 'immutable-field-changed');
  };
  it.each(TRANSITION_CASES)('%s: head changing it is refused at the field', async (_, base, head, path) => {
    const found = await run(base, head);
    expect(found.map((f) => [f.path, f.severity])).toEqual([[path, 'error']]);
    expect([found[0].file, found[0].new]).toEqual(['np.yaml', true]);
    expect(found[0].line).toBeGreaterThan(0);
    // The same object in base and head, or a change back, is no transition the CRD refuses.
    expect(await run(head, head)).toEqual([]);
  });
  it('dynamic back from static is refused too (at spec: replicas is gone)', async () => {
    const found = await run(nodePool('p', { extraSpec: STATIC }), nodePool('p'));
    expect(found.map((f) => f.path)).toEqual(['spec']);
  });
});

describe('CRD CEL rules (x-kubernetes-validations)', () => {
  it('every CEL rule of the table has a case, and every registered check is in the table', () => {
    const celIds = TABLE.rules
      .filter((e) => e.bound === 'cel' && e.impl && e.impl !== NODECLAIM_FROM_TEMPLATE)
      .map((e) => e.impl);
    expect([...CEL_CASES.map((c) => c[0]), ...TRANSITION_CASES.map((c) => c[0])].sort()).toEqual(
      [...new Set(celIds)].sort(),
    );
    expect(Object.keys(CEL_CHECKS).sort()).toEqual([...new Set(celIds)].sort());
  });
  it('every CEL check names a file of src/ that defines the function it names', () => {
    const unresolved = Object.entries(CEL_CHECKS).filter(([, where]) => {
      const [file, fn] = where.split(' ');
      let text: string;
      try {
        text = readFileSync(`src/${file}`, 'utf8');
      } catch {
        return true;
      }
      return !new RegExp(`(function|const) ${fn}\\b`).test(text);
    });
    expect(unresolved).toEqual([]);
  });
  it.each(CEL_CASES)('%s (%s: "%s") refuses the object at the field', (_, kind, __, breakIt, at) => {
    expect(under(errorsOf(kind, FULL[kind]), at)).toEqual([]);
    const raw = clone(FULL[kind]);
    breakIt(raw.spec);
    const errors = errorsOf(kind, raw);
    expect(errors.length).toBeGreaterThan(0);
    // Every error is the rule's: at its field (or the field's parent for rules on the whole spec).
    expect(errors.filter((f) => !(f.path === at || f.path?.startsWith(at)))).toEqual([]);
  });
});

describe('the errors are located in the file (file:line)', () => {
  it('an EC2NodeClass subnet term that combines id and tags everywhere is refused at its line', () => {
    const text = NODECLASS.replace('subnetSelectorTerms: [{ tags:', 'subnetSelectorTerms: [{ id: subnet-0123, tags:');
    expect(text).toContain('id: subnet-0123');
    const st = stateOf({ 'nc.yaml': text, 'np.yaml': nodePool('a') });
    const errors = st.findings.filter((f) => f.severity === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        rule: 'invalid-spec',
        file: 'nc.yaml',
        line: text.split('\n').findIndex((l) => l.includes('subnetSelectorTerms:')) + 1,
      }),
    ]);
  });
});
