/**
 * The fields each Karpenter kind's CRD defines (karpenter pkg/apis/crds/karpenter.sh_nodepools.yaml,
 * karpenter.sh_nodeoverlays.yaml; karpenter-provider-aws pkg/apis/crds/karpenter.k8s.aws_ec2nodeclasses.yaml, v1.14).
 * The API server refuses an object with a field its schema does not define (strict field validation, kubectl's
 * default) or drops it silently (pruning): either way a misspelt `wieght` never takes effect, so it is an error.
 * `ANY` marks maps with free keys (labels, tags, limits, kubelet settings) and fields this check does not open.
 */
import { nearest } from '../common/distance.js';

export const ANY = 'any' as const;
type Shape = typeof ANY | { readonly [field: string]: Shape } | readonly [Shape];

const TAINT: Shape = { key: ANY, value: ANY, effect: ANY, timeAdded: ANY };
const REQUIREMENT: Shape = { key: ANY, operator: ANY, values: ANY, minValues: ANY };

const NODEPOOL: Shape = {
  weight: ANY,
  limits: ANY,
  replicas: ANY,
  template: {
    metadata: { labels: ANY, annotations: ANY },
    spec: {
      nodeClassRef: { group: ANY, kind: ANY, name: ANY },
      requirements: [REQUIREMENT],
      taints: [TAINT],
      startupTaints: [TAINT],
      expireAfter: ANY,
      terminationGracePeriod: ANY,
    },
  },
  disruption: {
    consolidateAfter: ANY,
    consolidationPolicy: ANY,
    budgets: [{ nodes: ANY, schedule: ANY, duration: ANY, reasons: ANY }],
  },
};

const NODEOVERLAY: Shape = {
  requirements: [REQUIREMENT],
  priceAdjustment: ANY,
  price: ANY,
  capacity: ANY,
  weight: ANY,
};

const EC2NODECLASS: Shape = {
  subnetSelectorTerms: [{ tags: ANY, id: ANY }],
  securityGroupSelectorTerms: [{ tags: ANY, id: ANY, name: ANY }],
  capacityReservationSelectorTerms: [{ tags: ANY, id: ANY, ownerID: ANY, instanceMatchCriteria: ANY }],
  associatePublicIPAddress: ANY,
  amiSelectorTerms: [{ alias: ANY, tags: ANY, id: ANY, name: ANY, owner: ANY, ssmParameter: ANY }],
  amiFamily: ANY,
  userData: ANY,
  role: ANY,
  instanceProfile: ANY,
  tags: ANY,
  kubelet: ANY,
  blockDeviceMappings: [
    {
      deviceName: ANY,
      rootVolume: ANY,
      ebs: {
        deleteOnTermination: ANY,
        encrypted: ANY,
        iops: ANY,
        kmsKeyID: ANY,
        snapshotID: ANY,
        throughput: ANY,
        volumeInitializationRate: ANY,
        volumeSize: ANY,
        volumeType: ANY,
      },
    },
  ],
  instanceStorePolicy: ANY,
  detailedMonitoring: ANY,
  metadataOptions: { httpEndpoint: ANY, httpProtocolIPv6: ANY, httpPutResponseHopLimit: ANY, httpTokens: ANY },
  context: ANY,
  ipPrefixCount: ANY,
  placementGroupSelector: ANY,
  networkInterfaces: ANY,
  cpuOptions: ANY,
  connectionTracking: ANY,
};

const SPECS: Readonly<Record<string, Shape>> = {
  NodePool: NODEPOOL,
  NodeOverlay: NODEOVERLAY,
  EC2NodeClass: EC2NODECLASS,
};

/** The paths (from `spec`) of fields the kind's CRD does not define. */
export function unknownFields(kind: string, spec: unknown): (string | number)[][] {
  const shape = Object.hasOwn(SPECS, kind) ? SPECS[kind] : ANY;
  const out: (string | number)[][] = [];
  const walk = (v: unknown, s: Shape, path: (string | number)[]): void => {
    if (s === ANY || v === null || typeof v !== 'object') return;
    if (Array.isArray(s)) {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, s[0], [...path, i]));
      return;
    }
    if (Array.isArray(v)) return;
    const fields = s as Readonly<Record<string, Shape>>;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (!Object.hasOwn(fields, k)) out.push([...path, k]);
      else walk(x, fields[k], [...path, k]);
    }
  };
  walk(spec, shape, ['spec']);
  return out;
}

/** The closest known field to a misspelt one (edit distance ≤ 2), for the message. */
export function suggestField(kind: string, path: readonly (string | number)[]): string | null {
  let s: Shape = Object.hasOwn(SPECS, kind) ? SPECS[kind] : ANY;
  for (const k of path.slice(1, -1)) {
    if (s === ANY) return null;
    s = Array.isArray(s) ? s[0] : ((s as Record<string, Shape>)[k as string] ?? ANY);
  }
  if (s === ANY || Array.isArray(s)) return null;
  const bad = String(path[path.length - 1]);
  return nearest(bad, Object.keys(s), { count: 1, maxDistance: 2, ignoreCase: true })[0] ?? null;
}
