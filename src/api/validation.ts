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

/** Where a requirement is read and reported: its path, the path as text, and whose requirement it is. */
interface RequirementAt {
  sink: FindingSink;
  p: Path;
  where: string;
  ctx: RequirementContext;
}

function validateRequirement(
  item: Record<string, unknown>,
  sink: FindingSink,
  p: Path,
  ctx: RequirementContext,
): NodeSelectorRequirement | null {
  const at: RequirementAt = { sink, p, where: p.join('.'), ctx };
  const key = item.key;
  const operator = item.operator;
  if (typeof key !== 'string' || key === '') {
    sink.error(`${at.where}.key is required and must be a string`, [...p, 'key']);
    return null;
  }
  if (typeof operator !== 'string') {
    sink.error(`${at.where}.operator is required and must be one of ${OPERATORS.join(', ')}`, [...p, 'operator']);
    return null;
  }
  const values = readRequirementValues(item.values, at);
  checkOperatorSupported(operator, at);
  const nk = normalizeKey(key);
  checkRequirementKey(key, nk, at);
  values.forEach((val, j) => {
    const e = validateLabelValue(val);
    if (e) sink.error(`${at.where}.values[${j}]: ${e}`, [...p, 'values', j]);
  });
  checkOperatorValues(operator, values, at);
  const minValues = readMinValues(item.minValues, operator, values, at);
  checkWellKnownValues(nk, operator, values, minValues, at);
  return { key, operator, values, ...(minValues !== undefined ? { minValues } : {}) };
}

/** `values`: a list of strings; an entry of another type is reported and read as its text. */
function readRequirementValues(v: unknown, { sink, p, where }: RequirementAt): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    sink.error(`${where}.values must be a list of strings`, [...p, 'values']);
    return [];
  }
  return v.map((x, j) => {
    if (typeof x !== 'string') {
      sink.error(`${where}.values[${j}] must be a string (quote it: "${String(x)}")`, [...p, 'values', j]);
    }
    return String(x);
  });
}

function checkOperatorSupported(operator: string, { sink, p, where }: RequirementAt): void {
  if ((OPERATORS as readonly string[]).includes(operator)) return;
  const lower = operator.toLowerCase();
  sink.error(
    `${where}.operator "${operator}" is not supported: must be one of ${OPERATORS.join(', ')}` +
      (lower === 'in' || lower === 'notin' ? ' (operators are case-sensitive)' : ''),
    [...p, 'operator'],
  );
}

/** A restricted requirement key: which keys (normalised, with their domain) it covers, and why it is refused. */
interface RestrictedKey {
  covers: (nk: string, domain: string, ctx: RequirementContext) => boolean;
  why: (key: string) => string;
}

/**
 * The restricted keys and domains, in order: the first that covers a key refuses it (karpenter pkg/apis/v1/labels.go
 * IsRestrictedLabel, karpenter-provider-aws hack/validation/requirements.sh).
 */
const RESTRICTED_KEYS: readonly RestrictedKey[] = [
  {
    covers: (nk) => nk === LABEL_HOSTNAME,
    why: (key) => `"${key}" is restricted: Karpenter does not allow kubernetes.io/hostname here`,
  },
  {
    covers: (nk, _, ctx) => nk === LABEL_NODEPOOL && ctx === 'nodepool',
    why: (key) => `"${key}" is restricted: a NodePool cannot require karpenter.sh/nodepool`,
  },
  {
    covers: (nk, domain) => domain.endsWith('karpenter.sh') && nk !== LABEL_CAPACITY_TYPE && nk !== LABEL_NODEPOOL,
    why: (key) => `"${key}" is in the restricted karpenter.sh domain`,
  },
  {
    // A pod may name any of them; a NodeOverlay has its own allow list.
    covers: (nk, domain, ctx) =>
      (nk.startsWith(AWS) || domain.endsWith('.karpenter.k8s.aws')) &&
      ctx !== 'pod' &&
      !(ctx === 'overlay' ? AWS_OVERLAY_ALLOW_LIST : AWS_REQUIREMENT_ALLOW_LIST).has(nk),
    why: (key) => `"${key}" is in the restricted karpenter.k8s.aws domain and is not one of its well-known labels`,
  },
];

