/**
 * Invalid input that used to be accepted silently (issue 26, the remainder), each in a small hostile repository: the
 * finding, its location (file:line) and a verdict that is not `pass`, with the rest of the repository still evaluated.
 * Labels the API server refuses (kustomize `commonLabels` / `labels`, Argo CD `kustomize.commonLabels`), `manifests:`
 * globs that match no file, ApplicationSet template errors outside `source`/`destination`, and `clusters:` inputs that
 * are symlinks leaving the repository.
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { NODECLASS, nodePool, tempTree } from '../helpers.js';

const AT = ['--at', '2026-01-05T10:00:00Z'];

async function validateDir(dir: string, extra: string[] = []): Promise<Plan> {
  const r = await runCli(['validate', dir, '--format', 'json', ...AT, ...extra]);
  if (!r.stdout) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as Plan;
}

const validate = (files: Record<string, string>, extra: string[] = []) => validateDir(tempTree(files), extra);

const at = (p: Plan, re: RegExp) =>
  p.findings.filter((f) => re.test(f.message)).map((f) => `${f.rule} ${f.severity} ${f.file}:${f.line}`);

/** The rest of the repository is still evaluated: the valid NodePool `ok` is in the plan. */
const stillEvaluated = (p: Plan, name = 'ok') =>
  expect(p.nodePools?.some((n) => n.name === name) ?? JSON.stringify(p).includes(`"${name}"`)).toBe(true);

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers: [{ name: c, image: x, resources: { requests: { cpu: 100m } } }]
`;

describe('labels the API server refuses, from kustomize commonLabels / labels (ValidateLabels)', () => {
  const repo = (kustomization: string) => ({
    'nc.yaml': NODECLASS,
    'ok.yaml': nodePool('ok'),
    'app/kustomization.yaml': kustomization,
    'app/pool.yaml': nodePool('app'),
    'app/web.yaml': DEPLOYMENT,
  });
  const cases: [string, Record<string, string>, RegExp, string[]][] = [
    [
      'a commonLabels value with a space and "!"',
      repo('resources: [pool.yaml, web.yaml]\ncommonLabels:\n  team: "bad value!"\n'),
      /team: label value "bad value!" is not a valid label value/,
      // NodePool metadata.labels; Deployment metadata.labels and its pod template's: all at the commonLabels line.
      Array(3).fill('invalid-spec error app/kustomization.yaml:3'),
    ],
    [
      'a commonLabels value of 64 characters',
      repo(`resources: [pool.yaml, web.yaml]\ncommonLabels:\n  owner: ${'a'.repeat(64)}\n`),
      /is longer than 63 characters/,
      Array(3).fill('invalid-spec error app/kustomization.yaml:3'),
    ],
    [
      'a commonLabels key with two "/"',
      repo('resources: [pool.yaml, web.yaml]\ncommonLabels:\n  a/b/c: x\n'),
      /label key "a\/b\/c" has more than one "\/"/,
      Array(3).fill('invalid-spec error app/kustomization.yaml:3'),
    ],
    [
      'a labels[].pairs value ending in "-"',
      repo('resources: [pool.yaml, web.yaml]\nlabels:\n  - pairs:\n      tier: front-\n'),
      /tier: label value "front-" is not a valid label value/,
      // labels without includeTemplates: the objects' metadata.labels only (api/types/labels.go).
      Array(2).fill('invalid-spec error app/kustomization.yaml:4'),
    ],
  ];
  test.each(cases)('%s: located at the kustomization, verdict fail', async (_, files, message, where) => {
    const p = await validate(files);
    expect(at(p, message)).toEqual(where);
    expect(p.verdict).toBe('fail');
    stillEvaluated(p, 'app');
  });

  test.each([
    ['a label value in the resource itself', 'team: "x y"', /label value "x y" is not a valid label value/, 6],
    ['a label key with an invalid prefix', '"Example.COM/team": a', /has an invalid prefix/, 6],
    ['a label value that is a number', 'tier: 5', /metadata\.labels\.tier must be a string/, 6],
  ])('%s on a NodePool is located at its line', async (_, label, message, line) => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'ok.yaml': nodePool('ok'),
      'p.yaml': nodePool('bad').replace('name: bad\n', `name: bad\n  labels:\n    ${label}\n`),
    });
    expect(at(p, message)).toEqual([`invalid-spec error p.yaml:${line}`]);
    expect(p.verdict).toBe('fail');
    stillEvaluated(p);
  });

  test("Argo CD's kustomize.commonLabels: located at the Application's label line, verdict fail", async () => {
    const application = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: pools, namespace: argocd }
spec:
  project: default
  destination: { server: https://kubernetes.default.svc, namespace: karpenter }
  source:
    repoURL: https://github.com/example/platform.git
    path: app
    kustomize:
      commonLabels:
        team: "-bad"
`;
    const p = await validate({
      ...repo('resources: [pool.yaml, web.yaml]\n'),
      'apps/pools.yaml': application,
    });
    // commonLabels reach the objects' labels and the pod template's (argo-cd util/kustomize Build: edit add label).
    expect(at(p, /team: label value "-bad" is not a valid label value/)).toEqual(
      Array(3).fill('invalid-spec error apps/pools.yaml:12'),
    );
    expect(p.verdict).toBe('fail');
    stillEvaluated(p, 'app');
  });

  test('valid labels stay valid (no finding)', async () => {
    const p = await validate(
      repo('resources: [pool.yaml, web.yaml]\ncommonLabels:\n  app.kubernetes.io/part-of: shop\n  tier: a.b_c-d\n'),
    );
    expect(p.findings.filter((f) => /label/.test(f.message))).toEqual([]);
  });
});

