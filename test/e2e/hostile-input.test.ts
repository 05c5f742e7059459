/**
 * Small hostile inputs, one table per defence (issue 26): suppression that cannot hide what the API server refuses,
 * no prototype keys, trusted files from base, config errors judged where the config comes from, no horizon at which a
 * blocked rollout passes, bounded work, and validation as strict as the API server.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { NODECLASS, nodePool, tempTree } from '../helpers.js';
import fc from 'fast-check';
import { activeWindows, parseSchedule, type Schedule } from '../../src/disruption/budget-cron.js';
import { compileBudgets } from '../../src/disruption/budgets.js';
import { estimateRollout } from '../../src/disruption/rollout.js';
import { DEFAULT_CAPS } from '../../src/sources/config.js';

const AT = ['--at', '2026-01-05T10:00:00Z'];

async function run(args: string[], cwd?: string): Promise<{ plan: Plan; exitCode: number; stderr: string }> {
  const r = await runCli([...args, '--format', 'json', ...AT], cwd);
  if (!r.stdout) throw new Error(r.stderr);
  return { plan: JSON.parse(r.stdout) as Plan, exitCode: r.exitCode, stderr: r.stderr };
}

async function validate(files: Record<string, string>): Promise<Plan> {
  return (await run(['validate', tempTree(files)])).plan;
}

const rulesOf = (p: Plan) => p.findings.map((f) => `${f.rule} ${f.object ?? f.file ?? ''}`);

/** A NodePool with expireAfter and no terminationGracePeriod: a valid object with an `expire-without-tgp` warning. */
const EXPIRING = (name: string, annotation?: string) =>
  nodePool(name, { extraTemplateSpec: '      expireAfter: 48h\n' }).replace(
    `name: ${name}\n`,
    `name: ${name}\n${annotation ? `  annotations:\n    karpenter-plan.io/ignore: ${JSON.stringify(annotation)}\n` : ''}`,
  );

describe('suppression by annotation', () => {
  test('"*" on an invalid NodePool does not silence invalid-spec: the verdict fails', async () => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'p.yaml': nodePool('bad', { weight: 500 }).replace(
        'name: bad\n',
        'name: bad\n  annotations:\n    karpenter-plan.io/ignore: "*"\n',
      ),
    });
    expect(rulesOf(p)).toContain('invalid-spec NodePool/bad');
    expect(p.verdict).toBe('fail');
    expect((p.suppressedFindings ?? []).filter((f) => f.rule === 'invalid-spec')).toEqual([]);
  });

  test.each([
    ['another group', 'example.com/v1'],
    ['the core group', 'v1'],
  ])('a look-alike NodePool of %s cannot carry the annotation for the real one', async (_, apiVersion) => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'real.yaml': EXPIRING('gen'),
      'lookalike.yaml': `apiVersion: ${apiVersion}\nkind: NodePool\nmetadata:\n  name: gen\n  annotations:\n    karpenter-plan.io/ignore: "*"\n`,
    });
    expect(rulesOf(p)).toContain('expire-without-tgp NodePool/gen');
    expect(p.suppressedFindings ?? []).toEqual([]);
  });

  test('a duplicate in another file cannot carry the annotation for the first definition', async () => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'a.yaml': EXPIRING('gen'),
      'b.yaml': EXPIRING('gen', '*'),
    });
    expect(rulesOf(p)).toEqual(
      expect.arrayContaining(['expire-without-tgp NodePool/gen', 'duplicate-name NodePool/gen']),
    );
    expect(p.suppressedFindings ?? []).toEqual([]);
  });

  test('an annotation on the accepted object works and is listed by object in the comment and the text', async () => {
    const files = { 'nc.yaml': NODECLASS, 'a.yaml': EXPIRING('gen', 'expire-without-tgp # handled by the platform') };
    const p = await validate(files);
    expect(p.suppressedFindings).toEqual([
      expect.objectContaining({ rule: 'expire-without-tgp', object: 'NodePool/gen', suppressedBy: 'annotation' }),
    ]);
    const dir = tempTree(files);
    const md = (await runCli(['validate', dir, '--format', 'markdown', ...AT])).stdout;
    expect(md).toContain('Silenced by a `karpenter-plan.io/ignore` annotation in the change');
    expect(md).toMatch(/- <code>NodePool\/gen<\/code>: 1 × .*expire-without-tgp.* — handled by the platform/);
    const text = (await runCli(['validate', dir, '--format', 'text', ...AT])).stdout;
    expect(text).toContain('NodePool/gen [expire-without-tgp]');
  });
});

