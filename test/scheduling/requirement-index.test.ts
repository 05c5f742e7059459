/**
 * The index the scheduler's scans skip items by (scheduling/requirement-index.ts RequirementIndex): an item whose
 * requirement on a key is `key In V` is refused for a pod requiring `key In S` with V ∩ S empty — karpenter
 * pkg/scheduling/requirements.go Compatible ends in Intersects, which tolerates a pair without common values only when
 * both operators are NotIn or DoesNotExist. Used for existing nodes (addToExistingNode, test/provisioning/
 * existing-node-index.test.ts) and for the NodeClaim templates of addToNewNodeClaim and hostingTemplates (below).
 */
import fc from 'fast-check';
import { RequirementIndex } from '../../src/scheduling/requirement-index.js';
import { Requirement, Requirements } from '../../src/scheduling/requirements.js';
import { deployment, NODECLASS, nodePool, simulateYaml } from '../helpers.js';

const reqs = (...rs: [string, string, string[]][]) =>
  new Requirements(rs.map(([k, op, v]) => Requirement.of(k, op, v)));
const indexOf = (items: Requirements[]) => new RequirementIndex(items.length, (i, key) => items[i].find(key));

describe('RequirementIndex', () => {
  const items = [
    reqs(['team', 'In', ['a']]), // 0
    reqs(['team', 'In', ['b', 'c']]), // 1: under two values
    reqs(), // 2: no team requirement
    reqs(['team', 'NotIn', ['a']]), // 3: not a finite set
    reqs(['team', 'Exists', []]), // 4
    reqs(['team', 'In', ['c']]), // 5
  ];
  const index = indexOf(items);

  test('a pod requiring `team In [c]` skips the items whose finite set lacks c; the others in order, once each', () => {
    expect(index.candidates(reqs(['team', 'In', ['c']]))).toEqual([1, 2, 3, 4, 5]);
    expect(index.candidates(reqs(['team', 'In', ['a', 'b']]))).toEqual([0, 1, 2, 3, 4]);
    expect(index.candidates(reqs(['team', 'In', ['z']]))).toEqual([2, 3, 4]);
  });

  test('NotIn, Exists, DoesNotExist and bounds narrow nothing (null: every item)', () => {
    expect(index.candidates(reqs(['team', 'NotIn', ['a']]))).toBeNull();
    expect(index.candidates(reqs(['team', 'Exists', []]))).toBeNull();
    expect(index.candidates(reqs(['team', 'DoesNotExist', []]))).toBeNull();
    expect(index.candidates(reqs(['team', 'Gt', ['3']]))).toBeNull();
    expect(index.candidates(reqs())).toBeNull();
  });

  test('property: every item left out is one Compatible and Intersects refuse (requirements.go)', () => {
    const values = ['a', 'b', 'c', '1', '5'];
    const requirement = fc.record({
      key: fc.constantFrom('team', 'zone', 'size'),
      op: fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'),
      values: fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 }),
    });
    const set = fc
      .array(requirement, { maxLength: 3 })
      .map((rs) => new Requirements(rs.map((r) => Requirement.of(r.key, r.op, r.values))));
    fc.assert(
      fc.property(fc.array(set, { maxLength: 8 }), set, (all, pod) => {
        const at = indexOf(all).candidates(pod);
        if (at === null) return;
        expect([...at].sort((x, y) => x - y)).toEqual(at);
        expect(new Set(at).size).toBe(at.length);
        for (let i = 0; i < all.length; i++) {
          if (at.includes(i)) continue;
          expect(all[i].isCompatible(pod, true)).toBe(false);
          expect(all[i].intersectsOk(pod)).toBe(false);
        }
      }),
      { seed: 20261203, numRuns: 300 },
    );
  });
});

describe('addToNewNodeClaim tries only the templates the index keeps', () => {
  // Three team NodePools in weight order (a 30, b 20, c 10) and one without the label, the lowest.
  const teamPool = (team: string, weight: number) =>
    nodePool(`team-${team}`, { weight, extraTemplateSpec: '' }).replace(
      '  template:\n',
      `  template:\n    metadata: { labels: { team: ${team} } }\n`,
    );
  const yaml = [
    NODECLASS,
    teamPool('a', 30),
    teamPool('b', 20),
    teamPool('c', 10),
    nodePool('general', { weight: 1 }),
    deployment('on-b', { podSpec: '      nodeSelector: { team: b }\n' }),
    deployment('lost', { podSpec: '      nodeSelector: { team: z }\n' }),
  ].join('---\n');
  const { place } = simulateYaml(yaml);

  test('a pod selecting team b lands in team-b, the first template in weight order that accepts it', () => {
    expect(place('on-b')).toMatchObject({ schedulable: true, nodePool: 'team-b' });
  });

  test("a pod no template accepts: its error names every NodePool in weight order, each with Karpenter's reason", () => {
    const p = place('lost');
    expect(p.schedulable).toBe(false);
    // nodeclaim.go CanAdd "incompatible requirements, %w" around requirements.go Intersects "key %s, %s not in %s" for
    // the team pools; `general` has no `team` key and Compatible says so ("label %q does not have known values").
    expect(p.reason).toBe(
      [
        'nodepool "team-a": incompatible requirements, key team, team In [z] not in team In [a]',
        'nodepool "team-b": incompatible requirements, key team, team In [z] not in team In [b]',
        'nodepool "team-c": incompatible requirements, key team, team In [z] not in team In [c]',
        'nodepool "general": incompatible requirements, label "team" does not have known values',
      ].join('; '),
    );
    expect(p.reasonCodes).toEqual(['incompatible-requirements']);
  });
});
