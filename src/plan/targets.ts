/**
 * A run over several targets (e.g. one kustomize overlay per environment): each affected target has its own plan,
 * and the run's plan combines them. The combined plan keeps the single-plan contract at the top (verdict, summary,
 * findings, alerts, verdict reasons) so the action publishes it like any plan, and lists the targets under
 * `clusters`: `{ key, source, affected, plan }`, where `plan` is null for a target the change does not affect.
 */
import type { Finding } from '../common/findings.js';
import { countBySeverity, sortFindings } from '../common/findings.js';
import type { State } from '../sources/state.js';
import type { Alert, Plan, TargetPlan, VerdictReason } from './contract.js';
import { SCHEMA_VERSION } from './contract.js';
import type { Assumption } from '../common/assumptions.js';
import { assumptionFields } from './assumptions.js';

export type TargetOutcome = TargetPlan;

/**
 * The targets of a run (`karpenter-plan targets`): which are affected (the CI matrix to fan out over), the run's own
 * findings, and the states compared — what `merge` needs to rebuild the single-process plan from per-target plans.
 */
export interface TargetList {
  schemaVersion: 1;
  kind: Plan['kind'];
  base: Plan['base'];
  head: Plan['head'];
  failOn: 'error' | 'warning' | 'never';
  targets: { key: string; source: string; affected: boolean }[];
  affected: string[];
  findings: Finding[];
}

/**
 * The plan of a fanned-out run: the per-target plans (`diff --target KEY --json-out`) combined as one process would
 * combine them. Targets of the list without a plan are the unaffected ones.
 */
export function mergeTargetPlans(list: TargetList, plans: Plan[]): Plan {
  const byKey = new Map(plans.map((p) => [p.target ?? '', p]));
  const targets: TargetOutcome[] = list.targets.map((t) => {
    const plan = byKey.get(t.key) ?? null;
    return { key: t.key, source: t.source, affected: t.affected, plan };
  });
  for (const p of plans)
    if (!list.targets.some((t) => t.key === p.target))
      throw new Error(`plan of target "${p.target ?? '(none)'}" is not in the target list`);
  return combineTargets(targets, {
    kind: list.kind,
    base: list.base,
    head: list.head,
    extraFindings: list.findings,
    failOn: list.failOn,
    notes: [],
  });
}

/** What decides a plan, in a stable text form: two states with the same fingerprint plan the same. */
export function stateFingerprint(st: State): string {
  return JSON.stringify({
    nodePools: st.nodePools.map((x) => x.raw),
    nodeClasses: st.nodeClasses.map((x) => x.raw),
    overlays: st.overlays.map((x) => x.raw),
    workloads: st.workloads.map(({ kind, namespace, name, replicas, pod }) => ({
      kind,
      namespace,
      name,
      replicas,
      pod,
    })),
    daemonSets: st.daemonSets.map(({ kind, namespace, name, pod }) => ({ kind, namespace, name, pod })),
    settings: st.settings,
    findings: st.findings.map(({ rule, severity, file, line, message }) => ({ rule, severity, file, line, message })),
  });
}

interface CombineInput {
  kind: Plan['kind'];
  base: Plan['base'];
  head: Plan['head'];
  /** Findings of the run rather than of one target (configuration, inputs not evaluated). */
  extraFindings: Finding[];
  failOn: 'error' | 'warning' | 'never';
  notes: Assumption[];
}

