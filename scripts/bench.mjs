// npm run bench: the selection and drift benchmarks (bench/bench.ts, bundled with esbuild into .tmp/), then the bundled
// CLI on generated platform repositories (bench/scale.mjs; `npm run bench -- --update` records the plan hashes).
// Both write their figures to docs/performance.md.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
await build({
  entryPoints: ['bench/bench.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: '.tmp/bench.mjs',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);",
  },
});
execFileSync(process.execPath, ['.tmp/bench.mjs'], { stdio: 'inherit' });
execFileSync(process.execPath, ['bench/scale.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
