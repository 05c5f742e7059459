/**
 * Whether a reference found in pull-request content (a kustomization's resource, component or patch path, an Argo CD
 * Application's kustomize component or values file, a chart schema's `$ref`) points outside the state: at a remote
 * location a renderer would fetch, or at something it would clone. The one place that decides it; every caller
 * refuses such a reference before a renderer runs.
 *
 * What kustomize treats as remote (kustomize api/internal/git/repospec.go NewRepoSpecFromURL, api/loader/fileloader.go
 * Load: an `http(s)` URL is fetched with GET, anything else that parses as a repository is cloned with `git`) is wider
 * than a fixed list of schemes, so the test is deliberately broad and case-insensitive:
 *  - any URL scheme (`http:`, `HTTP://`, `git:`, `ssh:`, `s3:`, `gcs:`, `file:` — which clones a local repository —,
 *    `gh:`), and go-getter's forced getters (`git::`, `GIT::HTTP://`);
 *  - a network path (`//host/…`) and, anywhere, kustomize's repository/sub-folder separator `//`;
 *  - scp-like git addresses (`git@host:org/repo`, `user@host:path`);
 *  - repository query parameters (`?ref=`, `?version=`, `?submodules=`, `?timeout=`: any `?name=`);
 *  - repository paths (`….git`, `….git/…`, Azure's `_git/`) and the host shorthands kustomize expands
 *    (`github.com/…`, `gitlab.com/…`, `bitbucket.org/…`, with or without `www.`).
 * A local path with a colon in its first segment or a `?` query is refused with them: kustomize itself would try it as
 * a repository once the file is not found. Paths that leave the state (absolute, `..` above its root) are the
 * callers' other check (they are outside, not remote).
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const SCP_LIKE = /^[^/\s]+@[^/\s]+:/;
const QUERY = /\?[^/]*=/;
const REPOSITORY_PATH = /\.git(\/|$)|(^|\/)_git\//i;
const HOST_SHORTHAND = /^(www\.)?(github\.com|gitlab\.com|bitbucket\.org)([/:]|$)/i;

/** Whether a reference is remote (see the module comment); leading and trailing blanks are ignored. */
export function isRemoteReference(reference: string): boolean {
  const r = reference.trim();
  return (
    SCHEME.test(r) ||
    r.startsWith('//') ||
    r.includes('//') ||
    r.startsWith('\\\\') ||
    SCP_LIKE.test(r) ||
    QUERY.test(r) ||
    REPOSITORY_PATH.test(r) ||
    HOST_SHORTHAND.test(r)
  );
}

/**
 * Whether a local path, relative to `dir` (POSIX, relative to the state's root, '' for the root), leaves the state:
 * absolute, or `..` above the root. Kept beside isRemoteReference because every caller asks both.
 */
export function leavesState(dir: string, path: string): boolean {
  const p = path.trim();
  if (p.startsWith('/')) return true;
  let depth = 0;
  for (const part of [...dir.split('/'), ...p.split('/')]) {
    if (part === '..') depth--;
    else if (part && part !== '.') depth++;
    if (depth < 0) return true;
  }
  return false;
}
