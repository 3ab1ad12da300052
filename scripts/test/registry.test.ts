// The registry in scripts/system.ts is the one place a part is declared. Everything else that
// names parts is derived from it or checked here: the Helm values, skaffold.yaml, the gateway's
// service clients, the stack's address variables and the docs' tables.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT, RESERVED_SERVICES, SYSTEM, addressEnv, databaseName, protocolOf, type PartName } from '../system.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const yaml = (file: string) => parse(read(file));
const values = yaml('helm/darmankar/values.yaml');
const names = SYSTEM.map((p) => p.name);
const reservedNames = RESERVED_SERVICES.map((s) => s.name);

/** The parts that call `callee` according to the chart: its reachedBy, plus the grpcClient parts for gRPC. */
function chartCallers(callee: string): string[] {
  const entry = values.services[callee];
  return Object.entries<any>(values.services)
    .filter(([other, e]) => e.enabled && other !== callee && ((entry.reachedBy ?? []).includes(other) || (entry.protocol === 'grpc' && e.grpcClient)))
    .map(([other]) => other)
    .sort();
}

describe('the registry itself', () => {
  test('names, ports and address variables are unique, reserved ones included', () => {
    const all = [...SYSTEM.map((p) => [p.name, p.port, p.address?.variable]), ...RESERVED_SERVICES.map((s) => [s.name, s.port, s.addressVariable])];
    for (const column of [0, 1, 2]) {
      const cells = all.map((row) => row[column]).filter((c) => c !== undefined);
      assert.equal(new Set(cells).size, cells.length, `duplicate in column ${column}: ${cells}`);
    }
    for (const part of SYSTEM) for (const caller of part.address?.usedBy ?? []) assert.ok(names.includes(caller), `${part.name} used by unknown ${caller}`);
  });

  test('each part is given the address variable of every part it calls (stack)', () => {
    const ports = Object.fromEntries(SYSTEM.map((p) => [p.name, p.port])) as Record<PartName, number>;
    assert.deepEqual(addressEnv(SYSTEM.find((p) => p.name === 'gateway')!, ports), { AUTH_GRPC_URL: '127.0.0.1:50051', FILES_GRPC_URL: '127.0.0.1:50052', RECRUITMENT_GRPC_URL: '127.0.0.1:50055', RESUME_GRPC_URL: '127.0.0.1:50053', EMPLOYER_GRPC_URL: '127.0.0.1:50054', BILLING_GRPC_URL: '127.0.0.1:50057' });
    assert.deepEqual(addressEnv(SYSTEM.find((p) => p.name === 'billing')!, ports), { EMPLOYER_GRPC_URL: '127.0.0.1:50054' });
    assert.deepEqual(addressEnv(SYSTEM.find((p) => p.name === 'web')!, ports), { GATEWAY_URL: 'http://127.0.0.1:8080' });
    assert.deepEqual(addressEnv(SYSTEM.find((p) => p.name === 'auth')!, ports), {});
    assert.deepEqual(addressEnv(SYSTEM.find((p) => p.name === 'resume')!, ports), { FILES_GRPC_URL: '127.0.0.1:50052' });
    // A part's own env() does not repeat an address the registry derives.
    for (const part of SYSTEM) {
      const own = Object.keys(part.env({ mode: 'test', webMode: 'production', ports, databaseUrls: { auth: 'postgres://x/y' }, eventsDatabaseUrl: 'postgres://x/e', stackId: 's', scratchDir: '/tmp/s' }));
      for (const callee of SYSTEM) if (callee.address) assert.ok(!own.includes(callee.address.variable), `${part.name} sets ${callee.address.variable} by hand`);
    }
  });
});

