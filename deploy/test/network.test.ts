// The chart's network and trust: NetworkPolicies that let only a part's callers (the parts whose
// registry rows say they call it) reach its port and let each part reach only what it needs,
// outside endpoints included, the caller-assertion keys (the callers of gRPC parts sign, every
// service verifies, nobody else holds either), and headless Services through which callers
// spread their gRPC calls over every pod of a service. The expectations come from the registry.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { stringify } from 'yaml';
import { OUTSIDE_ENDPOINTS, SYSTEM, calleesOf, callersOf, protocolOf, signsCalls } from '../../scripts/system.ts';
import { lintChart, productionValues, renderChart, validateObjects } from '../../scripts/check-helm.mjs';
import type { K8sObject } from './rendered-env.ts';

const services = SYSTEM.filter((p) => protocolOf(p) === 'grpc');
const name = (part: string) => `darmankar-${part}`;
const find = (objects: K8sObject[], kind: string, objectName: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === objectName);
const policyOf = (objects: K8sObject[], part: string) => find(objects, 'NetworkPolicy', name(part))!.spec;
const component = (peer: any) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'];
const portsOf = (rule: any) => rule.ports.map((p: any) => `${p.port}/${p.protocol}`).sort();

let defaults: K8sObject[];
let production: K8sObject[];
before(async () => {
  [defaults, production] = await Promise.all([renderChart(), renderChart({ valuesFiles: [productionValues] })]);
});

