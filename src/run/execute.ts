/**
 * One run: load the states, run the model on each, build the plan. Shared by the CLI and the
 * action (the two thin entry points).
 */
import type { Finding } from '../common/findings.js';
import type { Config } from '../sources/config.js';
import { emptyState, loadState, type LoadOptions, type State } from '../sources/state.js';
import type { FileTree } from '../sources/tree.js';
import { SharedYamlReads } from '../sources/yaml.js';
import type { Plan } from '../plan/contract.js';
import { fleetFilesIn } from '../sources/fleet.js';
import {
  discoverTargets,
  filesOfOtherTargets,
  filesOfTarget,
  hasOwnInputs,
  missingPath,
  targetFindings,
  PLAIN_KEY,
  targetInputs,
  unplannedSources,
} from '../sources/targets.js';
import { changedFiles, notEvaluated } from '../sources/coverage.js';
import { prepareTerraform } from '../sources/terraform-eval.js';
import { renderTargetsAhead } from '../sources/render-ahead.js';
import { combineTargets, stateFingerprint, type TargetList, type TargetOutcome } from '../plan/targets.js';
import { isPlainTargetKey } from '../sources/resolve-config.js';
import { nearest } from '../common/distance.js';
import { timeIsUp } from '../common/deadline.js';
import type { ExecuteInput } from './input.js';
import { planStates } from './plan-states.js';
import { assumption, type Assumption, type FleetDescription } from '../common/assumptions.js';
import { withAssumptions } from '../plan/assumptions.js';
import { fleetWords } from '../common/assumption-wording.js';

export type { ExecuteInput } from './input.js';

/**
 * A run that cannot give a verdict (exit 2 on the command line, a failed action): nothing to plan, a `--path` or
 * `--target` that exists in neither revision, a fleet given for several targets. Branch on `code`, not the message.
 */
export class RunInputError extends Error {
  constructor(
    readonly code: 'nothing-to-plan' | 'unknown-path' | 'unknown-target' | 'fleet-without-target',
    message: string,
  ) {
    super(message);
  }
}

export class UnknownTargetError extends RunInputError {
  constructor(message: string) {
    super('unknown-target', message);
  }
}

function targetKeys(input: ExecuteInput): string[] {
  const keys = [...new Set([...targetsOf(input.head, input), ...(input.base ? targetsOf(input.base, input) : [])])];
  // Beside one target, the loose plain manifests are that cluster's: they are read with it, as one state.
  if (keys.length === 2 && keys.includes(PLAIN_KEY)) return keys.filter((k) => k !== PLAIN_KEY);
  return keys.sort();
}

const targetsOf = (tree: FileTree, input: ExecuteInput): string[] =>
  discoverTargets(tree, input.config).map((t) => t.key);

/** How a target is named in reports and on the command line ('.' for a kustomization at the root). */
const displayKey = (key: string): string => key || '.';

/** The run's start time, fixed once so every target's rollout starts at the same instant. */
function withStartTime(input: ExecuteInput): ExecuteInput {
  if (input.config.assumptions.at) return input;
  const at = new Date().toISOString();
  return { ...input, config: { ...input.config, assumptions: { ...input.config.assumptions, at } } };
}

/** The targets past `caps.targets`, and the input-capped error that names the cap (checked before any is loaded). */
function capTargets(input: ExecuteInput, keys: string[]): { kept: string[]; findings: Finding[] } {
  const cap = input.config.caps.targets;
  if (keys.length <= cap) return { kept: keys, findings: [] };
  return {
    kept: keys.slice(0, cap),
    findings: [notPlanned(keys.slice(cap), `the run has more than caps.targets (${cap}) targets`)],
  };
}

/** An input-capped error naming the targets a cap left unplanned. */
function notPlanned(keys: readonly string[], why: string): Finding {
  const names = keys.slice(0, 10).map(displayKey).join(', ');
  return {
    rule: 'input-capped',
    severity: 'error',
    file: null,
    line: null,
    object: null,
    message: `${keys.length} target(s) were not planned: ${why} (${names}${keys.length > 10 ? ', …' : ''}); plan them with --target KEY, or raise the cap in the base revision's configuration.`,
  };
}

