/**
 * The run's time budget (`caps.runSeconds`, docs/security.md): when it ends, and the clock it is read with. Checked
 * between targets (run/execute.ts), before each render (sources/render-budget.ts) and between the stages of a target's plan
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

/**
 * Thrown by the model's long loops (the scheduler's queue, the launches, consolidation's trials) when the budget ran
 * out in the middle of a stage; the run turns it into the plan of a target whose time ran out (run/plan-states.ts),
 * so one stage that would run for hours still ends with a partial report and an error, never a killed job.
 */
export class OutOfTime extends Error {
  constructor() {
    super("the run's time budget (caps.runSeconds) ran out");
    this.name = 'OutOfTime';
  }
}

/**
 * Reads the clock every `every` units of work (a pod tried, a NodeClaim launched), so a loop checks its budget at a
 * cost that does not show; past the budget, `tick` throws OutOfTime. Without a deadline it never reads the clock.
 */
export class TimeMeter {
  private n = 0;
  constructor(
    private readonly deadline: Deadline | undefined,
    private readonly every = 256,
  ) {}
  tick(): void {
    if (this.deadline && ++this.n % this.every === 0 && timeIsUp(this.deadline)) throw new OutOfTime();
  }
}
