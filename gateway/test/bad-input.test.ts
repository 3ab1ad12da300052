// Every bad input of the auth endpoints answers its exact EXC_* code and status, never a 500.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError, json, latestCode, newCellphone, startStack, type Stack } from './helpers.ts';

let stack: Stack;
// Short code lifetime for the expiry test; three wrong attempts end a code.
before(async () => {
  stack = await startStack({ authEnv: { CELLPHONE_CODE_TTL_SECONDS: '60', CELLPHONE_CODE_MAX_ATTEMPTS: '3' } });
});
after(async () => {
  await stack?.stop();
});

const api = (path: string) => `${stack.url}/api/v1/${path}`;
const jsonPost = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('cellphone', () => {
  for (const [label, cellphone] of [
    ['letters', '0912abc4567'],
    ['too short', '0912123'],
    ['wrong prefix', '08121234567'],
    ['too long', '091212345678'],
  ] as const) {
    test(`invalid cellphone (${label}) → 400 EXC_AUTHENTICATION_CELLPHONE_IS_INVALID on send and verify`, async () => {
      await assertError(
        await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' }),
        400,
        'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
      );
      await assertError(
        await jsonPost(api(`authentication/cellphone/${cellphone}/verify?next=Login`), '{"code":"123456"}'),
        400,
        'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
      );
    });
  }

  test('Persian digits and +98 are accepted and normalised', async () => {
    const cellphone = newCellphone();
    const persian = cellphone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const sent = await fetch(api(`authentication/cellphone/${encodeURIComponent(persian)}`), { method: 'POST' });
    assert.equal(sent.status, 200);
    assert.equal((await json(sent)).cellphone, cellphone);

    const code = await latestCode(stack.url, cellphone);
    const persianCode = code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const verified = await jsonPost(
      api(`authentication/cellphone/${encodeURIComponent(`+98${cellphone.slice(1)}`)}/verify?next=Login`),
      JSON.stringify({ code: persianCode }),
    );
    assert.equal(verified.status, 200);
    assert.equal((await json(verified)).user.cellphone, cellphone);
  });
});

describe('one-time code', () => {
  test('wrong code → 400 EXC_AUTHENTICATION_CODE_IS_INVALID; too many attempts → 429 EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED', async () => {
    const cellphone = newCellphone();
    await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' });
    const code = await latestCode(stack.url, cellphone);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (c: string) =>
      jsonPost(api(`authentication/cellphone/${cellphone}/verify?next=Login`), JSON.stringify({ code: c }));
    for (let attempt = 1; attempt < 3; attempt++)
      await assertError(await verify(wrong), 400, 'EXC_AUTHENTICATION_CODE_IS_INVALID');
    // The third wrong attempt spends the code: even the right one no longer works.
    await assertError(await verify(wrong), 429, 'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED');
    await assertError(await verify(code), 429, 'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED');
    // This client used up a code's guesses: it is locked out of the number for a while, and the
    // gateway passes the auth service's own code on (a declared code, not EXC_UNKNOWN).
    await assertError(
      await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' }),
      429,
      'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
    );
  });

  test('expired code → 400 EXC_AUTHENTICATION_CODE_IS_EXPIRED', async () => {
    const cellphone = newCellphone();
    await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' });
    const code = await latestCode(stack.url, cellphone);
    stack.clock.advance(61_000);
    await assertError(
      await jsonPost(api(`authentication/cellphone/${cellphone}/verify?next=Login`), JSON.stringify({ code })),
      400,
      'EXC_AUTHENTICATION_CODE_IS_EXPIRED',
    );
  });

  test('empty or absent code field → 400 EXC_AUTHENTICATION_CODE_IS_REQUIRED', async () => {
    const url = api(`authentication/cellphone/${newCellphone()}/verify?next=Login`);
    await assertError(await jsonPost(url, '{}'), 400, 'EXC_AUTHENTICATION_CODE_IS_REQUIRED');
    await assertError(await jsonPost(url, '{"code":"  "}'), 400, 'EXC_AUTHENTICATION_CODE_IS_REQUIRED');
  });

  test('a code that is not six digits → 400 EXC_AUTHENTICATION_CODE_IS_INVALID before any service call; Persian digits are read', async () => {
    const cellphone = newCellphone();
    await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' });
    const code = await latestCode(stack.url, cellphone);
    const url = api(`authentication/cellphone/${cellphone}/verify?next=Login`);
    // More than CELLPHONE_CODE_MAX_ATTEMPTS malformed codes: none spends an attempt.
    for (const malformed of ['12345', '1234567', '12a456', '۱۲۳۴۵', '12 3456', '١٢٣٤٥٦٧']) {
      await assertError(
        await jsonPost(url, JSON.stringify({ code: malformed })),
        400,
        'EXC_AUTHENTICATION_CODE_IS_INVALID',
      );
    }
    const persian = code.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]!);
    assert.equal((await jsonPost(url, JSON.stringify({ code: persian }))).status, 200);
  });
});

