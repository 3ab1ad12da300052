// Would the chart's pods start? Every container of every Deployment, rendered with the
// development values and with the production values (plus the Secrets an operator creates),
// gets its environment resolved from the rendered ConfigMaps and Secrets and parsed with its
// part's own config schema, the one the process parses at start-up. Services' schemas come
// through each service's package entry (`@darmankar/<name>`, its `<name>ConfigSchema`), as the
// process's own main does, for every gRPC part of the registry.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { parse, stringify } from 'yaml';
import type { z } from 'zod';
import { createCallerSigner, createCallerVerifier } from '@darmankar/platform/caller-identity';
import { gatewayConfigSchema } from '../../gateway/src/config.ts';
import { webConfigSchema } from '../../web/server/config.ts';
import { SYSTEM, protocolOf, signsCalls, type PartName } from '../../scripts/system.ts';
import { chartDir, devValues, productionValues, renderChart, repoRoot } from '../../scripts/check-helm.mjs';
import { containerEnv, type K8sObject } from './rendered-env.ts';

/** The schema each part's process parses its environment with: a service's from its package entry. */
const schemas: Partial<Record<PartName, z.ZodType>> = { gateway: gatewayConfigSchema, web: webConfigSchema };
for (const part of SYSTEM.filter((p) => protocolOf(p) === 'grpc')) {
  const entry = (await import(`@darmankar/${part.name}`)) as Record<string, unknown>;
  const schema = entry[`${part.name}ConfigSchema`] as z.ZodType | undefined;
  assert.ok(schema?.safeParse, `@darmankar/${part.name} exports no ${part.name}ConfigSchema`);
  schemas[part.name] = schema;
}
const operatorValues = join(repoRoot, 'deploy', 'test', 'operator-secrets.values.yaml');

let development: K8sObject[];
let production: K8sObject[];
let operatorSecrets: K8sObject[];
const keys = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

before(async () => {
  const keysFile = join(mkdtempSync(join(tmpdir(), 'darmankar-keys-')), 'keys.yaml');
  writeFileSync(keysFile, stringify({ callerAssertion: { publicKey: keys.publicKey, privateKey: keys.privateKey } }));
  [development, production, operatorSecrets] = await Promise.all([
    renderChart({ valuesFiles: [devValues] }),
    renderChart({ valuesFiles: [productionValues] }),
    // The Secrets the operator makes beforehand, as the chart would make them from the same values.
    renderChart({ valuesFiles: [productionValues, operatorValues, keysFile] }).then((objects) =>
      objects.filter((o) => o.kind === 'Secret'),
    ),
  ]);
});

const deployments = (objects: K8sObject[]) => objects.filter((o) => o.kind === 'Deployment');
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const partOf = (deployment: K8sObject) => deployment.metadata.labels!['app.kubernetes.io/component'] as PartName;

function parseAll(objects: K8sObject[]) {
  const results: Record<string, { env: Record<string, string>; problems: string[] }> = {};
  for (const deployment of deployments(objects)) {
    for (const container of deployment.spec.template.spec.containers) {
      const part = partOf(deployment);
      const schema = schemas[part];
      assert.ok(schema, `no config schema known for part ${part}`);
      const env = containerEnv(container, objects);
      const parsed = schema.safeParse(env);
      const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      results[`${deployment.metadata.name}/${container.name}`] = { env, problems };
    }
  }
  return results;
}

