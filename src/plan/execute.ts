/**
 * One run: load the states, run the model on each, build the plan. Shared by the CLI and the
 * action (the two thin entry points).
 */
import type { Finding } from '../model/findings.js';
import type { Config } from '../sources/config.js';
import { loadState, type LoadOptions, type State } from '../sources/state.js';
import type { FileTree } from '../sources/tree.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeCatalog, embeddedCatalog, type Catalog } from '../model/catalog.js';
import { simulate, type SimulationOptions } from '../model/simulate.js';
import type { Plan } from './contract.js';
import { buildPlan } from './plan.js';

export interface ExecuteInput {
  /** null: a single-state run (simulate/validate): base is empty. */
  base: FileTree | null;
  head: FileTree;
  config: Config;
  configFindings: Finding[];
  cwd: string;
  validateOnly?: boolean;
}

export async function executePlan(input: ExecuteInput): Promise<Plan> {
  const opts: LoadOptions = {};
  const head = loadState(input.head, input.config, opts);
  head.findings.unshift(...input.configFindings);
  const base: State = input.base ? loadState(input.base, input.config, opts) : emptyState(head);
  const catalog = loadCatalog(input.config, input.cwd, head.findings);
  const assumptions = [
    `Catalog: ${catalog.types.length} instance types from ${catalog.source}; prices for ${catalog.region} dated ${catalog.pricesDate.slice(0, 10)} (${catalog.currency}, on-demand, Linux).`,
    `Placement: all workloads are scheduled in one provisioning batch onto an empty cluster; host ports, volume limits, topology spread and pod (anti-)affinity other than hostname anti-affinity are not modelled.`,
  ];
  if (input.validateOnly) return buildPlan({ base, head, config: input.config, assumptions });
  const simOpts: SimulationOptions = {
    catalog, spotPriceFactor: input.config.spotPriceFactor, reservations: input.config.reservations, probes: input.config.probes,
    ...(input.config.region ? { region: input.config.region } : {}), ...(input.config.zones ? { zones: input.config.zones } : {}),
  };
  const headSim = simulate(head, simOpts);
  const baseSim = input.base ? simulate(base, simOpts) : undefined;
  assumptions.push(`Region ${headSim.region}, zones ${headSim.zones.join(', ')}.`);
  return buildPlan({ base, head, config: input.config, headSim, ...(baseSim ? { baseSim } : {}), assumptions });
}

function loadCatalog(config: Config, cwd: string, findings: Finding[]): Catalog {
  if (!config.catalog) return embeddedCatalog();
  const file = resolve(cwd, config.catalog);
  try {
    return decodeCatalog(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    findings.push({ rule: 'invalid-catalog', severity: 'error', file: config.catalog, line: null, object: null,
      message: `catalog ${config.catalog} could not be read (${(e as Error).message}); the embedded catalog is used instead` });
    return embeddedCatalog();
  }
}

function emptyState(head: State): State {
  return { ...head, label: '(none)', sha: null, nodePools: [], nodeClasses: [], overlays: [], workloads: [], daemonSets: [], findings: [], files: [], ignoredKinds: {}, notes: [] };
}
