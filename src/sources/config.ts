/**
 * The configuration file `.karpenter-plan.yaml`: read, validated against
 * schema/config.schema.json, and completed with defaults. Paths inside it are relative to
 * each state's root.
 */
import type { ErrorObject } from 'ajv';
import { validate as validateConfigSchema } from '../generated/config-schema.validator.js';
import type { Charts, ConfigFile, ValuesAdapters } from '../generated/config-schema.types.js';
import type { Finding, Position } from '../common/findings.js';
import { isObject } from '../common/fields.js';
import { parseYamlDocuments, type SourceDocument } from './yaml.js';
import { leavesState } from './remote-reference.js';
import type { IceScenario } from '../cloudprovider/unavailable-offerings.js';
import type { ReservationInput } from '../provisioning/provisioner.js';
import type { ClusterEntry } from './applicationset.js';

export type ValuesLayout = 'map' | 'list' | 'spec';

export interface ValuesAdapter {
  files: string[];
  layout: ValuesLayout;
  nodePools: string;
  nodeClasses: string;
  nodeOverlays: string;
}

export interface ChartSource {
  path: string;
  values: string[];
  releaseName: string;
  namespace: string;
  fallbackValues?: number;
  /** Values given inline (Argo CD `helm.values` / `valuesObject`), applied after the files. */
  inlineValues?: string;
  /** The environment of a chart found without configuration (`values-<env>.yaml`): sources/targets.ts. */
  env?: string;
  /** A chart found without configuration and without environments (sources/helm.ts findCharts). */
  discovered?: boolean;
}

/**
 * The inputs of a `clusters:` entry that is a target of its own: what is planned for that cluster (its manifests,
 * values adapters, charts, kustomization), the fleet it acts on and its controller settings. Keys the entry does not
 * name read nothing, except `controller`, which is then the top-level one.
 */
export interface ClusterInputs {
  /** The entry's index in the config file's `clusters:` list (findings about its inputs point there). */
  entry: number;
  /** Manifest globs (a folder is read as every `.yaml`/`.yml` file under it). */
  manifests: string[];
  /** The manifests entries as written (a folder, a file or a glob), each checked against the state. */
  manifestEntries: string[];
  values: ValuesAdapter[];
  charts: ChartSource[];
  /** A kustomization folder ('' for the root). */
  kustomization: string | null;
  fleet: string[];
  controller: Config['controller'] | null;
}

/** An entry of the config's `clusters:` list; one with `inputs` is a target keyed by its name. */
export interface ClusterConfig extends ClusterEntry {
  inputs?: ClusterInputs;
}

/** The keys of a `clusters:` entry that make it a target (they name what is planned for it). */
export const CLUSTER_INPUT_KEYS = ['manifests', 'values', 'charts', 'kustomization', 'fleet', 'controller'] as const;

/** A capacity reservation (the model's own shape). */
export type Reservation = ReservationInput;

