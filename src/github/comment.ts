/**
 * The sticky PR comment: a hidden marker carries the tool, a key (one comment per cluster or
 * config) and the head SHA. Behaviours follow the conventions users know (`infracost comment github --behavior`):
 * update (default), new, hide-and-new, delete-and-new, off; skip-no-diff; an identical body is not re-sent.
 *
 * Integrity (docs/security.md): only comments written by the token's own identity are candidates (anyone can paste
 * the marker into a comment); a run whose head SHA is no longer the pull request's head, as the API reports it, posts
 * nothing (commit dates are set by the author and prove nothing); the list is read again just before a comment is
 * created, so two concurrent runs rarely both create one (the README's `concurrency:` group closes the gap); and the new
 * comment is posted before old ones are hidden or deleted, so a failed post never leaves the pull request without one.
 */
import type { GitHubClient } from './octokit.js';

export type CommentMode = 'update' | 'new' | 'hide-and-new' | 'delete-and-new' | 'off';
export const COMMENT_MODES: CommentMode[] = ['update', 'new', 'hide-and-new', 'delete-and-new', 'off'];

export interface Marker {
  key: string;
  headSha: string;
}

// Markers written before 0.3 also carried valid-at="…"; it is read past and no longer used.
const MARKER_RE = /<!-- karpenter-plan key="([^"]*)" head="([0-9a-f]*)"(?: valid-at="[^"]*")? -->/;

/** Keys are reduced to characters that cannot end the HTML comment or the attribute. */
export function sanitizeKey(key: string): string {
  return key.replace(/["<>-]/g, '_');
}

export function markerLine(m: Marker): string {
  return `<!-- karpenter-plan key="${sanitizeKey(m.key)}" head="${m.headSha}" -->`;
}

export function parseMarker(body: string): Marker | null {
  const x = MARKER_RE.exec(body);
  return x ? { key: x[1], headSha: x[2] } : null;
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
  /** The login whose comments are candidates; null: the token's own identity (GraphQL `viewer`). */
  author: string | null;
}

export type CommentOutcome =
  { action: 'created' | 'updated'; id: number; url: string } | { action: 'skipped'; reason: string };

interface ExistingComment {
  id: number;
  node_id: string;
  body?: string | null;
  html_url: string;
  user?: { login?: string } | null;
}

/** Logins compare without case and without the `[bot]` suffix (REST says `github-actions[bot]`, GraphQL `github-actions`). */
export function sameLogin(a: string, b: string): boolean {
  const n = (s: string) => s.toLowerCase().replace(/\[bot\]$/, '');
  return n(a) === n(b);
}

/** The token's identity: GraphQL `viewer.login`, which works for GITHUB_TOKEN, app and personal tokens alike. */
export async function viewerLogin(gh: GitHubClient): Promise<string> {
  const r = await gh.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }');
  const login = r?.viewer?.login;
  if (typeof login !== 'string' || !login) throw new Error('the GitHub API did not say who the token belongs to');
  return login;
}

export async function findComments(
  gh: GitHubClient,
  t: CommentTarget,
  key: string,
  author: string,
): Promise<(ExistingComment & { marker: Marker })[]> {
  const all = await gh.paginate(gh.rest.issues.listComments, {
    owner: t.owner,
    repo: t.repo,
    issue_number: t.issueNumber,
    per_page: 100,
  });
  const out: (ExistingComment & { marker: Marker })[] = [];
  for (const c of all as ExistingComment[]) {
    if (!c.user?.login || !sameLogin(c.user.login, author)) continue;
    const m = c.body ? parseMarker(c.body) : null;
    if (m && m.key === sanitizeKey(key)) out.push({ ...c, marker: m });
  }
  return out;
}

export async function publishComment(gh: GitHubClient, t: CommentTarget, req: CommentRequest): Promise<CommentOutcome> {
  if (req.mode === 'off') return { action: 'skipped', reason: 'comment: off' };
  const pr = await gh.rest.pulls.get({ owner: t.owner, repo: t.repo, pull_number: t.issueNumber });
  const current = pr.data.head?.sha;
  if (current && req.marker.headSha && current !== req.marker.headSha) {
    return {
      action: 'skipped',
      reason: `the pull request's head is now ${current.slice(0, 7)}; this plan (for ${req.marker.headSha.slice(0, 7)}) is out of date and not posted`,
    };
  }
  const author = req.author ?? (await viewerLogin(gh));
  const full = `${markerLine(req.marker)}\n${req.body}`;
  const existing = await findComments(gh, t, req.marker.key, author);
  let latest = existing[existing.length - 1];
  if (!latest && !req.hasDiff && req.skipNoDiff)
    return { action: 'skipped', reason: 'skip-no-diff: nothing Karpenter-relevant changed' };
  if (req.mode === 'update' && !latest) {
    // Another run may have created the comment since the list was read.
    latest = (await findComments(gh, t, req.marker.key, author))[0];
  }
  if (req.mode === 'update' && latest) {
    if (latest.body === full) return { action: 'skipped', reason: 'the comment is already up to date' };
    const r = await gh.rest.issues.updateComment({ owner: t.owner, repo: t.repo, comment_id: latest.id, body: full });
    return { action: 'updated', id: r.data.id, url: r.data.html_url };
  }
  const r = await gh.rest.issues.createComment({
    owner: t.owner,
    repo: t.repo,
    issue_number: t.issueNumber,
    body: full,
  });
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
  return { action: 'created', id: r.data.id, url: r.data.html_url };
}
