import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runContext } from '../../src/github/context.js';

describe('runContext reads the run from the environment when asked', () => {
  const eventFile = (payload: unknown) => {
    const file = join(mkdtempSync(join(tmpdir(), 'kp-ctx-')), 'event.json');
    writeFileSync(file, JSON.stringify(payload));
    return file;
  };

  test('payload, SHA, run id and repository from the runner variables', () => {
    const ctx = runContext({
      GITHUB_EVENT_PATH: eventFile({ pull_request: { number: 3 } }),
      GITHUB_SHA: 'abc',
      GITHUB_RUN_ID: '42',
      GITHUB_REPOSITORY: 'octo/repo',
    });
    expect(ctx).toEqual({
      payload: { pull_request: { number: 3 } },
      sha: 'abc',
      runId: 42,
      owner: 'octo',
      repo: 'repo',
    });
  });

  test('without GITHUB_REPOSITORY the event names the repository; a malformed one is not guessed at', () => {
    const event = eventFile({ repository: { name: 'r', owner: { login: 'o' } } });
    expect(runContext({ GITHUB_EVENT_PATH: event })).toMatchObject({ owner: 'o', repo: 'r' });
    expect(runContext({ GITHUB_REPOSITORY: 'a/b/c' })).toMatchObject({ owner: '', repo: '' });
  });

  test('no event file (a local run) is an empty payload; a missing run id is null', () => {
    expect(runContext({ GITHUB_EVENT_PATH: '/nonexistent/event.json' })).toEqual({
      payload: {},
      sha: '',
      runId: null,
      owner: '',
      repo: '',
    });
  });

  test('two runs in one process see their own environment', () => {
    const a = runContext({ GITHUB_EVENT_PATH: eventFile({ number: 1 }), GITHUB_REPOSITORY: 'o/a' });
    const b = runContext({ GITHUB_EVENT_PATH: eventFile({ number: 2 }), GITHUB_REPOSITORY: 'o/b' });
    expect([a.payload.number, a.repo, b.payload.number, b.repo]).toEqual([1, 'a', 2, 'b']);
  });
});
