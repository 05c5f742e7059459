// A generated platform repository of the shape the issue describes, deterministic for a seed:
//   P NodePools (one per team: a `team` label, 2-4 instance families, on-demand, 10% budget, consolidateAfter 5m —
//   which the NodePool CRD requires in a disruption block; without it every pool was an invalid-spec error),
//   O NodeOverlays (the gate on; each raises older generations of one team's pool by 10%),
//   W Deployments (1-10 replicas, nodeSelector on their team) and an N-node fleet snapshot.
// Head narrows the families of 10% of the pools and changes expireAfter in 5% of them.
// Options that change nothing unless given (so earlier figures stay comparable):
//   --weights      each team's pool has a weight of 1-100;
//   --limits PCT   PCT% of the teams also get a limited fallback pool (team-I-fallback: no weight, its own families,
//                  limits.cpu 8-64), their preferred pool a weight (10 unless --weights);
//   --pods         the fleet snapshot has a Node per NodeClaim and the Deployments' Pods bound to their team's nodes
//                  (by CPU, first fit), so placements go into the fleet;
//   --constraints  the scheduling and disruption constraints platform repositories have, by the Deployment's position
//                  (no draws, so the repository is otherwise the same): every 10th Deployment spreads over zones
//                  (topologySpreadConstraints, DoNotSchedule), every 10th (offset 5) is anti-affine on the hostname,
//                  every 40th (offset 3) requests an extended resource (example.com/fuse) that a NodeOverlay's
//                  `capacity` adds to its team's pool (one such overlay per team); with --pods, every 8th Deployment
//                  has a PodDisruptionBudget (maxUnavailable 1) and every 50th (offset 7) runs with
//                  karpenter.sh/do-not-disrupt in the snapshot. The Deployments' pod templates and the snapshot's Pods
//                  have the same spec (podSpec).
//        [--weights] [--limits PCT] [--pods] [--constraints]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const FAMILIES = ['m5', 'm6i', 'm7i', 'c6i', 'c7i', 'r6i', 'r7i'];
const SIZES = ['large', 'xlarge', '2xlarge', '4xlarge'];
const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

/** A small deterministic generator (mulberry32). */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** vCPUs per size, GiB of memory per vCPU per category (the families above), max pods per size (ENI limits). */
const VCPU = { large: 2, xlarge: 4, '2xlarge': 8, '4xlarge': 16 };
const GIB_PER_VCPU = { c: 2, m: 4, r: 8 };
const MAX_PODS = { large: 29, xlarge: 58, '2xlarge': 58, '4xlarge': 234 };

/** The one EC2NodeClass every generated repository's NodePools use. */
export const NODE_CLASS = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: default }
spec:
  role: KarpenterNodeRole
  amiSelectorTerms: [{ alias: al2023@v20260801 }]
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: platform } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: platform } }]
`;

export function generateRepo(
  out,
  { pools, overlays, workloads, nodes, seed = 42, weights = false, limits = 0, pods = false, constraints = false },
) {
  const rnd = random(seed);
  const int = (a, b) => a + Math.floor(rnd() * (b - a + 1));
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const q = JSON.stringify;
  const families = [];
  for (let i = 0; i < pools; i++) {
    const n = int(2, 4);
    const set = new Set();
    while (set.size < n) set.add(pick(FAMILIES));
    families.push([...set].sort());
  }
  const narrowed = new Set();
  while (narrowed.size < Math.max(1, Math.round(pools * 0.1))) narrowed.add(int(0, pools - 1));
  const expiry = new Set();
  while (expiry.size < Math.max(1, Math.round(pools * 0.05))) expiry.add(int(0, pools - 1));
  // Drawn only when asked for, after the draws above: without the options the repository is the same as before.
  const weight = weights ? Array.from({ length: pools }, () => int(1, 100)) : [];
  const fallback = new Map();
  for (let i = 0; i < pools && limits > 0; i++) {
    if (rnd() * 100 >= limits) continue;
    const others = FAMILIES.filter((f) => !families[i].includes(f));
    fallback.set(i, { families: others.length ? others.slice(0, 2) : ['m5'], cpu: int(8, 64) });
  }

  const nodePool = (i, head) => {
    const fam = head && narrowed.has(i) && families[i].length > 1 ? families[i].slice(1) : families[i];
    const w = weights ? weight[i] : fallback.has(i) ? 10 : null;
    return `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: team-${i} }
