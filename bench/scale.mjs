// npm run bench, second part: the bundled CLI on generated platform repositories (bench/generate-repo.mjs) — wall
// time, CPU, peak RSS and the ratio to merely parsing the same inputs — plus growth per dimension, the example's CPU
// cost, replicas 10 vs 1,000,000, and the identity of the JSON plans with the recorded hashes (bench/plan-hashes.json;
// `--update` records them). Writes the "Scale" section of docs/performance.md.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateRepo } from './generate-repo.mjs';
import { generateTargets } from './generate-targets.mjs';

const TMP = '.tmp/scale';
const AT = '2026-01-05T10:00:00Z';
const update = parseArgs({ options: { update: { type: 'boolean' } } }).values.update === true;

function measure(args, env = process.env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['bench/measure.mjs', ...args], { encoding: 'utf8', maxBuffer: 1 << 30, env });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const last = r.stderr.trim().split('\n').pop();
  const m = JSON.parse(last);
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} failed: ${r.stderr.slice(0, 500)}`);
  return { wallMs, cpuMs: m.cpuMs, rssMb: m.maxRssKb / 1024 };
}

/**
 * Generates `dir` with `make` unless it holds what the generators (their sources and the parameters) made there before:
 * a change to bench/generate-*.mjs makes the repositories anew (they were kept by existence alone, so a generator
 * change went unmeasured until .tmp/ was cleared).
 */
function generated(dir, generators, params, make) {
  const hash = createHash('sha256');
  for (const g of generators) hash.update(readFileSync(new URL(g, import.meta.url)));
  const stamp = hash.update(JSON.stringify(params)).digest('hex');
  const file = join(dir, '.generated');
  if (existsSync(file) && readFileSync(file, 'utf8') === stamp) return;
  rmSync(dir, { recursive: true, force: true });
  make();
  writeFileSync(file, stamp);
}

function repo(name, size) {
  const dir = join(TMP, name);
  generated(dir, ['./generate-repo.mjs'], size, () => generateRepo(dir, size));
  return dir;
}

function inputs(dir) {
  const files = [];
  for (const side of ['base', 'head'])
    for (const f of readdirSync(join(dir, side))) if (f.endsWith('.yaml')) files.push(join(dir, side, f));
  return [...files, join(dir, 'fleet.json')];
}

function run(dir) {
  const out = join(dir, 'plan.json');
  const r = measure([
    'cli',
    'diff',
    '--base',
    join(dir, 'base'),
    '--head',
    join(dir, 'head'),
    '--fleet',
    join(dir, 'fleet.json'),
    '--format',
    'json',
    '--out',
    out,
    '--at',
    AT,
  ]);
  const parse = measure(['parse', ...inputs(dir)]);
  const hash = createHash('sha256').update(readFileSync(out)).digest('hex').slice(0, 16);
  return { ...r, parseMs: parse.wallMs, hash };
}

const SIZES = [
  { name: 'S', pools: 10, overlays: 5, workloads: 100, nodes: 500 },
  { name: 'M', pools: 40, overlays: 20, workloads: 400, nodes: 2000 },
  { name: 'L', pools: 200, overlays: 50, workloads: 2000, nodes: 10000 },
  { name: 'XL', pools: 1000, overlays: 250, workloads: 10000, nodes: 100000 },
  // The shape platform repositories have (issue 22): weights 1-100, half the teams with a limited fallback pool, a
  // fleet snapshot with Nodes and the Deployments' Pods bound to them, and the constraints (zone spread, hostname
  // anti-affinity, PodDisruptionBudgets, do-not-disrupt, an extended resource from NodeOverlay capacity).
  {
    name: 'L-real',
    pools: 200,
    overlays: 50,
    workloads: 2000,
    nodes: 10000,
    weights: true,
    limits: 50,
    pods: true,
    constraints: true,
  },
];

mkdirSync(TMP, { recursive: true });
const rows = [];
const hashes = {};
for (const s of SIZES) {
  const r = run(repo(s.name, s));
  hashes[s.name] = r.hash;
  rows.push({ ...s, ...r });
  console.log(
    `${s.name}: ${(r.wallMs / 1000).toFixed(2)} s wall, ${(r.cpuMs / 1000).toFixed(2)} s CPU, ${r.rssMb.toFixed(0)} MB, parse ${(r.parseMs / 1000).toFixed(2)} s`,
  );
}

// Growth: double one dimension of M at a time.
const base = SIZES[1];
const growth = [];
const baseRun = rows.find((r) => r.name === 'M');
for (const dim of ['pools', 'overlays', 'workloads', 'nodes']) {
  const size = { ...base, [dim]: base[dim] * 2 };
  const r = run(repo(`M-2x-${dim}`, size));
  growth.push({ dim, ratio: r.cpuMs / baseRun.cpuMs });
  console.log(`2x ${dim}: CPU ×${(r.cpuMs / baseRun.cpuMs).toFixed(2)}`);
}

// The README example, and replicas. The example is short (under a second) and one run of it swings with what else
// the machine runs: the median of EXAMPLE_RUNS runs, CPU and wall each.
const EXAMPLE_RUNS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const exampleRuns = Array.from({ length: EXAMPLE_RUNS }, () =>
  measure([
    'cli',
    'diff',
    '--base',
    'examples/generation-split/base',
    '--head',
    'examples/generation-split/head',
    '--format',
    'json',
    '--out',
    join(TMP, 'example.json'),
  ]),
);
const example = { cpuMs: median(exampleRuns.map((r) => r.cpuMs)), wallMs: median(exampleRuns.map((r) => r.wallMs)) };
console.log(`example: ${exampleRuns.map((r) => (r.cpuMs / 1000).toFixed(2)).join(', ')} s CPU`);
const replicas = {};
for (const n of [10, 1000000]) {
  const dir = join(TMP, `replicas-${n}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'all.yaml'),
    readFileSync('examples/generation-split/head/nodepools.yaml', 'utf8') +
      '---\n' +
      readFileSync('examples/generation-split/head/nodeclass.yaml', 'utf8') +
      `---\napiVersion: apps/v1\nkind: Deployment\nmetadata: { name: big, namespace: default }\nspec:\n  replicas: ${n}\n  template:\n    spec:\n      containers: [{ name: c, image: x, resources: { requests: { cpu: 100m, memory: 128Mi } } }]\n`,
  );
  replicas[n] = measure(['cli', 'simulate', dir, '--format', 'json', '--out', join(TMP, `replicas-${n}.json`)]);
  console.log(`replicas ${n}: ${(replicas[n].cpuMs / 1000).toFixed(2)} s CPU`);
}

