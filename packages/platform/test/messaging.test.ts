// The platform's messaging engines against real servers on loopback: local stand-ins for
// Kavenegar's and sms.ir's HTTP APIs (outside providers, answering as they document), an
// in-process SMTP server, and the development outbox in a real Postgres database.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { z } from 'zod';
import { ConfigError, parseConfig } from '../src/config.ts';
import {
  createMessaging,
  DeliveryError,
  DevOutbox,
  KavenegarSms,
  messagingConfigShape,
  OutboxMailer,
  OutboxSms,
  refineMessagingConfig,
  SmsIrSms,
  SmtpMailer,
  templateNameFor,
  type MessagingConfig,
  type SmsMessage,
} from '../src/messaging/index.ts';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '../src/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An HTTP server on port 0 whose answers the test decides; it records every request. */
async function providerServer(
  answer: (request: Received, res: ServerResponse) => void,
): Promise<{ url: string; requests: Received[]; close(): Promise<void> }> {
  const requests: Received[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method!,
      path: req.url!,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    answer(request, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function deliveryError(promise: Promise<unknown>): Promise<DeliveryError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof DeliveryError, `expected a DeliveryError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the send to fail');
}

// Kavenegar: the API key in the path; `{ return: { status, message }, entries }`, the HTTP
// status equal to return.status. 411: bad receptor, 418: no credit, 424: unknown template.
const KAVENEGAR_KEY = '4A6F-TEST-KEY';
let kavenegar: Awaited<ReturnType<typeof providerServer>>;

// sms.ir: x-api-key; `{ status, message, data }`, status 1 = accepted. 10: bad key, 102: no credit.
const SMSIR_KEY = 'smsir-key';
let smsir: Awaited<ReturnType<typeof providerServer>>;

before(async () => {
  kavenegar = await providerServer((request, res) => {
    const match = /^\/v1\/([^/]+)\/(verify\/lookup|sms\/send)\.json$/.exec(request.path);
    if (!match) return json(res, 404, { return: { status: 404, message: 'not found' } });
    if (match[1] !== KAVENEGAR_KEY)
      return json(res, 403, { return: { status: 403, message: 'API Key معتبر نمی‌باشد' } });
    const form = new URLSearchParams(request.body);
    const receptor = form.get('receptor') ?? '';
    if (receptor === '09000000000') return json(res, 500, { return: { status: 500, message: 'internal' } });
    if (!/^09\d{9}$/.test(receptor)) return json(res, 411, { return: { status: 411, message: 'گیرنده نامعتبر است' } });
    if (receptor === '09129999999')
      return json(res, 418, { return: { status: 418, message: 'اعتبار حساب کافی نیست' } });
    if (match[2] === 'verify/lookup' && form.get('template') !== 'login')
      return json(res, 424, { return: { status: 424, message: 'الگوی مورد نظر پیدا نشد' } });
    json(res, 200, { return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 8792343, status: 5 }] });
  });
  smsir = await providerServer((request, res) => {
    if (request.headers['x-api-key'] !== SMSIR_KEY)
      return json(res, 401, { status: 10, message: 'کلید وب سرویس نامعتبر است', data: null });
    const body = JSON.parse(request.body) as { mobile?: string; mobiles?: string[] };
    const mobile = body.mobile ?? body.mobiles?.[0];
    if (mobile === '09000000000') return json(res, 503, { status: 0, message: 'server error', data: null });
    if (mobile === '09129999999') return json(res, 400, { status: 102, message: 'اعتبار کافی نیست', data: null });
    json(res, 200, { status: 1, message: 'موفق', data: { messageId: 1, cost: 1 } });
  });
});
after(async () => {
  await kavenegar.close();
  await smsir.close();
});

describe('Kavenegar', () => {
  const sms = () => new KavenegarSms({ apiKey: KAVENEGAR_KEY, sender: '10004346', baseUrl: kavenegar.url });

  test('a message with a template goes to verify/lookup: receptor, template and its tokens as token, token2', async () => {
    const before = kavenegar.requests.length;
    await sms().send({
      to: '09121234567',
      text: 'کد ورود شما: 048213',
      template: { name: 'login', tokens: ['048213', 'درمانکار'] },
      code: '048213',
    });
    const [request] = kavenegar.requests.slice(before);
    assert.equal(request!.method, 'POST');
    assert.equal(request!.path, `/v1/${KAVENEGAR_KEY}/verify/lookup.json`);
    assert.match(String(request!.headers['content-type']), /^application\/x-www-form-urlencoded/);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(request!.body)), {
      receptor: '09121234567',
      template: 'login',
      token: '048213',
      token2: 'درمانکار',
    });
  });

  test('a message without a template goes to sms/send.json: receptor, sender and the full text', async () => {
    const before = kavenegar.requests.length;
    await sms().send({ to: '09121234567', text: 'رسید پرداخت شما در درمانکار' });
    const [request] = kavenegar.requests.slice(before);
    assert.equal(request!.path, `/v1/${KAVENEGAR_KEY}/sms/send.json`);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(request!.body)), {
      receptor: '09121234567',
      sender: '10004346',
      message: 'رسید پرداخت شما در درمانکار',
    });
  });

  test('refusals (bad number, no credit, unknown template, wrong key) are not retryable and carry the status', async () => {
    for (const [message, status] of [
      [{ to: '0912', text: 'x' }, 411],
      [{ to: '09129999999', text: 'x' }, 418],
      [{ to: '09121234567', text: 'x', template: { name: 'missing', tokens: ['1'] } }, 424],
    ] as [SmsMessage, number][]) {
      const error = await deliveryError(sms().send(message));
      assert.deepEqual([error.retryable, error.providerStatus], [false, status], JSON.stringify(message));
    }
    const wrongKey = new KavenegarSms({ apiKey: 'wrong', baseUrl: kavenegar.url });
    const error = await deliveryError(
      wrongKey.send({ to: '09121234567', text: 'x', template: { name: 'login', tokens: ['1'] } }),
    );
    assert.deepEqual([error.retryable, error.providerStatus], [false, 403]);
  });

  test('a 5xx answer is retryable', async () => {
    const error = await deliveryError(sms().send({ to: '09000000000', text: 'x' }));
    assert.deepEqual([error.retryable, error.providerStatus], [true, 500]);
  });

  test('without a sender line a plain message is refused before any request, not retryable', async () => {
    const before = kavenegar.requests.length;
    const error = await deliveryError(
      new KavenegarSms({ apiKey: KAVENEGAR_KEY, baseUrl: kavenegar.url }).send({ to: '09121234567', text: 'x' }),
    );
    assert.equal(error.retryable, false);
    assert.match(error.message, /KAVENEGAR_SENDER/);
    assert.equal(kavenegar.requests.length, before);
  });
});

describe('sms.ir', () => {
  const sms = () => new SmsIrSms({ apiKey: SMSIR_KEY, lineNumber: '30007732904200', baseUrl: smsir.url });

  test('a message with a template goes to /v1/send/verify: mobile, numeric templateId, parameters by name', async () => {
    const before = smsir.requests.length;
    await sms().send({ to: '09121234567', text: 'کد: 048213', template: { name: '100200:CODE', tokens: ['048213'] } });
    await sms().send({ to: '09121234567', text: 'x', template: { name: '100300', tokens: ['4567', 'سارا'] } });
    const [named, unnamed] = smsir.requests.slice(before);
    assert.equal(named!.method, 'POST');
    assert.equal(named!.path, '/v1/send/verify');
    assert.equal(named!.headers['x-api-key'], SMSIR_KEY);
    assert.match(String(named!.headers['content-type']), /^application\/json/);
    assert.deepEqual(JSON.parse(named!.body), {
      mobile: '09121234567',
      templateId: 100200,
      parameters: [{ name: 'CODE', value: '048213' }],
    });
    assert.deepEqual(JSON.parse(unnamed!.body).parameters, [
      { name: 'TOKEN', value: '4567' },
      { name: 'TOKEN2', value: 'سارا' },
    ]);
  });

  test('a message without a template goes to /v1/send/bulk: lineNumber, messageText, mobiles', async () => {
    const before = smsir.requests.length;
    await sms().send({ to: '09121234567', text: 'رسید پرداخت' });
    const [request] = smsir.requests.slice(before);
    assert.equal(request!.path, '/v1/send/bulk');
    assert.deepEqual(JSON.parse(request!.body), {
      lineNumber: 30007732904200,
      messageText: 'رسید پرداخت',
      mobiles: ['09121234567'],
    });
  });

  test('refusals are not retryable (no credit, wrong key, a malformed template id); a 5xx is', async () => {
    const noCredit = await deliveryError(sms().send({ to: '09129999999', text: 'x' }));
    assert.deepEqual([noCredit.retryable, noCredit.providerStatus], [false, 102]);
    const wrongKey = await deliveryError(
      new SmsIrSms({ apiKey: 'wrong', lineNumber: '3000', baseUrl: smsir.url }).send({ to: '09121234567', text: 'x' }),
    );
    assert.deepEqual([wrongKey.retryable, wrongKey.providerStatus], [false, 10]);
    const before = smsir.requests.length;
    const badTemplate = await deliveryError(
      sms().send({ to: '09121234567', text: 'x', template: { name: 'login', tokens: ['1'] } }),
    );
    assert.equal(badTemplate.retryable, false);
    assert.equal(smsir.requests.length, before, 'nothing was sent');
    const down = await deliveryError(sms().send({ to: '09000000000', text: 'x' }));
    assert.deepEqual([down.retryable, down.providerStatus], [true, 0]);
  });
});

describe('timeouts and unreachable providers', () => {
  test('a provider that never answers is a retryable DeliveryError after the timeout, for both engines', async () => {
    const silent = await providerServer(() => {}); // takes the request, never answers
    try {
      for (const sms of [
        new KavenegarSms({ apiKey: KAVENEGAR_KEY, sender: '1000', baseUrl: silent.url, timeoutMs: 300 }),
        new SmsIrSms({ apiKey: SMSIR_KEY, lineNumber: '3000', baseUrl: silent.url, timeoutMs: 300 }),
      ]) {
        const started = Date.now();
        const error = await deliveryError(sms.send({ to: '09121234567', text: 'x' }));
        assert.equal(error.retryable, true);
        assert.match(error.message, /did not answer within 300 ms/);
        assert.ok(Date.now() - started < 3000, 'it gave up at the timeout');
      }
      assert.equal(silent.requests.length, 2, 'both requests reached the provider');
    } finally {
      await silent.close();
    }
  });

  test("the caller's own signal wins: its reason, not a DeliveryError", async () => {
    const silent = await providerServer(() => {});
    try {
      const controller = new AbortController();
      const sending = new KavenegarSms({ apiKey: KAVENEGAR_KEY, sender: '1000', baseUrl: silent.url }).send(
        { to: '09121234567', text: 'x' },
        controller.signal,
      );
      setTimeout(() => controller.abort(new Error('caller gave up')), 50);
      await assert.rejects(sending, /caller gave up/);
    } finally {
      await silent.close();
    }
  });

  test('a closed port is a retryable DeliveryError', async () => {
    const closed = await providerServer(() => {});
    await closed.close();
    const error = await deliveryError(
      new SmsIrSms({ apiKey: SMSIR_KEY, lineNumber: '3000', baseUrl: closed.url }).send({
        to: '09121234567',
        text: 'x',
      }),
    );
    assert.equal(error.retryable, true);
    assert.match(error.message, /unreachable/);
  });
});

describe('SMTP', () => {
  async function smtpServer(options: Partial<SMTPServerOptions>) {
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], ...options });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => server.close(resolve)),
    };
  }

  test('sends the mail with its envelope, subject, text and HTML parts', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = await smtpServer({
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const mailer = new SmtpMailer({ url: server.url, from: 'Darmankar <no-reply@darmankar.test>' });
    try {
      await mailer.send({
        to: 'sara@example.com',
        subject: 'Verify your email',
        text: 'Open this link: https://darmankar.test/verify',
        html: '<p>Open <a href="https://darmankar.test/verify">this link</a></p>',
        code: 'not-sent',
      });
      assert.equal(received.length, 1);
      const [mail] = received;
      assert.equal(mail!.from, 'no-reply@darmankar.test');
      assert.deepEqual(mail!.to, ['sara@example.com']);
      assert.match(mail!.raw, /^Subject: Verify your email\r?$/m);
      assert.match(mail!.raw, /Open this link: https:\/\/darmankar\.test\/verify/);
      assert.match(mail!.raw, /Content-Type: text\/html/);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  test("the server's permanent refusal (550) is not retryable, its temporary one (451) is", async () => {
    for (const [responseCode, retryable] of [
      [550, false],
      [451, true],
    ] as const) {
      const server = await smtpServer({
        onData(stream, _session, callback) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('not now'), { responseCode })));
        },
      });
      const mailer = new SmtpMailer({ url: server.url, from: 'no-reply@darmankar.test' });
      try {
        const error = await deliveryError(mailer.send({ to: 'a@example.com', subject: 's', text: 't' }));
        assert.deepEqual([error.retryable, error.providerStatus], [retryable, responseCode]);
      } finally {
        mailer.close();
        await server.close();
      }
    }
  });

  test('a mail server that never greets is a retryable DeliveryError at the timeout', async () => {
    const silent = await providerServer(() => {}); // a TCP listener that never speaks SMTP
    const mailer = new SmtpMailer({
      url: silent.url.replace('http:', 'smtp:'),
      from: 'a@darmankar.test',
      timeoutMs: 300,
    });
    try {
      const started = Date.now();
      const error = await deliveryError(mailer.send({ to: 'a@example.com', subject: 's', text: 't' }));
      assert.equal(error.retryable, true);
      assert.ok(Date.now() - started < 3000);
    } finally {
      mailer.close();
      await silent.close();
    }
  });
});

describe('the development outbox', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  before(async () => {
    database = await createTestDatabase('messaging', [{ name: 'platform', dir: PLATFORM_MIGRATIONS_DIR }]);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  after(async () => {
    await pool.end();
    await database.drop();
  });

  test('keeps SMS and mail per recipient, newest first, codes readable, up to the limit', async () => {
    const outbox = new DevOutbox(pool);
    const sms = new OutboxSms(outbox);
    const mail = new OutboxMailer(outbox);
    // More than ten, so an order by the id's text (…, 10, 9, …) would show.
    for (let i = 1; i <= 12; i++)
      await sms.send({ to: '09121234567', text: `پیام ${i}`, code: i % 2 ? `${i}` : undefined });
    await sms.send({ to: '09120000001', text: 'someone else' });
    await mail.send({ to: 'sara@example.com', subject: 'تأیید ایمیل', text: 'پیوند', html: '<p>x</p>', code: 'abc' });

    const listed = await outbox.list('09121234567');
    assert.deepEqual(
      listed.map((m) => m.text),
      Array.from({ length: 12 }, (_, i) => `پیام ${12 - i}`),
    );
    assert.deepEqual(
      listed.slice(0, 2).map(({ channel, recipient, subject, code }) => ({ channel, recipient, subject, code })),
      [
        { channel: 'sms', recipient: '09121234567', subject: undefined, code: undefined },
        { channel: 'sms', recipient: '09121234567', subject: undefined, code: '11' },
      ],
    );
    assert.ok(listed.every((m) => m.createdAt instanceof Date && /^\d+$/.test(m.id)));
    assert.equal((await outbox.list('09121234567', 3)).length, 3);
    const [email] = await outbox.list('sara@example.com');
    assert.deepEqual(
      { channel: email!.channel, subject: email!.subject, text: email!.text, code: email!.code },
      { channel: 'email', subject: 'تأیید ایمیل', text: 'پیوند', code: 'abc' },
    );
    assert.deepEqual(await outbox.list('09129999999'), []);
  });

  test("a service's own older table of the same name is moved aside, its rows kept for the service to copy", async () => {
    const db = await createTestDatabase('messaging_move');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // The shape auth's own development outbox had.
      await client.query(`CREATE TABLE dev_outbox (id uuid PRIMARY KEY, channel text NOT NULL, recipient text NOT NULL,
        subject text NOT NULL DEFAULT '', text text NOT NULL, code text, created_at timestamptz(3) NOT NULL DEFAULT now())`);
      await client.query(`CREATE INDEX dev_outbox_recipient_created_at_idx ON dev_outbox (recipient, created_at)`);
      await client.query(
        `INSERT INTO dev_outbox (id, channel, recipient, text) VALUES (gen_random_uuid(), 'sms', '09121234567', 'old')`,
      );
      await applyMigrations(db.url, [{ name: 'platform', dir: PLATFORM_MIGRATIONS_DIR }]);
      const moved = await client.query('SELECT text FROM dev_outbox_before_platform');
      assert.deepEqual(moved.rows, [{ text: 'old' }]);
      assert.deepEqual(await new DevOutbox(client).list('09121234567'), []);
    } finally {
      await client.end();
      await db.drop();
    }
  });
});

describe('configuration and the factory', () => {
  const schema = z
    .object({
      NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
      ...messagingConfigShape(),
    })
    .superRefine((env, ctx) =>
      refineMessagingConfig(env, ctx, {
        sms: [{ kavenegar: 'KAVENEGAR_TEMPLATE', smsir: 'SMSIR_CODE_TEMPLATE_ID', why: 'codes' }],
        mail: true,
      }),
    );
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(schema, env);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.problems.map((p) => p.split(':')[0]);
    }
    return [];
  };

  test('defaults: the outbox outside production, a 10 s timeout, the providers’ public addresses', () => {
    const config = parseConfig(schema, {});
    assert.equal(config.MESSAGING_TIMEOUT_MS, 10_000);
    assert.equal(config.KAVENEGAR_BASE_URL, 'https://api.kavenegar.com');
    assert.equal(config.SMSIR_BASE_URL, 'https://api.sms.ir');
    assert.equal(templateNameFor(config, { kavenegar: 'login' }), undefined, 'the outbox needs no template');
  });

  test('production requires the chosen provider’s key and templates and SMTP, and refuses the outbox', () => {
    assert.deepEqual(problems({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox' }).sort(), [
      'KAVENEGAR_API_KEY',
      'KAVENEGAR_TEMPLATE',
      'SMS_PROVIDER',
      'SMTP_URL',
    ]);
    assert.deepEqual(problems({ NODE_ENV: 'production', SMS_PROVIDER: 'smsir' }).sort(), [
      'SMSIR_API_KEY',
      'SMSIR_CODE_TEMPLATE_ID',
      'SMTP_URL',
    ]);
    assert.deepEqual(
      problems({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'smsir',
        SMSIR_API_KEY: 'k',
        SMSIR_CODE_TEMPLATE_ID: '100200:CODE',
        SMTP_URL: 'smtp://mail.internal:25',
      }),
      [],
    );
    assert.deepEqual(
      problems({ SMS_PROVIDER: 'smsir' }),
      ['SMSIR_API_KEY'],
      'a chosen provider needs its key anywhere',
    );
    assert.deepEqual(problems({ SMSIR_CODE_TEMPLATE_ID: 'login' }), ['SMSIR_CODE_TEMPLATE_ID']);
    assert.deepEqual(problems({ MESSAGING_TIMEOUT_MS: '0' }), ['MESSAGING_TIMEOUT_MS']);
  });

  test('createMessaging picks the engines the configuration names', async () => {
    const outbox = new DevOutbox({ query: async () => ({ rows: [] }) } as unknown as pg.Pool);
    const config = (env: Record<string, string>) => parseConfig(schema, env) as MessagingConfig;
    const development = createMessaging(config({}), { devOutbox: outbox });
    assert.ok(development.sms instanceof OutboxSms);
    assert.ok(development.mail instanceof OutboxMailer);
    const production = createMessaging(
      config({ SMS_PROVIDER: 'smsir', SMSIR_API_KEY: 'k', SMTP_URL: 'smtp://127.0.0.1:9' }),
      { devOutbox: outbox },
    );
    assert.ok(production.sms instanceof SmsIrSms);
    assert.ok(production.mail instanceof SmtpMailer);
    production.close();
    const kavenegarConfig = config({ SMS_PROVIDER: 'kavenegar', KAVENEGAR_API_KEY: 'k', KAVENEGAR_TEMPLATE: 'login' });
    assert.ok(createMessaging(kavenegarConfig, { devOutbox: outbox }).sms instanceof KavenegarSms);
    assert.equal(templateNameFor(kavenegarConfig, { kavenegar: 'login', smsir: '1' }), 'login');
  });
});
