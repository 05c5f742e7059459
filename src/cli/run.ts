/**
 * The CLI: `karpenter-plan diff | simulate | validate | catalog refresh`.
 * Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
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
import {
  DirTree,
  GitTree,
  gitTopLevel,
  revisionFileReader,
  STDIN_FILE,
  TextTree,
  type FileTree,
} from '../sources/tree.js';
import { executePlan, listTargets, RunInputError, UnknownTargetError, type ExecuteInput } from '../run/execute.js';
import { MergeError, mergeFiles } from '../run/merge.js';
import type { Baseline } from '../sources/baseline.js';
import { PlanDocumentError } from '../plan/plan-document.js';
import { writeFileAtomic } from '../run/output.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderText } from '../report/text.js';
import { renderSarif } from '../report/sarif.js';
import { logSafe } from '../report/escape.js';
import { VERSION } from '../common/version.js';
import { errorMessage } from '../common/errors.js';
import { own } from '../common/own.js';
import type { CliResult } from './result.js';
import { closest } from '../common/distance.js';
import { parseCommandLine, unknownCommand, UsageError, type Values } from './args.js';
import { COMMAND_HELP, seeHelp, USAGE } from './help.js';
import { progressLine, type Progress, type ProgressStream } from './terminal.js';

export { USAGE } from './help.js';

/** How the CLI's output reaches the user (decided by the entry point, src/cli/main.ts; tests inject it). */
export interface CliOutput {
  /** The text format's colours (colorEnabled: a terminal, NO_COLOR and FORCE_COLOR). */
  color?: boolean;
  /** Standard output is a terminal: `diff` and `merge` print the text report unless --format says otherwise. */
  isTTY?: boolean;
  /** Standard error, for progress on long runs (shown only when it is a terminal). */
  progress?: ProgressStream;
  /** How long a run goes before progress shows (default 1 s). */
  progressAfterMs?: number;
}

export async function runCli(
  argv: string[],
  cwd = process.cwd(),
  readStdin: () => string = () => readFileSync(0, 'utf8'),
  output: CliOutput = {},
): Promise<CliResult> {
  textColor = output.color === true;
  stdoutTTY = output.isTTY === true;
  runCwd = cwd;
  let stdinUsed = false;
  const stdin: Stdin = () => {
    if (stdinUsed) throw new UsageError('standard input (-) can stand for only one state per run');
    stdinUsed = true;
    return readStdin();
  };
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (e) {
    if (e instanceof UsageError) return usage(e.message, e.command);
    return usage(errorMessage(e), undefined);
  }
  const { values: v, positionals, command } = parsed;
  const answered = helpResult(v, command, positionals[1]);
  if (answered) return answered;
  if (!command) return { exitCode: 2, stdout: USAGE, stderr: '' };
  const progress = progressLine(output.progress, { thresholdMs: output.progressAfterMs });
  try {
    const run = own(COMMANDS, command);
    if (!run) return usage(unknownCommand(command).message, undefined);
    return await run({ v, positionals, cwd, stdin, progress });
  } catch (e) {
    return failure(e, command);
  } finally {
    progress.done();
  }
}

/**
 * `--version`, `--help` and `help [TOPIC]` (`karpenter-plan help diff` is `karpenter-plan diff --help`): answered
 * without running anything. Null: there is a command to run, or none at all.
 */
function helpResult(v: Values, command: string | undefined, topic: string | undefined): CliResult | null {
  if (v.version) return { exitCode: 0, stdout: `karpenter-plan ${VERSION}\n`, stderr: '' };
  if (command === 'help') {
    if (topic === undefined) return { exitCode: 0, stdout: USAGE, stderr: '' };
    const text = own(COMMAND_HELP, topic);
    return text ? { exitCode: 0, stdout: text, stderr: '' } : usage(unknownCommand(topic).message, undefined);
  }
  const help = command ? own(COMMAND_HELP, command) : undefined;
  if (v.help && help) return { exitCode: 0, stdout: help, stderr: '' };
  if (v.help && command) return usage(unknownCommand(command).message, undefined);
  if (v.help) return { exitCode: 0, stdout: USAGE, stderr: '' };
  return null;
}

/** What a command runs with: its options and positionals, the working directory, standard input and progress. */
interface CommandRun {
  v: Values;
  positionals: string[];
  cwd: string;
  stdin: Stdin;
  progress: Progress;
}

/** The commands (`help` aside: it runs nothing), by name. */
const COMMANDS: Readonly<Record<string, (r: CommandRun) => CliResult | Promise<CliResult>>> = {
  diff: (r) => diffCommand(r.v, r.cwd, r.stdin, r.progress),
  simulate: (r) => singleCommand('simulate', r.v, r.positionals[1], r.cwd, r.stdin, r.progress),
  validate: (r) => singleCommand('validate', r.v, r.positionals[1], r.cwd, r.stdin, r.progress),
  targets: (r) => targetsCommand(r.v, r.cwd, r.stdin),
  baseline: (r) => baselineCommand(r.v, r.positionals[1], r.cwd, r.stdin),
  merge: (r) => mergeCommand(r.v, r.positionals.slice(1), r.cwd),
  catalog: (r) => catalogCommand(r.v, r.positionals[1], r.cwd),
};

