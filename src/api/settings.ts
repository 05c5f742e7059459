/**
 * Karpenter controller settings that change the model (karpenter pkg/operator/options/options.go AddFlags,
 * karpenter-provider-aws charts/karpenter/values.yaml). Defaults are the code defaults: NodeOverlay off,
 * ReservedCapacity on, SpotToSpotConsolidation off, PreferencePolicy Respect, MinValuesPolicy Strict.
 */
export interface ControllerSettings {
  featureGates: {
    nodeOverlay: boolean;
    reservedCapacity: boolean;
    spotToSpotConsolidation: boolean;
    nodeRepair: boolean;
    staticCapacity: boolean;
  };
  preferencePolicy: 'Respect' | 'Ignore';
  minValuesPolicy: 'Strict' | 'BestEffort';
  batchIdleDuration: string;
  batchMaxDuration: string;
  vmMemoryOverheadPercent: number;
  reservedENIs: number;
  /** Where each non-default value came from (file:line), for the report. */
  origin: string[];
}

export function defaultSettings(): ControllerSettings {
  return {
    featureGates: {
      nodeOverlay: false,
      reservedCapacity: true,
      spotToSpotConsolidation: false,
      nodeRepair: false,
      staticCapacity: false,
    },
    preferencePolicy: 'Respect',
    minValuesPolicy: 'Strict',
    batchIdleDuration: '1s',
    batchMaxDuration: '10s',
    vmMemoryOverheadPercent: 0.075,
    reservedENIs: 0,
    origin: [],
  };
}
