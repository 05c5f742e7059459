/**
 * Zones of a region (src/cloudprovider/region-zones.ts): offerings come from the EC2NodeClass's subnets
 * (karpenter-provider-aws pkg/providers/instancetype/offering/ BaseResolver), which lie in the cluster's region.
 */
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { catalogZones, isZoneOfRegion } from '../../src/cloudprovider/region-zones.js';
import { simulateYaml, NODECLASS, nodePool } from '../helpers.js';
import { assumption } from '../../src/common/assumptions.js';
import { wordAssumption } from '../../src/common/assumption-wording.js';

const catalog = embeddedCatalog();

test('by name: <region> + a letter a–f, or a Local/Wavelength Zone <region>-<location>', () => {
  expect(catalog.region).toBe('us-east-1');
  expect(catalogZones(catalog, 'us-east-1')).toBeNull(); // the embedded catalog lists no zones
  for (const z of ['us-east-1a', 'us-east-1f', 'us-east-1-bos-1a', 'us-east-1-wl1-bos-wlz-1'])
    expect(isZoneOfRegion(z, 'us-east-1', catalog)).toBe(true);
  for (const z of ['us-east-1z', 'us-east-1g', 'your-region-a', 'eu-west-1a', 'us-east-1', 'us-east-1ab'])
    expect(isZoneOfRegion(z, 'us-east-1', catalog)).toBe(false);
});

test('a refreshed catalog of the region narrows the Availability Zones to those it lists', () => {
  const refreshed = { ...catalog, types: [{ ...catalog.types[0], zones: ['us-east-1a', 'us-east-1b'] }] };
  expect([...catalogZones(refreshed, 'us-east-1')!]).toEqual(['us-east-1a', 'us-east-1b']);
  expect(isZoneOfRegion('us-east-1b', 'us-east-1', refreshed)).toBe(true);
  expect(isZoneOfRegion('us-east-1c', 'us-east-1', refreshed)).toBe(false);
  // Another region's names are read by name only.
  expect(isZoneOfRegion('eu-west-1c', 'eu-west-1', refreshed)).toBe(true);
});

test('the simulation takes its zones from the valid required values only', () => {
  const req = (zs: string[]) =>
    `        - key: topology.kubernetes.io/zone\n          operator: In\n          values: [${zs.map((z) => `"${z}"`).join(', ')}]`;
  const mixed = simulateYaml(NODECLASS + '---\n' + nodePool('p', { requirements: req(['us-east-1b', 'us-east-1z']) }), {
    zones: undefined,
  }).sim;
  expect(mixed.zones).toEqual(['us-east-1b']);
  const none = simulateYaml(NODECLASS + '---\n' + nodePool('p', { requirements: req(['your-region-a']) }), {
    zones: undefined,
  }).sim;
  expect(none.zones).toEqual(['us-east-1a', 'us-east-1b', 'us-east-1c']);
  expect(none.assumptions).toContainEqual(
    assumption('zones-assumed', {
      zones: ['us-east-1a', 'us-east-1b', 'us-east-1c'],
      notZones: ['your-region-a'],
      region: 'us-east-1',
    }),
  );
  expect(none.assumptions.map(wordAssumption)).toContain(
    'Zones: none configured, and the required your-region-a is not a zone of us-east-1; assumed us-east-1a, us-east-1b, us-east-1c.',
  );
  expect(none.pools[0].reason?.code).toBe('no-instance-types');
});
