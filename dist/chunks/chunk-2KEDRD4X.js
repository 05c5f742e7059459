import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);

// src/api/labels.ts
var LABEL_NODEPOOL = "karpenter.sh/nodepool";
var LABEL_CAPACITY_TYPE = "karpenter.sh/capacity-type";
var LABEL_INITIALIZED = "karpenter.sh/initialized";
var LABEL_REGISTERED = "karpenter.sh/registered";
var LABEL_ZONE = "topology.kubernetes.io/zone";
var LABEL_REGION = "topology.kubernetes.io/region";
var LABEL_INSTANCE_TYPE = "node.kubernetes.io/instance-type";
var LABEL_ARCH = "kubernetes.io/arch";
var LABEL_OS = "kubernetes.io/os";
var LABEL_HOSTNAME = "kubernetes.io/hostname";
var LABEL_WINDOWS_BUILD = "node.kubernetes.io/windows-build";
var LABEL_EC2NODECLASS = "karpenter.k8s.aws/ec2nodeclass";
var LABEL_RESERVATION_ID = "karpenter.k8s.aws/capacity-reservation-id";
var LABEL_RESERVATION_TYPE = "karpenter.k8s.aws/capacity-reservation-type";
var LABEL_RESERVATION_INTERRUPTIBLE = "karpenter.k8s.aws/capacity-reservation-interruptible";
var LABEL_ZONE_ID = "topology.k8s.aws/zone-id";
var AWS = "karpenter.k8s.aws/";
var LABEL_INSTANCE_CATEGORY = `${AWS}instance-category`;
var LABEL_INSTANCE_FAMILY = `${AWS}instance-family`;
var LABEL_INSTANCE_GENERATION = `${AWS}instance-generation`;
var LABEL_INSTANCE_FLEX = `${AWS}instance-capability-flex`;
var LABEL_INSTANCE_TENANCY = `${AWS}instance-tenancy`;
var CAPACITY_TYPES = ["on-demand", "spot", "reserved"];
var AWS_INSTANCE_LABELS = [
  "instance-hypervisor",
  "instance-encryption-in-transit-supported",
  "instance-category",
  "instance-capability-flex",
  "instance-family",
  "instance-generation",
  "instance-local-nvme",
  "instance-size",
  "instance-cpu",
  "instance-cpu-manufacturer",
  "instance-cpu-sustained-clock-speed-mhz",
  "instance-memory",
  "instance-ebs-bandwidth",
  "instance-network-bandwidth",
  "instance-gpu-name",
  "instance-gpu-manufacturer",
  "instance-gpu-count",
  "instance-gpu-memory",
  "instance-accelerator-name",
  "instance-accelerator-manufacturer",
  "instance-accelerator-count",
  "instance-tenancy"
].map((k) => AWS + k);
var WELL_KNOWN_LABELS = /* @__PURE__ */ new Set([
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
  ...AWS_INSTANCE_LABELS
]);
var NORMALIZED_LABELS = {
  "failure-domain.beta.kubernetes.io/zone": LABEL_ZONE,
  "failure-domain.beta.kubernetes.io/region": LABEL_REGION,
  "beta.kubernetes.io/arch": LABEL_ARCH,
  "beta.kubernetes.io/os": LABEL_OS,
  "beta.kubernetes.io/instance-type": LABEL_INSTANCE_TYPE,
  // The AWS provider adds the EBS CSI driver's zone key (karpenter-provider-aws pkg/operator/operator.go NewOperator),
  // which older PersistentVolumes and StorageClasses use in their topology.
  "topology.ebs.csi.aws.com/zone": LABEL_ZONE
};
var NORMALIZED = new Map(Object.entries(NORMALIZED_LABELS));
function normalizeKey(key) {
  return NORMALIZED.get(key) ?? key;
}
function labelDomain(key) {
  const i = key.indexOf("/");
  return i < 0 ? "" : key.slice(0, i);
}
var AWS_REQUIREMENT_ALLOW_LIST = /* @__PURE__ */ new Set([
  `${AWS}instance-tenancy`,
  LABEL_RESERVATION_TYPE,
  LABEL_RESERVATION_ID,
  LABEL_RESERVATION_INTERRUPTIBLE,
  LABEL_EC2NODECLASS,
  `${AWS}nitro-sandbox`,
  `${AWS}placement-group-id`,
  `${AWS}placement-group-partition`,
  ...AWS_INSTANCE_LABELS
]);
var AWS_OVERLAY_ALLOW_LIST = new Set(
  [...AWS_REQUIREMENT_ALLOW_LIST].filter(
    (k) => !k.includes("capacity-reservation") && !k.includes("placement-group") && !k.endsWith("instance-tenancy")
  )
);
var QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
var DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
var LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
function validateLabelKey(key) {
  if (!key) return "label key must not be empty";
  const parts = key.split("/");
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
function validateLabelValue(value) {
  if (value.length > 63) return `label value "${value}" is longer than 63 characters`;
  if (!LABEL_VALUE.test(value)) return `label value "${value}" is not a valid label value`;
  return null;
}
function labelInWords(key) {
  const known = {
    [LABEL_ZONE]: "zone",
    [LABEL_ZONE_ID]: "zone id",
    [LABEL_REGION]: "region",
    [LABEL_ARCH]: "architecture",
    [LABEL_OS]: "operating system",
    [LABEL_INSTANCE_TYPE]: "instance type",
    [LABEL_CAPACITY_TYPE]: "capacity type",
    [LABEL_WINDOWS_BUILD]: "Windows build"
  };
  if (Object.hasOwn(known, key)) return known[key];
  if (key.startsWith(AWS)) return key.slice(AWS.length).replace(/-/g, " ");
  return key;
}

export {
  LABEL_NODEPOOL,
  LABEL_CAPACITY_TYPE,
  LABEL_INITIALIZED,
  LABEL_REGISTERED,
  LABEL_ZONE,
  LABEL_INSTANCE_TYPE,
  LABEL_ARCH,
  LABEL_OS,
  LABEL_HOSTNAME,
  LABEL_EC2NODECLASS,
  LABEL_RESERVATION_ID,
  LABEL_RESERVATION_TYPE,
  LABEL_RESERVATION_INTERRUPTIBLE,
  AWS,
  LABEL_INSTANCE_CATEGORY,
  LABEL_INSTANCE_FAMILY,
  LABEL_INSTANCE_GENERATION,
  LABEL_INSTANCE_FLEX,
  LABEL_INSTANCE_TENANCY,
  CAPACITY_TYPES,
  AWS_INSTANCE_LABELS,
  WELL_KNOWN_LABELS,
  normalizeKey,
  labelDomain,
  AWS_REQUIREMENT_ALLOW_LIST,
  AWS_OVERLAY_ALLOW_LIST,
  validateLabelKey,
  validateLabelValue,
  labelInWords
};
