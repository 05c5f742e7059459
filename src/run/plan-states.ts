/**
 * One plan of two states (or one state): the catalog and the fleet read, the simulations, the disruption controller
 * (disruption/controller.ts), the rules, the what-if scenarios, then the plan (plan/plan.ts). run/ only orders these
 * steps; the decisions are the model's and the plan's.
 */
import type { Suppressions } from '../common/findings.js';
import { readBaseline } from '../sources/baseline.js';
import type { Config } from '../sources/config.js';
import type { State } from '../sources/state.js';
import {
  simulate,
  simulateRecorded,
  type ProvisioningRecord,
  type SimulationOptions,
  type SimulationResult,
} from '../provisioning/provisioner.js';
import { insufficientCapacity } from '../provisioning/insufficient-capacity.js';
import { RULES, runRules, type RuleConfig } from '../rules/index.js';
import { iceTimeline, unavailableOfferings } from '../cloudprovider/unavailable-offerings.js';
import type { Catalog } from '../cloudprovider/catalog.js';
import type { Plan } from '../plan/contract.js';
import { buildPlan } from '../plan/plan.js';
import { Controller, type RolloutSettings } from '../disruption/controller.js';
import { disruptionAssumptions } from '../disruption/assumptions.js';
import { clusterFor, fleetKnowsPods, limitNodesOf, poolsAtLimits } from '../disruption/fleet-placement.js';
import { withCatalogLabels, type Fleet } from '../disruption/fleet.js';
import type { PoolRollout } from '../disruption/replacements.js';
import { readCatalog } from '../sources/catalog-file.js';
import { readFleet } from '../sources/fleet.js';
import type { ExecuteInput } from './input.js';
import { assumption, type Assumption } from '../common/assumptions.js';
import { OutOfTime, outOfTimeFinding, timeIsUp } from '../common/deadline.js';
/**
 * The plan of two states (or one): the catalog and the fleet read, the simulations, the disruption controller, the
 * rules, the what-if scenarios, then the plan. Each step is a function below; this one only orders them.
 */
export async function planStates(input: ExecuteInput, states: { base: State; head: State }): Promise<Plan> {
  const { base, head } = states;
  emptyStateFinding(input, base, head);
  const catalog = readCatalog(input.config, input.cwd, head.findings, input.trustedFiles);
  const diff = !!input.base && !input.validateOnly;
  const fleet = diff ? await fleetOf(input, states, catalog) : null;
  const rollout = rolloutSettings(input.config.assumptions);
  const controller = new Controller(base, head, rollout, input.deadline);
  // A fleet that lists its pods is where they are placed: drift runs first, its nodes are gone in head.
  const placedIntoFleet = fleet !== null && fleetKnowsPods(fleet);
  const drifted = placedIntoFleet ? controller.drift(fleet) : null;
  const assumptions = placementAssumptions(catalog, fleet, placedIntoFleet, head);
  // A state past caps.karpenterObjects is incomplete, and the model's work grows with NodePools × pods: the run stops
  // before the simulations, with the input-capped error (the verdict fails on it) and the validation findings. So
  // does a target whose time ran out (caps.runSeconds), before the simulations or between the stages below.
  // The stage reached: a stage that runs out of time in the middle (OutOfTime from the model's loops) is named too.
  let reached = 'the simulation of head';
  const late = (stage: string): Plan | null => {
    reached = stage;
    return outOfTimePlan(input, states, assumptions, stage);
  };
  if (base.capped?.length || head.capped?.length) return cappedPlan(input, states, assumptions);
  const into = placedIntoFleet ? { fleet, leaving: new Set(drifted?.replacements.map((x) => x.nodeClaim)) } : null;
  const beforeSims = late('the simulation of head');
  if (beforeSims) return beforeSims;
  try {
    const sims = simulateStates(input, states, catalog, into ?? (fleet ? { limitsOnly: fleet } : null), diff, () => {
      reached = 'the simulation of base';
    });
    if (!sims) return late('the simulation of base') ?? cappedPlan(input, states, assumptions);
    return planOfSimulations(input, states, { catalog, fleet, drifted, controller, rollout, assumptions, sims, late });
  } catch (e) {
    if (!(e instanceof OutOfTime)) throw e;
    return outOfTimePlan(input, states, assumptions, reached, 'finished') ?? cappedPlan(input, states, assumptions);
  }
}

