/**
 * Terraform-held Karpenter objects (issue 27): a `templatefile()` of a NodePool template fed by `variables.tf`
 * defaults. The common case (literal defaults, `${name}` and `%{ for }` in the template) is rendered and planned;
 * anything else is `input-not-evaluated` at the file and line when it changes — never a silent pass. Template
 * semantics follow Terraform's documentation (language/expressions/strings: "Strip markers", "Escape sequences",
 * `%{ for }` directives; language/values/variables: terraform.tfvars and *.auto.tfvars are loaded automatically).
 */
import { runCli } from '../../src/cli/run.js';
import type { Plan } from '../../src/plan/contract.js';
import { renderTemplate } from '../../src/sources/terraform-eval.js';
import { NODECLASS, tempTree } from '../helpers.js';

async function plan(args: string[]): Promise<{ plan: Plan; exitCode: number }> {
  const r = await runCli([...args, '--format', 'json']);
  if (r.exitCode === 2 && !r.stdout) throw new Error(r.stderr);
  return { plan: JSON.parse(r.stdout) as Plan, exitCode: r.exitCode };
}

describe("Terraform's template language, the certain part", () => {
  test('interpolation, for directives with strip markers, escapes', () => {
    const scope = new Map<string, string | string[]>([
      ['name', 'prod'],
      ['families', ['m6i', 'm7i']],
    ]);
    // `~}` strips all the whitespace after the directive (the newline, and the next line's indentation).
    expect(renderTemplate('n: ${name}\nv:\n%{ for f in families ~}\n- ${f}\n%{ endfor ~}\n', scope)).toBe(
      'n: prod\nv:\n- m6i\n- m7i\n',
    );
    expect(renderTemplate('v:\n%{ for f in families ~}\n  - ${f}\n%{ endfor ~}\n', scope)).toBe('v:\n- m6i\n- m7i\n');
    // Without strip markers each iteration keeps its newlines and indentation.
    expect(renderTemplate('v:\n%{ for f in families }\n  - ${f}\n%{ endfor }\n', scope)).toBe(
      'v:\n\n  - m6i\n\n  - m7i\n\n',
    );
    expect(renderTemplate('a: $${name} %%{x}', scope)).toBe('a: ${name} %{x}');
    expect(renderTemplate('v: ${jsonencode(families)}', scope)).toBe('v: ["m6i","m7i"]');
    expect(renderTemplate('%{ for f in ["a", "b"] }${f}%{ endfor }', scope)).toBe('ab');
  });
  test('what is not certain is refused, named', () => {
    const scope = new Map([['name', 'prod']]);
    expect(renderTemplate('${upper(name)}', scope)).toEqual({ error: 'the expression upper(name) is not evaluated' });
    expect(renderTemplate('%{ if name == "x" }y%{ endif }', scope)).toEqual({
      error: 'the directive %{ if name == "x" } is not evaluated',
    });
    expect(renderTemplate('${missing}', scope)).toEqual({ error: 'missing is not given to the template' });
  });
});

const VARIABLES = (expireAfter: string) => `variable "cluster_name" {
  type    = string
  default = "prod"
}

variable "families" {
  type    = list(string)
  default = ["m6i", "m7i"]
}

variable "expire_after" {
  type    = string
  default = "${expireAfter}"
}
`;
const MAIN = (expireAfter = 'var.expire_after') => `# NodePools of the cluster, applied with the kubectl provider.
resource "kubectl_manifest" "nodepool" {
  yaml_body = templatefile("\${path.module}/nodepool.yaml.tpl", {
    cluster_name = var.cluster_name
    families     = var.families
    expire_after = ${expireAfter}
  })
}
`;
const TEMPLATE = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: \${cluster_name}-general
spec:
  template:
    spec:
      expireAfter: \${expire_after}
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.k8s.aws/instance-family
          operator: In
          values:
%{ for f in families }
            - \${f}
