/**
 * Findings as workflow-command annotations (the read-only token fallback, src/github/annotations.ts): the command
 * syntax and escaping GitHub's runner parses (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands:
 * `%` → %25, CR → %0D, LF → %0A in data; also `:` → %3A and `,` → %2C in properties), the `path:` prefix, errors
 * first, and the per-job cap.
 */
import { jest } from '@jest/globals';
import type { Plan } from '../../src/plan/contract.js';
import type { Finding } from '../../src/common/findings.js';
import { emitWorkflowAnnotations, WORKFLOW_ANNOTATIONS_PER_JOB } from '../../src/github/annotations.js';

const finding = (f: Partial<Finding>): Finding => ({
  rule: 'invalid-spec',
  severity: 'error',
  message: 'm',
  file: null,
  line: null,
  object: null,
  ...f,
});

function capture(plan: Plan, prefix: string): { lines: string[]; count: number } {
  const out: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  try {
    const count = emitWorkflowAnnotations(plan, prefix);
    return { lines: out.join('').split('\n').filter(Boolean), count };
  } finally {
    spy.mockRestore();
  }
}

test('escapes data and properties; prefixes the path input; a finding without a line has no file', () => {
  const plan = {
    findings: [
      finding({ severity: 'warning', rule: 'empty-state', message: 'no Karpenter object', file: null }),
      finding({ file: 'a,b:c.yaml', line: 3, message: 'line one\nline two\r 100%' }),
      finding({ severity: 'info', rule: 'budget-unlimited', file: 'pools.yaml', line: 12, message: 'ok' }),
    ],
  } as unknown as Plan;
  const { lines, count } = capture(plan, 'clusters/prod/');
  expect(count).toBe(3);
  expect(lines).toEqual([
    '::error title=invalid-spec,file=clusters/prod/a%2Cb%3Ac.yaml,line=3::line one%0Aline two%0D 100%25',
    '::warning title=empty-state::no Karpenter object',
    '::notice title=budget-unlimited,file=clusters/prod/pools.yaml,line=12::ok',
  ]);
});

test(`at most ${WORKFLOW_ANNOTATIONS_PER_JOB} lines: the last says how many more are in the summary`, () => {
  const plan = {
    findings: Array.from({ length: 60 }, (_, i) =>
      finding({ severity: i % 2 ? 'warning' : 'error', file: 'x.yaml', line: i + 1 }),
    ),
  } as unknown as Plan;
  const { lines, count } = capture(plan, '');
  expect(count).toBe(WORKFLOW_ANNOTATIONS_PER_JOB);
  expect(lines).toHaveLength(WORKFLOW_ANNOTATIONS_PER_JOB);
  // 30 errors, then 19 of the 30 warnings; 60 - 49 = 11 not shown.
  expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(30);
  expect(lines.slice(0, 30).every((l) => l.startsWith('::error '))).toBe(true);
  expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(19);
  expect(lines.at(-1)).toBe(
    `::notice title=karpenter-plan::11 more finding(s) are in the job summary (GitHub keeps ${WORKFLOW_ANNOTATIONS_PER_JOB} annotations per job)`,
  );
});
