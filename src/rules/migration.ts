/**
 * API version migration: a v1beta1 NodePool or EC2NodeClass in base that head rewrites as v1. Base is evaluated as
 * Karpenter v1.0's conversion webhooks converted it (api/conversion.ts), so the migration is the same object, and what
 * else the pull request changes (and the drift it causes) is measured against the converted base.
 */
import type { Rule } from './engine.js';
import { changedPaths, relevantView } from '../common/object-paths.js';
import { withDefaults } from '../api/crd-defaults.js';

export const apiVersionMigration: Rule = {
  id: 'api-version-migration',
  severity: 'info',
  summary: 'This change migrates a NodePool or EC2NodeClass from v1beta1 to v1: compared with the converted base.',
  check(ctx, report) {
    if (!ctx.base) return;
    const pairs = [
      ...ctx.head.nodePools.map((h) => ({ h, b: ctx.base!.nodePools.find((x) => x.name === h.name) })),
      ...ctx.head.nodeClasses.map((h) => ({ h, b: ctx.base!.nodeClasses.find((x) => x.name === h.name) })),
    ];
    for (const { h, b } of pairs) {
      if (!b?.migratedFrom || h.migratedFrom) continue;
      // With the CRD defaults filled in on both sides: the converted base writes out what head may leave to them.
      const fields = changedPaths(
        relevantView(withDefaults(h.kind, b.raw)),
        relevantView(withDefaults(h.kind, h.raw)),
      ).filter((p) => p !== 'apiVersion');
      const drift = h.kind === 'NodePool' ? ctx.rollouts?.find((p) => p.name === h.name) : undefined;
      const drifted = drift ? drift.nodesDrifted - drift.nodesRemoved : null;
      report(
        `${h.kind} ${h.name} migrates from ${b.migratedFrom} to ${String(h.raw.apiVersion)}. Compared with the base as Karpenter v1.0's conversion webhook converted it, ${fields.length ? `this change also changes ${fields.slice(0, 6).join(', ')}${fields.length > 6 ? ', …' : ''}` : 'nothing else changes'}${drifted === null ? '' : drifted > 0 ? `, and ${drifted} node(s) drift` : ', and no node drifts'}.`,
        h.source,
        ['apiVersion'],
        `${h.kind}/${h.name}`,
      );
    }
  },
};
