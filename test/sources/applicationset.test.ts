/**
 * Argo CD ApplicationSets (issue 10): generators expanded as Argo CD's controller expands them, each generated
 * Application a target keyed `<name>@<destination>`. Expected Applications are derived from Argo CD's documented
 * generator semantics (https://argo-cd.readthedocs.io/en/stable/operator-manual/applicationset/Generators/), not from
 * this tool's output. The repository fixture renders with the real `kubectl kustomize`.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding } from '../../src/common/findings.js';
import {
  expandApplicationSet,
  goPathMatch,
  pathspecMatch,
  type ClusterEntry,
} from '../../src/sources/applicationset.js';
import { renderTemplate } from '../../src/sources/applicationset-template.js';
import { parseYamlDocuments } from '../../src/sources/yaml.js';
import { planOf, type PlanRun } from '../support/plan.js';

const FIXTURE = 'test/fixtures/argocd-repo';
const DEV = 'platform-nodepools-dev-eu@dev-eu';
const STAGING = 'platform-nodepools-staging-eu@staging-eu';
const PRODUCTION = 'platform-nodepools-production-eu@production-eu';

function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kp-argocd-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const plan = (args: string[]): Promise<PlanRun> => planOf(args);

describe('an ApplicationSet with git directories, list and clusters generators in a matrix', () => {
  // Generator semantics: git directories `karpenter/overlays/*` gives path.basename dev, production, staging; the list
  // adds team=platform to each; the clusters generator, templated with each of those (a matrix's second generator is),
  // selects the cluster whose env label is the basename. So three Applications, one per overlay and cluster.
  test('each generated Application is a target that renders its overlay', async () => {
    const { plan: p, exitCode } = await plan(['validate', FIXTURE]);
    expect(exitCode).toBe(0);
    expect(p.clusters?.map((c) => c.key)).toEqual([DEV, PRODUCTION, STAGING]);
    // The overlays are rendered by their Applications, not as targets of their own.
    expect(p.clusters?.map((c) => c.plan?.inputs.head.renderers)).toEqual([
      [
        expect.stringMatching(
          /kustomize(?: build)? karpenter\/overlays\/dev \(Application platform-nodepools-dev-eu\)$/,
        ),
      ],
      [expect.stringMatching(/karpenter\/overlays\/production \(Application platform-nodepools-production-eu\)$/)],
      [expect.stringMatching(/karpenter\/overlays\/staging \(Application platform-nodepools-staging-eu\)$/)],
    ]);
    expect(p.clusters?.[0].source).toBe(
      'Application platform-nodepools-dev-eu → dev-eu (ApplicationSet karpenter-nodepools)',
    );
    expect(p.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  test('a change to one overlay affects exactly its target', async () => {
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(
      join(head, 'karpenter/overlays/staging/limits.yaml'),
      readFileSync(join(base, 'karpenter/overlays/staging/limits.yaml'), 'utf8').replace('"200"', '"400"'),
    );
    const { plan: p } = await plan(['diff', '--base', base, '--head', head]);
    expect(p.clusters?.filter((c) => c.affected).map((c) => c.key)).toEqual([STAGING]);
    const staging = p.clusters!.find((c) => c.key === STAGING)!.plan!;
    expect(staging.nodePools[0]).toMatchObject({
      name: 'general',
      change: 'modified',
      changedFields: ['spec.limits.cpu'],
    });
  });

  test('a change to the base affects all three targets', async () => {
    const base = copyFixture();
    const head = copyFixture();
    const np = join(head, 'karpenter/base/nodepool.yaml');
    writeFileSync(np, readFileSync(np, 'utf8').replace('expireAfter: 720h', 'expireAfter: 360h'));
    const { plan: p } = await plan(['diff', '--base', base, '--head', head]);
    expect(p.clusters?.filter((c) => c.affected).map((c) => c.key)).toEqual([DEV, PRODUCTION, STAGING]);
  });

  test('an unrelated change affects no target, and the plan says nothing changed', async () => {
    const base = copyFixture();
    const head = copyFixture();
    writeFileSync(join(head, 'README.md'), 'Changed prose.\n');
    // A field of the template that decides nothing rendered (a label) changes no plan either.
    const appset = join(head, 'appsets/karpenter.yaml');
    writeFileSync(appset, readFileSync(appset, 'utf8').replace("team: '{{ .team }}'", "team: 'platform-team'"));
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    expect(exitCode).toBe(0);
    expect(p.clusters?.filter((c) => c.affected)).toEqual([]);
    expect(p.changed).toBe(false);
  });

  test('--target plans one generated Application', async () => {
    const { plan: p } = await plan(['validate', FIXTURE, '--target', STAGING]);
    expect(p.clusters).toBeUndefined();
    expect(p.target).toBe(STAGING);
    expect(p.inputs.head.renderers).toEqual([expect.stringMatching(/karpenter\/overlays\/staging/)]);
  });
});

describe('never a pass over an ApplicationSet that was not evaluated', () => {
  test('a change to an ApplicationSet with an unsupported generator fails the check, even when the finding is old', async () => {
    const base = copyFixture();
    const head = copyFixture();
    const withPullRequests = (dir: string, label: string): void => {
      const f = join(dir, 'appsets/karpenter.yaml');
      const text = readFileSync(f, 'utf8')
        .replace(
          '  generators:\n',
          '  generators:\n    - pullRequest:\n        github: { owner: example, repo: platform }\n',
        )
        .replace("team: '{{ .team }}'", `team: '${label}'`);
      writeFileSync(f, text);
    };
    withPullRequests(base, 'a');
    withPullRequests(head, 'b');
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    expect(exitCode).toBe(1);
    expect(p.verdict).toBe('fail');
    const onFile = p.findings.filter((f) => f.rule === 'input-not-evaluated' && f.file === 'appsets/karpenter.yaml');
    expect(onFile.map((f) => f.line)).toContain(null);
  });
});

// ---- generators, one at a time ----

const CLUSTERS: ClusterEntry[] = [
  { name: 'prod-us', server: 'https://prod-us.example.com', labels: { env: 'prod', region: 'us' }, annotations: {} },
  { name: 'dev', server: 'https://dev.example.com', labels: { env: 'dev' }, annotations: {} },
];

function expand(
  yaml: string,
  files: Record<string, string> = {},
  clusters = CLUSTERS,
  thisRepo: (url: string) => boolean = () => true,
) {
  const findings: Finding[] = [];
  const [doc] = parseYamlDocuments('appset.yaml', yaml, findings);
  const r = expandApplicationSet(
    doc.value,
    doc.source,
    {
      files: Object.keys(files).sort(),
      read: (f) => files[f] ?? null,
      clusters,
      isThisRepository: thisRepo,
    },
    findings,
  );
  const apps = r.applications.map((a) => {
    const spec = a.value.spec as { source: { path: string }; destination: { server?: string; name?: string } };
    return {
      name: (a.value.metadata as { name: string }).name,
      path: spec.source.path,
      dest: spec.destination.server ?? spec.destination.name,
    };
  });
  return { apps, findings, complete: r.complete, read: r.read };
}

const appSet = (spec: string, template = TEMPLATE) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: { name: pools, namespace: argocd }\nspec:\n${spec}\n${template}`;
const TEMPLATE = `  template:
    metadata: { name: '{{name}}-pools' }
    spec:
      source: { repoURL: https://example.com/repo.git, path: 'pools/{{name}}' }
      destination: { server: '{{server}}' }`;

describe('generators', () => {
  test('list (default syntax): each element is one Application; values add values.<key>', () => {
    const { apps } = expand(
      appSet(
        `  generators:
    - list:
        elements:
          - { name: a, server: https://a, values: { tier: gold } }
          - { name: b, server: https://b }`,
        `  template:
    metadata: { name: '{{name}}-{{values.tier}}' }
    spec:
      source: { path: 'pools/{{ name }}' }
      destination: { server: '{{server}}' }`,
      ),
    );
    // fasttemplate leaves a tag that names no parameter as written: b has no values.tier.
    expect(apps).toEqual([
      { name: 'a-gold', path: 'pools/a', dest: 'https://a' },
      { name: 'b-{{values.tier}}', path: 'pools/b', dest: 'https://b' },
    ]);
  });

  test('list without goTemplate refuses a value that is not a string, at its line', () => {
    const { apps, findings, complete } = expand(
      appSet(`  generators:
    - list:
        elements:
          - { name: a, server: https://a, replicas: 3 }`),
    );
    expect(apps).toEqual([]);
    expect(complete).toBe(false);
    expect(findings).toEqual([expect.objectContaining({ rule: 'input-not-evaluated', severity: 'error', line: 8 })]);
  });

  test('clusters: without a selector every listed cluster and then in-cluster; with one, only matches', () => {
    const all = expand(appSet(`  generators:\n    - clusters: {}`)).apps;
    // Sorted by name here (Argo CD lists secrets in no fixed order); the local cluster last (cluster.go).
    expect(all.map((a) => [a.name, a.dest])).toEqual([
      ['dev-pools', 'https://dev.example.com'],
      ['prod-us-pools', 'https://prod-us.example.com'],
      ['in-cluster-pools', 'https://kubernetes.default.svc'],
    ]);
    const prod = expand(
      appSet(`  generators:
    - clusters:
        selector:
          matchExpressions: [{ key: env, operator: In, values: [prod] }]`),
    ).apps;
    expect(prod.map((a) => a.name)).toEqual(['prod-us-pools']);
  });

  test('clusters (goTemplate): metadata.labels with index, values templated per cluster', () => {
    const { apps } = expand(
      appSet(
        `  goTemplate: true
  generators:
    - clusters:
        selector: { matchLabels: { env: prod } }
        values: { overlay: 'overlays/{{ index .metadata.labels "region" }}' }`,
        `  template:
    metadata: { name: '{{ .nameNormalized }}' }
    spec:
      source: { path: '{{ .values.overlay }}' }
      destination: { name: '{{ .name }}' }`,
      ),
    );
    expect(apps).toEqual([{ name: 'prod-us', path: 'overlays/us', dest: 'prod-us' }]);
  });

  test('git files: each file (or each object of a list) is a parameter set, flattened for the default syntax', () => {
    const files = {
      'clusters/eu/config.json': '{"cluster": {"name": "eu", "address": "https://eu"}}',
      'clusters/us/config.json':
        '[{"cluster": {"name": "us-1", "address": "https://us1"}}, {"cluster": {"name": "us-2", "address": "https://us2"}}]',
      'clusters/us/other.json': '{}',
    };
    const { apps, read } = expand(
      appSet(
        `  generators:
    - git:
        repoURL: https://example.com/repo.git
        revision: HEAD
        files: [{ path: 'clusters/*/config.json' }]`,
        `  template:
    metadata: { name: '{{cluster.name}}' }
    spec:
      source: { path: '{{path}}/{{path.basename}}/{{path[1]}}' }
      destination: { server: '{{cluster.address}}' }`,
      ),
      files,
    );
    expect(apps).toEqual([
      { name: 'eu', path: 'clusters/eu/eu/eu', dest: 'https://eu' },
      { name: 'us-1', path: 'clusters/us/us/us', dest: 'https://us1' },
      { name: 'us-2', path: 'clusters/us/us/us', dest: 'https://us2' },
    ]);
    expect(read).toEqual(['clusters/eu/config.json', 'clusters/us/config.json']);
  });

  test('git directories: path.Match per folder, hidden folders skipped, exclude wins', () => {
    const files = {
      'apps/a/x.yaml': '',
      'apps/b/x.yaml': '',
      'apps/b/deeper/x.yaml': '',
      'apps/.hidden/x.yaml': '',
      'apps/excluded/x.yaml': '',
    };
    const { apps } = expand(
      appSet(
        `  generators:
    - git:
        repoURL: https://example.com/repo.git
        directories: [{ path: 'apps/*' }, { path: apps/excluded, exclude: true }]`,
        `  template:
    metadata: { name: '{{path.basename}}' }
    spec:
      source: { path: '{{path}}' }
      destination: { name: in-cluster }`,
      ),
      files,
    );
    expect(apps.map((a) => a.path)).toEqual(['apps/a', 'apps/b']);
  });

  test('a git generator of another repository is not evaluated; the other generators still are', () => {
    const { apps, findings } = expand(
      appSet(`  generators:
    - git:
        repoURL: https://example.com/other.git
        directories: [{ path: '*' }]
    - list: { elements: [{ name: a, server: https://a }] }`),
      { 'x/y.yaml': '' },
      CLUSTERS,
      (url) => url === 'https://example.com/repo.git',
    );
    expect(apps.map((a) => a.name)).toEqual(['a-pools']);
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'input-not-evaluated', line: 7, object: 'ApplicationSet/pools' }),
    ]);
  });

  test('merge: later generators override the base parameter sets of the same merge key', () => {
    const { apps } = expand(
      appSet(`  generators:
    - merge:
        mergeKeys: [name]
        generators:
          - clusters: {}
          - list: { elements: [{ name: dev, server: https://dev-override }] }`),
    );
    expect(apps.map((a) => [a.name, a.dest]).sort()).toEqual([
      ['dev-pools', 'https://dev-override'],
      ['in-cluster-pools', 'https://kubernetes.default.svc'],
      ['prod-us-pools', 'https://prod-us.example.com'],
    ]);
  });

  test('unsupported generators are input-not-evaluated at the generator line; the rest is evaluated', () => {
    const { apps, findings } = expand(
      appSet(`  generators:
    - pullRequest:
        github: { owner: o, repo: r }
    - list: { elements: [{ name: a, server: https://a }] }
    - plugin: { configMapRef: { name: p } }`),
    );
    expect(apps.map((a) => a.name)).toEqual(['a-pools']);
    expect(findings.map((f) => [f.rule, f.line])).toEqual([
      ['input-not-evaluated', 6],
      ['input-not-evaluated', 9],
    ]);
  });

  test('a template function outside the subset is not guessed: decisive fields drop the Application', () => {
    const { apps, findings } = expand(
      appSet(
        `  goTemplate: true
  generators:
    - list: { elements: [{ name: a, server: https://a }] }`,
        `  template:
    metadata:
      name: '{{ .name }}'
      annotations: { checksum: '{{ sha256sum .name }}' }
    spec:
      source: { path: '{{ .name | b64enc }}' }
      destination: { server: '{{ .server }}' }`,
      ),
    );
    expect(apps).toEqual([]);
    // Only the source path is reported: the annotation decides nothing karpenter-plan reads.
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'input-not-evaluated', line: 13, message: expect.stringMatching(/b64enc/) }),
    ]);
  });
});

