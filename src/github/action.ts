/**
 * The GitHub Action. Mode `plan` (default): compute the plan for the PR's base and head
 * revisions. Mode `post`: read a JSON plan made by an earlier job (the fork-safe two-workflow
 * pattern). Then: the job summary (full report), the sticky PR comment, the status check,
 * outputs and the exit status. The plan logic is shared with the CLI (plan/execute.ts).
 */
import * as core from '@actions/core';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE, defaultConfig, parseConfig, type Config } from '../sources/config.js';
import { GitTree, gitTopLevel } from '../sources/tree.js';
import { executePlan } from '../plan/execute.js';
import type { Plan } from '../plan/contract.js';
import { renderMarkdown, summarySentence } from '../report/markdown.js';
import type { Finding } from '../common/findings.js';
import { COMMENT_MODES, publishComment, type CommentMode } from './comment.js';
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
    const event = readEvent();
    const mode = core.getInput('mode') || 'plan';
    const workdir = resolve(core.getInput('working-directory') || '.');
    const subdir = core.getInput('path') || '';
    let plan: Plan;
    if (mode === 'post') {
      const file = core.getInput('plan-file');
      if (!file) throw new Error('mode: post needs plan-file (the JSON plan uploaded by the pull_request workflow)');
      plan = JSON.parse(readFileSync(resolve(workdir, file), 'utf8')) as Plan;
      if (plan.schemaVersion !== 1) throw new Error(`${file} is not a karpenter-plan JSON plan (schemaVersion ${String(plan.schemaVersion)})`);
    } else if (mode === 'plan') {
      plan = await computePlan(event, workdir, subdir);
    } else {
      throw new Error(`unknown mode "${mode}" (plan or post)`);
    }
    await publish(plan, event, workdir, subdir);
  } catch (e) {
    core.setFailed(`karpenter-plan could not run: ${(e as Error).message}`);
  }
}

async function computePlan(event: EventPayload, workdir: string, subdir: string): Promise<Plan> {
  const top = gitTopLevel(workdir);
  if (!top) throw new Error(`${workdir} is not inside a git checkout (use actions/checkout with fetch-depth: 0)`);
  const baseRef = core.getInput('base-ref') || event.pull_request?.base?.sha || event.before || '';
  const headRef = core.getInput('head-ref') || event.pull_request?.head?.sha || process.env.GITHUB_SHA || 'HEAD';
  if (!baseRef) throw new Error('base-ref is empty and the event has no pull_request.base.sha');
  const base = new GitTree(top, baseRef, subdir);
  const head = new GitTree(top, headRef, subdir);
  const configFindings: Finding[] = [];
  const configPath = core.getInput('config');
  let config: Config;
  if (configPath) {
    const file = resolve(workdir, configPath);
    if (!existsSync(file)) throw new Error(`config file ${configPath} does not exist`);
    config = parseConfig(configPath, readFileSync(file, 'utf8'), configFindings);
  } else {
    const text = head.read(CONFIG_FILE);
    config = text === null ? defaultConfig() : parseConfig(CONFIG_FILE, text, configFindings);
  }
  const failOn = core.getInput('fail-on');
  if (failOn === 'error' || failOn === 'warning' || failOn === 'never') config.policy.failOn = failOn;
  else if (failOn) throw new Error(`fail-on must be error, warning or never, got "${failOn}"`);
  const maxNodes = core.getInput('max-replaced-nodes');
  if (maxNodes) config.policy.maxReplacedNodes = Number(maxNodes);
  const maxPct = core.getInput('max-replaced-percent');
  if (maxPct) config.policy.maxReplacedPercent = Number(maxPct);
  const manifests = core.getMultilineInput('manifests');
  if (manifests.length) config.manifests = manifests;
  const fleet = core.getMultilineInput('fleet');
  if (fleet.length) config.fleet = fleet.map((f) => resolve(workdir, f));
  const catalog = core.getInput('catalog');
  if (catalog) config.catalog = resolve(workdir, catalog);
  const at = core.getInput('at');
  if (at) config.assumptions.at = at;
  return executePlan({ base, head, config, configFindings, cwd: workdir });
}

