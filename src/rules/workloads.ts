/** Rules about workloads: pinned pools, undeclared custom labels, capacity-type pins, preferences. */
import {
  LABEL_CAPACITY_TYPE,
  LABEL_INSTANCE_CATEGORY,
  LABEL_INSTANCE_FAMILY,
  LABEL_INSTANCE_GENERATION,
  LABEL_INSTANCE_TYPE,
  LABEL_NODEPOOL,
  LABEL_ZONE,
  normalizeKey,
  WELL_KNOWN_LABELS,
} from '../api/labels.js';
import type { PodTemplate } from '../api/workload.js';
import type { Rule } from './engine.js';
import { allowedCapacityTypes, hosts, nodePoolByName } from './helpers.js';
import { parseDurationMs } from '../common/duration.js';

const AFFINITY = ['spec', 'template', 'spec', 'affinity', 'nodeAffinity'];

export const nodepoolSelectorPinsPool: Rule = {
  id: 'nodepool-selector-pins-pool',
  severity: 'warning',
  summary:
    'A workload selects karpenter.sh/nodepool while another pool would otherwise host it: weight-based fallback is bypassed.',
  check(ctx, report) {
    for (const w of ctx.head.workloads) {
      const pinned =
        w.pod.nodeSelector[LABEL_NODEPOOL] ??
        w.pod.requiredTerms[0]?.find((r) => r.key === LABEL_NODEPOOL && r.operator === 'In' && r.values?.length === 1)
          ?.values?.[0];
      if (!pinned) continue;
      const free: PodTemplate = {
        ...w.pod,
        nodeSelector: Object.fromEntries(Object.entries(w.pod.nodeSelector).filter(([k]) => k !== LABEL_NODEPOOL)),
        requiredTerms: w.pod.requiredTerms.map((t) => t.filter((r) => r.key !== LABEL_NODEPOOL)),
      };
      const others = hosts(ctx, free).filter((t) => t.nodePool !== pinned);
      if (!others.length) continue;
      const path = w.pod.nodeSelector[LABEL_NODEPOOL]
        ? ['spec', 'template', 'spec', 'nodeSelector', LABEL_NODEPOOL]
        : [...AFFINITY];
      report(
        `${w.kind} ${w.namespace}/${w.name} selects karpenter.sh/nodepool=${pinned}, while ${others.map((t) => `${t.nodePool} (weight ${t.weight})`).join(', ')} could also host it: the selector bypasses the weight order, so there is no fallback when ${pinned} cannot launch (ICE, limits). Remove the selector and let the weights decide.`,
        w.source,
        path,
        `${w.kind}/${w.name}`,
      );
    }
  },
};

export const customLabelUndeclared: Rule = {
  id: 'custom-label-undeclared',
  severity: 'error',
  needsNodePools: true,
  summary:
    'A workload requires a custom label that no NodePool declares (requirement or template label): pending forever.',
  check(ctx, report) {
    const declared = new Set<string>();
    for (const np of ctx.head.nodePools) {
      np.requirements.forEach((r) => declared.add(normalizeKey(r.key)));
      Object.keys(np.labels).forEach((k) => declared.add(k));
    }
    for (const w of ctx.head.workloads) {
      const check = (key: string, op: string, path: (string | number)[]) => {
        const k = normalizeKey(key);
        if (WELL_KNOWN_LABELS.has(k) || k === 'kubernetes.io/hostname' || declared.has(k)) return;
        if (op === 'NotIn' || op === 'DoesNotExist') return;
        report(
          `${w.kind} ${w.namespace}/${w.name} requires the custom label ${key} (${op}), but no NodePool declares it as a requirement or template label: Karpenter cannot launch a node with it ("label does not have known values"), so the pod stays pending. Add it to a NodePool (e.g. requirement ${key} Exists, or a template label).`,
          w.source,
          path,
          `${w.kind}/${w.name}`,
        );
      };
      for (const k of Object.keys(w.pod.nodeSelector)) check(k, 'In', ['spec', 'template', 'spec', 'nodeSelector', k]);
      (w.pod.requiredTerms[0] ?? []).forEach((r, i) =>
        check(r.key, r.operator, [
          ...AFFINITY,
          'requiredDuringSchedulingIgnoredDuringExecution',
          'nodeSelectorTerms',
          0,
          'matchExpressions',
          i,
        ]),
      );
    }
  },
};

