/**
 * The CLI: `karpenter-plan diff | simulate | validate | catalog refresh`.
 * Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../sources/config.js';
import {
  checkFailOn,
  checkTarget,
  checkNonNegative,
  checkTime,
  InputError,
  resolveConfig,
  type ConfigOverrides,
} from '../sources/resolve-config.js';
import { DirTree, GitTree, gitTopLevel, STDIN_FILE, TextTree, type FileTree } from '../sources/tree.js';
import { executePlan, listTargets, RunInputError, UnknownTargetError, type ExecuteInput } from '../run/execute.js';
import { MergeError, mergeFiles } from '../run/merge.js';
import type { Baseline } from '../sources/baseline.js';
import { PlanDocumentError } from '../plan/plan-document.js';
import { writeFileAtomic } from '../run/output.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderText } from '../report/text.js';
import { renderSarif } from '../report/sarif.js';
import { VERSION } from '../common/version.js';
import { errorMessage } from '../common/errors.js';
import { own } from '../common/own.js';
import type { CliResult } from './result.js';

export const USAGE = `Usage: karpenter-plan <command> [options]

Commands:
  diff       compare base and head: placements, drift, budgets, findings (the main job)
  simulate   model one state: where each workload lands, the simulated fleet
  validate   findings only (API validation and configuration rules)
  targets    the targets of base and head (kustomize overlays) and which the change affects, as JSON
  merge --targets FILE PLAN.json...
             combine per-target plans (diff --target KEY --json-out) into one report
  baseline   the current findings of a state by fingerprint (commit as .karpenter-plan-baseline.json)
  catalog refresh --region R [--out FILE]
             build an instance-type catalog from the AWS APIs (standard credential chain)

States:
  --base DIR --head DIR           two directories
  --base-ref REV --head-ref REV   two git revisions of the repository at --repo (default: cwd)
  --state DIR | --ref REV         the one state of simulate / validate (default: the current directory)
  -                               in place of DIR: read a multi-document YAML stream from standard input
                                  (e.g. kustomize build overlays/prod | karpenter-plan validate -); once per run
  --path SUBDIR                   with git revisions: only this folder of the repository is the state
  --target KEY                    plan one target (a kustomization folder, e.g. overlays/prod; '.' = the root)

Options:
  --config FILE      configuration (default: .karpenter-plan.yaml at the state's root)
  --format FORMAT    markdown | json | text | sarif (default: markdown for diff, text otherwise)
  --out FILE         write the report to FILE instead of standard output
  --json-out FILE    also write the JSON plan to FILE
  --fleet FILE       a fleet snapshot (kubectl get nodeclaims,nodes -o json); repeatable
  --catalog FILE     an instance-type catalog from 'catalog refresh'
  --kubeconfig FILE  read the fleet from a live cluster (read-only; with --context NAME)
  --at TIME          the rollout start for budget schedules (RFC 3339, UTC; default: now)
  --fail-on LEVEL    error | warning | never (default: the config's policy.failOn, else error)
  --max-replaced-nodes N, --max-replaced-percent P
                     fail when more nodes (or more than P% of the fleet) are replaced or removed
  --debug            print the files read and the kinds ignored to standard error
  -h, --help         this help (karpenter-plan <command> --help: that command's)
  -v, --version      the version

Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.
`;

const EXIT = 'Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.\n';

/** `karpenter-plan <command> --help`. */
const COMMAND_HELP: Record<string, string> = {
  diff: `Usage: karpenter-plan diff --base DIR --head DIR | --base-ref REV --head-ref REV [--repo DIR] [--path SUBDIR]
                           [--target KEY] [--fleet FILE]... [--at TIME] [--format markdown|json|text|sarif]
                           [--out FILE] [--json-out FILE] [--config FILE] [--fail-on LEVEL]

Compares base and head: where each workload lands and at what cost, which nodes drift and how fast the
budgets let them be replaced, and the findings this change introduces. Either side may be '-' (standard input).
With several targets (kustomize overlays), each is planned on its own; --target KEY plans one.
If the git revisions are missing, fetch them (actions/checkout with fetch-depth: 0).
${EXIT}`,
  simulate: `Usage: karpenter-plan simulate [DIR | - | --ref REV] [--target KEY] [--format text|json|markdown|sarif]

Models one state: where each workload (or probe pod) lands, the simulated fleet and its cost.
${EXIT}`,
  validate: `Usage: karpenter-plan validate [DIR | - | --ref REV] [--target KEY] [--format text|json|markdown|sarif]

Reports findings only: API validation (as the API server would refuse) and the configuration rules.
${EXIT}`,
  targets: `Usage: karpenter-plan targets --base DIR --head DIR | --base-ref REV --head-ref REV [--out FILE]

Lists the targets (each kustomization no other one uses) with whether the change affects each, and the findings of
the run itself, as JSON: '.affected' is the list a CI matrix fans out over.
`,
  merge: `Usage: karpenter-plan merge --targets FILE PLAN.json|DIR... [--format markdown|json|text|sarif] [--out FILE]

Combines the per-target plans of a fanned-out run (diff --target KEY --json-out FILE) with the target list into the
same plan and report one process makes. A folder stands for the .json files in it.
${EXIT}`,
  baseline: `Usage: karpenter-plan baseline [DIR | --ref REV] [--out FILE]

Writes every current finding of a state by fingerprint (rule, object, field). Commit it as
.karpenter-plan-baseline.json (or name it with 'baseline:' in the config): later runs suppress and count the
findings it records.
`,
};

