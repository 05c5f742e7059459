/**
 * The CLI: `karpenter-plan diff | simulate | validate | catalog refresh`.
 * Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIG_FILE, ConfigError, defaultConfig, parseConfig, type Config } from '../sources/config.js';
import { DirTree, GitTree, gitTopLevel, type FileTree } from '../sources/tree.js';
import { executePlan } from '../plan/execute.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderText } from '../report/text.js';
import type { Finding } from '../common/findings.js';

export interface CliResult {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

export const USAGE = `Usage: karpenter-plan <command> [options]

Commands:
  diff       compare base and head: placements, drift, budgets, findings (the main job)
  simulate   model one state: where each workload lands, the simulated fleet
  validate   findings only (API validation and configuration rules)
  catalog refresh --region R [--out FILE]
             build an instance-type catalog from the AWS APIs (standard credential chain)

States:
  --base DIR --head DIR           two directories
  --base-ref REV --head-ref REV   two git revisions of the repository at --repo (default: cwd)
  --state DIR | --ref REV         the one state of simulate / validate (default: the current directory)
  --path SUBDIR                   with git revisions: only this folder of the repository is the state

Options:
  --config FILE      configuration (default: .karpenter-plan.yaml at the state's root)
  --format FORMAT    markdown | json | text (default: markdown for diff, text otherwise)
  --out FILE         write the report to FILE instead of standard output
  --json-out FILE    also write the JSON plan to FILE
  --fleet FILE       a fleet snapshot (kubectl get nodeclaims,nodes -o json); repeatable
  --catalog FILE     an instance-type catalog from 'catalog refresh'
  --kubeconfig FILE  read the fleet from a live cluster (read-only; with --context NAME)
  --at TIME          the rollout start for budget schedules (RFC 3339, UTC; default: now)
  --debug            print the files read and the kinds ignored to standard error
  -h, --help         this help

Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.
`;

const OPTIONS = {
  base: { type: 'string' }, head: { type: 'string' },
  'base-ref': { type: 'string' }, 'head-ref': { type: 'string' },
  state: { type: 'string' }, ref: { type: 'string' },
  repo: { type: 'string' }, path: { type: 'string' },
  config: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' }, 'json-out': { type: 'string' },
  fleet: { type: 'string', multiple: true }, catalog: { type: 'string' }, at: { type: 'string' },
  region: { type: 'string' }, kubeconfig: { type: 'string' }, context: { type: 'string' },
  help: { type: 'boolean', short: 'h' }, debug: { type: 'boolean' },
} as const;

export async function runCli(argv: string[], cwd = process.cwd()): Promise<CliResult> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${(e as Error).message}\n\n${USAGE}` };
  }
  const { values: v, positionals } = parsed;
  const command = positionals[0];
  if (v.help || !command) return { exitCode: command || v.help ? 0 : 2, stdout: USAGE, stderr: '' };
  try {
    switch (command) {
      case 'diff':
        return await diffCommand(v, cwd);
      case 'simulate':
      case 'validate':
        return await singleCommand(command, v, positionals[1], cwd);
      case 'catalog': {
        if (positionals[1] !== 'refresh') return usage(`unknown catalog command "${positionals[1] ?? ''}" (catalog refresh)`);
        const { catalogRefreshCommand } = await import('./catalog-refresh.js');
        return await catalogRefreshCommand(v.region as string | undefined, v.out as string | undefined, cwd);
      }
      default:
        return usage(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError) return usage(e.message);
    if (e instanceof ConfigError) return { exitCode: 2, stdout: '', stderr: `karpenter-plan: invalid configuration:\n${e.message}\n` };
    return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${(e as Error).message}\n` };
  }
}

class UsageError extends Error {}

function usage(msg: string): CliResult {
  return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${msg}\n\n${USAGE}` };
}

type Values = Record<string, string | string[] | boolean | undefined>;

function openTree(dir: string | undefined, ref: string | undefined, v: Values, cwd: string): FileTree {
  if (ref) {
    const repoDir = resolve(cwd, (v.repo as string) ?? '.');
    const top = gitTopLevel(repoDir);
    if (!top) throw new UsageError(`${repoDir} is not inside a git repository`);
    return new GitTree(top, ref, (v.path as string) ?? '');
  }
  const d = resolve(cwd, dir ?? '.');
  if (!existsSync(d)) throw new UsageError(`${dir} does not exist`);
  return new DirTree(d, dir ?? '.');
}

function loadConfig(v: Values, tree: FileTree, cwd: string, findings: Finding[]): Config {
  if (typeof v.config === 'string') {
    const file = resolve(cwd, v.config);
    if (!existsSync(file)) throw new UsageError(`config file ${v.config} does not exist`);
    return parseConfig(v.config, readFileSync(file, 'utf8'), findings);
  }
  const text = tree.read(CONFIG_FILE);
  return text === null ? defaultConfig() : parseConfig(CONFIG_FILE, text, findings);
}

function applyOverrides(config: Config, v: Values): void {
  if (Array.isArray(v.fleet)) config.fleet = [...config.fleet, ...v.fleet];
  if (typeof v.catalog === 'string') config.catalog = v.catalog;
  if (typeof v.kubeconfig === 'string' || typeof v.context === 'string') {
    config.cluster = { ...(typeof v.kubeconfig === 'string' ? { kubeconfig: v.kubeconfig } : {}), ...(typeof v.context === 'string' ? { context: v.context } : {}) };
  }
  if (typeof v.at === 'string') {
    if (Number.isNaN(Date.parse(v.at))) throw new UsageError(`--at "${v.at}" is not an RFC 3339 time`);
    config.assumptions.at = v.at;
  }
}

async function diffCommand(v: Values, cwd: string): Promise<CliResult> {
  const gitMode = v['base-ref'] !== undefined || v['head-ref'] !== undefined;
  if (gitMode && (!v['base-ref'] || !v['head-ref'])) throw new UsageError('--base-ref and --head-ref go together');
  if (!gitMode && (!v.base || !v.head)) throw new UsageError('diff needs --base DIR --head DIR, or --base-ref REV --head-ref REV');
  const base = openTree(v.base as string, v['base-ref'] as string, v, cwd);
  const head = openTree(v.head as string, v['head-ref'] as string, v, cwd);
  const configFindings: Finding[] = [];
  const config = loadConfig(v, head, cwd, configFindings);
  applyOverrides(config, v);
  const plan = await executePlan({ base, head, config, configFindings, cwd });
  return emit(plan, (v.format as string) ?? 'markdown', v);
}

async function singleCommand(command: 'simulate' | 'validate', v: Values, positional: string | undefined, cwd: string): Promise<CliResult> {
  const tree = openTree((v.state as string) ?? positional ?? (v.head as string), (v.ref as string) ?? (v['head-ref'] as string), v, cwd);
  const configFindings: Finding[] = [];
  const config = loadConfig(v, tree, cwd, configFindings);
  applyOverrides(config, v);
  const plan = await executePlan({ base: null, head: tree, config, configFindings, cwd, validateOnly: command === 'validate' });
  return emit(plan, (v.format as string) ?? 'text', v);
}

function emit(plan: Awaited<ReturnType<typeof executePlan>>, format: string, v: Values): CliResult {
  let body: string;
  if (format === 'json') body = JSON.stringify(plan, null, 2) + '\n';
  else if (format === 'markdown' || format === 'md') body = renderMarkdown(plan) + '\n';
  else if (format === 'text') body = renderText(plan);
  else throw new UsageError(`unknown --format "${format}" (markdown, json or text)`);
  if (typeof v['json-out'] === 'string') writeFileSync(v['json-out'], JSON.stringify(plan, null, 2) + '\n');
  const exitCode = plan.verdict === 'pass' ? 0 : 1;
  const debug = v.debug ? (['base', 'head'] as const).map((side) =>
    `debug: ${side} read ${plan.inputs[side].files.length} file(s) [${plan.inputs[side].files.join(', ')}]; other kinds ignored: ${JSON.stringify(plan.inputs[side].ignoredKinds)}\n`).join('') : '';
  if (typeof v.out === 'string') {
    writeFileSync(v.out, body);
    return { exitCode, stdout: `karpenter-plan: ${plan.verdict}; report written to ${v.out}\n`, stderr: debug };
  }
  return { exitCode, stdout: body, stderr: debug };
}
