import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
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
export function nodePool(name: string, opts: { weight?: number; requirements?: string; extraSpec?: string; extraTemplateSpec?: string } = {}): string {
  const reqs = opts.requirements ?? `        - key: karpenter.sh/capacity-type
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
