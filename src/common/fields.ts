/**
 * Typed reading of decoded YAML/JSON objects: a field of the expected type, or a located error
 * worded as the API server words a schema violation. Shared by every API object and every source.
 */
import type { FindingSink } from './findings.js';

export type Path = (string | number)[];

/**
 * A plain mapping (what YAML and JSON maps become). Sets (`!!set`), dates (`!!timestamp`) and other class instances
 * are not: Kubernetes has no such values.
 */
export function isObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return typeof v;
}

/** Reads an optional field of an expected type; a wrong type is an error and yields undefined. */
export function field<T extends 'string' | 'number' | 'boolean' | 'object' | 'array'>(
  obj: Record<string, unknown>,
  key: string,
  type: T,
  sink: FindingSink,
  path: Path,
):
  | (T extends 'string'
      ? string
      : T extends 'number'
        ? number
        : T extends 'boolean'
          ? boolean
          : T extends 'object'
            ? Record<string, unknown>
            : unknown[])
  | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  const ok = type === 'array' ? Array.isArray(v) : type === 'object' ? isObject(v) : typeof v === type;
  if (!ok) {
    const want = type === 'array' ? 'a list' : type === 'object' ? 'an object' : `a ${type}`;
    sink.error(`${[...path, key].join('.')} must be ${want}, got ${typeName(v)}`, [...path, key]);
    return undefined;
  }
  return v as never;
}

export function stringMap(v: unknown, sink: FindingSink, path: Path): Record<string, string> {
  const out: Record<string, string> = {};
  if (v === undefined || v === null) return out;
  if (!isObject(v)) {
    sink.error(`${path.join('.')} must be a map of strings, got ${typeName(v)}`, path);
    return out;
  }
  for (const [k, val] of Object.entries(v)) {
    if (typeof val === 'string') out[k] = val;
    else if (typeof val === 'number' || typeof val === 'boolean') {
      sink.error(`${path.join('.')}.${k} must be a string (quote it: "${String(val)}")`, [...path, k]);
      out[k] = String(val);
    } else sink.error(`${path.join('.')}.${k} must be a string, got ${typeName(val)}`, [...path, k]);
  }
  return out;
}

export function checkPattern(v: unknown, re: RegExp, sink: FindingSink, path: Path, what: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') {
    sink.error(`${path.join('.')} must be a string (${what}), got ${typeName(v)}`, path);
    return undefined;
  }
  if (!re.test(v)) {
    sink.error(`${path.join('.')} "${v}" is invalid: ${what}`, path);
    return undefined;
  }
  return v;
}
