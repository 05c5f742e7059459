/**
 * The GitHub Action. Mode `plan` (default): compute the plan for the PR's base and head
 * revisions — under `workflow_run` (the fork-safe setup) the pull request and its SHAs come from the event and the
 * API, and the head is read from git objects fetched into the trusted checkout, never checked out. Mode `post`: read a
 * JSON plan made by an earlier trusted job. Mode `merge`: combine per-target plans. Then: the job summary (full report),
 * the sticky PR comment, the status check, outputs and the exit status. The plan logic is shared with the CLI
 * (run/execute.ts). A report that reaches nobody (a rejected token, a comment or check that failed for another reason
 * than a read-only token) fails the job. A read-only token (a pull request from a fork) fails nothing: the findings
 * become workflow-command annotations, the report is in the job summary, and the verdict alone sets the job's result.
 */
import * as core from '@actions/core';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errorMessage } from '../common/errors.js';
import { InputError, resolveConfig } from '../sources/resolve-config.js';
import { fetchPullRequestHead, GitTree, gitTopLevel, hasCommit, revisionFileReader } from '../sources/tree.js';
import { parsePlanDocument } from '../plan/plan-document.js';
import { mergeFiles } from '../run/merge.js';
import { executePlan, listTargets, type ExecuteInput } from '../run/execute.js';
import type { Plan } from '../plan/contract.js';
import { OUTCOME_WORDS, outcomeOf, renderMarkdown, summarySentence } from '../report/markdown.js';
import { logSafe } from '../report/escape.js';
import { renderSarif } from '../report/sarif.js';
import { publishComment } from './comment.js';
import { runContext, type RunContext } from './context.js';
import { readInputs, type ActionInputs } from './inputs.js';
import { createClient, isPermissionDenied, statusOf, type ClientOptions, type GitHubClient } from './octokit.js';
import { publishStatus } from './status.js';
import { emitWorkflowAnnotations } from './annotations.js';
import { targetArtifactName, targetMatrix } from './matrix.js';
import type { TargetList } from '../plan/targets.js';

interface WorkflowRun {
  head_sha?: string;
  head_branch?: string;
  head_repository?: { owner?: { login?: string } };
  pull_requests?: { number?: number }[];
}

interface EventPayload {
  pull_request?: { number?: number; base?: { sha?: string }; head?: { sha?: string } };
  number?: number;
  before?: string;
  after?: string;
  workflow_run?: WorkflowRun;
}

/** The pull request a run is about, with the SHAs to compare. */
interface PullRequestRef {
  number: number;
  baseSha: string;
  headSha: string;
}

/** What the caller may set beside the environment: the runner's entry point sets nothing. */
export interface ActionOptions {
  /** GitHub client settings (tests against a local fake: no write pacing, short retry backoff). */
  client?: Pick<ClientOptions, 'pace' | 'retryBaseMs'>;
}

export async function runAction(options: ActionOptions = {}): Promise<void> {
  try {
    const inputs = readInputs();
    const ctx = runContext();
    const event = ctx.payload as EventPayload;
    const workdir = resolve(inputs.workingDirectory);
    const { owner, repo } = ctx;
    const reports = inputs.mode !== 'targets' && (inputs.comment !== 'off' || inputs.status !== 'off');
    if (reports && !inputs.githubToken)
      throw new InputError(
        'github-token is empty, so neither the comment nor the check could be reported; pass a token (the default is ${{ github.token }}) or set comment: off and status: off',
      );
    const gh =
      inputs.githubToken && owner && repo
        ? createClient({
            ...options.client,
            token: inputs.githubToken,
            baseUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
            maxRateLimitWaitSeconds: inputs.rateLimitWait,
            log: (m) => core.info(m),
          })
        : null;
    let pr: PullRequestRef | null = null;
    if (event.workflow_run) {
      if (inputs.mode === 'post')
        throw new InputError(
          "mode: post publishes a plan computed elsewhere; under workflow_run use mode: plan, which recomputes the plan from the pull request's git objects (see docs/security.md)",
        );
      if (inputs.mode === 'plan' || inputs.mode === 'targets') {
        if (!gh) throw new InputError('under workflow_run the action needs github-token to find the pull request');
        pr = await workflowRunPullRequest(gh, owner, repo, event.workflow_run);
        if (!pr) return;
      }
    }
    if (inputs.mode === 'targets') {
      await publishTargets(listTargets(planInput(inputs, ctx, workdir, pr)));
      return;
    }
    let plan: Plan;
    if (inputs.mode === 'post') {
      const file = inputs.planFile!;
      plan = parsePlanDocument(file, readFileSync(resolve(workdir, file), 'utf8'));
    } else if (inputs.mode === 'merge') {
      plan = mergeFiles(
        resolve(workdir, inputs.targetsFile!),
        inputs.planFiles.map((f) => resolve(workdir, f)),
      );
    } else {
      plan = await executePlan(planInput(inputs, ctx, workdir, pr));
    }
    await publish(plan, inputs, ctx, gh, pr);
  } catch (e) {
    core.setFailed(`karpenter-plan could not run: ${errorMessage(e)}`);
  }
}

