/**
 * The sticky PR comment: a hidden marker carries the tool, a key (one comment per cluster or
 * config), the head SHA and the head commit time (`valid-at`). Behaviours follow the conventions
 * users know (`infracost comment github --behavior`): update (default), new, hide-and-new, delete-and-new, off;
 * skip-no-diff; an identical body is not re-sent; a comment written for a newer head commit is
 * never overwritten (out-of-order runs).
 */
import type { GitHubClient } from './octokit.js';

export type CommentMode = 'update' | 'new' | 'hide-and-new' | 'delete-and-new' | 'off';
export const COMMENT_MODES: CommentMode[] = ['update', 'new', 'hide-and-new', 'delete-and-new', 'off'];

export interface Marker {
  key: string;
  headSha: string;
  validAt: string;
}

const MARKER_RE = /<!-- karpenter-plan key="([^"]*)" head="([0-9a-f]*)" valid-at="([^"]*)" -->/;

/** Keys are reduced to characters that cannot end the HTML comment or the attribute. */
export function sanitizeKey(key: string): string {
  return key.replace(/["<>-]/g, '_');
}

export function markerLine(m: Marker): string {
  return `<!-- karpenter-plan key="${sanitizeKey(m.key)}" head="${m.headSha}" valid-at="${m.validAt}" -->`;
}

export function parseMarker(body: string): Marker | null {
  const x = MARKER_RE.exec(body);
  return x ? { key: x[1], headSha: x[2], validAt: x[3] } : null;
}

export interface CommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export interface CommentRequest {
  mode: CommentMode;
  marker: Marker;
  /** The report without the marker. */
  body: string;
  /** Nothing Karpenter-relevant changed: with skipNoDiff, no first comment is created. */
  hasDiff: boolean;
  skipNoDiff: boolean;
}

export type CommentOutcome =
  { action: 'created' | 'updated'; id: number; url: string } | { action: 'skipped'; reason: string };

interface ExistingComment {
  id: number;
  node_id: string;
  body?: string | null;
  html_url: string;
}

export async function findComments(
  gh: GitHubClient,
  t: CommentTarget,
  key: string,
): Promise<(ExistingComment & { marker: Marker })[]> {
  const all = await gh.paginate(gh.rest.issues.listComments, {
    owner: t.owner,
    repo: t.repo,
    issue_number: t.issueNumber,
    per_page: 100,
  });
  const out: (ExistingComment & { marker: Marker })[] = [];
  for (const c of all as ExistingComment[]) {
    const m = c.body ? parseMarker(c.body) : null;
    if (m && m.key === sanitizeKey(key)) out.push({ ...c, marker: m });
  }
  return out;
}

export async function publishComment(gh: GitHubClient, t: CommentTarget, req: CommentRequest): Promise<CommentOutcome> {
  if (req.mode === 'off') return { action: 'skipped', reason: 'comment: off' };
  const full = `${markerLine(req.marker)}\n${req.body}`;
  const existing = await findComments(gh, t, req.marker.key);
  const latest = existing[existing.length - 1];
  if (latest && latest.marker.validAt > req.marker.validAt) {
    return {
      action: 'skipped',
      reason: `a comment for a newer head commit (${latest.marker.headSha.slice(0, 7)}) exists; not overwritten`,
    };
  }
  if (!latest && !req.hasDiff && req.skipNoDiff)
    return { action: 'skipped', reason: 'skip-no-diff: nothing Karpenter-relevant changed' };
  if (req.mode === 'update' && latest) {
    if (latest.body === full) return { action: 'skipped', reason: 'the comment is already up to date' };
    const r = await gh.rest.issues.updateComment({ owner: t.owner, repo: t.repo, comment_id: latest.id, body: full });
    return { action: 'updated', id: r.data.id, url: r.data.html_url };
  }
  if (req.mode === 'hide-and-new') {
    for (const c of existing) {
      await gh.graphql(
        'mutation($id: ID!) { minimizeComment(input: {subjectId: $id, classifier: OUTDATED}) { minimizedComment { isMinimized } } }',
        { id: c.node_id },
      );
    }
  } else if (req.mode === 'delete-and-new') {
    for (const c of existing) await gh.rest.issues.deleteComment({ owner: t.owner, repo: t.repo, comment_id: c.id });
  }
  const r = await gh.rest.issues.createComment({
    owner: t.owner,
    repo: t.repo,
    issue_number: t.issueNumber,
    body: full,
  });
  return { action: 'created', id: r.data.id, url: r.data.html_url };
}
