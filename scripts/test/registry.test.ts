// The registry in scripts/system.ts is the one place a part is declared. Its copies in other
// files (the chart's `parts`, skaffold.yaml's artifacts and image patches, the part tables of
// README.md and docs/deploy.md) are written by `make generate` (scripts/generate-system.ts) and
// must be fresh; the rest that names parts is checked here: the gateway's service modules, the
// stack's address variables, the development Postgres and the README's environment tables.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import {
  REPO_ROOT,
  RESERVED_SERVICES,
  SYSTEM,
  addressEnv,
  callersOf,
  databaseName,
  protocolOf,
  registryProblems,
  signsCalls,
  type PartName,
  type SystemPart,
} from '../system.ts';
import { SYSTEM_GENERATED_FILES, generateSystemFiles, replaceBetween } from '../generate-system.ts';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const yaml = (file: string) => parse(read(file));
const values = yaml('helm/darmankar/values.yaml');
const names = SYSTEM.map((p) => p.name);
const reservedNames = RESERVED_SERVICES.map((s) => s.name);
const part = (name: PartName) => SYSTEM.find((p) => p.name === name)!;

describe('the registry itself', () => {
  test('has no problems: names, ports, databases and address variables unique (reserved ones included), calls to known parts with an address, known outside endpoints', () => {
    assert.deepEqual(registryProblems(), []);
  });

  test('the problems check is not a formality', () => {
    const broken: SystemPart[] = [
      ...SYSTEM,
      {
        ...part('billing'),
        name: 'x' as PartName,
        port: 50051,
        address: { variable: 'X_GRPC_URL' },
        calls: { parts: ['web', 'y' as PartName], outside: ['fax' as never] },
      },
    ];
    assert.deepEqual(registryProblems(broken), [
      'x calls web, which has no address',
      'x calls unknown part y',
      'x calls unknown outside endpoint fax',
      'duplicate port: 50051',
      'duplicate database: billing',
    ]);
    assert.throws(() => generateSystemFiles(broken), /x calls web, which has no address/);
  });

  test('each part is given the address variable of every part it calls (stack)', () => {
    const ports = Object.fromEntries(SYSTEM.map((p) => [p.name, p.port])) as Record<PartName, number>;
    assert.deepEqual(addressEnv(part('gateway'), ports), {
      AUTH_GRPC_URL: '127.0.0.1:50051',
      FILES_GRPC_URL: '127.0.0.1:50052',
      RECRUITMENT_GRPC_URL: '127.0.0.1:50055',
      RESUME_GRPC_URL: '127.0.0.1:50053',
      EMPLOYER_GRPC_URL: '127.0.0.1:50054',
      BILLING_GRPC_URL: '127.0.0.1:50057',
      HIRING_GRPC_URL: '127.0.0.1:50056',
      NOTIFICATION_GRPC_URL: '127.0.0.1:50058',
      SEO_GRPC_URL: '127.0.0.1:50059',
    });
    assert.deepEqual(addressEnv(part('notification'), ports), {});
    assert.deepEqual(addressEnv(part('seo'), ports), {});
    assert.deepEqual(addressEnv(part('hiring'), ports), {
      EMPLOYER_GRPC_URL: '127.0.0.1:50054',
      RECRUITMENT_GRPC_URL: '127.0.0.1:50055',
      RESUME_GRPC_URL: '127.0.0.1:50053',
      FILES_GRPC_URL: '127.0.0.1:50052',
    });
    assert.deepEqual(addressEnv(part('billing'), ports), { EMPLOYER_GRPC_URL: '127.0.0.1:50054' });
    assert.deepEqual(addressEnv(part('web'), ports), { GATEWAY_URL: 'http://127.0.0.1:8080' });
    assert.deepEqual(addressEnv(part('auth'), ports), {});
    assert.deepEqual(addressEnv(part('resume'), ports), { FILES_GRPC_URL: '127.0.0.1:50052' });
    assert.deepEqual(addressEnv(part('employer'), ports), {
      AUTH_GRPC_URL: '127.0.0.1:50051',
      FILES_GRPC_URL: '127.0.0.1:50052',
    });
    // A part's own env() does not repeat an address the registry derives.
    for (const p of SYSTEM) {
      const own = Object.keys(
        p.env({
          mode: 'test',
          webMode: 'production',
          ports,
          databaseUrls: { auth: 'postgres://x/y' },
          eventsDatabaseUrl: 'postgres://x/e',
          stackId: 's',
          scratchDir: '/tmp/s',
        }),
      );
      for (const callee of SYSTEM)
        if (callee.address)
          assert.ok(!own.includes(callee.address.variable), `${p.name} sets ${callee.address.variable} by hand`);
    }
  });

  test("callers follow from the callers' own rows; the parts that call a gRPC part sign their calls", () => {
    assert.deepEqual(
      callersOf('files').map((p) => p.name),
      ['resume', 'employer', 'hiring', 'gateway'],
    );
    assert.deepEqual(
      callersOf('employer').map((p) => p.name),
      ['recruitment', 'hiring', 'billing', 'gateway'],
    );
    assert.deepEqual(
      callersOf('gateway').map((p) => p.name),
      ['web'],
    );
    assert.deepEqual(
      SYSTEM.filter((p) => signsCalls(p)).map((p) => p.name),
      ['resume', 'employer', 'recruitment', 'hiring', 'billing', 'gateway'],
    );
    // The gateway calls every service (each has a gateway module, checked below).
    assert.deepEqual(
      [...(part('gateway').calls?.parts ?? [])].sort(),
      SYSTEM.filter((p) => protocolOf(p) === 'grpc')
        .map((p) => p.name)
        .sort(),
    );
  });

  test('the parts that call outside the cluster say so', () => {
    assert.deepEqual(
      Object.fromEntries(SYSTEM.filter((p) => p.calls?.outside?.length).map((p) => [p.name, p.calls!.outside])),
      {
        auth: ['sms', 'mail'],
        files: ['s3'],
        billing: ['zarinpal'],
        notification: ['sms', 'mail'],
      },
    );
  });
});

