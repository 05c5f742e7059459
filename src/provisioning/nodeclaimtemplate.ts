/**
 * NodeClaim templates (karpenter pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go): one per NodePool, its
 * requirements, labels, taints and instance types; the daemonset overhead each instance type carries (scheduler.go
 * getDaemonOverhead, buildDaemonOverheadGroups); and the node a NodeClaim of a template becomes once launched
 * (nodeclaimtemplate.go ToNodeClaim, resolveCustomLabelsFromRequirements).
 */
import {
  LABEL_CAPACITY_TYPE,
  LABEL_EC2NODECLASS,
  LABEL_INSTANCE_TYPE,
  LABEL_INITIALIZED,
  LABEL_NODEPOOL,
  LABEL_REGISTERED,
  LABEL_ZONE,
} from '../api/labels.js';
import { orderByWeight, type NodePool } from '../api/nodepool.js';
import type { Workload } from '../api/workload.js';
import {
  offeringMatcher,
  satisfiesMinValues,
  type InstanceType,
  type Offering,
} from '../cloudprovider/instancetype.js';
import type { LaunchDecision } from '../cloudprovider/launch.js';
import { addResources, type ResourceList } from '../common/quantity.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { RequirementIndex } from '../scheduling/requirement-index.js';
import { untolerated } from '../scheduling/taints.js';
import { changesKey, instanceTypesFor, withCapacityOverlays } from './instancetypes.js';
import { nodeSelectorAlternatives } from './preferences.js';
import type { PoolStatus, SimNode, StepContext, Template } from './types.js';

/**
 * Whether a NodePool's nodeClassRef names an EC2NodeClass, the one NodeClass the AWS provider manages
 * (karpenter-provider-aws pkg/cloudprovider/cloudprovider.go GetSupportedNodeClasses).
 */
export function managedByAwsProvider(ref: EC2NodeClassRef | null | undefined): ref is EC2NodeClassRef {
  return !!ref && ref.group === MANAGED_GROUP && ref.kind === MANAGED_KIND;
}

type EC2NodeClassRef = NonNullable<NodePool['nodeClassRef']>;

const MANAGED_GROUP = 'karpenter.k8s.aws';
const MANAGED_KIND = 'EC2NodeClass';

/**
 * One NodeClaim template per eligible NodePool (nodeclaimtemplate.go NewNodeClaimTemplate, scheduler.go
 * NewScheduler), in weight order (pkg/utils/nodepool/nodepool.go OrderByWeight), with the instance types that pass
 * the template's requirements, offerings and (Strict) minValues. A NodePool left with none is marked ineligible.
 */
export function nodeClaimTemplates(
  ctx: StepContext,
  eligible: NodePool[],
  pools: PoolStatus[],
  priceChanges: Map<string, Map<string, string>>,
  capacityChanges: Map<string, Map<string, ResourceList>>,
): Template[] {
  const { input } = ctx;
  const typeCache = new Map<string, InstanceType[]>();
  const templates: Template[] = [];
  for (const np of orderByWeight(eligible)) {
    const nc = ctx.classes.get(np.nodeClassRef!.name);
    const changes = priceChanges.get(np.name);
    const capacity = capacityChanges.get(np.name);
    // Pools that share an EC2NodeClass and the same price and capacity changes (e.g. an unscoped overlay) share their
    // instance types.
    const cacheKey = `${np.nodeClassRef!.name}|${changesKey(changes)}|${changesKey(capacity)}`;
    let its = typeCache.get(cacheKey);
    if (!its) {
      its = instanceTypesFor(ctx, nc, changes);
      if (capacity) its = withCapacityOverlays(its, capacity);
      typeCache.set(cacheKey, its);
    }
    const reqs = Requirements.fromNodeSelectorRequirements(np.requirements);
    for (const [k, v] of Object.entries(np.labels)) reqs.add(Requirement.of(k, 'In', [v]));
    reqs.add(Requirement.of(LABEL_NODEPOOL, 'In', [np.name]));
    reqs.add(Requirement.of(LABEL_EC2NODECLASS, 'In', [np.nodeClassRef!.name]));
    const strictMinValues = reqs.hasMinValues() && input.settings.minValuesPolicy === 'Strict';
    const options = poolInstanceTypes(its, np, reqs, strictMinValues);
    const status = pools.find((p) => p.name === np.name)!;
    status.instanceTypes = options.length;
    if (options.length === 0) {
      status.eligible = false;
      status.reason = strictMinValues
        ? {
            code: 'min-values-unsatisfiable',
            message: "nodepool requirements filtered out all instance types (minValues can't be met)",
          }
        : { code: 'no-instance-types', message: 'nodepool requirements filtered out all instance types' };
      continue;
    }
    templates.push({
      nodePool: np.name,
      weight: np.weight,
      requirements: reqs,
      labels: np.labels,
      taints: np.taints,
      instanceTypes: options,
      daemonOverhead: daemonOverhead(np, reqs, options, input.daemonSets),
      ...(Object.keys(np.limits).length ? { limits: np.limits } : {}),
    });
  }
  return templates;
}

