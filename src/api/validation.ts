/**
 * Field checks shared by the Karpenter API objects: the CRD schema and CEL rules of karpenter pkg/apis/crds/ and
 * karpenter-provider-aws pkg/apis/crds/ (with hack/validation/ rules). A violation is an `error` finding located at the
 * field, worded as the API server would refuse it.
 */
import { FindingSink, type Finding, type SourceRef } from '../common/findings.js';
import {
  AWS,
  AWS_OVERLAY_ALLOW_LIST,
  AWS_REQUIREMENT_ALLOW_LIST,
  CAPACITY_TYPES,
  LABEL_CAPACITY_TYPE,
  LABEL_HOSTNAME,
  LABEL_NODEPOOL,
  labelDomain,
  normalizeKey,
  validateLabelKey,
  validateLabelValue,
} from './labels.js';
import { OPERATORS, type NodeSelectorRequirement } from './nodeselector.js';
import { suggestField, unknownFields } from './known-fields.js';
import { isObject, stringMap, typeName, type Path } from '../common/fields.js';

export type RequirementContext = 'nodepool' | 'overlay' | 'pod';

/**
 * Reads and validates a requirement list. NodePool rules: karpenter pkg/apis/crds/karpenter.sh_nodepools.yaml (CEL
 * yaml:287-343); NodeOverlay rules: karpenter.sh_nodeoverlays.yaml; pod rules: pkg/apis/v1/nodeclaim_validation.go
 * (`ValidateRequirement`). Every entry that is an object with a key and operator is returned (best effort), so the
 * model keeps evaluating after reporting the error.
 */
export function readRequirements(
  v: unknown,
  sink: FindingSink,
  path: Path,
  ctx: RequirementContext,
): NodeSelectorRequirement[] {
  const out: NodeSelectorRequirement[] = [];
  if (v === undefined || v === null) return out;
  if (!Array.isArray(v)) {
    sink.error(`${path.join('.')} must be a list of requirements, got ${typeName(v)}`, path);
    return out;
  }
  if (ctx !== 'pod' && v.length > 100) {
    sink.error(`${path.join('.')} has ${v.length} requirements; at most 100 are allowed`, path);
  }
  v.forEach((item, i) => {
    const p = [...path, i];
    if (!isObject(item)) {
      sink.error(`${p.join('.')} must be an object with key, operator and values`, p);
      return;
    }
    const req = validateRequirement(item, sink, p, ctx);
    if (req) out.push(req);
  });
  return out;
}

