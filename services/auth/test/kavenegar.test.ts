import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestDatabase } from '@darmankar/platform/testing';
import { CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import { KavenegarSms } from '../src/adapters/sms.ts';
import { SmsDeliveryError } from '../src/domain/sms.ts';
import { createAuthTestDatabase, newCellphone, rejectsWith, startTestAuth, type TestAuth } from './helpers.ts';

/**
 * A local stand-in for api.kavenegar.com that speaks its documented verify/lookup protocol:
 * `{ return: { status, message }, entries }`, with the HTTP status equal to `return.status`.
 */
const API_KEY = '4A6F-TEST-KEY';
const TEMPLATE = 'darmankar-login';
const NOTICE_TEMPLATE = 'darmankar-cellphone-changed';
const requests: { method: string; receptor: string; token: string; template: string }[] = [];
let kavenegar: Server;
let baseUrl: string;

function reply(res: import('node:http').ServerResponse, status: number, message: string, entries: unknown = null) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ return: { status, message }, entries }));
}

before(async () => {
  kavenegar = createServer((req, res) => {
    const url = new URL(req.url!, 'http://kavenegar.local');
    const match = /^\/v1\/([^/]+)\/verify\/lookup\.json$/.exec(url.pathname);
    if (!match) return reply(res, 404, 'not found');
    const params = url.searchParams;
    const request = {
      method: req.method!,
      receptor: params.get('receptor') ?? '',
      token: params.get('token') ?? '',
      template: params.get('template') ?? '',
    };
    requests.push(request);
    if (decodeURIComponent(match[1]!) !== API_KEY) return reply(res, 401, 'API Key معتبر نمی‌باشد');
    if (!/^09\d{9}$/.test(request.receptor)) return reply(res, 411, 'گیرنده نامعتبر است');
    if (request.template !== TEMPLATE && request.template !== NOTICE_TEMPLATE)
      return reply(res, 424, 'الگوی مورد نظر پیدا نشد');
    if (request.token === '' || /[\s_]/.test(request.token)) return reply(res, 431, 'ساختار کد صحیح نمی‌باشد');
    reply(res, 200, 'تایید شد', [
      {
        messageid: 8792343,
        message: `کد ورود: ${request.token}`,
        status: 5,
        statustext: 'ارسال به مخابرات',
        sender: '10004346',
        receptor: request.receptor,
        date: Math.floor(Date.now() / 1000),
        cost: 120,
      },
    ]);
  });
  await new Promise<void>((resolve) => kavenegar.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(kavenegar.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => kavenegar.close(() => resolve())));

describe('KavenegarSms adapter', () => {
  test('sends receptor, token and template to verify/lookup with the API key in the path', async () => {
    const sms = new KavenegarSms({ apiKey: API_KEY, template: TEMPLATE, baseUrl });
    const before = requests.length;
    await sms.sendCode({ cellphone: '09121234567', code: '048213', purpose: 'LOGIN' });
    assert.deepEqual(requests.slice(before), [
      { method: 'POST', receptor: '09121234567', token: '048213', template: TEMPLATE },
    ]);
  });

  test("tells an old cellphone of a change through the notice template, with the new number's last four digits as token", async () => {
    const sms = new KavenegarSms({ apiKey: API_KEY, template: TEMPLATE, noticeTemplate: NOTICE_TEMPLATE, baseUrl });
    const before = requests.length;
    await sms.sendCellphoneChanged({ cellphone: '09121234567', newCellphoneTail: '9876' });
    assert.deepEqual(requests.slice(before), [
      { method: 'POST', receptor: '09121234567', token: '9876', template: NOTICE_TEMPLATE },
    ]);
    const withoutTemplate = new KavenegarSms({ apiKey: API_KEY, template: TEMPLATE, baseUrl });
    await assert.rejects(
      withoutTemplate.sendCellphoneChanged({ cellphone: '09121234567', newCellphoneTail: '9876' }),
      SmsDeliveryError,
    );
    assert.equal(requests.length, before + 1, 'nothing is sent without the template');
  });

  for (const [label, options, status] of [
    ['a wrong API key', { apiKey: 'wrong', template: TEMPLATE }, 401],
    ['an unknown template', { apiKey: API_KEY, template: 'missing' }, 424],
  ] as const) {
    test(`${label} is an SmsDeliveryError carrying Kavenegar's status ${status}`, async () => {
      const sms = new KavenegarSms({ ...options, baseUrl });
      await assert.rejects(
        sms.sendCode({ cellphone: '09121234567', code: '123456', purpose: 'LOGIN' }),
        (error: unknown) => {
          assert.ok(error instanceof SmsDeliveryError);
          assert.equal(error.providerStatus, status);
          return true;
        },
      );
    });
  }

  test('a malformed token is refused with 431, as Kavenegar does', async () => {
    const sms = new KavenegarSms({ apiKey: API_KEY, template: TEMPLATE, baseUrl });
    await assert.rejects(sms.sendCode({ cellphone: '09121234567', code: '12 456', purpose: 'LOGIN' }), {
      providerStatus: 431,
    });
  });

  test('an unreachable provider is an SmsDeliveryError, not a hang', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sms = new KavenegarSms({
      apiKey: API_KEY,
      template: TEMPLATE,
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 1000,
    });
    await assert.rejects(
      sms.sendCode({ cellphone: '09121234567', code: '123456', purpose: 'LOGIN' }),
      SmsDeliveryError,
    );
  });
});

describe('the service with SMS_PROVIDER=kavenegar', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createAuthTestDatabase();
  });
  after(async () => {
    await database.drop();
  });

  const kavenegarEnv = (apiKey: string) => ({
    SMS_PROVIDER: 'kavenegar',
    KAVENEGAR_API_KEY: apiKey,
    KAVENEGAR_TEMPLATE: TEMPLATE,
    KAVENEGAR_BASE_URL: baseUrl,
  });

  test('logs in with the code Kavenegar delivered; the development outbox stays empty', async () => {
    const auth: TestAuth = await startTestAuth(database, kavenegarEnv(API_KEY));
    try {
      const cellphone = newCellphone();
      await auth.client.sendCellphoneCode({ cellphone: `+98${cellphone.slice(1)}`, purpose: CodePurpose.LOGIN });
      const delivered = requests.findLast((r) => r.receptor === cellphone);
      assert.ok(delivered);
      assert.match(delivered.token, /^\d{6}$/);
      assert.equal(delivered.template, TEMPLATE);
      assert.deepEqual((await auth.client.listDevOutbox({ to: cellphone })).messages, []);
      const verified = await auth.client.verifyCellphoneCode({
        cellphone,
        code: delivered.token,
        purpose: CodePurpose.LOGIN,
      });
      assert.equal(verified.user!.cellphone, cellphone);
    } finally {
      await auth.stop();
    }
  });

  test('a provider error is EXC_AUTHENTICATION_MESSAGE_NOT_SENT and does not start the cooldown', async () => {
    const cellphone = newCellphone();
    const broken = await startTestAuth(database, kavenegarEnv('revoked-key'));
    try {
      await rejectsWith(
        broken.client.sendCellphoneCode({ cellphone, purpose: CodePurpose.LOGIN }),
        'EXC_AUTHENTICATION_MESSAGE_NOT_SENT',
      );
    } finally {
      await broken.stop();
    }
    const fixed = await startTestAuth(database, kavenegarEnv(API_KEY));
    try {
      const sent = await fixed.client.sendCellphoneCode({ cellphone, purpose: CodePurpose.LOGIN });
      assert.equal(sent.cellphone, cellphone);
    } finally {
      await fixed.stop();
    }
  });
});