describe('request shape', () => {
  const verifyUrl = () => api(`authentication/cellphone/${newCellphone()}/verify?next=Login`);

  test('missing body → 400 EXC_BAD_REQUEST (no body, and a body that is not JSON)', async () => {
    await assertError(await fetch(verifyUrl(), { method: 'POST' }), 400, 'EXC_BAD_REQUEST');
    await assertError(
      await fetch(verifyUrl(), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'code=12345' }),
      400,
      'EXC_BAD_REQUEST',
    );
  });

  test('malformed JSON → 400 EXC_BAD_REQUEST', async () => {
    await assertError(await jsonPost(verifyUrl(), '{"code": "123'), 400, 'EXC_BAD_REQUEST');
  });

  test('wrong types → 400 EXC_BAD_REQUEST', async () => {
    await assertError(await jsonPost(verifyUrl(), '{"code": 12345}'), 400, 'EXC_BAD_REQUEST');
    await assertError(await jsonPost(verifyUrl(), '["12345"]'), 400, 'EXC_BAD_REQUEST');
    await assertError(await jsonPost(verifyUrl(), '{"code": ["12345"]}'), 400, 'EXC_BAD_REQUEST');
  });

  test('body over 100 kB → 413 EXC_PAYLOAD_TOO_LARGE', async () => {
    await assertError(
      await jsonPost(verifyUrl(), JSON.stringify({ code: 'x'.repeat(101 * 1024) })),
      413,
      'EXC_PAYLOAD_TOO_LARGE',
    );
  });

  test('unknown or missing next → 400 EXC_AUTHENTICATION_NEXT_IS_INVALID', async () => {
    const base = api(`authentication/cellphone/${newCellphone()}/verify`);
    await assertError(
      await jsonPost(`${base}?next=Register`, '{"code":"123456"}'),
      400,
      'EXC_AUTHENTICATION_NEXT_IS_INVALID',
    );
    await assertError(await jsonPost(base, '{"code":"123456"}'), 400, 'EXC_AUTHENTICATION_NEXT_IS_INVALID');
    await assertError(
      await jsonPost(`${base}?next=Login&next=Login`, '{"code":"123456"}'),
      400,
      'EXC_AUTHENTICATION_NEXT_IS_INVALID',
    );
  });

  test('next=ChangeCellphone without a session → 401 EXC_AUTHENTICATION_REQUIRED', async () => {
    await assertError(
      await jsonPost(
        api(`authentication/cellphone/${newCellphone()}/verify?next=ChangeCellphone`),
        '{"code":"123456"}',
      ),
      401,
      'EXC_AUTHENTICATION_REQUIRED',
    );
  });

  test('malformed percent-encoding in the path → 400 EXC_BAD_REQUEST', async () => {
    await assertError(
      await fetch(api('authentication/cellphone/%E0%A4%A'), { method: 'POST' }),
      400,
      'EXC_BAD_REQUEST',
    );
  });

  test('unknown path → 404 EXC_API_NOT_FOUND, under /api and elsewhere; wrong method too', async () => {
    await assertError(await fetch(api('no/such/thing')), 404, 'EXC_API_NOT_FOUND');
    await assertError(await fetch(`${stack.url}/somewhere`), 404, 'EXC_API_NOT_FOUND');
    await assertError(await fetch(api('ping'), { method: 'DELETE' }), 404, 'EXC_API_NOT_FOUND');
  });

  test('dev outbox needs `to` → 400 EXC_BAD_REQUEST', async () => {
    await assertError(await fetch(`${stack.url}/api/dev/outbox`), 400, 'EXC_BAD_REQUEST');
  });
});

