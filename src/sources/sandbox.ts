/**
 * How the renderers (kustomize, `kubectl kustomize`, helm) run: the one place that builds their environment and
 * starts them. Pull-request content is refused before rendering when it names anything remote
 * (remote-reference.ts); this is the second wall, for whatever that check misses:
 *  - a network namespace of their own (`unshare --net`, with `--map-root-user` so that no privilege is needed), where
 *    there is no interface but a loopback that is down: no request leaves the process, to any address, loopback
 *    included. Used when the machine allows it (probed once per process); GitHub's Ubuntu 24.04 runners restrict
 *    unprivileged user namespaces, and there the environment below is the wall;
 *  - an environment with nothing of the caller's but `PATH` (no token, no `ACTIONS_*` or `INPUT_*` variable), a `HOME`
 *    of the run's own (helm's cache, config and data folders, kustomize's plugin folder and the XDG folders inside it),
 *    `KUBECONFIG` pointing at nothing; every proxy variable pointing at a closed privileged port on the loopback
 *    (`127.0.0.1:9`, the discard port: below 1024, so no unprivileged process can listen there) and `NO_PROXY` empty,
 *    so Go's HTTP client (kustomize's remote-file loader, helm's getters and schema loader) sends every request to a
 *    proxy that refuses it — except requests to loopback addresses, which Go never proxies
 *    (golang.org/x/net/http/httpproxy useProxy); `GIT_ALLOW_PROTOCOL` empty, which makes git refuse every transport
 *    (git transport.c is_transport_allowed), `file://` included, with no system or global git configuration
 *    (`GIT_CONFIG_NOSYSTEM`, `GIT_CONFIG_GLOBAL=/dev/null`: no credential helper, no `url.*.insteadOf`) and no
 *    prompt (`GIT_TERMINAL_PROMPT=0`, `GIT_ASKPASS`/`SSH_ASKPASS` set to `false`, `GIT_SSH_COMMAND=false`).
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Where every proxy variable of a renderer points: a closed privileged port of the loopback. */
export const CLOSED_PROXY = 'http://127.0.0.1:9';

/** The environment a renderer runs with (see the module comment); `home` is a folder of the run's own. */
export function rendererEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    KUBECONFIG: join(home, 'none'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    HELM_CACHE_HOME: join(home, 'cache', 'helm'),
    HELM_CONFIG_HOME: join(home, 'config', 'helm'),
    HELM_DATA_HOME: join(home, 'data', 'helm'),
    KUSTOMIZE_PLUGIN_HOME: join(home, 'config', 'kustomize', 'plugin'),
    HTTP_PROXY: CLOSED_PROXY,
    HTTPS_PROXY: CLOSED_PROXY,
    ALL_PROXY: CLOSED_PROXY,
    http_proxy: CLOSED_PROXY,
    https_proxy: CLOSED_PROXY,
    all_proxy: CLOSED_PROXY,
    NO_PROXY: '',
    no_proxy: '',
    GIT_ALLOW_PROTOCOL: '',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'false',
    SSH_ASKPASS: 'false',
    GIT_SSH_COMMAND: 'false',
  };
}

let namespacePrefix: string[] | null | undefined;

/**
 * The `unshare` arguments that give a process a network namespace of its own on this machine, or null when none
 * works (no `unshare`, or namespaces not allowed). Probed once per process.
 */
export function networkNamespace(): string[] | null {
  if (namespacePrefix !== undefined) return namespacePrefix;
  namespacePrefix = null;
  for (const prefix of [
    ['unshare', '--net', '--map-root-user', '--'],
    ['unshare', '--net', '--'],
  ]) {
    const r = spawnSync(prefix[0], [...prefix.slice(1), 'true'], { timeout: 10_000, env: { PATH: process.env.PATH } });
    if (r.status === 0) {
      namespacePrefix = prefix;
      break;
    }
  }
  return namespacePrefix;
}

/** The path of an executable (a path, or a name looked up on PATH), or null. */
export function findExecutable(binary: string, path = process.env.PATH ?? ''): string | null {
  const ok = (f: string): boolean => {
    try {
      accessSync(f, constants.X_OK);
      return statSync(f).isFile();
    } catch {
      return false;
    }
  };
  if (binary.includes('/')) return ok(binary) ? binary : null;
  for (const dir of path.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const f = join(dir, binary);
    if (ok(f)) return f;
  }
  return null;
}

export interface SandboxOptions {
  /** A folder of the run's own: the renderer's HOME (created if missing). */
  home: string;
  cwd?: string;
  timeoutMs: number;
  /** Leave the network namespace out (tests of the environment alone). */
  withoutNamespace?: boolean;
}

