// Adding a service is a registry row and `make generate`: a throw-away part (`ledger`, which
// calls the employer service and S3 and is called by the gateway) is added to the registry in
// memory, the registry's copies are generated from it, and a copy of the chart with the
// generated values renders it whole (Deployment, Services, ConfigMap, Secret, NetworkPolicy,
// migration Job) and wires it to its neighbours (addresses, policies both ways, caller keys),
// with nothing else edited. The repository's own files are left as they were.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { chartDir, productionValues, repoRoot, runHelm, validateObjects } from '../../scripts/check-helm.mjs';
import { RESERVED_SERVICES, SYSTEM, callersOf, type PartName, type SystemPart } from '../../scripts/system.ts';
import { SYSTEM_GENERATED_FILES, generateSystemFiles } from '../../scripts/generate-system.ts';
import type { K8sObject } from './rendered-env.ts';

const ledger: SystemPart = {
  name: 'ledger' as PartName,
  dir: 'services/ledger',
  port: 50070,
  database: 'ledger',
  waitsFor: ['employer'],
  readiness: { kind: 'grpc-health' },
  entry: 'src/main.ts',
  address: { variable: 'LEDGER_GRPC_URL' },
  calls: { parts: ['employer'], outside: ['s3'] },
  chart: { image: 'darmankar/ledger', target: 'service', about: 'ledger service (gRPC)', secrets: ['LEDGER_API_KEY'] },
  env: () => ({}),
};
// The gateway serves it: one more name in the gateway row's calls.
const parts = [...SYSTEM, ledger].map((part) =>
  part.name === 'gateway'
    ? { ...part, calls: { ...part.calls, parts: [...(part.calls?.parts ?? []), 'ledger' as PartName] } }
    : part,
);

const committed = Object.fromEntries(
  SYSTEM_GENERATED_FILES.map((file) => [file, readFileSync(join(repoRoot, file), 'utf8')]),
);
const work = mkdtempSync(join(tmpdir(), 'darmankar-new-part-'));
const chart = join(work, 'darmankar');
const keys = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
let generated: Record<string, string>;
let objects: K8sObject[];
let production: K8sObject[];

async function render(...args: string[]): Promise<K8sObject[]> {
  const out = await runHelm(['template', 'darmankar', chart, ...args]);
  assert.equal(out.status, 0, out.stderr);
  return parseAllDocuments(out.stdout)
    .map((doc) => doc.toJS())
    .filter(Boolean);
}

before(async () => {
  generated = generateSystemFiles(parts, RESERVED_SERVICES);
  cpSync(chartDir, chart, { recursive: true });
  writeFileSync(join(chart, 'values.yaml'), generated['helm/darmankar/values.yaml']!);
  const keysFile = join(work, 'keys.yaml');
  writeFileSync(keysFile, stringify({ callerAssertion: { publicKey: keys.publicKey, privateKey: keys.privateKey } }));
  [objects, production] = await Promise.all([render('--values', keysFile), render('--values', productionValues)]);
});
after(() => rmSync(work, { recursive: true, force: true }));

const find = (kind: string, name: string, from = objects) =>
  from.find((o) => o.kind === kind && o.metadata.name === name);
const component = (peer: any) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'];
const portsOf = (rule: any) => rule.ports.map((p: any) => `${p.port}/${p.protocol}`);