/** Key syntax (a qualified name, at most 316 characters) and the restricted keys above. */
function checkRequirementKey(key: string, nk: string, { sink, p, where, ctx }: RequirementAt): void {
  if (key.length > 316) sink.error(`${where}.key is longer than 316 characters`, [...p, 'key']);
  const keyErr = validateLabelKey(key);
  if (keyErr) sink.error(`${where}.key: ${keyErr}`, [...p, 'key']);
  const domain = labelDomain(nk);
  const restricted = RESTRICTED_KEYS.find((r) => r.covers(nk, domain, ctx));
  if (restricted) sink.error(`${where}.key ${restricted.why(key)}`, [...p, 'key']);
}

/** An operator-specific CEL rule on the values: when it is broken, the error and where it is reported. */
interface OperatorValuesRule {
  broken: (operator: string, values: string[], ctx: RequirementContext) => boolean;
  error: (operator: string, values: string[]) => string;
  at: Path;
}

const NUMERIC_OPERATORS = ['Gt', 'Lt', 'Gte', 'Lte'];

/** Operator-specific CEL rules, each checked in turn. */
const OPERATOR_VALUES_RULES: readonly OperatorValuesRule[] = [
  {
    broken: (op, values) => op === 'In' && values.length === 0,
    error: () => 'operator In requires at least one value',
    at: ['values'],
  },
  {
    broken: (op, values, ctx) => op === 'NotIn' && values.length === 0 && ctx !== 'nodepool',
    error: () => 'operator NotIn requires at least one value',
    at: ['values'],
  },
  {
    broken: (op, values, ctx) => (op === 'Exists' || op === 'DoesNotExist') && values.length > 0 && ctx === 'pod',
    error: (op) => `operator ${op} must not have values`,
    at: ['values'],
  },
  {
    broken: (op, values) => NUMERIC_OPERATORS.includes(op) && values.length !== 1,
    error: (op, values) => `operator ${op} requires exactly one value, got ${values.length}`,
    at: ['values'],
  },
  {
    broken: (op, values) => NUMERIC_OPERATORS.includes(op) && values.length === 1 && !/^\d+$/.test(values[0]),
    error: (op, values) => `operator ${op} requires a non-negative integer value, got "${values[0]}"`,
    at: ['values', 0],
  },
];

function checkOperatorValues(operator: string, values: string[], { sink, p, where, ctx }: RequirementAt): void {
  for (const rule of OPERATOR_VALUES_RULES)
    if (rule.broken(operator, values, ctx)) sink.error(`${where}: ${rule.error(operator, values)}`, [...p, ...rule.at]);
}

/** `minValues`: 1..50, not a field of NodeOverlay requirements; an In requirement needs at least as many values. */
function readMinValues(
  v: unknown,
  operator: string,
  values: string[],
  { sink, p, where, ctx }: RequirementAt,
): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (ctx === 'overlay') {
    sink.error(`${where}.minValues is not a field of NodeOverlay requirements`, [...p, 'minValues']);
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    sink.error(`${where}.minValues must be an integer`, [...p, 'minValues']);
    return undefined;
  }
  if (v < 1 || v > 50) {
    sink.error(`${where}.minValues must be between 1 and 50, got ${v}`, [...p, 'minValues']);
    return v;
  }
  if (operator === 'In' && values.length < v) {
    sink.error(`${where}: operator In has ${values.length} value(s), fewer than minValues ${v}`, [...p, 'minValues']);
  }
  return v;
}

/** validateWellKnownValues (karpenter pkg/apis/v1/nodeclaim_validation.go): capacity-type In with only unknown values. */
function checkWellKnownValues(
  nk: string,
  operator: string,
  values: string[],
  minValues: number | undefined,
  { sink, p, where }: RequirementAt,
): void {
  if (nk !== LABEL_CAPACITY_TYPE || operator !== 'In' || values.length === 0) return;
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
