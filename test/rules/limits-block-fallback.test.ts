/**
 * limits-block-fallback over many preferred NodePools: each preferred pool's ICE what-if re-schedules only the pods the
 * head launched on it, against the head's templates with each fallback's remaining limits (src/provisioning/
 * reschedule.ts), so every preferred pool is evaluated (there was a cap of 8 what-if simulations).
 *
 * Karpenter: pkg/controllers/provisioning/scheduling/scheduler.go NewScheduler (remainingResources),
 * calculateExistingNodeClaims → updateRemainingResources, filterByRemainingResources, subtractMax;
 * pkg/utils/nodepool/nodepool.go OrderByWeight; karpenter-provider-aws pkg/cache/unavailableofferings.go MarkUnavailable.
 */
import { executePlan } from '../../src/run/execute.js';
import { defaultConfig } from '../../src/sources/config.js';
import { DirTree } from '../../src/sources/tree.js';
import { reschedule, withoutOwnInstanceTypes } from '../../src/provisioning/reschedule.js';
import { deployment, NODECLASS, nodePool, simulateYaml, tempTree } from '../helpers.js';

const req = (key: string, values: string[]) =>
  `        - key: ${key}\n          operator: In\n          values: [${values.map((v) => `"${v}"`).join(', ')}]`;
const pad = (i: number) => String(i).padStart(2, '0');

/**
 * Arithmetic shared by every row. Each fallback launches c7i.xlarge only: capacity 4 vCPU, allocatable 4000m − 80m
 * kube-reserved CPU (6% of the first core + 1% of the second + 0.5% of the third and fourth: 60 + 10 + 5 + 5) = 3920m,
 * so 3 pods of 1 CPU fit on a node (3000m ≤ 3920m < 4000m). A node counts its capacity (4 CPU) against the limits
 * (subtractMax over the NodeClaim's one instance type). Each workload: 6 pods × 1 CPU (256Mi, so CPU binds).
 */
const PODS = 6;
const PER_NODE = 3;
const NODE_CPU = 4;

/**
 * One row per preferred pool p01…p10 (weight 100, its own instance type, which no other pool uses, so the ICE what-if
 * takes all its offerings), its fallback f01…f10 (weight 10, c7i.xlarge, `limits.cpu`), and the workload app-NN
 * selecting both through the custom label `team`. `pinned`: pods of another workload the head already places on the
 * fallback (full nodes of 3), whose nodes count against the fallback's limits before the what-if.
 */
const ROWS: { type: string; limitCpu: number; pinned: number }[] = [
  { type: 'c8i.xlarge', limitCpu: 4, pinned: 0 },
  { type: 'c8i.2xlarge', limitCpu: 4, pinned: 0 },
  { type: 'm8i.xlarge', limitCpu: 4, pinned: 0 },
  { type: 'm8i.2xlarge', limitCpu: 4, pinned: 0 },
  // 8 CPU would take two nodes (all 6 pods), but the head's pinned node (3 pods, full) already counts 4 of them.
  { type: 'r8i.xlarge', limitCpu: 8, pinned: 3 },
  { type: 'r8i.2xlarge', limitCpu: 4, pinned: 0 },
  { type: 'c7a.xlarge', limitCpu: 4, pinned: 0 },
  { type: 'c7a.2xlarge', limitCpu: 4, pinned: 0 },
  { type: 'm7a.xlarge', limitCpu: 4, pinned: 0 },
  { type: 'm7a.2xlarge', limitCpu: 4, pinned: 0 },
];

/** Pods of app-NN left pending: the fallback's remaining CPU buys floor(remaining / 4) nodes of 3 pods each. */
function expectedPending(row: (typeof ROWS)[number]): number {
  const headNodes = Math.ceil(row.pinned / PER_NODE);
  const newNodes = Math.floor((row.limitCpu - headNodes * NODE_CPU) / NODE_CPU);
  return Math.max(0, PODS - newNodes * PER_NODE);
}

