// The web server in front of a recording stand-in for the gateway: which client address the
// gateway is told (through the /api proxy and the server-side calls the app makes), security
// headers with a per-request CSP nonce on every inline script, and the /monitoring tunnel's
// refusals. Development mode always; production mode too when web/build is there.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  BUILD_PRESENT,
  startRecordingGateway,
  startWeb,
  type RecordingGateway,
  type RunningWeb,
} from './support/web-server.ts';

const randomAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A login form posted without JavaScript: the app's action calls the gateway server-side. */
function postLogin(web: RunningWeb, headers: Record<string, string>): Promise<Response> {
  const cellphone = `0912${String(randomInt(1_000_000, 9_999_999))}`;
  return fetch(`${web.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ cellphone, backURL: '/' }),
  });
}

function getApi(web: RunningWeb, headers: Record<string, string>): Promise<Response> {
  return fetch(`${web.url}/api/v1/ping`, { headers });
}

const ssrCalls = (gateway: RecordingGateway) =>
  gateway.requests.filter((r) => r.url.startsWith('/api/v1/authentication/cellphone/'));
const proxied = (gateway: RecordingGateway) => gateway.requests.filter((r) => r.url === '/api/v1/ping');

const modes = BUILD_PRESENT ? (['development', 'production'] as const) : (['development'] as const);
if (!BUILD_PRESENT)
  console.log('# web/build is missing: the production-mode cases run after `npm run build -w @darmankar/web`');

for (const mode of modes) {
  describe(`web server (${mode})`, () => {
    let gateway: RecordingGateway;
    let web: RunningWeb;
    let behindProxy: RunningWeb;

    before(async () => {
      gateway = await startRecordingGateway();
      web = await startWeb({ NODE_ENV: mode, GATEWAY_URL: gateway.url, MONITORING_RATE_LIMIT_POINTS: '3' });
      // The chart's setting: the ingress (here: loopback, where the test's requests come from) may forward.
      behindProxy = await startWeb({
        NODE_ENV: mode,
        GATEWAY_URL: gateway.url,
        TRUST_PROXY: '127.0.0.0/8',
        MONITORING_RATE_LIMIT_POINTS: '3',
      });
    });
    after(async () => {
      await web?.close();
      await behindProxy?.close();
      await gateway?.close();
    });

    test('without trusted proxies, 31 requests with forged X-Forwarded-For reach the gateway as one client', async () => {
      gateway.requests.length = 0;
      const forged: string[] = [];
      for (let i = 0; i < 31; i++) {
        const address = randomAddress();
        forged.push(address);
        const headers = { 'x-forwarded-for': address, forwarded: `for=${address}`, 'x-real-ip': address };
        const response = i % 2 === 0 ? await getApi(web, headers) : await postLogin(web, headers);
        await response.arrayBuffer();
        assert.ok(response.status < 400, `request ${i}: ${response.status}`);
      }
      assert.equal(proxied(gateway).length, 16, 'every /api request went through the proxy');
      assert.equal(ssrCalls(gateway).length, 15, 'every login form made its server-side call');
      const seen = new Set(gateway.requests.map((r) => r.headers['x-forwarded-for']));
      assert.deepEqual([...seen], ['127.0.0.1'], 'one client: the socket peer');
      for (const request of gateway.requests) {
        assert.equal(request.headers.forwarded, undefined);
        assert.equal(request.headers['x-real-ip'], undefined);
        for (const address of forged)
          assert.ok(!JSON.stringify(request.headers).includes(`"${address}`), `${address} leaked to the gateway`);
      }
    });

    test('behind a trusted proxy, two forwarded clients are two (and a forged hop before them is ignored)', async () => {
      gateway.requests.length = 0;
      for (const send of [getApi, postLogin]) {
        await (await send(behindProxy, { 'x-forwarded-for': '203.0.113.5' })).arrayBuffer();
        await (await send(behindProxy, { 'x-forwarded-for': '198.51.100.7' })).arrayBuffer();
        await (await send(behindProxy, { 'x-forwarded-for': '6.6.6.6, 203.0.113.5' })).arrayBuffer();
      }
      const forwarded = (requests: typeof gateway.requests) => requests.map((r) => r.headers['x-forwarded-for']);
      assert.deepEqual(forwarded(proxied(gateway)), ['203.0.113.5', '198.51.100.7', '203.0.113.5']);
      assert.deepEqual(forwarded(ssrCalls(gateway)), ['203.0.113.5', '198.51.100.7', '203.0.113.5']);
    });

    test('pages carry security headers and a fresh CSP nonce on every inline script', async () => {
      const nonces: string[] = [];
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${web.url}/`);
        const html = await response.text();
        assert.equal(response.status, 200);
        const csp = response.headers.get('content-security-policy') ?? '';
        const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
        assert.ok(nonce, `a nonce in the CSP: ${csp}`);
        assert.match(csp, /frame-ancestors 'none'/);
        assert.match(csp, /object-src 'none'/);
        assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
        assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
        assert.equal(response.headers.has('strict-transport-security'), mode === 'production');
        const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]!);
        assert.ok(inline.length >= 3, `the page has its inline scripts (${inline.length})`);
        for (const attributes of inline)
          assert.ok(attributes.includes(`nonce="${nonce}"`), `inline script without the nonce: <script${attributes}>`);
        nonces.push(nonce);
      }
      assert.notEqual(nonces[0], nonces[1], 'a new nonce per response');
    });

    test('every other response carries the headers too', async () => {
      for (const path of ['/healthz', '/api/v1/ping', '/favicon.svg', '/no-such-page']) {
        const response = await fetch(`${web.url}${path}`);
        await response.arrayBuffer();
        assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      }
    });

    test('/monitoring takes same-origin JSON only, within a budget per client', async () => {
      const report = (
        target: RunningWeb,
        headers: Record<string, string>,
        body = JSON.stringify({ message: 'TypeError: x', path: '/' }),
      ) =>
        fetch(`${target.url}/monitoring`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
      const expect = async (response: Promise<Response>, status: number, code?: string) => {
        const answer = await response;
        await answer.arrayBuffer();
        assert.equal(answer.status, status);
        if (code) assert.equal(answer.headers.get('exc'), code);
      };
      const origin = behindProxy.url;
      await expect(report(behindProxy, { origin, 'content-type': 'text/plain' }), 415, 'EXC_UNSUPPORTED_MEDIA_TYPE');
      await expect(
        report(behindProxy, { origin, 'content-type': 'application/x-www-form-urlencoded' }, 'message=x'),
        415,
        'EXC_UNSUPPORTED_MEDIA_TYPE',
      );
      await expect(report(behindProxy, { origin: 'https://evil.example' }), 403, 'EXC_CROSS_SITE_REQUEST_REFUSED');
      await expect(
        report(behindProxy, { origin, 'sec-fetch-site': 'cross-site' }),
        403,
        'EXC_CROSS_SITE_REQUEST_REFUSED',
      );
      await expect(report(behindProxy, { 'sec-fetch-site': 'same-site' }), 403, 'EXC_CROSS_SITE_REQUEST_REFUSED');
      await expect(report(behindProxy, {}), 403, 'EXC_CROSS_SITE_REQUEST_REFUSED');
      // Refusals cost nothing; three accepted reports use up the budget of one client …
      const client = { 'x-forwarded-for': '203.0.113.9' };
      await expect(report(behindProxy, { ...client, origin }), 204);
      await expect(report(behindProxy, { ...client, 'sec-fetch-site': 'same-origin' }), 204);
      await expect(
        report(behindProxy, { ...client, origin, 'sec-fetch-site': 'same-origin' }, '{}'),
        400,
        'EXC_BAD_REQUEST',
      );
      await expect(report(behindProxy, { ...client, origin }), 429, 'EXC_TOO_MANY_REQUESTS');
      // … and not another's.
      await expect(report(behindProxy, { 'x-forwarded-for': '198.51.100.9', origin }), 204);
      // Without a trusted proxy a forged address does not buy a fresh budget.
      for (let i = 0; i < 3; i++)
        await expect(report(web, { 'x-forwarded-for': randomAddress(), origin: web.url }), 204);
      await expect(report(web, { 'x-forwarded-for': randomAddress(), origin: web.url }), 429, 'EXC_TOO_MANY_REQUESTS');
    });
  });
}
