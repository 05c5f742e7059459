/**
 * `catalog refresh` against recorded AWS responses served locally (real SDK clients, no network):
 * the derived labels match the provider's derivation (karpenter-provider-aws
 * pkg/providers/instancetype/types.go computeRequirements) as recorded in the
 * embedded catalog, prices and zones are read, and the written file drives a plan.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refreshCatalog, pricingRegion } from '../../src/sources/aws-catalog.js';
import { embeddedCatalog, decodeCatalog } from '../../src/cloudprovider/catalog.js';
import { sizing } from '../../src/cloudprovider/allocatable.js';
import { runCli } from '../../src/cli/run.js';
import { FakeAws } from '../support/fake-aws.js';
import { NODECLASS, nodePool, tempTree, deployment } from '../helpers.js';

let aws: FakeAws;
beforeAll(async () => {
  aws = new FakeAws();
  await aws.start();
});
afterAll(async () => {
  await aws.stop();
});

const creds = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' };

test('pricing endpoint regions (karpenter-provider-aws pkg/providers/pricing/pricing.go NewAPI)', () => {
  expect(['us-east-1', 'ap-northeast-2', 'eu-west-1', 'cn-north-1'].map(pricingRegion)).toEqual([
    'us-east-1',
    'ap-south-1',
    'eu-central-1',
    'cn-northwest-1',
  ]);
});

test('types, labels, capacity, zones and prices from the recorded responses', async () => {
  const c = await refreshCatalog({
    region: 'us-east-1',
    ec2Endpoint: aws.url,
    pricingEndpoint: aws.url,
    credentials: creds,
    now: new Date('2026-01-01T00:00:00Z'),
  });
  expect(c.types.map((t) => t.name)).toEqual(['c7g.xlarge', 'm5.large', 'p4d.24xlarge']);
  const embedded = embeddedCatalog();
  for (const t of c.types) {
    const e = embedded.byName.get(t.name)!;
    expect(t.labels).toEqual(e.labels);
    expect(t.extended).toEqual(e.extended);
    // Allocatable from the refreshed inputs equals the documented figures through the same overhead model.
    expect(sizing(t, null, { vmMemoryOverheadPercent: 0.075, reservedENIs: 0 }).allocatable).toEqual(
      sizing(e, null, { vmMemoryOverheadPercent: 0.075, reservedENIs: 0 }).allocatable,
    );
  }
  const m5 = c.byName.get('m5.large')!;
  expect(m5.price).toBe(0.096);
  expect(m5.zones).toEqual(['us-east-1a', 'us-east-1b']);
  expect(m5.spotPrices).toEqual({ 'us-east-1a': 0.035, 'us-east-1b': 0.033 }); // the latest price per zone
  expect(aws.requests.filter((r) => r.target === 'DescribeInstanceTypes')).toHaveLength(2); // paginated
});

test('the CLI writes a catalog that diff then uses (prices, zones)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kp-cat-'));
  const out = join(dir, 'catalog.json');
  const saved = { ...process.env };
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_EC2: aws.url,
    AWS_ENDPOINT_URL_PRICING: aws.url,
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_EC2_METADATA_DISABLED: 'true',
  });
  try {
    const r = await runCli(['catalog', 'refresh', '--region', 'us-east-1', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
  } finally {
    process.env = saved;
  }
  const catalog = decodeCatalog(JSON.parse(readFileSync(out, 'utf8')));
  expect(catalog.types).toHaveLength(3);
  const state = tempTree({
    'a.yaml': [
      NODECLASS,
      nodePool('p', {
        requirements: '        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["spot"]',
      }),
      deployment('app', { cpu: '1', memory: '2Gi' }),
    ].join('---\n'),
  });
  const plan = JSON.parse((await runCli(['simulate', state, '--catalog', out, '--format', 'json'])).stdout);
  expect(plan.workloads[0].head).toMatchObject({ instanceType: 'm5.large', capacityType: 'spot', pricePerHour: 0.033 });
  expect(plan.assumptions[0]).toMatch(/AWS APIs \(us-east-1\)/);
});

// Issue 12: honest prices per region. The embedded catalog holds us-east-1 figures; a state in eu-west-1 says so in the
// headline, and with a catalog refreshed for eu-west-1 (the same recorded responses, served as eu-west-1) it is priced
// with that catalog's figures: m5.large on-demand 0.096, spot 0.033 in eu-west-1b (the latest record per zone).
test('a region without embedded prices says so in the headline; a refreshed catalog for it prices it', async () => {
  const state = (ct: string) =>
    tempTree({
      'a.yaml': [
        NODECLASS,
        nodePool('p', {
          requirements: `        - key: karpenter.sh/capacity-type\n          operator: In\n          values: ["${ct}"]\n        - key: topology.kubernetes.io/zone\n          operator: In\n          values: ["eu-west-1a", "eu-west-1b"]`,
        }),
        deployment('app', { cpu: '1', memory: '2Gi' }),
      ].join('---\n'),
    });
  const embeddedMd = (await runCli(['simulate', state('on-demand'), '--format', 'markdown'])).stdout;
  // Above the fold: before the first folded section.
  expect(embeddedMd.slice(0, embeddedMd.indexOf('<details'))).toMatch(
    /^<sub>Prices are us-east-1 figures: the catalog has none for eu-west-1\. For exact ones, commit the output of <code>karpenter-plan catalog refresh --region eu-west-1<\/code>/m,
  );
  const dir = mkdtempSync(join(tmpdir(), 'kp-cat-'));
  const out = join(dir, 'catalog.json');
  const saved = { ...process.env };
  aws.region = 'eu-west-1';
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_EC2: aws.url,
    AWS_ENDPOINT_URL_PRICING: aws.url,
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_EC2_METADATA_DISABLED: 'true',
  });
  try {
    expect((await runCli(['catalog', 'refresh', '--region', 'eu-west-1', '--out', out])).exitCode).toBe(0);
  } finally {
    process.env = saved;
    aws.region = 'us-east-1';
  }
  const od = JSON.parse((await runCli(['simulate', state('on-demand'), '--catalog', out, '--format', 'json'])).stdout);
  expect(od.pricing).toMatchObject({
    catalogRegion: 'eu-west-1',
    region: 'eu-west-1',
    regionPriced: true,
    spot: 'catalog',
  });
  expect(od.workloads[0].head).toMatchObject({
    instanceType: 'm5.large',
    capacityType: 'on-demand',
    pricePerHour: 0.096,
  });
  const md = (await runCli(['simulate', state('spot'), '--catalog', out, '--format', 'markdown'])).stdout;
  expect(md).not.toMatch(/Prices are .* figures/);
  expect(md).toMatch(/<code>m5\.large<\/code> spot \$0\.0330/); // from the catalog: no ≈
});

test('catalog refresh without --region is a usage error', async () => {
  expect((await runCli(['catalog', 'refresh'])).exitCode).toBe(2);
});