/**
 * The pull request behind a `workflow_run` event: its number from the event (same-repository pull requests) or from
 * the API by the head repository's owner and branch (forks, for which GitHub leaves `pull_requests` empty), matched on
 * the head SHA; the base SHA from the API. Null when no open pull request has that head any more (pushed again or
 * closed): a newer run reports for the new head.
 */
async function workflowRunPullRequest(
  gh: GitHubClient,
  owner: string,
  repo: string,
  run: WorkflowRun,
): Promise<PullRequestRef | null> {
  const headSha = run.head_sha ?? '';
  if (!/^[0-9a-f]{40}$/.test(headSha)) throw new Error('the workflow_run event has no head_sha');
  let number = run.pull_requests?.find((p) => Number.isInteger(p.number))?.number ?? null;
  if (number === null) {
    const headOwner = run.head_repository?.owner?.login;
    if (!headOwner || !run.head_branch) throw new Error('the workflow_run event names no head repository and branch');
    const open = await gh.paginate(gh.rest.pulls.list, {
      owner,
      repo,
      state: 'open',
      head: `${headOwner}:${run.head_branch}`,
      per_page: 100,
    });
    number = open.find((p) => p.head.sha === headSha)?.number ?? null;
  }
  if (number === null) {
    core.info(
      `no open pull request has ${headSha.slice(0, 7)} as its head (pushed again, or closed); nothing to report`,
    );
    return null;
  }
  const pr = (await gh.rest.pulls.get({ owner, repo, pull_number: number })).data;
  if (pr.head.sha !== headSha) {
    core.info(`pull request #${number}'s head is now ${pr.head.sha.slice(0, 7)}; a newer run reports for it`);
    return null;
  }
  return { number, baseSha: pr.base.sha, headSha };
}

/** What to plan (mode plan) or list the targets of (mode targets): the pull request's base and head revisions. */
function planInput(inputs: ActionInputs, ctx: RunContext, workdir: string, pr: PullRequestRef | null): ExecuteInput {
  const event = ctx.payload as EventPayload;
  const top = gitTopLevel(workdir);
  if (!top) throw new Error(`${workdir} is not inside a git checkout (use actions/checkout with fetch-depth: 0)`);
  const baseRef = inputs.baseRef ?? pr?.baseSha ?? event.pull_request?.base?.sha ?? event.before ?? '';
  const headRef = inputs.headRef ?? pr?.headSha ?? event.pull_request?.head?.sha ?? (ctx.sha || 'HEAD');
  if (!baseRef) throw new Error('base-ref is empty and the event has no pull_request.base.sha');
  // The fork-safe job: the head's objects are fetched into the trusted checkout, never checked out.
  if (pr && !inputs.headRef && !hasCommit(top, headRef)) fetchPullRequestHead(top, pr.number);
  const head = new GitTree(top, headRef, inputs.path);
  // A push that creates a branch has no previous commit (`before` is all zeros): the head is planned on its own.
  if (/^0+$/.test(baseRef)) {
    core.info('the push created the branch (no previous commit): planning the head state on its own');
    const { config, findings: configFindings } = resolveConfig(head, workdir, inputs.overrides);
    return {
      base: null,
      head,
      config,
      configFindings,
      cwd: workdir,
      ...(inputs.target !== null ? { target: inputs.target } : {}),
    };
  }
  const base = new GitTree(top, baseRef, inputs.path);
  // The pull request never sets its own policy or programs: those come from the base revision (docs/security.md).
  const { config, findings: configFindings } = resolveConfig(head, workdir, inputs.overrides, base);
  return {
    trusted: base,
    trustedFiles: revisionFileReader(top, base.sha, head.sha),
    base,
    head,
    config,
    configFindings,
    cwd: workdir,
    ...(inputs.target !== null ? { target: inputs.target } : {}),
  };
}

/**
 * Mode targets: the target list for a matrix (`karpenter-plan targets`), written to the runner's temporary folder for
 * mode merge, with the affected targets as outputs (`affected`, and `matrix`: `{"include":[{target, name}]}` where
 * `name` is usable in an artifact's name). Nothing is reported to the pull request: mode merge does that.
 */
