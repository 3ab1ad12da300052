import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { fromBinary } from '@bufbuild/protobuf';
import type { TestDatabase } from '@darmankar/platform/testing';
import { CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import { UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../src/domain/signing-keys.ts';
import type { Database } from '../src/db/client.ts';
import {
  createAuthTestDatabase,
  inspect,
  latestCode,
  login,
  newCellphone,
  rejectsWith,
  startTestAuth,
  testClock,
  type TestAuth,
} from './helpers.ts';

let database: TestDatabase;
let db: Database;
let auth: TestAuth;

before(async () => {
  database = await createAuthTestDatabase();
  db = inspect(database);
  auth = await startTestAuth(database);
});
after(async () => {
  await auth.stop();
  await db.$disconnect();
  await database.drop();
});

const LOGIN = CodePurpose.LOGIN;

describe('login by one-time code', () => {
  test('a new cellphone logs in end to end and gets tokens that verify against the JWKS', async () => {
    const cellphone = newCellphone();
    const sent = await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    assert.equal(sent.cellphone, cellphone);
    assert.equal(sent.expiresInSeconds, 180);
    assert.equal(sent.resendAfterSeconds, 120);

    const { messages } = await auth.client.listDevOutbox({ to: cellphone });
    assert.equal(messages.length, 1);
    assert.equal(messages[0]!.channel, 'sms');
    assert.match(messages[0]!.code, /^\d{6}$/);
    assert.equal(messages[0]!.text, `کد ورود شما به درمانکار: ${messages[0]!.code}`);

    const verified = await auth.client.verifyCellphoneCode({
      cellphone,
      code: messages[0]!.code,
      purpose: LOGIN,
      userAgent: 'Firefox',
    });
    assert.equal(verified.user?.cellphone, cellphone);
    assert.equal(verified.user?.isNew, true);
    const session = verified.session!;
    const [sessionId, secret] = session.refreshToken.split('.');
    assert.match(sessionId!, /^[0-9a-f-]{36}$/);
    assert.match(secret!, /^[A-Za-z0-9_-]{43}$/);
    assert.ok(session.accessExpiresAtMs > BigInt(Date.now()));
    assert.ok(session.refreshExpiresAtMs > BigInt(Date.now() + 29 * 24 * 3600 * 1000));

    const { jwksJson } = await auth.client.getSigningKeys({});
    const jwks = JSON.parse(jwksJson);
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0].d, undefined, 'the JWKS must not carry the private key');
    const { payload, protectedHeader } = await jwtVerify(session.accessToken, createLocalJWKSet(jwks), {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      algorithms: ['EdDSA'],
    });
    assert.equal(protectedHeader.alg, 'EdDSA');
    assert.equal(payload.aud, 'darmankar-api');
    assert.equal(payload.sub, verified.user!.id);
    assert.equal(protectedHeader.kid, jwks.keys[0].kid);
    assert.equal(payload.sid, sessionId, 'the refresh token names the session the access token belongs to');
    assert.ok(Math.abs(payload.exp! * 1000 - Number(session.accessExpiresAtMs)) < 1000);
    assert.ok(payload.exp! - payload.iat! === 900);

    assert.equal((await auth.client.getCellphone({}, { userId: verified.user!.id })).cellphone, cellphone);
    const email = await auth.client.getEmail({}, { userId: verified.user!.id });
    assert.deepEqual([email.email, email.verified], ['', false]);
  });

  test('a new user is announced with UserRegistered in the outbox, keyed by user id', async () => {
    const cellphone = newCellphone();
    const { user } = await login(auth.client, cellphone);
    const rows = await db.$queryRawUnsafe<{ topic: string; key: string; type: string; payload: Buffer }[]>(
      `SELECT topic, key, type, payload FROM outbox WHERE key = $1`,
      user!.id,
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.topic, 'auth.user.v1');
    assert.equal(rows[0]!.type, 'darmankar.auth.v1.UserRegistered');
    const event = fromBinary(UserRegisteredSchema, new Uint8Array(rows[0]!.payload));
    assert.equal(event.userId, user!.id);
    assert.equal(event.cellphone, cellphone);
    assert.ok(event.meta?.eventId);
  });

  test('a returning user logs in to the same account, isNew false, and no second event', async () => {
    const cellphone = newCellphone();
    const first = await login(auth.client, cellphone);
    const again = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const second = await login(again.client, cellphone);
      assert.equal(second.user!.id, first.user!.id);
      assert.equal(second.user!.isNew, false);
      assert.notEqual(second.session!.refreshToken, first.session!.refreshToken);
    } finally {
      await again.stop();
    }
    const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM outbox WHERE key = $1`,
      first.user!.id,
    );
    assert.equal(Number(rows[0]!.n), 1);
  });

  test('Persian digits, +98 and 0098 are accepted and normalised', async () => {
    const cellphone = newCellphone();
    const persian = cellphone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const sent = await auth.client.sendCellphoneCode({ cellphone: persian, purpose: LOGIN });
    assert.equal(sent.cellphone, cellphone);
    const code = await latestCode(auth.client, `+98${cellphone.slice(1)}`);
    const persianCode = code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const verified = await auth.client.verifyCellphoneCode({
      cellphone: `0098${cellphone.slice(1)}`,
      code: persianCode,
      purpose: LOGIN,
    });
    assert.equal(verified.user!.cellphone, cellphone);
  });
});

describe('bad input on send and verify', () => {
  for (const [label, cellphone] of [
    ['letters', '0912abc4567'],
    ['too short', '0912123'],
    ['wrong prefix', '02112345678'],
    ['too long', '091212345678'],
  ] as const) {
    test(`a cellphone with ${label} is EXC_AUTHENTICATION_CELLPHONE_IS_INVALID`, async () => {
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
      );
      await rejectsWith(
        auth.client.verifyCellphoneCode({ cellphone, code: '123456', purpose: LOGIN }),
        'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
      );
    });
  }

  test('an empty cellphone is EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED', async () => {
    await rejectsWith(
      auth.client.sendCellphoneCode({ cellphone: '  ', purpose: LOGIN }),
      'EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED',
    );
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: '', code: '123456', purpose: LOGIN }),
      'EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED',
    );
  });

  test('an empty code is EXC_AUTHENTICATION_CODE_IS_REQUIRED', async () => {
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: newCellphone(), code: ' ', purpose: LOGIN }),
      'EXC_AUTHENTICATION_CODE_IS_REQUIRED',
    );
  });

  test('a code that is not six digits is EXC_AUTHENTICATION_CODE_IS_INVALID and takes no attempt', async () => {
    const cellphone = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    const code = await latestCode(auth.client, cellphone);
    for (const malformed of [
      '12345',
      '1234567',
      '12a456',
      '12 456',
      '-12345',
      '１２３４５６',
      `${code}0`,
      code.slice(1),
    ]) {
      await rejectsWith(
        auth.client.verifyCellphoneCode({ cellphone, code: malformed, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_IS_INVALID',
      );
    }
    assert.equal(
      await db.cellphoneCodeAttempts.count({ where: { code: { cellphone } } }),
      0,
      'malformed codes never reach the guess counter',
    );
    assert.equal(
      (await auth.client.verifyCellphoneCode({ cellphone, code: ` ${code} `, purpose: LOGIN })).user!.cellphone,
      cellphone,
    );
  });

  test('an unspecified or unknown purpose (next) is EXC_AUTHENTICATION_NEXT_IS_INVALID', async () => {
    await rejectsWith(
      auth.client.sendCellphoneCode({ cellphone: newCellphone(), purpose: CodePurpose.UNSPECIFIED }),
      'EXC_AUTHENTICATION_NEXT_IS_INVALID',
    );
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: newCellphone(), code: '123456', purpose: 7 as CodePurpose }),
      'EXC_AUTHENTICATION_NEXT_IS_INVALID',
    );
  });

  test('a code for a cellphone that was never sent one is EXC_AUTHENTICATION_CODE_IS_INVALID', async () => {
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: newCellphone(), code: '123456', purpose: LOGIN }),
      'EXC_AUTHENTICATION_CODE_IS_INVALID',
    );
  });

  test('asking again within the cooldown is EXC_AUTHENTICATION_CODE_ALREADY_SENT and sends nothing', async () => {
    const cellphone = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    await rejectsWith(
      auth.client.sendCellphoneCode({ cellphone: `+98${cellphone.slice(1)}`, purpose: LOGIN }),
      'EXC_AUTHENTICATION_CODE_ALREADY_SENT',
    );
    assert.equal((await auth.client.listDevOutbox({ to: cellphone })).messages.length, 1);
  });

  test('parallel sends to one cellphone send exactly one code', async () => {
    const cellphone = newCellphone();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.equal((await auth.client.listDevOutbox({ to: cellphone })).messages.length, 1);
  });

  test('a used code cannot be used again', async () => {
    const cellphone = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    const code = await latestCode(auth.client, cellphone);
    await auth.client.verifyCellphoneCode({ cellphone, code, purpose: LOGIN });
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone, code, purpose: LOGIN }),
      'EXC_AUTHENTICATION_CODE_IS_INVALID',
    );
  });

  test('five wrong guesses kill the code: the fifth and every later try, even the right code, are ATTEMPTS_EXCEEDED', async () => {
    const cellphone = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    const code = await latestCode(auth.client, cellphone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      await rejectsWith(
        auth.client.verifyCellphoneCode({ cellphone, code: wrong, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_IS_INVALID',
      );
    }
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone, code: wrong, purpose: LOGIN }),
      'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
    );
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone, code, purpose: LOGIN }),
      'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
    );
  });

  test('four wrong guesses still leave the right code working', async () => {
    const cellphone = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    const code = await latestCode(auth.client, cellphone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      await rejectsWith(
        auth.client.verifyCellphoneCode({ cellphone, code: wrong, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_IS_INVALID',
      );
    const verified = await auth.client.verifyCellphoneCode({ cellphone, code, purpose: LOGIN });
    assert.equal(verified.user!.cellphone, cellphone);
  });

  test('parallel wrong guesses never get more than five tries', async () => {
    const cellphone = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    const code = await latestCode(auth.client, cellphone);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.allSettled(
      Array.from({ length: 20 }, () => auth.client.verifyCellphoneCode({ cellphone, code: wrong, purpose: LOGIN })),
    );
    const [row] = await db.cellphoneCode.findMany({ where: { cellphone }, include: { attempts: true } });
    assert.deepEqual(
      row!.attempts.map((a) => a.attempts),
      [5],
    );
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone, code, purpose: LOGIN }),
      'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
    );
  });

  test('codes are stored only as a keyed hash', async () => {
    const cellphone = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
    const code = await latestCode(auth.client, cellphone);
    const [row] = await db.cellphoneCode.findMany({ where: { cellphone } });
    assert.ok(!row!.codeHash.includes(code));
    assert.equal(row!.codeHash.length, 43);
  });
});

describe('short durations', () => {
  test('an expired code is EXC_AUTHENTICATION_CODE_IS_EXPIRED, and the cooldown ends on time', async () => {
    const clock = testClock();
    const quick = await startTestAuth(
      database,
      { CELLPHONE_CODE_TTL_SECONDS: '60', CELLPHONE_CODE_RESEND_SECONDS: '30' },
      { clock },
    );
    try {
      const cellphone = newCellphone();
      const sent = await quick.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      assert.deepEqual([sent.expiresInSeconds, sent.resendAfterSeconds], [60, 30]);
      const code = await latestCode(quick.client, cellphone);
      clock.advance(29_999);
      await rejectsWith(
        quick.client.sendCellphoneCode({ cellphone, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_ALREADY_SENT',
      );
      clock.advance(29_999);
      // Still alive a few milliseconds before its end: a wrong guess is only wrong.
      await rejectsWith(
        quick.client.verifyCellphoneCode({ cellphone, code: code === '000000' ? '111111' : '000000', purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_IS_INVALID',
      );
      clock.advance(2);
      await rejectsWith(
        quick.client.verifyCellphoneCode({ cellphone, code, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_IS_EXPIRED',
      );
      await quick.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      const fresh = await latestCode(quick.client, cellphone);
      const verified = await quick.client.verifyCellphoneCode({ cellphone, code: fresh, purpose: LOGIN });
      assert.equal(verified.user!.cellphone, cellphone);
    } finally {
      await quick.stop();
    }
  });

  test('a newer code replaces the older one', async () => {
    const clock = testClock();
    const quick = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' }, { clock });
    try {
      const cellphone = newCellphone();
      await quick.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      const old = await latestCode(quick.client, cellphone);
      clock.advance(5);
      await quick.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      const fresh = await latestCode(quick.client, cellphone);
      if (old !== fresh)
        await rejectsWith(
          quick.client.verifyCellphoneCode({ cellphone, code: old, purpose: LOGIN }),
          'EXC_AUTHENTICATION_CODE_IS_INVALID',
        );
      assert.equal(
        (await quick.client.verifyCellphoneCode({ cellphone, code: fresh, purpose: LOGIN })).user!.cellphone,
        cellphone,
      );
    } finally {
      await quick.stop();
    }
  });
});

describe('calls that need a caller', () => {
  test('GetCellphone and GetEmail without a caller (or with a forged id) are EXC_AUTHENTICATION_REQUIRED', async () => {
    await rejectsWith(auth.client.getCellphone({}), 'EXC_AUTHENTICATION_REQUIRED');
    await rejectsWith(auth.client.getEmail({}), 'EXC_AUTHENTICATION_REQUIRED');
    await rejectsWith(auth.client.getCellphone({}, { userId: 'not-a-uuid' }), 'EXC_AUTHENTICATION_REQUIRED');
    await rejectsWith(
      auth.client.getCellphone({}, { userId: '00000000-0000-4000-8000-000000000000' }),
      'EXC_AUTHENTICATION_REQUIRED',
    );
  });
});

describe('development outbox', () => {
  test('lists newest first and refuses an address that is neither a cellphone nor an email', async () => {
    await rejectsWith(auth.client.listDevOutbox({ to: 'nobody' }), 'EXC_BAD_REQUEST');
    assert.deepEqual((await auth.client.listDevOutbox({ to: newCellphone() })).messages, []);
  });
});
