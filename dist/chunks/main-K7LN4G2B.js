import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);
import {
  ConfigError,
  DirTree,
  GitTree,
  InputError,
  MAX_CONSEQUENCES,
  MergeError,
  NOT_MANAGED,
  OUTCOME_WORDS,
  PlanDocumentError,
  RunInputError,
  STDIN_FILE,
  TextTree,
  UnknownTargetError,
  VERSION,
  assumptionLines,
  byRule,
  checkFailOn,
  checkNonNegative,
  checkTarget,
  checkTime,
  consequences,
  describedFleet,
  executePlan,
  findingsCount,
  formatMinutes,
  gitTopLevel,
  headline,
  listTargets,
  logSafe,
  mergeFiles,
  money,
  nodePoolNotes,
  outcomeOf,
  own,
  plain,
  pricingNote,
  probesOnly,
  renderMarkdown,
  renderSarif,
  resolveConfig,
  revisionFileReader,
  rolloutSentence,
  sameComposition,
  signedMonthly,
  simulatedLaunchPart,
  sortedPools
} from "./chunk-KFDSCLYQ.js";
import {
  closest
} from "./chunk-SVL6MYYW.js";
import "./chunk-2KEDRD4X.js";
import {
  errorMessage
} from "./chunk-WZ5PGY7U.js";
import "./chunk-IQK4F3RV.js";
import "./chunk-SB3DEY2U.js";