async function publishTargets(list: TargetList): Promise<void> {
  const outDir = process.env.RUNNER_TEMP || mkdtempSync(join(tmpdir(), 'karpenter-plan-'));
  const file = join(outDir, 'karpenter-plan-targets.json');
  writeFileSync(file, JSON.stringify(list, null, 2) + '\n');
  core.setOutput('targets-file', file);
  core.setOutput('affected', JSON.stringify(list.affected));
  core.setOutput('matrix', JSON.stringify(targetMatrix(list)));
  const line = `karpenter-plan: ${list.affected.length} of ${list.targets.length} target(s) affected${list.affected.length ? `: ${list.affected.join(', ')}` : ''}`;
  core.info(line);
  for (const f of list.findings) core.info(`${f.severity} ${f.rule}${f.file ? ` ${f.file}` : ''}: ${f.message}`);
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(`${line}\n`).write();
}

/** How reporting to the pull request went: what failed, and whether the token was read-only. */
interface ReportOutcome {
  /** Reporting failures that leave the pull request without a result (they fail the job). */
  failures: string[];
  /** A read-only token refused the comment or the check. */
  readOnly: boolean;
  /** A check run carries the findings as annotations. */
  checkRunAnnotated: boolean;
}

/** What the comment and the check are published from and to. */
interface Publication {
  plan: Plan;
  inputs: ActionInputs;
  gh: GitHubClient;
  owner: string;
  repo: string;
  headSha: string;
  /** Links to the head revision's files (the report's file links), or null. */
  blobUrl: string | null;
  /** The full report (the job summary's; the check's text). */
  full: string;
  outcome: ReportOutcome;
}

/** Why a request to GitHub failed, naming a rejected token as such. */
function rejected(what: string, e: unknown): string {
  return statusOf(e) === 401
    ? `karpenter-plan could not ${what}: GitHub rejected the token (401 Bad credentials); check github-token`
    : `karpenter-plan could not ${what}: ${errorMessage(e)}`;
}

/** The plan JSON and the SARIF file in the runner's temporary folder, and the step's outputs. */
function writePlanOutputs(plan: Plan, inputs: ActionInputs): void {
  // Outputs go to the runner's temporary folder, never into the scanned work tree.
  const outDir = process.env.RUNNER_TEMP || mkdtempSync(join(tmpdir(), 'karpenter-plan-'));
  // One file per target, so that the plans of a matrix can be downloaded into one folder for mode merge.
  const planPath = join(
    outDir,
    inputs.target !== null
      ? `karpenter-plan-${targetArtifactName(plan.target ?? inputs.target)}.json`
      : 'karpenter-plan.json',
  );
  writeFileSync(planPath, JSON.stringify(plan, null, 2) + '\n');
  core.setOutput('verdict', plan.verdict);
  core.setOutput('plan-json', planPath);
  const sarifPath = join(outDir, 'karpenter-plan.sarif');
  writeFileSync(sarifPath, renderSarif(plan, { root: inputs.path }));
  core.setOutput('sarif', sarifPath);
  core.setOutput('workloads-changed', plan.summary.workloadsChanged);
  core.setOutput('nodes-replaced', plan.summary.nodesReplaced);
  core.setOutput('nodes-removed', plan.summary.nodesRemoved);
  core.setOutput('errors', plan.summary.findings.error);
  core.setOutput('warnings', plan.summary.findings.warning);
}

/** The full report in the job summary (in the log when there is none); returns it. */
async function writeJobSummary(plan: Plan, blobUrl: string | null, title: string): Promise<string> {
  for (const side of ['base', 'head'] as const) {
    const i = plan.inputs?.[side];
    if (i)
      core.debug(
        `${side}: ${i.files.length} manifest file(s) read; other kinds ignored: ${JSON.stringify(i.ignoredKinds)}`,
      );
  }
  const full = renderMarkdown(plan, { blobUrl, limit: 1_000_000, title });
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(full).write();
  else core.info(logSafe(full));
  return full;
}

