import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  assumption,
  joinFleet
} from "./chunk-SVL6MYYW.js";
import "./chunk-2KEDRD4X.js";
import "./chunk-WZ5PGY7U.js";
import "./chunk-SB3DEY2U.js";

// src/sources/fleet-live.ts
async function readClusterFleet(opts) {
  const k8s = await import("../vendor/kubernetes-client-node.js");
  const kc = new k8s.KubeConfig();
  if (opts.kubeconfig) kc.loadFromFile(opts.kubeconfig);
  else kc.loadFromDefault();
  if (opts.context) kc.setCurrentContext(opts.context);
  const custom = kc.makeApiClient(k8s.CustomObjectsApi);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const claims = await custom.listClusterCustomObject({
    group: "karpenter.sh",
    version: "v1",
    plural: "nodeclaims"
  });
  const nodes = await core.listNode();
  const nodeObjects = (nodes.items ?? []).map((n) => ({
    ...JSON.parse(JSON.stringify(n)),
    kind: "Node"
  }));
  const fleet = joinFleet(
    (claims.items ?? []).map((c) => ({ ...c, kind: "NodeClaim" })),
    nodeObjects,
    "live"
  );
  fleet.notes.push(assumption("fleet-live", { context: kc.getCurrentContext(), nodes: fleet.nodes.length }));
  return fleet;
}
export {
  readClusterFleet
};