/**
 * Whether the run's time budget (`caps.runSeconds`) has run out: checked between targets here, and within a target
 * before each render (sources/state.ts) and between the stages of its plan (run/plan-states.ts).
 */
function outOfTime(input: ExecuteInput): boolean {
  return timeIsUp(input.deadline);
}

/** One run: the Terraform prepared, the targets found, then one target, the plain states, or every target. */
export async function executePlan(runInput: ExecuteInput): Promise<Plan> {
  const now = runInput.clock ?? Date.now;
  const startedMs = runInput.startedAtMs ?? now();
  const seconds = runInput.config.caps.runSeconds;
  const input = { ...withStartTime(runInput), deadline: { atMs: startedMs + seconds * 1000, seconds, now } };
  // Terraform modules that render Karpenter templates are evaluated first (the HCL parser is asynchronous).
  for (const tree of [input.head, input.base]) if (tree) await prepareTerraform(tree);
  checkPath(input);
  const keys = targetKeys(input);
  // One target: the one asked for, or the only one when it has inputs of its own (a cluster, a chart environment).
  const one = input.target ?? (keys.length === 1 && hasOwnInputs(input.config, keys[0]) ? keys[0] : undefined);
  if (one !== undefined) return planOneTarget(input, keys, one);
  if (keys.length <= 1) return planStatesOfRun(input, keys);
  return planEveryTarget(input, keys);
}

/** The plan of one target (`--target KEY`, or the only one with inputs of its own). */
async function planOneTarget(input: ExecuteInput, keys: string[], one: string): Promise<Plan> {
  if (!keys.includes(one)) {
    const near = nearest(one, keys).map(displayKey);
    throw new UnknownTargetError(
      `target "${displayKey(one)}" is not a kustomization of base or head, an Argo CD Application's name@destination, a cluster of the config's clusters: with inputs of its own, nor a chart's folder+environment${near.length ? ` — did you mean ${near.join(' or ')}?` : ''} (targets: ${keys.map(displayKey).join(', ') || 'none'})`,
    );
  }
  // Base's and head's renderings of the target at once (sources/render-ahead.ts).
  await renderTargetsAhead([input.head, input.base], input.config, [one], { deadline: input.deadline });
  const states = loadStates(input, {}, one, keys);
  states.head.findings.push(...coverage(input, [states], otherTargetsFiles(input, one)));
  checkSomethingToPlan(input, [states]);
  return withNote(
    { ...(await planStates({ ...input, config: states.config }, states)), target: displayKey(one) },
    unplannedNote(input, keys.length > 1),
  );
}

/**
 * The plan of the states as they are (no target, or one without inputs of its own). Application kustomizations beside
 * the target are not rendered into it: only the target (or, without one, the plain manifests) is the cluster.
 */
async function planStatesOfRun(input: ExecuteInput, keys: string[]): Promise<Plan> {
  const note = unplannedNote(input, false);
  const states = loadStates(input, {}, note === null ? undefined : (keys[0] ?? null), keys);
  states.head.findings.push(...coverage(input, [states], new Set()));
  checkSomethingToPlan(input, [states]);
  return withNote(await planStates(input, states), note);
}

/**
 * Several targets (e.g. kustomize overlays per environment): each is planned on its own, within caps.targets and the
 * run's time budget (caps.runSeconds): what they leave out is an input-capped error, never a silent pass. The plans
 * are combined (plan/targets.ts combineTargets).
 */