// The multi-target repository (issue 22): 40 kustomize overlays over one base and 3 chart environments, against the
// renderers it needs run one after the other (every overlay folder of base and head, every chart with its values).
const targets = measureTargets();
hashes['targets-40'] = targets.hash;

// Identity with the recorded hashes.
const hashFile = 'bench/plan-hashes.json';
const recorded = existsSync(hashFile) ? JSON.parse(readFileSync(hashFile, 'utf8')) : null;
let identity;
if (update || !recorded) {
  writeFileSync(hashFile, JSON.stringify(hashes, null, 2) + '\n');
  identity = `recorded in ${hashFile}`;
} else {
  const differ = Object.keys(hashes).filter((k) => recorded[k] !== hashes[k]);
  identity = differ.length
    ? `DIFFERS for ${differ.join(', ')}`
    : `identical to ${hashFile} for ${Object.keys(hashes).join(', ')}`;
}
console.log(`plan identity: ${identity}`);

function measureTargets() {
  const dir = join(TMP, 'targets-40');
  const params = { overlays: 40, charts: 3 };
  generated(dir, ['./generate-targets.mjs', './generate-repo.mjs'], params, () => generateTargets(dir, params));
  // helm from .tmp/tools (scripts/test-tools.mjs) when it is there, else the one on the PATH.
  const helmDir = '.tmp/tools/helm3';
  const env = existsSync(join(helmDir, 'helm'))
    ? { ...process.env, PATH: `${join(process.cwd(), helmDir)}:${process.env.PATH ?? ''}` }
    : process.env;
  const onPath = (bin) => spawnSync(bin, ['version'], { env, stdio: 'ignore' }).status === 0;
  const kustomize = onPath('kustomize') ? ['kustomize', 'build'] : ['kubectl', 'kustomize'];
  const sequential = () => {
    const t0 = process.hrtime.bigint();
    let renders = 0;
    for (const side of ['base', 'head']) {
      const root = join(dir, side);
      for (const o of readdirSync(join(root, 'overlays'))) {
        const r = spawnSync(kustomize[0], [kustomize[1], join(root, 'overlays', o)], { env, stdio: 'ignore' });
        if (r.status !== 0) throw new Error(`${kustomize.join(' ')} ${o} failed`);
        renders++;
      }
      for (const c of readdirSync(join(root, 'charts'))) {
        const chart = join(root, 'charts', c);
        const values = ['values.yaml', 'values-prod.yaml'].flatMap((v) => ['--values', join(chart, v)]);
        spawnSync('helm', ['template', ...values, '--', 'karpenter-plan', chart], { env, stdio: 'ignore' });
        renders++;
      }
    }
    return { wallMs: Number(process.hrtime.bigint() - t0) / 1e6, renders };
  };
  const out = join(dir, 'plan.json');
  const args = ['cli', 'diff', '--base', join(dir, 'base'), '--head', join(dir, 'head')];
  const diff = () => measure([...args, '--format', 'json', '--out', out, '--at', AT], env);
  // Best of two of each, alternated (the machine may be shared).
  const runs = [sequential(), diff(), sequential(), diff()];
  const renderers = [runs[0], runs[2]].sort((a, b) => a.wallMs - b.wallMs)[0];
  const tool = [runs[1], runs[3]].sort((a, b) => a.wallMs - b.wallMs)[0];
  const hash = createHash('sha256').update(readFileSync(out)).digest('hex').slice(0, 16);
  const ratio = tool.wallMs / renderers.wallMs;
  console.log(
    `targets-40: diff ${(tool.wallMs / 1000).toFixed(2)} s wall, ${(tool.cpuMs / 1000).toFixed(2)} s CPU (the tool's process), ${tool.rssMb.toFixed(0)} MB; renderers one after the other (${renderers.renders} runs of ${kustomize.join(' ')} / helm template): ${(renderers.wallMs / 1000).toFixed(2)} s; ratio ${ratio.toFixed(2)}×`,
  );
  return {
    ...tool,
    renderersMs: renderers.wallMs,
    renders: renderers.renders,
    renderer: kustomize.join(' '),
    ratio,
    hash,
  };
}

