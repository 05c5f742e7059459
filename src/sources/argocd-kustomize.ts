/**
 * The edits Argo CD makes to a kustomization before it builds it, for an Application's `kustomize:` options
 * (util/kustomize/kustomize.go Build): `kustomize edit set nameprefix/namesuffix/namespace/image/replicas`,
 * `edit add label/annotation/component`, `patches` appended. They are applied to the renderer's temporary copy only.
 */
import { isObject } from '../common/fields.js';

/** Argo CD's changes to a kustomization before it is built (applied to the temporary copy only). */
export type KustomizationEdit = (kustomization: Record<string, unknown>) => void;

/** The edits Argo CD makes to a kustomization for an Application's `kustomize:` options (kustomize.go Build). */
export function kustomizeEdit(k: Record<string, unknown>): KustomizationEdit | null {
  const edits: KustomizationEdit[] = [];
  for (const key of ['namePrefix', 'nameSuffix', 'namespace'] as const) {
    const v = k[key];
    if (typeof v === 'string' && v) edits.push((doc) => void (doc[key] = v));
  }
  const upsert = (field: string, entries: Record<string, unknown>[]): KustomizationEdit => {
    return (doc) => {
      const list = Array.isArray(doc[field]) ? (doc[field] as unknown[]).filter(isObject) : [];
      for (const e of entries) {
        const idx = list.findIndex((x) => x.name === e.name);
        if (idx >= 0) list[idx] = { ...list[idx], ...e };
        else list.push(e);
      }
      doc[field] = list;
    };
  };
  if (Array.isArray(k.images)) {
    // `kustomize edit set image [name=]newName[:tag][@digest]`.
    const images = k.images
      .filter((x): x is string => typeof x === 'string')
      .map((spec) => {
        const eq = spec.indexOf('=');
        let rest = eq >= 0 ? spec.slice(eq + 1) : spec;
        const e: Record<string, unknown> = {};
        const at = rest.indexOf('@');
        if (at >= 0) {
          e.digest = rest.slice(at + 1);
          rest = rest.slice(0, at);
        }
        const colon = rest.lastIndexOf(':');
        if (colon > rest.lastIndexOf('/')) {
          e.newTag = rest.slice(colon + 1);
          rest = rest.slice(0, colon);
        }
        const name = eq >= 0 ? spec.slice(0, eq) : rest;
        if (eq >= 0) e.newName = rest;
        return { name, ...e };
      });
    if (images.length) edits.push(upsert('images', images));
  }
  if (Array.isArray(k.replicas)) {
    const replicas = k.replicas
      .filter(isObject)
      .filter((r) => typeof r.name === 'string')
      .map((r) => ({ name: r.name, count: typeof r.count === 'string' ? Number(r.count) : r.count }));
    if (replicas.length) edits.push(upsert('replicas', replicas));
  }
  const stringMap = (v: unknown): Record<string, string> =>
    isObject(v) ? Object.fromEntries(Object.entries(v).map(([a, b]) => [a, String(b)])) : {};
  const labels = stringMap(k.commonLabels);
  if (Object.keys(labels).length)
    edits.push((doc) => {
      // `edit add label --without-selector` writes a `labels:` entry; otherwise `commonLabels` (selectors too).
      if (k.labelWithoutSelector === true)
        doc.labels = [...(Array.isArray(doc.labels) ? doc.labels : []), { pairs: labels, includeSelectors: false }];
      else doc.commonLabels = { ...(isObject(doc.commonLabels) ? doc.commonLabels : {}), ...labels };
    });
  const annotations = stringMap(k.commonAnnotations);
  if (Object.keys(annotations).length)
    edits.push(
      (doc) =>
        void (doc.commonAnnotations = {
          ...(isObject(doc.commonAnnotations) ? doc.commonAnnotations : {}),
          ...annotations,
        }),
    );
  if (Array.isArray(k.patches) && k.patches.length)
    edits.push(
      (doc) => void (doc.patches = [...(Array.isArray(doc.patches) ? doc.patches : []), ...(k.patches as unknown[])]),
    );
  if (Array.isArray(k.components) && k.components.length)
    edits.push(
      (doc) =>
        void (doc.components = [
          ...(Array.isArray(doc.components) ? doc.components : []),
          ...(k.components as unknown[]),
        ]),
    );
  if (!edits.length) return null;
  return (doc) => edits.forEach((e) => e(doc));
}
