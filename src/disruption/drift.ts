/**
 * Drift of each NodeClaim under the head state (karpenter pkg/controllers/nodeclaim/disruption/drift.go isDrifted):
 * first non-empty of NodePoolDrifted (static template hash, areStaticFieldsDrifted), RequirementsDrifted (NodeClaim
 * labels vs the head NodePool's requirements, strict, areRequirementsDrifted), then the provider's NodeClassDrifted
 * (EC2NodeClass hash fields, AMI, karpenter-provider-aws pkg/cloudprovider/drift.go isNodeClassDrifted). A NodePool
 * deleted in head → its nodes are deleted by garbage collection without budgets (ownerReference from karpenter
 * pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go ToNodeClaim). Nodes being deleted are not evaluated
 * (nodeclaim/disruption/controller.go Reconcile).
 *
 * The field-by-field comparison of base and head is the evidence: it names *why* a node drifts.
 */
import { withEC2NodeClassDefaults, type EC2NodeClass } from '../api/ec2nodeclass.js';
import type { Fleet, FleetNode } from './fleet.js';
import { labelInWords } from '../api/labels.js';
import { parseDurationMs } from '../common/duration.js';
import type { NodePool } from '../api/nodepool.js';
import { Requirements } from '../scheduling/requirements.js';
import type { Taint } from '../api/validation.js';
import { isObject } from '../common/fields.js';
import { canonicalQuantity } from '../common/quantity.js';

export type DriftReason = 'NodePoolDrifted' | 'RequirementsDrifted' | 'NodeClassDrifted' | 'NodePoolRemoved';

export interface NodeDrift {
  node: FleetNode;
  reason: DriftReason | null;
  /** Field paths or requirement texts that explain the reason. */
  because: string[];
  /** Drifted under base already (requirements): not this change's doing. */
  preexisting?: boolean;
}

export interface PoolDrift {
  name: string;
  /** Static template fields that changed (spec.template...), with the NodePool hash version guard. */
  staticFields: string[];
  /** EC2NodeClass hash fields that changed. */
  nodeClassFields: string[];
  /** AMI drift (not hash-guarded). */
  amiFields: string[];
  /** Changes that drift nodes when the selector resolves differently (AMI, subnets, security groups, reservations). */
  potential: string[];
  nodes: NodeDrift[];
}

export const NODEPOOL_HASH_VERSION = 'v3';
export const EC2NODECLASS_HASH_VERSION = 'v6';

/** Whether static drift by hash can apply to the node, from its `<prefix>` and `<prefix>-version` annotations. */
function hashGuard(node: FleetNode, prefix: string, current: string): boolean {
  const hash = node.annotations[prefix];
  const version = node.annotations[`${prefix}-version`];
  if (version !== undefined) return version === current && hash !== undefined;
  return hash === undefined;
}

const NEVER = 'Never';

/** Canonical form of the hashed template fields (karpenter pkg/apis/v1/nodepool.go NodePool.Hash): taint lists as sets, durations by value. */
function taintSet(ts: Taint[]): string[] {
  return ts.map((t) => `${t.key}=${t.value ?? ''}:${t.effect}`).sort();
}

function durationValue(s: string | undefined): number | string | null {
  if (s === undefined) return null;
  if (s === NEVER) return NEVER;
  return parseDurationMs(s) ?? s;
}

