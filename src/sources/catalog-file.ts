/** The instance-type catalog of a run: a file made by `catalog refresh` when configured, else the embedded one. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeCatalog, embeddedCatalog, type Catalog } from '../cloudprovider/catalog.js';
import { errorMessage } from '../common/errors.js';
import type { Finding } from '../common/findings.js';
import type { Config } from './config.js';
import type { TrustedRead } from './tree.js';

export function readCatalog(
  config: Config,
  cwd: string,
  findings: Finding[],
  trusted?: (abs: string) => TrustedRead,
): Catalog {
  if (!config.catalog) return embeddedCatalog();
  const file = resolve(cwd, config.catalog);
  try {
    const fromGit = trusted?.(file) ?? null;
    if (fromGit && 'refused' in fromGit) throw new Error(fromGit.refused);
    return decodeCatalog(JSON.parse(fromGit ? fromGit.text : readFileSync(file, 'utf8')));
  } catch (e) {
    findings.push({
      rule: 'invalid-catalog',
      severity: 'error',
      file: config.catalog,
      line: null,
      object: null,
      message: `catalog ${config.catalog} could not be read (${errorMessage(e)}); the embedded catalog is used instead`,
    });
    return embeddedCatalog();
  }
}
