import { chmodSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defaultConfig } from '../src/sources/config.js';
import { loadState } from '../src/sources/state.js';
import { DirTree } from '../src/sources/tree.js';

/** Writes files into a fresh temporary folder. */
export function tempTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kp-test-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

/**
 * A stand-in helm (test-only: helm is not installed here): records its arguments in `log`, answers `version`, and
 * for `template` prints the chart's templates with WEIGHT replaced by the last `weight: N` of the values files.
 */
export function fakeHelm(): { bin: string; log: string } {
  const dir = tempTree({});
  const log = join(dir, 'args.log');
  const bin = join(dir, 'helm');
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const fs = require('fs'), path = require('path');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
if (args[0] === 'version') { console.log('v3.16.0'); process.exit(0); }
// Like helm: flags first, then \`--\`, then the release name and the chart.
const dashes = args.indexOf('--');
const chart = args[dashes + 2];
const values = args.filter((a, i) => args[i - 1] === '--values').map((f) => fs.readFileSync(f, 'utf8')).join('\\n');
const weights = [...values.matchAll(/weight: (\\d+)/g)];
const weight = weights.length ? weights[weights.length - 1][1] : '1';
for (const f of fs.readdirSync(path.join(chart, 'templates'))) {
  process.stdout.write('---\\n# Source: ' + f + '\\n' + fs.readFileSync(path.join(chart, 'templates', f), 'utf8').replace('WEIGHT', weight));
}
`,
  );
  chmodSync(bin, 0o755);
  return { bin, log };
}

/** Loads a state made of the given files with the default config. */
export function stateOf(files: Record<string, string>) {
  return loadState(new DirTree(tempTree(files)), defaultConfig());
}

export const NODECLASS = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: NodeRole
  amiSelectorTerms: [{ alias: al2023@latest }]
  subnetSelectorTerms: [{ tags: { k: v } }]
  securityGroupSelectorTerms: [{ tags: { k: v } }]
`;

/** A NodePool manifest with the given spec fragments. */
export function nodePool(
  name: string,
  opts: { weight?: number; requirements?: string; extraSpec?: string; extraTemplateSpec?: string } = {},
): string {
  const reqs =
    opts.requirements ??
    `        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]`;
  return `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: ${name}
spec:
${opts.weight !== undefined ? `  weight: ${opts.weight}\n` : ''}${opts.extraSpec ?? ''}  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
${opts.extraTemplateSpec ?? ''}      requirements:
${reqs}
`;
}

import { embeddedCatalog } from '../src/cloudprovider/catalog.js';
import { simulate, type SimulationOptions } from '../src/provisioning/provisioner.js';

/** Simulates a state made of YAML documents (one file) with the embedded catalog. */
export function simulateYaml(yaml: string, opts: Partial<SimulationOptions> & { settings?: string } = {}) {
  const files: Record<string, string> = { 'all.yaml': yaml };
  if (opts.settings) {
    files['karpenter/values.yaml'] = opts.settings;
    files['.karpenter-plan.yaml'] = 'controller:\n  values: karpenter/values.yaml\n';
  }
  const root = tempTree(files);
  const cfgText = files['.karpenter-plan.yaml'];
  const findings: import('../src/common/findings.js').Finding[] = [];
  const config = cfgText ? parseConfig('.karpenter-plan.yaml', cfgText, findings) : defaultConfig();
  const state = loadState(new DirTree(root), config);
  const sim = simulate(state, {
    catalog: embeddedCatalog(),
    spotPriceFactor: 0.35,
    reservations: [],
    probes: false,
    zones: ['us-east-1a', 'us-east-1b', 'us-east-1c'],
    ...opts,
  });
  return {
    state,
    sim,
    place: (name: string, kind = 'Deployment', ns = 'default') => sim.placements.get(`${kind}/${ns}/${name}`)!,
  };
}

import { parseConfig } from '../src/sources/config.js';

/** A Deployment manifest. */
export function deployment(
  name: string,
  opts: {
    replicas?: number;
    cpu?: string;
    memory?: string;
    podSpec?: string;
    labels?: Record<string, string>;
    namespace?: string;
  } = {},
): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: { name: ${name}, namespace: ${opts.namespace ?? 'default'} }
spec:
  replicas: ${opts.replicas ?? 1}
  template:
    metadata: { labels: ${JSON.stringify(opts.labels ?? { app: name })} }
    spec:
${opts.podSpec ?? ''}      containers:
        - name: c
          image: x
          resources:
            requests: { cpu: "${opts.cpu ?? '1'}", memory: ${opts.memory ?? '2Gi'} }
`;
}
