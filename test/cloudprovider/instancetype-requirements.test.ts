/**
 * The requirements of the catalog's instance types (src/cloudprovider/instancetype.ts buildInstanceTypes) and the
 * offerings an insufficient-capacity scenario makes unavailable (src/cloudprovider/unavailable-offerings.ts). Both
 * share or narrow what they build to save work; each is checked here against the plain construction, over the whole
 * embedded catalog: every well-known label as `In [value]` or `DoesNotExist` (karpenter-provider-aws
 * pkg/providers/instancetype/types.go computeRequirements), and every offering as its type's labels + zone + capacity
 * type, compatible with the scenario (karpenter pkg/scheduling/requirements.go Compatible).
 */
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { buildInstanceTypes } from '../../src/cloudprovider/instancetype.js';
import { adjustedPrice } from '../../src/cloudprovider/overlay-evaluation.js';
import { unavailableOfferings, type IceScenario } from '../../src/cloudprovider/unavailable-offerings.js';
import { unavailableKey } from '../../src/cloudprovider/offering-key.js';
import {
  AWS_INSTANCE_LABELS,
  CAPACITY_TYPES,
  LABEL_ARCH,
  LABEL_CAPACITY_TYPE,
  LABEL_INSTANCE_TENANCY,
  LABEL_INSTANCE_TYPE,
  LABEL_OS,
  LABEL_RESERVATION_ID,
  LABEL_RESERVATION_INTERRUPTIBLE,
  LABEL_RESERVATION_TYPE,
  LABEL_ZONE,
} from '../../src/api/labels.js';
import { Requirement, Requirements } from '../../src/scheduling/requirements.js';
import type { Catalog } from '../../src/cloudprovider/catalog.js';

const catalog = embeddedCatalog();
const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const SETTINGS = { vmMemoryOverheadPercent: 0.075, reservedENIs: 0 };

/** Each type's requirements built one Requirement at a time, nothing shared (the construction before sharing). */
function plainRequirements(reservations: { id: string; instanceType: string; zone: string; type: string }[]) {
  return catalog.types.map((t) => {
    const reqs = new Requirements();
    for (const k of AWS_INSTANCE_LABELS) {
      if (k === LABEL_INSTANCE_TENANCY) continue;
      const v = t.labels[k];
      reqs.add(v === undefined ? Requirement.of(k, 'DoesNotExist') : Requirement.of(k, 'In', [v]));
    }
    reqs.add(Requirement.of(LABEL_INSTANCE_TYPE, 'In', [t.name]));
    reqs.add(Requirement.of(LABEL_ARCH, 'In', [t.arch]));
    reqs.add(Requirement.of(LABEL_OS, 'In', ['linux']));
    reqs.add(Requirement.of(LABEL_INSTANCE_TENANCY, 'In', ['default', 'dedicated']));
    reqs.add(Requirement.of(LABEL_ZONE, 'In', ZONES));
    const mine = reservations.filter((r) => r.instanceType === t.name && ZONES.includes(r.zone));
    const rids = mine.map((r) => r.id);
    reqs.add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', ['on-demand', 'spot', ...(rids.length ? ['reserved'] : [])]));
    reqs.add(
      rids.length
        ? Requirement.of(LABEL_RESERVATION_ID, 'In', rids)
        : Requirement.of(LABEL_RESERVATION_ID, 'DoesNotExist'),
    );
    reqs.add(
      rids.length
        ? Requirement.of(LABEL_RESERVATION_TYPE, 'In', [...new Set(mine.map((r) => r.type))])
        : Requirement.of(LABEL_RESERVATION_TYPE, 'DoesNotExist'),
    );
    reqs.add(
      rids.length
        ? Requirement.of(LABEL_RESERVATION_INTERRUPTIBLE, 'In', ['false'])
        : Requirement.of(LABEL_RESERVATION_INTERRUPTIBLE, 'DoesNotExist'),
    );
    return reqs.toString();
  });
}