export interface Config {
  manifests: string[];
  /** The config file sets `manifests:` (else the defaults apply): its entries are checked against the state. */
  manifestsInFile?: boolean;
  exclude: string[];
  values: ValuesAdapter[];
  charts: ChartSource[];
  helm: { binary: string };
  /** How long a renderer (kustomize, helm) may run, in seconds. */
  renderTimeoutSeconds: number;
  controller: { values?: string; settings?: Record<string, unknown> };
  region?: string;
  zones?: string[];
  catalog?: string;
  spotPriceFactor: number;
  /** false: base and head may both hold no Karpenter object (else such a run exits 2, nothing to plan). */
  expectKarpenterObjects: boolean;
  reservations: Reservation[];
  workloads: Record<string, unknown>[];
  probes: boolean;
  fleet: string[];
  /** A live cluster to read the fleet from (read-only lists of NodeClaims and Nodes). */
  cluster?: { kubeconfig?: string; context?: string };
  /**
   * Clusters (`clusters:`), for ApplicationSets' clusters generator and destination names; an entry with inputs of its
   * own is also a target (sources/targets.ts).
   */
  clusters: ClusterConfig[];
  /** The URLs of this repository in Argo CD `repoURL` fields (`repoURLs:`); empty: every repoURL is taken to be it. */
  repoURLs: string[];
  /** Values of template placeholders in Karpenter objects (`vars:`): sources/placeholders.ts. */
  vars?: Record<string, string>;
  policy: {
    failOn: 'error' | 'warning' | 'never';
    /** Also fail on findings base already had (default: only on findings the change introduces). */
    failOnExisting?: boolean;
    maxReplacedNodes?: number;
    maxReplacedPercent?: number;
  };
  /** Label keys of capacity outside Karpenter (`externalLabels:`), added to the EKS ones. */
  externalLabels: string[];
  /** Findings to silence (`ignore:`). */
  ignore: { rule: string; kind?: string; name?: string; reason?: string }[];
  /** A baseline file (`baseline:`); default `.karpenter-plan-baseline.json` when present. */
  baseline?: string;
  assumptions: {
    minutesPerReplacement: number;
    minutesToInitialize: number;
    at?: string;
    horizonDays: number;
    slowAfterHours: number;
  };
  rules: Record<string, 'off' | 'error' | 'warning' | 'info'>;
  scenarios: IceScenario[];
  /** Limits on what one run reads and models (docs/security.md); past them, an error finding, never a stall. */
  caps: Caps;
  /** Where the config came from (null = defaults only). */
  file: string | null;
  /** The position of a path in the config file (findings about config entries point there). */
  locate?: (path: readonly (string | number)[]) => Position | null;
}

export const CONFIG_FILE = '.karpenter-plan.yaml';

export function defaultConfig(): Config {
  return {
    manifests: ['**/*.yaml', '**/*.yml'],
    exclude: [],
    values: [],
    charts: [],
    helm: { binary: 'helm' },
    renderTimeoutSeconds: 60,
    controller: {},
    spotPriceFactor: 0.35,
    expectKarpenterObjects: true,
    reservations: [],
    workloads: [],
    probes: true,
    fleet: [],
    clusters: [],
    repoURLs: [],
    policy: { failOn: 'error' },
    assumptions: { minutesPerReplacement: 5, minutesToInitialize: 2, horizonDays: 14, slowAfterHours: 24 },
    rules: {},
    ignore: [],
    externalLabels: [],
    scenarios: [],
    caps: { ...DEFAULT_CAPS },
    file: null,
  };
}

// Precompiled from schema/config.schema.json at build time (scripts/generate-validators.mjs): no schema compilation at
// start-up. A guard of the file's raw shape, ConfigFile (src/generated/config-schema.types.ts, derived from the schema).
const validateSchema = validateConfigSchema;

export interface Caps {
  /** Replicas modelled per workload. */
  replicas: number;
  /** Objects of one kind per state (workloads and everything else but the Karpenter kinds). */
  objectsPerKind: number;
  /** NodePools, NodeOverlays and EC2NodeClasses, each, per state. */
  karpenterObjects: number;
  /** Nodes read from fleet snapshots. */
  fleetNodes: number;
  /** What-if scenarios simulated per run. */
  scenarios: number;
  /** kustomize and helm renders started per run (base and head). */
  renders: number;
  /** Argo CD Applications per state, ApplicationSets expanded. */
  applications: number;
  /** Targets planned per run. */
  targets: number;
  /** The whole run's time budget, in seconds, checked between targets, before each render and between a target's stages. */
  runSeconds: number;
}

export const DEFAULT_CAPS: Readonly<Caps> = Object.freeze({
  replicas: 50_000,
  karpenterObjects: 2_000,
  objectsPerKind: 20_000,
  fleetNodes: 200_000,
  scenarios: 50,
  renders: 200,
  applications: 2_000,
  targets: 500,
  runSeconds: 1_800,
});

export class ConfigError extends Error {}

