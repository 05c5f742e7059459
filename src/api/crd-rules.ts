/**
 * The CRD rules of the Karpenter objects the model reads, as one registry of check ids. The committed table
 * src/api/crd-rules.json (made by scripts/crd-rules.mjs from the CRDs at the pinned version: karpenter-provider-aws
 * pkg/apis/crds/, v1.14.0) lists every `x-kubernetes-validations` rule and every schema bound of NodePool, NodeClaim,
 * NodeOverlay and EC2NodeClass, each with the id of the check here that enforces it; test/api/crd-rules.test.ts proves each
 * id exists and refuses an object that breaks the rule.
 *
 * - Schema bounds (maxItems, pattern, enum, minimum, required, …): SCHEMA_BOUNDS, applied by checkSchemaBounds after
 *   the kind's own checks (which word most of them better); a bound another check already reported at the same field
 *   is not reported twice. Id: `schema:<Kind>:<path>:<bound>`.
 * - CEL rules: CEL_CHECKS, each naming the function that enforces it (most EC2NodeClass ones: api/crd-cel.ts).
 * - NodeClaim rules: a NodeClaim's spec is its NodePool's `spec.template.spec` (karpenter pkg/controllers/provisioning/
 *   scheduling/nodeclaimtemplate.go ToNodeClaim), so its rules are the template's: NODECLAIM_FROM_TEMPLATE.
 */
import type { FindingSink } from '../common/findings.js';
import { isObject } from '../common/fields.js';

export type BoundName =
  | 'maxItems'
  | 'minItems'
  | 'maxProperties'
  | 'minProperties'
  | 'maxLength'
  | 'minLength'
  | 'pattern'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'format'
  | 'required';
/** A bound of the CRD's OpenAPI schema: the field (`[]` each item, `{}` each map value), the bound, its value. */
export type SchemaBound = readonly [path: string, bound: BoundName, value: unknown];
export type SchemaKind = 'NodePool' | 'NodeOverlay' | 'EC2NodeClass';

/**
 * Every bound of the three CRDs' `spec` schemas (karpenter-provider-aws pkg/apis/crds/karpenter.sh_nodepools.yaml,
 * karpenter.sh_nodeoverlays.yaml, karpenter.k8s.aws_ec2nodeclasses.yaml, v1.14.0), in the CRD's order. The test checks
 * each value against the sha256 the table keeps of the CRD's, so a value here that differs from the CRD fails.
 */
