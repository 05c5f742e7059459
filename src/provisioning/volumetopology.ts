/**
 * Volume topology (karpenter pkg/controllers/provisioning/scheduling/volumetopology.go): the node requirements a pod's
 * volumes impose, as OR-ed alternatives (VolumeTopology.GetRequirements), and the part of the pod's validation that
 * concerns its claims (ValidatePersistentVolumeClaims).
 *
 * - Per volume (getRequirements): the claim (`persistentVolumeClaim.claimName`, or `<pod>-<volume>` for an ephemeral
 *   volume, volume.go GetPersistentVolumeClaim); a claim with `volumeName` takes the PV's
 *   `spec.nodeAffinity.required` terms, one alternative per term (getPersistentVolumeRequirements; a local or hostPath
 *   PV drops its hostname expressions, and a term left empty allows any node); an unbound claim takes its
 *   StorageClass's `allowedTopologies`, one alternative per term, each expression `key In values`
 *   (getStorageClassRequirements).
 * - Across volumes (mergeVolumeRequirementAlternatives): the cross product, keeping the compatible branches only, or all
 *   of them when none is compatible.
 * - The alternatives go to the node's requirements only (nodeclaim.go / existingnode.go tryVolumeAlternative): the first
 *   alternative with which the pod fits wins; the pod's own requirements, and so its topology domains, are untouched.
 *
 * What a repository holds is not a cluster, so a few objects are taken as the cluster would have them (each stated in
 * the report's assumptions): a StatefulSet's claims `<template>-<statefulset>-<ordinal>` and an ephemeral volume's claim
 * are made from their templates when the manifests do not hold them (the StatefulSet and ephemeral controllers create
 * them before the pod is pending); a claim without `storageClassName` gets the default StorageClass among the manifests
 * (the DefaultStorageClass admission plugin); a claim with `volumeName` counts as bound (the PV controller completes the
 * binding); a claim, PV or StorageClass missing from the manifests is assumed to exist in the cluster without topology,
 * where Karpenter would skip the pod (ValidatePersistentVolumeClaims); an unbound claim of an Immediate StorageClass is
 * taken as bound to a volume somewhere in the class's allowedTopologies, where the pod waits in a live cluster until
 * the provisioner has bound it.
 */
import { assumption, type Assumption } from '../common/assumptions.js';
import type { NodeSelectorRequirement } from '../api/nodeselector.js';
import type { PersistentVolumeClaim, StorageClass, StorageObjects } from '../api/storage.js';
import type { PodTemplate, Workload } from '../api/workload.js';
import { LABEL_HOSTNAME, normalizeKey } from '../api/labels.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';

/** Beyond this many alternatives (a cross product of many multi-term volumes) the rest are not tried. */
export const MAX_VOLUME_ALTERNATIVES = 256;

/** What the volumes of a state left to assumption, for the report's assumptions. */
export class VolumeNotes {
  readonly missingClaims = new Set<string>();
  readonly missingVolumes = new Set<string>();
  readonly missingClasses = new Set<string>();
  readonly immediate = new Set<string>();
  readonly templated = new Set<string>();
  readonly noDefaultClass = new Set<string>();
  readonly defaultClassChosen = new Set<string>();
  readonly capped = new Set<string>();
  readonly prebound = new Set<string>();

  notes(): Assumption[] {
    const out: Assumption[] = [];
    const sorted = (x: Set<string>) => [...x].sort();
    if (this.templated.size) out.push(assumption('volumes-templated', { workloads: sorted(this.templated) }));
    if (this.prebound.size) out.push(assumption('volumes-prebound', { claims: sorted(this.prebound) }));
    if (this.missingClaims.size) out.push(assumption('volumes-missing-claims', { claims: sorted(this.missingClaims) }));
    if (this.missingVolumes.size)
      out.push(assumption('volumes-missing-volumes', { volumes: sorted(this.missingVolumes) }));
    if (this.missingClasses.size)
      out.push(assumption('volumes-missing-classes', { classes: sorted(this.missingClasses) }));
    if (this.noDefaultClass.size)
      out.push(assumption('volumes-no-default-class', { claims: sorted(this.noDefaultClass) }));
    if (this.defaultClassChosen.size)
      out.push(assumption('volumes-several-defaults', { classes: sorted(this.defaultClassChosen) }));
    if (this.immediate.size) out.push(assumption('volumes-immediate', { claims: sorted(this.immediate) }));
    if (this.capped.size)
      out.push(assumption('volumes-capped', { workloads: sorted(this.capped), max: MAX_VOLUME_ALTERNATIVES }));
    return out;
  }
}

type Alternative = NodeSelectorRequirement[];

