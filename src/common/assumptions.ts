/**
 * The plan's assumptions as a closed vocabulary: each is a code with its parameters, recorded by the model and worded
 * by one function per code (assumption-wording.ts), as the plan's alerts and verdict reasons are. Producers never
 * write a sentence: they push `assumption(code, params)`; the plan words the list into `assumptions[]` and keeps the
 * codes in `assumptionCodes[]`. Branch on the code, never on the wording.
 *
 * The standing assumptions (docs/assumptions.md) are the codes every run states the same way whatever the change: the
 * report links them instead of repeating them on every pull request.
 */

/** A workload named for an assumption: `Kind namespace/name`. */
export type WorkloadLabel = string;

/** The parameters of each assumption code. A new code: add it here, word it in assumption-wording.ts. */
export interface AssumptionParams {
  // Placement and catalog (run/plan-states.ts)
  catalog: { types: number; source: string; region: string; pricesDate: string; currency: string };
  'placement-empty-cluster': Record<string, never>;
  'placement-into-fleet': { nodes: number; notManaged: number };
  'placement-fleet-without-pods': { source: 'live' | 'snapshot' };
  'limits-reached': { pool: string; resources: string[]; uncounted: number };
  'limits-nodes-without-capacity': { names: string[] };
  'not-modelled-capped': { caps: string[] };
  'windows-prices': { nodeClasses: string[] };
  'region-zones': { region: string; zones: string[] };
  'outside-karpenter': { workloads: number; labels: string[]; examples: WorkloadLabel[] };
  // Provisioning (provisioning/)
  'nodeclasses-absent': Record<string, never>;
  'zones-assumed': { zones: string[]; notZones: string[]; region: string };
  'prices-other-region': { catalogRegion: string; region: string };
  'probes-idle-pools': { pools: number };
  'probes-no-workloads': { scaledToZero: boolean };
  'spot-estimated': { factor: number };
  'lowest-price-table': Record<string, never>;
  'fleet-nodes-without-capacity': { nodes: string[] };
  'fleet-nodes-unpriced': { nodes: string[] };
  'rounds-capped': { maxRounds: number; pending: number };
  'overlays-gate-off': { overlays: number };
  'static-nodepools': { nodes: number; pools: string[] };
  'pod-to-pod-simulation-only': Record<string, never>;
  'pod-to-pod-with-snapshot': Record<string, never>;
  'namespace-selectors-all': Record<string, never>;
  'volumes-templated': { workloads: string[] };
  'volumes-prebound': { claims: string[] };
  'volumes-missing-claims': { claims: string[] };
  'volumes-missing-volumes': { volumes: string[] };
  'volumes-missing-classes': { classes: string[] };
  'volumes-no-default-class': { claims: string[] };
  'volumes-several-defaults': { classes: string[] };
  'volumes-immediate': { claims: string[] };
  'volumes-capped': { workloads: string[]; max: number };
  // Disruption (disruption/)
  'fleet-cost': {
    nodes: number;
    source: string;
    spotFactor: number | null;
    estimated: number;
    noReplacement: number;
    unpriced: number;
  };
  'consolidation-scope': {
    /** `simulated`: the simulated fleet; else the snapshot's nodes whose pods are listed (`withPods`). */
    fleet: 'simulated' | 'snapshot';
    withPods: number;
    clusterKnown: boolean;
    maxMulti: number;
    maxSingle: number;
    withoutCluster: number;
  };
  'consolidation-not-estimated': Record<string, never>;
  'fleet-source': { source: string; nodes: number };
  rollout: {
    at: string;
    minutesPerReplacement: number;
    minutesToInitialize: number;
    horizonDays: number;
    slowAfterHours: number;
  };
  'fleet-unmanaged-pools': { pools: { pool: string; nodes: number }[] };
  'fleet-labels-filled': { nodes: number };
  'fleet-types-not-in-catalog': { types: string[] };
  // The fleet read (sources/fleet-*.ts)
  'fleet-snapshot-no-nodeclaims': Record<string, never>;
  'fleet-snapshot-no-nodes': Record<string, never>;
  'fleet-not-managed': { nodes: number };
  'fleet-initialized-from-condition': { nodes: number };
  'fleet-none-initialized': { nodes: number };
  'fleet-snapshot-no-pods': Record<string, never>;
  'fleet-live': { context: string; nodes: number };
  // Targets (run/execute.ts)
  'fleet-target': { fleet: FleetDescription; target: string; targets: number };
  'fleet-no-target': { fleet: FleetDescription };
  'targets-unplanned': {
    kustomizations: string[];
    applications: string[];
    plain: string[];
    /** What joins a target: [source, target], sorted by source. */
    joined: [string, string][];
  };
  // Sources (sources/)
  'argo-repo-urls': { repoURLs: string[]; base: boolean };
  'chart-root-environments': { files: string[] };
  'helm-unavailable': { binary: string; chart: string; adapter: number | null };
  'v1beta1-ubuntu-class': { nodeClass: string };
  'v1beta1-kubelets-differ': { nodeClass: string };
  'terraform-parser-unavailable': { error: string };
  'terraform-module-failed': { dir: string; error: string };
  'terraform-var-files': { dir: string; files: string[]; autoTfvars: boolean };
  'terraform-inline-manifest': { file: string; line: number };
  'terraform-templatefile-failed': { file: string; line: number; reason: string };
  'terraform-templatefile-scope': Record<string, never>;
}

/** The fleet a run was given: snapshot files, or a live cluster's context and kubeconfig. */
export type FleetDescription = { snapshot: string[] } | { live: { context: string | null; kubeconfig: string | null } };

export type AssumptionCode = keyof AssumptionParams;

/** One assumption: its code and that code's parameters. */
export type Assumption = { [C in AssumptionCode]: { code: C; params: AssumptionParams[C] } }[AssumptionCode];

/** An assumption of `code` with its parameters (typed per code). */
export function assumption<C extends AssumptionCode>(
  code: C,
  ...params: AssumptionParams[C] extends Record<string, never> ? [] : [AssumptionParams[C]]
): Assumption {
  return { code, params: params[0] ?? {} } as Assumption;
}

/** The standing assumptions' codes (docs/assumptions.md): stated alike on every run. */
export const STANDING_ASSUMPTION_CODES: readonly AssumptionCode[] = [
  'placement-empty-cluster',
  'pod-to-pod-simulation-only',
  'lowest-price-table',
];

/** Whether an assumption is one of the standing ones (by its code). */
export function isStandingAssumption(a: Assumption): boolean {
  return STANDING_ASSUMPTION_CODES.includes(a.code);
}

/** What makes two assumptions the same: their code and parameters. */
export function assumptionKey(a: Assumption): string {
  return JSON.stringify([a.code, a.params]);
}

/** Adds each assumption to `list` unless one of the same code and parameters is there (first kept, order kept). */
export function addAssumptions(list: Assumption[], more: Iterable<Assumption>): Assumption[] {
  const seen = new Set(list.map(assumptionKey));
  for (const a of more) {
    const k = assumptionKey(a);
    if (!seen.has(k)) {
      seen.add(k);
      list.push(a);
    }
  }
  return list;
}
