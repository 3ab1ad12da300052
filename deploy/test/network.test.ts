// The chart's network and trust: NetworkPolicies that let only the gateway reach the services'
// gRPC ports and let each part reach only what it needs, the caller-assertion keys (the gateway
// signs, every service verifies, nobody else holds either), and headless Services through which
// the gateway spreads its gRPC calls over every pod of a service.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { stringify } from 'yaml';
import { SYSTEM, protocolOf } from '../../scripts/system.ts';
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
        for (const [k, v] of Object.entries<string>(policy.podSelector.matchLabels)) assert.equal(podLabels[k], v, part.name);
        assert.equal(policy.podSelector.matchLabels['app.kubernetes.io/component'], part.name);
        assert.deepEqual(policy.policyTypes, ['Ingress', 'Egress']);
      }
    }
  });

  test('only the gateway (and the services that call one: resume and employer → files, employer → auth, billing → employer) reaches a service, and only on its gRPC port', () => {
    const callers: Record<string, string[]> = { files: ['employer', 'gateway', 'resume'], auth: ['employer', 'gateway'], employer: ['billing', 'gateway'] };
    for (const part of services) {
      const { ingress } = policyOf(production, part.name);
      assert.equal(ingress.length, 1, part.name);
      assert.deepEqual(ingress[0].from.map(component), callers[part.name] ?? ['gateway'], part.name);
      assert.deepEqual(portsOf(ingress[0]), [`${part.port}/TCP`]);
    }
    // And each caller may go out to them.
    const reaches = (from: string) => policyOf(production, from).egress.filter((rule: any) => component(rule.to[0])).map((rule: any) => [component(rule.to[0]), portsOf(rule)]);
    assert.deepEqual(reaches('employer'), [['auth', ['50051/TCP']], ['files', ['50052/TCP']]]);
    assert.deepEqual(reaches('billing'), [['employer', ['50054/TCP']]]);
  });

  test('a service reaches DNS, its database, Redis, the bus and the trace collector, nothing else', () => {
    const egress = policyOf(production, 'auth').egress;
    assert.deepEqual(egress.map(portsOf), [['53/TCP', '53/UDP'], ['5432/TCP'], ['6379/TCP'], ['9092/TCP'], ['4318/TCP']]);
    // No rule reaches another part of the release, and none is open to everywhere.
    for (const rule of egress) {
      assert.ok(rule.to?.length > 0, 'an egress rule without peers would allow every destination');
      assert.ok(rule.to.every((peer: any) => component(peer) === undefined));
    }
    assert.deepEqual(egress[1].to[0].namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': 'data' });
    // Without Kafka (default values) the Postgres log is the bus: no Kafka rule.
    assert.deepEqual(policyOf(defaults, 'auth').egress.map(portsOf), [['53/TCP', '53/UDP'], ['5432/TCP'], ['6379/TCP']]);
  });

  test('the gateway reaches the services, Redis and DNS; the web app and the ingress controller reach it', () => {
    const { ingress, egress } = policyOf(production, 'gateway');
    assert.deepEqual(ingress.map((rule: any) => rule.from.map((peer: any) => component(peer) ?? peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name'])),
      [['web'], ['ingress-nginx']]);
    for (const rule of ingress) assert.deepEqual(portsOf(rule), ['8080/TCP']);
    const toParts = egress.filter((rule: any) => component(rule.to[0]));
    // The chart writes the rules in name order (Helm ranges over the services map sorted by key).
    assert.deepEqual(toParts.map((rule: any) => [component(rule.to[0]), portsOf(rule)]), [...services].sort((a, b) => a.name.localeCompare(b.name)).map((s) => [s.name, [`${s.port}/TCP`]]));
    assert.ok(egress.some((rule: any) => portsOf(rule).includes('6379/TCP')));
    assert.ok(!egress.some((rule: any) => portsOf(rule).includes('5432/TCP')), 'the gateway has no database');
  });

  test('the web app is reached by the ingress controller only and reaches only the gateway (and DNS, the trace collector)', () => {
    const { ingress, egress } = policyOf(production, 'web');
    assert.deepEqual(ingress.map((rule: any) => rule.from.map((peer: any) => peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name'])), [['ingress-nginx']]);
    assert.deepEqual(egress.map(portsOf), [['53/TCP', '53/UDP'], ['8080/TCP'], ['4318/TCP']]);
    assert.deepEqual(egress.filter((rule: any) => component(rule.to[0])).map((rule: any) => [component(rule.to[0]), portsOf(rule)]), [['gateway', ['8080/TCP']]]);
    assert.deepEqual(egress[2].to[0].namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': 'observability' });
    assert.deepEqual(policyOf(defaults, 'web').egress.map(portsOf), [['53/TCP', '53/UDP'], ['8080/TCP']]);
  });

  test('an enabled reserved service is reached by the gateway, which gets a rule to it', async () => {
    const objects = await renderChart({ set: ['services.files.enabled=true'] });
    assert.deepEqual(policyOf(objects, 'files').ingress[0].from.map(component), ['employer', 'gateway', 'resume']);
    assert.ok(policyOf(objects, 'gateway').egress.some((rule: any) => component(rule.to[0]) === 'files' && portsOf(rule)[0] === '50052/TCP'));
  });

  test('a backing system in use without peers fails the render instead of cutting the part off', async () => {
    await assert.rejects(renderChart({ set: ['external.kafka.brokers=kafka:9092'] }), /networkPolicy\.external\.kafka\.peers is empty but auth uses it/);
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
    withKeys = await renderChart({ valuesFiles: [keysFile], set: ['services.files.enabled=true'] });
  });
  const secretOf = (objects: K8sObject[], part: string) => find(objects, 'Secret', name(part))!.stringData!;

  test('the gateway\'s Secret holds the private key; every service\'s, the public key; the web app\'s, neither', () => {
    const grpcParts = ['auth', 'files'];
    for (const part of grpcParts) {
      assert.equal(secretOf(withKeys, part).CALLER_ASSERTION_PUBLIC_KEY, keys.publicKey, part);
      assert.equal(secretOf(withKeys, part).CALLER_ASSERTION_PRIVATE_KEY, undefined, part);
    }
    assert.equal(secretOf(withKeys, 'gateway').CALLER_ASSERTION_PRIVATE_KEY, keys.privateKey);
    assert.equal(secretOf(withKeys, 'gateway').CALLER_ASSERTION_PUBLIC_KEY, undefined);
    assert.deepEqual(Object.keys(secretOf(withKeys, 'web')).filter((k) => k.startsWith('CALLER_ASSERTION')), []);
  });

  test('no key reaches a ConfigMap, a migration Secret or a rendered object other than those Secrets', () => {
    // The base64 line of each PEM: key material under any name.
    const material = [keys.publicKey, keys.privateKey].map((pem) => pem.split('\n')[1]!);
    const holders = withKeys
      .filter((o) => { const text = JSON.stringify(o); return text.includes('CALLER_ASSERTION') || material.some((m) => text.includes(m)); })
      .map((o) => `${o.kind}/${o.metadata.name}`).sort();
    // Every gRPC service's Secret (its public key, and a private one where it calls another service for a user) and the gateway's.
    assert.deepEqual(holders, [...services.map((s) => `Secret/${name(s.name)}`), `Secret/${name('gateway')}`].sort());
  });

  test('without keys (development) nothing is set, so each part falls back to the development pair outside production', () => {
    for (const part of SYSTEM) {
      assert.deepEqual(Object.keys(secretOf(defaults, part.name)).filter((k) => k.startsWith('CALLER_ASSERTION')), [], part.name);
    }
  });
});

describe('gRPC calls spread over a service\'s pods', () => {
  test('every service has a headless Service selecting its ready pods, and the gateway addresses it with dns:/// and its full name', () => {
    for (const objects of [defaults, production]) {
      const gatewayEnv = find(objects, 'ConfigMap', name('gateway'))!.data!;
      for (const part of services) {
        const headless = find(objects, 'Service', `${name(part.name)}-headless`)!;
        assert.ok(headless, `no headless Service for ${part.name}`);
        assert.equal(headless.spec.clusterIP, 'None');
        assert.notEqual(headless.spec.publishNotReadyAddresses, true, 'a pod gets calls only once its readiness probe passes');
        assert.deepEqual(headless.spec.ports.map((p: any) => [p.port, p.targetPort]), [[part.port, 'grpc']]);
        assert.equal(headless.spec.selector['app.kubernetes.io/component'], part.name);
        assert.equal(gatewayEnv[part.address!.variable], `dns:///${name(part.name)}-headless.default.svc.cluster.local:${part.port}`);
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
