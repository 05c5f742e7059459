import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  AWS
} from "./chunk-5NIMWVRB.js";
import {
  embeddedCatalog
} from "./chunk-YIYKDAB7.js";
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
  const name = info.InstanceType;
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
  l[`${AWS}instance-hypervisor`] = info.Hypervisor ?? "";
  l[`${AWS}instance-encryption-in-transit-supported`] = String(!!info.NetworkInfo?.EncryptionInTransitSupported);
  const storage = info.InstanceStorageInfo;
  if (storage && (storage.NvmeSupport === "supported" || storage.NvmeSupport === "required") && storage.TotalSizeInGB !== void 0)
    l[`${AWS}instance-local-nvme`] = String(storage.TotalSizeInGB);
  const gpus = info.GpuInfo?.Gpus ?? [];
  if (gpus.length === 1) {
    const g = gpus[0];
    l[`${AWS}instance-gpu-name`] = (g.Name ?? "").toLowerCase().replace(/ /g, "-");
    l[`${AWS}instance-gpu-manufacturer`] = (g.Manufacturer ?? "").toLowerCase().replace(/ /g, "-");
    l[`${AWS}instance-gpu-count`] = String(g.Count ?? 0);
    l[`${AWS}instance-gpu-memory`] = String(g.MemoryInfo?.SizeInMiB ?? 0);
  }
  const neuron = info.NeuronInfo?.NeuronDevices ?? [];
  const inference = info.InferenceAcceleratorInfo?.Accelerators ?? [];
  if (neuron.length === 1) {
    l[`${AWS}instance-accelerator-name`] = (neuron[0].Name ?? "").toLowerCase();
    l[`${AWS}instance-accelerator-manufacturer`] = "aws";
    l[`${AWS}instance-accelerator-count`] = String(neuron[0].Count ?? 0);
  } else if (inference.length === 1) {
    l[`${AWS}instance-accelerator-name`] = (inference[0].Name ?? "").toLowerCase();
    l[`${AWS}instance-accelerator-manufacturer`] = (inference[0].Manufacturer ?? "").toLowerCase();
    l[`${AWS}instance-accelerator-count`] = String(inference[0].Count ?? 0);
  }
  if (info.ProcessorInfo?.Manufacturer)
    l[`${AWS}instance-cpu-manufacturer`] = info.ProcessorInfo.Manufacturer.toLowerCase().replace(/ /g, "-");
  if (info.ProcessorInfo?.SustainedClockSpeedInGhz)
    l[`${AWS}instance-cpu-sustained-clock-speed-mhz`] = String(
      Math.round(info.ProcessorInfo.SustainedClockSpeedInGhz * 1e3)
    );
  if (info.EbsInfo?.EbsOptimizedSupport === "default" && info.EbsInfo.EbsOptimizedInfo?.MaximumBandwidthInMbps !== void 0)
    l[`${AWS}instance-ebs-bandwidth`] = String(info.EbsInfo.EbsOptimizedInfo.MaximumBandwidthInMbps);
  const bw = known?.labels[`${AWS}instance-network-bandwidth`];
  if (bw !== void 0) l[`${AWS}instance-network-bandwidth`] = bw;
  l["kubernetes.io/os"] = "linux";
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
  return { labels: l, extended };
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
  log(`DescribeInstanceTypes: ${infos.length} types`);
  const zones = /* @__PURE__ */ new Map();
  token = void 0;
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
  const spot = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Map();
  token = void 0;
  do {
    const r = await ec2.send(
      new DescribeSpotPriceHistoryCommand({
        ProductDescriptions: ["Linux/UNIX", "Linux/UNIX (Amazon VPC)"],
        StartTime: opts.now ?? /* @__PURE__ */ new Date(),
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
  const onDemand = /* @__PURE__ */ new Map();
  token = void 0;
  const filters = [
    ["regionCode", opts.region],
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
  log(`prices: ${onDemand.size} on-demand, ${spot.size} types with spot prices`);
  const types = infos.filter((i) => i.InstanceType).map((info) => {
    const name = info.InstanceType;
    const k = known.get(name);
    const { labels, extended } = labelsFromInfo(info, k);
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
      price: onDemand.get(name) ?? null,
      extended,
      spotPrices: spot.get(name) ?? {},
      zones: (zones.get(name) ?? []).sort()
    };
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
export {
  labelsFromInfo,
  pricingRegion,
  refreshCatalog
};