describe("make generate writes the registry's copies", () => {
  test('every copy is fresh (make generate, then commit)', () => {
    for (const [file, content] of Object.entries(generateSystemFiles()))
      assert.equal(read(file), content, `${file} is stale: run make generate`);
  });

  test("make test's generated-code check compares every file it writes", () => {
    const list = read('scripts/test.mjs').match(/const GENERATED_CONTRACTS = \[([^\]]*)\];/)![1]!;
    for (const file of SYSTEM_GENERATED_FILES)
      assert.ok(list.includes(`'${file}'`), `${file} is not in scripts/test.mjs's GENERATED_CONTRACTS`);
    assert.deepEqual(Object.keys(generateSystemFiles()).sort(), [...SYSTEM_GENERATED_FILES].sort());
  });

  test('a hand edit inside a generated region is undone, and one outside it kept', () => {
    const readme = read('README.md');
    const edited = readme.replace('| 50051 |', '| 50999 |').replace('## Ports', '## Ports (edited)');
    assert.notEqual(edited, readme);
    const regenerated = generateSystemFiles(SYSTEM, RESERVED_SERVICES, (file) =>
      file === 'README.md' ? edited : read(file),
    )['README.md']!;
    assert.equal(regenerated, readme.replace('## Ports', '## Ports (edited)'));
  });

  test('a file without its markers fails generation instead of being left stale', () => {
    assert.throws(
      () => replaceBetween('a\nb\n', 'x.md', '<!-- generated:ports -->', '<!-- /generated:ports -->', ['c']),
      /x\.md: no "<!-- generated:ports -->"/,
    );
    assert.throws(
      () =>
        generateSystemFiles(SYSTEM, RESERVED_SERVICES, (file) =>
          file === 'skaffold.yaml' ? 'build: {}\n' : read(file),
        ),
      /skaffold\.yaml: no "# generated:artifacts/,
    );
    assert.equal(
      replaceBetween('  # generated:x\n  old\n  # /generated:x\nend', 'f', '# generated:x (note)', '# /generated:x', [
        'new',
        'more',
      ]),
      '  # generated:x (note)\n  new\n  more\n  # /generated:x\nend',
    );
  });
});

