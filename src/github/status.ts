/**
 * The status check: a check run whose conclusion is the verdict, with the summary as output and
 * the findings as annotations (at most 50 per request, so the rest go in follow-up updates);
 * when check runs are not permitted (403), a commit status (description ≤ 140 characters).
 */
import type { Plan } from '../plan/contract.js';
import { isPermissionDenied, statusOf, type GitHubClient } from './octokit.js';
import { isRenderedSource } from '../common/findings.js';
import type { Finding } from '../common/findings.js';

export const ANNOTATIONS_PER_REQUEST = 50;
/** GitHub's limits are in bytes: 65,535 for a check run's summary and text, 64 KB for an annotation's message. */
export const CHECK_TEXT_BYTES = 65_535;
export const ANNOTATION_MESSAGE_BYTES = 64_000;

/** `s` cut to at most `max` UTF-8 bytes, on a character boundary, with `…` when cut. */
export function truncateBytes(s: string, max: number): string {
  if (Buffer.byteLength(s, 'utf8') <= max) return s;
  const buf = Buffer.from(s, 'utf8');
  let end = max - 3; // room for the ellipsis (3 bytes)
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--; // not inside a multi-byte character
  return buf.subarray(0, end).toString('utf8') + '…';
}

export interface StatusTarget {
  owner: string;
  repo: string;
  sha: string;
  name: string;
  /** Folder of the configuration inside the repository, prefixed to finding paths. */
  pathPrefix: string;
}

/** `none.readOnly`: both were refused the permission (403, not a rate limit): the token is read-only. */
export type StatusOutcome =
  | { kind: 'check-run'; id: number; requests: number }
  | { kind: 'commit-status' }
  | { kind: 'none'; reason: string; readOnly: boolean };

type Level = 'failure' | 'warning' | 'notice';

/** The repository path of a finding's file (the `path` input's folder prefixed), or null when it has no line in a file. */
export function findingPath(f: Pick<Finding, 'file' | 'line'>, prefix: string): string | null {
  if (!f.file || isRenderedSource(f.file) || !f.line) return null;
  return prefix ? `${prefix.replace(/\/$/, '')}/${f.file}` : f.file;
}

export function annotationsOf(plan: Plan, prefix: string) {
  const level: Record<string, Level> = { error: 'failure', warning: 'warning', info: 'notice' };
  return plan.findings
    .filter((f) => findingPath(f, prefix) !== null)
    .map((f) => ({
      path: findingPath(f, prefix)!,
      start_line: f.line!,
      end_line: f.line!,
      annotation_level: level[f.severity],
      title: truncateBytes(f.rule, 255),
      message: truncateBytes(f.message, ANNOTATION_MESSAGE_BYTES),
    }));
}

export function statusDescription(plan: Plan, summary: string): string {
  const d = `${plan.verdict === 'pass' ? 'Pass' : 'Fail'}: ${summary}`;
  return d.length <= 140 ? d : d.slice(0, 139) + '…';
}

export async function publishStatus(
  gh: GitHubClient,
  t: StatusTarget,
  plan: Plan,
  title: string,
  summary: string,
  text: string,
): Promise<StatusOutcome> {
  const conclusion = plan.verdict === 'pass' ? 'success' : 'failure';
  const annotations = annotationsOf(plan, t.pathPrefix);
  const output = (batch: typeof annotations) => ({
    title,
    summary: truncateBytes(summary, CHECK_TEXT_BYTES),
    text: truncateBytes(text, CHECK_TEXT_BYTES),
    annotations: batch,
  });
  try {
    const first = await gh.rest.checks.create({
      owner: t.owner,
      repo: t.repo,
      name: t.name,
      head_sha: t.sha,
      status: 'completed',
      conclusion,
      output: output(annotations.slice(0, ANNOTATIONS_PER_REQUEST)),
    });
    let requests = 1;
    for (let i = ANNOTATIONS_PER_REQUEST; i < annotations.length; i += ANNOTATIONS_PER_REQUEST) {
      await gh.rest.checks.update({
        owner: t.owner,
        repo: t.repo,
        check_run_id: first.data.id,
        output: output(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST)),
      });
      requests++;
    }
    return { kind: 'check-run', id: first.data.id, requests };
  } catch (e) {
    if (statusOf(e) !== 403 && statusOf(e) !== 404) throw e;
  }
  try {
    await gh.rest.repos.createCommitStatus({
      owner: t.owner,
      repo: t.repo,
      sha: t.sha,
      state: conclusion === 'success' ? 'success' : 'failure',
      context: t.name,
      description: statusDescription(plan, summary),
    });
    return { kind: 'commit-status' };
  } catch (e) {
    if (statusOf(e) === 403 || statusOf(e) === 404)
      return {
        kind: 'none',
        reason: 'the token may neither create check runs (checks: write) nor commit statuses (statuses: write)',
        readOnly: isPermissionDenied(e),
      };
    throw e;
  }
}
