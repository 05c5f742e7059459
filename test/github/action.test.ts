/**
 * The action end to end, in this process (test/support/action-runner.ts) under a simulated Actions environment
 * (GITHUB_EVENT_PATH, INPUT_* variables) against a fake GitHub API at the HTTP layer, with the real Octokit client; a
 * few runs go through the esbuild bundle of src/github/bin.ts in a child process, as the runner starts it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeGitHub } from '../support/fake-github.js';
import { runCli } from '../../src/cli/run.js';
import { actionRunFolder, runActionBundle, runActionInProcess, type ActionRun } from '../support/action-runner.js';
import { ANNOTATION_MESSAGE_BYTES, truncateBytes } from '../../src/github/status.js';
import { nodePool, NODECLASS } from '../helpers.js';

let repo: string;
let baseSha: string;
let headSha: string;
/** A head with 60 broken NodePools instead of 3, for the tests of more findings than GitHub takes at once. */
let manySha: string;

/** NodePools with distinct, invalid weights (101, 102, …): an error finding on each one's line. */
const brokenPools = (n: number): string =>
  Array.from({ length: n }, (_, i) => nodePool(`broken-${i}`, { weight: 101 + i })).join('---\n') +
  '---\n' +
  NODECLASS.replace('name: default', 'name: spare');

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'kp-action-repo-'));
  const git = (...a: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], {
      encoding: 'utf8',
    }).trim();
  git('init', '-q', '-b', 'main');
  cpSync('examples/generation-split/base', repo, { recursive: true });
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  baseSha = git('rev-parse', 'HEAD');
  rmSync(join(repo, 'nodepools.yaml'));
  cpSync('examples/generation-split/head', repo, { recursive: true });
  // Most tests need some findings, not many: every NodePool costs each run its scheduling and rules.
  writeFileSync(join(repo, 'broken.yaml'), brokenPools(3));
  git('add', '-A');
  git('commit', '-q', '-m', 'head');
  headSha = git('rev-parse', 'HEAD');
  // Many findings, to exercise annotation batching (50 per request, 50 per job): the same change on a branch of its own
  // from the base (the head stays unreachable from it, as the fork tests need).
  git('checkout', '-q', '-b', 'many', baseSha);
  rmSync(join(repo, 'nodepools.yaml'));
  cpSync('examples/generation-split/head', repo, { recursive: true });
  writeFileSync(join(repo, 'broken.yaml'), brokenPools(60));
  git('add', '-A');
  git('commit', '-q', '-m', 'head with many findings');
  manySha = git('rev-parse', 'HEAD');
  git('checkout', '-q', 'main');
}, 60_000);

const manyEvent = () => ({ pull_request: { number: 7, base: { sha: baseSha }, head: { sha: manySha } } });

function runAction(
  gh: FakeGitHub,
  inputs: Record<string, string> = {},
  event?: Record<string, unknown>,
  how: 'in-process' | 'bundle' = 'in-process',
): Promise<ActionRun> {
  return runActionIn(repo, gh, inputs, event, how);
}

function runActionIn(
  cwd: string,
  gh: FakeGitHub,
  inputs: Record<string, string> = {},
  event?: Record<string, unknown>,
  how: 'in-process' | 'bundle' = 'in-process',
): Promise<ActionRun> {
  const run = actionRunFolder(event ?? { pull_request: { number: 7, base: { sha: baseSha }, head: { sha: headSha } } });
  const env: Record<string, string> = {
    ...run.env,
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? run.dir,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_API_URL: gh.url,
    GITHUB_SERVER_URL: 'https://github.test',
    GITHUB_RUN_ID: '42',
    'INPUT_GITHUB-TOKEN': 'test-token',
    'INPUT_FAIL-ON': 'never',
    INPUT_AT: '2026-01-05T10:00:00Z',
  };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  return how === 'bundle' ? runActionBundle(cwd, env) : runActionInProcess(cwd, env);
}