/** What planStates has made before the simulations' results are turned into the disruption, the rules and the plan. */
interface Simulated {
  catalog: Catalog;
  fleet: Fleet | null;
  drifted: ReturnType<Controller['drift']> | null;
  controller: Controller;
  rollout: RolloutSettings;
  assumptions: Assumption[];
  sims: Simulations;
  /** The plan of a target whose time ran out before a stage (null while there is time). */
  late: (stage: string) => Plan | null;
}

/** The disruption controller, the rules and the what-if scenarios over the simulations, then the plan. */
function planOfSimulations(input: ExecuteInput, states: { base: State; head: State }, s: Simulated): Plan {
  const { base, head } = states;
  const { catalog, sims, assumptions, late } = s;
  assumptions.push(...priceAssumptions(head, sims.head));
  const pricing = pricingOf(catalog, sims.head, input.config.spotPriceFactor);
  const { base: baseSim, head: headSim } = sims;
  const beforeDisruption = input.base && baseSim ? late('the disruption controller') : null;
  if (beforeDisruption) return beforeDisruption;
  const disruption =
    input.base && baseSim
      ? s.controller.disrupt({ base: baseSim, head: headSim }, s.fleet, s.drifted, {
          catalog,
          spotPriceFactor: input.config.spotPriceFactor,
        })
      : undefined;
  if (disruption) assumptions.push(...disruptionAssumptions(disruption, s.rollout, pricing));
  const beforeRules = late('the rules');
  if (beforeRules) return beforeRules;
  modelRules(input, states, catalog, sims, disruption?.pools ?? null);
  assumptions.push(...externalAssumptions(head));
  const kind = input.base ? 'diff' : 'state';
  const suppressions = suppressionsOf(input, head);
  if (input.validateOnly)
    return buildPlan({ kind, base, head, policy: input.config.policy, assumptions, suppressions, pricing });
  const beforeScenarios = input.config.scenarios.length ? late('the what-if scenarios') : null;
  if (beforeScenarios) return beforeScenarios;
  const scenarios = scenariosOf(input, head, catalog, sims);
  return buildPlan({
    suppressions,
    kind,
    base,
    head,
    policy: input.config.policy,
    headSim,
    ...(baseSim ? { baseSim } : {}),
    assumptions,
    ...(disruption ? { replacements: disruption } : {}),
    ...(disruption?.fleetCost ? { fleetCost: disruption.fleetCost } : {}),
    pricing,
    scenarios,
  });
}

/**
 * A state without any Karpenter object is never a silent pass (a path or glob that matches nothing, a deleted
 * folder): a warning, and an error when base had Karpenter objects. Not when head's own errors already say why (a
 * file that no longer parses, a render that failed).
 */
function emptyStateFinding(input: ExecuteInput, base: State, head: State): void {
  const karpenterObjects = (st: State) => st.nodePools.length + st.nodeClasses.length + st.overlays.length;
  if (karpenterObjects(head) > 0 || head.findings.some((f) => f.severity === 'error')) return;
  const lost = input.base !== null && karpenterObjects(base) > 0;
  const where = input.config.file ?? head.files[0] ?? null;
  head.findings.push({
    rule: 'empty-state',
    severity: lost ? 'error' : 'warning',
    file: where,
    line: where ? 1 : null,
    object: null,
    message: `${head.label} holds no NodePool, EC2NodeClass or NodeOverlay (manifests: ${input.config.manifests.join(', ')}${input.config.exclude.length ? `; exclude: ${input.config.exclude.join(', ')}` : ''})${lost ? `, while ${base.label} holds ${karpenterObjects(base)}: the change removes them all, or the path or globs no longer match` : ': check the path and the manifests globs'}.`,
  });
}

/**
 * The fleet a diff acts on (a snapshot or the live cluster), read before the simulations, its nodes labelled from the
 * catalog: when it lists its pods, the pods are placed into it rather than onto an empty cluster.
 */
