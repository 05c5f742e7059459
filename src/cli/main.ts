#!/usr/bin/env node
/** Entry point of the `karpenter-plan` command (bundled to dist/cli.js). */
import { runCli } from './run.js';
import { errorMessage } from '../common/errors.js';

// A reader that stops early (`karpenter-plan diff … | head`) closes the pipe: that is not an error of the tool.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

// Colours only on a terminal, and never when NO_COLOR is set to anything but '' (https://no-color.org).
const color = process.stdout.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== 'dumb';

runCli(process.argv.slice(2), process.cwd(), undefined, { color }).then(
  (r) => {
    if (r.stdout) process.stdout.write(r.stdout);
    if (r.stderr) process.stderr.write(r.stderr);
    process.exitCode = r.exitCode;
  },
  (e: unknown) => {
    process.stderr.write(`karpenter-plan: ${e instanceof Error && e.stack ? e.stack : errorMessage(e)}\n`);
    process.exitCode = 2;
  },
);
