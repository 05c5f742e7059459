/** Go-style durations as used by Karpenter's API (karpenter pkg/apis/v1/nodepool.go patterns). */

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000 };

/** Parses `1h30m`, `720h`, `45s` (h/m/s units only, as the CRD patterns allow). */
export function parseDurationMs(s: string): number | null {
  if (!/^([0-9]+(h|m|s))+$/.test(s)) return null;
  let total = 0;
  for (const m of s.matchAll(/([0-9]+)(h|m|s)/g)) total += Number(m[1]) * UNIT_MS[m[2]];
  return total;
}

/** NodePool `expireAfter` / `consolidateAfter`: a duration or `Never` (null = Never). */
export const NILLABLE_DURATION = /^(([0-9]+(s|m|h))+|Never)$/;
/** `terminationGracePeriod`: no `Never`. */
export const DURATION = /^([0-9]+(s|m|h))+$/;
/** Budget `duration`: minutes/hours only (karpenter pkg/apis/v1/nodepool.go Budget.Duration). */
export const BUDGET_DURATION = /^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$/;

const GO_UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's time.ParseDuration (`1.5h`, `2h45m`, `300ms`, `-1m`), in milliseconds; null when Go would fail. */
export function parseGoDurationMs(s: string): number | null {
  const m = /^([+-]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(s);
  if (!m) return null;
  if (m[2] === '0') return 0;
  let total = 0;
  for (const x of m[2].matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(x[1]) * GO_UNIT_MS[x[2]];
  return m[1] === '-' ? -total : total;
}