describe('buildInstanceTypes requirements', () => {
  const reservations = [
    { id: 'cr-1', instanceType: 'm7i.large', zone: 'us-east-1a', type: 'default' as const },
    { id: 'cr-2', instanceType: 'm7i.large', zone: 'us-east-1b', type: 'capacity-block' as const },
    { id: 'cr-3', instanceType: 'c7i.xlarge', zone: 'eu-west-1a', type: 'default' as const },
  ];

  it.each([
    ['without reservations', []],
    ['with reservations', reservations],
  ])('are, key by key and in order, those built one at a time (%s)', (_, rs) => {
    const types = buildInstanceTypes(catalog, null, SETTINGS, {
      zones: ZONES,
      spotPriceFactor: 0.35,
      reservations: rs,
    });
    expect(types.map((it) => it.requirements.toString())).toEqual(plainRequirements(rs));
  });

  it('share requirement objects between types, and narrowing one type leaves the others as they were', () => {
    const types = buildInstanceTypes(catalog, null, SETTINGS, {
      zones: ZONES,
      spotPriceFactor: 0.35,
      reservations: [],
    });
    const [a, b] = ['m7i.large', 'm7i.xlarge'].map((n) => types.find((it) => it.name === n)!);
    const family = 'karpenter.k8s.aws/instance-family';
    expect(a.requirements.get(family)).toBe(b.requirements.get(family));
    const before = b.requirements.toString();
    const narrowed = a.requirements
      .clone()
      .add(Requirement.of(family, 'In', ['c7i']))
      .add(Requirement.of(LABEL_ZONE, 'In', ['us-east-1a']));
    expect(narrowed.get(family).isEmpty()).toBe(true);
    expect([...narrowed.get(LABEL_ZONE).values]).toEqual(['us-east-1a']);
    expect(a.requirements.get(family).has('m7i')).toBe(true);
    expect([...a.requirements.get(LABEL_ZONE).values]).toEqual(ZONES);
    expect(b.requirements.toString()).toBe(before);
  });

  it('with price changes, built from the same build without them: equal to a build from scratch, sharing what prices leave alone', () => {
    const inputs = { zones: ZONES, spotPriceFactor: 0.35, reservations };
    const unpriced = buildInstanceTypes(catalog, null, SETTINGS, inputs);
    // m7i.large's on-demand offering in us-east-1a +50 %, its reserved one in us-east-1b set to $0.01 (AdjustedPrice:
    // a plain number replaces the price), c7i.large's spot in us-east-1c −$0.01.
    const priceChanges = new Map([
      ['m7i.large|on-demand/us-east-1a', '+50%'],
      ['m7i.large|reserved/us-east-1b/cr-2', '0.01'],
      ['c7i.large|spot/us-east-1c', '-0.01'],
    ]);
    const priced = { ...inputs, priceChanges, adjust: adjustedPrice };
    const reused = buildInstanceTypes(catalog, null, SETTINGS, priced, unpriced);
    const scratch = buildInstanceTypes(catalog, null, SETTINGS, priced);
    expect(reused.map((it) => ({ ...it, requirements: it.requirements.toString() }))).toEqual(
      scratch.map((it) => ({ ...it, requirements: it.requirements.toString() })),
    );
    const at = (list: typeof reused, name: string) => list.find((it) => it.name === name)!;
    expect(at(reused, 'm6i.large')).toBe(at(unpriced, 'm6i.large')); // no change: the very object
    expect(at(reused, 'm7i.large')).not.toBe(at(unpriced, 'm7i.large'));
    expect(at(reused, 'm7i.large').requirements).toBe(at(unpriced, 'm7i.large').requirements);
    const offering = (name: string, ct: string, zone: string) =>
      at(reused, name).offerings.find((o) => o.capacityType === ct && o.zone === zone)!;
    const od = catalog.byName.get('m7i.large')!.price!;
    expect(offering('m7i.large', 'on-demand', 'us-east-1a').price).toBeCloseTo(od * 1.5, 12);
    expect(offering('m7i.large', 'on-demand', 'us-east-1b').price).toBe(od);
    expect(offering('m7i.large', 'reserved', 'us-east-1b').price).toBe(0.01);
    expect(offering('m7i.large', 'reserved', 'us-east-1a').price).toBe(od / 10_000_000);
  });

  it('a type the catalog lists in some zones only is offered in those (a refreshed catalog)', () => {
    const t = catalog.byName.get('m7i.large')!;
    const refreshed: Catalog = {
      ...catalog,
      types: [{ ...t, zones: ['us-east-1b'] }, catalog.byName.get('c7i.large')!],
    };
    const [only, all] = buildInstanceTypes(refreshed, null, SETTINGS, {
      zones: ZONES,
      spotPriceFactor: 0.35,
      reservations: [],
    });
    expect([...only.requirements.get(LABEL_ZONE).values]).toEqual(['us-east-1b']);
    expect([...all.requirements.get(LABEL_ZONE).values]).toEqual(ZONES);
  });
});

