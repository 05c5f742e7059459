// npm run bench: bundles bench/bench.ts with esbuild into .tmp/ and runs it (figures go to docs/performance.md).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
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
