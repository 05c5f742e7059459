// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild: ESM, Node 20+,
// every dependency inlined so the action runs without node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  // The AWS SDK is only used by `catalog refresh` (a separate chunk); it is loaded from node_modules.
  external: ['@aws-sdk/*'],
  // Some bundled CommonJS dependencies call require(); give ESM output a real one.
  banner: { js: "import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);" },
};
await build({ ...common, entryPoints: { index: 'src/github/main.ts', cli: 'src/cli/main.ts' }, outdir: 'dist', splitting: true, chunkNames: 'chunks/[name]-[hash]' });
