/**
 * Budget schedules (karpenter pkg/apis/v1/nodepool.go Budget.IsActive): `robfig/cron/v3` `ParseStandard("TZ=UTC " +
 * s)`: five fields `min hour dom month dow` or a descriptor (@yearly, @annually, @monthly, @weekly,
 * @daily, @midnight, @hourly), always UTC. A budget is active during [hit, hit + duration),
 * implemented as Next(now − duration) ≤ now (Next is strictly after its argument).
 *
 * Parsing and next-hit computation use the `cron-parser` library; robfig's stricter syntax is
 * enforced first (exactly five fields; only digits, names, `*`, `?`, `,`, `-`, `/`; day-of-week
 * 0–6), and test/disruption/budgets.test.ts checks the library against robfig/cron's semantics (dom/dow OR rule, ranges,
 * names, descriptors, boundaries).
 */
import { CronExpressionParser, type CronExpression } from 'cron-parser';
import { errorMessage } from '../common/errors.js';
import { own } from '../common/own.js';

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const BOUNDS: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];
const NAMES = [
  null,
  null,
  null,
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)$/i,
  /^(sun|mon|tue|wed|thu|fri|sat)$/i,
];

export interface Schedule {
  expression: string;
  /** Next hit strictly after `t` (ms), or null when the expression never fires. */
  next(t: number): number | null;
}

export type ParsedSchedule = { ok: true; schedule: Schedule } | { ok: false; error: string };

export function parseSchedule(input: string): ParsedSchedule {
  const s = input.trim();
  const expr = s.startsWith('@') ? own(DESCRIPTORS, s) : s;
  if (!expr) return { ok: false, error: `unrecognized descriptor: ${s}` };
  const fields = expr.split(/\s+/);
  if (fields.length !== 5) return { ok: false, error: `expected exactly 5 fields, found ${fields.length}: ${s}` };
  for (let i = 0; i < 5; i++) {
    for (const part of fields[i].split(',')) {
      const [range, step] = part.split('/');
      if (step !== undefined && !/^\d+$/.test(step)) return { ok: false, error: `invalid step "${part}"` };
      if (range === '*' || range === '?') continue;
      for (const v of range.split('-')) {
        if (/^\d+$/.test(v)) {
          const n = Number(v);
          if (n < BOUNDS[i][0] || n > BOUNDS[i][1])
            return { ok: false, error: `value ${v} out of range [${BOUNDS[i][0]}, ${BOUNDS[i][1]}] in "${fields[i]}"` };
        } else if (!NAMES[i]?.test(v)) {
          return { ok: false, error: `invalid value "${v}" in "${fields[i]}"` };
        }
      }
    }
  }
  let never = false;
  // Parsed once; each next() resets it to its argument (CronExpression.reset: the same as parsing with currentDate).
  let parsed: CronExpression | null = null;
  try {
    parsed = CronExpressionParser.parse(expr, { tz: 'UTC', currentDate: new Date(0) });
  } catch (e) {
    const msg = errorMessage(e);
    // robfig accepts impossible dates (e.g. 31 February): they simply never fire.
    if (/explicit day of month/i.test(msg)) never = true;
    else return { ok: false, error: msg };
  }
  const schedule: Schedule = {
    expression: expr,
    next: (t: number) => {
      if (never || !parsed) return null;
      try {
        parsed.reset(new Date(t));
        return parsed.next().getTime();
      } catch {
        return null;
      }
    },
  };
  return { ok: true, schedule };
}

/**
 * Whether a scheduled budget is active at `now` (ms): Next(now − duration) ≤ now. A schedule that
 * never fires returns robfig's zero time, which is not after now: active (the code's literal rule).
 */
export function isActive(schedule: Schedule, durationMs: number, now: number): boolean {
  const n = schedule.next(now - durationMs);
  if (n === null) return true;
  return n <= now;
}

const DAY_MS = 86_400_000;

/**
 * Active windows [start, end) intersecting [from, to), merged: the union of [hit, hit + duration) over the hits, the
 * windows in which Budget.IsActive (karpenter pkg/apis/v1/nodepool.go) holds, which
 * GetAllowedDisruptionsByReason uses to decide whether a budget applies.
 *
 * The search has no iteration guard at which a window would silently end (a budget of `nodes: "0"` active every
 * minute must stay active for the whole horizon, however long): it works a day at a time, using the cron's period.
 * In a five-field schedule (robfig/cron, always UTC) the minute and hour fields are the same on every day that fires,
 * and only the day fields (dom, month, dow) decide which days fire. So the hits of one firing day give the day's
 * windows once; every other firing day has the same windows shifted by whole days; and a day that does not fire is
 * skipped to the next hit. The work is one `next` per firing day plus at most 1,440 for the first day.
 */
export function activeWindows(schedule: Schedule, durationMs: number, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  if (durationMs <= 0 || to <= from) return out;
  const add = (w: [number, number]): void => {
    const last = out[out.length - 1];
    if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else out.push(w);
  };
  // Windows that reach into [from, to) start at a hit after from − duration.
  let day = Math.floor((from - durationMs) / DAY_MS) * DAY_MS;
  let profile: [number, number][] | null = null;
  while (day < to) {
    const h = schedule.next(day - 1);
    if (h === null) return [[from, to]]; // never fires: robfig's zero time, always active (isActive)
    if (h >= day + DAY_MS) {
      day = Math.floor(h / DAY_MS) * DAY_MS; // skip the days that do not fire
      continue;
    }
    if (!profile) {
      // The day's hits, as offsets from midnight, and their merged windows.
      profile = [];
      for (let x: number | null = h; x !== null && x < day + DAY_MS; x = schedule.next(x)) {
        const w: [number, number] = [x - day, x - day + durationMs];
        const last = profile[profile.length - 1];
        if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
        else profile.push(w);
      }
    }
    for (const [s, e] of profile) add([day + s, day + e]);
    day += DAY_MS;
  }
  return out.filter(([s, e]) => e > from && s < to);
}
