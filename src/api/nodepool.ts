/**
 * NodePool (karpenter.sh/v1): parsing with CRD defaults and validation (karpenter
 * pkg/apis/crds/karpenter.sh_nodepools.yaml, pkg/apis/v1/nodepool_validation.go RuntimeValidate), and the provisioning
 * order (pkg/utils/nodepool/nodepool.go OrderByWeight).
 */
import { FindingSink, type Finding, type SourceRef } from '../common/findings.js';
import {
  LABEL_CAPACITY_TYPE,
  LABEL_HOSTNAME,
  LABEL_INSTANCE_TYPE,
  LABEL_NODEPOOL,
  labelDomain,
  normalizeKey,
  AWS_REQUIREMENT_ALLOW_LIST,
  validateLabelKey,
  validateLabelValue,
  AWS,
} from './labels.js';
import { parseResourceList, type ResourceList } from '../common/quantity.js';
import type { NodeSelectorRequirement } from './nodeselector.js';
import { BUDGET_DURATION, DURATION, NILLABLE_DURATION } from '../common/duration.js';
import { checkPattern, field, isObject, stringMap } from '../common/fields.js';
import { objectHeader, readRequirements, readTaints, type Taint } from './validation.js';
import { checkSchemaBounds } from './crd-rules.js';
import { checkStaticNodePoolLimits } from './crd-cel.js';

export const NODEPOOL_API_VERSION = 'karpenter.sh/v1';

export type DisruptionReason = 'Underutilized' | 'Empty' | 'Drifted';
export const DISRUPTION_REASONS: DisruptionReason[] = ['Underutilized', 'Empty', 'Drifted'];

export interface Budget {
  nodes: string;
  schedule?: string;
  duration?: string;
  /** undefined = all reasons (omitted); [] = no reason at all (karpenter pkg/apis/v1/nodepool.go NodePool.GetAllowedDisruptionsByReason). */
  reasons?: DisruptionReason[];
}

export interface NodeClassRef {
  group: string;
  kind: string;
  name: string;
}

export interface NodePool {
  kind: 'NodePool';
  name: string;
  /** `spec.weight`, 0 when unset (pkg/utils/nodepool/nodepool.go OrderByWeight). */
  weight: number;
  replicas?: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** `spec.template.metadata.labels` / `annotations` present (even if empty): matters for the hash (pkg/apis/v1/nodepool.go NodePool.Hash). */
  labelsPresent: boolean;
  annotationsPresent: boolean;
  taints: Taint[];
  startupTaints: Taint[];
  requirements: NodeSelectorRequirement[];
  nodeClassRef: NodeClassRef | null;
  /** CRD default `720h`; `Never` kept as the string. */
  expireAfter: string;
  terminationGracePeriod?: string;
  limits: ResourceList;
  consolidationPolicy: string;
  consolidateAfter: string;
  /** CRD default `[{nodes: "10%"}]` applies only when the field is absent (pkg/apis/crds/karpenter.sh_nodepools.yaml). */
  budgets: Budget[];
  budgetsDefaulted: boolean;
  deleting: boolean;
  /** Runtime validation (nodepool_validation.go RuntimeValidate) failures make the NodePool not Ready. */
  runtimeErrors: string[];
  /** The object as written (for diffs). */
  raw: Record<string, unknown>;
  source: SourceRef;
  /** Set when the manifest is a v1beta1 object evaluated as converted to v1 (api/conversion.ts). */
  migratedFrom?: string;
}

/**
 * Parses a NodePool document. Errors are reported into `findings`; the returned NodePool is a
 * best-effort model of the object (invalid fields fall back to their defaults) so the rest of
 * the plan can still be computed.
 */
