// Jest transformer: TypeScript to ES modules with esbuild (already the bundler, scripts/build.mjs), one file at a
// time and without type information, as ts-jest did with `isolatedModules` (tsconfig.json) and `diagnostics: false`
// — `npm run typecheck` is what type-checks. ts-jest loaded the TypeScript compiler in every worker (about a second
// each) and transpiled several times slower; esbuild does a test file in milliseconds.
import { transformSync, version } from 'esbuild';
import { createHash } from 'node:crypto';

function options(filename) {
  return {
    loader: 'ts',
    format: 'esm',
    // The compiler options that change emitted code (tsconfig.json): ES2022 class fields, no downlevelling.
    target: 'es2022',
    // Keep `with { type: 'json' }` (ES2025, which es2022 would drop): jest warns on a JSON import without it.
    supported: { 'import-attributes': true },
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } },
    sourcemap: true,
    sourcefile: filename,
  };
}

export default {
  canInstrument: false,
  getCacheKey(source, filename, { configString }) {
    return createHash('sha256')
      .update(`esbuild ${version}\0${filename}\0${configString}\0`)
      .update(source)
      .digest('hex');
  },
  process(source, filename) {
    const { code, map } = transformSync(source, options(filename));
    return { code, map };
  },
};
