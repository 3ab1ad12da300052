// The helper that starts another service for a test as its own process: ready only when its
// gRPC health answers SERVING, on a fresh migrated database, stopped with its database, a failed
// start reported (and cleaned up), and the process ended when the test's own process dies.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import pg from 'pg';
import { createHealthChecker } from '../src/grpc.ts';
import { dropDatabase } from '../src/migrate.ts';
import { startServiceProcess } from '../src/testing/service-process.ts';

const FIXTURE_DIR = fileURLToPath(new URL('./fixtures/process-service/', import.meta.url));
const HELPER = new URL('../src/testing/service-process.ts', import.meta.url).href;

async function serving(address: string): Promise<boolean> {
  const health = createHealthChecker(address);
  try {
    return await health.isServing(1_000);
  } finally {
    health.close();
  }
}

async function databaseExists(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startServiceProcess', () => {
  test('answers SERVING on its address with its migrated database, and stop ends it and drops the database', async () => {
    const service = await startServiceProcess({ serviceDir: FIXTURE_DIR, databaseLabel: 'platform_process' });
    try {
      assert.equal(service.address, `127.0.0.1:${service.port}`);
      assert.equal(await serving(service.address), true);
      assert.equal(await databaseExists(service.databaseUrl), true);
    } finally {
      await service.stop();
    }
    assert.equal(await serving(service.address), false, 'nothing answers once stopped');
    assert.equal(await databaseExists(service.databaseUrl), false, 'its database is dropped');
  });

  test('a service that exits before it serves is reported, and leaves no database', async () => {
    await assert.rejects(
      startServiceProcess({ serviceDir: FIXTURE_DIR, databaseLabel: 'platform_process', env: { FIXTURE_EXIT: '3' } }),
      /process-service service exited with 3/,
    );
  });

  test("the service ends with the test's process, even one killed with SIGKILL", async () => {
    // A stand-in test process: starts the service through the helper, prints where, lives on.
    const script = `
      import { startServiceProcess } from ${JSON.stringify(HELPER)};
      const service = await startServiceProcess({ serviceDir: ${JSON.stringify(FIXTURE_DIR)}, databaseLabel: 'platform_process', env: { FIXTURE_PRINT_PID: '1' } });
      console.log(JSON.stringify({ address: service.address, databaseUrl: service.databaseUrl }));
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    parent.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const started = await new Promise<{ address: string; databaseUrl: string }>((resolve, reject) => {
      parent.stdout!.once('data', (chunk) => resolve(JSON.parse(String(chunk))));
      parent.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}: ${stderr}`)));
    });
    try {
      // Its pid comes on another pipe than the address: waited for, not assumed first.
      const deadline = Date.now() + 5_000;
      while (!/fixture-pid \d+/.test(stderr) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const pid = Number(/fixture-pid (\d+)/.exec(stderr)?.[1]);
      assert.ok(pid > 0 && alive(pid), 'the service runs');
      assert.equal(await serving(started.address), true);
      parent.kill('SIGKILL');
      const ends = Date.now() + 20_000;
      while (alive(pid) && Date.now() < ends) await new Promise((resolve) => setTimeout(resolve, 50));
      const survived = alive(pid);
      if (survived) process.kill(pid, 'SIGKILL');
      assert.equal(survived, false, 'the service ended with the process that started it');
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      // The killed process could not drop its database: this test does.
      await dropDatabase(started.databaseUrl);
    }
  });
});