const f = (ms) => `${(ms / 1000).toFixed(2)} s`;
const section = [
  '## Scale: generated platform repositories',
  '',
  `Measured by \`npm run bench\` (bench/scale.mjs) with the bundled CLI in a child process, whole process, on ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Repositories from bench/generate-repo.mjs: one NodePool per team (2-4 families, \`consolidateAfter\` 5m, a 10% budget), NodeOverlays with the gate on, Deployments of 1-10 replicas, a fleet snapshot; head narrows 10% of the pools and changes expireAfter in 5%. L-real is L as platform repositories are written: pool weights 1-100, half the teams with an extra limited fallback pool (\`limits.cpu\` 8-64), Nodes with the Deployments' Pods bound to them in the snapshot, and constraints: every 10th Deployment spread over zones (DoNotSchedule), every 10th anti-affine on the hostname, every 40th needing an extended resource a NodeOverlay's \`capacity\` adds (5 such overlays beside the 50 price overlays), every 8th with a PodDisruptionBudget and every 50th with \`karpenter.sh/do-not-disrupt\` in the snapshot. "parse" is reading the same YAML with the \`yaml\` package and the fleet with JSON.parse.`,
  '',
  '| size | pools / overlays / workloads / nodes | wall | CPU | peak RSS | parse | wall ÷ parse |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.pools} / ${r.overlays} / ${r.workloads} / ${r.nodes} | ${f(r.wallMs)} | ${f(r.cpuMs)} | ${r.rssMb.toFixed(0)} MB | ${f(r.parseMs)} | ${(r.wallMs / r.parseMs).toFixed(1)}× |`,
  ),
  '',
  `Growth from M, doubling one dimension (CPU ratio; 2.0 is linear): ${growth.map((g) => `${g.dim} ×${g.ratio.toFixed(2)}`).join(', ')}.`,
  '',
  `The 40-target kustomize repository (bench/generate-targets.mjs: one base with an EC2NodeClass and 4 NodePools, 40 overlays each patching a pool and adding a Deployment, 3 chart environments; head narrows one pool of the base, so the 40 overlays are affected): \`diff\` ${f(targets.wallMs)} wall, ${f(targets.cpuMs)} CPU in the tool's own process, ${targets.rssMb.toFixed(0)} MB; the renderers run one after the other (${targets.renders} runs of \`${targets.renderer}\` and \`helm template\`, without the tool's sandbox): ${f(targets.renderersMs)}; ratio ${targets.ratio.toFixed(2)}× (target: within 1.2×).`,
  '',
  `The README example (\`diff\` of examples/generation-split, median of ${EXAMPLE_RUNS} runs): ${f(example.cpuMs)} CPU, ${f(example.wallMs)} wall. A Deployment of 10 replicas: ${f(replicas[10].cpuMs)} CPU; of 1,000,000 replicas: ${f(replicas[1000000].cpuMs)} CPU.`,
  '',
  `JSON plans: ${identity}.`,
  '',
].join('\n');
const doc = readFileSync('docs/performance.md', 'utf8');
const marker = '## Scale: generated platform repositories';
const i = doc.indexOf(marker);
const j = i >= 0 ? doc.indexOf('\n## ', i + marker.length) : -1;
const next =
  i >= 0 ? doc.slice(0, i) + section + (j >= 0 ? '\n' + doc.slice(j + 1) : '') : doc.trimEnd() + '\n\n' + section;
writeFileSync('docs/performance.md', next);
