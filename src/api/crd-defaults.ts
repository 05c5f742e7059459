/** The CRD defaults of Karpenter's kinds, filled into a manifest (for comparisons that must not see spelled-out defaults). */
import { isObject } from '../common/fields.js';
import { withEC2NodeClassDefaults } from './ec2nodeclass.js';
import { withNodePoolDefaults } from './nodepool.js';

export function withDefaults(kind: string, raw: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'NodePool') return withNodePoolDefaults(raw);
  if (kind === 'EC2NodeClass') return { ...raw, spec: withEC2NodeClassDefaults(isObject(raw.spec) ? raw.spec : {}) };
  return raw;
}
