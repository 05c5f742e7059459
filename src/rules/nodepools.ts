/** Rules about NodePools: weights, generations, requirements, minValues, expiry, node classes. */
import {
  LABEL_INSTANCE_CATEGORY,
  LABEL_INSTANCE_FAMILY,
  LABEL_INSTANCE_FLEX,
  LABEL_INSTANCE_GENERATION,
  LABEL_ZONE,
  normalizeKey,
  WELL_KNOWN_LABELS,
} from '../api/labels.js';
import { isZoneOfRegion } from '../cloudprovider/region-zones.js';
import { editDistance } from '../common/distance.js';
import { parseDurationMs } from '../common/duration.js';
import { launch } from '../cloudprovider/launch.js';
import { offeringMatcher } from '../cloudprovider/instancetype.js';
import { selectsReservation } from '../api/ec2nodeclass.js';
import { Requirement, Requirements } from '../scheduling/requirements.js';
import { reschedule, withoutOwnInstanceTypes } from '../provisioning/reschedule.js';
import type { Rule } from './engine.js';
import {
  allowedCapacityTypes,
  hosts,
  nodePoolByName,
  poolProbe,
  probePod,
  probes,
  REQS_PATH,
  requirementIndex,
  distinguishedFrom,
} from './helpers.js';
import type { NodePool } from '../api/nodepool.js';
import type { Template } from '../provisioning/nodeclaim.js';

const MONTH_MS = 720 * 3_600_000;

export const equalWeightOverlap: Rule = {
  id: 'equal-weight-overlap',
  severity: 'warning',
  summary: 'Two NodePools that can host the same pod have the same weight: the name that sorts later always wins.',
  check(ctx, report) {
    const reported = new Set<string>();
    for (const p of probes(ctx)) {
      const byWeight = new Map<number, string[]>();
      for (const t of hosts(ctx, p.pod)) byWeight.set(t.weight, [...(byWeight.get(t.weight) ?? []), t.nodePool]);
      for (const [weight, names] of byWeight) {
        if (names.length < 2) continue;
        // karpenter pkg/utils/nodepool/nodepool.go OrderByWeight: equal weights are ordered by name, descending (byte
        // order): the greatest name wins.
        const winner = names.reduce((a, b) => (b > a ? b : a));
        for (const lose of names) {
          if (lose === winner || reported.has(lose)) continue;
          reported.add(lose);
          const np = nodePoolByName(ctx, lose)!;
          report(
            `NodePools ${winner} and ${lose} both have weight ${weight || 'unset (0)'} and can both host ${p.name}: Karpenter orders equal weights by name, descending, so ${winner} always wins and ${lose} is used only when ${winner} cannot take the pod. Give them different weights to make the preference explicit.`,
            np.source,
            np.weight ? ['spec', 'weight'] : ['metadata', 'name'],
            `NodePool/${np.name}`,
          );
        }
      }
    }
  },
};