describe('edge', () => {
  test('ping answers without any service call', async () => {
    const response = await fetch(api('ping'));
    assert.equal(response.status, 200);
    assert.deepEqual(await json(response), { pong: true });
  });

  test('request id: a given x-request-id is echoed; otherwise one is made', async () => {
    const given = await fetch(api('ping'), { headers: { 'x-request-id': 'req-test-123' } });
    assert.equal(given.headers.get('x-request-id'), 'req-test-123');
    const made = await fetch(api('no/such'));
    assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const hostile = await fetch(api('ping'), { headers: { 'x-request-id': 'a b<script>' } });
    assert.notEqual(hostile.headers.get('x-request-id'), 'a b<script>');
  });

  test('openapi.json (3.1) lists every route with its parameters, body and the exc header', async () => {
    const document = await json(await fetch(api('openapi.json')));
    assert.equal(document.openapi, '3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const expected of [
      'POST /api/v1/authentication/cellphone/{cellphone}',
      'PUT /api/v1/authentication/cellphone/{cellphone}',
      'POST /api/v1/authentication/cellphone/{cellphone}/verify',
      'PUT /api/v1/authentication/cellphone/{cellphone}/verify',
      'GET /api/v1/sessions/refresh',
      'DELETE /api/v1/authentication/logout',
      'GET /api/v1/authentication/cellphone',
      'GET /api/v1/authentication/email',
      'POST /api/v1/authentication/email/{email}',
      'GET /api/v1/authentication/email/{email}/verify',
      'GET /api/v1/ping',
      'GET /api/dev/outbox',
      'GET /healthz',
      'GET /readyz',
    ])
      assert.ok(operations.includes(expected), `${expected} is documented`);
    // The auth module's operations are exactly these (other modules document their own).
    assert.equal(
      operations.filter((operation) => / \/api\/v1\/(authentication|sessions)\//.test(operation)).length,
      10,
    );

    const verify = document.paths['/api/v1/authentication/cellphone/{cellphone}/verify'].post;
    assert.deepEqual(
      verify.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, p.in, p.required]),
      [
        ['cellphone', 'path', true],
        ['next', 'query', true],
      ],
    );
    assert.deepEqual(verify.parameters[1].schema.enum, ['Login', 'ChangeCellphone']);
    assert.deepEqual(verify.requestBody.content['application/json'].schema.required, ['code']);
    assert.ok(verify.responses['400'].description.includes('EXC_AUTHENTICATION_NEXT_IS_INVALID'));
    assert.equal(verify.responses['400'].headers.exc.$ref, '#/components/headers/exc');
    assert.ok(verify.responses['429'].description.includes('EXC_TOO_MANY_REQUESTS'));
  });

  test('the docs page is served from the gateway (swagger-ui assets included)', async () => {
    const page = await fetch(`${stack.url}/api/docs/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /swagger-ui/);
    const asset = await fetch(`${stack.url}/api/docs/swagger-ui-bundle.js`);
    assert.equal(asset.status, 200);
    assert.ok((await asset.text()).length > 100_000);
  });

  test('liveness and readiness', async () => {
    assert.equal((await fetch(`${stack.url}/healthz`)).status, 200);
    const ready = await fetch(`${stack.url}/readyz`);
    assert.equal(ready.status, 200);
    const body = await json(ready);
    assert.equal(body.status, 'ready');
    assert.equal(body.services.auth, 'serving');
  });
});
