/** Rules about disruption: budgets, AMI aliases, pool removal (karpenter pkg/controllers/disruption/, karpenter-provider-aws pkg/cloudprovider/drift.go). */
import { compileBudgets } from '../disruption/budgets.js';
import type { Rule } from './engine.js';
import { nodePoolByName } from './helpers.js';
import { BUDGET_SCHEDULE } from '../api/nodepool.js';

export const budgetInvalidSchedule: Rule = {
  id: 'budget-invalid-schedule',
  severity: 'error',
  summary:
    'A budget schedule the CRD accepts but the cron parser rejects: every disruption of the NodePool is blocked.',
  check(ctx, report) {
    for (const np of ctx.head.nodePools) {
      for (const b of compileBudgets(np.budgets)) {
        if (
          !b.error ||
          b.budget.schedule === undefined ||
          b.errorCode !== 'invalid-schedule' ||
          !BUDGET_SCHEDULE.test(b.budget.schedule)
        )
          continue;
        report(
          `NodePool ${np.name}: budget ${b.index + 1} has an ${b.error}. The API server accepts it, but Karpenter's cron parser does not, and a budget that fails to parse makes every reason's allowed disruptions 0 (fail closed): no consolidation, no drift replacement, ever.`,
          np.source,
          ['spec', 'disruption', 'budgets', b.index, 'schedule'],
          `NodePool/${np.name}`,
        );
      }
    }
  },
};

export const budgetBlocksDrift: Rule = {
  id: 'budget-blocks-drift',
  severity: 'error',
  summary: 'This change drifts nodes but the budgets for Drifted never allow a disruption inside the horizon.',
  check(ctx, report) {
    for (const p of ctx.rollouts ?? []) {
      if (p.budget?.verdict !== 'blocked') continue;
      const np = nodePoolByName(ctx, p.name);
      if (!np) continue;
      report(
        `NodePool ${np.name}: this change drifts ${p.nodesDrifted - p.nodesRemoved} node(s), but ${p.rollout?.note ?? 'the budgets block the rollout'}. The drifted nodes keep running the old configuration until the budgets allow it.`,
        np.source,
        np.budgetsDefaulted ? ['spec'] : ['spec', 'disruption', 'budgets'],
        `NodePool/${np.name}`,
      );
    }
  },
};

export const budgetUnlimited: Rule = {
  id: 'budget-unlimited',
  severity: 'warning',
  summary: 'This change drifts nodes and no budget limits Drifted: all of them are disrupted at once.',
  check(ctx, report) {
    for (const p of ctx.rollouts ?? []) {
      if (p.budget?.verdict !== 'unlimited') continue;
      const np = nodePoolByName(ctx, p.name);
      if (!np) continue;
      report(
        `NodePool ${np.name}: this change drifts ${p.nodesDrifted - p.nodesRemoved} node(s) and no budget limits the Drifted reason (${np.budgets.length ? "every budget's reasons exclude it" : 'budgets: []'}): Karpenter may replace all of them at once. Add a budget such as { nodes: "10%" }.`,
        np.source,
        ['spec', 'disruption', 'budgets'],
        `NodePool/${np.name}`,
      );
    }
  },
};

export const poolRemovedWithNodes: Rule = {
  id: 'pool-removed-with-nodes',
  severity: 'warning',
  summary: 'A NodePool is deleted in head while it has nodes: they are deleted by garbage collection, without budgets.',
  check(ctx, report) {
    for (const p of ctx.rollouts ?? []) {
      if (!p.nodesRemoved) continue;
      const np = ctx.base?.nodePools.find((x) => x.name === p.name);
      report(
        `NodePool ${p.name} is deleted by this change while it has ${p.nodesRemoved} node(s): Kubernetes garbage collection deletes them without disruption budgets and without pre-spun replacements; their pods are rescheduled onto the remaining NodePools. To move gradually, first narrow the pool (or set a budget), let drift replace its nodes, then delete it.`,
        np?.source ?? null,
        ['metadata', 'name'],
        `NodePool/${p.name}`,
      );
    }
  },
};

export const amiAliasLatest: Rule = {
  id: 'ami-alias-latest',
  severity: 'warning',
  summary: 'An EC2NodeClass uses an @latest AMI alias: every AMI release drifts every node using it.',
  check(ctx, report) {
    for (const nc of ctx.head.nodeClasses) {
      if (!nc.amiAlias?.endsWith('@latest')) continue;
      const family = nc.amiAlias.slice(0, nc.amiAlias.indexOf('@'));
      // Windows aliases allow only `latest` (karpenter-provider-aws pkg/apis/v1/ec2nodeclass.go amiVersionFromAlias and
      // the CEL rule on amiSelectorTerms): there is no version to pin, so the advice would break the EC2NodeClass.
      if (family.startsWith('windows')) continue;
      const pools = ctx.head.nodePools.filter((p) => p.nodeClassRef?.name === nc.name).map((p) => p.name);
      const i = Array.isArray((nc.raw.spec as { amiSelectorTerms?: unknown[] })?.amiSelectorTerms) ? 0 : undefined;
      report(
        `EC2NodeClass ${nc.name} uses ${nc.amiAlias}: within about a day of every EKS AMI release the resolved AMI changes and every node${pools.length ? ` of ${pools.join(', ')}` : ''} drifts (AMIDrift) and is replaced under the Drifted budgets. Pin a version (e.g. ${family}@${family === 'bottlerocket' ? 'v1.40.0' : 'v20260801'}) and bump it in a PR.`,
        nc.source,
        i === undefined ? ['spec'] : ['spec', 'amiSelectorTerms', i, 'alias'],
        `EC2NodeClass/${nc.name}`,
      );
    }
  },
};