async function fleetOf(input: ExecuteInput, states: { base: State; head: State }, catalog: Catalog) {
  const read = await readFleet(input.config, input.cwd, states.head.findings, input.trustedFiles);
  return (
    read &&
    withCatalogLabels(
      read,
      (t) => catalog.byName.get(t)?.labels ?? null,
      new Set([...states.base.nodePools, ...states.head.nodePools].flatMap((p) => p.requirements.map((r) => r.key))),
    )
  );
}

/** The rollout assumptions of the config: when the change lands (`at`, else now), how long a replacement takes. */
function rolloutSettings(a: Config['assumptions']): RolloutSettings {
  return {
    at: a.at ? Date.parse(a.at) : Date.now(),
    minutesPerReplacement: a.minutesPerReplacement,
    minutesToInitialize: Math.min(a.minutesToInitialize, a.minutesPerReplacement),
    horizonDays: a.horizonDays,
    slowAfterHours: a.slowAfterHours,
  };
}

/** The catalog and where workloads are placed (into the fleet, or onto an empty cluster), and the limits it reaches. */
function placementAssumptions(
  catalog: Catalog,
  fleet: Fleet | null,
  placedIntoFleet: boolean,
  head: State,
): Assumption[] {
  const out = [
    assumption('catalog', {
      types: catalog.types.length,
      source: catalog.source,
      region: catalog.region,
      pricesDate: catalog.pricesDate.slice(0, 10),
      currency: catalog.currency,
    }),
    placedIntoFleet && fleet
      ? assumption('placement-into-fleet', { nodes: fleet.nodes.length, notManaged: fleet.notManaged?.length ?? 0 })
      : assumption('placement-empty-cluster'),
  ];
  if (!fleet || placedIntoFleet) return out;
  out.push(assumption('placement-fleet-without-pods', { source: fleet.source === 'live' ? 'live' : 'snapshot' }));
  for (const f of poolsAtLimits(fleet, head.nodePools))
    out.push(assumption('limits-reached', { pool: f.pool, resources: f.resources, uncounted: f.uncounted }));
  return out;
}

/** The annotations, `ignore` entries and baseline that silence findings. */
function suppressionsOf(input: ExecuteInput, head: State): Suppressions {
  return {
    annotations: head.ignoreAnnotations,
    ignore: input.config.ignore,
    baseline: readBaseline(input.trusted ?? input.head, input.config, head.findings),
  };
}

/** The plan of a state past its caps: validation findings only, no simulation. */
function cappedPlan(input: ExecuteInput, states: { base: State; head: State }, assumptions: Assumption[]): Plan {
  const { base, head } = states;
  // Base's renders refused for time are base's findings: head (whose findings the verdict reads) says so too.
  if (input.deadline && base.capped?.includes('runSeconds') && !head.capped?.includes('runSeconds')) {
    head.findings.push(outOfTimeFinding(input.deadline, `${base.label} was not rendered whole`));
    (head.capped ??= []).push('runSeconds');
  }
  assumptions.push(
    assumption('not-modelled-capped', { caps: [...new Set([...(base.capped ?? []), ...(head.capped ?? [])])] }),
  );
  const suppressions = suppressionsOf(input, head);
  return buildPlan({
    kind: input.base ? 'diff' : 'state',
    base,
    head,
    policy: input.config.policy,
    assumptions,
    suppressions,
  });
}

/**
 * The plan of a target whose time ran out (caps.runSeconds) before `stage`: the validation findings and an
 * input-capped error naming the stage not run, as for a state past its caps. Null while there is time.
 */
function outOfTimePlan(
  input: ExecuteInput,
  states: { base: State; head: State },
  assumptions: Assumption[],
  stage: string,
  /** `finished`: the stage started and ran out of time in the middle. */
  not: 'run' | 'finished' = 'run',
): Plan | null {
  if (!input.deadline || !timeIsUp(input.deadline)) return null;
  states.head.findings.push(outOfTimeFinding(input.deadline, `${stage} was not ${not}`));
  (states.head.capped ??= []).push('runSeconds');
  return cappedPlan(input, states, assumptions);
}

