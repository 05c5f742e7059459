/**
 * A state's files: a directory on disk, or one git revision of a repository read with
 * `git ls-tree` / `git cat-file` (the work tree is never touched). Nothing is executed but git.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export interface FileTree {
  /** Human description, e.g. `examples/x/base` or `git:main (abc1234)`. */
  readonly label: string;
  /** Commit SHA when the tree is a git revision. */
  readonly sha: string | null;
  /** Committer time (RFC 3339) when the tree is a git revision. */
  readonly committedAt: string | null;
  /** Every file path (POSIX separators, relative to the root). */
  list(): string[];
  /** File content, or null when it does not exist or cannot be read. */
  read(path: string): string | null;
}

const SKIP_DIRS = new Set(['node_modules', '.git']);

export class DirTree implements FileTree {
  readonly sha = null;
  readonly committedAt = null;
  private files: string[] | null = null;
  /** Absolute paths of files the run itself writes (`--out`, `--json-out`): never read back as input. */
  private readonly excluded: ReadonlySet<string>;
  constructor(
    readonly root: string,
    readonly label: string = root,
    excluded: readonly string[] = [],
  ) {
    this.excluded = new Set(excluded.map((p) => resolve(p)));
    const st = statSync(root, { throwIfNoEntry: false });
    if (!st || !st.isDirectory()) throw new Error(`${root} is not a directory`);
  }

  list(): string[] {
    if (this.files) return this.files;
    const out: string[] = [];
    const walk = (dir: string): void => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = join(dir, e.name);
        if (e.isDirectory()) {
          if (!SKIP_DIRS.has(e.name)) walk(full);
        } else if (e.isFile() && !this.excluded.has(resolve(full)))
          out.push(relative(this.root, full).split(sep).join('/'));
      }
    };
    walk(this.root);
    this.files = out.sort();
    return this.files;
  }

  /**
   * A regular file inside the root, or null: a path that leaves the root (`../`, an absolute path) or a symlink that
   * resolves outside it is refused, and so are devices and FIFOs.
   */
  read(path: string): string | null {
    try {
      const full = resolve(this.rootReal(), path);
      if (!within(this.rootReal(), full) || this.excluded.has(resolve(this.root, path))) return null;
      const real = realpathSync(full);
      if (!within(this.rootReal(), real)) return null;
      const st = statSync(real);
      if (!st.isFile() || st.size > MAX_FILE_BYTES) return null;
      return readFileSync(real, 'utf8');
    } catch {
      return null;
    }
  }

  /**
   * Whether `path` (a file or a folder inside the root by its spelling) is, or passes through, a symlink that resolves
   * outside the root: `read` and `list` refuse to follow it, so whatever names it reads nothing (the configuration's
   * inputs are checked with this: sources/config-inputs.ts). A missing path or one inside the root: false.
   */
  linksOutside(path: string): boolean {
    try {
      const full = resolve(this.rootReal(), path);
      if (!within(this.rootReal(), full)) return false;
      return !within(this.rootReal(), realpathSync(full));
    } catch {
      // A dangling link: where its first link points, as written.
      try {
        let cur = this.rootReal();
        for (const seg of path.split('/').filter((x) => x && x !== '.')) {
          const next = join(cur, seg);
          const st = lstatSync(next, { throwIfNoEntry: false });
          if (!st) return false;
          if (st.isSymbolicLink()) return !within(this.rootReal(), resolve(cur, readlinkSync(next)));
          cur = next;
        }
      } catch {
        // unreadable: nothing to say
      }
      return false;
    }
  }

  private realRoot: string | null = null;
  private rootReal(): string {
    this.realRoot ??= realpathSync(this.root);
    return this.realRoot;
  }
}

