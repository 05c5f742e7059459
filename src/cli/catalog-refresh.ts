/** `karpenter-plan catalog refresh --region R [--out FILE]`. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { encodeCatalog } from '../cloudprovider/catalog.js';
import type { CliResult } from './result.js';
import { errorMessage } from '../common/errors.js';

export async function catalogRefreshCommand(
  region: string | undefined,
  out: string | undefined,
  cwd: string,
): Promise<CliResult> {
  if (!region)
    return {
      exitCode: 2,
      stdout: '',
      stderr: 'karpenter-plan: catalog refresh needs --region (e.g. --region ap-northeast-2)\n',
    };
  let refreshCatalog: typeof import('../sources/aws-catalog.js').refreshCatalog;
  try {
    ({ refreshCatalog } = await import('../sources/aws-catalog.js'));
  } catch (e) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: `karpenter-plan: catalog refresh needs the AWS SDK packages (npm install): ${errorMessage(e)}\n`,
    };
  }
  const log: string[] = [];
  try {
    const catalog = await refreshCatalog({ region, log: (m) => log.push(m) });
    const file = resolve(cwd, out ?? `catalog-${region}.json`);
    writeFileSync(file, JSON.stringify(encodeCatalog(catalog)) + '\n');
    return {
      exitCode: 0,
      stdout: `${log.join('\n')}\ncatalog: ${catalog.types.length} instance types for ${region} written to ${file}\n`,
      stderr: '',
    };
  } catch (e) {
    return { exitCode: 2, stdout: '', stderr: `karpenter-plan: catalog refresh failed: ${errorMessage(e)}\n` };
  }
}