async function publish(plan: Plan, event: EventPayload, workdir: string, subdir: string): Promise<void> {
  const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
  const repoFull = process.env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = repoFull.split('/');
  const headSha = plan.head.sha ?? process.env.GITHUB_SHA ?? '';
  const blobUrl = repoFull && headSha ? `${server}/${repoFull}/blob/${headSha}${subdir ? `/${subdir.replace(/\/$/, '')}` : ''}` : null;
  const title = core.getInput('title') || 'karpenter-plan';

  const planPath = join(process.env.RUNNER_TEMP || workdir, 'karpenter-plan.json');
  writeFileSync(planPath, JSON.stringify(plan, null, 2) + '\n');
  core.setOutput('verdict', plan.verdict);
  core.setOutput('plan-json', planPath);
  core.setOutput('workloads-changed', plan.summary.workloadsChanged);
  core.setOutput('nodes-replaced', plan.summary.nodesReplaced);
  core.setOutput('nodes-removed', plan.summary.nodesRemoved);
  core.setOutput('errors', plan.summary.findings.error);
  core.setOutput('warnings', plan.summary.findings.warning);

  for (const side of ['base', 'head'] as const) {
    const i = plan.inputs?.[side];
    if (i) core.debug(`${side}: ${i.files.length} manifest file(s) read; other kinds ignored: ${JSON.stringify(i.ignoredKinds)}`);
  }
  const full = renderMarkdown(plan, { blobUrl, limit: 1_000_000, title });
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(full).write();
  else core.info(full);

  const token = core.getInput('github-token');
  const prNumber = Number(core.getInput('pr-number')) || event.pull_request?.number || event.number || 0;
  if (token && owner && repo) {
    const gh = createClient({ token, baseUrl: process.env.GITHUB_API_URL || undefined, log: (m) => core.info(m) });
    const modeInput = (core.getInput('comment') || 'update') as CommentMode;
    if (!COMMENT_MODES.includes(modeInput)) throw new Error(`comment must be one of ${COMMENT_MODES.join(', ')}, got "${modeInput}"`);
    if (prNumber && modeInput !== 'off') {
      const runUrl = process.env.GITHUB_RUN_ID ? `${server}/${repoFull}/actions/runs/${process.env.GITHUB_RUN_ID}` : null;
      const body = renderMarkdown(plan, { blobUrl, title, fullReportHint: `The full report is in the job summary${runUrl ? ` (${runUrl})` : ''} and the JSON plan artifact.` });
      try {
        const r = await publishComment(gh, { owner, repo, issueNumber: prNumber }, {
          mode: modeInput, body, hasDiff: plan.changed, skipNoDiff: /^true$/i.test(core.getInput('skip-no-diff')),
          marker: { key: core.getInput('comment-key') || subdir || 'default', headSha, validAt: plan.head.committedAt ?? new Date(0).toISOString() },
        });
        core.info(r.action === 'skipped' ? `comment skipped: ${r.reason}` : `comment ${r.action}: ${r.url}`);
        if (r.action !== 'skipped') core.setOutput('comment-url', r.url);
      } catch (e) {
        core.warning(statusOf(e) === 403
          ? 'karpenter-plan could not comment: the token is read-only (a pull request from a fork?). The report is in the job summary; see the README for the fork-safe two-workflow setup.'
          : `karpenter-plan could not comment: ${(e as Error).message}`);
      }
    }
    if ((core.getInput('status') || 'check') === 'check' && headSha) {
      try {
        const r = await publishStatus(gh, { owner, repo, sha: headSha, name: core.getInput('check-name') || title, pathPrefix: subdir }, plan, `${plan.verdict === 'pass' ? 'Pass' : 'Fail'}: ${title}`, summarySentence(plan), full);
        core.info(r.kind === 'none' ? `no status reported: ${r.reason}` : `status reported as a ${r.kind}`);
      } catch (e) {
        core.warning(`karpenter-plan could not report the status: ${(e as Error).message}`);
      }
    }
  }
  if (plan.verdict === 'fail') core.setFailed(`karpenter-plan: ${plan.verdictReasons.join('; ')}`);
}

function readEvent(): EventPayload {
  const p = process.env.GITHUB_EVENT_PATH;
  if (!p || !existsSync(p)) return {};
  try {
    return JSON.parse(readFileSync(p, 'utf8')) as EventPayload;
  } catch {
    return {};
  }
}
