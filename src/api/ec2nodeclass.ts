/** EC2NodeClass (karpenter.k8s.aws/v1): spec fields and validation, karpenter-provider-aws pkg/apis/v1/ec2nodeclass.go. */
import type { Finding, FindingSink, SourceRef } from '../common/findings.js';
import { parseResourceList, type ResourceList } from '../common/quantity.js';
import { isObject, typeName } from '../common/fields.js';
import { objectHeader } from './validation.js';
import { own } from '../common/own.js';
import { checkSchemaBounds } from './crd-rules.js';
import { checkEC2NodeClassCel } from './crd-cel.js';

export const EC2NODECLASS_API_VERSION = 'karpenter.k8s.aws/v1';
export const AMI_FAMILIES = ['AL2', 'AL2023', 'Bottlerocket', 'Custom', 'Windows2019', 'Windows2022', 'Windows2025'];
const ALIAS_FAMILIES: Record<string, string> = {
  al2: 'AL2',
  al2023: 'AL2023',
  bottlerocket: 'Bottlerocket',
  windows2019: 'Windows2019',
  windows2022: 'Windows2022',
  windows2025: 'Windows2025',
};

/**
 * `blockDeviceMappings[].ebs.volumeSize`: a string in Gi, G, Ti or T (karpenter-provider-aws
 * pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml volumeSize `pattern`, as written there).
 */
export const VOLUME_SIZE =
  /^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}|64000)G|([1-9]||[1-5][0-7]|58)Ti|([1-9]||[1-5][0-9]|6[0-3]|64)T)$/;

export interface KubeletSettings {
  maxPods?: number;
  podsPerCore?: number;
  kubeReserved: ResourceList;
  systemReserved: ResourceList;
  evictionHard: Record<string, string>;
}

export interface EC2NodeClass {
  kind: 'EC2NodeClass';
  name: string;
  /** Resolved AMI family (`spec.amiFamily`, else the alias family). */
  amiFamily: string | null;
  amiAlias: string | null;
  kubelet: KubeletSettings;
  /** Root volume size in bytes, when blockDeviceMappings name one. */
  rootVolumeBytes: number | null;
  instanceStorePolicy?: string;
  capacityReservationSelectorTerms: Record<string, unknown>[];
  raw: Record<string, unknown>;
  source: SourceRef;
  /** Set when the manifest is a v1beta1 object evaluated as converted to v1 (api/conversion.ts). */
  migratedFrom?: string;
}

export function parseEC2NodeClass(
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): EC2NodeClass | null {
  const header = objectHeader('EC2NodeClass', raw, source, findings);
  if (!header) return null;
  const { name, spec, sink } = header;
  checkSelectorTermCounts(spec, sink);
  const { amiAlias, aliasFamily } = readAmiAlias(spec.amiSelectorTerms, sink);
  const amiFamily = readAmiFamily(spec, aliasFamily, sink);
  if (!amiFamily) checkAmiFamilyRequired(spec.amiSelectorTerms, sink);
  checkRoleOrInstanceProfile(spec, sink);
  const kubelet = readKubelet(spec.kubelet, sink);
  const rootVolumeBytes = readRootVolumeBytes(spec.blockDeviceMappings, sink);
  const capacityReservationSelectorTerms = Array.isArray(spec.capacityReservationSelectorTerms)
    ? spec.capacityReservationSelectorTerms.filter(isObject)
    : [];
  checkEC2NodeClassCel(spec, sink);
  checkSchemaBounds('EC2NodeClass', raw, sink);
  return {
    kind: 'EC2NodeClass',
    name,
    amiFamily,
    amiAlias,
    kubelet,
    rootVolumeBytes,
    ...(typeof spec.instanceStorePolicy === 'string' ? { instanceStorePolicy: spec.instanceStorePolicy } : {}),
    capacityReservationSelectorTerms,
    raw,
    source,
  };
}

/** The subnet, security group and AMI selector terms: each a required list of 1 to 30 terms. */
function checkSelectorTermCounts(spec: Record<string, unknown>, sink: FindingSink): void {
  for (const key of ['subnetSelectorTerms', 'securityGroupSelectorTerms', 'amiSelectorTerms']) {
    const v = spec[key];
    if (v === undefined || v === null) sink.error(`spec.${key} is required`, ['spec']);
    else if (!Array.isArray(v)) sink.error(`spec.${key} must be a list, got ${typeName(v)}`, ['spec', key]);
    else if (v.length < 1 || v.length > 30) sink.error(`spec.${key} must have 1 to 30 terms`, ['spec', key]);
  }
}

