/**
 * The GitHub client: @octokit/rest with retries (5xx, bounded) and throttling (primary and
 * secondary rate limits, honouring retry-after, bounded attempts, and a cap on the total time spent waiting: a
 * primary limit an hour from its reset fails the request rather than holding the job for an hour).
 */
import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling, type ThrottlingOptions } from '@octokit/plugin-throttling';

const PlanOctokit = Octokit.plugin(retry, throttling);
export type GitHubClient = InstanceType<typeof PlanOctokit>;

export interface ClientOptions {
  token: string;
  baseUrl?: string;
  /** Milliseconds per retry unit (plugin-retry waits unit × attempt²); 1000 in production. */
  retryBaseMs?: number;
  maxRetries?: number;
  /** Seconds the client may spend in total waiting for rate limits to reset; past that, the request fails. */
  maxRateLimitWaitSeconds?: number;
  /**
   * Whether writes are paced as GitHub asks of integrations (plugin-throttling: at least 1 s between mutating requests
   * and GraphQL calls, 3 s between requests that notify, 2 s between searches). True in production; tests that drive
   * the client against a local fake turn it off, and keep the rate-limit handling.
   */
  pace?: boolean;
  log?: (msg: string) => void;
}

type LimiterGroup = NonNullable<ThrottlingOptions['write']>;

/**
 * A limiter group that runs every job at once. plugin-throttling uses its groups only through Bottleneck's
 * `group.key(id).schedule(options, task, ...args)`.
 */
const UNPACED = {
  key: () => ({
    schedule: (_options: unknown, task: (...args: unknown[]) => unknown, ...args: unknown[]) =>
      Promise.resolve().then(() => task(...args)),
  }),
} as unknown as LimiterGroup;

/** plugin-retry's default list of statuses it leaves alone, with 429 added. */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];

export function createClient(opts: ClientOptions): GitHubClient {
  const log = opts.log ?? (() => undefined);
  const maxRetries = opts.maxRetries ?? 3;
  const maxWait = opts.maxRateLimitWaitSeconds ?? 300;
  let waited = 0;
  const mayWait = (kind: string, retryAfter: number, options: { method: string; url: string }, retryCount: number) => {
    if (retryCount >= maxRetries) return false;
    if (waited + retryAfter > maxWait) {
      log(
        `GitHub ${kind} on ${options.method} ${options.url} resets in ${retryAfter}s, past the ${maxWait}s wait budget (rate-limit-wait); not waiting`,
      );
      return false;
    }
    waited += retryAfter;
    log(`GitHub ${kind} on ${options.method} ${options.url}; retry ${retryCount + 1} after ${retryAfter}s`);
    return true;
  };
  return new PlanOctokit({
    auth: opts.token,
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
    userAgent: 'karpenter-plan',
    // 429 is a rate limit: plugin-throttling owns it (retry-after, the rate-limit-wait budget). plugin-retry would also
    // retry it 3 times (1 + 4 + 9 s) after the throttle declined to wait, past the budget.
    retry: { retries: maxRetries, retryAfterBaseValue: opts.retryBaseMs ?? 1000, doNotRetry: DO_NOT_RETRY },
    throttle: {
      ...(opts.pace === false ? { write: UNPACED, notifications: UNPACED, search: UNPACED } : {}),
      onRateLimit: (retryAfter: number, options: { method: string; url: string }, _o: unknown, retryCount: number) =>
        mayWait('rate limit', retryAfter, options, retryCount),
      onSecondaryRateLimit: (
        retryAfter: number,
        options: { method: string; url: string },
        _o: unknown,
        retryCount: number,
      ) => mayWait('secondary rate limit', retryAfter, options, retryCount),
    },
    log: { debug: () => undefined, info: () => undefined, warn: (m: string) => log(m), error: (m: string) => log(m) },
  });
}

/** Status code of an Octokit error, or null. */
export function statusOf(e: unknown): number | null {
  const s = (e as { status?: unknown })?.status;
  return typeof s === 'number' ? s : null;
}

/**
 * A 403 that is GitHub refusing the token the permission (a pull request from a fork gets a read-only token), as
 * opposed to a rate limit, which GitHub also answers with 403 but marks with `x-ratelimit-remaining: 0` or
 * `retry-after` (https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api).
 */
export function isPermissionDenied(e: unknown): boolean {
  if (statusOf(e) !== 403) return false;
  const headers = (e as { response?: { headers?: Record<string, unknown> } })?.response?.headers ?? {};
  return String(headers['x-ratelimit-remaining']) !== '0' && headers['retry-after'] === undefined;
}