export const SCHEMA_BOUNDS: Readonly<Record<SchemaKind, readonly SchemaBound[]>> = {
  NodePool: [
    ['spec.template', 'required', 'template'],
    ['spec.disruption.consolidateAfter', 'required', 'consolidateAfter'],
    ['spec.disruption.budgets', 'maxItems', 50],
    ['spec.disruption.budgets[].nodes', 'required', 'nodes'],
    ['spec.disruption.budgets[].duration', 'pattern', '^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$'],
    ['spec.disruption.budgets[].nodes', 'pattern', '^((100|[0-9]{1,2})%|[0-9]+)$'],
    ['spec.disruption.budgets[].reasons', 'maxItems', 50],
    ['spec.disruption.budgets[].reasons[]', 'enum', ['Underutilized', 'Empty', 'Drifted']],
    [
      'spec.disruption.budgets[].schedule',
      'pattern',
      '^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\\s(.+)\\s(.+)\\s(.+)\\s(.+))$',
    ],
    ['spec.disruption.consolidateAfter', 'pattern', '^(([0-9]+(s|m|h))+|Never)$'],
    ['spec.disruption.consolidationPolicy', 'enum', ['WhenEmpty', 'WhenEmptyOrUnderutilized', 'Balanced']],
    [
      'spec.limits{}',
      'pattern',
      '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
    ],
    ['spec.replicas', 'minimum', 0],
    ['spec.replicas', 'format', 'int64'],
    ['spec.template.spec', 'required', 'spec'],
    ['spec.template.metadata.labels', 'maxProperties', 100],
    ['spec.template.metadata.labels{}', 'maxLength', 63],
    ['spec.template.metadata.labels{}', 'pattern', '^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$'],
    ['spec.template.spec.nodeClassRef', 'required', 'nodeClassRef'],
    ['spec.template.spec.requirements', 'required', 'requirements'],
    ['spec.template.spec.expireAfter', 'pattern', '^(([0-9]+(s|m|h))+|Never)$'],
    ['spec.template.spec.nodeClassRef.group', 'required', 'group'],
    ['spec.template.spec.nodeClassRef.kind', 'required', 'kind'],
    ['spec.template.spec.nodeClassRef.name', 'required', 'name'],
    ['spec.template.spec.nodeClassRef.group', 'pattern', '^[^/]*$'],
    ['spec.template.spec.requirements', 'maxItems', 100],
    ['spec.template.spec.requirements[].key', 'required', 'key'],
    ['spec.template.spec.requirements[].operator', 'required', 'operator'],
    ['spec.template.spec.requirements[].key', 'maxLength', 316],
    [
      'spec.template.spec.requirements[].key',
      'pattern',
      '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$',
    ],
    ['spec.template.spec.requirements[].minValues', 'minimum', 1],
    ['spec.template.spec.requirements[].minValues', 'maximum', 50],
    [
      'spec.template.spec.requirements[].operator',
      'enum',
      ['Gte', 'Lte', 'In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'],
    ],
    ['spec.template.spec.requirements[].values', 'maxLength', 63],
    ['spec.template.spec.requirements[].values', 'pattern', '^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$'],
    ['spec.template.spec.startupTaints[].effect', 'required', 'effect'],
    ['spec.template.spec.startupTaints[].key', 'required', 'key'],
    ['spec.template.spec.startupTaints[].effect', 'enum', ['NoSchedule', 'PreferNoSchedule', 'NoExecute']],
    ['spec.template.spec.startupTaints[].key', 'minLength', 1],
    [
      'spec.template.spec.startupTaints[].key',
      'pattern',
      '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$',
    ],
    ['spec.template.spec.startupTaints[].timeAdded', 'format', 'date-time'],
    [
      'spec.template.spec.startupTaints[].value',
      'pattern',
      '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$',
    ],
    ['spec.template.spec.taints[].effect', 'required', 'effect'],
    ['spec.template.spec.taints[].key', 'required', 'key'],
    ['spec.template.spec.taints[].effect', 'enum', ['NoSchedule', 'PreferNoSchedule', 'NoExecute']],
    ['spec.template.spec.taints[].key', 'minLength', 1],
    [
      'spec.template.spec.taints[].key',
      'pattern',
      '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$',
    ],
    ['spec.template.spec.taints[].timeAdded', 'format', 'date-time'],
    [
      'spec.template.spec.taints[].value',
      'pattern',
      '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$',
    ],
    ['spec.template.spec.terminationGracePeriod', 'pattern', '^([0-9]+(s|m|h))+$'],
    ['spec.weight', 'minimum', 1],
    ['spec.weight', 'maximum', 100],
    ['spec.weight', 'format', 'int32'],
    ['spec', 'required', 'spec'],
  ],
  NodeOverlay: [
    ['spec.requirements', 'required', 'requirements'],
    [
      'spec.capacity{}',
      'pattern',
      '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
    ],
    ['spec.price', 'pattern', '^\\d+(\\.\\d+)?$'],
    [
      'spec.priceAdjustment',
      'pattern',
      '^(([+-]{1}(\\d*\\.?\\d+))|(\\+{1}\\d*\\.?\\d+%)|(^(-\\d{1,2}(\\.\\d+)?%)$)|(-100%))$',
    ],
    ['spec.requirements', 'maxItems', 100],
    ['spec.requirements[].key', 'required', 'key'],
    ['spec.requirements[].operator', 'required', 'operator'],
    ['spec.requirements[].key', 'maxLength', 316],
    [
      'spec.requirements[].key',
      'pattern',
      '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*(\\/))?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$',
    ],
    ['spec.requirements[].operator', 'enum', ['Gte', 'Lte', 'In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']],
    ['spec.requirements[].values', 'maxLength', 63],
    ['spec.requirements[].values', 'pattern', '^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$'],
    ['spec.weight', 'minimum', 1],
    ['spec.weight', 'maximum', 10000],
    ['spec.weight', 'format', 'int32'],
    ['spec', 'required', 'spec'],
  ],
  EC2NodeClass: [
    ['spec.amiSelectorTerms', 'required', 'amiSelectorTerms'],
    ['spec.securityGroupSelectorTerms', 'required', 'securityGroupSelectorTerms'],
    ['spec.subnetSelectorTerms', 'required', 'subnetSelectorTerms'],
    [
      'spec.amiFamily',
      'enum',
      ['AL2', 'AL2023', 'Bottlerocket', 'Custom', 'Windows2019', 'Windows2022', 'Windows2025'],
    ],
    ['spec.amiSelectorTerms', 'maxItems', 30],
    ['spec.amiSelectorTerms', 'minItems', 1],
    ['spec.amiSelectorTerms[].alias', 'maxLength', 30],
    ['spec.amiSelectorTerms[].id', 'pattern', 'ami-[0-9a-z]+'],
    ['spec.amiSelectorTerms[].tags', 'maxProperties', 20],
    ['spec.blockDeviceMappings', 'maxItems', 50],
    ['spec.blockDeviceMappings[].ebs.iops', 'format', 'int64'],
    ['spec.blockDeviceMappings[].ebs.throughput', 'format', 'int64'],
    ['spec.blockDeviceMappings[].ebs.volumeInitializationRate', 'minimum', 100],
    ['spec.blockDeviceMappings[].ebs.volumeInitializationRate', 'maximum', 300],
    ['spec.blockDeviceMappings[].ebs.volumeInitializationRate', 'format', 'int32'],
    [
      'spec.blockDeviceMappings[].ebs.volumeSize',
      'pattern',
      '^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}|64000)G|([1-9]||[1-5][0-7]|58)Ti|([1-9]||[1-5][0-9]|6[0-3]|64)T)$',
    ],
    ['spec.blockDeviceMappings[].ebs.volumeType', 'enum', ['standard', 'io1', 'io2', 'gp2', 'sc1', 'st1', 'gp3']],
    ['spec.capacityReservationSelectorTerms', 'maxItems', 30],
    ['spec.capacityReservationSelectorTerms[].id', 'pattern', '^cr-[0-9a-z]+$'],
    ['spec.capacityReservationSelectorTerms[].instanceMatchCriteria', 'enum', ['open', 'targeted']],
    ['spec.capacityReservationSelectorTerms[].ownerID', 'pattern', '^[0-9]{12}$'],
    ['spec.capacityReservationSelectorTerms[].tags', 'maxProperties', 20],
    ['spec.connectionTracking.tcpEstablishedTimeout', 'minimum', 60],
    ['spec.connectionTracking.tcpEstablishedTimeout', 'maximum', 432000],
    ['spec.connectionTracking.tcpEstablishedTimeout', 'format', 'int32'],
    ['spec.connectionTracking.udpStreamTimeout', 'minimum', 60],
    ['spec.connectionTracking.udpStreamTimeout', 'maximum', 180],
    ['spec.connectionTracking.udpStreamTimeout', 'format', 'int32'],
    ['spec.connectionTracking.udpTimeout', 'minimum', 30],
    ['spec.connectionTracking.udpTimeout', 'maximum', 60],
    ['spec.connectionTracking.udpTimeout', 'format', 'int32'],
    ['spec.cpuOptions.nestedVirtualization', 'enum', ['enabled', 'disabled']],
    ['spec.instanceStorePolicy', 'enum', ['RAID0']],
    ['spec.ipPrefixCount', 'minimum', 0],
    ['spec.ipPrefixCount', 'format', 'int32'],
    [
      'spec.kubelet.evictionHard{}',
      'pattern',
      '^((\\d{1,2}(\\.\\d{1,2})?|100(\\.0{1,2})?)%||(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?)$',
    ],
    ['spec.kubelet.evictionMaxPodGracePeriod', 'format', 'int32'],
    [
      'spec.kubelet.evictionSoft{}',
      'pattern',
      '^((\\d{1,2}(\\.\\d{1,2})?|100(\\.0{1,2})?)%||(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?)$',
    ],
    ['spec.kubelet.imageGCHighThresholdPercent', 'minimum', 0],
    ['spec.kubelet.imageGCHighThresholdPercent', 'maximum', 100],
    ['spec.kubelet.imageGCHighThresholdPercent', 'format', 'int32'],
    ['spec.kubelet.imageGCLowThresholdPercent', 'minimum', 0],
    ['spec.kubelet.imageGCLowThresholdPercent', 'maximum', 100],
    ['spec.kubelet.imageGCLowThresholdPercent', 'format', 'int32'],
    [
      'spec.kubelet.kubeReserved{}',
      'pattern',
      '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
    ],
    ['spec.kubelet.maxPods', 'minimum', 0],
    ['spec.kubelet.maxPods', 'format', 'int32'],
    ['spec.kubelet.podsPerCore', 'minimum', 0],
    ['spec.kubelet.podsPerCore', 'format', 'int32'],
    [
      'spec.kubelet.systemReserved{}',
      'pattern',
      '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
    ],
    ['spec.metadataOptions.httpEndpoint', 'enum', ['enabled', 'disabled']],
    ['spec.metadataOptions.httpProtocolIPv6', 'enum', ['enabled', 'disabled']],
    ['spec.metadataOptions.httpPutResponseHopLimit', 'minimum', 1],
    ['spec.metadataOptions.httpPutResponseHopLimit', 'maximum', 64],
    ['spec.metadataOptions.httpPutResponseHopLimit', 'format', 'int64'],
    ['spec.metadataOptions.httpTokens', 'enum', ['required', 'optional']],
    ['spec.networkInterfaces', 'maxItems', 150],
    ['spec.networkInterfaces[].deviceIndex', 'required', 'deviceIndex'],
    ['spec.networkInterfaces[].interfaceType', 'required', 'interfaceType'],
    ['spec.networkInterfaces[].networkCardIndex', 'required', 'networkCardIndex'],
    ['spec.networkInterfaces[].deviceIndex', 'minimum', 0],
    ['spec.networkInterfaces[].deviceIndex', 'format', 'int32'],
    ['spec.networkInterfaces[].interfaceType', 'enum', ['interface', 'efa-only']],
    ['spec.networkInterfaces[].networkCardIndex', 'minimum', 0],
    ['spec.networkInterfaces[].networkCardIndex', 'format', 'int32'],
    ['spec.placementGroupSelector.id', 'pattern', '^pg-[0-9a-z]+$'],
    ['spec.placementGroupSelector.name', 'minLength', 1],
    ['spec.securityGroupSelectorTerms', 'maxItems', 30],
    ['spec.securityGroupSelectorTerms[].id', 'pattern', 'sg-[0-9a-z]+'],
    ['spec.securityGroupSelectorTerms[].tags', 'maxProperties', 20],
    ['spec.subnetSelectorTerms', 'maxItems', 30],
    ['spec.subnetSelectorTerms[].id', 'pattern', 'subnet-[0-9a-z]+'],
    ['spec.subnetSelectorTerms[].tags', 'maxProperties', 20],
  ],
};

