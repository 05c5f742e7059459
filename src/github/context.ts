/**
 * The workflow run the action is part of, read from the runner's environment when the action runs (not when the
 * module loads, as @actions/github's `context` singleton does, so one process can run the action more than once —
 * the test suite runs it in-process). Same sources as the runner documents: the event payload is the JSON file at
 * GITHUB_EVENT_PATH, the repository is GITHUB_REPOSITORY (`owner/repo`).
 */
import { existsSync, readFileSync } from 'node:fs';

export interface RunContext {
  /** The webhook payload of the event that started the workflow (`{}` when there is none). */
  payload: Record<string, unknown>;
  /** GITHUB_SHA, or '' when unset. */
  sha: string;
  /** GITHUB_RUN_ID as a number, or null when unset or not a number. */
  runId: number | null;
  /** owner and repository name; both '' when GITHUB_REPOSITORY is unset or not `owner/repo`. */
  owner: string;
  repo: string;
}

export function runContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  const eventPath = env.GITHUB_EVENT_PATH;
  // GitHub always writes the event as JSON; a missing file (a local run) is an empty payload.
  const payload =
    eventPath && existsSync(eventPath) ? (JSON.parse(readFileSync(eventPath, 'utf8')) as Record<string, unknown>) : {};
  const runId = Number.parseInt(env.GITHUB_RUN_ID ?? '', 10);
  return {
    payload,
    sha: env.GITHUB_SHA ?? '',
    runId: Number.isFinite(runId) ? runId : null,
    ...repository(env, payload),
  };
}

/** GITHUB_REPOSITORY, else the event's `repository` (as @actions/github's context falls back); '' when neither. */
function repository(env: NodeJS.ProcessEnv, payload: Record<string, unknown>): { owner: string; repo: string } {
  const [owner = '', repo = '', ...rest] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (owner && repo && rest.length === 0) return { owner, repo };
  const fromEvent = payload.repository as { name?: unknown; owner?: { login?: unknown } } | undefined;
  const name = fromEvent?.name;
  const login = fromEvent?.owner?.login;
  return typeof name === 'string' && typeof login === 'string' && name && login
    ? { owner: login, repo: name }
    : { owner: '', repo: '' };
}