/** The requirements of one claim (getRequirements), or an error that makes the pod invalid, or null for none. */
function claimRequirements(
  claim: Pick<PersistentVolumeClaim, 'storageClassName' | 'volumeName'>,
  label: string,
  storage: StorageObjects,
  notes: VolumeNotes,
): { alts: Alternative[] | null; invalid?: string } {
  if (claim.volumeName) {
    const pv = storage.volumes.get(claim.volumeName);
    if (!pv) {
      notes.missingVolumes.add(claim.volumeName);
      return { alts: null };
    }
    notes.prebound.add(label);
    // getPersistentVolumeRequirements: no required node affinity, no requirement.
    if (!pv.terms) return { alts: null };
    const alts: Alternative[] = [];
    for (const term of pv.terms) {
      let reqs = term;
      if (pv.localOrHostPath) {
        // A local or hostPath volume's hostname affinity is ignored: the pod is rescheduled to a new node.
        reqs = term.filter((r) => normalizeKey(r.key) !== LABEL_HOSTNAME);
        if (term.length > 0 && reqs.length === 0) {
          alts.push([]);
          continue;
        }
      }
      if (reqs.length > 0) alts.push(reqs);
    }
    return { alts: alts.length ? alts : null };
  }
  let scName = claim.storageClassName;
  if (scName === undefined) {
    // The DefaultStorageClass admission plugin sets the default class on a claim created without one.
    const defaults = [...storage.classes.values()].filter((c) => c.isDefault);
    if (!defaults.length) {
      notes.noDefaultClass.add(label);
      return { alts: null };
    }
    if (defaults.length > 1) for (const d of defaults) notes.defaultClassChosen.add(d.name);
    scName = defaults[defaults.length - 1].name;
  }
  // ValidatePersistentVolumeClaims: "unbound pvc must define a storage class".
  if (scName === '') return { alts: null, invalid: `unbound pvc ${label} must define a storage class` };
  const sc = storage.classes.get(scName);
  if (!sc) {
    notes.missingClasses.add(scName);
    return { alts: null };
  }
  if (sc.bindingMode === 'Immediate') notes.immediate.add(label);
  return { alts: storageClassRequirements(sc) };
}

/** getStorageClassRequirements: each allowedTopologies term an alternative, each expression `key In values`. */
function storageClassRequirements(sc: StorageClass): Alternative[] | null {
  const alts: Alternative[] = [];
  for (const term of sc.allowedTopologies) {
    const reqs = term.map((e) => ({ key: e.key, operator: 'In', values: e.values }));
    if (reqs.length > 0) alts.push(reqs);
  }
  return alts.length ? alts : null;
}

const asRequirements = (alt: Alternative): Requirements => Requirements.fromNodeSelectorRequirements(alt);

/** mergeVolumeRequirementAlternatives: the compatible branches of the cross product, else all of them. */
function merge(alternatives: Alternative[] | null, vol: Alternative[]): Alternative[] {
  if (alternatives === null) return vol.map((v) => [...v]);
  const compatible: Alternative[] = [];
  for (const a of alternatives)
    for (const v of vol) if (asRequirements(a).intersectsOk(asRequirements(v))) compatible.push([...a, ...v]);
  if (compatible.length) return compatible;
  const all: Alternative[] = [];
  for (const a of alternatives) for (const v of vol) all.push([...a, ...v]);
  return all;
}

/** One replica's claims, in the order of the pod's volumes. */
interface ClaimRef {
  label: string;
  claim: Pick<PersistentVolumeClaim, 'storageClassName' | 'volumeName'> | null;
  /** The claim is made from a template when not found under its name. */
  fromTemplate?: Pick<PersistentVolumeClaim, 'storageClassName' | 'volumeName'>;
}

/** The claims of replica `ordinal` (StatefulSet) or of any replica (other kinds). */
function claimsOf(w: Workload, ordinal: number, storage: StorageObjects): ClaimRef[] {
  const out: ClaimRef[] = [];
  const ns = w.namespace;
  const templates = w.claimTemplates ?? [];
  const templateNames = new Set(templates.map((t) => t.name));
  for (const v of w.pod.volumes ?? []) {
    // The StatefulSet controller replaces a pod volume named like a claim template (stateful_set_utils.go updateStorage).
    if (templateNames.has(v.name)) continue;
    if ('claimName' in v) {
      const label = `${ns}/${v.claimName}`;
      out.push({ label, claim: storage.claims.get(label) ?? null });
    } else {
      // Only a Pod's name is known; other pods' ephemeral claims are made from the template.
      const label = w.kind === 'Pod' ? `${ns}/${w.name}-${v.name}` : `${ns}/<pod>-${v.name}`;
      out.push({
        label,
        claim: w.kind === 'Pod' ? (storage.claims.get(label) ?? null) : null,
        fromTemplate: { ...v.ephemeral, volumeName: '' },
      });
    }
  }
  for (const t of templates) {
    const label = `${ns}/${t.name}-${w.name}-${ordinal}`;
    out.push({
      label,
      claim: storage.claims.get(label) ?? null,
      fromTemplate: {
        ...(t.storageClassName !== undefined ? { storageClassName: t.storageClassName } : {}),
        volumeName: '',
      },
    });
  }
  return out;
}