describe('the Helm values follow the registry', () => {
  test('the enabled entries are the registry\'s parts, with the same port, folder, image, database and probes', () => {
    const enabled = Object.entries<any>(values.services).filter(([, e]) => e.enabled);
    assert.deepEqual(enabled.map(([n]) => n).sort(), [...names].sort());
    for (const part of SYSTEM) {
      const entry = values.services[part.name];
      const expected: Record<string, unknown> = {
        port: part.port,
        workspace: part.dir,
        image: part.chart.image,
        protocol: protocolOf(part),
        database: part.database ? databaseName(part.database) : '',
        addressVariable: part.address?.variable,
        callers: [...(part.address?.usedBy ?? [])].sort(),
      };
      const actual: Record<string, unknown> = {
        port: entry.port,
        workspace: entry.workspace,
        image: entry.image.repository,
        protocol: entry.protocol,
        database: entry.database ?? '',
        addressVariable: entry.addressVariable,
        callers: chartCallers(part.name),
      };
      if (part.readiness.kind === 'http') {
        expected.health = { liveness: part.chart.liveness, readiness: part.readiness.path };
        actual.health = entry.health;
      }
      assert.deepEqual(actual, expected, part.name);
    }
  });

  test('the disabled entries are exactly the reserved services', () => {
    const disabled = Object.entries<any>(values.services).filter(([, e]) => !e.enabled);
    assert.deepEqual(
      disabled.map(([n, e]) => ({ name: n, port: e.port, database: e.database, addressVariable: e.addressVariable })),
      RESERVED_SERVICES.map((s) => ({ name: s.name, port: s.port, database: databaseName(s.database), addressVariable: s.addressVariable })),
    );
  });

  test('the development and production values name no part the registry does not know', () => {
    for (const file of ['helm/darmankar/values-dev.yaml', 'helm/darmankar/values-production.yaml']) {
      for (const part of Object.keys(yaml(file).services ?? {})) assert.ok([...names, ...reservedNames].includes(part), `${file}: ${part}`);
    }
  });

  test('the development Postgres has every database, the event log\'s included', () => {
    const sql = read('deploy/dev/postgres.yaml');
    for (const database of [...SYSTEM.flatMap((p) => (p.database ? [p.database] : [])), ...RESERVED_SERVICES.map((s) => s.database), 'events']) {
      assert.match(sql, new RegExp(`CREATE DATABASE ${databaseName(database)};`));
    }
  });
});

describe('skaffold.yaml follows the registry', () => {
  const skaffold = yaml('skaffold.yaml');

  test('one artifact per part: its image, folder and Dockerfile target', () => {
    assert.deepEqual(
      skaffold.build.artifacts.map((a: any) => ({ image: a.image, workspace: a.docker.buildArgs.WORKSPACE, target: a.docker.target })),
      SYSTEM.map((p) => ({ image: p.chart.image, workspace: p.dir, target: p.chart.target })),
    );
  });

  test('the default deploy and the production-values profile patch every part\'s image, and only those', () => {
    const expected = Object.fromEntries(SYSTEM.flatMap((p) => {
      const key = p.chart.image.replace(/[^A-Za-z0-9]/g, '_');
      return [[`services.${p.name}.image.repository`, `{{.IMAGE_REPO_${key}}}`], [`services.${p.name}.image.tag`, `{{.IMAGE_TAG_${key}}}`]];
    }));
    const profile = skaffold.profiles.find((p: any) => p.name === 'production-values');
    for (const [label, release] of [['default', skaffold.deploy.helm.releases[0]], ['production-values', profile.deploy.helm.releases[0]]]) {
      const images = Object.fromEntries(Object.entries(release.setValueTemplates).filter(([k]) => k.startsWith('services.')));
      assert.deepEqual(images, expected, label);
    }
  });

  test('port forwards use the parts\' ports', () => {
    for (const forward of skaffold.portForward) {
      const part = SYSTEM.find((p) => forward.resourceName === `darmankar-${p.name}`);
      assert.ok(part, forward.resourceName);
      assert.equal(forward.port, part.port);
    }
  });
});

