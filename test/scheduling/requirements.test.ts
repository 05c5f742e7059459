/**
 * The requirements algebra: karpenter pkg/scheduling/requirement.go and pkg/scheduling/requirements.go, with
 * cases from pkg/scheduling/requirement_test.go and pkg/scheduling/requirements_test.go; AdjustedPrice from
 * pkg/cloudprovider/types.go (cases: pkg/cloudprovider/suite_test.go); overlay precedence from
 * pkg/controllers/nodeoverlay/controller.go (cases: pkg/controllers/nodeoverlay/suite_test.go).
 */
import { Requirement, Requirements } from '../../src/scheduling/requirements.js';
import { adjustedPrice, evaluateOverlays, type OverlayPool } from '../../src/cloudprovider/overlay-evaluation.js';
import type { NodeOverlay } from '../../src/api/nodeoverlay.js';
import { NO_SOURCE } from '../../src/common/findings.js';

const R = (op: string, ...values: string[]) => Requirement.of('key', op, values);

describe('Requirement.Intersection (requirement_test.go table)', () => {
  test.each([
    [R('In', 'A'), R('Gt', '1'), 'key DoesNotExist'],
    [R('In', '1', '9'), R('Gt', '1'), 'key In [9]'],
    [R('NotIn', 'A'), R('Gt', '1'), 'key Exists >=2'],
    [R('NotIn', '1', '2'), R('Gt', '1'), 'key NotIn [2] >=2'],
    [R('Gt', '1'), R('Lt', '9'), 'key Exists >=2 <=8'],
    [R('Gt', '9'), R('Lt', '9'), 'key DoesNotExist'],
  ])('%s ∩ %s = %s', (a, b, want) => {
    expect(a.intersection(b).toString()).toBe(want);
  });
  test('Exists(minValues 1) ∩ In[A,B] keeps minValues', () => {
    expect(
      Requirement.of('key', 'Exists', [], 1)
        .intersection(R('In', 'A', 'B'))
        .toString(),
    ).toBe('key In [A B] minValues 1');
  });
});

describe('Gt/Lt canonicalisation (NewRequirementWithFlexibility; requirement_test.go)', () => {
  test('Gt4 ∩ Gte5 = Gte 5; Gt5 ∩ Gte5 = Gte 6; Lt5 ∩ Lte5 = Lte 4', () => {
    expect(R('Gt', '4').intersection(R('Gte', '5')).gte).toBe(5);
    expect(R('Gt', '5').intersection(R('Gte', '5')).gte).toBe(6);
    expect(R('Lt', '5').intersection(R('Lte', '5')).lte).toBe(4);
  });
  test('Gt MaxInt is DoesNotExist with Len 0', () => {
    const r = R('Gt', String(Number.MAX_SAFE_INTEGER));
    expect(r.operator()).toBe('DoesNotExist');
    expect(r.len()).toBe(0);
  });
  test('Operator() ignores bounds: Gt 5 reports Exists', () => {
    expect(R('Gt', '5').operator()).toBe('Exists');
  });
  test('beta labels are normalised', () => {
    expect(Requirement.of('beta.kubernetes.io/arch', 'In', ['amd64']).key).toBe('kubernetes.io/arch');
  });
});

