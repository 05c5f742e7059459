/**
 * Rendering the kustomizations of a state (sources/state.ts loadState): the target's, every one no other one uses, and
 * those of the Argo CD Applications rendered with the edits they make. The rendering itself is kustomize.ts's.
 */
import type { Finding, Position, SourceRef } from '../common/findings.js';
import type { KustomizationEdit } from './argocd-kustomize.js';
import type { Config } from './config.js';
import {
  Checkout,
  closure,
  filesOf,
  findKustomizeRenderer,
  renderKustomization,
  type Kustomization,
  type KustomizeRenderer,
} from './kustomize.js';
import { originIndex, recordOrigins, type OriginIndex } from './kustomize-origin.js';
import { renderAllowed, type RenderBudget } from './render-budget.js';
import { GitTree, type FileTree } from './tree.js';
import { parseYamlDocuments } from './yaml.js';

/** What rendering kustomizations fills in a state (sources/state.ts State). */
interface KustomizedState {
  findings: Finding[];
  capped?: string[];
  evaluated: Set<string>;
  unrendered: Set<string>;
  renderers: string[];
  renderFailures: { finding: Finding; inputs: string[] }[];
}

/** A kustomization to render, with the edits an Argo CD Application makes to it. */
export interface KustomizeJob {
  dir: string;
  edit: KustomizationEdit | null;
  /** What renders it, when not the kustomization itself (`Application x`). */
  owner?: string;
  /** Where the Application's `kustomize.commonLabels` sets a label (argocd.ts ApplicationSource). */
  labelAt?: (key: string) => Position | null;
}

/**
 * Renders the state's kustomizations (see kustomize.ts): the target, or every kustomization no other one uses.
 * Objects of the output are read as manifests of the file `kustomize:<folder>`; the inputs of a rendered
 * kustomization count as evaluated. What cannot be rendered is an `input-not-evaluated` error on its file.
 */
export function renderKustomizations(
  tree: FileTree,
  config: Config,
  opts: RenderBudget & { kustomize?: { renderer: KustomizeRenderer | null } },
  state: KustomizedState,
  all: Kustomization[],
  allFiles: string[],
  accept: (value: Record<string, unknown>, source: SourceRef) => void,
  jobs: KustomizeJob[],
): void {
  const roots = jobs.flatMap((j) => {
    const k = all.find((x) => x.dir === j.dir);
    return k ? [{ ...k, edit: j.edit, owner: j.owner, labelAt: j.labelAt }] : [];
  });
  if (!roots.length) return;
  const owner = (k: Kustomization): string => {
    const o = roots.find((r) => r.dir === k.dir)?.owner;
    return o ? ` (${o})` : '';
  };
  const notEvaluated = (
    k: Kustomization,
    message: string,
    at: { file: string; line: number | null } = { file: k.file, line: null },
  ): void => {
    const inputs = filesOf(closure(k, all), allFiles);
    for (const f of inputs) state.unrendered.add(f);
    const finding: Finding = {
      rule: 'input-not-evaluated',
      severity: 'error',
      file: at.file,
      line: at.line,
      object: null,
      message: `kustomization ${k.dir || '.'}${owner(k)} was not evaluated: ${message}`,
    };
    state.findings.push(finding);
    state.renderFailures.push({ finding, inputs: [...inputs] });
  };
  let checkout: Checkout | null = null;
  let origins: OriginIndex | null = null;
  try {
    for (const root of roots) {
      const parts = closure(root, all);
      const broken = parts.find((k) => k.invalid !== null);
      if (broken) {
        notEvaluated(root, `${broken.file} is not a valid kustomization (${broken.invalid})`);
        continue;
      }
      const remote = parts.flatMap((k) => k.remote);
      if (remote.length) {
        notEvaluated(
          root,
          `it names remote resources or paths outside the state, which are never fetched or read: ${remote
            .slice(0, 3)
            .map((r) => `${JSON.stringify(r.reference)} (${r.field} in ${r.file})`)
            .join(', ')}${outsidePathHint(tree, root.dir, parts)}`,
          remote[0],
        );
        continue;
      }
      if (!opts.kustomize) opts.kustomize = { renderer: findKustomizeRenderer() };
      const renderer = opts.kustomize.renderer;
      if (!renderer) {
        notEvaluated(
          root,
          'neither kustomize nor kubectl is on the PATH (install one, or pipe a rendering to `karpenter-plan -`)',
        );
        continue;
      }
      if (!renderAllowed(opts, config, state, root.file, `kustomization ${root.dir || '.'}${owner(root)}`)) {
        for (const f of filesOf(parts, allFiles)) state.unrendered.add(f);
        continue;
      }
      checkout ??= new Checkout(tree, allFiles);
      // Each object's origin is recorded in the temporary copy, so findings point at the file that set the field.
      const edit = root.edit;
      const r = renderKustomization(checkout, root.dir, renderer, config.renderTimeoutSeconds * 1000, (k) => {
        edit?.(k);
        recordOrigins(k);
      });
      if (!r.ok) {
        notEvaluated(root, r.message);
        continue;
      }
      const file = `kustomize:${root.dir || '.'}`;
      state.renderers.push(
        `${renderer.name === 'kubectl' ? 'kubectl kustomize' : 'kustomize build'} ${root.dir || '.'}${root.owner ? ` (${root.owner})` : ''}`,
      );
      for (const f of filesOf(parts, allFiles)) state.evaluated.add(f);
      origins ??= originIndex(tree);
      for (const doc of parseYamlDocuments(file, r.output, state.findings))
        accept(doc.value, origins.sourceOf(doc.value, doc.source, root.dir, parts, root.labelAt));
    }
  } finally {
    checkout?.dispose();
  }
}

/**
 * When the state is a folder of the repository (`--path`, action input `path`) and a kustomization names `../` paths
 * above it (an overlay whose bases lie outside): the hint to plan from the repository's root with `--target` instead.
 */
function outsidePathHint(tree: FileTree, dir: string, parts: readonly Kustomization[]): string {
  if (!(tree instanceof GitTree) || !tree.subdir) return '';
  if (!parts.some((k) => k.remote.some((r) => r.reference.startsWith('../')))) return '';
  const sub = tree.subdir.replace(/^\.\/?/, '').replace(/\/+$/, '');
  const key = dir ? `${sub}/${dir}` : sub;
  return `. Its bases lie outside --path ${sub}: plan from the repository's root with --target ${key} (action inputs: no \`path\`, \`target: ${key}\`)`;
}
