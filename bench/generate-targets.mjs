// A generated multi-target repository (issue 22): one kustomize base with the Karpenter objects (an EC2NodeClass and
// four NodePools), T overlays over it (each a kustomization with a strategic-merge patch of the `general` pool and a
// Deployment of its own) and C helm charts (each templating a NodePool, an EC2NodeClass and a Deployment, with
// `values-prod.yaml`: a chart environment). The tool finds T + C targets: `overlays/team-NN` and `charts/addon-K+prod`.
// Head narrows the instance families of the base's `compute` pool, so every overlay is affected and no chart is.
//   node bench/generate-targets.mjs --out DIR [--overlays T] [--charts C]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { NODE_CLASS } from './generate-repo.mjs';

const POOLS = [
  { name: 'general', families: ['m6i', 'm7i'], head: ['m6i', 'm7i'] },
  { name: 'compute', families: ['c6i', 'c7i', 'c7a'], head: ['c7i'] },
  { name: 'memory', families: ['r6i', 'r7i'], head: ['r6i', 'r7i'] },
  { name: 'burst', families: ['t3'], head: ['t3'] },
];

function nodePool(name, families, weight) {
  return `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: ${name} }
spec:
  weight: ${weight}
  template:
    metadata:
      labels: { pool: ${name} }
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      expireAfter: 720h
      terminationGracePeriod: 48h
      requirements:
        - { key: karpenter.k8s.aws/instance-family, operator: In, values: ${JSON.stringify(families)} }
        - { key: karpenter.sh/capacity-type, operator: In, values: [on-demand] }
  disruption:
    consolidationPolicy: WhenEmptyOrUnderutilized
    consolidateAfter: 5m
    budgets: [{ nodes: '10%' }]
`;
}

function deployment(name, replicas, cpu, memory, selector) {
  return `apiVersion: apps/v1
kind: Deployment
metadata: { name: ${name}, namespace: default }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name} } }
    spec:
      nodeSelector: ${selector}
      containers: [{ name: app, image: registry.example/app:1, resources: { requests: { cpu: ${cpu}, memory: ${memory} } } }]
`;
}

function write(root, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** The files of one state (`head`: the compute pool narrowed). */
function stateFiles(overlays, charts, head) {
  const files = {
    'platform/base/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - nodeclass.yaml
  - nodepools.yaml
`,
    'platform/base/nodeclass.yaml': NODE_CLASS,
    'platform/base/nodepools.yaml': POOLS.map((p, i) =>
      nodePool(p.name, head ? p.head : p.families, 10 * (i + 1)),
    ).join('---\n'),
  };
  for (let i = 0; i < overlays; i++) {
    const team = `team-${String(i + 1).padStart(2, '0')}`;
    const dir = `overlays/${team}`;
    const pool = POOLS[i % POOLS.length].name;
    files[`${dir}/kustomization.yaml`] = `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ../../platform/base
  - deployment.yaml
patches:
  - path: patch.yaml
`;
    files[`${dir}/patch.yaml`] = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: general }
spec:
  limits: { cpu: '${64 + 16 * (i % 8)}' }
  template:
    metadata:
      labels: { pool: general, owner: ${team} }
`;
    const cpu = ['250m', '500m', '1', '2'][i % 4];
    const memory = ['512Mi', '1Gi', '2Gi', '4Gi'][i % 4];
    files[`${dir}/deployment.yaml`] = deployment(`${team}-api`, 2 + (i % 9), cpu, memory, `{ pool: ${pool} }`);
  }
  for (let k = 1; k <= charts; k++) {
    const dir = `charts/addon-${k}`;
    files[`${dir}/Chart.yaml`] = `apiVersion: v2\nname: addon-${k}\nversion: 0.1.${k}\n`;
    files[`${dir}/values.yaml`] = `families: [m6i, m7i]\nreplicas: 2\ncpu: 500m\n`;
    files[`${dir}/values-prod.yaml`] = `families: [m7i]\nreplicas: ${3 + k}\n`;
    files[`${dir}/templates/nodeclass.yaml`] = NODE_CLASS;
    files[`${dir}/templates/nodepool.yaml`] = nodePool(`addon-${k}`, ['FAMILIES'], 10).replace(
      '["FAMILIES"]',
      '{{ toJson .Values.families }}',
    );
    files[`${dir}/templates/deployment.yaml`] = deployment(
      `addon-${k}`,
      '{{ .Values.replicas }}',
      '{{ .Values.cpu }}',
      '1Gi',
      `{ pool: addon-${k} }`,
    );
  }
  return files;
}

/** Writes DIR/base and DIR/head. */
export function generateTargets(out, { overlays = 40, charts = 3 } = {}) {
  write(join(out, 'base'), stateFiles(overlays, charts, false));
  write(join(out, 'head'), stateFiles(overlays, charts, true));
}

/** The kustomization folders of one state (every overlay, and the base they share), for the renderers' baseline. */
export function kustomizationFolders(overlays = 40) {
  return Array.from({ length: overlays }, (_, i) => `overlays/team-${String(i + 1).padStart(2, '0')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, overlays: { type: 'string' }, charts: { type: 'string' } },
  });
  if (!values.out) {
    process.stderr.write('usage: node bench/generate-targets.mjs --out DIR [--overlays T] [--charts C]\n');
    process.exit(2);
  }
  generateTargets(values.out, { overlays: Number(values.overlays ?? 40), charts: Number(values.charts ?? 3) });
}
