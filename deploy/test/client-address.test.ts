// Client addresses under the chart's settings: two real clients behind the ingress keep
// separate rate-limit budgets at the gateway, and an X-Forwarded-For a client forges moves
// nobody. The rendered TRUST_PROXY of the web app and the gateway are parsed with each part's
// own config schema and handed to Express, whose `req.ip` (proxy-addr over the socket's peer and
// X-Forwarded-For) is what each part takes for the client. A request is then walked hop by hop:
// client → ingress controller → web app → gateway (pages and the web app's /api proxy), and
// client → ingress controller → gateway (the ingress sends /api there directly).
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import express from 'express';
import { parse, stringify } from 'yaml';
import { gatewayConfigSchema } from '../../gateway/src/config.ts';
import { webConfigSchema } from '../../web/server/config.ts';
import { dropClientForwardingHeaders, forwardingHeaders } from '../../web/server/client-address.ts';
import { chartDir, devValues, productionValues, renderChart, repoRoot } from '../../scripts/check-helm.mjs';
import { containerEnv, type K8sObject } from './rendered-env.ts';

const operatorValues = join(repoRoot, 'deploy', 'test', 'operator-secrets.values.yaml');

/** What the gateway or the web app would take for the client: Express's own req.ip under `trust`. */
function clientAddressSeenBy(trust: unknown, peer: string, headers: IncomingHttpHeaders): string {
  const app = express();
  app.set('trust proxy', trust);
  const request = Object.create(app.request, {
    socket: { value: { remoteAddress: peer } },
    headers: { value: headers },
  });
  return request.ip;
}

