/**
 * `karpenter-plan catalog refresh`: builds a catalog in the project's format from the real AWS
 * APIs, as the provider does (karpenter-provider-aws pkg/providers/instancetype/, pkg/providers/pricing/): DescribeInstanceTypes (hvm, x86_64 and
 * arm64), DescribeInstanceTypeOfferings by availability zone, DescribeSpotPriceHistory (latest
 * Linux/UNIX price per type and zone) and the Pricing API's on-demand Linux prices. Credentials
 * come from the standard AWS chain. Labels the APIs do not carry (network bandwidth, pod-eni
 * trunking) are taken from the embedded catalog when it knows the type.
 */
import {
  DescribeInstanceTypeOfferingsCommand,
  DescribeInstanceTypesCommand,
  DescribeSpotPriceHistoryCommand,
  EC2Client,
  type DescribeInstanceTypeOfferingsCommandOutput,
  type DescribeInstanceTypesCommandOutput,
  type DescribeSpotPriceHistoryCommandOutput,
  type GpuDeviceInfo,
  type InferenceDeviceInfo,
  type InstanceTypeInfo,
  type NeuronDeviceInfo,
} from '@aws-sdk/client-ec2';
import { GetProductsCommand, PricingClient, type GetProductsCommandOutput } from '@aws-sdk/client-pricing';
import type { Catalog, CatalogType } from '../cloudprovider/catalog.js';
import { embeddedCatalog } from '../cloudprovider/catalog.js';
import { AWS } from '../api/labels.js';

export interface RefreshOptions {
  region: string;
  /** Endpoints for tests (recorded responses served locally). */
  ec2Endpoint?: string;
  pricingEndpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  now?: Date;
  log?: (msg: string) => void;
}

/** The Pricing API endpoint region for a region (karpenter-provider-aws pkg/providers/pricing/pricing.go NewAPI). */
export function pricingRegion(region: string): string {
  if (region.startsWith('ap-')) return 'ap-south-1';
  if (region.startsWith('cn-')) return 'cn-northwest-1';
  if (region.startsWith('eu-')) return 'eu-central-1';
  return 'us-east-1';
}

const SCHEME = /(^[a-z]+)(-[0-9]+tb)?([0-9]+).*\./;

/** The labels the provider derives from DescribeInstanceTypes (pkg/providers/instancetype/types.go computeRequirements). */
export function labelsFromInfo(
  info: InstanceTypeInfo,
  known?: CatalogType,
): { labels: Record<string, string>; extended: Record<string, number> } {
  const gpus = info.GpuInfo?.Gpus ?? [];
  const neuron = info.NeuronInfo?.NeuronDevices ?? [];
  const inference = info.InferenceAcceleratorInfo?.Accelerators ?? [];
  const l: Record<string, string> = {
    ...nameLabels(info.InstanceType!),
    [`${AWS}instance-hypervisor`]: info.Hypervisor ?? '',
    [`${AWS}instance-encryption-in-transit-supported`]: String(!!info.NetworkInfo?.EncryptionInTransitSupported),
    ...localNvmeLabels(info.InstanceStorageInfo),
    ...gpuLabels(gpus),
    ...acceleratorLabels(neuron, inference),
    ...processorLabels(info.ProcessorInfo),
    ...ebsLabels(info.EbsInfo),
  };
  // Not in the API: the provider uses a static bandwidth table; take it from the embedded catalog.
  const bw = known?.labels[`${AWS}instance-network-bandwidth`];
  if (bw !== undefined) l[`${AWS}instance-network-bandwidth`] = bw;
  l['kubernetes.io/os'] = 'linux';
  return { labels: l, extended: extendedResources(info, gpus, neuron, known) };
}

/** Category and generation from the name's scheme, family, size and flex from its two parts. */
function nameLabels(name: string): Record<string, string> {
  const l: Record<string, string> = {};
  const m = SCHEME.exec(name);
  if (m) {
    l[`${AWS}instance-category`] = m[1];
    l[`${AWS}instance-generation`] = m[3];
  }
  const parts = name.split('.');
  if (parts.length === 2) {
    l[`${AWS}instance-family`] = parts[0];
    l[`${AWS}instance-size`] = parts[1];
    l[`${AWS}instance-capability-flex`] = parts[0].includes('-flex') ? 'true' : 'false';
  }
  return l;
}

