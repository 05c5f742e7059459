/**
 * `karpenter-plan merge` and the action's `mode: merge`: the per-target plans of a run fanned out over a CI matrix
 * (`diff --target KEY --json-out`), read back, checked, and combined with the target list (`karpenter-plan targets`)
 * exactly as one process combines them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../common/errors.js';
import type { Plan } from '../plan/contract.js';
import { parsePlanDocument } from '../plan/plan-document.js';
import { mergeTargetPlans, type TargetList } from '../plan/targets.js';

export class MergeError extends Error {}

/** Plan files: each path, or the `.json` files of a folder (e.g. a downloaded artifact). */
export function expandPlanFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) throw new MergeError(`plan file ${p} does not exist`);
    if (st.isDirectory())
      out.push(
        ...readdirSync(p)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => join(p, f)),
      );
    else out.push(p);
  }
  return out;
}

export function readTargetList(file: string): TargetList {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new MergeError(`${file} is not JSON: ${errorMessage(e)}`);
  }
  const l = doc as Partial<TargetList>;
  const ok =
    l &&
    l.schemaVersion === 1 &&
    (l.kind === 'diff' || l.kind === 'state') &&
    Array.isArray(l.targets) &&
    l.targets.every(
      (t) => t && typeof t.key === 'string' && typeof t.source === 'string' && typeof t.affected === 'boolean',
    ) &&
    Array.isArray(l.findings) &&
    Array.isArray(l.affected) &&
    typeof l.base === 'object' &&
    typeof l.head === 'object' &&
    (l.failOn === 'error' || l.failOn === 'warning' || l.failOn === 'never');
  if (!ok) throw new MergeError(`${file} is not a target list made by karpenter-plan targets`);
  return l as TargetList;
}

export function mergeFiles(targetsFile: string, planPaths: string[]): Plan {
  const list = readTargetList(targetsFile);
  // With no affected target the matrix ran no job: the folder of plans may not exist at all.
  const paths = list.affected.length ? planPaths : planPaths.filter((p) => existsSync(p));
  const plans = expandPlanFiles(paths).map((f) => parsePlanDocument(f, readFileSync(f, 'utf8')));
  for (const p of plans) {
    if (p.target === undefined) throw new MergeError('a plan to merge must come from diff --target KEY');
    if (!list.affected.includes(p.target))
      throw new MergeError(`the plan of target "${p.target}" is not among the affected targets of ${targetsFile}`);
    // Every plan must compare the same revisions as the target list (a stale artifact of another run is refused).
    for (const side of ['base', 'head'] as const)
      if ((p[side].sha ?? null) !== (list[side].sha ?? null))
        throw new MergeError(
          `the plan of target "${p.target}" was made for ${side} ${p[side].sha ?? '(none)'}, but ${targetsFile} lists ${side} ${list[side].sha ?? '(none)'}`,
        );
  }
  const missing = list.affected.filter((k) => !plans.some((p) => p.target === k));
  if (missing.length) throw new MergeError(`no plan was given for the affected target(s) ${missing.join(', ')}`);
  return mergeTargetPlans(list, plans);
}
