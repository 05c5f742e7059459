/** What the CLI does differently on a terminal: colours, and progress on standard error for long runs. */

/**
 * Whether the text report is coloured: FORCE_COLOR (set, and not '0' or 'false') forces colours even into a pipe,
 * as Node's own tty.getColorDepth reads it; otherwise only on a terminal, never with NO_COLOR set to anything but ''
 * (https://no-color.org) or TERM=dumb.
 */
export function colorEnabled(isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}

/** Where progress goes: standard error, when it is a terminal. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** The current step (`rendering target 3/12 overlays/prod`); shown once the run has taken longer than a second. */
  report(message: string): void;
  /** Clears the progress line, if one was shown. */
  done(): void;
}

const NO_PROGRESS: Progress = { report: () => {}, done: () => {} };

/**
 * Progress on one line of a terminal's standard error, rewritten in place: nothing for a run shorter than
 * `thresholdMs`, nothing at all when standard error is not a terminal (logs and CI keep clean output). The planning is
 * synchronous, so the time is checked at each step rather than by a timer.
 */
export function progressLine(
  stream: ProgressStream | undefined,
  opts: { thresholdMs?: number; now?: () => number } = {},
): Progress {
  if (!stream || stream.isTTY !== true) return NO_PROGRESS;
  const now = opts.now ?? Date.now;
  const threshold = opts.thresholdMs ?? 1000;
  const start = now();
  let shown = false;
  let last = '';
  return {
    report(message) {
      last = message;
      if (now() - start < threshold) return;
      shown = true;
      stream.write(`\r\u001b[K${last} …`);
    },
    done() {
      if (shown) stream.write('\r\u001b[K');
      shown = false;
    },
  };
}
