/**
 * Field-level comparison of Kubernetes objects: the parts Karpenter reads and the paths whose values differ
 * (e.g. `spec.template.spec.expireAfter`). Used by the plan's object diff and by rules that explain a change.
 */
import { isObject } from './fields.js';

/** Paths whose values differ. Lists of scalars/objects compare as wholes at the list's path. */
export function changedPaths(a: unknown, b: unknown, prefix = ''): string[] {
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    const out: string[] = [];
    for (const k of keys) out.push(...changedPaths(a[k], b[k], prefix ? `${prefix}.${k}` : k));
    return out;
  }
  return deepEqual(a, b) ? [] : [prefix || '.'];
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a),
      kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

/** The parts of an object that Karpenter reads (drops status and server-managed metadata). */
export function relevantView(raw: Record<string, unknown>): Record<string, unknown> {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const view: Record<string, unknown> = { apiVersion: raw.apiVersion, kind: raw.kind, metadata: { name: meta.name } };
  if (isObject(meta.labels)) (view.metadata as Record<string, unknown>).labels = meta.labels;
  if (raw.spec !== undefined) view.spec = raw.spec;
  return view;
}
