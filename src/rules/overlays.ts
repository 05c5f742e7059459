/** Rules about NodeOverlays: the feature gate, scope, conflicts, penalty size (karpenter pkg/controllers/nodeoverlay/, pkg/cloudprovider/overlay/). */
import { LABEL_NODEPOOL } from '../api/labels.js';
import { cheapestOffering } from '../cloudprovider/instancetype.js';
import { MAX_LAUNCH_TYPES } from '../cloudprovider/launch.js';
import { MAX_INSTANCE_TYPES } from '../provisioning/nodeclaim.js';
import type { OverlayOutcome } from '../cloudprovider/overlay-evaluation.js';
import type { Rule } from './engine.js';
import { hosts, probePod } from './helpers.js';
import { typeOfferingKey } from '../cloudprovider/offering-key.js';

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
      for (const [pool, p] of ctx.sim.overlays?.prices ?? [])
        for (const overlay of p.overlays.values())
          if (overlay === o.name) {
            hit.add(pool);
            break;
          }
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
    'A price adjustment ranks the penalised instance types behind the 60 candidates sent to EC2, types that really cost more among them: they launch only after capacity errors on those.',
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
        .map((it) => ({ it, o: cheapestOffering(it, t.requirements) }))
        .filter((x) => x.o)
        .sort((a, b) => a.o!.price - b.o!.price);
      // The provider's cut to 60 by Karpenter's (overlay-adjusted) price (karpenter-provider-aws
      // pkg/providers/instance/instance.go filterInstanceTypes, karpenter pkg/cloudprovider/types.go Truncate).
      const cut = ordered.slice(0, MAX_LAUNCH_TYPES);
      const cutNames = new Set(cut.map((x) => x.it.name));
      if (penalised.some((it) => cutNames.has(it.name))) continue;
      // A penalty that only reorders types of similar real price is a preference; one that ranks the penalised types
      // behind types that really cost more makes Karpenter launch those instead.
      const cheapestPenalised = Math.min(
        ...penalised.map((it) => cheapestOffering(it, t.requirements)?.cost ?? Infinity),
      );
      const dearer = cut.filter((x) => x.o!.cost > cheapestPenalised);
      if (!dearer.length) continue;
      const names = new Set<string>();
      for (const it of penalised)
        for (const o of it.offerings)
          if (o.overlaid) {
            const v = ctx.sim.overlays?.prices.get(t.nodePool)?.overlays.get(typeOfferingKey(it.name, o));
            if (v) names.add(v);
          }
      const maxDearer = Math.max(...dearer.map((x) => x.o!.cost));
      for (const name of names) {
        const o = ctx.head.overlays.find((x) => x.name === name)!;
        report(
          `NodeOverlay ${name} raises the price of ${penalised.length} instance type(s) of NodePool ${t.nodePool} so far that none of them is among the ${MAX_LAUNCH_TYPES} cheapest candidates sent to EC2 for a small pod, while ${dearer.length} of those candidates really cost more (up to $${maxDearer.toFixed(4)}/h, against $${cheapestPenalised.toFixed(4)}/h for the cheapest penalised type): Karpenter launches those dearer types first, and the penalised ones only once enough of the cheaper candidates are unavailable (capacity errors). The prioritized strategy is still used (the NodeClaim's up to 600 options carry the overlay). If you meant a preference, keep the penalty just above the real price gap.`,
          o.source,
          ['spec', 'priceAdjustment'],
          `NodeOverlay/${o.name}`,
        );
      }
    }
  },
};

export const overlayGateEnabled: Rule = {
  id: 'overlay-gate-enabled',
  severity: 'warning',
  summary:
    'This change turns the NodeOverlay feature gate on: NodePools are skipped until their overlays are evaluated, and the overlays start changing prices.',
  check(ctx, report) {
    if (!ctx.base || ctx.base.settings.featureGates.nodeOverlay || !ctx.head.settings.featureGates.nodeOverlay) return;
    const pools = new Set<string>();
    for (const pool of ctx.sim.overlays?.prices.keys() ?? []) pools.add(pool);
    const first = ctx.head.overlays[0];
    report(
      `This change turns the NodeOverlay feature gate on. Until the overlay controller has evaluated a NodePool, Karpenter skips it when provisioning (UnevaluatedNodePoolError), so pods can wait briefly after the controller restarts; from then on ${ctx.head.overlays.length} NodeOverlay(s) change the prices${pools.size ? ` of NodePool(s) ${[...pools].sort().join(', ')}` : ''} that selection and consolidation see — nodes priced higher by an overlay can be consolidated onto other types. Roll the gate out on its own, before or after the overlays.`,
      first?.source ?? null,
      first ? ['metadata', 'name'] : [],
      first ? `NodeOverlay/${first.name}` : null,
    );
  },
};

/**
 * The entries of a map keyed by overlay name in the order the overlays were applied (weight, then name, descending:
 * overlay-evaluation.ts evaluateOverlays), as the rules report them: the outcome's prices are kept per NodePool.
 */
