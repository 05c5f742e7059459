/** The rule registry, in report order. Rule ids are part of the public contract. */
import type { Rule } from './engine.js';
import {
  al2EndOfLife,
  amiAliasLatest,
  budgetBlocksDrift,
  budgetInvalidSchedule,
  budgetUnlimited,
  budgetWholePool,
  consolidationPolicyChanged,
  poolRemovedWithNodes,
} from './disruption.js';
import { unsubstitutedPlaceholder } from './placeholders.js';
import { apiVersionMigration } from './migration.js';
import {
  equalWeightOverlap,
  expireWithoutTgp,
  fallbackWithoutExpiry,
  flexDoesNotExist,
  limitsBlockFallback,
  lookAlikeLabel,
  minValuesUnsatisfiable,
  mixedGenerationsOnePool,
  nodeclassNotFound,
  numericRangeEmpty,
  requirementsFilterAllTypes,
  reservationUnused,
  spotMixedWithPreference,
  spotToSpotFewTypes,
} from './nodepools.js';
import {
  overlayAndWeightSplit,
  overlayBeyondCut,
  overlayConflict,
  overlayGateDisabled,
  overlayGateEnabled,
  overlayPenaltyTooLarge,
  overlayUnscoped,
} from './overlays.js';
import {
  capacityTypeExactOnDemand,
  customLabelUndeclared,
  nodepoolSelectorPinsPool,
  podGraceExceedsTgp,
  preferredAffinityGeneration,
  topologyUnsatisfiable,
} from './workloads.js';

export const RULES: readonly Rule[] = [
  equalWeightOverlap,
  nodepoolSelectorPinsPool,
  mixedGenerationsOnePool,
  overlayGateDisabled,
  overlayUnscoped,
  overlayConflict,
  overlayPenaltyTooLarge,
  spotMixedWithPreference,
  requirementsFilterAllTypes,
  minValuesUnsatisfiable,
  numericRangeEmpty,
  customLabelUndeclared,
  lookAlikeLabel,
  capacityTypeExactOnDemand,
  flexDoesNotExist,
  amiAliasLatest,
  expireWithoutTgp,
  fallbackWithoutExpiry,
  budgetInvalidSchedule,
  budgetBlocksDrift,
  budgetUnlimited,
  nodeclassNotFound,
  poolRemovedWithNodes,
  limitsBlockFallback,
  preferredAffinityGeneration,
  spotToSpotFewTypes,
  topologyUnsatisfiable,
  podGraceExceedsTgp,
  reservationUnused,
  overlayGateEnabled,
  overlayAndWeightSplit,
  overlayBeyondCut,
  budgetWholePool,
  consolidationPolicyChanged,
  al2EndOfLife,
  unsubstitutedPlaceholder,
  apiVersionMigration,
];

export { runRules, type Rule, type RuleContext } from './engine.js';
