/**
 * The wording of each assumption code (assumptions.ts): one function per code, so the plan's `assumptions[]` and the
 * renderers say the same sentence. The mapped type makes a code without a wording a type error.
 */
import type { Assumption, AssumptionCode, AssumptionParams, FleetDescription } from './assumptions.js';

type Wordings = { [C in AssumptionCode]: (p: AssumptionParams[C]) => string };

/** The first three, then `, …`. */
const firstThree = (xs: string[]): string => `${xs.slice(0, 3).join(', ')}${xs.length > 3 ? ', …' : ''}`;

/** The first three sorted, then `, … (n)`. */
const volumeList = (xs: string[]): string => {
  const a = [...xs].sort();
  return a.slice(0, 3).join(', ') + (a.length > 3 ? `, … (${a.length})` : '');
};

/** The fleet a run was given, in words (`the fleet snapshot a.json`, `the live cluster ctx of kubeconfig`). */
export const fleetWords = (f: FleetDescription): string =>
  'snapshot' in f
    ? `the fleet snapshot ${f.snapshot.join(', ')}`
    : `the live cluster${f.live.context ? ` ${f.live.context}` : ''}${f.live.kubeconfig ? ` of ${f.live.kubeconfig}` : ''}`;

const MULTI = (max: number): string =>
  `Multi-node consolidation looks at the first ${max} candidates (Karpenter's cap; its one-minute timeout is not modelled).`;

function consolidationScope(p: AssumptionParams['consolidation-scope']): string {
  const multi = MULTI(p.maxMulti);
  const beyond = p.withoutCluster
    ? ` ${p.withoutCluster} single-node candidate(s) beyond the first ${p.maxSingle} are rescheduled onto one new node only (Karpenter bounds single-node consolidation by time, the model by count).`
    : '';
  const scope = p.clusterKnown
    ? `each candidate's pods rescheduled as Karpenter's simulation does, onto the other existing nodes first, then one new node: deletions (the pods fit elsewhere) and single- and multi-node replacements that head makes possible and base does not are listed. ${multi}${beyond} A command taken leaves its pods where they moved, and nodes that receive pods are no longer candidates. Candidates are ordered by price per unit of disruption (pod deletion cost read, pod priority taken as 0); destination nodes are taken as past their consolidateAfter; Balanced scoring and emptiness are not estimated.`
    : `each candidate's pods rescheduled onto one new node only, the other nodes' pods being unknown (moves onto them and deletions are not estimated): single- and multi-node replacements that head makes strictly cheaper and base does not are listed. ${multi} Balanced scoring and emptiness are not estimated.`;
  return p.fleet === 'simulated'
    ? `Consolidation: the simulated fleet's nodes, ${scope}`
    : `Consolidation: the ${p.withPods} snapshot node(s) whose pods are listed, ${scope}`;
}

function targetsUnplanned(p: AssumptionParams['targets-unplanned']): string {
  const what = [
    ...(p.kustomizations.length ? [`${p.kustomizations.length} kustomization(s)`] : []),
    ...(p.applications.length ? [`${p.applications.length} Argo CD Application(s)`] : []),
    ...(p.plain.length ? ['the loose plain manifests'] : []),
  ];
  const names = [...p.kustomizations, ...p.applications, ...p.plain];
  const alone = names.length - p.joined.length;
  const where = [
    ...(p.joined.length
      ? [
          `the workloads of ${p.joined
            .slice(0, 8)
            .map(([a, t]) => `${a} are planned in ${t}`)
            .join(', ')}${p.joined.length > 8 ? ', …' : ''} (the target of their destination cluster)`,
        ]
      : []),
    ...(alone
      ? [
          `${p.joined.length ? "the others'" : 'their'} workloads join no target here — deploy them with an Argo CD Application, or name the cluster's inputs in the config's \`clusters:\`, to plan them with its NodePools`,
        ]
      : []),
  ];
  return `Targets: ${what.join(' and ')} hold no NodePool, EC2NodeClass or NodeOverlay and are not planned as clusters (${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}); ${where.join('; ')}.`;
}

