/**
 * Renderings are made once per process for the same files (sources/kustomize.ts renderKustomization): a process that
 * renders one state several times (base in `validate` and `diff`, the fuzzer's commands of a case) runs the renderer
 * once; changed files, another folder or another edit render again.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Checkout, renderKustomization, type KustomizeRenderer } from '../../src/sources/kustomize.js';
import { DirTree } from '../../src/sources/tree.js';
import { tempTree } from '../helpers.js';

// A stand-in renderer that counts its runs (one line per run) and prints one ConfigMap.
const bin = tempTree({ 'count.log': '' });
const counter = join(bin, 'count.log');
writeFileSync(
  join(bin, 'fake-kustomize'),
  `#!/bin/sh\necho run >> ${JSON.stringify(counter)}\necho 'apiVersion: v1'\necho 'kind: ConfigMap'\necho 'metadata: { name: x }'\n`,
);
chmodSync(join(bin, 'fake-kustomize'), 0o755);
const renderer: KustomizeRenderer = { name: 'kustomize', binary: join(bin, 'fake-kustomize') };
const runs = () => readFileSync(counter, 'utf8').split('\n').filter(Boolean).length;

function checkout(files: Record<string, string>): Checkout {
  const tree = new DirTree(tempTree(files));
  return new Checkout(tree, tree.list());
}

const K = 'resources: [a.yaml]\n';

test('the same files render once; other files, another folder or another edit render again', () => {
  const first = renderKustomization(
    checkout({ 'app/kustomization.yaml': K, 'app/a.yaml': 'a: 1\n' }),
    'app',
    renderer,
    20_000,
  );
  expect(first).toEqual(expect.objectContaining({ ok: true, output: expect.stringContaining('kind: ConfigMap') }));
  expect(runs()).toBe(1);
  // Another checkout (another temporary folder) of the same files: the rendering made before.
  const again = renderKustomization(
    checkout({ 'app/kustomization.yaml': K, 'app/a.yaml': 'a: 1\n' }),
    'app',
    renderer,
    20_000,
  );
  expect(again).toEqual(first);
  expect(runs()).toBe(1);
  // One byte of a file that the kustomization reads changes: rendered again.
  renderKustomization(checkout({ 'app/kustomization.yaml': K, 'app/a.yaml': 'a: 2\n' }), 'app', renderer, 20_000);
  expect(runs()).toBe(2);
  // The same files, another folder.
  const two = {
    'app/kustomization.yaml': K,
    'app/a.yaml': 'a: 1\n',
    'other/kustomization.yaml': K,
    'other/a.yaml': '',
  };
  renderKustomization(checkout(two), 'other', renderer, 20_000);
  expect(runs()).toBe(3);
  // An edit (an Argo CD Application's kustomize options) is part of what is rendered; the same edit again is not.
  const edit = (k: Record<string, unknown>) => {
    k.namePrefix = 'p-';
  };
  renderKustomization(checkout(two), 'other', renderer, 20_000, edit);
  expect(runs()).toBe(4);
  renderKustomization(checkout(two), 'other', renderer, 20_000, edit);
  expect(runs()).toBe(4);
  renderKustomization(checkout(two), 'other', renderer, 20_000, (k) => {
    k.namePrefix = 'q-';
  });
  expect(runs()).toBe(5);
});
