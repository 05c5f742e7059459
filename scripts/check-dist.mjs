// Fails when dist/ is stale: rebuilds into a temporary copy and compares with the committed files.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const saved = mkdtempSync(join(tmpdir(), 'kp-dist-'));
cpSync('dist', saved, { recursive: true });
execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const list = (d) =>
  readdirSync(d, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(d, join(e.parentPath ?? e.path, e.name)))
    .sort();
const a = list(saved),
  b = list('dist');
const problems = [];
for (const f of new Set([...a, ...b])) {
  if (!a.includes(f)) problems.push(`dist/${f} is missing from the committed dist/`);
  else if (!b.includes(f)) problems.push(`dist/${f} is committed but no longer built`);
  else if (!readFileSync(join(saved, f)).equals(readFileSync(join('dist', f))))
    problems.push(`dist/${f} differs from a fresh build`);
}
rmSync('dist', { recursive: true, force: true });
cpSync(saved, 'dist', { recursive: true });
rmSync(saved, { recursive: true, force: true });
if (problems.length) {
  console.error('dist/ is stale: run `npm run build` and commit dist/.\n' + problems.map((p) => `  - ${p}`).join('\n'));
  process.exit(1);
}
console.log('dist/ matches src/.');
