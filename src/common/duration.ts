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
