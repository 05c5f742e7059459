/**
 * Placeholders are not values, and skipped documents are not evaluated documents (issue 27). Karpenter reads every
 * field literally (karpenter pkg/apis/v1/nodepool.go): a NodePool named `${name}` whose nodeClassRef is
 * `${ec2nodeclass_ref}` is not the object deployed, so it is not modelled — it is reported, at the field, with the
 * placeholder named — unless the configuration's `vars:` give the values.
 */
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { NODECLASS, tempTree } from '../helpers.js';

async function plan(args: string[]): Promise<{ plan: Plan; exitCode: number }> {
  const r = await runCli([...args, '--format', 'json']);
  if (r.exitCode === 2 && !r.stdout) throw new Error(r.stderr);
  return { plan: JSON.parse(r.stdout) as Plan, exitCode: r.exitCode };
}

const TEMPLATED = (expireAfter: string) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: \${name}
spec:
  template:
    spec:
      expireAfter: ${expireAfter}
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: \${ec2nodeclass_ref}
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["<<CAPACITY_TYPE>>"]
`;

describe('placeholders are not modelled as literal values', () => {
  test('a changed NodePool whose name and nodeClassRef are placeholders: not evaluated, located, never a pass', async () => {
    const base = tempTree({ 'nodeclass.yaml': NODECLASS, 'pool.yaml': TEMPLATED('720h') });
    const head = tempTree({ 'nodeclass.yaml': NODECLASS, 'pool.yaml': TEMPLATED('360h') });
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    // Not modelled: no pool named `${name}`, no nodeclass-not-found for `${ec2nodeclass_ref}`.
    expect(p.nodePools).toEqual([]);
    expect(p.findings.filter((f) => f.rule === 'nodeclass-not-found')).toEqual([]);
    const at = p.findings
      .filter((f) => f.rule === 'input-not-evaluated' && f.object === 'NodePool/${name}')
      .map((f) => [f.line, f.path, f.message.match(/placeholder (\S+),/)?.[1]]);
    expect(at).toEqual([
      [4, 'metadata.name', '${name}'],
      [12, 'spec.template.spec.nodeClassRef.name', '${ec2nodeclass_ref}'],
      [16, 'spec.template.spec.requirements.0.values.0', '<<CAPACITY_TYPE>>'],
    ]);
    // The changed file was not evaluated in full: a new error whatever base did.
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', file: 'pool.yaml', object: null, new: true }),
    );
    expect(p.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });

  test('the configuration’s vars: resolve them: the pool is modelled under its real name and the change planned', async () => {
    const config = '.karpenter-plan.yaml';
    const vars = 'vars:\n  name: general\n  ec2nodeclass_ref: default\n  CAPACITY_TYPE: on-demand\n';
    const base = tempTree({ 'nodeclass.yaml': NODECLASS, 'pool.yaml': TEMPLATED('720h'), [config]: vars });
    const head = tempTree({ 'nodeclass.yaml': NODECLASS, 'pool.yaml': TEMPLATED('360h'), [config]: vars });
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    expect(p.nodePools).toEqual([
      expect.objectContaining({
        name: 'general',
        change: 'modified',
        changedFields: ['spec.template.spec.expireAfter'],
      }),
    ]);
    expect(
      p.findings.filter((f) => f.rule === 'input-not-evaluated' || f.rule === 'unsubstituted-placeholder'),
    ).toEqual([]);
    expect(exitCode).toBe(0);
  });

  test('a Go-template placeholder in a name is named too', async () => {
    const dir = tempTree({
      'nodeclass.yaml': NODECLASS,
      'pool.yaml': TEMPLATED('720h').replace('${name}', '"{{ .Values.poolName }}"'),
    });
    const { plan: p } = await plan(['validate', dir]);
    expect(p.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        line: 4,
        message: expect.stringContaining('placeholder {{ .Values.poolName }}'),
      }),
    );
  });
});

describe('skipped documents are not evaluated documents', () => {
  const POOL = (weight: number) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: good
spec:
  weight: ${weight}
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: []
`;
  // A template document (Go directives): several YAML errors, one document.
  const TEMPLATE = (cpu: number) => `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: templated
spec:
  limits:
    cpu: ${cpu}
  template:
    spec:
      requirements:
        {{- range .families }}
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values: [{{ . }}]
        {{- end }}
`;

  test('a changed file with an invalid document: input-not-evaluated (new) although base had the same invalid-yaml', async () => {
    const base = tempTree({ 'nodeclass.yaml': NODECLASS, 'pools.yaml': `${POOL(1)}---\n${TEMPLATE(100)}` });
    const head = tempTree({ 'nodeclass.yaml': NODECLASS, 'pools.yaml': `${POOL(1)}---\n${TEMPLATE(200)}` });
    const { plan: p, exitCode } = await plan(['diff', '--base', base, '--head', head]);
    // One invalid-yaml finding for the skipped document (the second, from line 12), not one per line.
    const invalid = p.findings.filter((f) => f.rule === 'invalid-yaml');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]).toMatchObject({ file: 'pools.yaml', line: 22, new: false });
    expect(invalid[0].message).toMatch(/^malformed YAML in document 2: .*; this document is skipped$/);
    expect(p.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        severity: 'error',
        file: 'pools.yaml',
        new: true,
        message: expect.stringContaining('was not evaluated in full'),
      }),
    );
    // The valid document is still evaluated.
    expect(p.nodePools.map((n) => n.name)).toEqual(['good']);
    expect(p.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });

  test('an unchanged file with an invalid document does not fail a change elsewhere', async () => {
    const base = tempTree({
      'nodeclass.yaml': NODECLASS,
      'pools.yaml': `${POOL(1)}---\n${TEMPLATE(100)}`,
      'b.yaml': POOL(2).replace('good', 'other'),
    });
    const head = tempTree({
      'nodeclass.yaml': NODECLASS,
      'pools.yaml': `${POOL(1)}---\n${TEMPLATE(100)}`,
      'b.yaml': POOL(3).replace('good', 'other'),
    });
    const { plan: p } = await plan(['diff', '--base', base, '--head', head]);
    expect(p.findings.filter((f) => f.rule === 'input-not-evaluated')).toEqual([]);
  });
});