export const mixedGenerationsOnePool: Rule = {
  id: 'mixed-generations-one-pool',
  severity: 'warning',
  summary:
    'One on-demand NodePool allows several generations of a category: lowest-price launches the cheaper, usually older one.',
  check(ctx, report) {
    for (const t of ctx.sim.templates) {
      const np = nodePoolByName(ctx, t.nodePool)!;
      const ct = allowedCapacityTypes(np);
      if (!(ct.has('on-demand') && !ct.has('spot'))) continue;
      // Only pools that enumerate families or generations (`In`): a pool that only bounds them (the getting-started
      // NodePool's category In [c, m, r] and generation Gt 2) means "any of these", not a preference for one.
      const intent = np.requirements.findIndex(
        (r) => [LABEL_INSTANCE_FAMILY, LABEL_INSTANCE_GENERATION].includes(r.key) && r.operator === 'In',
      );
      if (intent < 0) continue;
      if (t.instanceTypes.some((it) => it.offerings.some((o) => o.overlaid || o.capacityType === 'reserved'))) continue;
      const gens = new Map<string, Set<number>>();
      for (const it of t.instanceTypes) {
        const c = it.labels[LABEL_INSTANCE_CATEGORY],
          g = Number(it.labels[LABEL_INSTANCE_GENERATION]);
        if (!c || !Number.isFinite(g)) continue;
        if (!gens.has(c)) gens.set(c, new Set());
        gens.get(c)!.add(g);
      }
      const multi = [...gens].filter(([, s]) => s.size > 1);
      if (!multi.length) continue;
      const probe = probePod();
      const options = t.instanceTypes.filter(
        (it) =>
          (it.allocatable.cpu ?? 0) >= probe.requests.cpu && (it.allocatable.memory ?? 0) >= probe.requests.memory,
      );
      const r = options.length ? launch(options, t.requirements, ctx.head.settings.minValuesPolicy) : null;
      const chosen = r && r.ok ? r.decision.instanceType : null;
      const newest = Math.max(...multi.flatMap(([, s]) => [...s]));
      const chosenGen = chosen ? Number(chosen.labels[LABEL_INSTANCE_GENERATION]) : NaN;
      const desc = multi.map(([c, s]) => `${c}: generations ${[...s].sort((a, b) => a - b).join(', ')}`).join('; ');
      report(
        `NodePool ${np.name} allows several generations of the same category (${desc}). With on-demand lowest-price, Karpenter and EC2 launch the cheapest type` +
          (chosen
            ? ` — a small pod gets ${chosen.name} (generation ${chosenGen}${chosenGen < newest ? `, not ${newest}` : ''})`
            : '') +
          `. To prefer a generation, split the pool (e.g. gen8-primary weight 100, gen7-fallback weight 10).`,
        np.source,
        [...REQS_PATH, intent],
        `NodePool/${np.name}`,
      );
    }
  },
};

export const requirementsFilterAllTypes: Rule = {
  id: 'requirements-filter-all-types',
  severity: 'error',
  summary:
    "A NodePool's requirements (with its EC2NodeClass) leave no instance type with an available offering: it never launches.",
  check(ctx, report) {
    for (const st of ctx.sim.pools) {
      if (st.eligible || st.reason?.code !== 'no-instance-types') continue;
      const np = nodePoolByName(ctx, st.name)!;
      const nc = ctx.head.nodeClasses.find((c) => c.name === np.nodeClassRef?.name);
      report(
        `NodePool ${np.name}: its requirements${nc ? ` with EC2NodeClass ${nc.name} (${nc.amiFamily ?? 'AL2023'})` : ''} leave no instance type with an available offering in the catalog (zones ${ctx.sim.zones.join(', ')}). Karpenter logs "nodepool requirements filtered out all instance types" and never launches from it.`,
        np.source,
        REQS_PATH,
        `NodePool/${np.name}`,
      );
    }
  },
};

/**
 * The NodePool CRD's transition rules (x-kubernetes-validations with `oldSelf`, karpenter pkg/apis/crds/
 * karpenter.sh_nodepools.yaml): `spec.template.spec.nodeClassRef.group` and `.kind` are immutable, and a NodePool cannot
 * switch between static (`spec.replicas` set) and dynamic. The API server refuses such an update, so the merge does
 * not apply: the NodePool must be deleted and created again. Judged on base and head (diff only); a base migrated from
 * v1beta1 is left out (its nodeClassRef is the conversion's, not a stored object's).
 */