describe('Requirements.Compatible (requirements_test.go)', () => {
  const zone = (op: string, ...v: string[]) => new Requirements([Requirement.of('topology.kubernetes.io/zone', op, v)]);
  test('an empty receiver accepts every zone requirement with AllowUndefined', () => {
    for (const op of ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'])
      expect(new Requirements().compatible(zone(op, '1'), true)).toBeNull();
  });
  test('strict: In, Exists, Gt, Lt fail on an undefined key; NotIn and DoesNotExist pass', () => {
    for (const op of ['In', 'Exists', 'Gt', 'Lt'])
      expect(new Requirements().compatible(zone(op, '1'), false)).toMatch(/does not have known values/);
    for (const op of ['NotIn', 'DoesNotExist']) expect(new Requirements().compatible(zone(op, '1'), false)).toBeNull();
  });
  test('DoesNotExist receiver vs NotIn[A] → compatible; vs Exists → incompatible', () => {
    expect(zone('DoesNotExist').compatible(zone('NotIn', 'A'), true)).toBeNull();
    expect(zone('DoesNotExist').compatible(zone('Exists'), true)).not.toBeNull();
  });
  test('custom keys: undefined In is rejected even with AllowUndefined', () => {
    const custom = new Requirements([Requirement.of('team', 'In', ['a'])]);
    expect(new Requirements().compatible(custom, true)).toMatch(/does not have known values/);
  });
});

describe('AdjustedPrice (cloudprovider/types.go; cloudprovider/suite_test.go)', () => {
  test.each([
    [10, '-10%', 9],
    [10, '-200%', 0],
    [10, '-15', 0],
    [1.25, '+0.75', 2],
    [0.0001, '+0.0001', 0.0002],
    [3, '0.42', 0.42],
  ])('%s with %s → %s', (p, c, want) => {
    expect(adjustedPrice(p as number, c as string)).toBeCloseTo(want as number, 10);
  });
});

describe('overlay precedence and conflicts (nodeoverlay/controller.go; nodeoverlay/suite_test.go)', () => {
  const ov = (
    name: string,
    weight: number,
    reqs: { key: string; operator: string; values?: string[] }[],
    priceAdjustment = '+10%',
  ): NodeOverlay => ({
    kind: 'NodeOverlay',
    name,
    weight,
    requirements: reqs,
    priceAdjustment,
    capacity: {},
    invalid: false,
    raw: {},
    source: NO_SOURCE,
  });
  const typeOf = (type: string, labels: Record<string, string> = {}) => ({
    typeName: type,
    typeRequirements: Requirements.fromLabels({ 'node.kubernetes.io/instance-type': type, ...labels }),
    offerings: [{ zone: 'z1', capacityType: 'on-demand' }],
    offeringKeys: [`${type}|on-demand/z1`],
  });
  /** The outcome's price changes as [pool, type|offering, change, overlay] rows. */
  const rows = (out: ReturnType<typeof evaluateOverlays>) =>
    [...out.prices].flatMap(([pool, p]) => [...p.changes].map(([k, c]) => [pool, k, c, p.overlays.get(k)]));
  const pool = (...types: string[]): OverlayPool[] => [
    { nodePool: 'np', templateLabels: {}, types: types.map((t) => typeOf(t)) },
  ];
  const it = { key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['t1'] };
  test('equal weight, overlapping → the earlier name conflicts, the later is applied', () => {
    const out = evaluateOverlays([ov('overlay-a', 10, [it], '+1'), ov('overlay-b', 10, [it], '+2')], pool('t1'));
    expect(out.conflicts).toEqual([{ overlay: 'overlay-a', with: 'overlay-b' }]);
    expect(rows(out)).toEqual([['np', 't1|on-demand/z1', '+2', 'overlay-b']]);
  });
  test('identical values still conflict', () => {
    expect(evaluateOverlays([ov('a', 10, [it]), ov('b', 10, [it])], pool('t1')).conflicts).toHaveLength(1);
  });
  test('disjoint requirements (In vs NotIn) do not conflict', () => {
    const out = evaluateOverlays([ov('a', 10, [it]), ov('b', 10, [{ ...it, operator: 'NotIn' }])], pool('t1', 't2'));
    expect(out.conflicts).toEqual([]);
    expect(
      rows(out)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['t1|on-demand/z1', 't2|on-demand/z1']);
  });
  test('a key both a template label and the instance type define is intersected first, as Requirements.Add does', () => {
    // karpenter pkg/controllers/nodeoverlay/controller.go getOverlaidOfferings compares the overlay with the pool's
    // template requirements added to the instance type's (pkg/scheduling/requirements.go Add intersects a key): a pool
    // labelled family=c7i offers no m7i type to an overlay, and its c7i type matches an overlay on c7i.
    const family = 'karpenter.k8s.aws/instance-family';
    const pools: OverlayPool[] = [
      {
        nodePool: 'np',
        templateLabels: { [family]: 'c7i' },
        types: [typeOf('c7i.large', { [family]: 'c7i' }), typeOf('m7i.large', { [family]: 'm7i' })],
      },
    ];
    const onM = evaluateOverlays([ov('m', 10, [{ key: family, operator: 'In', values: ['m7i'] }])], pools);
    expect(rows(onM)).toEqual([]);
    const onC = evaluateOverlays([ov('c', 10, [{ key: family, operator: 'In', values: ['c7i'] }])], pools);
    expect(rows(onC).map((r) => `${r[0]}|${r[1]}`)).toEqual(['np|c7i.large|on-demand/z1']);
  });
  test('different weights never conflict; the higher weight wins', () => {
    const out = evaluateOverlays([ov('low', 10, [it], '+1'), ov('high', 20, [it], '+5')], pool('t1'));
    expect(out.conflicts).toEqual([]);
    expect(rows(out)).toEqual([['np', 't1|on-demand/z1', '+5', 'high']]);
  });
});

describe('Requirements.ofLabels (a node’s labels as requirements, made once and shared)', () => {
  test('once per labels object; one `key In [value]` per label shared by every node that has it', () => {
    const a = { 'topology.kubernetes.io/zone': 'us-east-1a', 'kubernetes.io/hostname': 'a' };
    const b = { 'topology.kubernetes.io/zone': 'us-east-1a', 'kubernetes.io/hostname': 'b' };
    expect(Requirements.ofLabels(a)).toBe(Requirements.ofLabels(a));
    const [ra, rb] = [Requirements.ofLabels(a), Requirements.ofLabels(b)];
    expect(ra.get('topology.kubernetes.io/zone')).toBe(rb.get('topology.kubernetes.io/zone'));
    expect(ra.get('kubernetes.io/hostname')).not.toBe(rb.get('kubernetes.io/hostname'));
    // What fromLabels makes, key by key.
    expect(ra.toString()).toBe(Requirements.fromLabels(a).toString());
    expect(rb.toString()).toBe(Requirements.fromLabels(b).toString());
  });
});
