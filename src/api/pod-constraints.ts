/**
 * Pod-to-pod constraints as the pod spec declares them (k8s.io/api core/v1 types): label selectors, topology spread
 * constraints, pod (anti-)affinity terms and host ports. Karpenter reads them in
 * pkg/controllers/provisioning/scheduling/topology.go (newForTopologies, newForAffinities) and
 * pkg/scheduling/hostportusage.go (GetHostPorts); matching follows metav1.LabelSelectorAsSelector.
 */
import { isObject } from '../common/fields.js';
import type { FindingSink } from '../common/findings.js';

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values: string[];
}

/** A label selector; `null` matches nothing (metav1.LabelSelectorAsSelector(nil) is labels.Nothing()). */
export interface LabelSelector {
  matchLabels: Record<string, string>;
  matchExpressions: LabelSelectorRequirement[];
}

export interface TopologySpreadConstraint {
  topologyKey: string;
  maxSkew: number;
  minDomains?: number;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
  selector: LabelSelector | null;
  matchLabelKeys: string[];
  nodeAffinityPolicy: 'Honor' | 'Ignore';
  nodeTaintsPolicy: 'Honor' | 'Ignore';
}

export interface PodAffinityTerm {
  topologyKey: string;
  selector: LabelSelector | null;
  /** Namespaces whose pods the selector looks at; 'all' for an empty namespaceSelector. */
  namespaces: string[] | 'all';
  /** A namespaceSelector with labels: namespace labels are not modelled, so it is read as all namespaces. */
  namespaceSelectorApproximated: boolean;
}

export interface WeightedPodAffinityTerm {
  weight: number;
  term: PodAffinityTerm;
}

export interface HostPort {
  ip: string;
  port: number;
  protocol: string;
}

export interface PodConstraints {
  labels: Record<string, string>;
  /** Pod template annotations (e.g. karpenter.sh/do-not-disrupt). */
  annotations?: Record<string, string>;
  spread: TopologySpreadConstraint[];
  affinity: PodAffinityTerm[];
  preferredAffinity: WeightedPodAffinityTerm[];
  antiAffinity: PodAffinityTerm[];
  preferredAntiAffinity: WeightedPodAffinityTerm[];
  hostPorts: HostPort[];
}

/** A pod with no pod-to-pod constraints and no labels (probe pods). */
export const EMPTY_CONSTRAINTS: PodConstraints = Object.freeze({
  labels: {},
  spread: [],
  affinity: [],
  preferredAffinity: [],
  antiAffinity: [],
  preferredAntiAffinity: [],
  hostPorts: [],
}) as PodConstraints;

const SELECTOR_OPS = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

/** metav1.LabelSelector; an invalid operator makes the selector match nothing (LabelSelectorAsSelector fails). */
export function parseLabelSelector(v: unknown): LabelSelector | null {
  if (!isObject(v)) return null;
  const matchLabels: Record<string, string> = {};
  if (isObject(v.matchLabels)) for (const [k, x] of Object.entries(v.matchLabels)) matchLabels[k] = String(x);
  const matchExpressions: LabelSelectorRequirement[] = [];
  if (Array.isArray(v.matchExpressions)) {
    for (const e of v.matchExpressions) {
      if (!isObject(e) || typeof e.key !== 'string' || typeof e.operator !== 'string') return null;
      if (!SELECTOR_OPS.has(e.operator)) return null;
      matchExpressions.push({
        key: e.key,
        operator: e.operator as LabelSelectorRequirement['operator'],
        values: Array.isArray(e.values) ? e.values.map(String) : [],
      });
    }
  }
  return { matchLabels, matchExpressions };
}

