/**
 * The common case of Terraform-held Karpenter objects, evaluated without Terraform: a module whose `templatefile()`
 * renders a Karpenter template from literal values. HCL is parsed with HashiCorp's own parser (hashicorp/hcl compiled
 * to WebAssembly: the `@cdktf/hcl2json` package, loaded only when a state holds such a module; it reads no file and
 * no network). Evaluated, and only when certain:
 *  - the module's variables: a literal `default`, then `terraform.tfvars` and `*.auto.tfvars` (lexical order), which
 *    Terraform loads by itself (terraform docs "Variable Definition Precedence"); other `.tfvars` files are chosen
 *    with `-var-file` at apply time, so they are not applied (they stay not evaluated);
 *  - the `templatefile(path, { … })` call: a literal path (`${path.module}/…` allowed) and an object whose values are
 *    literals (strings, numbers, booleans, lists of those) or `var.<name>` of a known variable;
 *  - the template (Terraform's template language): `${name}`, `${jsonencode(name)}`, `%{ for x in name }` /
 *    `%{ for x in [literals] }` … `%{ endfor }`, the `~` strip markers and the `$${` / `%%{` escapes.
 * Anything else (locals, functions, conditionals, `for_each`, `count`, other resources' attributes) leaves the call not
 * evaluated, and its files keep being reported as `input-not-evaluated` when they change.
 */
import type { Finding, SourceRef } from '../common/findings.js';
import { addAssumptions, assumption, type Assumption } from '../common/assumptions.js';
import type { FileTree } from './tree.js';
import { terraformInputs } from './terraform.js';
import { parseYamlDocuments } from './yaml.js';

type Value = string | number | boolean | Value[];

export interface TerraformRendering {
  /** The `.tf` file holding the call, and the call's line. */
  file: string;
  line: number;
  template: string;
  output: string;
  /** Files the rendering read (the module's `.tf` files with variables, the auto-loaded `.tfvars`, the template). */
  read: string[];
}

export interface TerraformEvaluation {
  renderings: TerraformRendering[];
  /** Modules (folders) every Karpenter templatefile of which was rendered. */
  complete: Set<string>;
  /** Why a call was not evaluated (for the assumptions). */
  notes: Assumption[];
}

const cache = new WeakMap<FileTree, TerraformEvaluation>();

/** The evaluation made by `prepareTerraform` for a tree (none: nothing was evaluated). */
export function terraformEvaluation(tree: FileTree): TerraformEvaluation | null {
  return cache.get(tree) ?? null;
}

interface Hcl {
  parse(file: string, text: string): Promise<Record<string, unknown>>;
  getExpressionAst(file: string, expr: string): Promise<AstNode>;
}
interface AstNode {
  type: string;
  meta?: Record<string, unknown>;
  children?: AstNode[];
}

const dirOf = (f: string): string => (f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '');
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Literal HCL values as hcl2json gives them: an expression is a string holding `${`. */
function literal(v: unknown): Value | undefined {
  if (typeof v === 'string') return v.includes('${') ? undefined : v;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) {
    const out: Value[] = [];
    for (const x of v) {
      const l = literal(x);
      if (l === undefined) return undefined;
      out.push(l);
    }
    return out;
  }
  return undefined;
}

/** Evaluates the Terraform modules of a tree that render Karpenter templates (once per tree). */
export async function prepareTerraform(tree: FileTree): Promise<void> {
  if (cache.has(tree)) return;
  const inputs = terraformInputs(tree);
  const result: TerraformEvaluation = { renderings: [], complete: new Set(), notes: [] };
  cache.set(tree, result);
  const modules = new Set([...inputs.keys()].filter((f) => f.endsWith('.tf')).map(dirOf));
  if (!modules.size) return;
  let hcl: Hcl;
  try {
    // The package is CommonJS: its exports are named ones from node_modules, the default export of the bundle in
    // dist/vendor/.
    const mod = (await import('@cdktf/hcl2json')) as unknown as Partial<Hcl> & { default?: Hcl };
    hcl = typeof mod.parse === 'function' ? (mod as Hcl) : mod.default!;
  } catch (e) {
    result.notes.push(assumption('terraform-parser-unavailable', { error: String(e) }));
    return;
  }
  const files = tree.list();
  for (const dir of modules) {
    try {
      await evaluateModule(tree, hcl, dir, files, result);
    } catch (e) {
      result.notes.push(assumption('terraform-module-failed', { dir, error: String(e).split('\n')[0] }));
    }
  }
}