/** The sticky comment on the pull request, pointing at the job summary of the run (`runUrl`) for the full report. */
async function postComment(p: Publication, prNumber: number, runUrl: string | null): Promise<void> {
  const { plan, inputs } = p;
  const body = renderMarkdown(plan, {
    blobUrl: p.blobUrl,
    title: inputs.title,
    fullReportHint: `The full report is in the job summary${runUrl ? ` (${runUrl})` : ''} and the JSON plan artifact.`,
  });
  try {
    const r = await publishComment(
      p.gh,
      { owner: p.owner, repo: p.repo, issueNumber: prNumber },
      {
        mode: inputs.comment,
        body,
        hasDiff: plan.changed,
        skipNoDiff: inputs.skipNoDiff,
        author: inputs.commentAuthor,
        marker: { key: inputs.commentKey ?? (inputs.path || 'default'), headSha: p.headSha },
      },
    );
    core.info(r.action === 'skipped' ? `comment skipped: ${r.reason}` : `comment ${r.action}: ${r.url}`);
    if (r.action !== 'skipped') core.setOutput('comment-url', r.url);
  } catch (e) {
    if (isPermissionDenied(e)) {
      p.outcome.readOnly = true;
      core.warning(
        'karpenter-plan could not comment: the token is read-only (a pull request from a fork?). The report is in the job summary; see the README for the fork-safe two-workflow setup.',
      );
    } else p.outcome.failures.push(rejected('comment', e));
  }
}

/** The status check on the head commit (a check run, else a commit status). */
async function reportCheck(p: Publication): Promise<void> {
  const { plan, inputs } = p;
  try {
    const r = await publishStatus(
      p.gh,
      { owner: p.owner, repo: p.repo, sha: p.headSha, name: inputs.checkName ?? inputs.title, pathPrefix: inputs.path },
      plan,
      `${OUTCOME_WORDS[outcomeOf(plan)].replace(/^./, (c) => c.toUpperCase())}: ${inputs.title}`,
      summarySentence(plan),
      p.full,
    );
    if (r.kind === 'none' && r.readOnly) {
      p.outcome.readOnly = true;
      core.warning(
        `karpenter-plan could not report the check: ${r.reason}, so the token is read-only (a pull request from a fork?). The findings are annotations of this job, the full report is in the job summary, and the job's result is the verdict (${plan.verdict}); the README's fork-safe two-workflow setup reports the check and the comment.`,
      );
    } else if (r.kind === 'none')
      p.outcome.failures.push(
        `karpenter-plan could not report the status: ${r.reason} (a pull request from a fork? see the README's fork-safe setup)`,
      );
    else {
      p.outcome.checkRunAnnotated = r.kind === 'check-run';
      core.info(`status reported as a ${r.kind}`);
    }
  } catch (e) {
    p.outcome.failures.push(rejected('report the status', e));
  }
}

/** The job's result: failed by reporting failures, by nothing evaluated, or by the verdict. */
function concludeJob(plan: Plan, subdir: string, outcome: ReportOutcome): void {
  // Workflow commands need no permission: with a read-only token the findings still reach the pull request's lines.
  if (outcome.readOnly && !outcome.checkRunAnnotated)
    core.info(`${emitWorkflowAnnotations(plan, subdir)} finding annotation(s) written as workflow commands`);
  if (outcome.failures.length) core.setFailed(outcome.failures.join('; '));
  if (plan.nothingEvaluated)
    core.setFailed(
      'karpenter-plan: nothing Karpenter-relevant could be evaluated (see the input-not-evaluated findings)',
    );
  else if (plan.verdict === 'fail') core.setFailed(`karpenter-plan: ${plan.verdictReasons.join('; ')}`);
}

async function publish(
  plan: Plan,
  inputs: ActionInputs,
  ctx: RunContext,
  gh: GitHubClient | null,
  pr: PullRequestRef | null,
): Promise<void> {
  const event = ctx.payload as EventPayload;
  const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
  const { owner, repo } = ctx;
  const repoFull = owner && repo ? `${owner}/${repo}` : '';
  const subdir = inputs.path;
  const headSha = plan.head.sha ?? (ctx.sha || '');
  const blobUrl =
    repoFull && headSha
      ? `${server}/${repoFull}/blob/${headSha}${subdir ? `/${subdir.replace(/\/$/, '')}` : ''}`
      : null;
  writePlanOutputs(plan, inputs);
  const full = await writeJobSummary(plan, blobUrl, inputs.title);

  const prNumber = pr?.number ?? inputs.prNumber ?? event.pull_request?.number ?? event.number ?? 0;
  // Reporting failures that leave the pull request without a result fail the job (never a silent exit 0); a read-only
  // token's refusals do not: the result then reaches the pull request as the job's own check and its annotations.
  const outcome: ReportOutcome = { failures: [], readOnly: false, checkRunAnnotated: false };
  if (gh) {
    const p: Publication = { plan, inputs, gh, owner, repo, headSha, blobUrl, full, outcome };
    if (prNumber && inputs.comment !== 'off')
      await postComment(p, prNumber, ctx.runId ? `${server}/${repoFull}/actions/runs/${ctx.runId}` : null);
    if (inputs.status === 'check' && headSha) await reportCheck(p);
  }
  concludeJob(plan, subdir, outcome);
}
