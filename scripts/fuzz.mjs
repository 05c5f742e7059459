// Fuzzes `validate` and `diff` with seeded mutations of the examples (test/support/fuzz-lib.ts): truncation, type
// swaps, edge numbers, unicode, deep nesting, duplicate keys, anchors, aliases and merge keys, BOM, CRLF, prototype
// names, nulls, empty documents. Cases run in-process (the CLI's runCli, bundled from src/ with esbuild) in worker
// threads, so a case that hangs is stopped after --timeout and reported. Exits 1 when any case failed. Every command of a
// case runs with a time budget (head's `caps.runSeconds`) of an eighth of --timeout: a large input must end with a
// partial report and an input-capped error, so a case past --timeout is a loop that ignores the budget.
//
//   node scripts/fuzz.mjs [--seed N] [--from N] [--cases N] [--timeout MS] [--workers N] [--out DIR] [--only I,J,...]
//                         [--hostile]
//
// --from N --cases M runs the cases N … N+M-1 of the seed: a long run is split into CI-sized batches (e.g. 500 cases
// each) that run apart and together cover exactly the cases of one run of N+M cases.
//
// --hostile also attacks the surfaces of issue 26 in every case (values files with prototype keys, suppression
// annotations on invalid objects, look-alikes and duplicates, Markdown/HTML/mention payloads as names, label values and
// file names, the clusters config; and, in half of the cases, input that must not pass: invalid labels from
// kustomize, remote and outside references in kustomizations, hostile charts, Argo CD Applications and ApplicationSets,
// manifests globs matching nothing, clusters inputs through symlinks), and checks the Markdown report for raw
// payloads, the plan for findings an annotation must not silence, the verdict of invalid input (never pass), the
// output for a canary file outside the states (an outside read) and a local HTTP server for connections (a request).
//
// Failing inputs are written to DIR (default: the repository's .tmp/fuzz-failures/), a few per distinct failure, each
// with case.json (mutations, failures, the commands to run in that folder) and base/, head/, fleet.json; every failing
// case index is listed in DIR/summary-SEED.json. Also `npm run fuzz -- --cases 500`.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { generateAll } from './generate-validators.mjs';