async function evaluateModule(
  tree: FileTree,
  hcl: Hcl,
  dir: string,
  files: readonly string[],
  result: TerraformEvaluation,
): Promise<void> {
  const inDir = files.filter((f) => dirOf(f) === dir);
  const tf = inDir.filter((f) => f.endsWith('.tf'));
  const parsed = new Map<string, Record<string, unknown>>();
  for (const f of tf) parsed.set(f, await hcl.parse(f, tree.read(f) ?? ''));
  // Variables: literal defaults, then the auto-loaded .tfvars.
  const vars = new Map<string, Value>();
  const declared = new Set<string>();
  const varFiles: string[] = [];
  for (const [f, doc] of parsed) {
    if (!isObj(doc.variable)) continue;
    varFiles.push(f);
    for (const [name, blocks] of Object.entries(doc.variable)) {
      declared.add(name);
      const block = Array.isArray(blocks) && isObj(blocks[0]) ? blocks[0] : {};
      const d = literal(block.default);
      if (d !== undefined) vars.set(name, d);
    }
  }
  const auto = inDir.filter((f) => /(^|\/)(terraform\.tfvars|[^/]+\.auto\.tfvars)$/.test(f)).sort();
  for (const f of auto) {
    const doc = await hcl.parse(f, tree.read(f) ?? '');
    for (const [name, v] of Object.entries(doc)) {
      const l = literal(v);
      if (l === undefined) vars.delete(name);
      else vars.set(name, l);
    }
  }
  const others = inDir.filter((f) => /\.tfvars(\.json)?$/.test(f) && !auto.includes(f));
  if (others.length)
    result.notes.push(assumption('terraform-var-files', { dir, files: others, autoTfvars: auto.length > 0 }));
  let complete = true;
  const inputs = terraformInputs(tree);
  for (const [f, doc] of parsed) {
    const input = inputs.get(f);
    if (!input || !/templatefile|manifest/.test(input.why)) continue;
    const calls = templatefileCalls(doc);
    if (/manifest/.test(input.why) && !calls.length) {
      complete = false;
      result.notes.push(assumption('terraform-inline-manifest', { file: f, line: input.line }));
      continue;
    }
    for (const expr of calls) {
      const r = await renderCall(tree, hcl, f, dir, expr, vars, declared, files);
      if (typeof r === 'string') {
        // A templatefile of something other than Karpenter objects is not ours to evaluate.
        if (r !== '') {
          complete = false;
          result.notes.push(assumption('terraform-templatefile-failed', { file: f, line: input.line, reason: r }));
        }
        continue;
      }
      result.renderings.push({
        ...r,
        file: f,
        line: input.line,
        read: [...new Set([...varFiles, ...auto, f, r.template])],
      });
    }
  }
  if (complete) result.complete.add(dir);
}

/** The expressions (unwrapped) of a parsed file that call templatefile. */
function templatefileCalls(doc: unknown, out: string[] = []): string[] {
  if (typeof doc === 'string') {
    if (doc.includes('templatefile(')) {
      const m = /^\$\{([\s\S]*)\}$/.exec(doc.trim());
      out.push(m ? m[1] : doc);
    }
  } else if (Array.isArray(doc)) doc.forEach((x) => templatefileCalls(x, out));
  else if (isObj(doc)) Object.values(doc).forEach((x) => templatefileCalls(x, out));
  return out;
}

function findCall(node: AstNode): AstNode | null {
  if (node.type === 'function' && node.meta?.name === 'templatefile') return node;
  for (const c of node.children ?? []) {
    const f = findCall(c);
    if (f) return f;
  }
  return null;
}