const WORDINGS: Wordings = {
  catalog: (p) =>
    `Catalog: ${p.types} instance types from ${p.source}; prices for ${p.region} dated ${p.pricesDate} (${p.currency}, on-demand, Linux).`,
  'placement-empty-cluster': () =>
    "Placement: all workloads are scheduled onto an empty cluster in provisioning rounds (a batch, its NodeClaims launched as nodes, the pods still pending scheduled again, until a round places nothing; a fleet snapshot's nodes neither host them nor count against NodePool limits); volume limits are not modelled.",
  'placement-into-fleet': (p) =>
    `Placement: into the fleet snapshot's ${p.nodes} nodes${p.notManaged ? ` (and its ${p.notManaged} not managed by Karpenter)` : ''}, in provisioning rounds per state (a batch, its NodeClaims launched as nodes, the pods still pending scheduled again, until a round places nothing). Running replicas stay on their nodes; the pending ones go to existing nodes first (initialized first, then by name), then to NodeClaims of the batch, then to new ones; existing nodes count against their NodePool's limits. In head, nodes that drift or whose NodePool is removed are gone (their pods are placed anew, once the rollout is done), and a workload whose pod template changes in what scheduling reads is rolled (every replica placed anew). Existing nodes are kept as they are (nodes the change empties are not consolidated here); volume limits are not modelled.`,
  'placement-fleet-without-pods': (p) =>
    `Placement: the ${p.source === 'live' ? 'live cluster is read without its Pods' : 'fleet snapshot does not list the Pods of every node'}, so what its nodes run is unknown: placements ignore its nodes, while each NodeClaim's capacity counts against its NodePool's limits as Karpenter counts it whatever runs on it (take the snapshot with kubectl get nodeclaims,nodes,pods,pdb -A -o json).`,
  'limits-reached': (p) =>
    `Limits: NodePool ${p.pool}'s existing nodes already reach its limits on ${p.resources.join(', ')}${p.uncounted ? ` (${p.uncounted} node(s) without capacity in the snapshot not counted)` : ''}: Karpenter launches no new node in it, and the placements above launch none there either.`,
  'limits-nodes-without-capacity': (p) =>
    `Limits: ${p.names.length} node(s) of the fleet have no capacity in the snapshot and an instance type outside the catalog (${p.names.slice(0, 3).join(', ')}${p.names.length > 3 ? ', …' : ''}): they count as a node against their NodePool's limits, with no CPU or memory.`,
  'not-modelled-capped': (p) =>
    `Not modelled: a state reaches ${p.caps.map((c) => `caps.${c}`).join(', ')}; only validation findings are reported.`,
  'windows-prices': (p) =>
    `Prices: EC2NodeClass ${p.nodeClasses.join(', ')} run${p.nodeClasses.length === 1 ? 's' : ''} Windows; the catalog's prices are Linux on-demand, so their nodes are priced without the Windows licence (EC2 charges more).`,
  'region-zones': (p) => `Region ${p.region}, zones ${p.zones.join(', ')}.`,
  'outside-karpenter': (p) =>
    `Outside Karpenter: ${p.workloads} workload(s) require labels of capacity Karpenter does not manage (${p.labels.join(', ')}): ${p.examples.join(', ')}${p.workloads > p.examples.length ? ', …' : ''}; they are not modelled.`,
  'nodeclasses-absent': () =>
    'EC2NodeClasses: none in the inputs; each nodeClassRef is assumed to name a Ready AL2023 EC2NodeClass with default kubelet settings.',
  'zones-assumed': (p) =>
    p.notZones.length
      ? `Zones: none configured, and the required ${p.notZones.join(', ')} ${p.notZones.length === 1 ? 'is not a zone' : 'are not zones'} of ${p.region}; assumed ${p.zones.join(', ')}.`
      : `Zones: none configured or required; assumed ${p.zones.join(', ')}.`,
  'prices-other-region': (p) =>
    `Prices: the catalog has ${p.catalogRegion} prices; they are used for ${p.region} (Karpenter itself falls back to the us-east-1 table for regions without one).`,
  'probes-idle-pools': (p) =>
    `Probes: ${p.pools} NodePool(s) that no workload lands on get a probe pod each (1 CPU, 2 GiB, selecting the pool and tolerating its taints), placed apart from the workloads' fleet.`,
  'probes-no-workloads': (p) =>
    `Workloads: the state has none${p.scaledToZero ? ' with replicas' : ''}, so probe pods are placed (small 0.5 CPU/1 GiB, medium 2 CPU/4 GiB, large 4 CPU/16 GiB, and per NodePool 1 CPU/2 GiB selecting it and tolerating its taints); their nodes stand for the fleet.`,
  'spot-estimated': (p) =>
    `Spot: prices are estimated as ${p.factor} × on-demand; the spot instance type shown is the cheapest candidate, while EC2's price-capacity-optimized strategy also weighs capacity.`,
  'lowest-price-table': () =>
    "On-demand lowest-price: resolved with Karpenter's static price table; EC2 uses its own current prices.",
  'fleet-nodes-without-capacity': (p) =>
    `Fleet: ${p.nodes.length} node(s) have neither allocatable nor capacity in the snapshot and an instance type outside the catalog (${firstThree(p.nodes)}): no pod is placed on them and they count nothing against limits.`,
  'fleet-nodes-unpriced': (p) =>
    `Fleet: no catalog price for ${p.nodes.length} existing node(s) (${firstThree(p.nodes)}); they are counted at $0/h.`,
  'rounds-capped': (p) =>
    `Provisioning rounds: the simulation stops after ${p.maxRounds} round(s); the last still placed pods, so later rounds might place some of the ${p.pending} pod(s) reported pending.`,
  'overlays-gate-off': (p) =>
    `NodeOverlays: ${p.overlays} present but the NodeOverlay feature gate is off; Karpenter ignores them.`,
  'static-nodepools': (p) =>
    `Static NodePools: ${p.nodes} node(s) of ${p.pools.join(', ')} (spec.replicas, capped by limits.nodes, less the fleet snapshot's nodes of the pool), each launched as the provider picks from every compatible type; they count in the fleet and its cost, and pods are not placed onto them here (a snapshot's nodes of a static pool take pods like any existing node).`,
  'pod-to-pod-simulation-only': () =>
    'Pod-to-pod constraints (topology spread, pod affinity and anti-affinity) count the pods of this simulation only; pods already running in the cluster are not counted.',
  'pod-to-pod-with-snapshot': () =>
    "Pod-to-pod constraints (topology spread, pod affinity and anti-affinity) count the pods of this simulation and those the fleet snapshot's nodes keep; pods on nodes outside the snapshot are not counted.",
  'namespace-selectors-all': () =>
    'Pod affinity namespaceSelector with labels: namespace labels are not read, so every namespace is selected.',
  'volumes-templated': (p) =>
    `Volumes: the claims of ${volumeList(p.workloads)} are made from their volumeClaimTemplates (the StatefulSet and ephemeral-volume controllers create them before the pods are pending); a claim of that name among the manifests is used instead.`,
  'volumes-prebound': (p) =>
    `Volumes: PersistentVolumeClaims with spec.volumeName (${volumeList(p.claims)}) are taken as bound to that PersistentVolume (Karpenter requires the pv.kubernetes.io/bind-completed annotation the PV controller adds).`,
  'volumes-missing-claims': (p) =>
    `Volumes: PersistentVolumeClaims not among the manifests (${volumeList(p.claims)}) are assumed to exist in the cluster without topology: their pods are placed as if the volume allowed every zone (Karpenter skips a pod whose claim does not exist).`,
  'volumes-missing-volumes': (p) =>
    `Volumes: PersistentVolumes not among the manifests (${volumeList(p.volumes)}) are assumed to have no node affinity: the pods of their claims are placed as if the volume allowed every zone.`,
  'volumes-missing-classes': (p) =>
    `Volumes: StorageClasses not among the manifests (${volumeList(p.classes)}) are assumed to exist without allowedTopologies: unbound claims of them allow every zone.`,
  'volumes-no-default-class': (p) =>
    `Volumes: claims without storageClassName (${volumeList(p.claims)}) and no default StorageClass among the manifests: the cluster's default class is assumed to have no allowedTopologies.`,
  'volumes-several-defaults': (p) =>
    `Volumes: several StorageClasses are marked default (${volumeList(p.classes)}); Kubernetes uses the newest, which the manifests do not tell: the last one read is used.`,
  'volumes-immediate': (p) =>
    `Volumes: unbound claims of Immediate StorageClasses (${volumeList(p.claims)}) are bound before their pods schedule, in a zone the storage provisioner picks; the model restricts their pods to the class's allowedTopologies only.`,
  'volumes-capped': (p) =>
    `Volumes: the pods of ${volumeList(p.workloads)} have more than ${p.max} combinations of volume topology; only the first ${p.max} are tried.`,
  'fleet-cost': (p) =>
    `Fleet cost: each of the ${p.nodes} node(s) of the ${p.source} priced by its instance type, zone and capacity type${p.spotFactor !== null ? ` (spot at ${p.spotFactor} × on-demand)` : ''}; drifted and removed nodes are replaced by what head launches for their pods (as new capacity: pods are not moved onto nodes that stay)${p.estimated ? `, and ${p.estimated} whose pods the snapshot does not list by the cheapest type of their head NodePool with at least their vCPUs and memory (an estimate)` : ''}${p.noReplacement ? `; ${p.noReplacement} have no replacement in head and cost nothing after` : ''}${p.unpriced ? `; ${p.unpriced} without a price are left out` : ''}.`,
  'consolidation-scope': consolidationScope,
  'consolidation-not-estimated': () =>
    'Consolidation: not estimated for this fleet: the snapshot lists no Pods, so what each node runs is unknown (take it with kubectl get nodeclaims,nodes,pods,pdb -A -o json).',
  'fleet-source': (p) =>
    `Fleet: ${p.source === 'simulated' ? `simulated from base (${p.nodes} nodes; no snapshot given)` : `${p.source}, ${p.nodes} NodeClaims`}.`,
  rollout: (p) =>
    `Rollout: starts ${p.at}; each replacement takes ${p.minutesPerReplacement} min (the replacement is initialised after ${p.minutesToInitialize} min); horizon ${p.horizonDays} days; slower than ${p.slowAfterHours} h is "slow"; schedules in UTC.`,
  'fleet-unmanaged-pools': (p) =>
    `Fleet: ${p.pools.reduce((x, q) => x + q.nodes, 0)} node(s) belong to NodePools defined in neither base nor head (${p.pools
      .map((q) => `${q.pool}: ${q.nodes}`)
      .join(', ')}): they are managed elsewhere, and this change neither replaces nor removes them.`,
  'fleet-labels-filled': (p) =>
    `${p.nodes} node(s) of the snapshot lack labels Karpenter derives from their instance type that a NodePool requirement names (instance category, family, generation, size, CPU, memory…): filled from the catalog before drift and placement are decided (take the snapshot with kubectl get -o json to keep every label).`,
  'fleet-types-not-in-catalog': (p) =>
    `Instance type(s) ${p.types.join(', ')} of the snapshot are not in the catalog: their nodes' drift is decided on the labels they carry, and they are not priced.`,
  'fleet-snapshot-no-nodeclaims': () =>
    'The fleet snapshot has Nodes but no NodeClaims: Node labels stand in for NodeClaim labels, and hash annotations are unknown.',
  'fleet-snapshot-no-nodes': () =>
    'The fleet snapshot has NodeClaims but no Nodes: every node is assumed Ready, and initialization is read from the NodeClaim condition.',
  'fleet-not-managed': (p) =>
    `${p.nodes} Node(s) of the snapshot have no NodeClaim and no karpenter.sh/nodepool label (a managed node group's, self-managed): not managed by Karpenter, they are existing capacity pending pods are placed on and consolidation moves pods to, never disrupted, drifted or counted against a NodePool's limits.`,
  'fleet-initialized-from-condition': (p) =>
    `${p.nodes} Node(s) of the snapshot lack the karpenter.sh/initialized label that Karpenter sets with the NodeClaim's Initialized condition: they are counted as initialized from that condition (take the snapshot with kubectl get -o json to keep every label).`,
  'fleet-none-initialized': (p) =>
    `None of the snapshot's ${p.nodes} Karpenter node(s) is initialized (no karpenter.sh/initialized=true label, no Initialized condition): disruption budgets count initialized nodes only, so they allow no disruption until the nodes initialize.`,
  'fleet-snapshot-no-pods': () =>
    'The fleet snapshot lists no Pods: do-not-disrupt pods and PodDisruptionBudgets on existing nodes are not checked (add pods and pdb to the kubectl get).',
  'fleet-live': (p) => `Fleet read live from context ${p.context} (${p.nodes} NodeClaims).`,
  'fleet-target': (p) =>
    `Fleet: ${fleetWords(p.fleet)} applies to ${p.target}, the only affected target without a fleet of its own (the run has ${p.targets} targets).`,
  'fleet-no-target': (p) =>
    `Fleet: ${fleetWords(p.fleet)} applies to no target: the change affects none that lacks a fleet of its own.`,
  'targets-unplanned': targetsUnplanned,
  'argo-repo-urls': (p) =>
    p.repoURLs.length
      ? `Argo CD: ${p.repoURLs.join(', ')} ${p.repoURLs.length > 1 ? 'are' : 'is'} this repository (\`repoURLs\`); sources, \`$ref\` value files and git generators of other repositories are not read. Git generators read this state's files, whatever their revision.`
      : p.base
        ? "Argo CD: `repoURLs` is not configured, so the repoURLs the base revision's Applications render paths from are taken to be this repository (every one when base has none); a source, `$ref` value file or git generator of any other repoURL is not evaluated. Name this repository with `repoURLs`."
        : "Argo CD: every repoURL of the Applications and ApplicationSets is taken to be this repository (name it with `repoURLs` to tell others apart); their paths, `$ref` value files and git generators read this state's files, whatever their revision.",
  'chart-root-environments': (p) =>
    `Chart . (the root) holds values files for environments (${p.files.join(', ')}): environments of a chart at the root are not targets, so it is rendered with its values.yaml only and a change to those files is reported as not evaluated; move the chart into a folder to plan each environment.`,
  'helm-unavailable': (p) =>
    `helm is not available (${p.binary}); chart ${p.chart} was not rendered` +
    (p.adapter !== null ? `; values adapter #${p.adapter} is used instead` : ''),
  'v1beta1-ubuntu-class': (p) =>
    `EC2NodeClass ${p.nodeClass} (v1beta1, Ubuntu without amiSelectorTerms) converts to an incompatible v1 class that Karpenter ignores for provisioning and drift.`,
  'v1beta1-kubelets-differ': (p) =>
    `EC2NodeClass ${p.nodeClass}: v1beta1 NodePools using it set different kubelet settings; v1 keeps one kubelet per EC2NodeClass, so they are not carried into the converted model (their nodes drift unless each gets its own EC2NodeClass).`,
  'terraform-parser-unavailable': (p) =>
    `Terraform: the HCL parser could not be loaded (${p.error}); Terraform inputs are not evaluated`,
  'terraform-module-failed': (p) => `Terraform module ${p.dir || '.'}: not evaluated (${p.error})`,
  'terraform-var-files': (p) =>
    `Terraform module ${p.dir || '.'}: ${p.files.join(', ')} ${p.files.length > 1 ? 'are' : 'is'} applied only with -var-file; the variables' defaults${p.autoTfvars ? ' and auto-loaded .tfvars' : ''} are used`,
  'terraform-inline-manifest': (p) => `Terraform ${p.file}:${p.line}: an inline manifest resource is not evaluated`,
  'terraform-templatefile-failed': (p) => `Terraform ${p.file}:${p.line}: templatefile not evaluated (${p.reason})`,
  'terraform-templatefile-scope': () =>
    'Terraform: templatefile() renderings are evaluated from literal variable defaults and auto-loaded .tfvars only (no -var-file, -var, environment, locals or other resources); a template with other expressions or directives is not evaluated',
};

/** Every code of the vocabulary (for the test that each is worded and documented). */
export const ASSUMPTION_CODES = Object.keys(WORDINGS) as AssumptionCode[];

/** Whether `code` is one of the vocabulary's (a plan document may come from another version). */
export function isAssumptionCode(code: string): code is AssumptionCode {
  return Object.prototype.hasOwnProperty.call(WORDINGS, code);
}

/** The sentence of one assumption. */
export function wordAssumption(a: Assumption): string {
  return (WORDINGS[a.code] as (p: Assumption['params']) => string)(a.params);
}