/**
 * Per list of instance types (memoized lists: base, head and the what-ifs share them), the types each NodePool's
 * requirements keep. The lists are never mutated.
 */
const POOL_TYPES = new WeakMap<readonly InstanceType[], Map<string, InstanceType[]>>();

/**
 * The instance types of `its` a NodePool's template keeps (NewNodeClaimTemplate's filter: requirements intersect, an
 * available compatible offering, no negative allocatable; under Strict, none unless minValues are met), once per list
 * and pool requirements: the pools a change leaves alone are not filtered again for head.
 */
function poolInstanceTypes(
  its: readonly InstanceType[],
  np: NodePool,
  reqs: Requirements,
  strictMinValues: boolean,
): InstanceType[] {
  let memo = POOL_TYPES.get(its);
  if (!memo) POOL_TYPES.set(its, (memo = new Map()));
  // What `reqs` is made of (nodeClaimTemplates), and the policy.
  const key = JSON.stringify([np.name, np.nodeClassRef!.name, np.requirements, np.labels, strictMinValues]);
  const known = memo.get(key);
  if (known) return known;
  const compatible = offeringMatcher(reqs);
  // The types whose requirements hold no value the pool's `In` sets allow fail intersectsOk: not looked at.
  const at = typeIndex(its).candidates(reqs);
  let options = (at ? at.map((i) => its[i]) : its).filter(
    (it) =>
      it.requirements.intersectsOk(reqs) &&
      it.offerings.some((o) => o.available && compatible(o)) &&
      Object.values(it.allocatable).every((v) => v >= 0),
  );
  if (options.length && strictMinValues && !satisfiesMinValues(options, reqs).ok) options = [];
  memo.set(key, options);
  return options;
}

const TYPE_INDEXES = new WeakMap<readonly InstanceType[], RequirementIndex>();

/** A list of instance types indexed by the values of their requirements (RequirementIndex), once per list. */
function typeIndex(its: readonly InstanceType[]): RequirementIndex {
  let index = TYPE_INDEXES.get(its);
  if (!index) {
    index = new RequirementIndex(its.length, (i, k) =>
      its[i].requirements.has(k) ? its[i].requirements.get(k) : undefined,
    );
    TYPE_INDEXES.set(its, index);
  }
  return index;
}

/**
 * The templates a later scheduler sees once some offerings are no longer available — cached unavailable after an
 * insufficient-capacity error (karpenter-provider-aws pkg/cache/unavailableofferings.go IsUnavailable), a capacity
 * reservation used up (offering/reserved_capacity_resolver.go ResolveOfferings: an available count of 0), a NodePool's
 * own instance types short — `gone` saying which: the pre-filter of nodeClaimTemplates again, over the types each
 * template kept (only availability changed). A type stays while one of its offerings compatible with the template is
 * available; a template left with none, or under Strict whose minValues its types no longer meet, is not used
 * (scheduler.go NewScheduler: "nodepool requirements filtered out all instance types"). Templates and types untouched
 * are returned as they were, and the list itself when nothing is gone (schedulers share what depends on it:
 * templates-index.ts).
 */