describe('prototype keys in values files', () => {
  const POOL = `    weight: 10\n    nodeClassRef: default\n    requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }]\n`;
  test.each(['__proto__', 'constructor', 'prototype'])(
    '%s: a located error, no pollution, and every other NodePool still evaluated',
    async (key) => {
      const p = await validate({
        'nc.yaml': NODECLASS,
        '.karpenter-plan.yaml': 'values:\n  - { files: [a.yaml, b.yaml] }\n',
        'a.yaml': `nodePool:\n  first:\n${POOL}  ${key}:\n    polluted: { weight: 1 }\n`,
        'b.yaml': `nodePool:\n  second:\n${POOL}  ${key}:\n    other: { weight: 2 }\n`,
      });
      expect(p.nodePools.map((n) => n.name).sort()).toEqual(['first', 'second']);
      const errors = p.findings.filter((f) => f.rule === 'invalid-values');
      // Line 6 is the key, line 7 its value (where the finding points).
      expect(errors.map((f) => `${f.file}:${f.line}`)).toEqual(['a.yaml:7', 'b.yaml:7']);
      expect(p.verdict).toBe('fail');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

describe('trusted files in CLI git mode come from the base revision, as in the action', () => {
  function repoWith(headEdit: (dir: string) => void): { repo: string; baseSha: string } {
    const repo = mkdtempSync(join(tmpdir(), 'kp-trusted-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        encoding: 'utf8',
      }).trim();
    git('init', '-q', '-b', 'main');
    cpSync('examples/drift-budgets/base', repo, { recursive: true });
    cpSync('examples/drift-budgets/fleet.json', join(repo, 'fleet.json'));
    writeFileSync(join(repo, '.karpenter-plan.yaml'), 'fleet: [fleet.json]\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const baseSha = git('rev-parse', 'HEAD');
    headEdit(repo);
    git('add', '-A');
    git('commit', '-q', '-m', 'head');
    return { repo, baseSha };
  }
  const diff = (repo: string, baseSha: string) => run(['diff', '--base-ref', baseSha, '--head-ref', 'HEAD'], repo);

  test('a fleet snapshot the pull request rewrites is read from base (the work tree holds the head)', async () => {
    const { repo, baseSha } = repoWith((d) => writeFileSync(join(d, 'fleet.json'), '{"items": [ not json'));
    const { plan } = await diff(repo, baseSha);
    expect(plan.findings.filter((f) => f.rule === 'invalid-fleet' || f.rule === 'unreadable-file')).toEqual([]);
    expect(plan.fleet.source).toBe('snapshot');
  });

  test('a fleet snapshot the pull request adds is refused, even with the base config naming it', async () => {
    const { repo, baseSha } = repoWith((d) => {
      cpSync(join(d, 'fleet.json'), join(d, 'fleet2.json'));
    });
    // The base config names fleet2.json, which only head has.
    execFileSync('git', ['-C', repo, 'checkout', '-q', baseSha]);
    writeFileSync(join(repo, '.karpenter-plan.yaml'), 'fleet: [fleet2.json]\n');
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        encoding: 'utf8',
      }).trim();
    git('commit', '-q', '-am', 'base names fleet2');
    const base2 = git('rev-parse', 'HEAD');
    cpSync(join(repo, 'fleet.json'), join(repo, 'fleet2.json'));
    git('add', '-A');
    git('commit', '-q', '-m', 'head adds fleet2');
    const { plan } = await diff(repo, base2);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'unreadable-file', message: expect.stringContaining('added by this change') }),
    );
    expect(plan.verdict).toBe('fail');
  });
});