function validateRequirement(
  item: Record<string, unknown>,
  sink: FindingSink,
  p: Path,
  ctx: RequirementContext,
): NodeSelectorRequirement | null {
  const where = p.join('.');
  const key = item.key;
  const operator = item.operator;
  if (typeof key !== 'string' || key === '') {
    sink.error(`${where}.key is required and must be a string`, [...p, 'key']);
    return null;
  }
  if (typeof operator !== 'string') {
    sink.error(`${where}.operator is required and must be one of ${OPERATORS.join(', ')}`, [...p, 'operator']);
    return null;
  }
  let values: string[] = [];
  if (item.values !== undefined && item.values !== null) {
    if (!Array.isArray(item.values)) {
      sink.error(`${where}.values must be a list of strings`, [...p, 'values']);
    } else {
      values = item.values.map((x, j) => {
        if (typeof x !== 'string') {
          sink.error(`${where}.values[${j}] must be a string (quote it: "${String(x)}")`, [...p, 'values', j]);
        }
        return String(x);
      });
    }
  }
  if (!(OPERATORS as readonly string[]).includes(operator)) {
    sink.error(
      `${where}.operator "${operator}" is not supported: must be one of ${OPERATORS.join(', ')}` +
        (operator.toLowerCase() === 'in' || operator.toLowerCase() === 'notin'
          ? ' (operators are case-sensitive)'
          : ''),
      [...p, 'operator'],
    );
  }
  // Key syntax and restricted domains (karpenter pkg/apis/v1/labels.go IsRestrictedLabel, karpenter-provider-aws
  // hack/validation/requirements.sh).
  const nk = normalizeKey(key);
  if (key.length > 316) sink.error(`${where}.key is longer than 316 characters`, [...p, 'key']);
  const keyErr = validateLabelKey(key);
  if (keyErr) sink.error(`${where}.key: ${keyErr}`, [...p, 'key']);
  const domain = labelDomain(nk);
  if (nk === LABEL_HOSTNAME) {
    sink.error(`${where}.key "${key}" is restricted: Karpenter does not allow kubernetes.io/hostname here`, [
      ...p,
      'key',
    ]);
  } else if (nk === LABEL_NODEPOOL && ctx === 'nodepool') {
    sink.error(`${where}.key "${key}" is restricted: a NodePool cannot require karpenter.sh/nodepool`, [...p, 'key']);
  } else if (domain.endsWith('karpenter.sh') && nk !== LABEL_CAPACITY_TYPE && nk !== LABEL_NODEPOOL) {
    sink.error(`${where}.key "${key}" is in the restricted karpenter.sh domain`, [...p, 'key']);
  } else if (nk.startsWith(AWS) || domain.endsWith('.karpenter.k8s.aws')) {
    const allow = ctx === 'overlay' ? AWS_OVERLAY_ALLOW_LIST : AWS_REQUIREMENT_ALLOW_LIST;
    if (ctx !== 'pod' && !allow.has(nk)) {
      sink.error(
        `${where}.key "${key}" is in the restricted karpenter.k8s.aws domain and is not one of its well-known labels`,
        [...p, 'key'],
      );
    }
  }
  values.forEach((val, j) => {
    const e = validateLabelValue(val);
    if (e) sink.error(`${where}.values[${j}]: ${e}`, [...p, 'values', j]);
  });
  // Operator-specific CEL rules.
  if (operator === 'In' && values.length === 0) {
    sink.error(`${where}: operator In requires at least one value`, [...p, 'values']);
  }
  if (operator === 'NotIn' && values.length === 0 && ctx !== 'nodepool') {
    sink.error(`${where}: operator NotIn requires at least one value`, [...p, 'values']);
  }
  if ((operator === 'Exists' || operator === 'DoesNotExist') && values.length > 0 && ctx === 'pod') {
    sink.error(`${where}: operator ${operator} must not have values`, [...p, 'values']);
  }
  if (['Gt', 'Lt', 'Gte', 'Lte'].includes(operator)) {
    if (values.length !== 1) {
      sink.error(`${where}: operator ${operator} requires exactly one value, got ${values.length}`, [...p, 'values']);
    } else if (!/^\d+$/.test(values[0])) {
      sink.error(`${where}: operator ${operator} requires a non-negative integer value, got "${values[0]}"`, [
        ...p,
        'values',
        0,
      ]);
    }
  }
  let minValues: number | undefined;
  if (item.minValues !== undefined && item.minValues !== null) {
    if (ctx === 'overlay') {
      sink.error(`${where}.minValues is not a field of NodeOverlay requirements`, [...p, 'minValues']);
    } else if (typeof item.minValues !== 'number' || !Number.isInteger(item.minValues)) {
      sink.error(`${where}.minValues must be an integer`, [...p, 'minValues']);
    } else if (item.minValues < 1 || item.minValues > 50) {
      sink.error(`${where}.minValues must be between 1 and 50, got ${item.minValues}`, [...p, 'minValues']);
      minValues = item.minValues;
    } else {
      minValues = item.minValues;
      if (operator === 'In' && values.length < item.minValues) {
        sink.error(`${where}: operator In has ${values.length} value(s), fewer than minValues ${item.minValues}`, [
          ...p,
          'minValues',
        ]);
      }
    }
  }
  // validateWellKnownValues (karpenter pkg/apis/v1/nodeclaim_validation.go): capacity-type In with only unknown values.
  if (nk === LABEL_CAPACITY_TYPE && operator === 'In' && values.length > 0) {
    const valid = values.filter((x) => (CAPACITY_TYPES as readonly string[]).includes(x));
    if (valid.length === 0) {
      sink.error(
        `${where}: karpenter.sh/capacity-type values ${JSON.stringify(values)} are all unknown (on-demand, spot, reserved)`,
        [...p, 'values'],
      );
    } else if (minValues !== undefined && valid.length < minValues) {
      sink.error(`${where}: only ${valid.length} valid capacity types, fewer than minValues ${minValues}`, [
        ...p,
        'values',
      ]);
    }
  }
  return { key, operator, values, ...(minValues !== undefined ? { minValues } : {}) };
}

export interface Taint {
  key: string;
  value?: string;
  effect: string;
}

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

export function readTaints(v: unknown, sink: FindingSink, path: Path): Taint[] {
  const out: Taint[] = [];
  if (v === undefined || v === null) return out;
  if (!Array.isArray(v)) {
    sink.error(`${path.join('.')} must be a list of taints`, path);
    return out;
  }
  v.forEach((t, i) => {
    const p = [...path, i];
    if (!isObject(t)) {
      sink.error(`${p.join('.')} must be an object with key and effect`, p);
      return;
    }
    const key = typeof t.key === 'string' ? t.key : '';
    if (!key) sink.error(`${p.join('.')}.key is required`, [...p, 'key']);
    else {
      const e = validateLabelKey(key);
      if (e) sink.error(`${p.join('.')}.key: ${e}`, [...p, 'key']);
    }
    const effect = typeof t.effect === 'string' ? t.effect : '';
    if (!TAINT_EFFECTS.includes(effect)) {
      sink.error(
        `${p.join('.')}.effect must be one of ${TAINT_EFFECTS.join(', ')}, got ${JSON.stringify(t.effect ?? null)}`,
        [...p, 'effect'],
      );
    }
    const value = t.value === undefined || t.value === null ? undefined : String(t.value);
    if (value !== undefined) {
      const e = validateLabelValue(value);
      if (e) sink.error(`${p.join('.')}.value: ${e}`, [...p, 'value']);
    }
    if (key) out.push({ key, effect, ...(value !== undefined ? { value } : {}) });
  });
  return out;
}

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** k8s.io/apimachinery pkg/util/validation IsDNS1123Subdomain: the names of most objects. */
export function isDns1123Subdomain(name: string): boolean {
  return name.length <= 253 && DNS1123_SUBDOMAIN.test(name);
}

