/**
 * The precompiled schema validators (src/sources/config-schema.validator.ts, src/plan/plan-schema.validator.ts) are
 * what Ajv's standalone code generation makes of the schemas today: a schema change without `npm run validators`
 * fails here. They also accept and refuse what a compiled schema does.
 */
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { validate as configValidate } from '../src/sources/config-schema.validator.js';

test('the generated validators match the schemas', async () => {
  // @ts-expect-error -- a plain ESM script without types
  const { VALIDATORS, generate } = await import('../scripts/generate-validators.mjs');
  for (const v of VALIDATORS as { out: string }[]) expect(readFileSync(v.out, 'utf8')).toBe(await generate(v));
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
