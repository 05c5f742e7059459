/** Rules about disruption: budgets, AMI aliases, pool removal (karpenter pkg/controllers/disruption/, karpenter-provider-aws pkg/cloudprovider/drift.go). */
import { allowedByBudgets, compileBudgets } from '../disruption/budgets.js';
import type { DisruptionReason, NodePool } from '../api/nodepool.js';
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
      // The NodePool exists in base only: its lines are base's, so the finding names them rather than pointing into
      // head's version of the file (annotations and links are made at head).
      const at = np ? np.source.locate(['metadata', 'name']) : null;
      report(
        `NodePool ${p.name}${at ? ` (${np!.source.file}:${at.line} in base)` : ''} is deleted by this change while it has ${p.nodesRemoved} node(s): Kubernetes garbage collection deletes them without disruption budgets and without pre-spun replacements; their pods are rescheduled onto the remaining NodePools that can host them (see the placements). To move gradually, first narrow the pool (or set a budget), let drift replace its nodes, then delete it.`,
        null,
        [],
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

/** The reasons a budget can limit, in the order Karpenter's disruption methods run (drift, emptiness, consolidation). */
const BUDGET_REASONS: DisruptionReason[] = ['Drifted', 'Empty', 'Underutilized'];

/**
 * The most nodes the pool's budgets ever allow at once for `reason`: outside every scheduled window only the budgets
 * without a schedule are active, and the allowed count is the minimum over active budgets (karpenter
 * pkg/apis/v1/nodepool.go NodePool.GetAllowedDisruptionsByReason), so no window can raise it above that.
 */
function mostAllowed(np: NodePool, reason: DisruptionReason, nodes: number): number {
  return allowedByBudgets(compileBudgets(np.budgets), nodes, reason, 0, (b) => !b.schedule);
}

export const budgetWholePool: Rule = {
  id: 'budget-whole-pool',
  severity: 'warning',
  summary: 'This change raises a NodePool\'s budgets so that every node can be disrupted at once (e.g. nodes: "100%").',
  check(ctx, report) {
    if (!ctx.base) return;
    for (const np of ctx.head.nodePools) {
      const was = ctx.base.nodePools.find((p) => p.name === np.name);
      if (!was || JSON.stringify(was.budgets) === JSON.stringify(np.budgets)) continue;
      // At the pool's size when the fleet gives it, and never below 100 nodes: percentages round up
      // (GetScaledValueFromIntOrPercent), so on a pool of a few nodes "10%" already allows every node, and the change
      // that matters is the one that still allows every node once the pool grows.
      const known = ctx.rollouts?.find((p) => p.name === np.name)?.nodes ?? 0;
      const size = Math.max(known, 100);
      const whole = BUDGET_REASONS.filter((r) => mostAllowed(np, r, size) >= size && mostAllowed(was, r, size) < size);
      if (!whole.length) continue;
      report(
        `NodePool ${np.name}: after this change the budgets allow ${whole.join(', ')} disruption of every node of the pool at once, where before they did not: one drift, one AMI release or one consolidation pass can take the whole pool down in a single wave, and its pods all wait for new capacity together. Keep a percentage below 100 % (e.g. nodes: "20%"), or keep an unscheduled budget below 100 % next to a 100 % one limited to a schedule or to reasons (a scheduled budget alone leaves the pool unlimited outside its window).`,
        np.source,
        np.budgetsDefaulted ? ['spec'] : ['spec', 'disruption', 'budgets'],
        `NodePool/${np.name}`,
      );
    }
  },
};

export const consolidationPolicyChanged: Rule = {
  id: 'consolidation-policy-changed',
  severity: 'info',
  summary: 'This change turns consolidation of a NodePool on or off (consolidationPolicy, consolidateAfter: Never).',
  check(ctx, report) {
    if (!ctx.base) return;
    // karpenter pkg/controllers/disruption/consolidation.go consolidation.ShouldDisrupt: consolidateAfter Never (nil)
    // disables it; WhenEmpty leaves only empty nodes (emptiness.go Emptiness.ShouldDisrupt).
    // Balanced (balanced.go EvaluateBalancedMove) consolidates underutilized nodes only when a move's score (savings
    // against disruption) reaches 1/BalancedK.
    const mode = (p: NodePool) =>
      p.consolidateAfter === 'Never'
        ? 'off'
        : p.consolidationPolicy === 'WhenEmpty'
          ? 'empty'
          : p.consolidationPolicy === 'Balanced'
            ? 'balanced'
            : 'underutilized';
    for (const np of ctx.head.nodePools) {
      const was = ctx.base.nodePools.find((p) => p.name === np.name);
      if (!was) continue;
      const [a, b] = [mode(was), mode(np)];
      if (a === b) continue;
      const what: Record<string, string> = {
        off: "Karpenter no longer consolidates its nodes at all (consolidateAfter: Never): empty and underutilized nodes stay until they expire or drift, and the pool's cost no longer follows the load down",
        empty:
          "Karpenter now only deletes nodes that are empty (consolidationPolicy: WhenEmpty): underutilized nodes are no longer replaced by cheaper ones or packed together, so the pool's cost follows the load down only as far as whole nodes empty out",
        underutilized:
          'Karpenter now also consolidates underutilized nodes (WhenEmptyOrUnderutilized): it evicts pods to delete nodes or replace them with cheaper ones, within the budgets for Underutilized — expect pod restarts on this pool',
        balanced:
          "Karpenter now consolidates underutilized nodes only when a move's savings outweigh the disruption it causes (consolidationPolicy: Balanced): fewer pod restarts than WhenEmptyOrUnderutilized, and the pool's cost follows the load down less closely",
      };
      const path =
        was.consolidateAfter !== np.consolidateAfter && (a === 'off' || b === 'off')
          ? ['spec', 'disruption', 'consolidateAfter']
          : ['spec', 'disruption', 'consolidationPolicy'];
      report(`NodePool ${np.name}: ${what[b]}.`, np.source, path, `NodePool/${np.name}`);
    }
  },
};

export const al2EndOfLife: Rule = {
  id: 'al2-end-of-life',
  severity: 'warning',
  summary: 'An EC2NodeClass uses Amazon Linux 2, whose EKS AMIs are no longer published (end of support 2025-11-26).',
  check(ctx, report) {
    for (const nc of ctx.head.nodeClasses) {
      if (nc.amiFamily !== 'AL2') continue;
      const terms = (nc.raw.spec as { amiSelectorTerms?: unknown[] } | undefined)?.amiSelectorTerms;
      // amiFamily AL2 with id or tag terms is often another distribution bootstrapped the AL2 way (the documented
      // Ubuntu setup, a converted v1beta1 Ubuntu class): only the alias, or terms naming EKS's AL2 AMIs, are AL2.
      const eksAl2Name = (t: unknown) => {
        const name = (t as { name?: unknown })?.name;
        return typeof name === 'string' && name.startsWith('amazon-eks-') && !name.includes('al2023');
      };
      if (!nc.amiAlias?.startsWith('al2@') && !(Array.isArray(terms) && terms.some(eksAl2Name))) continue;
      const i = nc.amiAlias?.startsWith('al2@') && Array.isArray(terms) ? terms.findIndex((t) => isAliasTerm(t)) : -1;
      report(
        `EC2NodeClass ${nc.name} uses Amazon Linux 2${nc.amiAlias ? ` (${nc.amiAlias})` : ' (amiFamily: AL2)'}: Amazon EKS stopped publishing EKS-optimized AL2 AMIs on 2025-11-26, and Kubernetes 1.32 is the last version with AL2 AMIs, so nodes get no new AMI (no security fixes) and the cluster cannot upgrade past 1.32 with them. Move to al2023 (or bottlerocket); the change drifts every node of the class, so roll it out under the Drifted budgets.`,
        nc.source,
        i >= 0 ? ['spec', 'amiSelectorTerms', i, 'alias'] : ['spec', 'amiFamily'],
        `EC2NodeClass/${nc.name}`,
      );
    }
  },
};

function isAliasTerm(t: unknown): boolean {
  return typeof t === 'object' && t !== null && typeof (t as { alias?: unknown }).alias === 'string';
}
