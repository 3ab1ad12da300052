// The budgets around one-time codes: wrong guesses per code and client address, the lockout
// that follows used-up guesses, the daily cap per cellphone, the global SMS budget, and no
// SMS once the caller has given up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { SmsMessage, SmsSender } from '@darmankar/platform/messaging';
import type { TestDatabase } from '@darmankar/platform/testing';
import { CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import type { Database } from '../src/db/client.ts';
import { sendLockKey } from '../src/domain/cellphone-codes.ts';
import { clientKey, UNKNOWN_CLIENT } from '../src/domain/client-address.ts';
import {
  captureLog,
  createAuthTestDatabase,
  eventually,
  inspect,
  latestCode,
  newCellphone,
  rejectsWith,
  startTestAuth,
  testClock,
  type AuthClient,
} from './helpers.ts';

const LOGIN = CodePurpose.LOGIN;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OWNER = '198.51.100.20';
const STRANGER = '203.0.113.7';

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

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** Five wrong guesses from `client`: the last one uses up its attempts. */
async function exhaust(client: AuthClient, cellphone: string, code: string, clientAddress: string) {
  for (let i = 0; i < 4; i++) {
    await rejectsWith(
      client.verifyCellphoneCode({ cellphone, code: wrongFor(code), purpose: LOGIN }, { clientAddress }),
      'EXC_AUTHENTICATION_CODE_IS_INVALID',
    );
  }
  await rejectsWith(
    client.verifyCellphoneCode({ cellphone, code: wrongFor(code), purpose: LOGIN }, { clientAddress }),
    'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
  );
}

describe('client addresses as budget keys', () => {
  test('IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64, anything else one shared key', () => {
    assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:0db8:0001:0002:bbbb:0:0:2'), '2001:db8:1:2::/64');
    assert.notEqual(clientKey('2001:db8:1:3::1'), clientKey('2001:db8:1:2::1'));
    for (const junk of [undefined, '', 'localhost', '999.1.1.1', '203.0.113.7, 10.0.0.1'])
      assert.equal(clientKey(junk), UNKNOWN_CLIENT, String(junk));
  });
});

describe('wrong guesses and lockouts, per client address', () => {
  test("a stranger who uses up his guesses neither spends nor locks the owner's; the lockout grows 15 min, 1 h, 24 h within a day", async () => {
    const clock = testClock();
    const auth = await startTestAuth(
      database,
      { CELLPHONE_CODE_RESEND_SECONDS: '0', CELLPHONE_CODE_TTL_SECONDS: String(3 * 24 * 3600) },
      { clock },
    );
    try {
      const cellphone = newCellphone();
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: OWNER });
      const code = await latestCode(auth.client, cellphone);

      await exhaust(auth.client, cellphone, code, STRANGER);
      // Even the right code is refused to him now, and he may not ask for another.
      await rejectsWith(
        auth.client.verifyCellphoneCode({ cellphone, code, purpose: LOGIN }, { clientAddress: STRANGER }),
        'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
      );
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: STRANGER }),
        'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
      );
      // The owner still has all five of his guesses on the same code.
      for (let i = 0; i < 4; i++) {
        await rejectsWith(
          auth.client.verifyCellphoneCode(
            { cellphone, code: wrongFor(code), purpose: LOGIN },
            { clientAddress: OWNER },
          ),
          'EXC_AUTHENTICATION_CODE_IS_INVALID',
        );
      }
      const verified = await auth.client.verifyCellphoneCode(
        { cellphone, code, purpose: LOGIN },
        { clientAddress: OWNER },
      );
      assert.equal(verified.user!.cellphone, cellphone);

      // First lockout: 15 minutes.
      clock.advance(15 * MINUTE - 1);
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: STRANGER }),
        'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
      );
      clock.advance(1);
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: STRANGER });
      // Second within the day: one hour; on a fresh code, and before he tries it, the lock refuses him.
      await exhaust(auth.client, cellphone, await latestCode(auth.client, cellphone), STRANGER);
      clock.advance(HOUR - 1);
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: STRANGER }),
        'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
      );
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: OWNER });
      await rejectsWith(
        auth.client.verifyCellphoneCode(
          { cellphone, code: await latestCode(auth.client, cellphone), purpose: LOGIN },
          { clientAddress: STRANGER },
        ),
        'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
      );
      clock.advance(1);
      // Third: a day; the owner meanwhile logs in as usual.
      await exhaust(auth.client, cellphone, await latestCode(auth.client, cellphone), STRANGER);
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: OWNER });
      assert.ok(
        (
          await auth.client.verifyCellphoneCode(
            { cellphone, code: await latestCode(auth.client, cellphone), purpose: LOGIN },
            { clientAddress: OWNER },
          )
        ).session,
      );
      clock.advance(24 * HOUR - 1);
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: STRANGER }),
        'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
      );
      clock.advance(1);
      // A day after the last lockout began, the count starts over: 15 minutes again.
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: STRANGER });
      await exhaust(auth.client, cellphone, await latestCode(auth.client, cellphone), STRANGER);
      clock.advance(15 * MINUTE);
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: STRANGER });

      const lockouts = await db.cellphoneLockout.findMany({ where: { cellphone }, orderBy: { createdAt: 'asc' } });
      assert.deepEqual(
        lockouts.map((l) => (l.lockedUntil.getTime() - l.createdAt.getTime()) / 1000),
        [900, 3600, 86400, 900],
      );
      assert.deepEqual(new Set(lockouts.map((l) => l.clientAddress)), new Set([STRANGER]));
    } finally {
      await auth.stop();
    }
  });

  test('addresses in one IPv6 /64 share one budget', async () => {
    const auth = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const cellphone = newCellphone();
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      const code = await latestCode(auth.client, cellphone);
      for (let i = 0; i < 4; i++) {
        await rejectsWith(
          auth.client.verifyCellphoneCode(
            { cellphone, code: wrongFor(code), purpose: LOGIN },
            { clientAddress: `2001:db8:5:6::${i + 1}` },
          ),
          'EXC_AUTHENTICATION_CODE_IS_INVALID',
        );
      }
      await rejectsWith(
        auth.client.verifyCellphoneCode(
          { cellphone, code: wrongFor(code), purpose: LOGIN },
          { clientAddress: '2001:db8:5:6:ffff::9' },
        ),
        'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
      );
      assert.ok(
        (
          await auth.client.verifyCellphoneCode(
            { cellphone, code, purpose: LOGIN },
            { clientAddress: '2001:db8:5:7::1' },
          )
        ).session,
        'the next /64 is someone else',
      );
    } finally {
      await auth.stop();
    }
  });
});