async function planEveryTarget(input: ExecuteInput, keys: string[]): Promise<Plan> {
  const capped = capTargets(input, keys);
  // The targets' kustomizations rendered at once, before each target is read in turn (sources/render-ahead.ts).
  await renderTargetsAhead([input.head, input.base], input.config, capped.kept, { deadline: input.deadline });
  const run = loadTargets(input, {}, capped.kept, keys);
  const loadedStates = run.loaded.map((l) => l.states);
  const runFindings = [...capped.findings, ...coverage(input, loadedStates, new Set())];
  checkSomethingToPlan(input, loadedStates, runFindings);
  const changed = changedSet(input);
  const affected = new Set(run.loaded.filter((l) => isAffected(input, l.key, l.states, changed)).map((l) => l.key));
  const fleetTarget = fleetTargetOf(input, keys, affected);
  const targets = await planTargets(input, run, affected, fleetTarget);
  // The targets out of time: those not planned, and those not even read.
  if (targets.length < run.loaded.length || run.unloaded.length)
    runFindings.push(
      notPlanned(
        [...run.unloaded, ...run.loaded.slice(targets.length).map((l) => l.key)],
        `the run's time budget, caps.runSeconds (${input.config.caps.runSeconds} s), ran out`,
      ),
    );
  return combineTargets(targets, {
    kind: input.base ? 'diff' : 'state',
    base: input.base ? treeRef(input.base) : { label: '(none)', sha: null, committedAt: null },
    head: treeRef(input.head),
    extraFindings: [...input.configFindings, ...runFindings],
    failOn: input.config.policy.failOn,
    notes: runNotes(input, keys, fleetTarget),
  });
}

/**
 * A fleet given for the run (--fleet, --kubeconfig, the config's `fleet:`, the action's inputs) is never dropped: it
 * applies to the one affected target that has no fleet of its own, and is refused when several could take it.
 */
function fleetTargetOf(input: ExecuteInput, keys: string[], affected: ReadonlySet<string>): string | null {
  const runFleet = input.config.fleet.length > 0 || !!input.config.cluster;
  const takers = [...affected].filter((k) => !ownFleet(input.config, k));
  if (runFleet && takers.length > 1)
    throw new RunInputError(
      'fleet-without-target',
      `the fleet given (${fleetWords(fleetOfRun(input.config))}) belongs to one cluster, but the change affects ${takers.length} targets that could take it: ${takers.map(displayKey).join(', ')}; plan one with --target KEY (action input \`target\`), or give each cluster its own \`fleet\` in the config's \`clusters:\` (targets of the run: ${keys.map(displayKey).join(', ')})`,
    );
  return runFleet && takers.length === 1 ? takers[0] : null;
}

/** Each loaded target's plan in turn (null when the change does not affect it), until the run's time runs out. */
async function planTargets(
  input: ExecuteInput,
  run: { perTarget: ExecuteInput; loaded: { key: string; states: LoadedStates }[] },
  affectedKeys: ReadonlySet<string>,
  fleetTarget: string | null,
): Promise<TargetOutcome[]> {
  const targets: TargetOutcome[] = [];
  const unplanned = unplannedNote(input, true);
  for (const [i, { key, states }] of run.loaded.entries()) {
    if (outOfTime(input)) break;
    input.progress?.(`planning target ${i + 1}/${run.loaded.length} ${displayKey(key)}`);
    const affected = affectedKeys.has(key);
    // Each target's plan is made exactly as `diff --target KEY` makes it, so that merging the plans of a fanned-out
    // run gives this same combined plan.
    if (affected) states.head.findings.push(...coverage(input, [states], otherTargetsFiles(input, key)));
    // The run's fleet goes to the one target that takes it: its config is reloaded as `--target KEY` reads it.
    const config = key === fleetTarget ? targetInputs(input.head, input.config, key).config : states.config;
    const each = key === fleetTarget ? input : run.perTarget;
    // The assumption on what is not a target goes with each plan, as `diff --target KEY` gives it.
    const plan = affected
      ? withNote({ ...(await planStates({ ...each, config }, states)), target: displayKey(key) }, unplanned)
      : null;
    targets.push({ key: displayKey(key), source: targetSource(input, key), affected, plan });
  }
  return targets;
}

/** The notes of a run of several targets: targets not planned, and which target the run's fleet went to. */
function runNotes(input: ExecuteInput, keys: string[], fleetTarget: string | null): Assumption[] {
  const notes: Assumption[] = [];
  const runFleet = input.config.fleet.length > 0 || !!input.config.cluster;
  const fleet = fleetOfRun(input.config);
  if (fleetTarget !== null)
    notes.push(assumption('fleet-target', { fleet, target: displayKey(fleetTarget), targets: keys.length }));
  else if (runFleet) notes.push(assumption('fleet-no-target', { fleet }));
  return notes;
}

