/**
 * The baseline file (`karpenter-plan baseline > .karpenter-plan-baseline.json`): the fingerprints of findings a team
 * accepts for now. Findings recorded there are suppressed (and counted) in later runs.
 */
import { errorMessage } from '../common/errors.js';
import type { Finding } from '../common/findings.js';
import type { Config } from './config.js';
import type { FileTree } from './tree.js';

export const BASELINE_FILE = '.karpenter-plan-baseline.json';

export interface Baseline {
  schemaVersion: 1;
  findings: { fingerprint: string; rule: string; object: string | null; file: string | null; message: string }[];
}

/** The baseline named by the config, else `.karpenter-plan-baseline.json` in the state when present; null when none. */
export function readBaseline(
  tree: FileTree,
  config: Config,
  findings: Finding[],
): { file: string; fingerprints: Set<string> } | null {
  const file = config.baseline ?? BASELINE_FILE;
  const unreadable = (message: string): null => {
    findings.push({ rule: 'unreadable-file', severity: 'error', file, line: null, object: null, message });
    return null;
  };
  const text = tree.read(file);
  if (text === null)
    return config.baseline
      ? unreadable(`the baseline file ${file} named by the config does not exist in ${tree.label}`)
      : null;
  try {
    const doc = JSON.parse(text.replace(/^\uFEFF/, '')) as Partial<Baseline>;
    if (doc.schemaVersion !== 1 || !Array.isArray(doc.findings)) throw new Error('not a karpenter-plan baseline');
    return { file, fingerprints: new Set(doc.findings.map((f) => f.fingerprint).filter((f) => typeof f === 'string')) };
  } catch (e) {
    return unreadable(`the baseline file ${file} could not be read: ${errorMessage(e)}`);
  }
}