/** Every NodePool name the plan (one target or several) models. */
const poolNames = (p: Plan): string[] =>
  [
    ...(p.nodePools ?? []),
    ...((p as { clusters?: { plan?: Plan }[] }).clusters ?? []).flatMap((c) => c.plan?.nodePools ?? []),
  ].map((n) => n.name);

describe('manifests globs of the configuration that match no file: an invalid-config error at the entry', () => {
  const cases: [string, Record<string, string>, RegExp, string][] = [
    [
      'a top-level glob with a typo next to one that matches',
      {
        'pools/ok.yaml': nodePool('ok'),
        '.karpenter-plan.yaml': 'manifests:\n  - "nc.yaml"\n  - "pools/**/*.yaml"\n  - "pool/**/*.yaml"\n',
      },
      /config manifests\[2\] "pool\/\*\*\/\*\.yaml" matches no file/,
      '.karpenter-plan.yaml:4',
    ],
    [
      'a file entry for a file that does not exist',
      { 'ok.yaml': nodePool('ok'), '.karpenter-plan.yaml': 'manifests: [nc.yaml, ok.yaml, missing.yaml]\n' },
      /config manifests\[2\] "missing\.yaml" matches no file/,
      '.karpenter-plan.yaml:1',
    ],
    [
      "a cluster's folder entry that holds no YAML file",
      {
        'pools/ok.yaml': nodePool('ok'),
        'empty/README.md': '# nothing here\n',
        '.karpenter-plan.yaml': 'clusters:\n  - name: prod\n    manifests:\n      - pools\n      - empty\n',
      },
      /config clusters\[0\]\.manifests\[1\] "empty" matches no file/,
      '.karpenter-plan.yaml:5',
    ],
  ];
  test.each(cases)('%s', async (_, files, message, where) => {
    const p = await validate({ 'nc.yaml': NODECLASS, ...files });
    expect(at(p, message)).toEqual([`invalid-config error ${where}`]);
    expect(p.verdict).toBe('fail');
    expect(poolNames(p)).toContain('ok');
  });

  test('globs that all match, and a .yml twin of a .yaml glob that matches: no finding', async () => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'pools/ok.yaml': nodePool('ok'),
      '.karpenter-plan.yaml': 'manifests: ["*.yaml", "pools/*.yaml", "pools/*.yml"]\n',
    });
    expect(p.findings.filter((f) => f.rule === 'invalid-config')).toEqual([]);
  });
});