/** Head's and (in a diff) base's simulations, with the options each ran with. */
interface Simulations {
  head: SimulationResult;
  /** What head's provisioning ended with, when what-if scenarios go on from it (insufficient-capacity.ts). */
  headRecord: ProvisioningRecord | undefined;
  base: SimulationResult | undefined;
  headOpts: SimulationOptions;
  baseOpts: SimulationOptions;
}

/**
 * Head's simulation, and base's in a diff: onto an empty cluster (a fleet whose pods are unknown, `limitsOnly`, still
 * counts its NodeClaims against the NodePools' limits), or into the fleet (`into`: its nodes, less those
 * drift takes from head). Pools of another provider's node class are findings. Null when the run's time ran out
 * between the two.
 */
function simulateStates(
  input: ExecuteInput,
  states: { base: State; head: State },
  catalog: Catalog,
  into: { fleet: Fleet; leaving: ReadonlySet<string> } | { limitsOnly: Fleet } | null,
  diff: boolean,
  /** Called between head's simulation and base's (the stage reached changes). */
  headDone: () => void,
): Simulations | null {
  const { base, head } = states;
  const simOpts: SimulationOptions = {
    catalog,
    spotPriceFactor: input.config.spotPriceFactor,
    reservations: input.config.reservations,
    probes: input.config.probes,
    ...(input.deadline ? { deadline: input.deadline } : {}),
    ...(input.config.region ? { region: input.config.region } : {}),
    ...(input.config.zones ? { zones: input.config.zones } : {}),
  };
  let headOpts = simOpts,
    baseOpts = simOpts;
  if (into && 'limitsOnly' in into) {
    // A fleet whose pods are unknown: not placed into, but its NodeClaims count against their NodePools' limits.
    headOpts = baseOpts = { ...simOpts, limitNodes: limitNodesOf(into.limitsOnly) };
  } else if (into) {
    headOpts = { ...simOpts, cluster: clusterFor(into.fleet, head, base, into.leaving) };
    baseOpts = { ...simOpts, cluster: clusterFor(into.fleet, base, base, new Set()) };
  }
  // With what-if scenarios, head's simulation keeps what they go on from.
  const recorded = input.config.scenarios.length ? simulateRecorded(head, headOpts) : undefined;
  const headSim = recorded?.sim ?? simulate(head, headOpts);
  headDone();
  if (diff && timeIsUp(input.deadline)) return null;
  const baseSim = diff ? simulate(base, baseOpts) : undefined;
  notModelledPools(head, headSim, input.config);
  if (baseSim) notModelledPools(base, baseSim, input.config);
  return { head: headSim, headRecord: recorded?.record, base: baseSim, headOpts, baseOpts };
}

/** Windows nodes priced as Linux (the catalog's prices are Linux on-demand), and the region and zones. */
function priceAssumptions(head: State, headSim: SimulationResult): Assumption[] {
  const out: Assumption[] = [];
  const windows = head.nodeClasses.filter((c) => c.amiFamily?.startsWith('Windows')).map((c) => c.name);
  if (windows.length) out.push(assumption('windows-prices', { nodeClasses: windows }));
  out.push(assumption('region-zones', { region: headSim.region, zones: headSim.zones }));
  return out;
}

/** Where prices come from. */
function pricingOf(catalog: Catalog, headSim: SimulationResult, spotPriceFactor: number): NonNullable<Plan['pricing']> {
  return {
    catalogRegion: catalog.region,
    region: headSim.region,
    regionPriced: catalog.region === headSim.region,
    spot: catalog.types.some((t) => t.spotPrices && Object.keys(t.spotPrices).length) ? 'catalog' : 'estimated',
    spotPriceFactor,
  };
}

/**
 * The model-based rules over head (and the base→head change where they say so), then over base alone, so that head's
 * findings can be told apart as new or pre-existing.
 */
