// The scheduled purge: what no rule needs any more is deleted, and nothing a rule still needs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { createLogger } from '@darmankar/platform/log';
import type { TestDatabase } from '@darmankar/platform/testing';
import { CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import type { Database } from '../src/db/client.ts';
import { Purge } from '../src/domain/purge.ts';
import { loadAccessTokenSigner } from '../src/domain/signing-keys.ts';
import {
  createAuthTestDatabase,
  eventually,
  inspect,
  latestCode,
  login,
  newCellphone,
  rejectsWith,
  startTestAuth,
  testClock,
} from './helpers.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const REFRESH_TTL_SECONDS = 7 * 24 * 3600;

let database: TestDatabase;
let db: Database;

before(async () => {
  database = await createAuthTestDatabase();
  db = inspect(database);
});
after(async () => {
  await db.$disconnect();
  await database.drop();
});

test('deletes expired codes, lockouts, spent refresh tokens, old verifications and long-ended sessions, keeping what rules still count', async () => {
  // Half past an hour, so the SMS of this test fall in one hourly count.
  const clock = testClock(Math.floor(Date.now() / HOUR) * HOUR + HOUR / 2);
  const auth = await startTestAuth(
    database,
    {
      CELLPHONE_CODE_RESEND_SECONDS: '0',
      REFRESH_TOKEN_TTL_SECONDS: String(REFRESH_TTL_SECONDS),
      CELLPHONE_CODE_DAILY_LIMIT: '2',
    },
    { clock },
  );
  try {
    const cellphone = newCellphone();
    // A used code, an exhausted code (and its lockout) and a rotated token.
    const { user, session } = await login(auth.client, cellphone);
    await auth.client.sendCellphoneCode({ cellphone, purpose: CodePurpose.LOGIN }, { clientAddress: '203.0.113.9' });
    const code = await latestCode(auth.client, cellphone);
    for (let i = 0; i < 5; i++)
      await auth.client
        .verifyCellphoneCode(
          { cellphone, code: code === '000000' ? '111111' : '000000', purpose: CodePurpose.LOGIN },
          { clientAddress: '203.0.113.9' },
        )
        .catch(() => {});
    const { session: live } = await auth.client.refreshSession({ refreshToken: session!.refreshToken });
    // A logged-out session and a pending email verification.
    const gone = await login(auth.client, newCellphone());
    await auth.client.logout({ refreshToken: gone.session!.refreshToken });
    await auth.client.sendEmailVerification({ email: `purge.${Date.now()}@example.com` }, { userId: user!.id });

    // Within the day everything the daily budgets count stays; the SMS count of an hour long past goes.
    clock.advance(DAY - 1);
    const early = await auth.service.purge();
    assert.deepEqual([early.cellphoneCodes, early.lockouts, early.emailVerifications, early.sessions], [0, 0, 0, 0]);
    assert.equal(early.smsHourlyCounts, 1);
    await rejectsWith(
      auth.client.sendCellphoneCode({ cellphone, purpose: CodePurpose.LOGIN }),
      'EXC_AUTHENTICATION_CODE_DAILY_LIMIT',
    );

    clock.advance(1);
    const afterDay = await auth.service.purge();
    assert.equal(afterDay.cellphoneCodes, 3, "both numbers' codes");
    assert.equal(await db.cellphoneCode.count({ where: { cellphone } }), 0);
    assert.equal(await db.cellphoneCodeAttempts.count(), 0, 'attempts go with their codes');
    assert.equal(afterDay.lockouts, 1);
    assert.equal(afterDay.emailVerifications, 1, 'expired after its 24 h');
    assert.equal(
      afterDay.refreshTokens,
      0,
      'a rotated token is kept until it expires: presenting it again is how theft is seen',
    );

    // Keep the live session alive past the old tokens' expiry.
    clock.advance(REFRESH_TTL_SECONDS * 1000 - DAY - HOUR);
    const { session: renewed } = await auth.client.refreshSession({ refreshToken: live!.refreshToken });
    clock.advance(HOUR);
    const afterLifetime = await auth.service.purge();
    assert.equal(
      afterLifetime.refreshTokens,
      3,
      "the login's first token, its first successor and the logged-out session's token",
    );
    assert.equal(afterLifetime.sessions, 1, 'the session logged out more than a refresh lifetime ago');
    assert.equal(await db.session.count({ where: { id: String(decodeJwt(gone.session!.accessToken).sid) } }), 0);
    assert.ok(
      (await auth.client.refreshSession({ refreshToken: renewed!.refreshToken })).session,
      'the live session is untouched',
    );
    assert.equal(await db.session.count({ where: { id: String(decodeJwt(session!.accessToken).sid) } }), 1);
  } finally {
    await auth.stop();
  }
});

test('runs on its interval', async () => {
  const clock = testClock();
  const log = createLogger('purge-test', 'silent');
  const signer = await loadAccessTokenSigner(
    db,
    { ttlSeconds: 900, rotationDays: 30, encryptionSecret: 'darmankar-development-signing-key-encryption-secret' },
    clock,
    log,
  );
  const stale = await db.cellphoneCode.create({
    data: {
      cellphone: newCellphone(),
      purpose: 'LOGIN',
      codeHash: 'x',
      expiresAt: new Date(clock() - DAY),
      createdAt: new Date(clock() - 2 * DAY),
    },
  });
  const schedule = new Purge(db, signer, { refreshTokenTtlSeconds: REFRESH_TTL_SECONDS }, clock, log).schedule(20);
  try {
    await eventually(
      async () => (await db.cellphoneCode.count({ where: { id: stale.id } })) === 0,
      'the scheduled purge deleted the stale code',
    );
  } finally {
    await schedule.stop();
  }
});
