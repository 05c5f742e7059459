/**
 * The assumptions are a closed vocabulary (src/common/assumptions.ts): every code is worded once
 * (assumption-wording.ts), listed in docs/assumptions.md and in the plan schema's `assumptionCodes`; the model records
 * codes, never sentences.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  addAssumptions,
  assumption,
  isStandingAssumption,
  STANDING_ASSUMPTION_CODES,
  type Assumption,
} from '../../src/common/assumptions.js';
import { ASSUMPTION_CODES, isAssumptionCode, wordAssumption } from '../../src/common/assumption-wording.js';
import type { SimulationResult } from '../../src/provisioning/types.js';
import type { Fleet } from '../../src/disruption/fleet.js';
import type { State } from '../../src/sources/state.js';
import { assumptionFields, withAssumptions } from '../../src/plan/assumptions.js';
import type { Plan } from '../../src/plan/contract.js';
import { assumptionLines } from '../../src/report/assumption-lines.js';

/** The rows of the docs' code table: code → standing (★). */
function documented(): Map<string, boolean> {
  const md = readFileSync('docs/assumptions.md', 'utf8');
  const rows = new Map<string, boolean>();
  for (const m of md.matchAll(/^\| `([a-z0-9-]+)`( ★)? \|/gm)) rows.set(m[1], m[2] !== undefined);
  return rows;
}

describe('the vocabulary', () => {
  test('every code has a wording, and only the vocabulary has one', () => {
    expect(ASSUMPTION_CODES.length).toBeGreaterThan(50);
    expect(new Set(ASSUMPTION_CODES).size).toBe(ASSUMPTION_CODES.length);
    for (const c of ASSUMPTION_CODES) expect(isAssumptionCode(c)).toBe(true);
    expect(isAssumptionCode('Zones: none configured or required; assumed us-east-1a.')).toBe(false);
    expect(isAssumptionCode('toString')).toBe(false);
  });

  test('every code has its row in docs/assumptions.md, the standing ones marked ★, and no row names another', () => {
    const rows = documented();
    expect([...rows.keys()].sort()).toEqual([...ASSUMPTION_CODES].sort());
    expect(
      [...rows]
        .filter(([, standing]) => standing)
        .map(([c]) => c)
        .sort(),
    ).toEqual([...STANDING_ASSUMPTION_CODES].sort());
  });

  test('the plan schema lists the same codes', () => {
    const schema = JSON.parse(readFileSync('schema/plan.schema.json', 'utf8')) as {
      properties: { assumptionCodes: { items: { properties: { code: { enum: string[] } } } } };
    };
    expect([...schema.properties.assumptionCodes.items.properties.code.enum].sort()).toEqual(
      [...ASSUMPTION_CODES].sort(),
    );
  });

  test('the standing ones are told by their code, and each is worded without parameters', () => {
    for (const c of STANDING_ASSUMPTION_CODES) {
      const a = { code: c, params: {} } as Assumption;
      expect(isStandingAssumption(a)).toBe(true);
      expect(wordAssumption(a).length).toBeGreaterThan(40);
    }
    expect(isStandingAssumption(assumption('pod-to-pod-with-snapshot'))).toBe(false);
  });
});

describe('wording', () => {
  // The lists are cut as the report always cut them: volumes after three sorted names with the count, nodes after
  // three with an ellipsis.
  test('parameters are worded, lists cut', () => {
    expect(
      wordAssumption(assumption('zones-assumed', { zones: ['eu-west-1a'], notZones: [], region: 'eu-west-1' })),
    ).toBe('Zones: none configured or required; assumed eu-west-1a.');
    expect(wordAssumption(assumption('volumes-prebound', { claims: ['d/x', 'a/x', 'c/x', 'b/x'] }))).toContain(
      '(a/x, b/x, c/x, … (4))',
    );
    expect(wordAssumption(assumption('fleet-nodes-unpriced', { nodes: ['n1', 'n2', 'n3', 'n4'] }))).toBe(
      'Fleet: no catalog price for 4 existing node(s) (n1, n2, n3, …); they are counted at $0/h.',
    );
    expect(wordAssumption(assumption('helm-unavailable', { binary: 'helm', chart: 'charts/app', adapter: 0 }))).toBe(
      'helm is not available (helm); chart charts/app was not rendered; values adapter #0 is used instead',
    );
  });
});

describe('plans', () => {
  const zones = assumption('region-zones', { region: 'us-east-1', zones: ['us-east-1a'] });
  test('the plan words the codes, lists the standing ones, and keeps the codes once each', () => {
    const f = assumptionFields([
      assumption('placement-empty-cluster'),
      zones,
      assumption('region-zones', { region: 'us-east-1', zones: ['us-east-1a'] }),
    ]);
    expect(f.assumptionCodes).toEqual([assumption('placement-empty-cluster'), zones]);
    expect(f.assumptions).toEqual(f.assumptionCodes.map(wordAssumption));
    expect(f.standingAssumptions).toEqual([wordAssumption(assumption('placement-empty-cluster'))]);
  });

  test('a note added to a plan (merged and multi-target runs) is deduplicated by code and parameters', () => {
    const plan = { ...assumptionFields([zones]) } as unknown as Plan;
    expect(withAssumptions(plan, [zones])).toBe(plan);
    const more = withAssumptions(plan, [assumption('region-zones', { region: 'us-east-1', zones: ['us-east-1b'] })]);
    expect(more.assumptionCodes).toHaveLength(2);
    expect(more.assumptions).toHaveLength(2);
    expect(addAssumptions([zones], [zones, zones])).toEqual([zones]);
  });

  test('renderers read the codes; a plan written before them keeps its lines and its standing list', () => {
    const plan = { ...assumptionFields([assumption('lowest-price-table'), zones]) } as unknown as Plan;
    expect(assumptionLines(plan)).toEqual([
      { text: plan.assumptions[0], standing: true },
      { text: plan.assumptions[1], standing: false },
    ]);
    const old = { assumptions: ['a', 'b'], standingAssumptions: ['b'] } as unknown as Plan;
    expect(assumptionLines(old)).toEqual([
      { text: 'a', standing: false },
      { text: 'b', standing: true },
    ]);
    const later = { assumptions: ['line'], assumptionCodes: [{ code: 'from-a-later-version', params: {} }] };
    expect(assumptionLines(later as unknown as Plan)).toEqual([{ text: 'line', standing: false }]);
  });
});

describe('producers push codes, never sentences', () => {
  test('the model lists are typed Assumption[]: a raw string does not compile', () => {
    // Each line below must stay a type error (npm run typecheck fails when one compiles).
    // @ts-expect-error a sentence is not an assumption
    const sim: SimulationResult['assumptions'] = ['Zones: none configured or required; assumed us-east-1a.'];
    // @ts-expect-error a sentence is not a fleet note
    const fleet: Fleet['notes'] = ['The fleet snapshot lists no Pods.'];
    // @ts-expect-error a sentence is not a state note
    const state: State['notes'] = ['helm is not available'];
    // @ts-expect-error a code needs its parameters
    const missing = assumption('zones-assumed');
    // @ts-expect-error parameters of another code
    const wrong = assumption('fleet-live', { nodes: 1 });
    expect([sim, fleet, state, missing, wrong]).toHaveLength(5);
  });

  test('no source outside the report pushes a string literal onto assumptions or notes', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir)) {
        const p = join(dir, e);
        if (statSync(p).isDirectory()) {
          if (e !== 'generated' && e !== 'report') walk(p);
        } else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk('src');
    const offenders = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\b(assumptions|notes)\.push\(\s*['"`]/g)].map((m) => `${f}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});
