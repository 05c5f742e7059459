/**
 * Rendering ahead (issue 22): once a run knows its targets, the kustomizations they render are rendered concurrently —
 * a renderer is a process of its own, while the pipeline that reads its output is synchronous — into the process's
 * renderings (kustomize.ts), where each target's loadState then finds them made. Only what the pipeline renders
 * itself (state-kustomizations.ts renderKustomizations): a kustomization target's folder in each state, its origins
 * recorded, when its kustomizations are valid and name nothing remote; within the run's render cap (caps.renders) and
 * time budget (caps.runSeconds). Nothing is counted or reported here: the pipeline counts each render it asks for,
 * reports a failed one from the rendering kept, and runs again one that timed out or was stopped. Everything the
 * pipeline renders besides (charts, Argo CD and Flux sources) it renders itself, one by one, as before.
 */
import { availableParallelism } from 'node:os';
import { timeIsUp } from '../common/deadline.js';
import type { Config } from './config.js';
import { recordOrigins } from './kustomize-origin.js';
import {
  Checkout,
  closure,
  findKustomizations,
  findKustomizeRenderer,
  renderAhead,
  renderingsRoom,
  type AheadJob,
} from './kustomize.js';
import type { RenderBudget } from './render-budget.js';
import { discoverTargets } from './targets.js';
import type { FileTree } from './tree.js';

/**
 * Renderers at once: one per core and one more, as a renderer waits on its files and its namespace's set-up part of
 * the time (the 40-target bench repository on 2 cores: see docs/performance.md).
 */
export const AHEAD_CONCURRENCY = availableParallelism() + 1;

/**
 * The kustomization targets among `keys` that the pipeline renders in this state with the kustomization as its own
 * target: valid, nothing remote, and none a base of another (their edited kustomization files are written into one
 * copy while the others render).
 */
export function aheadFolders(tree: FileTree, config: Config, keys: readonly string[]): string[] {
  const all = findKustomizations(tree);
  const wanted = new Set(keys);
  const roots = discoverTargets(tree, config)
    .filter((t) => t.kind === 'kustomization' && wanted.has(t.key))
    .flatMap((t) => all.filter((k) => k.dir === t.key));
  const parts = new Map(roots.map((k) => [k.dir, closure(k, all)]));
  return roots
    .filter((k) => {
      if (parts.get(k.dir)!.some((p) => p.invalid !== null || p.remote.length > 0)) return false;
      return !roots.some((o) => o !== k && parts.get(o.dir)!.some((p) => p.dir === k.dir));
    })
    .map((k) => k.dir);
}

/**
 * Renders ahead the kustomization targets `keys` of each state (see the module comment), in the order the pipeline asks
 * for them (target by target, head then base). `budget.renders` is the count the pipeline goes on from. Only when all
 * of them fit under caps.renders with it (and in the process's renderings): a run whose targets need more renders than
 * the cap leaves renders them one by one as before, so that the renders it refuses, and the renderers it starts, are
 * the same.
 */
export async function renderTargetsAhead(
  trees: readonly (FileTree | null)[],
  config: Config,
  keys: readonly string[],
  budget: RenderBudget,
  concurrency = AHEAD_CONCURRENCY,
): Promise<void> {
  const states = trees.flatMap((tree) =>
    tree ? [{ tree, dirs: new Set(aheadFolders(tree, config, keys)), checkout: null as Checkout | null }] : [],
  );
  const order = keys.flatMap((key) => states.filter((s) => s.dirs.has(key)).map((s) => ({ state: s, dir: key })));
  if (!order.length || (budget.renders?.count ?? 0) + order.length > config.caps.renders) return;
  if (order.length > renderingsRoom()) return;
  const renderer = findKustomizeRenderer();
  if (!renderer) return;
  const jobs: AheadJob[] = order.map(({ state, dir }) => ({
    checkout: (state.checkout ??= new Checkout(state.tree, state.tree.list())),
    dir,
    edit: recordOrigins,
  }));
  const start = (): boolean => !(budget.deadline && timeIsUp(budget.deadline));
  try {
    await renderAhead(jobs, renderer, config.renderTimeoutSeconds * 1000, concurrency, start);
  } finally {
    for (const s of states) s.checkout?.dispose();
  }
}
