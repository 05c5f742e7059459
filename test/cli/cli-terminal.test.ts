/**
 * The CLI on a terminal: the text report on a TTY (Markdown into a pipe), every Markdown section in the text format,
 * NO_COLOR / FORCE_COLOR, one-line usage errors with a did-you-mean, a help per command, progress on standard error,
 * and outputs that are never read back as input. The terminal is simulated in-process (runCli's `isTTY`, a fake stderr).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { COMMANDS } from '../../src/cli/help.js';
import { colorEnabled, progressLine } from '../../src/cli/terminal.js';
import { closest, editDistance } from '../../src/common/distance.js';
import type { Plan } from '../../src/plan/contract.js';

const EXAMPLES = ['generation-split', 'helm-values', 'node-overlay', 'drift-budgets'];
const AT = ['--at', '2026-01-05T10:00:00Z'];
const args = (ex: string) => [
  'diff',
  '--base',
  `examples/${ex}/base`,
  '--head',
  `examples/${ex}/head`,
  ...AT,
  ...(existsSync(`examples/${ex}/fleet.json`) ? ['--fleet', `examples/${ex}/fleet.json`] : []),
];
const ESC = String.fromCharCode(27);

describe('the report format of diff', () => {
  test('on a terminal the text report; into a pipe, or with --format markdown, the Markdown', async () => {
    const tty = await runCli(args('generation-split'), process.cwd(), undefined, { isTTY: true });
    expect(tty.stdout.split('\n')[0]).toBe('karpenter-plan: PASS');
    const piped = await runCli(args('generation-split'));
    // The example deletes a NodePool with its nodes (a caution): a pass never shows ✅ above a caution.
    expect(piped.stdout.split('\n')[0]).toBe('### ⚠️ karpenter-plan: pass, with 1 caution');
    const md = await runCli([...args('generation-split'), '--format', 'markdown'], process.cwd(), undefined, {
      isTTY: true,
    });
    expect(md.stdout).toBe(piped.stdout);
  });

  test.each(EXAMPLES)('%s: --format text carries every section of the Markdown report', async (ex) => {
    const md = (await runCli(args(ex))).stdout;
    const text = (await runCli([...args(ex), '--format', 'text'])).stdout;
    const plan = JSON.parse((await runCli([...args(ex), '--format', 'json'])).stdout) as Plan;
    // Each folded section of the Markdown, and where the text report has it.
    const sections: Record<string, RegExp> = {
      'Fleet outcome': /^Fleet outcome: /m,
      'What each NodePool would launch': /^What each NodePool would launch \(probe pods\): /m,
      'Expected replacements': /^Expected replacements: /m,
      Rollout: /^Rollout of drift replacements under the budgets \(UTC\)$/m,
      'What-if (insufficient capacity)': /^What-if \(insufficient capacity\): /m,
      Charts: /^(Simulated fleet|The fleet snapshot)( \(probe pods\))? by family \(nodes\)$/m,
      Findings: /^Findings: /m,
      'Manifest changes': /^Manifest changes: /m,
      Assumptions: /^Assumptions$/m,
    };
    const titles = [...md.matchAll(/<summary>(?:<a name="[^"]+"><\/a>)?<b>([^<]+)<\/b>/g)].map((m) => m[1]);
    expect(titles.length).toBeGreaterThan(3);
    for (const t of titles) {
      expect(Object.keys(sections)).toContain(t);
      expect({ section: t, found: sections[t].test(text) }).toEqual({ section: t, found: true });
    }
    // The notes under the NodePool table (rollout, drift, consolidation) are the Markdown's, word for word.
    // (The consequence lines above the first section are the comment's summary; the text report leads with the same
    // lines, in plain text.)
    const notes = md
      .slice(md.indexOf('<details'))
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => l.replace(/<code>([^<]*)<\/code>/g, '$1'))
      .filter((l) => !/[\\&]/.test(l));
    for (const n of notes.filter((l) => !plan.assumptions.some((a) => l.includes(a.slice(0, 30)))))
      expect(text).toContain(n);
    // Every wave of the rollout chart is a row of the rollout table.
    const waves = plan.nodePools.flatMap((p) => (p.rollout?.waves ?? []).map((w) => ({ pool: p.name, ...w })));
    if (waves.length) {
      expect(text).toMatch(/^Rollout of drift replacements under the budgets \(UTC\)$/m);
      for (const [i, w] of waves.entries())
        expect(text).toMatch(
          new RegExp(
            `^  ${w.pool}\\s+${i + 1}\\s+${w.nodes}\\s+${w.start.slice(0, 16)}\\s+${w.end.slice(0, 16)}$`,
            'm',
          ),
        );
    }
    // Every what-if scenario is there with its workloads.
    for (const sc of plan.scenarios) {
      expect(text).toContain(`  ${sc.name}: ${sc.unavailableOfferings} offerings unavailable`);
      for (const w of sc.workloads.filter((x) => x.changed))
        expect(text).toContain(`${w.kind} ${w.namespace}/${w.name}`);
    }
    expect(text.includes(ESC)).toBe(false);
  });

  test('user text cannot send escape sequences to the terminal', async () => {
    const { terminalSafe } = await import('../../src/report/text.js');
    expect(terminalSafe(`pool${ESC}[2Jx\u009b1m\nnext`)).toBe('pool [2Jx 1m next');
  });
});

describe('colours', () => {
  test('a terminal has colours unless NO_COLOR or TERM=dumb; FORCE_COLOR decides over both', () => {
    expect(colorEnabled(true, {})).toBe(true);
    expect(colorEnabled(false, {})).toBe(false);
    expect(colorEnabled(true, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(true, { NO_COLOR: '' })).toBe(true); // no-color.org: set and not empty
    expect(colorEnabled(true, { TERM: 'dumb' })).toBe(false);
    expect(colorEnabled(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(true, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled(true, { FORCE_COLOR: 'false', NO_COLOR: '' })).toBe(false);
    expect(colorEnabled(false, { FORCE_COLOR: '', NO_COLOR: '1' })).toBe(true);
  });

  test('colours reach the text report only', async () => {
    const on = { isTTY: true, color: true };
    const text = await runCli(args('drift-budgets'), process.cwd(), undefined, on);
    expect(text.stdout).toContain(`${ESC}[32mPASS${ESC}[0m`);
    const md = await runCli([...args('drift-budgets'), '--format', 'markdown'], process.cwd(), undefined, on);
    expect(md.stdout.includes(ESC)).toBe(false);
  });
});

describe('usage errors: one line, where the help is, and a did-you-mean', () => {
  const run = async (argv: string[]) => {
    const r = await runCli(argv);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    return r.stderr;
  };
  test('an unknown option of a command', async () => {
    expect(await run(['diff', '--fromat', 'text'])).toBe(
      'karpenter-plan: unknown option --fromat (did you mean --format?)\nsee karpenter-plan diff --help\n',
    );
    expect(await run(['validate', '.', '--json-uot', 'x.json'])).toBe(
      'karpenter-plan: unknown option --json-uot (did you mean --json-out?)\nsee karpenter-plan validate --help\n',
    );
    expect(await run(['diff', '--xyzzy'])).toBe(
      'karpenter-plan: unknown option --xyzzy\nsee karpenter-plan diff --help\n',
    );
    expect(await run(['diff', '-x'])).toBe('karpenter-plan: unknown option -x\nsee karpenter-plan diff --help\n');
  });
  test('an option the command does not take, an option without its value, an unknown --format', async () => {
    expect(await run(['diff', '--region', 'eu-west-1'])).toBe(
      'karpenter-plan: diff does not take --region\nsee karpenter-plan diff --help\n',
    );
    expect(await run(['diff', '--base', 'a', '--out'])).toBe(
      'karpenter-plan: option --out needs a value\nsee karpenter-plan diff --help\n',
    );
    const fmt = await run([...args('generation-split'), '--format', 'sraif']);
    expect(fmt).toMatch(
      /^karpenter-plan: unknown --format "sraif" \(did you mean sarif\? .*\)\nsee karpenter-plan diff --help\n$/,
    );
  });
  test('an unknown command, and an unknown catalog command', async () => {
    expect(await run(['dif', '--base', 'a'])).toBe(
      'karpenter-plan: unknown command "dif" (did you mean diff?)\nsee karpenter-plan --help\n',
    );
    expect(await run(['validte'])).toBe(
      'karpenter-plan: unknown command "validte" (did you mean validate?)\nsee karpenter-plan --help\n',
    );
    expect(await run(['frobnicate'])).toBe('karpenter-plan: unknown command "frobnicate"\nsee karpenter-plan --help\n');
    expect(await run(['catalog', 'refesh'])).toBe(
      'karpenter-plan: unknown catalog command "refesh" (did you mean catalog refresh?)\nsee karpenter-plan catalog --help\n',
    );
  });
  test('an unknown target key, with the nearest target', async () => {
    const fixture = ['--base', 'test/fixtures/kustomize-repo', '--head', 'test/fixtures/kustomize-repo'];
    expect(await run(['diff', ...fixture, '--target', 'overlays/prodution'])).toMatch(
      /^karpenter-plan: target "overlays\/prodution" is not [^\n]+ — did you mean overlays\/production\? [^\n]+\nsee karpenter-plan diff --help\n$/,
    );
  });
  test('a usage error found after parsing points to its command', async () => {
    expect(await run(['diff', '--base', 'examples/generation-split/base'])).toMatch(
      /^karpenter-plan: [^\n]+\nsee karpenter-plan diff --help\n$/,
    );
  });
});

describe('help', () => {
  test.each(COMMANDS)('%s --help is its own', async (cmd) => {
    const r = await runCli([cmd, '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.startsWith(`Usage: karpenter-plan ${cmd}`)).toBe(true);
    expect((await runCli(['help', cmd])).stdout).toBe(r.stdout);
  });
  test('catalog refresh --help is the catalog help, not the global one', async () => {
    const r = await runCli(['catalog', 'refresh', '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.startsWith('Usage: karpenter-plan catalog refresh --region REGION')).toBe(true);
  });
  test('--help alone, and help, print the global help', async () => {
    const r = await runCli(['--help']);
    expect(r.stdout.startsWith('Usage: karpenter-plan <command>')).toBe(true);
    expect((await runCli(['help'])).stdout).toBe(r.stdout);
  });
});

describe('progress on standard error', () => {
  const stream = (isTTY: boolean) => {
    const written: string[] = [];
    return { isTTY, written, write: (s: string) => written.push(s) };
  };
  test('after the threshold only, on a terminal only, cleared at the end', () => {
    let t = 0;
    const now = () => t;
    const tty = stream(true);
    const p = progressLine(tty, { now });
    p.report('rendering target 1/3 a');
    t = 999;
    p.report('rendering target 2/3 b');
    expect(tty.written).toEqual([]);
    t = 1001;
    p.report('rendering target 3/3 c');
    p.done();
    expect(tty.written).toEqual([`\r${ESC}[Krendering target 3/3 c …`, `\r${ESC}[K`]);
    const pipe = stream(false);
    const q = progressLine(pipe, { now });
    t = 5000;
    q.report('rendering target 1/3 a');
    q.done();
    expect(pipe.written).toEqual([]);
  });

  test('a run of several targets reports each target, then clears the line; nothing on a pipe', async () => {
    const tty = stream(true);
    const fixture = ['--base', 'test/fixtures/kustomize-repo', '--head', 'test/fixtures/kustomize-repo', ...AT];
    const r = await runCli(['diff', ...fixture, '--format', 'json'], process.cwd(), undefined, {
      progress: tty,
      progressAfterMs: 0,
    });
    expect(r.exitCode).not.toBe(2);
    const plan = JSON.parse(r.stdout) as Plan;
    const n = plan.clusters!.length;
    expect(n).toBeGreaterThan(1);
    const lines = tty.written.map((w) => w.replace(`\r${ESC}[K`, ''));
    for (let i = 1; i <= n; i++) {
      expect(lines.some((l) => l.startsWith(`rendering target ${i}/${n} `))).toBe(true);
      expect(lines.some((l) => l.startsWith(`planning target ${i}/${n} `))).toBe(true);
    }
    expect(tty.written[tty.written.length - 1]).toBe(`\r${ESC}[K`);
    const pipe = stream(false);
    await runCli(['diff', ...fixture, '--format', 'json'], process.cwd(), undefined, {
      progress: pipe,
      progressAfterMs: 0,
    });
    expect(pipe.written).toEqual([]);
  });
});

test('--out and --json-out inside the state are never read back as input', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kp-outputs-'));
  try {
    cpSync('examples/generation-split/head', dir, { recursive: true });
    const argv = [
      'validate',
      dir,
      '--format',
      'sarif',
      '--out',
      join(dir, 'report.yaml'),
      '--json-out',
      join(dir, 'plan.json'),
    ];
    const first = await runCli(argv);
    expect(first.exitCode).not.toBe(2);
    const firstPlan = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as Plan;
    const second = await runCli(argv);
    expect(second.exitCode).toBe(first.exitCode);
    const secondPlan = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as Plan;
    expect(secondPlan.inputs.head.files).toEqual(firstPlan.inputs.head.files);
    expect(secondPlan.inputs.head.files.filter((f) => /report\.yaml|plan\.json/.test(f))).toEqual([]);
    expect(secondPlan.findings.map((f) => `${f.rule} ${f.file}`)).toEqual(
      firstPlan.findings.map((f) => `${f.rule} ${f.file}`),
    );
    // Relative output paths are resolved against the run's directory, not the process's.
    const rel = await runCli(['validate', '.', '--format', 'json', '--out', 'out.json'], dir);
    expect(rel.exitCode).not.toBe(2);
    expect(existsSync(join(dir, 'out.json'))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('closest: the nearest known word within a third of its length, or a prefix', () => {
  expect(editDistance('fromat', 'format')).toBe(1); // one transposition
  expect(editDistance('kitten', 'sitting')).toBe(3);
  expect(closest('fromat', ['format', 'fleet'])).toBe('format');
  expect(closest('dif', ['diff', 'merge'])).toBe('diff');
  expect(closest('xyzzy', ['diff', 'merge'])).toBeUndefined();
  // Three edits are too many, however long the word: a different overlay is not a typo.
  expect(closest('overlays/qa', ['overlays/dev', 'overlays/production'])).toBeUndefined();
  expect(closest('json-o', ['json-out', 'out'])).toBe('json-out');
  expect(closest('', ['diff'])).toBeUndefined();
});
