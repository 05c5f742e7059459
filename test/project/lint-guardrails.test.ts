/**
 * The guardrails of `npm run lint` (eslint.config.js) guard: each violation below is injected into a copy of a real
 * module of src/ (linted in memory under that module's path, with the project's eslint configuration) and must make
 * lint fail with the rule that forbids it; the untouched copy, and the forms the rules allow, must pass.
 */
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';

const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });

/** A pure module of each layer to copy (small ones: lint time grows with the text). */
const HOST: Record<string, string> = {
  common: 'src/common/errors.ts',
  api: 'src/api/labels.ts',
  scheduling: 'src/scheduling/taints.ts',
  cloudprovider: 'src/cloudprovider/offering-key.ts',
  provisioning: 'src/provisioning/reservation.ts',
  disruption: 'src/disruption/fleet.ts',
  rules: 'src/rules/helpers.ts',
  plan: 'src/plan/plan-document.ts',
  report: 'src/report/text.ts',
  sources: 'src/sources/yaml.ts',
};

async function lintWith(layer: string, injected: string): Promise<{ errors: number; rules: string[] }> {
  const path = HOST[layer];
  const text = `${readFileSync(path, 'utf8')}\n${injected}\n`;
  const [r] = await eslint.lintText(text, { filePath: path });
  const errors = r.messages.filter((m) => m.severity === 2);
  return { errors: errors.length, rules: [...new Set(errors.map((m) => m.ruleId ?? 'parse'))] };
}

const IMPORTS = '@typescript-eslint/no-restricted-imports';

const VIOLATIONS: [string, string, string, string][] = [
  ['files in the model', 'provisioning', "import { readFileSync } from 'node:fs';\nreadFileSync('x');", IMPORTS],
  ['files without the node: prefix', 'rules', "import { readFileSync } from 'fs';\nreadFileSync('x');", IMPORTS],
  ['fs/promises', 'scheduling', "import { readFile } from 'node:fs/promises';\nvoid readFile;", IMPORTS],
  ['processes in the plan', 'plan', "import { execFileSync } from 'node:child_process';\nvoid execFileSync;", IMPORTS],
  ['the network in the report', 'report', "import http from 'node:http';\nvoid http;", IMPORTS],
  ['sockets', 'common', "import net from 'net';\nvoid net;", IMPORTS],
  ['https', 'api', "import https from 'https';\nvoid https;", IMPORTS],
  [
    'the AWS SDK in the cloud provider model',
    'cloudprovider',
    "import { EC2Client } from '@aws-sdk/client-ec2';\nvoid EC2Client;",
    IMPORTS,
  ],
  [
    'the Kubernetes client in disruption',
    'disruption',
    "import * as k8s from '@kubernetes/client-node';\nvoid k8s;",
    IMPORTS,
  ],
  ['the GitHub client in the report', 'report', "import { Octokit } from '@octokit/rest';\nvoid Octokit;", IMPORTS],
  [
    'a require of its own (node:module)',
    'rules',
    "import { createRequire } from 'node:module';\nvoid createRequire;",
    IMPORTS,
  ],
  [
    'a dynamic import',
    'provisioning',
    "export async function load() {\n  return import('./topology.js');\n}",
    'no-restricted-syntax',
  ],
  [
    'a dynamic import of a computed name',
    'rules',
    'export async function load(m: string) {\n  return import(m);\n}',
    'no-restricted-syntax',
  ],
  ['a re-export of I/O', 'api', "export * from 'node:fs';", IMPORTS],
  ['a named re-export of I/O', 'scheduling', "export { readFileSync } from 'node:fs';", IMPORTS],
  ['process.env', 'scheduling', 'export const home = process.env.HOME;', 'no-restricted-globals'],
  ['process destructured', 'plan', 'const { env } = process;\nexport const home = env.HOME;', 'no-restricted-globals'],
  ['require', 'report', "export const fs = require('node:fs');", 'no-restricted-globals'],
  [
    'a function of the sources in the model',
    'provisioning',
    "import { loadState } from '../sources/state.js';\nvoid loadState;",
    IMPORTS,
  ],
  ['a re-export from a layer above', 'plan', "export { renderText } from '../report/text.js';", IMPORTS],
  ['run/ from the report', 'report', "import { executePlan } from '../run/execute.js';\nvoid executePlan;", IMPORTS],
  [
    'a type of a layer above (not the sources)',
    'api',
    "import type { Plan } from '../plan/contract.js';\nexport type P = Plan;",
    IMPORTS,
  ],
  [
    'the provisioning model from the scheduling primitives',
    'scheduling',
    "export { simulate } from '../provisioning/provisioner.js';",
    IMPORTS,
  ],
  // The rules' what-ifs re-schedule some of the head simulation's pods (provisioning/reschedule.ts), never the state.
  [
    'a simulation of the whole state in a rule',
    'rules',
    "import { simulate } from '../provisioning/provisioner.js';\nvoid simulate;",
    IMPORTS,
  ],
  [
    'simulate renamed, without the extension',
    'rules',
    "import { simulate as run } from '../provisioning/provisioner';\nvoid run;",
    IMPORTS,
  ],
  [
    'the simulation module as a namespace',
    'rules',
    "import * as p from '../provisioning/provisioner.js';\nvoid p;",
    IMPORTS,
  ],
  [
    'a re-export of simulate from the rules',
    'rules',
    "export { simulate } from '../provisioning/provisioner.js';",
    IMPORTS,
  ],
];

