/**
 * The GitHub Action: computes the plan for the PR's base and head revisions, writes the job
 * summary, sets outputs and the exit status. The plan logic is shared with the CLI
 * (plan/execute.ts); this file only reads inputs and publishes.
 */
import * as core from '@actions/core';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE, defaultConfig, parseConfig, type Config } from '../sources/config.js';
import { GitTree, gitTopLevel } from '../sources/tree.js';
import { executePlan } from '../plan/execute.js';
import { renderMarkdown } from '../report/markdown.js';
import type { Finding } from '../model/findings.js';

interface PullRequestEvent {
  pull_request?: { base?: { sha?: string }; head?: { sha?: string } };
  before?: string;
  after?: string;
}

export async function runAction(): Promise<void> {
  try {
    const workdir = resolve(core.getInput('working-directory') || '.');
    const top = gitTopLevel(workdir);
    if (!top) throw new Error(`${workdir} is not inside a git checkout (use actions/checkout with fetch-depth: 0)`);
    const event = readEvent();
    const baseRef = core.getInput('base-ref') || event.pull_request?.base?.sha || event.before || '';
    const headRef = core.getInput('head-ref') || event.pull_request?.head?.sha || process.env.GITHUB_SHA || 'HEAD';
    if (!baseRef) throw new Error('base-ref is empty and the event has no pull_request.base.sha');
    const subdir = core.getInput('path') || '';
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
    const manifests = core.getMultilineInput('manifests');
    if (manifests.length) config.manifests = manifests;
    const fleet = core.getMultilineInput('fleet');
    if (fleet.length) config.fleet = fleet.map((f) => resolve(workdir, f));
    const catalog = core.getInput('catalog');
    if (catalog) config.catalog = resolve(workdir, catalog);

    const plan = await executePlan({ base, head, config, configFindings, cwd: workdir });
    const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
    const repo = process.env.GITHUB_REPOSITORY;
    const blobUrl = repo ? `${server}/${repo}/blob/${head.sha}${subdir ? `/${subdir.replace(/\/$/, '')}` : ''}` : null;
    const markdown = renderMarkdown(plan, { blobUrl, limit: 1_000_000 });

    const planPath = join(process.env.RUNNER_TEMP || workdir, 'karpenter-plan.json');
    writeFileSync(planPath, JSON.stringify(plan, null, 2) + '\n');
    core.setOutput('verdict', plan.verdict);
    core.setOutput('plan-json', planPath);
    core.setOutput('workloads-changed', plan.summary.workloadsChanged);
    core.setOutput('nodes-replaced', plan.summary.nodesReplaced);
    core.setOutput('nodes-removed', plan.summary.nodesRemoved);
    core.setOutput('errors', plan.summary.findings.error);
    core.setOutput('warnings', plan.summary.findings.warning);
    if (process.env.GITHUB_STEP_SUMMARY) {
      await core.summary.addRaw(markdown).write();
    } else {
      core.info(markdown);
    }
    for (const f of plan.findings) {
      const props = { title: f.rule, file: f.file && !f.file.startsWith('helm:') ? join(subdir, f.file) : undefined, startLine: f.line ?? undefined };
      if (f.severity === 'error') core.error(f.message, props);
      else if (f.severity === 'warning') core.warning(f.message, props);
      else core.notice(f.message, props);
    }
    if (plan.verdict === 'fail') core.setFailed(`karpenter-plan: ${plan.verdictReasons.join('; ')}`);
  } catch (e) {
    core.setFailed(`karpenter-plan could not run: ${(e as Error).message}`);
  }
}

function readEvent(): PullRequestEvent {
  const p = process.env.GITHUB_EVENT_PATH;
  if (!p || !existsSync(p)) return {};
  try {
    return JSON.parse(readFileSync(p, 'utf8')) as PullRequestEvent;
  } catch {
    return {};
  }
}
