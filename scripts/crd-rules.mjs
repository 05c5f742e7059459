// Lists every validation rule of the Karpenter CRDs the model reads (NodePool, NodeClaim, NodeOverlay, EC2NodeClass at
// the pinned version, see docs/model.md) and keeps src/api/crd-rules.json, the committed table that says which
// implementation (a check id of src/api/crd-rules.ts) enforces each one. A rule is every `x-kubernetes-validations`
// entry and every bound of the OpenAPI schema (maxItems, minItems, maxProperties, minProperties, maxLength, minLength,
// pattern, enum, minimum, maximum, format, required field). The table holds no rule text, only a sha256 of it, so a rule
// that changes in a new Karpenter version shows up as an unknown rule.
//   node scripts/crd-rules.mjs <crd-dir>            prints the rules as a table (kind, path, bound, hash, implementation)
//   node scripts/crd-rules.mjs <crd-dir> --write    adds the CRD's new rules to the table (implementation: null) and
//                                                    drops the entries the CRD no longer has
//   node scripts/crd-rules.mjs <crd-dir> --check    exits 1 when the CRD holds a rule the table lacks, the table holds a
//                                                    rule the CRD lacks, or an entry has no implementation
// <crd-dir> holds karpenter.sh_nodepools.yaml, karpenter.sh_nodeclaims.yaml, karpenter.sh_nodeoverlays.yaml and
// karpenter.k8s.aws_ec2nodeclasses.yaml as karpenter-provider-aws ships them (pkg/apis/crds/ at the pinned tag: the
// provider's copies of the karpenter.sh CRDs carry its extra rules). They are fetched, never committed.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TABLE = 'src/api/crd-rules.json';
export const CRD_FILES = {
  NodePool: 'karpenter.sh_nodepools.yaml',
  NodeClaim: 'karpenter.sh_nodeclaims.yaml',
  NodeOverlay: 'karpenter.sh_nodeoverlays.yaml',
  EC2NodeClass: 'karpenter.k8s.aws_ec2nodeclasses.yaml',
};
const BOUNDS = [
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
  'maxLength',
  'minLength',
  'pattern',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'format',
];

const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Every rule of one schema: `spec` and below (`status` is written by the controllers, `metadata` by the API server). */
export function rulesOf(kind, schema) {
  const out = [];
  const walk = (node, path) => {
    if (!node || typeof node !== 'object') return;
    for (const v of node['x-kubernetes-validations'] ?? []) {
      out.push({ kind, path, bound: 'cel', hash: sha(`${v.rule}\n${v.message ?? v.messageExpression ?? ''}`) });
    }
    for (const b of BOUNDS) {
      if (node[b] !== undefined) out.push({ kind, path, bound: b, hash: sha(JSON.stringify(node[b])) });
    }
    for (const r of node.required ?? []) out.push({ kind, path: `${path}.${r}`, bound: 'required', hash: sha(r) });
    for (const [k, child] of Object.entries(node.properties ?? {})) walk(child, `${path}.${k}`);
    if (node.items) walk(node.items, `${path}[]`);
    if (node.additionalProperties && typeof node.additionalProperties === 'object')
      walk(node.additionalProperties, `${path}{}`);
  };
  walk(schema.properties?.spec, 'spec');
  if ((schema.required ?? []).includes('spec')) out.push({ kind, path: 'spec', bound: 'required', hash: sha('spec') });
  return out;
}

/** The rules of the served storage version of every CRD in `dir`. */
export function readRules(dir) {
  const out = [];
  for (const [kind, file] of Object.entries(CRD_FILES)) {
    const crd = parse(readFileSync(join(dir, file), 'utf8'));
    const version = crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0];
    out.push(...rulesOf(kind, version.schema.openAPIV3Schema));
  }
  return out;
}

/** The identity of a rule in the table: kind, path, bound and the hash of its text. */
export const ruleKey = (r) => `${r.kind} ${r.path} ${r.bound} ${r.hash}`;

export function loadTable() {
  return JSON.parse(readFileSync(join(ROOT, TABLE), 'utf8'));
}

/** The differences between the CRD's rules and the table. */
export function compare(rules, table) {
  const have = new Map(table.rules.map((e) => [ruleKey(e), e]));
  const want = new Set(rules.map(ruleKey));
  return {
    missing: rules.filter((r) => !have.has(ruleKey(r))),
    stale: table.rules.filter((e) => !want.has(ruleKey(e))),
    unimplemented: table.rules.filter((e) => !e.impl),
  };
}

/** The table with one rule a line (a new rule is one added line in a diff). */
export function format(table) {
  const { rules, ...rest } = table;
  const head = JSON.stringify(rest).slice(0, -1);
  const lines = rules.map((r) => `  ${JSON.stringify(r)}`);
  return `${head}${head.length > 1 ? ',' : ''}"rules":[\n${lines.join(',\n')}\n]}\n`;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { check: { type: 'boolean' }, write: { type: 'boolean' } },
  });
  if (positionals.length !== 1) {
    console.error('usage: node scripts/crd-rules.mjs <crd-dir> [--check | --write]');
    process.exit(2);
  }
  const rules = readRules(positionals[0]);
  let table;
  try {
    table = loadTable();
  } catch {
    table = { rules: [] };
  }
  const diff = compare(rules, table);
  if (values.write) {
    const have = new Map(table.rules.map((e) => [ruleKey(e), e]));
    const next = rules.map((r) => have.get(ruleKey(r)) ?? { ...r, impl: null });
    writeFileSync(join(ROOT, TABLE), format({ ...table, rules: next }));
    console.log(`${TABLE}: ${next.length} rules (${diff.missing.length} new, ${diff.stale.length} dropped)`);
    return;
  }
  if (!values.check) {
    for (const r of rules) {
      const e = table.rules.find((x) => ruleKey(x) === ruleKey(r));
      console.log([r.kind, r.path, r.bound, r.hash, e ? (e.impl ?? '-') : 'NOT IN TABLE'].join('\t'));
    }
  }
  const counts = Object.fromEntries(Object.keys(CRD_FILES).map((k) => [k, rules.filter((r) => r.kind === k).length]));
  console.log(`${rules.length} rules: ${JSON.stringify(counts)}`);
  let failed = false;
  for (const r of diff.missing) {
    console.error(`not in ${TABLE}: ${r.kind} ${r.path} ${r.bound} (${r.hash})`);
    failed = true;
  }
  for (const r of diff.stale) {
    console.error(`in ${TABLE} but not in the CRD: ${r.kind} ${r.path} ${r.bound} (${r.hash})`);
    failed = true;
  }
  for (const r of diff.unimplemented) {
    console.error(`no implementation: ${r.kind} ${r.path} ${r.bound}`);
    failed = true;
  }
  if (values.check && failed) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
