/**
 * The index addToExistingNode searches existing nodes by (existingnode.ts ExistingNodeIndex): a node labelled outside
 * the values a pod requires with `In` is one that ExistingNode.CanAdd refuses anyway (karpenter
 * pkg/scheduling/requirements.go Compatible: `In [b]` and `In [a]` do not intersect, and `In` is not tolerated), so
 * skipping it leaves scheduler.go addToExistingNode's first accepting node unchanged; nodes without the label are
 * always tried, in scheduler.go sortExistingNodes' order.
 */
import { parse } from 'yaml';
import { FindingSink, NO_SOURCE } from '../../src/common/findings.js';
import { parsePodSpec } from '../../src/api/workload.js';
import { ExistingNode, ExistingNodes, type ExistingNodeInput } from '../../src/provisioning/existingnode.js';
import { initialPodState, podRequirements } from '../../src/provisioning/preferences.js';
import type { PodGroup } from '../../src/provisioning/types.js';
import { existingNode } from '../support/cluster.js';

const input = (name: string, labels: Record<string, string>): ExistingNodeInput => existingNode(name, labels);

function group(selector: string): PodGroup {
  const spec = parse(`${selector}containers:\n  - name: c\n    resources: { requests: { cpu: 100m } }\n`) as Record<
    string,
    unknown
  >;
  const pod = parsePodSpec(spec, new FindingSink([], NO_SOURCE, null), ['spec']);
  return { key: 'Deployment/default/a', namespace: 'default', pod, count: 1, order: 0 };
}

// Given out of order: sortExistingNodes puts them by name (all initialized).
const nodes = [
  input('u-1', {}),
  input('b-1', { team: 'b' }),
  input('a-2', { team: 'a' }),
  input('a-1', { team: 'a' }),
].map((i) => new ExistingNode(i, { ...i.capacity! }, { ...i.allocatable! }, []));
const names = (l: ExistingNode[]) => l.map((n) => n.name);

describe('ExistingNodeIndex', () => {
  test('team In [a]: the nodes labelled a and the unlabelled one, in name order; b-1 is left out', () => {
    const g = group('nodeSelector: { team: a }\n');
    const st = initialPodState(g.pod, 'Respect');
    const reqs = podRequirements(g.pod, st);
    const existing = ExistingNodes.of(nodes);
    expect(names(existing.all())).toEqual(['a-1', 'a-2', 'b-1', 'u-1']);
    expect(names(existing.for(reqs))).toEqual(['a-1', 'a-2', 'u-1']);
    // What is left out, CanAdd refuses: team In [b] does not intersect team In [a].
    const b1 = nodes.find((n) => n.name === 'b-1')!;
    expect(b1.canAdd(g, st, reqs, null)).toMatchObject({ ok: false, code: 'incompatible-requirements' });
  });

  test('team In [a, b] leaves nothing out; NotIn and no selector use every node', () => {
    const existing = ExistingNodes.of(nodes);
    for (const sel of [
      'affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [ { matchExpressions: [ { key: team, operator: In, values: [a, b] } ] } ] } } }\n',
      'affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [ { matchExpressions: [ { key: team, operator: NotIn, values: [a] } ] } ] } } }\n',
      '',
    ]) {
      const g = group(sel);
      const reqs = podRequirements(g.pod, initialPodState(g.pod, 'Respect'));
      expect(names(existing.for(reqs))).toEqual(['a-1', 'a-2', 'b-1', 'u-1']);
    }
  });

  test("a node given as absent (a trial's candidate) is left out of every list", () => {
    const a1 = nodes.find((n) => n.name === 'a-1')!;
    const all = ExistingNodes.of(nodes);
    const trial = new ExistingNodes(all.index, new Set([a1]));
    const g = group('nodeSelector: { team: a }\n');
    const reqs = podRequirements(g.pod, initialPodState(g.pod, 'Respect'));
    expect(trial.size).toBe(3);
    expect(names(trial.for(reqs))).toEqual(['a-2', 'u-1']);
    expect(names(trial.all())).toEqual(['a-2', 'b-1', 'u-1']);
  });
});

describe('ExistingNode made again from the same labels', () => {
  test('shares its labelled requirements, and a pod added to one node leaves the other as it was', () => {
    const i = input('s-1', { team: 'a', zone: 'z1' });
    const one = new ExistingNode(i, { ...i.capacity! }, { ...i.allocatable! }, []);
    const again = new ExistingNode({ ...i, pods: [] }, { ...i.capacity! }, { ...i.allocatable! }, []);
    expect(again.labelled).toBe(one.labelled);
    const g = group('nodeSelector: { team: a }\n');
    const st = initialPodState(g.pod, 'Respect');
    const r = one.canAdd(g, st, podRequirements(g.pod, st), null);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    one.add(g, r.reqs);
    expect(one.requirements).not.toBe(one.labelled);
    expect(again.requirements).toBe(again.labelled);
    expect(again.requirements.get('team').values).toEqual(new Set(['a']));
    expect(again.remaining.cpu).toBe(4000);
    expect(one.remaining.cpu).toBe(3900);
  });

  test('a hostname of its own gets requirements of its own', () => {
    const labels = { team: 'a' };
    const a = new ExistingNode({ ...input('h-1', {}), labels }, { cpu: 1000 }, { cpu: 1000 }, []);
    const b = new ExistingNode({ ...input('h-2', {}), labels }, { cpu: 1000 }, { cpu: 1000 }, []);
    expect(a.labelled).not.toBe(b.labelled);
    expect([...a.labelled.get('kubernetes.io/hostname').values]).toEqual(['h-1']);
    expect([...b.labelled.get('kubernetes.io/hostname').values]).toEqual(['h-2']);
  });
});
