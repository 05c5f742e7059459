/**
 * The Rollout section of the Markdown report: each NodePool's drifted nodes replaced under its `Drifted` budget, and
 * the verdict a reader sees. Formatting only: the waves and the budget's verdict are the plan's.
 */
import type { Plan, RolloutVerdict } from '../plan/contract.js';
import { code } from './escape.js';
import { rolloutSentence } from './consequences.js';
import { details } from './markup.js';
import { sortedPools } from './replacements.js';

/** The rollout verdict a reader sees: the plan's (`wide` included), none in a plan older than the field. */
export function rolloutVerdict(p: Plan['nodePools'][number]): RolloutVerdict | null {
  return p.rolloutVerdict ?? null;
}

/** The rollout of the drifted nodes under each NodePool's `Drifted` budget (6 columns), with one sentence per pool. */
export function rolloutSection(plan: Plan): string | null {
  const rows = sortedPools(plan).filter((p) => {
    const v = rolloutVerdict(p);
    return v !== null && v !== 'none';
  });
  if (!rows.length) return null;
  const lines = ['| NodePool | budget (Drifted) | largest wave | waves | ETA | verdict |', '|---|---|---|---|---|---|'];
  for (const p of rows) {
    const b = p.budget!;
    const v = rolloutVerdict(p)!;
    const w = p.largestWave;
    lines.push(
      `| ${code(p.name)} | ${b.allowed === null ? 'unlimited' : `${b.allowed} now`} | ${w ? `${w.nodes} (${w.poolPercent} % of the pool)` : '–'} | ${b.waves || '–'} | ${b.estimatedMinutes ? formatMinutes(b.estimatedMinutes) : '–'} | ${VERDICT_ICON[v] ?? ''} ${v} |`,
    );
  }
  const sentences = rows.map((p) => rolloutSentence(p)).filter((x): x is string => x !== null);
  const verdicts = rows.map((p) => rolloutVerdict(p)!);
  const worst = plan.summary.worstRollout;
  return details(
    `<b>Rollout</b> under the budgets: ${rows.length} NodePool${rows.length === 1 ? '' : 's'}${worst ? `, ${worst === 'ok' ? 'all ok' : `${verdicts.filter((v) => v === worst).length} ${worst}`}` : ''}`,
    lines.join('\n') + (sentences.length ? '\n\n' + sentences.map((x) => `- ${x}.`).join('\n') : ''),
    verdicts.some((v) => v !== 'ok'),
  );
}

export const VERDICT_ICON: Record<string, string> = {
  ok: '🟢',
  slow: '🟡',
  blocked: '🔴',
  unlimited: '🟠',
  wide: '🟠',
  none: '⚪',
};

export function formatMinutes(m: number): string {
  if (m < 60) return `${Math.round(m)} min`;
  if (m < 48 * 60) return `${(m / 60).toFixed(1)} h`;
  return `${(m / 1440).toFixed(1)} d`;
}
