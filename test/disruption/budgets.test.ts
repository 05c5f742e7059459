/**
 * Budgets, schedules and the rollout estimate: karpenter pkg/apis/v1/nodepool.go Budget.GetAllowedDisruptions,
 * Budget.IsActive; pkg/controllers/disruption/helpers.go BuildDisruptionBudgetMapping;
 * pkg/controllers/disruption/drift.go Drift.ComputeCommands. Cases from pkg/apis/v1/nodepool_budgets_test.go,
 * pkg/controllers/disruption/suite_test.go and pkg/controllers/disruption/drift_test.go.
 */
import {
  allowedByBudgets,
  allowedDisruptions,
  compileBudgets,
  MAX_INT32,
  scaledNodes,
} from '../../src/disruption/budgets.js';
import { estimateRollout } from '../../src/disruption/rollout.js';
import { isActive, parseSchedule } from '../../src/disruption/budget-cron.js';
import type { Budget } from '../../src/api/nodepool.js';

const at = (s: string) => Date.parse(s);

describe('percentages round up (nodepool.go Budget.GetAllowedDisruptions)', () => {
  test.each([
    ['10%', 10, 1],
    ['10%', 11, 2],
    ['10%', 1, 1],
    ['50%', 3, 2],
    ['30%', 10, 3],
    ['0%', 10, 0],
    ['100%', 0, 0],
    ['10', 100, 10],
    ['100%', 100, 100],
    ['5', 2, 5],
  ])('%s of %s → %s', (n, nodes, want) => {
    expect(scaledNodes(n as string, nodes as number)).toBe(want);
  });
});

describe('budgets per reason (nodepool.go GetAllowedDisruptionsByReason; nodepool_budgets_test.go)', () => {
  const now = at('2000-06-15T12:30:30Z');
  const fixture: Budget[] = [
    { nodes: '10' },
    { nodes: '100' },
    { nodes: '100%' },
    { nodes: '15', reasons: ['Drifted', 'Underutilized'], schedule: '* * * * *', duration: '1h' },
    { nodes: '5', reasons: ['Drifted'], schedule: '* * * * *', duration: '1h' },
    { nodes: '0', reasons: ['Drifted', 'Underutilized', 'Empty'], schedule: '@weekly', duration: '1h' },
  ];
  test('minimum per reason with an added {Empty}: 4', () => {
    const b = compileBudgets([...fixture, { nodes: '4', reasons: ['Empty'], schedule: '* * * * *', duration: '1h' }]);
    expect(allowedByBudgets(b, 100, 'Empty', now)).toBe(4);
    expect(allowedByBudgets(b, 100, 'Drifted', now)).toBe(5);
    expect(allowedByBudgets(b, 100, 'Underutilized', now)).toBe(10);
  });
  test('the all-reason zero budget active → 0 for every reason', () => {
    const b = compileBudgets(fixture.map((x) => (x.nodes === '0' ? { ...x, schedule: '* * * * *' } : x)));
    for (const r of ['Empty', 'Drifted', 'Underutilized'] as const) expect(allowedByBudgets(b, 100, r, now)).toBe(0);
  });
  test('no active budget → MaxInt32', () => {
    const b = compileBudgets(fixture.map((x) => ({ ...x, schedule: '@yearly', duration: '1h' })));
    expect(allowedByBudgets(b, 100, 'Drifted', now)).toBe(MAX_INT32);
  });
  test('an invalid schedule or nodes value fails closed for every reason', () => {
    expect(
      allowedByBudgets(
        compileBudgets([{ nodes: '10' }, { nodes: '1', reasons: ['Empty'], schedule: '@wrongly', duration: '1h' }]),
        100,
        'Drifted',
        now,
      ),
    ).toBe(0);
    expect(allowedByBudgets(compileBudgets([{ nodes: '1000a%' }]), 100, 'Drifted', now)).toBe(0);
  });
  test('budgets: [] → unlimited; reasons: [] applies to no reason; reasons omitted applies to all', () => {
    expect(allowedByBudgets(compileBudgets([]), 10, 'Drifted', now)).toBe(MAX_INT32);
    expect(allowedByBudgets(compileBudgets([{ nodes: '0', reasons: [] }]), 10, 'Drifted', now)).toBe(MAX_INT32);
    expect(allowedByBudgets(compileBudgets([{ nodes: '0' }]), 10, 'Drifted', now)).toBe(0);
    expect(allowedByBudgets(compileBudgets([{ nodes: '0', reasons: ['Empty'] }]), 10, 'Drifted', now)).toBe(MAX_INT32);
  });
});

