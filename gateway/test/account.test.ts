// Login in cookie mode and a logged-in user's account (cellphone change, email verification), end to end.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError, CookieJar, json, login, newCellphone, startStack, type Stack } from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

const api = (path: string) => `${stack.url}/api/v1/${path}`;

describe('cookie mode (Accept-Cookie)', () => {
  test('login sets at, rt (httpOnly, SameSite=Lax), cd logged in and cdv; the cookie session works', async () => {
    const cellphone = newCellphone();
    const jar = new CookieJar(stack.clock);
    const { user, session } = await login(stack.url, cellphone, jar);
    assert.equal(user.cellphone, cellphone);
    assert.equal(user.isNew, true);
    assert.equal(session, undefined, 'no tokens in the body in cookie mode');

    assert.match(jar.last.get('at')!, /HttpOnly/);
    assert.match(jar.last.get('at')!, /SameSite=Lax/);
    assert.match(jar.last.get('at')!, /Max-Age=(899|900);/);
    assert.match(jar.last.get('rt')!, /HttpOnly/);
    assert.match(jar.last.get('rt')!, /Max-Age=259\d{4}/); // about 30 days
    assert.doesNotMatch(jar.last.get('cd')!, /HttpOnly/);
    assert.deepEqual(JSON.parse(Buffer.from(jar.get('cd')!, 'base64').toString()), { isLoggedIn: true });
    assert.match(jar.last.get('cdv')!, /^cdv=No-Version; Max-Age=31536000;/);

    const me = await fetch(api('authentication/cellphone'), { headers: { cookie: jar.header() } });
    assert.equal(me.status, 200);
    assert.deepEqual(await json(me), { cellphone });
  });
});

describe('a logged-in user', () => {
  test('changes cellphone with a code sent by PUT and verified with next=ChangeCellphone', async () => {
    const old = newCellphone();
    const { session } = await login(stack.url, old);
    // The same person logged in elsewhere too (another browser, or someone who has the old SIM).
    const { session: elsewhere } = await login(stack.url, old);
    const auth = { authorization: `Bearer ${session!.accessToken}` };
    const fresh = newCellphone();

    await assertError(
      await fetch(api(`authentication/cellphone/${fresh}`), { method: 'PUT' }),
      401,
      'EXC_AUTHENTICATION_REQUIRED',
    );
    const sent = await fetch(api(`authentication/cellphone/${fresh}`), { method: 'PUT', headers: auth });
    assert.equal(sent.status, 200);
    const { messages } = await json(await fetch(`${stack.url}/api/dev/outbox?to=${fresh}`));
    const verified = await fetch(api(`authentication/cellphone/${fresh}/verify?next=ChangeCellphone`), {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ code: messages[0].code }),
    });
    assert.equal(verified.status, 200);
    assert.equal((await json(verified)).user.cellphone, fresh);

    const now = await fetch(api('authentication/cellphone'), { headers: auth });
    assert.deepEqual(await json(now), { cellphone: fresh });

    // The change ends every other session at once: its access token is refused, its refresh token dead.
    await assertError(
      await fetch(api('authentication/cellphone'), { headers: { authorization: `Bearer ${elsewhere!.accessToken}` } }),
      401,
      'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
    );
    await assertError(
      await fetch(api('sessions/refresh'), { headers: { 'x-refresh-token': elsewhere!.refreshToken } }),
      401,
      'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
    );
    // And the old number is told.
    const notice = (await json(await fetch(`${stack.url}/api/dev/outbox?to=${old}`))).messages[0];
    assert.equal(notice.code, '');
    assert.match(notice.text, new RegExp(fresh.slice(-4)));
  });

  test('verifies an email: JSON for API clients, 303 to the web app for a browser, failure page on a bad code', async () => {
    const { session } = await login(stack.url, newCellphone());
    const auth = { authorization: `Bearer ${session!.accessToken}` };
    const email = `sara.${Date.now()}@example.com`;

    await assertError(
      await fetch(api('authentication/email/not-an-email'), { method: 'POST', headers: auth }),
      400,
      'EXC_AUTHENTICATION_EMAIL_IS_INVALID',
    );
    const sent = await fetch(api(`authentication/email/${email}`), { method: 'POST', headers: auth });
    assert.equal(sent.status, 200);
    assert.ok((await json(sent)).expiresInSeconds > 0);
    const { messages } = await json(await fetch(`${stack.url}/api/dev/outbox?to=${encodeURIComponent(email)}`));
    assert.equal(messages[0].channel, 'email');
    const code = messages[0].code as string;
    assert.ok(messages[0].text.includes(encodeURIComponent(code)), 'the email carries the link');

    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const bad = await fetch(api(`authentication/email/${email}/verify?code=wrong`), {
      headers: browser,
      redirect: 'manual',
    });
    assert.equal(bad.status, 303);
    assert.equal(
      bad.headers.get('location'),
      'http://127.0.0.1:3000/something-went-wrong?code=EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
    );
    await assertError(
      await fetch(api(`authentication/email/${email}/verify?code=wrong`)),
      400,
      'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID',
    );

    const good = await fetch(api(`authentication/email/${email}/verify?code=${encodeURIComponent(code)}`), {
      headers: browser,
      redirect: 'manual',
    });
    assert.equal(good.status, 303);
    assert.equal(good.headers.get('location'), 'http://127.0.0.1:3000/?emailVerified=1');

    const now = await fetch(api('authentication/email'), { headers: auth });
    assert.deepEqual(await json(now), { email, verified: true });
  });

  test("with the applicant's resume slug the mailed link carries it, and opening it lands on their settings", async () => {
    const { session } = await login(stack.url, newCellphone());
    const auth = { authorization: `Bearer ${session!.accessToken}` };
    const email = `maryam.${Date.now()}@example.com`;
    const slug = 'مریم-احمدی-2';

    for (const bad of ['a b', '-x', 'x--y', 'a'.repeat(201), '']) {
      await assertError(
        await fetch(api(`authentication/email/${email}?slug=${encodeURIComponent(bad)}`), {
          method: 'POST',
          headers: auth,
        }),
        400,
        'EXC_BAD_REQUEST',
      );
    }
    const outbox = async () =>
      (await json(await fetch(`${stack.url}/api/dev/outbox?to=${encodeURIComponent(email)}`))).messages;
    assert.deepEqual(await outbox(), [], 'nothing is mailed for a malformed slug');

    const sent = await fetch(api(`authentication/email/${email}?slug=${encodeURIComponent(slug)}`), {
      method: 'POST',
      headers: auth,
    });
    assert.equal(sent.status, 200);
    const [message] = await outbox();
    const link = new URL(/https?:\/\/\S+/.exec(message.text)![0]);
    assert.equal(link.origin, 'http://127.0.0.1:3000', 'the link points at the web app');
    assert.equal(link.pathname, `/api/v1/authentication/email/${encodeURIComponent(email)}/verify`);
    assert.equal(link.searchParams.get('code'), message.code);
    assert.equal(link.searchParams.get('slug'), slug);

    // The web app proxies /api to the gateway: the same path and query, opened by a browser.
    const opened = await fetch(`${stack.url}${link.pathname}${link.search}`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      redirect: 'manual',
    });
    assert.equal(opened.status, 303);
    assert.equal(opened.headers.get('location'), 'http://127.0.0.1:3000/applicants/settings?emailVerified=1');
    assert.deepEqual(await json(await fetch(api('authentication/email'), { headers: auth })), {
      email,
      verified: true,
    });
  });
});
