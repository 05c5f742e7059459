/**
 * The storage objects Karpenter reads to place a pod with volumes (karpenter
 * pkg/controllers/provisioning/scheduling/volumetopology.go): PersistentVolumeClaims (core/v1), PersistentVolumes
 * (core/v1, their `spec.nodeAffinity.required`) and StorageClasses (storage.k8s.io/v1, their `allowedTopologies` and
 * `volumeBindingMode`), and the volumes of a pod that name a claim (karpenter pkg/utils/volume/volume.go
 * GetPersistentVolumeClaim: `persistentVolumeClaim.claimName`, or the `<pod>-<volume>` claim of an ephemeral volume).
 * A malformed field is an `error` finding at the field; the object is kept with what could be read.
 */
import { FindingSink, type Finding, type SourceRef } from '../common/findings.js';
import { isObject, typeName } from '../common/fields.js';
import type { NodeSelectorRequirement } from './nodeselector.js';
import { readRequirements } from './validation.js';

export interface PersistentVolumeClaim {
  namespace: string;
  name: string;
  /** `spec.storageClassName`: undefined when absent (the DefaultStorageClass admission plugin fills it), '' when explicitly empty. */
  storageClassName?: string;
  /** `spec.volumeName`: the PV it is bound (or pre-bound) to, '' when none. */
  volumeName: string;
  source: SourceRef;
}

export interface PersistentVolume {
  name: string;
  /** `spec.nodeAffinity.required.nodeSelectorTerms` (OR-ed; each term's matchExpressions AND-ed); null when none. */
  terms: NodeSelectorRequirement[][] | null;
  /** `spec.local` or `spec.hostPath` is set: its hostname affinity is ignored (getPersistentVolumeRequirements). */
  localOrHostPath: boolean;
  source: SourceRef;
}

export interface StorageClass {
  name: string;
  provisioner: string;
  /** `volumeBindingMode`, defaulted to Immediate by the API server (storage/v1 SetDefaults_StorageClass). */
  bindingMode: 'Immediate' | 'WaitForFirstConsumer';
  /** Annotated `storageclass.kubernetes.io/is-default-class: "true"`. */
  isDefault: boolean;
  /** `allowedTopologies[].matchLabelExpressions` (terms OR-ed; expressions AND-ed, each `key In values`). */
  allowedTopologies: { key: string; values: string[] }[][];
  source: SourceRef;
}

/** The storage objects of a state. */
export interface StorageObjects {
  /** By `namespace/name`. */
  claims: Map<string, PersistentVolumeClaim>;
  volumes: Map<string, PersistentVolume>;
  classes: Map<string, StorageClass>;
}

export function emptyStorage(): StorageObjects {
  return { claims: new Map(), volumes: new Map(), classes: new Map() };
}

/** A pod volume that names a claim (volume.go GetPersistentVolumeClaim); other volume types have none. */
export type PodVolume =
  | { name: string; claimName: string }
  /** `ephemeral.volumeClaimTemplate`: its claim is `<pod>-<volume>`, made from the template by the ephemeral controller. */
  | { name: string; ephemeral: { storageClassName?: string } };

/** A StatefulSet's `volumeClaimTemplates[]`: each replica mounts the claim `<template>-<statefulset>-<ordinal>`. */
export interface ClaimTemplate {
  name: string;
  storageClassName?: string;
}

export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

function metaOf(raw: Record<string, unknown>): Record<string, unknown> {
  return isObject(raw.metadata) ? raw.metadata : {};
}

/** `storageClassName` as the API reads it: a string, or absent (null and a missing field are the same). */
function className(v: unknown, sink: FindingSink, path: (string | number)[]): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') {
    sink.error(`${path.join('.')} must be a string, got ${typeName(v)}`, path);
    return undefined;
  }
  return v;
}

export function parsePersistentVolumeClaim(
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): PersistentVolumeClaim | null {
  const meta = metaOf(raw);
  if (typeof meta.name !== 'string' || !meta.name) return null;
  const sink = new FindingSink(findings, source, `PersistentVolumeClaim/${meta.name}`);
  const spec = isObject(raw.spec) ? raw.spec : {};
  const sc = className(spec.storageClassName, sink, ['spec', 'storageClassName']);
  let volumeName = '';
  if (typeof spec.volumeName === 'string') volumeName = spec.volumeName;
  else if (spec.volumeName !== undefined && spec.volumeName !== null)
    sink.error(`spec.volumeName must be a string, got ${typeName(spec.volumeName)}`, ['spec', 'volumeName']);
  return {
    namespace: typeof meta.namespace === 'string' && meta.namespace ? meta.namespace : 'default',
    name: meta.name,
    ...(sc !== undefined ? { storageClassName: sc } : {}),
    volumeName,
    source,
  };
}