/** The size of NVMe instance storage, when the type has it. */
function localNvmeLabels(storage: InstanceTypeInfo['InstanceStorageInfo']): Record<string, string> {
  if (
    storage &&
    (storage.NvmeSupport === 'supported' || storage.NvmeSupport === 'required') &&
    storage.TotalSizeInGB !== undefined
  )
    return { [`${AWS}instance-local-nvme`]: String(storage.TotalSizeInGB) };
  return {};
}

/** Name, manufacturer, count and memory of the GPU, for a type with one kind of GPU. */
function gpuLabels(gpus: GpuDeviceInfo[]): Record<string, string> {
  if (gpus.length !== 1) return {};
  const g = gpus[0];
  return {
    [`${AWS}instance-gpu-name`]: (g.Name ?? '').toLowerCase().replace(/ /g, '-'),
    [`${AWS}instance-gpu-manufacturer`]: (g.Manufacturer ?? '').toLowerCase().replace(/ /g, '-'),
    [`${AWS}instance-gpu-count`]: String(g.Count ?? 0),
    [`${AWS}instance-gpu-memory`]: String(g.MemoryInfo?.SizeInMiB ?? 0),
  };
}

/** Name, manufacturer and count of the accelerator: a Neuron device, else an inference accelerator (one kind). */
function acceleratorLabels(neuron: NeuronDeviceInfo[], inference: InferenceDeviceInfo[]): Record<string, string> {
  if (neuron.length === 1)
    return {
      [`${AWS}instance-accelerator-name`]: (neuron[0].Name ?? '').toLowerCase(),
      [`${AWS}instance-accelerator-manufacturer`]: 'aws',
      [`${AWS}instance-accelerator-count`]: String(neuron[0].Count ?? 0),
    };
  if (inference.length === 1)
    return {
      [`${AWS}instance-accelerator-name`]: (inference[0].Name ?? '').toLowerCase(),
      [`${AWS}instance-accelerator-manufacturer`]: (inference[0].Manufacturer ?? '').toLowerCase(),
      [`${AWS}instance-accelerator-count`]: String(inference[0].Count ?? 0),
    };
  return {};
}

/** The processor's manufacturer and sustained clock speed, when given. */
function processorLabels(cpu: InstanceTypeInfo['ProcessorInfo']): Record<string, string> {
  const l: Record<string, string> = {};
  if (cpu?.Manufacturer) l[`${AWS}instance-cpu-manufacturer`] = cpu.Manufacturer.toLowerCase().replace(/ /g, '-');
  if (cpu?.SustainedClockSpeedInGhz)
    l[`${AWS}instance-cpu-sustained-clock-speed-mhz`] = String(Math.round(cpu.SustainedClockSpeedInGhz * 1000));
  return l;
}

/** The EBS bandwidth of a type that is EBS-optimized by default. */
function ebsLabels(ebs: InstanceTypeInfo['EbsInfo']): Record<string, string> {
  if (ebs?.EbsOptimizedSupport === 'default' && ebs.EbsOptimizedInfo?.MaximumBandwidthInMbps !== undefined)
    return { [`${AWS}instance-ebs-bandwidth`]: String(ebs.EbsOptimizedInfo.MaximumBandwidthInMbps) };
  return {};
}

/** The extended resources of a type: GPUs by manufacturer, Neuron devices and cores, EFA interfaces, pod ENIs. */
function extendedResources(
  info: InstanceTypeInfo,
  gpus: GpuDeviceInfo[],
  neuron: NeuronDeviceInfo[],
  known: CatalogType | undefined,
): Record<string, number> {
  const extended: Record<string, number> = {};
  const sum = (man: string) =>
    gpus.filter((g) => (g.Manufacturer ?? '').toLowerCase() === man).reduce((a, g) => a + (g.Count ?? 0), 0);
  if (sum('nvidia')) extended['nvidia.com/gpu'] = sum('nvidia');
  if (sum('amd')) extended['amd.com/gpu'] = sum('amd');
  if (sum('habana')) extended['habana.ai/gaudi'] = sum('habana');
  if (neuron.length) {
    const count = neuron.reduce((a, d) => a + (d.Count ?? 0), 0);
    extended['aws.amazon.com/neuron'] = count;
    extended['aws.amazon.com/neuroncore'] = neuron.reduce((a, d) => a + (d.Count ?? 0) * (d.CoreInfo?.Count ?? 0), 0);
  }
  const efa = info.NetworkInfo?.EfaInfo?.MaximumEfaInterfaces;
  if (efa) extended['vpc.amazonaws.com/efa'] = efa;
  // Not in the API either: pod-eni trunking comes from the embedded catalog.
  const podEni = known?.extended['vpc.amazonaws.com/pod-eni'];
  if (podEni) extended['vpc.amazonaws.com/pod-eni'] = podEni;
  return extended;
}