describe('sticky comment', () => {
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = new FakeGitHub();
    await gh.start();
  });
  afterEach(async () => {
    await gh.stop();
  });

  test('first run creates one comment; the second updates it; an identical body sends nothing', async () => {
    const r1 = await runAction(gh);
    expect(r1.code).toBe(0);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toMatch(new RegExp(`^<!-- karpenter-plan key="default" head="${headSha}"`));
    expect(r1.outputs['comment-url']).toMatch(/issuecomment-/);
    gh.comments[0].body = gh.comments[0].body.replace('karpenter-plan: pass', 'karpenter-plan: stale');
    gh.requests = [];
    await runAction(gh);
    expect(gh.comments).toHaveLength(1);
    expect(
      gh
        .mutating()
        .filter((r) => r.path.includes('/comments'))
        .map((r) => r.method),
    ).toEqual(['PATCH']);
    gh.requests = [];
    await runAction(gh);
    expect(gh.mutating().filter((r) => r.path.includes('/comments'))).toEqual([]);
  }, 60_000);

  test("a run whose head SHA is no longer the pull request's head (from the API) posts no comment", async () => {
    gh.pulls = [{ number: 7, headSha: 'f'.repeat(40), baseSha, head: 'o:feature' }];
    const r = await runAction(gh);
    expect(gh.comments).toHaveLength(0);
    expect(r.stdout).toMatch(/out of date and not posted/);
    // The check run still belongs to the commit it was computed for.
    expect(gh.checkRuns[0].body).toMatchObject({ head_sha: headSha });
  }, 60_000);

  test('a marker pasted into a comment by someone else is neither edited nor trusted', async () => {
    gh.addComments(1, () => `<!-- karpenter-plan key="default" head="${'f'.repeat(40)}" -->\nforged`, {
      login: 'mallory',
      type: 'User',
    });
    await runAction(gh);
    expect(gh.comments).toHaveLength(2);
    expect(gh.comments[0].body).toMatch(/forged$/);
    expect(gh.comments[1].body).toMatch(/karpenter-plan: pass/);
  }, 60_000);

  test('a comment from an earlier version (marker with valid-at, even far in the future) is updated in place', async () => {
    gh.addComments(
      1,
      () => `<!-- karpenter-plan key="default" head="ffffffff" valid-at="2999-01-01T00:00:00.000Z" -->\nold`,
    );
    await runAction(gh);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].body).toMatch(/karpenter-plan: pass/);
  }, 60_000);

  test('hide-and-new: when the new comment cannot be posted, the old one stays visible and the job fails', async () => {
    gh.addComments(1, () => `<!-- karpenter-plan key="default" head="aaaa" -->\nold`);
    gh.fail('POST', /comments$/, 422, Infinity, 'Validation Failed');
    const r = await runAction(gh, { comment: 'hide-and-new' });
    expect(r.code).toBe(1);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0].minimized).toBeUndefined();
    expect(r.stdout).toMatch(/could not comment/);
  }, 60_000);

  test('hide-and-new minimises the old comment through GraphQL and creates a new one', async () => {
    gh.addComments(
      1,
      () => `<!-- karpenter-plan key="default" head="aaaa" valid-at="2000-01-01T00:00:00.000Z" -->\nold`,
    );
    await runAction(gh, { comment: 'hide-and-new' });
    expect(gh.comments).toHaveLength(2);
    expect(gh.comments[0].minimized).toBe(true);
    expect(gh.requests.some((r) => r.path === '/graphql' && JSON.stringify(r.body).includes('OUTDATED'))).toBe(true);
  }, 60_000);

  test('delete-and-new deletes the old comment; other keys are left alone', async () => {
    gh.addComments(
      1,
      () => `<!-- karpenter-plan key="default" head="aaaa" valid-at="2000-01-01T00:00:00.000Z" -->\nold`,
    );
    gh.addComments(
      1,
      () => `<!-- karpenter-plan key="staging" head="aaaa" valid-at="2000-01-01T00:00:00.000Z" -->\nother cluster`,
    );
    await runAction(gh, { comment: 'delete-and-new' });
    expect(gh.comments.map((c) => c.body.split('\n')[1])).toEqual([
      'other cluster',
      expect.stringMatching(/karpenter-plan/),
    ]);
  }, 60_000);

  test('pagination: the marker is found past 100 comments and updated in place', async () => {
    gh.addComments(150, (i) => `chatter ${i}`);
    gh.addComments(
      1,
      () => `<!-- karpenter-plan key="default" head="aaaa" valid-at="2000-01-01T00:00:00.000Z" -->\nold`,
    );
    gh.addComments(30, (i) => `more chatter ${i}`);
    await runAction(gh);
    expect(gh.comments).toHaveLength(181);
    expect(gh.requests.filter((r) => r.method === 'GET' && r.path.includes('/comments')).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(gh.comments[150].body).toMatch(/karpenter-plan: pass/);
  }, 60_000);

  /** A fork's read-only token: every REST write is refused with 403 (GraphQL queries and REST reads still work). */
  const readOnlyToken = (g: FakeGitHub) => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) g.fail(method, /^\/repos\//, 403);
  };

  test('a read-only token (403 on every write): exit 0 on a passing plan, findings as workflow-command annotations, the summary written', async () => {
    readOnlyToken(gh);
    const r = await runAction(gh, { 'fail-on': 'never' }, manyEvent());
    expect(r.code).toBe(0);
    expect(r.outputs.verdict).toBe('pass');
    expect(r.summary).toMatch(/karpenter-plan/);
    expect(gh.comments).toEqual([]);
    expect(gh.checkRuns).toEqual([]);
    expect(gh.statuses).toEqual([]);
    // The writes were attempted and refused, nothing else (the GraphQL POST is the `viewer` query, a read).
    expect(gh.mutating().map((q) => `${q.method} ${q.path.replace(/\?.*/, '')}`)).toEqual([
      'POST /graphql',
      'POST /repos/o/r/issues/7/comments',
      'POST /repos/o/r/check-runs',
      'POST /repos/o/r/statuses/' + manySha,
    ]);
    expect(r.stdout).toMatch(/::warning::karpenter-plan could not comment: the token is read-only/);
    expect(r.stdout).toMatch(/::warning::karpenter-plan could not report the check: .*read-only/);
    // broken.yaml of manySha holds 60 NodePools with invalid weights (101..160), each an error finding on its line:
    // more than the 50 annotations GitHub keeps per job, so 49 findings, errors first, and one line saying how many
    // more are in the summary.
    const annotations = r.stdout.split('\n').filter((l) => /^::(error|warning|notice) /.test(l));
    expect(annotations).toHaveLength(50);
    const errors = annotations.filter((l) => l.startsWith('::error '));
    expect(errors.length).toBeGreaterThan(0);
    for (const l of errors) expect(l).toMatch(/^::error title=[a-z-]+,file=broken\.yaml,line=\d+::\S/);
    expect(annotations.at(-1)).toMatch(/^::notice title=karpenter-plan::\d+ more finding\(s\) are in the job summary/);
    expect(r.stdout).not.toMatch(/could not run|::error::/);
  }, 60_000);

  test('a read-only token on a failing plan: the job fails on the verdict alone', async () => {
    readOnlyToken(gh);
    const r = await runAction(gh, { 'fail-on': 'error' });
    expect(r.code).toBe(1);
    expect(r.outputs.verdict).toBe('fail');
    const failed = r.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^::error::karpenter-plan: /);
    expect(failed[0]).not.toMatch(/could not/);
  }, 60_000);

  test('403 on the check run and the status for another reason than permission (a rate limit) still fails the job', async () => {
    gh.fail('POST', /check-runs$/, 403);
    gh.fail('POST', /statuses/, 403, Infinity, 'API rate limit exceeded', {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1',
    });
    const r = await runAction(gh, { 'fail-on': 'never', 'rate-limit-wait': '0' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/could not report the status/);
  }, 60_000);

  test('a rejected token (401) fails the job with a message saying so', async () => {
    gh.fail('GET', /pulls\/\d+$/, 401, Infinity, 'Bad credentials');
    gh.fail('POST', /check-runs$/, 401, Infinity, 'Bad credentials');
    const r = await runAction(gh);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/could not comment: GitHub rejected the token \(401 Bad credentials\)/);
    expect(r.stdout).toMatch(/could not report the status: GitHub rejected the token/);
  }, 60_000);

  test('an empty github-token fails before any work, naming the input', async () => {
    // Through the shipped entry point (the bundle in a child process): it exits 1 without a request.
    const r = await runAction(gh, { 'github-token': '' }, undefined, 'bundle');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/github-token is empty/);
    expect(gh.requests).toHaveLength(0);
  }, 60_000);

  test('a primary rate limit an hour from its reset is not waited for past rate-limit-wait; the job fails', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    gh.fail('GET', /pulls\/\d+$/, 429, Infinity, 'API rate limit exceeded', {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': reset,
    });
    const started = Date.now();
    const r = await runAction(gh, { 'rate-limit-wait': '5', status: 'off' });
    expect(Date.now() - started).toBeLessThan(50_000);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/past the 5s wait budget/);
    expect(r.stdout).toMatch(/could not comment/);
    // Asked once: the 429 is not retried either (plugin-retry would have waited 1 + 4 + 9 s past the budget).
    expect(gh.requests.filter((q) => q.method === 'GET' && /\/pulls\/\d+$/.test(q.path))).toHaveLength(1);
  }, 60_000);

  test('502 then success → retried', async () => {
    gh.fail('POST', /comments$/, 502, 1);
    await runAction(gh);
    expect(gh.comments).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toHaveLength(2);
  }, 60_000);

  test('skip-no-diff: no first comment when nothing changed', async () => {
    const r = await runAction(gh, { 'skip-no-diff': 'true', 'base-ref': headSha, 'head-ref': headSha });
    expect(gh.comments).toHaveLength(0);
    expect(r.stdout).toMatch(/skip-no-diff/);
  }, 60_000);
});

