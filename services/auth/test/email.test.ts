import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { fromBinary } from '@bufbuild/protobuf';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestDatabase } from '@darmankar/platform/testing';
import { UserEmailVerifiedSchema } from '@darmankar/proto/auth/v1/events_pb';
import type { Database } from '../src/db/client.ts';
import {
  createAuthTestDatabase,
  inspect,
  login,
  newCellphone,
  rejectsWith,
  sleep,
  startTestAuth,
  testClock,
  type TestAuth,
} from './helpers.ts';

// A real SMTP server on loopback; every mail it accepts is parsed and kept here.
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort: number;

let database: TestDatabase;
let db: Database;
let auth: TestAuth;

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  database = await createAuthTestDatabase();
  db = inspect(database);
  auth = await startTestAuth(database, {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_WEB_URL: 'http://darmankar.test:3000',
  });
});
after(async () => {
  await auth.stop();
  await db.$disconnect();
  await database.drop();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function mailTo(address: string): Promise<ParsedMail> {
  for (let i = 0; i < 50; i++) {
    const mail = received.findLast((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address);
    if (mail) return mail;
    await sleep(20);
  }
  throw new Error(`no mail reached ${address}`);
}

/** The verification link in the mail's text, split into the parts the gateway route receives. */
function linkIn(mail: ParsedMail): { url: URL; email: string; code: string } {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  assert.ok(match, 'the mail carries a link');
  const url = new URL(match[0]);
  const path = /^\/api\/v1\/authentication\/email\/([^/]+)\/verify$/.exec(url.pathname);
  assert.ok(path, `unexpected link path ${url.pathname}`);
  return { url, email: decodeURIComponent(path[1]!), code: url.searchParams.get('code')! };
}

describe('email verification', () => {
  test('sends a Persian mail through SMTP whose link verifies the address and publishes UserEmailVerified', async () => {
    const { user } = await login(auth.client, newCellphone());
    const address = `Ali.${Date.now()}@Example.com`;
    const sent = await auth.client.sendEmailVerification({ email: ` ${address} ` }, { userId: user!.id });
    assert.equal(sent.expiresInSeconds, 24 * 3600);
    const pending = await auth.client.getEmail({}, { userId: user!.id });
    assert.deepEqual([pending.email, pending.verified], [address.toLowerCase(), false]);

    const mail = await mailTo(address.toLowerCase());
    assert.equal(mail.subject, 'تأیید ایمیل در درمانکار');
    assert.match(mail.html || '', /dir="rtl"/);
    const link = linkIn(mail);
    assert.equal(link.url.origin, 'http://darmankar.test:3000');
    assert.equal(link.email, address.toLowerCase());
    assert.match(link.code, /^[A-Za-z0-9_-]{43}$/);

    // The link works without the user's session: the code identifies them.
    const verified = await auth.client.verifyEmail({ email: link.email, code: link.code, slug: 'profile' });
    assert.deepEqual([verified.email, verified.slug], [address.toLowerCase(), 'profile']);
    const email = await auth.client.getEmail({}, { userId: user!.id });
    assert.deepEqual([email.email, email.verified], [address.toLowerCase(), true]);

    const rows = await db.$queryRawUnsafe<{ type: string; payload: Buffer }[]>(
      `SELECT type, payload FROM outbox WHERE key = $1 AND type = 'darmankar.auth.v1.UserEmailVerified'`,
      user!.id,
    );
    assert.equal(rows.length, 1);
    const event = fromBinary(UserEmailVerifiedSchema, new Uint8Array(rows[0]!.payload));
    assert.deepEqual([event.userId, event.email], [user!.id, address.toLowerCase()]);

    // A link works once.
    await rejectsWith(
      auth.client.verifyEmail({ email: link.email, code: link.code }),
      'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
    );
  });

  test('a wrong code, another address or a link for an address replaced since is EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID', async () => {
    const { user } = await login(auth.client, newCellphone());
    const first = `first.${Date.now()}@example.com`;
    const second = `second.${Date.now()}@example.com`;
    await auth.client.sendEmailVerification({ email: first }, { userId: user!.id });
    const firstLink = linkIn(await mailTo(first));
    await rejectsWith(
      auth.client.verifyEmail({ email: first, code: 'x'.repeat(43) }),
      'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
    );
    await rejectsWith(
      auth.client.verifyEmail({ email: second, code: firstLink.code }),
      'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
    );
    await auth.client.sendEmailVerification({ email: second }, { userId: user!.id });
    await rejectsWith(
      auth.client.verifyEmail({ email: first, code: firstLink.code }),
      'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
    );
    const secondLink = linkIn(await mailTo(second));
    await auth.client.verifyEmail({ email: secondLink.email, code: secondLink.code });
    assert.equal((await auth.client.getEmail({}, { userId: user!.id })).email, second);
  });

  test('an expired link is EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID', async () => {
    const clock = testClock();
    const quick = await startTestAuth(
      database,
      { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, CELLPHONE_CODE_RESEND_SECONDS: '0' },
      { clock },
    );
    try {
      const { user } = await login(quick.client, newCellphone());
      const address = `late.${Date.now()}@example.com`;
      await quick.client.sendEmailVerification({ email: address }, { userId: user!.id });
      const link = linkIn(await mailTo(address));
      clock.advance(24 * 3600_000);
      await rejectsWith(
        quick.client.verifyEmail({ email: link.email, code: link.code }),
        'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
      );
      assert.equal((await quick.client.getEmail({}, { userId: user!.id })).verified, false);
      // A millisecond earlier it still worked.
      await quick.client.sendEmailVerification({ email: address }, { userId: user!.id });
      const fresh = linkIn(await mailTo(address));
      assert.notEqual(fresh.code, link.code);
      clock.advance(24 * 3600_000 - 1);
      await quick.client.verifyEmail({ email: fresh.email, code: fresh.code });
      assert.equal((await quick.client.getEmail({}, { userId: user!.id })).verified, true);
    } finally {
      await quick.stop();
    }
  });

  test('bad input: no caller, empty or invalid email, empty code', async () => {
    const { user } = await login(auth.client, newCellphone());
    await rejectsWith(auth.client.sendEmailVerification({ email: 'a@example.com' }), 'EXC_AUTHENTICATION_REQUIRED');
    await rejectsWith(
      auth.client.sendEmailVerification({ email: ' ' }, { userId: user!.id }),
      'EXC_AUTHENTICATION_EMAIL_IS_REQUIRED',
    );
    for (const email of ['not-an-email', 'a@b', 'a b@example.com', '@example.com']) {
      await rejectsWith(
        auth.client.sendEmailVerification({ email }, { userId: user!.id }),
        'EXC_AUTHENTICATION_EMAIL_IS_INVALID',
      );
    }
    await rejectsWith(auth.client.verifyEmail({ email: '', code: 'abc' }), 'EXC_AUTHENTICATION_EMAIL_IS_REQUIRED');
    await rejectsWith(auth.client.verifyEmail({ email: 'nope', code: 'abc' }), 'EXC_AUTHENTICATION_EMAIL_IS_INVALID');
    await rejectsWith(
      auth.client.verifyEmail({ email: 'a@example.com', code: '' }),
      'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
    );
  });

  test('an SMTP server that refuses the mail is EXC_AUTHENTICATION_MESSAGE_NOT_SENT, and nothing is left behind', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const broken = await startTestAuth(database, {
      SMTP_URL: `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`,
      CELLPHONE_CODE_RESEND_SECONDS: '0',
    });
    try {
      const { user } = await login(broken.client, newCellphone());
      await rejectsWith(
        broken.client.sendEmailVerification({ email: 'refused@example.com' }, { userId: user!.id }),
        'EXC_AUTHENTICATION_MESSAGE_NOT_SENT',
      );
      assert.equal(await db.emailVerification.count({ where: { userId: user!.id } }), 0);
    } finally {
      await broken.stop();
      await new Promise<void>((resolve) => refusing.close(resolve));
    }
  });

  test('verification mails are limited per user and per address in any 24 hours: EXC_AUTHENTICATION_EMAIL_LIMIT_REACHED', async () => {
    const clock = testClock();
    const limited = await startTestAuth(
      database,
      {
        CELLPHONE_CODE_RESEND_SECONDS: '0',
        EMAIL_VERIFICATION_DAILY_LIMIT_PER_USER: '3',
        EMAIL_VERIFICATION_DAILY_LIMIT_PER_ADDRESS: '2',
      },
      { clock },
    );
    try {
      const mailsTo = async (address: string) => (await limited.client.listDevOutbox({ to: address })).messages.length;
      // Per user: three mails a day, to any addresses.
      const { user } = await login(limited.client, newCellphone());
      const userId = user!.id;
      const addresses = [1, 2, 3, 4].map((n) => `limit${n}.${Date.now()}@example.com`);
      for (const address of addresses.slice(0, 3))
        await limited.client.sendEmailVerification({ email: address }, { userId });
      await rejectsWith(
        limited.client.sendEmailVerification({ email: addresses[3]! }, { userId }),
        'EXC_AUTHENTICATION_EMAIL_LIMIT_REACHED',
      );
      assert.equal(await mailsTo(addresses[3]!), 0);

      // Per address: two mails a day, from any accounts.
      const victim = `victim.${Date.now()}@example.com`;
      for (let i = 0; i < 2; i++) {
        const other = await login(limited.client, newCellphone());
        await limited.client.sendEmailVerification({ email: victim }, { userId: other.user!.id });
      }
      const third = await login(limited.client, newCellphone());
      await rejectsWith(
        limited.client.sendEmailVerification({ email: victim }, { userId: third.user!.id }),
        'EXC_AUTHENTICATION_EMAIL_LIMIT_REACHED',
      );
      assert.equal(await mailsTo(victim), 2);

      // A day later both budgets are back.
      clock.advance(24 * 3600_000);
      await limited.client.sendEmailVerification({ email: addresses[3]! }, { userId });
      await limited.client.sendEmailVerification({ email: victim }, { userId: third.user!.id });
      assert.equal(await mailsTo(victim), 3);
    } finally {
      await limited.stop();
    }
  });

  test('without SMTP_URL the mail lands in the development outbox with its code', async () => {
    const dev = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const { user } = await login(dev.client, newCellphone());
      const address = `dev.${Date.now()}@example.com`;
      await dev.client.sendEmailVerification({ email: address }, { userId: user!.id });
      const [message] = (await dev.client.listDevOutbox({ to: address.toUpperCase() })).messages;
      assert.equal(message!.channel, 'email');
      assert.equal(message!.subject, 'تأیید ایمیل در درمانکار');
      assert.ok(
        message!.text.includes(
          `/api/v1/authentication/email/${encodeURIComponent(address)}/verify?code=${message!.code}`,
        ),
      );
      await dev.client.verifyEmail({ email: address, code: message!.code });
      assert.equal((await dev.client.getEmail({}, { userId: user!.id })).verified, true);
    } finally {
      await dev.stop();
    }
  });

  test("an applicant's resume slug rides in the link and comes back from verification; a malformed slug is EXC_BAD_REQUEST", async () => {
    const dev = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const { user } = await login(dev.client, newCellphone());
      const userId = user!.id;
      const address = `slug.${Date.now()}@example.com`;
      for (const slug of ['a b', 'x/../y', '-lead', 'a'.repeat(201), 'line\nbreak']) {
        await rejectsWith(dev.client.sendEmailVerification({ email: address, slug }, { userId }), 'EXC_BAD_REQUEST');
      }
      assert.deepEqual((await dev.client.listDevOutbox({ to: address })).messages, [], 'nothing mailed for a bad slug');

      await dev.client.sendEmailVerification({ email: address, slug: ' مریم-احمدی-2 ' }, { userId });
      const [message] = (await dev.client.listDevOutbox({ to: address })).messages;
      const link = new URL(/https?:\/\/\S+/.exec(message!.text)![0]);
      assert.equal(link.searchParams.get('code'), message!.code);
      assert.equal(link.searchParams.get('slug'), 'مریم-احمدی-2');
      const verified = await dev.client.verifyEmail({
        email: address,
        code: link.searchParams.get('code')!,
        slug: link.searchParams.get('slug')!,
      });
      assert.deepEqual({ email: verified.email, slug: verified.slug }, { email: address, slug: 'مریم-احمدی-2' });
    } finally {
      await dev.stop();
    }
  });
});
