// Back URLs and post-login redirects stay on our origin, however the value is spelled: each is
// resolved as a browser resolves a Location header and accepted only when still ours.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RouterContextProvider } from 'react-router';
import { createServerApi, provideServerApi } from '../app/lib/api.server.ts';
import { safeBackURL } from '../app/lib/route-guards.ts';
import { action as roleAction, loader as roleLoader } from '../app/routes/login-role.tsx';
import { loader as loginLoader } from '../app/routes/login.tsx';
import { loader as verifyLoader } from '../app/routes/login-verify.tsx';

const ORIGIN = 'http://web.test';

/** Values as they arrive (already URL-decoded from the query or form). */
const BAD = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/%09/evil',
  '/\\evil',
  '\\/evil',
  '/%5Cevil',
  '//evil.example',
  '///evil.example',
  '/.//evil.example',
  'https://evil.example',
  'http://web.test.evil.example/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
];

/** Where a browser ends up when it follows `location` from a page on our origin. */
function landing(location: string): URL {
  return new URL(location, ORIGIN);
}

test('bad back URLs fall back to the default page or stay on our origin', () => {
  for (const value of BAD) {
    const resolved = safeBackURL(value, ORIGIN);
    assert.equal(landing(resolved).origin, ORIGIN, `${JSON.stringify(value)} → ${resolved}`);
    assert.ok(!/^\/[/\\]/.test(resolved), `${JSON.stringify(value)} → ${resolved} could be read as a host`);
  }
  // Values that leave the origin are refused outright.
  for (const value of [
    '/\t/evil.example',
    '/\\evil',
    '\\/evil',
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
  ]) {
    assert.equal(safeBackURL(value, ORIGIN), '/', JSON.stringify(value));
    assert.equal(safeBackURL(value, ORIGIN, '/employers'), '/employers', JSON.stringify(value));
  }
  // Encoded separators stay a (harmless, not found) path on our site.
  assert.equal(safeBackURL('/%09/evil', ORIGIN), '/%09/evil');
  assert.equal(safeBackURL('/%5Cevil', ORIGIN), '/%5Cevil');
});

test('good back URLs are kept with their query and fragment', () => {
  assert.equal(safeBackURL('/employers', ORIGIN), '/employers');
  assert.equal(safeBackURL('/en/pricing?x=1#y', ORIGIN), '/en/pricing?x=1#y');
  assert.equal(safeBackURL('http://web.test/about-us', ORIGIN), '/about-us');
  assert.equal(safeBackURL('', ORIGIN), '/');
  assert.equal(safeBackURL(null, ORIGIN), '/');
});

const loggedIn = `cd=${encodeURIComponent(Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64'))}`;
const context = new RouterContextProvider();
// No gateway answers here: the pages' metadata falls back to the catalogue's.
provideServerApi(context, createServerApi(new Request(ORIGIN), 'http://127.0.0.1:9'));

test('the login pages carry only safe back URLs into their forms (raw query strings)', async () => {
  for (const raw of [
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%5Cevil',
    '%5C/evil',
    '//evil.example',
    'https:%2F%2Fevil.example',
    'javascript:alert(1)',
  ]) {
    const url = `${ORIGIN}/login?backURL=${raw}`;
    const login = (await loginLoader({ request: new Request(url), params: {}, context } as never)) as {
      backURL: string;
    };
    assert.equal(landing(login.backURL).origin, ORIGIN, `login ${raw} → ${login.backURL}`);
    const role = (await roleLoader({
      request: new Request(url, { headers: { cookie: loggedIn } }),
      params: {},
      context,
    } as never)) as { backURL: string };
    assert.equal(landing(role.backURL).origin, ORIGIN, `role ${raw} → ${role.backURL}`);
    // Without the login-state cookie the verify page sends the person back to /login, keeping the back URL.
    const redirect = await Promise.resolve(
      verifyLoader({ request: new Request(url), params: {}, context } as never),
    ).catch((thrown: unknown) => thrown);
    assert.ok(redirect instanceof Response);
    const backURL = new URL(redirect.headers.get('location')!, ORIGIN).searchParams.get('backURL')!;
    assert.equal(landing(backURL).origin, ORIGIN, `verify ${raw} → ${backURL}`);
  }
});

test('the last step of a login without JavaScript ends on our origin for every bad back URL', async () => {
  for (const value of [...BAD, '/employers', '/en/pricing?x=1#y']) {
    for (const role of ['applicant', 'employer']) {
      for (const path of ['/login/role', '/en/login/role']) {
        const body = new URLSearchParams({ backURL: value, role });
        const request = new Request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { cookie: loggedIn } });
        const response = (await roleAction({ request, params: {}, context } as never)) as Response;
        assert.equal(response.status, 302);
        const location = response.headers.get('location')!;
        assert.equal(landing(location).origin, ORIGIN, `${role} ${JSON.stringify(value)} → ${location}`);
        assert.ok(!/^\/[/\\]/.test(location), `${JSON.stringify(value)} → ${location}`);
      }
    }
  }
  const applicant = new Request(`${ORIGIN}/login/role`, {
    method: 'POST',
    body: new URLSearchParams({ backURL: '/en/pricing?x=1#y', role: 'applicant' }),
    headers: { cookie: loggedIn },
  });
  assert.equal(
    ((await roleAction({ request: applicant, params: {}, context } as never)) as Response).headers.get('location'),
    '/en/pricing?x=1#y',
  );
});
