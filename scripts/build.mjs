// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild: ESM, Node 20+, every dependency
// inlined, so the action runs without node_modules and the npm package has no runtime dependencies.
// The AWS SDK (`catalog refresh`) and the Kubernetes client (`cluster:` / `--kubeconfig`) are large and used by
// few runs: they are bundled apart, minified, into dist/vendor/ and loaded only when those features run.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { generateAll } from './generate-validators.mjs';

/** The lazily loaded packages, each bundled to dist/vendor/<file>.js. */
export const VENDORED = {
  '@kubernetes/client-node': 'kubernetes-client-node',
  '@aws-sdk/client-ec2': 'aws-sdk-client-ec2',
  '@aws-sdk/client-pricing': 'aws-sdk-client-pricing',
  '@cdktf/hcl2json': 'hcl2json/lib/index',
};

// The schema validators are build output (src/generated/, not in git): make them before bundling.
await generateAll();

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  splitting: true,
  metafile: true,
  // Some bundled CommonJS dependencies call require(); give ESM output a real one.
  banner: {
    js: "import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);",
  },
};

/**
 * Imports of a vendored package become imports of its dist/vendor/ file. The path is relative to the importing
 * chunk: modules that import them are loaded with import(), so esbuild puts them in dist/chunks/ (checked below).
 */
const vendorPlugin = {
  name: 'vendor',
  setup(b) {
    const filter = new RegExp(
      `^(${Object.keys(VENDORED)
        .map((k) => k.replace(/[/.]/g, '\\$&'))
        .join('|')})$`,
    );
    b.onResolve({ filter }, (args) => ({ path: `../vendor/${VENDORED[args.path]}.js`, external: true }));
  },
};

/**
 * The embedded instance-type catalog (src/cloudprovider/catalog.generated.json, ~340 KB, imported whole as the default
 * export) becomes `JSON.parse` of a string literal instead of an object literal: V8 scans a string and parses JSON
 * faster than it compiles and runs the same data as JavaScript (importing the catalog's chunk: 17.5 ms CPU as an object
 * literal, 9.3 ms as JSON.parse, medians of 15). The value is the same.
 */
const jsonAsStringPlugin = {
  name: 'json-as-string',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]cloudprovider[\\/]catalog\.generated\.json$/ }, (args) => {
      // Parsed and written again: whitespace dropped, and a malformed file fails the build as esbuild's loader would.
      const json = JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8')));
      return {
        contents: `export default JSON.parse(${JSON.stringify(json)});`,
        loader: 'js',
      };
    });
  },
};

rmSync('dist', { recursive: true, force: true });
await build({
  ...common,
  entryPoints: Object.fromEntries(
    Object.entries(VENDORED)
      .filter(([pkg]) => pkg !== '@cdktf/hcl2json')
      .map(([pkg, file]) => [file, pkg]),
  ),
  outdir: 'dist/vendor',
  chunkNames: 'shared-[hash]',
  minify: true,
  // The ES module builds, so that the vendored files export the packages' named exports.
  mainFields: ['module', 'main'],
});
// HashiCorp's HCL parser (Terraform inputs, sources/terraform-eval.ts) reads its WebAssembly from beside its own code
// (`join(__dirname, '..', 'main.wasm.gz')`): the bundle's __dirname is the folder the package's lib/ would be, and the
// module sits next to it, as in the package.
await build({
  ...common,
  splitting: false,
  entryPoints: { 'hcl2json/lib/index': '@cdktf/hcl2json' },
  outdir: 'dist/vendor',
  minify: true,
  // Go's wasm_exec falls back to a `performance` package where Node has no global one (Node ≥ 16 has).
  external: ['performance'],
  banner: {
    js: `${common.banner.js} import { fileURLToPath as __kpPath } from 'node:url'; import { dirname as __kpDir } from 'node:path'; const __dirname = __kpDir(__kpPath(import.meta.url));`,
  },
});
cpSync('node_modules/@cdktf/hcl2json/main.wasm.gz', 'dist/vendor/hcl2json/main.wasm.gz');
const main = await build({
  ...common,
  entryPoints: { index: 'src/github/bin.ts', cli: 'src/cli/bin.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [vendorPlugin, jsonAsStringPlugin],
});
for (const [file, out] of Object.entries(main.metafile.outputs))
  for (const imp of out.imports)
    if (imp.path.startsWith('../vendor/') && !relative('dist', file).startsWith('chunks/'))
      throw new Error(`${file} imports ${imp.path} but is not in dist/chunks/: the relative path would not resolve`);
