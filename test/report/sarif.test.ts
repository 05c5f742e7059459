/** SARIF for code scanning: repository-relative URIs, a category per target, docs for every rule, stable fingerprints. */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { renderSarif } from '../../src/report/sarif.js';
import { DOCUMENTED_RULES, RULE_DOCS_URL } from '../../src/report/rule-docs.js';
import { RULES } from '../../src/rules/index.js';
import { INPUT_RULE_IDS, MODEL_RULE_IDS } from '../../src/common/rule-ids.js';
import { sarifSchemaErrors } from '../support/sarif-schema.js';

interface SarifResult {
  ruleId: string;
  locations?: { physicalLocation?: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
  partialFingerprints?: Record<string, string>;
}
interface SarifRun {
  automationDetails: { id: string };
  tool: { driver: { rules: { id: string; helpUri?: string }[] } };
  results: SarifResult[];
}

/** A repository whose Karpenter configuration lives in clusters/prod: base and head of the generation-split example. */
function repoWithPath(): { repo: string; git: (...a: string[]) => string; base: string; head: string } {
  const repo = mkdtempSync(join(tmpdir(), 'kp-sarif-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      encoding: 'utf8',
    }).trim();
  const dir = join(repo, 'clusters', 'prod');
  git('init', '-q', '-b', 'main');
  cpSync('examples/generation-split/base', dir, { recursive: true });
  cpSync('examples/generation-split/head/.karpenter-plan.yaml', join(dir, '.karpenter-plan.yaml'));
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const base = git('rev-parse', 'HEAD');
  rmSync(join(dir, 'nodepools.yaml'));
  cpSync('examples/generation-split/head', dir, { recursive: true });
  git('add', '-A');
  git('commit', '-q', '-m', 'head');
  return { repo, git, base, head: git('rev-parse', 'HEAD') };
}

async function sarifOf(repo: string, base: string, head: string): Promise<{ runs: SarifRun[] }> {
  const r = await runCli(
    ['diff', '--base-ref', base, '--head-ref', head, '--path', 'clusters/prod', '--format', 'sarif'],
    repo,
  );
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

describe('SARIF of a run with --path', () => {
  const fixture = repoWithPath();
  afterAll(() => rmSync(fixture.repo, { recursive: true, force: true }));

  test('validates against the SARIF 2.1.0 schema, with repository-relative URIs and a category', async () => {
    const log = await sarifOf(fixture.repo, fixture.base, fixture.head);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    expect(run.automationDetails.id).toBe('karpenter-plan/');
    const uris = run.results
      .flatMap((r) => r.locations ?? [])
      .flatMap((l) => l.physicalLocation?.artifactLocation.uri ?? []);
    expect(uris.length).toBeGreaterThan(0);
    // Every URI names a file of the repository at the head revision (what upload-sarif attaches alerts to).
    const tracked = new Set(fixture.git('ls-tree', '-r', '--name-only', fixture.head).split('\n'));
    expect(uris.filter((u) => !tracked.has(decodeURIComponent(u)))).toEqual([]);
    expect(uris).toContain('clusters/prod/nodepools.yaml');
    for (const rule of run.tool.driver.rules) expect(rule.helpUri).toBe(`${RULE_DOCS_URL}${rule.id}.md`);
  });

  test('partial fingerprints are stable across runs and unrelated edits that move lines', async () => {
    const fps = (log: { runs: SarifRun[] }) =>
      log.runs[0].results.map((r) => r.partialFingerprints?.['karpenterPlan/v1']).sort();
    const lines = (log: { runs: SarifRun[] }) =>
      log.runs[0].results.map((r) => r.locations?.[0]?.physicalLocation?.region?.startLine ?? 0);
    const first = await sarifOf(fixture.repo, fixture.base, fixture.head);
    const again = await sarifOf(fixture.repo, fixture.base, fixture.head);
    expect(fps(again)).toEqual(fps(first));
    expect(fps(first).every((f) => typeof f === 'string')).toBe(true);
    // Three comment lines on top of every manifest of head: each finding moves down 3 lines, its fingerprint stays.
    const dir = join(fixture.repo, 'clusters', 'prod');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml') && !x.startsWith('.')))
      writeFileSync(join(dir, f), '# moved\n# down\n# three lines\n' + readFileSync(join(dir, f), 'utf8'));
    fixture.git('commit', '-q', '-am', 'comments');
    const moved = await sarifOf(fixture.repo, fixture.base, fixture.git('rev-parse', 'HEAD'));
    expect(fps(moved)).toEqual(fps(first));
    const withLine = (log: { runs: SarifRun[] }) => lines(log).filter((l) => l > 0);
    expect(withLine(moved)).toEqual(withLine(first).map((l) => l + 3));
  });
});

test('a directory inside a git work tree gets URIs relative to the repository root', async () => {
  const r = await runCli([
    'diff',
    '--base',
    'examples/generation-split/base',
    '--head',
    'examples/generation-split/head',
    '--format',
    'sarif',
  ]);
  const log = JSON.parse(r.stdout);
  expect(sarifSchemaErrors(log)).toEqual([]);
  const res = log.runs[0].results.find((x: SarifResult) => x.ruleId === 'expire-without-tgp');
  expect(res.locations[0].physicalLocation.artifactLocation.uri).toBe('examples/generation-split/head/nodepools.yaml');
});

test('a plan of several targets is one run per planned target, each with its category, plus the run itself', async () => {
  const r = await runCli([
    'diff',
    '--base',
    'examples/generation-split/base',
    '--head',
    'examples/generation-split/head',
    '--format',
    'json',
  ]);
  const plan = JSON.parse(r.stdout) as Plan;
  expect(plan.findings.length).toBeGreaterThan(0);
  const extra = { ...plan.findings[0], rule: 'invalid-config' as const, message: 'of the run itself', object: null };
  const multi: Plan = {
    ...plan,
    findings: [...plan.findings, extra],
    clusters: [
      {
        key: 'overlays/prod',
        source: 'kustomization overlays/prod',
        affected: true,
        plan: { ...plan, target: 'overlays/prod' },
      },
      { key: 'overlays/dev', source: 'kustomization overlays/dev', affected: false, plan: null },
    ],
  };
  const log = JSON.parse(renderSarif(multi, { root: 'deploy' }));
  expect(sarifSchemaErrors(log)).toEqual([]);
  expect(log.runs.map((x: SarifRun) => x.automationDetails.id)).toEqual([
    'karpenter-plan/overlays/prod/',
    'karpenter-plan/',
  ]);
  expect(log.runs[0].results).toHaveLength(plan.findings.length);
  expect(log.runs[1].results.map((x: SarifResult) => x.ruleId)).toEqual(['invalid-config']);
  // One target planned alone (`--target KEY`): its category.
  const one = JSON.parse(renderSarif({ ...plan, target: 'overlays/prod' }));
  expect(one.runs[0].automationDetails.id).toBe('karpenter-plan/overlays/prod/');
});

test('a finding on rendered output is attached to the file that starts the rendering, without a line', () => {
  const plan = {
    findings: [
      {
        rule: 'invalid-spec',
        severity: 'error',
        message: 'm',
        file: 'kustomize:overlays/prod',
        line: 12,
        object: 'NodePool/a',
      },
      {
        rule: 'invalid-spec',
        severity: 'error',
        message: 'm',
        file: 'helm:charts/pools',
        line: 3,
        object: 'NodePool/b',
      },
      {
        rule: 'invalid-spec',
        severity: 'error',
        message: 'm',
        file: 'helm:charts/gone',
        line: 3,
        object: 'NodePool/c',
      },
    ],
    inputs: {
      base: { files: [], ignoredKinds: {} },
      head: { files: ['overlays/prod/kustomization.yaml', 'charts/pools/Chart.yaml'], ignoredKinds: {} },
    },
  } as unknown as Plan;
  const log = JSON.parse(renderSarif(plan, { root: 'clusters/prod/' }));
  expect(sarifSchemaErrors(log)).toEqual([]);
  const locs = log.runs[0].results.map((x: SarifResult) => x.locations![0]);
  expect(locs[0].physicalLocation).toEqual({
    artifactLocation: { uri: 'clusters/prod/overlays/prod/kustomization.yaml' },
  });
  expect(locs[1].physicalLocation).toEqual({ artifactLocation: { uri: 'clusters/prod/charts/pools/Chart.yaml' } });
  expect(locs[2].physicalLocation).toBeUndefined();
  expect(locs[2].logicalLocations).toEqual([{ fullyQualifiedName: 'NodePool/c' }]);
});

// Every emitter's rule id is a RuleId (common/rule-ids.ts): the compiler checks the vocabulary is closed; these tests
// check that it matches the registry and that every id is documented.
test('the registry holds exactly one rule per model rule id', () => {
  const ids = RULES.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual([...MODEL_RULE_IDS].sort());
});

test('every finding id has a docs page, an index entry and a helpUri', () => {
  const ids = [...INPUT_RULE_IDS, ...MODEL_RULE_IDS];
  const index = readFileSync('docs/rules/README.md', 'utf8');
  expect(ids.filter((id) => !DOCUMENTED_RULES.has(id))).toEqual([]);
  expect(ids.filter((id) => !existsSync(`docs/rules/${id}.md`))).toEqual([]);
  expect(ids.filter((id) => !index.includes(`[${id}.md](${id}.md)`))).toEqual([]);
});
