/**
 * The README's workflows work as pasted: every ```yaml block that is a workflow (it has `jobs`) is parsed and checked
 * for what GitHub would otherwise only reveal on a pull request — a `workflow_run` that names no workflow (GitHub
 * matches `workflows:` against `name:`), an input or output of this action that action.yml does not declare, a job
 * output or `needs` that does not exist, missing permissions, a registry package instead of the action, a check name
 * equal to its job's, an upload-sarif without `security-events: write` or a category.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

type Step = { id?: string; uses?: string; run?: string; with?: Record<string, unknown> };
type Job = {
  name?: string;
  needs?: string | string[];
  permissions?: Record<string, string> | string;
  outputs?: Record<string, string>;
  steps: Step[];
};
type Workflow = {
  name?: string;
  on: Record<string, unknown> | string | string[];
  permissions?: Record<string, string> | string;
  jobs: Record<string, Job>;
};

const README = readFileSync('README.md', 'utf8');
const ACTION = parse(readFileSync('action.yml', 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
};
const THIS_ACTION = /^karpenter-plan\/karpenter-plan@/;

const blocks = [...README.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
const workflows = blocks
  .map((text) => ({ text, doc: parse(text) as Workflow | null }))
  .filter((b): b is { text: string; doc: Workflow } => !!b.doc && typeof b.doc === 'object' && 'jobs' in b.doc);

const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps ?? []);
const events = (w: Workflow): Record<string, unknown> =>
  typeof w.on === 'string'
    ? { [w.on]: null }
    : Array.isArray(w.on)
      ? Object.fromEntries(w.on.map((e) => [e, null]))
      : w.on;

test('the README has the recipes: basic, fork-safe pair, matrix, SARIF', () => {
  expect(workflows.length).toBeGreaterThanOrEqual(5);
  const uses = workflows.flatMap((w) => steps(w.doc).map((s) => s.uses ?? ''));
  expect(uses.some((u) => u.startsWith('github/codeql-action/upload-sarif@'))).toBe(true);
  const modes = workflows.flatMap((w) => steps(w.doc).map((s) => s.with?.mode));
  expect(modes).toEqual(expect.arrayContaining(['targets', 'merge']));
});

describe.each(workflows.map((w) => [w.doc.name ?? '(no name)', w] as const))('%s', (_name, { text, doc }) => {
  test('is a complete file: its path, a name, triggers, jobs with steps', () => {
    expect(text).toMatch(/^# \.github\/workflows\/[a-z0-9-]+\.yml/);
    expect(typeof doc.name).toBe('string');
    expect(Object.keys(events(doc)).length).toBeGreaterThan(0);
    for (const [id, job] of Object.entries(doc.jobs)) {
      expect([id, job.steps?.length ?? 0]).toEqual([id, expect.any(Number)]);
      expect(job.steps.length).toBeGreaterThan(0);
    }
  });

  test('states its permissions (top level, or on every job)', () => {
    const everyJob = Object.values(doc.jobs).every((j) => j.permissions !== undefined);
    expect(doc.permissions !== undefined || everyJob).toBe(true);
  });

  test('workflow_run names a workflow of the README by its name', () => {
    const run = events(doc).workflow_run as { workflows?: string[] } | undefined;
    if (!run) return;
    const names = workflows.map((w) => w.doc.name);
    expect(run.workflows?.length).toBeGreaterThan(0);
    for (const n of run.workflows ?? []) expect(names).toContain(n);
    expect(run.workflows).not.toContain(doc.name);
  });

  test("this action's inputs and outputs exist in action.yml", () => {
    for (const [jobId, job] of Object.entries(doc.jobs)) {
      const ids = new Set(job.steps.filter((s) => s.uses && THIS_ACTION.test(s.uses)).map((s) => s.id));
      for (const s of job.steps.filter((x) => x.uses && THIS_ACTION.test(x.uses)))
        for (const k of Object.keys(s.with ?? {})) expect([jobId, k, k in ACTION.inputs]).toEqual([jobId, k, true]);
      const refs = [...JSON.stringify(job).matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)];
      for (const [, id, out] of refs)
        if (ids.has(id)) expect([jobId, out, out in ACTION.outputs]).toEqual([jobId, out, true]);
    }
  });

  test('needs and needs.<job>.outputs resolve to jobs and outputs of the workflow', () => {
    for (const job of Object.values(doc.jobs)) {
      const needs = job.needs === undefined ? [] : Array.isArray(job.needs) ? job.needs : [job.needs];
      for (const n of needs) expect(Object.keys(doc.jobs)).toContain(n);
      for (const [, n, out] of JSON.stringify(job).matchAll(/needs\.([\w-]+)\.outputs\.([\w-]+)/g)) {
        expect(needs).toContain(n);
        expect(Object.keys(doc.jobs[n].outputs ?? {})).toContain(out);
      }
    }
  });

  test('runs the action, never a registry package', () => {
    for (const s of steps(doc)) expect(s.run ?? '').not.toMatch(/\bnpx\s+(--\S+\s+)*karpenter-plan\b/);
  });

  test('the check run the action creates is not named like its job', () => {
    for (const [id, job] of Object.entries(doc.jobs))
      for (const s of job.steps.filter((x) => x.uses && THIS_ACTION.test(x.uses))) {
        const w = s.with ?? {};
        if (w.status === 'off' || w.mode === 'targets') continue;
        const check = String(w['check-name'] ?? w.title ?? ACTION.inputs.title.default);
        expect([id, job.name ?? id]).not.toContain(check);
      }
  });

  test('upload-sarif has security-events: write and a category', () => {
    for (const [, job] of Object.entries(doc.jobs))
      for (const s of job.steps.filter((x) => x.uses?.startsWith('github/codeql-action/upload-sarif@'))) {
        const perms = (job.permissions ?? doc.permissions) as Record<string, string>;
        expect(perms['security-events']).toBe('write');
        expect(String(s.with?.category ?? '')).toMatch(/\$\{\{ *matrix\.|karpenter-plan\//);
      }
  });
});

test('the README says which check to require, and it is the name the action gives its check run', () => {
  expect(README).toMatch(/Require\s+\*\*`karpenter-plan`\*\*/);
  expect(ACTION.inputs.title.default).toBe('karpenter-plan');
});
