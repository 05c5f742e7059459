/**
 * Pods whose NodeClaim's launch fails stay pending (karpenter pkg/controllers/provisioning/provisioner.go: the
 * NodeClaim is deleted, its pods are scheduled again in the next batch): the rounds retry them (rounds.ts
 * provisioningRounds); those the last round could not launch are errors with code `launch-failed`.
 */
import type { PodGroup, SchedulingError, SchedulingErrorCode } from './types.js';

/** The pods of a workload whose NodeClaims' launch failed in a round, and the error. */
export interface FailedLaunch {
  count: number;
  error: string;
}

/** The pods whose launch failed in the last round are pending with that error (code `launch-failed`). */
export function addLaunchFailures(
  errors: Map<string, SchedulingError>,
  failed: ReadonlyMap<string, FailedLaunch>,
): void {
  for (const [k, f] of failed) {
    const e = errors.get(k);
    const codes: SchedulingErrorCode[] = e?.codes.includes('launch-failed')
      ? e.codes
      : [...(e?.codes ?? []), 'launch-failed'];
    errors.set(k, { count: (e?.count ?? 0) + f.count, error: e?.error ?? f.error, codes });
  }
}

/**
 * The pods of NodeClaims whose launch failed, as groups to schedule again (each workload's first group: a StatefulSet's
 * later volume segments are retried with its first segment's pod).
 */
export function retried(
  failed: ReadonlyMap<string, { count: number }>,
  podOf: ReadonlyMap<string, PodGroup>,
): PodGroup[] {
  return [...failed].flatMap(([key, f]) => {
    const g = podOf.get(key);
    return g ? [{ ...g, count: f.count }] : [];
  });
}