export const capacityTypeExactOnDemand: Rule = {
  id: 'capacity-type-exact-on-demand',
  severity: 'info',
  summary:
    'A workload pins karpenter.sh/capacity-type: on-demand while reserved capacity exists: it can never use the reservation.',
  check(ctx, report) {
    const reservedPools = ctx.sim.templates.filter(
      (t) =>
        t.instanceTypes.some((it) => it.offerings.some((o) => o.capacityType === 'reserved' && o.available)) &&
        allowedCapacityTypes(nodePoolByName(ctx, t.nodePool)!).has('reserved'),
    );
    if (!reservedPools.length) return;
    for (const w of ctx.head.workloads) {
      if (w.pod.nodeSelector[LABEL_CAPACITY_TYPE] !== 'on-demand') continue;
      report(
        `${w.kind} ${w.namespace}/${w.name} selects karpenter.sh/capacity-type=on-demand, while NodePool(s) ${reservedPools.map((t) => t.nodePool).join(', ')} have reserved capacity: reserved offerings carry capacity-type "reserved", so this pod can never use the reservation you pay for. Select NotIn [spot] instead.`,
        w.source,
        ['spec', 'template', 'spec', 'nodeSelector', LABEL_CAPACITY_TYPE],
        `${w.kind}/${w.name}`,
      );
    }
  },
};

const SHAPE_KEYS = [LABEL_INSTANCE_GENERATION, LABEL_INSTANCE_FAMILY, LABEL_INSTANCE_CATEGORY, LABEL_INSTANCE_TYPE];

export const preferredAffinityGeneration: Rule = {
  id: 'preferred-affinity-generation',
  severity: 'info',
  summary:
    'A workload expresses a generation or family preference with preferred node affinity: a NodePool split is the reliable tool.',
  check(ctx, report) {
    for (const w of ctx.head.workloads) {
      const i = w.pod.preferredTerms.findIndex((t) =>
        t.requirements.some((r) => SHAPE_KEYS.includes(normalizeKey(r.key))),
      );
      if (i < 0) continue;
      const keys = [
        ...new Set(
          w.pod.preferredTerms[i].requirements.map((r) => r.key).filter((k) => SHAPE_KEYS.includes(normalizeKey(k))),
        ),
      ];
      report(
        `${w.kind} ${w.namespace}/${w.name} prefers ${keys.join(', ')} through preferred node affinity. Karpenter treats the heaviest preferred term as required, relaxes it away when it does not fit (after the required OR-terms, in a fixed order), and ignores it entirely with PreferencePolicy Ignore; within one NodeClaim the cheapest type still wins. For a reliable generation preference, split the NodePool and use weights.`,
        w.source,
        [...AFFINITY, 'preferredDuringSchedulingIgnoredDuringExecution', i],
        `${w.kind}/${w.name}`,
      );
    }
  },
};