describe('templates', () => {
  const go = { goTemplate: true, missingKeyError: false };
  const params = {
    name: 'Prod EU',
    path: { path: 'clusters/prod', basename: 'prod', segments: ['clusters', 'prod'] },
    metadata: { labels: { env: 'prod' } },
    big: 1000000,
  };
  test.each([
    ['{{ .path.basename }}', 'prod'],
    ['{{ index .metadata.labels "env" }}', 'prod'],
    ['{{ index .path.segments 1 }}', 'prod'],
    ['{{ .name | normalize }}', 'prod-eu'],
    ['{{ .name | lower | replace " " "-" }}', 'prod-eu'],
    ['{{ default "none" .missing }}', 'none'],
    // Go prints a missing map key as <no value> unless missingkey=error; a float64 of 1e6 with %v is 1e+06.
    ['{{ .missing }}', '<no value>'],
    ['{{ .big }}', '1e+06'],
    ['a {{- " b " -}} c', 'a b c'],
    ['{{ printf "%s/%s" .path.path "values.yaml" }}', 'clusters/prod/values.yaml'],
    ['{{ $.path.basename }}', 'prod'],
  ])('goTemplate %s → %s', (t, want) => {
    expect(renderTemplate(t, params, go)).toEqual({ ok: true, text: want });
  });

  test.each(['{{ if .name }}x{{ end }}', '{{ $x := .name }}', '{{ sha256sum .name }}'])('%s is unsupported', (t) => {
    expect(renderTemplate(t, params, go)).toMatchObject({ ok: false, unsupported: true });
  });

  test('input from a pull request cannot overflow the stack or stall the expansion', () => {
    const deep = `{{ ${'('.repeat(100_000)}.name${')'.repeat(100_000)} }}`;
    expect(renderTemplate(deep, params, go)).toMatchObject({ ok: false });
    const many = Array.from({ length: 200 }, (_, i) => `{ name: n${i}, server: https://s${i} }`).join(', ');
    const t = Date.now();
    const { apps, findings } = expand(
      appSet(`  generators:
    - matrix:
        generators:
          - list: { elements: [${many}] }
          - matrix:
              generators:
                - list: { elements: [${many.replace(/name/g, 'a')}] }
                - list: { elements: [${many.replace(/name/g, 'b').replace(/server/g, 'c')}] }`),
    );
    // 200 × 200 × 200 parameter sets: past the cap, reported, never 8 million Applications.
    expect(apps).toEqual([]);
    expect(findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        message: expect.stringMatching(/more than 10000 parameter sets/),
      }),
    );
    expect(Date.now() - t).toBeLessThan(10_000);
  });

  test('missingkey=error refuses a missing key', () => {
    expect(renderTemplate('{{ .missing }}', params, { goTemplate: true, missingKeyError: true })).toMatchObject({
      ok: false,
      unsupported: false,
    });
  });

  test('patterns: path.Match never crosses /, git pathspecs do; a pathological pattern stays fast', () => {
    expect(goPathMatch('apps/*', 'apps/a')).toBe(true);
    expect(goPathMatch('apps/*', 'apps/a/b')).toBe(false);
    expect(pathspecMatch('apps/*/config.json', 'apps/a/b/config.json')).toBe(true);
    expect(pathspecMatch('apps', 'apps/a/config.json')).toBe(true);
    // A backtracking matcher would not end on this pattern: the test's timeout is the hang guard.
    expect(goPathMatch(`${'*a'.repeat(40)}b`, 'a'.repeat(4000))).toBe(false);
  }, 30_000);
});