/** The n-th address of an IPv4 range, e.g. the address of a pod in the pod network. */
function addressIn(cidr: string, n: number): string {
  const [network, bits] = cidr.split('/');
  assert.match(network!, /^\d+\.\d+\.\d+\.\d+$/, `an IPv4 range: ${cidr}`);
  const base = network!.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
  assert.ok(n < 2 ** (32 - Number(bits ?? 32)), `${cidr} has no ${n}th address`);
  const value = base + n;
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** How the ingress controller passes the client on: ingress-nginx replaces X-Forwarded-For by default and appends to it with compute-full-forwarded-for. */
type IngressMode = 'replace' | 'append';

interface Hop {
  peer: string;
  headers: IncomingHttpHeaders;
}

interface Cluster {
  label: string;
  webTrust: unknown;
  gatewayTrust: unknown;
  ingressPod: string;
  webPod: string;
}

const viaIngress = (client: string, forged: string | undefined, mode: IngressMode, ingressPod: string): Hop => ({
  peer: ingressPod,
  headers: { 'x-forwarded-for': mode === 'append' && forged ? `${forged}, ${client}` : client },
});

/** The web app's hop, as web/server/app.ts does it: work out the client, drop what came, send ours. */
function viaWeb(incoming: Hop, cluster: Cluster): Hop {
  const headers = { ...incoming.headers };
  const clientAddress = clientAddressSeenBy(cluster.webTrust, incoming.peer, headers);
  dropClientForwardingHeaders(headers);
  return {
    peer: cluster.webPod,
    headers: { ...headers, ...forwardingHeaders({ clientAddress, protocol: 'https', host: 'darmankar.ir' }) },
  };
}

const atGateway = (hop: Hop, cluster: Cluster) => clientAddressSeenBy(cluster.gatewayTrust, hop.peer, hop.headers);

const INGRESS_MODES: IngressMode[] = ['replace', 'append'];
const ROADS = INGRESS_MODES.flatMap((mode) => [`ingress (${mode}) → web → gateway`, `ingress (${mode}) → gateway`]);

/** Every road a client's request takes to the gateway, and the address the gateway sees on each. */
function gatewaySees(cluster: Cluster, client: string, forged?: string): Record<string, string> {
  const seen: Record<string, string> = {};
  for (const mode of INGRESS_MODES) {
    const atIngress = viaIngress(client, forged, mode, cluster.ingressPod);
    seen[`ingress (${mode}) → web → gateway`] = atGateway(viaWeb(atIngress, cluster), cluster);
    seen[`ingress (${mode}) → gateway`] = atGateway(atIngress, cluster);
  }
  return seen;
}

const everyRoad = (address: string) => Object.fromEntries(ROADS.map((road) => [road, address]));

/** A cluster whose parts trust nothing: what the gateway would see without the chart's settings. */
function unprotected(): Cluster {
  return {
    label: 'no settings',
    webTrust: false,
    gatewayTrust: 'loopback',
    ingressPod: '10.244.1.10',
    webPod: '10.244.2.20',
  };
}

let keysFile: string;
before(() => {
  const keys = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  keysFile = join(mkdtempSync(join(tmpdir(), 'darmankar-keys-')), 'keys.yaml');
  writeFileSync(keysFile, stringify({ callerAssertion: { publicKey: keys.publicKey, privateKey: keys.privateKey } }));
});

/** The chart's clientAddresses as the values files give them (later files win, key by key, as in helm). */
function clientAddressesOf(valuesFiles: string[]): { ingressControllerCidrs: string[]; podCidrs: string[] } {
  const merged = { ingressControllerCidrs: [] as string[], podCidrs: [] as string[] };
  for (const file of [join(chartDir, 'values.yaml'), ...valuesFiles])
    Object.assign(merged, parse(readFileSync(file, 'utf8'))?.clientAddresses);
  return merged;
}

type RenderedCluster = Cluster & {
  webEnv: Record<string, string>;
  gatewayEnv: Record<string, string>;
  ingressControllerCidrs: string[];
  podCidrs: string[];
};

/** The rendered settings, parsed as the processes parse them, and pod addresses in the configured ranges. */
async function clusterFrom(label: string, valuesFiles: string[]): Promise<RenderedCluster> {
  const objects: K8sObject[] = await renderChart({ valuesFiles: [...valuesFiles, keysFile] });
  const envOf = (part: string) =>
    containerEnv(
      objects.find((o) => o.kind === 'Deployment' && o.metadata.name === `darmankar-${part}`)!.spec.template.spec
        .containers[0],
      objects,
    );
  const webEnv = envOf('web');
  const gatewayEnv = envOf('gateway');
  const web = webConfigSchema.parse(webEnv);
  const gateway = gatewayConfigSchema.parse(gatewayEnv);
  // The gateway hands Express anything but `true`, `false` and hop counts as it is; ranges must stay ranges.
  assert.doesNotMatch(gateway.TRUST_PROXY, /^(true|false|\d+)$/, `${label}: the gateway's TRUST_PROXY names its hops`);
  const ranges = clientAddressesOf(valuesFiles);
  return {
    label,
    webTrust: web.TRUST_PROXY,
    gatewayTrust: gateway.TRUST_PROXY,
    ingressPod: addressIn(ranges.ingressControllerCidrs[0]!, 10),
    webPod: addressIn(ranges.podCidrs[0]!, 20),
    webEnv,
    gatewayEnv,
    ...ranges,
  };
}

const clientA = '203.0.113.7';
const clientB = '2001:db8::b';

describe("client addresses behind the ingress, under the chart's settings", () => {
  let clusters: RenderedCluster[];
  before(async () => {
    // An ingress controller on nodes of its own (host network), apart from the pod network.
    const ownRange = join(mkdtempSync(join(tmpdir(), 'darmankar-ranges-')), 'ranges.yaml');
    writeFileSync(
      ownRange,
      stringify({ clientAddresses: { ingressControllerCidrs: ['192.168.50.0/24'], podCidrs: ['10.244.0.0/16'] } }),
    );
    clusters = await Promise.all([
      clusterFrom('production values', [productionValues, operatorValues]),
      clusterFrom('development values', [devValues]),
      clusterFrom('ingress on its own range', [productionValues, operatorValues, ownRange]),
    ]);
  });

  test("the web app trusts the ingress controller's ranges; the gateway, those and the pod network's", () => {
    for (const cluster of clusters) {
      assert.equal(cluster.webEnv.TRUST_PROXY, cluster.ingressControllerCidrs.join(','), cluster.label);
      assert.deepEqual(
        cluster.gatewayEnv.TRUST_PROXY!.split(',').sort(),
        [...new Set([...cluster.ingressControllerCidrs, ...cluster.podCidrs])].sort(),
        cluster.label,
      );
    }
  });

  test('two real clients keep two budgets: the gateway sees A as A and B as B on every road', () => {
    for (const cluster of clusters) {
      assert.deepEqual(gatewaySees(cluster, clientA), everyRoad(clientA), cluster.label);
      assert.deepEqual(gatewaySees(cluster, clientB), everyRoad(clientB), cluster.label);
    }
  });

  test('a forged X-Forwarded-For changes nothing the gateway sees', () => {
    for (const cluster of clusters) {
      const forgeries = [
        clientB, // another client's address
        '198.51.100.1, 198.51.100.2', // a made-up chain
        cluster.ingressPod, // an address the parts trust
        cluster.webPod,
        '127.0.0.1',
        'not-an-address',
      ];
      for (const forged of forgeries)
        assert.deepEqual(gatewaySees(cluster, clientA, forged), everyRoad(clientA), `${cluster.label}: ${forged}`);
    }
  });

  test('the web app believes no X-Forwarded-For from a pod that is not the ingress controller', () => {
    const cluster = clusters.find((c) => c.label === 'ingress on its own range')!;
    const otherPod = addressIn(cluster.podCidrs[0]!, 30);
    assert.equal(clientAddressSeenBy(cluster.webTrust, otherPod, { 'x-forwarded-for': clientB }), otherPod);
  });

  test('an Ingress with no ingress controller ranges fails the render instead of giving every client one budget', async () => {
    const none = join(mkdtempSync(join(tmpdir(), 'darmankar-ranges-')), 'none.yaml');
    writeFileSync(none, stringify({ clientAddresses: { ingressControllerCidrs: [] } }));
    await assert.rejects(
      renderChart({ valuesFiles: [productionValues, none] }),
      /clientAddresses\.ingressControllerCidrs is empty but the ingress is enabled/,
    );
    // Without an Ingress (port-forwarding, a load balancer straight to the web app) an empty list is allowed.
    assert.ok((await renderChart({ valuesFiles: [none] })).some((o) => o.kind === 'Deployment'));
    await assert.rejects(renderChart({ set: ['clientAddresses.podCidrs={true}'] }), /clientAddresses\/podCidrs\/0/);
  });

  test("without the chart's settings every client would share one budget (the walk is not a formality)", () => {
    const cluster = unprotected();
    const a = gatewaySees(cluster, clientA);
    const b = gatewaySees(cluster, clientB);
    assert.equal(a['ingress (replace) → web → gateway'], cluster.webPod);
    assert.equal(b['ingress (replace) → web → gateway'], cluster.webPod);
    assert.equal(a['ingress (replace) → gateway'], cluster.ingressPod);
    assert.equal(b['ingress (replace) → gateway'], cluster.ingressPod);
    // And trusting every hop would let a client pick its own address.
    const credulous = { ...cluster, webTrust: true, gatewayTrust: true };
    assert.equal(gatewaySees(credulous, clientA, clientB)['ingress (append) → gateway'], clientB);
  });
});
