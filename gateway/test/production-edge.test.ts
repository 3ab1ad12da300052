// The gateway as production runs it (NODE_ENV=production): session cookies Secure and
// `__Host-` named, the API docs UI off unless enabled, PUBLIC_WEB_URL required. The auth
// service behind it runs in test mode; its development outbox is read through a second,
// development gateway, since a production one does not mount /api/dev.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConfigError } from '@darmankar/platform/config';
import { sessionCookieNames } from '@darmankar/platform/session-cookies';
import { parseGatewayConfig } from '../src/config.ts';
import {
  assertError,
  CookieJar,
  json,
  latestCode,
  newCellphone,
  productionCallerKeys,
  startGatewayFor,
  startStack,
  type Stack,
} from './helpers.ts';

const PUBLIC_WEB_URL = 'https://darmankar.example';
const names = sessionCookieNames(true);

describe('production configuration', () => {
  const keys = productionCallerKeys();
  const production = { NODE_ENV: 'production', ...keys.gatewayEnv };

  test('PUBLIC_WEB_URL is required in production, and defaults elsewhere', () => {
    assert.throws(
      () => parseGatewayConfig(production),
      (error: unknown) => error instanceof ConfigError && /PUBLIC_WEB_URL: required in production/.test(error.message),
    );
    assert.equal(parseGatewayConfig({ ...production, PUBLIC_WEB_URL }).PUBLIC_WEB_URL, PUBLIC_WEB_URL);
    assert.equal(parseGatewayConfig({ NODE_ENV: 'development' }).PUBLIC_WEB_URL, 'http://127.0.0.1:3000');
  });

  test('cookies are Secure and the docs UI is off by default in production only; both can be set either way', () => {
    const prod = parseGatewayConfig({ ...production, PUBLIC_WEB_URL });
    assert.equal(prod.COOKIE_SECURE, true);
    assert.equal(prod.API_DOCS_ENABLED, false);
    const dev = parseGatewayConfig({ NODE_ENV: 'development' });
    assert.equal(dev.COOKIE_SECURE, false);
    assert.equal(dev.API_DOCS_ENABLED, true);
    const overridden = parseGatewayConfig({
      ...production,
      PUBLIC_WEB_URL,
      COOKIE_SECURE: 'false',
      API_DOCS_ENABLED: 'true',
    });
    assert.equal(overridden.COOKIE_SECURE, false);
    assert.equal(overridden.API_DOCS_ENABLED, true);
    assert.equal(parseGatewayConfig({ NODE_ENV: 'development', COOKIE_SECURE: 'true' }).COOKIE_SECURE, true);
  });

  test('every Redis command has a short deadline by default, and a bad one stops the start', () => {
    assert.equal(parseGatewayConfig({}).REDIS_COMMAND_TIMEOUT_MS, 250);
    assert.throws(() => parseGatewayConfig({ REDIS_COMMAND_TIMEOUT_MS: '0' }), /REDIS_COMMAND_TIMEOUT_MS/);
  });
});

