/**
 * The run's time budget (caps.runSeconds, docs/security.md) inside a stage: one simulation that would run for hours
 * (tens of thousands of pods, each on its own node) ends with a partial report and an input-capped error, never a
 * killed job (issue 26, "bounded work with an error, never a timeout"; hostile fuzz seed 26, cases 5801 and 9810).
 */
import { OutOfTime, TimeMeter, type Deadline } from '../../src/common/deadline.js';
import { executePlan } from '../../src/run/execute.js';
import { parseConfig } from '../../src/sources/config.js';
import { DirTree } from '../../src/sources/tree.js';
import { antiAffineWeb, simulateYaml, tempTree } from '../helpers.js';

/** A clock that reads `t0` for its first `ticks` readings and a day later after that; `readings` counts them. */
function steppedClock(ticks: number) {
  const t0 = Date.parse('2026-01-05T10:00:00Z');
  const c = { t0, readings: 0, now: () => (c.readings++ < ticks ? t0 : t0 + 86_400_000) };
  return c;
}

describe('TimeMeter', () => {
  test('reads the clock once every `every` units of work, and throws OutOfTime once the budget is past', () => {
    const clock = steppedClock(2);
    const meter = new TimeMeter({ atMs: clock.t0 + 60_000, seconds: 60, now: clock.now }, 256);
    // 2 × 256 units: two readings, both within the budget.
    for (let i = 0; i < 512; i++) meter.tick();
    expect(clock.readings).toBe(2);
    // The next 255 units read nothing; the 256th reads the clock a day later.
    for (let i = 0; i < 255; i++) meter.tick();
    expect(clock.readings).toBe(2);
    expect(() => meter.tick()).toThrow(OutOfTime);
  });

  test('without a deadline it never reads a clock', () => {
    const meter = new TimeMeter(undefined, 1);
    for (let i = 0; i < 10_000; i++) meter.tick();
  });
});

describe('the scheduler stops at the budget', () => {
  test('300 pods with hostname anti-affinity (one node each): OutOfTime at the 256th pod tried', () => {
    // The first reading, at the 256th pod, is already past the budget.
    const clock = steppedClock(0);
    const deadline: Deadline = { atMs: clock.t0 + 60_000, seconds: 60, now: clock.now };
    expect(() => simulateYaml(antiAffineWeb(300, 'kubernetes.io/hostname'), { deadline })).toThrow(OutOfTime);
    expect(clock.readings).toBe(1);
  });

  test('the same simulation with time left launches every node (300 pods, 300 NodeClaims)', () => {
    const clock = steppedClock(Infinity);
    const deadline: Deadline = { atMs: clock.t0 + 60_000, seconds: 60, now: clock.now };
    const { sim } = simulateYaml(antiAffineWeb(300, 'kubernetes.io/hostname'), { deadline });
    expect(sim.fleet).toHaveLength(300);
    // One reading per 256 pods tried (300 / 256 → 1), and one per 256 NodeClaims launched (1).
    expect(clock.readings).toBe(2);
  });
});

describe('a target whose simulation runs out of time in the middle', () => {
  test('a partial plan: the validation findings and an input-capped error naming the stage not finished, never a pass', async () => {
    const files = { 'all.yaml': antiAffineWeb(300, 'kubernetes.io/hostname') };
    const config = parseConfig('.karpenter-plan.yaml', 'caps: { runSeconds: 60 }\n', []);
    const messages: string[] = [];
    // Out of time at each clock reading in turn, until one falls inside a simulation.
    for (let ticks = 0; ticks < 30 && !messages.some((m) => m.includes('was not finished')); ticks++) {
      const clock = steppedClock(ticks);
      const plan = await executePlan({
        base: new DirTree(tempTree(files)),
        head: new DirTree(tempTree(files)),
        config,
        configFindings: [],
        cwd: '.',
        startedAtMs: clock.t0,
        clock: clock.now,
      });
      const capped = plan.findings.filter((f) => f.rule === 'input-capped');
      if (clock.readings <= ticks) break; // the clock never ran out
      expect(plan.verdict).toBe('fail');
      expect(capped).toHaveLength(1);
      expect(capped[0]).toMatchObject({ severity: 'error', new: true, file: null });
      messages.push(capped[0].message.slice(0, capped[0].message.indexOf(':')));
    }
    expect(messages).toContain('the simulation of head was not finished');
  });
});
