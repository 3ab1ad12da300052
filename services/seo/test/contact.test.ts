// The contact form against the real service: checks, the hourly budget per client address on
// the service's clock, messages stored exactly as typed, the announcement on the bus (never for
// spam).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeBusMessage, type BusMessage, type Consumer } from '@darmankar/platform/events/index';
import { rejectsWith } from '@darmankar/platform/testing';
import { ContactMessageReceivedSchema } from '@darmankar/proto/seo/v1/events_pb';
import { contactMessagesCommand } from '../src/cli/contact-messages.ts';
import { eventually, HOUR_MS, startStack, type Stack } from './helpers.ts';

const good = {
  name: 'مریم احمدی',
  email: 'maryam@example.com',
  cellphone: '',
  subject: 'پرسش دربارهٔ بسته‌ها',
  message: 'سلام، بستهٔ ویژه چند آگهی دارد؟',
  honeypot: '',
  locale: 'fa',
};

describe('contact messages', () => {
  let stack: Stack;
  let consumer: Consumer;
  const announced: BusMessage[] = [];
  let address = 0;
  const nextAddress = () => `203.0.113.${++address}`;

  before(async () => {
    stack = await startStack();
    consumer = await stack.bus.subscribe({
      group: 'seo-contact-test',
      topics: ['seo.contact.v1'],
      handler: async (message) => {
        announced.push(message);
      },
    });
  });
  after(async () => {
    await consumer?.stop();
    await stack?.stop();
  });

  async function stored(id: string) {
    const { rows } = await stack.db.query(`SELECT * FROM contact_messages WHERE id = $1`, [id]);
    return rows[0] as Record<string, unknown> | undefined;
  }

  test('a hostile 10 kB message is stored byte for byte and announced as data', async () => {
    const clientAddress = nextAddress();
    const message = `<script>alert("x")</script>\r\n` + 'ب'.repeat(10_000) + '\r\nBcc: victim@example.com';
    const input = {
      ...good,
      name: 'Ali\r\nBcc: spam@example.com',
      subject: 'سلام\r\nContent-Type: text/html\r\n\r\n<b>hi</b>',
      message,
      cellphone: '۰۹۱۲ ۱۲۳ ۴۵۶۷',
      email: 'ali+contact@example.com',
    };
    const answer = await stack.client.submitContactMessage(input, { clientAddress });
    assert.equal(answer.receivedAtMs, BigInt(stack.clock()));
    const row = await stored(answer.id);
    assert.ok(row);
    assert.equal(row.name, input.name);
    assert.equal(row.subject, input.subject);
    assert.equal(row.message, message);
    assert.equal(Buffer.from(row.message as string).equals(Buffer.from(message)), true);
    assert.equal(row.cellphone, '۰۹۱۲ ۱۲۳ ۴۵۶۷', 'the cellphone as typed');
    assert.equal(row.email, 'ali+contact@example.com');
    assert.equal(row.client_address, clientAddress);
    assert.equal(row.is_spam, false);
    assert.equal(row.locale, 'fa');

    await eventually(() => announced.some((m) => m.key === answer.id), 'the announcement');
    const event = announced.find((m) => m.key === answer.id)!;
    assert.equal(event.topic, 'seo.contact.v1');
    const decoded = decodeBusMessage(ContactMessageReceivedSchema, event);
    assert.equal(decoded.messageId, answer.id);
    assert.equal(decoded.name, input.name);
    assert.equal(decoded.subject, input.subject);
    assert.equal(decoded.email, input.email);
    assert.equal(decoded.locale, 'fa');
  });

  test('a filled honeypot is answered alike, stored as spam and never announced', async () => {
    const answer = await stack.client.submitContactMessage(
      { ...good, honeypot: 'http://spam.example', locale: 'en' },
      { clientAddress: nextAddress() },
    );
    assert.match(answer.id, /^[0-9a-f-]{36}$/);
    const row = await stored(answer.id);
    assert.equal(row?.is_spam, true);
    // A real message sent after it is announced; the spam one never is.
    const real = await stack.client.submitContactMessage(good, { clientAddress: nextAddress() });
    await eventually(() => announced.some((m) => m.key === real.id), 'the real announcement');
    assert.ok(!announced.some((m) => m.key === answer.id));
  });

  test('five an hour per client address: the sixth is refused, the next hour is allowed', async () => {
    const clientAddress = nextAddress();
    for (let i = 0; i < 5; i++) {
      await stack.client.submitContactMessage({ ...good, subject: `پیام ${i + 1}` }, { clientAddress });
      stack.clock.advance(60_000);
    }
    await rejectsWith(stack.client.submitContactMessage(good, { clientAddress }), 'EXC_SEO_CONTACT_TOO_MANY');
    // Another address has its own budget.
    await stack.client.submitContactMessage(good, { clientAddress: nextAddress() });
    const { rows } = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contact_messages WHERE client_address = $1`,
      [clientAddress],
    );
    assert.equal(rows[0]!.n, 5, 'the refused one is not stored');
    stack.clock.advance(HOUR_MS - 4 * 60_000);
    await stack.client.submitContactMessage(good, { clientAddress });
  });

  test('each field is checked; a bad one is a bad request and nothing is stored', async () => {
    const clientAddress = nextAddress();
    const bad: Array<Partial<typeof good>> = [
      { name: '' },
      { name: '   ' },
      { name: 'ن'.repeat(101) },
      { email: 'not-an-email' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: ' maryam@example.com' },
      { cellphone: '021-1234567' },
      { subject: '' },
      { subject: 'م'.repeat(201) },
      { message: '' },
      { message: 'م'.repeat(20_001) },
      { locale: 'de' },
    ];
    for (const fields of bad)
      await rejectsWith(
        stack.client.submitContactMessage({ ...good, ...fields }, { clientAddress }),
        'EXC_BAD_REQUEST',
      );
    const { rows } = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM contact_messages WHERE client_address = $1`,
      [clientAddress],
    );
    assert.equal(rows[0]!.n, 0);
    // The limits themselves are allowed; a mobile in any common spelling is too.
    const edge = await stack.client.submitContactMessage(
      {
        ...good,
        name: 'ن'.repeat(100),
        subject: 'م'.repeat(200),
        message: 'م'.repeat(20_000),
        cellphone: '+98 912 123 4567',
        locale: '',
      },
      { clientAddress },
    );
    assert.equal((await stored(edge.id))?.locale, 'fa');
  });

  test("the operator's command prints recent messages as JSON lines, spam apart", async () => {
    const clientAddress = nextAddress();
    stack.clock.advance(HOUR_MS);
    const real = await stack.client.submitContactMessage(
      { ...good, message: 'خط یک\r\n<b>خط دو</b>', subject: 'آخرین پیام' },
      { clientAddress },
    );
    const spam = await stack.client.submitContactMessage({ ...good, honeypot: 'x' }, { clientAddress });
    const lines: string[] = [];
    assert.equal(await contactMessagesCommand(['list', '--limit', '1'], stack.databaseUrl, (l) => lines.push(l)), 0);
    assert.equal(lines.length, 1);
    const printed = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.equal(printed.id, real.id);
    assert.equal(printed.message, 'خط یک\r\n<b>خط دو</b>');
    assert.equal(printed.clientAddress, clientAddress);
    const spamLines: string[] = [];
    assert.equal(await contactMessagesCommand(['list', '--spam'], stack.databaseUrl, (l) => spamLines.push(l)), 0);
    assert.ok(spamLines.some((l) => (JSON.parse(l) as { id: string }).id === spam.id));
    assert.ok(spamLines.every((l) => (JSON.parse(l) as { isSpam: boolean }).isSpam));
    const usage: string[] = [];
    assert.equal(await contactMessagesCommand(['delete'], stack.databaseUrl, (l) => usage.push(l)), 2);
    assert.match(usage[0]!, /^usage: contact-messages list/);
  });
});