function modelRules(
  input: ExecuteInput,
  states: { base: State; head: State },
  catalog: Catalog,
  sims: Simulations,
  rollouts: PoolRollout[] | null,
): void {
  const { base, head } = states;
  const config = ruleConfigOf(input.config);
  head.findings.push(
    ...runRules(RULES, {
      head,
      base: input.base ? base : null,
      config,
      catalog,
      sim: sims.head,
      simOptions: sims.headOpts,
      rollouts,
    }),
  );
  if (!input.base || !sims.base) return;
  base.findings.push(
    ...runRules(RULES, {
      head: base,
      base: null,
      config,
      catalog,
      sim: sims.base,
      simOptions: sims.baseOpts,
      rollouts: null,
    }),
  );
}

/** The slice of the configuration the rules read (rules/engine.ts RuleConfig), and nothing else of it. */
function ruleConfigOf(config: Config): RuleConfig {
  const { rules, controller, reservations, file } = config;
  return { rules, controller, reservations, file };
}

/** Workloads that need capacity Karpenter does not manage: not modelled. */
function externalAssumptions(head: State): Assumption[] {
  const ext = head.externalWorkloads;
  if (!ext.length) return [];
  return [
    assumption('outside-karpenter', {
      workloads: ext.length,
      labels: [...new Set(ext.map((w) => w.label))],
      examples: ext.slice(0, 5).map((w) => `${w.kind} ${w.namespace}/${w.name}`),
    }),
  ];
}

/**
 * The what-if scenarios, each head's simulation once some offerings have no capacity (insufficient-capacity.ts): past
 * caps.scenarios, an error and the rest not run.
 */
function scenariosOf(input: ExecuteInput, head: State, catalog: Catalog, sims: Simulations) {
  const cap = input.config.caps.scenarios;
  if (input.config.scenarios.length > cap)
    head.findings.push({
      rule: 'input-capped',
      severity: 'error',
      file: input.config.file,
      line: input.config.file ? 1 : null,
      object: null,
      message: `${input.config.scenarios.length} what-if scenarios: only the first ${cap} are simulated (caps.scenarios)`,
    });
  return input.config.scenarios.slice(0, cap).map((sc) => {
    const unavailable = unavailableOfferings(catalog, sims.head.zones, sc);
    return {
      name: sc.name,
      unavailable: unavailable.size,
      timeline: iceTimeline(head.settings.batchIdleDuration, head.settings.batchMaxDuration),
      outcome: insufficientCapacity(sims.headRecord!, sims.head.podGroups, unavailable),
    };
  });
}

/**
 * NodePools whose nodeClassRef is not the AWS provider's EC2NodeClass (EKS Auto Mode's `eks.amazonaws.com/NodeClass`,
 * another provider's class): Karpenter with the AWS provider ignores them (nodepoolutils IsManaged), and this tool
 * models nothing of them. Never a silent pass: each is an `input-not-evaluated` finding at its nodeClassRef.
 */
function notModelledPools(state: State, sim: SimulationResult, config: ExecuteInput['config']): void {
  const level = config.rules['input-not-evaluated'];
  if (level === 'off') return;
  for (const ps of sim.pools) {
    if (ps.reason?.code !== 'unmanaged-nodeclass') continue;
    const np = state.nodePools.find((p) => p.name === ps.name);
    if (!np) continue;
    const ref = np.nodeClassRef;
    // A reference without a group is invalid (an invalid-spec error says so, at the field): not a second finding.
    if (ref && !ref.group) continue;
    const auto = ref?.group === 'eks.amazonaws.com';
    state.findings.push({
      rule: 'input-not-evaluated',
      severity: level ?? 'error',
      file: np.source.file,
      line: np.source.locate(['spec', 'template', 'spec', 'nodeClassRef'])?.line ?? np.source.line,
      object: `NodePool/${np.name}`,
      message: `NodePool ${np.name} refers to ${ref ? `${ref.group}/${ref.kind}` : 'no node class'}${auto ? ' (EKS Auto Mode, whose Karpenter AWS runs and configures)' : ''}: karpenter-plan models Karpenter with the AWS provider's EC2NodeClass, so this NodePool is not evaluated — nothing is placed on it and its nodes are not drifted here.`,
    });
  }
}
