/**
 * Template placeholders in Karpenter objects (`${NAME}` of envsubst, Terraform or Flux; `{{ NAME }}` of Go/Helm-style
 * templates; `<<NAME>>` of sed-based samples). Karpenter reads every field literally (karpenter pkg/apis/v1/nodepool.go,
 * karpenter-provider-aws pkg/apis/v1/ec2nodeclass.go): a placeholder left in a name, a nodeClassRef or a requirement
 * value would make karpenter-plan model an object that is not the one deployed — an invalid name, a missing
 * EC2NodeClass, a pool that allows nothing. So:
 *  - the configuration's `vars:` substitute placeholders first (in every string field but `spec.userData`, the node's
 *    shell script, where `${VAR}` is shell syntax);
 *  - an object whose name, nodeClassRef name or requirement keys/values still hold a placeholder is not modelled: it is
 *    an `input-not-evaluated` error at that field, naming the placeholder (its file counts as not evaluated in full).
 * Placeholders in other fields (an AMI alias, a selector tag) are left to the `unsubstituted-placeholder` rule.
 */
import type { Finding, SourceRef } from '../common/findings.js';
import { isObject } from '../common/fields.js';

const ANY = /\$\{[^}\s]*\}|\{\{[^}]*\}\}|<<[A-Za-z0-9_]+>>/;
const NAMED = /\$\{([_a-zA-Z][_a-zA-Z0-9]*)\}|\{\{-?\s*\.?([_a-zA-Z][_a-zA-Z0-9]*)\s*-?\}\}|<<([A-Za-z0-9_]+)>>/g;
/** Fields whose text is a script for the node, where `${VAR}` is shell syntax. */
const SCRIPT_FIELDS = new Set(['spec.userData']);

/** The object with the configuration's `vars` substituted (the same object when nothing changed). */
export function applyVars(value: Record<string, unknown>, vars: Readonly<Record<string, string>> | undefined) {
  if (!vars || !Object.keys(vars).length) return value;
  let changed = false;
  const walk = (v: unknown, path: string): unknown => {
    if (SCRIPT_FIELDS.has(path)) return v;
    if (typeof v === 'string') {
      if (!ANY.test(v)) return v;
      const out = v.replace(NAMED, (m, a?: string, b?: string, c?: string) => {
        const name = a ?? b ?? c ?? '';
        return Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : m;
      });
      if (out !== v) changed = true;
      return out;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}.${i}`));
    if (isObject(v))
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, path ? `${path}.${k}` : k)]));
    return v;
  };
  const out = walk(value, '') as Record<string, unknown>;
  return changed ? out : value;
}

/** The identity fields of a Karpenter object that must not hold a placeholder, with their paths. */
function identityFields(kind: string, value: Record<string, unknown>): { path: (string | number)[]; text: string }[] {
  const out: { path: (string | number)[]; text: string }[] = [];
  const add = (path: (string | number)[], v: unknown): void => {
    if (typeof v === 'string' && ANY.test(v)) out.push({ path, text: v });
  };
  const meta = isObject(value.metadata) ? value.metadata : {};
  add(['metadata', 'name'], meta.name);
  const spec = isObject(value.spec) ? value.spec : {};
  const requirements = (reqs: unknown, base: (string | number)[]): void => {
    if (!Array.isArray(reqs)) return;
    reqs.forEach((r, i) => {
      if (!isObject(r)) return;
      add([...base, i, 'key'], r.key);
      if (Array.isArray(r.values)) r.values.forEach((x, j) => add([...base, i, 'values', j], x));
    });
  };
  if (kind === 'NodePool') {
    const t = isObject(spec.template) && isObject(spec.template.spec) ? spec.template.spec : {};
    if (isObject(t.nodeClassRef)) add(['spec', 'template', 'spec', 'nodeClassRef', 'name'], t.nodeClassRef.name);
    requirements(t.requirements, ['spec', 'template', 'spec', 'requirements']);
  } else if (kind === 'NodeOverlay') requirements(spec.requirements, ['spec', 'requirements']);
  return out;
}

/**
 * Whether an object holds an unresolved placeholder where it decides what is modelled; if so, one
 * `input-not-evaluated` error per placeholder field is added and the caller leaves the object out.
 */
export function unresolvedPlaceholders(
  kind: string,
  value: Record<string, unknown>,
  source: SourceRef,
  findings: Finding[],
): boolean {
  const found = identityFields(kind, value);
  if (!found.length) return false;
  const meta = isObject(value.metadata) ? value.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '?';
  for (const f of found.slice(0, 5)) {
    const placeholder = ANY.exec(f.text)![0];
    findings.push({
      rule: 'input-not-evaluated',
      severity: 'error',
      file: source.file,
      line: source.locate(f.path)?.line ?? source.line,
      object: `${kind}/${name}`,
      path: f.path.join('.'),
      message: `${kind} ${name}: ${f.path.join('.')} is the template placeholder ${placeholder}, which nothing in this repository substitutes; the object is not evaluated (it is not the one deployed). Give its value in the configuration's \`vars:\`, or render the template before the check.`,
    });
  }
  return true;
}
