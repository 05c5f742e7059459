/**
 * Entries of the config's `clusters:` list with inputs of their own (manifests, values adapters, a kustomization, a
 * fleet snapshot, controller settings) are targets keyed by the cluster's name, each planned from exactly those
 * inputs. test/fixtures/clusters-repo: `dev` (a manifest folder, a shared NodeOverlay file, the shared values file
 * layered with its own, nodeOverlay enabled), `staging` (the shared overlay and values files with its own, default
 * settings), `prod-eu` and `prod-us` (both the overlay `overlays/prod`, each with its own fleet snapshot; prod-eu with
 * its karpenter chart values), and `legacy` (name, server and labels only: not a target).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { parseConfig } from '../../src/sources/config.js';
import type { Finding } from '../../src/common/findings.js';
import { resolveConfig } from '../../src/sources/resolve-config.js';
import { DirTree } from '../../src/sources/tree.js';
import { tempTree } from '../helpers.js';
import { planOf, type PlanRun } from '../support/plan.js';

const FIXTURE = 'test/fixtures/clusters-repo';

function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-clusters-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** Runs the CLI from `cwd` (fleet snapshot paths in the config are relative to the working directory). */
const plan = (args: string[], cwd: string): Promise<PlanRun> =>
  planOf([...args, '--at', '2026-01-05T10:00:00Z'], { cwd });

