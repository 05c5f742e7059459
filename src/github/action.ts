/**
 * The GitHub Action. Mode `plan` (default): compute the plan for the PR's base and head
 * revisions. Mode `post`: read a JSON plan made by an earlier job (the fork-safe two-workflow
 * pattern). Then: the job summary (full report), the sticky PR comment, the status check,
 * outputs and the exit status. The plan logic is shared with the CLI (plan/execute.ts).
 */
import * as core from '@actions/core';
import { context } from '@actions/github';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errorMessage } from '../common/errors.js';
import { resolveConfig } from '../sources/resolve-config.js';
import { GitTree, gitTopLevel } from '../sources/tree.js';
import { parsePlanDocument } from '../plan/plan-document.js';
import { mergeFiles } from '../run/merge.js';
import { executePlan } from '../run/execute.js';
import type { Plan } from '../plan/contract.js';
import { renderMarkdown, summarySentence } from '../report/markdown.js';
import { renderSarif } from '../report/sarif.js';
import { publishComment } from './comment.js';
import { readInputs, type ActionInputs } from './inputs.js';
import { createClient, statusOf } from './octokit.js';
import { publishStatus } from './status.js';

interface EventPayload {
  pull_request?: { number?: number; base?: { sha?: string }; head?: { sha?: string } };
  number?: number;
  before?: string;
  after?: string;
}

export async function runAction(): Promise<void> {
  try {
    const inputs = readInputs();
    // @actions/github parses GITHUB_EVENT_PATH when it loads; GitHub always writes it as JSON.
    const event = (context.payload ?? {}) as EventPayload;
    const workdir = resolve(inputs.workingDirectory);
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
      plan = await computePlan(inputs, event, workdir);
    }
    await publish(plan, inputs, event, workdir);
  } catch (e) {
    core.setFailed(`karpenter-plan could not run: ${errorMessage(e)}`);
  }
}

async function computePlan(inputs: ActionInputs, event: EventPayload, workdir: string): Promise<Plan> {
  const top = gitTopLevel(workdir);
  if (!top) throw new Error(`${workdir} is not inside a git checkout (use actions/checkout with fetch-depth: 0)`);
  const baseRef = inputs.baseRef ?? event.pull_request?.base?.sha ?? event.before ?? '';
  const headRef = inputs.headRef ?? event.pull_request?.head?.sha ?? (context.sha || 'HEAD');
  if (!baseRef) throw new Error('base-ref is empty and the event has no pull_request.base.sha');
  const base = new GitTree(top, baseRef, inputs.path);
  const head = new GitTree(top, headRef, inputs.path);
  // The pull request never sets its own policy or programs: those come from the base revision (docs/security.md).
  const { config, findings: configFindings } = resolveConfig(head, workdir, inputs.overrides, base);
  return executePlan({
    trusted: base,
    base,
    head,
    config,
    configFindings,
    cwd: workdir,
    ...(inputs.target !== null ? { target: inputs.target } : {}),
  });
}

async function publish(plan: Plan, inputs: ActionInputs, event: EventPayload, workdir: string): Promise<void> {
  const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
  const { owner, repo } = repository();
  const repoFull = owner && repo ? `${owner}/${repo}` : '';
  const subdir = inputs.path;
  const headSha = plan.head.sha ?? context.sha ?? '';
  const blobUrl =
    repoFull && headSha
      ? `${server}/${repoFull}/blob/${headSha}${subdir ? `/${subdir.replace(/\/$/, '')}` : ''}`
      : null;
  const title = inputs.title;

  const planPath = join(process.env.RUNNER_TEMP || workdir, 'karpenter-plan.json');
  writeFileSync(planPath, JSON.stringify(plan, null, 2) + '\n');
  core.setOutput('verdict', plan.verdict);
  core.setOutput('plan-json', planPath);
  const sarifPath = join(process.env.RUNNER_TEMP || workdir, 'karpenter-plan.sarif');
  writeFileSync(sarifPath, renderSarif(plan));
  core.setOutput('sarif', sarifPath);
  core.setOutput('workloads-changed', plan.summary.workloadsChanged);
  core.setOutput('nodes-replaced', plan.summary.nodesReplaced);
  core.setOutput('nodes-removed', plan.summary.nodesRemoved);
  core.setOutput('errors', plan.summary.findings.error);
  core.setOutput('warnings', plan.summary.findings.warning);

  for (const side of ['base', 'head'] as const) {
    const i = plan.inputs?.[side];
    if (i)
      core.debug(
        `${side}: ${i.files.length} manifest file(s) read; other kinds ignored: ${JSON.stringify(i.ignoredKinds)}`,
      );
  }
  const full = renderMarkdown(plan, { blobUrl, limit: 1_000_000, title });
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(full).write();
  else core.info(full);

  const token = inputs.githubToken;
  const prNumber = inputs.prNumber ?? event.pull_request?.number ?? event.number ?? 0;
  if (token && owner && repo) {
    const gh = createClient({
      token,
      baseUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
      log: (m) => core.info(m),
    });
    const modeInput = inputs.comment;
    if (prNumber && modeInput !== 'off') {
      const runUrl = context.runId ? `${server}/${repoFull}/actions/runs/${context.runId}` : null;
      const body = renderMarkdown(plan, {
        blobUrl,
        title,
        fullReportHint: `The full report is in the job summary${runUrl ? ` (${runUrl})` : ''} and the JSON plan artifact.`,
      });
      try {
        const r = await publishComment(
          gh,
          { owner, repo, issueNumber: prNumber },
          {
            mode: modeInput,
            body,
            hasDiff: plan.changed,
            skipNoDiff: inputs.skipNoDiff,
            marker: {
              key: inputs.commentKey ?? (subdir || 'default'),
              headSha,
              validAt: plan.head.committedAt ?? new Date(0).toISOString(),
            },
          },
        );
        core.info(r.action === 'skipped' ? `comment skipped: ${r.reason}` : `comment ${r.action}: ${r.url}`);
        if (r.action !== 'skipped') core.setOutput('comment-url', r.url);
      } catch (e) {
        core.warning(
          statusOf(e) === 403
            ? 'karpenter-plan could not comment: the token is read-only (a pull request from a fork?). The report is in the job summary; see the README for the fork-safe two-workflow setup.'
            : `karpenter-plan could not comment: ${errorMessage(e)}`,
        );
      }
    }
    if (inputs.status === 'check' && headSha) {
      try {
        const r = await publishStatus(
          gh,
          { owner, repo, sha: headSha, name: inputs.checkName ?? title, pathPrefix: subdir },
          plan,
          `${plan.verdict === 'pass' ? 'Pass' : 'Fail'}: ${title}`,
          summarySentence(plan),
          full,
        );
        core.info(r.kind === 'none' ? `no status reported: ${r.reason}` : `status reported as a ${r.kind}`);
      } catch (e) {
        core.warning(`karpenter-plan could not report the status: ${errorMessage(e)}`);
      }
    }
  }
  if (plan.nothingEvaluated)
    core.setFailed(
      'karpenter-plan: nothing Karpenter-relevant could be evaluated (see the input-not-evaluated findings)',
    );
  else if (plan.verdict === 'fail') core.setFailed(`karpenter-plan: ${plan.verdictReasons.join('; ')}`);
}

/** owner/repo from @actions/github's context (GITHUB_REPOSITORY); empty when it is not set. */
function repository(): { owner: string; repo: string } {
  try {
    return context.repo;
  } catch {
    return { owner: '', repo: '' };
  }
}