/**
 * The AMI alias (`family@version`) of the amiSelectorTerms and its family: the only term when given, a known family,
 * `@latest` for the Windows families.
 */
function readAmiAlias(terms: unknown, sink: FindingSink): { amiAlias: string | null; aliasFamily: string | null } {
  let amiAlias: string | null = null;
  let aliasFamily: string | null = null;
  if (!Array.isArray(terms)) return { amiAlias, aliasFamily };
  terms.forEach((t, i) => {
    if (!isObject(t) || typeof t.alias !== 'string') return;
    amiAlias = t.alias;
    if (terms.length > 1)
      sink.error("spec.amiSelectorTerms: 'alias' must be the only term", ['spec', 'amiSelectorTerms', i]);
    const at = ['spec', 'amiSelectorTerms', i, 'alias'];
    const m = /^([a-z0-9]+)@(.+)$/.exec(t.alias);
    if (!m || !own(ALIAS_FAMILIES, m[1])) {
      sink.error(
        `spec.amiSelectorTerms[${i}].alias "${t.alias}" is invalid: family@version with family al2, al2023, bottlerocket, windows2019, windows2022 or windows2025`,
        at,
      );
      return;
    }
    aliasFamily = own(ALIAS_FAMILIES, m[1])!;
    if (aliasFamily.startsWith('Windows') && m[2] !== 'latest')
      sink.error(`spec.amiSelectorTerms[${i}].alias: Windows families only allow @latest`, at);
  });
  return { amiAlias, aliasFamily };
}

/** `spec.amiFamily` when set (one of AMI_FAMILIES, matching the alias), else the alias's family. */
function readAmiFamily(spec: Record<string, unknown>, aliasFamily: string | null, sink: FindingSink): string | null {
  if (spec.amiFamily === undefined || spec.amiFamily === null) return aliasFamily;
  if (typeof spec.amiFamily !== 'string' || !AMI_FAMILIES.includes(spec.amiFamily)) {
    sink.error(`spec.amiFamily must be one of ${AMI_FAMILIES.join(', ')}`, ['spec', 'amiFamily']);
    return aliasFamily;
  }
  checkAmiFamilyMatchesAlias(spec.amiFamily, spec.amiSelectorTerms, sink);
  return spec.amiFamily;
}

function checkRoleOrInstanceProfile(spec: Record<string, unknown>, sink: FindingSink): void {
  const hasRole = spec.role !== undefined && spec.role !== null;
  const hasProfile = spec.instanceProfile !== undefined && spec.instanceProfile !== null;
  if (hasRole === hasProfile) sink.error("spec: exactly one of 'role' or 'instanceProfile' must be set", ['spec']);
}

/** `spec.kubelet`: the reserved resources, the pod density settings and the hard eviction thresholds. */
function readKubelet(v: unknown, sink: FindingSink): KubeletSettings {
  const kubeletRaw = isObject(v) ? v : {};
  if (v !== undefined && !isObject(v)) sink.error('spec.kubelet must be an object', ['spec', 'kubelet']);
  const kubelet: KubeletSettings = {
    kubeReserved: parseResourceList(kubeletRaw.kubeReserved, (k) =>
      sink.error(`spec.kubelet.kubeReserved.${k} is not a valid quantity`, ['spec', 'kubelet', 'kubeReserved', k]),
    ),
    systemReserved: parseResourceList(kubeletRaw.systemReserved, (k) =>
      sink.error(`spec.kubelet.systemReserved.${k} is not a valid quantity`, ['spec', 'kubelet', 'systemReserved', k]),
    ),
    evictionHard: {},
  };
  for (const key of ['maxPods', 'podsPerCore'] as const) {
    const n = kubeletRaw[key];
    if (n === undefined || n === null) continue;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      sink.error(`spec.kubelet.${key} must be a non-negative integer`, ['spec', 'kubelet', key]);
    else kubelet[key] = n;
  }
  if (isObject(kubeletRaw.evictionHard)) {
    for (const [k, e] of Object.entries(kubeletRaw.evictionHard)) kubelet.evictionHard[k] = String(e);
  }
  return kubelet;
}

/**
 * The root volume's size in bytes (the mapping marked `rootVolume`, or `/dev/xvda`; the last one that gives a size), or
 * null; every `ebs.volumeSize` is checked against the CRD's pattern.
 */
