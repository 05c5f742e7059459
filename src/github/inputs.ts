/**
 * The action's inputs, read once into a typed object and checked before any work (as
 * peter-evans/create-or-update-comment does): an unknown mode, a malformed time or a negative
 * threshold fails the step with a message naming the input, not halfway through a run.
 */
import * as core from '@actions/core';
import {
  checkFailOn,
  checkTarget,
  checkNonNegative,
  checkTime,
  InputError,
  type ConfigOverrides,
} from '../sources/resolve-config.js';
import { COMMENT_MODES, type CommentMode } from './comment.js';

export type ActionMode = 'plan' | 'post' | 'merge' | 'targets';
export type StatusMode = 'check' | 'off';

export interface ActionInputs {
  mode: ActionMode;
  planFile: string | null;
  /** mode merge: the target list (`karpenter-plan targets`) and the per-target plans (files or folders). */
  targetsFile: string | null;
  planFiles: string[];
  prNumber: number | null;
  workingDirectory: string;
  path: string;
  baseRef: string | null;
  headRef: string | null;
  /** One target to plan (a kustomization folder; '' = the root); null: every target. */
  target: string | null;
  /** Config file and overrides, resolved by the same function as the CLI's flags. */
  overrides: ConfigOverrides;
  comment: CommentMode;
  commentKey: string | null;
  /** Login whose comments are the sticky comment's candidates; null: the token's own identity. */
  commentAuthor: string | null;
  /** Seconds the client may wait in total for GitHub rate limits to reset (then the request fails). */
  rateLimitWait: number;
  skipNoDiff: boolean;
  status: StatusMode;
  checkName: string | null;
  title: string;
  githubToken: string;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new InputError(`input ${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

function bool(name: string, value: string): boolean {
  if (/^(true|True|TRUE)$/.test(value)) return true;
  if (/^(false|False|FALSE|)$/.test(value)) return false;
  throw new InputError(`input ${name} must be true or false, got "${value}"`);
}

/** The input's lines, trimmed, blank ones dropped (a list input: globs, files). */
function inputLines(get: (name: string) => string, name: string): string[] {
  return get(name)
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The configuration the inputs override (the CLI's flags as inputs), each checked as the CLI checks its flag. */
function readConfigOverrides(get: (name: string) => string): ConfigOverrides {
  const overrides: ConfigOverrides = {};
  if (get('config')) overrides.configFile = get('config');
  if (inputLines(get, 'manifests').length) overrides.manifests = inputLines(get, 'manifests');
  if (inputLines(get, 'fleet').length) overrides.fleet = inputLines(get, 'fleet');
  if (get('catalog')) overrides.catalog = get('catalog');
  if (get('at')) overrides.at = checkTime(get('at'), 'input at');
  if (get('fail-on')) overrides.failOn = checkFailOn(get('fail-on'), 'input fail-on');
  if (get('max-replaced-nodes'))
    overrides.maxReplacedNodes = checkNonNegative(get('max-replaced-nodes'), 'input max-replaced-nodes');
  if (get('max-replaced-percent'))
    overrides.maxReplacedPercent = checkNonNegative(get('max-replaced-percent'), 'input max-replaced-percent', 100);
  return overrides;
}

/** The mode, with the inputs it cannot run without (post: the plan file; merge: the targets and their plans). */
function readMode(get: (name: string) => string): ActionMode {
  const mode = oneOf('mode', get('mode') || 'plan', ['plan', 'post', 'merge', 'targets'] as const);
  if (mode === 'post' && !get('plan-file'))
    throw new InputError('mode: post needs plan-file (the JSON plan uploaded by the pull_request workflow)');
  if (mode === 'merge' && (!get('targets-file') || !inputLines(get, 'plan-files').length))
    throw new InputError(
      'mode: merge needs targets-file (karpenter-plan targets) and plan-files (the per-target plans)',
    );
  return mode;
}

/** The pull request number: a whole number; 0 or none: null (the event's own pull request). */
function readPrNumber(get: (name: string) => string): number | null {
  const pr = get('pr-number');
  const prNumber = pr ? checkNonNegative(pr, 'input pr-number') : null;
  if (prNumber !== null && !Number.isInteger(prNumber))
    throw new InputError(`input pr-number must be a whole number, got "${pr}"`);
  return prNumber || null;
}

/** Reads and checks every input; `get` is core.getInput (a parameter for tests). */
export function readInputs(get: (name: string) => string = (n) => core.getInput(n)): ActionInputs {
  const opt = (name: string) => get(name) || null;
  const overrides = readConfigOverrides(get);
  const mode = readMode(get);
  const prNumber = readPrNumber(get);
  return {
    mode,
    planFile: opt('plan-file'),
    targetsFile: opt('targets-file'),
    planFiles: inputLines(get, 'plan-files'),
    prNumber,
    workingDirectory: get('working-directory') || '.',
    path: get('path'),
    target: get('target') ? checkTarget(get('target'), 'input target') : null,
    baseRef: opt('base-ref'),
    headRef: opt('head-ref'),
    overrides,
    comment: oneOf('comment', get('comment') || 'update', COMMENT_MODES),
    commentKey: opt('comment-key'),
    commentAuthor: opt('comment-author'),
    rateLimitWait: get('rate-limit-wait') ? checkNonNegative(get('rate-limit-wait'), 'input rate-limit-wait') : 300,
    skipNoDiff: bool('skip-no-diff', get('skip-no-diff')),
    status: oneOf('status', get('status') || 'check', ['check', 'off'] as const),
    checkName: opt('check-name'),
    title: get('title') || 'karpenter-plan',
    githubToken: get('github-token'),
  };
}