/**
 * What base or head deploys on its own without any Karpenter object, in one assumption line: kustomizations and Argo
 * CD Applications of an application's folder, and (beside several targets) the loose plain manifests. They are not
 * targets; an Application's workloads are planned in the target of its destination cluster when there is one, the
 * others' join no cluster planned here. Null when there are none.
 */
function unplannedNote(input: ExecuteInput, several: boolean): Assumption | null {
  const byKind = { kustomization: new Set<string>(), application: new Set<string>(), plain: new Set<string>() };
  const joins = new Map<string, string>();
  for (const tree of [input.head, input.base])
    if (tree)
      for (const u of unplannedSources(tree, input.config)) {
        if (u.kind === 'plain' && (!several || !u.files.size)) continue; // the only target's, or none
        byKind[u.kind].add(u.kind === 'plain' ? `${u.files.size} loose file(s)` : displayKey(u.key));
        if (u.joins !== null && !joins.has(u.key)) joins.set(u.key, displayKey(u.joins));
      }
  const kustomizations = [...byKind.kustomization].sort();
  const applications = [...byKind.application].sort();
  const plain = [...byKind.plain];
  if (!kustomizations.length && !applications.length && !plain.length) return null;
  const joined = [...joins].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return assumption('targets-unplanned', { kustomizations, applications, plain, joined });
}

function withNote(plan: Plan, note: Assumption | null): Plan {
  return note === null ? plan : withAssumptions(plan, [note]);
}

/** Whether a target has a fleet of its own (a `clusters:` entry with `fleet`), which the run's fleet does not replace. */
function ownFleet(config: Config, key: string): boolean {
  return config.clusters.some((c) => c.inputs && c.name === key && c.inputs.fleet.length > 0);
}

/** The run's fleet, in words: the snapshot files, or the live cluster. */
function fleetOfRun(config: Config): FleetDescription {
  if (config.fleet.length) return { snapshot: config.fleet };
  const c = config.cluster;
  return { live: { context: c?.context ?? null, kubeconfig: c?.kubeconfig ?? null } };
}

/**
 * `--path` (action input `path`) names a folder of the repository: one that exists in neither revision is refused
 * with the nearest folders that do, rather than planned as an empty state.
 */
function checkPath(input: ExecuteInput): void {
  const missing = missingPath([input.head, ...(input.base ? [input.base] : [])]);
  if (!missing) return;
  throw new RunInputError(
    'unknown-path',
    `--path ${missing.path} (action input \`path\`) is a folder of neither ${[input.base, input.head]
      .flatMap((t) => (t ? [t.label] : []))
      .join(' nor ')}${missing.near.length ? ` — did you mean ${missing.near.join(' or ')}?` : ''}`,
  );
}

/**
 * Nothing evaluated is never a pass: when no state of the run holds a NodePool, EC2NodeClass or NodeOverlay (and
 * nothing else explains it — an error finding, a file that was not evaluated), the run has nothing to plan (exit 2),
 * unless the configuration says none is expected (`expectKarpenterObjects: false`).
 */
function checkSomethingToPlan(input: ExecuteInput, all: LoadedStates[], runFindings: Finding[] = []): void {
  if (!input.config.expectKarpenterObjects) return;
  if (runFindings.some((f) => f.severity === 'error')) return;
  const sides = all.flatMap((l) => [l.head, ...(input.base ? [l.base] : [])]);
  const objects = sides.reduce((n, st) => n + st.nodePools.length + st.nodeClasses.length + st.overlays.length, 0);
  if (objects > 0) return;
  if (sides.some((st) => st.findings.some((f) => f.severity === 'error'))) return;
  const folders = new Set<string>();
  const kinds = new Map<string, number>();
  for (const st of sides) for (const f of st.files) folders.add(f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '.');
  // What head holds (each target's once per object: a workload shared by targets is counted in each).
  for (const { head } of all) {
    for (const w of head.workloads) kinds.set(w.kind, (kinds.get(w.kind) ?? 0) + 1);
    for (const [k, n] of Object.entries(head.ignoredKinds)) kinds.set(k, (kinds.get(k) ?? 0) + n);
  }
  const read = [...folders].sort();
  const found = [...kinds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, n]) => `${n} ${k}`);
  const states = [input.base, input.head].flatMap((t) => (t ? [t.label] : []));
  throw new RunInputError(
    'nothing-to-plan',
    `nothing to plan: ${states.join(' and ')} hold${states.length === 1 ? 's' : ''} no NodePool, EC2NodeClass or NodeOverlay. Read: ${
      read.length
        ? `${read.slice(0, 8).join(', ')}${read.length > 8 ? `, … (${read.length} folders)` : ''}`
        : 'no manifest file'
    } (manifests: ${input.config.manifests.join(', ')}${input.config.exclude.length ? `; exclude: ${input.config.exclude.join(', ')}` : ''}); found instead: ${
      found.length ? found.join(', ') : 'no Kubernetes object'
    }. Point --path (action input \`path\`) or \`manifests\` at the Karpenter objects, or set \`expectKarpenterObjects: false\` in ${input.config.file ?? '.karpenter-plan.yaml'} when this repository holds none.`,
  );
}