describe('clusters: inputs that are symlinks resolving outside the repository', () => {
  const outside = tempTree({
    'pool.yaml': nodePool('stolen'),
    'values.yaml': 'nodePool: {}\n',
    'kustomization.yaml': 'resources: [pool.yaml]\n',
  });
  const cases: [string, string, string, number][] = [
    ['a manifests folder', 'link', '    manifests: [link]\n', 4],
    ['a manifests glob through a linked folder', 'link', '    manifests: ["link/*.yaml"]\n', 4],
    ['a kustomization folder', 'link', '    kustomization: link\n', 4],
    ['a values file', 'values-link.yaml', '    values:\n      - files: [values-link.yaml]\n', 5],
    ['a dangling link', 'gone', '    manifests: [gone]\n', 4],
  ];
  test.each(cases)(
    '%s: an invalid-config error at the field, the entry is not planned, the rest is',
    async (_, link, entry, line) => {
      const dir = tempTree({
        'nc.yaml': NODECLASS,
        'dev/ok.yaml': nodePool('ok'),
        '.karpenter-plan.yaml': `clusters:\n  - { name: dev, manifests: [dev, nc.yaml] }\n  - name: prod\n${entry}`,
      });
      symlinkSync(
        link === 'gone' ? join(outside, 'gone') : link.endsWith('.yaml') ? join(outside, 'values.yaml') : outside,
        join(dir, link),
      );
      const p = await validateDir(dir);
      expect(at(p, /is a symlink that resolves outside the repository/)).toEqual([
        `invalid-config error .karpenter-plan.yaml:${line}`,
      ]);
      expect(p.verdict).toBe('fail');
      expect(poolNames(p)).toEqual(['ok']);
      expect(JSON.stringify(p)).not.toContain('stolen');
    },
  );

  test('a folder symlink inside the repository is not listed either (DirTree.list): matches no file, not a silent pass', async () => {
    const dir = tempTree({
      'nc.yaml': NODECLASS,
      'real/ok.yaml': nodePool('ok'),
      '.karpenter-plan.yaml': 'clusters:\n  - { name: dev, manifests: [dev, nc.yaml] }\n',
    });
    symlinkSync(join(dir, 'real'), join(dir, 'dev'));
    const p = await validateDir(dir);
    expect(at(p, /resolves outside/)).toEqual([]);
    expect(at(p, /clusters\[0\]\.manifests\[0\] "dev" matches no file/)).toEqual([
      'invalid-config error .karpenter-plan.yaml:2',
    ]);
  });
});