/** Files larger than this are not read (no Kubernetes manifest is near it). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

function within(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
}

export class GitTree implements FileTree {
  readonly sha: string;
  readonly label: string;
  readonly committedAt: string | null;
  private files: string[] | null = null;
  private fileSet: Set<string> | null = null;
  private cache = new Map<string, string | null>();
  private links: Set<string> | null = null;

  constructor(
    readonly repo: string,
    readonly rev: string,
    readonly subdir = '',
  ) {
    // The commit and its committer time in one process. A revision is never read as an option (none starts with `-`;
    // `--end-of-options` would need git ≥ 2.24) nor as a path (`--`).
    const r = rev.startsWith('-')
      ? null
      : spawnSync('git', ['-C', repo, 'show', '-s', '--format=%H%n%cI', `${rev}^{commit}`, '--'], { encoding: 'utf8' });
    const [sha, time] = r?.status === 0 ? r.stdout.trim().split('\n') : [];
    if (!sha || !/^[0-9a-f]{40,64}$/.test(sha))
      throw new Error(
        `git revision "${rev}" not found in ${repo} (a shallow clone? check out with fetch-depth: 0, or git fetch the revision)`,
      );
    this.sha = sha;
    this.label = `${rev} (${this.sha.slice(0, 7)})`;
    const at = time ? new Date(time) : null;
    this.committedAt = at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
  }

  list(): string[] {
    if (this.files) return this.files;
    const args = ['-C', this.repo, 'ls-tree', '-r', '-z', this.sha];
    if (this.subdir) args.push('--', this.subdir);
    const outText = execFileSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const prefix = this.subdir ? this.subdir.replace(/\/?$/, '/') : '';
    const links = new Set<string>();
    // Each entry: `<mode> <type> <object>\t<path>`; mode 120000 is a symlink, its blob the path it points to.
    this.files = outText
      .split('\0')
      .filter(Boolean)
      .map((entry) => {
        const tab = entry.indexOf('\t');
        const p = entry.slice(tab + 1);
        const rel = prefix && p.startsWith(prefix) ? p.slice(prefix.length) : p;
        if (entry.startsWith('120000 ')) links.add(rel);
        return rel;
      })
      .sort();
    this.links = links;
    return this.files;
  }

  /**
   * The symlink (mode 120000) that `path` (a file or folder of the revision, by its spelling) is or passes through, with
   * the path it points to; null when there is none. A revision is read as git objects, so a symlink is never followed:
   * its blob is the link's text, and a folder behind it holds no file here (sources/config-inputs.ts reports inputs
   * named through one).
   */
  symlinkOn(path: string): { link: string; target: string } | null {
    this.list();
    const segs = path
      .replace(/^\.\//, '')
      .split('/')
      .filter((x) => x && x !== '.');
    for (let i = 1; i <= segs.length; i++) {
      const link = segs.slice(0, i).join('/');
      if (this.links?.has(link)) return { link, target: this.read(link) ?? '' };
    }
    return null;
  }

  read(path: string): string | null {
    if (this.cache.has(path)) return this.cache.get(path)!;
    if (this.absent(path)) return null;
    const full = this.subdir ? `${this.subdir.replace(/\/$/, '')}/${path}` : path;
    const r = spawnSync('git', ['-C', this.repo, 'cat-file', 'blob', `${this.sha}:${full}`], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const v = r.status === 0 ? r.stdout : null;
    this.cache.set(path, v);
    return v;
  }

  /**
   * Whether `path`, spelled as the listing spells paths, is not a file of the revision: known without a git process
   * once the revision is listed (a folder, or a path that is not there, reads as null either way).
   */
  private absent(path: string): boolean {
    if (this.files === null) return false;
    this.fileSet ??= new Set(this.files);
    return !this.fileSet.has(path) && path.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
  }

  /** Reads many files with one `git cat-file --batch` process. */
  readMany(paths: string[]): void {
    const todo = paths.filter((p) => !this.cache.has(p) && !this.absent(p));
    if (todo.length === 0) return;
    const prefix = this.subdir ? this.subdir.replace(/\/$/, '') + '/' : '';
    const input = todo.map((p) => `${this.sha}:${prefix}${p}`).join('\n') + '\n';
    const r = spawnSync('git', ['-C', this.repo, 'cat-file', '--batch'], { input, maxBuffer: 512 * 1024 * 1024 });
    if (r.status !== 0 || !r.stdout) return;
    const buf = r.stdout as Buffer;
    let off = 0;
    for (const p of todo) {
      const nl = buf.indexOf(10, off);
      if (nl < 0) break;
      const header = buf.subarray(off, nl).toString('utf8');
      off = nl + 1;
      const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
      if (!m) {
        this.cache.set(p, null);
        continue;
      }
      const size = Number(m[2]);
      this.cache.set(p, m[1] === 'blob' ? buf.subarray(off, off + size).toString('utf8') : null);
      off += size + 1;
    }
  }
}

/** What a trusted-file reader returns: the base revision's content, a refusal, or null (not in git: read the disk). */
export type TrustedRead = { text: string } | { refused: string } | null;

/**
 * A file named by the configuration or the command line, read only if it is a regular file of at most `maxBytes`:
 * a device (`/dev/zero`, `/dev/urandom`), a FIFO or a directory fails at once with a clear error, never a hang.
 */
export function readRegularFile(path: string, maxBytes: number): string {
  const st = statSync(path);
  if (!st.isFile()) throw new Error('not a regular file');
  if (st.size > maxBytes) throw new Error(`larger than ${Math.round(maxBytes / 2 ** 20)} MiB`);
  return readFileSync(path, 'utf8');
}

/**
 * Files that configuration names as trusted inputs (fleet snapshots, catalogs) are read from the base revision when
 * git tracks them, so that a pull request cannot edit them; one that only head has (added by the pull request) is
 * refused; one git does not track (written by an earlier step of the job) is read from the disk.
 */
export function revisionFileReader(repo: string, baseSha: string, headSha: string): (abs: string) => TrustedRead {
  return (abs) => {
    const rel = relative(repo, abs);
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
    const inBase = spawnSync('git', ['-C', repo, 'cat-file', 'blob', `${baseSha}:${rel}`], {
      maxBuffer: 1024 * 2 ** 20,
    });
    if (inBase.status === 0) return { text: inBase.stdout.toString('utf8') };
    if (spawnSync('git', ['-C', repo, 'cat-file', '-e', `${headSha}:${rel}`]).status === 0)
      return { refused: `${rel} is added by this change; it is read only from the base revision` };
    return null;
  };
}

/** Whether `sha` names a commit present in the repository at `repo`. */
export function hasCommit(repo: string, sha: string): boolean {
  return spawnSync('git', ['-C', repo, 'cat-file', '-e', `${sha}^{commit}`]).status === 0;
}

/**
 * Fetches a pull request's head commits (`refs/pull/N/head`) from `origin` into the trusted checkout as objects only:
 * nothing is checked out, so the fork-safe `workflow_run` job reads the head with git plumbing as any revision.
 */
export function fetchPullRequestHead(repo: string, prNumber: number): void {
  if (!Number.isInteger(prNumber) || prNumber <= 0) throw new Error(`not a pull request number: ${prNumber}`);
  const r = spawnSync(
    'git',
    [
      '-C',
      repo,
      'fetch',
      '--no-tags',
      '--quiet',
      'origin',
      `+refs/pull/${prNumber}/head:refs/karpenter-plan/pull/${prNumber}`,
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (r.status !== 0)
    throw new Error(
      `git fetch of pull request #${prNumber}'s head failed: ${(r.stderr || r.error?.message || '').trim()}`,
    );
}

/** The repository root containing `dir`, or null. */
export function gitTopLevel(dir: string): string | null {
  const r = spawnSync('git', ['-C', dir, 'rev-parse', '--show-toplevel'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** A state given as text, e.g. a rendering piped to standard input (`karpenter-plan validate -`). */
export class TextTree implements FileTree {
  readonly sha = null;
  readonly committedAt = null;
  constructor(
    readonly label: string,
    private readonly files: ReadonlyMap<string, string>,
  ) {}

  list(): string[] {
    return [...this.files.keys()].sort();
  }

  read(path: string): string | null {
    return this.files.get(path) ?? null;
  }
}

/** The file name a state read from standard input has in findings and reports. */
export const STDIN_FILE = 'stdin.yaml';