test.each(VIOLATIONS)('lint fails on %s (%s)', async (_what, layer, code, rule) => {
  const r = await lintWith(layer, code);
  expect(r.rules).toContain(rule);
});

test('the untouched copies, and what the layers allow, pass', async () => {
  for (const layer of Object.keys(HOST)) expect(await lintWith(layer, '')).toEqual({ errors: 0, rules: [] });
  // The sources' types may be named below them; lower layers may be imported; a type position import() is no import.
  expect(
    await lintWith(
      'provisioning',
      [
        "import type { State } from '../sources/state.js';",
        "import { untolerated } from '../scheduling/taints.js';",
        "export type S = State | import('../common/findings.js').SourceRef;",
        'export const u = untolerated;',
      ].join('\n'),
    ),
  ).toEqual({ errors: 0, rules: [] });
  // A rule may name the simulation's types and its other functions, and re-schedule pods.
  expect(
    await lintWith(
      'rules',
      [
        "import type { SimulationResult } from '../provisioning/provisioner.js';",
        "import { workloadKey } from '../provisioning/provisioner.js';",
        "import { reschedule } from '../provisioning/reschedule.js';",
        'export type R = SimulationResult;',
        'export const k = [workloadKey, reschedule];',
      ].join('\n'),
    ),
  ).toEqual({ errors: 0, rules: [] });
  // The sources read files and may import from any layer below.
  expect(await lintWith('sources', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;")).toEqual({
    errors: 0,
    rules: [],
  });
});

/** A function of complexity 26 (25 `if`s). */
const COMPLEX = `export function tangled(x: number): number {\n${Array.from({ length: 25 }, (_, i) => `  if (x === ${i}) return ${i};`).join('\n')}\n  return -1;\n}`;
const LONG = `export function long(): number {\n  let x = 0;\n${'  x++;\n'.repeat(120)}  return x;\n}`;

test('the budgets are errors in every folder: complexity 25, 120 lines per function, 800 per file', async () => {
  expect((await lintWith('provisioning', COMPLEX)).rules).toEqual(['complexity']);
  expect((await lintWith('cloudprovider', LONG)).rules).toEqual(['max-lines-per-function']);
  expect((await lintWith('scheduling', '// filler\n'.repeat(800))).rules).toEqual(['max-lines']);
});

test('run/ only orchestrates: a function over 60 lines is an error there', async () => {
  const long = (n: number) =>
    `export function long(): number {\n  let x = 0;\n${'  x++;\n'.repeat(n - 4)}  return x;\n}`;
  const lint = async (fn: string) => {
    const path = 'src/run/output.ts';
    const [r] = await eslint.lintText(`${readFileSync(path, 'utf8')}\n${fn}\n`, { filePath: path });
    return r.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
  };
  expect(await lint(long(61))).toEqual(['max-lines-per-function']);
  expect(await lint(long(60))).toEqual([]);
});

test('the budgets hold in sources/ and in a folder that does not exist yet', async () => {
  const [r] = await eslint.lintText(`${readFileSync(HOST.sources, 'utf8')}\n${COMPLEX}\n`, { filePath: HOST.sources });
  expect(r.messages.filter((m) => m.ruleId === 'complexity').map((m) => m.severity)).toEqual([2]);
  const [n] = await eslint.lintText(COMPLEX, { filePath: 'src/newfolder/tangled.ts' });
  expect(n.messages.filter((m) => m.ruleId === 'complexity').map((m) => m.severity)).toEqual([2]);
});
