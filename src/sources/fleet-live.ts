/**
 * A live cluster, opt-in: read-only lists of NodeClaims (karpenter.sh/v1) and Nodes with the
 * official Kubernetes client, joined into the fleet like a snapshot.
 */
import type { Fleet } from '../disruption/fleet.js';
import { assumption } from '../common/assumptions.js';
import { joinFleet } from './fleet-snapshot.js';

export interface ClusterOptions {
  kubeconfig?: string;
  context?: string;
}

export async function readClusterFleet(opts: ClusterOptions): Promise<Fleet> {
  const k8s = await import('@kubernetes/client-node');
  const kc = new k8s.KubeConfig();
  if (opts.kubeconfig) kc.loadFromFile(opts.kubeconfig);
  else kc.loadFromDefault();
  if (opts.context) kc.setCurrentContext(opts.context);
  const custom = kc.makeApiClient(k8s.CustomObjectsApi);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const claims = (await custom.listClusterCustomObject({
    group: 'karpenter.sh',
    version: 'v1',
    plural: 'nodeclaims',
  })) as { items?: Record<string, unknown>[] };
  const nodes = await core.listNode();
  const nodeObjects = (nodes.items ?? []).map((n) => ({
    ...(JSON.parse(JSON.stringify(n)) as Record<string, unknown>),
    kind: 'Node',
  }));
  const fleet = joinFleet(
    (claims.items ?? []).map((c) => ({ ...c, kind: 'NodeClaim' })),
    nodeObjects,
    'live',
  );
  fleet.notes.push(assumption('fleet-live', { context: kc.getCurrentContext(), nodes: fleet.nodes.length }));
  return fleet;
}