describe('subtraction (helpers.go BuildDisruptionBudgetMapping; disruption/suite_test.go)', () => {
  const b = compileBudgets([{ nodes: '100%' }]);
  test('100% of 10 with 1 deleting + 1 marked → 8; with 2 NotReady → 8', () => {
    expect(allowedDisruptions(b, 10, 2, 'Drifted', 0)).toBe(8);
  });
  test('10% with all 10 deleting → 0, never negative', () => {
    expect(allowedDisruptions(compileBudgets([{ nodes: '10%' }]), 10, 10, 'Drifted', 0)).toBe(0);
  });
});

describe('schedules (Budget.IsActive; nodepool_budgets_test.go): the cron library checked against robfig', () => {
  const active = (expr: string, dur: string, now: string) => {
    const p = parseSchedule(expr);
    if (!p.ok) throw new Error(p.error);
    const b = compileBudgets([{ nodes: '1', schedule: expr, duration: dur }])[0];
    return isActive(p.schedule, b.durationMs, at(now));
  };
  test('@yearly + 24h at Jan 1 12:00 → active; @daily + 48h → active', () => {
    expect(active('@yearly', '24h', '2000-01-01T12:00:00Z')).toBe(true);
    expect(active('@daily', '48h', '2000-06-15T12:00:00Z')).toBe(true);
  });
  test('30 6 * * SUN + 6h on a Sunday 00:00 → inactive', () => {
    expect(active('30 6 * * SUN', '6h', '2000-06-18T00:00:00Z')).toBe(false);
  });
  test('window boundaries: active at the hit, inactive exactly duration later', () => {
    expect(active('0 9 * * *', '8h', '2026-01-05T09:00:00Z')).toBe(true);
    expect(active('0 9 * * *', '8h', '2026-01-05T16:59:59Z')).toBe(true);
    expect(active('0 9 * * *', '8h', '2026-01-05T17:00:00Z')).toBe(false);
    expect(active('0 9 * * *', '8h', '2026-01-05T08:59:59Z')).toBe(false);
  });
  test('ranges and names: mon-fri excludes Saturday; 0-6 day numbers; month names', () => {
    expect(active('0 9 * * mon-fri', '8h', '2026-01-09T10:00:00Z')).toBe(true); // Friday
    expect(active('0 9 * * mon-fri', '8h', '2026-01-10T10:00:00Z')).toBe(false); // Saturday
    expect(active('0 0 * JAN *', '24h', '2026-01-20T10:00:00Z')).toBe(true);
    expect(active('0 0 * JAN *', '24h', '2026-02-20T10:00:00Z')).toBe(false);
  });
  test('day-of-month and day-of-week both restricted: either matches (OR)', () => {
    expect(active('0 0 1 * mon', '1h', '2026-01-05T00:30:00Z')).toBe(true); // a Monday, not the 1st
    expect(active('0 0 1 * mon', '1h', '2026-01-01T00:30:00Z')).toBe(true); // the 1st, a Thursday
    expect(active('0 0 1 * mon', '1h', '2026-01-06T00:30:00Z')).toBe(false);
  });
  test('always UTC', () => {
    expect(active('0 0 * * *', '1h', '2026-01-05T00:30:00+09:00')).toBe(false); // 15:30 UTC
  });
  test.each(['0 0 * * tue-mon', '0 0 0 * * *', '@wrongly', '0 0 * * 7', '0 0 L * *', '61 0 * * *', '@daily junk'])(
    '%s is rejected',
    (e) => {
      expect(parseSchedule(e).ok).toBe(false);
    },
  );
  test('? is *', () => {
    expect(active('0 0 ? * *', '1h', '2026-01-05T00:30:00Z')).toBe(true);
  });
});

