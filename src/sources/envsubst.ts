/**
 * Flux's post-build variable substitution, as kustomize-controller applies it to each object of a Kustomization's
 * build (fluxcd/pkg kustomize/kustomize_varsub.go SubstituteVariables, called from fluxcd/kustomize-controller
 * internal/controller/kustomization_controller.go build): the object is written as YAML, `${...}` expressions are
 * replaced by drone/envsubst (non-strict: an unset variable without a default becomes the empty string), and the
 * result is read back. An object annotated or labelled `kustomize.toolkit.fluxcd.io/substitute: disabled` is left as
 * it is. Supported expressions (drone/envsubst parse.go / funcs.go):
 *  - `${var}`; `${var:-default}` and `${var:=default}` (the default when var is unset or empty); `${var-default}` and
 *    `${var=default}` (the default when var is unset);
 *  - `$${var}` escapes to the literal `${var}`.
 * Variable names follow `^[_a-zA-Z][_a-zA-Z0-9]*$` (Flux refuses other keys in `postBuild.substitute`). Bare `$var`
 * (without braces) and string functions (`${var^^}`, `${var:0:3}`) are not substituted here: an expression that is not
 * one of the above is left as written and named, so that it is never mistaken for a value.
 */
import { isObject } from '../common/fields.js';

export const SUBSTITUTE_ANNOTATION = 'kustomize.toolkit.fluxcd.io/substitute';

export const VAR_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

export interface SubstituteResult {
  text: string;
  /** Variables used but unset, without a default (they became empty, or were kept when `keepUnknown`). */
  unset: string[];
  /** Expressions this implementation does not evaluate, left as written. */
  unsupported: string[];
}

/**
 * Substitutes `${...}` in `text`. `keepUnknown`: an unset variable without a default is left as written (used when
 * some of the variables come from objects that are not in the repository, so that its value is not known).
 */
export function substitute(text: string, vars: ReadonlyMap<string, string>, keepUnknown = false): SubstituteResult {
  const unset = new Set<string>();
  const unsupported = new Set<string>();
  let out = '';
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('$', i);
    if (at < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, at);
    if (text.startsWith('$${', at)) {
      // `$${x}` is the escape for a literal `${x}`.
      const close = text.indexOf('}', at + 3);
      if (close < 0) {
        out += text.slice(at);
        break;
      }
      out += text.slice(at + 1, close + 1);
      i = close + 1;
      continue;
    }
    if (text[at + 1] !== '{') {
      out += '$';
      i = at + 1;
      continue;
    }
    const close = text.indexOf('}', at + 2);
    if (close < 0) {
      out += text.slice(at);
      break;
    }
    const expr = text.slice(at + 2, close);
    const m = /^([_a-zA-Z][_a-zA-Z0-9]*)(?:(:?[-=])(.*))?$/s.exec(expr);
    if (!m) {
      unsupported.add('${' + expr + '}');
      out += text.slice(at, close + 1);
      i = close + 1;
      continue;
    }
    const [, name, op, dflt] = m;
    const has = vars.has(name);
    const value = vars.get(name) ?? '';
    if (op === undefined) {
      if (has) out += value;
      else {
        unset.add(name);
        out += keepUnknown ? text.slice(at, close + 1) : '';
      }
    } else if (op.startsWith(':')) out += has && value !== '' ? value : dflt;
    else out += has ? value : dflt;
    i = close + 1;
  }
  return { text: out, unset: [...unset], unsupported: [...unsupported] };
}

/** Whether an object opted out of substitution (the annotation or the label, kustomize_varsub.go). */
export function substitutionDisabled(value: Record<string, unknown>): boolean {
  const meta = isObject(value.metadata) ? value.metadata : {};
  for (const key of ['annotations', 'labels'] as const) {
    const m = meta[key];
    if (isObject(m) && m[SUBSTITUTE_ANNOTATION] === 'disabled') return true;
  }
  return false;
}