/** The offerings a scenario makes unavailable, every label of every type copied per offering (the plain construction). */
function plainUnavailable(zones: string[], scenario: IceScenario, types = catalog.types): Set<string> {
  const out = new Set<string>();
  const sets = scenario.unavailable.map((reqs) => Requirements.fromNodeSelectorRequirements(reqs));
  for (const t of types)
    for (const zone of zones)
      for (const ct of CAPACITY_TYPES) {
        const offering = Requirements.fromLabels(t.labels)
          .add(Requirement.of(LABEL_ZONE, 'In', [zone]))
          .add(Requirement.of(LABEL_CAPACITY_TYPE, 'In', [ct]));
        if (sets.some((s) => offering.isCompatible(s, false))) out.add(unavailableKey(ct, t.name, zone));
      }
  return out;
}

describe('unavailableOfferings', () => {
  const gen = 'karpenter.k8s.aws/instance-generation';
  const scenarios: [string, IceScenario['unavailable']][] = [
    [
      '8th generation on-demand',
      [
        [
          { key: gen, operator: 'Gte', values: ['8'] },
          { key: LABEL_CAPACITY_TYPE, operator: 'In', values: ['on-demand'] },
        ],
      ],
    ],
    ['one zone', [[{ key: LABEL_ZONE, operator: 'In', values: ['us-east-1b'] }]]],
    [
      'spot in one zone',
      [
        [
          { key: LABEL_ZONE, operator: 'In', values: ['us-east-1c'] },
          { key: LABEL_CAPACITY_TYPE, operator: 'In', values: ['spot'] },
        ],
      ],
    ],
    [
      'a family anywhere but spot',
      [
        [
          { key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m7i'] },
          { key: LABEL_CAPACITY_TYPE, operator: 'NotIn', values: ['spot'] },
        ],
      ],
    ],
    ['GPU types (Exists)', [[{ key: 'karpenter.k8s.aws/instance-gpu-count', operator: 'Exists' }]]],
    [
      'types without a GPU (DoesNotExist)',
      [
        [
          { key: 'karpenter.k8s.aws/instance-gpu-count', operator: 'DoesNotExist' },
          { key: LABEL_ZONE, operator: 'In', values: ['us-east-1a'] },
        ],
      ],
    ],
    ['a label no type has', [[{ key: 'example.com/team', operator: 'In', values: ['a'] }]]],
    [
      'a beta alias of the instance type, or a CPU count',
      [
        [{ key: 'beta.kubernetes.io/instance-type', operator: 'In', values: ['c7i.large'] }],
        [{ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['64'] }],
      ],
    ],
    ['every offering', [[]]],
  ];

  it.each(scenarios)('marks the offerings the plain construction marks (%s)', (name, unavailable) => {
    const scenario = { name, unavailable };
    const got = unavailableOfferings(catalog, ZONES, scenario);
    const want = plainUnavailable(ZONES, scenario);
    expect(got.size).toBe(want.size);
    expect([...got].sort()).toEqual([...want].sort());
  });

  it('reads a zone or capacity-type label a catalog type carries as the plain construction does', () => {
    const base = catalog.byName.get('m7i.large')!;
    const types = [
      { ...base, name: 'x.zoned', labels: { ...base.labels, [LABEL_ZONE]: 'us-east-1b' } },
      { ...base, name: 'x.spot', labels: { ...base.labels, [LABEL_CAPACITY_TYPE]: 'spot' } },
      base,
    ];
    const small: Catalog = { ...catalog, types, byName: new Map(types.map((t) => [t.name, t])) };
    for (const unavailable of [
      [[{ key: LABEL_ZONE, operator: 'In', values: ['us-east-1b'] }]],
      [
        [
          { key: LABEL_CAPACITY_TYPE, operator: 'In', values: ['spot'] },
          { key: LABEL_ZONE, operator: 'NotIn', values: ['us-east-1c'] },
        ],
      ],
      [[{ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m7i'] }]],
    ]) {
      const scenario = { name: 'x', unavailable };
      const got = unavailableOfferings(small, ZONES, scenario);
      expect([...got].sort()).toEqual([...plainUnavailable(ZONES, scenario, types)].sort());
      expect(got.size).toBeGreaterThan(0);
    }
  });

  it('the scenarios above are not all or nothing', () => {
    const sizes = scenarios.map(
      ([name, unavailable]) => unavailableOfferings(catalog, ZONES, { name, unavailable }).size,
    );
    const all = catalog.types.length * ZONES.length * CAPACITY_TYPES.length;
    expect(sizes.filter((n) => n > 0 && n < all).length).toBeGreaterThanOrEqual(5);
    expect(sizes[sizes.length - 1]).toBe(all);
    expect(sizes[6]).toBe(0);
  });
});
