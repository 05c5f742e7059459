/**
 * Where the workloads are placed, in the Markdown report: the Fleet outcome (base and head placement of each
 * workload), what each NodePool no workload exercises would launch (probe pods), and the what-if scenarios.
 */
import type { Placement, Plan } from '../plan/contract.js';
import { cell, code, inert, money } from './escape.js';
import { probesOnly, simulatedLaunchPart } from './consequences.js';
import { details } from './markup.js';

export function scenarioSection(plan: Plan): string {
  const parts: string[] = [];
  for (const sc of plan.scenarios) {
    const changed = sc.workloads.filter((w) => w.changed);
    const lines = [
      `**${inert(sc.name)}** — ${sc.unavailableOfferings} offerings unavailable · fleet ${money(plan.summary.hourlyCost.head)}/h → ${money(sc.hourlyCost)}/h`,
      '',
      '| workload | head | with this shortage |',
      '|---|---|---|',
    ];
    for (const w of changed)
      lines.push(
        `| ${cell(`${w.kind} ${w.namespace}/${w.name}`)} | ${placementCell(w.head)} | ${placementCell(w.scenario)} |`,
      );
    if (!changed.length) lines.push('| – | no workload moves | – |');
    lines.push('', inert(sc.timeline));
    parts.push(lines.join('\n'));
  }
  return details(`<b>What-if (insufficient capacity)</b>: ${plan.scenarios.length} scenario(s)`, parts.join('\n\n'));
}

/** Where a placement's pods run on a node without a NodeClaim (plan.md: `managed: false`). */
export const NOT_MANAGED = 'not managed by Karpenter';

function placementCell(p: Placement | null, spotEstimated = false): string {
  if (!p) return '–';
  if (!p.schedulable) return `⛔ unschedulable: ${cell(p.reason)}`;
  const approx = spotEstimated && p.capacityType === 'spot' ? '≈' : '';
  // Pods held back while the others are placed are said in the same cell, never hidden behind the placement.
  const held = p.pending ? ` · ⛔ **${p.pending} pending**: ${cell(p.reason)}` : '';
  const pool = p.managed === false ? NOT_MANAGED : code(p.nodePool ?? '?');
  return `${pool} ${code(p.instanceType ?? '?')} ${cell(p.capacityType)} ${approx}${money(p.pricePerHour)}${held}`;
}

export function workloadSection(plan: Plan): string {
  const spotEst = plan.pricing?.spot === 'estimated';
  const rows = plan.workloads.filter((w) => !w.probe);
  const lines = ['| workload | replicas | base | head |', '|---|---|---|---|'];
  for (const w of rows) {
    lines.push(
      `| ${w.changed ? '**' : ''}${cell(`${w.kind} ${w.namespace}/${w.name}`)}${w.changed ? '**' : ''} | ${w.replicas} | ${placementCell(w.base, spotEst)} | ${placementCell(w.head, spotEst)} |`,
    );
  }
  const changed = rows.filter((w) => w.changed).length;
  const cost = simulatedLaunchPart(plan, '→');
  return details(
    `<b>Fleet outcome</b>: ${changed} of ${rows.length} workloads change${cost}`,
    lines.join('\n'),
    changed > 0 && rows.length <= 30,
  );
}

/** What each NodePool no workload exercises would launch: the probe pods, apart from the workloads. */
export function probeSection(plan: Plan): string {
  const spotEst = plan.pricing?.spot === 'estimated';
  const rows = plan.workloads.filter((w) => w.probe);
  const onlyProbes = probesOnly(plan);
  const lines = [
    onlyProbes
      ? '_No workload in the inputs (or none with replicas): probe pods stand for them — `small` 0.5 CPU/1 GiB, `medium` 2 CPU/4 GiB, `large` 4 CPU/16 GiB, and `pool-<name>` 1 CPU/2 GiB selecting one NodePool and tolerating its taints._'
      : '_No workload lands on these NodePools: a probe pod each (1 CPU/2 GiB, selecting the pool and tolerating its taints) shows what it would launch._',
    '',
    '| probe | base | head |',
    '|---|---|---|',
  ];
  for (const w of rows)
    lines.push(
      `| ${w.changed ? '**' : ''}${cell(w.name)}${w.changed ? '**' : ''} | ${placementCell(w.base, spotEst)} | ${placementCell(w.head, spotEst)} |`,
    );
  const changed = rows.filter((w) => w.changed).length;
  return details(
    `<b>What each NodePool would launch</b> (probe pods): ${changed} of ${rows.length} change`,
    lines.join('\n'),
    onlyProbes && changed > 0 && rows.length <= 30,
  );
}