describe('files named by the configuration', () => {
  // The test's timeout (10 s) is the hang guard: reading the device to its end would never finish.
  test.each(['/dev/zero', '/dev/urandom'])(
    'a catalog path of %s fails fast with a clear error',
    async (dev) => {
      const { plan } = await run(['validate', tempTree({ 'nc.yaml': NODECLASS }), '--catalog', dev]);
      expect(plan.findings).toContainEqual(
        expect.objectContaining({ rule: 'invalid-catalog', message: expect.stringContaining('not a regular file') }),
      );
    },
    10_000,
  );

  test('a fleet snapshot with a UTF-8 byte-order mark is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-bom-'));
    const file = join(dir, 'fleet.json');
    writeFileSync(file, '\ufeff' + readFileSync('examples/drift-budgets/fleet.json', 'utf8'));
    const { plan } = await run([
      'diff',
      '--base',
      'examples/drift-budgets/base',
      '--head',
      'examples/drift-budgets/head',
      '--fleet',
      file,
    ]);
    expect(plan.findings.filter((f) => f.rule === 'invalid-fleet')).toEqual([]);
    expect(plan.fleet.source).toBe('snapshot');
    expect(plan.summary.fleet?.nodes.base).toBeGreaterThan(0);
  });
});

describe('no horizon at which a blocked rollout passes (Budget.IsActive, GetAllowedDisruptionsByReason)', () => {
  const START = Date.parse('2026-01-05T10:00:00Z');
  const rollout = (budgets: Parameters<typeof compileBudgets>[0], horizonDays: number) =>
    estimateRollout({
      budgets: compileBudgets(budgets),
      nodes: 10,
      disrupting: 0,
      drifted: 10,
      empty: 0,
      start: START,
      minutesPerReplacement: 5,
      minutesToInitialize: 2,
      horizonMinutes: horizonDays * 1440,
      slowAfterMinutes: 1440,
    });

  test.each([14, 90, 365, 366])(
    'a nodes: "0" budget active every minute blocks for the whole %i-day horizon, without hanging',
    (days) => {
      // Karpenter takes the minimum over active budgets (GetAllowedDisruptionsByReason): 0 while the first is active,
      // and with schedule "* * * * *" and a 1m duration it is active at every instant (IsActive: Next(now − 1m) ≤ now).
      const r = rollout([{ nodes: '0', schedule: '* * * * *', duration: '1m' }, { nodes: '10%' }], days);
      expect(r.verdict).toBe('blocked');
      expect(r.replaced).toBe(0);
    },
    // A hang guard, not a measurement (performance is measured by `npm run bench`): a minute-by-minute walk of 366
    // days that went quadratic would not end in this time.
    30_000,
  );

  test('a window that opens on 29 February only is found a year and more ahead', () => {
    // 2026-01-05 → the next 29 February is 2028-02-29, beyond a 366-day horizon: blocked; from 2028-02-01 it opens.
    const s = parseSchedule('0 0 29 2 *');
    if (!s.ok) throw new Error(s.error);
    const w = activeWindows(s.schedule, 3_600_000, START, START + 366 * 86_400_000);
    expect(w).toEqual([]);
    const from = Date.parse('2028-02-01T00:00:00Z');
    expect(activeWindows(s.schedule, 3_600_000, from, from + 60 * 86_400_000)).toEqual([
      [Date.parse('2028-02-29T00:00:00Z'), Date.parse('2028-02-29T01:00:00Z')],
    ]);
  });

  /** The reference: every hit, one at a time (what the search did before, without its guard). */
  function byHits(schedule: Schedule, d: number, from: number, to: number): [number, number][] {
    const out: [number, number][] = [];
    // A schedule that never fires (31 February): robfig's Next gives the zero time, which Budget.IsActive reads as
    // "not after now" — always active.
    if (schedule.next(from - d) === null) return [[from, to]];
    for (let h = schedule.next(from - d); h !== null && h < to; h = schedule.next(h)) {
      const last = out[out.length - 1];
      if (last && h <= last[1]) last[1] = Math.max(last[1], h + d);
      else out.push([h, h + d]);
    }
    return out;
  }

  test('the day-at-a-time search gives the same windows as hit-by-hit (property)', () => {
    const field = (lo: number, hi: number) =>
      fc.oneof(
        fc.constant('*'),
        fc.integer({ min: lo, max: hi }).map(String),
        fc
          .tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: lo, max: hi }))
          .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
        fc.integer({ min: 2, max: 20 }).map((n) => `*/${n}`),
      );
    fc.assert(
      fc.property(
        fc.tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 6)),
        fc.integer({ min: 1, max: 3 * 1440 }),
        fc.integer({ min: 0, max: 400 * 1440 }),
        (fields, minutes, offset) => {
          const s = parseSchedule(fields.join(' '));
          if (!s.ok) return;
          const from = START + offset * 60_000;
          const to = from + 3 * 86_400_000;
          // Compared inside [from, to), where the rollout asks whether a budget is active.
          const clip = (ws: [number, number][]) => ws.map(([a, b]) => [Math.max(a, from), Math.min(b, to)]);
          expect(clip(activeWindows(s.schedule, minutes * 60_000, from, to))).toEqual(
            clip(byHits(s.schedule, minutes * 60_000, from, to)),
          );
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('config errors are judged where the config comes from', () => {
  const POOL = `nodePool:\n  from-values:\n    nodeClassRef: default\n    requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }]\n`;
  test('a head config naming a missing values file is a new error, not pre-existing', async () => {
    const base = tempTree({
      'nc.yaml': NODECLASS,
      'a.yaml': POOL,
      '.karpenter-plan.yaml': 'values:\n  - { files: [a.yaml] }\n',
    });
    const head = tempTree({
      'nc.yaml': NODECLASS,
      'a.yaml': POOL,
      '.karpenter-plan.yaml': 'values:\n  - { files: [a.yaml, missing.yaml] }\n',
    });
    const { plan, exitCode } = await run(['diff', '--base', base, '--head', head]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'unreadable-file', file: '.karpenter-plan.yaml', new: true }),
    );
    expect(plan.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });

  test('the same config error in both revisions stays pre-existing', async () => {
    const files = {
      'nc.yaml': NODECLASS,
      'a.yaml': POOL,
      '.karpenter-plan.yaml': 'values:\n  - { files: [a.yaml, missing.yaml] }\n',
    };
    const { plan } = await run(['diff', '--base', tempTree(files), '--head', tempTree(files)]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'unreadable-file', file: '.karpenter-plan.yaml', new: false }),
    );
  });
});

