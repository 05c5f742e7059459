/**
 * Rendering ahead (sources/render-ahead.ts, kustomize.ts renderAhead): a run of several kustomization targets renders
 * them all at once before reading each target; the pipeline then finds each rendering made and reports it as before
 * (a failure with the same finding), within caps.renders and the run's time budget. A timed-out rendering is not kept.
 * The renderer here is a stand-in `kustomize` that logs each run and prints the target folder's `pool.yaml`.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { executePlan } from '../../src/run/execute.js';
import { defaultConfig, type Config } from '../../src/sources/config.js';
import {
  Checkout,
  renderAhead,
  renderKustomization,
  runRenderer,
  type KustomizeRenderer,
} from '../../src/sources/kustomize.js';
import { recordOrigins } from '../../src/sources/kustomize-origin.js';
import { aheadFolders } from '../../src/sources/render-ahead.js';
import { DirTree } from '../../src/sources/tree.js';
import { NODECLASS, nodePool, tempTree } from '../helpers.js';

const bin = tempTree({ 'runs.log': '', 'pairs/.keep': '' });
const log = join(bin, 'runs.log');
const pairs = join(bin, 'pairs');
// `build --load-restrictor LoadRestrictionsRootOnly TARGET`: TARGET is $4. A folder named `broken` fails as kustomize
// does (naming a path of the copy), `slow` never ends, `pair-*` waits (at most 20 s) for another `pair-*` to run.
writeFileSync(
  join(bin, 'kustomize'),
  `#!/bin/sh
[ "$1" = version ] && { echo v5.5.0; exit 0; }
echo "$4" >> ${JSON.stringify(log)}
case "$4" in
  *broken) echo "Error: accumulating resources: $4/missing.yaml: no such file or directory" >&2; exit 1 ;;
  *slow) exec sleep 30 ;;
  *pair-*)
    touch ${JSON.stringify(pairs)}/$(basename "$4")
    i=0
    while [ $(ls ${JSON.stringify(pairs)} | wc -l) -lt 2 ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done
    [ $(ls ${JSON.stringify(pairs)} | wc -l) -ge 2 ] && echo "# met" || echo "# alone" ;;
esac
cat "$4/pool.yaml"
`,
);
chmodSync(join(bin, 'kustomize'), 0o755);
const renderer: KustomizeRenderer = { name: 'kustomize', binary: join(bin, 'kustomize') };
const runs = (): string[] => readFileSync(log, 'utf8').split('\n').filter(Boolean);

const PATH = process.env.PATH;
beforeAll(() => {
  process.env.PATH = `${bin}:${PATH ?? ''}`;
});
afterAll(() => {
  process.env.PATH = PATH;
});

const KUSTOMIZATION = 'resources: [pool.yaml]\n';

/** A NodePool of one instance family. */
const pool = (name: string, family: string): string =>
  nodePool(name, {
    requirements: `        - { key: karpenter.k8s.aws/instance-family, operator: In, values: [${family}] }`,
  });

/** A state of overlays (each a kustomization whose pool.yaml holds a NodePool and the EC2NodeClass). */
function state(overlays: Record<string, string>, salt: string): DirTree {
  const files: Record<string, string> = {};
  for (const [name, family] of Object.entries(overlays)) {
    files[`overlays/${name}/kustomization.yaml`] = `# ${salt}\n${KUSTOMIZATION}`;
    files[`overlays/${name}/pool.yaml`] = `${pool(name, family)}---\n${NODECLASS}`;
  }
  return new DirTree(tempTree(files));
}

function config(change: (c: Config) => void = () => {}): Config {
  const c = defaultConfig();
  c.assumptions.at = '2026-01-05T10:00:00Z';
  change(c);
  return c;
}

test('every target is rendered before the first is read; the pipeline uses those renderings, a failure reported as before', async () => {
  const before = runs().length;
  const base = state({ a: 'm5', b: 'c6i', broken: 'r6i' }, 'first');
  const head = state({ a: 'm6i', b: 'c6i', broken: 'r7i' }, 'first');
  const atFirstTarget: number[] = [];
  const plan = await executePlan({
    base,
    head,
    config: config(),
    configFindings: [],
    cwd: process.cwd(),
    progress: (m) => {
      if (m.startsWith('rendering target 1/')) atFirstTarget.push(runs().length - before);
    },
  });
  // Three overlays in each state, all rendered before the first target is read, and none rendered again after.
  expect(atFirstTarget).toEqual([6]);
  expect(runs().length - before).toBe(6);
  // The failing overlay: the finding the pipeline gives when it runs the renderer itself (paths of the copy left out).
  const fresh = new Checkout(head, head.list());
  const direct = runRenderer(fresh, 'overlays/broken', renderer, 60_000);
  const copy = fresh.root;
  fresh.dispose();
  expect(direct).toEqual(expect.objectContaining({ ok: false }));
  const message = (direct as { message: string }).message;
  expect(message).toContain('overlays/broken/missing.yaml');
  expect(message).not.toContain(copy);
  const findings = [...plan.findings, ...(plan.clusters ?? []).flatMap((c) => c.plan?.findings ?? [])];
  const broken = findings.filter(
    (f) => f.rule === 'input-not-evaluated' && f.file === 'overlays/broken/kustomization.yaml',
  );
  expect(broken.length).toBeGreaterThan(0);
  for (const f of broken) {
    expect(f.message).toContain(`kustomization overlays/broken was not evaluated: ${message}`);
  }
  // The change is planned from the renderings made ahead: the pool of overlay a narrowed from m5 to m6i.
  expect(plan.clusters?.find((c) => c.key === 'overlays/a')?.affected).toBe(true);
  expect(plan.clusters?.find((c) => c.key === 'overlays/b')?.affected).toBe(false);
});

