/** Rules about NodeOverlays: the feature gate, scope, conflicts, penalty size (karpenter pkg/controllers/nodeoverlay/, pkg/cloudprovider/overlay/). */
import { LABEL_NODEPOOL } from '../api/labels.js';
import { cheapestOffering } from '../cloudprovider/instancetype.js';
import { MAX_LAUNCH_TYPES } from '../cloudprovider/launch.js';
import type { Rule } from './engine.js';
import { probePod } from './helpers.js';
import { parsePoolOfferingKey, poolOfferingKey } from '../cloudprovider/offering-key.js';

export const overlayGateDisabled: Rule = {
  id: 'overlay-gate-disabled',
  severity: 'error',
  summary: 'NodeOverlays exist but the NodeOverlay feature gate is off: Karpenter ignores them without any error.',
  check(ctx, report) {
    if (ctx.head.settings.featureGates.nodeOverlay) return;
    for (const o of ctx.head.overlays) {
      report(
        `NodeOverlay ${o.name} has no effect: the NodeOverlay feature gate is off (the default), and Karpenter ignores overlays silently. Set settings.featureGates.nodeOverlay: true in the karpenter chart values${ctx.config.controller.values ? ` (${ctx.config.controller.values})` : ''}.`,
        o.source,
        ['metadata', 'name'],
        `NodeOverlay/${o.name}`,
      );
    }
  },
};

export const overlayUnscoped: Rule = {
  id: 'overlay-unscoped',
  severity: 'warning',
  summary:
    'A NodeOverlay has no karpenter.sh/nodepool requirement: it changes prices for every NodePool in the cluster.',
  check(ctx, report) {
    for (const o of ctx.head.overlays) {
      if (o.requirements.some((r) => r.key === LABEL_NODEPOOL && (r.operator === 'In' || r.operator === 'NotIn')))
        continue;
      const hit = new Set<string>();
      for (const k of ctx.sim.overlays?.prices.keys() ?? [])
        if (ctx.sim.overlays!.prices.get(k)!.overlay === o.name) hit.add(parsePoolOfferingKey(k).nodePool);
      report(
        `NodeOverlay ${o.name} has no karpenter.sh/nodepool requirement: NodeOverlays are cluster-scoped, so it changes the prices every NodePool sees${hit.size ? ` (here: ${[...hit].sort().join(', ')})` : ''} — including their consolidation decisions. Add a karpenter.sh/nodepool In [...] requirement.`,
        o.source,
        ['spec', 'requirements'],
        `NodeOverlay/${o.name}`,
      );
    }
  },
};

export const overlayConflict: Rule = {
  id: 'overlay-conflict',
  severity: 'error',
  summary:
    'Two NodeOverlays of equal weight hit the same offering: the alphabetically earlier one is dropped for all NodePools.',
  check(ctx, report) {
    for (const c of ctx.sim.overlays?.conflicts ?? []) {
      const o = ctx.head.overlays.find((x) => x.name === c.overlay)!;
      report(
        `NodeOverlay ${c.overlay} has the same weight (${o.weight || 'unset'}) as ${c.with} and targets some of the same offerings: Karpenter applies ${c.with} (the name that sorts later) and drops ${c.overlay} entirely, for every NodePool (status Conflict). Give them different weights or disjoint requirements.`,
        o.source,
        o.weight ? ['spec', 'weight'] : ['metadata', 'name'],
        `NodeOverlay/${o.name}`,
      );
    }
  },
};

export const overlayPenaltyTooLarge: Rule = {
  id: 'overlay-penalty-too-large',
  severity: 'warning',
  summary:
    'A price adjustment pushes the penalised instance types out of the 60 candidates sent to EC2: the fallback (and prioritized) is lost.',
  check(ctx, report) {
    if (!ctx.head.settings.featureGates.nodeOverlay) return;
    const probe = probePod();
    for (const t of ctx.sim.templates) {
      const options = t.instanceTypes.filter(
        (it) =>
          (it.allocatable.cpu ?? 0) >= probe.requests.cpu && (it.allocatable.memory ?? 0) >= probe.requests.memory,
      );
      const penalised = options.filter((it) => it.offerings.some((o) => o.overlaid && o.price > o.cost));
      if (!penalised.length) continue;
      const ordered = options
        .map((it) => ({ it, p: cheapestOffering(it, t.requirements)?.price ?? Infinity }))
        .sort((a, b) => a.p - b.p);
      const top = new Set(ordered.slice(0, MAX_LAUNCH_TYPES).map((x) => x.it.name));
      if (penalised.some((it) => top.has(it.name))) continue;
      const names = new Set<string>();
      for (const it of penalised)
        for (const o of it.offerings)
          if (o.overlaid) {
            const v = ctx.sim.overlays?.prices.get(poolOfferingKey(t.nodePool, it.name, o));
            if (v) names.add(v.overlay);
          }
      for (const name of names) {
        const o = ctx.head.overlays.find((x) => x.name === name)!;
        report(
          `NodeOverlay ${name} raises the price of ${penalised.length} instance type(s) of NodePool ${t.nodePool} so far that none of them is among the ${MAX_LAUNCH_TYPES} cheapest candidates sent to EC2 for a small pod: they can never be launched as a fallback, and no overlaid type reaches CreateFleet, so the prioritized strategy is lost. Keep the penalty just above the real price gap (the seeds suggest +20–30% at most).`,
          o.source,
          ['spec', 'priceAdjustment'],
          `NodeOverlay/${o.name}`,
        );
      }
    }
  },
};