// src/cli/run.ts
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { relative, resolve, sep } from "node:path";

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
var ANSI = {
  red: "\x1B[31m",
  green: "\x1B[32m",
  yellow: "\x1B[33m",
  cyan: "\x1B[36m",
  bold: "\x1B[1m",
  dim: "\x1B[2m",
  reset: "\x1B[0m"
};
function terminalSafe(s) {
  return s === null || s === void 0 || s === "" ? "-" : plain(String(s));
}
var PLAIN = { code: terminalSafe, text: terminalSafe };
var SENTENCE = { code: terminalSafe, strong: (x) => x.toUpperCase(), text: terminalSafe };
function renderText(plan, opts = {}) {
  const paint = (text, c) => opts.color ? `${ANSI[c]}${text}${ANSI.reset}` : text;
  const out = [];
  const outcome = outcomeOf(plan);
  const color = outcome === "pass" ? "green" : outcome === "fail" ? "red" : "yellow";
  out.push(`karpenter-plan: ${paint(OUTCOME_WORDS[outcome].toUpperCase(), color)}`);
  out.push(headline(plan));
  out.push(...consequenceLines(plan, paint));
  const prices = pricingNote(plan);
  if (prices) out.push(paint(terminalSafe(prices), "dim"));
  if (outcome === "not-evaluated")
    out.push(
      "",
      "nothing Karpenter-relevant could be evaluated (exit 2, no verdict): see the input-not-evaluated findings below"
    );
  else if (plan.verdictReasons.length)
    out.push("", `failing because: ${plan.verdictReasons.map(terminalSafe).join("; ")}`);
  if (plan.clusters) out.push(...targets(plan.clusters, paint), ...findings(plan, paint));
  else out.push(...planBody(plan, paint), ...findings(plan, paint), ...manifests(plan, paint));
  out.push(...assumptions(plan, paint));
  out.push("", paint(`base ${terminalSafe(plan.base.label)} -> head ${terminalSafe(plan.head.label)}`, "dim"));
  return out.join("\n") + "\n";
}
function consequenceLines(plan, paint) {
  const items = plan.clusters ? plan.clusters.flatMap(
    (t) => t.plan ? consequences(t.plan, SENTENCE).map((c) => ({ ...c, text: `${terminalSafe(t.key)}: ${c.text}` })) : []
  ) : consequences(plan, SENTENCE);
  items.sort((a, b) => a.rank - b.rank);
  if (!items.length) return [];
  const lines = items.slice(0, MAX_CONSEQUENCES).map((c) => `  - ${c.text}`);
  if (items.length > MAX_CONSEQUENCES) lines.push(`  - ... and ${items.length - MAX_CONSEQUENCES} more below`);
  if (!plan.alerts.length) return ["", ...lines];
  const caution = plan.alerts.some((a) => a.level === "caution");
  return ["", paint(caution ? "CAUTION" : "WARNING", caution ? "red" : "yellow"), ...lines];
}
function textTable(head, rows, indent = "  ") {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells) => indent + cells.map((c, i) => i === cells.length - 1 ? c : c.padEnd(width[i])).join("  ").trimEnd();
  return [line(head), line(width.map((w, i) => (head[i] ? "-" : " ").repeat(w))), ...rows.map(line)];
}
function heading(title, paint) {
  return ["", paint(title, "bold")];
}
function placement(p, spotEstimated = false) {
  if (!p) return "-";
  if (!p.schedulable) return `unschedulable: ${terminalSafe(p.reason)}`;
  const approx = spotEstimated && p.capacityType === "spot" ? "~" : "";
  const held = p.pending ? `; ${p.pending} PENDING: ${terminalSafe(p.reason)}` : "";
  return `${p.managed === false ? NOT_MANAGED : terminalSafe(p.nodePool ?? "?")} ${terminalSafe(p.instanceType ?? "?")} ${terminalSafe(p.capacityType)} ${approx}${money(p.pricePerHour)}${held}`;
}
function targets(list, paint) {
  const affected = list.filter((t) => t.plan);
  const out = heading(`Targets: ${affected.length} of ${list.length} affected`, paint);
  if (affected.length)
    out.push(
      ...textTable(
        ["target", "verdict", "workloads changed", "replaced / removed", "errors / warnings"],
        affected.map((t) => {
          const p = t.plan;
          return [
            terminalSafe(t.key),
            p.verdict,
            String(p.summary.workloadsChanged),
            `${p.summary.nodesReplaced} / ${p.summary.nodesRemoved}`,
            `${p.summary.findings.error} / ${p.summary.findings.warning}`
          ];
        })
      )
    );
  else out.push("  No target is affected by this change.");
  const unaffected = list.filter((t) => !t.plan);
  if (unaffected.length) out.push(`  not affected: ${unaffected.map((t) => terminalSafe(t.key)).join(", ")}`);
  for (const t of affected) {
    out.push(
      "",
      paint(`== target ${terminalSafe(t.key)} (${terminalSafe(t.source)}): ${t.plan.verdict.toUpperCase()}`, "bold"),
      `  ${headline(t.plan)}`
    );
    out.push(...[...planBody(t.plan, paint), ...manifests(t.plan, paint)].map((l) => l ? `  ${l}` : l));
  }
  return out;
}
function planBody(plan, paint) {
  const out = [];
  const spotEst = plan.pricing?.spot === "estimated";
  const workloads = plan.workloads.filter((w) => !w.probe);
  if (workloads.length) {
    const cost = simulatedLaunchPart(plan, "->");
    out.push(
      ...heading(
        `Fleet outcome: ${workloads.filter((w) => w.changed).length} of ${workloads.length} workloads change${cost}`,
        paint
      )
    );
    out.push(
      ...textTable(
        ["", "workload", "replicas", "base", "head"],
        workloads.map((w) => [
          w.changed ? "*" : "",
          terminalSafe(`${w.kind} ${w.namespace}/${w.name}`),
          String(w.replicas),
          placement(w.base, spotEst),
          placement(w.head, spotEst)
        ])
      )
    );
  }
  const probes = plan.workloads.filter((w) => w.probe);
  if (probes.length) {
    out.push(
      ...heading(
        `What each NodePool would launch (probe pods): ${probes.filter((w) => w.changed).length} of ${probes.length} change`,
        paint
      )
    );
    out.push(
      probesOnly(plan) ? "  No workload in the inputs: probe pods stand for them (small 0.5 CPU/1 GiB, medium 2 CPU/4 GiB, large 4 CPU/16 GiB, pool-<name> 1 CPU/2 GiB)." : "  No workload lands on these NodePools: a probe pod each (1 CPU/2 GiB) shows what it would launch."
    );
    out.push(
      ...textTable(
        ["", "probe", "base", "head"],
        probes.map((w) => [
          w.changed ? "*" : "",
          terminalSafe(w.name),
          placement(w.base, spotEst),
          placement(w.head, spotEst)
        ])
      )
    );
  }
  out.push(...replacements(plan, paint), ...scenarios(plan, paint), ...charts(plan, paint), ...fleet(plan, paint));
  return out;
}
function manifests(plan, paint) {
  const out = [];
  const changed = plan.objects.filter((o) => o.change !== "unchanged");
  if (changed.length) {
    out.push(...heading(`Manifest changes: ${changed.length} object(s)`, paint));
    for (const o of changed) {
      out.push(`  ${terminalSafe(o.kind)} ${terminalSafe(o.name)} (${o.change})`);
      for (const l of o.diff.split("\n")) {
        const safe = terminalSafe(l === "" ? " " : l);
        out.push(
          `    ${l.startsWith("+") && !l.startsWith("+++") ? paint(safe, "green") : l.startsWith("-") && !l.startsWith("---") ? paint(safe, "red") : safe}`
        );
      }
    }
  }
  return out;
}
function replacements(plan, paint) {
  const rows = sortedPools(plan);
  const affected = rows.filter((r) => r.nodesDrifted > 0).length;
  const out = heading(
    `Expected replacements: ${plan.summary.nodesReplaced} replaced, ${plan.summary.nodesRemoved} removed, in ${affected} of ${rows.length} NodePools (fleet: ${plan.fleet.source})`,
    paint
  );
  if (!rows.length) return [...out, "  No NodePools in base or head."];
  const verdictColor = { ok: "green", slow: "yellow", blocked: "red", unlimited: "yellow", none: "dim" };
  out.push(
    ...textTable(
      ["NodePool", "change", "why (changed fields)", "drift", "drifted", "budget", "waves", "ETA", "verdict"],
      rows.map((p) => {
        const why = [.../* @__PURE__ */ new Set([...p.driftBecause ?? [], ...p.changedFields])];
        const b = p.budget;
        return [
          terminalSafe(p.name),
          p.change,
          why.length ? why.slice(0, 3).map(terminalSafe).join(", ") + (why.length > 3 ? ` +${why.length - 3}` : "") : "-",
          p.drift === "none" ? "-" : p.drift,
          p.nodes || p.nodesDrifted ? `${p.nodesDrifted}/${p.nodes}` : "-",
          b ? b.allowed === null ? "unlimited" : `${b.allowed} now` : "-",
          b?.waves ? String(b.waves) : "-",
          b?.estimatedMinutes ? formatMinutes(b.estimatedMinutes) : "-",
          b ? paint(b.verdict, verdictColor[b.verdict] ?? "dim") : "-"
        ];
      })
    )
  );
  for (const p of rows) {
    if (p.blocked)
      out.push(
        `  ${terminalSafe(p.name)}: ${p.blocked.nodes} drifted node(s) blocked: ${p.blocked.because.map(terminalSafe).join("; ")}`
      );
  }
  for (const n of nodePoolNotes(plan, rows, PLAIN)) out.push(`  - ${n}`);
  return out;
}
function scenarios(plan, paint) {
  if (!plan.scenarios?.length) return [];
  const out = heading(`What-if (insufficient capacity): ${plan.scenarios.length} scenario(s)`, paint);
  for (const sc of plan.scenarios) {
    const changed = sc.workloads.filter((w) => w.changed);
    out.push(
      `  ${terminalSafe(sc.name)}: ${sc.unavailableOfferings} offerings unavailable \xB7 fleet ${money(plan.summary.hourlyCost.head)}/h -> ${money(sc.hourlyCost)}/h`
    );
    if (changed.length)
      out.push(
        ...textTable(
          ["workload", "head", "with this shortage"],
          changed.map((w) => [
            terminalSafe(`${w.kind} ${w.namespace}/${w.name}`),
            placement(w.head),
            placement(w.scenario)
          ]),
          "    "
        )
      );
    else out.push("    no workload moves");
    out.push(`    ${terminalSafe(sc.timeline)}`);
  }
  return out;
}
function charts(plan, paint) {
  const out = [];
  const described = describedFleet(plan);
  const { base, head } = described.composition;
  const families = [.../* @__PURE__ */ new Set([...Object.keys(base), ...Object.keys(head)])].sort(
    (a, b) => (head[b] ?? 0) + (base[b] ?? 0) - (head[a] ?? 0) - (base[a] ?? 0) || a.localeCompare(b)
  );
  if (families.length && (plan.kind !== "diff" || !sameComposition(base, head))) {
    out.push(...heading(`${described.name} by family (nodes)`, paint));
    out.push(
      ...textTable(
        plan.kind === "diff" ? ["family", "base", "head"] : ["family", "nodes"],
        families.map(
          (f) => plan.kind === "diff" ? [terminalSafe(f), String(base[f] ?? 0), String(head[f] ?? 0)] : [terminalSafe(f), String(head[f] ?? 0)]
        )
      )
    );
  }
  const pools = plan.nodePools.filter((p) => p.rollout && p.rollout.waves.length);
  if (pools.length) {
    out.push(...heading("Rollout of drift replacements under the budgets (UTC)", paint));
    const rows = [];
    for (const p of pools) {
      const waves = p.rollout.waves;
      waves.slice(0, 24).forEach(
        (w, i) => rows.push([terminalSafe(p.name), String(i + 1), String(w.nodes), w.start.slice(0, 16), w.end.slice(0, 16)])
      );
      if (waves.length > 24)
        rows.push([
          terminalSafe(p.name),
          `${waves.length - 24} more`,
          String(waves.slice(24).reduce((a, w) => a + w.nodes, 0)),
          waves[24].start.slice(0, 16),
          waves[waves.length - 1].end.slice(0, 16)
        ]);
    }
    out.push(...textTable(["NodePool", "wave", "nodes", "start", "end"], rows));
    for (const p of pools) {
      const sentence = rolloutSentence(p, SENTENCE);
      if (sentence) out.push(`- ${sentence}.`);
    }
  }
  return out;
}
function fleet(plan, paint) {
  const nodes = plan.fleet.simulated.head;
  if (!nodes.length) return [];
  const groups = /* @__PURE__ */ new Map();
  for (const n of nodes) {
    const pool = n.managed === false ? `(${NOT_MANAGED})` : n.nodePool;
    const k = `${pool} ${n.instanceType} ${n.capacityType}`;
    const g = groups.get(k) ?? { pool, type: n.instanceType, cap: n.capacityType, n: 0, cost: 0 };
    g.n++;
    g.cost += n.pricePerHour;
    groups.set(k, g);
  }
  const total = nodes.reduce((s, n) => s + n.pricePerHour, 0);
  return [
    ...heading(
      `${plan.fleet.snapshot ? "Simulated launch for the workloads (head, not the fleet)" : `Simulated fleet (head${probesOnly(plan) ? ", probe pods" : ""})`}: ${nodes.length} node(s), ${money(total)}/h (${signedMonthly(total).slice(1)}/month)`,
      paint
    ),
    ...textTable(
      ["nodes", "NodePool", "instance type", "capacity", "cost"],
      [...groups.values()].sort((a, b) => b.n - a.n).map((g) => [
        String(g.n),
        terminalSafe(g.pool),
        terminalSafe(g.type),
        terminalSafe(g.cap),
        `${money(g.cost)}/h`
      ])
    )
  ];
}
function findings(plan, paint) {
  const fresh = plan.findings.filter((f) => f.new !== false);
  const existing = plan.findings.filter((f) => f.new === false);
  const resolved = plan.resolvedFindings ?? [];
  const suppressed = plan.suppressedFindings ?? [];
  if (!fresh.length && !existing.length && !resolved.length && !suppressed.length) return [];
  const out = heading(`Findings: ${findingsCount(plan, existing.length)}`, paint);
  const color = { error: "red", warning: "yellow", info: "cyan" };
  for (const f of fresh)
    out.push(
      `  ${paint(f.severity.padEnd(7), color[f.severity])} ${terminalSafe(f.file)}${f.line ? `:${f.line}` : ""} [${f.rule}] ${terminalSafe(f.message)}`
    );
  if (!fresh.length) out.push("  This change introduces no finding.");
  if (existing.length) out.push(`  pre-existing (not introduced by this change): ${byRule(existing, String)}`);
  if (resolved.length) out.push(`  resolved by this change: ${byRule(resolved, String)}`);
  if (suppressed.length) out.push(`  suppressed: ${suppressed.length}: ${byRule(suppressed, String)}`);
  const silenced = suppressed.filter((f) => f.suppressedBy === "annotation");
  if (silenced.length) {
    out.push("  silenced by a karpenter-plan.io/ignore annotation in the change:");
    for (const f of silenced) out.push(`    ${terminalSafe(f.object)} [${f.rule}] ${terminalSafe(f.message)}`);
  }
  return out;
}
function assumptions(plan, paint) {
  const lines = assumptionLines(plan);
  if (!lines.length) return [];
  return [...heading("Assumptions", paint), ...lines.map((a) => `  - ${terminalSafe(a.text)}`)];
}