describe('trusted files come from the base revision', () => {
  test('a fleet snapshot tracked in git is read from base: a pull request that empties it does not change the plan; one it adds is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-trusted-fleet-'));
    const git = (...a: string[]) =>
      execFileSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    cpSync('examples/drift-budgets/base', dir, { recursive: true });
    cpSync('examples/drift-budgets/fleet.json', join(dir, 'fleet.json'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const base = git('rev-parse', 'HEAD');
    cpSync('examples/drift-budgets/head', dir, { recursive: true });
    writeFileSync(join(dir, 'fleet.json'), JSON.stringify({ kind: 'List', items: [] }));
    writeFileSync(join(dir, 'added.json'), JSON.stringify({ kind: 'List', items: [] }));
    git('add', '-A');
    git('commit', '-q', '-m', 'head');
    const head = git('rev-parse', 'HEAD');
    const gh = new FakeGitHub();
    await gh.start();
    try {
      const event = { pull_request: { number: 7, base: { sha: base }, head: { sha: head } } };
      const r = await runActionIn(dir, gh, { comment: 'off', status: 'off', fleet: 'fleet.json' }, event);
      const plan = JSON.parse(readFileSync(r.outputs['plan-json'], 'utf8'));
      expect(plan.fleet.nodes).toBe(10); // base's snapshot (10 NodeClaims and their Nodes), not the emptied checkout
      const added = await runActionIn(dir, gh, { comment: 'off', status: 'off', fleet: 'added.json' }, event);
      const p2 = JSON.parse(readFileSync(added.outputs['plan-json'], 'utf8'));
      expect(p2.findings.find((f: { rule: string }) => f.rule === 'unreadable-file').message).toMatch(
        /added\.json is added by this change; it is read only from the base revision/,
      );
    } finally {
      await gh.stop();
    }
  }, 60_000);
});

