/**
 * The precompiled schema validators (src/generated/config-schema.validator.ts, src/generated/plan-schema.validator.ts)
 * and the types derived from the schemas (src/generated/*-schema.types.ts, which the validators guard) are build
 * output: made from schema/*.json by scripts/generate-validators.mjs before every compile, bundle, lint and test run,
 * and never tracked by git. They are what Ajv's standalone code generation makes of the schemas today, and
 * accept and refuse what a compiled schema does.
 */
import { Ajv } from 'ajv';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { validate as configValidate } from '../../src/generated/config-schema.validator.js';
import type { ConfigFile } from '../../src/generated/config-schema.types.js';

interface Validator {
  schema: string;
  out: string;
}
// @ts-expect-error -- a plain ESM script without types
const generator = (await import('../../scripts/generate-validators.mjs')) as {
  VALIDATORS: Validator[];
  GENERATED_DIR: string;
  generate(v: Validator): Promise<string>;
  isFresh(v: Validator): boolean;
};

test('the generated validators and types match the schemas (a stale one fails here)', async () => {
  for (const v of generator.VALIDATORS) {
    expect(generator.isFresh(v)).toBe(true);
    expect(readFileSync(v.out, 'utf8')).toBe(await generator.generate(v));
  }
});

test('the generated validators live in an ignored folder and git tracks no generated validator', () => {
  if (!existsSync('.git')) return; // an unpacked tarball: nothing is tracked
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });
  expect(
    git('ls-files', '--', 'src')
      .split('\n')
      .filter((f) => /validator|^src\/generated\//.test(f)),
  ).toEqual([]);
  for (const v of generator.VALIDATORS) {
    expect(v.out.startsWith(generator.GENERATED_DIR + '/')).toBe(true);
    // check-ignore exits 0 (and names the file) when a rule of .gitignore covers it.
    expect(git('check-ignore', '--no-index', v.out).trim()).toBe(v.out);
  }
});

test('the precompiled config validator agrees with a freshly compiled schema', () => {
  const schema = JSON.parse(readFileSync('schema/config.schema.json', 'utf8'));
  const compiled = new Ajv({ allErrors: true, useDefaults: false, strict: false }).compile(schema);
  for (const doc of [
    {},
    { policy: { failOn: 'warning' } },
    { policy: { failOn: 'sometimes' } },
    { wieght: 1 },
    { rules: { x: 'loud' } },
  ]) {
    const ok = configValidate(doc);
    expect(ok).toBe(compiled(doc));
    expect(((configValidate as unknown as { errors: unknown[] | null }).errors ?? []).length).toBe(
      (compiled.errors ?? []).length,
    );
  }
});

test('the validators are guards of the types derived from the schemas: what validation accepts is the typed value', () => {
  const doc: unknown = { policy: { failOn: 'warning' } };
  if (!configValidate(doc)) throw new Error('a valid configuration was refused');
  // Compiles only because `validate` is a guard of ConfigFile (no cast).
  const typed: ConfigFile = doc;
  expect(typed.policy?.failOn).toBe('warning');
});

test('json-schema-to-typescript is a build tool: a devDependency, absent from the bundles', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  expect(pkg.devDependencies['json-schema-to-typescript']).toMatch(/^16\./);
  expect(pkg.dependencies?.['json-schema-to-typescript']).toBeUndefined();
  for (const f of ['dist/index.js', 'dist/cli.js'])
    if (existsSync(f)) expect(readFileSync(f, 'utf8')).not.toContain('json-schema-to-typescript');
});
