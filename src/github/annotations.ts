/**
 * Findings as workflow-command annotations (`::error file=…,line=…::message`), for runs whose token may neither create
 * a check run nor a commit status (a pull request from a fork): workflow commands need no permission, and GitHub
 * attaches them to the job's own check on the pull request. @actions/core writes the commands and escapes them
 * (`%`, CR and LF in the message; also `:` and `,` in properties).
 */
import * as core from '@actions/core';
import type { Plan } from '../plan/contract.js';
import { ANNOTATION_MESSAGE_BYTES, findingPath, truncateBytes } from './status.js';

/** GitHub keeps at most 50 annotations per job (and shows 10 errors and 10 warnings per step); the rest are summarised. */
export const WORKFLOW_ANNOTATIONS_PER_JOB = 50;

const ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Writes the plan's findings as annotations, errors first; returns how many were written. */
export function emitWorkflowAnnotations(plan: Plan, prefix: string): number {
  const findings = [...plan.findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  const shown = findings.slice(
    0,
    WORKFLOW_ANNOTATIONS_PER_JOB - (findings.length > WORKFLOW_ANNOTATIONS_PER_JOB ? 1 : 0),
  );
  for (const f of shown) {
    const file = findingPath(f, prefix);
    const props: core.AnnotationProperties = {
      title: truncateBytes(f.rule, 255),
      ...(file ? { file, startLine: f.line! } : {}),
    };
    const message = truncateBytes(f.message, ANNOTATION_MESSAGE_BYTES);
    if (f.severity === 'error') core.error(message, props);
    else if (f.severity === 'warning') core.warning(message, props);
    else core.notice(message, props);
  }
  const rest = findings.length - shown.length;
  if (rest > 0)
    core.notice(
      `${rest} more finding(s) are in the job summary (GitHub keeps ${WORKFLOW_ANNOTATIONS_PER_JOB} annotations per job)`,
      { title: 'karpenter-plan' },
    );
  return shown.length + (rest > 0 ? 1 : 0);
}
