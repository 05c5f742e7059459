/**
 * Field-level comparison of Karpenter objects between base and head: which paths changed
 * (JSON-pointer-like, e.g. `spec.template.spec.expireAfter`) and a unified YAML diff made with
 * the `diff` package.
 */
import { createTwoFilesPatch } from 'diff';
import { stringify } from 'yaml';

export { changedPaths, deepEqual, relevantView } from '../common/object-paths.js';

export function unifiedDiff(
  name: string,
  a: Record<string, unknown> | null,
  b: Record<string, unknown> | null,
): string {
  const ta = a ? stringify(a, { lineWidth: 0 }) : '';
  const tb = b ? stringify(b, { lineWidth: 0 }) : '';
  if (ta === tb) return '';
  const patch = createTwoFilesPatch(`base/${name}`, `head/${name}`, ta, tb, '', '', { context: 3 });
  return patch
    .split('\n')
    .filter((l) => !l.startsWith('===='))
    .join('\n')
    .trimEnd();
}
