/**
 * Temporary folders of the renderers (a chart's or a kustomization's copy of the state): removed when the render ends,
 * and — should the run be stopped by SIGTERM or SIGINT (a cancelled job) — on the way out, before the process exits
 * with the signal's conventional code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const live = new Set<string>();
let installed = false;

function removeAll(): void {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
  live.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)
    process.once(signal, () => {
      removeAll();
      process.exit(code);
    });
  process.once('exit', removeAll);
}

/** A new temporary folder, registered for removal on signals and exit. */
export function makeTempFolder(prefix: string): string {
  install();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  live.add(dir);
  return dir;
}

/** Removes a temporary folder made by makeTempFolder. */
export function removeTempFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  live.delete(dir);
}