/**
 * Required fields the CRD also defaults (karpenter.sh_nodepools.yaml `budgets[].nodes` default `10%`): the API server
 * fills them in before it validates, so leaving them out is never refused.
 */
export const DEFAULTED: ReadonlySet<string> = new Set(['NodePool spec.disruption.budgets[].nodes']);

export const NODECLAIM_FROM_TEMPLATE = 'nodeclaim:from-nodepool-template';

export function schemaBoundId(kind: string, path: string, bound: string): string {
  return `schema:${kind}:${path}:${bound}`;
}

type Step = { field: string } | { each: 'item' | 'value' };

/** Each bound path's steps, parsed once per process (every object of a state walks the same few dozen paths). */
const stepsOfPath = new Map<string, Step[]>();

function steps(path: string): Step[] {
  const known = stepsOfPath.get(path);
  if (known) return known;
  const out: Step[] = [];
  for (const part of path.split('.')) {
    const m = /^(.*?)((?:\[\]|\{\})*)$/.exec(part)!;
    out.push({ field: m[1] });
    for (const s of m[2].match(/\[\]|\{\}/g) ?? []) out.push({ each: s === '[]' ? 'item' : 'value' });
  }
  stepsOfPath.set(path, out);
  return out;
}

/** The CRDs' patterns, compiled once per process. */
const compiledPatterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let re = compiledPatterns.get(source);
  if (!re) compiledPatterns.set(source, (re = new RegExp(source)));
  return re;
}