test('a run whose targets need more renders than caps.renders leaves renders them one by one; one that fits, ahead', async () => {
  const run = async (salt: string, renders: number) => {
    const before = runs().length;
    const atFirstTarget: number[] = [];
    const plan = await executePlan({
      base: state({ a: 'm5', b: 'c6i', c: 'r6i' }, salt),
      head: state({ a: 'm6i', b: 'c7i', c: 'r7i' }, salt),
      config: config((c) => (c.caps.renders = renders)),
      configFindings: [],
      cwd: process.cwd(),
      progress: (m) => {
        if (m.startsWith('rendering target 1/')) atFirstTarget.push(runs().length - before);
      },
    });
    const findings = [...plan.findings, ...(plan.clusters ?? []).flatMap((c) => c.plan?.findings ?? [])];
    return {
      atFirstTarget,
      started: runs().length - before,
      capped: findings.some((f) => f.rule === 'input-capped' && f.message.includes('caps.renders')),
    };
  };
  // Six renders needed, two allowed: none ahead, two started by the pipeline, the rest reported.
  expect(await run('capped', 2)).toEqual({ atFirstTarget: [0], started: 2, capped: true });
  // Six allowed: all six ahead, none again.
  expect(await run('fits', 6)).toEqual({ atFirstTarget: [6], started: 6, capped: false });
});

test('a run out of time starts no renderer', async () => {
  // A run whose time budget is already spent renders nothing, ahead or not.
  const late = runs().length;
  await executePlan({
    base: state({ a: 'm5', b: 'c6i' }, 'late'),
    head: state({ a: 'm6i', b: 'c6i' }, 'late'),
    config: config(),
    configFindings: [],
    cwd: process.cwd(),
    startedAtMs: Date.now() - 10 * 3600 * 1000,
  }).catch(() => null);
  expect(runs().length).toBe(late);
});

test('a rendering made ahead is the one renderKustomization gives; a timed-out one is not kept and runs again', async () => {
  const tree = state({ one: 'm5', slow: 'c6i' }, 'unit');
  const checkout = new Checkout(tree, tree.list());
  try {
    const before = runs().length;
    const started = await renderAhead(
      [
        { checkout, dir: 'overlays/one', edit: recordOrigins },
        { checkout, dir: 'overlays/slow', edit: recordOrigins },
      ],
      renderer,
      1_000,
      2,
      () => true,
    );
    expect(started).toBe(2);
    expect(runs().length - before).toBe(2);
    const one = renderKustomization(checkout, 'overlays/one', renderer, 1_000, recordOrigins);
    expect(one).toEqual({ ok: true, output: `${pool('one', 'm5')}---\n${NODECLASS}` });
    expect(runs().length - before).toBe(2);
    // The edit was written for the rendering only: the copy's kustomization is the state's again.
    expect(readFileSync(join(checkout.root, 'tree', 'overlays/one/kustomization.yaml'), 'utf8')).toBe(
      tree.read('overlays/one/kustomization.yaml'),
    );
    const slow = renderKustomization(checkout, 'overlays/slow', renderer, 1_000, recordOrigins);
    expect(slow).toEqual(expect.objectContaining({ ok: false, timedOut: true }));
    expect(runs().length - before).toBe(3);
  } finally {
    checkout.dispose();
  }
});

test('renderers run at once, up to the concurrency asked for', async () => {
  const tree = state({ 'pair-1': 'm5', 'pair-2': 'c6i' }, 'pairs');
  const checkout = new Checkout(tree, tree.list());
  try {
    await renderAhead(
      ['overlays/pair-1', 'overlays/pair-2'].map((dir) => ({ checkout, dir, edit: recordOrigins })),
      renderer,
      60_000,
      2,
      () => true,
    );
    for (const dir of ['overlays/pair-1', 'overlays/pair-2']) {
      const r = renderKustomization(checkout, dir, renderer, 60_000, recordOrigins);
      expect(r).toEqual(expect.objectContaining({ ok: true, output: expect.stringMatching(/^# met\n/) }));
    }
  } finally {
    checkout.dispose();
  }
});

test('only kustomization targets that are valid, local and no base of another are rendered ahead', () => {
  const tree = new DirTree(
    tempTree({
      'base/kustomization.yaml': 'resources: [pool.yaml]\n',
      'base/pool.yaml': pool('p', 'm5'),
      'overlays/a/kustomization.yaml': 'resources: [../../base]\n',
      'overlays/remote/kustomization.yaml': 'resources: [../../base, https://example.com/x.yaml]\n',
      'overlays/invalid/kustomization.yaml': 'resources: [../../base, pool.yaml\n',
      'overlays/invalid/pool.yaml': pool('q', 'm5'),
    }),
  );
  const keys = ['overlays/a', 'overlays/remote', 'overlays/invalid'];
  expect(aheadFolders(tree, config(), keys)).toEqual(['overlays/a']);
  expect(aheadFolders(tree, config(), ['overlays/remote'])).toEqual([]);
});