describe('validation as strict as the API server: each a located error', () => {
  const dep = (podSpec: string, name = 'web') =>
    `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: ${JSON.stringify(name)} }\nspec:\n  replicas: 1\n  template:\n    spec:\n${podSpec}`;
  const container = (resources: string) => `      containers:\n        - name: c\n          resources: ${resources}\n`;
  const cases: [string, Record<string, string>, RegExp, string][] = [
    [
      'a negative CPU request',
      { 'd.yaml': dep(container('{ requests: { cpu: "-1" } }')) },
      /resources\.requests\.cpu must be greater than or equal to 0/,
      'd.yaml:10',
    ],
    [
      'a negative memory limit',
      { 'd.yaml': dep(container('{ limits: { memory: -1Gi } }')) },
      /resources\.limits\.memory must be greater than or equal to 0/,
      'd.yaml:10',
    ],
    [
      'a non-string nodeSelector value',
      { 'd.yaml': dep('      nodeSelector: { team: 5 }\n' + container('{}')) },
      /nodeSelector\.team must be a string/,
      'd.yaml:8',
    ],
    [
      'an invalid workload name',
      { 'd.yaml': dep(container('{}'), 'Web_App') },
      /metadata\.name "Web_App" is not a valid name/,
      'd.yaml:3',
    ],
    [
      'an invalid NodePool name',
      { 'p.yaml': nodePool('Bad_Name') },
      /metadata\.name "Bad_Name" is not a valid name/,
      'p.yaml:4',
    ],
    [
      'an unquoted YAML 1.1 boolean as a requirement value',
      {
        'p.yaml': nodePool('a', {
          requirements: '        - { key: example.com/gpu, operator: In, values: [yes] }',
        }),
      },
      /values\[0\] must be a string/,
      'p.yaml:10',
    ],
    [
      'an unquoted YAML 1.1 boolean as a nodeSelector value',
      { 'd.yaml': dep('      nodeSelector: { spot: on }\n' + container('{}')) },
      /nodeSelector\.spot must be a string/,
      'd.yaml:8',
    ],
    [
      'a NodePoolList whose items is not a list',
      { 'l.yaml': 'apiVersion: karpenter.sh/v1\nkind: NodePoolList\nitems: { a: 1 }\n' },
      /NodePoolList\.items must be a list/,
      'l.yaml:3',
    ],
    ['%YAML 9.9', { 'v.yaml': '%YAML 9.9\n---\n' + nodePool('a') }, /Unsupported YAML version/, 'v.yaml:1'],
    [
      'a non-string key in limits',
      { 'p.yaml': nodePool('a', { extraSpec: '  limits: { 1: 5, cpu: 10 }\n' }) },
      /spec\.limits key "1" is not a resource name/,
      'p.yaml:6',
    ],
    [
      'a feature gate "yes"',
      {
        'karpenter/values.yaml': 'settings:\n  featureGates:\n    nodeOverlay: "yes"\n',
        '.karpenter-plan.yaml': 'controller:\n  values: karpenter/values.yaml\n',
        'p.yaml': nodePool('a'),
      },
      /featureGates\.nodeOverlay must be true or false/,
      'karpenter/values.yaml:3',
    ],
  ];
  test.each(cases)('%s', async (_, files, message, at) => {
    const p = await validate({ 'nc.yaml': NODECLASS, ...files });
    const f = p.findings.find((x) => message.test(x.message));
    expect(f).toBeDefined();
    expect([f!.severity, `${f!.file}:${f!.line}`]).toEqual(['error', at]);
    expect(p.verdict).toBe('fail');
  });

  test('duplicate NodeClaims in a fleet snapshot are an error', async () => {
    const fleet = JSON.parse(readFileSync('examples/drift-budgets/fleet.json', 'utf8')) as { items: unknown[] };
    const claim = (fleet.items as { kind: string }[]).find((x) => x.kind === 'NodeClaim')!;
    fleet.items.push(structuredClone(claim));
    const file = join(mkdtempSync(join(tmpdir(), 'kp-dup-')), 'fleet.json');
    writeFileSync(file, JSON.stringify(fleet));
    const { plan } = await run([
      'diff',
      '--base',
      'examples/drift-budgets/base',
      '--head',
      'examples/drift-budgets/head',
      '--fleet',
      file,
    ]);
    expect(plan.findings).toContainEqual(
      expect.objectContaining({ rule: 'invalid-fleet', severity: 'error', message: expect.stringContaining('twice') }),
    );
    expect(plan.verdict).toBe('fail');
  });

  test('valid input is accepted: YAML merge keys', async () => {
    const p = await validate({
      'nc.yaml': NODECLASS,
      'p.yaml': `apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: merged, labels: &team { team: platform } }
spec:
  template:
    metadata:
      labels:
        <<: *team
        tier: general
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: [{ key: karpenter.sh/capacity-type, operator: In, values: ["on-demand"] }]
`,
    });
    expect(p.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(p.nodePools.map((n) => n.name)).toEqual(['merged']);
    expect(p.objects.find((o) => o.name === 'merged')?.diff ?? '').not.toContain('<<');
  });

  test('a mistyped --at gives one line, not the usage', async () => {
    const r = await runCli(['validate', tempTree({ 'nc.yaml': NODECLASS }), '--at', '2026-13-45']);
    expect(r.exitCode).toBe(2);
    // One line, then where the help is (a usage error, as every other one: cli/run.ts usage).
    expect(r.stderr.trim().split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/--at "2026-13-45" is not an RFC 3339 time[^\n]*\nsee karpenter-plan validate --help\n$/);
  });
});

describe('bounded work: caps checked before the work, each an input-capped error naming the cap', () => {
  // One object past the default cap is enough to trip it (state-classify.ts compares the count with the cap); the
  // configured-cap test below covers a cap from the config.
  const PAST_OBJECTS = DEFAULT_CAPS.karpenterObjects + 1;
  const PAST_SCENARIOS = DEFAULT_CAPS.scenarios + 1;

  test(`${PAST_OBJECTS} NodePools (default cap + 1): the cap answers in seconds, without modelling the truncated state`, async () => {
    const pools = Array.from({ length: PAST_OBJECTS }, (_, i) => nodePool(`pool-${i}`)).join('---\n');
    const p = await validate({ 'nc.yaml': NODECLASS, 'p.yaml': pools });
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-capped', message: expect.stringContaining('caps.karpenterObjects') }),
    );
    expect(p.verdict).toBe('fail');
    expect(p.assumptions.some((a) => a.startsWith('Not modelled: a state reaches caps.karpenterObjects'))).toBe(true);
    // Before: the first 2,000 pools were simulated with a probe pod each (2,000 × 2,000), over 100 s; the test's
    // timeout is the hang guard.
  }, 120_000);

  test('a configured cap from the config: 30 NodePools past caps.karpenterObjects 10', async () => {
    const pools = Array.from({ length: 30 }, (_, i) => nodePool(`pool-${i}`)).join('---\n');
    const p = await validate({
      'nc.yaml': NODECLASS,
      'p.yaml': pools,
      '.karpenter-plan.yaml': 'caps: { karpenterObjects: 10 }\n',
    });
    expect(p.findings.filter((f) => f.rule === 'input-capped').map((f) => f.message)).toEqual([
      expect.stringContaining('more than 10 NodePool objects'),
    ]);
  });

  test(`${PAST_SCENARIOS} what-if scenarios (default cap + 1): only caps.scenarios are simulated, with an error`, async () => {
    const sc = (i: number) =>
      `  - name: s${i}\n    unavailable:\n      - - { key: karpenter.k8s.aws/instance-generation, operator: Gt, values: ["8"] }\n`;
    const dir = tempTree({
      'nc.yaml': NODECLASS,
      'p.yaml': nodePool('a'),
      '.karpenter-plan.yaml': `scenarios:\n${Array.from({ length: PAST_SCENARIOS }, (_, i) => sc(i)).join('')}`,
    });
    const { plan: p } = await run(['simulate', dir]);
    expect(p.scenarios).toHaveLength(DEFAULT_CAPS.scenarios);
    expect(p.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-capped',
        file: '.karpenter-plan.yaml',
        message: `${PAST_SCENARIOS} what-if scenarios: only the first ${DEFAULT_CAPS.scenarios} are simulated (caps.scenarios)`,
      }),
    );
  }, 120_000);
});