const KARPENTER = /(karpenter\.sh\/|karpenter\.k8s\.aws\/)|(kind\s*:\s*["']?(NodePool|EC2NodeClass|NodeOverlay)\b)/;

/** Renders one templatefile call; a string is the reason it was not ('' for a template of no Karpenter kind). */
async function renderCall(
  tree: FileTree,
  hcl: Hcl,
  file: string,
  dir: string,
  expr: string,
  vars: ReadonlyMap<string, Value>,
  declared: ReadonlySet<string>,
  files: readonly string[],
): Promise<{ template: string; output: string } | string> {
  const ast = await hcl.getExpressionAst(file, expr);
  const call = findCall(ast);
  if (!call || (call.children ?? []).length !== 2) return 'not a templatefile(path, vars) call';
  const [pathNode, objNode] = call.children!;
  const rawPath = typeof pathNode.meta?.value === 'string' ? pathNode.meta.value : '';
  const pm = /^"(?:\$\{path\.module\}\/)?([^"$]+)"$/.exec(rawPath);
  if (!pm) return `the template path ${rawPath} is not a literal`;
  const template = normalize(dir ? `${dir}/${pm[1]}` : pm[1]);
  const text = files.includes(template) ? tree.read(template) : null;
  if (text === null) return `the template ${template} is not in the repository`;
  if (!KARPENTER.test(text)) return '';
  if (objNode.type !== 'object' || !isObj(objNode.meta?.items)) return 'the variables are not an object literal';
  const scope = new Map<string, Value>();
  for (const [k, src] of Object.entries(objNode.meta.items)) {
    const s = String(src).trim();
    const ref = /^var\.([_a-zA-Z][_a-zA-Z0-9-]*)$/.exec(s);
    if (ref) {
      const v = vars.get(ref[1]);
      if (v === undefined)
        return declared.has(ref[1]) ? `var.${ref[1]} has no literal value` : `var.${ref[1]} is not declared`;
      scope.set(k, v);
      continue;
    }
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch {
      return `${k} = ${s} is not a literal`;
    }
    const l = literal(v);
    if (l === undefined) return `${k} = ${s} is not a literal`;
    scope.set(k, l);
  }
  const out = renderTemplate(text, scope);
  return typeof out === 'string' ? { template, output: out } : out.error;
}

function normalize(p: string): string {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
}

type Segment =
  | { t: 'text'; s: string }
  | { t: 'interp'; expr: string; l: boolean; r: boolean }
  | { t: 'dir'; body: string; l: boolean; r: boolean };

/**
 * Terraform's template language, the certain part (hashicorp/hcl hclsyntax template parsing): interpolations of names
 * and `jsonencode(name)`, `for` directives over lists, strip markers and escapes. `{ error }` for anything else.
 */
