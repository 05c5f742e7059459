/**
 * Capacity, overhead and allocatable of an instance type under an EC2NodeClass (karpenter-provider-aws
 * pkg/providers/instancetype/types.go NewInstanceType, AL2023 and the other ENI-limited families).
 *
 * capacity: cpu = vCPU; memory = m − ceil(m × vmMemoryOverheadPercent) MiB, m = MiB − 64 on arm64;
 * pods = kubelet maxPods, else ENI-limited pods (Windows: 110), then min with podsPerCore × vCPU;
 * ephemeral-storage = the instance store's total size in decimal GB under `instanceStorePolicy: RAID0` when the type
 * has local NVMe (types.go ephemeralStorage), else the root volume (default 20Gi). Overhead: kube-reserved CPU tiers, memory
 * 11 × P + 255 MiB (P = ENI-limited pods for AL2023/AL2/Custom, resolved pods for Bottlerocket and
 * Windows), ephemeral 1Gi; user kubeReserved/systemReserved keys replace; eviction threshold
 * memory 100Mi, nodefs 10 % (evictionHard overrides, absolute or percent of capacity).
 */
import type { KubeletSettings } from '../api/ec2nodeclass.js';
import { parseQuantity, type ResourceList } from '../common/quantity.js';

export interface CapacityInputs {
  vcpu: number;
  memoryMiB: number;
  arch: string;
  /** ENI-limited max pods with reservedENIs = 0. */
  eniPods: number;
  maxENIs: number | null;
  ipv4PerENI: number | null;
  extended: Record<string, number>;
  /** Instance-type labels (`karpenter.k8s.aws/instance-local-nvme` is the instance store's total GB). */
  labels?: Record<string, string>;
}

export interface NodeClassShape {
  amiFamily: string | null;
  kubelet: KubeletSettings;
  rootVolumeBytes: number | null;
  instanceStorePolicy?: string;
}

export interface Sizing {
  capacity: ResourceList;
  overhead: ResourceList;
  allocatable: ResourceList;
}

const MiB = 2 ** 20;
const GiB = 2 ** 30;

/** kube-reserved CPU tiers, millicores from, to, and the share reserved (types.go kubeReservedResources). */
const KUBE_RESERVED_CPU_TIERS: readonly (readonly [number, number, number])[] = [
  [0, 1000, 0.06],
  [1000, 2000, 0.01],
  [2000, 4000, 0.005],
  [4000, Infinity, 0.0025],
];

/** kube-reserved CPU in millicores: 6 % / 1 % / 0.5 % / 0.25 % tiers (types.go kubeReservedResources). */
export function kubeReservedCpu(vcpu: number): number {
  const m = vcpu * 1000;
  let total = 0;
  // Indexed, not destructured: this runs once per catalog type, mostly before V8 optimises it.
  for (let i = 0; i < KUBE_RESERVED_CPU_TIERS.length; i++) {
    const t = KUBE_RESERVED_CPU_TIERS[i];
    if (m <= t[0]) continue;
    total += Math.floor((Math.min(m, t[1]) - t[0]) * t[2]);
  }
  return total;
}

export function eniLimitedPods(inputs: CapacityInputs, reservedENIs: number): number {
  if (reservedENIs === 0 || inputs.maxENIs === null || inputs.ipv4PerENI === null) return inputs.eniPods;
  const usable = Math.max(inputs.maxENIs - reservedENIs, 0);
  return usable === 0 ? 0 : usable * (inputs.ipv4PerENI - 1) + 2;
}

