/**
 * The Findings section of the Markdown report: new findings in full, linked to their lines; pre-existing, resolved and
 * suppressed ones counted by rule.
 */
import type { Plan } from '../plan/contract.js';
import { isRenderedSource } from '../common/findings.js';
import { cell, code, inert, linkText, urlPath } from './escape.js';
import { byRule, findingsCount } from './consequences.js';
import { details } from './markup.js';
import { DOCUMENTED_RULES, RULE_DOCS_URL } from './rule-docs.js';

function ruleCell(rule: string): string {
  return DOCUMENTED_RULES.has(rule) ? `[${code(rule)}](${RULE_DOCS_URL}${rule}.md)` : code(rule);
}

/** Where a message's first sentence ends: a period, `!` or `?` followed by a space (not inside `file.yaml:6`). */
export function splitFirstSentence(message: string): [string, string] {
  const m = /^(.+?[.!?])\s+(?=\S)/s.exec(message);
  let first = m ? m[1] : message;
  // A first sentence longer than a table cell reads well is cut at its first colon or semicolon past 40 characters.
  if (first.length > 160) {
    const c = /^(.{40,}?[:;])\s/s.exec(first);
    if (c) first = c[1];
  }
  return [first, message.slice(first.length).trim()];
}

/**
 * A finding's message in a table cell: its first sentence, the rest folded. Every message is a `<details>`, even one
 * of a single sentence, so the structure of the table never depends on the text (a name in a message cannot add or
 * remove an element: docs/security.md).
 */
function messageCell(message: string): string {
  const [first, rest] = splitFirstSentence(message);
  return `<details><summary>${cell(first)}</summary>${rest ? cell(rest) : ''}</details>`;
}

/**
 * New findings in full; pre-existing ones (base had them) folded into counts by rule; resolved and suppressed ones
 * counted. In a single-state run every finding is new.
 */
export function findingsSection(plan: Plan, blobUrl: string | null): string {
  const icon = { error: '🛑', warning: '⚠️', info: 'ℹ️' } as const;
  const fresh = plan.findings.filter((f) => f.new !== false);
  const existing = plan.findings.filter((f) => f.new === false);
  const lines = ['| | rule | where | message |', '|---|---|---|---|'];
  for (const f of fresh) {
    const loc = f.file ? `${f.file}${f.line ? `:${f.line}` : ''}` : '–';
    const where =
      blobUrl && f.file && !isRenderedSource(f.file)
        ? `[${linkText(loc)}](${blobUrl}/${urlPath(f.file)}${f.line ? `#L${f.line}` : ''})`
        : cell(loc);
    lines.push(`| ${icon[f.severity]} ${f.severity} | ${ruleCell(f.rule)} | ${where} | ${messageCell(f.message)} |`);
  }
  const parts = [fresh.length ? lines.join('\n') : '_This change introduces no finding._'];
  if (existing.length)
    parts.push(
      details(
        `${existing.length} pre-existing finding(s), not introduced by this change`,
        byRule(existing, ruleCell) + '.',
      ),
    );
  const resolved = plan.resolvedFindings ?? [];
  if (resolved.length) parts.push(`Resolved by this change: ${byRule(resolved, ruleCell)}.`);
  const suppressed = plan.suppressedFindings ?? [];
  if (suppressed.length) {
    const how = (['annotation', 'config', 'baseline'] as const)
      .map((k) => [k, suppressed.filter((f) => f.suppressedBy === k).length] as const)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} by ${k}`)
      .join(', ');
    parts.push(`Suppressed: ${suppressed.length} (${how}): ${byRule(suppressed, ruleCell)}.`);
    // Suppressions by an annotation come from the change itself: each is listed with its object, for the reviewer.
    const byObject = new Map<string, typeof suppressed>();
    for (const f of suppressed.filter((x) => x.suppressedBy === 'annotation'))
      byObject.set(f.object ?? '?', [...(byObject.get(f.object ?? '?') ?? []), f]);
    if (byObject.size)
      parts.push(
        `Silenced by a \`karpenter-plan.io/ignore\` annotation in the change:\n\n` +
          [...byObject]
            .map(
              ([object, fs]) =>
                `- ${code(object)}: ${byRule(fs, ruleCell)}${fs[0].reason ? ` — ${inert(fs[0].reason)}` : ''}${fs.some((f) => f.new !== false) ? ' (new)' : ''}`,
            )
            .join('\n'),
      );
  }
  const head = `<b>Findings</b>: ${findingsCount(plan, existing.length)}`;
  const n = plan.summary.newFindings ?? plan.summary.findings;
  return details(head, parts.join('\n\n'), n.error + n.warning > 0);
}
