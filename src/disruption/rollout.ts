/**
 * The rollout of drift replacements under a NodePool's budgets (karpenter pkg/controllers/disruption/drift.go,
 * helpers.go, queue.go): at most `allowed` nodes disrupting at once, recomputed as counts change; each command launches
 * the replacement, waits for it to initialise, then drains the old node. While a replacement is initialised and the old
 * node not yet gone, both count (so a percentage budget can briefly rise). Empty drifted nodes go first. Schedule
 * windows are honoured over a horizon.
 */
import { activeWindows } from './budget-cron.js';
import { allowedDisruptions, bindingBudget, budgetsLimit, MAX_INT32, type CompiledBudget } from './budgets.js';

export interface RolloutInput {
  budgets: CompiledBudget[];
  /** Initialized, managed nodes of the pool (the budget's numNodes, helpers.go BuildDisruptionBudgetMapping). */
  nodes: number;
  /** Nodes already NotReady or deleting (subtracted, helpers.go BuildDisruptionBudgetMapping). */
  disrupting: number;
  /** Drifted nodes to replace (non-empty ones first… order does not change timing here). */
  drifted: number;
  /** Drifted nodes with no pods: deleted without a replacement. */
  empty: number;
  start: number;
  minutesPerReplacement: number;
  minutesToInitialize: number;
  horizonMinutes: number;
  slowAfterMinutes: number;
}

export interface Wave {
  start: number;
  end: number;
  nodes: number;
  /** The index of the budget in force when the wave starts (the one that allows it); null when none limits. */
  budget: number | null;
}

export interface RolloutEstimate {
  /** Allowed now (null = unlimited). */
  allowedNow: number | null;
  waves: Wave[];
  /** Minutes from start until the last replacement finishes (null when blocked). */
  minutes: number | null;
  completedAt: number | null;
  replaced: number;
  verdict: 'ok' | 'slow' | 'blocked' | 'unlimited' | 'none';
  /** Why the verdict is what it is. */
  note: string | null;
}

const MIN = 60_000;

/** The schedule windows of the budgets over the horizon. */
interface BudgetWindows {
  /** Whether a budget is in force at a time (a budget without a schedule always is). */
  activeAt: (b: CompiledBudget, t: number) => boolean;
  /** Time points where a budget window opens or closes, in order. */
  boundaries: number[];
}

/** The active windows of each scheduled budget over the horizon, for O(log n) activity checks. */
function budgetWindows(budgets: readonly CompiledBudget[], start: number, end: number): BudgetWindows {
  const windows = new Map<CompiledBudget, [number, number][]>();
  for (const b of budgets) if (b.schedule) windows.set(b, activeWindows(b.schedule, b.durationMs, start, end));
  const activeAt = (b: CompiledBudget, t: number): boolean => {
    const ws = windows.get(b);
    if (!ws) return true;
    let lo = 0,
      hi = ws.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ws[mid][1] <= t) lo = mid + 1;
      else if (ws[mid][0] > t) hi = mid - 1;
      else return true;
    }
    return false;
  };
  const boundaries: number[] = [];
  for (const ws of windows.values()) for (const [s, e] of ws) boundaries.push(s, e);
  boundaries.sort((a, b) => a - b);
  return { activeAt, boundaries };
}

/**
 * One disruption command (queue.go): launched at `start`, its replacement initialised at `init`, the old node gone at
 * `done`; an empty node is deleted without a replacement.
 */
interface Command {
  start: number;
  init: number;
  done: number;
  empty: boolean;
}

/** The rollout as it runs: the commands in flight, the waves launched and the nodes still to disrupt. */
interface RolloutProgress {
  running: Command[];
  waves: Wave[];
  remaining: number;
  emptyLeft: number;
  finished: number;
  lastDone: number;
}

/** Retires the commands finished at `t`. */
function retireFinished(p: RolloutProgress, t: number): void {
  for (let i = p.running.length - 1; i >= 0; i--)
    if (p.running[i].done <= t) {
      p.lastDone = Math.max(p.lastDone, p.running[i].done);
      p.running.splice(i, 1);
      p.finished++;
    }
}

/** Launches as many commands at `t` as the budgets allow (empty nodes first); returns how many. */
function launchCommands(p: RolloutProgress, r: RolloutInput, t: number, allowed: number): number {
  let started = 0;
  while (p.remaining > 0 && started < allowed) {
    const empty = p.emptyLeft > 0;
    if (empty) p.emptyLeft--;
    p.running.push({
      start: t,
      init: empty ? t : t + r.minutesToInitialize * MIN,
      done: t + (empty ? 1 : r.minutesPerReplacement) * MIN,
      empty,
    });
    p.remaining--;
    started++;
    if (allowed >= MAX_INT32 && p.remaining === 0) break;
  }
  return started;
}