export function parsePersistentVolume(
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): PersistentVolume | null {
  const meta = metaOf(raw);
  if (typeof meta.name !== 'string' || !meta.name) return null;
  const sink = new FindingSink(findings, source, `PersistentVolume/${meta.name}`);
  const spec = isObject(raw.spec) ? raw.spec : {};
  let terms: NodeSelectorRequirement[][] | null = null;
  const na = spec.nodeAffinity;
  if (na !== undefined && na !== null) {
    if (!isObject(na)) sink.error(`spec.nodeAffinity must be an object, got ${typeName(na)}`, ['spec', 'nodeAffinity']);
    else if (na.required !== undefined && na.required !== null) {
      const req = na.required;
      const path = ['spec', 'nodeAffinity', 'required'];
      if (!isObject(req) || !Array.isArray(req.nodeSelectorTerms))
        sink.error(`${path.join('.')}.nodeSelectorTerms must be a list of node selector terms`, path);
      else {
        terms = [];
        req.nodeSelectorTerms.forEach((t, i) => {
          const tp = [...path, 'nodeSelectorTerms', i];
          if (!isObject(t)) {
            sink.error(`${tp.join('.')} must be an object with matchExpressions`, tp);
            return;
          }
          terms!.push(readRequirements(t.matchExpressions ?? [], sink, [...tp, 'matchExpressions'], 'pod'));
        });
      }
    }
  }
  return {
    name: meta.name,
    terms,
    localOrHostPath: isObject(spec.local) || isObject(spec.hostPath),
    source,
  };
}

export function parseStorageClass(
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): StorageClass | null {
  const meta = metaOf(raw);
  if (typeof meta.name !== 'string' || !meta.name) return null;
  const sink = new FindingSink(findings, source, `StorageClass/${meta.name}`);
  const annotations = isObject(meta.annotations) ? meta.annotations : {};
  let bindingMode: StorageClass['bindingMode'] = 'Immediate';
  const mode = raw.volumeBindingMode;
  if (mode === 'WaitForFirstConsumer') bindingMode = mode;
  else if (mode !== undefined && mode !== null && mode !== 'Immediate')
    sink.error(`volumeBindingMode must be Immediate or WaitForFirstConsumer, got ${JSON.stringify(mode)}`, [
      'volumeBindingMode',
    ]);
  const allowedTopologies: StorageClass['allowedTopologies'] = [];
  if (raw.allowedTopologies !== undefined && raw.allowedTopologies !== null) {
    if (!Array.isArray(raw.allowedTopologies))
      sink.error(`allowedTopologies must be a list, got ${typeName(raw.allowedTopologies)}`, ['allowedTopologies']);
    else
      raw.allowedTopologies.forEach((t, i) => {
        const tp = ['allowedTopologies', i, 'matchLabelExpressions'];
        const exprs = isObject(t) ? t.matchLabelExpressions : undefined;
        if (exprs !== undefined && exprs !== null && !Array.isArray(exprs)) {
          sink.error(`${tp.join('.')} must be a list of { key, values }`, tp);
          return;
        }
        const term: { key: string; values: string[] }[] = [];
        (Array.isArray(exprs) ? exprs : []).forEach((e, j) => {
          const ep = [...tp, j];
          if (!isObject(e) || typeof e.key !== 'string' || !e.key || !Array.isArray(e.values)) {
            sink.error(`${ep.join('.')} must have a key and a list of values`, ep);
            return;
          }
          term.push({ key: e.key, values: e.values.map(String) });
        });
        allowedTopologies.push(term);
      });
  }
  return {
    name: meta.name,
    provisioner: typeof raw.provisioner === 'string' ? raw.provisioner : '',
    bindingMode,
    isDefault: annotations[DEFAULT_CLASS_ANNOTATION] === 'true',
    allowedTopologies,
    source,
  };
}

/** The pod's volumes that name a claim (`spec.volumes[]`), with findings for malformed ones. */
export function parsePodVolumes(v: unknown, sink: FindingSink, path: (string | number)[]): PodVolume[] {
  if (!Array.isArray(v)) return [];
  const out: PodVolume[] = [];
  v.forEach((vol, i) => {
    if (!isObject(vol) || typeof vol.name !== 'string') return;
    const p = [...path, 'volumes', i];
    if (isObject(vol.persistentVolumeClaim)) {
      const claim = vol.persistentVolumeClaim.claimName;
      if (typeof claim !== 'string' || !claim)
        sink.error(`${p.join('.')}.persistentVolumeClaim.claimName is required`, [...p, 'persistentVolumeClaim']);
      else out.push({ name: vol.name, claimName: claim });
    } else if (isObject(vol.ephemeral)) {
      const tmpl = isObject(vol.ephemeral.volumeClaimTemplate) ? vol.ephemeral.volumeClaimTemplate : {};
      const spec = isObject(tmpl.spec) ? tmpl.spec : {};
      const sc = className(spec.storageClassName, sink, [
        ...p,
        'ephemeral',
        'volumeClaimTemplate',
        'spec',
        'storageClassName',
      ]);
      out.push({ name: vol.name, ephemeral: sc !== undefined ? { storageClassName: sc } : {} });
    }
  });
  return out;
}

/** A StatefulSet's `spec.volumeClaimTemplates`. */
export function parseClaimTemplates(v: unknown, sink: FindingSink): ClaimTemplate[] {
  if (!Array.isArray(v)) return [];
  const out: ClaimTemplate[] = [];
  v.forEach((t, i) => {
    const p = ['spec', 'volumeClaimTemplates', i];
    const meta = isObject(t) && isObject(t.metadata) ? t.metadata : {};
    if (typeof meta.name !== 'string' || !meta.name) {
      sink.error(`${p.join('.')}.metadata.name is required`, p);
      return;
    }
    const spec = isObject(t) && isObject(t.spec) ? t.spec : {};
    const sc = className(spec.storageClassName, sink, [...p, 'spec', 'storageClassName']);
    out.push({ name: meta.name, ...(sc !== undefined ? { storageClassName: sc } : {}) });
  });
  return out;
}