// src/cli/args.ts
import { parseArgs } from "node:util";

// src/cli/help.ts
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
`,
  catalog: `Usage: karpenter-plan catalog refresh --region REGION [--out FILE]

Builds an instance-type catalog (types, offerings, on-demand and spot prices) for one region from the AWS APIs
(EC2 DescribeInstanceTypes, DescribeInstanceTypeOfferings, DescribeSpotPriceHistory; the Pricing API), with the
standard AWS credential chain, and writes it to FILE (default: catalog-REGION.json). Name the file in the config's
'catalog:' (or pass --catalog FILE) so plans use the region's own types and prices.
Exit codes: 0 = catalog written, 2 = it could not be built.
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
var STATES = [
  "repo",
  "path",
  "config",
  "fleet",
  "catalog",
  "kubeconfig",
  "context",
  "at",
  "fail-on",
  "max-replaced-nodes",
  "max-replaced-percent",
  "debug"
];
var REPORT = ["format", "out", "json-out"];
var COMMAND_OPTIONS = {
  diff: ["base", "head", "base-ref", "head-ref", "target", ...STATES, ...REPORT],
  simulate: ["state", "ref", "head", "head-ref", "target", ...STATES, ...REPORT],
  validate: ["state", "ref", "head", "head-ref", "target", ...STATES, ...REPORT],
  targets: ["base", "head", "base-ref", "head-ref", "out", ...STATES],
  merge: ["targets", "format", "out", "json-out", "path", "debug"],
  baseline: ["state", "ref", "target", "out", ...STATES],
  catalog: ["region", "out", "debug"]
};
var COMMANDS = Object.keys(COMMAND_OPTIONS);
function seeHelp(command) {
  return `see karpenter-plan ${command && Object.hasOwn(COMMAND_HELP, command) ? `${command} ` : ""}--help`;
}