function inAppliedOrder<T>(outcome: OverlayOutcome, byOverlay: Map<string, T>): [string, T][] {
  const order = new Map([...outcome.applied].map((name, i) => [name, i]));
  const at = (name: string) => order.get(name) ?? Infinity;
  return [...byOverlay].sort(([a], [b]) => at(a) - at(b));
}

export const overlayAndWeightSplit: Rule = {
  id: 'overlay-and-weight-split',
  severity: 'info',
  summary: 'A NodeOverlay penalises a NodePool that weights already make a fallback: two mechanisms for one goal.',
  check(ctx, report) {
    if (!ctx.head.settings.featureGates.nodeOverlay || !ctx.sim.overlays) return;
    // The pools a generic pod can use, in weight order (the split); the first is the preferred one.
    const generic = hosts(ctx, probePod());
    if (generic.length < 2) return;
    const top = generic[0];
    const penalised = new Map<string, Set<string>>();
    for (const [pool, p] of ctx.sim.overlays.prices)
      for (const [k, change] of p.changes) {
        if (!change.startsWith('+') || /^\+0*(\.0*)?%?$/.test(change)) continue;
        const overlay = p.overlays.get(k)!;
        if (!penalised.has(overlay)) penalised.set(overlay, new Set());
        penalised.get(overlay)!.add(pool);
      }
    for (const [name, pools] of inAppliedOrder(ctx.sim.overlays, penalised)) {
      const fallbacks = generic.filter((t) => t !== top && t.weight < top.weight && pools.has(t.nodePool));
      if (!fallbacks.length) continue;
      const o = ctx.head.overlays.find((x) => x.name === name)!;
      report(
        `NodeOverlay ${name} raises prices in ${fallbacks.map((t) => `${t.nodePool} (weight ${t.weight})`).join(', ')}, which the weights already make the fallback of ${top.nodePool} (weight ${top.weight}). The weight decides which NodePool a NodeClaim comes from; the overlay only reorders types inside the fallback's NodeClaims and makes its nodes look more expensive to consolidation. Use one mechanism: the weighted split alone, or one NodePool with the overlay.`,
        o.source,
        ['spec', 'priceAdjustment'],
        `NodeOverlay/${o.name}`,
      );
    }
  },
};

export const overlayBeyondCut: Rule = {
  id: 'overlay-beyond-cut',
  severity: 'warning',
  summary:
    'A NodeOverlay changes only instance types that are never among the 600 cheapest candidates of a NodeClaim: it has no effect.',
  check(ctx, report) {
    if (!ctx.head.settings.featureGates.nodeOverlay || !ctx.sim.overlays) return;
    const touched = new Map<string, Map<string, Set<string>>>(); // overlay → pool → types
    for (const [nodePool, p] of ctx.sim.overlays.prices)
      for (const [typeOffering, overlay] of p.overlays) {
        const type = typeOffering.slice(0, typeOffering.indexOf('|'));
        if (!touched.has(overlay)) touched.set(overlay, new Map());
        const m = touched.get(overlay)!;
        if (!m.has(nodePool)) m.set(nodePool, new Set());
        m.get(nodePool)!.add(type);
      }
    // The cut keeps the 600 cheapest (overlay prices applied) of a NodeClaim's options (scheduler.go
    // TruncateInstanceTypes); for a pod every type of the pool can host, that is the pool's 600 cheapest. Computed
    // once per NodePool.
    const byName = new Map(ctx.sim.templates.map((t) => [t.nodePool, t]));
    const keptOf = new Map<string, Set<string> | null>();
    const kept = (pool: string): Set<string> | null => {
      if (keptOf.has(pool)) return keptOf.get(pool)!;
      const t = byName.get(pool);
      let v: Set<string> | null = null;
      if (t && t.instanceTypes.length > MAX_INSTANCE_TYPES) {
        const ordered = t.instanceTypes
          .map((it) => ({ name: it.name, p: cheapestOffering(it, t.requirements)?.price ?? Infinity }))
          .sort((a, b) => a.p - b.p || (a.name < b.name ? -1 : 1));
        v = new Set(ordered.slice(0, MAX_INSTANCE_TYPES).map((x) => x.name));
      }
      keptOf.set(pool, v);
      return v;
    };
    for (const [name, byPool] of inAppliedOrder(ctx.sim.overlays, touched)) {
      const beyond: string[] = [];
      let within = false;
      for (const [pool, types] of byPool) {
        if (!byName.has(pool)) continue;
        const k = kept(pool);
        if (!k || [...types].some((x) => k.has(x))) within = true;
        else beyond.push(pool);
      }
      if (within || !beyond.length) continue;
      const o = ctx.head.overlays.find((x) => x.name === name)!;
      report(
        `NodeOverlay ${name} changes the price only of instance types that are never among the ${MAX_INSTANCE_TYPES} cheapest candidates Karpenter keeps for a NodeClaim of ${beyond.sort().join(', ')} (TruncateInstanceTypes cuts the rest before launch): it has no effect on what is launched. Narrow the NodePool's requirements so that these types stay among the candidates, or drop the overlay.`,
        o.source,
        ['spec', 'requirements'],
        `NodeOverlay/${o.name}`,
      );
    }
  },
};
