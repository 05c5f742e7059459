/** Where the fleet comes from: snapshot files (fleet-snapshot.ts) or a live cluster (fleet-live.ts). */
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { errorMessage } from '../common/errors.js';
import type { Finding } from '../common/findings.js';
import type { Fleet } from '../disruption/fleet.js';
import { addAssumptions } from '../common/assumptions.js';
import type { Config } from './config.js';
import { parseFleetText } from './fleet-snapshot.js';
import { DirTree, GitTree, readRegularFile, type FileTree, type TrustedRead } from './tree.js';

/** Fleet snapshot files larger than this are refused (a 200,000-node snapshot with pods is well under it). */
export const MAX_SNAPSHOT_BYTES = 1024 * 2 ** 20;

/**
 * Reads the fleet a run acts on: snapshot files when given (merged), else a live cluster when configured (read-only),
 * else null (the plan then models the base state's simulated fleet). What cannot be read is an error finding.
 */
export async function readFleet(
  config: Config,
  cwd: string,
  findings: Finding[],
  trusted?: (abs: string) => TrustedRead,
): Promise<Fleet | null> {
  if (config.fleet.length) {
    const merged: Fleet = { source: 'snapshot', nodes: [], notes: [] };
    for (const f of config.fleet) {
      let text: string;
      try {
        const fromGit = trusted?.(resolve(cwd, f)) ?? null;
        if (fromGit && 'refused' in fromGit) throw new Error(fromGit.refused);
        if (fromGit) text = fromGit.text;
        else {
          // Regular files only, and not larger than a 200,000-node snapshot: a device or FIFO never ends.
          text = readRegularFile(resolve(cwd, f), MAX_SNAPSHOT_BYTES);
        }
      } catch (e) {
        findings.push({
          rule: 'unreadable-file',
          severity: 'error',
          file: f,
          line: null,
          object: null,
          message: `fleet snapshot ${f} could not be read: ${errorMessage(e)}`,
        });
        continue;
      }
      const fl = parseFleetText(f, text, findings);
      const notManaged = fl.notManaged ?? [];
      const room = config.caps.fleetNodes - merged.nodes.length - (merged.notManaged?.length ?? 0);
      if (fl.nodes.length + notManaged.length > room)
        findings.push({
          rule: 'input-capped',
          severity: 'error',
          file: f,
          line: 1,
          object: null,
          message: `the fleet snapshots hold more than ${config.caps.fleetNodes} nodes: the rest are not read (caps.fleetNodes)`,
        });
      merged.nodes.push(...fl.nodes.slice(0, Math.max(0, room)));
      // Nodes not managed by Karpenter count against the cap too, after the NodeClaims.
      const left = Math.max(0, room - fl.nodes.length);
      if (notManaged.length && left) merged.notManaged = [...(merged.notManaged ?? []), ...notManaged.slice(0, left)];
      if (fl.pdbs?.length) merged.pdbs = [...(merged.pdbs ?? []), ...fl.pdbs];
      addAssumptions(merged.notes, fl.notes);
    }
    return merged;
  }
  if (config.cluster) {
    try {
      const { readClusterFleet } = await import('../sources/fleet-live.js');
      return await readClusterFleet({
        ...(config.cluster.kubeconfig ? { kubeconfig: resolve(cwd, config.cluster.kubeconfig) } : {}),
        ...(config.cluster.context ? { context: config.cluster.context } : {}),
      });
    } catch (e) {
      findings.push({
        rule: 'cluster-unreachable',
        severity: 'error',
        file: null,
        line: null,
        object: null,
        message: `the live cluster could not be read (${errorMessage(e).split('\n')[0]}); the base state's simulated fleet is used instead`,
      });
    }
  }
  return null;
}

/**
 * The files of a state that are the run's fleet snapshots (the config's `fleet`, and each cluster's): they are read as
 * the fleet (relative to the working directory), so they are not inputs left unevaluated.
 */
export function fleetFilesIn(tree: FileTree, config: Config, cwd: string): Set<string> {
  const root = tree instanceof DirTree ? tree.root : tree instanceof GitTree ? join(tree.repo, tree.subdir) : null;
  const out = new Set<string>();
  if (root === null) return out;
  for (const f of [...config.fleet, ...config.clusters.flatMap((c) => c.inputs?.fleet ?? [])]) {
    const rel = relative(resolve(root), resolve(cwd, f));
    if (rel && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)) out.add(rel.split(sep).join('/'));
  }
  return out;
}