export function selectorMatches(s: LabelSelector | null, labels: Readonly<Record<string, string>>): boolean {
  if (!s) return false;
  for (const [k, v] of Object.entries(s.matchLabels)) if (!Object.hasOwn(labels, k) || labels[k] !== v) return false;
  for (const e of s.matchExpressions) {
    const has = Object.hasOwn(labels, e.key);
    switch (e.operator) {
      case 'In':
        if (!has || !e.values.includes(labels[e.key])) return false;
        break;
      case 'NotIn':
        if (has && e.values.includes(labels[e.key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
    }
  }
  return true;
}

/** A stable text of a selector, for grouping identical constraints (topologygroup.go hashSelector). */
export function selectorKey(s: LabelSelector | null): string {
  if (!s) return 'nothing';
  const labels = Object.entries(s.matchLabels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const exprs = s.matchExpressions.map((e) => `${e.key} ${e.operator} ${[...e.values].sort().join(',')}`).sort();
  return JSON.stringify([labels, [...new Set(exprs)]]);
}

function parseTerm(t: unknown): PodAffinityTerm | null {
  if (!isObject(t) || typeof t.topologyKey !== 'string' || !t.topologyKey) return null;
  const names = Array.isArray(t.namespaces) ? t.namespaces.filter((n): n is string => typeof n === 'string') : [];
  let namespaces: string[] | 'all' = names;
  let approximated = false;
  if (isObject(t.namespaceSelector)) {
    const ns = parseLabelSelector(t.namespaceSelector);
    const empty = ns !== null && Object.keys(ns.matchLabels).length === 0 && ns.matchExpressions.length === 0;
    // topology.go buildNamespaceList: the selector's namespaces ∪ the listed ones; {} selects every namespace.
    namespaces = 'all';
    approximated = !empty;
  }
  return {
    topologyKey: t.topologyKey,
    selector: parseLabelSelector(t.labelSelector),
    namespaces,
    namespaceSelectorApproximated: approximated,
  };
}

function parseWeighted(list: unknown): WeightedPodAffinityTerm[] {
  if (!Array.isArray(list)) return [];
  const out: WeightedPodAffinityTerm[] = [];
  for (const w of list) {
    if (!isObject(w)) continue;
    const term = parseTerm(w.podAffinityTerm);
    if (term) out.push({ weight: typeof w.weight === 'number' ? w.weight : 0, term });
  }
  return out;
}

/** Reads the pod-to-pod constraints of a pod template (`metadata` of the template, and its `spec`). */
export function parsePodConstraints(
  meta: Record<string, unknown>,
  spec: Record<string, unknown>,
  sink: FindingSink,
  path: (string | number)[],
): PodConstraints {
  const labels: Record<string, string> = {};
  if (isObject(meta.labels)) for (const [k, v] of Object.entries(meta.labels)) labels[k] = String(v);
  const annotations: Record<string, string> = {};
  if (isObject(meta.annotations))
    for (const [k, v] of Object.entries(meta.annotations)) if (typeof v === 'string') annotations[k] = v;
  const spread: TopologySpreadConstraint[] = [];
  if (Array.isArray(spec.topologySpreadConstraints)) {
    spec.topologySpreadConstraints.forEach((c, i) => {
      const p = [...path, 'topologySpreadConstraints', i];
      if (!isObject(c)) return;
      if (typeof c.topologyKey !== 'string' || !c.topologyKey) {
        sink.error(`${p.join('.')}.topologyKey is required`, p);
        return;
      }
      const maxSkew = typeof c.maxSkew === 'number' && Number.isInteger(c.maxSkew) ? c.maxSkew : NaN;
      if (!(maxSkew >= 1)) {
        sink.error(`${p.join('.')}.maxSkew must be a whole number ≥ 1 (the API server rejects the pod)`, [
          ...p,
          'maxSkew',
        ]);
        return;
      }
      const when = c.whenUnsatisfiable === 'ScheduleAnyway' ? 'ScheduleAnyway' : 'DoNotSchedule';
      const minDomains =
        typeof c.minDomains === 'number' && Number.isInteger(c.minDomains) && c.minDomains > 0
          ? c.minDomains
          : undefined;
      spread.push({
        topologyKey: c.topologyKey,
        maxSkew,
        ...(minDomains !== undefined ? { minDomains } : {}),
        whenUnsatisfiable: when,
        selector: parseLabelSelector(c.labelSelector),
        matchLabelKeys: Array.isArray(c.matchLabelKeys)
          ? c.matchLabelKeys.filter((k): k is string => typeof k === 'string')
          : [],
        nodeAffinityPolicy: c.nodeAffinityPolicy === 'Ignore' ? 'Ignore' : 'Honor',
        nodeTaintsPolicy: c.nodeTaintsPolicy === 'Honor' ? 'Honor' : 'Ignore',
      });
    });
  }
  const affinity = isObject(spec.affinity) ? spec.affinity : {};
  const pa = isObject(affinity.podAffinity) ? affinity.podAffinity : {};
  const paa = isObject(affinity.podAntiAffinity) ? affinity.podAntiAffinity : {};
  const required = (list: unknown) =>
    Array.isArray(list) ? list.map(parseTerm).filter((t): t is PodAffinityTerm => t !== null) : [];
  const hostPorts: HostPort[] = [];
  for (const c of Array.isArray(spec.containers) ? spec.containers : []) {
    if (!isObject(c) || !Array.isArray(c.ports)) continue;
    for (const p of c.ports) {
      if (!isObject(p) || typeof p.hostPort !== 'number' || p.hostPort === 0) continue;
      hostPorts.push({
        ip: typeof p.hostIP === 'string' && p.hostIP ? p.hostIP : '0.0.0.0',
        port: p.hostPort,
        protocol: typeof p.protocol === 'string' && p.protocol ? p.protocol : 'TCP',
      });
    }
  }
  return {
    labels,
    ...(Object.keys(annotations).length ? { annotations } : {}),
    spread,
    affinity: required(pa.requiredDuringSchedulingIgnoredDuringExecution),
    preferredAffinity: parseWeighted(pa.preferredDuringSchedulingIgnoredDuringExecution),
    antiAffinity: required(paa.requiredDuringSchedulingIgnoredDuringExecution),
    preferredAntiAffinity: parseWeighted(paa.preferredDuringSchedulingIgnoredDuringExecution),
    hostPorts,
  };
}

/** Two host-port lists conflict (hostportusage.go): same protocol and port, and equal or unspecified addresses. */
export function hostPortsConflict(a: readonly HostPort[], b: readonly HostPort[]): boolean {
  for (const x of a)
    for (const y of b)
      if (x.port === y.port && x.protocol === y.protocol && (x.ip === y.ip || x.ip === '0.0.0.0' || y.ip === '0.0.0.0'))
        return true;
  return false;
}

/** Whether the pod has any constraint that ties its placement to other pods. */
export function hasPodConstraints(c: PodConstraints): boolean {
  return (
    c.spread.length > 0 ||
    c.affinity.length > 0 ||
    c.preferredAffinity.length > 0 ||
    c.antiAffinity.length > 0 ||
    c.preferredAntiAffinity.length > 0 ||
    c.hostPorts.length > 0
  );
}
