/**
 * The Kubernetes NodeSelectorRequirement as NodePools, NodeOverlays and pods write it
 * (k8s.io/api/core/v1 NodeSelectorRequirement), with Karpenter's `minValues`
 * (karpenter pkg/apis/v1/nodepool.go NodeSelectorRequirementWithMinValues). Operators are
 * Kubernetes' six plus Karpenter's Gte and Lte.
 */
export const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'Gte', 'Lte'] as const;
export type Operator = (typeof OPERATORS)[number];

/** The YAML form: a NodeSelectorRequirement, optionally with Karpenter's minValues. */
export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
  minValues?: number;
}