/** The repository (this file's parent folder): the bundle, examples/ and dist/ are found from here, whatever the cwd. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// One bundle per process: batches may run side by side, and a worker restarted after a hang loads this run's bundle.
const BUNDLE = join(ROOT, `.tmp/fuzz/fuzz-bundle-${process.pid}.mjs`);

async function bundle() {
  await generateAll(); // the schema validators the sources import (src/generated/, not in git)
  await build({
    stdin: {
      contents: "export * from './test/support/fuzz-lib.ts';\nexport { runCli } from './src/cli/run.ts';\n",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: BUNDLE,
    logLevel: 'error',
    // hcl2json loads its WebAssembly next to its own files (and requires a `performance` package Node never needs).
    external: ['@aws-sdk/*', '@kubernetes/client-node', '@cdktf/hcl2json'],
    banner: {
      js: "import { createRequire as __kpCreateRequire } from 'node:module'; const require = __kpCreateRequire(import.meta.url);",
    },
  });
}

async function workerMain() {
  const lib = await import(pathToFileURL(workerData.bundle).href);
  const examples = lib.loadExamples(workerData.examples);
  // The CLI would print a process warning (e.g. from a library) on standard error: collect them per case.
  let warnings = [];
  process.on('warning', (w) => warnings.push(`${w.name}: ${w.message}`));
  parentPort.on('message', async ({ index }) => {
    const c = lib.makeCase(examples, workerData.seed, index, workerData.hostile ? { hostile: true } : {});
    const dir = join(workerData.tmp, String(index));
    mkdirSync(dir, { recursive: true });
    warnings = [];
    const outcome = await lib.runCase(c, dir, lib.runCli, { port: workerData.port, runSeconds: workerData.runSeconds });
    for (const w of new Set(warnings))
      outcome.failures.push({
        cls: 'stderr',
        command: '(one of the case)',
        detail: `process warning on standard error: ${w}`,
        signature: lib.signatureOf('stderr', `process warning: ${w}`),
      });
    rmSync(dir, { recursive: true, force: true });
    parentPort.postMessage({ index, outcome });
  });
  parentPort.postMessage({ ready: true });
}

function usage(msg) {
  process.stderr.write(
    `fuzz: ${msg}\nUsage: node scripts/fuzz.mjs [--seed N] [--from N] [--cases N] [--timeout MS] [--workers N] [--out DIR] [--only I,J,...]\n`,
  );
  process.exit(2);
}

function intArg(v, name, min) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) usage(`${name} must be an integer ≥ ${min}, got ${v}`);
  return n;
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        seed: { type: 'string', default: '1' },
        from: { type: 'string', default: '0' },
        cases: { type: 'string', default: '10000' },
        timeout: { type: 'string', default: '10000' },
        workers: { type: 'string', default: '1' },
        out: { type: 'string' },
        only: { type: 'string' },
        'keep-per-signature': { type: 'string', default: '3' },
        hostile: { type: 'boolean', default: false },
      },
    }));
  } catch (e) {
    usage(e.message);
  }
  const seed = intArg(values.seed, '--seed', 0);
  const timeout = intArg(values.timeout, '--timeout', 1);
  // Each case runs up to five commands one after the other: each gets an eighth of the per-case limit as its time
  // budget (caps.runSeconds in head's configuration, fuzz-lib.ts withRunBudget), so a case that reaches the limit is a
  // budget not honoured (a loop that never checks the clock), not merely a large input.
  const runSeconds = Math.max(1, Math.floor(timeout / 8000));
  const workers = intArg(values.workers, '--workers', 1);
  const keep = intArg(values['keep-per-signature'], '--keep-per-signature', 0);
  const hostile = values.hostile === true;
  const from = intArg(values.from, '--from', 0);
  const indices = values.only
    ? values.only.split(',').map((s) => intArg(s.trim(), '--only', 0))
    : Array.from({ length: intArg(values.cases, '--cases', 1) }, (_, i) => from + i);
  const out = values.out ? resolve(values.out) : join(ROOT, '.tmp/fuzz-failures');

  const t0 = Date.now();
  await bundle();
  const lib = await import(pathToFileURL(BUNDLE).href);
  const examplesDir = join(ROOT, 'examples');
  const examples = lib.loadExamples(examplesDir);
  const tmp = mkdtempSync(join(tmpdir(), 'kp-fuzz-'));

  const failedCases = new Map(); // index -> failures
  const bySignature = new Map(); // signature -> { cls, count, saved: [] }
  const exitCounts = { 0: 0, 1: 0, 2: 0 };
  const slow = [];
  let done = 0;

  // Hostile inputs name this server's URL (test/support/fuzz-lib.ts FUZZ_URL, with the case index in the path): any
  // connection to it is a request the run should never have made.
  const requests = new Map(); // case index (-1: unknown) -> request lines
  let connections = 0;
  const server = createServer((req, res) => {
    const m = /^\/case-(\d+)\//.exec(req.url ?? '');
    const index = m ? Number(m[1]) : -1;
    if (!requests.has(index)) requests.set(index, []);
    requests.get(index).push(`${req.method} ${req.url}`);
    res.statusCode = 404;
    res.end();
  });
  server.on('connection', () => connections++);
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const port = server.address().port;

  const finished = [];
  const record = (index, failures, ms) => {
    done++;
    finished.push(index);
    if (ms !== undefined) slow.push([ms, index]);
    addFailures(index, failures);
  };
  const addFailures = (index, failures) => {
    if (!failures.length) return;
    failedCases.set(index, [...(failedCases.get(index) ?? []), ...failures]);
    const seen = new Set();
    for (const f of failures) {
      if (seen.has(f.signature)) continue;
      seen.add(f.signature);
      let s = bySignature.get(f.signature);
      if (!s) bySignature.set(f.signature, (s = { cls: f.cls, count: 0, saved: [] }));
      s.count++;
      if (s.saved.length < keep) s.saved.push(save(index, failures));
    }
  };

  const save = (index, failures) => {
    const c = lib.makeCase(examples, seed, index, hostile ? { hostile: true } : {});
    const dir = join(out, `${seed}-${index}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const runs = lib.layOut(c, dir, false, 9, runSeconds);
    if (c.stdin !== null) writeFileSync(join(dir, 'stdin.yaml'), c.stdin);
    const cli = join(ROOT, 'dist/cli.js');
    const doc = {
      seed,
      index,
      example: c.example,
      mutations: c.mutations,
      failures,
      reproduce: `node scripts/fuzz.mjs --seed ${seed} --only ${index}`,
      commands: runs.map((r) => `node ${cli} ${r.args.join(' ')}${r.stdin !== undefined ? ' < stdin.yaml' : ''}`),
    };
    writeFileSync(join(dir, 'case.json'), JSON.stringify(doc, null, 2) + '\n');
    return dir;
  };

  const queue = [...indices];
  const workersLive = new Set();
  let interrupted = false;
  await new Promise((finish) => {
    let live = 0;
    // Interrupted (SIGINT, SIGTERM): the cases in flight are dropped and the summary covers the finished ones.
    const interrupt = () => {
      if (interrupted) return;
      interrupted = true;
      queue.length = 0;
      if (!workersLive.size) finish();
      for (const w of workersLive) w.terminate();
    };
    process.once('SIGINT', interrupt);
    process.once('SIGTERM', interrupt);
    const start = () => {
      if (interrupted) return;
      const w = new Worker(new URL(import.meta.url), {
        workerData: { bundle: BUNDLE, examples: examplesDir, seed, tmp, hostile, port, runSeconds },
        resourceLimits: { maxOldGenerationSizeMb: 4096 },
        execArgv: ['--no-warnings'],
      });
      workersLive.add(w);
      live++;
      let current = null;
      let timer = null;
      let stopped = false;
      const next = () => {
        if (!queue.length) {
          stopped = true;
          w.terminate();
          return;
        }
        current = queue.shift();
        timer = setTimeout(() => {
          // A case past the limit: stop the worker (it may be in a synchronous loop) and go on in a new one.
          stopped = true;
          record(current, [
            {
              cls: 'hang',
              command: '(any of the case)',
              detail: `no result after ${timeout} ms`,
              signature: `hang: no result after ${timeout} ms`,
            },
          ]);
          current = null;
          w.terminate();
          start();
        }, timeout);
        w.postMessage({ index: current });
      };
      w.on('message', (m) => {
        if (m.ready) return next();
        clearTimeout(timer);
        for (const e of m.outcome.exits) if (e in exitCounts) exitCounts[e]++;
        record(m.index, m.outcome.failures, m.outcome.ms);
        current = null;
        if (done % 500 === 0)
          process.stderr.write(
            `fuzz: ${done}/${indices.length} cases, ${failedCases.size} failing, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`,
          );
        next();
      });
      w.on('error', (e) => {
        // An exception that escaped runCli's handling, or the worker ran out of memory.
        clearTimeout(timer);
        if (current !== null && !interrupted) {
          const detail = `${e?.name ?? 'Error'}: ${e?.message ?? e}`;
          record(current, [
            {
              cls: 'worker-died',
              command: '(any of the case)',
              detail,
              signature: lib.signatureOf('worker-died', detail),
            },
          ]);
          current = null;
        }
        stopped = true;
        start();
      });
      w.on('exit', () => {
        clearTimeout(timer);
        workersLive.delete(w);
        live--;
        if (!stopped && !interrupted && current !== null) {
          record(current, [
            {
              cls: 'worker-died',
              command: '(any of the case)',
              detail: 'worker exited',
              signature: 'worker-died: exited',
            },
          ]);
          start();
        }
        if (live === 0 && !queue.length) finish();
      });
    };
    for (let i = 0; i < Math.min(workers, indices.length); i++) start();
  });
  rmSync(tmp, { recursive: true, force: true });
  rmSync(BUNDLE, { force: true });
  server.close();
  for (const [index, lines] of requests)
    addFailures(index, [
      {
        cls: 'request',
        command: '(any of the case)',
        detail: `${lines.length} request(s) to the fuzzer's server: ${lines.slice(0, 3).join(', ')}`,
        signature: lib.signatureOf('request', lines[0].replace(/\/case-\d+\//, '/case-N/')),
      },
    ]);

  const secs = (Date.now() - t0) / 1000;
  const byClass = new Map();
  for (const [sig, s] of bySignature) {
    if (!byClass.has(s.cls)) byClass.set(s.cls, []);
    byClass.get(s.cls).push([sig, s]);
  }
  const lines = [
    ...(interrupted
      ? [
          `interrupted: the ${done} finished cases are counted (${finished.length ? `#${Math.min(...finished)}–#${Math.max(...finished)}` : 'none'}), the rest did not run`,
        ]
      : []),
    `karpenter-plan fuzz: seed ${seed}${values.only ? '' : `, cases ${from}–${from + indices.length - 1}`}, ${done} cases in ${secs.toFixed(1)} s (${(done / secs).toFixed(1)} cases/s), ` +
      `${workers} worker(s), per-case limit ${timeout} ms`,
    `exit codes of the ${exitCounts[0] + exitCounts[1] + exitCounts[2]} commands run: 0 × ${exitCounts[0]}, 1 × ${exitCounts[1]}, 2 × ${exitCounts[2]}`,
    `slowest cases: ${slow
      .sort((a, b) => b[0] - a[0])
      .slice(0, 5)
      .map(([ms, i]) => `#${i} ${ms} ms`)
      .join(', ')}`,
    `connections to the request-counting server: ${connections}`,
    `failing cases: ${failedCases.size}${failedCases.size ? ` (inputs in ${out})` : ''}`,
  ];
  for (const [cls, sigs] of [...byClass].sort()) {
    const cases = new Set([...failedCases].filter(([, fs]) => fs.some((f) => f.cls === cls)).map(([i]) => i)).size;
    lines.push(`  ${cls}: ${cases} case(s), ${sigs.length} distinct`);
    for (const [sig, s] of sigs.sort((a, b) => b[1].count - a[1].count))
      lines.push(`    ${s.count} × ${sig}${s.saved.length ? `  e.g. ${s.saved[0]}` : ''}`);
  }
  for (const [cls] of [...byClass].sort()) {
    const cases = [...failedCases].filter(([, fs]) => fs.some((f) => f.cls === cls)).map(([i]) => i);
    lines.push(`  cases with ${cls}: ${cases.slice(0, 30).join(', ')}${cases.length > 30 ? ', …' : ''}`);
  }
  if (failedCases.size) {
    // Every failing case (not only the saved ones), to re-run any of them with --only.
    mkdirSync(out, { recursive: true });
    // One summary per batch (--from), so that batches run apart do not overwrite each other's.
    const summaryName = `summary-${seed}${!values.only && from > 0 ? `-from-${from}` : ''}.json`;
    const summary = {
      seed,
      from: values.only ? null : from,
      cases: done,
      seconds: secs,
      failing: Object.fromEntries(
        [...failedCases]
          .sort((a, b) => a[0] - b[0])
          .map(([i, fs]) => [i, fs.map((f) => ({ cls: f.cls, signature: f.signature }))]),
      ),
    };
    writeFileSync(join(out, summaryName), JSON.stringify(summary, null, 2) + '\n');
    lines.push(`every failing case: ${join(out, summaryName)}`);
  }
  if (values.only)
    for (const [i, fs] of failedCases)
      for (const f of fs)
        lines.push(`  #${i} ${f.cls}: ${f.command}\n      ${f.detail.split('\n').slice(0, 6).join('\n      ')}`);
  process.stdout.write(lines.join('\n') + '\n');
  process.exitCode = failedCases.size ? 1 : 0;
}

if (isMainThread) await main();
else await workerMain();
