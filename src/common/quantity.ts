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

const BINARY_EXP: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL_EXP: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const DECIMAL_SUFFIX: Record<number, string> = Object.fromEntries(Object.entries(DECIMAL_EXP).map(([s, e]) => [e, s]));
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** 10^n as a BigInt. */
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * A BinarySI value (unscaled × 10^exp10) as whole bytes over the largest power of 1024 that divides them
 * (quantity.go CanonicalizeBytes: AsScale(0) exact and |q| ≥ 1024, AsCanonicalBase1024Bytes); null when it is not.
 */
function binaryCanonical(unscaled: bigint, exp10: number): string | null {
  let n: bigint;
  if (exp10 >= 0) n = unscaled * pow10(exp10);
  else if (unscaled % pow10(-exp10) === 0n) n = unscaled / pow10(-exp10);
  else return null;
  if (n < 1024n) return null;
  let e = 0;
  while (n % 1024n === 0n && e < BINARY_SUFFIX.length - 1) {
    n /= 1024n;
    e++;
  }
  return `${n}${BINARY_SUFFIX[e]}`;
}

/**
 * The canonical string of a quantity, as `resource.Quantity.String()` gives it (k8s.io/apimachinery
 * pkg/api/resource/quantity.go CanonicalizeBytes): the format of the suffix (BinarySI for Ki…Ei, DecimalExponent for
 * e/E, DecimalSI otherwise); BinarySI as the largest power of 1024 that divides the value exactly, or DecimalSI when
 * the value is below 1024 or not a whole number; DecimalSI and DecimalExponent with the exponent a multiple of 3 and
 * no trailing zeros beyond it. Values are rounded up to nano units, as ParseQuantity does. Two quantities with the same
 * canonical string are the same value written in one format ("1024Gi" and "1Ti", "1000G" and "1T"); null when `input`
 * is not a quantity string.
 */
export function canonicalQuantity(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const m = QUANTITY_RE.exec(input.trim());
  if (!m) return null;
  const sign = m[1].startsWith('-') ? -1n : 1n;
  const [whole, frac = ''] = m[1].replace(/^[+-]/, '').split('.');
  // value = unscaled × 10^exp10 (a binary suffix multiplied into unscaled)
  let unscaled = BigInt((whole || '0') + frac);
  let exp10 = -frac.length;
  let format: 'BinarySI' | 'DecimalSI' | 'DecimalExponent' = 'DecimalSI';
  const suffix = m[3] ?? '';
  if (m[2]) {
    format = 'DecimalExponent';
    exp10 += Number(m[2].slice(1));
  } else if (suffix in BINARY_EXP) {
    format = 'BinarySI';
    unscaled *= 1024n ** BigInt(BINARY_EXP[suffix]);
  } else exp10 += DECIMAL_EXP[suffix];
  // Round up to nano units (ParseQuantity: amount.Round(amount, Nano, RoundUp)).
  if (exp10 < -9) {
    const div = pow10(-9 - exp10);
    unscaled = (unscaled + div - 1n) / div;
    exp10 = -9;
  }
  if (unscaled === 0n) return '0';
  if (format === 'BinarySI') {
    const binary = binaryCanonical(unscaled, exp10);
    if (binary !== null) return `${sign < 0n ? '-' : ''}${binary}`;
    format = 'DecimalSI';
  }
  // AsCanonicalBytes: strip factors of 10, then bring the exponent down to a multiple of 3.
  while (unscaled % 10n === 0n) {
    unscaled /= 10n;
    exp10++;
  }
  const extra = ((exp10 % 3) + 3) % 3;
  unscaled *= pow10(extra);
  exp10 -= extra;
  const number = `${sign < 0n ? '-' : ''}${unscaled}`;
  if (format === 'DecimalExponent') return exp10 === 0 ? number : `${number}e${exp10}`;
  const s = DECIMAL_SUFFIX[exp10];
  return s !== undefined ? `${number}${s}` : `${number}e${exp10}`;
}