type Located = { value: unknown; at: (string | number)[] };

/** The bound paths of a kind as a tree of steps: paths sharing a prefix (`spec.template.spec…`) walk it once. */
interface PathNode {
  step: Step | null;
  children: PathNode[];
  /** The paths that end here. */
  ends: string[];
}

const pathTrees = new Map<SchemaKind, { root: PathNode; paths: string[] }>();

function pathTree(kind: SchemaKind): { root: PathNode; paths: string[] } {
  const known = pathTrees.get(kind);
  if (known) return known;
  const root: PathNode = { step: null, children: [], ends: [] };
  const paths = new Set<string>();
  for (const [path, bound, want] of SCHEMA_BOUNDS[kind]) {
    const p = bound === 'required' ? path.slice(0, path.length - String(want).length - 1) : path;
    if (paths.has(p)) continue;
    paths.add(p);
    let node = root;
    for (const st of p ? steps(p) : []) {
      const same = (c: PathNode) =>
        'field' in st
          ? c.step && 'field' in c.step && c.step.field === st.field
          : c.step && 'each' in c.step && c.step.each === st.each;
      let next = node.children.find(same);
      if (!next) node.children.push((next = { step: st, children: [], ends: [] }));
      node = next;
    }
    node.ends.push(p);
  }
  const tree = { root, paths: [...paths] };
  pathTrees.set(kind, tree);
  return tree;
}