describe('daily cap per cellphone', () => {
  test('CELLPHONE_CODE_DAILY_LIMIT codes in any 24 hours, whatever the address; then EXC_AUTHENTICATION_CODE_DAILY_LIMIT until a day has passed', async () => {
    const clock = testClock();
    const auth = await startTestAuth(
      database,
      { CELLPHONE_CODE_RESEND_SECONDS: '0', CELLPHONE_CODE_DAILY_LIMIT: '3' },
      { clock },
    );
    try {
      const cellphone = newCellphone();
      for (let i = 0; i < 3; i++) {
        await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: `192.0.2.${i + 1}` });
        clock.advance(HOUR);
      }
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { clientAddress: '192.0.2.99' }),
        'EXC_AUTHENTICATION_CODE_DAILY_LIMIT',
      );
      assert.equal((await auth.client.listDevOutbox({ to: cellphone })).messages.length, 3);
      // 24 hours after the first send, one more is allowed.
      clock.advance(21 * HOUR - 1);
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_DAILY_LIMIT',
      );
      clock.advance(1);
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }),
        'EXC_AUTHENTICATION_CODE_DAILY_LIMIT',
      );
      // Other numbers are not affected.
      await auth.client.sendCellphoneCode({ cellphone: newCellphone(), purpose: LOGIN });
    } finally {
      await auth.stop();
    }
  });
});

describe('global SMS budget', () => {
  test('past SMS_HOURLY_BUDGET sends are refused until the next hour, with one error-level alert per trip', async () => {
    // An hour of its own: the other tests' SMS count against the hours they were sent in.
    const clock = testClock(Math.floor(Date.now() / HOUR) * HOUR + 1000 * HOUR + MINUTE);
    const captured = captureLog('warn');
    const auth = await startTestAuth(
      database,
      { SMS_HOURLY_BUDGET: '3', CELLPHONE_CODE_RESEND_SECONDS: '0' },
      { clock, log: captured.log },
    );
    const alerts = () => captured.lines.filter((line) => line.alert === 'sms-budget-exhausted');
    try {
      const phones = Array.from({ length: 6 }, () => newCellphone());
      for (const cellphone of phones.slice(0, 3)) await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      for (const cellphone of phones.slice(3)) {
        await rejectsWith(
          auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }),
          'EXC_AUTHENTICATION_SMS_PAUSED',
        );
        assert.deepEqual(
          (await auth.client.listDevOutbox({ to: cellphone })).messages,
          [],
          'nothing reached the provider',
        );
      }
      assert.equal(alerts().length, 1);
      assert.equal(alerts()[0]!.level, 50, 'logged at error level');
      assert.equal(alerts()[0]!.budgetPerHour, 3);

      // The next hour the breaker closes; the refused numbers have no cooldown left behind.
      clock.advance(HOUR);
      for (const cellphone of phones.slice(3)) await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone: newCellphone(), purpose: LOGIN }),
        'EXC_AUTHENTICATION_SMS_PAUSED',
      );
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone: newCellphone(), purpose: LOGIN }),
        'EXC_AUTHENTICATION_SMS_PAUSED',
      );
      assert.equal(alerts().length, 2, 'one alert for the second trip');
    } finally {
      await auth.stop();
    }
  });
});

describe('deadlines', () => {
  test("no SMS is sent when the caller's deadline passed while the send waited", async () => {
    const sent: string[] = [];
    const recording: SmsSender = {
      async send(message: SmsMessage) {
        sent.push(message.to);
      },
    };
    const captured = captureLog('info');
    const auth = await startTestAuth(
      database,
      { CELLPHONE_CODE_RESEND_SECONDS: '120' },
      { sms: recording, log: captured.log },
    );
    // Another session holds the lock every send to this cellphone takes, as a slow parallel send would.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      const cellphone = newCellphone();
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [sendLockKey(cellphone)]);
      await rejectsWith(
        auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN }, { timeoutMs: 300 }),
        'EXC_SERVICE_TIMEOUT',
      );
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [sendLockKey(cellphone)]);
      await eventually(
        () => captured.lines.some((line) => line.msg === 'call finished after its caller gave up'),
        'the abandoned call finished',
      );

      assert.deepEqual(sent, [], 'no SMS after the caller gave up');
      assert.equal(await db.cellphoneCode.count({ where: { cellphone } }), 0, 'the unsent code was dropped');
      // So its cooldown does not block the retry.
      await auth.client.sendCellphoneCode({ cellphone, purpose: LOGIN });
      assert.deepEqual(sent, [cellphone]);
    } finally {
      await holder.end();
      await auth.stop();
    }
  });
});
