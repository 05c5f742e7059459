/**
 * The EC2NodeClass CRD's `x-kubernetes-validations` rules that the field parser does not already enforce
 * (karpenter-provider-aws pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml, v1.14.0; the Go markers in
 * pkg/apis/v1/ec2nodeclass.go), and the NodePool's static-pool `limits` rule (karpenter pkg/apis/v1/nodepool.go
 * NodePoolSpec). Each check is named by the id that src/api/crd-rules.json gives its rule, and refuses what the rule
 * refuses, quirks included: the selector terms' "mutually exclusive" rules are written `!self.all(…)`, so they refuse a
 * list only when every term combines `id` with another field.
 */
import type { FindingSink } from '../common/findings.js';
import { isObject, type Path } from '../common/fields.js';

type Obj = Record<string, unknown>;
const has = (o: unknown, k: string): boolean => isObject(o) && Object.hasOwn(o, k) && o[k] !== null;
const objects = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObject) : []);
const refuse = (sink: FindingSink, path: Path, message: string): void =>
  sink.error(`${path.join('.')}: ${message} (the EC2NodeClass CRD's rule; the API server refuses the object)`, path);

/** The selector-term rules of one list: each term sets one of `fields`; the `exclusive` fields stand alone. */
function checkTerms(
  spec: Obj,
  key: string,
  fields: readonly string[],
  exclusive: Readonly<Record<string, readonly string[]>>,
  sink: FindingSink,
): void {
  const terms = objects(spec[key]);
  const path = ['spec', key];
  terms.forEach((t, i) => {
    if (!fields.some((f) => has(t, f)))
      refuse(sink, [...path, i], `expected at least one, got none, [${fields.map((f) => `'${f}'`).join(', ')}]`);
    if (isObject(t.tags)) checkTagMap(t.tags, [...path, i, 'tags'], sink);
  });
  for (const [field, others] of Object.entries(exclusive)) {
    if (terms.length > 0 && terms.every((t) => has(t, field) && others.some((o) => has(t, o))))
      refuse(sink, path, `'${field}' is mutually exclusive, cannot be set with a combination of other fields`);
  }
}

/** `empty tag keys or values aren't supported` (selector terms' `tags`). */
function checkTagMap(tags: Obj, path: Path, sink: FindingSink): void {
  for (const [k, v] of Object.entries(tags))
    if (k === '' || v === '') refuse(sink, [...path, k], "empty tag keys or values aren't supported");
}

function checkAmiTerms(spec: Obj, sink: FindingSink): void {
  const terms = objects(spec.amiSelectorTerms);
  const fields = ['tags', 'id', 'name', 'alias', 'ssmParameter'];
  terms.forEach((t, i) => {
    const p = ['spec', 'amiSelectorTerms', i];
    if (!fields.some((f) => has(t, f)))
      refuse(sink, p, "expected at least one, got none, ['tags', 'id', 'name', 'alias', 'ssmParameter']");
    if (has(t, 'id') && ['alias', 'tags', 'name', 'owner'].some((f) => has(t, f)))
      refuse(sink, [...p, 'id'], "'id' is mutually exclusive, cannot be set with a combination of other fields");
    if (has(t, 'alias') && ['id', 'tags', 'name', 'owner'].some((f) => has(t, f)))
      refuse(sink, [...p, 'alias'], "'alias' is mutually exclusive, cannot be set with a combination of other fields");
    if (isObject(t.tags)) checkTagMap(t.tags, [...p, 'tags'], sink);
  });
}

const RESTRICTED_TAGS = [
  'eks:eks-cluster-name',
  'karpenter.sh/nodepool',
  'karpenter.sh/nodeclaim',
  'karpenter.k8s.aws/ec2nodeclass',
];

function checkTags(spec: Obj, sink: FindingSink): void {
  if (!isObject(spec.tags)) return;
  for (const k of Object.keys(spec.tags)) {
    const p = ['spec', 'tags', k];
    if (k === '') refuse(sink, p, "empty tag keys aren't supported");
    else if (RESTRICTED_TAGS.includes(k) || k.startsWith('kubernetes.io/cluster'))
      refuse(sink, p, `tag ${k} is restricted: Karpenter sets it`);
  }
}

function checkBlockDevices(spec: Obj, sink: FindingSink): void {
  const bdms = objects(spec.blockDeviceMappings);
  if (bdms.filter((b) => b.rootVolume === true).length > 1)
    refuse(sink, ['spec', 'blockDeviceMappings'], 'must have only one blockDeviceMappings with rootVolume');
  bdms.forEach((b, i) => {
    if (!isObject(b.ebs)) return;
    const p = ['spec', 'blockDeviceMappings', i, 'ebs'];
    if (!has(b.ebs, 'snapshotID') && !has(b.ebs, 'volumeSize'))
      refuse(sink, p, 'snapshotID or volumeSize must be defined');
    if (has(b.ebs, 'volumeInitializationRate') && (!has(b.ebs, 'snapshotID') || b.ebs.snapshotID === ''))
      refuse(sink, p, 'snapshotID must be set when volumeInitializationRate is set');
  });
}

const EVICTION_SIGNALS = [
  'memory.available',
  'nodefs.available',
  'nodefs.inodesFree',
  'imagefs.available',
  'imagefs.inodesFree',
  'pid.available',
];
const RESERVED_RESOURCES = ['cpu', 'memory', 'ephemeral-storage', 'pid'];

