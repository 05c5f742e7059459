/**
 * Unsubstituted template placeholders (`${VAR}`) left in Karpenter objects: envsubst, Terraform `templatefile` or
 * Flux's postBuild substitution were meant to replace them before the object reaches the cluster. Karpenter reads the
 * text literally (an alias `al2023@${ALIAS_VERSION}` names no AMI; a selector tag `${CLUSTER_NAME}` matches nothing).
 */
import type { Rule } from './engine.js';
import { isObject } from '../common/fields.js';

// `${VAR}` (envsubst, Terraform, Flux) and `<<VAR>>` (the blueprints' sed-replaced markers, e.g. <<CLUSTER_NAME>>).
const PLACEHOLDER = /\$\{[^}\s]*\}|<<[A-Za-z0-9_]+>>/;
/** Fields whose text is a script for the node, where `${VAR}` is shell syntax, not a template placeholder. */
const SCRIPT_FIELDS = new Set(['spec.userData']);
const MAX_PER_OBJECT = 5;

/** The string fields of `value` that hold a placeholder, with their paths. */
function placeholders(value: unknown, path: (string | number)[], out: { path: (string | number)[]; text: string }[]) {
  if (out.length >= MAX_PER_OBJECT) return;
  if (SCRIPT_FIELDS.has(path.join('.'))) return;
  if (typeof value === 'string') {
    if (PLACEHOLDER.test(value)) out.push({ path, text: value });
  } else if (Array.isArray(value)) value.forEach((v, i) => placeholders(v, [...path, i], out));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) placeholders(v, [...path, k], out);
}

export const unsubstitutedPlaceholder: Rule = {
  id: 'unsubstituted-placeholder',
  severity: 'warning',
  summary: 'A Karpenter object holds an unsubstituted `${...}` or `<<...>>` placeholder: Karpenter reads it literally.',
  check(ctx, report) {
    const objects = [...ctx.head.nodePools, ...ctx.head.nodeClasses, ...ctx.head.overlays];
    for (const o of objects) {
      const found: { path: (string | number)[]; text: string }[] = [];
      for (const key of ['metadata', 'spec']) placeholders(o.raw[key], [key], found);
      for (const f of found) {
        const m = PLACEHOLDER.exec(f.text)![0];
        report(
          `${o.kind} ${o.name}: ${f.path.join('.')} holds ${m} ("${f.text.length > 80 ? f.text.slice(0, 77) + '…' : f.text}"), a template placeholder nothing in this repository substitutes: Karpenter reads it literally${f.path.includes('alias') ? ' (the alias names no AMI: the EC2NodeClass is not Ready)' : ''}. Substitute it before the manifests are committed or rendered, or, if a tool substitutes it at apply time (Flux postBuild), switch this rule off for the object.`,
          o.source,
          f.path,
          `${o.kind}/${o.name}`,
        );
      }
    }
  },
};
