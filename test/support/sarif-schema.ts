/** The SARIF 2.1.0 JSON schema (as @microsoft/jest-sarif ships it), compiled once for the tests that validate logs. */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

let validate: ValidateFunction | null = null;

/** The schema's errors for a SARIF log (an empty list when it is valid). */
export function sarifSchemaErrors(log: unknown): unknown[] {
  if (!validate) {
    const schema = JSON.parse(
      readFileSync('node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', 'utf8'),
    );
    // The schema is draft-04 (which ajv 8 reads once its $schema is set aside; it uses no draft-04-only keyword).
    delete schema.$schema;
    schema.$id = schema.id;
    delete schema.id;
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
      validateSchema: false,
      unicodeRegExp: false,
    });
    validate = ajv.compile(schema);
  }
  return validate(log) ? [] : [...(validate.errors ?? [])];
}
