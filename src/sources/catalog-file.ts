/** The instance-type catalog of a run: a file made by `catalog refresh` when configured, else the embedded one. */
import { resolve } from 'node:path';
import { decodeCatalog, embeddedCatalog, type Catalog } from '../cloudprovider/catalog.js';
import { errorMessage } from '../common/errors.js';
import type { Finding } from '../common/findings.js';
import type { Config } from './config.js';
import { readRegularFile, type TrustedRead } from './tree.js';

/** A catalog file is read only if it is a regular file of at most this size (the embedded one is under 1 MiB). */
export const MAX_CATALOG_BYTES = 64 * 2 ** 20;

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
    const text = fromGit ? fromGit.text : readRegularFile(file, MAX_CATALOG_BYTES);
    return decodeCatalog(JSON.parse(text.startsWith('\ufeff') ? text.slice(1) : text));
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