export function parseNodePool(raw: Record<string, unknown>, source: SourceRef, findings: Finding[]): NodePool | null {
  const header = objectHeader('NodePool', raw, source, findings);
  if (!header) return null;
  const { name, meta, spec, sink } = header;
  const template = field(spec, 'template', 'object', sink, ['spec']) ?? {};
  const tmeta = field(template, 'metadata', 'object', sink, ['spec', 'template']) ?? {};
  const tspec = field(template, 'spec', 'object', sink, ['spec', 'template']) ?? {};
  const hasTemplate = isObject(spec.template);
  if (!hasTemplate) sink.error('spec.template is required', ['spec']);

  const weight = readWeight(spec.weight, sink);
  const replicas = readReplicas(spec, sink);
  const runtimeErrors: string[] = [];
  const labels = readTemplateLabels(tmeta.labels, sink, runtimeErrors);
  const annotations = stringMap(tmeta.annotations, sink, ['spec', 'template', 'metadata', 'annotations']);
  const taints = readTaints(tspec.taints, sink, ['spec', 'template', 'spec', 'taints']);
  const startupTaints = readTaints(tspec.startupTaints, sink, ['spec', 'template', 'spec', 'startupTaints']);
  checkDuplicateTaints([...taints, ...startupTaints], sink, runtimeErrors);

  if ((tspec.requirements === undefined || tspec.requirements === null) && hasTemplate) {
    sink.error('spec.template.spec.requirements is required', ['spec', 'template', 'spec']);
  }
  const requirements = readRequirements(
    tspec.requirements,
    sink,
    ['spec', 'template', 'spec', 'requirements'],
    'nodepool',
  );
  const nodeClassRef = readNodeClassRef(tspec, hasTemplate, sink);
  checkNodeClaimRequirementCount(requirements, labels, nodeClassRef, replicas !== undefined, sink);
  const expireAfter =
    checkPattern(
      tspec.expireAfter,
      NILLABLE_DURATION,
      sink,
      ['spec', 'template', 'spec', 'expireAfter'],
      'a duration like 720h, or Never',
    ) ?? '720h';
  const terminationGracePeriod = checkPattern(
    tspec.terminationGracePeriod,
    DURATION,
    sink,
    ['spec', 'template', 'spec', 'terminationGracePeriod'],
    'a duration like 24h (Never is not allowed)',
  );
  const limits = readLimits(spec.limits, sink);
  const disruption = readDisruption(spec, sink);

  checkStaticNodePoolLimits(spec, sink);
  checkSchemaBounds('NodePool', raw, sink);
  return {
    kind: 'NodePool',
    name,
    weight,
    ...(replicas !== undefined ? { replicas } : {}),
    labels,
    annotations,
    labelsPresent: isObject(tmeta.labels),
    annotationsPresent: isObject(tmeta.annotations),
    taints,
    startupTaints,
    requirements,
    nodeClassRef,
    expireAfter,
    ...(terminationGracePeriod !== undefined ? { terminationGracePeriod } : {}),
    limits,
    ...disruption,
    deleting: isObject(meta) && meta.deletionTimestamp !== undefined && meta.deletionTimestamp !== null,
    runtimeErrors,
    raw,
    source,
  };
}

/** `spec.weight` (pkg/apis/v1/nodepool.go NodePoolSpec.Weight): an integer 1..100, 0 when unset. */
function readWeight(w: unknown, sink: FindingSink): number {
  if (w === undefined || w === null) return 0;
  if (typeof w !== 'number' || !Number.isInteger(w)) {
    sink.error(`spec.weight must be an integer, got ${JSON.stringify(w)}`, ['spec', 'weight']);
    return 0;
  }
  if (w < 1 || w > 100) sink.error(`spec.weight must be between 1 and 100, got ${w}`, ['spec', 'weight']);
  return w;
}

/** `spec.replicas`: a static NodePool's node count, a non-negative integer; the weight is forbidden with it. */
function readReplicas(spec: Record<string, unknown>, sink: FindingSink): number | undefined {
  const r = spec.replicas;
  if (r === undefined || r === null) return undefined;
  const valid = typeof r === 'number' && Number.isInteger(r) && r >= 0;
  if (!valid) sink.error('spec.replicas must be a non-negative integer', ['spec', 'replicas']);
  if (spec.weight !== undefined && spec.weight !== null)
    sink.error('spec.weight cannot be set together with spec.replicas (static NodePool)', ['spec', 'weight']);
  return valid ? r : undefined;
}

/**
 * Why a template label is restricted (the NodePool is not Ready: nodepool_validation.go RuntimeValidate), or null:
 * the first restriction that covers the key applies.
 */
const RESTRICTED_TEMPLATE_LABELS: readonly { covers: (k: string) => boolean; why: (k: string) => string }[] = [
  { covers: (k) => k === LABEL_NODEPOOL || k === LABEL_HOSTNAME, why: (k) => `template label "${k}" is restricted` },
  {
    covers: (k) => labelDomain(k).endsWith('karpenter.sh') && k !== LABEL_CAPACITY_TYPE,
    why: (k) => `template label "${k}" is in the restricted karpenter.sh domain`,
  },
  {
    covers: (k) => k.startsWith(AWS) && !AWS_REQUIREMENT_ALLOW_LIST.has(k),
    why: (k) => `template label "${k}" is in the restricted karpenter.k8s.aws domain`,
  },
];