describe('a production gateway', () => {
  const keys = productionCallerKeys();
  let stack: Stack;
  let development: Awaited<ReturnType<typeof startGatewayFor>>;
  let withDocs: Awaited<ReturnType<typeof startGatewayFor>>;
  const urlOf = (gateway: { port: number }) => `http://127.0.0.1:${gateway.port}`;
  const api = (path: string) => `${stack.url}/api/v1/${path}`;

  before(async () => {
    stack = await startStack({
      authEnv: keys.serviceEnv,
      gatewayEnv: { NODE_ENV: 'production', PUBLIC_WEB_URL, ...keys.gatewayEnv },
    });
    development = await startGatewayFor(`127.0.0.1:${stack.auth.port}`, keys.gatewayEnv, stack.clock);
    withDocs = await startGatewayFor(
      `127.0.0.1:${stack.auth.port}`,
      { NODE_ENV: 'production', PUBLIC_WEB_URL, API_DOCS_ENABLED: 'true', ...keys.gatewayEnv },
      stack.clock,
    );
  });
  after(async () => {
    await withDocs?.stop();
    await development?.stop();
    await stack?.stop();
  });

  /** Logs in at the production gateway in cookie mode, reading the code through the development one. */
  async function loginWithCookies(jar: CookieJar): Promise<string> {
    const cellphone = newCellphone();
    assert.equal((await fetch(api(`authentication/cellphone/${cellphone}`), { method: 'POST' })).status, 200);
    const code = await latestCode(urlOf(development), cellphone);
    const verified = await fetch(api(`authentication/cellphone/${cellphone}/verify?next=Login`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-cookie': 'true' },
      body: JSON.stringify({ code }),
    });
    assert.equal(verified.status, 200);
    jar.take(verified);
    return cellphone;
  }

  test('login sets __Host- cookies: Secure, Path=/, no Domain; at and rt httpOnly, cd and cdv readable', async () => {
    const jar = new CookieJar(stack.clock);
    const cellphone = await loginWithCookies(jar);
    assert.deepEqual(
      [...jar.last.keys()].sort(),
      [names.access, names.clientData, names.clientDataVersion, names.refresh].sort(),
    );
    assert.deepEqual(names, {
      access: '__Host-at',
      refresh: '__Host-rt',
      clientData: '__Host-cd',
      clientDataVersion: '__Host-cdv',
    });
    for (const [name, line] of jar.last) {
      assert.match(line, /; Secure(;|$)/, `${name} is Secure`);
      assert.match(line, /; Path=\/(;|$)/, `${name} has Path=/`);
      assert.doesNotMatch(line, /Domain=/i, `${name} has no Domain`);
      assert.match(line, /SameSite=Lax/, `${name} is SameSite=Lax`);
    }
    assert.match(jar.last.get(names.access)!, /HttpOnly/);
    assert.match(jar.last.get(names.refresh)!, /HttpOnly/);
    assert.doesNotMatch(jar.last.get(names.clientData)!, /HttpOnly/);
    assert.deepEqual(JSON.parse(Buffer.from(jar.get(names.clientData)!, 'base64').toString()), { isLoggedIn: true });
    assert.equal(jar.get('at'), undefined, 'no bare cookie');

    const me = await fetch(api('authentication/cellphone'), { headers: { cookie: jar.header() } });
    assert.equal(me.status, 200);
    assert.deepEqual(await json(me), { cellphone });
  });

  test('the bare names are not read: a planted `at` or `rt` is nobody', async () => {
    const jar = new CookieJar(stack.clock);
    await loginWithCookies(jar);
    const access = jar.get(names.access)!;
    const refresh = jar.get(names.refresh)!;
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { cookie: `at=${access}` } }),
      401,
      'EXC_AUTHENTICATION_REQUIRED',
    );
    await assertError(
      await fetch(api('sessions/refresh'), { headers: { cookie: `rt=${refresh}`, 'accept-cookie': 'true' } }),
      401,
      'EXC_AUTHENTICATION_REQUIRED',
    );
  });

  test('refresh and logout work by the __Host- names, and logout clears them', async () => {
    const jar = new CookieJar(stack.clock);
    await loginWithCookies(jar);
    const before = jar.get(names.refresh);
    const refreshed = await fetch(api('sessions/refresh'), {
      headers: { cookie: jar.header(), 'accept-cookie': 'true', origin: PUBLIC_WEB_URL, 'sec-fetch-site': 'same-site' },
    });
    assert.equal(refreshed.status, 204);
    jar.take(refreshed);
    assert.notEqual(jar.get(names.refresh), before);
    assert.match(jar.last.get(names.refresh)!, /; Secure/);

    const crossSite = await fetch(api('sessions/refresh'), {
      headers: { cookie: jar.header(), 'accept-cookie': 'true', origin: 'http://127.0.0.1:3000' },
    });
    await assertError(crossSite, 403, 'EXC_CROSS_SITE_REQUEST_REFUSED');

    const out = await fetch(api('authentication/logout'), {
      method: 'DELETE',
      headers: { cookie: jar.header(), 'accept-cookie': 'true' },
    });
    assert.equal(out.status, 204);
    jar.take(out);
    assert.match(jar.last.get(names.access)!, /^__Host-at=; .*Secure/);
    assert.match(jar.last.get(names.refresh)!, /^__Host-rt=; .*Secure/);
    assert.equal(jar.get(names.access), undefined);
    assert.equal(jar.get(names.refresh), undefined);
    assert.deepEqual(JSON.parse(Buffer.from(jar.get(names.clientData)!, 'base64').toString()), { isLoggedIn: false });
  });

  test('the API docs UI is off unless API_DOCS_ENABLED=true; the OpenAPI document stays', async () => {
    await assertError(await fetch(`${stack.url}/api/docs/`), 404, 'EXC_API_NOT_FOUND');
    await assertError(await fetch(`${stack.url}/api/docs/swagger-ui-bundle.js`), 404, 'EXC_API_NOT_FOUND');
    const document = await fetch(`${stack.url}/api/v1/openapi.json`);
    assert.equal(document.status, 200);
    assert.ok((await json(document)).paths['/api/v1/ping']);

    const enabled = await fetch(`${urlOf(withDocs)}/api/docs/`);
    assert.equal(enabled.status, 200);
    assert.match(await enabled.text(), /swagger-ui/);
  });
});
