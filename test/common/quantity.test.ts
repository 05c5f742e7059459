/**
 * Canonical quantity strings (src/common/quantity.ts canonicalQuantity) against k8s.io/apimachinery
 * pkg/api/resource/quantity_test.go TestQuantityString: each row's canonical string is its own canonical form, and its
 * alternate spelling canonicalises to it.
 */
import { canonicalQuantity } from '../../src/common/quantity.js';

// [expect, alternate] from TestQuantityString's table (rows without an alternate have '').
const TABLE: [string, string][] = [
  ['1Gi', '1024Mi'],
  ['300Mi', '307200Ki'],
  ['6Ki', ''],
  ['1001Gi', '1025024Mi'],
  ['1Ti', '1024Gi'],
  ['5', '5000m'],
  ['500m', '0.5'],
  ['1G', '1000M'],
  ['1G', '0.001T'],
  ['1m', '1000u'],
  ['80m', ''],
  ['1080m', '1.08'],
  ['1080m', '1080000000n'],
  ['300M', ''],
  ['1T', ''],
  ['1234567M', ''],
  ['3k', ''],
  ['1025', ''],
  ['0', '00'],
  ['1e9', '.001e12'],
  ['1e-3', '0.001e0'],
  ['1e-9', '1000e-12'],
  ['80e-3', ''],
  ['300e6', ''],
  ['1e12', ''],
  ['1e3', ''],
  ['3e3', ''],
  ['1n', ''],
  ['80n', ''],
  ['1080n', ''],
  ['1u', ''],
  ['80u', ''],
  ['1080u', ''],
];

test.each(TABLE)('%s is canonical; %s canonicalises to it', (canonical, alternate) => {
  expect(canonicalQuantity(canonical)).toBe(canonical);
  if (alternate) expect(canonicalQuantity(alternate)).toBe(canonical);
});

test('not a quantity: null', () => {
  for (const v of ['huge', '', '20 Gi', 20, null]) expect(canonicalQuantity(v)).toBeNull();
});
