/**
 * The run's time budget (`caps.runSeconds`, docs/security.md): when it ends, and the clock it is read with. Checked
 * between targets (run/execute.ts), before each render (sources/state.ts) and between the stages of a target's plan
 * (run/plan-states.ts); past it, the work not yet done is an `input-capped` error, never a killed job.
 */
import type { Finding } from './findings.js';

export interface Deadline {
  /** When the budget ends (ms since the epoch, as `now` counts). */
  atMs: number;
  /** The budget, in seconds (caps.runSeconds), for the messages. */
  seconds: number;
  /** The clock (Date.now; a test gives its own). */
  now: () => number;
}

export function timeIsUp(d: Deadline | undefined): boolean {
  return d !== undefined && d.now() > d.atMs;
}

/**
 * The error of work left undone because the budget ran out: judged new whatever base holds (the budget is the run's,
 * not a property of either state), so it fails the check rather than reading as pre-existing.
 */
export function outOfTimeFinding(d: Deadline, what: string, file: string | null = null): Finding {
  return {
    rule: 'input-capped',
    severity: 'error',
    file,
    line: file ? 1 : null,
    object: null,
    message: `${what}: the run's time budget, caps.runSeconds (${d.seconds} s), ran out; raise it in the base revision's configuration, or plan fewer targets per run (--target KEY)`,
    new: true,
  };
}
