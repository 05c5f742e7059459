// Jest global setup: bundles the action from src/ once per test run (the same esbuild settings as
// scripts/build.mjs), so end-to-end tests run the code under test rather than the committed dist/.
import { build } from 'esbuild';

export default async function globalSetup() {
  await build({
    entryPoints: ['src/github/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: '.tmp/test-bundle/index.mjs',
    logLevel: 'error',
    external: ['@aws-sdk/*', '@kubernetes/client-node'],
    banner: {
      js: "import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);",
    },
  });
}
