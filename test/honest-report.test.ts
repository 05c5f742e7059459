/**
 * The report says what the plan decides, in every format (issue 23, "Honest report"): pods a reservation holds back
 * are pending, not hidden behind the placement of the others.
 */
import { runCli } from '../src/cli/run.js';
import type { Plan } from '../src/plan/contract.js';
import { renderMarkdown } from '../src/report/markdown.js';
import { renderText } from '../src/report/text.js';
import { deployment, NODECLASS, nodePool, tempTree } from './helpers.js';

const doc = (...d: string[]) => d.join('---\n');

/**
 * A reserved-only NodePool over a reservation of 5 c8i.xlarge, and 10 pods of 3 CPU (a c8i.xlarge has 4 vCPU, so one
 * pod per node). Karpenter schedules in strict mode (provisioner.go: DisableReservedCapacityFallback): a NodeClaim
 * holds a reserved offering (nodeclaim.go offeringsToReserve), and once the 5 instances are launched the reservation's
 * offering has count 0 (karpenter-provider-aws reserved_capacity_resolver.go ResolveOfferings), so it is unavailable:
 * 10 − 5 = 5 pods stay pending. Base also allows on-demand, where the other 5 land.
 */
describe('pods held back by a reservation are pending in every format', () => {
  const cfg =
    'reservations:\n  - { id: cr-1, instanceType: c8i.xlarge, zone: us-east-1a, count: 5 }\nzones: [us-east-1a, us-east-1b]\n';
  const nc = NODECLASS + '  capacityReservationSelectorTerms: [{ id: cr-1 }]\n';
  const ct = (values: string[]) =>
    `        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ${JSON.stringify(values)}`;
  const w = deployment('app', { replicas: 10, cpu: '3', memory: '4Gi' });
  let plan: Plan;
  beforeAll(async () => {
    const root = tempTree({
      'base/a.yaml': doc(nc, nodePool('reserved', { requirements: ct(['reserved', 'on-demand']) }), w),
      'head/a.yaml': doc(nc, nodePool('reserved', { requirements: ct(['reserved']) }), w),
      'base/.karpenter-plan.yaml': cfg,
      'head/.karpenter-plan.yaml': cfg,
    });
    const r = await runCli(['diff', '--base', `${root}/base`, '--head', `${root}/head`, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    plan = JSON.parse(r.stdout) as Plan;
  });

  test('the plan: head places 5 of 10 on the reservation, 5 pending; base places all 10', () => {
    const row = plan.workloads.find((x) => x.name === 'app')!;
    expect(row.head).toMatchObject({ schedulable: true, capacityType: 'reserved', pending: 5 });
    expect(row.head!.reason).toMatch(/^5 of 10 pods unschedulable: /);
    expect(row.base!.pending).toBeUndefined();
    expect(row.changed).toBe(true);
    expect(plan.newlyUnschedulable).toEqual([{ kind: 'Deployment', namespace: 'default', name: 'app' }]);
    expect(plan.verdictDetails.map((d) => d.code)).toContain('workloads-unschedulable');
  });

  test('Markdown: the consequence counts the 5 held-back pods, the head cell says 5 pending', () => {
    const md = renderMarkdown(plan);
    expect(md).toContain('5 pods of 1 workload become **pending**');
    expect(md).toMatch(/reserved \$0\.0000 · ⛔ \*\*5 pending\*\*: 5 of 10 pods unschedulable/);
  });

  test('text: the head placement says 5 PENDING', () => {
    expect(renderText(plan)).toMatch(/reserved \$0\.0000; 5 PENDING: 5 of 10 pods unschedulable/);
  });
});
