// The API client against a real local HTTP server speaking the gateway's error contract.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { ApiError, createApiClient, orEmpty } from '../app/lib/api.ts';
import { createServerApi } from '../app/lib/api.server.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
const seen: Array<{ method: string; url: string; cookie?: string; acceptCookie?: string }> = [];
const server = createServer((req, res) => {
  seen.push({
    method: req.method!,
    url: req.url!,
    cookie: req.headers.cookie,
    acceptCookie: req.headers['accept-cookie'] as string,
  });
  handler(req, res);
});
let base = '';

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
after(() => server.close());

function fail(res: ServerResponse, status: number, codes: string[]) {
  res.writeHead(status, { exc: codes.join(','), 'content-type': 'application/json' });
  res.end(JSON.stringify({ exc: codes, message: codes.join(',') }));
}

test('sends Accept-Cookie and raises every exc code of a failure', async () => {
  seen.length = 0;
  handler = (_req, res) => fail(res, 400, ['EXC_RESUMES_FIRST_NAME_IS_REQUIRED', 'EXC_RESUMES_LAST_NAME_IS_REQUIRED']);
  const api = createApiClient({ baseUrl: base });
  const error = await api.post('/resumes', { body: {} }).catch((e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.deepEqual(error.codes, ['EXC_RESUMES_FIRST_NAME_IS_REQUIRED', 'EXC_RESUMES_LAST_NAME_IS_REQUIRED']);
  assert.equal(error.status, 400);
  assert.equal(seen[0]?.acceptCookie, 'true');
});

test('a failure without codes is EXC_UNKNOWN; non-EXC messages are reported, not shown', async () => {
  const reported: string[] = [];
  handler = (_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ exc: ['database exploded'] }));
  };
  const api = createApiClient({ baseUrl: base, hooks: { reportUnexpected: (m) => reported.push(m) } });
  const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
  assert.deepEqual(error.codes, ['EXC_UNKNOWN']);
  assert.deepEqual(reported, ['database exploded']);
});

test('"not available yet" (EXC_API_NOT_FOUND) reads as empty, other errors still raise', async () => {
  handler = (_req, res) => fail(res, 404, ['EXC_API_NOT_FOUND']);
  const api = createApiClient({ baseUrl: base });
  assert.equal(await orEmpty(api.get('/resumes/by-current-user')), null);
  handler = (_req, res) => fail(res, 403, ['EXC_AUTHORIZATION_FORBIDDEN']);
  await assert.rejects(
    orEmpty(api.get('/resumes/by-current-user')),
    (e: ApiError) => e.codes[0] === 'EXC_AUTHORIZATION_FORBIDDEN',
  );
});

test('expired access token: refresh, retrying every second until it succeeds, then replay with the new cookies', async () => {
  seen.length = 0;
  let refreshCalls = 0;
  handler = (req, res) => {
    if (req.url === '/api/v1/sessions/refresh') {
      refreshCalls++;
      if (refreshCalls < 3) return fail(res, 503, ['EXC_SERVICE_UNAVAILABLE']);
      res.writeHead(204, { 'set-cookie': ['at=fresh; Path=/; HttpOnly', 'rt=r2; Path=/; HttpOnly'] });
      return res.end();
    }
    if (req.headers.cookie?.includes('at=fresh')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ cellphone: '09121234567' }));
    }
    fail(res, 401, ['EXC_SESSIONS_ACCESS_TOKEN_VALIDITY']);
  };
  const request = new Request('http://web.test/', { headers: { cookie: 'at=stale; rt=r1' } });
  const pauses: number[] = [];
  const { api, jar } = createServerApi(request, base.replace(/\/api\/v1$/, ''), undefined, {
    sleep: async (ms) => {
      pauses.push(ms);
    },
  });
  const answer = await api.get<{ cellphone: string }>('/authentication/cellphone');
  assert.equal(answer.cellphone, '09121234567');
  assert.equal(refreshCalls, 3);
  assert.deepEqual(pauses, [1000, 1000], 'a one-second pause before each retry');
  assert.deepEqual(
    seen.map((s) => s.url),
    [
      '/api/v1/authentication/cellphone',
      '/api/v1/sessions/refresh',
      '/api/v1/sessions/refresh',
      '/api/v1/sessions/refresh',
      '/api/v1/authentication/cellphone',
    ],
  );
  assert.equal(seen.at(-1)?.cookie, 'at=fresh; rt=r2');
  assert.deepEqual(jar.setCookies, ['at=fresh; Path=/; HttpOnly', 'rt=r2; Path=/; HttpOnly']);
});