export function sizing(
  inputs: CapacityInputs,
  nodeClass: NodeClassShape | null,
  opts: { vmMemoryOverheadPercent: number; reservedENIs: number },
): Sizing {
  const family = nodeClass?.amiFamily ?? 'AL2023';
  const kubelet = nodeClass?.kubelet;
  const windows = family.startsWith('Windows');
  const { capacity, pods, storage } = computeCapacity(inputs, nodeClass, opts, windows);

  // kube-reserved (types.go NewInstanceType): P is the ENI-limited count (reservedENIs 0) for the
  // ENI-limited-overhead families, the resolved pods for Bottlerocket and Windows.
  const P = family === 'Bottlerocket' || windows ? pods : inputs.eniPods;
  const kubeReserved: ResourceList = {
    cpu: kubeReservedCpu(inputs.vcpu),
    memory: (11 * P + 255) * MiB,
    'ephemeral-storage': GiB,
  };
  Object.assign(kubeReserved, kubelet?.kubeReserved ?? {});
  const systemReserved: ResourceList = { ...(kubelet?.systemReserved ?? {}) };
  const eviction = evictionThreshold(kubelet?.evictionHard ?? {}, capacity.memory, storage);
  const overhead: ResourceList = {};
  for (const part of [kubeReserved, systemReserved, eviction]) {
    for (const [k, v] of Object.entries(part)) overhead[k] = (overhead[k] ?? 0) + v;
  }
  const allocatable: ResourceList = { ...capacity };
  for (const [k, v] of Object.entries(overhead)) if (k in allocatable) allocatable[k] -= v;
  return { capacity, overhead, allocatable };
}

/** types.go computeCapacity: cpu, memory (less the VM overhead), ephemeral storage, pods and extended resources. */
function computeCapacity(
  inputs: CapacityInputs,
  nodeClass: NodeClassShape | null,
  opts: { vmMemoryOverheadPercent: number; reservedENIs: number },
  windows: boolean,
): { capacity: ResourceList; pods: number; storage: number } {
  const kubelet = nodeClass?.kubelet;
  const eniPods = eniLimitedPods(inputs, opts.reservedENIs);
  let pods = kubelet?.maxPods ?? (windows ? 110 : eniPods);
  if (kubelet?.podsPerCore && kubelet.podsPerCore > 0) pods = Math.min(kubelet.podsPerCore * inputs.vcpu, pods);

  const m = inputs.memoryMiB - (inputs.arch === 'arm64' ? 64 : 0);
  const memMiB = m - Math.ceil(m * opts.vmMemoryOverheadPercent);
  const nvmeGB = Number(inputs.labels?.['karpenter.k8s.aws/instance-local-nvme'] ?? NaN);
  const storage =
    nodeClass?.instanceStorePolicy === 'RAID0' && nvmeGB > 0
      ? nvmeGB * 1e9
      : (nodeClass?.rootVolumeBytes ?? (windows ? 50 * GiB : 20 * GiB));
  const capacity: ResourceList = {
    cpu: inputs.vcpu * 1000,
    memory: memMiB * MiB,
    'ephemeral-storage': storage,
    pods,
    ...inputs.extended,
  };
  return { capacity, pods, storage };
}

/**
 * types.go evictionThreshold: memory 100Mi and nodefs 10 % of the storage, each replaced by evictionHard when it
 * sets one (absolute, or a percentage of capacity; 100 % is 0; a value that does not parse is ignored).
 */
function evictionThreshold(hard: Record<string, string>, memory: number, storage: number): ResourceList {
  const eviction: ResourceList = { memory: 100 * MiB, 'ephemeral-storage': Math.ceil((storage * 10) / 100) };
  if (hard['memory.available'] !== undefined) {
    const v = evictionValue(hard['memory.available'], memory);
    if (v !== null) eviction.memory = v;
  }
  if (hard['nodefs.available'] !== undefined) {
    const v = evictionValue(hard['nodefs.available'], storage);
    if (v !== null) eviction['ephemeral-storage'] = v;
  }
  return eviction;
}

function evictionValue(v: string, cap: number): number | null {
  if (v.endsWith('%')) {
    const pct = Number(v.slice(0, -1));
    if (!Number.isFinite(pct)) return null;
    return pct === 100 ? 0 : Math.ceil((cap * pct) / 100);
  }
  const q = parseQuantity(v);
  return q === null ? null : Math.ceil(q);
}