function checkKubelet(spec: Obj, sink: FindingSink): void {
  const k = spec.kubelet;
  if (!isObject(k)) return;
  const p = ['spec', 'kubelet'];
  const high = k.imageGCHighThresholdPercent;
  const low = k.imageGCLowThresholdPercent;
  if (typeof high === 'number' && typeof low === 'number' && !(high > low))
    refuse(sink, p, 'imageGCHighThresholdPercent must be greater than imageGCLowThresholdPercent');
  for (const m of ['evictionHard', 'evictionSoft', 'evictionSoftGracePeriod']) {
    if (!isObject(k[m])) continue;
    for (const key of Object.keys(k[m]))
      if (!EVICTION_SIGNALS.includes(key))
        refuse(sink, [...p, m, key], `valid keys for ${m} are ${EVICTION_SIGNALS.join(', ')}`);
  }
  const soft = isObject(k.evictionSoft) ? k.evictionSoft : null;
  const grace = isObject(k.evictionSoftGracePeriod) ? k.evictionSoftGracePeriod : null;
  // `has(self.evictionSoft) ? self.evictionSoft.all(e, e in self.evictionSoftGracePeriod) : true`, and the converse.
  if (soft && !Object.keys(soft).every((e) => grace !== null && Object.hasOwn(grace, e)))
    refuse(sink, [...p, 'evictionSoft'], 'evictionSoft OwnerKey does not have a matching evictionSoftGracePeriod');
  if (grace && !Object.keys(grace).every((e) => soft !== null && Object.hasOwn(soft, e)))
    refuse(
      sink,
      [...p, 'evictionSoftGracePeriod'],
      'evictionSoftGracePeriod OwnerKey does not have a matching evictionSoft',
    );
  for (const m of ['kubeReserved', 'systemReserved']) {
    if (!isObject(k[m])) continue;
    for (const [key, v] of Object.entries(k[m])) {
      if (!RESERVED_RESOURCES.includes(key))
        refuse(sink, [...p, m, key], `valid keys for ${m} are ${RESERVED_RESOURCES.join(', ')}`);
      if (typeof v === 'string' && v.startsWith('-'))
        refuse(sink, [...p, m, key], `${m} value cannot be a negative resource quantity`);
    }
  }
}

function checkNetwork(spec: Obj, sink: FindingSink): void {
  if (isObject(spec.connectionTracking)) {
    const ct = spec.connectionTracking;
    if (!['tcpEstablishedTimeout', 'udpStreamTimeout', 'udpTimeout'].some((f) => has(ct, f)))
      refuse(
        sink,
        ['spec', 'connectionTracking'],
        'at least one of tcpEstablishedTimeout, udpStreamTimeout, or udpTimeout must be set',
      );
  }
  if (Array.isArray(spec.networkInterfaces)) {
    const nis = objects(spec.networkInterfaces);
    const p = ['spec', 'networkInterfaces'];
    if (
      spec.networkInterfaces.length > 0 &&
      !nis.some((x) => x.deviceIndex === 0 && x.networkCardIndex === 0 && x.interfaceType === 'interface')
    )
      refuse(sink, p, "networkInterfaces must include a primary interface with interfaceType='interface'");
    const clash = nis.some(
      (x) =>
        nis.filter((y) => x.networkCardIndex === y.networkCardIndex && x.deviceIndex === y.deviceIndex).length !== 1 ||
        (x.interfaceType === 'efa-only' &&
          nis.filter((y) => x.networkCardIndex === y.networkCardIndex && y.interfaceType === 'efa-only').length !== 1),
    );
    if (clash)
      refuse(
        sink,
        p,
        'networkInterfaces must not have duplicate networkCardIndex and deviceIndex pairs, and can have at most one efa device per network card',
      );
  }
  if (isObject(spec.placementGroupSelector)) {
    const pg = spec.placementGroupSelector;
    const p = ['spec', 'placementGroupSelector'];
    if (!has(pg, 'name') && !has(pg, 'id')) refuse(sink, p, "expected at least one, got none, ['name', 'id']");
    if (has(pg, 'name') && has(pg, 'id')) refuse(sink, p, "'name' and 'id' are mutually exclusive");
  }
}

/** The EC2NodeClass CEL rules not enforced by parseEC2NodeClass itself. */
export function checkEC2NodeClassCel(spec: Obj, sink: FindingSink): void {
  checkTerms(spec, 'subnetSelectorTerms', ['tags', 'id'], { id: ['tags'] }, sink);
  checkTerms(
    spec,
    'securityGroupSelectorTerms',
    ['tags', 'id', 'name'],
    { id: ['tags', 'name'], name: ['tags', 'id'] },
    sink,
  );
  checkTerms(
    spec,
    'capacityReservationSelectorTerms',
    ['tags', 'id', 'instanceMatchCriteria'],
    { id: ['tags', 'ownerID', 'instanceMatchCriteria'] },
    sink,
  );
  checkAmiTerms(spec, sink);
  for (const f of ['role', 'instanceProfile']) if (spec[f] === '') refuse(sink, ['spec', f], `${f} cannot be empty`);
  checkTags(spec, sink);
  checkBlockDevices(spec, sink);
  checkKubelet(spec, sink);
  checkNetwork(spec, sink);
}

/** karpenter pkg/apis/v1/nodepool.go NodePoolSpec: "only 'limits.nodes' is supported on static NodePools". */
export function checkStaticNodePoolLimits(spec: Obj, sink: FindingSink): void {
  if (!has(spec, 'replicas') || !isObject(spec.limits)) return;
  const keys = Object.keys(spec.limits);
  if (keys.length === 0 || (keys.length === 1 && keys[0] === 'nodes')) return;
  sink.error(
    `spec.limits: only 'limits.nodes' is supported on static NodePools (spec.replicas is set; the API server refuses the object)`,
    ['spec', 'limits'],
  );
}
