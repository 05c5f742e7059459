/**
 * The GitHub client's pacing (src/github/octokit.ts): as shipped, writes are spaced as GitHub asks of integrations
 * (plugin-throttling: at least 1 s between mutating requests); `pace: false`, which only the in-process test runner
 * passes, sends them at once. Real timers: the waiting is the behaviour under test.
 */
import { createClient } from '../../src/github/octokit.js';
import { FakeGitHub } from '../support/fake-github.js';

let gh: FakeGitHub;
beforeEach(async () => {
  gh = new FakeGitHub();
  await gh.start();
});
afterEach(() => gh.stop());

/** Milliseconds for three check-run POSTs with a client made with these options. */
async function threeWrites(pace: boolean | undefined): Promise<number> {
  const client = createClient({ token: 't', baseUrl: gh.url, ...(pace === undefined ? {} : { pace }) });
  const started = Date.now();
  for (let i = 0; i < 3; i++)
    await client.rest.checks.create({ owner: 'o', repo: 'r', name: `c${i}`, head_sha: 'a'.repeat(40) });
  return Date.now() - started;
}

test('as shipped, writes are at least a second apart', async () => {
  expect(await threeWrites(undefined)).toBeGreaterThanOrEqual(1900);
  expect(gh.checkRuns).toHaveLength(3);
});

test('pace: false sends them at once', async () => {
  expect(await threeWrites(false)).toBeLessThan(1900);
  expect(gh.checkRuns).toHaveLength(3);
});
