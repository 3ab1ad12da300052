// A Redis that stops answering (frozen by SIGSTOP: connections stay open, nothing comes back)
// or goes away must not hang the gateway: every command gives up after REDIS_COMMAND_TIMEOUT_MS,
// the in-process limiter stands in and logout still ends the session at this gateway.
// The Redis here is a private redis-server on a free port, never the machine's shared one.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { assertError, login, newCellphone, startGatewayFor, startStack, type Stack } from './helpers.ts';
import { freePort } from '@darmankar/platform/testing';

const REDIS_SERVER = '/usr/bin/redis-server';
const NO_REDIS_SERVER = `${REDIS_SERVER} is missing (apt-get install redis-server)`;
const COMMAND_TIMEOUT_MS = 200;
/**
 * The bound on an answer in front of a dead Redis. A gateway that waits on a frozen Redis never
 * answers (the request is abandoned at 5 times the bound); one that gives up on each command
 * after COMMAND_TIMEOUT_MS answers well under a second on an idle machine, the product's aim.
 * The bound is generous so that a loaded machine's slow requests do not read as a hang.
 */
const ANSWER_WITHIN_MS = 5_000;

interface PrivateRedis {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
  probe.on('error', () => {
    /* not up yet */
  });
  try {
    await probe.connect().catch(() => once(probe, 'ready'));
    assert.equal(await probe.ping(), 'PONG');
  } finally {
    probe.disconnect();
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}

/** A request that must answer within the bound: its status and how long it took. */
async function timed(url: string, init: RequestInit = {}): Promise<{ response: Response; elapsedMs: number }> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS * 5) });
  const elapsedMs = performance.now() - started;
  return { response, elapsedMs };
}

function assertPrompt(elapsedMs: number, what: string): void {
  assert.ok(elapsedMs < ANSWER_WITHIN_MS, `${what} answered in ${Math.round(elapsedMs)} ms`);
}

let lastOctet = 0;
const newClientIp = () => `10.7.${process.pid % 250}.${++lastOctet}`;

// Run alone without redis-server this skips; inside make test (MAKE_TEST=1, which installs it) it fails instead.
describe(
  'Redis frozen or gone',
  { skip: existsSync(REDIS_SERVER) || process.env.MAKE_TEST === '1' ? false : NO_REDIS_SERVER },
  () => {
    let redis: PrivateRedis;
    let stack: Stack;
    const apiPoints = 10;

    before(async () => {
      assert.ok(existsSync(REDIS_SERVER), NO_REDIS_SERVER);
      redis = await startPrivateRedis();
      stack = await startStack({
        gatewayEnv: {
          REDIS_URL: redis.url,
          REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
          RATE_LIMIT_API_POINTS: String(apiPoints),
        },
      });
    });
    after(async () => {
      redis?.process.kill('SIGCONT');
      await stack?.stop();
      await redis?.stop();
    });

    test('SIGSTOP: ping and logout answer without waiting on Redis, the logged-out token is refused, and the in-process limiter counts', async () => {
      // A first logout pays for cold code paths in auth and the gateway; that is not what is measured here.
      const warmUp = (await login(stack.url, newCellphone())).session!;
      await fetch(`${stack.url}/api/v1/authentication/logout`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${warmUp.accessToken}`, 'x-refresh-token': warmUp.refreshToken },
      });

      const { session } = await login(stack.url, newCellphone());
      const bearer = { authorization: `Bearer ${session!.accessToken}` };
      assert.equal((await fetch(`${stack.url}/api/v1/authentication/cellphone`, { headers: bearer })).status, 200);

      redis.process.kill('SIGSTOP');

      const ping = await timed(`${stack.url}/api/v1/ping`, { headers: { 'x-forwarded-for': newClientIp() } });
      assert.equal(ping.response.status, 200);
      assertPrompt(ping.elapsedMs, 'ping');

      const logout = await timed(`${stack.url}/api/v1/authentication/logout`, {
        method: 'DELETE',
        headers: { ...bearer, 'x-refresh-token': session!.refreshToken },
      });
      assert.equal(logout.response.status, 204);
      assertPrompt(logout.elapsedMs, 'logout');

      const replay = await timed(`${stack.url}/api/v1/authentication/cellphone`, { headers: bearer });
      assertPrompt(replay.elapsedMs, 'the replayed token');
      await assertError(replay.response, 401, 'EXC_SESSIONS_ACCESS_TOKEN_INVALID');

      // The limit still holds while Redis cannot count: the in-process limiter stands in, it does not fail open.
      const ip = newClientIp();
      for (let i = 0; i < apiPoints; i++) {
        const { response, elapsedMs } = await timed(`${stack.url}/api/v1/ping`, { headers: { 'x-forwarded-for': ip } });
        assert.equal(response.status, 200, `ping ${i + 1}`);
        assertPrompt(elapsedMs, `ping ${i + 1}`);
      }
      const limited = await timed(`${stack.url}/api/v1/ping`, { headers: { 'x-forwarded-for': ip } });
      assertPrompt(limited.elapsedMs, 'the limited ping');
      await assertError(limited.response, 429, 'EXC_TOO_MANY_REQUESTS');
    });

    test('gone (killed): ping and logout still answer without waiting on Redis', async () => {
      redis.process.kill('SIGCONT');
      await redis.stop();
      const { session } = await login(stack.url, newCellphone());

      const ping = await timed(`${stack.url}/api/v1/ping`, { headers: { 'x-forwarded-for': newClientIp() } });
      assert.equal(ping.response.status, 200);
      assertPrompt(ping.elapsedMs, 'ping');

      const logout = await timed(`${stack.url}/api/v1/authentication/logout`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${session!.accessToken}`, 'x-refresh-token': session!.refreshToken },
      });
      assert.equal(logout.response.status, 204);
      assertPrompt(logout.elapsedMs, 'logout');
      await assertError(
        await fetch(`${stack.url}/api/v1/authentication/cellphone`, {
          headers: { authorization: `Bearer ${session!.accessToken}` },
        }),
        401,
        'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
      );
    });

    test('down at start-up: the gateway starts anyway, answers, and refuses a logged-out token', async () => {
      // Nothing listens on this port: every connection attempt is refused.
      const gateway = await startGatewayFor(
        `127.0.0.1:${stack.auth.port}`,
        { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS) },
        stack.clock,
      );
      try {
        const url = `http://127.0.0.1:${gateway.port}`;
        const ping = await timed(`${url}/api/v1/ping`);
        assert.equal(ping.response.status, 200);
        assertPrompt(ping.elapsedMs, 'ping');
        const { session } = await login(url, newCellphone());
        const logout = await timed(`${url}/api/v1/authentication/logout`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${session!.accessToken}` },
        });
        assert.equal(logout.response.status, 204);
        assertPrompt(logout.elapsedMs, 'logout');
        await assertError(
          await fetch(`${url}/api/v1/authentication/cellphone`, {
            headers: { authorization: `Bearer ${session!.accessToken}` },
          }),
          401,
          'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
        );
      } finally {
        await gateway.stop();
      }
    });
  },
);