/** VolumeTopology.GetRequirements and the claim checks of ValidatePersistentVolumeClaims for one replica. */
function replicaRequirements(
  w: Workload,
  ordinal: number,
  storage: StorageObjects,
  notes: VolumeNotes,
): { alts: Alternative[] | null; invalid: string[] } {
  let alternatives: Alternative[] | null = null;
  const invalid: string[] = [];
  for (const ref of claimsOf(w, ordinal, storage)) {
    let claim = ref.claim;
    if (!claim && ref.fromTemplate) {
      notes.templated.add(`${w.kind} ${w.namespace}/${w.name}`);
      claim = ref.fromTemplate;
    }
    if (!claim) {
      notes.missingClaims.add(ref.label);
      continue;
    }
    const r = claimRequirements(claim, ref.label, storage, notes);
    if (r.invalid) invalid.push(r.invalid);
    if (!r.alts) continue;
    alternatives = merge(alternatives, r.alts);
    if (alternatives.length > MAX_VOLUME_ALTERNATIVES) {
      notes.capped.add(`${w.kind} ${w.namespace}/${w.name}`);
      alternatives = alternatives.slice(0, MAX_VOLUME_ALTERNATIVES);
    }
  }
  return { alts: alternatives, invalid };
}

/** A run of replicas that share one pod template (the same volume requirements). */
export interface ReplicaSegment {
  pod: PodTemplate;
  count: number;
}

/**
 * The workload's replicas with their volume requirements: one segment when every replica has the same (always, but
 * for a StatefulSet whose per-replica claims differ among the manifests). A workload without claims keeps its pod
 * template as it is.
 */
export function volumeSegments(w: Workload, storage: StorageObjects, notes: VolumeNotes): ReplicaSegment[] {
  if (!w.pod.volumes?.length && !w.claimTemplates?.length) return [{ pod: w.pod, count: w.replicas }];
  const withVolumes = (r: { alts: Alternative[] | null; invalid: string[] }): PodTemplate => ({
    ...w.pod,
    ...(r.invalid.length ? { invalid: [...w.pod.invalid, ...r.invalid] } : {}),
    ...(r.alts ? { volumeRequirements: r.alts } : {}),
  });
  // Replicas differ only through StatefulSet claims found under their per-ordinal names.
  const perOrdinal =
    w.claimTemplates?.length &&
    [...storage.claims.keys()].some((k) =>
      w.claimTemplates!.some((t) => k.startsWith(`${w.namespace}/${t.name}-${w.name}-`)),
    );
  if (!perOrdinal || w.replicas <= 1)
    return [{ pod: withVolumes(replicaRequirements(w, 0, storage, notes)), count: w.replicas }];
  const out: ReplicaSegment[] = [];
  let prevKey: string | null = null;
  for (let i = 0; i < w.replicas; i++) {
    const r = replicaRequirements(w, i, storage, notes);
    const key = JSON.stringify(r);
    if (key === prevKey) out[out.length - 1].count++;
    else out.push({ pod: withVolumes(r), count: 1 });
    prevKey = key;
  }
  return out;
}

const converted = new WeakMap<NodeSelectorRequirement[][], Requirements[]>();

/** The pod's volume alternatives as requirements (null: its volumes impose none). */
export function volumeAlternatives(pod: PodTemplate): Requirements[] | null {
  const alts = pod.volumeRequirements;
  if (!alts) return null;
  let out = converted.get(alts);
  if (!out) converted.set(alts, (out = alts.map(asRequirements)));
  return out;
}

/**
 * tryVolumeAlternative's first step (nodeclaim.go, existingnode.go): the node's requirements must be compatible with
 * the alternative, which then narrows them. `hostname`: a NodeClaim's placeholder hostname (NewNodeClaim adds
 * `kubernetes.io/hostname In [placeholder]` to its requirements), against which a volume's hostname affinity fails;
 * null for an existing node, whose requirements hold its hostname already.
 */
export function withVolumeAlternative(
  reqs: Requirements,
  alt: Requirements,
  allowUndefinedWellKnown: boolean,
  hostname: string | null,
): { ok: true; reqs: Requirements } | { ok: false; error: string } {
  let vol = alt;
  if (hostname !== null && alt.has(LABEL_HOSTNAME)) {
    const own = Requirement.of(LABEL_HOSTNAME, 'In', [hostname]);
    const h = alt.get(LABEL_HOSTNAME);
    if (!own.hasIntersection(h))
      return {
        ok: false,
        error: `incompatible volume requirements, key ${LABEL_HOSTNAME}, ${h.toString()} not in ${own.toString()}`,
      };
    vol = alt.clone();
    vol.delete(LABEL_HOSTNAME);
  }
  const err = reqs.compatible(vol, allowUndefinedWellKnown);
  if (err !== null) return { ok: false, error: `incompatible volume requirements, ${err}` };
  return { ok: true, reqs: reqs.clone().addAll(vol) };
}
