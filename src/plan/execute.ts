/**
 * One run: load the states, run the model on each, build the plan. Shared by the CLI and the
 * action (the two thin entry points).
 */
import type { Finding } from '../model/findings.js';
import type { Config } from '../sources/config.js';
import { loadState, type LoadOptions, type State } from '../sources/state.js';
import type { FileTree } from '../sources/tree.js';
import type { Plan } from './contract.js';
import { buildPlan } from './plan.js';

export interface ExecuteInput {
  /** null: a single-state run (simulate/validate): base is empty. */
  base: FileTree | null;
  head: FileTree;
  config: Config;
  configFindings: Finding[];
  cwd: string;
  validateOnly?: boolean;
}

export async function executePlan(input: ExecuteInput): Promise<Plan> {
  const opts: LoadOptions = {};
  const head = loadState(input.head, input.config, opts);
  head.findings.unshift(...input.configFindings);
  const base: State = input.base ? loadState(input.base, input.config, opts) : emptyState(head);
  return buildPlan({ base, head, config: input.config });
}

function emptyState(head: State): State {
  return { ...head, label: '(none)', sha: null, nodePools: [], nodeClasses: [], overlays: [], workloads: [], daemonSets: [], findings: [], files: [], ignoredKinds: {}, notes: [] };
}
