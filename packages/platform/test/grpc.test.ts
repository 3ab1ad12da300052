import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { create } from '@bufbuild/protobuf';
import { AuthService, CodePurpose, SendCellphoneCodeRequestSchema } from '@darmankar/proto/auth/v1/auth_pb';
import * as grpc from '@grpc/grpc-js';
import {
  createCallerSigner,
  createCallerVerifier,
  DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY,
  DEVELOPMENT_CALLER_ASSERTION_PUBLIC_KEY,
  METADATA_CALLER_ASSERTION,
} from '../src/caller-identity.ts';
import {
  bindService,
  createClient,
  createHealthChecker,
  grpcServiceDefinition,
  METADATA_USER_ID,
  serve,
  type RunningServer,
  type ServiceHandlers,
} from '../src/grpc.ts';
import { DomainError } from '../src/errors/domain-error.ts';
import { createLogger } from '../src/log.ts';

// The bridge is exercised through a real AuthService contract served on loopback.
const seen: { userId?: string; requestId?: string; clientAddress?: string; aborted?: unknown } = {};
const handlers = {
  async sendCellphoneCode(request, context) {
    seen.userId = context.userId;
    seen.requestId = context.requestId;
    seen.clientAddress = context.clientAddress;
    if (request.cellphone === 'hang') {
      // Waits for the caller to give up, as a handler about to send an SMS checks first.
      await new Promise((resolve) => context.signal.addEventListener('abort', resolve, { once: true }));
      seen.aborted = context.signal.reason;
      throw context.signal.reason;
    }
    if (request.cellphone === 'bad')
      throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_INVALID', 'EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED');
    if (request.cellphone === 'crash') throw new Error('boom');
    if (request.cellphone === 'slow') await new Promise((r) => setTimeout(r, 500));
    return { cellphone: request.cellphone, expiresInSeconds: request.purpose, resendAfterSeconds: 120 };
  },
} as Partial<ServiceHandlers<typeof AuthService>>;

const unimplemented = async () => {
  throw new Error('not used');
};
let server: RunningServer;
let client: ReturnType<typeof createClient<typeof AuthService>>;

before(async () => {
  const all = Object.fromEntries(AuthService.methods.map((m) => [m.localName, unimplemented]));
  server = await serve({
    port: 0,
    host: '127.0.0.1',
    log: createLogger('test', 'silent'),
    services: [bindService(AuthService, { ...all, ...handlers } as ServiceHandlers<typeof AuthService>)],
    callerVerifier: createCallerVerifier({ publicKey: DEVELOPMENT_CALLER_ASSERTION_PUBLIC_KEY }),
  });
  client = createClient(AuthService, `127.0.0.1:${server.port}`, {
    callerSigner: createCallerSigner({ privateKey: DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY }),
  });
});
after(async () => {
  client.close();
  await server.shutdown(100);
});

test('a unary call round-trips typed messages and carries identity metadata', async () => {
  const response = await client.sendCellphoneCode(
    { cellphone: '09121234567', purpose: CodePurpose.CHANGE_CELLPHONE },
    { userId: 'u-1', requestId: 'r-1', clientAddress: '203.0.113.7' },
  );
  assert.equal(response.cellphone, '09121234567');
  assert.equal(response.expiresInSeconds, CodePurpose.CHANGE_CELLPHONE);
  assert.equal(seen.userId, 'u-1');
  assert.equal(seen.requestId, 'r-1');
  assert.equal(seen.clientAddress, '203.0.113.7');
});

/** A raw grpc-js call with hand-made metadata: what any process that reaches the port can send. */
function rawCall(metadata: grpc.Metadata): Promise<grpc.ServiceError | null> {
  const Raw = grpc.makeGenericClientConstructor(grpcServiceDefinition(AuthService), 'Raw');
  const raw = new Raw(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure()) as unknown as Record<
    string,
    Function
  > &
    grpc.Client;
  return new Promise((resolve) => {
    raw.sendCellphoneCode!(
      create(SendCellphoneCodeRequestSchema, { cellphone: '09121234567' }),
      metadata,
      { deadline: Date.now() + 5_000 },
      (error: grpc.ServiceError | null) => {
        raw.close();
        resolve(error);
      },
    );
  });
}