export const immutableFieldChanged: Rule = {
  id: 'immutable-field-changed',
  severity: 'error',
  summary: 'Head changes a NodePool field its CRD makes immutable (nodeClassRef group or kind, static vs dynamic).',
  check(ctx, report) {
    if (!ctx.base) return;
    for (const h of ctx.head.nodePools) {
      const b = ctx.base.nodePools.find((x) => x.name === h.name);
      if (!b || b.migratedFrom) continue;
      const where = `NodePool/${h.name}`;
      if ((b.replicas !== undefined) !== (h.replicas !== undefined))
        report(
          `NodePool ${h.name} changes from ${b.replicas !== undefined ? 'static (spec.replicas)' : 'dynamic'} to ${h.replicas !== undefined ? 'static (spec.replicas)' : 'dynamic'}: the CRD forbids that transition, so the API server refuses the update. Create a NodePool under a new name instead.`,
          h.source,
          h.replicas !== undefined ? ['spec', 'replicas'] : ['spec'],
          where,
        );
      for (const f of ['group', 'kind'] as const) {
        const was = b.nodeClassRef?.[f];
        const now = h.nodeClassRef?.[f];
        if (was === undefined || now === undefined || was === now) continue;
        report(
          `NodePool ${h.name} changes spec.template.spec.nodeClassRef.${f} from "${was}" to "${now}": the field is immutable, so the API server refuses the update. Create a NodePool under a new name instead.`,
          h.source,
          ['spec', 'template', 'spec', 'nodeClassRef', f],
          where,
        );
      }
    }
  },
};

export const zoneNotInRegion: Rule = {
  id: 'zone-not-in-region',
  severity: 'error',
  summary:
    "A NodePool requires (In) a zone its cluster's region does not have: no subnet there, so that value gives no offering.",
  check(ctx, report) {
    const region = ctx.sim.region;
    for (const np of ctx.head.nodePools) {
      np.requirements.forEach((r, i) => {
        if (normalizeKey(r.key) !== LABEL_ZONE || r.operator !== 'In') return;
        const values = r.values ?? [];
        const none = values.every((v) => !ctx.sim.zones.includes(v));
        values.forEach((z, j) => {
          // A configured zone is the user's word for a subnet's zone; any other must be a zone of the region.
          if (ctx.sim.zones.includes(z) || isZoneOfRegion(z, region, ctx.catalog)) return;
          report(
            `NodePool ${np.name}: zone ${JSON.stringify(z)} is not a zone of ${region} (zones ${ctx.sim.zones.join(', ')}). Karpenter's offerings come from the EC2NodeClass's subnets, all in the cluster's region, so this value matches no offering${none ? ' and the requirement leaves the NodePool none: "nodepool requirements filtered out all available instance types"' : ''}.`,
            np.source,
            [...REQS_PATH, i, 'values', j],
            `NodePool/${np.name}`,
          );
        });
      });
    }
  },
};

export const minValuesUnsatisfiable: Rule = {
  id: 'min-values-unsatisfiable',
  severity: 'error',
  summary:
    "A NodePool's minValues cannot be met by the instance types its requirements allow (Strict policy): it never launches.",
  check(ctx, report) {
    for (const st of ctx.sim.pools) {
      if (st.eligible || st.reason?.code !== 'min-values-unsatisfiable') continue;
      const np = nodePoolByName(ctx, st.name)!;
      const i = np.requirements.findIndex((r) => r.minValues !== undefined);
      report(
        `NodePool ${np.name}: the instance types its requirements allow cannot reach minValues ${np.requirements[i]?.minValues} for ${np.requirements[i]?.key} (MinValuesPolicy Strict), so the NodePool is dropped from every scheduling round. Widen the requirement or lower minValues.`,
        np.source,
        [...REQS_PATH, Math.max(i, 0), 'minValues'],
        `NodePool/${np.name}`,
      );
    }
  },
};

const NUMERIC = ['Gt', 'Lt', 'Gte', 'Lte'];