describe('NetworkPolicies', () => {
  test('one per part, selecting exactly its pods, owning both directions', () => {
    for (const objects of [defaults, production]) {
      const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
      assert.deepEqual(policies.map((p) => p.metadata.name).sort(), SYSTEM.map((p) => name(p.name)).sort());
      for (const part of SYSTEM) {
        const policy = policyOf(objects, part.name);
        const podLabels = find(objects, 'Deployment', name(part.name))!.spec.template.metadata.labels;
        for (const [k, v] of Object.entries<string>(policy.podSelector.matchLabels))
          assert.equal(podLabels[k], v, part.name);
        assert.equal(policy.podSelector.matchLabels['app.kubernetes.io/component'], part.name);
        assert.deepEqual(policy.policyTypes, ['Ingress', 'Egress']);
      }
    }
  });

  test("only a service's callers (the gateway, and the services whose rows call it) reach it, and only on its gRPC port", () => {
    for (const part of services) {
      const { ingress } = policyOf(production, part.name);
      assert.equal(ingress.length, 1, part.name);
      assert.deepEqual(
        ingress[0].from.map(component),
        callersOf(part.name)
          .map((c) => c.name)
          .sort(),
        part.name,
      );
      assert.deepEqual(portsOf(ingress[0]), [`${part.port}/TCP`]);
    }
    // The services that call another: resume, employer and hiring → files, employer → auth, billing → employer.
    assert.deepEqual(
      callersOf('files')
        .map((c) => c.name)
        .sort(),
      ['employer', 'gateway', 'hiring', 'resume'],
    );
    // And each caller may go out to them, and to no other part.
    const reaches = (from: string) =>
      policyOf(production, from)
        .egress.filter((rule: any) => component(rule.to[0]))
        .map((rule: any) => [component(rule.to[0]), portsOf(rule)]);
    for (const part of SYSTEM) {
      assert.deepEqual(
        reaches(part.name),
        calleesOf(part)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((c) => [c.name, [`${c.port}/TCP`]]),
        part.name,
      );
    }
    assert.deepEqual(reaches('billing'), [['employer', ['50054/TCP']]]);
  });

  test('a part reaches the endpoints outside the cluster its row names (S3, Kavenegar, SMTP, Zarinpal), on their ports, and no other part does', () => {
    const outsideRules = (objects: K8sObject[], part: string) =>
      policyOf(objects, part).egress.filter((rule: any) => rule.to.some((peer: any) => peer.ipBlock));
    for (const part of SYSTEM) {
      const expected = (part.calls?.outside ?? []).map((endpoint) => [`${OUTSIDE_ENDPOINTS[endpoint].port}/TCP`]);
      assert.deepEqual(outsideRules(production, part.name).map(portsOf), expected, part.name);
      for (const rule of outsideRules(production, part.name)) {
        // The public internet by default: not the cluster's private ranges.
        assert.deepEqual(
          rule.to,
          [{ ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'] } }],
          part.name,
        );
      }
    }
    assert.deepEqual(outsideRules(production, 'files').map(portsOf), [['443/TCP']]);
    assert.deepEqual(outsideRules(production, 'auth').map(portsOf), [['443/TCP'], ['587/TCP']]);
    assert.deepEqual(outsideRules(production, 'billing').map(portsOf), [['443/TCP']]);
    assert.deepEqual(outsideRules(production, 'gateway'), []);
  });

  test('the operator says where the outside endpoints are: all at once, or one (an in-cluster MinIO) by itself', async () => {
    const objects = await renderChart({
      set: [
        'networkPolicy.outside.peers[0].ipBlock.cidr=203.0.113.0/24',
        'networkPolicy.outside.endpoints.s3.peers[0].podSelector.matchLabels.app=minio',
        'networkPolicy.outside.endpoints.s3.ports[0].port=9000',
        'networkPolicy.outside.endpoints.s3.ports[0].protocol=TCP',
      ],
    });
    const last = (part: string) => policyOf(objects, part).egress.at(-1);
    assert.deepEqual(last('files').to, [{ podSelector: { matchLabels: { app: 'minio' } } }]);
    assert.deepEqual(portsOf(last('files')), ['9000/TCP']);
    assert.deepEqual(last('billing').to, [{ ipBlock: { cidr: '203.0.113.0/24' } }]);
    assert.deepEqual(portsOf(last('billing')), ['443/TCP']);
    await assert.rejects(
      renderChart({ set: ['networkPolicy.outside.peers=null'] }),
      /networkPolicy\.outside\.peers is empty but auth calls sms outside the cluster/,
    );
  });

  test('a service reaches DNS, its database, Redis, the bus and the trace collector, nothing else', () => {
    const egress = policyOf(production, 'auth').egress;
    // Then its outside endpoints: Kavenegar (443) and SMTP (587).
    assert.deepEqual(egress.map(portsOf), [
      ['53/TCP', '53/UDP'],
      ['5432/TCP'],
      ['6379/TCP'],
      ['9092/TCP'],
      ['4318/TCP'],
      ['443/TCP'],
      ['587/TCP'],
    ]);
    // No rule reaches another part of the release, and none is open to everywhere.
    for (const rule of egress) {
      assert.ok(rule.to?.length > 0, 'an egress rule without peers would allow every destination');
      assert.ok(rule.to.every((peer: any) => component(peer) === undefined));
    }
    assert.deepEqual(egress[1].to[0].namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': 'data' });
    // Without Kafka (default values) the Postgres log is the bus: no Kafka rule.
    assert.deepEqual(policyOf(defaults, 'auth').egress.map(portsOf), [
      ['53/TCP', '53/UDP'],
      ['5432/TCP'],
      ['6379/TCP'],
      ['443/TCP'],
      ['587/TCP'],
    ]);
  });

  test('the gateway reaches the services, Redis and DNS; the web app and the ingress controller reach it', () => {
    const { ingress, egress } = policyOf(production, 'gateway');
    assert.deepEqual(
      ingress.map((rule: any) =>
        rule.from.map(
          (peer: any) => component(peer) ?? peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name'],
        ),
      ),
      [['web'], ['ingress-nginx']],
    );
    for (const rule of ingress) assert.deepEqual(portsOf(rule), ['8080/TCP']);
    const toParts = egress.filter((rule: any) => component(rule.to[0]));
    // The chart writes the rules in name order (Helm ranges over the services map sorted by key).
    assert.deepEqual(
      toParts.map((rule: any) => [component(rule.to[0]), portsOf(rule)]),
      [...services].sort((a, b) => a.name.localeCompare(b.name)).map((s) => [s.name, [`${s.port}/TCP`]]),
    );
    assert.ok(egress.some((rule: any) => portsOf(rule).includes('6379/TCP')));
    assert.ok(!egress.some((rule: any) => portsOf(rule).includes('5432/TCP')), 'the gateway has no database');
  });

  test('the web app is reached by the ingress controller only and reaches only the gateway (and DNS, the trace collector)', () => {
    const { ingress, egress } = policyOf(production, 'web');
    assert.deepEqual(
      ingress.map((rule: any) =>
        rule.from.map((peer: any) => peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']),
      ),
      [['ingress-nginx']],
    );
    assert.deepEqual(egress.map(portsOf), [['53/TCP', '53/UDP'], ['8080/TCP'], ['4318/TCP']]);
    assert.deepEqual(
      egress.filter((rule: any) => component(rule.to[0])).map((rule: any) => [component(rule.to[0]), portsOf(rule)]),
      [['gateway', ['8080/TCP']]],
    );
    assert.deepEqual(egress[2].to[0].namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': 'observability' });
    assert.deepEqual(policyOf(defaults, 'web').egress.map(portsOf), [['53/TCP', '53/UDP'], ['8080/TCP']]);
  });

  test("a part left out of the release is left out of its neighbours' policies too", async () => {
    const objects = await renderChart({ set: ['services.resume.enabled=false'] });
    assert.deepEqual(policyOf(objects, 'files').ingress[0].from.map(component), ['employer', 'gateway', 'hiring']);
    assert.ok(!policyOf(objects, 'gateway').egress.some((rule: any) => component(rule.to[0]) === 'resume'));
    assert.ok(
      policyOf(objects, 'gateway').egress.some(
        (rule: any) => component(rule.to[0]) === 'files' && portsOf(rule)[0] === '50052/TCP',
      ),
    );
  });

  test('a backing system in use without peers fails the render instead of cutting the part off', async () => {
    await assert.rejects(
      renderChart({ set: ['external.kafka.brokers=kafka:9092'] }),
      /networkPolicy\.external\.kafka\.peers is empty but auth uses it/,
    );
    const off = await renderChart({ set: ['networkPolicy.enabled=false'] });
    assert.equal(off.filter((o) => o.kind === 'NetworkPolicy').length, 0);
  });
});

describe('caller assertions: the gateway signs, every service verifies, nobody else holds a key', () => {
  const keys = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  let withKeys: K8sObject[];
  before(async () => {
    const keysFile = join(mkdtempSync(join(tmpdir(), 'darmankar-keys-')), 'keys.yaml');
    writeFileSync(keysFile, stringify({ callerAssertion: { publicKey: keys.publicKey, privateKey: keys.privateKey } }));
    withKeys = await renderChart({ valuesFiles: [keysFile] });
  });
  const secretOf = (objects: K8sObject[], part: string) => find(objects, 'Secret', name(part))!.stringData!;

  test("the Secret of every part that calls a gRPC part (the gateway, resume, employer, recruitment, hiring, billing) holds the private key; every service's, the public key; the web app's, neither", () => {
    for (const part of services) {
      assert.equal(secretOf(withKeys, part.name).CALLER_ASSERTION_PUBLIC_KEY, keys.publicKey, part.name);
      assert.equal(
        secretOf(withKeys, part.name).CALLER_ASSERTION_PRIVATE_KEY,
        signsCalls(part) ? keys.privateKey : undefined,
        part.name,
      );
    }
    assert.deepEqual(
      SYSTEM.filter((p) => signsCalls(p))
        .map((p) => p.name)
        .sort(),
      ['billing', 'employer', 'gateway', 'hiring', 'recruitment', 'resume'],
    );
    assert.equal(secretOf(withKeys, 'gateway').CALLER_ASSERTION_PRIVATE_KEY, keys.privateKey);
    assert.equal(secretOf(withKeys, 'gateway').CALLER_ASSERTION_PUBLIC_KEY, undefined);
    assert.deepEqual(
      Object.keys(secretOf(withKeys, 'web')).filter((k) => k.startsWith('CALLER_ASSERTION')),
      [],
    );
  });

  test('no key reaches a ConfigMap, a migration Secret or a rendered object other than those Secrets', () => {
    // The base64 line of each PEM: key material under any name.
    const material = [keys.publicKey, keys.privateKey].map((pem) => pem.split('\n')[1]!);
    const holders = withKeys
      .filter((o) => {
        const text = JSON.stringify(o);
        return text.includes('CALLER_ASSERTION') || material.some((m) => text.includes(m));
      })
      .map((o) => `${o.kind}/${o.metadata.name}`)
      .sort();
    // Every gRPC service's Secret (its public key, and a private one where it calls another service for a user) and the gateway's.
    assert.deepEqual(holders, [...services.map((s) => `Secret/${name(s.name)}`), `Secret/${name('gateway')}`].sort());
  });

  test('without keys (development) nothing is set, so each part falls back to the development pair outside production', () => {
    for (const part of SYSTEM) {
      assert.deepEqual(
        Object.keys(secretOf(defaults, part.name)).filter((k) => k.startsWith('CALLER_ASSERTION')),
        [],
        part.name,
      );
    }
  });
});

describe("gRPC calls spread over a service's pods", () => {
  test('every service has a headless Service selecting its ready pods, and the gateway addresses it with dns:/// and its full name', () => {
    for (const objects of [defaults, production]) {
      const gatewayEnv = find(objects, 'ConfigMap', name('gateway'))!.data!;
      for (const part of services) {
        const headless = find(objects, 'Service', `${name(part.name)}-headless`)!;
        assert.ok(headless, `no headless Service for ${part.name}`);
        assert.equal(headless.spec.clusterIP, 'None');
        assert.notEqual(
          headless.spec.publishNotReadyAddresses,
          true,
          'a pod gets calls only once its readiness probe passes',
        );
        assert.deepEqual(
          headless.spec.ports.map((p: any) => [p.port, p.targetPort]),
          [[part.port, 'grpc']],
        );
        assert.equal(headless.spec.selector['app.kubernetes.io/component'], part.name);
        assert.equal(
          gatewayEnv[part.address!.variable],
          `dns:///${name(part.name)}-headless.default.svc.cluster.local:${part.port}`,
        );
      }
    }
  });

  test('the address follows the release, its namespace and the cluster domain', async () => {
    const objects = await renderChart({ release: 'shop', namespace: 'jobs', set: ['clusterDomain=k8s.example'] });
    const address = find(objects, 'ConfigMap', 'shop-darmankar-gateway')!.data!.AUTH_GRPC_URL!;
    assert.equal(address, 'dns:///shop-darmankar-auth-headless.jobs.svc.k8s.example:50051');
    // The name's first label is the headless Service, its second the namespace it renders into.
    const [service, namespace] = new URL(address.replace('dns:///', 'grpc://')).hostname.split('.');
    assert.equal(find(objects, 'Service', service!)!.spec.clusterIP, 'None');
    assert.equal(namespace, 'jobs');
  });

  test('the objects still validate and helm lint --strict passes', async () => {
    for (const objects of [defaults, production]) assert.deepEqual(await validateObjects(objects), []);
    const lint = await lintChart({ valuesFiles: [productionValues] });
    assert.ok(lint.ok, lint.output);
  });
});
