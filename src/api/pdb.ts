/**
 * PodDisruptionBudget (policy/v1): the spec, and the allowed disruptions the disruption controller of
 * kube-controller-manager writes to its status (kubernetes pkg/controller/disruption/disruption.go getExpectedPodCount,
 * updatePdbStatus), which Karpenter reads (karpenter pkg/utils/pdb/pdb.go NewLimits).
 */
import { isObject } from '../common/fields.js';
import { parseLabelSelector, type LabelSelector } from './pod-constraints.js';

export interface PdbSpec {
  namespace: string;
  name: string;
  selector: LabelSelector | null;
  minAvailable?: number | string;
  maxUnavailable?: number | string;
  /** `status.disruptionsAllowed` when the object carries a status (a snapshot), else undefined. */
  statusAllowed?: number;
}

export function parsePdb(raw: Record<string, unknown>): PdbSpec | null {
  const meta = isObject(raw.metadata) ? raw.metadata : {};
  if (typeof meta.name !== 'string') return null;
  const spec = isObject(raw.spec) ? raw.spec : {};
  const status = isObject(raw.status) ? raw.status : {};
  const intOrString = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : undefined);
  const minAvailable = intOrString(spec.minAvailable);
  const maxUnavailable = intOrString(spec.maxUnavailable);
  return {
    namespace: typeof meta.namespace === 'string' ? meta.namespace : 'default',
    name: meta.name,
    // policy/v1: a null selector selects no pods, an empty one every pod of the namespace.
    selector: parseLabelSelector(spec.selector),
    ...(minAvailable !== undefined ? { minAvailable } : {}),
    ...(maxUnavailable !== undefined ? { maxUnavailable } : {}),
    ...(typeof status.disruptionsAllowed === 'number' ? { statusAllowed: status.disruptionsAllowed } : {}),
  };
}

/** intstr.GetScaledValueFromIntOrPercent. */
function scaled(v: number | string, total: number, roundUp: boolean): number {
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return Number(v) || 0;
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/**
 * status.disruptionsAllowed for `expected` pods (the controllers' scale) of which `healthy` are ready
 * (disruption.go: maxUnavailable and percentage minAvailable use the controllers' scale, an integer minAvailable the
 * matched pods' count; the result is never negative).
 */
export function disruptionsAllowed(pdb: PdbSpec, expected: number, healthy: number): number {
  let desired: number;
  if (pdb.maxUnavailable !== undefined) desired = Math.max(0, expected - scaled(pdb.maxUnavailable, expected, true));
  else if (typeof pdb.minAvailable === 'number') desired = pdb.minAvailable;
  else if (pdb.minAvailable !== undefined) desired = scaled(pdb.minAvailable, expected, true);
  else desired = 0; // neither set: the API server requires one; nothing to keep
  if (expected <= 0 || healthy - desired <= 0) return 0;
  return healthy - desired;
}