export const numericRangeEmpty: Rule = {
  id: 'numeric-range-empty',
  severity: 'error',
  summary: 'Gt/Lt/Gte/Lte bounds on one key leave an empty range (within a NodePool, or a pod against every NodePool).',
  check(ctx, report) {
    for (const np of ctx.head.nodePools) {
      const byKey = new Map<string, number[]>();
      np.requirements.forEach((r, i) => {
        if (!byKey.has(r.key)) byKey.set(r.key, []);
        byKey.get(r.key)!.push(i);
      });
      for (const [key, idx] of byKey) {
        if (!idx.some((i) => NUMERIC.includes(np.requirements[i].operator))) continue;
        const r = new Requirements(idx.map((i) => Requirement.fromNodeSelector(np.requirements[i]))).get(key);
        if (r.isEmpty())
          report(
            `NodePool ${np.name}: the bounds on ${key} (${idx.map((i) => `${np.requirements[i].operator} ${(np.requirements[i].values ?? []).join(',')}`).join(' and ')}) leave no value: no instance type can match.`,
            np.source,
            [...REQS_PATH, idx[idx.length - 1]],
            `NodePool/${np.name}`,
          );
      }
    }
    for (const w of ctx.head.workloads) {
      const terms = w.pod.requiredTerms[0] ?? [];
      terms.forEach((req, i) => {
        if (!NUMERIC.includes(req.operator)) return;
        const pr = Requirement.fromNodeSelector(req);
        const pools = ctx.sim.templates;
        if (!pools.length) return;
        const open = pools.filter(
          (t) => !(t.requirements.has(pr.key) ? t.requirements.get(pr.key).intersection(pr).isEmpty() : pr.isEmpty()),
        );
        if (open.length === 0) {
          report(
            `${w.kind} ${w.namespace}/${w.name}: ${req.key} ${req.operator} ${(req.values ?? []).join(',')} leaves an empty range against every NodePool (${pools.map((t) => t.nodePool).join(', ')}): the pod stays pending.`,
            w.source,
            [
              'spec',
              'template',
              'spec',
              'affinity',
              'nodeAffinity',
              'requiredDuringSchedulingIgnoredDuringExecution',
              'nodeSelectorTerms',
              0,
              'matchExpressions',
              i,
            ],
            `${w.kind}/${w.name}`,
          );
        }
      });
    }
  },
};

export const flexDoesNotExist: Rule = {
  id: 'flex-does-not-exist',
  severity: 'error',
  summary: 'instance-capability-flex with DoesNotExist: every instance type carries that label, so nothing matches.',
  check(ctx, report) {
    const all = ctx.catalog.types.every((t) => t.labels[LABEL_INSTANCE_FLEX] !== undefined);
    if (!all) return;
    for (const np of ctx.head.nodePools) {
      const i = np.requirements.findIndex((r) => r.key === LABEL_INSTANCE_FLEX && r.operator === 'DoesNotExist');
      if (i >= 0)
        report(
          `NodePool ${np.name}: ${LABEL_INSTANCE_FLEX} DoesNotExist matches no instance type — every type carries the label ("true" or "false"). To exclude flex types use In ["false"].`,
          np.source,
          [...REQS_PATH, i],
          `NodePool/${np.name}`,
        );
    }
    for (const w of ctx.head.workloads) {
      (w.pod.requiredTerms[0] ?? []).forEach((r, i) => {
        if (r.key === LABEL_INSTANCE_FLEX && r.operator === 'DoesNotExist') {
          report(
            `${w.kind} ${w.namespace}/${w.name}: ${LABEL_INSTANCE_FLEX} DoesNotExist matches no instance type; use In ["false"].`,
            w.source,
            [
              'spec',
              'template',
              'spec',
              'affinity',
              'nodeAffinity',
              'requiredDuringSchedulingIgnoredDuringExecution',
              'nodeSelectorTerms',
              0,
              'matchExpressions',
              i,
            ],
            `${w.kind}/${w.name}`,
          );
        }
      });
    }
  },
};