const OPTIONS = {
  base: { type: 'string' },
  head: { type: 'string' },
  'base-ref': { type: 'string' },
  'head-ref': { type: 'string' },
  state: { type: 'string' },
  ref: { type: 'string' },
  repo: { type: 'string' },
  path: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  'json-out': { type: 'string' },
  fleet: { type: 'string', multiple: true },
  catalog: { type: 'string' },
  at: { type: 'string' },
  target: { type: 'string' },
  targets: { type: 'string' },
  'fail-on': { type: 'string' },
  'max-replaced-nodes': { type: 'string' },
  'max-replaced-percent': { type: 'string' },
  region: { type: 'string' },
  kubeconfig: { type: 'string' },
  context: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  debug: { type: 'boolean' },
} as const;

export async function runCli(
  argv: string[],
  cwd = process.cwd(),
  readStdin: () => string = () => readFileSync(0, 'utf8'),
  /** The text format's colours: on for a terminal unless NO_COLOR is set (decided by the entry point). */
  output: { color?: boolean } = {},
): Promise<CliResult> {
  textColor = output.color === true;
  runCwd = cwd;
  let stdinUsed = false;
  const stdin: Stdin = () => {
    if (stdinUsed) throw new UsageError('standard input (-) can stand for only one state per run');
    stdinUsed = true;
    return readStdin();
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${errorMessage(e)}\n\n${USAGE}` };
  }
  const { values: v, positionals } = parsed;
  const command = positionals[0];
  if (v.version) return { exitCode: 0, stdout: `karpenter-plan ${VERSION}\n`, stderr: '' };
  const help = command ? own(COMMAND_HELP, command) : undefined;
  if (v.help && help) return { exitCode: 0, stdout: help, stderr: '' };
  if (v.help || !command) return { exitCode: command || v.help ? 0 : 2, stdout: USAGE, stderr: '' };
  try {
    switch (command) {
      case 'diff':
        return await diffCommand(v, cwd, stdin);
      case 'simulate':
      case 'validate':
        return await singleCommand(command, v, positionals[1], cwd, stdin);
      case 'targets':
        return targetsCommand(v, cwd, stdin);
      case 'baseline':
        return await baselineCommand(v, positionals[1], cwd, stdin);
      case 'merge':
        return mergeCommand(v, positionals.slice(1), cwd);
      case 'catalog': {
        if (positionals[1] !== 'refresh')
          return usage(`unknown catalog command "${positionals[1] ?? ''}" (catalog refresh)`);
        const { catalogRefreshCommand } = await import('./catalog-refresh.js');
        return await catalogRefreshCommand(v.region as string | undefined, v.out as string | undefined, cwd);
      }
      default:
        return usage(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof InputError || e instanceof UnknownTargetError) return usage(e.message);
    // Nothing to plan, a --path that exists in neither revision, a fleet for several targets: no verdict (exit 2).
    if (e instanceof MergeError || e instanceof PlanDocumentError || e instanceof RunInputError)
      return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${e.message}\n` };
    if (e instanceof ConfigError)
      return { exitCode: 2, stdout: '', stderr: `karpenter-plan: invalid configuration:\n${e.message}\n` };
    return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${errorMessage(e)}\n` };
  }
}

class UsageError extends Error {}

function usage(msg: string): CliResult {
  return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${msg}\n\n${USAGE}` };
}

type Values = Record<string, string | string[] | boolean | undefined>;

/** Reads standard input once per run: `-` may stand for at most one state. */
type Stdin = () => string;

