/**
 * The renders a run may start: caps.renders of them (counted over the run's states: kustomize and helm, base and head)
 * within its time budget (caps.runSeconds, common/deadline.ts).
 */
import { timeIsUp, outOfTimeFinding, type Deadline } from '../common/deadline.js';
import type { Finding } from '../common/findings.js';
import type { Config } from './config.js';

/** The renders started so far and the run's deadline (sources/state.ts LoadOptions). */
export interface RenderBudget {
  renders?: { count: number };
  deadline?: Deadline;
}

/**
 * Whether one more render fits under caps.renders and the run's time budget (checked before the render); past
 * either, an `input-capped` error on `file` and the render is not run (its files are not evaluated). Out of time, the
 * state is incomplete and not modelled (`capped`).
 */
export function renderAllowed(
  opts: RenderBudget,
  config: Config,
  state: { findings: Finding[]; capped?: string[] },
  file: string | null,
  what: string,
): boolean {
  if (opts.deadline && timeIsUp(opts.deadline)) {
    if (!(state.capped ??= []).includes('runSeconds')) state.capped.push('runSeconds');
    state.findings.push(outOfTimeFinding(opts.deadline, `${what} was not rendered`, file));
    return false;
  }
  opts.renders ??= { count: 0 };
  if (opts.renders.count < config.caps.renders) {
    opts.renders.count++;
    return true;
  }
  state.findings.push({
    rule: 'input-capped',
    severity: 'error',
    file,
    line: file ? 1 : null,
    object: null,
    message: `${what} was not rendered: this run already started ${config.caps.renders} renders (caps.renders)`,
  });
  return false;
}
