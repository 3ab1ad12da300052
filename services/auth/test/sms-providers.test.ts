// The service with a real SMS provider configured: local stand-ins for Kavenegar's and sms.ir's
// HTTP APIs (outside providers, not our services) answer as they document, and the codes and
// notices auth sends reach them in the approved templates. The engines' own protocol checks
// are in packages/platform/test/messaging.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestDatabase } from '@darmankar/platform/testing';
import { CodePurpose } from '@darmankar/proto/auth/v1/auth_pb';
import {
  createAuthTestDatabase,
  latestCode,
  login,
  newCellphone,
  rejectsWith,
  startTestAuth,
  type TestAuth,
} from './helpers.ts';

const KAVENEGAR_KEY = '4A6F-TEST-KEY';
const SMSIR_KEY = 'smsir-test-key';
const CODE_TEMPLATE = 'darmankar-login';
const NOTICE_TEMPLATE = 'darmankar-cellphone-changed';
const SMSIR_CODE_TEMPLATE = '100200';
const SMSIR_NOTICE_TEMPLATE = '100300';

interface Delivered {
  provider: 'kavenegar' | 'smsir';
  receptor: string;
  template: string;
  tokens: string[];
}
const delivered: Delivered[] = [];
let server: Server;
let baseUrl: string;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function kavenegar(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({ return: { status, message }, entries: status === 200 ? [{ messageid: 1, status: 5 }] : null }),
  );
}

function smsir(res: ServerResponse, httpStatus: number, status: number, message: string) {
  res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ status, message, data: status === 1 ? { messageId: 1, cost: 1 } : null }));
}