describe('caps on renders and Applications, from the config, checked before the work', () => {
  test('caps.renders: the third kustomization is not rendered, an input-capped error names the cap', async () => {
    const files: Record<string, string> = { 'nc.yaml': NODECLASS, '.karpenter-plan.yaml': 'caps: { renders: 2 }\n' };
    for (const k of ['a', 'b', 'c']) {
      files[`${k}/kustomization.yaml`] = 'resources: [pool.yaml]\n';
      files[`${k}/pool.yaml`] = nodePool(`pool-${k}`);
    }
    const p = await validate(files);
    const capped = p.findings.filter((f) => f.rule === 'input-capped');
    expect(capped).toEqual([
      expect.objectContaining({ file: 'c/kustomization.yaml', message: expect.stringContaining('(caps.renders)') }),
    ]);
    expect(p.verdict).toBe('fail');
  });

  test('caps.applications: Applications past the cap are not read, with an error naming the cap', async () => {
    const app = (i: number) =>
      `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: { name: app-${i}, namespace: argocd }\nspec:\n  project: default\n  destination: { server: https://kubernetes.default.svc, namespace: karpenter }\n  source: { repoURL: https://example.com/r.git, path: pools, targetRevision: HEAD }\n`;
    const p = await validate({
      'nc.yaml': NODECLASS,
      'pools/pool.yaml': nodePool('a'),
      'apps.yaml': Array.from({ length: 5 }, (_, i) => app(i)).join('---\n'),
      '.karpenter-plan.yaml': 'caps: { applications: 3 }\n',
    });
    expect(p.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-capped',
        file: 'apps.yaml',
        message: expect.stringContaining('more than 3 Argo CD Applications'),
      }),
    );
    expect(p.verdict).toBe('fail');
  });
});