export async function refreshCatalog(opts: RefreshOptions): Promise<Catalog> {
  const log = opts.log ?? (() => undefined);
  const common = { ...(opts.credentials ? { credentials: opts.credentials } : {}), maxAttempts: 5 };
  const ec2 = new EC2Client({
    region: opts.region,
    ...common,
    ...(opts.ec2Endpoint ? { endpoint: opts.ec2Endpoint } : {}),
  });
  const pricing = new PricingClient({
    region: pricingRegion(opts.region),
    ...common,
    ...(opts.pricingEndpoint ? { endpoint: opts.pricingEndpoint } : {}),
  });
  const known = embeddedCatalog().byName;

  const infos = await describeInstanceTypes(ec2);
  log(`DescribeInstanceTypes: ${infos.length} types`);
  const zones = await instanceTypeZones(ec2);
  const spot = await spotPrices(ec2, opts.now);
  const onDemand = await onDemandPrices(pricing, opts.region);
  log(`prices: ${onDemand.size} on-demand, ${spot.size} types with spot prices`);

  const types: CatalogType[] = infos
    .filter((i) => i.InstanceType)
    .map((info) => {
      const name = info.InstanceType!;
      return catalogType(info, known.get(name), {
        price: onDemand.get(name) ?? null,
        spotPrices: spot.get(name) ?? {},
        zones: (zones.get(name) ?? []).sort(),
      });
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const now = (opts.now ?? new Date()).toISOString();
  return {
    source: `AWS APIs (${opts.region})`,
    region: opts.region,
    pricesDate: now,
    currency: opts.region.startsWith('cn-') ? 'CNY' : 'USD',
    types,
    byName: new Map(types.map((t) => [t.name, t])),
  };
}

/** Every hvm instance type of the region on x86_64 or arm64 (DescribeInstanceTypes, all pages). */
async function describeInstanceTypes(ec2: EC2Client): Promise<InstanceTypeInfo[]> {
  const infos: InstanceTypeInfo[] = [];
  let token: string | undefined;
  do {
    const r: DescribeInstanceTypesCommandOutput = await ec2.send(
      new DescribeInstanceTypesCommand({
        Filters: [
          { Name: 'supported-virtualization-type', Values: ['hvm'] },
          { Name: 'processor-info.supported-architecture', Values: ['x86_64', 'arm64'] },
        ],
        MaxResults: 100,
        ...(token ? { NextToken: token } : {}),
      }),
    );
    infos.push(...(r.InstanceTypes ?? []));
    token = r.NextToken;
  } while (token);
  return infos;
}

/** The availability zones offering each instance type (DescribeInstanceTypeOfferings, all pages). */
async function instanceTypeZones(ec2: EC2Client): Promise<Map<string, string[]>> {
  const zones = new Map<string, string[]>();
  let token: string | undefined;
  do {
    const r: DescribeInstanceTypeOfferingsCommandOutput = await ec2.send(
      new DescribeInstanceTypeOfferingsCommand({
        LocationType: 'availability-zone',
        MaxResults: 1000,
        ...(token ? { NextToken: token } : {}),
      }),
    );
    for (const o of r.InstanceTypeOfferings ?? []) {
      if (!o.InstanceType || !o.Location) continue;
      zones.set(o.InstanceType, [...(zones.get(o.InstanceType) ?? []), o.Location]);
    }
    token = r.NextToken;
  } while (token);
  return zones;
}

/** The latest Linux/UNIX spot price of each instance type in each zone (DescribeSpotPriceHistory, all pages). */
async function spotPrices(ec2: EC2Client, now: Date | undefined): Promise<Map<string, Record<string, number>>> {
  const spot = new Map<string, Record<string, number>>();
  const seen = new Map<string, number>();
  let token: string | undefined;
  do {
    const r: DescribeSpotPriceHistoryCommandOutput = await ec2.send(
      new DescribeSpotPriceHistoryCommand({
        ProductDescriptions: ['Linux/UNIX', 'Linux/UNIX (Amazon VPC)'],
        StartTime: now ?? new Date(),
        MaxResults: 1000,
        ...(token ? { NextToken: token } : {}),
      }),
    );
    for (const p of r.SpotPriceHistory ?? []) {
      if (!p.InstanceType || !p.AvailabilityZone || p.SpotPrice === undefined) continue;
      const key = `${p.InstanceType}|${p.AvailabilityZone}`;
      const ts = p.Timestamp ? new Date(p.Timestamp).getTime() : 0;
      if ((seen.get(key) ?? -1) > ts) continue; // keep the latest price
      seen.set(key, ts);
      spot.set(p.InstanceType, { ...(spot.get(p.InstanceType) ?? {}), [p.AvailabilityZone]: Number(p.SpotPrice) });
    }
    token = r.NextToken;
  } while (token);
  return spot;
}

/** A product of the Pricing API's price list, as far as it is read. */
interface PriceListItem {
  product?: { attributes?: { instanceType?: string } };
  terms?: {
    OnDemand?: Record<string, { priceDimensions?: Record<string, { pricePerUnit?: Record<string, string> }> }>;
  };
}

/** The on-demand price of each instance type: shared-tenancy Linux without pre-installed software (GetProducts). */
async function onDemandPrices(pricing: PricingClient, region: string): Promise<Map<string, number>> {
  const onDemand = new Map<string, number>();
  let token: string | undefined;
  const filters = [
    ['regionCode', region],
    ['operatingSystem', 'Linux'],
    ['preInstalledSw', 'NA'],
    ['capacitystatus', 'Used'],
    ['marketoption', 'OnDemand'],
    ['tenancy', 'Shared'],
  ];
  do {
    const r: GetProductsCommandOutput = await pricing.send(
      new GetProductsCommand({
        ServiceCode: 'AmazonEC2',
        Filters: filters.map(([Field, Value]) => ({ Type: 'TERM_MATCH', Field, Value })),
        MaxResults: 100,
        ...(token ? { NextToken: token } : {}),
      }),
    );
    for (const item of r.PriceList ?? []) {
      const doc = JSON.parse(typeof item === 'string' ? item : String(item)) as PriceListItem;
      const type = doc.product?.attributes?.instanceType;
      if (!type) continue;
      for (const term of Object.values(doc.terms?.OnDemand ?? {})) {
        for (const dim of Object.values(term.priceDimensions ?? {})) {
          const v = Number(dim.pricePerUnit?.USD ?? dim.pricePerUnit?.CNY);
          if (Number.isFinite(v) && v > 0) onDemand.set(type, v);
        }
      }
    }
    token = r.NextToken;
  } while (token);
  return onDemand;
}

/**
 * A catalog entry of an instance type: its labels, resources and ENI-limited pods (the default network card's
 * interfaces), with its prices and zones.
 */
function catalogType(
  info: InstanceTypeInfo,
  known: CatalogType | undefined,
  offer: Pick<CatalogType, 'price' | 'spotPrices' | 'zones'>,
): CatalogType {
  const name = info.InstanceType!;
  const { labels, extended } = labelsFromInfo(info, known);
  const arch = info.ProcessorInfo?.SupportedArchitectures?.includes('arm64') ? 'arm64' : 'amd64';
  const cardIndex = info.NetworkInfo?.DefaultNetworkCardIndex ?? 0;
  const maxENIs =
    info.NetworkInfo?.NetworkCards?.find((c) => c.NetworkCardIndex === cardIndex)?.MaximumNetworkInterfaces ??
    info.NetworkInfo?.MaximumNetworkInterfaces ??
    0;
  const ips = info.NetworkInfo?.Ipv4AddressesPerInterface ?? 1;
  const eniPods = maxENIs > 0 ? maxENIs * (ips - 1) + 2 : 0;
  labels[`${AWS}instance-cpu`] = String(info.VCpuInfo?.DefaultVCpus ?? 0);
  labels[`${AWS}instance-memory`] = String(info.MemoryInfo?.SizeInMiB ?? 0);
  labels['kubernetes.io/arch'] = arch;
  labels['node.kubernetes.io/instance-type'] = name;
  return {
    name,
    labels,
    vcpu: info.VCpuInfo?.DefaultVCpus ?? 0,
    memoryMiB: info.MemoryInfo?.SizeInMiB ?? 0,
    arch,
    eniPods,
    maxENIs,
    ipv4PerENI: ips,
    price: offer.price,
    extended,
    spotPrices: offer.spotPrices,
    zones: offer.zones,
  };
}
