/**
 * Where a field of a rendered kustomize object was set: the patch or the resource file, not a line of the rendered
 * stream. The rendering is asked to record each object's origin (kustomize's `buildMetadata: [originAnnotations]`,
 * written into the temporary copy only: api/internal/builtins/… `config.kubernetes.io/origin`, a `path:` relative to
 * the kustomization built). The annotation is removed before the object is read, so it changes nothing of the plan.
 * A field is located in the last patch of the kustomization and its bases (the overlay's first, as kustomize applies
 * the overlay's patches last) whose document names the object and sets that field, else in the origin file; anything
 * that cannot be traced (generated objects, JSON 6902 patches, a field set by no file) keeps its rendered position.
 */
import { posix } from 'node:path';
import { parseDocument } from 'yaml';
import type { Position, SourceRef } from '../common/findings.js';
import { isObject } from '../common/fields.js';
import type { Kustomization } from './kustomize.js';
import type { FileTree } from './tree.js';
import { parseYamlDocuments, type SourceDocument } from './yaml.js';

const ORIGIN = 'config.kubernetes.io/origin';

/** Adds `originAnnotations` to a kustomization's `buildMetadata` (the temporary copy's, before rendering). */
export function recordOrigins(kustomization: Record<string, unknown>): void {
  const meta = Array.isArray(kustomization.buildMetadata) ? kustomization.buildMetadata : [];
  if (!meta.includes('originAnnotations')) kustomization.buildMetadata = [...meta, 'originAnnotations'];
}

const indexes = new WeakMap<FileTree, OriginIndex>();

/** The origin index of a tree, made once: every target of a run traces to the same base files, parsed once. */
export function originIndex(tree: FileTree): OriginIndex {
  let out = indexes.get(tree);
  if (!out) indexes.set(tree, (out = new OriginIndex(tree)));
  return out;
}

/** Reads the files a rendering traces to, each parsed once. */
export class OriginIndex {
  private docs = new Map<string, SourceDocument[]>();
  constructor(private readonly tree: FileTree) {}

  documents(file: string): SourceDocument[] {
    let out = this.docs.get(file);
    if (!out) {
      const text = this.tree.read(file);
      out = text === null ? [] : parseYamlDocuments(file, text, []);
      this.docs.set(file, out);
    }
    return out;
  }

  /**
   * The source of one rendered object of the kustomization at `dir` (with its bases and components `parts`, the root
   * first): the origin annotation is taken out of `value`, and the returned source locates fields in the files that
   * set them.
   */
  sourceOf(
    value: Record<string, unknown>,
    rendered: SourceRef,
    dir: string,
    parts: readonly Kustomization[],
    labelAt?: (key: string) => Position | null,
  ): SourceRef {
    const meta = isObject(value.metadata) ? value.metadata : null;
    const annotations = meta && isObject(meta.annotations) ? meta.annotations : null;
    const origin = annotations && typeof annotations[ORIGIN] === 'string' ? annotations[ORIGIN] : null;
    if (annotations && origin !== null) {
      delete annotations[ORIGIN];
      if (!Object.keys(annotations).length) delete meta!.annotations;
    }
    if (origin === null) return rendered;
    let originPath: unknown;
    try {
      const o = parseDocument(origin).toJS() as unknown;
      originPath = isObject(o) ? o.path : undefined;
    } catch {
      return rendered;
    }
    if (typeof originPath !== 'string') return rendered;
    const file = posix.normalize(posix.join(dir, originPath));
    if (file.startsWith('../') || posix.isAbsolute(file)) return rendered;
    const kind = typeof value.kind === 'string' ? value.kind : '';
    const docs = this.documents(file).filter((d) => d.value.kind === kind);
    // The origin file names the object before any namePrefix/nameSuffix: the one document of its kind, else by name.
    const name = meta && typeof meta.name === 'string' ? meta.name : '';
    const own =
      docs.length === 1 ? docs[0] : docs.find((d) => isObject(d.value.metadata) && d.value.metadata.name === name);
    if (!own) return rendered;
    const originalName = isObject(own.value.metadata) ? own.value.metadata.name : undefined;
    const patches = this.patchesFor(kind, typeof originalName === 'string' ? originalName : name, parts);
    return {
      file,
      line: own.source.line,
      locate: (path): Position | null => {
        for (const p of patches)
          if (has(p.value, path)) {
            const pos = p.source.locate(path);
            if (pos) return { ...pos, file: p.source.file ?? undefined };
          }
        // A label the resource file does not set was added by a kustomization (commonLabels, labels).
        const label = has(own.value, path) ? null : this.labelSetBy(path, parts, labelAt);
        if (label) return label;
        const pos = own.source.locate(path);
        return pos ? { ...pos, file } : rendered.locate(path);
      },
    };
  }

