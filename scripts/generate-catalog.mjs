// Builds the embedded instance-type catalog (src/cloudprovider/catalog.generated.json) from the fact
// tables in ../shared/data (or $KARPENTER_PLAN_DATA): instance types with labels, us-east-1
// on-demand prices, ENI limits and bandwidth. Only figures are kept, in the project's own format:
//   { format, source, region, pricesDate, labelKeys, types: [[name, labelValues[], vcpu, memMiB,
//     arch, eniPods, maxENIs, ipv4PerENI, price|null, extended{}]] }
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function generateCatalog(dataDir) {
  const types = JSON.parse(readFileSync(join(dataDir, 'aws-instance-types.json'), 'utf8'));
  const prices = JSON.parse(readFileSync(join(dataDir, 'aws-on-demand-prices.json'), 'utf8'));
  const network = JSON.parse(readFileSync(join(dataDir, 'aws-network.json'), 'utf8'));
  const usEast1 = prices.regions['us-east-1'];
  const skip = new Set(['karpenter.k8s.aws/instance-cpu', 'karpenter.k8s.aws/instance-memory', 'kubernetes.io/arch', 'node.kubernetes.io/instance-type']);
  const keySet = new Set();
  for (const t of types.instanceTypes) for (const k of Object.keys(t.labels)) if (!skip.has(k)) keySet.add(k);
  const labelKeys = [...keySet].sort();
  const out = [];
  for (const t of types.instanceTypes) {
    const l = t.labels;
    const net = network.instanceTypes[t.name];
    const vpc = net?.vpcLimits;
    const eniPods = vpc?.derived?.eniLimitedMaxPods ?? Number(t.allocatable.pods);
    const cardMax = vpc ? (vpc.networkCards?.find((c) => c.networkCardIndex === (vpc.defaultNetworkCardIndex ?? 0))?.maximumNetworkInterfaces ?? vpc.interface) : null;
    const ext = {};
    for (const [k, v] of Object.entries(t.allocatable)) {
      if (['cpu', 'memory', 'ephemeral-storage', 'pods', 'vpc.amazonaws.com/pod-eni'].includes(k)) continue;
      ext[k] = Number(v);
    }
    // pod-eni: branch interfaces when trunking-capable (karpenter-aws.md §5), from the fresher ENI data.
    const podEni = vpc ? (vpc.isTrunkingCompatible ? vpc.branchInterface : 0) : Number(t.allocatable['vpc.amazonaws.com/pod-eni'] ?? 0);
    if (podEni > 0) ext['vpc.amazonaws.com/pod-eni'] = podEni;
    const labels = labelKeys.map((k) => (k in l ? l[k] : null));
    if (net?.networkBandwidthMbps !== undefined && l['karpenter.k8s.aws/instance-network-bandwidth'] === undefined) {
      labels[labelKeys.indexOf('karpenter.k8s.aws/instance-network-bandwidth')] = String(net.networkBandwidthMbps);
    }
    out.push([
      t.name, labels, Number(l['karpenter.k8s.aws/instance-cpu']), Number(l['karpenter.k8s.aws/instance-memory']),
      l['kubernetes.io/arch'], eniPods, cardMax, vpc ? vpc.ipv4PerInterface : null,
      usEast1[t.name] ?? null, ext,
    ]);
  }
  return {
    format: 'karpenter-plan/catalog@1',
    source: `aws/karpenter-provider-aws ${types.commit.slice(0, 9)} (instance-types doc, static pricing, ENI limits)`,
    region: 'us-east-1',
    pricesDate: prices.partitions.aws.generatedAt ?? prices.generatedAt,
    currency: 'USD',
    labelKeys,
    types: out,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = process.env.KARPENTER_PLAN_DATA ?? '../shared/data';
  const catalog = generateCatalog(dataDir);
  const text = JSON.stringify(catalog, null, 0).replace(/\],\[/g, '],\n[');
  writeFileSync('src/cloudprovider/catalog.generated.json', text + '\n');
  console.log(`catalog: ${catalog.types.length} instance types, prices from ${catalog.pricesDate}`);
}
