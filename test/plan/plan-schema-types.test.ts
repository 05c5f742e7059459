/**
 * The plan's types are derived from schema/plan.schema.json (src/generated/plan-schema.types.ts, made by
 * scripts/generate-validators.mjs; test/api/validators.test.ts fails when they are stale), and src/plan/contract.ts
 * extends them only with what the schema leaves open. The compiler refuses an extension that contradicts the schema
 * (a JSON type it does not allow, a required key made optional). What it lets through, this test still refuses: it
 * reads the Plan type with the TypeScript compiler and walks it with the schema — wherever the schema describes an
 * object's properties, a property the type always has must be required, and the JSON types (string, number, null,
 * array, object; enum values) must be exactly the ones the schema allows, not fewer (a re-declared field narrower
 * than the schema says).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
};

const root = JSON.parse(readFileSync('schema/plan.schema.json', 'utf8')) as Schema & {
  definitions?: Record<string, Schema>;
};
// The ES2022 library alone, without the DOM and the @types packages (tsconfig.json's target; the plan's types use
// neither): a program of 62 files instead of 466, ~0.9 s of CPU instead of ~4.8 s. A type left unresolved would read as
// `any` and the comparison below would report it.
const program = ts.createProgram(['src/plan/contract.ts'], {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  types: [],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  noEmit: true,
  skipLibCheck: true,
});
const checker = program.getTypeChecker();

function exported(name: string): ts.Type {
  const file = program.getSourceFile('src/plan/contract.ts')!;
  const sym = checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).find((s) => s.name === name)!;
  return checker.getDeclaredTypeOfSymbol(sym);
}

function resolve(s: Schema): Schema {
  if (!s.$ref) return s;
  if (s.$ref === '#') return root;
  const name = s.$ref.replace('#/definitions/', '');
  return resolve(root.definitions![name]);
}

/** The members of a union (undefined dropped: an optional property's `| undefined`). */
function members(t: ts.Type): ts.Type[] {
  const all = t.isUnion() ? t.types : [t];
  return all.filter((m) => !(m.flags & ts.TypeFlags.Undefined));
}