/** `spec.template.metadata.labels`: at most 100, valid keys and values, none restricted. */
function readTemplateLabels(v: unknown, sink: FindingSink, runtimeErrors: string[]): Record<string, string> {
  const path = ['spec', 'template', 'metadata', 'labels'];
  const labels = stringMap(v, sink, path);
  if (Object.keys(labels).length > 100) sink.error('spec.template.metadata.labels has more than 100 entries', path);
  for (const [k, val] of Object.entries(labels)) {
    const p = [...path, k];
    const ke = validateLabelKey(k);
    if (ke) sink.error(`template label: ${ke}`, p);
    const ve = validateLabelValue(val);
    if (ve) sink.error(`template label ${k}: ${ve}`, p);
    const restricted = RESTRICTED_TEMPLATE_LABELS.find((r) => r.covers(k));
    if (restricted) {
      sink.error(restricted.why(k), p);
      runtimeErrors.push(`label ${k} is restricted`);
    }
  }
  return labels;
}

/** A taint key and effect given twice across taints and startupTaints makes the NodePool not Ready. */
function checkDuplicateTaints(taints: readonly Taint[], sink: FindingSink, runtimeErrors: string[]): void {
  const seen = new Set<string>();
  for (const t of taints) {
    const k = `${t.key}:${t.effect}`;
    if (seen.has(k)) {
      sink.error(`duplicate taint ${k} across taints and startupTaints (the NodePool is not Ready)`, [
        'spec',
        'template',
        'spec',
      ]);
      runtimeErrors.push(`duplicate taint ${k}`);
    }
    seen.add(k);
  }
}

/** `spec.template.spec.nodeClassRef`: required, with a group (no "/"), a kind and a name. */
function readNodeClassRef(
  tspec: Record<string, unknown>,
  hasTemplate: boolean,
  sink: FindingSink,
): NodeClassRef | null {
  const ref = field(tspec, 'nodeClassRef', 'object', sink, ['spec', 'template', 'spec']);
  if (!ref) {
    if (hasTemplate) sink.error('spec.template.spec.nodeClassRef is required', ['spec', 'template', 'spec']);
    return null;
  }
  const { group: g, kind: k, name: n } = ref;
  for (const [f, v] of [
    ['group', g],
    ['kind', k],
    ['name', n],
  ] as const) {
    if (typeof v !== 'string' || v === '') {
      // v1beta1's `apiVersion` in place of v1's `group`: one mistake, reported once (as the unknown field).
      if (f === 'group' && typeof ref.apiVersion === 'string') continue;
      sink.error(`spec.template.spec.nodeClassRef.${f} is required`, ['spec', 'template', 'spec', 'nodeClassRef']);
    }
  }
  if (typeof g === 'string' && g.includes('/'))
    sink.error('spec.template.spec.nodeClassRef.group must not contain "/"', [
      'spec',
      'template',
      'spec',
      'nodeClassRef',
      'group',
    ]);
  return { group: String(g ?? ''), kind: String(k ?? ''), name: String(n ?? '') };
}