/** The error for a name that is not a DNS-1123 subdomain (the API server refuses the object). */
export function checkObjectName(name: string, sink: FindingSink): void {
  if (!isDns1123Subdomain(name))
    sink.error(
      `metadata.name ${JSON.stringify(name.slice(0, 80))} is not a valid name: at most 253 lowercase letters, digits, '-' and '.', starting and ending with a letter or digit (the API server refuses it)`,
      ['metadata', 'name'],
    );
}

/**
 * An object's labels (`metadata.labels`, a pod template's): a map of strings whose keys are qualified names and whose
 * values are label values, as the API server requires of every object (k8s.io/apimachinery pkg/api/validation
 * ValidateObjectMetaAccessor → pkg/apis/meta/v1/validation ValidateLabels: IsQualifiedName, IsValidLabelValue). Labels
 * that kustomize's `commonLabels` / `labels` or Argo CD's `kustomize.commonLabels` add are checked here too, on the
 * rendered object (located at the kustomization line that sets them when it can be traced: kustomize-origin.ts).
 */
export function checkLabels(v: unknown, sink: FindingSink, path: Path): Record<string, string> {
  const labels = stringMap(v, sink, path);
  for (const [k, value] of Object.entries(labels)) {
    const p = [...path, k];
    const ke = validateLabelKey(k);
    if (ke) sink.error(`${path.join('.')}: ${ke} (the API server refuses the object)`, p);
    const ve = validateLabelValue(value);
    if (ve) sink.error(`${path.join('.')}.${k}: ${ve} (the API server refuses the object)`, p);
  }
  return labels;
}

/**
 * The metadata the API server requires of the other objects the plan reads (PodDisruptionBudgets, StorageClasses,
 * PersistentVolumeClaims, PersistentVolumes, RuntimeClasses), as of workloads: a name that is a DNS-1123 subdomain and
 * valid labels (k8s.io/kubernetes pkg/apis/policy/validation ValidatePodDisruptionBudget, pkg/apis/storage/validation
 * ValidateStorageClass, pkg/apis/core/validation ValidatePersistentVolumeClaim and ValidatePersistentVolume,
 * pkg/apis/node/validation ValidateRuntimeClass: each ValidateObjectMeta with NameIsDNSSubdomain, which runs
 * ValidateLabels). An object without a string name is left to its reader (it is not read).
 */
export function checkObjectMeta(
  kind: string,
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): void {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  if (typeof meta.name !== 'string' || !meta.name) return;
  const sink = new FindingSink(findings, source, `${kind}/${meta.name}`);
  checkObjectName(meta.name, sink);
  checkLabels(meta.labels, sink, ['metadata', 'labels']);
}

/**
 * The common start of every cluster-scoped Karpenter object: a required `metadata.name` (without
 * it the object cannot exist: null) and a `spec` object (reported when missing; `{}` is modelled).
 */
export function objectHeader(
  kind: string,
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): { name: string; meta: Record<string, unknown>; spec: Record<string, unknown>; sink: FindingSink } | null {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  const sink = new FindingSink(findings, source, `${kind}/${name || '?'}`);
  if (!name) {
    sink.error('metadata.name is required', ['metadata']);
    return null;
  }
  // Cluster-scoped names are DNS-1123 subdomains (k8s.io/apimachinery pkg/util/validation IsDNS1123Subdomain).
  checkObjectName(name, sink);
  checkLabels(meta.labels, sink, ['metadata', 'labels']);
  if (!isObject(raw.spec)) sink.error('spec is required and must be an object', ['spec']);
  for (const path of unknownFields(kind, raw.spec)) {
    const hint = suggestField(kind, path);
    // v1beta1's nodeClassRef.apiVersion: v1's NodeClassReference names the API group instead (karpenter
    // pkg/apis/v1/nodeclaim.go NodeClassReference: Group, Kind, Name).
    const v1beta1Ref =
      path.length >= 2 && path[path.length - 2] === 'nodeClassRef' && path[path.length - 1] === 'apiVersion';
    sink.error(
      v1beta1Ref
        ? `unknown field ${path.join('.')}: the v1beta1 form of the reference; v1 takes the class's API group instead (group: karpenter.k8s.aws, not apiVersion: karpenter.k8s.aws/…), so as written the NodePool has no nodeClassRef.group and the API server refuses it`
        : `unknown field ${path.join('.')}${hint ? ` (did you mean ${hint}?)` : ''}: the ${kind} CRD does not define it, so the API server refuses the object (strict field validation) or drops the field`,
      path,
    );
  }
  return { name, meta, spec: isObject(raw.spec) ? raw.spec : {}, sink };
}