export const expireWithoutTgp: Rule = {
  id: 'expire-without-tgp',
  severity: 'warning',
  summary:
    'expireAfter (set, or its 720h default) without terminationGracePeriod: expired nodes blocked by PDBs or do-not-disrupt stay half-drained.',
  check(ctx, report) {
    for (const np of ctx.head.nodePools) {
      const tspec =
        (np.raw.spec as { template?: { spec?: Record<string, unknown> } } | undefined)?.template?.spec ?? {};
      if (np.expireAfter === 'Never' || np.terminationGracePeriod !== undefined) continue;
      // The CRD defaults expireAfter to 720h (karpenter.sh_nodepools.yaml): left out, it expires nodes all the same.
      const explicit = tspec.expireAfter !== undefined;
      report(
        `NodePool ${np.name} ${explicit ? `sets expireAfter ${np.expireAfter}` : `leaves expireAfter at its default (${np.expireAfter})`} without terminationGracePeriod: expiry deletes the NodeClaim without budgets, and a node whose pods are protected by a PodDisruptionBudget or karpenter.sh/do-not-disrupt then waits indefinitely, half-drained. Set terminationGracePeriod to bound the drain${explicit ? '' : ', or expireAfter: Never if nodes should not expire'}.`,
        np.source,
        explicit ? ['spec', 'template', 'spec', 'expireAfter'] : ['spec', 'template', 'spec'],
        `NodePool/${np.name}`,
      );
    }
  },
};

export const fallbackWithoutExpiry: Rule = {
  id: 'fallback-without-expiry',
  severity: 'warning',
  summary:
    'A lower-weight fallback NodePool never expires its nodes (Never or ≥ 720h): consolidation never moves them back up.',
  check(ctx, report) {
    const seen = new Set<string>();
    for (const p of probes(ctx)) {
      const hs = hosts(ctx, p.pod);
      if (hs.length < 2) continue;
      const top = hs[0];
      for (const t of hs.slice(1)) {
        if (t.weight >= top.weight || seen.has(t.nodePool)) continue;
        const np = nodePoolByName(ctx, t.nodePool)!;
        // A pool with labels or taints of its own is selected for what it is, not a fallback of the heavier one.
        if (distinguishedFrom(np, nodePoolByName(ctx, top.nodePool)!)) continue;
        const ms = np.expireAfter === 'Never' ? Infinity : (parseDurationMs(np.expireAfter) ?? 0);
        if (ms < MONTH_MS) continue;
        seen.add(t.nodePool);
        report(
          `NodePool ${np.name} (weight ${np.weight}) is the fallback of ${top.nodePool} (weight ${top.weight}) and its nodes ${np.expireAfter === 'Never' ? 'never expire' : `expire only after ${np.expireAfter}`}: consolidation only moves pods to cheaper nodes and does not know weights, so once ${top.nodePool} has capacity again nothing brings the workloads back. Expiry is the only way home — e.g. expireAfter: 48h on the fallback.`,
          np.source,
          ['spec', 'template', 'spec', 'expireAfter'],
          `NodePool/${np.name}`,
        );
      }
    }
  },
};

export const nodeclassNotFound: Rule = {
  id: 'nodeclass-not-found',
  severity: 'error',
  summary:
    'nodeClassRef names an EC2NodeClass that is not in the inputs (while others are): the NodePool is not Ready and is ignored.',
  check(ctx, report) {
    if (!ctx.head.nodeClasses.length) return;
    const names = new Set(ctx.head.nodeClasses.map((c) => c.name));
    for (const np of ctx.head.nodePools) {
      const ref = np.nodeClassRef;
      if (!ref || ref.kind !== 'EC2NodeClass' || names.has(ref.name)) continue;
      report(
        `NodePool ${np.name} refers to EC2NodeClass "${ref.name}", which is not defined (known: ${[...names].sort().join(', ')}): the NodePool is not Ready, and Karpenter logs "ignoring nodepool, not ready".`,
        np.source,
        ['spec', 'template', 'spec', 'nodeClassRef', 'name'],
        `NodePool/${np.name}`,
      );
    }
  },
};

