/**
 * The report says what the plan decides, in every format (issue 23, "Honest report"): pods a reservation holds back
 * are pending, not hidden behind the placement of the others.
 */
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderText } from '../../src/report/text.js';
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { deployment, NODECLASS, nodePool, simulateYaml, tempTree } from '../helpers.js';

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
    // The cause is named: the reservation's 5 instances are launched (ReservedCapacityResolver: count 0).
    expect(row.head!.reason).toBe(
      '5 of 10 pods unschedulable: all requested instance types were unavailable during launch: the only compatible offerings are of capacity reservation cr-1, whose instances are all launched',
    );
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

/**
 * The cost headline counts what can happen inside the horizon (karpenter pkg/apis/v1/nodepool.go
 * GetAllowedDisruptionsByReason: `nodes: "0"` allows no Drifted disruption, so drift.go ComputeCommands disrupts
 * nothing): 4 c8i.xlarge nodes drift to m8i.xlarge (one 3-CPU pod each), and the budget never lets one go. The change
 * they would bring, 4 × (m8i.xlarge − c8i.xlarge) per hour, is shown apart as blocked by budget, not in the headline.
 */
describe('cost blocked by budget is not in the headline', () => {
  const side = (family: string) =>
    doc(
      NODECLASS,
      nodePool('general', {
        requirements: [
          `        - { key: karpenter.k8s.aws/instance-family, operator: In, values: [${family}] }`,
          '        - { key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }',
          '        - { key: karpenter.k8s.aws/instance-size, operator: In, values: [xlarge] }',
        ].join('\n'),
        extraSpec: '  disruption:\n    budgets: [{ nodes: "0" }]\n',
      }),
      deployment('app', { replicas: 4, cpu: '3', memory: '4Gi' }),
    );
  let plan: Plan;
  beforeAll(async () => {
    const root = tempTree({ 'base/a.yaml': side('c8i'), 'head/a.yaml': side('m8i') });
    const r = await runCli(['diff', '--base', `${root}/base`, '--head', `${root}/head`, '--format', 'json']);
    plan = JSON.parse(r.stdout) as Plan;
  });

  test('every drift replacement is outside the horizon; costBlocked = 4 × the price difference', () => {
    const price = (t: string) => embeddedCatalog().byName.get(t)!.price!;
    const drift = plan.replacements.filter((r) => r.reason === 'RequirementsDrifted');
    expect(drift).toHaveLength(4);
    expect(drift.every((r) => r.outsideHorizon === true)).toBe(true);
    expect(plan.summary.costBlocked!.nodes).toBe(4);
    expect(plan.summary.costBlocked!.hourly).toBeCloseTo(4 * (price('m8i.xlarge') - price('c8i.xlarge')), 6);
  });

  test('the headline and the cost line count no change; the blocked part is said apart', () => {
    const md = renderMarkdown(plan);
    const monthly = Math.round(plan.summary.costBlocked!.hourly * 730 * 100) / 100;
    expect(md.split('\n')[2]).toContain(`blocked by budget: +$${monthly.toFixed(2)}/month (4 nodes)`);
    expect(md.split('\n')[2]).not.toMatch(/· \+\$[\d.,]+\/month ·/);
    // Drifting nodes the budget holds past the horizon are not said as replaced (summary.nodesReplacedLater: 4 of 4).
    expect(plan.summary.nodesReplacedLater).toBe(4);
    expect(md.split('\n')[2]).toContain('4 nodes drift, 0 replaced inside the horizon');
    expect(md).toMatch(
      /Cost of the placements unchanged inside the horizon .*blocked by budget: \+\$[\d.]+\/month \(4 nodes\), not counted/,
    );
    // The text report leads with the comment's consequence lines: the same cost line.
    expect(renderText(plan)).toMatch(
      /Cost of the placements unchanged inside the horizon .*blocked by budget: \+\$[\d.]+\/month \(4 nodes\), not counted/,
    );
  });
});

/** Pending reasons name the real cause, not the resource check's generic text (nodeclaim.go CanAdd). */
describe('pending reasons name the volume zone and the instance-store policy', () => {
  // karpenter-provider-aws instancetype/suite_test.go "should not launch instances w/ instance storage for ephemeral
  // storage resource requests when exceeding blockDeviceMapping": m6idn.32xlarge has 7600 GB of NVMe (4 × 1900 GB),
  // 5000Gi does not fit the default 20Gi root volume, and RAID0 would make the NVMe the ephemeral storage.
  const pool = nodePool('p', {
    requirements:
      '        - key: node.kubernetes.io/instance-type\n          operator: In\n          values: ["m6idn.32xlarge"]\n        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]',
  });
  const bigDisk = `apiVersion: v1
kind: Pod
metadata: { name: disk, namespace: default }
spec:
  containers:
    - name: c
      image: x
      resources: { requests: { cpu: "1", memory: 1Gi, ephemeral-storage: 5000Gi } }
`;
  test('without RAID0: the reason says the root volume is 20Gi and the instance store needs instanceStorePolicy: RAID0', () => {
    const { place } = simulateYaml(doc(NODECLASS, pool, bigDisk));
    const p = place('disk', 'Pod');
    expect(p.schedulable).toBe(false);
    expect(p.reasonCodes).toEqual(['insufficient-resources']);
    expect(p.reason).toBe(
      'nodepool "p": no instance type has enough resources for the pod\'s requests: ephemeral-storage 5000Gi is more than the root volume of every instance type (20Gi); 1 of them have an instance store that large (e.g. m6idn.32xlarge, 7600 GB), which is ephemeral storage only with instanceStorePolicy: RAID0 on the EC2NodeClass',
    );
  });
  test('a request no instance store covers either keeps the plain text', () => {
    const { place } = simulateYaml(doc(NODECLASS, pool, bigDisk.replace('5000Gi', '9000Gi')));
    expect(place('disk', 'Pod').reason).toBe(
      'nodepool "p": no instance type has enough resources for the pod\'s requests',
    );
  });

  // A PV bound to zone c while the cluster's zones are a and b (the NodePool itself allows every zone): the volume's
  // requirement is compatible with the NodePool's, but no instance type has an offering in zone c.
  test("a volume in a zone without offerings: the reason names the volume's zone", () => {
    const yaml = doc(
      NODECLASS,
      nodePool('p'),
      `apiVersion: v1
kind: PersistentVolume
metadata: { name: vol }
spec:
  capacity: { storage: 1Gi }
  accessModes: [ReadWriteOnce]
  nodeAffinity:
    required:
      nodeSelectorTerms:
        - matchExpressions:
            - { key: topology.kubernetes.io/zone, operator: In, values: [us-east-1c] }
`,
      `apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: claim, namespace: default }
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: gp3
  volumeName: vol
  resources: { requests: { storage: 1Gi } }
`,
      deployment('a', {
        podSpec: '      volumes:\n        - name: data\n          persistentVolumeClaim: { claimName: claim }\n',
      }),
    );
    const { place } = simulateYaml(yaml, { zones: ['us-east-1a', 'us-east-1b'] });
    expect(place('a').schedulable).toBe(false);
    expect(place('a').reasonCodes).toEqual(['volume-topology']);
    expect(place('a').reason).toBe(
      'nodepool "p": no instance type has an available offering where the pod\'s volumes are (volume requirements topology.kubernetes.io/zone In [us-east-1c])',
    );
  });
});
