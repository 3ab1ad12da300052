// Would the chart's pods start? Every container of every Deployment, rendered with the
// development values and with the production values (plus the Secrets an operator creates),
// gets its environment resolved from the rendered ConfigMaps and Secrets and parsed with its
// part's own config schema, the one the process parses at start-up.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { parse, stringify } from 'yaml';
import type { z } from 'zod';
import { authConfigSchema } from '../../services/auth/src/config.ts';
import { gatewayConfigSchema } from '../../gateway/src/config.ts';
import { webConfigSchema } from '../../web/server/config.ts';
import { SYSTEM, type PartName } from '../../scripts/system.ts';
import { chartDir, devValues, productionValues, renderChart, repoRoot } from '../../scripts/check-helm.mjs';
import { containerEnv, type K8sObject } from './rendered-env.ts';

/** The schema each part's process parses its environment with. */
const schemas: Record<PartName, z.ZodType> = { auth: authConfigSchema, gateway: gatewayConfigSchema, web: webConfigSchema };
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
    renderChart({ valuesFiles: [productionValues, operatorValues, keysFile] }).then((objects) => objects.filter((o) => o.kind === 'Secret')),
  ]);
});

const deployments = (objects: K8sObject[]) => objects.filter((o) => o.kind === 'Deployment');
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
    assert.equal(results['darmankar-auth/auth']!.env.EVENTS_DATABASE_URL, 'postgres://postgres@postgres:5432/darmankar_events');
  });

  test('production values with the operator\'s Secrets: every pod would start, in production mode', () => {
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
    assert.equal(results['darmankar-gateway/gateway']!.env.CALLER_ASSERTION_PUBLIC_KEY, undefined, 'the gateway signs, it does not verify');
    assert.equal(results['darmankar-web/web']!.env.CALLER_ASSERTION_PRIVATE_KEY, undefined);
  });

  test('production values without the operator\'s Secrets do not start (the check is not a formality)', () => {
    assert.throws(() => parseAll(production), /envFrom: Secret darmankar-auth is not among the rendered objects/);
    const withoutAuthSecrets = operatorSecrets.map((o) =>
      o.metadata.name === 'darmankar-auth' ? { ...o, stringData: { DATABASE_URL: o.stringData!.DATABASE_URL! } } : o);
    const problems = parseAll([...production, ...withoutAuthSecrets])['darmankar-auth/auth']!.problems.join('\n');
    for (const name of ['CODE_HASH_SECRET', 'KAVENEGAR_API_KEY', 'KAVENEGAR_TEMPLATE', 'SMTP_URL']) assert.match(problems, new RegExp(name));
  });

  test('the operator fills in only secrets the chart declares', () => {
    const declared = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')).services;
    const operator = parse(readFileSync(operatorValues, 'utf8')).services;
    for (const [part, entry] of Object.entries<any>(operator)) {
      for (const key of Object.keys(entry.secretEnv ?? {})) {
        assert.ok(key in (declared[part].secretEnv ?? {}), `${part}: ${key} is not declared in values.yaml's secretEnv`);
      }
    }
  });
});
