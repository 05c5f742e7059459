/** Where the fleet comes from: snapshot files (fleet-snapshot.ts) or a live cluster (fleet-live.ts). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { errorMessage } from '../common/errors.js';
import type { Finding } from '../common/findings.js';
import type { Fleet } from '../disruption/fleet.js';
import type { Config } from './config.js';
import { parseFleetText } from './fleet-snapshot.js';

/**
 * Reads the fleet a run acts on: snapshot files when given (merged), else a live cluster when configured (read-only),
 * else null (the plan then models the base state's simulated fleet). What cannot be read is an error finding.
 */
export async function readFleet(config: Config, cwd: string, findings: Finding[]): Promise<Fleet | null> {
  if (config.fleet.length) {
    const merged: Fleet = { source: 'snapshot', nodes: [], notes: [] };
    for (const f of config.fleet) {
      let text: string;
      try {
        text = readFileSync(resolve(cwd, f), 'utf8');
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
      merged.nodes.push(...fl.nodes);
      for (const n of fl.notes) if (!merged.notes.includes(n)) merged.notes.push(n);
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
