/** The help texts of the CLI and the options each command takes. */

export const USAGE = `Usage: karpenter-plan <command> [options]

Commands:
  diff       compare base and head: placements, drift, budgets, findings (the main job)
  simulate   model one state: where each workload lands, the simulated fleet
  validate   findings only (API validation and configuration rules)
  targets    the targets of base and head (kustomize overlays) and which the change affects, as JSON
  merge --targets FILE PLAN.json...
             combine per-target plans (diff --target KEY --json-out) into one report
  baseline   the current findings of a state by fingerprint (commit as .karpenter-plan-baseline.json)
  catalog refresh --region R [--out FILE]
             build an instance-type catalog from the AWS APIs (standard credential chain)

States:
  --base DIR --head DIR           two directories
  --base-ref REV --head-ref REV   two git revisions of the repository at --repo (default: cwd)
  --state DIR | --ref REV         the one state of simulate / validate (default: the current directory)
  -                               in place of DIR: read a multi-document YAML stream from standard input
                                  (e.g. kustomize build overlays/prod | karpenter-plan validate -); once per run
  --path SUBDIR                   with git revisions: only this folder of the repository is the state
  --target KEY                    plan one target (a kustomization folder, e.g. overlays/prod; '.' = the root)

Options:
  --config FILE      configuration (default: .karpenter-plan.yaml at the state's root)
  --format FORMAT    markdown | json | text | sarif (diff, merge: text on a terminal, else markdown; others: text)
  --out FILE         write the report to FILE instead of standard output
  --json-out FILE    also write the JSON plan to FILE
  --fleet FILE       a fleet snapshot (kubectl get nodeclaims,nodes -o json); repeatable
  --catalog FILE     an instance-type catalog from 'catalog refresh'
  --kubeconfig FILE  read the fleet from a live cluster (read-only; with --context NAME)
  --at TIME          the rollout start for budget schedules (RFC 3339, UTC; default: now)
  --fail-on LEVEL    error | warning | never (default: the config's policy.failOn, else error)
  --max-replaced-nodes N, --max-replaced-percent P
                     fail when more nodes (or more than P% of the fleet) are replaced or removed
  --debug            print the files read and the kinds ignored to standard error
  -h, --help         this help (karpenter-plan <command> --help, or karpenter-plan help <command>: that command's)
  -v, --version      the version

Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.
`;

export const EXIT = 'Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.\n';

/** `karpenter-plan <command> --help`. */
export const COMMAND_HELP: Record<string, string> = {
  diff: `Usage: karpenter-plan diff --base DIR --head DIR | --base-ref REV --head-ref REV [--repo DIR] [--path SUBDIR]
                           [--target KEY] [--fleet FILE]... [--at TIME] [--format markdown|json|text|sarif]
                           [--out FILE] [--json-out FILE] [--config FILE] [--fail-on LEVEL]

Compares base and head: where each workload lands and at what cost, which nodes drift and how fast the
budgets let them be replaced, and the findings this change introduces. Either side may be '-' (standard input).
With several targets (kustomize overlays), each is planned on its own; --target KEY plans one.
If the git revisions are missing, fetch them (actions/checkout with fetch-depth: 0).
${EXIT}`,
  simulate: `Usage: karpenter-plan simulate [DIR | - | --ref REV] [--target KEY] [--format text|json|markdown|sarif]

Models one state: where each workload (or probe pod) lands, the simulated fleet and its cost.
${EXIT}`,
  validate: `Usage: karpenter-plan validate [DIR | - | --ref REV] [--target KEY] [--format text|json|markdown|sarif]

Reports findings only: API validation (as the API server would refuse) and the configuration rules.
${EXIT}`,
  targets: `Usage: karpenter-plan targets --base DIR --head DIR | --base-ref REV --head-ref REV [--out FILE]

Lists the targets (each kustomization no other one uses) with whether the change affects each, and the findings of
the run itself, as JSON: '.affected' is the list a CI matrix fans out over.
`,
  merge: `Usage: karpenter-plan merge --targets FILE PLAN.json|DIR... [--format markdown|json|text|sarif] [--out FILE]

Combines the per-target plans of a fanned-out run (diff --target KEY --json-out FILE) with the target list into the
same plan and report one process makes. A folder stands for the .json files in it.
${EXIT}`,
  baseline: `Usage: karpenter-plan baseline [DIR | --ref REV] [--out FILE]

Writes every current finding of a state by fingerprint (rule, object, field). Commit it as
.karpenter-plan-baseline.json (or name it with 'baseline:' in the config): later runs suppress and count the
findings it records.
`,
  catalog: `Usage: karpenter-plan catalog refresh --region REGION [--out FILE]

Builds an instance-type catalog (types, offerings, on-demand and spot prices) for one region from the AWS APIs
(EC2 DescribeInstanceTypes, DescribeInstanceTypeOfferings, DescribeSpotPriceHistory; the Pricing API), with the
standard AWS credential chain, and writes it to FILE (default: catalog-REGION.json). Name the file in the config's
'catalog:' (or pass --catalog FILE) so plans use the region's own types and prices.
Exit codes: 0 = catalog written, 2 = it could not be built.
`,
};

/** Every option of the command line (node:util parseArgs); which command reads which is in COMMAND_OPTIONS. */
export const OPTIONS = {
  base: { type: 'string' },
  head: { type: 'string' },
  'base-ref': { type: 'string' },
  'head-ref': { type: 'string' },
  state: { type: 'string' },
  ref: { type: 'string' },
  repo: { type: 'string' },
  path: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  'json-out': { type: 'string' },
  fleet: { type: 'string', multiple: true },
  catalog: { type: 'string' },
  at: { type: 'string' },
  target: { type: 'string' },
  targets: { type: 'string' },
  'fail-on': { type: 'string' },
  'max-replaced-nodes': { type: 'string' },
  'max-replaced-percent': { type: 'string' },
  region: { type: 'string' },
  kubeconfig: { type: 'string' },
  context: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  debug: { type: 'boolean' },
} as const;

export type OptionName = keyof typeof OPTIONS;

const STATES: OptionName[] = [
  'repo',
  'path',
  'config',
  'fleet',
  'catalog',
  'kubeconfig',
  'context',
  'at',
  'fail-on',
  'max-replaced-nodes',
  'max-replaced-percent',
  'debug',
];
const REPORT: OptionName[] = ['format', 'out', 'json-out'];

/** The options each command reads (besides --help, --version); any other is a usage error with a did-you-mean. */
export const COMMAND_OPTIONS: Record<string, readonly OptionName[]> = {
  diff: ['base', 'head', 'base-ref', 'head-ref', 'target', ...STATES, ...REPORT],
  simulate: ['state', 'ref', 'head', 'head-ref', 'target', ...STATES, ...REPORT],
  validate: ['state', 'ref', 'head', 'head-ref', 'target', ...STATES, ...REPORT],
  targets: ['base', 'head', 'base-ref', 'head-ref', 'out', ...STATES],
  merge: ['targets', 'format', 'out', 'json-out', 'path', 'debug'],
  baseline: ['state', 'ref', 'target', 'out', ...STATES],
  catalog: ['region', 'out', 'debug'],
};

/** The commands, as `karpenter-plan <command>` takes them. */
export const COMMANDS = Object.keys(COMMAND_OPTIONS);

/** The line that follows a usage error: where that command's help is. */
export function seeHelp(command: string | undefined): string {
  return `see karpenter-plan ${command && Object.hasOwn(COMMAND_HELP, command) ? `${command} ` : ''}--help`;
}