/** `spec.limits`: a map of quantities by resource name. */
function readLimits(v: unknown, sink: FindingSink): ResourceList {
  const limits = parseResourceList(v, (k, q) =>
    sink.error(`spec.limits.${k}: ${JSON.stringify(q)} is not a valid quantity`, ['spec', 'limits', k]),
  );
  if (v !== undefined && v !== null && !isObject(v))
    sink.error('spec.limits must be a map of quantities', ['spec', 'limits']);
  // Limits are a ResourceList: keys are resource names (cpu, memory, nodes, example.com/gpu), never a number,
  // boolean or null that YAML read as a key.
  if (isObject(v))
    for (const k of Object.keys(v))
      if (
        /^(\d+(\.\d+)?|true|false|yes|no|on|off|null|~)$/i.test(k) ||
        !/^[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?$/.test(k)
      )
        sink.error(`spec.limits key ${JSON.stringify(k)} is not a resource name (cpu, memory, nodes, …)`, [
          'spec',
          'limits',
          k,
        ]);
  return limits;
}

type Disruption = Pick<NodePool, 'consolidationPolicy' | 'consolidateAfter' | 'budgets' | 'budgetsDefaulted'>;

const CONSOLIDATION_POLICIES = ['WhenEmpty', 'WhenEmptyOrUnderutilized', 'Balanced'];

/** `spec.disruption`, with the CRD defaults (pkg/apis/crds/karpenter.sh_nodepools.yaml). */
function readDisruption(spec: Record<string, unknown>, sink: FindingSink): Disruption {
  const disruption = field(spec, 'disruption', 'object', sink, ['spec']) ?? {};
  const consolidateAfter =
    checkPattern(
      disruption.consolidateAfter,
      NILLABLE_DURATION,
      sink,
      ['spec', 'disruption', 'consolidateAfter'],
      'a duration like 30s, or Never',
    ) ?? '0s';
  let consolidationPolicy = 'WhenEmptyOrUnderutilized';
  const cp = disruption.consolidationPolicy;
  if (cp !== undefined) {
    if (typeof cp !== 'string' || !CONSOLIDATION_POLICIES.includes(cp)) {
      sink.error(
        `spec.disruption.consolidationPolicy must be WhenEmpty, WhenEmptyOrUnderutilized or Balanced, got ${JSON.stringify(cp)}`,
        ['spec', 'disruption', 'consolidationPolicy'],
      );
    } else consolidationPolicy = cp;
  }
  const budgetsDefaulted = disruption.budgets === undefined || disruption.budgets === null;
  const budgets = budgetsDefaulted ? [{ nodes: '10%' }] : readBudgets(disruption.budgets, sink);
  return { consolidationPolicy, consolidateAfter, budgets, budgetsDefaulted };
}

/** `spec.requirements` of a NodeClaim: at most 100 entries (karpenter pkg/apis/v1/nodeclaim.go NodeClaimSpec.Requirements, `+kubebuilder:validation:MaxItems:=100`). */
export const NODECLAIM_MAX_REQUIREMENTS = 100;

/**
 * The requirements every NodeClaim of the NodePool carries, by key, as NodeClaimTemplate builds them (karpenter
 * pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go NewNodeClaimTemplate: the template's requirements, then
 * its labels and the `karpenter.sh/nodepool` and `<group>/<kind>` NodeClass labels as `In` requirements, one per
 * normalised key; ToNodeClaim: `node.kubernetes.io/instance-type` and `karpenter.sh/capacity-type` for a dynamic pool;
 * the registered/initialized simulation keys filtered out). More than 100 and the API server refuses every NodeClaim
 * (nodeclaim.go Requirements MaxItems 100): the NodePool is accepted but launches nothing. Pods add their own keys, so
 * this count is a lower bound; reported at the requirements.
 */
function checkNodeClaimRequirementCount(
  requirements: readonly NodeSelectorRequirement[],
  labels: Readonly<Record<string, string>>,
  ref: NodeClassRef | null,
  isStatic: boolean,
  sink: FindingSink,
): void {
  const keys = new Set<string>();
  for (const r of requirements) keys.add(normalizeKey(r.key));
  for (const k of Object.keys(labels)) keys.add(normalizeKey(k));
  keys.add(LABEL_NODEPOOL);
  if (ref && ref.group && ref.kind) keys.add(`${ref.group}/${ref.kind.toLowerCase()}`);
  if (!isStatic) {
    keys.add(LABEL_INSTANCE_TYPE);
    keys.add(LABEL_CAPACITY_TYPE);
  }
  if (keys.size > NODECLAIM_MAX_REQUIREMENTS)
    sink.error(
      `spec.template.spec.requirements and spec.template.metadata.labels give every NodeClaim of this NodePool ${keys.size} requirements (with the nodepool, node class${isStatic ? '' : ', instance-type and capacity-type'} keys Karpenter adds); a NodeClaim allows at most ${NODECLAIM_MAX_REQUIREMENTS}, so the API server refuses each one and the NodePool launches nothing`,
      ['spec', 'template', 'spec', 'requirements'],
    );
}

const BUDGET_NODES = /^((100|[0-9]{1,2})%|[0-9]+)$/;
/** The CRD's (loose) schedule pattern (karpenter pkg/apis/v1/nodepool.go Budget.Schedule). */
export const BUDGET_SCHEDULE =
  /^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\s(.+)\s(.+)\s(.+)\s(.+))$/;

