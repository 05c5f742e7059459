/** Shared helpers of the rules: probe pods, field paths, hosting checks. */
import { EMPTY_CONSTRAINTS } from '../api/pod-constraints.js';
import { LABEL_CAPACITY_TYPE } from '../api/labels.js';
import type { NodePool } from '../api/nodepool.js';
import { type Template } from '../provisioning/nodeclaim.js';
import { hostingTemplates } from '../provisioning/scheduler.js';
import type { PodTemplate } from '../api/workload.js';
import type { RuleContext } from './engine.js';

export const REQS_PATH = ['spec', 'template', 'spec', 'requirements'];

/** A pod with no constraints (the "generic workload" probe of the issue). */
export function probePod(cpu = 500, memoryMiB = 1024): PodTemplate {
  return {
    nodeSelector: {},
    requiredTerms: [],
    preferredTerms: [],
    tolerations: [],
    requests: { cpu, memory: memoryMiB * 2 ** 20, pods: 1 },
    constraints: EMPTY_CONSTRAINTS,
    invalid: [],
  };
}

/** The probe of one NodePool: tolerates its taints. */
export function poolProbe(np: NodePool): PodTemplate {
  return { ...probePod(), tolerations: np.taints.map((t) => ({ key: t.key, operator: 'Exists', effect: t.effect })) };
}

/** Which templates can host the pod on a fresh NodeClaim. */
export function hosts(ctx: RuleContext, pod: PodTemplate, templates: Template[] = ctx.sim.templates): Template[] {
  const s = ctx.head.settings;
  return hostingTemplates(templates, pod, { preferencePolicy: s.preferencePolicy, minValuesPolicy: s.minValuesPolicy });
}

/**
 * Pods to probe pools with: a generic pod with no constraints, and one per distinct set of
 * scheduling constraints among the state's workloads.
 */
export function probes(
  ctx: RuleContext,
): { name: string; pod: PodTemplate; source: import('../common/findings.js').SourceRef | null }[] {
  const out: { name: string; pod: PodTemplate; source: import('../common/findings.js').SourceRef | null }[] = [
    { name: 'a generic pod', pod: probePod(), source: null },
  ];
  const seen = new Set<string>();
  for (const w of ctx.head.workloads) {
    const key = JSON.stringify([w.pod.nodeSelector, w.pod.requiredTerms, w.pod.preferredTerms, w.pod.tolerations]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: `${w.kind} ${w.namespace}/${w.name}`, pod: w.pod, source: w.source });
  }
  return out;
}

export function requirementIndex(np: NodePool, key: string): number {
  return np.requirements.findIndex((r) => r.key === key);
}

/** Capacity types a NodePool's requirements allow (every one when unconstrained). */
export function allowedCapacityTypes(np: NodePool): Set<string> {
  let allowed = new Set(['on-demand', 'spot', 'reserved']);
  for (const r of np.requirements) {
    if (r.key !== LABEL_CAPACITY_TYPE) continue;
    const vals = new Set(r.values ?? []);
    if (r.operator === 'In') allowed = new Set([...allowed].filter((x) => vals.has(x)));
    else if (r.operator === 'NotIn') allowed = new Set([...allowed].filter((x) => !vals.has(x)));
    else if (r.operator === 'DoesNotExist') allowed = new Set();
  }
  if (np.labels[LABEL_CAPACITY_TYPE])
    allowed = new Set([...allowed].filter((x) => x === np.labels[LABEL_CAPACITY_TYPE]));
  return allowed;
}

export function nodePoolByName(ctx: RuleContext, name: string): NodePool | undefined {
  return ctx.head.nodePools.find((p) => p.name === name);
}

/**
 * Whether NodePool `a` has a role of its own next to `b`, rather than being its fallback or alternative: a template
 * label whose value `b` does not share (pods select it: data-on-eks's `NodeGroupType: SparkComputeOptimized`), or a
 * taint `b` lacks (only pods that tolerate it land there). Weighted fallbacks share labels and taints with the pool
 * they back up, since the same pods must fit both (karpenter pkg/controllers/provisioning/scheduling/scheduler.go tries
 * the templates in weight order for every pod).
 */
export function distinguishedFrom(a: NodePool, b: NodePool): boolean {
  for (const [k, v] of Object.entries(a.labels)) if (b.labels[k] !== v) return true;
  return a.taints.some((t) => !b.taints.some((u) => u.key === t.key && u.value === t.value && u.effect === t.effect));
}
