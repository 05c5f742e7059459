/**
 * What the schedulers over one list of NodeClaim templates share (disruption's trials, the rules' what-ifs): each
 * template's position, the templates by the finite values their requirements hold (scheduling/requirement-index.ts),
 * and whether one has a PreferNoSchedule taint. Built once per list; lists of templates are never changed once made.
 */
import { RequirementIndex } from '../scheduling/requirement-index.js';
import type { Template } from './types.js';

export interface TemplatesIndex {
  positions: Map<Template, number>;
  byRequirement: RequirementIndex;
  /** Whether a template has a PreferNoSchedule taint (preferences.go: relaxation then tolerates them). */
  anyPreferNoSchedule: boolean;
}

const templateIndexes = new WeakMap<readonly Template[], TemplatesIndex>();

export function templatesIndex(templates: readonly Template[]): TemplatesIndex {
  let index = templateIndexes.get(templates);
  if (!index)
    templateIndexes.set(
      templates,
      (index = {
        positions: new Map(templates.map((t, i) => [t, i])),
        byRequirement: new RequirementIndex(templates.length, (i, key) => templates[i].requirements.find(key)),
        anyPreferNoSchedule: templates.some((t) => t.taints.some((x) => x.effect === 'PreferNoSchedule')),
      }),
    );
  return index;
}
