import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { AuthService, CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import { createClient, createHealthChecker, serve, type RunningServer, type ServiceHandlers } from '../src/grpc.ts';
import { DomainError } from '../src/errors/domain-error.ts';
import { createLogger } from '../src/log.ts';

// The bridge is exercised through a real AuthService contract served on loopback.
const seen: { userId?: string; requestId?: string } = {};
const handlers = {
  async sendCellphoneCode(request, context) {
    seen.userId = context.userId;
    seen.requestId = context.requestId;
    if (request.cellphone === 'bad') throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_INVALID', 'EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED');
    if (request.cellphone === 'crash') throw new Error('boom');
    if (request.cellphone === 'slow') await new Promise((r) => setTimeout(r, 500));
    return { cellphone: request.cellphone, expiresInSeconds: request.purpose, resendAfterSeconds: 120 };
  },
} as Partial<ServiceHandlers<typeof AuthService>>;

const unimplemented = async () => { throw new Error('not used'); };
let server: RunningServer;
let client: ReturnType<typeof createClient<typeof AuthService>>;

before(async () => {
  const all = Object.fromEntries(AuthService.methods.map((m) => [m.localName, unimplemented]));
  server = await serve({ port: 0, host: '127.0.0.1', log: createLogger('test', 'silent'), services: [[AuthService, { ...all, ...handlers } as never]] });
  client = createClient(AuthService, `127.0.0.1:${server.port}`);
});
after(async () => { client.close(); await server.shutdown(100); });

test('a unary call round-trips typed messages and carries identity metadata', async () => {
  const response = await client.sendCellphoneCode({ cellphone: '09121234567', purpose: CodePurpose.CHANGE_CELLPHONE }, { userId: 'u-1', requestId: 'r-1' });
  assert.equal(response.cellphone, '09121234567');
  assert.equal(response.expiresInSeconds, CodePurpose.CHANGE_CELLPHONE);
  assert.equal(seen.userId, 'u-1');
  assert.equal(seen.requestId, 'r-1');
});

test('a domain error crosses the wire with all its codes', async () => {
  await assert.rejects(client.sendCellphoneCode({ cellphone: 'bad' }), (error: unknown) => {
    assert.ok(error instanceof DomainError);
    assert.deepEqual(error.codes, ['EXC_AUTHENTICATION_CELLPHONE_IS_INVALID', 'EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED']);
    return true;
  });
});

test('an unexpected error becomes EXC_UNKNOWN without leaking its message', async () => {
  await assert.rejects(client.sendCellphoneCode({ cellphone: 'crash' }), (error: DomainError) => {
    assert.deepEqual(error.codes, ['EXC_UNKNOWN']);
    assert.doesNotMatch(error.message, /boom/);
    return true;
  });
});

test('a deadline turns a slow call into EXC_SERVICE_TIMEOUT', async () => {
  await assert.rejects(client.sendCellphoneCode({ cellphone: 'slow' }, { timeoutMs: 50 }), (error: DomainError) => {
    assert.deepEqual(error.codes, ['EXC_SERVICE_TIMEOUT']);
    return true;
  });
});

test('a service that is down answers EXC_SERVICE_UNAVAILABLE quickly', async () => {
  const down = createClient(AuthService, '127.0.0.1:1');
  const started = Date.now();
  await assert.rejects(down.sendCellphoneCode({ cellphone: '0912' }, { timeoutMs: 2_000 }), (error: DomainError) => {
    assert.ok(['EXC_SERVICE_UNAVAILABLE', 'EXC_SERVICE_TIMEOUT'].includes(error.codes[0]!));
    return true;
  });
  assert.ok(Date.now() - started <= 2_500);
  down.close();
});

test('the standard health service reports SERVING', async () => {
  const health = createHealthChecker(`127.0.0.1:${server.port}`);
  assert.equal(await health.isServing(1_000), true);
  health.close();
  const down = createHealthChecker('127.0.0.1:1');
  assert.equal(await down.isServing(500), false);
  down.close();
});
