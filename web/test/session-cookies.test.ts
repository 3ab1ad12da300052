// The web app reads the gateway's client data cookie by the name the gateway gives it:
// `__Host-cd` when the session cookies are Secure (production), `cd` over plain http.
// The header's data comes from a local HTTP server standing in for the gateway.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { sessionCookieNames } from '@darmankar/platform/session-cookies';
import { createServerApi } from '../app/lib/api.server.ts';
import { loadViewer, sessionCookies } from '../app/lib/viewer.server.ts';
import { LOGGED_OUT } from '../app/lib/viewer.ts';

const loggedIn = Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64');
const calls: string[] = [];
const gateway = createServer((req, res) => {
  calls.push(`${req.method} ${req.url}`);
  if (req.url === '/api/v1/resumes/by-current-user') {
    res.writeHead(404, { 'content-type': 'application/json', exc: 'EXC_RESUME_ID_IS_INVALID' });
    res.end(JSON.stringify({ exc: ['EXC_RESUME_ID_IS_INVALID'], message: 'no resume' }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(req.url === '/api/v1/authentication/cellphone' ? { cellphone: '09121234567' } : { items: [] }),
  );
});
let gatewayUrl = '';

before(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
after(() => gateway.close());

function viewerFor(cookie: string, secure?: boolean) {
  const { api, jar } = createServerApi(new Request('http://web.test/', { headers: { cookie } }), gatewayUrl);
  return secure === undefined ? loadViewer(api, jar) : loadViewer(api, jar, sessionCookieNames(secure));
}

test('the names: bare over plain http, __Host- prefixed when Secure', () => {
  assert.deepEqual(sessionCookieNames(false), {
    access: 'at',
    refresh: 'rt',
    clientData: 'cd',
    clientDataVersion: 'cdv',
  });
  assert.deepEqual(sessionCookieNames(true), {
    access: '__Host-at',
    refresh: '__Host-rt',
    clientData: '__Host-cd',
    clientDataVersion: '__Host-cdv',
  });
});

test('Secure cookies (production): __Host-cd says logged in; a bare cd is not read', async () => {
  calls.length = 0;
  const viewer = await viewerFor(`__Host-cd=${loggedIn}; __Host-at=token`, true);
  assert.equal(viewer.isLoggedIn, true);
  assert.equal(viewer.isLoggedIn && viewer.cellphone, '09121234567');
  assert.ok(calls.includes('GET /api/v1/authentication/cellphone'));

  calls.length = 0;
  assert.deepEqual(await viewerFor(`cd=${loggedIn}; at=token`, true), LOGGED_OUT);
  assert.deepEqual(calls, [], 'a planted bare cd costs no gateway call');
});

test('plain http (development, this test process): cd by its bare name, the default names of this server', async () => {
  assert.equal(sessionCookies().clientData, 'cd');
  const viewer = await viewerFor(`cd=${loggedIn}`);
  assert.equal(viewer.isLoggedIn, true);
  assert.deepEqual(await viewerFor(`__Host-cd=${loggedIn}`, false), LOGGED_OUT);
});
