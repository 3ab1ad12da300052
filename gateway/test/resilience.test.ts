// A service that is down or silent gives a clear code within the deadline, never a hang;
// production mounts no development routes.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import {
  assertError,
  createAuthDatabase,
  json,
  login,
  newCellphone,
  productionCallerKeys,
  startAuth,
  startGatewayFor,
  startStack,
} from './helpers.ts';

test('auth service stopped → its routes answer 503 EXC_SERVICE_UNAVAILABLE quickly; the gateway stays ready; it recovers when auth is back', async () => {
  const database = await createAuthDatabase();
  let auth = await startAuth(database);
  const port = auth.port;
  const gateway = await startGatewayFor(`127.0.0.1:${port}`, { GRPC_TIMEOUT_MS: '2000' });
  const url = `http://127.0.0.1:${gateway.port}`;
  try {
    const { session } = await login(url, newCellphone());
    const bearer = { authorization: `Bearer ${session!.accessToken}` };
    assert.equal((await fetch(`${url}/api/v1/authentication/cellphone`, { headers: bearer })).status, 200);

    await auth.stop();
    const started = Date.now();
    await assertError(
      await fetch(`${url}/api/v1/authentication/cellphone`, { headers: bearer }),
      503,
      'EXC_SERVICE_UNAVAILABLE',
    );
    await assertError(
      await fetch(`${url}/api/v1/authentication/cellphone/${newCellphone()}`, { method: 'POST' }),
      503,
      'EXC_SERVICE_UNAVAILABLE',
    );
    assert.ok(Date.now() - started < 2_500, `answered in ${Date.now() - started} ms`);
    // Readiness is local: an auth outage must not take every gateway pod out of service.
    const ready = await fetch(`${url}/readyz`);
    assert.equal(ready.status, 200);
    const body = (await ready.json()) as { status: string; services: Record<string, string> };
    assert.equal(body.status, 'ready');
    assert.equal(body.services.auth, 'unavailable');
    assert.equal((await fetch(`${url}/healthz`)).status, 200, 'the gateway itself is alive');
    assert.equal((await fetch(`${url}/api/v1/ping`)).status, 200);

    auth = await startAuth(database, { GRPC_PORT: String(port) });
    let status = 0;
    for (let tries = 0; tries < 20 && status !== 200; tries++) {
      status = (await fetch(`${url}/api/v1/authentication/cellphone`, { headers: bearer })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(status, 200, 'the same session works again once auth is back');
  } finally {
    await gateway.stop();
    await auth.stop();
    await database.drop();
  }
});

test('a service that accepts connections but never answers → 504 EXC_SERVICE_TIMEOUT at the deadline', async () => {
  // A TCP listener that never speaks HTTP/2: the call can only end by its deadline.
  const sockets: Array<import('node:net').Socket> = [];
  const silent: Server = createServer((socket) => {
    sockets.push(socket);
  });
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  const gateway = await startGatewayFor(`127.0.0.1:${(silent.address() as AddressInfo).port}`, {
    GRPC_TIMEOUT_MS: '800',
  });
  try {
    const started = Date.now();
    await assertError(
      await fetch(`http://127.0.0.1:${gateway.port}/api/v1/authentication/cellphone/${newCellphone()}`, {
        method: 'POST',
      }),
      504,
      'EXC_SERVICE_TIMEOUT',
    );
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 700 && elapsed < 2_000, `answered in ${elapsed} ms`);
  } finally {
    await gateway.stop();
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test('NODE_ENV=production: the dev outbox is not mounted nor documented', async () => {
  const keys = productionCallerKeys();
  const stack = await startStack({
    authEnv: keys.serviceEnv,
    gatewayEnv: { NODE_ENV: 'production', PUBLIC_WEB_URL: 'https://darmankar.example', ...keys.gatewayEnv },
  });
  try {
    await assertError(await fetch(`${stack.url}/api/dev/outbox?to=09121234567`), 404, 'EXC_API_NOT_FOUND');
    const document = await json(await fetch(`${stack.url}/api/v1/openapi.json`));
    assert.equal(document.paths['/api/dev/outbox'], undefined);
    assert.ok(document.paths['/api/v1/ping']);
  } finally {
    await stack.stop();
  }
});
