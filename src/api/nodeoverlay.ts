/** NodeOverlay (karpenter.sh/v1alpha1): spec and validation, karpenter pkg/apis/v1alpha1/nodeoverlay.go, nodeoverlay_validation.go. */
import type { Finding, SourceRef } from '../common/findings.js';
import { parseResourceList, type ResourceList } from '../common/quantity.js';
import type { NodeSelectorRequirement } from './nodeselector.js';
import { objectHeader, readRequirements } from './validation.js';
import { checkSchemaBounds } from './crd-rules.js';

export const NODEOVERLAY_API_VERSION = 'karpenter.sh/v1alpha1';

export interface NodeOverlay {
  kind: 'NodeOverlay';
  name: string;
  /** 1..10000; unset = 0 (nodeoverlay.go NodeOverlaySpec.Weight). */
  weight: number;
  requirements: NodeSelectorRequirement[];
  priceAdjustment?: string;
  price?: string;
  capacity: ResourceList;
  /** Runtime validation failed: the overlay is skipped (karpenter pkg/controllers/nodeoverlay/controller.go Reconcile). */
  invalid: boolean;
  raw: Record<string, unknown>;
  source: SourceRef;
}

/** `priceAdjustment` pattern (nodeoverlay.go:72). */
export const PRICE_ADJUSTMENT = /^(([+-]{1}(\d*\.?\d+))|(\+{1}\d*\.?\d+%)|(^(-\d{1,2}(\.\d+)?%)$)|(-100%))$/;
/** `price` pattern (nodeoverlay.go:77). */
export const PRICE = /^\d+(\.\d+)?$/;
const WELL_KNOWN_RESOURCES = ['cpu', 'memory', 'ephemeral-storage', 'pods'];

export function parseNodeOverlay(
  raw: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): NodeOverlay | null {
  const before = findings.length;
  const header = objectHeader('NodeOverlay', raw, source, findings);
  if (!header) return null;
  const { name, spec, sink } = header;
  if (spec.requirements === undefined) sink.error('spec.requirements is required', ['spec']);
  const requirements = readRequirements(spec.requirements, sink, ['spec', 'requirements'], 'overlay');
  let weight = 0;
  if (spec.weight !== undefined && spec.weight !== null) {
    if (typeof spec.weight !== 'number' || !Number.isInteger(spec.weight))
      sink.error('spec.weight must be an integer', ['spec', 'weight']);
    else {
      if (spec.weight < 1 || spec.weight > 10000)
        sink.error(`spec.weight must be between 1 and 10000, got ${spec.weight}`, ['spec', 'weight']);
      weight = spec.weight;
    }
  }
  let priceAdjustment: string | undefined;
  if (spec.priceAdjustment !== undefined && spec.priceAdjustment !== null) {
    const v = spec.priceAdjustment;
    if (typeof v !== 'string')
      sink.error(`spec.priceAdjustment must be a string with a sign, like "+20%" (quote it)`, [
        'spec',
        'priceAdjustment',
      ]);
    else if (!PRICE_ADJUSTMENT.test(v)) {
      sink.error(
        `spec.priceAdjustment "${v}" is invalid: it needs a sign (+20%, -0.5, +1.25); negative percentages must be above -100% or exactly -100%`,
        ['spec', 'priceAdjustment'],
      );
    } else priceAdjustment = v;
  }
  let price: string | undefined;
  if (spec.price !== undefined && spec.price !== null) {
    const v = spec.price;
    if (typeof v !== 'string' || !PRICE.test(v))
      sink.error(`spec.price ${JSON.stringify(v)} is invalid: an unsigned decimal string like "0.42"`, [
        'spec',
        'price',
      ]);
    else price = v;
  }
  if (spec.price !== undefined && spec.priceAdjustment !== undefined) {
    sink.error("cannot set both 'price' and 'priceAdjustment'", ['spec', 'price']);
  }
  const capacity = parseResourceList(spec.capacity, (k, v) =>
    sink.error(`spec.capacity.${k}: ${JSON.stringify(v)} is not a valid quantity`, ['spec', 'capacity', k]),
  );
  for (const k of Object.keys(capacity)) {
    if (WELL_KNOWN_RESOURCES.includes(k))
      sink.error(`spec.capacity cannot set ${k} (only extended resources)`, ['spec', 'capacity', k]);
  }
  checkSchemaBounds('NodeOverlay', raw, sink);
  return {
    kind: 'NodeOverlay',
    name,
    weight,
    requirements,
    ...(priceAdjustment !== undefined ? { priceAdjustment } : {}),
    ...(price !== undefined ? { price } : {}),
    capacity,
    invalid: findings.length > before,
    raw,
    source,
  };
}
