/**
 * The one path from what a user gives (a config file, CLI flags or action inputs) to the run's
 * configuration. The CLI and the action both call `resolveConfig`, so a flag and the matching
 * action input mean the same thing: fleet snapshots are added to the config's, the others replace
 * the config's value. Values are checked here, before any work: a malformed one is an InputError
 * (exit code 2, or a failed action step) with a message that names the flag or input.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Finding } from '../common/findings.js';
import { CONFIG_FILE, defaultConfig, parseConfig, type Config } from './config.js';
import { checkConfigInputs } from './config-inputs.js';
import type { FileTree } from './tree.js';

export class InputError extends Error {}

export type FailOn = Config['policy']['failOn'];

export interface ConfigOverrides {
  /** An explicit config file (relative to cwd); default: `.karpenter-plan.yaml` at the head state's root. */
  configFile?: string;
  /** Manifest globs: replace the config's. */
  manifests?: string[];
  /** Fleet snapshot files: added to the config's. */
  fleet?: string[];
  catalog?: string;
  cluster?: { kubeconfig?: string; context?: string };
  at?: string;
  failOn?: FailOn;
  maxReplacedNodes?: number;
  maxReplacedPercent?: number;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An RFC 3339 time with a zone (`2026-01-05T10:00:00Z`). */
export function checkTime(value: string, name: string): string {
  if (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))
    throw new InputError(`${name} "${value}" is not an RFC 3339 time with a zone (e.g. 2026-01-05T10:00:00Z)`);
  return value;
}

/** A finite number ≥ 0 (a count or a percentage). */
export function checkNonNegative(value: string, name: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max)
    throw new InputError(`${name} must be a number from 0 to ${max}, got "${value}"`);
  return n;
}

/**
 * A target key: a plain folder name (a kustomization) or cluster name, an Argo CD Application's `name@destination`, or
 * a chart environment's `folder+env`.
 */
export function isPlainTargetKey(value: string): boolean {
  return /^[A-Za-z0-9._/-]+([@+][A-Za-z0-9._-]+)?$/.test(value);
}

/**
 * A target key as given (`--target`, the action's `target`): a kustomization folder, `.` for the root, a cluster of the
 * config's `clusters:`, an Argo CD Application's `name@destination`, or a chart environment's `folder+env`. Keys go into CI matrices and shell commands, so only plain keys are accepted.
 */
export function checkTarget(value: string, name: string): string {
  if (!isPlainTargetKey(value))
    throw new InputError(
      `${name} ${JSON.stringify(value)} is not a folder name nor a cluster's (letters, digits, '.', '_', '-', '/'), an Application's name@destination, nor a chart's folder+environment`,
    );
  return value === '.' ? '' : value.replace(/^\.\//, '').replace(/\/$/, '');
}

export const FAIL_ON: readonly FailOn[] = ['error', 'warning', 'never'];

export function checkFailOn(value: string, name: string): FailOn {
  if (!(FAIL_ON as readonly string[]).includes(value))
    throw new InputError(`${name} must be one of ${FAIL_ON.join(', ')}, got "${value}"`);
  return value as FailOn;
}

/**
 * Keys of the configuration that never come from the pull request under check (the action reads them from the base
 * revision): programs to run, clusters and files outside the state, and the policy that decides the verdict.
 */
export const TRUSTED_KEYS = [
  'caps',
  'helm',
  'cluster',
  'fleet',
  'catalog',
  'policy',
  'rules',
  'exclude',
  'ignore',
  'baseline',
  'renderTimeoutSeconds',
  'externalLabels',
  'assumptions',
  'probes',
  'manifests',
  'scenarios',
  'clusters',
  'repoURLs',
] as const;

/**
 * Reads the config (explicit file, else the head state's `.karpenter-plan.yaml`, else defaults) and applies the
 * overrides. Schema violations in the file are findings (located at their key).
 *
 * With `trusted` (the action: the base revision), the config is read from both revisions: the inputs it names come
 * from head, the TRUSTED_KEYS from base; a change of those in the pull request is reported as taking effect after the
 * merge.
 */
export function resolveConfig(
  head: FileTree,
  cwd: string,
  o: ConfigOverrides,
  trusted?: FileTree,
): { config: Config; findings: Finding[] } {
  const findings: Finding[] = [];
  let config: Config;
  if (trusted) {
    const path = o.configFile ?? CONFIG_FILE;
    const read = (t: FileTree, out: Finding[]): Config => {
      const text = t.read(path);
      return text === null ? defaultConfig() : parseConfig(path, text, out);
    };
    const fromHead = read(head, findings);
    const fromBase = read(trusted, []);
    config = { ...fromHead };
    const deferred: string[] = [];
    for (const k of TRUSTED_KEYS) {
      if (JSON.stringify(fromHead[k]) !== JSON.stringify(fromBase[k])) deferred.push(k);
      (config as unknown as Record<string, unknown>)[k] = fromBase[k];
    }
    config.manifestsInFile = fromBase.manifestsInFile;
    if (deferred.length)
      findings.push({
        rule: 'config-change-deferred',
        severity: 'info',
        file: path,
        line: null,
        object: null,
        message: `this change edits ${deferred.join(', ')} in ${path}; the check of this pull request uses the base revision's values, and the change takes effect after the merge`,
      });
  } else if (o.configFile !== undefined) {
    const file = resolve(cwd, o.configFile);
    if (!existsSync(file)) throw new InputError(`config file ${o.configFile} does not exist`);
    config = parseConfig(o.configFile, readFileSync(file, 'utf8'), findings);
  } else {
    const text = head.read(CONFIG_FILE);
    config = text === null ? defaultConfig() : parseConfig(CONFIG_FILE, text, findings);
  }
  if (config.assumptions.at !== undefined && Number.isNaN(Date.parse(config.assumptions.at))) {
    findings.push({
      rule: 'invalid-config',
      severity: 'error',
      file: config.file,
      line: null,
      object: null,
      message: `assumptions.at ${JSON.stringify(config.assumptions.at)} is not a time; the rollout starts now instead`,
    });
    delete config.assumptions.at;
  }
  if (o.manifests?.length) config.manifests = [...o.manifests];
  if (o.fleet?.length) config.fleet = [...config.fleet, ...o.fleet];
  if (o.catalog !== undefined) config.catalog = o.catalog;
  if (o.cluster) config.cluster = { ...o.cluster };
  if (o.at !== undefined) config.assumptions.at = checkTime(o.at, 'at');
  if (o.failOn !== undefined) config.policy.failOn = o.failOn;
  if (o.maxReplacedNodes !== undefined) config.policy.maxReplacedNodes = o.maxReplacedNodes;
  if (o.maxReplacedPercent !== undefined) config.policy.maxReplacedPercent = o.maxReplacedPercent;
  // What the config names, checked against the state under check: globs that match nothing, cluster inputs that
  // are symlinks out of the repository.
  const checked = checkConfigInputs(head, config, config.manifestsInFile === true && !o.manifests?.length);
  findings.push(...checked.findings);
  return { config: checked.config, findings };
}
