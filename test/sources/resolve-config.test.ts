/** One configuration path for the CLI and the action (src/sources/resolve-config.ts). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { readInputs } from '../../src/github/inputs.js';
import { InputError, resolveConfig } from '../../src/sources/resolve-config.js';
import { DirTree } from '../../src/sources/tree.js';

function stateWithConfig(config: string): DirTree {
  const dir = mkdtempSync(join(tmpdir(), 'kp-cfg-'));
  writeFileSync(join(dir, '.karpenter-plan.yaml'), config);
  return new DirTree(dir, dir);
}

test("fleet snapshots from flags and from action inputs are both added to the config file's", () => {
  const tree = stateWithConfig('fleet: [a.json]\n');
  const cli = resolveConfig(tree, '/', { fleet: ['b.json'] }).config;
  const action = resolveConfig(tree, '/', readInputs((n) => (n === 'fleet' ? 'b.json\n' : '')).overrides).config;
  expect(cli.fleet).toEqual(['a.json', 'b.json']);
  expect(action.fleet).toEqual(cli.fleet);
});

test("the config file's policy applies unless a flag or input sets it", () => {
  const tree = stateWithConfig('policy: { failOn: warning }\n');
  expect(resolveConfig(tree, '/', readInputs(() => '').overrides).config.policy.failOn).toBe('warning');
  expect(
    resolveConfig(tree, '/', readInputs((n) => (n === 'fail-on' ? 'never' : '')).overrides).config.policy.failOn,
  ).toBe('never');
});

test('malformed values are InputErrors naming the flag or input', () => {
  expect(() => readInputs((n) => (n === 'at' ? 'tomorrow' : ''))).toThrow(InputError);
  expect(() => readInputs((n) => (n === 'skip-no-diff' ? 'yes please' : ''))).toThrow(
    /input skip-no-diff must be true or false/,
  );
  expect(() => readInputs((n) => (n === 'pr-number' ? '7.5' : ''))).toThrow(/input pr-number must be a whole number/);
  expect(() => readInputs((n) => (n === 'mode' ? 'post' : ''))).toThrow(/mode: post needs plan-file/);
  expect(() => resolveConfig(stateWithConfig(''), '/', { configFile: 'missing.yaml' })).toThrow(
    /config file missing.yaml does not exist/,
  );
});

test('the CLI refuses --at 5 and a negative threshold with exit code 2', async () => {
  const at = await runCli(['validate', 'examples/generation-split/head', '--at', '5']);
  expect(at.exitCode).toBe(2);
  expect(at.stderr).toMatch(/--at "5" is not an RFC 3339 time/);
  const neg = await runCli(['validate', 'examples/generation-split/head', '--max-replaced-nodes=-1']);
  expect(neg.exitCode).toBe(2);
  expect(neg.stderr).toMatch(/--max-replaced-nodes must be a number from 0/);
});

// Found by the hostile fuzz run (seed 26 case 8125): a `---` and a second document in the configuration were read by
// nobody, so a `manifests:` entry that matches no file in it passed. One configuration is one document.
describe('a configuration of several YAML documents', () => {
  test('is an invalid configuration at the second document, never a pass', async () => {
    const { parseConfig, ConfigError } = await import('../../src/sources/config.js');
    const text = 'scenarios: []\n---\nmanifests: ["typo/*.yaml"]\n';
    expect(() => parseConfig('.karpenter-plan.yaml', text, [])).toThrow(ConfigError);
    expect(() => parseConfig('.karpenter-plan.yaml', text, [])).toThrow(
      '.karpenter-plan.yaml:3: the configuration holds 2 YAML documents',
    );
    // Empty documents around one mapping are still one configuration.
    expect(parseConfig('.karpenter-plan.yaml', '---\nscenarios: []\n---\n', []).scenarios).toEqual([]);
  });
});
