/**
 * NodeOverlay evaluation (karpenter pkg/controllers/nodeoverlay/controller.go, store.go): one global pass over all
 * overlays in weight-descending, name-descending order; an overlay whose price targets collide with a stored update of
 * the same weight is dropped everywhere (Conflict); otherwise the first (highest priority) price per offering wins, and
 * prices never stack. Applies only with the NodeOverlay feature gate on.
 */
import { LABEL_CAPACITY_TYPE, LABEL_NODEPOOL, LABEL_RESERVATION_ID, LABEL_ZONE } from '../api/labels.js';
import type { NodeOverlay } from '../api/nodeoverlay.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { poolOfferingKey } from './offering-key.js';

export interface OverlayOffering {
  zone: string;
  capacityType: string;
  reservationId?: string;
}

export interface OverlayTarget {
  nodePool: string;
  templateLabels: Record<string, string>;
  typeName: string;
  typeRequirements: Requirements;
  offerings: OverlayOffering[];
}

export interface OverlayOutcome {
  /** poolOfferingKey → the price change (price or priceAdjustment) and overlay name. */
  prices: Map<string, { change: string; overlay: string }>;
  conflicts: { overlay: string; with: string }[];
  /** Overlays that matched at least one offering. */
  applied: Set<string>;
  /** Overlays skipped: runtime validation failed. */
  invalid: string[];
}

/** Offering requirements compatible with the overlay (overlay as receiver, AllowUndefined; controller.go getOverlaidOfferings). */
function offeringMatches(reqs: Requirements, o: OverlayOffering): boolean {
  const offReqs = new Requirements([
    Requirement.of(LABEL_ZONE, 'In', [o.zone]),
    Requirement.of(LABEL_CAPACITY_TYPE, 'In', [o.capacityType]),
    o.reservationId
      ? Requirement.of(LABEL_RESERVATION_ID, 'In', [o.reservationId])
      : Requirement.of(LABEL_RESERVATION_ID, 'DoesNotExist'),
  ]);
  return reqs.isCompatible(offReqs, true);
}

export function evaluateOverlays(overlays: readonly NodeOverlay[], targets: Iterable<OverlayTarget>): OverlayOutcome {
  const ordered = [...overlays].sort((a, b) => b.weight - a.weight || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  const targetList = [...targets];
  const stored = new Map<string, { change: string; overlay: string; lowestWeight: number; lowestName: string }>();
  const out: OverlayOutcome = { prices: new Map(), conflicts: [], applied: new Set(), invalid: [] };
  for (const ov of ordered) {
    if (ov.invalid) {
      out.invalid.push(ov.name);
      continue;
    }
    const change = ov.price ?? ov.priceAdjustment;
    const reqs = Requirements.fromNodeSelectorRequirements(ov.requirements);
    const matched: string[] = [];
    for (const t of targetList) {
      const base = t.typeRequirements.clone();
      base.add(Requirement.of(LABEL_NODEPOOL, 'In', [t.nodePool]));
      for (const [k, v] of Object.entries(t.templateLabels)) base.add(Requirement.of(k, 'In', [v]));
      // Strict: every overlay key must be defined on the NodePool/instance type (controller.go getOverlaidOfferings).
      if (!base.isCompatible(reqs, false)) continue;
      for (const o of t.offerings)
        if (offeringMatches(reqs, o)) matched.push(poolOfferingKey(t.nodePool, t.typeName, o));
    }
    if (matched.length === 0 || change === undefined) {
      if (matched.length) out.applied.add(ov.name);
      continue;
    }
    // Validate against everything first (controller.go validateAndUpdateInstanceTypeOverrides): any same-weight
    // collision drops the overlay.
    const clash = matched.map((k) => stored.get(k)).find((s) => s && s.lowestWeight === ov.weight);
    if (clash) {
      out.conflicts.push({ overlay: ov.name, with: clash.lowestName });
      continue;
    }
    for (const k of matched) {
      const s = stored.get(k);
      if (s) {
        s.lowestWeight = ov.weight;
        s.lowestName = ov.name;
      } else stored.set(k, { change, overlay: ov.name, lowestWeight: ov.weight, lowestName: ov.name });
    }
    out.applied.add(ov.name);
  }
  for (const [k, s] of stored) out.prices.set(k, { change: s.change, overlay: s.overlay });
  return out;
}

/** `AdjustedPrice(price, change)` (karpenter pkg/cloudprovider/types.go). */
export function adjustedPrice(price: number, change: string): number {
  if (change === '') return price;
  if (!change.startsWith('+') && !change.startsWith('-')) return parseFloat(change);
  let result: number;
  if (change.endsWith('%')) result = price * (1 + parseFloat(change.slice(0, -1)) / 100);
  else result = price + parseFloat(change);
  return Math.max(result, 0);
}
