// Jest global teardown: removes the run's temporary folder (global-setup.mjs), with everything the suites left in it.
import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const dir = process.env.KP_JEST_TMPDIR;
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
