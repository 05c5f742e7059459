/**
 * The GitHub client: @octokit/rest with retries (5xx, bounded) and throttling (primary and
 * secondary rate limits, honouring retry-after, bounded attempts).
 */
import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

const PlanOctokit = Octokit.plugin(retry, throttling);
export type GitHubClient = InstanceType<typeof PlanOctokit>;

export interface ClientOptions {
  token: string;
  baseUrl?: string;
  /** Milliseconds per retry unit (plugin-retry waits unit × attempt²); 1000 in production. */
  retryBaseMs?: number;
  maxRetries?: number;
  log?: (msg: string) => void;
}

export function createClient(opts: ClientOptions): GitHubClient {
  const log = opts.log ?? (() => undefined);
  const maxRetries = opts.maxRetries ?? 3;
  return new PlanOctokit({
    auth: opts.token,
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
    userAgent: 'karpenter-plan',
    retry: { retries: maxRetries, retryAfterBaseValue: opts.retryBaseMs ?? 1000 },
    throttle: {
      onRateLimit: (retryAfter: number, options: { method: string; url: string }, _o: unknown, retryCount: number) => {
        log(`GitHub rate limit on ${options.method} ${options.url}; retry ${retryCount + 1} after ${retryAfter}s`);
        return retryCount < maxRetries;
      },
      onSecondaryRateLimit: (
        retryAfter: number,
        options: { method: string; url: string },
        _o: unknown,
        retryCount: number,
      ) => {
        log(
          `GitHub secondary rate limit on ${options.method} ${options.url}; retry ${retryCount + 1} after ${retryAfter}s`,
        );
        return retryCount < maxRetries;
      },
    },
    log: { debug: () => undefined, info: () => undefined, warn: (m: string) => log(m), error: (m: string) => log(m) },
  });
}

/** Status code of an Octokit error, or null. */
export function statusOf(e: unknown): number | null {
  const s = (e as { status?: unknown })?.status;
  return typeof s === 'number' ? s : null;
}