describe('names and labels the API server refuses on the other objects the plan reads (PDBs, storage, RuntimeClasses)', () => {
  const PDB = (meta: string) =>
    `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n${meta}spec:\n  maxUnavailable: 1\n  selector: { matchLabels: { app: web } }\n`;
  const SC = (meta: string) =>
    `apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n${meta}provisioner: ebs.csi.aws.com\nvolumeBindingMode: WaitForFirstConsumer\n`;
  const PVC = (meta: string) =>
    `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n${meta}spec:\n  storageClassName: gp3\n  accessModes: [ReadWriteOnce]\n`;
  const PV = (meta: string) =>
    `apiVersion: v1\nkind: PersistentVolume\nmetadata:\n${meta}spec:\n  capacity: { storage: 1Gi }\n  accessModes: [ReadWriteOnce]\n`;
  const RC = (meta: string) => `apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata:\n${meta}handler: runc\n`;
  // [case, the object's file, the message, the finding's object and line]
  const cases: [string, string, RegExp, string][] = [
    [
      'a PDB label value with a space',
      PDB('  name: web\n  labels: { team: "a b" }\n'),
      /metadata\.labels\.team: label value "a b" is not a valid label value/,
      'PodDisruptionBudget/web obj.yaml:5',
    ],
    [
      'a PDB label key with two slashes',
      PDB('  name: web\n  labels: { "a/b/c": x }\n'),
      /metadata\.labels: label key "a\/b\/c"/,
      'PodDisruptionBudget/web obj.yaml:5',
    ],
    [
      'a PDB name in capitals',
      PDB('  name: Web\n'),
      /metadata\.name "Web" is not a valid name/,
      'PodDisruptionBudget/Web obj.yaml:4',
    ],
    [
      'a StorageClass label value of 64 characters',
      SC(`  name: gp3\n  labels: { tier: ${'a'.repeat(64)} }\n`),
      /metadata\.labels\.tier: label value "a{64}" is longer than 63 characters/,
      'StorageClass/gp3 obj.yaml:5',
    ],
    [
      'a StorageClass name with an underscore',
      SC('  name: gp_3\n'),
      /metadata\.name "gp_3" is not a valid name/,
      'StorageClass/gp_3 obj.yaml:4',
    ],
    [
      'a PersistentVolumeClaim label value ending in "-"',
      PVC('  name: data\n  labels: { app: "web-" }\n'),
      /metadata\.labels\.app: label value "web-"/,
      'PersistentVolumeClaim/data obj.yaml:5',
    ],
    [
      'a PersistentVolume label value with "!"',
      PV('  name: pv1\n  labels: { zone: "a!" }\n'),
      /metadata\.labels\.zone: label value "a!"/,
      'PersistentVolume/pv1 obj.yaml:5',
    ],
    [
      'a RuntimeClass name with a space',
      RC('  name: "g visor"\n'),
      /metadata\.name "g visor" is not a valid name/,
      'RuntimeClass/g visor obj.yaml:4',
    ],
  ];
  test.each(cases)('%s: an invalid-spec error at the field, the rest still evaluated', async (_, obj, re, where) => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'ok.yaml': nodePool('ok'),
      'web.yaml': DEPLOYMENT,
      'obj.yaml': obj,
    });
    const found = p.findings.filter((f) => re.test(f.message));
    expect(found.map((f) => `${f.rule} ${f.severity} ${f.object} ${f.file}:${f.line}`)).toEqual([
      `invalid-spec error ${where}`,
    ]);
    expect(found[0].message).toMatch(/the API server refuses/);
    expect(p.verdict).toBe('fail');
    stillEvaluated(p);
  });

  test('the same objects with valid names and labels: no finding about them', async () => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'ok.yaml': nodePool('ok'),
      'web.yaml': DEPLOYMENT,
      'objs.yaml': [
        PDB('  name: web\n  labels: { team: a-b, example.com/tier: "1" }\n'),
        SC('  name: gp3\n  labels: { tier: fast }\n'),
        PVC('  name: data\n  labels: { app: web }\n'),
        PV('  name: pv1\n'),
        RC('  name: gvisor\n'),
      ].join('---\n'),
    });
    expect(p.findings.filter((f) => f.file === 'objs.yaml' && f.severity === 'error')).toEqual([]);
  });

  test('a kustomize commonLabels value the API server refuses, on a PDB and a StorageClass: located at the kustomization line', async () => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'ok.yaml': nodePool('ok'),
      'app/kustomization.yaml': 'resources: [pool.yaml, pdb.yaml, sc.yaml]\ncommonLabels:\n  team: "bad value!"\n',
      'app/pool.yaml': nodePool('app'),
      'app/pdb.yaml': PDB('  name: web\n'),
      'app/sc.yaml': SC('  name: gp3\n'),
    });
    const found = p.findings
      .filter((f) => /team: label value "bad value!"/.test(f.message) && f.object !== 'NodePool/app')
      .map((f) => `${f.rule} ${f.object} ${f.file}:${f.line}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'invalid-spec PodDisruptionBudget/web app/kustomization.yaml:3',
        'invalid-spec StorageClass/gp3 app/kustomization.yaml:3',
      ]),
    );
    expect(p.verdict).toBe('fail');
  });
});

describe('an ignore entry with an invalid field is dropped whole, never widened (fuzz seed 26 case 2311)', () => {
  test.each([
    ['kind a number', '{ rule: "*", kind: 5, name: null }'],
    ['name a list', '{ rule: "*", name: [a] }'],
  ])('%s: the invalid NodePool still fails the check', async (_, entry) => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'ok.yaml': nodePool('ok'),
      'bad.yaml': nodePool('Bad_Name'),
      '.karpenter-plan.yaml': `ignore:\n  - ${entry}\n`,
    });
    expect(at(p, /metadata\.name "Bad_Name" is not a valid name/)).toEqual(['invalid-spec error bad.yaml:4']);
    expect(p.verdict).toBe('fail');
  });
});

describe('clusters: inputs that are symlinks in a git revision (mode 120000; read as objects, never followed)', () => {
  // A git repository whose one commit holds the symlink `link` (to `target`, which may leave the repository or not).
  function gitRepo(entry: string, link: string, target: string): string {
    const dir = tempTree({
      'nc.yaml': NODECLASS,
      'dev/ok.yaml': nodePool('ok'),
      'real/pool.yaml': nodePool('linked'),
      'real/values.yaml': 'nodePool: {}\n',
      '.karpenter-plan.yaml': `clusters:\n  - { name: dev, manifests: [dev, nc.yaml] }\n  - name: prod\n${entry}`,
    });
    symlinkSync(target, join(dir, link));
    const git = (...a: string[]) =>
      execFileSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], {
        encoding: 'utf8',
      });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'one');
    return dir;
  }
  const cases: [string, string, string, string, number, RegExp][] = [
    ['a manifests folder, to a folder inside', '    manifests: [link]\n', 'link', 'real', 4, /"link" is a symlink/],
    [
      'a manifests glob through a linked folder',
      '    manifests: ["link/*.yaml"]\n',
      'link',
      'real',
      4,
      /"link" is a symlink/,
    ],
    ['a kustomization folder', '    kustomization: link\n', 'link', 'real', 4, /"link" is a symlink/],
    [
      'a values file',
      '    values:\n      - files: [values-link.yaml]\n',
      'values-link.yaml',
      'real/values.yaml',
      5,
      /"values-link\.yaml" is a symlink/,
    ],
    ['a folder outside the repository', '    manifests: [link]\n', 'link', '/etc', 4, /"link" is a symlink/],
    ['a dangling link', '    manifests: [link]\n', 'link', 'gone', 4, /"link" is a symlink/],
    [
      'a file under a linked folder',
      '    values:\n      - files: [link/values.yaml]\n',
      'link',
      'real',
      5,
      /"link\/values\.yaml" passes through "link", which is a symlink/,
    ],
  ];
  test.each(cases)(
    '%s: an invalid-config error naming the symlink at the field, the entry is not planned, the rest is',
    async (_, entry, link, target, line, re) => {
      const dir = gitRepo(entry, link, target);
      const r = await runCli(['validate', '--repo', dir, '--ref', 'HEAD', '--format', 'json', ...AT]);
      const p = JSON.parse(r.stdout) as Plan;
      expect(at(p, re)).toEqual([`invalid-config error .karpenter-plan.yaml:${line}`]);
      expect(
        at(
          p,
          new RegExp(`to ${JSON.stringify(target).replace(/[/.]/g, '\\$&')}\\); a git revision is read as its objects`),
        ),
      ).toHaveLength(1);
      expect(at(p, /matches no file/)).toEqual([]);
      expect(p.verdict).toBe('fail');
      expect(r.exitCode).toBe(1);
      expect(poolNames(p)).toEqual(['ok']);
    },
  );
});

describe('ApplicationSet template errors outside source and destination: input-not-evaluated at the ApplicationSet', () => {
  const appSet = (spec: string) => `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: { name: pools, namespace: argocd }