/**
 * The states of every target. The fleet given for the run cannot belong to all of them, so it applies only when one
 * target is selected (`diff --target`).
 */
function loadTargets(
  input: ExecuteInput,
  opts: LoadOptions,
  keys: string[],
  all: readonly string[],
): { perTarget: ExecuteInput; loaded: { key: string; states: LoadedStates }[]; unloaded: string[] } {
  const perTarget = { ...input, config: { ...input.config, fleet: [] as string[] } };
  delete perTarget.config.cluster;
  const loaded: { key: string; states: LoadedStates }[] = [];
  for (const [i, key] of keys.entries()) {
    // Out of time: the rest is not read (the plan loop reports it with what it could not plan).
    if (outOfTime(input)) return { perTarget, loaded, unloaded: keys.slice(i) };
    input.progress?.(`rendering target ${i + 1}/${keys.length} ${displayKey(key)}`);
    loaded.push({ key, states: loadStates(perTarget, opts, key, all) });
  }
  return { perTarget, loaded, unloaded: [] };
}

/** What a target is (`kustomization overlays/prod`, `Application …`), as head (else base) has it. */
function targetSource(input: ExecuteInput, key: string): string {
  for (const tree of [input.head, input.base])
    if (tree) {
      const t = discoverTargets(tree, input.config).find((x) => x.key === key);
      if (t) return t.source;
    }
  return `kustomization ${displayKey(key)}`;
}

/**
 * Whether the change affects a target: what decides its plan differs, or a file its kustomization uses changed (which
 * catches a change that could not be rendered on either side: it must be reported, not skipped as unaffected).
 */
function isAffected(
  input: ExecuteInput,
  key: string,
  states: { base: State; head: State },
  changed: ReadonlySet<string>,
): boolean {
  if (!input.base) return true;
  if (stateFingerprint(states.base) !== stateFingerprint(states.head)) return true;
  if (states.head.renderFailures.some((r) => r.finding.new)) return true;
  for (const tree of [input.base, input.head])
    for (const f of filesOfTarget(tree, input.config, key)) if (changed.has(f)) return true;
  return false;
}

function changedSet(input: ExecuteInput): Set<string> {
  return new Set(input.base ? changedFiles(input.base, input.head) : []);
}

/**
 * The targets of a run and whether the change affects each (`karpenter-plan targets`): the list a CI matrix fans out
 * over, with the findings of the run itself, so that `merge` of the per-target plans equals the single-process plan.
 */
