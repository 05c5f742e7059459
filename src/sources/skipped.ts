/**
 * Skipped documents are not evaluated documents. A manifest file with a document skipped as invalid (malformed YAML, a
 * list or scalar document, a self-referencing alias) was not evaluated in full: in a diff, when it changed, that is
 * `input-not-evaluated` (sources/coverage.ts, through the state's `unrendered` files), whatever base did — the change
 * may lie in the document that was never read.
 */
import { isRenderedSource } from '../common/findings.js';
import type { Finding } from '../common/findings.js';

/** The slice of a state this reads and marks (its files, findings and files not evaluated in full). */
export interface SkippedDocumentsState {
  files: readonly string[];
  findings: readonly Finding[];
  unrendered: Set<string>;
}

export function markSkippedDocuments(state: SkippedDocumentsState): void {
  const read = new Set(state.files);
  for (const f of state.findings)
    if (f.rule === 'invalid-yaml' && f.file && read.has(f.file) && !isRenderedSource(f.file))
      state.unrendered.add(f.file);
}
