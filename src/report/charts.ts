/**
 * Mermaid charts for the report: fleet composition (base vs head, by instance family; a snapshot's or live cluster's
 * fleet when the plan has one, else the simulated fleets) and the rollout waves under the budgets (a Gantt chart).
 * Every user-controlled string is reduced to characters Mermaid cannot misread.
 */
import type { Plan } from '../plan/contract.js';
import { code, inert } from './escape.js';

/** Label text safe inside a Mermaid quoted string or Gantt task name. */
export function mermaidText(s: string): string {
  return s.replace(/[^A-Za-z0-9 ._\-/()]/g, '_').slice(0, 60) || '_';
}

/** A composition in words: `all 12 nodes m6i`, or `12 nodes: 8 m6i, 4 m7i`. */
export function compositionWords(data: Record<string, number>): string {
  const entries = Object.entries(data).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const total = entries.reduce((a, [, n]) => a + n, 0);
  if (!entries.length) return 'no nodes';
  if (entries.length === 1) return `${total === 1 ? 'its 1 node' : `all ${total} nodes`} ${code(entries[0][0])}`;
  const shown = entries.slice(0, 4).map(([k, n]) => `${n} ${code(k)}`);
  return `${total} nodes: ${shown.join(', ')}${entries.length > 4 ? `, ${entries.length - 4} more families` : ''}`;
}

export function sameComposition(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/**
 * The fleet the report's composition describes, named once: with a fleet snapshot or a live cluster, that fleet
 * before and after the change (the plan's `fleet.snapshot`); otherwise the simulated fleets (of probe pods when they
 * stand for the workloads). The simulated launch beside a snapshot is never presented as the fleet.
 */
export function describedFleet(plan: Plan): {
  name: string;
  composition: { base: Record<string, number>; head: Record<string, number> };
} {
  const snap = plan.fleet.snapshot;
  if (snap)
    return {
      name: plan.fleet.source === 'live' ? 'The live fleet' : 'The fleet snapshot',
      composition: snap.composition,
    };
  return {
    name: plan.summary.probesOnly ? 'Simulated fleet (probe pods)' : 'Simulated fleet',
    composition: plan.fleet.composition,
  };
}

/**
 * The fleet by instance family, base and head (describedFleet): only when it changes. A side of one family is a
 * sentence, not a single-slice pie; a pie has a one-line caption.
 */
export function compositionCharts(plan: Plan): string | null {
  const { name, composition } = describedFleet(plan);
  const { base, head } = composition;
  if (!Object.keys(base).length && !Object.keys(head).length) return null;
  if (plan.kind === 'diff' && sameComposition(base, head)) return null;
  const pie = (side: string, data: Record<string, number>): string => {
    const entries = Object.entries(data).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const shown = entries.slice(0, 12);
    const rest = entries.slice(12).reduce((a, [, n]) => a + n, 0);
    if (rest) shown.push(['other', rest]);
    return [
      `_${side}: ${compositionWords(data)}._`,
      '',
      '```mermaid',
      `pie showData title ${mermaidText(`${name} by family - ${side} (nodes)`)}`,
      ...shown.map(([k, n]) => `    "${mermaidText(k)}" : ${n}`),
      '```',
    ].join('\n');
  };
  const sides: [string, Record<string, number>][] =
    plan.kind === 'diff'
      ? [
          ['base', base],
          ['head', head],
        ]
      : [['head', head]];
  if (sides.every(([, d]) => Object.keys(d).length <= 1))
    return `${name} by instance family: ${sides.map(([side, d]) => `${side} ${compositionWords(d)}`).join(' → ')}.`;
  // The fleet is named once, above its sides.
  return [
    `${name} by instance family:`,
    ...sides.map(([side, d]) => (Object.keys(d).length <= 1 ? `_${side}: ${compositionWords(d)}._` : pie(side, d))),
  ].join('\n\n');
}

const MAX_WAVES_PER_POOL = 24;

/**
 * The Gantt axis for the rollout's span: clock times within one day (the day is in the caption), day and hour up to
 * three days, days beyond.
 */
export function ganttAxis(startMs: number, endMs: number): string {
  const sameDay = new Date(startMs).toISOString().slice(0, 10) === new Date(endMs - 1).toISOString().slice(0, 10);
  if (sameDay) return '%H:%M';
  if (endMs - startMs <= 3 * 86_400_000) return '%d %b %Hh';
  return '%d %b';
}

export function rolloutGantt(plan: Plan): string | null {
  const pools = plan.nodePools.filter((p) => p.rollout && p.rollout.waves.length);
  if (!pools.length) return null;
  const all = pools.flatMap((p) => p.rollout!.waves);
  const first = Math.min(...all.map((w) => Date.parse(w.start)));
  const last = Math.max(...all.map((w) => Date.parse(w.end)));
  const axis = ganttAxis(first, last);
  const day = new Date(first).toISOString().slice(0, 10);
  const lastDay = new Date(last - 1).toISOString().slice(0, 10);
  const nodes = all.reduce((a, w) => a + w.nodes, 0);
  const caption = `_Rollout of ${nodes} drifted node${nodes === 1 ? '' : 's'} in ${pools.length === 1 ? code(pools[0].name) : `${pools.length} NodePools`} under the budgets, ${all.length} wave${all.length === 1 ? '' : 's'} from ${new Date(first).toISOString().slice(11, 16)} ${day === lastDay ? `to ${new Date(last).toISOString().slice(11, 16)} UTC on ${day}` : `UTC on ${day} to ${inert(new Date(last).toISOString().slice(0, 16).replace('T', ' '))} UTC`}._`;
  const lines = [
    caption,
    '',
    '```mermaid',
    'gantt',
    `    title Rollout of drift replacements under the budgets (UTC${day === lastDay ? `, ${day}` : ''})`,
    '    dateFormat YYYY-MM-DDTHH:mm',
    `    axisFormat ${axis}`,
  ];
  for (const p of pools) {
    lines.push(`    section ${mermaidText(p.name)}`);
    const waves = p.rollout!.waves;
    waves.slice(0, MAX_WAVES_PER_POOL).forEach((w, i) => {
      const minutes = Math.max(1, Math.round((Date.parse(w.end) - Date.parse(w.start)) / 60000));
      lines.push(
        `    wave ${i + 1} - ${w.nodes} node${w.nodes === 1 ? '' : 's'} :${w.start.slice(0, 16)}, ${minutes}m`,
      );
    });
    if (waves.length > MAX_WAVES_PER_POOL) {
      const last = waves[waves.length - 1];
      const rest = waves.slice(MAX_WAVES_PER_POOL).reduce((a, w) => a + w.nodes, 0);
      const minutes = Math.max(
        1,
        Math.round((Date.parse(last.end) - Date.parse(waves[MAX_WAVES_PER_POOL].start)) / 60000),
      );
      lines.push(
        `    ${waves.length - MAX_WAVES_PER_POOL} more waves - ${rest} nodes :${waves[MAX_WAVES_PER_POOL].start.slice(0, 16)}, ${minutes}m`,
      );
    }
  }
  lines.push('```');
  return lines.join('\n');
}
