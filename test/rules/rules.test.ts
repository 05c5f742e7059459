/**
 * The rules (issue 6): for every rule id, a case where it fires (at the right place) and one
 * where it does not. Each rule is decided with the model; see docs/rules/<id>.md.
 */
import { executePlan } from '../../src/run/execute.js';
import { defaultConfig, parseConfig } from '../../src/sources/config.js';
import { DirTree } from '../../src/sources/tree.js';
import type { Finding } from '../../src/common/findings.js';
import { RULES } from '../../src/rules/index.js';
import { antiAffineWeb, deployment, NODECLASS, nodePool, simulateYaml, tempTree } from '../helpers.js';
import { overlayAndWeightSplit } from '../../src/rules/overlays.js';
import { embeddedCatalog } from '../../src/cloudprovider/catalog.js';
import { runCli } from '../../src/cli/run.js';

const OD = '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand"]';
const fam = (...f: string[]) =>
  `        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: [${f.map((x) => `"${x}"`).join(', ')}]`;
const req = (key: string, op: string, values?: string[]) =>
  `        - key: ${key}\n          operator: ${op}${values ? `\n          values: [${values.map((v) => `"${v}"`).join(', ')}]` : ''}`;
const docs = (...d: string[]) => d.join('---\n');

async function findings(files: Record<string, string>, baseFiles?: Record<string, string>): Promise<Finding[]> {
  const head = new DirTree(tempTree(files));
  const base = baseFiles ? new DirTree(tempTree(baseFiles)) : null;
  const cfgText = files['.karpenter-plan.yaml'];
  const configFindings: Finding[] = [];
  const config = cfgText ? parseConfig('.karpenter-plan.yaml', cfgText, configFindings) : defaultConfig();
  config.assumptions.at = '2026-01-05T10:00:00Z';
  const plan = await executePlan({ base, head, config, configFindings, cwd: process.cwd(), validateOnly: !base });
  return plan.findings;
}
const only = (fs: Finding[], rule: string) => fs.filter((f) => f.rule === rule);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

test('every rule of the issue exists exactly once, with a docs page', async () => {
  const { existsSync } = await import('node:fs');
  const ids = RULES.map((r) => r.id);
  expect(new Set(ids).size).toBe(40);
  for (const id of ids) expect(existsSync(`docs/rules/${id}.md`)).toBe(true);
});

describe('equal-weight-overlap (karpenter pkg/utils/nodepool/nodepool.go OrderByWeight)', () => {
  test('fires on equal weights, naming the later name as the winner', async () => {
    const text = docs(NODECLASS, nodePool('gen8-primary', { weight: 10 }), nodePool('gen7-fallback', { weight: 10 }));
    const f = only(await findings({ 'a.yaml': text }), 'equal-weight-overlap');
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/gen8-primary always wins/);
    expect(f[0].object).toBe('NodePool/gen7-fallback');
  });
  test('does not fire on different weights, or on equal weights that cannot host the same pod', async () => {
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('a', { weight: 10 }), nodePool('b', { weight: 20 })) }),
        'equal-weight-overlap',
      ),
    ).toEqual([]);
    const tainted = nodePool('b', {
      weight: 10,
      extraTemplateSpec: '      taints: [{ key: gpu, effect: NoSchedule }]\n',
    });
    const pod = deployment('app');
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('a', { weight: 10 }), tainted, pod) }),
        'equal-weight-overlap',
      ),
    ).toEqual([]);
  });
});

// karpenter pkg/controllers/provisioning/suite_test.go
// "should schedule to explicitly selected nodepool even if other nodePools are higher priority"
describe('nodepool-selector-pins-pool', () => {
  const pools = docs(NODECLASS, nodePool('primary', { weight: 100 }), nodePool('fallback', { weight: 10 }));
  test('fires when another pool would host the pinned workload', async () => {
    const w = deployment('app', { podSpec: '      nodeSelector: { karpenter.sh/nodepool: fallback }\n' });
    const f = only(await findings({ 'a.yaml': pools, 'w.yaml': w }), 'nodepool-selector-pins-pool');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ file: 'w.yaml', line: lineOf(w, 'nodeSelector') });
  });
  test('does not fire when only the selected pool could host it', async () => {
    const w = deployment('app', {
      podSpec:
        '      nodeSelector: { karpenter.sh/nodepool: fallback }\n      tolerations: [{ key: gpu, operator: Exists }]\n',
    });
    const tainted = docs(
      NODECLASS,
      nodePool('primary', { weight: 100, extraTemplateSpec: '      taints: [{ key: other, effect: NoSchedule }]\n' }),
      nodePool('fallback', { weight: 10 }),
    );
    expect(only(await findings({ 'a.yaml': tainted, 'w.yaml': w }), 'nodepool-selector-pins-pool')).toEqual([]);
  });
});