/** The lines of `text` outside its generated regions (between `generated:` and `/generated:` markers). */
function outsideGenerated(text: string): string[] {
  let inside = false;
  return text.split('\n').filter((line) => {
    if (/(#|--) \/generated:/.test(line)) inside = false;
    const keep = !inside;
    if (/(#|--) generated:/.test(line)) inside = true;
    return keep;
  });
}

describe('a new part is a registry row and make generate', () => {
  test('generation changes only the generated regions of the generated files', () => {
    assert.deepEqual(Object.keys(generated).sort(), [...SYSTEM_GENERATED_FILES].sort());
    for (const file of SYSTEM_GENERATED_FILES) {
      assert.notEqual(generated[file], committed[file], `${file} names the new part`);
      assert.deepEqual(outsideGenerated(generated[file]!), outsideGenerated(committed[file]!), file);
    }
    const values = parse(generated['helm/darmankar/values.yaml']!);
    assert.deepEqual(values.parts.ledger, {
      enabled: true,
      workspace: 'services/ledger',
      image: { repository: 'darmankar/ledger' },
      protocol: 'grpc',
      port: 50070,
      database: 'darmankar_ledger',
      addressVariable: 'LEDGER_GRPC_URL',
      calls: ['employer'],
      outside: ['s3'],
      public: false,
      secrets: ['LEDGER_API_KEY'],
    });
    const skaffold = parse(generated['skaffold.yaml']!);
    assert.deepEqual(skaffold.build.artifacts.at(-1), {
      image: 'darmankar/ledger',
      context: '.',
      docker: { dockerfile: 'deploy/Dockerfile', target: 'service', buildArgs: { WORKSPACE: 'services/ledger' } },
    });
    for (const release of [skaffold.deploy.helm.releases[0], skaffold.profiles[0].deploy.helm.releases[0]]) {
      assert.equal(release.setValueTemplates['services.ledger.image.repository'], '{{.IMAGE_REPO_darmankar_ledger}}');
      assert.equal(release.setValueTemplates['services.ledger.image.tag'], '{{.IMAGE_TAG_darmankar_ledger}}');
    }
    assert.match(generated['deploy/dev/postgres.yaml']!, /\n {4}CREATE DATABASE darmankar_ledger;\n/);
    assert.match(generated['README.md']!, /\n\| ledger service \(gRPC\) \| 50070 \| gRPC health check/);
    assert.match(
      generated['docs/deploy.md']!,
      /\n\| ledger \| `services\/ledger` \| `darmankar\/ledger` \| 50070 \| `darmankar_ledger` \| `LEDGER_GRPC_URL` \| gateway \| s3 \|/,
    );
    assert.match(
      generated['docs/deploy.md']!,
      /\n\| `darmankar-ledger` \| `DATABASE_URL`, `CALLER_ASSERTION_PUBLIC_KEY`, `CALLER_ASSERTION_PRIVATE_KEY` \(.*employer\), `LEDGER_API_KEY` \|/,
    );
  });

  test('the chart renders every object of it, valid, and helm lint --strict passes', async () => {
    const own = objects
      .filter((o) => o.metadata.name.startsWith('darmankar-ledger'))
      .map((o) => `${o.kind}/${o.metadata.name}`)
      .sort();
    assert.deepEqual(own, [
      'ConfigMap/darmankar-ledger',
      'Deployment/darmankar-ledger',
      'HorizontalPodAutoscaler/darmankar-ledger',
      'Job/darmankar-ledger-migrate',
      'NetworkPolicy/darmankar-ledger',
      'PodDisruptionBudget/darmankar-ledger',
      'Secret/darmankar-ledger',
      'Secret/darmankar-ledger-migrate',
      'Service/darmankar-ledger',
      'Service/darmankar-ledger-headless',
    ]);
    assert.deepEqual(await validateObjects(objects), []);
    const lint = await runHelm(['lint', '--strict', chart]);
    assert.equal(lint.status, 0, lint.stdout + lint.stderr);
    const container = find('Deployment', 'darmankar-ledger')!.spec.template.spec.containers[0];
    assert.equal(container.image, 'darmankar/ledger:0.1.0');
    assert.deepEqual(container.readinessProbe.grpc, { port: 50070 });
    assert.deepEqual(find('Job', 'darmankar-ledger-migrate')!.spec.template.spec.containers[0].command, [
      'npm',
      'run',
      'migrate',
      '-w',
      'services/ledger',
    ]);
  });

  test("addresses: it is given the employer's, and the gateway is given its", () => {
    const env = find('ConfigMap', 'darmankar-ledger')!.data!;
    assert.equal(env.GRPC_PORT, '50070');
    assert.equal(env.EMPLOYER_GRPC_URL, 'dns:///darmankar-employer-headless.default.svc.cluster.local:50054');
    assert.equal(
      find('ConfigMap', 'darmankar-gateway')!.data!.LEDGER_GRPC_URL,
      'dns:///darmankar-ledger-headless.default.svc.cluster.local:50070',
    );
    assert.equal(find('ConfigMap', 'darmankar-billing')!.data!.LEDGER_GRPC_URL, undefined, 'only its callers');
  });

  test('policies: only the gateway reaches it; it reaches the employer service and S3; the employer service lets it in', () => {
    const policy = find('NetworkPolicy', 'darmankar-ledger')!.spec;
    assert.deepEqual(
      policy.ingress.map((rule: any) => [rule.from.map(component), portsOf(rule)]),
      [[['gateway'], ['50070/TCP']]],
    );
    const toParts = policy.egress.filter((rule: any) => component(rule.to[0]));
    assert.deepEqual(
      toParts.map((rule: any) => [component(rule.to[0]), portsOf(rule)]),
      [['employer', ['50054/TCP']]],
    );
    const outside = policy.egress.filter((rule: any) => rule.to[0].ipBlock);
    assert.deepEqual(outside.map(portsOf), [['443/TCP']]);
    const employer = find('NetworkPolicy', 'darmankar-employer')!.spec;
    const employerCallers = employer.ingress[0].from.map(component);
    assert.ok(employerCallers.includes('ledger'), 'the employer service lets the new part in');
    assert.deepEqual(
      employerCallers.filter((caller: string) => caller !== 'ledger'),
      callersOf('employer')
        .map((part) => part.name)
        .sort(),
      'and still exactly its other callers',
    );
    assert.ok(
      find('NetworkPolicy', 'darmankar-gateway')!.spec.egress.some(
        (rule: any) => component(rule.to[0]) === 'ledger' && portsOf(rule)[0] === '50070/TCP',
      ),
    );
  });

  test('secrets: its database, both caller-assertion keys (it verifies, and signs its calls to the employer service); in production, darmankar-ledger', () => {
    const secret = find('Secret', 'darmankar-ledger')!.stringData!;
    assert.equal(secret.DATABASE_URL, 'postgres://postgres@postgres:5432/darmankar_ledger');
    assert.equal(secret.CALLER_ASSERTION_PUBLIC_KEY, keys.publicKey);
    assert.equal(secret.CALLER_ASSERTION_PRIVATE_KEY, keys.privateKey);
    const container = find('Deployment', 'darmankar-ledger', production)!.spec.template.spec.containers[0];
    assert.deepEqual(container.envFrom.at(-1), { secretRef: { name: 'darmankar-ledger' } });
    assert.equal(find('Secret', 'darmankar-ledger', production), undefined);
  });

  test("the repository's own files are untouched", () => {
    for (const file of SYSTEM_GENERATED_FILES)
      assert.equal(readFileSync(join(repoRoot, file), 'utf8'), committed[file], file);
    assert.equal(parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')).parts.ledger, undefined);
  });
});