// src/cli/args.ts
var UsageError = class extends Error {
  constructor(message, command) {
    super(message);
    this.command = command;
  }
  command;
};
var SHORT = new Map(
  Object.entries(OPTIONS).flatMap(([name, o]) => "short" in o ? [[o.short, name]] : [])
);
var ALWAYS = ["help", "version"];
function commandOf(argv) {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") return argv[i + 1];
    if (a.startsWith("--")) {
      const name = a.slice(2).split("=")[0];
      if (!a.includes("=") && OPTIONS[name]?.type === "string") i++;
      continue;
    }
    if (a.startsWith("-") && a !== "-") continue;
    return a;
  }
  return void 0;
}
function parseCommandLine(argv) {
  const command = commandOf(argv);
  const known = command !== void 0 && Object.hasOwn(COMMAND_OPTIONS, command);
  const allowed = /* @__PURE__ */ new Set([...ALWAYS, ...known ? COMMAND_OPTIONS[command] : Object.keys(OPTIONS)]);
  const forHelp = known ? command : void 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") break;
    let name;
    if (a.startsWith("--")) name = a.slice(2).split("=")[0];
    else if (/^-[^-]/.test(a)) {
      const short = SHORT.get(a[1]);
      if (!short) throw new UsageError(`unknown option ${a}${suggestion(a.slice(1), allowed, "--")}`, forHelp);
      name = short;
    }
    if (name === void 0) continue;
    const option = OPTIONS[name];
    if (!option) throw new UsageError(`unknown option --${name}${suggestion(name, allowed, "--")}`, forHelp);
    if (!allowed.has(name))
      throw new UsageError(`${command} does not take --${name}${suggestion(name, allowed, "--", name)}`, forHelp);
    if (option.type === "string" && !a.includes("=")) {
      const next = argv[i + 1];
      if (next === void 0 || next.startsWith("-") && next !== "-")
        throw new UsageError(`option --${name} needs a value`, forHelp);
      i++;
    }
  }
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    allowPositionals: true,
    strict: true
  });
  return { values, positionals, command };
}
function suggestion(word, candidates, prefix, exclude) {
  const c = closest(
    word,
    [...candidates].filter((x) => x !== exclude)
  );
  return c ? ` (did you mean ${prefix}${c}?)` : "";
}
function unknownCommand(command) {
  const c = closest(command, COMMANDS);
  return new UsageError(`unknown command "${command}"${c ? ` (did you mean ${c}?)` : ""}`);
}