describe('push events', () => {
  test('a push that creates a branch (before all zeros) plans the head on its own instead of failing', async () => {
    const gh = new FakeGitHub();
    await gh.start();
    try {
      // Through the shipped entry point (the bundle in a child process), as the runner starts it: it plans and exits 0.
      const r = await runAction(
        gh,
        { comment: 'off', 'fail-on': 'never' },
        { before: '0'.repeat(40), after: headSha },
        'bundle',
      );
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/the push created the branch/);
      expect(r.outputs.verdict).toBe('pass');
      expect(gh.checkRuns).toHaveLength(1);
    } finally {
      await gh.stop();
    }
  }, 60_000);
});

describe('GitHub limits are in bytes', () => {
  test('truncateBytes cuts on a character boundary and stays within the byte limit', () => {
    const euro = '€'.repeat(30_000); // 3 bytes each: 90,000 bytes
    const cut = truncateBytes(euro, ANNOTATION_MESSAGE_BYTES);
    expect(Buffer.byteLength(cut, 'utf8')).toBeLessThanOrEqual(64_000);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/\uFFFD/); // no broken character
    // (64,000 − 3) bytes of text hold 21,332 whole euro signs.
    expect(cut.length).toBe(21_332 + 1);
    expect(truncateBytes('short', 10)).toBe('short');
  });
});

