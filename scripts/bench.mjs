// npm run bench: the selection and drift benchmarks (bench/bench.ts, bundled with esbuild into .tmp/), then the bundled
// CLI on generated platform repositories (bench/scale.mjs; `npm run bench -- --update` records the plan hashes).
// Both write their figures to docs/performance.md.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { update: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('usage: npm run bench [-- --update]  (--update: record the plan hashes in bench/plan-hashes.json)');
  process.exit(0);
}

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
execFileSync(process.execPath, ['bench/scale.mjs', ...(values.update ? ['--update'] : [])], { stdio: 'inherit' });