/** Scenario requirement values written as numbers (`values: [8]`) are read as the strings the API would take. */
function coerceScenarioValues(value: unknown): void {
  if (!isObject(value) || !Array.isArray(value.scenarios)) return;
  for (const sc of value.scenarios) {
    if (!isObject(sc) || !Array.isArray(sc.unavailable)) continue;
    for (const term of sc.unavailable)
      if (Array.isArray(term))
        for (const r of term)
          if (isObject(r) && Array.isArray(r.values))
            r.values = r.values.map((x) => (typeof x === 'number' || typeof x === 'boolean' ? String(x) : x));
  }
}

/**
 * Removes what failed the schema from the parsed config until what is left passes it (its unknown keys aside, which
 * the type does not name and nothing reads): a value of the wrong type, then the object it leaves without a required
 * key, and so on up. Returns false when the root itself is invalid; true when what is left is a ConfigFile.
 */
function dropInvalid(
  root: Record<string, unknown>,
  errors: readonly { instancePath: string; keyword: string }[],
): root is Record<string, unknown> & ConfigFile {
  let left = errors;
  // Each pass removes at least one level of what fails; the schema nests less deeply than this.
  for (let pass = 0; pass < 16; pass++) {
    if (!removeInvalid(root, left)) return false;
    if (validateSchema(root) || validateSchema.errors?.every((e) => e.keyword === 'additionalProperties')) return true;
    left = validateSchema.errors ?? [];
  }
  return false;
}

/**
 * Removes the value at each error's path (additionalProperties errors aside), or the object missing a required key.
 * Returns false when the root itself is invalid.
 */