describe('status check', () => {
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = new FakeGitHub();
    await gh.start();
  });
  afterEach(async () => {
    await gh.stop();
  });

  test('a check run with more than 50 annotations is batched 50 per request', async () => {
    const r = await runAction(gh, { 'fail-on': 'error' }, manyEvent());
    expect(r.code).toBe(1);
    expect(gh.checkRuns).toHaveLength(1);
    const run = gh.checkRuns[0];
    expect(run.body).toMatchObject({ head_sha: manySha, conclusion: 'failure', status: 'completed' });
    const counts = [run.body, ...run.updates].map((b) => (b.output as { annotations: unknown[] }).annotations.length);
    const plan = JSON.parse(readFileSync(r.outputs['plan-json'], 'utf8')) as {
      findings: { file: string | null; line: number | null }[];
    };
    const n = plan.findings.filter((f) => f.file && f.line).length;
    expect(n).toBeGreaterThan(100);
    expect(counts).toEqual([...Array(Math.floor(n / 50)).fill(50), ...(n % 50 ? [n % 50] : [])]);
    expect((run.body.output as { annotations: { path: string; start_line: number }[] }).annotations[0]).toMatchObject({
      path: 'broken.yaml',
    });
  }, 60_000);

  test('falls back to a commit status (≤ 140 characters) when check runs are not permitted', async () => {
    gh.fail('POST', /check-runs$/, 403);
    await runAction(gh);
    expect(gh.statuses).toHaveLength(1);
    expect((gh.statuses[0].description as string).length).toBeLessThanOrEqual(140);
    expect(gh.statuses[0]).toMatchObject({ context: 'karpenter-plan', state: 'success' });
  }, 60_000);
});

describe('post mode (a plan made by an earlier trusted job)', () => {
  test('publishes a plan file made by an earlier job', async () => {
    const gh = new FakeGitHub();
    await gh.start();
    try {
      const first = await runAction(gh, { comment: 'off', status: 'off' });
      const planFile = first.outputs['plan-json'];
      expect(planFile).toBeTruthy();
      const r = await runAction(gh, { mode: 'post', 'plan-file': planFile, 'pr-number': '7' }, {});
      expect(r.code).toBe(0);
      expect(gh.comments).toHaveLength(1);
      expect(gh.checkRuns).toHaveLength(1);
    } finally {
      await gh.stop();
    }
  }, 60_000);

  test('a plan file that does not conform to schema/plan.schema.json is refused before anything is published', async () => {
    const gh = new FakeGitHub();
    await gh.start();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'kp-forged-'));
      const forged = join(dir, 'plan.json');
      writeFileSync(forged, JSON.stringify({ schemaVersion: 1, verdict: 'pass', summary: {} }));
      const r = await runAction(gh, { mode: 'post', 'plan-file': forged, 'pr-number': '7' }, {});
      expect(r.code).not.toBe(0);
      expect(r.stdout).toMatch(/is not a karpenter-plan JSON plan \(schema\/plan.schema.json\)/);
      expect(gh.comments).toHaveLength(0);
      expect(gh.checkRuns).toHaveLength(0);
    } finally {
      await gh.stop();
    }
  }, 60_000);
});

describe('fork-safe workflow_run: the plan is recomputed from git objects, the pull request comes from the event and the API', () => {
  let gh: FakeGitHub;
  let work: string;
  beforeEach(async () => {
    gh = new FakeGitHub();
    await gh.start();
    // origin: main at the base commit, the fork's head only under refs/pull/7/head (as GitHub serves it).
    const dir = mkdtempSync(join(tmpdir(), 'kp-wfr-'));
    const origin = join(dir, 'origin.git');
    execFileSync('git', ['clone', '-q', '--bare', repo, origin]);
    execFileSync('git', ['-C', origin, 'update-ref', 'refs/pull/7/head', headSha]);
    execFileSync('git', ['-C', origin, 'update-ref', 'refs/heads/main', baseSha]);
    work = join(dir, 'work');
    execFileSync('git', ['clone', '-q', '--no-local', origin, work]); // --no-local: only what origin advertises
  }, 60_000);
  afterEach(async () => {
    await gh.stop();
  });

  const forkEvent = () => ({
    workflow_run: {
      id: 99,
      head_sha: headSha,
      head_branch: 'feature',
      head_repository: { owner: { login: 'fork' } },
      pull_requests: [],
    },
  });

  test('a fork pull request: found by head owner:branch and SHA, head fetched but never checked out, comment and check on that SHA', async () => {
    expect(() =>
      execFileSync('git', ['-C', work, 'cat-file', '-e', `${headSha}^{commit}`], { stdio: 'ignore' }),
    ).toThrow();
    gh.pulls = [{ number: 7, headSha, baseSha, head: 'fork:feature' }];
    const r = await runActionIn(work, gh, { 'fail-on': 'error' }, forkEvent());
    expect(r.code).toBe(1); // the head's invalid weights fail the policy: the head was really read
    expect(r.outputs.verdict).toBe('fail');
    expect(gh.comments).toHaveLength(1);
    expect(gh.requests.some((q) => q.method === 'POST' && q.path === '/repos/o/r/issues/7/comments')).toBe(true);
    expect(gh.checkRuns[0].body).toMatchObject({ head_sha: headSha, conclusion: 'failure' });
    // Objects only: the working tree is still the base.
    expect(existsSync(join(work, 'broken.yaml'))).toBe(false);
    expect(execFileSync('git', ['-C', work, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()).toBe(baseSha);
  }, 60_000);

  test('no open pull request with that head (pushed again): nothing is reported, the job succeeds', async () => {
    gh.pulls = [{ number: 7, headSha: 'e'.repeat(40), baseSha, head: 'fork:feature' }];
    const r = await runActionIn(work, gh, {}, forkEvent());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/no open pull request has/);
    expect(gh.comments).toHaveLength(0);
    expect(gh.checkRuns).toHaveLength(0);
  }, 60_000);

  test("mode: post is refused under workflow_run (an artifact's verdict is never published)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-forged-'));
    writeFileSync(join(dir, 'plan.json'), '{}');
    const r = await runActionIn(
      work,
      gh,
      { mode: 'post', 'plan-file': join(dir, 'plan.json'), 'pr-number': '7' },
      forkEvent(),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/under workflow_run use mode: plan/);
    expect(gh.mutating()).toHaveLength(0);
  }, 60_000);
});

