/**
 * What an ApplicationSet's expansion (applicationset.ts) produced, said out loud: the warnings for an ApplicationSet
 * that made no Application, and for the template placeholders a generated Application still holds.
 */
import type { Finding, SourceRef } from '../common/findings.js';
import { isObject } from '../common/fields.js';
import { GENERATORS, type AppSetContext, type AppSetExpansion, type Path } from './applicationset.js';

/**
 * What an ApplicationSet produced, said out loud (never a silent pass): a warning when it produced no Application
 * although its generators could be evaluated, naming each generator and the \`clusters:\` entry that would feed a
 * clusters generator; and one per template placeholder a generated Application still holds (Argo CD's fasttemplate
 * leaves \`{{key}}\` as written when no parameter has that key: applicationset/utils/utils.go Render), naming the
 * parameter that is missing and where it would come from. Reported as \`input-not-evaluated\` warnings.
 */
export function expansionWarnings(
  appSet: Record<string, unknown>,
  source: SourceRef,
  expansion: AppSetExpansion,
  ctx: Pick<AppSetContext, 'clusters'>,
): Finding[] {
  if (!expansion.complete) return [];
  const meta = isObject(appSet.metadata) ? appSet.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '?';
  const spec = isObject(appSet.spec) ? appSet.spec : {};
  const generators = Array.isArray(spec.generators) ? spec.generators : [];
  const kindOf = (g: unknown): string =>
    (isObject(g) ? Object.keys(g).find((k) => GENERATORS.includes(k)) : undefined) ?? '(none)';
  const feeds = (g: unknown): string => {
    const kind = kindOf(g);
    if (kind === 'clusters') {
      const body = isObject(g) && isObject(g.clusters) ? g.clusters : {};
      const sel = isObject(body.selector) && isObject(body.selector.matchLabels) ? body.selector.matchLabels : null;
      const labels = sel ? Object.entries(sel).map(([k, v]) => `${k}: ${String(v)}`) : [];
      return `the clusters generator matches ${ctx.clusters.length ? `none of the ${ctx.clusters.length} \`clusters:\` entries` : 'no cluster: the config has no `clusters:` entry'} — add one${labels.length ? ` with \`labels: { ${labels.join(', ')} }\`` : ''} (e.g. \`clusters: [{ name: prod, server: https://…${labels.length ? `, labels: { ${labels.join(', ')} }` : ''} }]\`)`;
    }
    if (kind === 'list') return 'the list generator has no elements';
    if (kind === 'git') return 'the git generator matches no file or directory of this state';
    return `the ${kind} generator makes no parameter set`;
  };
  const out: Finding[] = [];
  const warn = (line: number | null, message: string): void => {
    out.push({
      rule: 'input-not-evaluated',
      severity: 'warning',
      file: source.file,
      line,
      object: `ApplicationSet/${name}`,
      message,
    });
  };
  if (!expansion.applications.length) {
    const why = generators.map((g, i) => `spec.generators[${i}] (${kindOf(g)}): ${feeds(g)}`);
    warn(
      source.locate(['spec', 'generators'])?.line ?? source.line,
      `ApplicationSet ${name} produced no Application, so nothing it deploys is planned${why.length ? `: ${why.join('; ')}` : ': it has no generator'}`,
    );
    return out;
  }
  const clusterGen = generators.some((g) => kindOf(g) === 'clusters');
  const seen = new Set<string>();
  for (const app of expansion.applications) {
    const walk = (v: unknown, path: Path): void => {
      if (typeof v === 'string') {
        for (const m of v.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
          const key = m[1];
          const at = `${path.join('.')}|${key}`;
          if (seen.has(at)) continue;
          seen.add(at);
          const fromCluster = /^metadata\.(annotations|labels)\./.exec(key);
          warn(
            app.source.locate(path)?.line ?? app.source.line,
            `ApplicationSet ${name}: the placeholder {{${key}}} in ${path.join('.')} is left unresolved (no generator gives the parameter ${key}), so Application ${String((app.value.metadata as Record<string, unknown>)?.name ?? '?')} is planned with the literal text${
              fromCluster && clusterGen
                ? ` — set \`${fromCluster[1]}: { ${key.slice(fromCluster[0].length)}: … }\` on the \`clusters:\` entry that feeds it`
                : ''
            }`,
          );
        }
        return;
      }
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
      else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    };
    walk(app.value.spec, ['spec']);
  }
  return out;
}