test('concurrent calls share one refresh; a dead session stops the retries at once', async () => {
  let refreshCalls = 0;
  handler = (req, res) => {
    if (req.url === '/api/v1/sessions/refresh') {
      refreshCalls++;
      // Slow enough that all three calls are waiting on this one refresh.
      return setTimeout(() => fail(res, 401, ['EXC_SESSIONS_REFRESH_TOKEN_INVALID']), 150);
    }
    fail(res, 401, ['EXC_SESSIONS_ACCESS_TOKEN_VALIDITY']);
  };
  const api = createApiClient({ baseUrl: base, refreshRetryDelayMs: 10 });
  const results = await Promise.allSettled([api.get('/a'), api.get('/b'), api.get('/c')]);
  assert.equal(refreshCalls, 1);
  for (const result of results) {
    assert.equal(result.status, 'rejected');
    assert.deepEqual((result as PromiseRejectedResult).reason.codes, ['EXC_SESSIONS_REFRESH_TOKEN_INVALID']);
  }
});

test('server-side refresh is bounded; a gateway that is down is EXC_SERVICE_UNAVAILABLE', async () => {
  let refreshCalls = 0;
  handler = (req, res) => {
    if (req.url === '/api/v1/sessions/refresh') {
      refreshCalls++;
      return fail(res, 503, ['EXC_SERVICE_UNAVAILABLE']);
    }
    fail(res, 401, ['EXC_SESSIONS_ACCESS_TOKEN_VALIDITY']);
  };
  const api = createApiClient({ baseUrl: base, maxRefreshAttempts: 3, refreshRetryDelayMs: 5 });
  await assert.rejects(api.get('/a'), (e: ApiError) => e.codes[0] === 'EXC_SERVICE_UNAVAILABLE');
  assert.equal(refreshCalls, 3);
  const down = createApiClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
  await assert.rejects(
    down.get('/ping'),
    (e: ApiError) => e.codes[0] === 'EXC_SERVICE_UNAVAILABLE' && e.status === 503,
  );
});

test('typed calls fill the contract path template, encode its parameters and send query and body', async () => {
  seen.length = 0;
  const bodies: string[] = [];
  handler = (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ user: { id: 'u1', cellphone: '09121234567', email: '', emailVerified: false, isNew: true } }),
      );
    });
  };
  const api = createApiClient({ baseUrl: base });
  const verified = await api.call('post', '/authentication/cellphone/{cellphone}/verify', {
    params: { cellphone: '+98 912/123' },
    query: { next: 'Login' },
    body: { code: '12345' },
  });
  assert.equal(verified.user.isNew, true);
  assert.deepEqual(
    seen.map((s) => `${s.method} ${s.url}`),
    ['POST /api/v1/authentication/cellphone/%2B98%20912%2F123/verify?next=Login'],
  );
  assert.deepEqual(bodies, ['{"code":"12345"}']);
});

// Checked by the web app's type-check: a call that strays from the gateway's document does not compile.
export function callsOutsideTheContract(api: ReturnType<typeof createApiClient>): void {
  // @ts-expect-error the path is not in the contract
  void api.call('get', '/authentication/phone');
  // @ts-expect-error the contract has no GET on this path
  void api.call('get', '/authentication/logout');
  // @ts-expect-error the template's {cellphone} must be given
  void api.call('post', '/authentication/cellphone/{cellphone}');
  void api.call('post', '/authentication/cellphone/{cellphone}/verify', {
    params: { cellphone: '0912' },
    // @ts-expect-error `next` is one of the contract's values
    query: { next: 'Signup' },
    body: { code: '1' },
  });
  void api.call('post', '/authentication/cellphone/{cellphone}/verify', {
    params: { cellphone: '0912' },
    query: { next: 'Login' },
    // @ts-expect-error the verify body needs `code`
    body: {},
  });
  void api.call('get', '/authentication/cellphone').then((answer) => {
    // @ts-expect-error the answer is `{ cellphone }`, nothing more
    void answer.email;
  });
}

test("a server render forwards the visitor's user agent and address (crawlers are not counted against the quota)", async () => {
  let userAgent: string | undefined;
  let forwardedFor: string | undefined;
  handler = (req, res) => {
    userAgent = req.headers['user-agent'];
    forwardedFor = req.headers['x-forwarded-for'] as string | undefined;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  };
  const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  const request = new Request('http://web.test/', { headers: { 'user-agent': crawler } });
  const { api } = createServerApi(request, base.replace(/\/api\/v1$/, ''), '203.0.113.7');
  await api.get('/ping');
  assert.equal(userAgent, crawler);
  assert.equal(forwardedFor, '203.0.113.7');
});