describe('the pull request cannot switch its own check off (policy and programs come from the base revision)', () => {
  test('exclude: ["**"], failOn: never and a helm.binary script added by the PR are ignored; the broken NodePool still fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-trust-'));
    const git = (...a: string[]) =>
      execFileSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    cpSync('examples/generation-split/base', dir, { recursive: true });
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const base = git('rev-parse', 'HEAD');
    const marker = join(dir, 'pwned');
    writeFileSync(join(dir, 'evil.sh'), `#!/bin/sh\ntouch ${marker}\necho v3.0.0\n`, { mode: 0o755 });
    writeFileSync(join(dir, 'broken.yaml'), nodePool('broken', { weight: 500 }));
    writeFileSync(
      join(dir, '.karpenter-plan.yaml'),
      'exclude: ["**"]\npolicy: { failOn: never }\nrules: { input-not-evaluated: off }\nhelm: { binary: ./evil.sh }\ncharts: [{ path: chart }]\n',
    );
    mkdirSync(join(dir, 'chart/templates'), { recursive: true });
    writeFileSync(join(dir, 'chart/Chart.yaml'), 'apiVersion: v2\nname: c\nversion: 0.1.0\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'head');
    const head = git('rev-parse', 'HEAD');
    const gh = new FakeGitHub();
    await gh.start();
    try {
      const r = await runActionIn(
        dir,
        gh,
        { 'fail-on': '', comment: 'off' },
        {
          pull_request: { number: 9, base: { sha: base }, head: { sha: head } },
        },
      );
      expect(r.code).not.toBe(0);
      expect(r.outputs.verdict).toBe('fail');
      expect(r.summary).toMatch(/config-change-deferred/);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await gh.stop();
    }
  }, 60_000);
});

