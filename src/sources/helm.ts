/**
 * Rendering a chart with the real `helm template` for one state. The chart folder and its
 * values files are copied out of the state (directory or git revision) into a temporary folder,
 * then rendered offline: never `--validate`, never anything that contacts a cluster.
 */
import { makeTempFolder, removeTempFolder } from './temp-folders.js';
import { createHash } from 'node:crypto';
import type { SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ChartSource } from './config.js';
import { karpenterRelevant } from './coverage.js';
import { GitTree, type FileTree } from './tree.js';
import { isObject } from '../common/fields.js';
import { KeptRenderings } from './kept-renderings.js';
import { runSandboxed } from './sandbox.js';
import { isScalar, LineCounter, parseDocument, visit } from 'yaml';

/** `values-<env>.yaml`, `values.<env>.yaml` (or `.yml`): a chart environment's values file (sources/targets.ts). */
const ENV_VALUES = /^values[-.]([A-Za-z0-9_-][A-Za-z0-9._-]*)\.ya?ml$/;

/** The environment of a chart's values file (`values-prod.yaml` → `prod`), or null. */
export function valuesEnvironment(file: string): string | null {
  return ENV_VALUES.exec(file.slice(file.lastIndexOf('/') + 1))?.[1] ?? null;
}

/** A chart's folder as a state path: '' for the root (`.`, `./`, ''), else without `./` and trailing slashes. */
export function chartDir(path: string): string {
  const p = path.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return p === '.' ? '' : p;
}

/** The prefix of a chart's files in the state ('' for a chart at the root). */
export function chartPrefix(path: string): string {
  const d = chartDir(path);
  return d ? `${d}/` : '';
}

/** The files a chart's rendering reads in a state: every file of its folder and its values files. */
export function chartInputs(files: readonly string[], chart: ChartSource): string[] {
  const prefix = chartPrefix(chart.path);
  return files.filter((f) => f.startsWith(prefix) || chart.values.includes(f));
}

/** A folder with a `Chart.yaml` (the root included), not inside another chart (a subchart is its parent's). */
export interface FoundChart {
  /** '' for the root. */
  dir: string;
  /** Its files. */
  files: string[];
  /** Values files named for environments (`values-<env>.yaml`) next to its `Chart.yaml`. */
  envValues: string[];
  /** Whether a template or values file of it can produce Karpenter objects (judged as coverage judges files). */
  karpenter: boolean;
}

const foundCharts = new WeakMap<FileTree, FoundChart[]>();

/** The charts of a state (read once per tree). */
export function findCharts(tree: FileTree): FoundChart[] {
  let out = foundCharts.get(tree);
  if (out) return out;
  const files = tree.list();
  const dirs = files
    .filter((f) => f === 'Chart.yaml' || f.endsWith('/Chart.yaml'))
    .map((f) => f.slice(0, -'Chart.yaml'.length).replace(/\/$/, ''));
  const within = (d: string, o: string): boolean => o === '' || d.startsWith(`${o}/`);
  out = dirs
    .filter((d) => !dirs.some((o) => o !== d && within(d, o)))
    .map((dir) => {
      const prefix = dir ? `${dir}/` : '';
      const own = files.filter((f) => f.startsWith(prefix));
      const top = own.filter((f) => !f.slice(prefix.length).includes('/'));
      const feeding = own.filter((f) => {
        const rest = f.slice(prefix.length);
        return rest.startsWith('templates/') || /^values([-.][^/]*)?\.ya?ml$/.test(rest);
      });
      if (tree instanceof GitTree) tree.readMany(feeding);
      return {
        dir,
        files: own,
        envValues: top.filter((f) => valuesEnvironment(f) !== null).sort(),
        karpenter: feeding.some((f) => karpenterRelevant(f, tree.read(f))),
      };
    });
  foundCharts.set(tree, out);
  return out;
}

/**
 * Dependencies a chart's `Chart.yaml` declares that are not vendored as a folder under its `charts/`. Those are never
 * fetched (pull request content never reaches the network), so the chart is not rendered: helm would refuse it, and a
 * rendering without them could leave out what they template.
 */
export function missingDependencies(tree: FileTree, chart: ChartSource, files: readonly string[]): string[] {
  const prefix = chartPrefix(chart.path);
  const text = tree.read(`${prefix}Chart.yaml`);
  if (text === null) return [];
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch {
    return []; // helm reports a Chart.yaml it cannot read
  }
  const deps = isObject(doc) && Array.isArray(doc.dependencies) ? doc.dependencies.filter(isObject) : [];
  const vendored = new Set<string>();
  for (const f of files) {
    const m = /^charts\/([^/]+)\/Chart\.yaml$/.exec(f.slice(prefix.length));
    if (!f.startsWith(prefix) || !m) continue;
    const sub = tree.read(f);
    let name: unknown = m[1];
    try {
      const v: unknown = sub === null ? null : parseYaml(sub);
      if (isObject(v) && typeof v.name === 'string') name = v.name;
    } catch {
      // its folder's name stands
    }
    vendored.add(String(name));
  }
  return deps
    .filter((d) => typeof d.name === 'string' && !vendored.has(d.name))
    .map((d) => `${String(d.name)}${typeof d.repository === 'string' && d.repository ? ` (${d.repository})` : ''}`);
}

