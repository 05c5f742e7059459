// The embedded instance-type catalog (src/cloudprovider/catalog.generated.json) from the project's
// own fact tables in data/:
//   data/instance-types.json  every documented instance type: labels and documented allocatable
//   data/network.json         ENI limits (interfaces, IPv4 per interface, branch ENIs) and bandwidth
//   data/prices.json          static on-demand prices per region, as the AWS provider ships them
// `npm run catalog` rebuilds the catalog from data/. `npm run catalog -- --from DIR` first rewrites
// data/ from an external data folder (aws-instance-types.json, aws-network.json,
// aws-on-demand-prices.json, as extracted from aws/karpenter-provider-aws), then rebuilds.
// The catalog keeps only figures, in the project's own format:
//   { format, source, region, pricesDate, labelKeys, types: [[name, labelValues[], vcpu, memMiB,
//     arch, eniPods, maxENIs, ipv4PerENI, price|null, extended{}]] }
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const CPU = 'karpenter.k8s.aws/instance-cpu';
const MEMORY = 'karpenter.k8s.aws/instance-memory';
const ARCH = 'kubernetes.io/arch';
const BANDWIDTH = 'karpenter.k8s.aws/instance-network-bandwidth';
const POD_ENI = 'vpc.amazonaws.com/pod-eni';
const CORE_RESOURCES = ['cpu', 'memory', 'ephemeral-storage', 'pods', POD_ENI];

const readJson = (dir, name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

/** The compact tables of data/ from an external data folder (only the figures the project uses). */
export function importData(externalDir) {
  const types = readJson(externalDir, 'aws-instance-types.json');
  const network = readJson(externalDir, 'aws-network.json');
  const prices = readJson(externalDir, 'aws-on-demand-prices.json');
  const labelKeys = [...new Set(types.instanceTypes.flatMap((t) => Object.keys(t.labels)))].sort();
  const instanceTypes = {
    source: types.source,
    commit: types.commit,
    labelKeys,
    // [name, label values in labelKeys order (null = absent), documented allocatable]
    types: types.instanceTypes.map((t) => [
      t.name,
      labelKeys.map((k) => (k in t.labels ? t.labels[k] : null)),
      t.allocatable,
    ]),
  };
  const net = {};
  for (const [name, n] of Object.entries(network.instanceTypes)) {
    const v = n.vpcLimits;
    const cardMax = v
      ? (v.networkCards?.find((c) => c.networkCardIndex === (v.defaultNetworkCardIndex ?? 0))
          ?.maximumNetworkInterfaces ?? v.interface)
      : null;
    // [bandwidth Mbps|null, ENI-limited max pods|null, interfaces on the default card|null, IPv4 per interface|null,
    // branch ENIs (0 = not trunking)|null]
    net[name] = [
      n.networkBandwidthMbps ?? null,
      v?.derived?.eniLimitedMaxPods ?? null,
      cardMax,
      v ? v.ipv4PerInterface : null,
      v ? (v.isTrunkingCompatible ? v.branchInterface : 0) : null,
    ];
  }
  const networkOut = { source: network.source, commit: network.commit, types: net };
  const partitions = {};
  for (const [name, p] of Object.entries(prices.partitions))
    partitions[name] = { currency: p.currency, generatedAt: p.generatedAt, regions: p.regions };
  const pricesOut = {
    source: 'aws/karpenter-provider-aws pkg/providers/pricing/zz_generated.pricing_*.go',
    commit: prices.commit,
    partitions,
    regions: prices.regions,
  };
  return { instanceTypes, network: networkOut, prices: pricesOut };
}

export function writeData(dir, data) {
  mkdirSync(dir, { recursive: true });
  const rows = (obj, key) =>
    JSON.stringify(obj)
      .replace(new RegExp(`"${key}":\\[\\[`), `"${key}":[\n[`)
      .replace(/\],\[/g, '],\n[');
  writeFileSync(join(dir, 'instance-types.json'), rows(data.instanceTypes, 'types') + '\n');
  writeFileSync(join(dir, 'network.json'), JSON.stringify(data.network).replace(/\],"/g, '],\n"') + '\n');
  writeFileSync(
    join(dir, 'prices.json'),
    JSON.stringify(data.prices, null, 0).replace(/,"(?=[a-z0-9-]+\.[a-z0-9-]+")/g, ',\n"') + '\n',
  );
}

export function readData(dir) {
  return {
    instanceTypes: readJson(dir, 'instance-types.json'),
    network: readJson(dir, 'network.json'),
    prices: readJson(dir, 'prices.json'),
  };
}

export function generateCatalog(data) {
  const { instanceTypes, network, prices } = data;
  const usEast1 = prices.regions['us-east-1'];
  const skip = new Set([CPU, MEMORY, ARCH, 'node.kubernetes.io/instance-type']);
  const all = instanceTypes.labelKeys;
  const present = new Set();
  for (const [, values] of instanceTypes.types) values.forEach((v, i) => v !== null && present.add(all[i]));
  const labelKeys = all.filter((k) => present.has(k) && !skip.has(k));
  const out = [];
  for (const [name, values, allocatable] of instanceTypes.types) {
    const l = Object.fromEntries(all.map((k, i) => [k, values[i]]).filter(([, v]) => v !== null));
    const net = network.types[name];
    const eniPods = net?.[1] ?? Number(allocatable.pods);
    const ext = {};
    for (const [k, v] of Object.entries(allocatable)) if (!CORE_RESOURCES.includes(k)) ext[k] = Number(v);
    // pod-eni: branch interfaces when trunking-capable (karpenter-provider-aws pkg/providers/instancetype/types.go
    // awsPodENI), from the fresher ENI data.
    const podEni = net && net[4] !== null ? net[4] : Number(allocatable[POD_ENI] ?? 0);
    if (podEni > 0) ext[POD_ENI] = podEni;
    const labels = labelKeys.map((k) => (k in l ? l[k] : null));
    if (net?.[0] != null && l[BANDWIDTH] === undefined) labels[labelKeys.indexOf(BANDWIDTH)] = String(net[0]);
    out.push([
      name,
      labels,
      Number(l[CPU]),
      Number(l[MEMORY]),
      l[ARCH],
      eniPods,
      net?.[2] ?? null,
      net?.[3] ?? null,
      usEast1[name] ?? null,
      ext,
    ]);
  }
  return {
    format: 'karpenter-plan/catalog@1',
    source: `aws/karpenter-provider-aws ${instanceTypes.commit.slice(0, 9)} (instance-types doc, static pricing, ENI limits)`,
    region: 'us-east-1',
    pricesDate: prices.partitions.aws.generatedAt,
    currency: 'USD',
    labelKeys,
    types: out,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { from: { type: 'string' }, data: { type: 'string', default: 'data' } } });
  if (values.from) {
    writeData(values.data, importData(values.from));
    console.log(`data: rewrote ${values.data}/ from ${values.from}`);
  }
  const catalog = generateCatalog(readData(values.data));
  const text = JSON.stringify(catalog, null, 0).replace(/\],\[/g, '],\n[');
  writeFileSync('src/cloudprovider/catalog.generated.json', text + '\n');
  console.log(`catalog: ${catalog.types.length} instance types, prices from ${catalog.pricesDate}`);
}
