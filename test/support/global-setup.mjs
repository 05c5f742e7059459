// Jest global setup: bundles the action from src/ once per test run (the same esbuild settings as
// scripts/build.mjs), so end-to-end tests run the code under test rather than the committed dist/; it first makes the
// schema validators (src/generated/, not in git), which the sources import, and obtains the real renderers the tests
// run (scripts/test-tools.mjs: helm 3, helm 4, and kubectl when the PATH has none).
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureTools, TOOLS_DIR } from '../../scripts/test-tools.mjs';
import { generateAll } from '../../scripts/generate-validators.mjs';

export default async function globalSetup() {
  // Every temporary folder of the run (the tests' trees, the CLI's and the action's copies and homes) goes into one
  // folder that global-teardown.mjs removes: the workers inherit TMPDIR, and os.tmpdir() reads it. The suites left
  // tens of thousands of folders in /tmp over runs before.
  const runTmp = mkdtempSync(join(tmpdir(), 'kp-jest-'));
  process.env.KP_JEST_TMPDIR = runTmp;
  process.env.TMPDIR = runTmp;
  await generateAll();
  // The bundle is built (esbuild's own process) while the renderers are fetched.
  const bundled = build({
    entryPoints: ['src/github/bin.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: join('.tmp', 'test-bundle', 'index.mjs'),
    logLevel: 'error',
    external: ['@aws-sdk/*', '@kubernetes/client-node', '@cdktf/hcl2json'],
    banner: {
      js: "import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);",
    },
  });
  const tools = ensureTools({ dir: TOOLS_DIR, log: (m) => console.log(`\ntest-tools: ${m}`) });
  for (const [name, r] of Object.entries(tools))
    if (!r.bin) console.log(`\ntest-tools: ${name} is not available (${r.reason}); the tests that need it are skipped`);
  // kubectl obtained here (none on the PATH): `kubectl kustomize` tests find it on the PATH the workers inherit.
  if (tools.kubectl?.bin) process.env.PATH = `${dirname(tools.kubectl.bin)}:${process.env.PATH ?? ''}`;
  await bundled;
}
