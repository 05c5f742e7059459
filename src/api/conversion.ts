/**
 * v1beta1 → v1 conversion of NodePools and EC2NodeClasses, as Karpenter v1.0's conversion webhooks converted stored
 * objects (karpenter pkg/apis/v1/nodepool_conversion.go NodePool.ConvertFrom, NodePoolSpec.convertFrom,
 * Disruption.convertFrom, NodeClaimTemplate.convertFrom; karpenter-provider-aws pkg/apis/v1/ec2nodeclass_conversion.go
 * EC2NodeClass.ConvertFrom, EC2NodeClassSpec.convertFrom — both removed after v1.0). Karpenter v1.x no longer serves
 * v1beta1, so such a manifest is an error; converting it lets a migration pull request be compared with what the
 * cluster runs: the same pool, drift computed against the converted base.
 *
 * The converted object keeps its original `apiVersion`, so that the comparison shows the migration as a change.
 */
import { isObject } from '../common/fields.js';
import { assumption, type Assumption } from '../common/assumptions.js';

export const V1BETA1 = { NodePool: 'karpenter.sh/v1beta1', EC2NodeClass: 'karpenter.k8s.aws/v1beta1' } as const;

export interface Conversion {
  raw: Record<string, unknown>;
  /** What the conversion could not carry into the model (for the report's assumptions). */
  notes: Assumption[];
  /** A v1beta1 NodePool's `spec.template.spec.kubelet`, which v1 moved to the EC2NodeClass (see withKubelet). */
  kubelet?: Record<string, unknown>;
}

const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

export function convertNodePool(raw: Record<string, unknown>): Conversion {
  const notes: Assumption[] = [];
  const spec = obj(raw.spec);
  const disruption = obj(spec.disruption);
  const template = obj(spec.template);
  const tspec = obj(template.spec);
  // v1beta1 defaults (CRD): consolidationPolicy WhenUnderutilized, expireAfter 720h.
  const policy =
    typeof disruption.consolidationPolicy === 'string' ? disruption.consolidationPolicy : 'WhenUnderutilized';
  const underutilized = policy === 'WhenUnderutilized';
  // Disruption.convertFrom: WhenUnderutilized becomes WhenEmptyOrUnderutilized with consolidateAfter 0s. The v1 CRD
  // requires consolidateAfter in a written disruption block (its default applies only to a missing block), so it is
  // kept, as the webhook writes it; expireAfter equal to the v1 default (720h) is left out, as a v1 manifest relying on
  // the default leaves it out: the comparison then shows only real changes.
  const after = underutilized ? '0s' : (disruption.consolidateAfter ?? '0s');
  const outDisruption: Record<string, unknown> = {
    consolidationPolicy: underutilized ? 'WhenEmptyOrUnderutilized' : policy,
    consolidateAfter: after,
  };
  if (Array.isArray(disruption.budgets))
    outDisruption.budgets = disruption.budgets.map((b) => {
      const x = obj(b);
      return {
        nodes: x.nodes,
        ...(x.schedule !== undefined ? { schedule: x.schedule } : {}),
        ...(x.duration !== undefined ? { duration: x.duration } : {}),
      };
    });
  const ref = obj(tspec.nodeClassRef);
  const apiVersion = typeof ref.apiVersion === 'string' && ref.apiVersion ? ref.apiVersion : 'karpenter.k8s.aws/v1';
  const outTemplateSpec: Record<string, unknown> = {
    ...(tspec.taints !== undefined ? { taints: tspec.taints } : {}),
    ...(tspec.startupTaints !== undefined ? { startupTaints: tspec.startupTaints } : {}),
    requirements: tspec.requirements ?? [],
    // NodeClaimTemplate.convertFrom: group from the reference's apiVersion, kind EC2NodeClass by default.
    nodeClassRef: {
      group: apiVersion.split('/')[0],
      kind: typeof ref.kind === 'string' && ref.kind ? ref.kind : 'EC2NodeClass',
      name: ref.name,
    },
  };
  // NodePoolSpec.convertFrom: expireAfter moves from spec.disruption into the template.
  const expireAfter = disruption.expireAfter ?? '720h';
  if (expireAfter !== '720h') outTemplateSpec.expireAfter = expireAfter;
  const out: Record<string, unknown> = {
    apiVersion: raw.apiVersion,
    kind: 'NodePool',
    metadata: raw.metadata,
    spec: {
      ...(spec.weight !== undefined ? { weight: spec.weight } : {}),
      ...(spec.limits !== undefined ? { limits: spec.limits } : {}),
      disruption: outDisruption,
      template: {
        ...(template.metadata !== undefined ? { metadata: template.metadata } : {}),
        spec: outTemplateSpec,
      },
    },
  };
  return { raw: out, notes, ...(isObject(tspec.kubelet) ? { kubelet: tspec.kubelet } : {}) };
}

/**
 * v1 moved `kubelet` from the NodePool to the EC2NodeClass. Karpenter kept a converted NodePool's kubelet in the
 * `compatibility.karpenter.sh/v1beta1-kubelet-conversion` annotation and used it for that pool's nodes, so moving it to
 * the EC2NodeClass migrates without drift (Karpenter v1.0 upgrade guide) — unless NodePools sharing the class had
 * different kubelets. The converted EC2NodeClass gets its pools' kubelet when they agree; returns the class unchanged
 * (and a note) when they differ.
 */
export function withKubelet(
  classRaw: Record<string, unknown>,
  kubelets: Record<string, unknown>[],
): { raw: Record<string, unknown>; note: Assumption | null } {
  const spec = obj(classRaw.spec);
  if (!kubelets.length || spec.kubelet !== undefined) return { raw: classRaw, note: null };
  const distinct = new Set(kubelets.map((k) => JSON.stringify(k)));
  const name = String(obj(classRaw.metadata).name ?? '?');
  if (distinct.size > 1)
    return {
      raw: classRaw,
      note: assumption('v1beta1-kubelets-differ', { nodeClass: name }),
    };
  return { raw: { ...classRaw, spec: { ...spec, kubelet: kubelets[0] } }, note: null };
}

const ALIAS_FAMILIES = ['AL2', 'AL2023', 'Bottlerocket', 'Windows2019', 'Windows2022'];

export function convertEC2NodeClass(raw: Record<string, unknown>): Conversion {
  const notes: Assumption[] = [];
  const spec = { ...obj(raw.spec) };
  const name = String(obj(raw.metadata).name ?? '?');
  const family = typeof spec.amiFamily === 'string' ? spec.amiFamily : undefined;
  const terms = Array.isArray(spec.amiSelectorTerms) ? spec.amiSelectorTerms : [];
  if (family && ALIAS_FAMILIES.includes(family)) {
    // No amiSelectorTerms: an alias `<family>@latest` replaces amiFamily; otherwise both carry over.
    if (!terms.length) {
      delete spec.amiFamily;
      spec.amiSelectorTerms = [{ alias: `${family.toLowerCase()}@latest` }];
    }
  } else if (family === 'Ubuntu') {
    // Ubuntu bootstraps as AL2 in v1; without terms the class is marked incompatible and ignored.
    spec.amiFamily = 'AL2';
    if (!terms.length) {
      spec.amiSelectorTerms = [{ id: 'ami-placeholder' }];
      notes.push(assumption('v1beta1-ubuntu-class', { nodeClass: name }));
    }
  } else spec.amiFamily = 'Custom';
  return { raw: { apiVersion: raw.apiVersion, kind: 'EC2NodeClass', metadata: raw.metadata, spec }, notes };
}