function openTree(dir: string | undefined, ref: string | undefined, v: Values, cwd: string, stdin: Stdin): FileTree {
  if (dir === '-' && !ref) return new TextTree('standard input', new Map([[STDIN_FILE, stdin()]]));
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

/** `--target KEY`: one target ('.' is the root folder's kustomization). */
function target(v: Values): { target?: string } {
  return typeof v.target === 'string' ? { target: checkTarget(v.target, '--target') } : {};
}

function overrides(v: Values): ConfigOverrides {
  const o: ConfigOverrides = {};
  if (typeof v.config === 'string') o.configFile = v.config;
  if (Array.isArray(v.fleet)) o.fleet = v.fleet;
  if (typeof v.catalog === 'string') o.catalog = v.catalog;
  if (typeof v.kubeconfig === 'string' || typeof v.context === 'string') {
    o.cluster = {
      ...(typeof v.kubeconfig === 'string' ? { kubeconfig: v.kubeconfig } : {}),
      ...(typeof v.context === 'string' ? { context: v.context } : {}),
    };
  }
  if (typeof v.at === 'string') o.at = checkTime(v.at, '--at');
  if (typeof v['fail-on'] === 'string') o.failOn = checkFailOn(v['fail-on'], '--fail-on');
  if (typeof v['max-replaced-nodes'] === 'string')
    o.maxReplacedNodes = checkNonNegative(v['max-replaced-nodes'], '--max-replaced-nodes');
  if (typeof v['max-replaced-percent'] === 'string')
    o.maxReplacedPercent = checkNonNegative(v['max-replaced-percent'], '--max-replaced-percent', 100);
  return o;
}

/** The base and head states of `diff` and `targets`, and the configuration. */
function diffInput(command: string, v: Values, cwd: string, stdin: Stdin): ExecuteInput {
  const gitMode = v['base-ref'] !== undefined || v['head-ref'] !== undefined;
  if (gitMode && (!v['base-ref'] || !v['head-ref'])) throw new UsageError('--base-ref and --head-ref go together');
  if (!gitMode && (!v.base || !v.head))
    throw new UsageError(`${command} needs --base DIR --head DIR, or --base-ref REV --head-ref REV`);
  const base = openTree(v.base as string, v['base-ref'] as string, v, cwd, stdin);
  const head = openTree(v.head as string, v['head-ref'] as string, v, cwd, stdin);
  // Comparing git revisions (a pull request), the base revision's config decides the policy and the programs that
  // run, as in the action (docs/security.md); two directories are both the user's own.
  const { config, findings: configFindings } = resolveConfig(head, cwd, overrides(v), gitMode ? base : undefined);
  return { base, head, config, configFindings, cwd, ...target(v), ...(gitMode ? { trusted: base } : {}) };
}

async function diffCommand(v: Values, cwd: string, stdin: Stdin): Promise<CliResult> {
  const plan = await executePlan(diffInput('diff', v, cwd, stdin));
  return emit(plan, (v.format as string) ?? 'markdown', v);
}

/** `targets`: the targets of base and head and which the change affects, as JSON (a CI matrix reads `affected`). */
function targetsCommand(v: Values, cwd: string, stdin: Stdin): CliResult {
  const list = listTargets(diffInput('targets', v, cwd, stdin));
  const body = JSON.stringify(list, null, 2) + '\n';
  if (typeof v.out === 'string') {
    writeFileAtomic(resolve(cwd, v.out), body);
    return {
      exitCode: 0,
      stdout: `karpenter-plan: ${list.affected.length} of ${list.targets.length} target(s) affected; list written to ${v.out}\n`,
      stderr: '',
    };
  }
  return { exitCode: 0, stdout: body, stderr: '' };
}

/** `merge --targets FILE PLAN...`: the per-target plans of a fanned-out run, combined into one report. */
function mergeCommand(v: Values, files: string[], cwd: string): CliResult {
  if (typeof v.targets !== 'string')
    throw new UsageError('merge needs --targets FILE (the output of karpenter-plan targets)');
  const plan = mergeFiles(
    resolve(cwd, v.targets),
    files.map((f) => resolve(cwd, f)),
  );
  return emit(plan, (v.format as string) ?? 'markdown', v);
}

async function singleCommand(
  command: 'simulate' | 'validate',
  v: Values,
  positional: string | undefined,
  cwd: string,
  stdin: Stdin,
): Promise<CliResult> {
  const tree = openTree(
    (v.state as string) ?? positional ?? (v.head as string),
    (v.ref as string) ?? (v['head-ref'] as string),
    v,
    cwd,
    stdin,
  );
  const { config, findings: configFindings } = resolveConfig(tree, cwd, overrides(v));
  const plan = await executePlan({
    ...target(v),
    base: null,
    head: tree,
    config,
    configFindings,
    cwd,
    validateOnly: command === 'validate',
  });
  return emit(plan, (v.format as string) ?? 'text', v);
}

/**
 * `baseline [DIR]`: every current finding of a state, by fingerprint, to commit as `.karpenter-plan-baseline.json`;
 * later runs suppress (and count) the findings recorded there.
 */
async function baselineCommand(
  v: Values,
  positional: string | undefined,
  cwd: string,
  stdin: Stdin,
): Promise<CliResult> {
  const tree = openTree((v.state as string) ?? positional, v.ref as string, v, cwd, stdin);
  const { config, findings: configFindings } = resolveConfig(tree, cwd, overrides(v));
  // A baseline records what is there, not what an older baseline already hides.
  const plan = await executePlan({
    base: null,
    head: tree,
    config: { ...config, baseline: undefined },
    configFindings,
    cwd,
    validateOnly: true,
    ...target(v),
  });
  const findings = [...plan.findings, ...(plan.suppressedFindings ?? []).filter((f) => f.suppressedBy === 'baseline')];
  const doc: Baseline = {
    schemaVersion: 1,
    findings: findings
      .filter((f) => f.fingerprint)
      .map((f) => ({ fingerprint: f.fingerprint!, rule: f.rule, object: f.object, file: f.file, message: f.message }))
      .sort((a, b) => a.fingerprint.localeCompare(b.fingerprint)),
  };
  const body = JSON.stringify(doc, null, 2) + '\n';
  if (typeof v.out === 'string') {
    writeFileAtomic(resolve(cwd, v.out), body);
    return {
      exitCode: 0,
      stdout: `karpenter-plan: ${doc.findings.length} finding(s) recorded in ${v.out}\n`,
      stderr: '',
    };
  }
  return { exitCode: 0, stdout: body, stderr: '' };
}

/**
 * The state's folder relative to the repository root, which SARIF URIs start with (code scanning attaches results to
 * files of the repository): `--path` with git revisions; for a directory inside a git work tree, its place there.
 */
function sarifRoot(v: Values): string {
  if (typeof v.path === 'string' && (v['base-ref'] || v['head-ref'] || v.ref)) return v.path;
  const dir = [v.head, v.state].find((x): x is string => typeof x === 'string' && x !== '-');
  if (!dir || !runCwd) return '';
  const abs = resolve(runCwd, dir);
  const top = gitTopLevel(abs);
  if (!top) return '';
  const rel = relative(realpathSync(top), realpathSync(abs)).split(sep).join('/');
  return rel.startsWith('..') ? '' : rel;
}

/** Set per run by runCli (the entry point decides: a terminal, and NO_COLOR unset). */
let textColor = false;
/** The working directory of the run (set by runCli). */
let runCwd = '';

function emit(plan: Awaited<ReturnType<typeof executePlan>>, format: string, v: Values): CliResult {
  let body: string;
  if (format === 'json') body = JSON.stringify(plan, null, 2) + '\n';
  else if (format === 'markdown' || format === 'md') body = renderMarkdown(plan) + '\n';
  else if (format === 'text') body = renderText(plan, { color: textColor });
  else if (format === 'sarif') body = renderSarif(plan, { root: sarifRoot(v) });
  else throw new UsageError(`unknown --format "${format}" (markdown, json, text or sarif)`);
  if (typeof v['json-out'] === 'string') writeFileAtomic(v['json-out'], JSON.stringify(plan, null, 2) + '\n');
  // Nothing evaluated while inputs were left unread: the tool could not do its job (never a pass).
  const exitCode = plan.nothingEvaluated ? 2 : plan.verdict === 'pass' ? 0 : 1;
  const debug = v.debug
    ? (['base', 'head'] as const)
        .map(
          (side) =>
            `debug: ${side} read ${plan.inputs[side].files.length} file(s) [${plan.inputs[side].files.join(', ')}]; other kinds ignored: ${JSON.stringify(plan.inputs[side].ignoredKinds)}\n`,
        )
        .join('')
    : '';
  if (typeof v.out === 'string') {
    writeFileAtomic(v.out, body);
    return { exitCode, stdout: `karpenter-plan: ${plan.verdict}; report written to ${v.out}\n`, stderr: debug };
  }
  return { exitCode, stdout: body, stderr: debug };
}
