/** What one run is given: the states' trees, the configuration, where to read trusted files, progress. */
import type { Deadline } from '../common/deadline.js';
import type { Finding } from '../common/findings.js';
import type { Config } from '../sources/config.js';
import type { FileTree, TrustedRead } from '../sources/tree.js';

export interface ExecuteInput {
  /** When the run started (ms since the epoch; default: when executePlan is called), for caps.runSeconds. */
  startedAtMs?: number;
  /** The clock the time budget is read with (default Date.now; a test gives one that runs out at a chosen step). */
  clock?: () => number;
  /** When the time budget ends: set by executePlan from startedAtMs and caps.runSeconds (common/deadline.ts). */
  deadline?: Deadline;
  /** null: a single-state run (simulate/validate): base is empty. */
  base: FileTree | null;
  head: FileTree;
  config: Config;
  configFindings: Finding[];
  cwd: string;
  validateOnly?: boolean;
  /**
   * One target (a kustomization folder, '' for the root, or an Argo CD Application's `name@destination`) to plan.
   * Undefined: every target; when the states hold
   * more than one, each is planned on its own and the plan lists them under `clusters`.
   */
  target?: string;
  /** The tree that trusted files (the baseline) are read from: the base revision in the action; default head. */
  trusted?: FileTree;
  /** Reads fleet snapshots and catalogs from the base revision when git tracks them (the action). */
  trustedFiles?: (abs: string) => TrustedRead;
  /** Told each step of a run of several targets (`rendering target 3/12 overlays/prod`): the CLI shows progress. */
  progress?: (message: string) => void;
}
