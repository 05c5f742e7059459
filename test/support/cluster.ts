/**
 * Existing nodes and the pods bound to them, as the scheduler reads a cluster (provisioning/types.ts ExistingNodeInput,
 * BoundPod), for tests that build them by hand instead of through a fleet snapshot.
 */
import { parse } from 'yaml';
import { FindingSink, NO_SOURCE } from '../../src/common/findings.js';
import { parsePodSpec } from '../../src/api/workload.js';
import type { BoundPod, ExistingNodeInput } from '../../src/provisioning/types.js';

/** A registered, initialized node with a Node object, its hostname label set; `opts` overrides any field. */
export function existingNode(
  name: string,
  labels: Record<string, string> = {},
  opts: Partial<ExistingNodeInput> = {},
): ExistingNodeInput {
  return {
    name,
    nodePool: null,
    instanceType: null,
    zone: null,
    capacityType: null,
    labels: { 'kubernetes.io/hostname': name, ...labels },
    taints: [],
    allocatable: { cpu: 4000, memory: 2 ** 33, pods: 110 },
    capacity: { cpu: 4000, memory: 2 ** 33, pods: 110 },
    initialized: true,
    hasNode: true,
    pods: [],
    ...opts,
  };
}

/** A pod of `namespace` with `labels`, requesting 100m and 128Mi, its spec preceded by `extra` (YAML). */
export function boundPod(namespace: string, labels: Record<string, string>, extra = ''): BoundPod {
  const spec = `${extra}containers:\n  - name: c\n    resources: { requests: { cpu: 100m, memory: 128Mi } }\n`;
  const pod = parsePodSpec(parse(spec) as Record<string, unknown>, new FindingSink([], NO_SOURCE, null), ['spec'], {
    labels,
  });
  return { namespace, pod, daemon: false };
}