export function listTargets(input: ExecuteInput): TargetList {
  checkPath(input);
  const opts: LoadOptions = {};
  const keys = targetKeys(input);
  const { loaded } = loadTargets(input, opts, keys, keys);
  // A target key goes into CI matrices and shell commands: one that is not a plain key is refused.
  const unsafe = keys.filter((k) => k !== '' && !isPlainTargetKey(k));
  const findings: Finding[] = [
    ...unsafe.map((k) => ({
      rule: 'input-not-evaluated' as const,
      severity: 'error' as const,
      file: k,
      line: null,
      object: null,
      message: `the target ${JSON.stringify(k)} has characters a CI matrix cannot carry safely (letters, digits, '.', '_', '-', '/', '@', '+'); rename it`,
    })),
    ...input.configFindings,
    ...coverage(
      input,
      loaded.map((l) => l.states),
      new Set(),
    ),
  ];
  const changed = changedSet(input);
  const targets = loaded
    .filter(({ key }) => !unsafe.includes(key))
    .map(({ key, states }) => ({
      key: displayKey(key),
      source: targetSource(input, key),
      affected: isAffected(input, key, states, changed),
    }));
  return {
    schemaVersion: 1,
    kind: input.base ? 'diff' : 'state',
    base: input.base ? treeRef(input.base) : { label: '(none)', sha: null, committedAt: null },
    head: treeRef(input.head),
    failOn: input.config.policy.failOn,
    targets,
    affected: targets.filter((t) => t.affected).map((t) => t.key),
    findings,
  };
}

/** Files that belong to the other targets' kustomizations (and not to this one): their coverage is theirs. */
function otherTargetsFiles(input: ExecuteInput, key: string): Set<string> {
  const out = new Set<string>();
  for (const tree of [input.base, input.head])
    if (tree) for (const f of filesOfOtherTargets(tree, input.config, key)) out.add(f);
  return out;
}

/**
 * Files that hold or feed Karpenter objects and that no state of the run evaluated: changed files for a diff, every
 * file for a single state (sources/coverage.ts). Levelled by the config's `rules: { input-not-evaluated: … }`.
 */
function coverage(
  input: ExecuteInput,
  states: { base: State; head: State }[],
  elsewhere: ReadonlySet<string>,
): Finding[] {
  const level = input.config.rules['input-not-evaluated'];
  if (level === 'off') return [];
  const discovery = [input.head, input.base].flatMap((t) => (t ? targetFindings(t, input.config) : []));
  const evaluated = new Set<string>();
  for (const st of states) for (const side of [st.base, st.head]) for (const f of side.evaluated) evaluated.add(f);
  // Fleet snapshots kept in the repository are read as the fleet, not as manifests.
  for (const tree of [input.head, input.base])
    if (tree) for (const f of fleetFilesIn(tree, input.config, input.cwd)) evaluated.add(f);
  // A file a renderer already reported as not evaluated (with its reason) is not reported twice.
  const reportedIn = (side: 'base' | 'head'): Set<string> => {
    const out = new Set<string>();
    for (const st of states)
      for (const f of st[side].findings) if (f.rule === 'input-not-evaluated' && f.file) out.add(f.file);
    return out;
  };
  const inHead = reportedIn('head');
  const inBase = reportedIn('base');
  for (const f of [...inHead, ...inBase]) evaluated.add(f);
  // Not even when it belongs to a kustomization that could not be rendered (one root cause, one finding) — unless
  // base reported it too: then that finding is pre-existing, and the changed file's own finding keeps the check
  // from passing over the change.
  const reported = new Set([...inHead].filter((f) => !input.base || !inBase.has(f)));
  // Nor are the inputs of a chart whose failure to render is reported as new (judgeRenderFailures).
  for (const st of states)
    for (const r of st.head.renderFailures) if (r.finding.new) r.inputs.forEach((f) => evaluated.add(f));
  // Files of application kustomizations (no Karpenter object; not targets) are nobody's to evaluate.
  const unplanned = new Set<string>();
  for (const tree of [input.head, input.base])
    if (tree) for (const u of unplannedSources(tree, input.config)) for (const f of u.files) unplanned.add(f);
  const candidates = (input.base ? changedFiles(input.base, input.head) : input.head.list()).filter(
    (f) => !elsewhere.has(f) && !unplanned.has(f) && !reported.has(f),
  );
  const read = (f: string): string | null => input.head.read(f) ?? input.base?.read(f) ?? null;
  // In a diff, a changed file of a kustomization that could not be rendered (on either side) was not evaluated,
  // whatever it holds (an inline patch, a generator's input), even when the failure itself is not new.
  const unrendered = new Set<string>();
  if (input.base)
    for (const st of states) for (const side of [st.base, st.head]) for (const f of side.unrendered) unrendered.add(f);
  const out = [
    ...notEvaluated(candidates, evaluated, read, input.base !== null, unrendered),
    ...discovery.filter((f, i) => discovery.findIndex((g) => g.message === f.message) === i),
  ];
  return level ? out.map((f) => ({ ...f, severity: level })) : out;
}