// src/cli/terminal.ts
function colorEnabled(isTTY, env) {
  const force = env.FORCE_COLOR;
  if (force !== void 0) return force !== "0" && force.toLowerCase() !== "false";
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== "dumb";
}
var NO_PROGRESS = { report: () => {
}, done: () => {
} };
function progressLine(stream, opts = {}) {
  if (!stream || stream.isTTY !== true) return NO_PROGRESS;
  const now = opts.now ?? Date.now;
  const threshold = opts.thresholdMs ?? 1e3;
  const start = now();
  let shown = false;
  let last = "";
  return {
    report(message) {
      last = message;
      if (now() - start < threshold) return;
      shown = true;
      stream.write(`\r\x1B[K${last} \u2026`);
    },
    done() {
      if (shown) stream.write("\r\x1B[K");
      shown = false;
    }
  };
}

// src/cli/run.ts
async function runCli(argv, cwd = process.cwd(), readStdin = () => readFileSync(0, "utf8"), output = {}) {
  textColor = output.color === true;
  stdoutTTY = output.isTTY === true;
  runCwd = cwd;
  let stdinUsed = false;
  const stdin = () => {
    if (stdinUsed) throw new UsageError("standard input (-) can stand for only one state per run");
    stdinUsed = true;
    return readStdin();
  };
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (e) {
    if (e instanceof UsageError) return usage(e.message, e.command);
    return usage(errorMessage(e), void 0);
  }
  const { values: v, positionals, command } = parsed;
  const answered = helpResult(v, command, positionals[1]);
  if (answered) return answered;
  if (!command) return { exitCode: 2, stdout: USAGE, stderr: "" };
  const progress = progressLine(output.progress, { thresholdMs: output.progressAfterMs });
  try {
    const run = own(COMMANDS2, command);
    if (!run) return usage(unknownCommand(command).message, void 0);
    return await run({ v, positionals, cwd, stdin, progress });
  } catch (e) {
    return failure(e, command);
  } finally {
    progress.done();
  }
}
function helpResult(v, command, topic) {
  if (v.version) return { exitCode: 0, stdout: `karpenter-plan ${VERSION}
`, stderr: "" };
  if (command === "help") {
    if (topic === void 0) return { exitCode: 0, stdout: USAGE, stderr: "" };
    const text = own(COMMAND_HELP, topic);
    return text ? { exitCode: 0, stdout: text, stderr: "" } : usage(unknownCommand(topic).message, void 0);
  }
  const help = command ? own(COMMAND_HELP, command) : void 0;
  if (v.help && help) return { exitCode: 0, stdout: help, stderr: "" };
  if (v.help && command) return usage(unknownCommand(command).message, void 0);
  if (v.help) return { exitCode: 0, stdout: USAGE, stderr: "" };
  return null;
}
var COMMANDS2 = {
  diff: (r) => diffCommand(r.v, r.cwd, r.stdin, r.progress),
  simulate: (r) => singleCommand("simulate", r.v, r.positionals[1], r.cwd, r.stdin, r.progress),
  validate: (r) => singleCommand("validate", r.v, r.positionals[1], r.cwd, r.stdin, r.progress),
  targets: (r) => targetsCommand(r.v, r.cwd, r.stdin),
  baseline: (r) => baselineCommand(r.v, r.positionals[1], r.cwd, r.stdin),
  merge: (r) => mergeCommand(r.v, r.positionals.slice(1), r.cwd),
  catalog: (r) => catalogCommand(r.v, r.positionals[1], r.cwd)
};
async function catalogCommand(v, sub, cwd) {
  if (sub !== "refresh") {
    const near = sub ? closest(sub, ["refresh"]) : void 0;
    return usage(
      sub ? `unknown catalog command "${sub}"${near ? ` (did you mean catalog ${near}?)` : ""}` : "catalog needs a command: catalog refresh",
      "catalog"
    );
  }
  const { catalogRefreshCommand } = await import("./catalog-refresh-W7XRFG5E.js");
  return await catalogRefreshCommand(v.region, v.out, cwd);
}
function failure(e, command) {
  if (e instanceof UsageError) return usage(e.message, e.command ?? command);
  if (e instanceof InputError || e instanceof UnknownTargetError) return usage(e.message, command);
  if (e instanceof MergeError || e instanceof PlanDocumentError || e instanceof RunInputError)
    return { exitCode: 2, stdout: "", stderr: `karpenter-plan: ${e.message}
` };
  if (e instanceof ConfigError)
    return { exitCode: 2, stdout: "", stderr: `karpenter-plan: invalid configuration:
${e.message}
` };
  return { exitCode: 2, stdout: "", stderr: `karpenter-plan: ${errorMessage(e)}
` };
}
function usage(msg, command) {
  return { exitCode: 2, stdout: "", stderr: `karpenter-plan: ${msg}
${seeHelp(command)}
` };
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
  return new DirTree(d, dir ?? ".", outputsOf(v, cwd));
}
function outputsOf(v, cwd) {
  return [v.out, v["json-out"]].filter((x) => typeof x === "string").map((x) => resolve(cwd, x));
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
  const trusted = gitMode && base instanceof GitTree && head instanceof GitTree ? { trusted: base, trustedFiles: revisionFileReader(base.repo, base.sha, head.sha) } : gitMode ? { trusted: base } : {};
  return { base, head, config, configFindings, cwd, ...target(v), ...trusted };
}
function reportFormat(v) {
  if (typeof v.format === "string") return v.format;
  return stdoutTTY && typeof v.out !== "string" ? "text" : "markdown";
}
async function diffCommand(v, cwd, stdin, progress) {
  const plan = await executePlan({ ...diffInput("diff", v, cwd, stdin), progress: (m) => progress.report(m) });
  progress.done();
  return emit(plan, reportFormat(v), v);
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
  return emit(plan, reportFormat(v), v);
}
async function singleCommand(command, v, positional, cwd, stdin, progress) {
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
    validateOnly: command === "validate",
    progress: (m) => progress.report(m)
  });
  progress.done();
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
  const findings2 = [...plan.findings, ...(plan.suppressedFindings ?? []).filter((f) => f.suppressedBy === "baseline")];
  const doc = {
    schemaVersion: 1,
    findings: findings2.filter((f) => f.fingerprint).map((f) => ({ fingerprint: f.fingerprint, rule: f.rule, object: f.object, file: f.file, message: f.message })).sort((a, b) => a.fingerprint.localeCompare(b.fingerprint))
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
function sarifRoot(v) {
  if (typeof v.path === "string" && (v["base-ref"] || v["head-ref"] || v.ref)) return v.path;
  const dir = [v.head, v.state].find((x) => typeof x === "string" && x !== "-");
  if (!dir || !runCwd) return "";
  const abs = resolve(runCwd, dir);
  const top = gitTopLevel(abs);
  if (!top) return "";
  const rel = relative(realpathSync(top), realpathSync(abs)).split(sep).join("/");
  return rel.startsWith("..") ? "" : rel;
}
var textColor = false;
var stdoutTTY = false;
var runCwd = "";
function emit(plan, format, v) {
  let body;
  if (format === "json") body = JSON.stringify(plan, null, 2) + "\n";
  else if (format === "markdown" || format === "md") body = logSafe(renderMarkdown(plan)) + "\n";
  else if (format === "text") body = logSafe(renderText(plan, { color: textColor }));
  else if (format === "sarif") body = renderSarif(plan, { root: sarifRoot(v) });
  else {
    const near = closest(format, ["markdown", "json", "text", "sarif"]);
    throw new UsageError(
      `unknown --format "${format}" (${near ? `did you mean ${near}? ` : ""}markdown, json, text or sarif)`
    );
  }
  if (typeof v["json-out"] === "string")
    writeFileAtomic(resolve(runCwd, v["json-out"]), JSON.stringify(plan, null, 2) + "\n");
  const exitCode = plan.nothingEvaluated ? 2 : plan.verdict === "pass" ? 0 : 1;
  const debug = v.debug ? ["base", "head"].map(
    (side) => `debug: ${side} read ${plan.inputs[side].files.length} file(s) [${plan.inputs[side].files.join(", ")}]; other kinds ignored: ${JSON.stringify(plan.inputs[side].ignoredKinds)}
`
  ).join("") : "";
  if (typeof v.out === "string") {
    writeFileAtomic(resolve(runCwd, v.out), body);
    return { exitCode, stdout: `karpenter-plan: ${plan.verdict}; report written to ${v.out}
`, stderr: debug };
  }
  return { exitCode, stdout: body, stderr: debug };
}

// src/cli/main.ts
function main() {
  process.stdout.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
  const isTTY = process.stdout.isTTY === true;
  runCli(process.argv.slice(2), process.cwd(), void 0, {
    isTTY,
    color: colorEnabled(isTTY, process.env),
    progress: process.stderr
  }).then(
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
}
export {
  main
};