/** Hashed NodePool template fields that differ between base and head (nodepool.go NodePool.Hash), as spec paths. */
export function staticTemplateChanges(a: NodePool, b: NodePool): string[] {
  const out: string[] = [];
  const eq = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const mapEq = (x: Record<string, string>, xp: boolean, y: Record<string, string>, yp: boolean) =>
    xp === yp && eq(Object.entries(x).sort(), Object.entries(y).sort());
  if (!mapEq(a.labels, a.labelsPresent, b.labels, b.labelsPresent)) out.push('spec.template.metadata.labels');
  if (!mapEq(a.annotations, a.annotationsPresent, b.annotations, b.annotationsPresent))
    out.push('spec.template.metadata.annotations');
  if (!eq(taintSet(a.taints), taintSet(b.taints))) out.push('spec.template.spec.taints');
  if (!eq(taintSet(a.startupTaints), taintSet(b.startupTaints))) out.push('spec.template.spec.startupTaints');
  if (!eq(a.nodeClassRef, b.nodeClassRef)) out.push('spec.template.spec.nodeClassRef');
  if (durationValue(a.terminationGracePeriod) !== durationValue(b.terminationGracePeriod))
    out.push('spec.template.spec.terminationGracePeriod');
  if (durationValue(a.expireAfter) !== durationValue(b.expireAfter)) out.push('spec.template.spec.expireAfter');
  return out;
}

/** EC2NodeClass fields outside the static hash (karpenter-provider-aws pkg/apis/v1/ec2nodeclass.go `hash:"ignore"`). */
const NODECLASS_HASH_IGNORED = new Set([
  'subnetSelectorTerms',
  'securityGroupSelectorTerms',
  'capacityReservationSelectorTerms',
  'ipPrefixCount',
  'amiSelectorTerms',
  'amiFamily',
]);

function canonical(v: unknown): unknown {
  // SlicesAsSets: list order does not matter.
  if (Array.isArray(v))
    return v
      .map(canonical)
      .map((x) => JSON.stringify(x))
      .sort();
  if (isObject(v))
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical(v[k])]),
    );
  return v;
}

/**
 * The spec with each `blockDeviceMappings[].ebs.volumeSize` in its canonical form: the field is a `*resource.Quantity`
 * tagged `hash:"string"` (karpenter-provider-aws pkg/apis/v1/ec2nodeclass.go BlockDevice.VolumeSize), so
 * hashstructure hashes `Quantity.String()`, the canonical form (mitchellh/hashstructure v2 hashstructure.go: a
 * `string`-tagged field is hashed through fmt.Stringer): `1024Gi` and `1Ti` hash alike, `20Gi` and `20G` do not.
 */
function withCanonicalQuantities(spec: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(spec.blockDeviceMappings)) return spec;
  return {
    ...spec,
    blockDeviceMappings: spec.blockDeviceMappings.map((b) =>
      isObject(b) && isObject(b.ebs) && canonicalQuantity(b.ebs.volumeSize) !== null
        ? { ...b, ebs: { ...b.ebs, volumeSize: canonicalQuantity(b.ebs.volumeSize) } }
        : b,
    ),
  };
}

export function nodeClassChanges(
  a: EC2NodeClass,
  b: EC2NodeClass,
): { certain: string[]; ami: string[]; potential: string[] } {
  const certain: string[] = [];
  // AMI drift is decided from the images, not from the hash: the hash guards do not apply to it.
  const ami: string[] = [];
  const potential: string[] = [];
  const sa = withCanonicalQuantities(withEC2NodeClassDefaults(isObject(a.raw.spec) ? a.raw.spec : {}));
  const sb = withCanonicalQuantities(withEC2NodeClassDefaults(isObject(b.raw.spec) ? b.raw.spec : {}));
  for (const k of [...new Set([...Object.keys(sa), ...Object.keys(sb)])].sort()) {
    if (NODECLASS_HASH_IGNORED.has(k)) continue;
    if (JSON.stringify(canonical(sa[k])) !== JSON.stringify(canonical(sb[k]))) certain.push(`spec.${k}`);
  }
  if (a.amiFamily !== b.amiFamily) ami.push('spec.amiFamily (resolved AMI family)');
  const amiA = JSON.stringify(canonical(sa.amiSelectorTerms));
  const amiB = JSON.stringify(canonical(sb.amiSelectorTerms));
  if (amiA !== amiB) {
    // AMI drift (karpenter-provider-aws pkg/cloudprovider/drift.go isAMIDrifted): a different pinned alias resolves to
    // a different AMI for sure.
    const pinned = (alias: string | null) => !!alias && !alias.endsWith('@latest');
    if (pinned(a.amiAlias) && pinned(b.amiAlias) && a.amiAlias !== b.amiAlias)
      ami.push(`spec.amiSelectorTerms (AMI ${a.amiAlias} → ${b.amiAlias})`);
    else
      potential.push('spec.amiSelectorTerms: nodes drift (AMIDrift) when the new selector resolves to a different AMI');
  }
  for (const [k, what] of [
    ['subnetSelectorTerms', 'SubnetDrift'],
    ['securityGroupSelectorTerms', 'SecurityGroupDrift'],
    ['capacityReservationSelectorTerms', 'CapacityReservationDrift'],
  ] as const) {
    if (JSON.stringify(canonical(sa[k])) !== JSON.stringify(canonical(sb[k])))
      potential.push(`spec.${k}: nodes drift (${what}) when the selector resolves differently`);
  }
  return { certain, ami, potential };
}