export type HelmResult =
  | { ok: true; output: string }
  | {
      ok: false;
      missing: boolean;
      message: string;
      /** Set when the chart was refused before rendering because of what a file of it names: where. */
      refused?: { file: string; line: number | null };
    };

/** The JSON Schema keywords whose value is a reference helm's schema loader resolves (gojsonschema, jsonschema v6). */
const REFERENCE_KEYWORDS = new Set(['$ref', '$dynamicRef', '$recursiveRef']);
/** Meta-schemas every schema library carries built in: a `$schema` naming one is never fetched. */
const KNOWN_METASCHEMA = /^https?:\/\/json-schema\.org\/(draft-0[3467]\/schema|draft\/20(19-09|20-12)\/schema)#?$/;

/**
 * References of a chart's `values.schema.json` that helm would load from elsewhere: every `$ref` (or `$dynamicRef`,
 * `$recursiveRef`) that is not a fragment of the same document (`#/definitions/x`) — helm 3.17's loader
 * (xeipuuv/gojsonschema) fetches `http(s)://` and reads `file://` and relative references — and a `$schema` that is
 * not a built-in meta-schema. Each with its line.
 */
export function schemaOutsideReferences(text: string): { reference: string; line: number | null }[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const out: { reference: string; line: number | null }[] = [];
  visit(doc, {
    Pair(_key, pair) {
      if (!isScalar(pair.key) || !isScalar(pair.value)) return;
      const key = String(pair.key.value);
      const value = pair.value.value;
      if (typeof value !== 'string') return;
      const outside =
        (REFERENCE_KEYWORDS.has(key) && !value.trim().startsWith('#')) ||
        (key === '$schema' && !KNOWN_METASCHEMA.test(value.trim()));
      if (outside) out.push({ reference: value, line: pair.key.range ? lines.linePos(pair.key.range[0]).line : null });
    },
  });
  return out;
}

/** Whether each helm binary answered, per PATH (a bare name) or per file (a path), for the life of the process. */
const helmProbes = new Map<string, boolean>();

/**
 * Whether `binary` answers `helm version --short`. A bare name (looked up on PATH) is asked once per process and PATH;
 * a path once per process and file: its absolute path with the file's identity (device, inode, size, modification
 * time), so a binary replaced or rewritten at the same path is asked again.
 */
export function helmAvailable(binary: string): boolean {
  const key = binary.includes('/') ? fileIdentity(binary) : `${process.env.PATH ?? ''}\0${binary}`;
  const known = key === null ? undefined : helmProbes.get(key);
  if (known !== undefined) return known;
  const home = makeTempFolder('karpenter-plan-probe-');
  try {
    const ok =
      runSandboxed(binary, ['version', '--short'], { home, timeoutMs: 20_000, withoutNamespace: true }).status === 0;
    if (key !== null) helmProbes.set(key, ok);
    return ok;
  } finally {
    removeTempFolder(home);
  }
}