export const spotMixedWithPreference: Rule = {
  id: 'spot-mixed-with-preference',
  severity: 'warning',
  summary:
    'A generation preference (weights or an overlay) is built on a NodePool that allows both spot and on-demand: spot wins and EC2 picks by capacity.',
  check(ctx, report) {
    const overlaid = new Set<string>();
    for (const pool of ctx.sim.overlays?.prices.keys() ?? []) overlaid.add(pool);
    const weights = new Set(ctx.sim.templates.map((t) => t.weight));
    // Whether a template hosts a pool's probe, asked once per (probe, template): the probe depends only on the taints.
    const hosted = new Map<string, Map<Template, boolean>>();
    const hostsProbe = (np: NodePool, x: Template): boolean => {
      const key = JSON.stringify(np.taints);
      let byTemplate = hosted.get(key);
      if (!byTemplate) hosted.set(key, (byTemplate = new Map()));
      let ok = byTemplate.get(x);
      if (ok === undefined) byTemplate.set(x, (ok = hosts(ctx, poolProbe(np), [x]).length === 1));
      return ok;
    };
    for (const t of ctx.sim.templates) {
      const np = nodePoolByName(ctx, t.nodePool)!;
      const ct = allowedCapacityTypes(np);
      if (!(ct.has('spot') && ct.has('on-demand'))) continue;
      const split =
        weights.size > 1 &&
        ctx.sim.templates.some((o) => {
          if (o === t || o.weight === t.weight) return false;
          // Only a pool that backs up another (no labels or taints of its own next to it) forms a preference with it.
          const on = nodePoolByName(ctx, o.nodePool)!;
          const [lower, higher] = o.weight < t.weight ? [on, np] : [np, on];
          return !distinguishedFrom(lower, higher) && hostsProbe(np, o) && hostsProbe(np, t);
        });
      const hasOverlay = overlaid.has(np.name) && ctx.head.settings.featureGates.nodeOverlay;
      if (!split && !hasOverlay) continue;
      const i = requirementIndex(np, 'karpenter.sh/capacity-type');
      report(
        `NodePool ${np.name} is part of a ${hasOverlay ? 'NodeOverlay price' : 'weight'} preference but allows both spot and on-demand: Karpenter launches spot first (reserved > spot > on-demand), and EC2's price-capacity-optimized strategy then chooses the type by capacity, not by your preference. Keep preference pools on-demand, or split spot into its own pool.`,
        np.source,
        i >= 0 ? [...REQS_PATH, i] : REQS_PATH,
        `NodePool/${np.name}`,
      );
    }
  },
};

export const spotToSpotFewTypes: Rule = {
  id: 'spot-to-spot-few-types',
  severity: 'info',
  summary:
    'SpotToSpotConsolidation is on and a spot NodePool allows fewer than 15 instance types: single-node spot-to-spot consolidation never acts.',
  check(ctx, report) {
    if (!ctx.head.settings.featureGates.spotToSpotConsolidation) return;
    for (const t of ctx.sim.templates) {
      const np = nodePoolByName(ctx, t.nodePool)!;
      if (!allowedCapacityTypes(np).has('spot')) continue;
      const spotTypes = t.instanceTypes.filter((it) =>
        it.offerings.some((o) => o.capacityType === 'spot' && o.available),
      ).length;
      if (spotTypes >= 15) continue;
      report(
        `NodePool ${np.name} allows ${spotTypes} instance types with spot offerings; single-node spot-to-spot consolidation needs at least 15 cheaper options, so it never replaces a spot node here.`,
        np.source,
        REQS_PATH,
        `NodePool/${np.name}`,
      );
    }
  },
};

