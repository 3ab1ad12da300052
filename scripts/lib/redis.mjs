// Redis for `make test`: the machine's at 127.0.0.1:6379 when it answers, otherwise a private
// redis-server on a free port (no persistence), child of the run. Debian's `redis-server` is
// installed through apt when the binary is missing and this is root. No Redis at all is an
// error: the gateway's tests of shared limits and revocations must run, not skip.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { redisAnswers } from './postgres.mjs';
import { run } from './run.mjs';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const MACHINE_REDIS_PORT = 6379;

/** Installs Debian's redis-server when the binary is missing and this is root; false when it is still missing. */
export async function ensureRedisServer(log = console.log) {
  if (existsSync(REDIS_SERVER)) return true;
  if (process.getuid?.() !== 0) {
    log(`${REDIS_SERVER} is missing and this is not root (apt-get install redis-server)`);
    return false;
  }
  log('installing Redis (apt-get install -y redis-server)');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = await run('apt-get', ['update'], { env });
  const install =
    update.code === 0
      ? await run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { env })
      : update;
  if (install.code !== 0) log('installing redis-server failed');
  return existsSync(REDIS_SERVER);
}

/** A port nothing listens on, chosen by the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `redis-server` on a free port, without persistence, as a child of this process.
 * Resolves with `{ url, port, stop() }` once it answers PING; rejects when it exits first or
 * does not answer within `readyWithinMs`.
 */
export async function startRedisServer({ binary = REDIS_SERVER, readyWithinMs = 30_000 } = {}) {
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve(code ?? signal);
    }),
  );
  // A binary that cannot be started emits 'error' and never 'exit'.
  child.once('error', (error) => {
    stderr += String(error);
    exited = true;
  });
  const deadline = Date.now() + readyWithinMs;
  while (!(await redisAnswers(port))) {
    if (exited || Date.now() > deadline) {
      if (!exited) child.kill('SIGKILL');
      throw new Error(
        `${binary} on port ${port} ${exited ? 'exited' : `did not answer within ${readyWithinMs} ms`}${stderr ? `: ${stderr.trim()}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await exit;
    },
  };
}

/** The machine's Redis when it answers, else a private one; throws when neither can be had. */
export async function findRedis(log = console.log) {
  const haveBinary = await ensureRedisServer(log);
  if (await redisAnswers(MACHINE_REDIS_PORT)) {
    log(`Redis: the machine's server at 127.0.0.1:${MACHINE_REDIS_PORT}`);
    return { url: `redis://127.0.0.1:${MACHINE_REDIS_PORT}`, stop: async () => {} };
  }
  if (!haveBinary) {
    throw new Error(
      `no Redis answers at 127.0.0.1:${MACHINE_REDIS_PORT} and ${REDIS_SERVER} is missing: install redis-server (apt-get install -y redis-server) or start a Redis there`,
    );
  }
  const server = await startRedisServer();
  log(`Redis: none answers at 127.0.0.1:${MACHINE_REDIS_PORT}, started ${REDIS_SERVER} on port ${server.port}`);
  return server;
}
