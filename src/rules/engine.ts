/**
 * The rule engine: configuration mistakes the seed documents warn about, each decided with the
 * model (requirements algebra, catalog, selection, drift, budgets) rather than by matching text.
 * Every rule has a stable id (public contract), a default severity, a docs page
 * (docs/rules/<id>.md) and can be switched off or re-levelled in the config (`rules:`).
 */
import type { Catalog } from '../cloudprovider/catalog.js';
import type { Finding, Severity, SourceRef } from '../common/findings.js';
import type { SimulationOptions, SimulationResult } from '../provisioning/provisioner.js';
import type { PoolRollout } from '../disruption/replacements.js';
import type { Config } from '../sources/config.js';
import type { State } from '../sources/state.js';
import { errorMessage } from '../common/errors.js';
import type { ModelRuleId } from '../common/rule-ids.js';

/**
 * The slice of the configuration the rules read: the levels (`rules:`), the controller's values file (named in a
 * finding), the capacity reservations and the config file (where findings about its entries point). Built once per
 * run in run/plan-states.ts.
 */
export type RuleConfig = Pick<Config, 'rules' | 'controller' | 'reservations' | 'file'>;

export interface RuleContext {
  head: State;
  /** null for a single-state run (validate / simulate). */
  base: State | null;
  config: RuleConfig;
  catalog: Catalog;
  sim: SimulationResult;
  simOptions: SimulationOptions;
  /** Drift and rollout under head (diff only). */
  rollouts: PoolRollout[] | null;
}

export interface Rule {
  id: ModelRuleId;
  severity: Severity;
  /** One line for the README and the docs index. */
  summary: string;
  /**
   * The rule judges workloads against the cluster's NodePools: where a state holds none (a target of EC2NodeClasses
   * only, an application folder), it does not run — there is no cluster to judge them against.
   */
  needsNodePools?: true;
  check(ctx: RuleContext, report: Reporter): void;
}

export type Reporter = (
  message: string,
  source: SourceRef | null,
  path?: (string | number)[],
  object?: string | null,
) => void;

export function runRules(rules: readonly Rule[], all: RuleContext): Finding[] {
  // A workload scaled to zero (`replicas: 0`) runs no pod: no rule judges it (it is still read and listed).
  const running = (st: State): State =>
    st.workloads.some((w) => w.replicas === 0) ? { ...st, workloads: st.workloads.filter((w) => w.replicas > 0) } : st;
  const ctx: RuleContext = { ...all, head: running(all.head), base: all.base ? running(all.base) : null };
  const out: Finding[] = [];
  for (const rule of rules) {
    const level = ctx.config.rules[rule.id];
    if (level === 'off') continue;
    if (rule.needsNodePools && ctx.head.nodePools.length === 0) continue;
    const severity: Severity = level ?? rule.severity;
    const seen = new Set<string>();
    const report: Reporter = (message, source, path = [], object = null) => {
      const pos = source?.locate(path) ?? null;
      const f: Finding = {
        rule: rule.id,
        severity,
        message,
        file: pos?.file ?? source?.file ?? null,
        line: pos?.line ?? source?.line ?? null,
        column: pos?.column ?? null,
        object,
        ...(path.length ? { path: path.join('.') } : {}),
      };
      const key = `${f.file}:${f.line}:${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(f);
    };
    try {
      rule.check(ctx, report);
    } catch (e) {
      // A rule that cannot decide says so instead of guessing or crashing the run.
      out.push({
        rule: rule.id,
        severity: 'info',
        message: `the rule could not be evaluated for this input: ${errorMessage(e)}`,
        file: null,
        line: null,
        object: null,
      });
    }
  }
  return out;
}