export const limitsBlockFallback: Rule = {
  id: 'limits-block-fallback',
  severity: 'info',
  summary:
    "A fallback NodePool's limits would be exceeded by its share of the workloads when the preferred pool's offerings are unavailable.",
  check(ctx, report) {
    if (!ctx.head.workloads.length) return;
    const settings = ctx.head.settings;
    const seen = new Set<string>();
    for (const pref of ctx.sim.templates) {
      const fallbacks = ctx.sim.templates.filter((t) => t.weight < pref.weight && t.limits);
      if (!fallbacks.length) continue;
      // The pods the head launched on the preferred pool, of the workloads placed there: under ICE they need new
      // nodes; the head's other nodes (and the pods on the fleet snapshot's nodes) stay.
      const pods = new Map<string, number>();
      for (const n of ctx.sim.fleet) {
        if (n.nodePool !== pref.nodePool || n.allocationStrategy === 'existing') continue;
        for (const [k, c] of Object.entries(n.pods))
          if (ctx.sim.placements.get(k)?.nodePool === pref.nodePool) pods.set(k, (pods.get(k) ?? 0) + c);
      }
      if (!pods.size) continue;
      // ICE scenario: every offering of the preferred pool's instance types (that no other pool uses) is unavailable;
      // its pods are scheduled again against the head's templates, with what the head's nodes leave of each limit.
      const templates = withoutOwnInstanceTypes(ctx.sim.templates, pref.nodePool, settings.minValuesPolicy);
      const errors = reschedule(ctx.sim, pods, templates, settings);
      const limited = ctx.sim.workloads
        .map((w) => w.key)
        .filter((k) => {
          const codes = (pods.has(k) && errors.get(k)?.codes) || [];
          return codes.includes('limits-exhausted') || codes.includes('limits-exceeded');
        });
      for (const fb of fallbacks) {
        if (seen.has(fb.nodePool)) continue;
        // The fallback's limits are what leaves a pod pending when the fallback could host it without them.
        const blocked = limited.filter((k) => hosts(ctx, ctx.sim.podTemplates.get(k)!, [fb]).length > 0);
        if (!blocked.length) continue;
        seen.add(fb.nodePool);
        const np = nodePoolByName(ctx, fb.nodePool)!;
        report(
          `If ${pref.nodePool}'s instance types are unavailable (ICE), its workloads fall back to ${fb.nodePool}, whose limits then leave ${blocked.length} workload(s) pending (${blocked
            .slice(0, 3)
            .map((k) => k.split('/').slice(1).join('/'))
            .join(
              ', ',
            )}${blocked.length > 3 ? ', …' : ''}). Limits cap a runaway fallback — and also the fallback itself.`,
          np.source,
          ['spec', 'limits'],
          `NodePool/${np.name}`,
        );
      }
    }
  },
};