spec:
${spec}`;
  const TEMPLATE = (labels: string) => `  template:
    metadata:
      name: '{{ .name }}-pools'
      labels: { team: '${labels}' }
    spec:
      project: default
      source: { repoURL: https://example.com/repo.git, path: 'pools/{{ .name }}' }
      destination: { server: https://kubernetes.default.svc, namespace: karpenter }`;
  const LIST = `  generators:
    - list:
        elements:
          - { name: a }`;
  const cases: [string, string, RegExp, number][] = [
    [
      'missingkey=error with a key no parameter set has, in a label',
      `  goTemplate: true\n  goTemplateOptions: ["missingkey=error"]\n${LIST}\n${TEMPLATE('{{ .team }}')}`,
      /template field metadata\.labels\.team: map has no entry for key "team"/,
      14,
    ],
    [
      'a printf width of a billion, in a label',
      `  goTemplate: true\n${LIST}\n${TEMPLATE('{{ printf "%999999999s" .name }}')}`,
      /printf width 999999999 is over the 1000/,
      13,
    ],
    [
      'generators that is a map, not a list',
      `  goTemplate: true\n  generators:\n    list:\n      elements: [{ name: a }]\n${TEMPLATE('x')}`,
      /spec\.generators must be a list, got object/,
      7, // the value's line (a map: its first key)
    ],
    ['no generators at all', `  goTemplate: true\n${TEMPLATE('x')}`, /spec\.generators is required/, 5], // spec's value
  ];
  test.each(cases)('%s', async (_, spec, message, line) => {
    const t = Date.now();
    const p = await validate({
      'nc.yaml': NODECLASS,
      'ok.yaml': nodePool('ok'),
      'pools/a/pool.yaml': nodePool('from-a'),
      'apps/set.yaml': appSet(spec),
    });
    expect(at(p, message)).toEqual([`input-not-evaluated error apps/set.yaml:${line}`]);
    expect(p.verdict).toBe('fail');
    expect(poolNames(p)).toContain('ok');
    expect(Date.now() - t).toBeLessThan(20_000);
  });

  test('a printf width under the cap pads as fmt does, and the ApplicationSet is evaluated', async () => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'ok.yaml': nodePool('ok'),
      'pools/a/pool.yaml': nodePool('from-a'),
      'apps/set.yaml': appSet(`  goTemplate: true\n${LIST}\n${TEMPLATE('{{ printf "%-3s%03d" .name 7 }}')}`),
    });
    expect(p.findings.filter((f) => f.rule === 'input-not-evaluated')).toEqual([]);
    expect(poolNames(p)).toContain('from-a');
  });
});
