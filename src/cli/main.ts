/** The `karpenter-plan` command (loaded by cli/bin.ts, the entry point bundled to dist/cli.js). */
import { runCli } from './run.js';
import { errorMessage } from '../common/errors.js';
import { colorEnabled } from './terminal.js';

/** Runs the command of `process.argv` and writes its output; the exit code is set, never exited with (but EPIPE). */
export function main(): void {
  // A reader that stops early (`karpenter-plan diff … | head`) closes the pipe: that is not an error of the tool.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  const isTTY = process.stdout.isTTY === true;
  runCli(process.argv.slice(2), process.cwd(), undefined, {
    isTTY,
    color: colorEnabled(isTTY, process.env),
    progress: process.stderr,
  }).then(
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
}
