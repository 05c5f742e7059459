// The JSON plan of every example, made by the bundled CLI, compared with a recorded set: a
// restructuring or an optimisation must not change what users see.
//   node scripts/plan-identity.mjs record DIR   writes DIR/<case>.json
//   node scripts/plan-identity.mjs check DIR    exits 1 when any plan differs (timestamps aside)
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const AT = '2026-01-05T10:00:00Z';

export function cases() {
  const out = [];
  for (const ex of readdirSync('examples').sort()) {
    const dir = join('examples', ex);
    const fleet = existsSync(join(dir, 'fleet.json')) ? ['--fleet', join(dir, 'fleet.json')] : [];
    out.push({
      name: `${ex}.diff`,
      args: ['diff', '--base', join(dir, 'base'), '--head', join(dir, 'head'), ...fleet, '--at', AT],
    });
    out.push({ name: `${ex}.simulate`, args: ['simulate', join(dir, 'head')] });
    out.push({ name: `${ex}.validate`, args: ['validate', join(dir, 'head')] });
  }
  return out;
}

/** The plan without what changes from run to run (nothing today; kept for committedAt-like fields). */
export function normalise(plan) {
  return JSON.stringify(plan, null, 2);
}

export function planOf(args) {
  let stdout;
  try {
    stdout = execFileSync(process.execPath, ['dist/cli.js', ...args, '--format', 'json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    // Exit code 1 (policy failed) still prints the plan.
    if (e.status !== 1) throw e;
    stdout = e.stdout;
  }
  return normalise(JSON.parse(stdout));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {
    values,
    positionals: [mode, dir],
  } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help || !['record', 'check'].includes(mode) || !dir) {
    console.error('usage: node scripts/plan-identity.mjs record|check DIR');
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true });
  let differ = 0;
  for (const c of cases()) {
    const text = planOf(c.args);
    const file = join(dir, `${c.name}.json`);
    if (mode === 'record') writeFileSync(file, text + '\n');
    else if (!existsSync(file) || readFileSync(file, 'utf8') !== text + '\n') {
      differ++;
      writeFileSync(`${file}.new`, text + '\n');
      console.error(`differs: ${c.name} (see ${file}.new)`);
    }
  }
  console.log(`${mode}: ${cases().length} plans${mode === 'check' ? `, ${differ} differ` : ''}`);
  process.exit(differ ? 1 : 0);
}