describe('the Helm values follow the registry', () => {
  test("`parts` holds exactly the registry's parts, with their port, folder, image, database, address variable and calls", () => {
    assert.deepEqual(Object.keys(values.parts), names);
    for (const p of SYSTEM) {
      const entry = values.parts[p.name];
      assert.deepEqual(
        {
          port: entry.port,
          workspace: entry.workspace,
          image: entry.image.repository,
          protocol: entry.protocol,
          database: entry.database,
          addressVariable: entry.addressVariable,
          calls: entry.calls,
          outside: entry.outside,
        },
        {
          port: p.port,
          workspace: p.dir,
          image: p.chart.image,
          protocol: protocolOf(p),
          database: p.database ? databaseName(p.database) : '',
          addressVariable: p.address?.variable ?? '',
          calls: [...(p.calls?.parts ?? [])].sort((a, b) => names.indexOf(a) - names.indexOf(b)),
          outside: p.calls?.outside ?? [],
        },
        p.name,
      );
    }
  });

  test('the hand-written entries, the development and the production values name no part the registry does not know', () => {
    for (const file of [
      'helm/darmankar/values.yaml',
      'helm/darmankar/values-dev.yaml',
      'helm/darmankar/values-production.yaml',
    ]) {
      for (const name of Object.keys(yaml(file).services ?? {}))
        assert.ok(names.includes(name as PartName), `${file}: ${name}`);
    }
  });

  test("the development Postgres has every database, the event log's included", () => {
    const sql = read('deploy/dev/postgres.yaml');
    for (const database of [
      ...SYSTEM.flatMap((p) => (p.database ? [p.database] : [])),
      ...RESERVED_SERVICES.map((s) => s.database),
      'events',
    ]) {
      assert.match(sql, new RegExp(`CREATE DATABASE ${databaseName(database)};`));
    }
  });
});

describe('skaffold.yaml follows the registry', () => {
  const skaffold = yaml('skaffold.yaml');

  test('one artifact per part: its image, folder and Dockerfile target', () => {
    assert.deepEqual(
      skaffold.build.artifacts.map((a: any) => ({
        image: a.image,
        workspace: a.docker.buildArgs.WORKSPACE,
        target: a.docker.target,
      })),
      SYSTEM.map((p) => ({ image: p.chart.image, workspace: p.dir, target: p.chart.target })),
    );
  });

  test("the default deploy and the production-values profile patch every part's image, and only those", () => {
    const expected = Object.fromEntries(
      SYSTEM.flatMap((p) => {
        const key = p.chart.image.replace(/[^A-Za-z0-9]/g, '_');
        return [
          [`services.${p.name}.image.repository`, `{{.IMAGE_REPO_${key}}}`],
          [`services.${p.name}.image.tag`, `{{.IMAGE_TAG_${key}}}`],
        ];
      }),
    );
    const profile = skaffold.profiles.find((p: any) => p.name === 'production-values');
    for (const [label, release] of [
      ['default', skaffold.deploy.helm.releases[0]],
      ['production-values', profile.deploy.helm.releases[0]],
    ]) {
      const images = Object.fromEntries(
        Object.entries(release.setValueTemplates).filter(([k]) => k.startsWith('services.')),
      );
      assert.deepEqual(images, expected, label);
    }
  });

  test("port forwards use the parts' ports", () => {
    for (const forward of skaffold.portForward) {
      const part = SYSTEM.find((p) => forward.resourceName === `darmankar-${p.name}`);
      assert.ok(part, forward.resourceName);
      assert.equal(forward.port, part.port);
    }
  });
});