describe('the gateway\'s service modules follow the registry', () => {
  test('each service the gateway calls has a module with its name, address variable and default port, and no other module exists', async () => {
    const { SERVICE_MODULES } = await import('../../gateway/src/services/index.ts');
    const actual = SERVICE_MODULES.map((m) => ({ name: m.name, variable: m.address.variable, port: Number(m.address.default.split(':').at(-1)) }));
    const expected = SYSTEM.filter((p) => p.address?.usedBy.includes('gateway')).map((p) => ({ name: p.name, variable: p.address!.variable, port: p.port }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    assert.deepEqual(actual.sort(byName), expected.sort(byName));
  });

  test('the gateway reads each module\'s address variable, defaulting to the registry\'s port', async () => {
    const { gatewayConfigSchema } = await import('../../gateway/src/config.ts');
    const defaults = gatewayConfigSchema.parse({}) as Record<string, unknown>;
    for (const part of SYSTEM.filter((p) => p.address?.usedBy.includes('gateway'))) assert.equal(defaults[part.address!.variable], `127.0.0.1:${part.port}`, part.name);
  });
});

describe('the docs follow the registry', () => {
  /** The rows of the first markdown table after `heading`, as arrays of trimmed cells. */
  function table(markdown: string, heading: string): string[][] {
    const start = markdown.indexOf(heading);
    assert.ok(start >= 0, `no "${heading}"`);
    const lines = markdown.slice(start).split('\n');
    const first = lines.findIndex((l) => l.startsWith('|'));
    const rows: string[][] = [];
    for (const line of lines.slice(first)) {
      if (!line.startsWith('|')) break;
      rows.push(line.slice(1, -1).split('|').map((c) => c.trim()));
    }
    return rows.slice(2); // header and separator
  }
  const readme = read('README.md');

  test('README\'s port table: one row per part with its port, and the reserved ports', () => {
    const rows = table(readme, '## Ports');
    for (const part of SYSTEM) {
      const matching = rows.filter((r) => r[0]!.split(/\s/)[0] === part.name);
      assert.equal(matching.length, 1, `README ports: rows for ${part.name}`);
      assert.equal(matching[0]![1], String(part.port), part.name);
    }
    const reserved = rows.filter((r) => r[2] === 'reserved');
    assert.equal(reserved.length, 1);
    assert.deepEqual(reserved[0]![0]!.split(',').map((s) => s.trim()), reservedNames);
    const ports = RESERVED_SERVICES.map((s) => s.port);
    assert.equal(reserved[0]![1], ports.join(', '), 'the reserved ports, in the order of the names');
    // No row claims a service port the registry does not hold.
    const known = new Set([...SYSTEM.map((p) => p.port), ...ports]);
    for (const row of rows) if (/^50\d{3}$/.test(row[1]!)) assert.ok(known.has(Number(row[1])), `README ports: ${row.join(' | ')}`);
  });

  test('README\'s environment tables give each address variable its default', () => {
    for (const part of SYSTEM.filter((p) => p.address)) {
      const local = protocolOf(part) === 'grpc' ? `127.0.0.1:${part.port}` : `http://127.0.0.1:${part.port}`;
      assert.match(readme, new RegExp(`\\| \`${part.address!.variable}\` \\| \`${local.replace(/[.:/]/g, '\\$&')}\` \\|`), part.address!.variable);
    }
  });

  test('docs/deploy.md\'s parts table', () => {
    const rows = table(read('docs/deploy.md'), '### The parts');
    const expected = [
      ...SYSTEM.map((p) => [p.name, p.dir, p.chart.image, String(p.port), p.database ? databaseName(p.database) : '', p.address?.variable ?? '', (p.address?.usedBy ?? []).join(', ')]),
      ...RESERVED_SERVICES.map((s) => [s.name, `services/${s.name}`, `darmankar/${s.name}`, String(s.port), databaseName(s.database), s.addressVariable, 'gateway (reserved)']),
    ];
    assert.deepEqual(rows.map((r) => r.map((c) => c.replace(/`/g, ''))), expected);
  });
});
