import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fromBinary } from '@bufbuild/protobuf';
import type { TestDatabase } from '@darmankar/platform/testing';
import { CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import { UserCellphoneChangedSchema } from '@darmankar/proto/auth/v1/events_pb';
import type { Database } from '../src/db/client.ts';
import { decodeJwt } from 'jose';
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

const CHANGE = CodePurpose.CHANGE_CELLPHONE;

describe('changing the cellphone', () => {
  test('the code goes to the new number; verifying moves the account there and publishes UserCellphoneChanged', async () => {
    const old = newCellphone();
    const { user } = await login(auth.client, old);
    const fresh = newCellphone();
    const sent = await auth.client.sendCellphoneCode({ cellphone: fresh, purpose: CHANGE }, { userId: user!.id });
    assert.equal(sent.cellphone, fresh);
    const [message] = (await auth.client.listDevOutbox({ to: fresh })).messages;
    assert.equal(message!.text, `کد تأیید شمارهٔ موبایل جدید شما در درمانکار: ${message!.code}`);

    const verified = await auth.client.verifyCellphoneCode(
      { cellphone: fresh, code: message!.code, purpose: CHANGE },
      { userId: user!.id },
    );
    assert.equal(verified.user!.id, user!.id);
    assert.equal(verified.user!.cellphone, fresh);
    assert.equal(verified.session, undefined, 'a cellphone change opens no session');
    assert.equal((await auth.client.getCellphone({}, { userId: user!.id })).cellphone, fresh);

    const rows = await db.$queryRawUnsafe<{ type: string; payload: Buffer }[]>(
      `SELECT type, payload FROM outbox WHERE key = $1 ORDER BY seq`,
      user!.id,
    );
    assert.deepEqual(
      rows.map((r) => r.type),
      ['darmankar.auth.v1.UserRegistered', 'darmankar.auth.v1.UserCellphoneChanged'],
    );
    const event = fromBinary(UserCellphoneChangedSchema, new Uint8Array(rows[1]!.payload));
    assert.deepEqual([event.userId, event.oldCellphone, event.newCellphone], [user!.id, old, fresh]);

    // The old number is free again: logging in with it creates a new account.
    const quick = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const other = await login(quick.client, old);
      assert.equal(other.user!.isNew, true);
      assert.notEqual(other.user!.id, user!.id);
    } finally {
      await quick.stop();
    }
  });

  test("ends the user's other sessions, keeps the caller's, answers their ids and tells the old number by SMS", async () => {
    const clock = testClock();
    const quick = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' }, { clock });
    try {
      const old = newCellphone();
      const here = await login(quick.client, old);
      const lostPhone = await login(quick.client, old);
      const laptop = await login(quick.client, old);
      const userId = here.user!.id;
      const sid = (session: { accessToken: string }) => String(decodeJwt(session.accessToken).sid);
      const otherUser = await login(quick.client, newCellphone());

      const fresh = newCellphone();
      await quick.client.sendCellphoneCode({ cellphone: fresh, purpose: CHANGE }, { userId });
      const code = await latestCode(quick.client, fresh);
      const verified = await quick.client.verifyCellphoneCode(
        { cellphone: fresh, code, purpose: CHANGE, currentSessionId: sid(here.session!) },
        { userId },
      );

      assert.deepEqual([...verified.endedSessionIds].sort(), [sid(lostPhone.session!), sid(laptop.session!)].sort());
      assert.equal(
        verified.accessTokensValidUntilMs,
        BigInt(clock() + 900_000),
        'access tokens signed until now live 900 s more',
      );
      for (const ended of [lostPhone, laptop]) {
        await rejectsWith(
          quick.client.refreshSession({ refreshToken: ended.session!.refreshToken }),
          'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
        );
        assert.equal(
          (await db.session.findUniqueOrThrow({ where: { id: sid(ended.session!) } })).revokedReason,
          'cellphone-change',
        );
      }
      assert.ok(
        (await quick.client.refreshSession({ refreshToken: here.session!.refreshToken })).session,
        'the caller stays logged in',
      );
      assert.ok(
        (await quick.client.refreshSession({ refreshToken: otherUser.session!.refreshToken })).session,
        'other users are untouched',
      );

      const [notice] = (await quick.client.listDevOutbox({ to: old })).messages;
      assert.equal(notice!.code, '');
      assert.equal(
        notice!.text,
        `شمارهٔ موبایل حساب درمانکار شما به شماره‌ای که به ${fresh.slice(-4)} ختم می‌شود تغییر کرد. اگر این کار شما نبوده است، با پشتیبانی درمانکار تماس بگیرید.`,
      );
    } finally {
      await quick.stop();
    }
  });

  test("without the caller's session id every session of the user ends", async () => {
    const quick = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const { user, session } = await login(quick.client, newCellphone());
      const fresh = newCellphone();
      await quick.client.sendCellphoneCode({ cellphone: fresh, purpose: CHANGE }, { userId: user!.id });
      const code = await latestCode(quick.client, fresh);
      const verified = await quick.client.verifyCellphoneCode(
        { cellphone: fresh, code, purpose: CHANGE },
        { userId: user!.id },
      );
      assert.deepEqual(verified.endedSessionIds, [String(decodeJwt(session!.accessToken).sid)]);
    } finally {
      await quick.stop();
    }
  });

  test('needs a caller: EXC_AUTHENTICATION_REQUIRED on send and on verify', async () => {
    await rejectsWith(
      auth.client.sendCellphoneCode({ cellphone: newCellphone(), purpose: CHANGE }),
      'EXC_AUTHENTICATION_REQUIRED',
    );
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: newCellphone(), code: '123456', purpose: CHANGE }),
      'EXC_AUTHENTICATION_REQUIRED',
    );
  });

  test('the same number is EXC_AUTHENTICATION_CELLPHONE_IS_SAME', async () => {
    const cellphone = newCellphone();
    const { user } = await login(auth.client, cellphone);
    await rejectsWith(
      auth.client.sendCellphoneCode({ cellphone: `+98${cellphone.slice(1)}`, purpose: CHANGE }, { userId: user!.id }),
      'EXC_AUTHENTICATION_CELLPHONE_IS_SAME',
    );
  });

  test('a number owned by another user is EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN', async () => {
    const { user } = await login(auth.client, newCellphone());
    const taken = newCellphone();
    await login(auth.client, taken);
    await rejectsWith(
      auth.client.sendCellphoneCode({ cellphone: taken, purpose: CHANGE }, { userId: user!.id }),
      'EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN',
    );
  });

  test('a number taken after the code was sent is refused at verify', async () => {
    const { user } = await login(auth.client, newCellphone());
    const contested = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone: contested, purpose: CHANGE }, { userId: user!.id });
    const code = await latestCode(auth.client, contested);
    await login(auth.client, contested);
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: contested, code, purpose: CHANGE }, { userId: user!.id }),
      'EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN',
    );
  });

  test('a change code is bound to the user who asked for it and is no login code', async () => {
    const asker = await login(auth.client, newCellphone());
    const other = await login(auth.client, newCellphone());
    const target = newCellphone();
    await auth.client.sendCellphoneCode({ cellphone: target, purpose: CHANGE }, { userId: asker.user!.id });
    const code = await latestCode(auth.client, target);
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: target, code, purpose: CHANGE }, { userId: other.user!.id }),
      'EXC_AUTHENTICATION_CODE_IS_INVALID',
    );
    await rejectsWith(
      auth.client.verifyCellphoneCode({ cellphone: target, code, purpose: CodePurpose.LOGIN }),
      'EXC_AUTHENTICATION_CODE_IS_INVALID',
    );
    assert.equal(
      (await auth.client.verifyCellphoneCode({ cellphone: target, code, purpose: CHANGE }, { userId: asker.user!.id }))
        .user!.cellphone,
      target,
    );
  });
});