  /**
   * Where a label that no resource or patch file sets comes from: the `commonLabels` or `labels[].pairs` entry of the
   * outermost kustomization (the root first: its labels are applied last, api/filters/labels) that names that key.
   * Only a path ending in `labels.<key>` (an object's, a pod template's or a selector's `matchLabels`) is traced.
   */
  private labelSetBy(
    path: readonly (string | number)[],
    parts: readonly Kustomization[],
    labelAt?: (key: string) => Position | null,
  ): Position | null {
    const key = path[path.length - 1];
    const parent = path[path.length - 2];
    if (typeof key !== 'string' || (parent !== 'labels' && parent !== 'matchLabels')) return null;
    // An Argo CD Application's `kustomize.commonLabels` are merged into the root kustomization: applied last.
    const fromApp = labelAt?.(key);
    if (fromApp) return fromApp;
    for (const k of parts) {
      const doc = this.documents(k.file)[0];
      if (!doc || !isObject(doc.value)) continue;
      const common = doc.value.commonLabels;
      if (isObject(common) && Object.hasOwn(common, key)) {
        const pos = doc.source.locate(['commonLabels', key]);
        if (pos) return { ...pos, file: k.file };
      }
      const labels = Array.isArray(doc.value.labels) ? doc.value.labels : [];
      for (let i = 0; i < labels.length; i++) {
        const l: unknown = labels[i];
        if (isObject(l) && isObject(l.pairs) && Object.hasOwn(l.pairs, key)) {
          const pos = doc.source.locate(['labels', i, 'pairs', key]);
          if (pos) return { ...pos, file: k.file };
        }
      }
    }
    return null;
  }

  /** Strategic-merge patch documents of the kustomizations that name the object (the overlay's first). */
  private patchesFor(kind: string, name: string, parts: readonly Kustomization[]): SourceDocument[] {
    const out: SourceDocument[] = [];
    for (const k of parts)
      for (const file of patchFiles(this.tree, k))
        for (const d of this.documents(file))
          if (d.value.kind === kind && isObject(d.value.metadata) && d.value.metadata.name === name) out.push(d);
    return out;
  }
}

/** The files a kustomization names as strategic-merge patches (`patches[].path` without `target`, the old list). */
function patchFiles(tree: FileTree, k: Kustomization): string[] {
  const text = tree.read(k.file);
  if (text === null || k.invalid !== null) return [];
  let doc: unknown;
  try {
    doc = parseDocument(text, { uniqueKeys: false }).toJS({ maxAliasCount: 1000 });
  } catch {
    return [];
  }
  if (!isObject(doc)) return [];
  const paths: string[] = [];
  for (const p of Array.isArray(doc.patches) ? doc.patches : [])
    if (isObject(p) && typeof p.path === 'string' && p.target === undefined) paths.push(p.path);
  for (const p of Array.isArray(doc.patchesStrategicMerge) ? doc.patchesStrategicMerge : [])
    if (typeof p === 'string' && !p.includes('\n')) paths.push(p);
  // Later patches win: the last one that sets a field is where it was set.
  return paths.reverse().map((p) => posix.normalize(posix.join(k.dir, p)));
}

/** Whether the value holds a node at exactly this path. */
function has(v: unknown, path: readonly (string | number)[]): boolean {
  let cur = v;
  for (const key of path) {
    if (Array.isArray(cur) && typeof key === 'number') cur = cur[key];
    else if (isObject(cur) && typeof key === 'string' && Object.hasOwn(cur, key)) cur = cur[key];
    else return false;
    if (cur === undefined) return false;
  }
  return true;
}
