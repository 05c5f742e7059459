/**
 * Which zone names belong to a region. Karpenter's offerings come from the EC2NodeClass's subnets
 * (karpenter-provider-aws pkg/providers/instancetype/offering/ BaseResolver: one offering per zone of the resolved
 * subnets), and a subnet lies in a zone of the cluster's region: a zone value of another region, or of none, gives no
 * offering (karpenter pkg/controllers/provisioning/scheduling/scheduler.go NewScheduler: "nodepool requirements
 * filtered out all available instance types" when none is left).
 *
 * Offline the subnets are unknown, so the zones of a region are read from its names (AWS names an Availability Zone
 * `<region><letter>`, from `a` to at most `f` (us-east-1 has six); a Local or Wavelength Zone `<region>-<location>…`),
 * narrowed to the zones a refreshed catalog of that region lists when it carries them (`catalog refresh`).
 */
import type { Catalog } from './catalog.js';

/** The zones a refreshed catalog of `region` lists (union over its types), or null when it lists none. */
export function catalogZones(catalog: Catalog, region: string): Set<string> | null {
  if (catalog.region !== region) return null;
  const zones = new Set<string>();
  for (const t of catalog.types) for (const z of t.zones ?? []) zones.add(z);
  return zones.size ? zones : null;
}

/** Whether `zone` can be a zone of `region` (see the module comment). */
export function isZoneOfRegion(zone: string, region: string, catalog: Catalog): boolean {
  if (!zone.startsWith(region)) return false;
  const rest = zone.slice(region.length);
  // Local Zones (us-west-2-lax-1a) and Wavelength Zones (us-east-1-wl1-bos-wlz-1): a catalog refresh lists
  // Availability Zones only, so their names are the whole check.
  if (/^-[a-z0-9]+(-[a-z0-9]+)*$/.test(rest)) return true;
  if (!/^[a-f]$/.test(rest)) return false;
  const known = catalogZones(catalog, region);
  return known === null || known.has(zone);
}
