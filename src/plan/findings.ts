/**
 * Which findings this change introduces. Every head finding is matched with the base findings by its fingerprint
 * (rule, object, field path — see common/findings.ts fingerprintOf) and marked `new: true|false`; base findings that
 * are gone in head are `resolved`. Findings silenced by an annotation, the config or a baseline are set apart with
 * the reason, never dropped.
 */
import {
  fingerprints,
  sortFindings,
  UNSUPPRESSIBLE_BY_ANNOTATION,
  type Finding,
  type Suppressions,
} from '../common/findings.js';

export type SuppressedBy = 'annotation' | 'config' | 'baseline';

export interface SuppressedFinding extends Finding {
  suppressedBy: SuppressedBy;
  reason: string | null;
}

export interface ClassifiedFindings {
  findings: Finding[];
  resolved: Finding[];
  suppressed: SuppressedFinding[];
}

/**
 * `base` null: a single state, where every finding is new. `migrated`: objects (`Kind/name`) that base holds in
 * v1beta1 and that are evaluated converted to v1 (api/conversion.ts). The conversion leaves defaults out and moves
 * fields (expireAfter into the template), so a rule may locate the same root cause at another field of the converted
 * object than of the v1 manifest: on those objects, a head finding left unmatched takes the fingerprint of a base
 * finding of the same rule and object left unmatched (in order), so a migration shows only what really changed.
 */
export function classifyFindings(
  head: Finding[],
  base: Finding[] | null,
  s: Suppressions,
  migrated: ReadonlySet<string> = new Set(),
): ClassifiedFindings {
  const headFps = fingerprints(head);
  const baseFps = base ? fingerprints(base) : [];
  const inBase = new Set(baseFps);
  const inHead = new Set(headFps);
  if (base && migrated.size) {
    const spare = new Map<string, number[]>();
    base.forEach((f, i) => {
      if (!f.object || !migrated.has(f.object) || inHead.has(baseFps[i])) return;
      const k = `${f.rule}|${f.object}`;
      spare.set(k, [...(spare.get(k) ?? []), i]);
    });
    head.forEach((f, i) => {
      if (!f.object || !migrated.has(f.object) || inBase.has(headFps[i])) return;
      const j = spare.get(`${f.rule}|${f.object}`)?.shift();
      if (j === undefined) return;
      inHead.add(baseFps[j]);
      inBase.add(headFps[i]);
    });
  }
  const findings: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  head.forEach((f, i) => {
    // Every finding on a file is located: one about the whole file points at its first line.
    const located = f.file && f.line == null ? { ...f, line: 1 } : f;
    // A finding its source already judged new stays new (a render failure whose inputs changed: run/execute.ts).
    const isNew = base === null || f.new === true || !inBase.has(headFps[i]);
    const marked: Finding = { ...located, new: isNew, fingerprint: headFps[i] };
    const why = suppression(marked, headFps[i], s);
    if (why) suppressed.push({ ...marked, ...why });
    else findings.push(marked);
  });
  const resolved = base
    ? base.flatMap((f, i) => (inHead.has(baseFps[i]) ? [] : [{ ...f, new: false, fingerprint: baseFps[i] }]))
    : [];
  sortFindings(findings);
  sortFindings(resolved);
  return { findings, resolved, suppressed };
}

function suppression(
  f: Finding,
  fp: string,
  s: Suppressions,
): { suppressedBy: SuppressedBy; reason: string | null } | null {
  // Annotations come from the state under check (head): never for what the API server or the reading refuses.
  const a = f.object && !UNSUPPRESSIBLE_BY_ANNOTATION.has(f.rule) ? s.annotations.get(f.object) : undefined;
  if (a && (a.rules.has(f.rule) || a.rules.has('*'))) return { suppressedBy: 'annotation', reason: a.reason };
  const [kind, ...rest] = (f.object ?? '').split('/');
  const name = rest.join('/');
  for (const i of s.ignore) {
    if (i.rule !== f.rule && i.rule !== '*') continue;
    if (i.kind !== undefined && i.kind !== kind) continue;
    if (i.name !== undefined && i.name !== name) continue;
    return { suppressedBy: 'config', reason: i.reason ?? null };
  }
  if (s.baseline?.fingerprints.has(fp)) return { suppressedBy: 'baseline', reason: `recorded in ${s.baseline.file}` };
  return null;
}