export function withOfferingsGone<T extends Pick<Template, 'requirements' | 'instanceTypes'>>(
  templates: T[],
  gone: (o: Offering, it: InstanceType, t: T) => boolean,
  minValuesPolicy: 'Strict' | 'BestEffort',
): T[] {
  const out: T[] = [];
  let changed = false;
  for (const t of templates) {
    const hit = (it: InstanceType) => (o: Offering) => o.available && gone(o, it, t);
    if (!t.instanceTypes.some((it) => it.offerings.some(hit(it)))) {
      out.push(t);
      continue;
    }
    changed = true;
    const compatible = offeringMatcher(t.requirements);
    const instanceTypes = t.instanceTypes.flatMap((it) => {
      const isHit = hit(it);
      if (!it.offerings.some(isHit)) return [it];
      const offerings = it.offerings.map((o) => (isHit(o) ? { ...o, available: false } : o));
      return offerings.some((o) => o.available && compatible(o)) ? [{ ...it, offerings }] : [];
    });
    if (instanceTypes.length === 0) continue;
    if (
      minValuesPolicy === 'Strict' &&
      t.requirements.hasMinValues() &&
      !satisfiesMinValues(instanceTypes, t.requirements).ok
    )
      continue;
    out.push({ ...t, instanceTypes });
  }
  return changed ? out : templates;
}

/**
 * Daemon overhead per instance type (scheduler.go buildDaemonOverheadGroups, isDaemonPodCompatible): daemonsets that
 * tolerate the template's taints and whose nodeSelector ∧ one of their OR-ed required node-affinity terms is
 * compatible with the template and intersects the instance type. The template carries `karpenter.sh/registered` and
 * `karpenter.sh/initialized` (nodeclaimtemplate.go NewNodeClaimTemplate), so daemonsets that select them count.
 * Karpenter tries the terms in order by removing the first from the shared pod object, so a term removed for one
 * instance type stays removed for the next; here each instance type tries every term (docs/model.md).
 */
function daemonOverhead(
  np: NodePool,
  reqs: Requirements,
  types: InstanceType[],
  daemonSets: Workload[],
): Map<string, ResourceList> {
  const out = new Map<string, ResourceList>();
  const hard = np.taints.filter((t) => t.effect !== 'PreferNoSchedule');
  const daemons = daemonSets.filter((d) => untolerated(hard, d.pod.tolerations) === null);
  if (daemons.length === 0) return out;
  const template = reqs
    .clone()
    .add(Requirement.of(LABEL_REGISTERED, 'In', ['true']))
    .add(Requirement.of(LABEL_INITIALIZED, 'In', ['true']));
  // Per daemonset, the alternatives (one per required term, or just the nodeSelector) compatible with the template.
  const alternatives = daemons.map((d) =>
    nodeSelectorAlternatives(d.pod).filter((r) => template.isCompatible(r, true)),
  );
  for (const it of types) {
    let total: ResourceList = {};
    daemons.forEach((d, i) => {
      if (alternatives[i].some((r) => it.requirements.intersectsOk(r))) total = addResources(total, d.pod.requests);
    });
    if (Object.keys(total).length) out.set(it.name, total);
  }
  return out;
}

/** The node a launch decision makes for a NodeClaim of `template` with `requirements`, and the pods it holds. */
export function launchedNode(
  name: string,
  template: Template,
  requirements: Requirements,
  d: LaunchDecision,
  pods: Record<string, number>,
): SimNode {
  const labels: Record<string, string> = {
    ...d.instanceType.labels,
    ...template.labels,
    [LABEL_NODEPOOL]: template.nodePool,
    [LABEL_ZONE]: d.offering.zone,
    [LABEL_CAPACITY_TYPE]: d.capacityType,
    [LABEL_INSTANCE_TYPE]: d.instanceType.name,
  };
  for (const req of requirements.values()) {
    // Custom labels from requirements (nodeclaimtemplate.go resolveCustomLabelsFromRequirements).
    if (!(req.key in labels) && !req.key.startsWith('karpenter.sh/') && !req.key.includes('karpenter.k8s.aws/')) {
      const v = req.any();
      if (v !== '') labels[req.key] = v;
    }
  }
  return {
    name,
    nodePool: template.nodePool,
    instanceType: d.instanceType.name,
    zone: d.offering.zone,
    capacityType: d.capacityType,
    pricePerHour: d.capacityType === 'reserved' ? 0 : d.offering.cost,
    allocationStrategy: d.allocationStrategy,
    candidates: d.candidates, // the types sent to CreateFleet (≤ 60), not the NodeClaim's options
    labels,
    pods,
  };
}
