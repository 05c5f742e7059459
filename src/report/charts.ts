/**
 * Mermaid charts for the report: fleet composition (base vs head, by instance family) and the
 * rollout waves under the budgets (a Gantt chart). Every user-controlled string is reduced to
 * characters Mermaid cannot misread.
 */
import type { Plan } from '../plan/contract.js';

/** Label text safe inside a Mermaid quoted string or Gantt task name. */
export function mermaidText(s: string): string {
  return s.replace(/[^A-Za-z0-9 ._\-/()]/g, '_').slice(0, 60) || '_';
}

export function compositionCharts(plan: Plan): string | null {
  const { base, head } = plan.fleet.composition;
  if (!Object.keys(base).length && !Object.keys(head).length) return null;
  const pie = (title: string, data: Record<string, number>): string | null => {
    const entries = Object.entries(data).sort((a, b) => b[1] - a[1]);
    if (!entries.length) return null;
    const shown = entries.slice(0, 12);
    const rest = entries.slice(12).reduce((a, [, n]) => a + n, 0);
    if (rest) shown.push(['other', rest]);
    return [
      '```mermaid',
      `pie showData title ${mermaidText(title)}`,
      ...shown.map(([k, n]) => `    "${mermaidText(k)}" : ${n}`),
      '```',
    ].join('\n');
  };
  const parts = [
    pie('Simulated fleet by family - base (nodes)', base),
    pie('Simulated fleet by family - head (nodes)', head),
  ].filter((x): x is string => x !== null);
  return parts.join('\n\n');
}

const MAX_WAVES_PER_POOL = 24;

export function rolloutGantt(plan: Plan): string | null {
  const pools = plan.nodePools.filter((p) => p.rollout && p.rollout.waves.length);
  if (!pools.length) return null;
  const lines = [
    '```mermaid',
    'gantt',
    '    title Rollout of drift replacements under the budgets (UTC)',
    '    dateFormat YYYY-MM-DDTHH:mm',
    '    axisFormat %m-%d %H:%M',
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