spec:
${w !== null ? `  weight: ${w}\n` : ''}  template:
    metadata: { labels: { team: team-${i} } }
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      expireAfter: ${head && expiry.has(i) ? '360h' : '720h'}
      terminationGracePeriod: 24h
      requirements:
        - { key: karpenter.k8s.aws/instance-family, operator: In, values: ${q(fam)} }
        - { key: karpenter.k8s.aws/instance-size, operator: In, values: ${q(SIZES)} }
        - { key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }
  disruption:
    consolidationPolicy: WhenEmptyOrUnderutilized
    consolidateAfter: 5m
    budgets: [{ nodes: "10%" }]
`;
  };
  const fallbackPool = (i) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: team-${i}-fallback }
spec:
  limits: { cpu: "${fallback.get(i).cpu}" }
  template:
    metadata: { labels: { team: team-${i} } }
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      expireAfter: 48h
      terminationGracePeriod: 24h
      requirements:
        - { key: karpenter.k8s.aws/instance-family, operator: In, values: ${q(fallback.get(i).families)} }
        - { key: karpenter.k8s.aws/instance-size, operator: In, values: ${q(SIZES)} }
        - { key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }
  disruption:
    consolidationPolicy: WhenEmptyOrUnderutilized
    consolidateAfter: 5m
    budgets: [{ nodes: "10%" }]
`;
  const overlayDocs = [];
  for (let j = 0; j < overlays; j++)
    overlayDocs.push(`apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: prefer-new-${j} }
spec:
  weight: ${int(1, 100)}
  requirements:
    - { key: karpenter.sh/nodepool, operator: In, values: ["team-${int(0, pools - 1)}"] }
    - { key: karpenter.k8s.aws/instance-generation, operator: Lte, values: ["${pick(['5', '6'])}"] }
  priceAdjustment: "+10%"
`);
  const deployments = [];
  const deployed = [];
  // --constraints: which Deployments carry which constraint (by position, no draws), and the teams whose pools get an
  // extended resource from a NodeOverlay's capacity.
  const shape = (w) => ({
    spread: constraints && w % 10 === 0,
    antiAffinity: constraints && w % 10 === 5,
    fuse: constraints && w % 40 === 3,
    pdb: constraints && w % 8 === 0,
    doNotDisrupt: constraints && w % 50 === 7,
  });
  const fuseTeams = new Set();
  for (let w = 0; w < workloads; w++) {
    const replicas = int(1, 10);
    const cpu = pick(['250m', '500m', '1', '2']);
    const memory = pick(['512Mi', '1Gi', '2Gi', '4Gi']);
    const sh = shape(w);
    if (sh.fuse) fuseTeams.add(w % pools);
    deployed.push({ name: `app-${w}`, namespace: `team-${w % pools}`, team: w % pools, replicas, cpu, memory, ...sh });
    const d = deployed[deployed.length - 1];
    deployments.push(
      constraints
        ? `apiVersion: apps/v1
kind: Deployment
metadata: { name: app-${w}, namespace: team-${w % pools} }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: app-${w} } }
  template: ${JSON.stringify({ metadata: podMetadata(d), spec: podSpec(d) })}
`
        : `apiVersion: apps/v1
kind: Deployment
metadata: { name: app-${w}, namespace: team-${w % pools} }
spec:
  replicas: ${replicas}
  template:
    spec:
      nodeSelector: { team: team-${w % pools} }
      containers:
        - name: app
          image: app
          resources: { requests: { cpu: "${cpu}", memory: ${memory} } }
`,
    );
  }
  // One NodeOverlay per team whose Deployments need example.com/fuse: the capacity its pool's types get.
  for (const t of [...fuseTeams].sort((a, b) => a - b))
    overlayDocs.push(`apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata: { name: fuse-team-${t} }
spec:
  requirements:
    - { key: karpenter.sh/nodepool, operator: In, values: ["team-${t}"] }
  capacity: { example.com/fuse: "10" }
`);
  const config = 'controller: { settings: { featureGates: { nodeOverlay: true } } }\n';
  for (const side of ['base', 'head']) {
    const dir = join(out, side);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.karpenter-plan.yaml'), config);
    writeFileSync(join(dir, 'nodeclass.yaml'), NODE_CLASS);
    writeFileSync(
      join(dir, 'nodepools.yaml'),
      [
        ...Array.from({ length: pools }, (_, i) => nodePool(i, side === 'head')),
        ...[...fallback.keys()].map(fallbackPool),
      ].join('---\n'),
    );
    writeFileSync(join(dir, 'overlays.yaml'), overlayDocs.join('---\n') || '# none\n');
    writeFileSync(join(dir, 'workloads.yaml'), deployments.join('---\n'));
  }
  const items = [];
  for (let n = 0; n < nodes; n++) {
    const i = n % pools;
    const family = pick(families[i]);
    const size = pick(SIZES);
    const zone = pick(ZONES);
    items.push({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodeClaim',
      metadata: {
        name: `team-${i}-${n}`,
        labels: {
          'karpenter.sh/nodepool': `team-${i}`,
          team: `team-${i}`,
          'karpenter.k8s.aws/instance-family': family,
          'karpenter.k8s.aws/instance-size': size,
          'node.kubernetes.io/instance-type': `${family}.${size}`,
          'karpenter.sh/capacity-type': 'on-demand',
          'topology.kubernetes.io/zone': zone,
          'kubernetes.io/arch': 'amd64',
          'kubernetes.io/os': 'linux',
        },
        annotations: { 'karpenter.sh/nodepool-hash-version': 'v3' },
        creationTimestamp: '2026-01-02T08:00:00Z',
      },
      status: {
        providerID: `aws:///${zone}/i-${n.toString(16).padStart(17, '0')}`,
        nodeName: `ip-${n}.ec2.internal`,
        conditions: [
          { type: 'Launched', status: 'True' },
          { type: 'Initialized', status: 'True' },
        ],
      },
    });
  }
  if (pods) items.push(...nodesAndPods(items, deployed, fuseTeams, constraints));
  writeFileSync(join(out, 'fleet.json'), JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
}

