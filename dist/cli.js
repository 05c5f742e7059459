#!/usr/bin/env node
import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  ConfigError,
  DirTree,
  GitTree,
  InputError,
  MergeError,
  PlanDocumentError,
  STDIN_FILE,
  TextTree,
  UnknownTargetError,
  VERSION,
  checkFailOn,
  checkNonNegative,
  checkTarget,
  checkTime,
  executePlan,
  formatMinutes,
  gitTopLevel,
  listTargets,
  mergeFiles,
  probesOnly,
  renderMarkdown,
  renderSarif,
  resolveConfig,
  summarySentence
} from "./chunks/chunk-6XGSKPL6.js";
import "./chunks/chunk-F4EADPZX.js";
import {
  own
} from "./chunks/chunk-5NIMWVRB.js";
import {
  errorMessage
} from "./chunks/chunk-WZ5PGY7U.js";
import "./chunks/chunk-YIYKDAB7.js";
import "./chunks/chunk-SB3DEY2U.js";

// src/cli/run.ts
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";

// src/run/output.ts
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
function writeFileAtomic(path, text) {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

// src/report/text.ts
var ANSI = { red: "\x1B[31m", green: "\x1B[32m", yellow: "\x1B[33m", cyan: "\x1B[36m", reset: "\x1B[0m" };
function renderText(plan, opts = {}) {
  const paint = (text, c) => opts.color ? `${ANSI[c]}${text}${ANSI.reset}` : text;
  const out = [];
  out.push(`karpenter-plan: ${paint(plan.verdict.toUpperCase(), plan.verdict === "pass" ? "green" : "red")}`);
  out.push(summarySentence(plan));
  if (plan.verdictReasons.length) out.push(`failing because: ${plan.verdictReasons.join("; ")}`);
  if (plan.clusters) {
    for (const t of plan.clusters) {
      out.push("", `== target ${t.key} (${t.source}): ${t.plan ? t.plan.verdict.toUpperCase() : "not affected"}`);
      if (t.plan) out.push(...planBody(t.plan).map((l) => l ? `  ${l}` : l));
    }
    out.push(...tail(plan, paint));
    return out.join("\n") + "\n";
  }
  out.push(...planBody(plan), ...tail(plan, paint));
  return out.join("\n") + "\n";
}
function planBody(plan) {
  const out = [];
  out.push("");
  out.push("NodePools:");
  if (!plan.nodePools.length) out.push("  (none)");
  for (const p of plan.nodePools) {
    const b = p.budget;
    const budget = b ? ` budget=${b.allowed ?? "unlimited"} waves=${b.waves ?? "-"} eta=${b.estimatedMinutes != null ? formatMinutes(b.estimatedMinutes) : "-"} verdict=${b.verdict}` : "";
    const change = plan.kind === "state" ? "" : `${p.change}`;
    out.push(
      `  ${p.name}: ${change}${p.changedFields.length ? ` [${p.changedFields.join(", ")}]` : ""} drift=${p.drift} ${p.nodesDrifted}/${p.nodes}${budget}`
    );
    if (p.blocked) out.push(`    ${p.blocked.nodes} drifted node(s) blocked: ${p.blocked.because.join("; ")}`);
    if (p.consolidationBlocked)
      out.push(
        `    ${p.consolidationBlocked.nodes} node(s) whose consolidation is blocked: ${p.consolidationBlocked.because.join("; ")}`
      );
  }
  if (plan.workloads.some((w) => w.base || w.head)) {
    out.push("", "Workloads:");
    for (const w of plan.workloads) {
      const fmt = (p) => !p ? "-" : p.schedulable ? `${p.nodePool}/${p.instanceType} ${p.capacityType ?? ""} $${p.pricePerHour?.toFixed(4) ?? "?"}` : `unschedulable (${p.reason})`;
      out.push(
        w.probe ? `  ${w.changed ? "*" : " "} probe ${w.name} (what the pool would launch): ${fmt(w.base)} -> ${fmt(w.head)}` : `  ${w.changed ? "*" : " "} ${w.kind} ${w.namespace}/${w.name} x${w.replicas}: ${fmt(w.base)} -> ${fmt(w.head)}`
      );
    }
  }
  const nodes = plan.fleet.simulated.head;
  if (nodes.length) {
    const groups = /* @__PURE__ */ new Map();
    for (const n of nodes) {
      const k = `${n.nodePool} ${n.instanceType} ${n.capacityType}`;
      const g = groups.get(k) ?? { n: 0, cost: 0 };
      g.n++;
      g.cost += n.pricePerHour;
      groups.set(k, g);
    }
    const probeFleet = probesOnly(plan);
    out.push(
      "",
      `Simulated fleet (head${probeFleet ? ", probe pods" : ""}): ${nodes.length} node(s), $${nodes.reduce((s, n) => s + n.pricePerHour, 0).toFixed(4)}/h`
    );
    for (const [k, g] of [...groups].sort((a, b) => b[1].n - a[1].n))
      out.push(`  ${g.n} \xD7 ${k}  $${g.cost.toFixed(4)}/h`);
  }
  return out;
}
function tail(plan, paint) {
  const out = [];
  if (plan.findings.length) {
    out.push("", "Findings:");
    const color2 = { error: "red", warning: "yellow", info: "cyan" };
    for (const f of plan.findings)
      out.push(
        `  ${paint(f.severity.padEnd(7), color2[f.severity])} ${f.file ?? "-"}${f.line ? `:${f.line}` : ""} [${f.rule}] ${f.message}`
      );
  }
  if (plan.assumptions.length) {
    out.push("", "Assumptions:");
    for (const a of plan.assumptions) out.push(`  - ${a}`);
  }
  return out;
}

// src/cli/run.ts
var USAGE = `Usage: karpenter-plan <command> [options]

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
  --format FORMAT    markdown | json | text | sarif (default: markdown for diff, text otherwise)
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
  -h, --help         this help (karpenter-plan <command> --help: that command's)
  -v, --version      the version

Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.
`;
var EXIT = "Exit codes: 0 = plan produced and policy passed, 1 = policy failed, 2 = the tool could not run.\n";
var COMMAND_HELP = {
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
`
};
var OPTIONS = {
  base: { type: "string" },
  head: { type: "string" },
  "base-ref": { type: "string" },
  "head-ref": { type: "string" },
  state: { type: "string" },
  ref: { type: "string" },
  repo: { type: "string" },
  path: { type: "string" },
  config: { type: "string" },
  format: { type: "string" },
  out: { type: "string" },
  "json-out": { type: "string" },
  fleet: { type: "string", multiple: true },
  catalog: { type: "string" },
  at: { type: "string" },
  target: { type: "string" },
  targets: { type: "string" },
  "fail-on": { type: "string" },
  "max-replaced-nodes": { type: "string" },
  "max-replaced-percent": { type: "string" },
  region: { type: "string" },
  kubeconfig: { type: "string" },
  context: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
  debug: { type: "boolean" }
};
async function runCli(argv, cwd = process.cwd(), readStdin = () => readFileSync(0, "utf8"), output = {}) {
  textColor = output.color === true;
  let stdinUsed = false;
  const stdin = () => {
    if (stdinUsed) throw new UsageError("standard input (-) can stand for only one state per run");
    stdinUsed = true;
    return readStdin();
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    return { exitCode: 2, stdout: "", stderr: `karpenter-plan: ${errorMessage(e)}

${USAGE}` };
  }
  const { values: v, positionals } = parsed;
  const command = positionals[0];
  if (v.version) return { exitCode: 0, stdout: `karpenter-plan ${VERSION}
`, stderr: "" };
  const help = command ? own(COMMAND_HELP, command) : void 0;
  if (v.help && help) return { exitCode: 0, stdout: help, stderr: "" };
  if (v.help || !command) return { exitCode: command || v.help ? 0 : 2, stdout: USAGE, stderr: "" };
  try {
    switch (command) {
      case "diff":
        return await diffCommand(v, cwd, stdin);
      case "simulate":
      case "validate":
        return await singleCommand(command, v, positionals[1], cwd, stdin);
      case "targets":
        return targetsCommand(v, cwd, stdin);
      case "baseline":
        return await baselineCommand(v, positionals[1], cwd, stdin);
      case "merge":
        return mergeCommand(v, positionals.slice(1), cwd);
      case "catalog": {
        if (positionals[1] !== "refresh")
          return usage(`unknown catalog command "${positionals[1] ?? ""}" (catalog refresh)`);
        const { catalogRefreshCommand } = await import("./chunks/catalog-refresh-QNYE7MT5.js");
        return await catalogRefreshCommand(v.region, v.out, cwd);
      }
      default:
        return usage(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof InputError || e instanceof UnknownTargetError) return usage(e.message);
    if (e instanceof MergeError || e instanceof PlanDocumentError)
      return { exitCode: 2, stdout: "", stderr: `karpenter-plan: ${e.message}
` };
    if (e instanceof ConfigError)
      return { exitCode: 2, stdout: "", stderr: `karpenter-plan: invalid configuration:
${e.message}
` };
    return { exitCode: 2, stdout: "", stderr: `karpenter-plan: ${errorMessage(e)}
` };
  }
}
var UsageError = class extends Error {
};
function usage(msg) {
  return { exitCode: 2, stdout: "", stderr: `karpenter-plan: ${msg}

${USAGE}` };
}
function openTree(dir, ref, v, cwd, stdin) {
  if (dir === "-" && !ref) return new TextTree("standard input", /* @__PURE__ */ new Map([[STDIN_FILE, stdin()]]));
  if (ref) {
    const repoDir = resolve(cwd, v.repo ?? ".");
    const top = gitTopLevel(repoDir);
    if (!top) throw new UsageError(`${repoDir} is not inside a git repository`);
    return new GitTree(top, ref, v.path ?? "");
  }
  const d = resolve(cwd, dir ?? ".");
  if (!existsSync(d)) throw new UsageError(`${dir} does not exist`);
  return new DirTree(d, dir ?? ".");
}
function target(v) {
  return typeof v.target === "string" ? { target: checkTarget(v.target, "--target") } : {};
}
function overrides(v) {
  const o = {};
  if (typeof v.config === "string") o.configFile = v.config;
  if (Array.isArray(v.fleet)) o.fleet = v.fleet;
  if (typeof v.catalog === "string") o.catalog = v.catalog;
  if (typeof v.kubeconfig === "string" || typeof v.context === "string") {
    o.cluster = {
      ...typeof v.kubeconfig === "string" ? { kubeconfig: v.kubeconfig } : {},
      ...typeof v.context === "string" ? { context: v.context } : {}
    };
  }
  if (typeof v.at === "string") o.at = checkTime(v.at, "--at");
  if (typeof v["fail-on"] === "string") o.failOn = checkFailOn(v["fail-on"], "--fail-on");
  if (typeof v["max-replaced-nodes"] === "string")
    o.maxReplacedNodes = checkNonNegative(v["max-replaced-nodes"], "--max-replaced-nodes");
  if (typeof v["max-replaced-percent"] === "string")
    o.maxReplacedPercent = checkNonNegative(v["max-replaced-percent"], "--max-replaced-percent", 100);
  return o;
}
function diffInput(command, v, cwd, stdin) {
  const gitMode = v["base-ref"] !== void 0 || v["head-ref"] !== void 0;
  if (gitMode && (!v["base-ref"] || !v["head-ref"])) throw new UsageError("--base-ref and --head-ref go together");
  if (!gitMode && (!v.base || !v.head))
    throw new UsageError(`${command} needs --base DIR --head DIR, or --base-ref REV --head-ref REV`);
  const base = openTree(v.base, v["base-ref"], v, cwd, stdin);
  const head = openTree(v.head, v["head-ref"], v, cwd, stdin);
  const { config, findings: configFindings } = resolveConfig(head, cwd, overrides(v), gitMode ? base : void 0);
  return { base, head, config, configFindings, cwd, ...target(v), ...gitMode ? { trusted: base } : {} };
}
async function diffCommand(v, cwd, stdin) {
  const plan = await executePlan(diffInput("diff", v, cwd, stdin));
  return emit(plan, v.format ?? "markdown", v);
}
function targetsCommand(v, cwd, stdin) {
  const list = listTargets(diffInput("targets", v, cwd, stdin));
  const body = JSON.stringify(list, null, 2) + "\n";
  if (typeof v.out === "string") {
    writeFileAtomic(resolve(cwd, v.out), body);
    return {
      exitCode: 0,
      stdout: `karpenter-plan: ${list.affected.length} of ${list.targets.length} target(s) affected; list written to ${v.out}
`,
      stderr: ""
    };
  }
  return { exitCode: 0, stdout: body, stderr: "" };
}
function mergeCommand(v, files, cwd) {
  if (typeof v.targets !== "string")
    throw new UsageError("merge needs --targets FILE (the output of karpenter-plan targets)");
  const plan = mergeFiles(
    resolve(cwd, v.targets),
    files.map((f) => resolve(cwd, f))
  );
  return emit(plan, v.format ?? "markdown", v);
}
async function singleCommand(command, v, positional, cwd, stdin) {
  const tree = openTree(
    v.state ?? positional ?? v.head,
    v.ref ?? v["head-ref"],
    v,
    cwd,
    stdin
  );
  const { config, findings: configFindings } = resolveConfig(tree, cwd, overrides(v));
  const plan = await executePlan({
    ...target(v),
    base: null,
    head: tree,
    config,
    configFindings,
    cwd,
    validateOnly: command === "validate"
  });
  return emit(plan, v.format ?? "text", v);
}
async function baselineCommand(v, positional, cwd, stdin) {
  const tree = openTree(v.state ?? positional, v.ref, v, cwd, stdin);
  const { config, findings: configFindings } = resolveConfig(tree, cwd, overrides(v));
  const plan = await executePlan({
    base: null,
    head: tree,
    config: { ...config, baseline: void 0 },
    configFindings,
    cwd,
    validateOnly: true,
    ...target(v)
  });
  const findings = [...plan.findings, ...(plan.suppressedFindings ?? []).filter((f) => f.suppressedBy === "baseline")];
  const doc = {
    schemaVersion: 1,
    findings: findings.filter((f) => f.fingerprint).map((f) => ({ fingerprint: f.fingerprint, rule: f.rule, object: f.object, file: f.file, message: f.message })).sort((a, b) => a.fingerprint.localeCompare(b.fingerprint))
  };
  const body = JSON.stringify(doc, null, 2) + "\n";
  if (typeof v.out === "string") {
    writeFileAtomic(resolve(cwd, v.out), body);
    return {
      exitCode: 0,
      stdout: `karpenter-plan: ${doc.findings.length} finding(s) recorded in ${v.out}
`,
      stderr: ""
    };
  }
  return { exitCode: 0, stdout: body, stderr: "" };
}
var textColor = false;
function emit(plan, format, v) {
  let body;
  if (format === "json") body = JSON.stringify(plan, null, 2) + "\n";
  else if (format === "markdown" || format === "md") body = renderMarkdown(plan) + "\n";
  else if (format === "text") body = renderText(plan, { color: textColor });
  else if (format === "sarif") body = renderSarif(plan);
  else throw new UsageError(`unknown --format "${format}" (markdown, json, text or sarif)`);
  if (typeof v["json-out"] === "string") writeFileAtomic(v["json-out"], JSON.stringify(plan, null, 2) + "\n");
  const exitCode = plan.nothingEvaluated ? 2 : plan.verdict === "pass" ? 0 : 1;
  const debug = v.debug ? ["base", "head"].map(
    (side) => `debug: ${side} read ${plan.inputs[side].files.length} file(s) [${plan.inputs[side].files.join(", ")}]; other kinds ignored: ${JSON.stringify(plan.inputs[side].ignoredKinds)}
`
  ).join("") : "";
  if (typeof v.out === "string") {
    writeFileAtomic(v.out, body);
    return { exitCode, stdout: `karpenter-plan: ${plan.verdict}; report written to ${v.out}
`, stderr: debug };
  }
  return { exitCode, stdout: body, stderr: debug };
}

// src/cli/main.ts
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});
var color = process.stdout.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== "dumb";
runCli(process.argv.slice(2), process.cwd(), void 0, { color }).then(
  (r) => {
    if (r.stdout) process.stdout.write(r.stdout);
    if (r.stderr) process.stderr.write(r.stderr);
    process.exitCode = r.exitCode;
  },
  (e) => {
    process.stderr.write(`karpenter-plan: ${e instanceof Error && e.stack ? e.stack : errorMessage(e)}
`);
    process.exitCode = 2;
  }
);