describe('rollout estimates (disruption/drift.go Drift.ComputeCommands)', () => {
  const base = {
    nodes: 10,
    disrupting: 0,
    drifted: 10,
    empty: 0,
    start: at('2026-01-05T10:00:00Z'),
    minutesPerReplacement: 10,
    minutesToInitialize: 4,
    horizonMinutes: 14 * 1440,
    slowAfterMinutes: 24 * 60,
  };
  // BuildDisruptionBudgetMapping counts initialised nodes only, so each initialised replacement raises numNodes.
  test('steady 10% budget on 10 nodes: 1 allowed, and each initialised replacement lifts numNodes to 11', () => {
    const r = estimateRollout({ ...base, budgets: compileBudgets([{ nodes: '10%' }]) });
    expect(r).toMatchObject({ allowedNow: 1, verdict: 'ok', replaced: 10 });
    // Starts at 0, then at 4 (replacement 1 initialised: ceil(10% of 11) − 1 disrupting = 1), 10, 14, ...
    expect(r.waves.map((w) => (w.start - base.start) / 60000)).toEqual([0, 4, 10, 14, 20, 24, 30, 34, 40, 44]);
    expect(r.minutes).toBe(54);
  });
  test('steady "1" budget: strictly one at a time → 10 waves, 100 minutes', () => {
    const r = estimateRollout({ ...base, budgets: compileBudgets([{ nodes: '1' }]) });
    expect(r).toMatchObject({ allowedNow: 1, minutes: 100 });
    expect(r.waves).toHaveLength(10);
  });
  test('each wave names the budget in force when it starts: the minimum of the active ones (nodepool.go GetAllowedDisruptionsByReason)', () => {
    // Monday 10:00 UTC: the "0" window (09:00–17:00) is the minimum, so nothing starts; at 17:00 the window closes
    // and "30%" (index 1, ceil(30 % × 10) = 3) is below "50%" (index 0, 5): the first wave of 3 is allowed by index 1.
    const budgets = compileBudgets([
      { nodes: '50%' },
      { nodes: '30%' },
      { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' },
    ]);
    const r = estimateRollout({ ...base, budgets });
    expect(r.waves[0]).toMatchObject({ start: at('2026-01-05T17:00:00Z'), nodes: 3, budget: 1 });
    // No budget limits Drifted (`budgets: []`): every node at once, allowed by none.
    expect(estimateRollout({ ...base, budgets: compileBudgets([]) }).waves).toEqual([
      expect.objectContaining({ nodes: 10, budget: null }),
    ]);
  });
  test('30% of 10 → 3 at once (disruption/drift_test.go)', () => {
    const r = estimateRollout({ ...base, budgets: compileBudgets([{ nodes: '30%' }]) });
    expect(r.allowedNow).toBe(3);
    expect(r.minutes).toBeLessThanOrEqual(40);
  });
  test('business hours nodes "0" window: replacements wait for the evening', () => {
    const budgets = compileBudgets([{ nodes: '10%' }, { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' }]);
    const r = estimateRollout({ ...base, budgets });
    expect(r.allowedNow).toBe(0);
    expect(new Date(r.waves[0].start).toISOString()).toBe('2026-01-05T17:00:00.000Z');
    expect(r.verdict).toBe('ok');
    expect(r.minutes).toBe(7 * 60 + 54);
  });
  test('a budget that never opens → blocked', () => {
    const r = estimateRollout({ ...base, budgets: compileBudgets([{ nodes: '0' }]) });
    expect(r.verdict).toBe('blocked');
    expect(r.note).toMatch(/never allow/);
  });
  test('an invalid schedule blocks the rollout (fail closed)', () => {
    const r = estimateRollout({
      ...base,
      budgets: compileBudgets([{ nodes: '10%', schedule: '0 0 * * tue-mon', duration: '1h' }]),
    });
    expect(r.verdict).toBe('blocked');
    expect(r.note).toMatch(/invalid/);
  });
  test('budgets: [] → unlimited: everything at once', () => {
    const r = estimateRollout({ ...base, budgets: compileBudgets([]) });
    expect(r).toMatchObject({ verdict: 'unlimited', allowedNow: null, minutes: 10 });
    expect(r.waves).toHaveLength(1);
  });
  test('a 1-node-per-day window is slow', () => {
    const r = estimateRollout({
      ...base,
      budgets: compileBudgets(
        [{ nodes: '0' }, { nodes: '1', schedule: '0 2 * * *', duration: '10m' }].map((b, i) =>
          i === 0 ? { nodes: '0', schedule: '10 2 * * *', duration: '23h50m' } : b,
        ) as Budget[],
      ),
    });
    expect(r.verdict).toBe('slow');
    expect(r.replaced).toBe(10);
  });
  test('nothing drifted → none', () => {
    expect(estimateRollout({ ...base, drifted: 0, budgets: compileBudgets([{ nodes: '10%' }]) }).verdict).toBe('none');
  });
});
