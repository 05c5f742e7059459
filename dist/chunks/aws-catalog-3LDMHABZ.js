import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  AWS
} from "./chunk-2KEDRD4X.js";
import {
  embeddedCatalog
} from "./chunk-IQK4F3RV.js";
import "./chunk-SB3DEY2U.js";

// src/sources/aws-catalog.ts
import {
  DescribeInstanceTypeOfferingsCommand,
  DescribeInstanceTypesCommand,
  DescribeSpotPriceHistoryCommand,
  EC2Client
} from "../vendor/aws-sdk-client-ec2.js";
import { GetProductsCommand, PricingClient } from "../vendor/aws-sdk-client-pricing.js";
function pricingRegion(region) {
  if (region.startsWith("ap-")) return "ap-south-1";
  if (region.startsWith("cn-")) return "cn-northwest-1";
  if (region.startsWith("eu-")) return "eu-central-1";
  return "us-east-1";
}
var SCHEME = /(^[a-z]+)(-[0-9]+tb)?([0-9]+).*\./;
function labelsFromInfo(info, known) {
  const gpus = info.GpuInfo?.Gpus ?? [];
  const neuron = info.NeuronInfo?.NeuronDevices ?? [];
  const inference = info.InferenceAcceleratorInfo?.Accelerators ?? [];
  const l = {
    ...nameLabels(info.InstanceType),
    [`${AWS}instance-hypervisor`]: info.Hypervisor ?? "",
    [`${AWS}instance-encryption-in-transit-supported`]: String(!!info.NetworkInfo?.EncryptionInTransitSupported),
    ...localNvmeLabels(info.InstanceStorageInfo),
    ...gpuLabels(gpus),
    ...acceleratorLabels(neuron, inference),
    ...processorLabels(info.ProcessorInfo),
    ...ebsLabels(info.EbsInfo)
  };
  const bw = known?.labels[`${AWS}instance-network-bandwidth`];
  if (bw !== void 0) l[`${AWS}instance-network-bandwidth`] = bw;
  l["kubernetes.io/os"] = "linux";
  return { labels: l, extended: extendedResources(info, gpus, neuron, known) };
}
function nameLabels(name) {
  const l = {};
  const m = SCHEME.exec(name);
  if (m) {
    l[`${AWS}instance-category`] = m[1];
    l[`${AWS}instance-generation`] = m[3];
  }
  const parts = name.split(".");
  if (parts.length === 2) {
    l[`${AWS}instance-family`] = parts[0];
    l[`${AWS}instance-size`] = parts[1];
    l[`${AWS}instance-capability-flex`] = parts[0].includes("-flex") ? "true" : "false";
  }
  return l;
}
function localNvmeLabels(storage) {
  if (storage && (storage.NvmeSupport === "supported" || storage.NvmeSupport === "required") && storage.TotalSizeInGB !== void 0)
    return { [`${AWS}instance-local-nvme`]: String(storage.TotalSizeInGB) };
  return {};
}
function gpuLabels(gpus) {
  if (gpus.length !== 1) return {};
  const g = gpus[0];
  return {
    [`${AWS}instance-gpu-name`]: (g.Name ?? "").toLowerCase().replace(/ /g, "-"),
    [`${AWS}instance-gpu-manufacturer`]: (g.Manufacturer ?? "").toLowerCase().replace(/ /g, "-"),
    [`${AWS}instance-gpu-count`]: String(g.Count ?? 0),
    [`${AWS}instance-gpu-memory`]: String(g.MemoryInfo?.SizeInMiB ?? 0)
  };
}
function acceleratorLabels(neuron, inference) {
  if (neuron.length === 1)
    return {
      [`${AWS}instance-accelerator-name`]: (neuron[0].Name ?? "").toLowerCase(),
      [`${AWS}instance-accelerator-manufacturer`]: "aws",
      [`${AWS}instance-accelerator-count`]: String(neuron[0].Count ?? 0)
    };
  if (inference.length === 1)
    return {
      [`${AWS}instance-accelerator-name`]: (inference[0].Name ?? "").toLowerCase(),
      [`${AWS}instance-accelerator-manufacturer`]: (inference[0].Manufacturer ?? "").toLowerCase(),
      [`${AWS}instance-accelerator-count`]: String(inference[0].Count ?? 0)
    };
  return {};
}
function processorLabels(cpu) {
  const l = {};
  if (cpu?.Manufacturer) l[`${AWS}instance-cpu-manufacturer`] = cpu.Manufacturer.toLowerCase().replace(/ /g, "-");
  if (cpu?.SustainedClockSpeedInGhz)
    l[`${AWS}instance-cpu-sustained-clock-speed-mhz`] = String(Math.round(cpu.SustainedClockSpeedInGhz * 1e3));
  return l;
}
function ebsLabels(ebs) {
  if (ebs?.EbsOptimizedSupport === "default" && ebs.EbsOptimizedInfo?.MaximumBandwidthInMbps !== void 0)
    return { [`${AWS}instance-ebs-bandwidth`]: String(ebs.EbsOptimizedInfo.MaximumBandwidthInMbps) };
  return {};
}
function extendedResources(info, gpus, neuron, known) {
  const extended = {};
  const sum = (man) => gpus.filter((g) => (g.Manufacturer ?? "").toLowerCase() === man).reduce((a, g) => a + (g.Count ?? 0), 0);
  if (sum("nvidia")) extended["nvidia.com/gpu"] = sum("nvidia");
  if (sum("amd")) extended["amd.com/gpu"] = sum("amd");
  if (sum("habana")) extended["habana.ai/gaudi"] = sum("habana");
  if (neuron.length) {
    const count = neuron.reduce((a, d) => a + (d.Count ?? 0), 0);
    extended["aws.amazon.com/neuron"] = count;
    extended["aws.amazon.com/neuroncore"] = neuron.reduce((a, d) => a + (d.Count ?? 0) * (d.CoreInfo?.Count ?? 0), 0);
  }
  const efa = info.NetworkInfo?.EfaInfo?.MaximumEfaInterfaces;
  if (efa) extended["vpc.amazonaws.com/efa"] = efa;
  const podEni = known?.extended["vpc.amazonaws.com/pod-eni"];
  if (podEni) extended["vpc.amazonaws.com/pod-eni"] = podEni;
  return extended;
}
async function refreshCatalog(opts) {
  const log = opts.log ?? (() => void 0);
  const common = { ...opts.credentials ? { credentials: opts.credentials } : {}, maxAttempts: 5 };
  const ec2 = new EC2Client({
    region: opts.region,
    ...common,
    ...opts.ec2Endpoint ? { endpoint: opts.ec2Endpoint } : {}
  });
  const pricing = new PricingClient({
    region: pricingRegion(opts.region),
    ...common,
    ...opts.pricingEndpoint ? { endpoint: opts.pricingEndpoint } : {}
  });
  const known = embeddedCatalog().byName;
  const infos = await describeInstanceTypes(ec2);
  log(`DescribeInstanceTypes: ${infos.length} types`);
  const zones = await instanceTypeZones(ec2);
  const spot = await spotPrices(ec2, opts.now);
  const onDemand = await onDemandPrices(pricing, opts.region);
  log(`prices: ${onDemand.size} on-demand, ${spot.size} types with spot prices`);
  const types = infos.filter((i) => i.InstanceType).map((info) => {
    const name = info.InstanceType;
    return catalogType(info, known.get(name), {
      price: onDemand.get(name) ?? null,
      spotPrices: spot.get(name) ?? {},
      zones: (zones.get(name) ?? []).sort()
    });
  }).sort((a, b) => a.name.localeCompare(b.name));
  const now = (opts.now ?? /* @__PURE__ */ new Date()).toISOString();
  return {
    source: `AWS APIs (${opts.region})`,
    region: opts.region,
    pricesDate: now,
    currency: opts.region.startsWith("cn-") ? "CNY" : "USD",
    types,
    byName: new Map(types.map((t) => [t.name, t]))
  };
}
async function describeInstanceTypes(ec2) {
  const infos = [];
  let token;
  do {
    const r = await ec2.send(
      new DescribeInstanceTypesCommand({
        Filters: [
          { Name: "supported-virtualization-type", Values: ["hvm"] },
          { Name: "processor-info.supported-architecture", Values: ["x86_64", "arm64"] }
        ],
        MaxResults: 100,
        ...token ? { NextToken: token } : {}
      })
    );
    infos.push(...r.InstanceTypes ?? []);
    token = r.NextToken;
  } while (token);
  return infos;
}
async function instanceTypeZones(ec2) {
  const zones = /* @__PURE__ */ new Map();
  let token;
  do {
    const r = await ec2.send(
      new DescribeInstanceTypeOfferingsCommand({
        LocationType: "availability-zone",
        MaxResults: 1e3,
        ...token ? { NextToken: token } : {}
      })
    );
    for (const o of r.InstanceTypeOfferings ?? []) {
      if (!o.InstanceType || !o.Location) continue;
      zones.set(o.InstanceType, [...zones.get(o.InstanceType) ?? [], o.Location]);
    }
    token = r.NextToken;
  } while (token);
  return zones;
}
async function spotPrices(ec2, now) {
  const spot = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Map();
  let token;
  do {
    const r = await ec2.send(
      new DescribeSpotPriceHistoryCommand({
        ProductDescriptions: ["Linux/UNIX", "Linux/UNIX (Amazon VPC)"],
        StartTime: now ?? /* @__PURE__ */ new Date(),
        MaxResults: 1e3,
        ...token ? { NextToken: token } : {}
      })
    );
    for (const p of r.SpotPriceHistory ?? []) {
      if (!p.InstanceType || !p.AvailabilityZone || p.SpotPrice === void 0) continue;
      const key = `${p.InstanceType}|${p.AvailabilityZone}`;
      const ts = p.Timestamp ? new Date(p.Timestamp).getTime() : 0;
      if ((seen.get(key) ?? -1) > ts) continue;
      seen.set(key, ts);
      spot.set(p.InstanceType, { ...spot.get(p.InstanceType) ?? {}, [p.AvailabilityZone]: Number(p.SpotPrice) });
    }
    token = r.NextToken;
  } while (token);
  return spot;
}
async function onDemandPrices(pricing, region) {
  const onDemand = /* @__PURE__ */ new Map();
  let token;
  const filters = [
    ["regionCode", region],
    ["operatingSystem", "Linux"],
    ["preInstalledSw", "NA"],
    ["capacitystatus", "Used"],
    ["marketoption", "OnDemand"],
    ["tenancy", "Shared"]
  ];
  do {
    const r = await pricing.send(
      new GetProductsCommand({
        ServiceCode: "AmazonEC2",
        Filters: filters.map(([Field, Value]) => ({ Type: "TERM_MATCH", Field, Value })),
        MaxResults: 100,
        ...token ? { NextToken: token } : {}
      })
    );
    for (const item of r.PriceList ?? []) {
      const doc = JSON.parse(typeof item === "string" ? item : String(item));
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
function catalogType(info, known, offer) {
  const name = info.InstanceType;
  const { labels, extended } = labelsFromInfo(info, known);
  const arch = info.ProcessorInfo?.SupportedArchitectures?.includes("arm64") ? "arm64" : "amd64";
  const cardIndex = info.NetworkInfo?.DefaultNetworkCardIndex ?? 0;
  const maxENIs = info.NetworkInfo?.NetworkCards?.find((c) => c.NetworkCardIndex === cardIndex)?.MaximumNetworkInterfaces ?? info.NetworkInfo?.MaximumNetworkInterfaces ?? 0;
  const ips = info.NetworkInfo?.Ipv4AddressesPerInterface ?? 1;
  const eniPods = maxENIs > 0 ? maxENIs * (ips - 1) + 2 : 0;
  labels[`${AWS}instance-cpu`] = String(info.VCpuInfo?.DefaultVCpus ?? 0);
  labels[`${AWS}instance-memory`] = String(info.MemoryInfo?.SizeInMiB ?? 0);
  labels["kubernetes.io/arch"] = arch;
  labels["node.kubernetes.io/instance-type"] = name;
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
    zones: offer.zones
  };
}
export {
  labelsFromInfo,
  pricingRegion,
  refreshCatalog
};
