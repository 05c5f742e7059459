/**
 * Kubernetes resource quantities (`resource.Quantity`), as Karpenter reads them in NodePool limits, pod requests and
 * instance-type capacity (karpenter pkg/utils/resources/resources.go, pkg/apis/v1/nodepool.go Limits).
 *
 * Representation used across the model: `cpu` in millicores, every other resource in its
 * base unit (bytes for memory and storage, a count for pods and extended resources).
 * Fractions are rounded up, as `Quantity.Value()` / `MilliValue()` do.
 */

export type ResourceList = Record<string, number>;

const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

const QUANTITY_RE = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/;

/** Parses a quantity string (or number) into a plain number of base units; null when invalid. */
export function parseQuantity(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const s = input.trim();
  const m = QUANTITY_RE.exec(s);
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  if (m[2]) return n * 10 ** Number(m[2].slice(1));
  const suffix = m[3] ?? '';
  const mult = BINARY[suffix] ?? DECIMAL[suffix];
  return n * mult;
}

/** Converts a quantity for resource `name` into the model's unit (millicores for cpu). */
export function toModelUnits(name: string, input: unknown): number | null {
  const v = parseQuantity(input);
  if (v === null) return null;
  if (name === 'cpu') return Math.ceil(Math.round(v * 1e6) / 1e3);
  return Math.ceil(Math.round(v * 1e3) / 1e3);
}

/** Parses a ResourceList; invalid entries are reported through `onError` and skipped. */
export function parseResourceList(input: unknown, onError?: (key: string, value: unknown) => void): ResourceList {
  const out: ResourceList = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    const q = toModelUnits(k, v);
    if (q === null) onError?.(k, v);
    else out[k] = q;
  }
  return out;
}

export function addResources(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * `resources.Subtract(lhs, rhs)` (karpenter pkg/utils/resources/resources.go): lhs − rhs over the keys of lhs only
 * (a resource lhs does not list stays absent).
 */
export function subtractResources(lhs: ResourceList, rhs: ResourceList): ResourceList {
  const out: ResourceList = { ...lhs };
  for (const k in lhs) if (k in rhs) out[k] = lhs[k] - rhs[k];
  return out;
}

/**
 * `resources.Fits(candidate, total)` (karpenter pkg/utils/resources/resources.go): false if any value of `total`
 * is negative; otherwise every candidate resource must be ≤ total (a missing total counts as 0).
 */
export function fits(candidate: ResourceList, total: ResourceList): boolean {
  for (const k in total) if (total[k] < 0) return false;
  for (const k in candidate) {
    if (candidate[k] > (total[k] ?? 0)) return false;
  }
  return true;
}
