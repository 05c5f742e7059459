/**
 * Every Mermaid diagram of the examples' PR comments renders in a real headless Chromium (scripts/screenshots.mjs,
 * one browser for all comments). Skipped, with the reason printed, only when Chromium cannot be launched here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';

interface Rendered {
  name: string;
  diagrams: number;
  errors: string[];
}

test('the Mermaid diagrams of every example comment render in headless Chromium; a broken one fails', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kp-comments-'));
  try {
    const examples = readdirSync('examples').sort();
    for (const ex of examples) {
      const fleet = existsSync(`examples/${ex}/fleet.json`) ? ['--fleet', `examples/${ex}/fleet.json`] : [];
      const r = await runCli(
        [
          'diff',
          '--base',
          `examples/${ex}/base`,
          '--head',
          `examples/${ex}/head`,
          '--at',
          '2026-01-05T10:00:00Z',
          ...fleet,
        ],
        process.cwd(),
      );
      expect(r.exitCode).not.toBe(2);
      writeFileSync(join(dir, `${ex}.md`), r.stdout);
    }
    // A diagram Mermaid cannot parse: the check must report it (it is not a check that cannot fail).
    writeFileSync(
      join(dir, 'zz-broken.md'),
      '### broken\n\n```mermaid\npie showData title x\n    "a" : not-a-number\n```\n',
    );
    const run = spawnSync(process.execPath, ['scripts/screenshots.mjs', '--check', '--json', '--markdown', dir], {
      encoding: 'utf8',
      timeout: 150_000,
    });
    if (run.status === 3) {
      console.warn(`skipped: ${run.stderr.trim()}`);
      return;
    }
    expect(run.stderr).toMatch(/zz-broken: 1 diagram\(s\), 1 FAILED/);
    expect(run.status).toBe(1);
    const results = JSON.parse(run.stdout) as Rendered[];
    expect(results.map((r) => r.name)).toEqual([...examples, 'zz-broken']);
    for (const r of results.filter((x) => x.name !== 'zz-broken'))
      expect({ name: r.name, errors: r.errors }).toEqual({ name: r.name, errors: [] });
    // Charts appear only when they show a change: not every example has one, but some do, and they render.
    expect(results.filter((r) => r.name !== 'zz-broken' && r.diagrams > 0).length).toBeGreaterThan(0);
    expect(results.find((r) => r.name === 'zz-broken')?.errors).toHaveLength(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