/** What a renderer is started with: the command (the namespace's prefix first, when there is one) and its options. */
interface SandboxCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

/** The command of a renderer in its box (see runSandboxed), or null when the binary cannot be found. */
function sandboxCommand(binary: string, args: readonly string[], opts: SandboxOptions): SandboxCommand | null {
  const env = rendererEnv(opts.home);
  const resolved = findExecutable(binary);
  if (!resolved) return null;
  mkdirSync(opts.home, { recursive: true });
  const ns = opts.withoutNamespace ? null : networkNamespace();
  const [command, ...rest] = ns ? [...ns, resolved, ...args] : [resolved, ...args];
  return { command, args: rest, env, ...(opts.cwd ? { cwd: opts.cwd } : {}) };
}

/** The most a renderer may write on standard output or error (each); past it, it is stopped. */
const MAX_OUTPUT = 256 * 1024 * 1024;

const notFound = (binary: string, call: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${call} ${binary} ENOENT`), { code: 'ENOENT' }) as NodeJS.ErrnoException;

/**
 * Runs a renderer in its box: the environment of rendererEnv, in a network namespace of its own where the machine
 * allows it. A binary that cannot be found answers like spawnSync does (`error.code` ENOENT), without starting
 * anything.
 */
export function runSandboxed(binary: string, args: readonly string[], opts: SandboxOptions): SpawnSyncReturns<string> {
  const c = sandboxCommand(binary, args, opts);
  if (!c)
    return {
      pid: 0,
      output: [],
      stdout: '',
      stderr: '',
      status: null,
      signal: null,
      error: notFound(binary, 'spawnSync'),
    };
  return spawnSync(c.command, c.args, {
    encoding: 'utf8',
    timeout: opts.timeoutMs,
    maxBuffer: MAX_OUTPUT,
    env: c.env,
    ...(c.cwd ? { cwd: c.cwd } : {}),
  });
}

/** How a renderer started by runSandboxedAsync ended (the fields of spawnSync's answer that renderers read). */
export interface SandboxOutcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** ENOENT (not found, nothing started), ETIMEDOUT (stopped at timeoutMs), ENOBUFS (stopped past the output cap). */
  error?: NodeJS.ErrnoException;
}

/**
 * runSandboxed without blocking the process, so that several renderers run at once (sources/render-ahead.ts): the same
 * command, environment, namespace, folder, timeout (the renderer is sent SIGTERM at timeoutMs, as spawnSync does) and
 * output cap (stopped past MAX_OUTPUT bytes on either stream, as spawnSync's maxBuffer does).
 */
export function runSandboxedAsync(
  binary: string,
  args: readonly string[],
  opts: SandboxOptions,
): Promise<SandboxOutcome> {
  const c = sandboxCommand(binary, args, opts);
  if (!c)
    return Promise.resolve({ status: null, signal: null, stdout: '', stderr: '', error: notFound(binary, 'spawn') });
  return new Promise((resolvePromise) => {
    const child = spawn(c.command, c.args, { env: c.env, ...(c.cwd ? { cwd: c.cwd } : {}) });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const sizes = { out: 0, err: 0 };
    let stopped: 'ETIMEDOUT' | 'ENOBUFS' | null = null;
    let failed: NodeJS.ErrnoException | null = null;
    const stop = (why: 'ETIMEDOUT' | 'ENOBUFS'): void => {
      stopped ??= why;
      child.kill('SIGTERM');
    };
    const timer = setTimeout(() => stop('ETIMEDOUT'), opts.timeoutMs);
    const take = (into: Buffer[], key: 'out' | 'err') => (chunk: Buffer) => {
      sizes[key] += chunk.length;
      if (sizes[key] > MAX_OUTPUT) stop('ENOBUFS');
      else into.push(chunk);
    };
    child.stdout.on('data', take(out, 'out'));
    child.stderr.on('data', take(err, 'err'));
    child.stdin.end();
    child.on('error', (e) => {
      failed = e;
      // Never started (no 'close' follows): answered now.
      if (child.pid === undefined) {
        clearTimeout(timer);
        resolvePromise({ status: null, signal: null, stdout: '', stderr: '', error: e });
      }
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      const error =
        failed ??
        (stopped
          ? (Object.assign(new Error(`spawn ${binary} ${stopped}`), { code: stopped }) as NodeJS.ErrnoException)
          : undefined);
      resolvePromise({
        status,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ...(error ? { error } : {}),
      });
    });
  });
}