/** The JSON types a TypeScript type allows ('number' covers the schema's 'integer'). */
function jsonType(m: ts.Type): string {
  if (m.flags & ts.TypeFlags.StringLike) return 'string';
  if (m.flags & ts.TypeFlags.NumberLike) return 'number';
  if (m.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (m.flags & ts.TypeFlags.Null) return 'null';
  if (checker.isArrayType(m) || checker.isTupleType(m)) return 'array';
  if (m.flags & ts.TypeFlags.Object) return 'object';
  return `unknown(${checker.typeToString(m)})`;
}

function jsonTypes(ms: ts.Type[]): Set<string> {
  return new Set(ms.map(jsonType));
}

function schemaTypes(s: Schema): Set<string> | null {
  s = resolve(s);
  if (s.oneOf || s.anyOf) {
    const parts = (s.oneOf ?? s.anyOf)!.map(schemaTypes);
    if (parts.some((p) => p === null)) return null;
    return new Set(parts.flatMap((p) => [...p!]));
  }
  if (s.type === undefined) {
    if (s.enum) return new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
    return null; // no type constraint: anything the type allows is valid
  }
  return new Set((Array.isArray(s.type) ? s.type : [s.type]).map((x) => (x === 'integer' ? 'number' : x)));
}

/** The string literals of a union, or null when it allows any string. */
function stringLiterals(ms: ts.Type[]): string[] | null {
  const strings = ms.filter((m) => m.flags & ts.TypeFlags.StringLike);
  if (strings.some((m) => !m.isStringLiteral())) return null;
  return strings.map((m) => (m as ts.StringLiteralType).value).sort();
}

/** The object members of a union: one, or several (a union discriminated by a field, e.g. an assumption's code). */
function objectParts(ms: ts.Type[]): ts.Type[] {
  return ms.filter((m) => m.flags & ts.TypeFlags.Object && !checker.isArrayType(m) && !checker.isTupleType(m));
}

/** A property over the object members: its symbols (absent from some members = optional) and its types' members. */
function propertyOf(objs: ts.Type[], name: string): { optional: boolean; types: ts.Type[] } | null {
  const props = objs.map((o) => o.getProperty(name));
  const present = props.filter((x): x is ts.Symbol => !!x);
  if (!present.length) return null;
  const optional = present.length < objs.length || present.some((x) => (x.flags & ts.SymbolFlags.Optional) !== 0);
  return { optional, types: present.flatMap((x) => members(checker.getTypeOfSymbol(x))) };
}

function arrayElement(ms: ts.Type[]): ts.Type | undefined {
  const arr = ms.find((m) => checker.isArrayType(m));
  return arr ? checker.getTypeArguments(arr as ts.TypeReference)[0] : undefined;
}

function compare(t: ts.Type, schema: Schema, path: string, problems: string[]): void {
  compareMembers(members(t), schema, path, problems);
}

/** Compares the members of a type with a schema; a `oneOf`/`anyOf` branch meets the members of its JSON types. */
function compareMembers(ms: ts.Type[], schema: Schema, path: string, problems: string[]): void {
  if (schema.$ref === '#' && path !== 'Plan') return; // the plan itself, compared at the root
  const s = resolve(schema);
  const branches = s.oneOf ?? s.anyOf;
  const st = schemaTypes(s);
  if (st) {
    const tt = jsonTypes(ms);
    const missing = [...st].filter((x) => !tt.has(x));
    const extra = [...tt].filter((x) => !st.has(x));
    if (missing.length || extra.length)
      problems.push(`${path}: schema allows [${[...st].sort()}], the type [${[...tt].sort()}]`);
  }
  if (s.enum && s.enum.every((v) => typeof v === 'string' || v === null)) {
    const lits = stringLiterals(ms);
    const values = (s.enum.filter((v) => v !== null) as string[]).sort();
    if (lits && JSON.stringify(lits) !== JSON.stringify(values))
      problems.push(`${path}: schema enum [${values}], the type [${lits}]`);
  }
  if (branches) {
    for (const b of branches) {
      const bt = schemaTypes(b);
      compareMembers(bt ? ms.filter((m) => bt.has(jsonType(m))) : ms, b, path, problems);
    }
    return;
  }
  const objs = objectParts(ms);
  const obj = objs[0];
  if (s.properties && obj) {
    const required = new Set(s.required ?? []);
    for (const [name, sub] of Object.entries(s.properties)) {
      const prop = propertyOf(objs, name);
      if (!prop) {
        problems.push(`${path}.${name}: in the schema, not in the type`);
        continue;
      }
      if (required.has(name) && prop.optional)
        problems.push(`${path}.${name}: required by the schema, optional in the type`);
      else if (!required.has(name) && !prop.optional)
        problems.push(`${path}.${name}: always present in the type, optional in the schema`);
      compareMembers(prop.types, sub, `${path}.${name}`, problems);
    }
    for (const name of required)
      if (!propertyOf(objs, name)) problems.push(`${path}.${name}: required by the schema, not in the type`);
  }
  if (s.items) {
    const el = arrayElement(ms);
    if (el) compare(el, s.items, `${path}[]`, problems);
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && obj) {
    const index = checker.getIndexInfoOfType(obj, ts.IndexKind.String);
    if (index) compare(index.type, s.additionalProperties, `${path}{}`, problems);
  }
}

test('the TypeScript Plan type and schema/plan.schema.json describe the same contract', () => {
  const problems: string[] = [];
  compare(exported('Plan'), root, 'Plan', problems);
  expect(problems).toEqual([]);
});

test('the comparison sees a difference: a schema field the type lacks, a changed enum, an optional required field', () => {
  const problems: string[] = [];
  const tampered: Schema = JSON.parse(JSON.stringify(root));
  tampered.properties!.invented = { type: 'string' };
  tampered.properties!.verdict = { type: 'string', enum: ['pass', 'fail', 'maybe'] };
  tampered.properties!.summary.required = [...tampered.properties!.summary.required!, 'probesOnly'];
  tampered.properties!.changed = { type: 'string' };
  compare(exported('Plan'), tampered, 'Plan', problems);
  expect(problems).toEqual(
    expect.arrayContaining([
      'Plan.invented: in the schema, not in the type',
      'Plan.verdict: schema enum [fail,maybe,pass], the type [fail,pass]',
      'Plan.summary.probesOnly: required by the schema, optional in the type',
      'Plan.changed: schema allows [string], the type [boolean]',
    ]),
  );
});