function treeRef(t: FileTree): { label: string; sha: string | null; committedAt: string | null } {
  return { label: t.label, sha: t.sha, committedAt: t.committedAt };
}

/** The two states of a target, and the configuration its plan is made with (a cluster's own fleet and settings). */
interface LoadedStates {
  base: State;
  head: State;
  config: Config;
}

/**
 * `target`: a target's key; undefined: every kustomization and Application; null: the plain manifests only.
 * `keys`: the run's targets. With several, the loose plain manifests of a state are its plain target's only (or no
 * target's) wherever the run has a plain target or the state has targets of its own; a state without any (the
 * rendering piped to a `--target`, a plain repository before its overlays) is read whole by each.
 */
function loadStates(
  input: ExecuteInput,
  opts: LoadOptions,
  target: string | null | undefined,
  keys: readonly string[],
): LoadedStates {
  // One render count for the run (every target, base and head): caps.renders; and the run's time budget.
  opts.renders ??= { count: 0 };
  if (input.deadline) opts.deadline ??= input.deadline;
  // A target's inputs in each state (sources/targets.ts); renderer lookups are shared by every target of the run, the
  // manifest files read by both states by the target's two states.
  const yaml = new SharedYamlReads();
  const load = (tree: FileTree, base: FileTree | null): { state: State; config: Config } => {
    const t =
      target === undefined || target === null
        ? { config: input.config, target, joined: [], ownsPlainFiles: true }
        : targetInputs(tree, input.config, target);
    const o: LoadOptions = {
      ...opts,
      yaml,
      base,
      ...(t.target !== undefined ? { target: t.target } : {}),
      ...(t.joined.length ? { joined: t.joined } : {}),
      ...(keys.length > 1 &&
      !t.ownsPlainFiles &&
      (keys.includes(PLAIN_KEY) || discoverTargets(tree, input.config).length > 0)
        ? { loose: false }
        : {}),
      ...('kustomizationAt' in t && t.kustomizationAt ? { kustomizationAt: t.kustomizationAt } : {}),
    };
    const state = loadState(tree, t.config, o);
    if (o.helm) opts.helm = o.helm;
    if (o.kustomize) opts.kustomize = o.kustomize;
    return { state, config: t.config };
  };
  const { state: head, config } = load(input.head, input.base);
  head.findings.unshift(...input.configFindings);
  const base: State = input.base
    ? load(input.base, null).state
    : emptyState({ label: '(none)', sha: null, committedAt: null }, head.settings);
  judgeRenderFailures(input, head);
  // Config errors are judged where the config comes from: one configuration (head's) is applied to both states, so an
  // error located in the config file (a values file it names that does not exist) is pre-existing only if base's own
  // config file is the same; otherwise the change introduced it and it is new.
  const cfgFile = config.file;
  if (input.base && cfgFile && input.base.read(cfgFile) !== input.head.read(cfgFile))
    base.findings = base.findings.filter((f) => f.file !== cfgFile);
  return { base, head, config };
}

/**
 * A chart or kustomization that head cannot render (a failed `helm template`, a missing dependency or renderer, an
 * invalid kustomization) is judged by its inputs, not by base: when any file its rendering reads changed, the change
 * was not evaluated, so the failure is an error and new — whatever base did (it may fail the same way there).
 */
function judgeRenderFailures(input: ExecuteInput, head: State): void {
  if (!input.base || !head.renderFailures.length) return;
  const changed = changedSet(input);
  for (const r of head.renderFailures) {
    const touched = r.inputs.filter((f) => changed.has(f));
    if (!touched.length) continue;
    r.finding.severity = 'error';
    r.finding.new = true;
    r.finding.message += ` — this change edits its input${touched.length > 1 ? 's' : ''} ${touched
      .slice(0, 3)
      .join(', ')}${touched.length > 3 ? ` and ${touched.length - 3} more` : ''}, which could not be evaluated`;
  }
}
