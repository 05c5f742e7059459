// eslint (typescript-eslint, recommended rules) over the sources, tests, scripts and bench;
// formatting is prettier's (`npm run format`), so eslint-config-prettier turns off the style rules.
//
// Two guardrails on src/ (docs/architecture.md), tested by test/project/lint-guardrails.test.ts:
// - Layers: a module imports only from its own layer and the layers below it (type-only imports of the sources'
//   types aside); the pure layers (the model, rules, plan and report) import no I/O module (files, processes, network)
//   and no I/O client (AWS, Kubernetes, GitHub), use no dynamic import(), no require and no `process`.
// - Budgets: complexity ≤ 25, ≤ 120 lines per function, ≤ 800 lines per file, errors in every folder of src/.
//   run/ (orchestration only): ≤ 60 lines per function, an error.
// - What-ifs: the rules never simulate a state again (`simulate`); they read the head simulation and re-schedule some
//   of its pods against its templates (src/provisioning/reschedule.ts).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** The layers of src/, bottom to top (docs/architecture.md); github and cli are the two entry points. */
const LAYERS = {
  common: 0,
  generated: 0,
  api: 1,
  scheduling: 2,
  cloudprovider: 3,
  provisioning: 4,
  disruption: 5,
  sources: 6,
  rules: 7,
  plan: 8,
  report: 9,
  run: 10,
  github: 11,
  cli: 11,
};

/** No I/O: the model, the rules, the plan and the report. */
const PURE = ['common', 'api', 'scheduling', 'cloudprovider', 'provisioning', 'disruption', 'rules', 'plan', 'report'];

const IO_MODULES = [
  'fs',
  'fs/promises',
  'child_process',
  'net',
  'http',
  'https',
  'http2',
  'os',
  'dgram',
  'tls',
  'module',
];

/** The longest function of run/, which only orders the steps of a run. */
const RUN_FUNCTION_LINES = 60;

const BUDGETS = (level) => ({
  complexity: [level, 25],
  'max-lines-per-function': [level, { max: 120 }],
  'max-lines': [level, { max: 800 }],
});

/** The import restrictions of one layer: higher layers (and the other entry point); for pure layers, I/O too. */
function layerRules(layer) {
  const rank = LAYERS[layer];
  const above = Object.keys(LAYERS).filter((l) => LAYERS[l] > rank || (LAYERS[l] === rank && l !== layer));
  const patterns = above.map((l) => ({
    regex: `^(\\.\\./)+${l}(/|$)`,
    // A pure layer may name the sources' types (a State, a Config), never call their functions.
    allowTypeImports: l === 'sources',
    message: `${layer} is below ${l} (docs/architecture.md): data flows one way.`,
  }));
  const rules = {};
  if (PURE.includes(layer)) {
    patterns.push(
      {
        group: ['@aws-sdk/*', '@kubernetes/*', '@octokit/*', '@actions/*'],
        message: `${layer} is pure: I/O clients belong to sources/, run/ and the entry points.`,
      },
      {
        regex: `^(node:)?(${IO_MODULES.join('|')})$`,
        message: `${layer} is pure: no files, processes or network.`,
      },
    );
    rules['no-restricted-syntax'] = [
      'error',
      { selector: 'ImportExpression', message: `${layer} is pure: no dynamic import().` },
    ];
    rules['no-restricted-globals'] = [
      'error',
      { name: 'process', message: `${layer} is pure: no process (environment, arguments, exit).` },
      { name: 'require', message: `${layer} is pure: no require.` },
    ];
  }
  if (layer === 'rules')
    patterns.push({
      regex: '^(\\.\\./)+provisioning/provisioner(\\.js)?$',
      importNames: ['simulate'],
      message:
        'rules read the head simulation (ctx.sim): a what-if re-schedules some of its pods with provisioning/reschedule.ts, it does not simulate the state again.',
    });
  rules['no-restricted-imports'] = 'off';
  rules['@typescript-eslint/no-restricted-imports'] = ['error', { patterns }];
  return { files: [`src/${layer}/**/*.ts`], rules };
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'coverage/', 'src/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  // Every folder, a new one included, is held to the budgets as errors: no folder carries a debt.
  { files: ['src/**/*.ts'], rules: BUDGETS('error') },
  // run/ only orchestrates (docs/architecture.md): its functions are short, the work is in the layers below.
  { files: ['src/run/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: RUN_FUNCTION_LINES }] } },
  ...Object.keys(LAYERS)
    .filter((l) => l !== 'generated')
    .map(layerRules),
);