describe('merge mode (a matrix of targets)', () => {
  test('the matrix with the action alone: mode targets → mode plan per target → mode merge', async () => {
    const repoDir = mkdtempSync(join(tmpdir(), 'kp-matrix-'));
    const git = (...a: string[]) =>
      execFileSync('git', ['-C', repoDir, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    cpSync('test/fixtures/kustomize-repo', repoDir, { recursive: true });
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const base = git('rev-parse', 'HEAD');
    const limits = join(repoDir, 'overlays/dev/limits.yaml');
    writeFileSync(limits, readFileSync(limits, 'utf8').replace('"200"', '"100"'));
    git('commit', '-q', '-am', 'head');
    const head = git('rev-parse', 'HEAD');
    const event = { pull_request: { number: 7, base: { sha: base }, head: { sha: head } } };
    const gh = new FakeGitHub();
    await gh.start();
    try {
      const t = await runActionIn(repoDir, gh, { mode: 'targets' }, event);
      expect(t.code).toBe(0);
      expect(JSON.parse(t.outputs.affected)).toEqual(['overlays/dev']);
      const matrix = JSON.parse(t.outputs.matrix) as { include: { target: string; name: string }[] };
      expect(matrix).toEqual({ include: [{ target: 'overlays/dev', name: 'overlays_dev' }] });
      expect(gh.mutating()).toEqual([]); // mode targets reports nothing to the pull request
      const plans = mkdtempSync(join(tmpdir(), 'kp-matrix-plans-'));
      for (const { target } of matrix.include) {
        const p = await runActionIn(repoDir, gh, { target, comment: 'off', status: 'off' }, event);
        expect(p.code).toBe(0);
        expect(p.outputs['plan-json']).toMatch(/karpenter-plan-overlays_dev\.json$/);
        cpSync(p.outputs['plan-json'], join(plans, 'karpenter-plan-overlays_dev.json'));
      }
      expect(gh.mutating()).toEqual([]);
      const m = await runActionIn(
        repoDir,
        gh,
        { mode: 'merge', 'targets-file': t.outputs['targets-file'], 'plan-files': plans },
        event,
      );
      expect(m.code).toBe(0);
      expect(gh.comments).toHaveLength(1);
      expect(gh.comments[0].body).toContain('<b>Targets</b>: 1 of 3 affected');
      expect(gh.checkRuns).toHaveLength(1);
    } finally {
      await gh.stop();
    }
  }, 120_000);

  test('combines the per-target plans into one comment, job summary and verdict', async () => {
    const fixture = 'test/fixtures/kustomize-repo';
    const base = mkdtempSync(join(tmpdir(), 'kp-m-'));
    const head = mkdtempSync(join(tmpdir(), 'kp-m-'));
    cpSync(fixture, base, { recursive: true });
    cpSync(fixture, head, { recursive: true });
    writeFileSync(
      join(head, 'overlays/dev/limits.yaml'),
      readFileSync(join(head, 'overlays/dev/limits.yaml'), 'utf8').replace('"200"', '"100"'),
    );
    const out = mkdtempSync(join(tmpdir(), 'kp-m-out-'));
    const at = ['--at', '2026-01-05T10:00:00Z'];
    expect(
      (await runCli(['targets', '--base', base, '--head', head, '--out', join(out, 'targets.json')])).exitCode,
    ).toBe(0);
    const plan = join(out, 'plan-dev.json');
    const r = await runCli([
      'diff',
      '--base',
      base,
      '--head',
      head,
      '--target',
      'overlays/dev',
      '--json-out',
      plan,
      ...at,
    ]);
    expect(r.exitCode).toBe(0);
    const gh = new FakeGitHub();
    await gh.start();
    try {
      const run = await runAction(gh, { mode: 'merge', 'targets-file': join(out, 'targets.json'), 'plan-files': plan });
      expect(run.code).toBe(0);
      expect(gh.comments).toHaveLength(1);
      expect(gh.comments[0].body).toContain('<b>Targets</b>: 1 of 3 affected');
      expect(gh.comments[0].body).toContain(
        'Not affected: <code>overlays/production</code>, <code>overlays/staging</code>',
      );
      expect(run.outputs.verdict).toBe('pass');
      expect(run.summary).toContain('<b>Targets</b>: 1 of 3 affected');
    } finally {
      await gh.stop();
    }
  }, 60_000);
});

describe('inputs are checked before any work', () => {
  for (const [inputs, message] of [
    [
      { comment: 'sometimes' },
      /input comment must be one of update, new, hide-and-new, delete-and-new, off, got "sometimes"/,
    ],
    [{ at: '5' }, /input at "5" is not an RFC 3339 time/],
    [{ 'max-replaced-nodes': 'ten' }, /input max-replaced-nodes must be a number from 0/],
    [{ 'max-replaced-percent': '-3' }, /input max-replaced-percent must be a number from 0 to 100/],
    [{ mode: 'apply' }, /input mode must be one of plan, post/],
  ] as [Record<string, string>, RegExp][]) {
    test(`${JSON.stringify(inputs)} fails the step with a message naming the input`, async () => {
      const gh = new FakeGitHub();
      await gh.start();
      try {
        const r = await runAction(gh, inputs);
        expect(r.code).not.toBe(0);
        expect(r.stdout).toMatch(message);
        expect(gh.comments).toHaveLength(0);
        expect(gh.checkRuns).toHaveLength(0);
      } finally {
        await gh.stop();
      }
    }, 60_000);
  }
});