// karpenter-provider-aws pkg/providers/instance/types.go CreateFleetInputBuilder.Build (on-demand lowest-price)
describe('mixed-generations-one-pool', () => {
  test('fires on one on-demand pool with c7i and c8i, naming the launched c7i', async () => {
    const f = only(
      await findings({ 'a.yaml': docs(NODECLASS, nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}` })) }),
      'mixed-generations-one-pool',
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/c7i\.\w+ \(generation 7, not 8\)/);
  });
  test('does not fire on a single generation, or on a spot pool', async () => {
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('p', { requirements: `${fam('c8i', 'm8i')}\n${OD}` })) }),
        'mixed-generations-one-pool',
      ),
    ).toEqual([]);
    expect(
      only(
        await findings({
          'a.yaml': docs(
            NODECLASS,
            nodePool('p', {
              requirements: `${fam('c7i', 'c8i')}\n${req('karpenter.sh/capacity-type', 'In', ['spot'])}`,
            }),
          ),
        }),
        'mixed-generations-one-pool',
      ),
    ).toEqual([]);
  });
});

describe('NodeOverlay rules (karpenter pkg/controllers/nodeoverlay/controller.go Controller.Reconcile)', () => {
  const overlay = (name: string, weight: number, scoped = true, adj = '+20%') => `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: ${name} }
spec:
  weight: ${weight}
  requirements:
${scoped ? '    - { key: karpenter.sh/nodepool, operator: In, values: ["p"] }\n' : ''}    - { key: karpenter.k8s.aws/instance-generation, operator: Lte, values: ["7"] }
  priceAdjustment: "${adj}"
`;
  const gateOn = {
    'karpenter/values.yaml': 'settings:\n  featureGates:\n    nodeOverlay: true\n',
    '.karpenter-plan.yaml': 'controller:\n  values: karpenter/values.yaml\n',
  };
  const pool = docs(NODECLASS, nodePool('p', { requirements: `${fam('c7i', 'c8i')}\n${OD}` }));
  test('overlay-gate-disabled fires without the gate, not with it', async () => {
    expect(only(await findings({ 'a.yaml': pool, 'o.yaml': overlay('o', 10) }), 'overlay-gate-disabled')).toHaveLength(
      1,
    );
    expect(
      only(await findings({ 'a.yaml': pool, 'o.yaml': overlay('o', 10), ...gateOn }), 'overlay-gate-disabled'),
    ).toEqual([]);
  });
  test('an Argo CD Application of the remote karpenter chart that turns the gate on counts as the gate being on', async () => {
    const app = (values: string) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: karpenter, namespace: argocd }
spec:
  project: default
  destination: { server: https://kubernetes.default.svc, namespace: kube-system }
  source:
    repoURL: public.ecr.aws/karpenter
    chart: karpenter
    targetRevision: 1.8.0
    helm:
${values}
`;
    const valuesObject =
      '      valuesObject:\n        settings:\n          featureGates:\n            nodeOverlay: true';
    const valuesString = '      values: |\n        settings:\n          featureGates:\n            nodeOverlay: true';
    for (const v of [valuesObject, valuesString]) {
      const f = await findings({ 'a.yaml': pool, 'o.yaml': overlay('o', 10), 'apps/karpenter.yaml': app(v) });
      expect(only(f, 'overlay-gate-disabled')).toEqual([]);
      // The controller chart has no NodePools to render: it is not reported as a remote chart left out.
      expect(only(f, 'argocd-remote-chart')).toEqual([]);
    }
    const off = await findings({
      'a.yaml': pool,
      'o.yaml': overlay('o', 10),
      'apps/karpenter.yaml': app(
        '      valuesObject:\n        settings:\n          featureGates:\n            nodeOverlay: false',
      ),
    });
    expect(only(off, 'overlay-gate-disabled')).toHaveLength(1);
  });
  test('overlay-gate-enabled fires on the change that turns the gate on, not when it stays on', async () => {
    const files = { 'a.yaml': pool, 'o.yaml': overlay('o', 10) };
    const f = only(await findings({ ...files, ...gateOn }, files), 'overlay-gate-enabled');
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/UnevaluatedNodePoolError/);
    expect(only(await findings({ ...files, ...gateOn }, { ...files, ...gateOn }), 'overlay-gate-enabled')).toEqual([]);
  });
  test('overlay-and-weight-split: a penalty on the weighted fallback fires; on a single pool it does not', async () => {
    const split = docs(
      NODECLASS,
      nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
      nodePool('p', { weight: 10, requirements: `${fam('c7i')}\n${OD}` }),
    );
    const f = only(
      await findings({ 'a.yaml': split, 'o.yaml': overlay('o', 10), ...gateOn }),
      'overlay-and-weight-split',
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/p \(weight 10\), which the weights already make the fallback of gen8 \(weight 100\)/);
    expect(
      only(await findings({ 'a.yaml': pool, 'o.yaml': overlay('o', 10), ...gateOn }), 'overlay-and-weight-split'),
    ).toEqual([]);
  });
  test('overlay-and-weight-split reports in the order the overlays apply (weight, then name, descending), not by the pool they price first (review)', () => {
    const on = (
      name: string,
      weight: number,
      pool: string,
      family: string,
      adj: string,
    ) => `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: ${name} }
spec:
  weight: ${weight}
  requirements:
    - { key: karpenter.sh/nodepool, operator: In, values: ["${pool}"] }
    - { key: karpenter.k8s.aws/instance-family, operator: In, values: ["${family}"] }
  priceAdjustment: "${adj}"
`;
    // o0 (applied first) lowers a price in p1, so p1 gets its changes first; o1 then raises p2's, o2 p1's.
    const { state, sim } = simulateYaml(
      docs(
        NODECLASS,
        nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('p1', { weight: 10, requirements: `${fam('c7i', 'm7i')}\n${OD}` }),
        nodePool('p2', { weight: 10, requirements: `${fam('c7i')}\n${OD}` }),
        on('o0', 30, 'p1', 'c7i', '-10%'),
        on('o1', 20, 'p2', 'c7i', '+10%'),
        on('o2', 10, 'p1', 'm7i', '+20%'),
      ),
      { settings: 'settings:\n  featureGates:\n    nodeOverlay: true\n' },
    );
    const { rules, controller, reservations, file } = defaultConfig();
    const reported: (string | null)[] = [];
    overlayAndWeightSplit.check(
      {
        head: state,
        base: null,
        config: { rules, controller, reservations, file },
        catalog: embeddedCatalog(),
        sim,
        simOptions: { catalog: embeddedCatalog(), spotPriceFactor: 0.35, reservations: [], probes: false },
        rollouts: null,
      },
      (_message, _source, _path, object = null) => reported.push(object),
    );
    expect(reported).toEqual(['NodeOverlay/o1', 'NodeOverlay/o2']);
  });
  test('overlay-beyond-cut: an overlay on types never among the 600 cheapest of a broad pool fires; on cheap types it does not', async () => {
    // A pool open to every type (~1,300) keeps its 600 cheapest per NodeClaim; u7i (high-memory metal, $100+/h) is far
    // beyond that, c7i well within.
    const broad = docs(NODECLASS, nodePool('p', { requirements: OD }));
    const on = (family: string) => `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: o }
spec:
  requirements:
    - { key: karpenter.k8s.aws/instance-family, operator: In, values: ["${family}"] }
  priceAdjustment: "-10%"
`;
    const f = only(await findings({ 'a.yaml': broad, 'o.yaml': on('u7i-12tb'), ...gateOn }), 'overlay-beyond-cut');
    expect(f).toHaveLength(1);
    expect(only(await findings({ 'a.yaml': broad, 'o.yaml': on('c7i'), ...gateOn }), 'overlay-beyond-cut')).toEqual([]);
  });
  test('overlay-unscoped fires without a karpenter.sh/nodepool requirement', async () => {
    expect(
      only(await findings({ 'a.yaml': pool, 'o.yaml': overlay('o', 10, false), ...gateOn }), 'overlay-unscoped'),
    ).toHaveLength(1);
    expect(
      only(await findings({ 'a.yaml': pool, 'o.yaml': overlay('o', 10, true), ...gateOn }), 'overlay-unscoped'),
    ).toEqual([]);
  });
  // karpenter pkg/controllers/nodeoverlay/suite_test.go (conflicts at equal weight, different weights)
  test('overlay-conflict fires on the earlier of two equal-weight overlays, not on different weights', async () => {
    const f = only(
      await findings({ 'a.yaml': pool, 'o.yaml': docs(overlay('overlay-a', 10), overlay('overlay-b', 10)), ...gateOn }),
      'overlay-conflict',
    );
    expect(f).toHaveLength(1);
    expect(f[0].object).toBe('NodeOverlay/overlay-a');
    expect(
      only(
        await findings({
          'a.yaml': pool,
          'o.yaml': docs(overlay('overlay-a', 10), overlay('overlay-b', 20)),
          ...gateOn,
        }),
        'overlay-conflict',
      ),
    ).toEqual([]);
  });
  test('overlay-penalty-too-large fires when penalised types leave the 60 cheapest, not for +20%', async () => {
    const wide = docs(
      NODECLASS,
      nodePool('p', {
        requirements: `${req('karpenter.k8s.aws/instance-category', 'In', ['c', 'm', 'r'])}\n${req('karpenter.k8s.aws/instance-generation', 'Gte', ['6'])}\n${OD}`,
      }),
    );
    expect(
      only(
        await findings({ 'a.yaml': wide, 'o.yaml': overlay('o', 10, true, '+900%'), ...gateOn }),
        'overlay-penalty-too-large',
      ),
    ).toHaveLength(1);
    expect(
      only(
        await findings({ 'a.yaml': pool, 'o.yaml': overlay('o', 10, true, '+20%'), ...gateOn }),
        'overlay-penalty-too-large',
      ),
    ).toEqual([]);
  });
  // karpenter pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go ToNodeClaim annotates price-overlay-applied
  // over the NodeClaim's up to 600 options; the provider (instance.go) uses the prioritized strategy after its own cut
  // to 60, and types made unavailable by capacity errors leave the cut, letting the penalised ones back in.
  test('overlay-penalty-too-large says what happens: dearer types launch first, the penalised return after capacity errors', async () => {
    const wide = docs(
      NODECLASS,
      nodePool('p', {
        requirements: `${req('karpenter.k8s.aws/instance-category', 'In', ['c', 'm', 'r'])}\n${req('karpenter.k8s.aws/instance-generation', 'Gte', ['6'])}\n${OD}`,
      }),
    );
    const [f] = only(
      await findings({ 'a.yaml': wide, 'o.yaml': overlay('o', 10, true, '+900%'), ...gateOn }),
      'overlay-penalty-too-large',
    );
    expect(f.message).toMatch(/of those candidates really cost more/);
    expect(f.message).toMatch(/only once enough of the cheaper candidates are unavailable/);
    expect(f.message).toMatch(/The prioritized strategy is still used/);
    expect(f.message).not.toMatch(/can never be launched/);
  });
  test('overlay-penalty-too-large: penalising only types dearer than every candidate in the cut is not a finding', async () => {
    // +900% on the types with more than 64 vCPUs: the 60 cheapest c/m/r (gen ≥ 6) types are all smaller, and each
    // costs less than the cheapest type with more than 64 vCPUs, so no candidate really costs more than a penalised one.
    const wide = docs(
      NODECLASS,
      nodePool('p', {
        requirements: `${req('karpenter.k8s.aws/instance-category', 'In', ['c', 'm', 'r'])}\n${req('karpenter.k8s.aws/instance-generation', 'Gte', ['6'])}\n${OD}`,
      }),
    );
    const big = `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: big }
spec:
  weight: 10
  requirements:
    - { key: karpenter.sh/nodepool, operator: In, values: ["p"] }
    - { key: karpenter.k8s.aws/instance-cpu, operator: Gt, values: ["64"] }
  priceAdjustment: "+900%"
`;
    expect(only(await findings({ 'a.yaml': wide, 'o.yaml': big, ...gateOn }), 'overlay-penalty-too-large')).toEqual([]);
  });
});

// karpenter-provider-aws pkg/providers/instance/instance.go getCapacityType (reserved > spot > on-demand)
describe('spot-mixed-with-preference', () => {
  test('fires on a weighted split whose pools allow spot and on-demand', async () => {
    const both = req('karpenter.sh/capacity-type', 'In', ['spot', 'on-demand']);
    const f = only(
      await findings({
        'a.yaml': docs(
          NODECLASS,
          nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${both}` }),
          nodePool('gen7', { weight: 10, requirements: `${fam('c7i')}\n${both}` }),
        ),
      }),
      'spot-mixed-with-preference',
    );
    expect(f.map((x) => x.object).sort()).toEqual(['NodePool/gen7', 'NodePool/gen8']);
  });
  test('does not fire on on-demand preference pools', async () => {
    expect(
      only(
        await findings({
          'a.yaml': docs(
            NODECLASS,
            nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
            nodePool('gen7', { weight: 10, requirements: `${fam('c7i')}\n${OD}` }),
          ),
        }),
        'spot-mixed-with-preference',
      ),
    ).toEqual([]);
  });
});

// karpenter pkg/controllers/provisioning/scheduling/scheduler.go NewScheduler (template pre-filter),
// nodeclaim.go filterInstanceTypesByRequirements; pkg/cloudprovider/types.go InstanceTypes.SatisfiesMinValues
describe('requirements-filter-all-types and min-values-unsatisfiable', () => {
  test('AL2023 with a1 leaves nothing: fires; a1 with AL2 does not', async () => {
    const text = docs(NODECLASS, nodePool('arm', { requirements: fam('a1') }));
    expect(only(await findings({ 'a.yaml': text }), 'requirements-filter-all-types')).toHaveLength(1);
    const al2 = NODECLASS.replace('alias: al2023@latest', 'alias: al2@latest');
    expect(
      only(
        await findings({ 'a.yaml': docs(al2, nodePool('arm', { requirements: fam('a1') })) }),
        'requirements-filter-all-types',
      ),
    ).toEqual([]);
  });
  test('minValues 3 over two families fires; 2 does not', async () => {
    const mv = (n: number) =>
      `        - key: karpenter.k8s.aws/instance-family\n          operator: In\n          values: ["c7i", "c8i", "nope9"]\n          minValues: ${n}`;
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('p', { requirements: mv(3) })) }),
        'min-values-unsatisfiable',
      ),
    ).toHaveLength(1);
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('p', { requirements: mv(2) })) }),
        'min-values-unsatisfiable',
      ),
    ).toEqual([]);
  });
});

// karpenter-provider-aws pkg/providers/instancetype/offering/ BaseResolver: offerings only in the subnets' zones, all in
// the cluster's region; karpenter scheduler.go NewScheduler drops a pool left without any.
describe('zone-not-in-region', () => {
  const zone = (...zs: string[]) => req('topology.kubernetes.io/zone', 'In', zs);
  test('a placeholder zone (your-region-a) fires at the value; the pool is left no offering', async () => {
    const text = docs(NODECLASS, nodePool('p', { requirements: `${OD}\n${zone('your-region-a')}` }));
    const fs = await findings({ 'a.yaml': text });
    const z = only(fs, 'zone-not-in-region');
    expect(z).toHaveLength(1);
    expect(z[0]).toMatchObject({
      severity: 'error',
      line: lineOf(text, 'your-region-a'),
      path: expect.stringContaining('values'),
    });
    expect(z[0].message).toContain('not a zone of us-east-1');
    expect(only(fs, 'requirements-filter-all-types')).toHaveLength(1);
  });
  test('us-east-1z (no region has a zone z) fires; us-east-1a beside it keeps the pool launching', async () => {
    const text = docs(NODECLASS, nodePool('p', { requirements: `${OD}\n${zone('us-east-1a', 'us-east-1z')}` }));
    const fs = await findings({ 'a.yaml': text });
    expect(only(fs, 'zone-not-in-region').map((f) => f.message)).toEqual([expect.stringContaining('"us-east-1z"')]);
    expect(only(fs, 'requirements-filter-all-types')).toEqual([]);
  });
  test('a zone of another region than the configured one fires; real zones and Local Zones do not', async () => {
    const other = docs(NODECLASS, nodePool('p', { requirements: `${OD}\n${zone('eu-west-1a')}` }));
    expect(
      only(await findings({ 'a.yaml': other, '.karpenter-plan.yaml': 'region: us-east-1\n' }), 'zone-not-in-region'),
    ).toHaveLength(1);
    const real = docs(
      NODECLASS,
      nodePool('p', { requirements: `${OD}\n${zone('us-west-2a', 'us-west-2d', 'us-west-2-lax-1a')}` }),
    );
    expect(only(await findings({ 'a.yaml': real }), 'zone-not-in-region')).toEqual([]);
  });
  test("a configured zone is taken as the cluster's, whatever its name", async () => {
    const text = docs(NODECLASS, nodePool('p', { requirements: `${OD}\n${zone('lab-zone-1')}` }));
    const cfg = 'zones: [lab-zone-1]\n';
    expect(only(await findings({ 'a.yaml': text, '.karpenter-plan.yaml': cfg }), 'zone-not-in-region')).toEqual([]);
  });
});

describe('numeric-range-empty (karpenter pkg/scheduling/requirement.go Requirement.Intersection)', () => {
  test('Gt 8 and Lt 4 on one key fires at the requirement', async () => {
    const text = docs(
      NODECLASS,
      nodePool('p', {
        requirements: `${req('karpenter.k8s.aws/instance-cpu', 'Gt', ['8'])}\n${req('karpenter.k8s.aws/instance-cpu', 'Lt', ['4'])}`,
      }),
    );
    const f = only(await findings({ 'a.yaml': text }), 'numeric-range-empty');
    expect(f).toHaveLength(1);
    expect(f[0].line).toBe(text.split('\n').findIndex((l) => l.includes('operator: Lt')));
  });
  test('a pod range empty against every pool fires; a satisfiable one does not', async () => {
    const pool = docs(NODECLASS, nodePool('p', { requirements: req('karpenter.k8s.aws/instance-cpu', 'Lte', ['8']) }));
    const pod = (op: string, v: string) =>
      deployment('app', {
        podSpec: `      affinity:\n        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n              - matchExpressions: [{ key: karpenter.k8s.aws/instance-cpu, operator: ${op}, values: ["${v}"] }]\n`,
      });
    expect(only(await findings({ 'a.yaml': pool, 'w.yaml': pod('Gt', '16') }), 'numeric-range-empty')).toHaveLength(1);
    expect(only(await findings({ 'a.yaml': pool, 'w.yaml': pod('Gt', '2') }), 'numeric-range-empty')).toEqual([]);
  });
});

describe('custom-label-undeclared and look-alike-label (karpenter pkg/scheduling/requirements.go Compatible)', () => {
  test('a custom nodeSelector no pool declares fires; a declared one does not', async () => {
    const w = deployment('app', { podSpec: '      nodeSelector: { team: payments }\n' });
    expect(
      only(await findings({ 'a.yaml': docs(NODECLASS, nodePool('p')), 'w.yaml': w }), 'custom-label-undeclared'),
    ).toHaveLength(1);
    const declared = nodePool('p').replace(
      '  template:\n',
      '  template:\n    metadata:\n      labels: { team: payments }\n',
    );
    expect(
      only(await findings({ 'a.yaml': docs(NODECLASS, declared), 'w.yaml': w }), 'custom-label-undeclared'),
    ).toEqual([]);
  });
  test('node.kubernetes.io/instance-family fires with a suggestion; the real key does not', async () => {
    const f = only(
      await findings({
        'a.yaml': docs(
          NODECLASS,
          nodePool('p', { requirements: req('node.kubernetes.io/instance-family', 'In', ['c7i']) }),
        ),
      }),
      'look-alike-label',
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/karpenter.k8s.aws\/instance-family/);
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('p', { requirements: fam('c7i') })) }),
        'look-alike-label',
      ),
    ).toEqual([]);
  });
});

// karpenter-provider-aws pkg/providers/instancetype/offering/reserved_capacity_resolver.go
// ReservedCapacityResolver.ResolveOfferings (capacity type reserved)
describe('capacity-type-exact-on-demand', () => {
  const cfg =
    'reservations:\n  - { id: cr-1, instanceType: c8i.xlarge, zone: us-east-1a, count: 2 }\nzones: [us-east-1a, us-east-1b]\n';
  const nc = NODECLASS + '  capacityReservationSelectorTerms: [{ id: cr-1 }]\n';
  const pool = nodePool('p', {
    requirements: `${fam('c8i')}\n${req('karpenter.sh/capacity-type', 'In', ['on-demand', 'reserved'])}`,
  });
  const w = deployment('app', { podSpec: '      nodeSelector: { karpenter.sh/capacity-type: on-demand }\n' });
  test('fires when reserved capacity exists', async () => {
    expect(
      only(
        await findings({ 'a.yaml': docs(nc, pool), 'w.yaml': w, '.karpenter-plan.yaml': cfg }),
        'capacity-type-exact-on-demand',
      ),
    ).toHaveLength(1);
  });
  test('does not fire without a reservation', async () => {
    expect(
      only(await findings({ 'a.yaml': docs(NODECLASS, pool), 'w.yaml': w }), 'capacity-type-exact-on-demand'),
    ).toEqual([]);
  });
});

describe('flex-does-not-exist (karpenter-provider-aws pkg/providers/instancetype/types.go computeRequirements)', () => {
  test('DoesNotExist fires; In ["false"] does not', async () => {
    expect(
      only(
        await findings({
          'a.yaml': docs(
            NODECLASS,
            nodePool('p', { requirements: req('karpenter.k8s.aws/instance-capability-flex', 'DoesNotExist') }),
          ),
        }),
        'flex-does-not-exist',
      ),
    ).toHaveLength(1);
    expect(
      only(
        await findings({
          'a.yaml': docs(
            NODECLASS,
            nodePool('p', { requirements: req('karpenter.k8s.aws/instance-capability-flex', 'In', ['false']) }),
          ),
        }),
        'flex-does-not-exist',
      ),
    ).toEqual([]);
  });
});

describe('ami-alias-latest (karpenter-provider-aws pkg/cloudprovider/drift.go CloudProvider.isAMIDrifted)', () => {
  const windows = (alias: string) => `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: windows }
spec:
  role: KarpenterNodeRole
  amiSelectorTerms: [{ alias: ${alias} }]
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: cluster } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: cluster } }]
`;
  test('does not fire on Windows, whose aliases allow only latest (as in the AWS provider examples/v1/windows2022.yaml)', async () => {
    const pool = nodePool('win').replace('name: default', 'name: windows');
    expect(only(await findings({ 'a.yaml': docs(windows('windows2022@latest'), pool) }), 'ami-alias-latest')).toEqual(
      [],
    );
  });
  test("suggests a version in the family's own format: Bottlerocket v1.x.y, AL2023 vYYYYMMDD", async () => {
    const pool = nodePool('br').replace('name: default', 'name: windows');
    const br = only(await findings({ 'a.yaml': docs(windows('bottlerocket@latest'), pool) }), 'ami-alias-latest');
    expect(br[0].message).toMatch(/bottlerocket@v1\.\d+\.\d+/);
    const al = only(await findings({ 'a.yaml': docs(windows('al2023@latest'), pool) }), 'ami-alias-latest');
    expect(al[0].message).toMatch(/al2023@v\d{8}/);
  });
  test('@latest fires at the alias; a pinned version does not', async () => {
    const f = only(await findings({ 'a.yaml': docs(NODECLASS, nodePool('p')) }), 'ami-alias-latest');
    expect(f).toHaveLength(1);
    expect(f[0].line).toBe(lineOf(NODECLASS, 'al2023@latest'));
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS.replace('@latest', '@v20260801'), nodePool('p')) }),
        'ami-alias-latest',
      ),
    ).toEqual([]);
  });
});

// karpenter pkg/controllers/nodeclaim/expiration/controller.go Controller.Reconcile; nothing brings a fallback back:
// pkg/controllers/disruption/consolidation.go computeConsolidation replaces only with strictly cheaper nodes
describe('expire-without-tgp and fallback-without-expiry', () => {
  test('expireAfter without terminationGracePeriod fires; with it, it does not', async () => {
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('p', { extraTemplateSpec: '      expireAfter: 48h\n' })) }),
        'expire-without-tgp',
      ),
    ).toHaveLength(1);
    expect(
      only(
        await findings({
          'a.yaml': docs(
            NODECLASS,
            nodePool('p', { extraTemplateSpec: '      expireAfter: 48h\n      terminationGracePeriod: 24h\n' }),
          ),
        }),
        'expire-without-tgp',
      ),
    ).toEqual([]);
  });
  test('expireAfter left at its 720h CRD default, without terminationGracePeriod, fires as an explicit one does', async () => {
    const f = only(await findings({ 'a.yaml': docs(NODECLASS, nodePool('p')) }), 'expire-without-tgp');
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/leaves expireAfter at its default \(720h\)/);
    expect(
      only(
        await findings({
          'a.yaml': docs(NODECLASS, nodePool('p', { extraTemplateSpec: '      expireAfter: Never\n' })),
        }),
        'expire-without-tgp',
      ),
    ).toEqual([]);
  });
  test('pod-grace-exceeds-tgp: 3600 s of pod grace on a pool whose terminationGracePeriod is 30m fires; 600 s does not', async () => {
    const pool = nodePool('p', { extraTemplateSpec: '      terminationGracePeriod: 30m\n' });
    const grace = (s: number) => deployment('slow', { podSpec: `      terminationGracePeriodSeconds: ${s}\n` });
    const f = only(await findings({ 'a.yaml': docs(NODECLASS, pool, grace(3600)) }), 'pod-grace-exceeds-tgp');
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(
      /terminationGracePeriodSeconds 3600 \(60 min\), longer than NodePool p's terminationGracePeriod 30m/,
    );
    expect(only(await findings({ 'a.yaml': docs(NODECLASS, pool, grace(600)) }), 'pod-grace-exceeds-tgp')).toEqual([]);
  });
  test('a fallback that never expires fires; a 48h fallback does not', async () => {
    const text = (exp: string) =>
      docs(
        NODECLASS,
        nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('gen7', {
          weight: 10,
          requirements: `${fam('c7i')}\n${OD}`,
          extraTemplateSpec: `      expireAfter: ${exp}\n`,
        }),
      );
    const f = only(await findings({ 'a.yaml': text('Never') }), 'fallback-without-expiry');
    expect(f).toHaveLength(1);
    expect(f[0].object).toBe('NodePool/gen7');
    expect(only(await findings({ 'a.yaml': text('48h') }), 'fallback-without-expiry')).toEqual([]);
  });
});

// data-on-eks (analytics/terraform/spark-k8s-operator karpenter NodePools): pools of different weights, each with its
// own `NodeGroupType` template label that the Spark jobs select, allowing spot and on-demand, expiring at 720h. None is
// a fallback of another; before, both rules fired on every pool of lower weight.
describe('pools with roles of their own are not fallbacks (data-on-eks shape)', () => {
  const both = req('karpenter.sh/capacity-type', 'In', ['spot', 'on-demand']);
  const labelled = (name: string, weight: number, group: string, family: string) =>
    `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: ${name}
spec:
  weight: ${weight}
  template:
    metadata:
      labels:
        NodeGroupType: ${group}
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      expireAfter: 720h
      requirements:
${fam(family)}
${both}
`;
  test('labelled pools: neither fallback-without-expiry nor spot-mixed-with-preference', async () => {
    const f = await findings({
      'a.yaml': docs(
        NODECLASS,
        labelled('spark-compute-optimized', 100, 'SparkComputeOptimized', 'c5d'),
        labelled('spark-memory-optimized', 50, 'SparkMemoryOptimized', 'r5d'),
        labelled('spark-graviton-memory-optimized', 10, 'SparkGravitonMemoryOptimized', 'r6gd'),
      ),
    });
    expect(only(f, 'fallback-without-expiry')).toEqual([]);
    expect(only(f, 'spot-mixed-with-preference')).toEqual([]);
  });
  test('the same pools sharing one label value are a weighted preference: both rules still fire', async () => {
    const f = await findings({
      'a.yaml': docs(
        NODECLASS,
        labelled('spark-compute-optimized', 100, 'Spark', 'c5d'),
        labelled('spark-memory-optimized', 50, 'Spark', 'r5d'),
      ),
    });
    expect(only(f, 'fallback-without-expiry').map((x) => x.object)).toEqual(['NodePool/spark-memory-optimized']);
    expect(
      only(f, 'spot-mixed-with-preference')
        .map((x) => x.object)
        .sort(),
    ).toEqual(['NodePool/spark-compute-optimized', 'NodePool/spark-memory-optimized']);
  });
});

describe('budget rules (karpenter pkg/apis/v1/nodepool.go Budget.GetAllowedDisruptions, Budget.IsActive)', () => {
  const withBudgets = (budgets: string, tmpl = '') =>
    docs(
      NODECLASS,
      nodePool('p', { extraSpec: `  disruption:\n    budgets: ${budgets}\n`, extraTemplateSpec: tmpl }),
      deployment('app', { replicas: 8, cpu: '3', memory: '6Gi' }),
    );
  test('budget-invalid-schedule: a 6-field cron passes the CRD but not the parser; a valid one does not fire', async () => {
    const f = only(
      await findings({ 'a.yaml': withBudgets('[{ nodes: "10%", schedule: "0 0 9 * * 1", duration: 8h }]') }),
      'budget-invalid-schedule',
    );
    expect(f).toHaveLength(1);
    expect(
      only(
        await findings({ 'a.yaml': withBudgets('[{ nodes: "10%", schedule: "0 9 * * 1", duration: 8h }]') }),
        'budget-invalid-schedule',
      ),
    ).toEqual([]);
  });
  test('budget-blocks-drift: a change that drifts nodes under nodes: "0" fires; under 10% it does not', async () => {
    const base = { 'a.yaml': withBudgets('[{ nodes: "0" }]', '      expireAfter: 720h\n') };
    const head = { 'a.yaml': withBudgets('[{ nodes: "0" }]', '      expireAfter: 48h\n') };
    expect(only(await findings(head, base), 'budget-blocks-drift')).toHaveLength(1);
    const ok = (e: string) => ({ 'a.yaml': withBudgets('[{ nodes: "10%" }]', `      expireAfter: ${e}\n`) });
    expect(only(await findings(ok('48h'), ok('720h')), 'budget-blocks-drift')).toEqual([]);
  });
  test('budget-unlimited: budgets: [] with drift fires; without drift it does not', async () => {
    const x = (e: string) => ({ 'a.yaml': withBudgets('[]', `      expireAfter: ${e}\n`) });
    expect(only(await findings(x('48h'), x('720h')), 'budget-unlimited')).toHaveLength(1);
    expect(only(await findings(x('720h'), x('720h')), 'budget-unlimited')).toEqual([]);
  });
});

describe('nodeclass-not-found and pool-removed-with-nodes', () => {
  test('a missing EC2NodeClass fires while another exists; not when it exists', async () => {
    const orphan = nodePool('p').replace('name: default }', 'name: missing }');
    expect(only(await findings({ 'a.yaml': docs(NODECLASS, orphan) }), 'nodeclass-not-found')).toHaveLength(1);
    expect(only(await findings({ 'a.yaml': docs(NODECLASS, nodePool('p')) }), 'nodeclass-not-found')).toEqual([]);
  });
  test('deleting a pool that has nodes fires; deleting an unused one does not', async () => {
    const w = deployment('app', { podSpec: '      nodeSelector: { karpenter.sh/nodepool: old }\n' });
    const base = { 'a.yaml': docs(NODECLASS, nodePool('old'), nodePool('new')), 'w.yaml': w };
    const removed = only(
      await findings({ 'a.yaml': docs(NODECLASS, nodePool('new')), 'w.yaml': w }, base),
      'pool-removed-with-nodes',
    );
    expect(removed).toHaveLength(1);
    // The pool exists in base only: the finding names base's line instead of pointing into head's file.
    expect([removed[0].file, removed[0].line]).toEqual([null, null]);
    expect(removed[0].message).toMatch(
      new RegExp(`^NodePool old \\(a\\.yaml:${lineOf(base['a.yaml'], 'name: old')} in base\\)`),
    );
    const idle = {
      'a.yaml': docs(
        NODECLASS,
        nodePool('old', { extraTemplateSpec: '      taints: [{ key: x, effect: NoSchedule }]\n' }),
        nodePool('new'),
      ),
      'w.yaml': deployment('app'),
    };
    expect(
      only(
        await findings({ 'a.yaml': docs(NODECLASS, nodePool('new')), 'w.yaml': deployment('app') }, idle),
        'pool-removed-with-nodes',
      ),
    ).toEqual([]);
  });
});

// limits: karpenter pkg/controllers/provisioning/scheduling/scheduler.go filterByRemainingResources, subtractMax;
// ICE: karpenter-provider-aws pkg/cache/unavailableofferings.go UnavailableOfferings.MarkUnavailable
describe('limits-block-fallback (ICE what-if)', () => {
  test("fires when the fallback's limits can't take the preferred pool's workloads; not with room", async () => {
    const text = (cpu: string) =>
      docs(
        NODECLASS,
        nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('gen7', {
          weight: 10,
          requirements: `${fam('c7i')}\n${OD}`,
          extraSpec: `  limits: { cpu: "${cpu}" }\n`,
        }),
        deployment('app', { replicas: 20, cpu: '3', memory: '4Gi' }),
      );
    expect(only(await findings({ 'a.yaml': text('8') }), 'limits-block-fallback')).toHaveLength(1);
    expect(only(await findings({ 'a.yaml': text('1000') }), 'limits-block-fallback')).toEqual([]);
  });
});

describe('preferred-affinity-generation and spot-to-spot-few-types', () => {
  test('a preferred generation term fires; a preferred zone term does not', async () => {
    const pref = (key: string, v: string) =>
      deployment('app', {
        podSpec: `      affinity:\n        nodeAffinity:\n          preferredDuringSchedulingIgnoredDuringExecution:\n            - weight: 50\n              preference: { matchExpressions: [{ key: ${key}, operator: In, values: ["${v}"] }] }\n`,
      });
    expect(
      only(
        await findings({
          'a.yaml': docs(NODECLASS, nodePool('p')),
          'w.yaml': pref('karpenter.k8s.aws/instance-generation', '8'),
        }),
        'preferred-affinity-generation',
      ),
    ).toHaveLength(1);
    expect(
      only(
        await findings({
          'a.yaml': docs(NODECLASS, nodePool('p')),
          'w.yaml': pref('topology.kubernetes.io/zone', 'us-east-1a'),
        }),
        'preferred-affinity-generation',
      ),
    ).toEqual([]);
  });
  test('SpotToSpotConsolidation with a narrow spot pool fires; with the gate off it does not', async () => {
    const spot = docs(
      NODECLASS,
      nodePool('s', {
        requirements: `${req('node.kubernetes.io/instance-type', 'In', ['c7i.large', 'c7i.xlarge'])}\n${req('karpenter.sh/capacity-type', 'In', ['spot'])}`,
      }),
    );
    const gate = {
      'karpenter/values.yaml': 'settings:\n  featureGates:\n    spotToSpotConsolidation: true\n',
      '.karpenter-plan.yaml': 'controller:\n  values: karpenter/values.yaml\n',
    };
    expect(only(await findings({ 'a.yaml': spot, ...gate }), 'spot-to-spot-few-types')).toHaveLength(1);
    expect(only(await findings({ 'a.yaml': spot }), 'spot-to-spot-few-types')).toEqual([]);
  });
});

describe('configuration of rules', () => {
  test('a rule can be switched off or re-levelled', async () => {
    const text = docs(NODECLASS, nodePool('p'));
    expect(
      only(
        await findings({ 'a.yaml': text, '.karpenter-plan.yaml': 'rules:\n  ami-alias-latest: off\n' }),
        'ami-alias-latest',
      ),
    ).toEqual([]);
    expect(
      only(
        await findings({ 'a.yaml': text, '.karpenter-plan.yaml': 'rules:\n  ami-alias-latest: error\n' }),
        'ami-alias-latest',
      )[0].severity,
    ).toBe('error');
  });
});

describe('the 7th/8th-generation situations produce the rules they describe', () => {
  test('examples/generation-split head (weighted split): no error; only expire-without-tgp warns', async () => {
    const fs = await import('node:fs');
    const files: Record<string, string> = {};
    for (const f of fs.readdirSync('examples/generation-split/head'))
      files[f] = fs.readFileSync(`examples/generation-split/head/${f}`, 'utf8');
    const f = await findings(files);
    expect(f.filter((x) => x.severity === 'error')).toEqual([]);
    expect([...new Set(f.filter((x) => x.severity === 'warning').map((x) => x.rule))]).toEqual(['expire-without-tgp']);
  });
  test('examples/generation-split base, the single mixed pool → mixed-generations-one-pool', async () => {
    const fs = await import('node:fs');
    const f = await findings({
      'p.yaml': fs.readFileSync('examples/generation-split/base/nodepools.yaml', 'utf8'),
      'nc.yaml': NODECLASS,
    });
    expect(f.map((x) => x.rule)).toContain('mixed-generations-one-pool');
  });
  test('examples/node-overlay: the overlay without its gate → overlay-gate-disabled; with it → no error', async () => {
    const fs = await import('node:fs');
    const read = (side: string) =>
      Object.fromEntries(
        ['nodepools.yaml', 'nodeclass.yaml', 'overlay.yaml', 'karpenter/values.yaml', '.karpenter-plan.yaml']
          .filter((f) => fs.existsSync(`examples/node-overlay/${side}/${f}`))
          .map((f) => [f, fs.readFileSync(`examples/node-overlay/${side}/${f}`, 'utf8')]),
      );
    const head = read('head');
    expect((await findings(head)).filter((x) => x.severity === 'error')).toEqual([]);
    expect((await findings({ ...head, 'karpenter/values.yaml': 'settings: {}\n' })).map((x) => x.rule)).toContain(
      'overlay-gate-disabled',
    );
  });
  test('workloads pinned to managed node groups, Fargate or declared externalLabels are placed outside Karpenter, not errors', async () => {
    const mng = deployment('coredns-like', {
      podSpec: '      nodeSelector: { eks.amazonaws.com/nodegroup: system }\n',
    });
    const fargate = deployment('fg', { podSpec: '      nodeSelector: { eks.amazonaws.com/compute-type: fargate }\n' });
    const self = deployment('legacy', { podSpec: '      nodeSelector: { platform.example.com/asg: legacy }\n' });
    const files = { 'a.yaml': docs(NODECLASS, nodePool('p'), mng, fargate, self) };
    const without = await findings(files);
    expect(only(without, 'custom-label-undeclared').map((f) => f.object)).toEqual(['Deployment/legacy']);
    const cfg = { '.karpenter-plan.yaml': 'externalLabels: [platform.example.com/asg]\n' };
    expect(only(await findings({ ...files, ...cfg }), 'custom-label-undeclared')).toEqual([]);
    const dir = tempTree({ ...files, ...cfg });
    const plan = JSON.parse((await runCli(['simulate', dir, '--format', 'json'])).stdout);
    expect(plan.workloads.filter((w: { kind: string }) => w.kind === 'Deployment')).toEqual([]);
    expect(plan.assumptions.join('\n')).toMatch(/Outside Karpenter: 3 workload\(s\)/);
  });
  test('mixed-generations-one-pool does not fire on the getting-started NodePool (category In, generation Gt 2)', async () => {
    // The shape of the NodePool in Karpenter's getting-started guide (website/content/en/docs/getting-started).
    const gettingStarted = nodePool('default', {
      requirements: [
        '        - { key: kubernetes.io/arch, operator: In, values: ["amd64"] }',
        '        - { key: kubernetes.io/os, operator: In, values: ["linux"] }',
        '        - { key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }',
        '        - { key: karpenter.k8s.aws/instance-category, operator: In, values: ["c", "m", "r"] }',
        '        - { key: karpenter.k8s.aws/instance-generation, operator: Gt, values: ["2"] }',
      ].join('\n'),
    });
    expect(only(await findings({ 'a.yaml': docs(NODECLASS, gettingStarted) }), 'mixed-generations-one-pool')).toEqual(
      [],
    );
  });
  test('a look-alike key that a NodePool declares as a template label is deliberate: no look-alike-label', async () => {
    const pool = nodePool('compute', {
      extraTemplateSpec: '',
    }).replace(
      '  template:\n    spec:',
      '  template:\n    metadata:\n      labels: { node.kubernetes.io/instance-category: compute }\n    spec:',
    );
    const app = deployment('api', {
      podSpec: '      nodeSelector: { node.kubernetes.io/instance-category: compute }\n',
    });
    const f = await findings({ 'a.yaml': docs(NODECLASS, pool, app) });
    expect(only(f, 'look-alike-label')).toEqual([]);
    expect(only(f, 'custom-label-undeclared')).toEqual([]);
  });
  test('label keyword mistakes → look-alike-label and flex-does-not-exist', async () => {
    const f = await findings({
      'a.yaml': docs(
        NODECLASS,
        nodePool('p', {
          requirements: `${req('node.kubernetes.io/instance-family', 'In', ['c7i'])}\n${req('karpenter.k8s.aws/instance-capability-flex', 'DoesNotExist')}`,
        }),
      ),
    });
    expect(f.map((x) => x.rule)).toEqual(expect.arrayContaining(['look-alike-label', 'flex-does-not-exist']));
  });
  test('a limited fallback under ICE → limits-block-fallback', async () => {
    const f = await findings({
      'a.yaml': docs(
        NODECLASS,
        nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('gen7', {
          weight: 10,
          requirements: `${fam('c7i')}\n${OD}`,
          extraSpec: '  limits: { cpu: "4" }\n',
          extraTemplateSpec: '      expireAfter: 48h\n      terminationGracePeriod: 1h\n',
        }),
        deployment('app', { replicas: 10, cpu: '2', memory: '2Gi' }),
      ),
    });
    expect(f.map((x) => x.rule)).toContain('limits-block-fallback');
  });
  test('a fallback that never expires → fallback-without-expiry; narrowing a pool drifts its nodes', async () => {
    const pools = (fams: string[]) =>
      docs(
        NODECLASS,
        nodePool('gen8', { weight: 100, requirements: `${fam('c8i')}\n${OD}` }),
        nodePool('gen7', {
          weight: 10,
          requirements: `${fam(...fams)}\n${OD}`,
          extraTemplateSpec: '      expireAfter: Never\n',
        }),
        deployment('app', { replicas: 3, podSpec: '      nodeSelector: { karpenter.sh/nodepool: gen7 }\n' }),
      );
    const f = await findings({ 'a.yaml': pools(['c7i']) }, { 'a.yaml': pools(['c7i', 'm7i']) });
    expect(f.map((x) => x.rule)).toContain('fallback-without-expiry');
  });
});

test('every rule linked from reports has its docs page', async () => {
  const { DOCUMENTED_RULES } = await import('../../src/report/rule-docs.js');
  const { existsSync } = await import('node:fs');
  expect([...DOCUMENTED_RULES].filter((id) => !existsSync(`docs/rules/${id}.md`))).toEqual([]);
});

// karpenter-provider-aws reserved_capacity_resolver.go ResolveOfferings; karpenter nodeclaim.go offeringsToReserve
describe('reservation-unused', () => {
  const cfg = (id: string) =>
    `reservations:\n  - { id: ${id}, instanceType: c8i.large, zone: us-east-1a, count: 1 }\nzones: [us-east-1a, us-east-1b]\n`;
  const selected = NODECLASS + '  capacityReservationSelectorTerms:\n    - id: cr-1\n';
  const reservedOk =
    '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["on-demand", "reserved"]';
  test('a reservation no EC2NodeClass selects fires', async () => {
    const f = only(
      await findings({
        'a.yaml': docs(NODECLASS, nodePool('p', { requirements: reservedOk })),
        '.karpenter-plan.yaml': cfg('cr-1'),
      }),
      'reservation-unused',
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/no EC2NodeClass selects it/);
  });
  test('selected, but the NodePool allows only on-demand: fires, naming the NodePool side', async () => {
    const f = only(
      await findings({ 'a.yaml': docs(selected, nodePool('p')), '.karpenter-plan.yaml': cfg('cr-1') }),
      'reservation-unused',
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/allows capacity type reserved together with c8i.large/);
  });
  test('selected and allowed: silent', async () => {
    expect(
      only(
        await findings({
          'a.yaml': docs(selected, nodePool('p', { requirements: reservedOk })),
          '.karpenter-plan.yaml': cfg('cr-1'),
        }),
        'reservation-unused',
      ),
    ).toEqual([]);
  });
});

// New explanations of a change (issue 12): each decided from the objects, with Karpenter's code cited in the rule.
describe('budget-whole-pool (karpenter pkg/apis/v1/nodepool.go GetAllowedDisruptionsByReason: min over active budgets)', () => {
  const pool = (budgets: string) =>
    docs(NODECLASS, nodePool('p', { extraSpec: `  disruption:\n    budgets:\n${budgets}` }));
  test('10% → 100% fires, naming every reason now unlimited at the pool size', async () => {
    const f = only(
      await findings({ 'a.yaml': pool('      - nodes: "100%"\n') }, { 'a.yaml': pool('      - nodes: "10%"\n') }),
      'budget-whole-pool',
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/allow Drifted, Empty, Underutilized disruption of every node/);
  });
  test('a 100% budget that only applies to Empty names Empty alone', async () => {
    const f = only(
      await findings(
        {
          'a.yaml': pool(
            '      - nodes: "10%"\n        reasons: [Drifted, Underutilized]\n      - nodes: "100%"\n        reasons: [Empty]\n',
          ),
        },
        { 'a.yaml': pool('      - nodes: "10%"\n') },
      ),
      'budget-whole-pool',
    );
    expect(f.map((x) => x.message.match(/allow (.*) disruption/)?.[1])).toEqual(['Empty']);
  });
  test('100% inside a schedule while an unscheduled 10% stays does not fire (the minimum stays 10%)', async () => {
    expect(
      only(
        await findings(
          {
            'a.yaml': pool(
              '      - nodes: "10%"\n      - nodes: "100%"\n        schedule: "0 2 * * *"\n        duration: 2h\n',
            ),
          },
          { 'a.yaml': pool('      - nodes: "10%"\n') },
        ),
        'budget-whole-pool',
      ),
    ).toEqual([]);
  });
  test('unchanged budgets, or 10% → 20%, do not fire; validate (no base) does not fire', async () => {
    expect(
      only(
        await findings({ 'a.yaml': pool('      - nodes: "20%"\n') }, { 'a.yaml': pool('      - nodes: "10%"\n') }),
        'budget-whole-pool',
      ),
    ).toEqual([]);
    expect(only(await findings({ 'a.yaml': pool('      - nodes: "100%"\n') }), 'budget-whole-pool')).toEqual([]);
  });
});

describe('consolidation-policy-changed (karpenter pkg/controllers/disruption/consolidation.go ShouldDisrupt, emptiness.go)', () => {
  const pool = (policy: string, after = '0s') =>
    docs(
      NODECLASS,
      nodePool('p', {
        extraSpec: `  disruption:\n    consolidationPolicy: ${policy}\n    consolidateAfter: ${after}\n`,
      }),
    );
  test('WhenEmptyOrUnderutilized → WhenEmpty says underutilized nodes are no longer consolidated', async () => {
    const f = only(
      await findings({ 'a.yaml': pool('WhenEmpty') }, { 'a.yaml': pool('WhenEmptyOrUnderutilized') }),
      'consolidation-policy-changed',
    );
    expect(f).toHaveLength(1);
    expect(f[0].message).toMatch(/now only deletes nodes that are empty/);
    expect(f[0].path).toBe('spec.disruption.consolidationPolicy');
  });
  test('WhenEmpty → WhenEmptyOrUnderutilized says pods will be evicted to consolidate', async () => {
    const [f] = only(
      await findings({ 'a.yaml': pool('WhenEmptyOrUnderutilized') }, { 'a.yaml': pool('WhenEmpty') }),
      'consolidation-policy-changed',
    );
    expect(f.message).toMatch(/now also consolidates underutilized nodes/);
  });
  test('consolidateAfter: Never turns it off; 0s → 5m with the same policy is not a change of policy', async () => {
    const [f] = only(
      await findings(
        { 'a.yaml': pool('WhenEmptyOrUnderutilized', 'Never') },
        { 'a.yaml': pool('WhenEmptyOrUnderutilized') },
      ),
      'consolidation-policy-changed',
    );
    expect(f.message).toMatch(/no longer consolidates its nodes at all/);
    expect(f.path).toBe('spec.disruption.consolidateAfter');
    expect(
      only(
        await findings({ 'a.yaml': pool('WhenEmpty', '5m') }, { 'a.yaml': pool('WhenEmpty') }),
        'consolidation-policy-changed',
      ),
    ).toEqual([]);
  });
});

describe('al2-end-of-life (EKS stopped publishing AL2 AMIs on 2025-11-26; 1.32 is the last version with them)', () => {
  const nc = (terms: string, family = '') =>
    `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: NodeRole
${family}  amiSelectorTerms: ${terms}
  subnetSelectorTerms: [{ tags: { k: v } }]
  securityGroupSelectorTerms: [{ tags: { k: v } }]
`;
  test('alias al2@latest and amiFamily: AL2 naming EKS AL2 AMIs fire at their line; al2023 does not', async () => {
    const a = docs(nc('[{ alias: al2@latest }]'), nodePool('p'));
    const [f] = only(await findings({ 'a.yaml': a }), 'al2-end-of-life');
    expect(f.line).toBe(lineOf(a, 'alias: al2@latest'));
    const b = docs(nc('[{ name: amazon-eks-node-1.31-v20250101 }]', '  amiFamily: AL2\n'), nodePool('p'));
    const [g] = only(await findings({ 'a.yaml': b }), 'al2-end-of-life');
    expect(g.line).toBe(lineOf(b, 'amiFamily: AL2'));
    expect(only(await findings({ 'a.yaml': docs(NODECLASS, nodePool('p')) }), 'al2-end-of-life')).toEqual([]);
  });
  // karpenter.sh docs (EC2NodeClass, amiFamily): Ubuntu is run as `amiFamily: AL2` with amiSelectorTerms selecting the
  // Ubuntu AMI by id; the AL2 end of life says nothing about that AMI.
  test('amiFamily: AL2 selecting an AMI by id (the documented Ubuntu setup) does not fire', async () => {
    const b = docs(nc('[{ id: ami-0123456789abcdef0 }]', '  amiFamily: AL2\n'), nodePool('p'));
    expect(only(await findings({ 'a.yaml': b }), 'al2-end-of-life')).toEqual([]);
  });
});

describe('unsubstituted-placeholder', () => {
  test('al2023@${ALIAS_VERSION} and a ${CLUSTER_NAME} selector tag fire at their lines; userData scripts do not', async () => {
    const text = docs(
      `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: NodeRole
  amiSelectorTerms:
    - alias: al2023@\${ALIAS_VERSION}
  subnetSelectorTerms:
    - tags:
        karpenter.sh/discovery: "\${CLUSTER_NAME}"
  securityGroupSelectorTerms: [{ tags: { k: v } }]
  userData: |
    #!/bin/bash
    echo "\${HOME}"
`,
      nodePool('p'),
    );
    const f = only(await findings({ 'a.yaml': text }), 'unsubstituted-placeholder');
    expect(f.map((x) => x.line)).toEqual([
      lineOf(text, 'alias: al2023@'),
      lineOf(text, 'karpenter.sh/discovery: "${CLUSTER_NAME}"'),
    ]);
    expect(f[0].message).toMatch(/the alias names no AMI/);
  });
  test('<<CLUSTER_NAME>> markers (aws-samples/karpenter-blueprints, replaced with sed) fire too', async () => {
    const text = docs(
      NODECLASS.replace(
        'tags: { k: v } }]\n  securityGroupSelectorTerms',
        'tags: { karpenter.sh/discovery: <<CLUSTER_NAME>> } }]\n  securityGroupSelectorTerms',
      ),
      nodePool('p'),
    );
    const f = only(await findings({ 'a.yaml': text }), 'unsubstituted-placeholder');
    expect(f.map((x) => x.line)).toEqual([lineOf(text, '<<CLUSTER_NAME>>')]);
  });
});

// aws-samples/karpenter-blueprints od-spot-split/od-spot-automode.yaml: an EKS Auto Mode NodePool
// (nodeClassRef eks.amazonaws.com/NodeClass, requirements on eks.amazonaws.com/instance-category).
describe('EKS Auto Mode NodePools are reported as not evaluated, not modelled wrongly', () => {
  const auto = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: node-od
spec:
  template:
    spec:
      nodeClassRef:
        group: eks.amazonaws.com
        kind: NodeClass
        name: default
      requirements:
        - key: eks.amazonaws.com/instance-category
          operator: In
          values: ["c", "m", "r"]
`;
  test('input-not-evaluated at its nodeClassRef; no look-alike-label on its Auto Mode labels', async () => {
    const text = docs(NODECLASS, nodePool('p'), auto);
    const f = await findings({ 'a.yaml': text });
    const ne = only(f, 'input-not-evaluated');
    // At the Auto Mode pool's nodeClassRef (its value starts at `group: eks.amazonaws.com`).
    const expected = lineOf(text, 'group: eks.amazonaws.com');
    expect(ne.map((x) => [x.object, x.line])).toEqual([['NodePool/node-od', expected]]);
    expect(ne[0].message).toMatch(/EKS Auto Mode/);
    expect(only(f, 'look-alike-label')).toEqual([]);
  });
});

// karpenter pkg/controllers/provisioning/provisioner.go Reconcile; topology_test.go "should support pod anti-affinity
// with a zone topology": three zone-anti-affine replicas take three rounds, a fourth never schedules.
describe('placed-in-later-rounds', () => {
  const antiAffine = antiAffineWeb;
  test('fires (info) when later rounds place every pod: 3 replicas, 3 zones', async () => {
    const f = only(await findings({ 'a.yaml': antiAffine(3) }), 'placed-in-later-rounds');
    expect(f).toHaveLength(1);
    expect(f[0].severity).toBe('info');
    expect(f[0].object).toBe('Deployment/web');
  });
  test('silent when a pod stays pending in every round (4 replicas, 3 zones) or one round places all (hostname)', async () => {
    expect(only(await findings({ 'a.yaml': antiAffine(4) }), 'placed-in-later-rounds')).toEqual([]);
    // Hostname anti-affinity: each NodeClaim is its own hostname domain, so the first round places all 4.
    expect(
      only(await findings({ 'a.yaml': antiAffine(4, 'kubernetes.io/hostname') }), 'placed-in-later-rounds'),
    ).toEqual([]);
  });
});