%{ endfor }
`;

const repo = (files: { expireAfter?: string; main?: string; extra?: Record<string, string> } = {}) =>
  tempTree({
    'manifests/nodeclass.yaml': NODECLASS,
    'terraform/karpenter/variables.tf': VARIABLES(files.expireAfter ?? '720h'),
    'terraform/karpenter/main.tf': files.main ?? MAIN(),
    'terraform/karpenter/nodepool.yaml.tpl': TEMPLATE,
    ...files.extra,
  });

describe('a Terraform templatefile fed by variables.tf defaults', () => {
  test('a default changed in variables.tf is rendered and planned', async () => {
    const { plan: p, exitCode } = await plan(['diff', '--base', repo(), '--head', repo({ expireAfter: '360h' })]);
    // `${cluster_name}-general` with cluster_name's default "prod".
    expect(p.nodePools).toEqual([
      expect.objectContaining({
        name: 'prod-general',
        change: 'modified',
        changedFields: ['spec.template.spec.expireAfter'],
      }),
    ]);
    expect(p.findings.filter((f) => f.rule === 'input-not-evaluated')).toEqual([]);
    expect(p.assumptions).toContainEqual(expect.stringMatching(/^Terraform: templatefile\(\) renderings/));
    expect(exitCode).toBe(0);
  });

  test('the %{ for } loop over the default list gives the requirement values', async () => {
    const { plan: p } = await plan(['validate', repo()]);
    expect(p.nodePools.map((n) => n.name)).toEqual(['prod-general']);
    const { plan: narrowed } = await plan([
      'diff',
      '--base',
      repo(),
      '--head',
      repo({ extra: { 'terraform/karpenter/terraform.tfvars': 'families = ["m7i"]\n' } }),
    ]);
    expect(narrowed.nodePools).toEqual([
      expect.objectContaining({
        name: 'prod-general',
        changedFields: ['spec.template.spec.requirements'],
      }),
    ]);
  });

  test('a variable the call takes from a local is not certain: the change is input-not-evaluated at variables.tf', async () => {
    const main = `locals {\n  expire = var.expire_after\n}\n${MAIN('local.expire')}`;
    const { plan: p, exitCode } = await plan([
      'diff',
      '--base',
      repo({ main }),
      '--head',
      repo({ main, expireAfter: '360h' }),
    ]);
    expect(p.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input-not-evaluated',
        severity: 'error',
        file: 'terraform/karpenter/variables.tf',
        line: 1,
        new: true,
      }),
    );
    expect(p.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });

  test('a -var-file .tfvars change is not evaluated (Terraform does not load it by itself)', async () => {
    const { plan: p, exitCode } = await plan([
      'diff',
      '--base',
      repo({ extra: { 'terraform/karpenter/prod.tfvars': 'expire_after = "720h"\n' } }),
      '--head',
      repo({ extra: { 'terraform/karpenter/prod.tfvars': 'expire_after = "24h"\n' } }),
    ]);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', file: 'terraform/karpenter/prod.tfvars', line: 1 }),
    );
    expect(exitCode).toBe(1);
  });

  test('a kubernetes_manifest with an inline NodePool: the changed main.tf is not evaluated, at the resource line', async () => {
    const main = (cpu: number) => `resource "kubernetes_manifest" "pool" {
  manifest = {
    apiVersion = "karpenter.sh/v1"
    kind       = "NodePool"
    metadata   = { name = "inline" }
    spec       = { limits = { cpu = ${cpu} } }
  }
}
`;
    const { plan: p, exitCode } = await plan([
      'diff',
      '--base',
      tempTree({ 'nodeclass.yaml': NODECLASS, 'infra/main.tf': main(100) }),
      '--head',
      tempTree({ 'nodeclass.yaml': NODECLASS, 'infra/main.tf': main(200) }),
    ]);
    expect(p.findings).toContainEqual(
      expect.objectContaining({ rule: 'input-not-evaluated', file: 'infra/main.tf', line: 1, severity: 'error' }),
    );
    expect(p.verdict).toBe('fail');
    expect(exitCode).toBe(1);
  });
});