/** `catalog refresh`, the one catalog command. */
async function catalogCommand(v: Values, sub: string | undefined, cwd: string): Promise<CliResult> {
  if (sub !== 'refresh') {
    const near = sub ? closest(sub, ['refresh']) : undefined;
    return usage(
      sub
        ? `unknown catalog command "${sub}"${near ? ` (did you mean catalog ${near}?)` : ''}`
        : 'catalog needs a command: catalog refresh',
      'catalog',
    );
  }
  const { catalogRefreshCommand } = await import('./catalog-refresh.js');
  return await catalogRefreshCommand(v.region as string | undefined, v.out as string | undefined, cwd);
}

/** A command's failure: a usage error, or exit 2 (the tool could not run) with the reason. */
function failure(e: unknown, command: string): CliResult {
  if (e instanceof UsageError) return usage(e.message, e.command ?? command);
  if (e instanceof InputError || e instanceof UnknownTargetError) return usage(e.message, command);
  // Nothing to plan, a --path that exists in neither revision, a fleet for several targets: no verdict (exit 2).
  if (e instanceof MergeError || e instanceof PlanDocumentError || e instanceof RunInputError)
    return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${e.message}\n` };
  if (e instanceof ConfigError)
    return { exitCode: 2, stdout: '', stderr: `karpenter-plan: invalid configuration:\n${e.message}\n` };
  return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${errorMessage(e)}\n` };
}

/** A usage error: one line that says what is wrong, and where that command's help is. */
function usage(msg: string, command: string | undefined): CliResult {
  return { exitCode: 2, stdout: '', stderr: `karpenter-plan: ${msg}\n${seeHelp(command)}\n` };
}

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
  // What this run writes (--out, --json-out) is never read back as input by this or the next run.
  return new DirTree(d, dir ?? '.', outputsOf(v, cwd));
}

/** The files the run writes, as absolute paths. */
function outputsOf(v: Values, cwd: string): string[] {
  return [v.out, v['json-out']].filter((x): x is string => typeof x === 'string').map((x) => resolve(cwd, x));
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
  // Trusted files (fleet snapshot, catalog) inside the repository are read from the base revision, as in the action.
  const trusted =
    gitMode && base instanceof GitTree && head instanceof GitTree
      ? { trusted: base, trustedFiles: revisionFileReader(base.repo, base.sha, head.sha) }
      : gitMode
        ? { trusted: base }
        : {};
  return { base, head, config, configFindings, cwd, ...target(v), ...trusted };
}

/** The report format: --format, else text on a terminal and Markdown into a pipe or file (the PR comment's). */
function reportFormat(v: Values): string {
  if (typeof v.format === 'string') return v.format;
  return stdoutTTY && typeof v.out !== 'string' ? 'text' : 'markdown';
}

async function diffCommand(v: Values, cwd: string, stdin: Stdin, progress: Progress): Promise<CliResult> {
  const plan = await executePlan({ ...diffInput('diff', v, cwd, stdin), progress: (m) => progress.report(m) });
  progress.done();
  return emit(plan, reportFormat(v), v);
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
  return emit(plan, reportFormat(v), v);
}

async function singleCommand(
  command: 'simulate' | 'validate',
  v: Values,
  positional: string | undefined,
  cwd: string,
  stdin: Stdin,
  progress: Progress,
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
    progress: (m) => progress.report(m),
  });
  progress.done();
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
/** Standard output is a terminal (set by runCli): the default format of diff and merge is then text. */
let stdoutTTY = false;
/** The working directory of the run (set by runCli). */
let runCwd = '';

function emit(plan: Awaited<ReturnType<typeof executePlan>>, format: string, v: Values): CliResult {
  let body: string;
  if (format === 'json') body = JSON.stringify(plan, null, 2) + '\n';
  // Markdown and text go to a terminal or a CI log: no line of theirs may read as a workflow command.
  else if (format === 'markdown' || format === 'md') body = logSafe(renderMarkdown(plan)) + '\n';
  else if (format === 'text') body = logSafe(renderText(plan, { color: textColor }));
  else if (format === 'sarif') body = renderSarif(plan, { root: sarifRoot(v) });
  else {
    const near = closest(format, ['markdown', 'json', 'text', 'sarif']);
    throw new UsageError(
      `unknown --format "${format}" (${near ? `did you mean ${near}? ` : ''}markdown, json, text or sarif)`,
    );
  }
  if (typeof v['json-out'] === 'string')
    writeFileAtomic(resolve(runCwd, v['json-out']), JSON.stringify(plan, null, 2) + '\n');
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
    writeFileAtomic(resolve(runCwd, v.out), body);
    return { exitCode, stdout: `karpenter-plan: ${plan.verdict}; report written to ${v.out}\n`, stderr: debug };
  }
  return { exitCode, stdout: body, stderr: debug };
}
