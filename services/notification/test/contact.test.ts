// The contact form's acknowledgement, through a real SMTP server on loopback: one message of the
// form is one email to the address it came from, whatever the bus redelivers, with the
// template's fixed subject in the message's language, sent at once (no quiet hours, no
// preferences: it answers a request). What the sender typed reaches the body only, as text.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ContactMessageReceivedSchema } from '@darmankar/proto/seo/v1/events_pb';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { deliveriesOf, startStack, type Stack } from './helpers.ts';

/** 23:30 in Tehran (20:00 UTC): inside the quiet hours, which hold SMS only. */
const TEHRAN_NIGHT = Date.parse('2026-11-25T20:00:00Z');

interface Received {
  mail: ParsedMail;
  /** The message as the server received it: headers and body. */
  raw: string;
  /** The envelope's recipients (RCPT TO). */
  rcptTo: string[];
}

describe('a message of the contact form', () => {
  let stack: Stack;
  let smtp: SMTPServer;
  const received: Received[] = [];
  /** While set, the server answers DATA with a temporary refusal (451). */
  let refusing = false;

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (refusing) {
            const error = Object.assign(new Error('try again later'), { responseCode: 451 });
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then((mail) => {
            received.push({ mail, raw, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    stack = await startStack(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'no-reply@darmankar.test' },
      TEHRAN_NIGHT,
    );
  });
  after(async () => {
    await stack.stop();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const newAddress = () => `sender.${randomBytes(4).toString('hex')}@example.com`;
  const mailsTo = (address: string) => received.filter((r) => r.rcptTo.includes(address));

  async function contact(fields: { name: string; email: string; subject: string; locale: string }) {
    const messageId = randomUUID();
    const message = await stack.publish(
      ContactMessageReceivedSchema,
      { messageId, ...fields },
      'seo.contact.v1',
      messageId,
    );
    await stack.settled();
    return { messageId, message };
  }

  async function notificationOf(messageId: string) {
    const { rows } = await stack.db.query<{
      id: string;
      user_id: string | null;
      category: string;
      kind: string;
      in_app: boolean;
      locale: string | null;
    }>(`SELECT id, user_id, category, kind, in_app, locale FROM notifications WHERE cause_key = $1`, [
      `contact-received:${messageId}`,
    ]);
    return rows;
  }

  test('is acknowledged by one Persian email to its sender, at night too, however often it arrives', async () => {
    const email = newAddress();
    const { messageId, message } = await contact({
      name: 'مریم رضایی',
      email,
      subject: 'همکاری با کلینیک',
      locale: 'fa',
    });
    // The bus delivers the event again, and the seo service publishes the same message again.
    await stack.republish(message);
    await stack.publish(
      ContactMessageReceivedSchema,
      { messageId, name: 'مریم رضایی', email, subject: 'همکاری با کلینیک', locale: 'fa' },
      'seo.contact.v1',
      messageId,
    );
    await stack.settled();

    const rows = await notificationOf(messageId);
    assert.equal(rows.length, 1);
    assert.deepEqual(
      { user: rows[0]!.user_id, category: rows[0]!.category, kind: rows[0]!.kind, inApp: rows[0]!.in_app },
      { user: null, category: 'contact', kind: 'contact_received', inApp: false },
    );
    const deliveries = await deliveriesOf(stack, rows[0]!.id);
    assert.deepEqual(
      deliveries.map((d) => [d.channel, d.recipient, d.status, d.next_attempt_at.getTime()]),
      [['email', email, 'pending', TEHRAN_NIGHT]],
    );

    const run = await stack.service.deliverOnce();
    assert.equal(run.sent, 1);
    assert.equal((await stack.service.deliverOnce()).sent, 0);

    const mails = mailsTo(email);
    assert.equal(mails.length, 1);
    const { mail, rcptTo } = mails[0]!;
    assert.deepEqual(rcptTo, [email]);
    assert.equal(mail.subject, 'پیام شما به درمانکار رسید');
    assert.match(mail.text ?? '', /^سلام مریم رضایی،$/m);
    assert.match(mail.text ?? '', /«همکاری با کلینیک»/);
    assert.match(String(mail.html), /<html lang="fa" dir="rtl">/);
    assert.equal((await deliveriesOf(stack, rows[0]!.id))[0]!.status, 'sent');
  });

  test('what the sender typed reaches the body as text: never a header, a recipient or markup', async () => {
    const email = newAddress();
    const name = '<script>alert(1)</script>\r\nBcc: x@y';
    const subject = 'Hello\r\nBcc: x@y\r\nX-Injected: yes <b>bold</b>';
    await contact({ name, email, subject, locale: 'en' });
    assert.equal((await stack.service.deliverOnce()).sent, 1);

    const [only, ...others] = mailsTo(email);
    assert.equal(others.length, 0);
    const { mail, raw, rcptTo } = only!;
    assert.deepEqual(rcptTo, [email]);
    assert.ok(!received.some((r) => r.rcptTo.includes('x@y')), 'x@y received nothing');
    assert.equal(mail.subject, 'We received your message — Darmankar');
    assert.equal(mail.bcc, undefined);
    assert.equal(mail.cc, undefined);
    assert.equal(mail.headers.has('x-injected'), false);
    const header = raw.slice(0, raw.indexOf('\r\n\r\n'));
    assert.doesNotMatch(header, /x@y|Injected|script/i);
    assert.deepEqual(
      (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to!.value.map((v) => v.address)),
      [email],
    );
    // HTML: escaped, so it can only be text.
    const html = String(mail.html);
    assert.ok(html.includes('Hello &lt;script&gt;alert(1)&lt;/script&gt; Bcc: x@y,'), html);
    assert.ok(html.includes('&quot;Hello Bcc: x@y X-Injected: yes &lt;b&gt;bold&lt;/b&gt;&quot;'), html);
    assert.ok(!html.includes('<script>') && !html.includes('<b>'));
    // Text: as typed, on the greeting's line; no line of the body starts like a header.
    const text = mail.text ?? '';
    assert.match(text, /^Hello <script>alert\(1\)<\/script> Bcc: x@y,$/m);
    assert.match(text, /"Hello Bcc: x@y X-Injected: yes <b>bold<\/b>"/);
    assert.doesNotMatch(text, /^(Bcc|X-Injected):/im);
  });

  test('in English when it was written in English', async () => {
    const email = newAddress();
    const { messageId } = await contact({ name: 'Sam', email, subject: 'Pricing', locale: 'en' });
    assert.equal((await notificationOf(messageId))[0]!.locale, 'en');
    await stack.service.deliverOnce();
    const [only] = mailsTo(email);
    assert.equal(only!.mail.subject, 'We received your message — Darmankar');
    assert.match(only!.mail.text ?? '', /^Hello Sam,$/m);
    assert.match(only!.mail.text ?? '', /We received your message "Pricing"\./);
    assert.match(String(only!.mail.html), /<html lang="en" dir="ltr">/);
  });

  test('a mail server refusing for now is retried by the delivery worker', async () => {
    const email = newAddress();
    const { messageId } = await contact({ name: 'Sam', email, subject: 'Later', locale: 'en' });
    const [row] = await notificationOf(messageId);
    refusing = true;
    try {
      assert.deepEqual(await stack.service.deliverOnce(), { sent: 0, failed: 1, dead: 0, deferred: 0 });
    } finally {
      refusing = false;
    }
    const [waiting] = await deliveriesOf(stack, row!.id);
    assert.deepEqual([waiting!.status, waiting!.attempts], ['pending', 1]);
    assert.equal(mailsTo(email).length, 0);
    stack.clock.advance(30_000);
    assert.equal((await stack.service.deliverOnce()).sent, 1);
    assert.equal(mailsTo(email).length, 1);
  });

  test('without a name or a subject the greeting and the body still read well', async () => {
    const email = newAddress();
    await contact({ name: ' ', email, subject: '', locale: 'fa' });
    await stack.service.deliverOnce();
    const [only] = mailsTo(email);
    assert.match(only!.mail.text ?? '', /^سلام،\n\nپیام شما به دست ما رسید\./);
  });

  test('an address that is not one plain mailbox gets nothing', async () => {
    for (const email of ['a@example.com, b@example.com', 'a@example.com\r\nBcc: x@y', 'Sam <a@example.com>', '']) {
      const { messageId } = await contact({ name: 'Sam', email, subject: 'Hi', locale: 'en' });
      assert.deepEqual(await notificationOf(messageId), [], JSON.stringify(email));
    }
  });
});