export function renderTemplate(text: string, scope: ReadonlyMap<string, Value>): string | { error: string } {
  const segs: Segment[] = [];
  let i = 0;
  let buf = '';
  while (i < text.length) {
    if (text.startsWith('$${', i) || text.startsWith('%%{', i)) {
      buf += text[i + 1] + '{';
      i += 3;
      continue;
    }
    if ((text[i] === '$' || text[i] === '%') && text[i + 1] === '{') {
      const close = text.indexOf('}', i + 2);
      if (close < 0) return { error: 'an unterminated template sequence' };
      let body = text.slice(i + 2, close);
      const l = body.startsWith('~');
      const r = body.endsWith('~');
      body = body.slice(l ? 1 : 0, r ? -1 : undefined).trim();
      if (buf) segs.push({ t: 'text', s: buf });
      buf = '';
      segs.push(text[i] === '$' ? { t: 'interp', expr: body, l, r } : { t: 'dir', body, l, r });
      i = close + 1;
      continue;
    }
    buf += text[i++];
  }
  if (buf) segs.push({ t: 'text', s: buf });
  // Strip markers remove the whitespace (newlines included) on their side.
  segs.forEach((s, k) => {
    if (s.t === 'text') return;
    const prev = segs[k - 1];
    const next = segs[k + 1];
    if (s.l && prev?.t === 'text') prev.s = prev.s.replace(/\s+$/, '');
    if (s.r && next?.t === 'text') next.s = next.s.replace(/^\s+/, '');
  });
  const value = (expr: string, env: ReadonlyMap<string, Value>): Value | { error: string } => {
    const name = /^[_a-zA-Z][_a-zA-Z0-9-]*$/.test(expr) ? expr : null;
    if (name !== null) return env.has(name) ? env.get(name)! : { error: `${name} is not given to the template` };
    const j = /^jsonencode\(\s*([_a-zA-Z][_a-zA-Z0-9-]*)\s*\)$/.exec(expr);
    if (j) return env.has(j[1]) ? JSON.stringify(env.get(j[1])) : { error: `${j[1]} is not given to the template` };
    try {
      const l = literal(JSON.parse(expr));
      if (l !== undefined) return l;
    } catch {
      // not a literal
    }
    return { error: `the expression ${expr} is not evaluated` };
  };
  const run = (from: number, to: number, env: ReadonlyMap<string, Value>): string | { error: string } => {
    let out = '';
    for (let k = from; k < to; k++) {
      const s = segs[k];
      if (s.t === 'text') out += s.s;
      else if (s.t === 'interp') {
        const v = value(s.expr, env);
        if (isObj(v)) return v as { error: string };
        if (Array.isArray(v)) return { error: `${s.expr} is a list interpolated as a string` };
        out += String(v);
      } else {
        const m = /^for\s+([_a-zA-Z][_a-zA-Z0-9]*)\s+in\s+(.+)$/.exec(s.body);
        if (!m) return { error: `the directive %{ ${s.body} } is not evaluated` };
        // The matching endfor.
        let depth = 0;
        let end = -1;
        for (let e = k + 1; e < to; e++) {
          const x = segs[e];
          if (x.t !== 'dir') continue;
          if (/^for\s/.test(x.body)) depth++;
          else if (x.body === 'endfor' && depth-- === 0) {
            end = e;
            break;
          }
        }
        if (end < 0) return { error: 'a for directive without endfor' };
        const list = value(m[2].trim(), env);
        if (!Array.isArray(list)) return { error: `${m[2].trim()} is not a list` };
        for (const item of list) {
          const inner = run(k + 1, end, new Map([...env, [m[1], item]]));
          if (typeof inner !== 'string') return inner;
          out += inner;
        }
        k = end;
      }
    }
    return out;
  };
  return run(0, segs.length, scope);
}

/**
 * Reads a state's Terraform: the renderings `prepareTerraform` made are manifests of `terraform:<file>:<line>`; the
 * inputs of a module rendered in full count as evaluated, the others as not (a change to one is then
 * `input-not-evaluated`, sources/coverage.ts).
 */
export function readTerraform(
  tree: FileTree,
  out: {
    findings: Finding[];
    evaluated: Set<string>;
    unrendered: Set<string>;
    notes: Assumption[];
    renderers: string[];
    accept: (value: Record<string, unknown>, source: SourceRef) => void;
  },
): void {
  const inputs = terraformInputs(tree);
  if (!inputs.size) return;
  const ev = terraformEvaluation(tree);
  const done = new Set<string>();
  for (const r of ev?.renderings ?? []) {
    out.renderers.push(`terraform templatefile ${r.template} (${r.file}:${r.line})`);
    for (const doc of parseYamlDocuments(`terraform:${r.file}:${r.line}`, r.output, out.findings))
      out.accept(doc.value, doc.source);
    if (ev!.complete.has(dirOf(r.file))) for (const f of r.read) done.add(f);
  }
  for (const f of inputs.keys())
    if (done.has(f)) out.evaluated.add(f);
    else out.unrendered.add(f);
  if (ev?.renderings.length) addAssumptions(out.notes, [assumption('terraform-templatefile-scope')]);
  addAssumptions(out.notes, ev?.notes ?? []);
}
