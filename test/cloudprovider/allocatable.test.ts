/**
 * The overhead model (karpenter-provider-aws pkg/providers/instancetype/types.go: kubeReserved,
 * systemReserved, evictionThreshold, ENILimitedPods) against the allocatable figures of every
 * documented instance type (data/instance-types.json, from the provider's instance-types
 * reference page), and the generated catalog against a fresh run of the generator.
 */
import { readFileSync } from 'node:fs';
import { kubeReservedCpu, sizing } from '../../src/cloudprovider/allocatable.js';
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { parseQuantity } from '../../src/common/quantity.js';

const table = JSON.parse(readFileSync('data/instance-types.json', 'utf8')) as {
  types: [string, (string | null)[], Record<string, string>][];
};
const doc = { instanceTypes: table.types.map(([name, , allocatable]) => ({ name, allocatable })) };

test('kube-reserved CPU tiers (karpenter-provider-aws pkg/providers/instancetype/types.go kubeReservedResources)', () => {
  expect([1, 2, 4, 8, 96].map(kubeReservedCpu)).toEqual([60, 70, 80, 90, 310]);
});

test('allocatable cpu, memory, ephemeral-storage and pods match the documented figures for every type', () => {
  const catalog = embeddedCatalog();
  const mismatches: string[] = [];
  let checked = 0;
  for (const t of doc.instanceTypes) {
    const ct = catalog.byName.get(t.name)!;
    const s = sizing(ct, null, { vmMemoryOverheadPercent: 0.075, reservedENIs: 0 });
    for (const k of ['cpu', 'memory', 'ephemeral-storage', 'pods']) {
      const want = parseQuantity(t.allocatable[k])!;
      const got = k === 'cpu' ? s.allocatable.cpu / 1000 : s.allocatable[k];
      if (Math.abs(want - got) > 1e-9) mismatches.push(`${t.name} ${k}: doc ${t.allocatable[k]}, model ${got}`);
    }
    checked++;
  }
  expect(checked).toBe(1363);
  expect(mismatches).toEqual([]);
});

test('extended resources match the doc except pod-eni, which comes from the fresher ENI data', () => {
  const catalog = embeddedCatalog();
  const mismatches: string[] = [];
  for (const t of doc.instanceTypes) {
    const ct = catalog.byName.get(t.name)!;
    for (const [k, v] of Object.entries(t.allocatable)) {
      if (['cpu', 'memory', 'ephemeral-storage', 'pods', 'vpc.amazonaws.com/pod-eni'].includes(k)) continue;
      if (ct.extended[k] !== Number(v)) mismatches.push(`${t.name} ${k}`);
    }
  }
  expect(mismatches).toEqual([]);
});

test('kubelet settings change allocatable as in Karpenter: maxPods does not change kube-reserved memory on AL2023', () => {
  const m5 = embeddedCatalog().byName.get('m5.large')!;
  const base = sizing(m5, null, { vmMemoryOverheadPercent: 0.075, reservedENIs: 0 });
  expect(base.allocatable.memory).toBe(6903 * 2 ** 20);
  const kubelet = {
    maxPods: 110,
    kubeReserved: {},
    systemReserved: { memory: 100 * 2 ** 20 },
    evictionHard: { 'memory.available': '5%' },
  };
  const s = sizing(
    m5,
    { amiFamily: 'AL2023', kubelet, rootVolumeBytes: 100 * 2 ** 30 },
    { vmMemoryOverheadPercent: 0.075, reservedENIs: 0 },
  );
  expect(s.capacity.pods).toBe(110);
  // 7577Mi − (11×29+255)Mi − 100Mi system − ceil(5% of 7577Mi)
  expect(s.allocatable.memory).toBe(7577 * 2 ** 20 - 574 * 2 ** 20 - 100 * 2 ** 20 - Math.ceil(7577 * 2 ** 20 * 0.05));
  expect(s.allocatable['ephemeral-storage']).toBe(100 * 2 ** 30 - 2 ** 30 - 10 * 2 ** 30);
});

test('the committed catalog is what the generator makes from data/', async () => {
  const { generateCatalog, readData } = await import('../../scripts/generate-catalog.mjs' as string);
  const fresh = generateCatalog(readData('data'));
  const committed = JSON.parse(readFileSync('src/cloudprovider/catalog.generated.json', 'utf8'));
  expect(committed).toEqual(fresh);
});