before(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://providers.local');
    const body = await bodyOf(req);
    const lookup = /^\/kavenegar\/v1\/([^/]+)\/verify\/lookup\.json$/.exec(url.pathname);
    if (lookup) {
      if (decodeURIComponent(lookup[1]!) !== KAVENEGAR_KEY) return kavenegar(res, 403, 'API Key معتبر نمی‌باشد');
      const form = new URLSearchParams(body);
      const template = form.get('template') ?? '';
      if (template !== CODE_TEMPLATE && template !== NOTICE_TEMPLATE)
        return kavenegar(res, 424, 'الگوی مورد نظر پیدا نشد');
      delivered.push({
        provider: 'kavenegar',
        receptor: form.get('receptor') ?? '',
        template,
        tokens: [form.get('token') ?? ''],
      });
      return kavenegar(res, 200, 'تایید شد');
    }
    if (url.pathname === '/smsir/v1/send/verify') {
      if (req.headers['x-api-key'] !== SMSIR_KEY) return smsir(res, 401, 10, 'کلید وب سرویس نامعتبر است');
      const request = JSON.parse(body) as {
        mobile: string;
        templateId: number;
        parameters: { name: string; value: string }[];
      };
      if (![SMSIR_CODE_TEMPLATE, SMSIR_NOTICE_TEMPLATE].includes(String(request.templateId)))
        return smsir(res, 400, 105, 'قالب یافت نشد');
      delivered.push({
        provider: 'smsir',
        receptor: request.mobile,
        template: String(request.templateId),
        tokens: request.parameters.map((p) => `${p.name}=${p.value}`),
      });
      return smsir(res, 200, 1, 'موفق');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the service with a real SMS provider', () => {
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
    KAVENEGAR_TEMPLATE: CODE_TEMPLATE,
    KAVENEGAR_NOTICE_TEMPLATE: NOTICE_TEMPLATE,
    KAVENEGAR_BASE_URL: `${baseUrl}/kavenegar`,
    CELLPHONE_CODE_RESEND_SECONDS: '0',
  });
  const smsirEnv = () => ({
    SMS_PROVIDER: 'smsir',
    SMSIR_API_KEY: SMSIR_KEY,
    SMSIR_CODE_TEMPLATE_ID: `${SMSIR_CODE_TEMPLATE}:CODE`,
    SMSIR_NOTICE_TEMPLATE_ID: SMSIR_NOTICE_TEMPLATE,
    SMSIR_BASE_URL: `${baseUrl}/smsir`,
    CELLPHONE_CODE_RESEND_SECONDS: '0',
  });

  test('Kavenegar: logs in with the code delivered in the code template; the development outbox stays empty', async () => {
    const auth: TestAuth = await startTestAuth(database, kavenegarEnv(KAVENEGAR_KEY));
    try {
      const cellphone = newCellphone();
      await auth.client.sendCellphoneCode({ cellphone: `+98${cellphone.slice(1)}`, purpose: CodePurpose.LOGIN });
      const sent = delivered.findLast((d) => d.receptor === cellphone);
      assert.ok(sent);
      assert.equal(sent.provider, 'kavenegar');
      assert.equal(sent.template, CODE_TEMPLATE);
      assert.match(sent.tokens[0]!, /^\d{6}$/);
      assert.deepEqual((await auth.client.listDevOutbox({ to: cellphone })).messages, []);
      const verified = await auth.client.verifyCellphoneCode({
        cellphone,
        code: sent.tokens[0]!,
        purpose: CodePurpose.LOGIN,
      });
      assert.equal(verified.user!.cellphone, cellphone);
    } finally {
      await auth.stop();
    }
  });

  test('Kavenegar: a refusal is EXC_AUTHENTICATION_MESSAGE_NOT_SENT and does not start the cooldown', async () => {
    const cellphone = newCellphone();
    const broken = await startTestAuth(database, {
      ...kavenegarEnv('revoked-key'),
      CELLPHONE_CODE_RESEND_SECONDS: '120',
    });
    try {
      await rejectsWith(
        broken.client.sendCellphoneCode({ cellphone, purpose: CodePurpose.LOGIN }),
        'EXC_AUTHENTICATION_MESSAGE_NOT_SENT',
      );
    } finally {
      await broken.stop();
    }
    const fixed = await startTestAuth(database, {
      ...kavenegarEnv(KAVENEGAR_KEY),
      CELLPHONE_CODE_RESEND_SECONDS: '120',
    });
    try {
      const sent = await fixed.client.sendCellphoneCode({ cellphone, purpose: CodePurpose.LOGIN });
      assert.equal(sent.cellphone, cellphone);
    } finally {
      await fixed.stop();
    }
  });

  test("sms.ir: codes go in the code template's CODE parameter, the cellphone-changed notice in its own template", async () => {
    const auth = await startTestAuth(database, smsirEnv());
    try {
      const old = newCellphone();
      await auth.client.sendCellphoneCode({ cellphone: old, purpose: CodePurpose.LOGIN });
      const sent = delivered.findLast((d) => d.receptor === old)!;
      assert.deepEqual([sent.provider, sent.template], ['smsir', SMSIR_CODE_TEMPLATE]);
      assert.match(sent.tokens[0]!, /^CODE=\d{6}$/);
      const { user, session } = await auth.client.verifyCellphoneCode({
        cellphone: old,
        code: sent.tokens[0]!.slice('CODE='.length),
        purpose: CodePurpose.LOGIN,
      });
      assert.ok(session);

      const fresh = newCellphone();
      await auth.client.sendCellphoneCode(
        { cellphone: fresh, purpose: CodePurpose.CHANGE_CELLPHONE },
        { userId: user!.id },
      );
      const code = delivered.findLast((d) => d.receptor === fresh)!.tokens[0]!.slice('CODE='.length);
      await auth.client.verifyCellphoneCode(
        { cellphone: fresh, code, purpose: CodePurpose.CHANGE_CELLPHONE },
        { userId: user!.id },
      );
      const notice = delivered.findLast((d) => d.receptor === old)!;
      assert.deepEqual(notice, {
        provider: 'smsir',
        receptor: old,
        template: SMSIR_NOTICE_TEMPLATE,
        tokens: [`TOKEN=${fresh.slice(-4)}`],
      });
      assert.deepEqual((await auth.client.listDevOutbox({ to: old })).messages, []);
    } finally {
      await auth.stop();
    }
  });

  test('the development outbox still works beside them: the same code message, readable', async () => {
    const auth = await startTestAuth(database, { CELLPHONE_CODE_RESEND_SECONDS: '0' });
    try {
      const cellphone = newCellphone();
      const before = delivered.length;
      await login(auth.client, cellphone);
      assert.equal(delivered.length, before, 'no provider was called');
      const [message] = (await auth.client.listDevOutbox({ to: cellphone })).messages;
      assert.equal(message!.text, `کد ورود شما به درمانکار: ${await latestCode(auth.client, cellphone)}`);
    } finally {
      await auth.stop();
    }
  });
});