/**
 * The values at every bound path of `kind` under `root` (the object), with their concrete paths, in one walk: per path,
 * in document order (items by index, entries by key order).
 */
function boundValues(kind: SchemaKind, root: unknown): Map<string, Located[]> {
  const { root: tree, paths } = pathTree(kind);
  const out = new Map<string, Located[]>(paths.map((p) => [p, []]));
  const walk = (node: PathNode, value: unknown, at: (string | number)[]): void => {
    for (const p of node.ends) out.get(p)!.push({ value, at });
    for (const child of node.children) {
      const s = child.step!;
      if ('field' in s) {
        if (isObject(value) && Object.hasOwn(value, s.field) && value[s.field] !== null)
          walk(child, value[s.field], [...at, s.field]);
      } else if (s.each === 'item' && Array.isArray(value)) {
        value.forEach((v, i) => walk(child, v, [...at, i]));
      } else if (s.each === 'value' && isObject(value)) {
        for (const [k, v] of Object.entries(value)) walk(child, v, [...at, k]);
      }
    }
  };
  walk(tree, root, []);
  return out;
}

/** Whether an error of this object is already located at `at` or inside it. */
export function reportedAt(sink: FindingSink, at: readonly (string | number)[]): boolean {
  const d = at.join('.');
  return sink.out.some(
    (f) =>
      f.severity === 'error' &&
      f.object === sink.object &&
      f.path !== undefined &&
      (f.path === d || f.path.startsWith(`${d}.`)),
  );
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const INT_RANGE: Record<string, number> = { int32: 2 ** 31, int64: 2 ** 63 };

/** Why `v` breaks a size bound (items, entries, characters), or null. */
function brokenSize(bound: BoundName, n: number, v: unknown): string | null {
  const size = Array.isArray(v)
    ? v.length
    : isObject(v)
      ? Object.keys(v).length
      : typeof v === 'string'
        ? v.length
        : null;
  if (size === null) return null;
  const what = Array.isArray(v) ? 'items' : isObject(v) ? 'entries' : 'characters';
  const kind = { maxItems: 'array', minItems: 'array', maxProperties: 'object', minProperties: 'object' }[
    bound as string
  ];
  if (kind === 'array' ? !Array.isArray(v) : kind === 'object' ? !isObject(v) : typeof v !== 'string') return null;
  if (bound.startsWith('max')) return size > n ? `has ${size} ${what}; at most ${n} are allowed` : null;
  return size < n ? `has ${size} ${what}; at least ${n} required` : null;
}

/** Why `v` breaks the bound, or null. Bounds of one type skip values of another (the type is checked elsewhere). */
function broken(bound: BoundName, want: unknown, v: unknown): string | null {
  switch (bound) {
    case 'pattern':
      return typeof v === 'string' && !pattern(want as string).test(v)
        ? `${JSON.stringify(v.slice(0, 80))} does not match the pattern ${String(want)}`
        : null;
    case 'enum':
      return (want as unknown[]).includes(v)
        ? null
        : `must be one of ${(want as unknown[]).join(', ')}, got ${JSON.stringify(v)}`;
    case 'minimum':
      return typeof v === 'number' && v < (want as number) ? `must be at least ${String(want)}, got ${v}` : null;
    case 'maximum':
      return typeof v === 'number' && v > (want as number) ? `must be at most ${String(want)}, got ${v}` : null;
    case 'format':
      if (want === 'date-time')
        return typeof v === 'string' && !RFC3339.test(v) ? 'must be an RFC 3339 date-time' : null;
      if (typeof v !== 'number' || !Object.hasOwn(INT_RANGE, want as string)) return null;
      return !Number.isInteger(v) || Math.abs(v) >= INT_RANGE[want as string]
        ? `must be an ${String(want)} integer, got ${v}`
        : null;
    default:
      return brokenSize(bound, want as number, v);
  }
}

/**
 * Applies every schema bound of `kind` to the object `raw` (its `spec`), reporting each broken one at its field as an
 * `invalid-spec` error, unless an error of the object is already located there. String bounds the CRD puts on a list
 * (requirement `values`: maxLength 63 and the label-value pattern) are applied to each of its strings.
 */
export function checkSchemaBounds(kind: SchemaKind, raw: Record<string, unknown>, sink: FindingSink): void {
  const located = boundValues(kind, raw);
  for (const [path, bound, want] of SCHEMA_BOUNDS[kind]) {
    if (bound === 'required') {
      if (DEFAULTED.has(`${kind} ${path}`)) continue;
      const parent = path.slice(0, path.length - String(want).length - 1);
      const parents = located.get(parent)!;
      for (const { value, at } of parents) {
        if (!isObject(value) || (Object.hasOwn(value, want as string) && value[want as string] !== null)) continue;
        if (reportedAt(sink, at) || reportedAt(sink, [...at, want as string])) continue;
        sink.error(
          `${[...at, want as string].join('.')} is required (the ${kind} CRD; the API server refuses the object)`,
          at,
        );
      }
      continue;
    }
    for (const { value, at } of located.get(path)!) {
      const items: [unknown, (string | number)[]][] =
        Array.isArray(value) && ['maxLength', 'minLength', 'pattern'].includes(bound)
          ? value.map((x, i) => [x, [...at, i]])
          : [[value, at]];
      for (const [v, p] of items) {
        const why = broken(bound, want, v);
        if (why === null || reportedAt(sink, p)) continue;
        sink.error(`${p.join('.')} ${why} (the ${kind} CRD's ${bound}; the API server refuses the object)`, p);
      }
    }
  }
}

/**
 * The CEL rules (`x-kubernetes-validations`) by id, each with the function that enforces it. NodePool and NodeOverlay
 * requirement rules are karpenter pkg/apis/crds/ `requirements` rules; the EC2NodeClass ones karpenter-provider-aws
 * pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml.
 */
export const CEL_CHECKS: Readonly<Record<string, string>> = {
  // Transition rules (oldSelf): judged on base and head of a diff.
  'nodepool.transition-static-dynamic': 'rules/nodepools.ts immutableFieldChanged (base vs head)',
  'nodepool.nodeclassref-group-immutable': 'rules/nodepools.ts immutableFieldChanged (base vs head)',
  'nodepool.nodeclassref-kind-immutable': 'rules/nodepools.ts immutableFieldChanged (base vs head)',
  'nodepool.static-limits': 'api/crd-cel.ts checkStaticNodePoolLimits',
  'nodepool.static-weight': 'api/nodepool.ts parseNodePool (weight with replicas)',
  'nodepool.budget-schedule-duration': 'api/nodepool.ts readBudgets',
  'nodepool.label-karpenter-sh-domain': 'api/nodepool.ts parseNodePool (template labels)',
  'nodepool.label-nodepool': 'api/nodepool.ts parseNodePool (template labels)',
  'nodepool.label-hostname': 'api/nodepool.ts parseNodePool (template labels)',
  'nodepool.label-aws-domain': 'api/nodepool.ts parseNodePool (template labels)',
  'nodepool.nodeclassref-group-not-empty': 'api/nodepool.ts parseNodePool (nodeClassRef)',
  'nodepool.nodeclassref-kind-not-empty': 'api/nodepool.ts parseNodePool (nodeClassRef)',
  'nodepool.nodeclassref-name-not-empty': 'api/nodepool.ts parseNodePool (nodeClassRef)',
  'nodepool.requirement-in-values': 'api/validation.ts validateRequirement',
  'nodepool.requirement-gt-lt-single-integer': 'api/validation.ts validateRequirement',
  'nodepool.requirement-min-values': 'api/validation.ts validateRequirement',
  'nodepool.requirement-key-karpenter-sh-domain': 'api/validation.ts validateRequirement',
  'nodepool.requirement-key-nodepool': 'api/validation.ts validateRequirement',
  'nodepool.requirement-key-hostname': 'api/validation.ts validateRequirement',
  'nodepool.requirement-key-aws-domain': 'api/validation.ts validateRequirement',
  'nodeoverlay.price-exclusive': 'api/nodeoverlay.ts parseNodeOverlay',
  'nodeoverlay.capacity-restricted': 'api/nodeoverlay.ts parseNodeOverlay',
  'nodeoverlay.requirement-notin-values': 'api/validation.ts validateRequirement',
  'nodeoverlay.requirement-in-values': 'api/validation.ts validateRequirement',
  'nodeoverlay.requirement-gt-lt-single-integer': 'api/validation.ts validateRequirement',
  'nodeoverlay.requirement-key-karpenter-sh-domain': 'api/validation.ts validateRequirement',
  'nodeoverlay.requirement-key-hostname': 'api/validation.ts validateRequirement',
  'nodeoverlay.requirement-key-aws-domain': 'api/validation.ts validateRequirement',
  'ec2nodeclass.role-xor-instance-profile': 'api/ec2nodeclass.ts parseEC2NodeClass',
  'ec2nodeclass.ami-family-al2-alias': 'api/ec2nodeclass.ts checkAmiFamilyMatchesAlias',
  'ec2nodeclass.ami-family-al2023-alias': 'api/ec2nodeclass.ts checkAmiFamilyMatchesAlias',
  'ec2nodeclass.ami-family-bottlerocket-alias': 'api/ec2nodeclass.ts checkAmiFamilyMatchesAlias',
  'ec2nodeclass.ami-family-windows2019-alias': 'api/ec2nodeclass.ts checkAmiFamilyMatchesAlias',
  'ec2nodeclass.ami-family-windows2022-alias': 'api/ec2nodeclass.ts checkAmiFamilyMatchesAlias',
  'ec2nodeclass.ami-family-windows2025-alias': 'api/ec2nodeclass.ts checkAmiFamilyMatchesAlias',
  'ec2nodeclass.ami-family-required': 'api/ec2nodeclass.ts parseEC2NodeClass',
  'ec2nodeclass.ami-term-not-empty': 'api/crd-cel.ts checkAmiTerms',
  'ec2nodeclass.ami-term-id-exclusive': 'api/crd-cel.ts checkAmiTerms',
  'ec2nodeclass.ami-term-alias-exclusive': 'api/crd-cel.ts checkAmiTerms',
  'ec2nodeclass.ami-alias-only-term': 'api/ec2nodeclass.ts parseEC2NodeClass',
  'ec2nodeclass.ami-alias-format': 'api/ec2nodeclass.ts parseEC2NodeClass',
  'ec2nodeclass.ami-alias-family': 'api/ec2nodeclass.ts parseEC2NodeClass',
  'ec2nodeclass.ami-alias-windows-latest': 'api/ec2nodeclass.ts parseEC2NodeClass',
  'ec2nodeclass.ami-term-tags-not-empty': 'api/crd-cel.ts checkAmiTerms',
  'ec2nodeclass.block-device-one-root': 'api/crd-cel.ts checkBlockDevices',
  'ec2nodeclass.ebs-snapshot-or-size': 'api/crd-cel.ts checkBlockDevices',
  'ec2nodeclass.ebs-initialization-rate-snapshot': 'api/crd-cel.ts checkBlockDevices',
  'ec2nodeclass.capacity-reservation-term-not-empty': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.capacity-reservation-term-id-exclusive': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.capacity-reservation-term-tags-not-empty': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.connection-tracking-not-empty': 'api/crd-cel.ts checkNetwork',
  'ec2nodeclass.instance-profile-not-empty': 'api/crd-cel.ts checkEC2NodeClassCel',
  'ec2nodeclass.role-not-empty': 'api/crd-cel.ts checkEC2NodeClassCel',
  'ec2nodeclass.kubelet-image-gc-thresholds': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-eviction-soft-grace': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-eviction-grace-soft': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-eviction-hard-keys': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-eviction-soft-keys': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-eviction-soft-grace-keys': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-kube-reserved-keys': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-kube-reserved-negative': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-system-reserved-keys': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.kubelet-system-reserved-negative': 'api/crd-cel.ts checkKubelet',
  'ec2nodeclass.network-interfaces-primary': 'api/crd-cel.ts checkNetwork',
  'ec2nodeclass.network-interfaces-unique': 'api/crd-cel.ts checkNetwork',
  'ec2nodeclass.placement-group-not-empty': 'api/crd-cel.ts checkNetwork',
  'ec2nodeclass.placement-group-exclusive': 'api/crd-cel.ts checkNetwork',
  'ec2nodeclass.security-group-terms-not-empty': 'api/ec2nodeclass.ts parseEC2NodeClass (1 to 30 terms)',
  'ec2nodeclass.security-group-term-not-empty': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.security-group-term-id-exclusive': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.security-group-term-name-exclusive': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.security-group-term-tags-not-empty': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.subnet-terms-not-empty': 'api/ec2nodeclass.ts parseEC2NodeClass (1 to 30 terms)',
  'ec2nodeclass.subnet-term-not-empty': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.subnet-term-id-exclusive': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.subnet-term-tags-not-empty': 'api/crd-cel.ts checkTerms',
  'ec2nodeclass.tags-key-not-empty': 'api/crd-cel.ts checkTags',
  'ec2nodeclass.tags-eks-cluster-name': 'api/crd-cel.ts checkTags',
  'ec2nodeclass.tags-kubernetes-io-cluster': 'api/crd-cel.ts checkTags',
  'ec2nodeclass.tags-karpenter-nodepool': 'api/crd-cel.ts checkTags',
  'ec2nodeclass.tags-karpenter-nodeclaim': 'api/crd-cel.ts checkTags',
  'ec2nodeclass.tags-ec2nodeclass': 'api/crd-cel.ts checkTags',
};

/**
 * Rules the model does not enforce, with the reason. The table names them with `impl: null`; the test lists them and
 * fails when one is missing here or a new one appears.
 */
export const UNIMPLEMENTED: Readonly<Record<string, string>> = {
  'NodeClaim spec cel 3e8a7a47d65fc39e':
    'transition rule (oldSelf): a NodeClaim spec is immutable; Karpenter never updates it',
  'NodeClaim spec.resources.requests{} pattern ed2865196beb6fbc':
    'written by Karpenter from the pods it schedules, never by users; a snapshot NodeClaim was admitted by the API server',
};

/** Every implementation id the table may name. */
export function implementationIds(): Set<string> {
  const ids = new Set<string>([NODECLAIM_FROM_TEMPLATE, ...Object.keys(CEL_CHECKS)]);
  for (const [kind, rows] of Object.entries(SCHEMA_BOUNDS))
    for (const [p, b] of rows) ids.add(schemaBoundId(kind, p, b));
  return ids;
}
