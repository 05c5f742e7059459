/**
 * The one place that writes and reads the string keys of offerings. An offering is an (instance
 * type, zone, capacity type[, capacity reservation]) a NodeClaim can launch (karpenter
 * pkg/cloudprovider/types.go Offering); maps keyed by these strings are how overlay prices, ICE
 * what-ifs and rules find the same offering.
 */

export interface OfferingRef {
  capacityType: string;
  zone: string;
  reservationId?: string;
}

/** `capacityType/zone[/reservationId]`: one offering of an instance type. */
export function offeringKey(o: OfferingRef): string {
  return `${o.capacityType}/${o.zone}${o.reservationId ? `/${o.reservationId}` : ''}`;
}

/** `type|offeringKey`: an offering of a named type (a NodePool's price changes). */
export function typeOfferingKey(type: string, o: OfferingRef): string {
  return `${type}|${offeringKey(o)}`;
}

/** `capacityType:type:zone`: an offering made unavailable (an ICE what-if). */
export function unavailableKey(capacityType: string, type: string, zone: string): string {
  return `${capacityType}:${type}:${zone}`;
}

/** Whether an offering of the named type is among `unavailable` (unavailableKey). */
export function inUnavailable(unavailable: ReadonlySet<string>): (o: OfferingRef, type: { name: string }) => boolean {
  return (o, type) => unavailable.has(unavailableKey(o.capacityType, type.name, o.zone));
}