describe("the gateway's service modules follow the registry", () => {
  const calledByGateway = () => SYSTEM.filter((p) => part('gateway').calls?.parts?.includes(p.name));

  test('each service the gateway calls has a module with its name, address variable and default port, and no other module exists', async () => {
    const { SERVICE_MODULES } = await import('../../gateway/src/services/index.ts');
    const actual = SERVICE_MODULES.map((m) => ({
      name: m.name,
      variable: m.address.variable,
      port: Number(m.address.default.split(':').at(-1)),
    }));
    const expected = calledByGateway().map((p) => ({ name: p.name, variable: p.address!.variable, port: p.port }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    assert.deepEqual(actual.sort(byName), expected.sort(byName));
  });

  test("the gateway reads each module's address variable, defaulting to the registry's port", async () => {
    const { gatewayConfigSchema } = await import('../../gateway/src/config.ts');
    const defaults = gatewayConfigSchema.parse({}) as Record<string, unknown>;
    for (const p of calledByGateway()) assert.equal(defaults[p.address!.variable], `127.0.0.1:${p.port}`, p.name);
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
      rows.push(
        line
          .slice(1, -1)
          .split('|')
          .map((c) => c.trim()),
      );
    }
    return rows.slice(2); // header and separator
  }
  const readme = read('README.md');

  test("README's port table: one row per part with its port, and the reserved ports", () => {
    const rows = table(readme, '## Ports');
    for (const part of SYSTEM) {
      const matching = rows.filter((r) => r[0]!.split(/\s/)[0] === part.name);
      assert.equal(matching.length, 1, `README ports: rows for ${part.name}`);
      assert.equal(matching[0]![1], String(part.port), part.name);
    }
    const reserved = rows.filter((r) => r[2] === 'reserved');
    const ports = RESERVED_SERVICES.map((s) => s.port);
    // One row names every reserved service, when any is left.
    assert.equal(reserved.length, RESERVED_SERVICES.length > 0 ? 1 : 0);
    if (reserved.length > 0) {
      assert.deepEqual(
        reserved[0]![0]!.split(',').map((s) => s.trim()),
        reservedNames,
      );
      assert.equal(reserved[0]![1], ports.join(', '), 'the reserved ports, in the order of the names');
    }
    // No row claims a service port the registry does not hold.
    const known = new Set([...SYSTEM.map((p) => p.port), ...ports]);
    for (const row of rows)
      if (/^50\d{3}$/.test(row[1]!)) assert.ok(known.has(Number(row[1])), `README ports: ${row.join(' | ')}`);
  });

  test("README's environment tables give each address variable its default", () => {
    for (const part of SYSTEM.filter((p) => p.address)) {
      const local = protocolOf(part) === 'grpc' ? `127.0.0.1:${part.port}` : `http://127.0.0.1:${part.port}`;
      assert.match(
        readme,
        new RegExp(`\\| \`${part.address!.variable}\` \\| \`${local.replace(/[.:/]/g, '\\$&')}\` \\|`),
        part.address!.variable,
      );
    }
  });

  test("docs/deploy.md's parts table", () => {
    const rows = table(read('docs/deploy.md'), '### The parts');
    const expected = [
      ...SYSTEM.map((p) => [
        p.name,
        p.dir,
        p.chart.image,
        String(p.port),
        p.database ? databaseName(p.database) : '',
        p.address?.variable ?? '',
        callersOf(p.name)
          .map((c) => c.name)
          .join(', '),
        (p.calls?.outside ?? []).join(', '),
      ]),
      ...RESERVED_SERVICES.map((s) => [
        s.name,
        `services/${s.name}`,
        `darmankar/${s.name}`,
        String(s.port),
        databaseName(s.database),
        s.addressVariable,
        '(reserved)',
        '',
      ]),
    ];
    assert.deepEqual(
      rows.map((r) => r.map((c) => c.replace(/`/g, ''))),
      expected,
    );
  });
});