const OD = req('karpenter.sh/capacity-type', ['on-demand']);
const yaml = [
  NODECLASS,
  ...ROWS.flatMap((row, i) => {
    const n = pad(i + 1);
    return [
      nodePool(`p${n}`, {
        weight: 100,
        requirements: [req('team', [`t${n}`]), req('node.kubernetes.io/instance-type', [row.type]), OD].join('\n'),
      }),
      nodePool(`f${n}`, {
        weight: 10,
        requirements: [req('team', [`t${n}`]), req('node.kubernetes.io/instance-type', ['c7i.xlarge']), OD].join('\n'),
        extraSpec: `  limits: { cpu: "${row.limitCpu}" }\n`,
      }),
      deployment(`app-${n}`, {
        replicas: PODS,
        cpu: '1',
        memory: '256Mi',
        podSpec: `      nodeSelector: { team: t${n} }\n`,
      }),
      ...(row.pinned
        ? [
            deployment(`pinned-${n}`, {
              replicas: row.pinned,
              cpu: '1',
              memory: '256Mi',
              podSpec: `      nodeSelector: { karpenter.sh/nodepool: f${n} }\n`,
            }),
          ]
        : []),
    ];
  }),
].join('---\n');

describe('limits-block-fallback evaluates every preferred NodePool', () => {
  const { state, sim } = simulateYaml(yaml);

  test('the preferred pools are tried p10 first, p01 last (equal weights: name descending, OrderByWeight)', () => {
    expect(sim.templates.filter((t) => t.weight === 100).map((t) => t.nodePool)).toEqual(
      ROWS.map((_, i) => `p${pad(ROWS.length - i)}`),
    );
    // The head places each app on its preferred pool and the pinned pods on their fallback.
    ROWS.forEach((_, i) =>
      expect(sim.placements.get(`Deployment/default/app-${pad(i + 1)}`)?.nodePool).toBe(`p${pad(i + 1)}`),
    );
    expect(sim.poolResources.get('f05')).toMatchObject({ cpu: NODE_CPU * 1000, nodes: 1 });
  });

  test.each(ROWS.map((row, i) => [pad(i + 1), row, expectedPending(row)] as const))(
    'p%s unavailable: its app re-scheduled against the templates leaves the expected pods pending',
    (n, _row, pending) => {
      const templates = withoutOwnInstanceTypes(sim.templates, `p${n}`, state.settings.minValuesPolicy);
      expect(templates.map((t) => t.nodePool)).not.toContain(`p${n}`);
      const errors = reschedule(sim, new Map([[`Deployment/default/app-${n}`, PODS]]), templates, state.settings);
      expect(pending).toBe(3);
      expect(errors.get(`Deployment/default/app-${n}`)).toMatchObject({
        count: pending,
        codes: expect.arrayContaining(['limits-exceeded']),
      });
    },
  );

  test('the rule reports each fallback once, for its own preferred pool, the 9th and 10th (p02, p01) too', async () => {
    const plan = await executePlan({
      base: null,
      head: new DirTree(tempTree({ 'all.yaml': yaml })),
      config: { ...defaultConfig(), assumptions: { ...defaultConfig().assumptions, at: '2026-01-05T10:00:00Z' } },
      configFindings: [],
      cwd: process.cwd(),
      validateOnly: true,
    });
    const found = plan.findings.filter((f) => f.rule === 'limits-block-fallback');
    expect(found.map((f) => f.object).sort()).toEqual(ROWS.map((_, i) => `NodePool/f${pad(i + 1)}`));
    for (const f of found) {
      const n = f.object!.slice('NodePool/f'.length);
      expect(f.message).toBe(
        `If p${n}'s instance types are unavailable (ICE), its workloads fall back to f${n}, whose limits then leave 1 workload(s) pending (default/app-${n}). Limits cap a runaway fallback — and also the fallback itself.`,
      );
    }
  });
});