export const lookAlikeLabel: Rule = {
  id: 'look-alike-label',
  severity: 'warning',
  summary:
    'A key resembles a well-known label but is not one (e.g. node.kubernetes.io/instance-family): not enforced, or pending.',
  check(ctx, report) {
    const known = [...WELL_KNOWN_LABELS, 'kubernetes.io/hostname'];
    // A key some NodePool sets as a template label is a deliberate custom label (its nodes carry it, and workloads
    // selecting it schedule): renaming it to the well-known one would break the pool.
    const declared = new Set(ctx.head.nodePools.flatMap((p) => Object.keys(p.labels)));
    const names = new Map<string, string>();
    for (const k of known) names.set(k.split('/').pop()!, k);
    const suggest = (key: string): string | null => {
      if (
        declared.has(key) ||
        WELL_KNOWN_LABELS.has(key) ||
        key === 'kubernetes.io/hostname' ||
        key.startsWith('beta.kubernetes.io/') ||
        key.startsWith('failure-domain.beta.kubernetes.io/')
      )
        return null;
      const name = key.split('/').pop()!;
      const domain = key.includes('/') ? key.slice(0, key.indexOf('/')) : '';
      const knownDomain = [
        'karpenter.sh',
        'karpenter.k8s.aws',
        'kubernetes.io',
        'node.kubernetes.io',
        'topology.kubernetes.io',
        'topology.k8s.aws',
      ].includes(domain);
      const same = names.get(name) ?? names.get(name.replace(/_/g, '-')) ?? names.get(name.replace(/s$/, ''));
      if (same && same !== key) return same;
      if (knownDomain) {
        for (const k of known) if (editDistance(key, k) <= 2) return k;
      }
      return null;
    };
    for (const np of ctx.head.nodePools) {
      // EKS Auto Mode NodePools have labels of their own (eks.amazonaws.com/instance-category, …) and are not modelled.
      if (np.nodeClassRef?.group === 'eks.amazonaws.com') continue;
      np.requirements.forEach((r, i) => {
        const s = suggest(r.key);
        if (s)
          report(
            `NodePool ${np.name}: requirement key ${r.key} looks like the well-known label ${s} but is not one: Karpenter treats it as a custom label (no instance type carries it, so it is not enforced on instance choice). Did you mean ${s}?`,
            np.source,
            [...REQS_PATH, i, 'key'],
            `NodePool/${np.name}`,
          );
      });
      for (const k of Object.keys(np.labels)) {
        const s = suggest(k);
        if (s)
          report(
            `NodePool ${np.name}: template label ${k} looks like the well-known label ${s}; did you mean ${s}?`,
            np.source,
            ['spec', 'template', 'metadata', 'labels', k],
            `NodePool/${np.name}`,
          );
      }
    }
    for (const w of ctx.head.workloads) {
      for (const k of Object.keys(w.pod.nodeSelector)) {
        const s = suggest(k);
        if (s)
          report(
            `${w.kind} ${w.namespace}/${w.name}: nodeSelector key ${k} looks like the well-known label ${s} but is not one: no node carries it, so the pod stays pending unless a NodePool declares it. Did you mean ${s}?`,
            w.source,
            ['spec', 'template', 'spec', 'nodeSelector', k],
            `${w.kind}/${w.name}`,
          );
      }
      (w.pod.requiredTerms[0] ?? []).forEach((r, i) => {
        const s = suggest(r.key);
        if (s)
          report(
            `${w.kind} ${w.namespace}/${w.name}: node-affinity key ${r.key} looks like the well-known label ${s}; did you mean ${s}?`,
            w.source,
            [
              'spec',
              'template',
              'spec',
              'affinity',
              'nodeAffinity',
              'requiredDuringSchedulingIgnoredDuringExecution',
              'nodeSelectorTerms',
              0,
              'matchExpressions',
              i,
              'key',
            ],
            `${w.kind}/${w.name}`,
          );
      });
    }
  },
};

export const reservationUnused: Rule = {
  id: 'reservation-unused',
  severity: 'warning',
  summary: 'A declared capacity reservation that no NodePool can ever launch into: it is paid for and never used.',
  check(ctx, report) {
    if (!ctx.head.settings.featureGates.reservedCapacity) return;
    for (const r of ctx.config.reservations) {
      // A NodePool can launch into it when one of its instance types carries the reservation's offering: its
      // EC2NodeClass selects the reservation (ReservedCapacityResolver) and its requirements allow capacity type
      // reserved, the instance type and the zone.
      const usable = ctx.sim.templates.some((t) => {
        const compatible = offeringMatcher(t.requirements);
        return t.instanceTypes.some((it) =>
          it.offerings.some((o) => o.reservationId === r.id && compatible(o) && o.available),
        );
      });
      if (usable) continue;
      const selected = ctx.head.nodeClasses.some((nc) => selectsReservation(nc, r));
      report(
        `Capacity reservation ${r.id} (${r.count} × ${r.instanceType} in ${r.zone}) can never be used: ${
          selected
            ? `no NodePool whose EC2NodeClass selects it allows capacity type reserved together with ${r.instanceType} in ${r.zone}`
            : 'no EC2NodeClass selects it (capacityReservationSelectorTerms)'
        }. Karpenter launches into a reservation only through a NodePool that can; otherwise it is paid for and stays empty.`,
        { file: ctx.config.file, line: null, locate: () => null },
        [],
        `Reservation/${r.id}`,
      );
    }
  },
};
