/**
 * The configuration's inputs checked against the state they read (config.ts parses without reading any state):
 *
 *  - a `manifests:` entry (top-level as the config file writes it, or a `clusters:` entry's) that matches no file of
 *    the state reads nothing, and the state would look empty, or smaller than the config says, without a word: an
 *    `invalid-config` error at the entry (a `.yaml`/`.yml` pair is one entry, as a folder entry is);
 *  - a `clusters:` entry whose input (manifests, kustomization, values files, chart folders and their values files,
 *    controller values) is a symlink resolving outside the repository: the tree reader refuses to follow it, so the
 *    cluster would read nothing and pass; an `invalid-config` error at the field, and the entry is not planned (as
 *    for paths that leave the repository by their spelling: config.ts refusedClusters);
 *  - in a git revision (read as objects: symlinks are never followed), a `clusters:` input that is or passes through
 *    a symlink (mode 120000) at all: an `invalid-config` error naming the symlink, and the entry is not planned.
 */
import picomatch from 'picomatch';
import type { Finding } from '../common/findings.js';
import { configError, manifestGlobs, type ClusterConfig, type Config } from './config.js';
import { DirTree, GitTree, type FileTree } from './tree.js';

/** The literal folder part of a glob (`shared/*.yaml` → `shared`), or the whole path when it has no glob syntax. */
function literalPrefix(path: string): string {
  const segs = path.replace(/^\.\//, '').split('/');
  const i = segs.findIndex((s) => /[*?[\]{}()!]/.test(s));
  return (i < 0 ? segs : segs.slice(0, i)).join('/');
}

/**
 * Each entry with its `.yaml`/`.yml` twin when the list has both (`**\/*.yaml` and `**\/*.yml`, as the defaults and a
 * folder entry read): such a pair is one entry, checked as a whole, so a repository without `.yml` files is fine.
 */
function yamlTwins(entries: readonly string[]): Map<string, string[]> {
  const stem = (e: string) => e.replace(/\.ya?ml$/i, '.yaml');
  return new Map(entries.map((e) => [e, entries.filter((x) => stem(x) === stem(e))]));
}

/** Whether some file of the state matches one of the globs. */
function matchesAny(files: readonly string[], globs: readonly string[]): boolean {
  if (!globs.length) return false;
  const match = picomatch([...globs], { dot: false });
  return files.some((f) => match(f));
}

/** A `clusters:` entry's input paths, each with its path in the config file. */
function clusterInputPaths(c: ClusterConfig): [(string | number)[], string][] {
  const inputs = c.inputs!;
  const out: [(string | number)[], string][] = [];
  inputs.manifestEntries.forEach((m, j) => out.push([['manifests', j], literalPrefix(m)]));
  if (inputs.kustomization) out.push([['kustomization'], inputs.kustomization]);
  inputs.values.forEach((a, j) => a.files.forEach((f, k) => out.push([['values', j, 'files', k], f])));
  inputs.charts.forEach((ch, j) => {
    out.push([['charts', j, 'path'], ch.path]);
    ch.values.forEach((f, k) => out.push([['charts', j, 'values', k], f]));
  });
  if (inputs.controller?.values) out.push([['controller', 'values'], inputs.controller.values]);
  return out;
}

/**
 * Checks the configuration's inputs against `tree` (the state under check). `manifestsFromFile`: the top-level
 * `manifests:` is the config file's (not replaced by `--manifests`). Returns the findings and the configuration without
 * the `clusters:` entries refused here. Standard input (a single rendered stream) is not checked: globs do not apply to it.
 */
export function checkConfigInputs(
  tree: FileTree,
  config: Config,
  manifestsFromFile: boolean,
): { config: Config; findings: Finding[] } {
  const findings: Finding[] = [];
  if (config.file === null || !(tree instanceof DirTree || tree instanceof GitTree)) return { config, findings };
  const file = config.file;
  const locate = (path: (string | number)[]) => config.locate?.(path) ?? null;
  const files = tree.list();
  if (manifestsFromFile) {
    const twins = yamlTwins(config.manifests);
    config.manifests.forEach((m, i) => {
      if (!matchesAny(files, twins.get(m)!))
        findings.push(
          configError(
            file,
            locate(['manifests', i]),
            `config manifests[${i}] ${JSON.stringify(m)} matches no file of ${tree.label}: nothing is read for it (a moved folder, or a typo?)`,
          ),
        );
    });
  }
  const refused = new Set<ClusterConfig>();
  for (const c of config.clusters) {
    if (!c.inputs) continue;
    const entry = c.inputs.entry;
    if (tree instanceof DirTree) {
      const link = clusterInputPaths(c).find(([, p]) => p && tree.linksOutside(p));
      if (link) {
        refused.add(c);
        findings.push(
          configError(
            file,
            locate(['clusters', entry, ...link[0]]),
            `config clusters[${entry}]: ${JSON.stringify(link[1])} is a symlink that resolves outside the repository; inputs are read from the state only, so the entry is not planned`,
          ),
        );
        continue;
      }
    }
    if (tree instanceof GitTree) {
      const link = clusterInputPaths(c).flatMap(([at, p]) => {
        const l = p ? tree.symlinkOn(p) : null;
        return l ? [{ at, path: p, ...l }] : [];
      })[0];
      if (link) {
        refused.add(c);
        findings.push(
          configError(
            file,
            locate(['clusters', entry, ...link.at]),
            `config clusters[${entry}]: ${JSON.stringify(link.path)} ${link.link === link.path.replace(/^\.\//, '').replace(/\/$/, '') ? 'is' : `passes through ${JSON.stringify(link.link)}, which is`} a symlink in ${tree.label} (to ${JSON.stringify(link.target)}); a git revision is read as its objects and symlinks are not followed, so the entry is not planned — name the folder the link points to`,
          ),
        );
        continue;
      }
    }
    c.inputs.manifestEntries.forEach((m, j) => {
      if (!matchesAny(files, manifestGlobs([m])))
        findings.push(
          configError(
            file,
            locate(['clusters', entry, 'manifests', j]),
            `config clusters[${entry}].manifests[${j}] ${JSON.stringify(m)} matches no file of ${tree.label}: the cluster reads nothing from it`,
          ),
        );
    });
  }
  return refused.size
    ? { config: { ...config, clusters: config.clusters.filter((c) => !refused.has(c)) }, findings }
    : { config, findings };
}
