/**
 * Kustomize repositories (a base with dev, staging and production overlays using `patches:`), rendered with the real
 * `kubectl kustomize` (or `kustomize`) from temporary copies of each state; standard input as a state; and the rule
 * that a Karpenter-relevant input the tool did not evaluate is an error, never a pass.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { planOf, type PlanRun } from '../support/plan.js';

const FIXTURE = 'test/fixtures/kustomize-repo';

function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-kustomize-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const plan = (args: string[], stdin?: string): Promise<PlanRun> => planOf(args, { stdin });

const NARROW_PRODUCTION = `# Production: m6i is no longer allowed.
apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  limits:
    cpu: "2000"
  template:
    spec:
      requirements:
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: ["m7i", "m8i"]
        - key: karpenter.k8s.aws/instance-size
          operator: In
          values: ["xlarge", "2xlarge"]
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
`;

describe('a kustomize base with three overlays', () => {
  test('each overlay is a target rendered on its own; patch files are not read as standalone manifests', async () => {
    const { plan: p, exitCode } = await plan(['validate', FIXTURE]);
    expect(exitCode).toBe(0);
    expect(p.clusters?.map((c) => c.key)).toEqual(['overlays/dev', 'overlays/production', 'overlays/staging']);
    // A patch (a partial NodePool without a nodeClassRef) read as a whole object would be an error.
    expect(p.findings.filter((f) => f.severity === 'error')).toEqual([]);
    for (const c of p.clusters!) {
      expect(c.plan?.nodePools.map((n) => n.name)).toEqual(['general']);
      expect(c.plan?.inputs.head.renderers?.[0]).toMatch(new RegExp(`kustomize(?: build)? ${c.key}$`));
    }
  });

  test('a change to one overlay affects exactly that target', async () => {
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'overlays/production/nodepool-patch.yaml'), NARROW_PRODUCTION);
    const { plan: p } = await plan(['diff', '--base', base, '--head', head]);
    expect(p.clusters?.filter((c) => c.affected).map((c) => c.key)).toEqual(['overlays/production']);
    expect(p.clusters?.filter((c) => !c.affected).every((c) => c.plan === null)).toBe(true);
    const prod = p.clusters!.find((c) => c.key === 'overlays/production')!.plan!;
    expect(prod.nodePools[0]).toMatchObject({ name: 'general', change: 'modified' });
    expect(prod.nodePools[0].changedFields).toContain('spec.template.spec.requirements');
    expect(p.changed).toBe(true);
  });

  test('a change to the base affects all three targets', async () => {
    const base = copyFixture();
    const head = copyFixture();
    const np = join(head, 'base/nodepool.yaml');
    writeFileSync(np, readFileSync(np, 'utf8').replace('expireAfter: 720h', 'expireAfter: 360h'));
    const { plan: p } = await plan(['diff', '--base', base, '--head', head]);
    expect(p.clusters?.filter((c) => c.affected).map((c) => c.key)).toEqual([
      'overlays/dev',
      'overlays/production',
      'overlays/staging',
    ]);
  });

  test('an unrelated change affects no target, and the plan says nothing changed (skip-no-diff)', async () => {
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'README.md'), 'Changed prose.\n');
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    expect(exitCode).toBe(0);
    expect(p.clusters?.filter((c) => c.affected)).toEqual([]);
    expect(p.changed).toBe(false);
  });

  test('--target plans one overlay; an unknown target is a usage error', async () => {
    const { plan: p } = await plan(['validate', FIXTURE, '--target', 'overlays/dev']);
    expect(p.clusters).toBeUndefined();
    expect(p.nodePools.map((n) => n.name)).toEqual(['general']);
    const r = await runCli(['validate', FIXTURE, '--target', 'overlays/qa']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/target "overlays\/qa" is not a kustomization of base or head/);
  });
});

describe('an overlay change read from git revisions with a fleet snapshot', () => {
  // 10 NodeClaims of the production pool: 4 m6i, 3 m7i, 3 m8i. Head drops m6i from the allowed families, so the
  // 4 m6i nodes drift (requirements drift: karpenter pkg/controllers/nodeclaim/disruption/drift.go
  // areRequirementsDrifted); a 20% budget of 10 nodes allows 2 at a time (karpenter
  // pkg/apis/v1/nodepool.go GetAllowedDisruptionsByReason: 20% of 10 = 2). The git-revision run must report exactly
  // what the pre-rendered run reports.
  const families = ['m6i', 'm6i', 'm6i', 'm6i', 'm7i', 'm7i', 'm7i', 'm8i', 'm8i', 'm8i'];
  const fleet = {
    apiVersion: 'v1',
    kind: 'List',
    items: families.map((f, i) => ({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodeClaim',
      metadata: {
        name: `general-${i}`,
        labels: {
          'karpenter.sh/nodepool': 'general',
          'karpenter.k8s.aws/instance-family': f,
          'karpenter.k8s.aws/instance-size': 'xlarge',
          'node.kubernetes.io/instance-type': `${f}.xlarge`,
          'karpenter.sh/capacity-type': 'on-demand',
          'topology.kubernetes.io/zone': 'us-east-1a',
          'kubernetes.io/arch': 'amd64',
          'kubernetes.io/os': 'linux',
        },
        annotations: { 'karpenter.sh/nodepool-hash-version': 'v3' },
        creationTimestamp: '2026-01-02T08:00:00Z',
      },
      status: {
        providerID: `aws:///us-east-1a/i-${String(i).padStart(16, '0')}`,
        nodeName: `node-${i}`,
        conditions: [
          { type: 'Launched', status: 'True' },
          { type: 'Initialized', status: 'True' },
        ],
      },
    })),
  };

  test('drift and budgets are the same as for the same manifests pre-rendered', async () => {
    const repo = copyFixture();
    const git = (...a: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...a], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const baseSha = git('rev-parse', 'HEAD');
    const rendered = { base: mkdtempSync(join(tmpdir(), 'kp-r-')), head: mkdtempSync(join(tmpdir(), 'kp-r-')) };
    writeFileSync(
      join(rendered.base, 'all.yaml'),
      execFileSync('kubectl', ['kustomize', join(repo, 'overlays/production')], { encoding: 'utf8' }),
    );
    writeFileSync(join(repo, 'overlays/production/nodepool-patch.yaml'), NARROW_PRODUCTION);
    git('commit', '-q', '-am', 'narrow production');
    writeFileSync(
      join(rendered.head, 'all.yaml'),
      execFileSync('kubectl', ['kustomize', join(repo, 'overlays/production')], { encoding: 'utf8' }),
    );
    const fleetFile = join(mkdtempSync(join(tmpdir(), 'kp-f-')), 'fleet.json');
    writeFileSync(fleetFile, JSON.stringify(fleet));
    const at = ['--at', '2026-01-05T10:00:00Z', '--fleet', fleetFile];
    const fromGit = (
      await plan([
        'diff',
        '--repo',
        repo,
        '--base-ref',
        baseSha,
        '--head-ref',
        'HEAD',
        '--target',
        'overlays/production',
        ...at,
      ])
    ).plan;
    const preRendered = (await plan(['diff', '--base', rendered.base, '--head', rendered.head, ...at])).plan;
    expect(fromGit.summary.nodesReplaced).toBe(4);
    expect(fromGit.nodePools[0]).toMatchObject({ name: 'general', drift: 'requirements', nodes: 10, nodesDrifted: 4 });
    expect(fromGit.nodePools[0].budget).toMatchObject({ allowed: 2 });
    expect(fromGit.nodePools).toEqual(preRendered.nodePools);
    expect(fromGit.replacements).toEqual(preRendered.replacements);
    expect(fromGit.summary).toEqual(preRendered.summary);
  });
});

describe('inputs that are not evaluated are never a pass', () => {
  test('a kustomization with a remote base is reported as not evaluated, never fetched', async () => {
    const dir = copyFixture();
    writeFileSync(
      join(dir, 'overlays/dev/kustomization.yaml'),
      'resources:\n  - ../../base\n  - https://github.com/example/karpenter-pools//pools?ref=v1\n',
    );
    const { plan: p, exitCode } = await plan(['validate', dir]);
    expect(exitCode).toBe(1);
    const f = p.findings.find((x) => x.rule === 'input-not-evaluated' && x.file === 'overlays/dev/kustomization.yaml');
    expect(f?.severity).toBe('error');
    expect(f?.message).toMatch(/remote resources or paths outside the state, which are never fetched or read/);
  });

  test('a changed NodePool in a file no manifest glob matches fails the check with input-not-evaluated', async () => {
    const base = mkdtempSync(join(tmpdir(), 'kp-cov-'));
    const head = mkdtempSync(join(tmpdir(), 'kp-cov-'));
    cpSync('examples/generation-split/base', base, { recursive: true });
    cpSync('examples/generation-split/base', head, { recursive: true });
    writeFileSync(
      join(head, 'extra.json'),
      JSON.stringify({ apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name: 'extra' }, spec: {} }),
    );
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    expect(exitCode).toBe(1);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', file: 'extra.json' }),
    );
  });

  test('validate on a chart that cannot be rendered exits 2 and reports input-not-evaluated, never PASS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-chart-'));
    cpSync('examples/generation-split/base/nodepools.yaml', join(dir, 'chart/templates/nodepools.yaml'));
    writeFileSync(join(dir, 'chart/Chart.yaml'), 'apiVersion: v2\nname: pools\nversion: 0.1.0\n');
    const r = await runCli(['validate', dir, '--format', 'text']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).not.toMatch(/^karpenter-plan: PASS/);
    expect(r.stdout).toMatch(/input-not-evaluated/);
  });
});

describe('standard input as a state', () => {
  test('kubectl kustomize overlays/production | karpenter-plan validate -', async () => {
    const rendered = execFileSync('kubectl', ['kustomize', join(FIXTURE, 'overlays/production')], { encoding: 'utf8' });
    const { plan: p, exitCode } = await plan(['validate', '-'], rendered);
    expect(exitCode).toBe(0);
    expect(p.nodePools.map((n) => n.name)).toEqual(['general']);
    expect(p.inputs.head.files).toEqual(['stdin.yaml']);
  });

  test('diff --base DIR --head - compares a directory with a piped rendering; two - are refused', async () => {
    const rendered = execFileSync('kubectl', ['kustomize', join(FIXTURE, 'overlays/production')], { encoding: 'utf8' });
    const { plan: p } = await plan(
      ['diff', '--base', FIXTURE, '--target', 'overlays/production', '--head', '-'],
      rendered,
    );
    expect(p.nodePools[0]).toMatchObject({ name: 'general', change: 'unchanged' });
    const r = await runCli(['diff', '--base', '-', '--head', '-'], process.cwd(), () => rendered);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/standard input \(-\) can stand for only one state per run/);
  });
});

describe('fan-out over a CI matrix: targets, one diff per target, merge', () => {
  test('targets + per-target diff + merge gives the same plan and report as one process', async () => {
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'overlays/production/nodepool-patch.yaml'), NARROW_PRODUCTION);
    writeFileSync(
      join(head, 'overlays/dev/limits.yaml'),
      readFileSync(join(head, 'overlays/dev/limits.yaml'), 'utf8').replace('"200"', '"100"'),
    );
    const at = ['--at', '2026-01-05T10:00:00Z'];
    const single = await runCli(['diff', '--base', base, '--head', head, '--format', 'json', ...at]);
    expect(single.exitCode).toBe(0);

    const out = mkdtempSync(join(tmpdir(), 'kp-matrix-'));
    mkdirSync(join(out, 'plans'));
    const t = await runCli(['targets', '--base', base, '--head', head, '--out', join(out, 'targets.json')]);
    expect(t.exitCode).toBe(0);
    const list = JSON.parse(readFileSync(join(out, 'targets.json'), 'utf8')) as { affected: string[] };
    expect(list.affected).toEqual(['overlays/dev', 'overlays/production']);
    const planFiles: string[] = [];
    for (const key of list.affected) {
      const file = join(out, 'plans', `plan-${key.replace(/\//g, '_')}.json`);
      const r = await runCli([
        'diff',
        '--base',
        base,
        '--head',
        head,
        '--target',
        key,
        '--format',
        'text',
        '--json-out',
        file,
        ...at,
      ]);
      expect(r.exitCode).toBe(0);
      planFiles.push(file);
    }
    const merged = await runCli(['merge', '--targets', join(out, 'targets.json'), ...planFiles, '--format', 'json']);
    expect(merged.exitCode).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(JSON.parse(single.stdout));
    // A folder of plans (a downloaded artifact) works as well as the files.
    const md = await runCli(['merge', '--targets', join(out, 'targets.json'), join(out, 'plans')]);
    const singleMd = await runCli(['diff', '--base', base, '--head', head, ...at]);
    expect(md.stdout).toBe(singleMd.stdout);
    expect(md.stdout).toContain('Not affected: <code>overlays/staging</code>');
  });

  test('merge refuses a missing affected target and a plan that is not a per-target plan', async () => {
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'overlays/production/nodepool-patch.yaml'), NARROW_PRODUCTION);
    const out = mkdtempSync(join(tmpdir(), 'kp-matrix-'));
    await runCli(['targets', '--base', base, '--head', head, '--out', join(out, 'targets.json')]);
    const none = await runCli(['merge', '--targets', join(out, 'targets.json'), join(out, 'targets.json')]);
    expect(none.exitCode).toBe(2);
    const whole = join(out, 'whole.json');
    await runCli(['diff', '--base', base, '--head', head, '--format', 'text', '--json-out', whole]);
    const r = await runCli(['merge', '--targets', join(out, 'targets.json'), whole]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/must come from diff --target KEY/);
    // A per-target plan made for other revisions than the target list's (a stale artifact) is refused.
    const stale = join(out, 'stale.json');
    await runCli([
      'diff',
      '--base',
      base,
      '--head',
      head,
      '--target',
      'overlays/production',
      '--format',
      'text',
      '--json-out',
      stale,
    ]);
    const doc = JSON.parse(readFileSync(stale, 'utf8'));
    doc.head.sha = 'f'.repeat(40);
    writeFileSync(stale, JSON.stringify(doc));
    const s2 = await runCli(['merge', '--targets', join(out, 'targets.json'), stale]);
    expect(s2.exitCode).toBe(2);
    expect(s2.stderr).toMatch(/was made for head f{40}, but .* lists head \(none\)/);
  });
});

describe('never a pass over a kustomization that could not be rendered', () => {
  test('a change to a patch of a kustomization with a remote base (not renderable before or after) fails the check', async () => {
    const remote =
      'resources:\n  - ../../base\n  - https://github.com/example/pools//x?ref=v1\npatches:\n  - path: limits.yaml\n';
    const base = copyFixture();
    writeFileSync(join(base, 'overlays/dev/kustomization.yaml'), remote);
    const head = copyFixture();
    writeFileSync(join(head, 'overlays/dev/kustomization.yaml'), remote);
    writeFileSync(join(head, 'overlays/dev/limits.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n');
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    expect(exitCode).toBe(1);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', file: 'overlays/dev/limits.yaml', severity: 'error' }),
    );
  });

  test('a resource path that leaves the state is not read: the kustomization is reported, not rendered', async () => {
    const dir = copyFixture();
    writeFileSync(join(dir, 'overlays/dev/kustomization.yaml'), 'resources:\n  - ../../base\n  - ../../../../etc\n');
    const { plan: p } = await plan(['validate', dir]);
    expect(p.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        file: 'overlays/dev/kustomization.yaml',
        message: expect.stringMatching(/paths outside the state/),
      }),
    );
  });

  test('a --target that is not a plain folder name is refused', async () => {
    const r = await runCli(['validate', FIXTURE, '--target', "x';touch /tmp/p;'"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/is not a folder name/);
  });
});

describe('caps on targets and on the run’s time, checked between targets (issue 26)', () => {
  // Through executePlan, so that the run's start can be set in the past (caps.runSeconds) without waiting.
  async function run(caps: string, startedAtMs?: number) {
    const { executePlan } = await import('../../src/run/execute.js');
    const { parseConfig } = await import('../../src/sources/config.js');
    const { DirTree } = await import('../../src/sources/tree.js');
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'overlays/production/nodepool-patch.yaml'), NARROW_PRODUCTION);
    const config = parseConfig('.karpenter-plan.yaml', `caps: { ${caps} }\n`, []);
    return executePlan({
      base: new DirTree(base),
      head: new DirTree(head),
      config,
      configFindings: [],
      cwd: head,
      ...(startedAtMs !== undefined ? { startedAtMs } : {}),
    });
  }
  test('caps.targets 2 of 3 overlays: the third is an input-capped error naming it, and the check fails', async () => {
    const p = await run('targets: 2');
    expect(p.clusters?.map((c) => c.key)).toEqual(['overlays/dev', 'overlays/production']);
    const capped = p.findings.filter((f) => f.rule === 'input-capped');
    expect(capped).toHaveLength(1);
    expect(capped[0].message).toMatch(
      /^1 target\(s\) were not planned: the run has more than caps\.targets \(2\) targets \(overlays\/staging\)/,
    );
    expect(p.verdict).toBe('fail');
  });
  test('caps.runSeconds already spent when the run starts: no target is planned, an input-capped error names them all', async () => {
    const p = await run('runSeconds: 5', Date.now() - 10_000);
    expect(p.clusters ?? []).toEqual([]);
    const capped = p.findings.filter((f) => f.rule === 'input-capped');
    expect(capped).toHaveLength(1);
    expect(capped[0].message).toMatch(
      /^3 target\(s\) were not planned: the run's time budget, caps\.runSeconds \(5 s\), ran out/,
    );
    expect(p.verdict).toBe('fail');
  });
  test('within the budget nothing is capped', async () => {
    const p = await run('runSeconds: 600');
    expect(p.findings.filter((f) => f.rule === 'input-capped')).toEqual([]);
    expect(p.clusters).toHaveLength(3);
  });
});

describe('the run’s time budget within one target: checked before each render and between its stages (issue 26)', () => {
  // A clock that reads the start for its first `ticks` readings and then a day later: the budget (60 s) runs out at
  // the tick-th check, wherever that falls (a render, the simulations, the disruption controller, the rules).
  async function runOutAt(ticks: number) {
    const { executePlan } = await import('../../src/run/execute.js');
    const { parseConfig } = await import('../../src/sources/config.js');
    const { DirTree } = await import('../../src/sources/tree.js');
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'overlays/production/nodepool-patch.yaml'), NARROW_PRODUCTION);
    const config = parseConfig('.karpenter-plan.yaml', 'caps: { runSeconds: 60 }\n', []);
    const t0 = Date.parse('2026-01-05T10:00:00Z');
    let readings = 0;
    const clock = () => (readings++ < ticks ? t0 : t0 + 86_400_000);
    const plan = await executePlan({
      base: new DirTree(base),
      head: new DirTree(head),
      config,
      configFindings: [],
      cwd: head,
      target: 'overlays/production',
      startedAtMs: t0,
      clock,
    });
    return { plan, readings };
  }
  test('out of time at each check in turn: a plan with an input-capped error naming what was not done, never a pass', async () => {
    const stages: string[] = [];
    let complete = null;
    for (let ticks = 0; ticks < 40 && !complete; ticks++) {
      const { plan, readings } = await runOutAt(ticks);
      const capped = plan.findings.filter((f) => f.rule === 'input-capped');
      if (readings <= ticks) {
        // The clock never ran out: the whole plan, as without a budget.
        expect(capped).toEqual([]);
        complete = plan;
        break;
      }
      expect(capped.length).toBeGreaterThan(0);
      for (const f of capped) {
        expect(f.severity).toBe('error');
        expect(f.new).toBe(true);
        expect(f.message).toMatch(/the run's time budget, caps\.runSeconds \(60 s\), ran out/);
      }
      expect(plan.verdict).toBe('fail');
      expect(plan.target).toBe('overlays/production');
      stages.push(...capped.map((f) => f.message.slice(0, f.message.indexOf(':'))));
    }
    expect(complete).not.toBeNull();
    // Each kind of check was reached: a render refused, and the stages of the plan not run.
    expect(stages).toEqual(
      expect.arrayContaining([
        'kustomization overlays/production was not rendered',
        'the simulation of head was not run',
        'the rules was not run',
        expect.stringMatching(/ was not rendered whole$/),
      ]),
    );
  });
});