function readBudgets(v: unknown, sink: FindingSink): Budget[] {
  const path = ['spec', 'disruption', 'budgets'];
  if (!Array.isArray(v)) {
    sink.error('spec.disruption.budgets must be a list', path);
    return [{ nodes: '10%' }];
  }
  if (v.length > 50) sink.error('spec.disruption.budgets has more than 50 entries', path);
  const out: Budget[] = [];
  v.forEach((b, i) => {
    const p = [...path, i];
    if (!isObject(b)) {
      sink.error(`spec.disruption.budgets[${i}] must be an object`, p);
      return;
    }
    let nodes = '10%';
    if (b.nodes === undefined || b.nodes === null) nodes = '10%';
    else if (typeof b.nodes !== 'string')
      sink.error(`spec.disruption.budgets[${i}].nodes must be a string like "10%" or "5" (quote it)`, [...p, 'nodes']);
    else if (!BUDGET_NODES.test(b.nodes))
      sink.error(
        `spec.disruption.budgets[${i}].nodes "${b.nodes}" is invalid: a percentage 0-100% or a non-negative integer`,
        [...p, 'nodes'],
      );
    else nodes = b.nodes;
    if (typeof b.nodes === 'string' && !BUDGET_NODES.test(b.nodes)) nodes = b.nodes; // keep: fails closed at runtime (nodepool.go Budget.GetAllowedDisruptions)
    const schedule = checkPattern(
      b.schedule,
      BUDGET_SCHEDULE,
      sink,
      [...p, 'schedule'],
      'a 5-field cron expression or @daily/@weekly/...',
    );
    const duration = checkPattern(
      b.duration,
      BUDGET_DURATION,
      sink,
      [...p, 'duration'],
      'minutes or hours, like 8h or 90m',
    );
    const hasS = b.schedule !== undefined && b.schedule !== null;
    const hasD = b.duration !== undefined && b.duration !== null;
    if (hasS !== hasD) {
      sink.error(
        `spec.disruption.budgets[${i}]: schedule and duration must be set together ('schedule' must be set with 'duration')`,
        [...p, hasS ? 'schedule' : 'duration'],
      );
    }
    let reasons: DisruptionReason[] | undefined;
    if (b.reasons !== undefined && b.reasons !== null) {
      if (!Array.isArray(b.reasons))
        sink.error(`spec.disruption.budgets[${i}].reasons must be a list`, [...p, 'reasons']);
      else {
        reasons = [];
        b.reasons.forEach((r, j, all: unknown[]) => {
          // `x-kubernetes-list-type: set` (karpenter pkg/apis/crds/karpenter.sh_nodepools.yaml budgets.reasons): the
          // API server refuses a repeated value.
          if (all.indexOf(r) < j) {
            sink.error(
              `spec.disruption.budgets[${i}].reasons[${j}]: duplicate value ${JSON.stringify(r)} (reasons is a set)`,
              [...p, 'reasons', j],
            );
            return;
          }
          if (!DISRUPTION_REASONS.includes(r as DisruptionReason)) {
            sink.error(
              `spec.disruption.budgets[${i}].reasons[${j}] must be one of ${DISRUPTION_REASONS.join(', ')}, got ${JSON.stringify(r)}`,
              [...p, 'reasons', j],
            );
          } else reasons!.push(r as DisruptionReason);
        });
      }
    }
    out.push({
      nodes,
      ...(typeof b.schedule === 'string' ? { schedule: schedule ?? b.schedule } : {}),
      ...(typeof b.duration === 'string' ? { duration: duration ?? b.duration } : {}),
      ...(reasons !== undefined ? { reasons } : {}),
    });
  });
  return out;
}

/** `OrderByWeight` (karpenter pkg/utils/nodepool/nodepool.go): weight descending, then name descending (byte order). */
export function orderByWeight<T extends { name: string; weight: number }>(pools: readonly T[]): T[] {
  return [...pools].sort((a, b) => b.weight - a.weight || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/**
 * A NodePool manifest with the v1 CRD defaults filled in where it leaves them out (pkg/apis/crds/karpenter.sh_nodepools
 * .yaml: consolidationPolicy WhenEmptyOrUnderutilized, consolidateAfter 0s, budgets [{nodes: 10%}], expireAfter 720h):
 * two manifests that differ only by writing a default out compare equal.
 */
export function withNodePoolDefaults(raw: Record<string, unknown>): Record<string, unknown> {
  const spec = isObject(raw.spec) ? raw.spec : {};
  const disruption = isObject(spec.disruption) ? spec.disruption : {};
  const template = isObject(spec.template) ? spec.template : {};
  const tspec = isObject(template.spec) ? template.spec : {};
  return {
    ...raw,
    spec: {
      ...spec,
      disruption: {
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        consolidateAfter: '0s',
        budgets: [{ nodes: '10%' }],
        ...disruption,
      },
      template: { ...template, spec: { expireAfter: '720h', ...tspec } },
    },
  };
}
