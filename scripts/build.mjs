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
  // The AWS SDK (`catalog refresh`) and the Kubernetes client (`--kubeconfig`) are CLI-only and
  // loaded lazily from node_modules: bundled, the Kubernetes client alone would add 14 MB to dist/.
  external: ['@aws-sdk/*', '@kubernetes/client-node'],
  // Some bundled CommonJS dependencies call require(); give ESM output a real one.
  banner: {
    js: "import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);",
  },
};
await build({
  ...common,
  entryPoints: { index: 'src/github/main.ts', cli: 'src/cli/main.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