/** A Node per NodeClaim (registered, initialized, Ready), and the Deployments' Pods bound to their team's nodes. */
function nodesAndPods(nodeClaims, deployed, fuseTeams, constraints) {
  const out = [];
  const byTeam = new Map();
  for (const nc of nodeClaims) {
    const labels = nc.metadata.labels;
    const [family, size] = labels['node.kubernetes.io/instance-type'].split('.');
    const vcpu = VCPU[size];
    const memGiB = vcpu * GIB_PER_VCPU[family[0]];
    const fuse = fuseTeams.has(Number(labels.team.slice('team-'.length))) ? { 'example.com/fuse': '10' } : {};
    const node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: nc.status.nodeName,
        labels: {
          ...labels,
          'kubernetes.io/hostname': nc.status.nodeName,
          'karpenter.sh/registered': 'true',
          'karpenter.sh/initialized': 'true',
        },
        creationTimestamp: nc.metadata.creationTimestamp,
      },
      spec: { providerID: nc.status.providerID },
      status: {
        capacity: { cpu: String(vcpu), memory: `${memGiB}Gi`, pods: String(MAX_PODS[size]), ...fuse },
        allocatable: {
          cpu: `${vcpu * 1000 - 100}m`,
          memory: `${Math.floor(memGiB * 1024 * 0.9)}Mi`,
          pods: String(MAX_PODS[size]),
          ...fuse,
        },
        conditions: [{ type: 'Ready', status: 'True' }],
      },
    };
    out.push(node);
    const team = labels.team;
    if (!byTeam.has(team)) byTeam.set(team, []);
    byTeam.get(team).push({
      name: node.metadata.name,
      zone: labels['topology.kubernetes.io/zone'],
      free: vcpu * 1000 - 100,
      pods: MAX_PODS[size],
      fuse: fuse['example.com/fuse'] ? 10 : 0,
    });
  }
  const milli = (cpu) => (cpu.endsWith('m') ? Number(cpu.slice(0, -1)) : Number(cpu) * 1000);
  for (const d of deployed) {
    const hash = `h${d.team.toString(16)}`;
    const team = byTeam.get(`team-${d.team}`) ?? [];
    const used = new Set();
    for (let r = 0; r < d.replicas; r++) {
      // First fit by CPU; an anti-affine Deployment one replica per node, a spread one zone by zone, one needing
      // example.com/fuse on nodes that have it: the snapshot holds what the scheduler would have made.
      const fits = (n) =>
        n.free >= milli(d.cpu) && n.pods > 0 && (!d.antiAffinity || !used.has(n.name)) && (!d.fuse || n.fuse > 0);
      const zone = ZONES[r % ZONES.length];
      const node = (d.spread && team.find((n) => n.zone === zone && fits(n))) || team.find(fits);
      if (!node) break; // the rest are pending
      node.free -= milli(d.cpu);
      node.pods--;
      if (d.fuse) node.fuse--;
      used.add(node.name);
      out.push({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `${d.name}-${hash}-${r}`,
          namespace: d.namespace,
          ...(constraints ? podMetadata(d) : {}),
          labels: { 'pod-template-hash': hash, ...(constraints ? podMetadata(d).labels : {}) },
          ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${d.name}-${hash}`, uid: `${d.name}` }],
        },
        spec: { nodeName: node.name, ...podSpec(d) },
        status: { phase: 'Running', startTime: '2026-01-02T09:00:00Z' },
      });
    }
    if (d.pdb)
      out.push({
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: { name: d.name, namespace: d.namespace },
        spec: { maxUnavailable: 1, selector: { matchLabels: { app: d.name } } },
      });
  }
  return out;
}

/** The labels and annotations of a Deployment's Pods under --constraints. */
function podMetadata(d) {
  return {
    labels: { app: d.name },
    ...(d.doNotDisrupt ? { annotations: { 'karpenter.sh/do-not-disrupt': 'true' } } : {}),
  };
}

/** The spec of a Deployment's Pods (its template's and the snapshot's): its team's nodeSelector and the constraints it was given. */
function podSpec(d) {
  const selector = { matchLabels: { app: d.name } };
  const fuse = d.fuse ? { 'example.com/fuse': '1' } : {};
  return {
    nodeSelector: { team: `team-${d.team}` },
    ...(d.spread
      ? {
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'topology.kubernetes.io/zone',
              whenUnsatisfiable: 'DoNotSchedule',
              labelSelector: selector,
            },
          ],
        }
      : {}),
    ...(d.antiAffinity
      ? {
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                { topologyKey: 'kubernetes.io/hostname', labelSelector: selector },
              ],
            },
          },
        }
      : {}),
    containers: [
      {
        name: 'app',
        image: 'app',
        resources: {
          requests: { cpu: d.cpu, memory: d.memory, ...fuse },
          ...(d.fuse ? { limits: fuse } : {}),
        },
      },
    ],
  };
}

const USAGE = `usage: node bench/generate-repo.mjs --out DIR --pools P --overlays O --workloads W --nodes N [--seed SEED]
       [--weights] [--limits PCT] [--pods] [--constraints]

Writes DIR/base, DIR/head and DIR/fleet.json: a generated platform repository (deterministic for a seed, default 42).
`;

/** The command line, parsed with node:util parseArgs: every count is a non-negative integer; `--help` prints usage. */
export function parseGenerateArgs(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string' },
      pools: { type: 'string' },
      overlays: { type: 'string' },
      workloads: { type: 'string' },
      nodes: { type: 'string' },
      seed: { type: 'string', default: '42' },
      weights: { type: 'boolean', default: false },
      limits: { type: 'string', default: '0' },
      pods: { type: 'boolean', default: false },
      constraints: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  if (positionals.length) throw new Error(`unexpected argument ${positionals[0]}`);
  if (!values.out) throw new Error('--out is required');
  const count = (name) => {
    const v = values[name];
    if (v === undefined || !/^\d+$/.test(v)) throw new Error(`--${name} must be a non-negative integer`);
    return Number(v);
  };
  return {
    help: false,
    out: values.out,
    options: {
      pools: count('pools'),
      overlays: count('overlays'),
      workloads: count('workloads'),
      nodes: count('nodes'),
      seed: count('seed'),
      weights: values.weights,
      limits: Math.min(100, count('limits')),
      pods: values.pods,
      constraints: values.constraints,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args;
  try {
    args = parseGenerateArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`generate-repo: ${e.message}\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) process.stdout.write(USAGE);
  else generateRepo(args.out, args.options);
}