export const topologyUnsatisfiable: Rule = {
  id: 'topology-unsatisfiable',
  severity: 'error',
  needsNodePools: true,
  summary:
    'Pods of a workload stay pending because a topology spread constraint or pod (anti-)affinity cannot be met with the NodePools there are.',
  check(ctx, report) {
    const placed = new Map<string, number>();
    for (const n of ctx.sim.fleet) for (const [k, c] of Object.entries(n.pods)) placed.set(k, (placed.get(k) ?? 0) + c);
    for (const w of ctx.head.workloads) {
      const key = `${w.kind}/${w.namespace}/${w.name}`;
      const p = ctx.sim.placements.get(key);
      if (!p || !p.reasonCodes.includes('topology')) continue;
      const pending = w.replicas - (placed.get(key) ?? 0);
      if (pending <= 0) continue;
      const zonesByPool = ctx.sim.templates
        .map((t) => {
          const zones = new Set<string>();
          for (const it of t.instanceTypes)
            for (const o of it.offerings)
              if (o.available && t.requirements.get(LABEL_ZONE).has(o.zone)) zones.add(o.zone);
          return `${t.nodePool}: ${[...zones].sort().join(', ') || 'none'}`;
        })
        .join('; ');
      const spread = w.pod.constraints.spread.length > 0;
      report(
        `${pending} of ${w.replicas} pods of ${w.kind} ${w.namespace}/${w.name} stay pending: ${(p.reason ?? '').replace(/^\d+ of \d+ pods unschedulable: /, '')}. Karpenter counts every domain (zone) that some NodePool's instance types offer${spread ? ' — including pools this workload cannot use unless nodeTaintsPolicy/nodeAffinityPolicy say otherwise' : ''} — and will not launch a node that breaks the constraint. Zones per NodePool: ${zonesByPool}. Widen the pools this workload can use, or relax the constraint (whenUnsatisfiable: ScheduleAnyway, a larger maxSkew, or a preferred term).`,
        w.source,
        spread ? ['spec', 'template', 'spec', 'topologySpreadConstraints'] : ['spec', 'template', 'spec', 'affinity'],
        `${w.kind}/${w.name}`,
      );
    }
  },
};

export const placedInLaterRounds: Rule = {
  id: 'placed-in-later-rounds',
  severity: 'info',
  needsNodePools: true,
  summary:
    "Karpenter's first provisioning round leaves pods of a workload pending; the nodes it launches let later rounds place them all.",
  check(ctx, report) {
    for (const w of ctx.head.workloads) {
      const p = ctx.sim.placements.get(`${w.kind}/${w.namespace}/${w.name}`);
      // Only when every pod ends up placed: pods that stay pending are the other rules' (topology-unsatisfiable).
      if (!p?.schedulable || p.rounds === undefined || p.reasonCodes.length) continue;
      report(
        `All ${w.replicas} pods of ${w.kind} ${w.namespace}/${w.name} are placed, over ${p.rounds} provisioning rounds: Karpenter's accounting within one batch is pessimistic (a new NodeClaim counts against its NodePool's limits as the largest instance type it could still become; pod anti-affinity blocks every domain an undecided NodeClaim could still land in), so the first batch leaves some pending, and the nodes each round launches let the next place more. The pods wait for ${p.rounds - 1} more round(s) of node launches.`,
        w.source,
        ['spec', 'replicas'],
        `${w.kind}/${w.name}`,
      );
    }
  },
};

export const podGraceExceedsTgp: Rule = {
  id: 'pod-grace-exceeds-tgp',
  severity: 'warning',
  summary:
    "A workload's terminationGracePeriodSeconds is longer than the terminationGracePeriod of a NodePool that hosts it: its pods are deleted as soon as a drain starts, without waiting for PDBs, and still cut short.",
  check(ctx, report) {
    for (const w of ctx.head.workloads) {
      const grace = w.pod.terminationGracePeriodSeconds;
      if (grace === undefined) continue;
      for (const t of hosts(ctx, w.pod)) {
        const np = nodePoolByName(ctx, t.nodePool);
        const tgpMs = np?.terminationGracePeriod ? parseDurationMs(np.terminationGracePeriod) : null;
        if (!np || tgpMs === null || grace * 1000 <= tgpMs) continue;
        report(
          `${w.kind} ${w.namespace}/${w.name} has terminationGracePeriodSeconds ${grace} (${Math.round(grace / 60)} min), longer than NodePool ${np.name}'s terminationGracePeriod ${np.terminationGracePeriod}: when a node of that pool drains, Karpenter deletes these pods as soon as the drain starts (their grace period would end after the node's), without waiting for PodDisruptionBudgets, and the instance is terminated when ${np.terminationGracePeriod} has passed, before the pods' own grace period ends. Shorten the pods' grace period or lengthen the NodePool's.`,
          w.source,
          ['spec', 'template', 'spec', 'terminationGracePeriodSeconds'],
          `${w.kind}/${w.name}`,
        );
        break;
      }
    }
  },
};