function readRootVolumeBytes(mappings: unknown, sink: FindingSink): number | null {
  if (!Array.isArray(mappings)) return null;
  mappings.forEach((b, i) => {
    const size = isObject(b) && isObject(b.ebs) ? b.ebs.volumeSize : undefined;
    if (size !== undefined && size !== null && (typeof size !== 'string' || !VOLUME_SIZE.test(size)))
      sink.error(
        `spec.blockDeviceMappings[${i}].ebs.volumeSize ${JSON.stringify(size)} is invalid: a whole number of Gi (1-59000), G (1-64000), Ti (1-58) or T (1-64)`,
        ['spec', 'blockDeviceMappings', i, 'ebs', 'volumeSize'],
      );
  });
  let rootVolumeBytes: number | null = null;
  for (const b of mappings) {
    if (!isObject(b) || !isObject(b.ebs)) continue;
    const isRoot = b.rootVolume === true || b.deviceName === '/dev/xvda';
    if (isRoot && b.ebs.volumeSize !== undefined) {
      const size = parseResourceList({ storage: b.ebs.volumeSize }).storage;
      if (size !== undefined) rootVolumeBytes = size;
    }
  }
  return rootVolumeBytes;
}

/**
 * The CRD's spec-level rules tying `amiFamily` to an alias (karpenter-provider-aws
 * pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml, spec x-kubernetes-validations "if set, amiFamily must be 'AL2' or
 * 'Custom' when using an AL2 alias", and likewise for AL2023, Bottlerocket, Windows2019, Windows2022, Windows2025):
 * `!has(self.amiFamily) || (self.amiSelectorTerms.exists(x, has(x.alias) && x.alias.find('^[^@]+') == '<family>') ?
 * (self.amiFamily == 'Custom' || self.amiFamily == '<Family>') : true)`. One error per alias family that refuses it,
 * at `spec.amiFamily`.
 */
function checkAmiFamilyMatchesAlias(amiFamily: string, terms: unknown, sink: FindingSink): void {
  if (!Array.isArray(terms)) return;
  const families = new Set<string>();
  for (const t of terms) {
    if (!isObject(t) || typeof t.alias !== 'string') continue;
    const prefix = /^[^@]+/.exec(t.alias)?.[0];
    if (prefix !== undefined && own(ALIAS_FAMILIES, prefix)) families.add(own(ALIAS_FAMILIES, prefix)!);
  }
  for (const family of families) {
    if (amiFamily === 'Custom' || amiFamily === family) continue;
    sink.error(
      `spec.amiFamily ${amiFamily} does not match the alias: if set, amiFamily must be '${family}' or 'Custom' when using a ${family} alias (the API server refuses the EC2NodeClass)`,
      ['spec', 'amiFamily'],
    );
  }
}

/**
 * The CRD rule `self.amiSelectorTerms.exists(x, has(x.alias)) ? true : has(self.amiFamily)`: without amiFamily, some
 * term must be an alias (a malformed alias, refused at the alias, still makes amiFamily optional).
 */
function checkAmiFamilyRequired(terms: unknown, sink: FindingSink): void {
  if (!Array.isArray(terms) || terms.some((t) => isObject(t) && t.alias !== undefined && t.alias !== null)) return;
  sink.error('spec.amiFamily is required when amiSelectorTerms has no alias', ['spec']);
}

/**
 * Whether an EC2NodeClass's capacityReservationSelectorTerms select a reservation (karpenter-provider-aws
 * pkg/providers/capacityreservation/provider.go: a term by id, or by tags that all match).
 */
export function selectsReservation(nc: EC2NodeClass, r: { id: string; tags?: Record<string, string> }): boolean {
  return nc.capacityReservationSelectorTerms.some(
    (t) =>
      (typeof t.id === 'string' && t.id === r.id) ||
      (isObject(t.tags) && Object.entries(t.tags).every(([k, v]) => r.tags?.[k] === String(v))),
  );
}

/**
 * The EC2NodeClass CRD's defaults (karpenter-provider-aws pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml: the
 * whole `metadataOptions` object and each of its fields), applied as the API server applies them before the hash is
 * taken: a spec that spells the defaults out hashes as one that leaves them out.
 */
export const EC2NODECLASS_METADATA_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  httpEndpoint: 'enabled',
  httpProtocolIPv6: 'disabled',
  httpPutResponseHopLimit: 1,
  httpTokens: 'required',
});

export function withEC2NodeClassDefaults(spec: Record<string, unknown>): Record<string, unknown> {
  const mo = isObject(spec.metadataOptions) ? spec.metadataOptions : {};
  return { ...spec, metadataOptions: { ...EC2NODECLASS_METADATA_DEFAULTS, ...mo } };
}