const edit = (dir: string, file: string, from: string, to: string): void => {
  const text = readFileSync(join(dir, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${from} not in ${file}`);
  writeFileSync(join(dir, file), text.replace(from, to));
};

const affected = (p: Plan): string[] => (p.clusters ?? []).filter((c) => c.affected).map((c) => c.key);

describe('the config of a cluster with inputs of its own', () => {
  test('is read with the shapes of the top-level keys; a folder is read as its YAML files', () => {
    const findings: Finding[] = [];
    const cfg = parseConfig(
      '.karpenter-plan.yaml',
      readFileSync(join(FIXTURE, '.karpenter-plan.yaml'), 'utf8'),
      findings,
    );
    expect(findings).toEqual([]);
    expect(cfg.clusters.map((c) => [c.name, c.inputs !== undefined])).toEqual([
      ['dev', true],
      ['staging', true],
      ['prod-eu', true],
      ['prod-us', true],
      ['legacy', false],
    ]);
    expect(cfg.clusters[0].inputs).toEqual({
      entry: 0,
      manifests: ['clusters/dev/**/*.yaml', 'clusters/dev/**/*.yml', 'shared/overlay.yaml'],
      manifestEntries: ['clusters/dev', 'shared/overlay.yaml'],
      values: [
        {
          files: ['values/shared.yaml', 'values/dev.yaml'],
          layout: 'map',
          nodePools: 'nodePool',
          nodeClasses: 'nodeClass',
          nodeOverlays: 'nodeOverlay',
        },
      ],
      charts: [],
      kustomization: null,
      fleet: [],
      controller: { settings: { featureGates: { nodeOverlay: true } } },
    });
    expect(cfg.clusters[2].inputs).toMatchObject({
      manifests: [],
      kustomization: 'overlays/prod',
      fleet: ['snapshots/prod-eu.json'],
    });
  });

  test('an unknown key of a cluster entry is an invalid-config finding at its line, the rest is used', () => {
    const findings: Finding[] = [];
    const cfg = parseConfig(
      'c.yaml',
      'clusters:\n  - name: a\n    manifests: [a]\n    kustomize: overlays/a\n',
      findings,
    );
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'invalid-config', line: 2, message: expect.stringMatching(/"kustomize"/) }),
    ]);
    expect(cfg.clusters[0].inputs?.manifests).toEqual(['a/**/*.yaml', 'a/**/*.yml']);
  });

  test('comparing revisions, the clusters and their inputs are trusted: the pull request cannot change them', () => {
    const baseText = 'clusters:\n  - { name: prod, manifests: [prod], fleet: [snap.json] }\n';
    const base = new DirTree(tempTree({ '.karpenter-plan.yaml': baseText }));
    const head = new DirTree(
      tempTree({ '.karpenter-plan.yaml': 'clusters:\n  - { name: prod, manifests: [elsewhere], fleet: [x.json] }\n' }),
    );
    const { config, findings } = resolveConfig(head, process.cwd(), {}, base);
    expect(config.clusters[0].inputs).toMatchObject({
      manifests: ['prod/**/*.yaml', 'prod/**/*.yml'],
      fleet: ['snap.json'],
    });
    expect(findings).toContainEqual(
      expect.objectContaining({ rule: 'config-change-deferred', message: expect.stringMatching(/clusters/) }),
    );
  });
});

describe('clusters with inputs of their own are targets', () => {
  test('each is planned from exactly its inputs, with its own controller settings; a cluster without inputs is not a target', async () => {
    const dir = copyFixture();
    const { plan: p } = await plan(['validate', dir], dir);
    expect(p.clusters?.map((c) => [c.key, c.source])).toEqual([
      ['dev', 'cluster dev'],
      ['prod-eu', 'cluster prod-eu'],
      ['prod-us', 'cluster prod-us'],
      ['staging', 'cluster staging'],
    ]);
    const of = (key: string) => p.clusters!.find((c) => c.key === key)!.plan!;
    // dev: its folder's NodePool and the values adapter's; staging: the values adapter's only; prod: the overlay's.
    expect(
      of('dev')
        .nodePools.map((n) => n.name)
        .sort(),
    ).toEqual(['batch', 'general']);
    expect(of('staging').nodePools.map((n) => n.name)).toEqual(['general']);
    expect(of('prod-eu').nodePools.map((n) => n.name)).toEqual(['general']);
    expect(of('prod-eu').inputs.head.renderers).toEqual(['kubectl kustomize overlays/prod']);
    expect(of('staging').inputs.head.files.sort()).toEqual(['shared/overlay.yaml']);
    // Both read the shared NodeOverlay; only dev enables NodeOverlays (its controller settings).
    const gate = (key: string) => of(key).findings.filter((f) => f.rule === 'overlay-gate-disabled');
    expect(gate('dev')).toEqual([]);
    expect(gate('staging')).toHaveLength(1);
    // The overlay is not a target of its own: prod-eu and prod-us render it.
    expect(p.clusters?.some((c) => c.key === 'overlays/prod')).toBe(false);
    // The fleet snapshots kept in the repository are read as fleets, not left unevaluated.
    expect(p.findings.filter((f) => f.rule === 'input-not-evaluated')).toEqual([]);
  });

  test('a change to one cluster’s own file affects that cluster only', async () => {
    const base = copyFixture();
    const head = copyFixture();
    edit(head, 'values/staging.yaml', 'weight: 30', 'weight: 35');
    const { plan: p } = await plan(['diff', '--base', base, '--head', head], head);
    expect(affected(p)).toEqual(['staging']);
    const staging = p.clusters!.find((c) => c.key === 'staging')!.plan!;
    expect(staging.nodePools).toEqual([
      expect.objectContaining({ name: 'general', change: 'modified', changedFields: ['spec.weight'] }),
    ]);
  });

  test('a shared values file affects every cluster that reads it; a shared base every cluster rendering it', async () => {
    const base = copyFixture();
    const head = copyFixture();
    edit(head, 'values/shared.yaml', 'role: KarpenterNodeRole', 'role: KarpenterNodeRoleV2');
    expect(affected((await plan(['diff', '--base', base, '--head', head], head)).plan)).toEqual(['dev', 'staging']);
    const head2 = copyFixture();
    edit(head2, 'base/nodepool.yaml', 'expireAfter: 720h', 'expireAfter: 360h');
    expect(affected((await plan(['diff', '--base', base, '--head', head2], head2)).plan)).toEqual([
      'prod-eu',
      'prod-us',
    ]);
  });

  test('a cluster’s controller values file is its own input', async () => {
    const base = copyFixture();
    const head = copyFixture();
    edit(
      head,
      'clusters/prod-eu/karpenter-values.yaml',
      'spotToSpotConsolidation: true',
      'spotToSpotConsolidation: false',
    );
    expect(affected((await plan(['diff', '--base', base, '--head', head], head)).plan)).toEqual(['prod-eu']);
  });

  test('each cluster’s change acts on its own fleet snapshot', async () => {
    // The overlay of both prod clusters drops m6i from the allowed families: requirements drift replaces the m6i
    // nodes of each snapshot — 3 of prod-eu's 4 (3 m6i, 1 m7i), 1 of prod-us's 2 (1 m6i, 1 m7i).
    const base = copyFixture();
    const head = copyFixture();
    edit(head, 'base/nodepool.yaml', 'values: ["m6i", "m7i"]', 'values: ["m7i"]');
    const { plan: p } = await plan(['diff', '--base', base, '--head', head], head);
    const of = (key: string) => p.clusters!.find((c) => c.key === key)!.plan!;
    expect(of('prod-eu').nodePools[0]).toMatchObject({ name: 'general', nodes: 4, nodesDrifted: 3 });
    expect(of('prod-us').nodePools[0]).toMatchObject({ name: 'general', nodes: 2, nodesDrifted: 1 });
    expect(of('prod-eu').fleet).toMatchObject({ source: 'snapshot', nodes: 4 });
    expect(of('prod-us').fleet).toMatchObject({ source: 'snapshot', nodes: 2 });
    expect(p.summary.nodesReplaced).toBe(4);
    // One cluster planned alone (the matrix's job) reads its own snapshot too.
    const { plan: one } = await plan(['diff', '--base', base, '--head', head, '--target', 'prod-us'], head);
    expect(one.target).toBe('prod-us');
    expect(one.nodePools[0]).toMatchObject({ nodes: 2, nodesDrifted: 1 });
  });

  test('a change to a file no cluster reads is not a silent pass', async () => {
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'stray-nodepool.yaml'), readFileSync(join(head, 'base/nodepool.yaml'), 'utf8'));
    const { plan: p } = await plan(['diff', '--base', base, '--head', head], head);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', file: 'stray-nodepool.yaml', severity: 'error' }),
    );
    expect(p.verdict).toBe('fail');
  });

  test('a kustomization that is not there is an error at the cluster’s entry', async () => {
    const dir = copyFixture();
    edit(
      dir,
      '.karpenter-plan.yaml',
      'kustomization: overlays/prod\n    fleet: [snapshots/prod-us.json]',
      'kustomization: overlays/none\n    fleet: [snapshots/prod-us.json]',
    );
    const { plan: p } = await plan(['validate', dir], dir);
    const us = p.clusters!.find((c) => c.key === 'prod-us')!.plan!;
    // Line 27 of the config is prod-us's `kustomization:`.
    expect(us.findings).toContainEqual(
      expect.objectContaining({ rule: 'invalid-config', file: '.karpenter-plan.yaml', line: 27, severity: 'error' }),
    );
    expect(p.verdict).toBe('fail');
  });

  test('a kustomization whose folder has a cluster target’s name is not a target: a warning says so', async () => {
    const dir = tempTree({
      'dev/kustomization.yaml': 'resources: [nodepool.yaml]\n',
      'dev/nodepool.yaml': readFileSync(join(FIXTURE, 'base/nodepool.yaml'), 'utf8'),
      'pools/nodeclass.yaml': readFileSync(join(FIXTURE, 'base/nodeclass.yaml'), 'utf8'),
      'pools/general.yaml': readFileSync(join(FIXTURE, 'base/nodepool.yaml'), 'utf8'),
      '.karpenter-plan.yaml': 'clusters:\n  - { name: dev, manifests: [pools] }\n',
    });
    const { plan: p } = await plan(['validate', dir], dir);
    expect(p.target).toBe('dev');
    expect(p.inputs.head.files).toEqual(['pools/general.yaml', 'pools/nodeclass.yaml']);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'warning', file: 'dev/kustomization.yaml' }),
    );
  });

  test('a single cluster target is planned as one plan with its own inputs', async () => {
    const dir = tempTree({
      'pools/general.yaml': readFileSync(join(FIXTURE, 'base/nodepool.yaml'), 'utf8'),
      'pools/nodeclass.yaml': readFileSync(join(FIXTURE, 'base/nodeclass.yaml'), 'utf8'),
      'other/general.yaml': readFileSync(join(FIXTURE, 'clusters/dev/batch.yaml'), 'utf8'),
      '.karpenter-plan.yaml': 'clusters:\n  - { name: only, manifests: [pools] }\nexclude: [other/**]\n',
    });
    const { plan: p } = await plan(['validate', dir], dir);
    expect(p.clusters).toBeUndefined();
    expect(p.target).toBe('only');
    expect(p.nodePools.map((n) => n.name)).toEqual(['general']);
  });
});

test('targets + per-target diff + merge gives the same plan as one process, each cluster on its own fleet', async () => {
  const base = copyFixture();
  const head = copyFixture();
  edit(head, 'base/nodepool.yaml', 'values: ["m6i", "m7i"]', 'values: ["m7i"]');
  edit(head, 'values/dev.yaml', 'weight: 20', 'weight: 25');
  const at = ['--at', '2026-01-05T10:00:00Z'];
  const single = await runCli(['diff', '--base', base, '--head', head, '--format', 'json', ...at], head);
  const out = mkdtempSync(join(tmpdir(), 'kp-matrix-'));
  await runCli(['targets', '--base', base, '--head', head, '--out', join(out, 'targets.json')], head);
  const list = JSON.parse(readFileSync(join(out, 'targets.json'), 'utf8')) as { affected: string[] };
  expect(list.affected).toEqual(['dev', 'prod-eu', 'prod-us']);
  const planFiles: string[] = [];
  for (const key of list.affected) {
    const file = join(out, `plan-${key}.json`);
    const args = ['diff', '--base', base, '--head', head, '--target', key, '--format', 'text', '--json-out', file];
    await runCli([...args, ...at], head);
    planFiles.push(file);
  }
  const merged = await runCli(['merge', '--targets', join(out, 'targets.json'), ...planFiles, '--format', 'json']);
  expect(merged.exitCode).toBe(0);
  expect(JSON.parse(merged.stdout)).toEqual(JSON.parse(single.stdout));
});

describe('clusters: entries that cannot be planned as written (issue 26)', () => {
  const parse = (text: string) => {
    const findings: Finding[] = [];
    const cfg = parseConfig('.karpenter-plan.yaml', text, findings);
    return { cfg, findings };
  };
  test.each([
    ['an absolute manifests path', '    manifests: [/etc/karpenter]\n', 3],
    ['a manifests glob leaving the repository', '    manifests: ["../other/**/*.yaml"]\n', 3],
    ['a kustomization outside', '    kustomization: ../../elsewhere\n', 3],
    ['a values file outside', '    values:\n      - files: [../secrets/values.yaml]\n', 4],
    ['a chart folder outside', '    charts:\n      - path: /opt/chart\n', 4],
  ])('%s: an invalid-config error at the field, and no target', (_name, entry, line) => {
    const { cfg, findings } = parse(`clusters:\n  - name: prod\n${entry}`);
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'invalid-config', severity: 'error', file: '.karpenter-plan.yaml', line }),
    ]);
    expect(cfg.clusters).toEqual([]);
  });
  test('a name used twice: the second entry is an error at its name, the first stays', () => {
    const { cfg, findings } = parse(
      'clusters:\n  - name: prod\n    manifests: [prod]\n  - name: prod\n    manifests: [staging]\n',
    );
    expect(findings).toEqual([expect.objectContaining({ rule: 'invalid-config', line: 4 })]);
    expect(findings[0].message).toMatch(/"prod" is also clusters\[0\]'s/);
    expect(cfg.clusters.map((c) => c.inputs?.manifests)).toEqual([['prod/**/*.yaml', 'prod/**/*.yml']]);
  });
  test('paths inside the repository are fine', () => {
    const { cfg, findings } = parse('clusters:\n  - name: prod\n    manifests: [clusters/prod, "shared/*.yaml"]\n');
    expect(findings).toEqual([]);
    expect(cfg.clusters).toHaveLength(1);
  });
});