function removeInvalid(
  root: Record<string, unknown>,
  errors: readonly { instancePath: string; keyword: string }[],
): boolean {
  const paths = errors
    .filter((e) => e.keyword !== 'additionalProperties')
    .map((e) => e.instancePath)
    .filter((p, i, all) => all.indexOf(p) === i)
    .map((p) =>
      p
        .split('/')
        .slice(1)
        .map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~')),
    )
    // An `ignore` entry with an invalid field is dropped whole: without its `kind` or `name` it would silence more
    // than written (a `rule: "*"` entry whose `kind` is a number would silence every finding).
    .map((p) => (p[0] === 'ignore' && p.length > 2 ? p.slice(0, 2) : p))
    .filter((p, i, all) => all.findIndex((q) => q.join('/') === p.join('/')) === i);
  if (paths.some((p) => p.length === 0)) return false;
  // Deepest and last first, so that removing array items does not shift the others.
  paths.sort((a, b) => b.length - a.length || (b.join('/') < a.join('/') ? -1 : 1));
  for (const p of paths) {
    let parent: unknown = root;
    for (const k of p.slice(0, -1))
      parent = isObject(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[k] : undefined;
    const last = p[p.length - 1];
    if (Array.isArray(parent) && /^\d+$/.test(last)) parent.splice(Number(last), 1);
    else if (isObject(parent)) delete parent[last];
  }
  return true;
}

/**
 * Parses config text. Schema violations are returned as findings located at the offending key;
 * a file that is not YAML at all throws ConfigError (the tool cannot run: exit code 2).
 */
export function parseConfig(file: string, text: string, findings: Finding[]): Config {
  const doc = readConfigDocument(file, text);
  const cfg = defaultConfig();
  cfg.file = file;
  if (!doc) return cfg;
  const value = doc.value;
  cfg.locate = doc.source.locate;
  coerceScenarioValues(value);
  if (!validateSchema(value)) {
    const errors = validateSchema.errors ?? [];
    for (const err of errors) findings.push(schemaViolation(file, doc.source.locate, err));
    // What the schema refuses is reported above and not used: the defaults apply instead (never a crash on it).
    if (!isObject(value) || !dropInvalid(value, errors)) return cfg;
  }
  // What the schema accepted (or what is left of it once its refusals are dropped), typed from the schema.
  const v: ConfigFile = value;
  const refused = v.clusters ? refusedClusters(v.clusters, file, doc.source.locate, findings) : new Set<number>();
  for (const key of CONFIG_KEYS) readField(key, v, cfg, refused);
  return cfg;
}

/**
 * The one YAML document of a config file, or null when it holds none. Text that is not YAML, or several documents,
 * throw ConfigError.
 */
function readConfigDocument(file: string, text: string): SourceDocument | null {
  const local: Finding[] = [];
  // karpenter-plan reads its own config as YAML 1.2 (`rules: { x: off }` is the string "off").
  const docs = parseYamlDocuments(file, text, local, { yaml11Warnings: false });
  if (local.length > 0) {
    throw new ConfigError(local.map((f) => `${f.file}:${f.line}: ${f.message}`).join('\n'));
  }
  // One configuration, one document: a second one (a `---` and more keys) would otherwise be read by nobody.
  if (docs.length > 1)
    throw new ConfigError(
      `${file}:${docs[1].source.line ?? 1}: the configuration holds ${docs.length} YAML documents; karpenter-plan reads exactly one (merge them into one mapping)`,
    );
  return docs[0] ?? null;
}

/** A schema error of the config file as an `invalid-config` finding at the offending key. */
function schemaViolation(
  file: string,
  locate: (path: (string | number)[]) => Position | null,
  err: ErrorObject,
): Finding {
  const path = err.instancePath
    .split('/')
    .slice(1)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const extra = err.keyword === 'additionalProperties' ? ` "${String(err.params.additionalProperty)}"` : '';
  const allowed =
    err.keyword === 'enum' && Array.isArray(err.params.allowedValues) ? `: ${err.params.allowedValues.join(', ')}` : '';
  return configError(
    file,
    locate(path),
    `config ${err.instancePath || '/'} ${err.message}${extra}${allowed}; ${err.instancePath ? 'ignored (the default applies)' : 'the whole file is ignored'}`,
  );
}

/**
 * Reads one top-level key of the config file, typed from the schema (which has already refused what does not match
 * it), into the config; the checks left here are what the model needs to be sound.
 */
type FieldReader<K extends keyof ConfigFile> = (
  value: NonNullable<ConfigFile[K]>,
  cfg: Config,
  refusedClusters: ReadonlySet<number>,
) => void;

/**
 * The readers of the config's top-level keys, in the order they are read: one for every key the schema names (the
 * compiler refuses a key without its reader). Adding a key: its schema in schema/config.schema.json, its field in
 * Config, its reader here.
 */
const CONFIG_FIELDS: { readonly [K in keyof Required<ConfigFile>]: FieldReader<K> } = {
  manifests: (x, cfg) => {
    cfg.manifests = x.map(String);
    cfg.manifestsInFile = true;
  },
  exclude: (x, cfg) => {
    cfg.exclude = x.map(String);
  },
  values: (x, cfg) => {
    cfg.values = readValuesAdapters(x);
  },
  charts: (x, cfg) => {
    cfg.charts = readCharts(x);
  },
  helm: (x, cfg) => {
    if (x.binary !== undefined) cfg.helm.binary = x.binary;
  },
  controller: (x, cfg) => {
    cfg.controller = x;
  },
  renderTimeoutSeconds: (x, cfg) => {
    if (x > 0) cfg.renderTimeoutSeconds = Math.min(x, 3600);
  },
  region: (x, cfg) => {
    cfg.region = x;
  },
  zones: (x, cfg) => {
    cfg.zones = x.map(String);
  },
  catalog: (x, cfg) => {
    cfg.catalog = x;
  },
  spotPriceFactor: (x, cfg) => {
    if (x > 0 && x <= 1) cfg.spotPriceFactor = x;
  },
  expectKarpenterObjects: (x, cfg) => {
    cfg.expectKarpenterObjects = x;
  },
  reservations: (x, cfg) => {
    cfg.reservations = x.filter((r) => r.id && r.instanceType && r.zone).map(readReservation);
  },
  workloads: (x, cfg) => {
    cfg.workloads = x;
  },
  probes: (x, cfg) => {
    cfg.probes = x;
  },
  fleet: (x, cfg) => {
    cfg.fleet = x.map(String);
  },
  cluster: (x, cfg) => {
    cfg.cluster = x;
  },
  clusters: (x, cfg, refused) => {
    cfg.clusters = readClusters(x, refused);
  },
  repoURLs: (x, cfg) => {
    cfg.repoURLs = x.filter((u): u is string => typeof u === 'string');
  },
  vars: (x, cfg) => {
    cfg.vars = Object.fromEntries(Object.entries(x).map(([k, v]) => [k, String(v)]));
  },
  policy: (x, cfg) => {
    cfg.policy = { ...cfg.policy, ...x };
  },
  assumptions: (x, cfg) => {
    cfg.assumptions = { ...cfg.assumptions, ...x };
  },
  rules: (x, cfg) => {
    cfg.rules = x;
  },
  ignore: (x, cfg) => {
    cfg.ignore = x;
  },
  baseline: (x, cfg) => {
    cfg.baseline = x;
  },
  caps: (x, cfg) => {
    cfg.caps = { ...cfg.caps, ...x };
  },
  externalLabels: (x, cfg) => {
    cfg.externalLabels = x.filter((l): l is string => typeof l === 'string');
  },
  scenarios: (x, cfg) => {
    cfg.scenarios = x.map((sc) => ({ name: sc.name, unavailable: sc.unavailable }));
  },
};

const CONFIG_KEYS = Object.keys(CONFIG_FIELDS) as (keyof ConfigFile)[];

/** Hands the value of one key of the config file, when it is written, to its reader. */
function readField<K extends keyof ConfigFile>(
  key: K,
  file: ConfigFile,
  cfg: Config,
  refused: ReadonlySet<number>,
): void {
  const value = file[key];
  if (value !== undefined && value !== null) CONFIG_FIELDS[key](value, cfg, refused);
}

/** A `reservations:` entry as the config file writes it (schema/config.schema.json). */
type ReservationFile = NonNullable<ConfigFile['reservations']>[number];

/** A capacity reservation, completed with defaults (one instance, a default reservation). */
function readReservation(r: ReservationFile): Reservation {
  return {
    id: String(r.id),
    instanceType: String(r.instanceType),
    zone: String(r.zone),
    count: typeof r.count === 'number' ? r.count : 1,
    type: r.type === 'capacity-block' ? 'capacity-block' : 'default',
    ...(r.tags ? { tags: r.tags } : {}),
  };
}

/** The `clusters:` entries that were not refused, each with its inputs when it names any. */
function readClusters(entries: readonly ClusterFile[], refused: ReadonlySet<number>): ClusterConfig[] {
  return entries
    .map((c, i) => [c, i] as const)
    .filter(([, i]) => !refused.has(i))
    .map(([c, i]) => {
      const inputs = readClusterInputs(c, i);
      return {
        name: c.name,
        server: c.server ?? '',
        labels: c.labels ?? {},
        annotations: c.annotations ?? {},
        ...(typeof c.project === 'string' ? { project: c.project } : {}),
        ...(inputs ? { inputs } : {}),
      };
    });
}

/** Values adapters (`values:`, top-level or of a cluster), completed with defaults. */
function readValuesAdapters(raw: ValuesAdapters): ValuesAdapter[] {
  return raw.map((a) => ({
    files: a.files.map(String),
    layout: a.layout ?? 'map',
    nodePools: a.nodePools ?? 'nodePool',
    nodeClasses: a.nodeClasses ?? 'nodeClass',
    nodeOverlays: a.nodeOverlays ?? 'nodeOverlay',
  }));
}

/** Charts (`charts:`, top-level or of a cluster), completed with defaults. */
function readCharts(raw: Charts): ChartSource[] {
  return raw.map((c) => ({
    path: c.path,
    values: (c.values ?? []).map(String),
    releaseName: c.releaseName ?? 'karpenter-plan',
    namespace: c.namespace ?? 'default',
    ...(c.fallbackValues !== undefined ? { fallbackValues: c.fallbackValues } : {}),
  }));
}

/** Whether a manifests entry names a folder rather than a glob or a file: no glob syntax and no manifest extension. */
function isFolderEntry(entry: string): boolean {
  return !/[*?[\]{}()!]/.test(entry) && !/\.(ya?ml|json)$/i.test(entry);
}

/** Manifest entries with folders written as the globs of their YAML files (`clusters/prod` → `clusters/prod/**\/*.yaml`). */
export function manifestGlobs(entries: readonly string[]): string[] {
  return entries.flatMap((e) => {
    if (!isFolderEntry(e)) return [e];
    const dir = e.replace(/^\.\/?/, '').replace(/\/+$/, '');
    return dir ? [`${dir}/**/*.yaml`, `${dir}/**/*.yml`] : ['**/*.yaml', '**/*.yml'];
  });
}

/** An `invalid-config` error at a position of the config file (line 1 when the position is unknown). */
export function configError(file: string, pos: Position | null, message: string): Finding {
  return {
    rule: 'invalid-config',
    severity: 'error',
    file,
    line: pos?.line ?? 1,
    column: pos?.column ?? null,
    object: null,
    message,
  };
}

/**
 * `clusters:` entries that cannot be planned as written, each an `invalid-config` error at its field: an input path
 * (manifests, kustomization, values files, chart folders) that is absolute or leaves the state — the target would
 * read nothing and pass over an empty cluster — and a name that an earlier entry already has (two targets, one key).
 * Their indexes, so that they are not targets; their files are then nobody's, and a change to them is not evaluated.
 */
function refusedClusters(
  entries: readonly unknown[],
  file: string,
  locate: (path: (string | number)[]) => Position | null,
  findings: Finding[],
): Set<number> {
  const refused = new Set<number>();
  const names = new Map<string, number>();
  const refuse = (i: number, path: (string | number)[], message: string): void => {
    refused.add(i);
    findings.push(
      configError(
        file,
        locate(['clusters', i, ...path]),
        `config clusters[${i}]: ${message}; the entry is not planned`,
      ),
    );
  };
  entries.forEach((c, i) => {
    if (!isObject(c) || typeof c.name !== 'string') return;
    const first = names.get(c.name);
    if (first !== undefined)
      return refuse(i, ['name'], `the name ${JSON.stringify(c.name)} is also clusters[${first}]'s`);
    names.set(c.name, i);
    const paths: [(string | number)[], unknown][] = [[['kustomization'], c.kustomization]];
    if (Array.isArray(c.manifests)) c.manifests.forEach((m, j) => paths.push([['manifests', j], m]));
    if (Array.isArray(c.values))
      c.values.forEach((a, j) => {
        if (isObject(a) && Array.isArray(a.files))
          a.files.forEach((f, k) => paths.push([['values', j, 'files', k], f]));
      });
    if (Array.isArray(c.charts))
      c.charts.forEach((ch, j) => {
        if (!isObject(ch)) return;
        paths.push([['charts', j, 'path'], ch.path]);
        if (Array.isArray(ch.values)) ch.values.forEach((f, k) => paths.push([['charts', j, 'values', k], f]));
      });
    for (const [path, p] of paths)
      if (typeof p === 'string' && leavesState('', p))
        return refuse(
          i,
          path,
          `${JSON.stringify(p)} is absolute or leaves the repository; inputs are read from the state only`,
        );
  });
  return refused;
}

/** A `clusters:` entry as the config file writes it (schema/config.schema.json). */
type ClusterFile = NonNullable<ConfigFile['clusters']>[number];

/** The inputs of a `clusters:` entry (the same shapes as the top-level keys), or undefined when it names none. */
function readClusterInputs(c: ClusterFile, entry: number): ClusterInputs | undefined {
  if (!CLUSTER_INPUT_KEYS.some((k) => c[k] !== undefined)) return undefined;
  const strings = (x: unknown): string[] =>
    Array.isArray(x) ? x.filter((y): y is string => typeof y === 'string') : [];
  const kustomization =
    typeof c.kustomization === 'string' ? c.kustomization.replace(/^\.\/?/, '').replace(/\/+$/, '') : null;
  return {
    entry,
    manifests: manifestGlobs(strings(c.manifests)),
    manifestEntries: strings(c.manifests),
    values: c.values ? readValuesAdapters(c.values) : [],
    charts: c.charts ? readCharts(c.charts) : [],
    kustomization,
    fleet: strings(c.fleet),
    controller: c.controller ?? null,
  };
}
