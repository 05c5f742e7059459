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
 * The real helm (test/support/tools.ts) behind a recorder: each call's arguments are appended to `log` as a JSON line,
 * then the real binary runs with them (its output and exit status are the caller's).
 */
export function spyHelm(real: string): { bin: string; log: string } {
  const dir = tempTree({});
  const log = join(dir, 'args.log');
  const bin = join(dir, 'helm');
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const fs = require('fs');
const { spawnSync } = require('child_process');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
const r = spawnSync(${JSON.stringify(real)}, args, { stdio: 'inherit' });
process.exit(r.status === null ? 1 : r.status);
`,
  );
  chmodSync(bin, 0o755);
  return { bin, log };
}

/**
 * A broken helm, for fault injection only (chart tests run the real helm: spyHelm). It answers `version`; `template`
 * crashes (a Go panic's exit status 2 and a stack on stderr), hangs, or prints garbage that is not YAML.
 */
export function faultyHelm(fault: 'crash' | 'hang' | 'garbage'): string {
  const dir = tempTree({});
  const bin = join(dir, 'helm');
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const args = process.argv.slice(2);
if (args[0] === 'version') { console.log('v3.17.3'); process.exit(0); }
const fault = ${JSON.stringify(fault)};
if (fault === 'crash') { process.stderr.write('panic: runtime error: invalid memory address\\ngoroutine 1 [running]:\\n'); process.exit(2); }
if (fault === 'hang') setInterval(() => {}, 1000);
else process.stdout.write('---\\napiVersion: karpenter.sh/v1\\nkind: NodePool\\nmetadata: {name: x\\n\\u0000\\u0001 ]]] {{ nope\\n');
`,
  );
  chmodSync(bin, 0o755);
  return bin;
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

/**
 * A NodePool, its EC2NodeClass and a Deployment `web` of small pods with required pod anti-affinity on `topologyKey`
 * (topology_test.go "should support pod anti-affinity with a zone topology" and its hostname variant).
 */
export function antiAffineWeb(replicas: number, topologyKey = 'topology.kubernetes.io/zone'): string {
  return [
    NODECLASS,
    nodePool('default'),
    deployment('web', {
      replicas,
      cpu: '100m',
      memory: '128Mi',
      labels: { app: 'web' },
      podSpec: `      affinity:\n        podAntiAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            - topologyKey: ${topologyKey}\n              labelSelector: { matchLabels: { app: web } }\n`,
    }),
  ].join('---\n');
}
