/**
 * Terraform that feeds Karpenter objects. karpenter-plan does not run Terraform (no providers, no state, and a
 * template may call `file()` outside the repository), so these inputs are never evaluated; they are found, so that a
 * change to one is `input-not-evaluated` at its file and line, never a silent pass:
 *  - a `.tf` file calling `templatefile("<path>", …)` whose template produces a Karpenter kind;
 *  - a `kubectl_manifest` or `kubernetes_manifest` resource whose body names a Karpenter kind or API group (inline
 *    YAML, an HCL `manifest = { kind = "NodePool" … }`, `yamldecode(file(…))` of a Karpenter manifest);
 *  - in the same module (folder), the files declaring `variable` blocks and the `.tfvars` files (their defaults and
 *    values reach those templates), and the templates themselves.
 * Found lexically (comments skipped): a file that merely mentions a NodePool in a string elsewhere is not an input.
 */
import type { FileTree } from './tree.js';
import { GitTree } from './tree.js';

const KARPENTER =
  /(karpenter\.sh\/|karpenter\.k8s\.aws\/)|(kind["']?\s*[:=]\s*["']?(NodePool|EC2NodeClass|NodeOverlay)\b)/;
const TF = /\.tf$/;
const TFVARS = /\.tfvars(\.json)?$/;
/** Terraform template files (`.tftpl`, `.yaml.tpl`), as opposed to Helm's `_helpers.tpl`. */
const TEMPLATE = /\.(tftpl|ya?ml\.tpl)$/;

export interface TerraformInput {
  file: string;
  /** The line that makes it an input (the templatefile call, the resource, the first variable). */
  line: number;
  why: string;
}

const memo = new WeakMap<FileTree, Map<string, TerraformInput>>();

/** The Terraform files (and templates) of a tree that feed Karpenter objects, by file. */
export function terraformInputs(tree: FileTree): Map<string, TerraformInput> {
  let out = memo.get(tree);
  if (!out) memo.set(tree, (out = find(tree)));
  return out;
}

/** Text with `#`, `//` and block comments blanked (lines kept), strings left as they are. */
function uncomment(text: string): string {
  let out = '';
  let i = 0;
  let quote = false;
  while (i < text.length) {
    const c = text[i];
    if (quote) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') quote = false;
      i++;
      continue;
    }
    if (c === '"') quote = true;
    if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

const lineAt = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The body of the block whose `{` follows `from` (braces matched, strings and heredocs not special-cased). */
function blockAfter(text: string, from: number): string {
  const open = text.indexOf('{', from);
  if (open < 0) return '';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

function resolve(dir: string, p: string): string {
  const rel = p.replace(/^\$\{path\.(module|root|cwd)\}\/?/, '');
  const out: string[] = dir ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
}

function find(tree: FileTree): Map<string, TerraformInput> {
  const out = new Map<string, TerraformInput>();
  const files = tree.list();
  const tfFiles = files.filter((f) => TF.test(f) || TFVARS.test(f));
  if (!tfFiles.length) return out;
  if (tree instanceof GitTree) tree.readMany(tfFiles);
  const listed = new Set(files);
  const dirOf = (f: string): string => (f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '');
  const modules = new Set<string>();
  for (const file of tfFiles.filter((f) => TF.test(f))) {
    const raw = tree.read(file);
    if (raw === null) continue;
    const text = uncomment(raw);
    const dir = dirOf(file);
    const mark = (index: number, why: string): void => {
      if (!out.has(file)) out.set(file, { file, line: lineAt(text, index), why });
      modules.add(dir);
    };
    for (const m of text.matchAll(/\btemplatefile\s*\(\s*"([^"]+)"/g)) {
      const template = resolve(dir, m[1]);
      const body = listed.has(template) ? tree.read(template) : null;
      if (body === null || !KARPENTER.test(body)) continue;
      mark(m.index, `templatefile(${JSON.stringify(m[1])}) renders Karpenter objects`);
      if (!out.has(template)) out.set(template, { file: template, line: 1, why: `template of ${file}` });
    }
    for (const m of text.matchAll(/\bresource\s+"(kubectl_manifest|kubernetes_manifest)"\s+"([^"]+)"/g)) {
      const body = blockAfter(text, m.index + m[0].length);
      let karpenter = KARPENTER.test(body);
      // yamldecode(file("…")) / file("…") of a Karpenter manifest.
      for (const f of body.matchAll(/\bfile\s*\(\s*"([^"]+)"/g)) {
        const target = resolve(dir, f[1]);
        const t = listed.has(target) ? tree.read(target) : null;
        if (t !== null && KARPENTER.test(t)) karpenter = true;
      }
      if (karpenter) mark(m.index, `${m[1]}.${m[2]} applies Karpenter objects`);
    }
  }
  // The module's variables and .tfvars feed those templates and resources.
  for (const file of tfFiles) {
    if (out.has(file) || !modules.has(dirOf(file))) continue;
    const raw = tree.read(file);
    if (raw === null) continue;
    if (TFVARS.test(file)) {
      out.set(file, { file, line: 1, why: 'variable values of a module that renders Karpenter objects' });
      continue;
    }
    const text = uncomment(raw);
    const v = /\bvariable\s+"([^"]+)"/.exec(text);
    if (v)
      out.set(file, {
        file,
        line: lineAt(text, v.index),
        why: 'variables (defaults) of a module that renders Karpenter objects',
      });
  }
  return out;
}

/**
 * Where a Terraform file marked as a Karpenter input is one (for coverage's finding, which sees one file): its first
 * `templatefile(`, `kubectl_manifest` / `kubernetes_manifest` resource or `variable` block; null for other files.
 */
export function terraformLine(file: string, text: string | null): { line: number; what: string } | null {
  if (TFVARS.test(file)) return { line: 1, what: 'variable values' };
  if (TEMPLATE.test(file)) return { line: 1, what: 'a template' };
  if (!TF.test(file) || text === null) return null;
  const t = uncomment(text);
  for (const [re, what] of [
    [/\btemplatefile\s*\(/, 'a templatefile() of Karpenter objects'],
    [/\bresource\s+"(kubectl_manifest|kubernetes_manifest)"/, 'a manifest resource of Karpenter objects'],
    [/\bvariable\s+"/, 'variables'],
  ] as const) {
    const m = re.exec(t);
    if (m) return { line: lineAt(t, m.index), what };
  }
  return { line: 1, what: 'Terraform' };
}