describe('every container parses its environment with its own config schema', () => {
  test('every registry part is deployed, and has a schema here', () => {
    for (const objects of [development, production]) {
      assert.deepEqual(deployments(objects).map(partOf).sort(), SYSTEM.map((p) => p.name).sort());
    }
  });

  test('development values: every pod would start', () => {
    const results = parseAll(development);
    for (const [ref, { problems }] of Object.entries(results)) assert.deepEqual(problems, [], ref);
    // The images are production builds; the web app runs as such, auth and the gateway in
    // development mode so codes go to the development outbox instead of Kavenegar.
    assert.equal(results['darmankar-web/web']!.env.NODE_ENV, 'production');
    assert.equal(results['darmankar-auth/auth']!.env.NODE_ENV, 'development');
    assert.equal(results['darmankar-auth/auth']!.env.SMS_PROVIDER, 'outbox');
    assert.equal(results['darmankar-gateway/gateway']!.env.NODE_ENV, 'development');
    // Without Kafka the Postgres event log is the bus, and auth relays its outbox to it.
    assert.equal(
      results['darmankar-auth/auth']!.env.EVENTS_DATABASE_URL,
      'postgres://postgres@postgres:5432/darmankar_events',
    );
  });

  test("production values with the operator's Secrets: every pod would start, in production mode", () => {
    const results = parseAll([...production, ...operatorSecrets]);
    for (const [ref, { env, problems }] of Object.entries(results)) {
      assert.deepEqual(problems, [], ref);
      assert.equal(env.NODE_ENV, 'production', ref);
    }
    const auth = results['darmankar-auth/auth']!.env;
    assert.equal(auth.SMS_PROVIDER, 'kavenegar');
    assert.equal(auth.CALLER_ASSERTION_PUBLIC_KEY, keys.publicKey);
    assert.equal(auth.EVENTS_DATABASE_URL, undefined, 'Kafka is the bus in production');
    assert.equal(results['darmankar-gateway/gateway']!.env.CALLER_ASSERTION_PRIVATE_KEY, keys.privateKey);
    assert.equal(
      results['darmankar-gateway/gateway']!.env.CALLER_ASSERTION_PUBLIC_KEY,
      undefined,
      'the gateway signs, it does not verify',
    );
    assert.equal(results['darmankar-web/web']!.env.CALLER_ASSERTION_PRIVATE_KEY, undefined);
    assert.equal(results['darmankar-web/web']!.env.CALLER_ASSERTION_PUBLIC_KEY, undefined);
  });

  test("production: the gateway's key signs what every service's key verifies", async () => {
    const results = parseAll([...production, ...operatorSecrets]);
    const signer = createCallerSigner({
      privateKey: results['darmankar-gateway/gateway']!.env.CALLER_ASSERTION_PRIVATE_KEY!,
    });
    const expected = { audience: 'darmankar.auth.v1.AuthService', requestId: 'request-1' };
    const assertion = await signer.sign({ userId: 'user-1', ...expected });
    for (const part of SYSTEM.filter((p) => protocolOf(p) === 'grpc')) {
      const verifier = createCallerVerifier({
        publicKey: results[`darmankar-${part.name}/${part.name}`]!.env.CALLER_ASSERTION_PUBLIC_KEY!,
      });
      assert.equal(await verifier.verify(assertion, expected), 'user-1', part.name);
    }
    // Every part that calls a gRPC part signs with the same private half (the chart gives it).
    for (const part of SYSTEM) {
      assert.equal(
        results[`darmankar-${part.name}/${part.name}`]!.env.CALLER_ASSERTION_PRIVATE_KEY,
        signsCalls(part) ? keys.privateKey : undefined,
        part.name,
      );
    }
  });

  test('production: links and navigations lead to the public origin, and session cookies are Secure', () => {
    const results = parseAll([...production, ...operatorSecrets]);
    const origin = `https://${find(production, 'Ingress', 'darmankar')!.spec.rules[0].host}`;
    // Required in production by auth and the gateway (a missing one stops the pod).
    assert.equal(results['darmankar-auth/auth']!.env.PUBLIC_WEB_URL, origin);
    assert.equal(results['darmankar-gateway/gateway']!.env.PUBLIC_WEB_URL, origin);
    assert.equal(results['darmankar-web/web']!.env.PUBLIC_URL, origin);
    assert.equal(gatewayConfigSchema.parse(results['darmankar-gateway/gateway']!.env).COOKIE_SECURE, true);
    assert.equal(webConfigSchema.parse(results['darmankar-web/web']!.env).COOKIE_SECURE, true);
  });

  test("production values without the operator's Secrets do not start (the check is not a formality)", () => {
    assert.throws(() => parseAll(production), /envFrom: Secret darmankar-auth is not among the rendered objects/);
    const withoutAuthSecrets = operatorSecrets.map((o) =>
      o.metadata.name === 'darmankar-auth' ? { ...o, stringData: { DATABASE_URL: o.stringData!.DATABASE_URL! } } : o,
    );
    const problems = parseAll([...production, ...withoutAuthSecrets])['darmankar-auth/auth']!.problems.join('\n');
    for (const name of [
      'CODE_HASH_SECRET',
      'SIGNING_KEY_ENCRYPTION_SECRET',
      'KAVENEGAR_API_KEY',
      'KAVENEGAR_TEMPLATE',
      'KAVENEGAR_NOTICE_TEMPLATE',
      'SMTP_URL',
      'CALLER_ASSERTION_PUBLIC_KEY',
    ]) {
      assert.match(problems, new RegExp(`${name}: `));
    }
    // The gateway's Secret without its signing key: the development key stands in, and
    // production refuses it.
    const withoutGatewayKey = operatorSecrets.map((o) =>
      o.metadata.name === 'darmankar-gateway' ? { ...o, stringData: { REDIS_URL: o.stringData!.REDIS_URL! } } : o,
    );
    assert.match(
      parseAll([...production, ...withoutGatewayKey])['darmankar-gateway/gateway']!.problems.join('\n'),
      /CALLER_ASSERTION_PRIVATE_KEY: required in production/,
    );
  });

  test('docs/deploy.md lists the keys of every Secret the operator makes', () => {
    const docs = readFileSync(join(repoRoot, 'docs', 'deploy.md'), 'utf8');
    const lines = docs.slice(docs.indexOf('| Secret | keys |')).split('\n').slice(2);
    const rows = lines
      .slice(
        0,
        lines.findIndex((line) => !line.startsWith('|')),
      )
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = Object.fromEntries(
      rows.map(([, secret, keys]) => [
        secret!.replace(/`/g, ''),
        [...keys!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]).sort(),
      ]),
    );
    const rendered = Object.fromEntries(
      operatorSecrets
        .filter((o) => !o.metadata.name.endsWith('-migrate'))
        .map((o) => [
          o.metadata.name,
          Object.keys(o.stringData ?? {})
            .filter((k) => k !== 'EVENTS_DATABASE_URL')
            .sort(),
        ]),
    );
    assert.deepEqual(documented, rendered);
  });

  test("the operator fills in only secrets the chart declares (a part's `secrets` in the registry, or a secretEnv of values.yaml)", () => {
    const values = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8'));
    const operator = parse(readFileSync(operatorValues, 'utf8')).services;
    for (const [part, entry] of Object.entries<any>(operator)) {
      const declared = [...(values.parts[part].secrets ?? []), ...Object.keys(values.services[part]?.secretEnv ?? {})];
      for (const key of Object.keys(entry.secretEnv ?? {}))
        assert.ok(declared.includes(key), `${part}: ${key} is not declared`);
    }
    assert.deepEqual(values.parts.billing.secrets, SYSTEM.find((p) => p.name === 'billing')!.chart.secrets);
  });
});
