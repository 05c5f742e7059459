/**
 * Runs the GitHub Action in this process, as the runner would run dist/index.js: the environment replaced by exactly
 * the given variables (INPUT_*, GITHUB_*, RUNNER_TEMP, PATH, HOME), the working directory changed, and what the action
 * prints captured. The action talks to GitHub over HTTP with the real Octokit client, so tests point GITHUB_API_URL at
 * a local fake (test/support/fake-github.ts), unpaced: plugin-throttling's spacing of writes (1 s apart, 3 s between
 * comments, across every client of the process) is GitHub's request to integrations, not behaviour these tests check,
 * and it made each run wait 3–5 s; the 5xx retry backoff is 10 ms per unit instead of 1 s. Rate limits are handled as in
 * production. A few tests still run the bundle itself in a child process (`runActionBundle`, paced as shipped): that
 * the shipped file starts and exits with the right status.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAction } from '../../src/github/action.js';
import { TEST_BUNDLE } from './bundle.js';

export interface ActionRun {
  /** The exit status the process would end with (the action sets process.exitCode through core.setFailed). */
  code: number;
  stdout: string;
  summary: string;
  outputs: Record<string, string>;
}

/**
 * @actions/core keeps the step-summary path it first read for the life of the process, so every in-process run writes
 * its summary to this one file, emptied before each run.
 */
const summaryFile = join(mkdtempSync(join(tmpdir(), 'kp-summary-')), 'summary.md');

/** One run at a time: process.env, the working directory and stdout are process-wide. */
let queue: Promise<unknown> = Promise.resolve();

export function runActionInProcess(cwd: string, env: Record<string, string>): Promise<ActionRun> {
  const run = queue.then(() => runOnce(cwd, env));
  queue = run.catch(() => undefined);
  return run;
}

async function runOnce(cwd: string, env: Record<string, string>): Promise<ActionRun> {
  const outputFile = env.GITHUB_OUTPUT ?? join(mkdtempSync(join(tmpdir(), 'kp-output-')), 'output.txt');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  const savedExit = process.exitCode;
  const savedWrite = process.stdout.write.bind(process.stdout);
  let stdout = '';
  for (const k of Object.keys(process.env)) delete process.env[k];
  Object.assign(process.env, env, {
    GITHUB_OUTPUT: outputFile,
    ...(env.GITHUB_STEP_SUMMARY ? { GITHUB_STEP_SUMMARY: summaryFile } : {}),
  });
  process.exitCode = undefined;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  try {
    process.chdir(cwd);
    await runAction({ client: { pace: false, retryBaseMs: 10 } });
  } finally {
    process.stdout.write = savedWrite;
    process.chdir(savedCwd);
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, savedEnv);
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = savedExit;
  return {
    code,
    stdout,
    summary: env.GITHUB_STEP_SUMMARY ? readFileSync(summaryFile, 'utf8') : '',
    outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
  };
}

/** The same run through the bundle in a child process (the shipped entry point). */
export function runActionBundle(cwd: string, env: Record<string, string>): Promise<ActionRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [TEST_BUNDLE], { cwd, env, timeout: 60_000 }, (err, stdout) => {
      resolve({
        code: err ? Number((err as { code?: number }).code ?? 1) : 0,
        stdout,
        summary: env.GITHUB_STEP_SUMMARY ? readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8') : '',
        outputs: env.GITHUB_OUTPUT ? parseOutputs(readFileSync(env.GITHUB_OUTPUT, 'utf8')) : {},
      });
    });
  });
}

/** GITHUB_OUTPUT's `name<<DELIMITER … DELIMITER` blocks, as @actions/core writes them. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const m of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]] = m[3];
  return outputs;
}

/** A scratch folder with the files the runner expects: the event, an empty summary and an empty output file. */
export function actionRunFolder(event: unknown): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'kp-run-'));
  writeFileSync(join(dir, 'event.json'), JSON.stringify(event));
  writeFileSync(join(dir, 'summary.md'), '');
  writeFileSync(join(dir, 'output.txt'), '');
  return {
    dir,
    env: {
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
      GITHUB_OUTPUT: join(dir, 'output.txt'),
      RUNNER_TEMP: dir,
    },
  };
}