/** A key naming one version of the file at `path`, or null when it cannot be read (then the probe is not kept). */
function fileIdentity(path: string): string | null {
  try {
    const abs = resolve(path);
    const st = statSync(abs);
    return `file\0${abs}\0${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  } catch {
    return null;
  }
}

/** A Helm release name: a DNS-1123 label of at most 53 characters (helm's own rule), so it can never be a flag. */
const RELEASE_NAME = /^[a-z0-9]([-a-z0-9]{0,51}[a-z0-9])?$/;
/** A Kubernetes namespace: a DNS-1123 label. */
const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function renderChart(tree: FileTree, chart: ChartSource, binary: string, timeoutMs = 60_000): HelmResult {
  if (!RELEASE_NAME.test(chart.releaseName))
    return {
      ok: false,
      missing: false,
      message: `release name ${JSON.stringify(chart.releaseName.slice(0, 80))} of chart ${chart.path} is not a DNS-1123 label of at most 53 characters; the chart is not rendered`,
    };
  if (!NAMESPACE.test(chart.namespace))
    return {
      ok: false,
      missing: false,
      message: `namespace ${JSON.stringify(chart.namespace.slice(0, 80))} of chart ${chart.path} is not a DNS-1123 label; the chart is not rendered`,
    };
  const files = tree.list();
  const missing = missingDependencies(tree, chart, files);
  const where = chartDir(chart.path) || '.';
  if (missing.length)
    return {
      ok: false,
      missing: false,
      message: `chart ${where} depends on ${missing.join(', ')}, not vendored under ${chartPrefix(chart.path)}charts/: dependencies are never fetched (pull request content does not reach the network), so the chart is not rendered; run \`helm dependency build ${where}\` and commit ${chartPrefix(chart.path)}charts/ with each dependency unpacked in a folder (\`tar -xzf\` the .tgz archives there: archives are not read)`,
    };
  const prefix = chartPrefix(chart.path);
  const listed = new Set(files);
  const outside = chart.values.filter((v) => !listed.has(v));
  if (outside.length)
    return {
      ok: false,
      missing: false,
      message: `values file(s) ${outside.map((v) => JSON.stringify(v)).join(', ')} of chart ${chart.path} are not files of the state; the chart is not rendered`,
    };
  const wanted = chartInputs(files, chart);
  if (!listed.has(`${prefix}Chart.yaml`))
    return { ok: false, missing: false, message: `chart folder ${where} holds no Chart.yaml in ${tree.label}` };
  // A schema that names anything outside itself is refused before helm runs: helm would fetch or read it.
  for (const f of wanted) {
    if (!/(^|\/)values\.schema\.json$/.test(f)) continue;
    const outside = schemaOutsideReferences(tree.read(f) ?? '');
    if (outside.length)
      return {
        ok: false,
        missing: false,
        message: `chart ${chart.path} was not evaluated: ${f} references ${outside
          .slice(0, 3)
          .map((o) => JSON.stringify(o.reference.slice(0, 200)))
          .join(
            ', ',
          )}, outside the schema itself; helm would fetch or read it while validating the values, so the chart is not rendered (use references within the document, \`#/…\`)`,
        refused: { file: f, line: outside[0].line },
      };
  }
  const key = renderingKey(
    binary,
    chart,
    wanted.map((f) => [f, tree.read(f)]),
  );
  const known = renderings.get(key);
  if (known) return known;
  const root = makeTempFolder('karpenter-plan-helm-');
  try {
    for (const f of wanted) {
      const text = tree.read(f);
      if (text === null) continue;
      const out = join(root, 'tree', f);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, text);
    }
    // Fixed flags only, then `--`: nothing from the input can be read as an option.
    const args = ['template', '--namespace', chart.namespace];
    for (const v of chart.values) args.push('--values', join(root, 'tree', v));
    if (chart.inlineValues !== undefined) {
      const inline = join(root, 'inline-values.yaml');
      writeFileSync(inline, chart.inlineValues);
      args.push('--values', inline);
    }
    args.push('--', chart.releaseName, join(root, 'tree', chartDir(chart.path)));
    // No token, no Actions variable, no plugin or repository configuration of the caller's, no network (sandbox.ts).
    const r = runSandboxed(binary, args, { home: join(root, 'home'), timeoutMs });
    const result = helmOutcome(r, chart, binary, root, timeoutMs);
    // A missing binary or a timeout depends on the machine, not on the chart: not kept.
    if (result.ok || (!result.missing && !r.error && r.status !== null)) renderings.keep(key, result);
    return result;
  } finally {
    removeTempFolder(root);
  }
}

/**
 * Renderings already made in this process (kept-renderings.ts), by what decides them: the binary, the release name,
 * the namespace, and the path and text of every file copied for the chart (values included) and the inline values.
 */
const renderings = new KeptRenderings<HelmResult>();

function renderingKey(binary: string, chart: ChartSource, files: [string, string | null][]): string {
  const h = createHash('sha256');
  for (const part of [
    binary,
    chart.releaseName,
    chart.namespace,
    chart.path,
    ...chart.values,
    chart.inlineValues ?? '\0',
  ])
    h.update(part).update('\0');
  for (const [path, text] of files)
    h.update(path)
      .update('\0')
      .update(text ?? '\0')
      .update('\0');
  return h.digest('hex');
}

/** What one run of `helm template` answered, as the state reads it. */
function helmOutcome(
  r: SpawnSyncReturns<string>,
  chart: ChartSource,
  binary: string,
  root: string,
  timeoutMs: number,
): HelmResult {
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
    return { ok: false, missing: true, message: `helm was not found (${binary}); install helm or set helm.binary` };
  }
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
    return {
      ok: false,
      missing: false,
      message: `helm template ${chart.path} did not finish within ${timeoutMs / 1000} s and was stopped`,
    };
  if (r.status !== 0)
    return {
      ok: false,
      missing: false,
      message: `helm template ${chart.path} failed: ${(r.stderr || '')
        .split(join(root, 'tree') + '/')
        .join('')
        .trim()
        .split('\n')
        .slice(0, 5)
        .join(' ')}`,
    };
  return { ok: true, output: r.stdout };
}
