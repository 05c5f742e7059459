/**
 * The manifest files base and head both read (sources/yaml.ts SharedYamlReads): a file of the same name and text is
 * parsed once for the two states, each state getting its own copies of the file's findings.
 */
import type { Finding } from '../../src/common/findings.js';
import { parseYamlDocuments, SharedYamlReads } from '../../src/sources/yaml.js';

const TEXT = `apiVersion: v1
kind: ConfigMap
metadata: { name: a }
data: { enabled: yes }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: b }
`;

describe('SharedYamlReads', () => {
  test('the same name and text: the documents of the first read, the findings copied for each state', () => {
    const reads = new SharedYamlReads();
    const head: Finding[] = [];
    const base: Finding[] = [];
    const h = reads.parse('cm.yaml', TEXT, head);
    const b = reads.parse('cm.yaml', TEXT, base);
    expect(b).toBe(h);
    const alone: Finding[] = [];
    expect(h.map((d) => d.value)).toEqual(parseYamlDocuments('cm.yaml', TEXT, alone).map((d) => d.value));
    expect(head).toEqual(alone);
    expect(base).toEqual(alone);
    expect(head.length).toBeGreaterThan(0); // the YAML 1.1 boolean
    expect(base[0]).not.toBe(head[0]);
  });

  test('another text under the same name, or the same text under another name, is parsed again', () => {
    const reads = new SharedYamlReads();
    const first = reads.parse('cm.yaml', TEXT, []);
    const changed = reads.parse('cm.yaml', TEXT.replace('name: b', 'name: c'), []);
    expect(changed).not.toBe(first);
    expect((changed[1].value.metadata as { name: string }).name).toBe('c');
    const elsewhere = reads.parse('other.yaml', TEXT, []);
    expect(elsewhere).not.toBe(first);
    expect(elsewhere[0].file).toBe('other.yaml');
  });

  test('a file is handed to one other read only: a third read parses it again', () => {
    const reads = new SharedYamlReads();
    const first = reads.parse('cm.yaml', TEXT, []);
    expect(reads.parse('cm.yaml', TEXT, [])).toBe(first);
    expect(reads.parse('cm.yaml', TEXT, [])).not.toBe(first);
  });
});