export interface DriftInput {
  baseNodePools: NodePool[];
  headNodePools: NodePool[];
  baseNodeClasses: EC2NodeClass[];
  headNodeClasses: EC2NodeClass[];
}

export function evaluateDrift(fleet: Fleet, input: DriftInput): PoolDrift[] {
  const baseNP = new Map(input.baseNodePools.map((p) => [p.name, p]));
  const headNP = new Map(input.headNodePools.map((p) => [p.name, p]));
  const baseNC = new Map(input.baseNodeClasses.map((c) => [c.name, c]));
  const headNC = new Map(input.headNodeClasses.map((c) => [c.name, c]));
  const pools = new Map<string, PoolDrift>();
  const poolDrift = (name: string): PoolDrift => {
    let pd = pools.get(name);
    if (pd) return pd;
    const a = baseNP.get(name),
      b = headNP.get(name);
    const staticFields = a && b ? staticTemplateChanges(a, b) : [];
    let nodeClassFields: string[] = [];
    let amiFields: string[] = [];
    let potential: string[] = [];
    const ncName = b?.nodeClassRef?.name;
    if (a && b && ncName && a.nodeClassRef?.name === ncName) {
      const ca = baseNC.get(ncName),
        cb = headNC.get(ncName);
      if (ca && cb) ({ certain: nodeClassFields, ami: amiFields, potential } = nodeClassChanges(ca, cb));
    }
    if (b && ncName) {
      const cb = headNC.get(ncName);
      if (cb?.amiAlias?.endsWith('@latest'))
        potential.push(`EC2NodeClass ${ncName} uses ${cb.amiAlias}: every AMI release drifts every node (AMIDrift)`);
    }
    pd = { name, staticFields, nodeClassFields, amiFields, potential, nodes: [] };
    pools.set(name, pd);
    return pd;
  };
  for (const node of fleet.nodes) {
    if (!node.nodePool) continue;
    // A node of a NodePool defined in neither state is managed elsewhere (another repository, Terraform): this change
    // does not touch it (see unmanagedNodes).
    if (!baseNP.has(node.nodePool) && !headNP.has(node.nodePool)) continue;
    const pd = poolDrift(node.nodePool);
    const head = headNP.get(node.nodePool);
    if (node.deleting) {
      pd.nodes.push({ node, reason: null, because: ['already being deleted'] });
      continue;
    }
    if (!head) {
      pd.nodes.push({
        node,
        reason: 'NodePoolRemoved',
        because: ['NodePool deleted in head: garbage collection deletes the node without budgets'],
      });
      continue;
    }
    // Hash and version guards (drift.go areStaticFieldsDrifted; drift_test.go "should not return drifted if
    // karpenter.sh/nodepool-hash-version annotation is not present on the NodeClaim", "... does not match the
    // NodePool's"): a NodeClaim with the hash but no version, or another version, is not static-drifted (the hash
    // controller re-stamps it). A node that carries no hash annotation at all (a simulated fleet, a snapshot without
    // annotations) is taken as stamped by this version.
    const staticApplies = hashGuard(node, 'karpenter.sh/nodepool-hash', NODEPOOL_HASH_VERSION);
    if (pd.staticFields.length && staticApplies) {
      pd.nodes.push({ node, reason: 'NodePoolDrifted', because: pd.staticFields });
      continue;
    }
    const headReqs = Requirements.fromNodeSelectorRequirements(head.requirements);
    const nodeReqs = Requirements.fromLabels(node.labels);
    if (!nodeReqs.isCompatible(headReqs, false)) {
      // Already outside base's requirements: Karpenter replaces the node whether or not this change merges.
      const was = baseNP.get(node.nodePool);
      if (was && !nodeReqs.isCompatible(Requirements.fromNodeSelectorRequirements(was.requirements), false)) {
        pd.nodes.push({ node, reason: null, because: [], preexisting: true });
        continue;
      }
      pd.nodes.push({ node, reason: 'RequirementsDrifted', because: requirementsDriftInWords(node.labels, headReqs) });
      continue;
    }
    // The same guards for the EC2NodeClass hash (karpenter-provider-aws pkg/cloudprovider/drift.go
    // areStaticFieldsDrifted, EC2NodeClassHashVersion v6).
    const ncStaticApplies = hashGuard(node, 'karpenter.k8s.aws/ec2nodeclass-hash', EC2NODECLASS_HASH_VERSION);
    // AMI drift (karpenter-provider-aws pkg/cloudprovider/drift.go isAMIDrifted) compares the node's image with the
    // resolved AMIs, whatever the hash annotations say; static EC2NodeClass drift is hash-guarded.
    if (pd.amiFields.length || (pd.nodeClassFields.length && ncStaticApplies)) {
      pd.nodes.push({
        node,
        reason: 'NodeClassDrifted',
        because: [...pd.amiFields, ...(ncStaticApplies ? pd.nodeClassFields : [])],
      });
      continue;
    }
    pd.nodes.push({ node, reason: null, because: [] });
  }
  return [...pools.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Why a NodeClaim's labels no longer satisfy its NodePool's requirements, key by key and in a reviewer's words
 * ("instance generation 5 is no longer allowed (now ≥ 6)"). The decision itself is Karpenter's
 * (pkg/controllers/nodeclaim/disruption/drift.go areRequirementsDrifted: `Compatible` of the NodeClaim's labels with
 * the NodePool's requirements); this only phrases each key that fails it.
 */
export function requirementsDriftInWords(labels: Readonly<Record<string, string>>, head: Requirements): string[] {
  const out: string[] = [];
  for (const r of head.values()) {
    const name = labelInWords(r.key);
    const v = labels[r.key];
    const op = r.operator();
    if (v === undefined) {
      if (op === 'NotIn' || op === 'DoesNotExist') continue;
      out.push(`the node has no ${name} label; it is now required (${r.allowedInWords()})`);
    } else if (!r.has(v)) {
      out.push(
        op === 'DoesNotExist'
          ? `${name} must now be absent (the node has ${v})`
          : `${name} ${v} is no longer allowed (now ${r.allowedInWords()})`,
      );
    }
  }
  return out.length ? out : ["the node's labels no longer satisfy the NodePool's requirements"];
}

/** Nodes of the fleet whose NodePool is defined in neither state, by NodePool: not managed by these inputs. */
export function unmanagedNodes(fleet: Fleet, input: DriftInput): Record<string, number> {
  const known = new Set([...input.baseNodePools, ...input.headNodePools].map((p) => p.name));
  const out: Record<string, number> = {};
  for (const n of fleet.nodes) if (n.nodePool && !known.has(n.nodePool)) out[n.nodePool] = (out[n.nodePool] ?? 0) + 1;
  return out;
}
