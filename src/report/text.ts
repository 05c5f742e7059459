/** Plain-text rendering of a plan, for terminals and logs. */
import type { Plan } from '../plan/contract.js';
import { formatMinutes, probesOnly, summarySentence } from './markdown.js';

export interface TextOptions {
  /** ANSI colours for the verdict and severities (the CLI on a terminal, unless NO_COLOR is set). */
  color?: boolean;
}

const ANSI = { red: '\u001b[31m', green: '\u001b[32m', yellow: '\u001b[33m', cyan: '\u001b[36m', reset: '\u001b[0m' };

export function renderText(plan: Plan, opts: TextOptions = {}): string {
  const paint = (text: string, c: keyof typeof ANSI) => (opts.color ? `${ANSI[c]}${text}${ANSI.reset}` : text);
  const out: string[] = [];
  out.push(`karpenter-plan: ${paint(plan.verdict.toUpperCase(), plan.verdict === 'pass' ? 'green' : 'red')}`);
  out.push(summarySentence(plan));
  if (plan.verdictReasons.length) out.push(`failing because: ${plan.verdictReasons.join('; ')}`);
  if (plan.clusters) {
    for (const t of plan.clusters) {
      out.push('', `== target ${t.key} (${t.source}): ${t.plan ? t.plan.verdict.toUpperCase() : 'not affected'}`);
      if (t.plan) out.push(...planBody(t.plan).map((l) => (l ? `  ${l}` : l)));
    }
    out.push(...tail(plan, paint));
    return out.join('\n') + '\n';
  }
  out.push(...planBody(plan), ...tail(plan, paint));
  return out.join('\n') + '\n';
}

/** NodePools, workloads and the simulated fleet of one plan. */
function planBody(plan: Plan): string[] {
  const out: string[] = [];
  out.push('');
  out.push('NodePools:');
  if (!plan.nodePools.length) out.push('  (none)');
  for (const p of plan.nodePools) {
    const b = p.budget;
    const budget = b
      ? ` budget=${b.allowed ?? 'unlimited'} waves=${b.waves ?? '-'} eta=${b.estimatedMinutes != null ? formatMinutes(b.estimatedMinutes) : '-'} verdict=${b.verdict}`
      : '';
    const change = plan.kind === 'state' ? '' : `${p.change}`;
    out.push(
      `  ${p.name}: ${change}${p.changedFields.length ? ` [${p.changedFields.join(', ')}]` : ''} drift=${p.drift} ${p.nodesDrifted}/${p.nodes}${budget}`,
    );
    if (p.blocked) out.push(`    ${p.blocked.nodes} drifted node(s) blocked: ${p.blocked.because.join('; ')}`);
    if (p.consolidationBlocked)
      out.push(
        `    ${p.consolidationBlocked.nodes} node(s) whose consolidation is blocked: ${p.consolidationBlocked.because.join('; ')}`,
      );
  }
  if (plan.workloads.some((w) => w.base || w.head)) {
    out.push('', 'Workloads:');
    for (const w of plan.workloads) {
      const fmt = (p: typeof w.base): string =>
        !p
          ? '-'
          : p.schedulable
            ? `${p.nodePool}/${p.instanceType} ${p.capacityType ?? ''} $${p.pricePerHour?.toFixed(4) ?? '?'}`
            : `unschedulable (${p.reason})`;
      out.push(
        w.probe
          ? `  ${w.changed ? '*' : ' '} probe ${w.name} (what the pool would launch): ${fmt(w.base)} -> ${fmt(w.head)}`
          : `  ${w.changed ? '*' : ' '} ${w.kind} ${w.namespace}/${w.name} x${w.replicas}: ${fmt(w.base)} -> ${fmt(w.head)}`,
      );
    }
  }
  const nodes = plan.fleet.simulated.head;
  if (nodes.length) {
    const groups = new Map<string, { n: number; cost: number }>();
    for (const n of nodes) {
      const k = `${n.nodePool} ${n.instanceType} ${n.capacityType}`;
      const g = groups.get(k) ?? { n: 0, cost: 0 };
      g.n++;
      g.cost += n.pricePerHour;
      groups.set(k, g);
    }
    const probeFleet = probesOnly(plan);
    out.push(
      '',
      `Simulated fleet (head${probeFleet ? ', probe pods' : ''}): ${nodes.length} node(s), $${nodes.reduce((s, n) => s + n.pricePerHour, 0).toFixed(4)}/h`,
    );
    for (const [k, g] of [...groups].sort((a, b) => b[1].n - a[1].n))
      out.push(`  ${g.n} × ${k}  $${g.cost.toFixed(4)}/h`);
  }
  return out;
}

/** Findings and assumptions. */
function tail(plan: Plan, paint: (text: string, c: 'red' | 'yellow' | 'cyan') => string): string[] {
  const out: string[] = [];
  if (plan.findings.length) {
    out.push('', 'Findings:');
    const color = { error: 'red', warning: 'yellow', info: 'cyan' } as const;
    for (const f of plan.findings)
      out.push(
        `  ${paint(f.severity.padEnd(7), color[f.severity])} ${f.file ?? '-'}${f.line ? `:${f.line}` : ''} [${f.rule}] ${f.message}`,
      );
  }
  if (plan.assumptions.length) {
    out.push('', 'Assumptions:');
    for (const a of plan.assumptions) out.push(`  - ${a}`);
  }
  return out;
}