test('a direct call claiming a user with x-user-id and no caller assertion is refused as unauthenticated', async () => {
  seen.userId = undefined;
  const claim = new grpc.Metadata();
  claim.set(METADATA_USER_ID, 'someone-else');
  const refused = await rawCall(claim);
  assert.equal(refused?.code, grpc.status.UNAUTHENTICATED);
  assert.equal(String(refused?.metadata.get('exc')[0]), 'EXC_AUTHENTICATION_REQUIRED');
  assert.equal(seen.userId, undefined, 'the handler never ran');
});

test('an assertion signed by another key, or made for another service, is refused; a valid one is accepted', async () => {
  const { generateKeyPairSync } = await import('node:crypto');
  const stranger = createCallerSigner({ privateKey: generateKeyPairSync('ed25519').privateKey });
  const forged = new grpc.Metadata();
  forged.set('x-request-id', 'r-9');
  forged.set(METADATA_USER_ID, 'u-1');
  forged.set(METADATA_CALLER_ASSERTION, await stranger.sign({ userId: 'u-1', audience: AuthService.typeName }));
  assert.equal((await rawCall(forged))?.code, grpc.status.UNAUTHENTICATED);

  const ours = createCallerSigner({ privateKey: DEVELOPMENT_CALLER_ASSERTION_PRIVATE_KEY });
  const elsewhere = new grpc.Metadata();
  elsewhere.set(
    METADATA_CALLER_ASSERTION,
    await ours.sign({ userId: 'u-1', audience: 'darmankar.files.v1.FilesService' }),
  );
  assert.equal((await rawCall(elsewhere))?.code, grpc.status.UNAUTHENTICATED);

  const claimsAnother = new grpc.Metadata();
  claimsAnother.set(METADATA_USER_ID, 'u-2');
  claimsAnother.set(METADATA_CALLER_ASSERTION, await ours.sign({ userId: 'u-1', audience: AuthService.typeName }));
  assert.equal(
    (await rawCall(claimsAnother))?.code,
    grpc.status.UNAUTHENTICATED,
    'x-user-id must name the asserted user',
  );

  seen.userId = undefined;
  const valid = new grpc.Metadata();
  valid.set('x-request-id', 'r-10');
  valid.set(METADATA_CALLER_ASSERTION, await ours.sign({ userId: 'u-1', audience: AuthService.typeName }));
  assert.equal(await rawCall(valid), null, 'the same call with a valid assertion succeeds');
  assert.equal(seen.userId, 'u-1');

  // The server now remembers that assertion (and answers it without verifying again): a claim
  // of another user beside it is still refused.
  seen.userId = undefined;
  const remembered = new grpc.Metadata();
  remembered.set(METADATA_USER_ID, 'u-2');
  remembered.set(METADATA_CALLER_ASSERTION, await ours.sign({ userId: 'u-1', audience: AuthService.typeName }));
  assert.equal(
    (await rawCall(remembered))?.code,
    grpc.status.UNAUTHENTICATED,
    'x-user-id must name the asserted user, a remembered one too',
  );
  assert.equal(seen.userId, undefined, 'the handler never ran');
});

test('a handler sees its caller give up: the signal aborts when the deadline passes', async () => {
  seen.aborted = undefined;
  await assert.rejects(
    client.sendCellphoneCode({ cellphone: 'hang' }, { timeoutMs: 100 }),
    (error: DomainError) => error.codes[0] === 'EXC_SERVICE_TIMEOUT',
  );
  for (let i = 0; i < 100 && seen.aborted === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(seen.aborted instanceof DomainError);
  assert.deepEqual((seen.aborted as DomainError).codes, ['EXC_SERVICE_TIMEOUT']);
});

test('a domain error crosses the wire with all its codes', async () => {
  await assert.rejects(client.sendCellphoneCode({ cellphone: 'bad' }), (error: unknown) => {
    assert.ok(error instanceof DomainError);
    assert.deepEqual(error.codes, [
      'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
      'EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED',
    ]);
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
