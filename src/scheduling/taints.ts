/**
 * Taints and tolerations (karpenter pkg/scheduling/taints.go Taints.Tolerates): every taint must be tolerated,
 * including PreferNoSchedule (softened only by relaxation step 6,
 * pkg/controllers/provisioning/scheduling/preferences.go Relax). Matching follows Kubernetes'
 * `Toleration.ToleratesTaint`, with numeric Gt/Lt operators.
 */
import type { Taint } from '../api/validation.js';
import type { Toleration } from '../api/workload.js';

export function tolerates(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  const op = t.operator ?? 'Equal';
  if (!t.key) return op === 'Exists';
  if (t.key !== taint.key) return false;
  switch (op) {
    case 'Exists':
      return true;
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '');
    case 'Gt':
    case 'Lt': {
      const a = Number(taint.value),
        b = Number(t.value);
      if (!Number.isInteger(a) || !Number.isInteger(b)) return false;
      return op === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** Returns the first taint not tolerated, or null. */
export function untolerated(taints: readonly Taint[], tolerations: readonly Toleration[]): Taint | null {
  for (const taint of taints) {
    if (!tolerations.some((t) => tolerates(t, taint))) return taint;
  }
  return null;
}