/** Adds the commands launched at `t` to the wave launched at `t`, or starts a wave under the budget in force. */
function recordWave(waves: Wave[], t: number, started: number, budget: () => number | null): void {
  const last = waves[waves.length - 1];
  if (last && last.start === t) last.nodes += started;
  else waves.push({ start: t, end: t, nodes: started, budget: budget() });
}

/** The next event after `t`: a command finishing or initialising, or a budget window boundary (Infinity: none). */
function nextEvent(running: readonly Command[], boundaries: readonly number[], t: number): number {
  const candidates = [
    ...running.map((c) => c.done),
    ...running.filter((c) => c.init > t).map((c) => c.init),
    ...boundaries.filter((b) => b > t),
  ];
  return candidates.length ? Math.min(...candidates) : Infinity;
}

/** Why a rollout does not finish inside the horizon. */
function blockedNote(r: RolloutInput, p: RolloutProgress): string {
  const errored = r.budgets.find((b) => b.error);
  if (errored)
    return `budget ${errored.index + 1} is invalid (${errored.error}): every disruption of this NodePool is blocked`;
  if (p.waves.length === 0) return 'the budgets never allow a Drifted disruption inside the horizon';
  return `only ${p.finished} of ${r.drifted} nodes are replaced inside the ${Math.round(r.horizonMinutes / 1440)}-day horizon`;
}

export function estimateRollout(r: RolloutInput): RolloutEstimate {
  const end = r.start + r.horizonMinutes * MIN;
  const { activeAt, boundaries } = budgetWindows(r.budgets, r.start, end);
  const allowedAt = (t: number, numNodes: number, disrupting: number) =>
    allowedDisruptions(r.budgets, numNodes, disrupting, 'Drifted', t, activeAt);
  const allowedNow = allowedAt(r.start, r.nodes, r.disrupting);
  if (r.drifted === 0)
    return {
      allowedNow: allowedNow >= MAX_INT32 ? null : allowedNow,
      waves: [],
      minutes: 0,
      completedAt: r.start,
      replaced: 0,
      verdict: 'none',
      note: null,
    };
  const unlimited = !budgetsLimit(r.budgets, 'Drifted');
  const p: RolloutProgress = {
    running: [],
    waves: [],
    remaining: r.drifted,
    emptyLeft: Math.min(r.empty, r.drifted),
    finished: 0,
    lastDone: r.start,
  };
  let t = r.start;
  for (let guard = 0; guard < 1_000_000 && (p.remaining > 0 || p.running.length > 0); guard++) {
    retireFinished(p, t);
    // numNodes: steady count plus initialised replacements whose old node is still there.
    const initialised = p.running.filter((c) => !c.empty && c.init <= t).length;
    const numNodes = r.nodes + initialised;
    const disrupting = r.disrupting + p.running.length;
    const started = launchCommands(p, r, t, allowedAt(t, numNodes, disrupting));
    if (started > 0)
      recordWave(p.waves, t, started, () => bindingBudget(r.budgets, numNodes, 'Drifted', t, activeAt)?.index ?? null);
    if (p.remaining === 0 && p.running.length === 0) break;
    const next = nextEvent(p.running, boundaries, t);
    if (!Number.isFinite(next) || next > end) break;
    t = next;
  }
  for (const w of p.waves) w.end = w.start + r.minutesPerReplacement * MIN;
  const allowedNowOut = unlimited || allowedNow >= MAX_INT32 ? null : allowedNow;
  if (p.remaining > 0 || p.running.length > 0)
    return {
      allowedNow: allowedNowOut,
      waves: p.waves,
      minutes: null,
      completedAt: null,
      replaced: p.finished,
      verdict: 'blocked',
      note: blockedNote(r, p),
    };
  const minutes = (p.lastDone - r.start) / MIN;
  const verdict = unlimited ? 'unlimited' : minutes > r.slowAfterMinutes ? 'slow' : 'ok';
  const note = unlimited ? 'no budget limits the Drifted reason: every drifted node is disrupted at once' : null;
  return {
    allowedNow: allowedNowOut,
    waves: p.waves,
    minutes,
    completedAt: p.lastDone,
    replaced: p.finished,
    verdict,
    note,
  };
}