export function combineTargets(targets: TargetOutcome[], input: CombineInput): Plan {
  const planned = targets.filter((t): t is TargetOutcome & { plan: Plan } => t.plan !== null);
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const f of [...planned.flatMap((t) => t.plan.findings), ...input.extraFindings]) {
    const key = `${f.rule}|${f.file}|${f.line}|${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(f);
  }
  sortFindings(findings);
  const sum = (pick: (p: Plan) => number | undefined): number => planned.reduce((a, t) => a + (pick(t.plan) ?? 0), 0);
  const cost = (side: 'base' | 'head'): number | null => {
    const xs = planned.map((t) => t.plan.summary.hourlyCost[side]).filter((x): x is number => x !== null);
    return xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : null;
  };
  const verdictDetails: VerdictReason[] = planned.flatMap((t) =>
    t.plan.verdictDetails.map((r) => ({ code: r.code, message: `${t.key}: ${r.message}` })),
  );
  // Findings of the run itself (configuration, inputs not evaluated) count like any target's.
  const inTargets = new Set(
    planned.flatMap((t) => t.plan.findings.map((f) => `${f.rule}|${f.file}|${f.line}|${f.message}`)),
  );
  const own = countBySeverity(findings.filter((f) => !inTargets.has(`${f.rule}|${f.file}|${f.line}|${f.message}`)));
  if (input.failOn !== 'never' && own.error > 0)
    verdictDetails.push({ code: 'error-findings', message: `${own.error} error finding(s) of the run` });
  if (input.failOn === 'warning' && own.warning > 0)
    verdictDetails.push({ code: 'warning-findings', message: `${own.warning} warning finding(s) of the run` });
  const alerts: Alert[] = planned.flatMap((t) =>
    t.plan.alerts.map((a) => ({
      ...a,
      subjects: a.subjects.length ? a.subjects.map((s) => `${t.key}: ${s}`) : [t.key],
    })),
  );
  const cautions = alerts.filter((a) => a.level === 'caution');
  const assumptions = assumptionFields([...input.notes, ...planned.flatMap((t) => t.plan.assumptionCodes ?? [])]);
  const files = (side: 'base' | 'head') => [...new Set(planned.flatMap((t) => t.plan.inputs[side].files))].sort();
  const renderers = (side: 'base' | 'head') => [
    ...new Set(planned.flatMap((t) => t.plan.inputs[side].renderers ?? [])),
  ];
  return {
    schemaVersion: SCHEMA_VERSION,
    verdict: verdictDetails.length ? 'fail' : 'pass',
    kind: input.kind,
    changed: targets.some((t) => t.affected && t.plan?.changed),
    verdictDetails,
    alerts: cautions.length ? cautions : alerts,
    newlyUnschedulable: planned.flatMap((t) => t.plan.newlyUnschedulable),
    summary: {
      workloadsChanged: sum((p) => p.summary.workloadsChanged),
      nodesReplaced: sum((p) => p.summary.nodesReplaced),
      nodesRemoved: sum((p) => p.summary.nodesRemoved),
      nodesConsolidated: sum((p) => p.summary.nodesConsolidated),
      findings: countBySeverity(findings),
      newFindings: countBySeverity(findings.filter((f) => f.new !== false)),
      resolvedFindings: sum((p) => p.summary.resolvedFindings),
      suppressedFindings: sum((p) => p.summary.suppressedFindings),
      hourlyCost: { base: cost('base'), head: cost('head') },
    },
    workloads: [],
    nodePools: [],
    replacements: [],
    findings,
    resolvedFindings: planned.flatMap((t) => t.plan.resolvedFindings ?? []),
    suppressedFindings: planned.flatMap((t) => t.plan.suppressedFindings ?? []),
    base: input.base,
    head: input.head,
    objects: [],
    verdictReasons: verdictDetails.map((r) => r.message),
    ...assumptions,
    inputs: {
      base: { files: files('base'), ignoredKinds: {}, renderers: renderers('base') },
      head: { files: files('head'), ignoredKinds: {}, renderers: renderers('head') },
    },
    scenarios: [],
    fleet: {
      source: 'none',
      nodes: 0,
      notes: [],
      composition: { base: {}, head: {} },
      generations: { base: {}, head: {} },
      simulated: { base: [], head: [] },
    },
    // Only when no target at all could be evaluated: unaffected targets were read and rendered.
    nothingEvaluated:
      planned.length === targets.length && planned.length > 0 && planned.every((t) => t.plan.nothingEvaluated),
    clusters: targets,
  };
}
