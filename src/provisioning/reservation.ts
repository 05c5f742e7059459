/**
 * Reserved capacity during scheduling, in strict mode (karpenter pkg/controllers/provisioning/scheduling/
 * reservationmanager.go ReservationManager; nodeclaim.go NodeClaim.offeringsToReserve; the provisioner always schedules
 * with DisableReservedCapacityFallback). A NodeClaim holds every compatible reserved offering it can (pessimistically),
 * per hostname; a pod that would leave a NodeClaim with none of the reserved offerings it holds, or a new NodeClaim that
 * finds compatible reserved offerings all held by others, fails with a ReservedOfferingError: the pod waits for the next
 * provisioning round, when the reservations held are launched.
 */
import { offeringMatcher, type InstanceType } from '../cloudprovider/instancetype.js';
import type { Requirements } from '../scheduling/requirements.js';

export class ReservationManager {
  /** Instances each reservation still has (capacity minus what earlier rounds launched). */
  private readonly remaining: Map<string, number>;
  private readonly held = new Map<string, Set<string>>();
  private readonly holders = new Map<string, number>();

  constructor(counts: Iterable<[string, number]>) {
    this.remaining = new Map(counts);
  }

  /** An offering of a reservation with nothing left is unavailable (ReservedCapacityResolver: count 0). */
  available(id: string): boolean {
    return (this.remaining.get(id) ?? 0) > 0;
  }

  canReserve(hostname: string, id: string): boolean {
    if (this.held.get(hostname)?.has(id)) return true;
    return (this.holders.get(id) ?? 0) < (this.remaining.get(id) ?? 0);
  }

  /** Holds `ids` for `hostname` and releases what it held before and no longer holds (NodeClaim.Add). */
  hold(hostname: string, ids: ReadonlySet<string>): void {
    const before = this.held.get(hostname) ?? new Set<string>();
    for (const id of before) if (!ids.has(id)) this.holders.set(id, (this.holders.get(id) ?? 1) - 1);
    for (const id of ids) if (!before.has(id)) this.holders.set(id, (this.holders.get(id) ?? 0) + 1);
    this.held.set(hostname, new Set(ids));
  }

  /** The round ends: a NodeClaim launches on one of the reservations it holds, which is then used up by one. */
  launch(hostname: string, id: string): void {
    this.hold(hostname, new Set());
    this.remaining.set(id, Math.max(0, (this.remaining.get(id) ?? 0) - 1));
  }
}

export interface ReservedOffers {
  /** Some option has an available, compatible reserved offering. */
  compatible: boolean;
  /** The reservations this hostname can hold among them. */
  ids: Set<string>;
}

/** nodeclaim.go offeringsToReserve. */
export function offeringsToReserve(
  rm: ReservationManager,
  hostname: string,
  options: readonly InstanceType[],
  reqs: Requirements,
): ReservedOffers {
  let compatible = false;
  const ids = new Set<string>();
  const matches = offeringMatcher(reqs);
  for (const it of options)
    for (const o of it.offerings) {
      if (o.capacityType !== 'reserved' || !o.available || !o.reservationId || !rm.available(o.reservationId)) continue;
      if (!matches(o)) continue;
      compatible = true;
      if (rm.canReserve(hostname, o.reservationId)) ids.add(o.reservationId);
    }
  return { compatible, ids };
}

/** The ReservedOfferingError of strict mode, or null (nodeclaim.go offeringsToReserve). */
export function reservedOfferingError(offers: ReservedOffers, holding: boolean): string | null {
  if (offers.compatible && offers.ids.size === 0)
    return 'one or more instance types with compatible reserved offerings are available, but could not be reserved';
  if (holding && offers.ids.size === 0)
    return 'satisfying updated nodeclaim constraints would remove all compatible reserved offering options';
  return null;
}
