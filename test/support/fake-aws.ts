/**
 * Recorded AWS API responses served on a local port: EC2 (query protocol, XML) and the Pricing
 * API (JSON 1.1), so `catalog refresh` runs the real AWS SDK clients with no network.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const EC2_NS = 'http://ec2.amazonaws.com/doc/2016-11-15/';

const M5_LARGE = `<item><instanceType>m5.large</instanceType><currentGeneration>true</currentGeneration>
<supportedUsageClasses><item>on-demand</item><item>spot</item></supportedUsageClasses>
<processorInfo><supportedArchitectures><item>x86_64</item></supportedArchitectures><sustainedClockSpeedInGhz>3.1</sustainedClockSpeedInGhz><manufacturer>Intel</manufacturer></processorInfo>
<vCpuInfo><defaultVCpus>2</defaultVCpus></vCpuInfo><memoryInfo><sizeInMiB>8192</sizeInMiB></memoryInfo><hypervisor>nitro</hypervisor>
<networkInfo><maximumNetworkInterfaces>3</maximumNetworkInterfaces><ipv4AddressesPerInterface>10</ipv4AddressesPerInterface><defaultNetworkCardIndex>0</defaultNetworkCardIndex>
<networkCards><item><networkCardIndex>0</networkCardIndex><maximumNetworkInterfaces>3</maximumNetworkInterfaces></item></networkCards><encryptionInTransitSupported>false</encryptionInTransitSupported></networkInfo>
<ebsInfo><ebsOptimizedSupport>default</ebsOptimizedSupport><ebsOptimizedInfo><maximumBandwidthInMbps>4750</maximumBandwidthInMbps></ebsOptimizedInfo></ebsInfo></item>`;

const C7G_XLARGE = `<item><instanceType>c7g.xlarge</instanceType><currentGeneration>true</currentGeneration>
<processorInfo><supportedArchitectures><item>arm64</item></supportedArchitectures><sustainedClockSpeedInGhz>2.6</sustainedClockSpeedInGhz><manufacturer>AWS</manufacturer></processorInfo>
<vCpuInfo><defaultVCpus>4</defaultVCpus></vCpuInfo><memoryInfo><sizeInMiB>8192</sizeInMiB></memoryInfo><hypervisor>nitro</hypervisor>
<networkInfo><maximumNetworkInterfaces>4</maximumNetworkInterfaces><ipv4AddressesPerInterface>15</ipv4AddressesPerInterface><defaultNetworkCardIndex>0</defaultNetworkCardIndex>
<networkCards><item><networkCardIndex>0</networkCardIndex><maximumNetworkInterfaces>4</maximumNetworkInterfaces></item></networkCards><encryptionInTransitSupported>true</encryptionInTransitSupported></networkInfo>
<ebsInfo><ebsOptimizedSupport>default</ebsOptimizedSupport><ebsOptimizedInfo><maximumBandwidthInMbps>10000</maximumBandwidthInMbps></ebsOptimizedInfo></ebsInfo></item>`;

const P4D = `<item><instanceType>p4d.24xlarge</instanceType><currentGeneration>true</currentGeneration>
<processorInfo><supportedArchitectures><item>x86_64</item></supportedArchitectures><sustainedClockSpeedInGhz>3.0</sustainedClockSpeedInGhz><manufacturer>Intel</manufacturer></processorInfo>
<vCpuInfo><defaultVCpus>96</defaultVCpus></vCpuInfo><memoryInfo><sizeInMiB>1179648</sizeInMiB></memoryInfo><hypervisor>nitro</hypervisor>
<instanceStorageInfo><totalSizeInGB>8000</totalSizeInGB><nvmeSupport>required</nvmeSupport></instanceStorageInfo>
<gpuInfo><gpus><item><name>A100</name><manufacturer>NVIDIA</manufacturer><count>8</count><memoryInfo><sizeInMiB>40960</sizeInMiB></memoryInfo></item></gpus></gpuInfo>
<networkInfo><maximumNetworkInterfaces>60</maximumNetworkInterfaces><ipv4AddressesPerInterface>50</ipv4AddressesPerInterface><defaultNetworkCardIndex>0</defaultNetworkCardIndex>
<networkCards><item><networkCardIndex>0</networkCardIndex><maximumNetworkInterfaces>15</maximumNetworkInterfaces></item></networkCards><efaInfo><maximumEfaInterfaces>4</maximumEfaInterfaces></efaInfo><encryptionInTransitSupported>true</encryptionInTransitSupported></networkInfo>
<ebsInfo><ebsOptimizedSupport>default</ebsOptimizedSupport><ebsOptimizedInfo><maximumBandwidthInMbps>19000</maximumBandwidthInMbps></ebsOptimizedInfo></ebsInfo></item>`;

function priceDoc(type: string, usd: string): string {
  return JSON.stringify({
    product: {
      productFamily: 'Compute Instance',
      attributes: { instanceType: type, operatingSystem: 'Linux', regionCode: 'us-east-1' },
    },
    terms: {
      OnDemand: {
        'X.JRTCKXETXF': { priceDimensions: { 'X.JRTCKXETXF.6YS6EN2CT7': { unit: 'Hrs', pricePerUnit: { USD: usd } } } },
      },
    },
  });
}

export class FakeAws {
  requests: { target: string; body: string }[] = [];
  /** The region the recorded responses describe (their us-east-1 zones and region codes are renamed). */
  region = 'us-east-1';
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      let body = '';
      for await (const c of req) body += c;
      const target = String(req.headers['x-amz-target'] ?? new URLSearchParams(body).get('Action') ?? '');
      this.requests.push({ target, body });
      const xml = (action: string, inner: string) => {
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><${action}Response xmlns="${EC2_NS}"><requestId>r-1</requestId>${inner.replaceAll('us-east-1', this.region)}</${action}Response>`,
        );
      };
      const params = new URLSearchParams(body);
      if (target === 'DescribeInstanceTypes') {
        // Two pages, to exercise pagination.
        if (!params.get('NextToken'))
          return xml(
            'DescribeInstanceTypes',
            `<instanceTypeSet>${M5_LARGE}${C7G_XLARGE}</instanceTypeSet><nextToken>page-2</nextToken>`,
          );
        return xml('DescribeInstanceTypes', `<instanceTypeSet>${P4D}</instanceTypeSet>`);
      }
      if (target === 'DescribeInstanceTypeOfferings') {
        const items = [
          ['m5.large', 'us-east-1a'],
          ['m5.large', 'us-east-1b'],
          ['c7g.xlarge', 'us-east-1a'],
          ['p4d.24xlarge', 'us-east-1b'],
        ]
          .map(
            ([t, z]) =>
              `<item><instanceType>${t}</instanceType><locationType>availability-zone</locationType><location>${z}</location></item>`,
          )
          .join('');
        return xml('DescribeInstanceTypeOfferings', `<instanceTypeOfferingSet>${items}</instanceTypeOfferingSet>`);
      }
      if (target === 'DescribeSpotPriceHistory') {
        const items = [
          ['m5.large', 'us-east-1a', '0.0350', '2026-01-01T00:00:00.000Z'],
          ['m5.large', 'us-east-1a', '0.0400', '2025-12-31T00:00:00.000Z'],
          ['m5.large', 'us-east-1b', '0.0330', '2026-01-01T00:00:00.000Z'],
        ]
          .map(
            ([t, z, p, ts]) =>
              `<item><availabilityZone>${z}</availabilityZone><instanceType>${t}</instanceType><productDescription>Linux/UNIX</productDescription><spotPrice>${p}</spotPrice><timestamp>${ts}</timestamp></item>`,
          )
          .join('');
        return xml('DescribeSpotPriceHistory', `<spotPriceHistorySet>${items}</spotPriceHistorySet>`);
      }
      if (target === 'AWSPriceListService.GetProducts') {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        return res.end(
          JSON.stringify({
            FormatVersion: 'aws_v1',
            PriceList: [
              priceDoc('m5.large', '0.0960000000'),
              priceDoc('c7g.xlarge', '0.1450000000'),
              priceDoc('p4d.24xlarge', '32.7726000000'),
            ],
          }).replaceAll('us-east-1', this.region),
        );
      }
      res.writeHead(400, { 'content-type': 'text/xml' });
      res.end(
        `<Response><Errors><Error><Code>InvalidAction</Code><Message>${target}</Message></Error></Errors></Response>`,
      );
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server?.close(() => r()));
  }
}
