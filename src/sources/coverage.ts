/**
 * What a run did not evaluate. A file that holds or feeds Karpenter objects (a NodePool, EC2NodeClass or
 * NodeOverlay manifest or template, a kustomization or a file one uses, an Argo CD Application or ApplicationSet)
 * and that no state evaluated is reported as `input-not-evaluated` — for a diff, when it changed between base and
 * head; for a single state, whenever it is there. The check cannot pass over a change it never read.
 */
import { spawnSync } from 'node:child_process';
import type { Finding } from '../common/findings.js';
import { KUSTOMIZATION_FILES } from './kustomize.js';
import { terraformLine } from './terraform.js';
import { GitTree, type FileTree } from './tree.js';

// YAML or JSON: `apiVersion: karpenter.sh/v1`, `"kind": "NodePool"`.
const KARPENTER_CONTENT =
  /(apiVersion["']?\s*:\s*["']?(karpenter\.sh|karpenter\.k8s\.aws)\/)|(kind["']?\s*:\s*["']?(NodePool|EC2NodeClass|NodeOverlay|Application|ApplicationSet)\b)/;

// A NodePool, EC2NodeClass or NodeOverlay (not an Application that may render one).
const KARPENTER_OBJECT =
  /(apiVersion["']?\s*:\s*["']?(karpenter\.sh|karpenter\.k8s\.aws)\/)|(kind["']?\s*:\s*["']?(NodePool|EC2NodeClass|NodeOverlay)\b)/;

/** Whether a manifest's text holds a Karpenter object itself (a NodePool, EC2NodeClass or NodeOverlay). */
export function holdsKarpenterObject(text: string | null): boolean {
  return text !== null && KARPENTER_OBJECT.test(text);
}

const changedMemo = new WeakMap<FileTree, WeakMap<FileTree, string[]>>();

/** Files that differ between two trees (added, removed or modified); computed once per pair of trees. */
export function changedFiles(base: FileTree, head: FileTree): string[] {
  let byHead = changedMemo.get(base);
  if (!byHead) changedMemo.set(base, (byHead = new WeakMap()));
  let out = byHead.get(head);
  if (!out) byHead.set(head, (out = diffTrees(base, head)));
  return out;
}

function diffTrees(base: FileTree, head: FileTree): string[] {
  if (base instanceof GitTree && head instanceof GitTree && base.repo === head.repo && base.subdir === head.subdir) {
    const args = ['-C', base.repo, 'diff', '--name-only', '--no-renames', '-z', base.sha, head.sha];
    if (base.subdir) args.push('--', base.subdir);
    const r = spawnSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status === 0) {
      const prefix = base.subdir ? base.subdir.replace(/\/?$/, '/') : '';
      return r.stdout
        .split('\0')
        .filter(Boolean)
        .map((p) => (prefix && p.startsWith(prefix) ? p.slice(prefix.length) : p))
        .sort();
    }
  }
  const out: string[] = [];
  for (const f of new Set([...base.list(), ...head.list()])) if (base.read(f) !== head.read(f)) out.push(f);
  return out.sort();
}

/** Files that can be manifests or their templates (YAML, JSON, Helm's `.tpl`, Jsonnet): the others (documentation,
 * scripts) may quote a NodePool without feeding one. */
const MANIFEST_LIKE = /\.(ya?ml|json|tpl|jsonnet|libsonnet)$/i;

/** Whether a file holds or feeds Karpenter objects, judged by its name and content. */
export function karpenterRelevant(path: string, text: string | null): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (KUSTOMIZATION_FILES.includes(name)) return true;
  return MANIFEST_LIKE.test(name) && text !== null && KARPENTER_CONTENT.test(text);
}

/**
 * `input-not-evaluated` findings for the candidate files (changed files of a diff, or every file of a single state)
 * that are Karpenter-relevant and that no state evaluated.
 */
export function notEvaluated(
  candidates: readonly string[],
  evaluated: ReadonlySet<string>,
  read: (path: string) => string | null,
  diff: boolean,
  unrendered: ReadonlySet<string> = new Set(),
): Finding[] {
  const out: Finding[] = [];
  for (const file of candidates) {
    if (!unrendered.has(file) && (evaluated.has(file) || !karpenterRelevant(file, read(file)))) continue;
    const tf = unrendered.has(file) ? terraformLine(file, read(file)) : null;
    out.push({
      rule: 'input-not-evaluated',
      severity: 'error',
      file,
      line: tf?.line ?? null,
      object: null,
      message: tf
        ? `${file} ${diff ? 'changed; it holds' : 'holds'} ${tf.what} of a Terraform module that renders Karpenter objects (templatefile, kubectl_manifest or kubernetes_manifest), which karpenter-plan does not evaluate: the NodePools and EC2NodeClasses it makes are not in the plan. Render them (e.g. \`terraform console\` / a committed rendering added to \`manifests\`) to have the change planned`
        : unrendered.has(file)
          ? `${file} ${diff ? 'changed, but ' : ''}was not evaluated in full (a document skipped as invalid, an object whose name or requirements are unresolved placeholders, or a rendering that failed: see the other findings on it); the check cannot pass over it`
          : `${file} ${diff ? 'changed and ' : ''}holds or feeds Karpenter objects, but karpenter-plan did not evaluate it (it matches no manifest glob, is excluded, belongs to a chart or kustomization that was not rendered, or is an input type not read); the check cannot pass over it — add it to \`manifests\`, render it, or exclude it explicitly with a rule override`,
    });
  }
  return out;
}
