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

export function estimateRollout(r: RolloutInput): RolloutEstimate {
  const total = r.drifted;
  const end = r.start + r.horizonMinutes * MIN;
  // Active windows of each scheduled budget over the horizon, for O(log n) activity checks.
  const windows = new Map<CompiledBudget, [number, number][]>();
  for (const b of r.budgets) if (b.schedule) windows.set(b, activeWindows(b.schedule, b.durationMs, r.start, end));
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
  const allowedAt = (t: number, numNodes: number, disrupting: number) =>
    allowedDisruptions(r.budgets, numNodes, disrupting, 'Drifted', t, activeAt);
  const allowedNow = allowedAt(r.start, r.nodes, r.disrupting);
  if (total === 0)
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
  const errored = r.budgets.find((b) => b.error);
  // Time points where a budget window opens or closes.
  const boundaries: number[] = [];
  for (const ws of windows.values()) for (const [s, e] of ws) boundaries.push(s, e);
  boundaries.sort((a, b) => a - b);

  interface Cmd {
    start: number;
    init: number;
    done: number;
    empty: boolean;
  }
  const running: Cmd[] = [];
  const waves: Wave[] = [];
  let remaining = total;
  let emptyLeft = Math.min(r.empty, total);
  let t = r.start;
  let finished = 0;
  let lastDone = r.start;
  for (let guard = 0; guard < 1_000_000 && (remaining > 0 || running.length > 0); guard++) {
    // Retire finished commands.
    for (let i = running.length - 1; i >= 0; i--)
      if (running[i].done <= t) {
        lastDone = Math.max(lastDone, running[i].done);
        running.splice(i, 1);
        finished++;
      }
    // numNodes: steady count plus initialised replacements whose old node is still there.
    const initialised = running.filter((c) => !c.empty && c.init <= t).length;
    const numNodes = r.nodes + initialised;
    const disrupting = r.disrupting + running.length;
    const allowed = allowedAt(t, numNodes, disrupting);
    let started = 0;
    while (remaining > 0 && started < allowed) {
      const empty = emptyLeft > 0;
      if (empty) emptyLeft--;
      running.push({
        start: t,
        init: empty ? t : t + r.minutesToInitialize * MIN,
        done: t + (empty ? 1 : r.minutesPerReplacement) * MIN,
        empty,
      });
      remaining--;
      started++;
      if (allowed >= MAX_INT32 && remaining === 0) break;
    }
    if (started > 0) {
      const last = waves[waves.length - 1];
      if (last && last.start === t) last.nodes += started;
      else
        waves.push({
          start: t,
          end: t,
          nodes: started,
          budget: bindingBudget(r.budgets, numNodes, 'Drifted', t, activeAt)?.index ?? null,
        });
    }
    if (remaining === 0 && running.length === 0) break;
    // Next event: a command finishing or initialising, or a budget window boundary.
    const candidates = [
      ...running.map((c) => c.done),
      ...running.filter((c) => c.init > t).map((c) => c.init),
      ...boundaries.filter((b) => b > t),
    ];
    const next = candidates.length ? Math.min(...candidates) : Infinity;
    if (!Number.isFinite(next) || next > end) break;
    t = next;
  }
  for (const w of waves) w.end = w.start + r.minutesPerReplacement * MIN;
  const allowedNowOut = unlimited || allowedNow >= MAX_INT32 ? null : allowedNow;
  if (remaining > 0 || running.length > 0) {
    const note = errored
      ? `budget ${errored.index + 1} is invalid (${errored.error}): every disruption of this NodePool is blocked`
      : waves.length === 0
        ? 'the budgets never allow a Drifted disruption inside the horizon'
        : `only ${finished} of ${total} nodes are replaced inside the ${Math.round(r.horizonMinutes / 1440)}-day horizon`;
    return {
      allowedNow: allowedNowOut,
      waves,
      minutes: null,
      completedAt: null,
      replaced: finished,
      verdict: 'blocked',
      note,
    };
  }
  const minutes = (lastDone - r.start) / MIN;
  const verdict = unlimited ? 'unlimited' : minutes > r.slowAfterMinutes ? 'slow' : 'ok';
  const note = unlimited ? 'no budget limits the Drifted reason: every drifted node is disrupted at once' : null;
  return { allowedNow: allowedNowOut, waves, minutes, completedAt: lastDone, replaced: finished, verdict, note };
}
