/**
 * Reads the Karpenter controller settings of a state: the karpenter chart's values (`settings.*`,
 * karpenter-provider-aws charts/karpenter/values.yaml), then the config file's `controller.settings`. Chart quirk
 * (charts/karpenter/templates/deployment.yaml): settings are emitted with `{{- with }}`, so a falsy value in the chart
 * values (false, 0, "") means the code default. Feature gates are passed through as written.
 */
import type { Finding } from '../common/findings.js';
import { defaultSettings, type ControllerSettings } from '../api/settings.js';
import type { Config } from './config.js';
import type { FileTree } from './tree.js';
import { isObject } from '../common/fields.js';
import { parseYamlMapping } from './yaml.js';
import { own } from '../common/own.js';

const GATES: Record<string, keyof ControllerSettings['featureGates']> = {
  nodeOverlay: 'nodeOverlay',
  reservedCapacity: 'reservedCapacity',
  spotToSpotConsolidation: 'spotToSpotConsolidation',
  nodeRepair: 'nodeRepair',
  staticCapacity: 'staticCapacity',
};

/** Settings found elsewhere in the state, e.g. the values of an Argo CD Application of the karpenter chart. */
export interface ChartSettings {
  settings: Record<string, unknown>;
  where: (path: string[]) => string;
  file: string | null;
}

/**
 * The controller settings: Karpenter's defaults, then the karpenter chart values file (`controller.values`), then the
 * values of karpenter chart Applications in the state, then the config's `controller.settings` (which wins).
 */
export function readControllerSettings(
  tree: FileTree,
  config: Config,
  findings: Finding[],
  fromApplications: ChartSettings[] = [],
): ControllerSettings {
  const s = defaultSettings();
  const file = config.controller.values;
  if (file) {
    const text = tree.read(file);
    if (text === null) {
      findings.push({
        rule: 'unreadable-file',
        severity: 'warning',
        file,
        line: null,
        object: null,
        message: `controller values file ${file} does not exist in ${tree.label}; Karpenter's default settings are assumed`,
      });
    } else {
      const doc = parseYamlMapping(file, text, findings);
      const settings = doc && isObject(doc.value.settings) ? doc.value.settings : null;
      if (settings)
        apply(
          s,
          settings,
          true,
          (path) => {
            const pos = doc!.source.locate(['settings', ...path]);
            return `${file}:${pos?.line ?? '?'}`;
          },
          findings,
          file,
          (path) => doc!.source.locate(['settings', ...path])?.line ?? null,
        );
    }
  }
  for (const a of fromApplications) apply(s, a.settings, true, a.where, findings, a.file, () => null);
  if (config.controller.settings && isObject(config.controller.settings)) {
    apply(
      s,
      config.controller.settings,
      false,
      () => `${config.file ?? 'config'} controller.settings`,
      findings,
      config.file,
      (path) => config.locate?.(['controller', 'settings', ...path])?.line ?? null,
    );
  }
  return s;
}

function apply(
  s: ControllerSettings,
  v: Record<string, unknown>,
  chartQuirk: boolean,
  where: (path: string[]) => string,
  findings: Finding[],
  file: string | null,
  lineOf: (path: string[]) => number | null,
): void {
  if (isObject(v.featureGates)) {
    for (const [k, val] of Object.entries(v.featureGates)) {
      const gate = own(GATES, k);
      if (!gate) continue;
      if (typeof val !== 'boolean') {
        findings.push({
          rule: 'invalid-config',
          // Karpenter reads the chart's --feature-gates flag as a map of booleans (karpenter pkg/operator/options
          // options.go ParseFeatureGates: cliflag.MapStringBool, strconv.ParseBool): "yes" stops the controller.
          severity: 'error',
          file,
          line: lineOf(['featureGates', k]),
          object: null,
          message: `settings.featureGates.${k} must be true or false, got ${JSON.stringify(val)}: the controller refuses to start with it`,
        });
        continue;
      }
      s.featureGates[gate] = val;
      s.origin.push(`featureGates.${k}=${val} (${where(['featureGates', k])})`);
    }
  }
  const str = (key: string, allowed: string[] | null, set: (x: string) => void): void => {
    const val = v[key];
    if (val === undefined || val === null) return;
    if (chartQuirk && (val === '' || val === false || val === 0)) return; // falsy → code default
    if (typeof val !== 'string' || (allowed && !allowed.includes(val))) {
      findings.push({
        rule: 'invalid-config',
        severity: 'error',
        file,
        line: lineOf([key]),
        object: null,
        message: `settings.${key} must be ${allowed ? allowed.join(' or ') : 'a string'}, got ${JSON.stringify(val)}`,
      });
      return;
    }
    set(val);
    s.origin.push(`${key}=${val} (${where([key])})`);
  };
  str('preferencePolicy', ['Respect', 'Ignore'], (x) => {
    s.preferencePolicy = x as 'Respect' | 'Ignore';
  });
  str('minValuesPolicy', ['Strict', 'BestEffort'], (x) => {
    s.minValuesPolicy = x as 'Strict' | 'BestEffort';
  });
  str('batchIdleDuration', null, (x) => {
    s.batchIdleDuration = x;
  });
  str('batchMaxDuration', null, (x) => {
    s.batchMaxDuration = x;
  });
  const num = (key: string, set: (x: number) => void): void => {
    const val = v[key];
    if (val === undefined || val === null) return;
    if (chartQuirk && (val === 0 || val === '' || val === '0' || val === false)) return;
    const n = typeof val === 'string' ? Number(val) : val;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return;
    set(n);
    s.origin.push(`${key}=${n} (${where([key])})`);
  };
  num('vmMemoryOverheadPercent', (x) => {
    s.vmMemoryOverheadPercent = x;
  });
  num('reservedENIs', (x) => {
    s.reservedENIs = Math.floor(x);
  });
}
