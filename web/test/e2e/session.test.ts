// Login end to end against the real auth service and gateway: the code comes from the
// development outbox; then the role, the header, the dropdown, token expiry and sign-out.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  hydrated,
  logIn,
  newPage,
  outboxCode,
  screenshot,
  seriousA11yViolations,
  startWorld,
  stopWorld,
  uniqueCellphone,
  type World,
} from './support.ts';

/**
 * Real tokens, real time: long enough that logging in on a loaded machine never outlives the
 * first token, short enough to wait out once. The wait is measured from the token's own `exp`.
 */
const ACCESS_TOKEN_TTL_SECONDS = 15;

/** When a JWT access token expires, in ms since the epoch (its `exp`). */
function expiresAtMs(token: string): number {
  const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number })
    .exp;
  assert.equal(typeof exp, 'number', 'the access token carries exp');
  return exp! * 1000;
}

describe('login and session', () => {
  let world: World;
  before(async () => {
    world = await startWorld('web-session', {
      partEnv: { auth: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS) } },
    });
  });
  after(() => stopWorld(world));

  test('a new user logs in with the outbox code, picks a role and returns to backURL', async () => {
    const { context, page } = await newPage(world);
    const cellphone = uniqueCellphone();
    await page.goto('/login?backURL=%2Fabout-us');
    await hydrated(page);
    assert.deepEqual(await seriousA11yViolations(page), []);
    // Persian digits typed by the person are accepted.
    await page.getByLabel('شمارهٔ موبایل').fill(cellphone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await page.waitForURL(/\/login\/verify\?backURL=%2Fabout-us/);
    assert.equal(
      await page.getByTestId('verify-cellphone').innerText(),
      cellphone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
    );
    assert.equal(await page.getByTestId('resend').isDisabled(), true, 'resend waits for the countdown');
    assert.match(await page.getByTestId('resend').innerText(), /ارسال دوباره تا [۰-۹]:[۰-۹]{2} دیگر/);
    assert.equal(await page.getByTestId('site-header').count(), 0);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await screenshot(page, 'verify');

    await page.getByLabel('کد تأیید').fill('000000');
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'کد تأیید نادرست است.' });
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    assert.ok(toastBox.x + toastBox.width > 1280 - 60 && toastBox.y < 120, 'toasts sit top-right');

    await page.getByLabel('کد تأیید').fill(await outboxCode(world, cellphone));
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL(/\/login\/role\?backURL=%2Fabout-us/);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await screenshot(page, 'role');
    await page.getByTestId('role-applicant').click();
    await page.waitForURL(/\/about-us$/);
    const cookies = await context.cookies();
    assert.ok(cookies.some((c) => c.name === 'at' && c.httpOnly));
    const cd = cookies.find((c) => c.name === 'cd');
    assert.equal(JSON.parse(Buffer.from(decodeURIComponent(cd!.value), 'base64').toString()).isLoggedIn, true);
    assert.equal(await page.getByTestId('login-button').count(), 0);
    await context.close();
  });

  test('the dropdown opens, closes on outside click and on navigation; my opportunities shows unlinked', async () => {
    const { context, page } = await newPage(world);
    await logIn(world, page, uniqueCellphone(), '/blog');
    await hydrated(page);
    const nav = await page.getByTestId('nav-horizontal').innerText();
    assert.ok(nav.includes('فرصت‌های من'));
    const menuButton = page.getByRole('button', { name: 'منوی حساب کاربری' });
    await menuButton.click();
    const dropdown = page.getByTestId('profile-dropdown');
    await dropdown.waitFor();
    assert.ok((await dropdown.innerText()).includes('ساخت رزومه'), 'no resume yet: add resume');
    await screenshot(page, 'dropdown');
    await page.mouse.click(200, 600);
    await dropdown.waitFor({ state: 'detached' });
    await menuButton.click();
    await dropdown.waitFor();
    // A route change while it is open (here through one of its own links) closes it.
    await dropdown.getByRole('link', { name: 'تنظیمات حساب کاربری' }).click();
    await page.waitForURL(/\/applicants\/settings$/);
    await dropdown.waitFor({ state: 'detached' });
    // And through the browser's back button.
    await menuButton.click();
    await dropdown.waitFor();
    await page.goBack();
    await page.waitForURL(/\/blog$/);
    await dropdown.waitFor({ state: 'detached' });
    await context.close();
  });

  test('an expired access token is refreshed and the call replayed; the browser gets the new cookies', async () => {
    const { context, page } = await newPage(world);
    const cellphone = uniqueCellphone();
    await logIn(world, page, cellphone, '/contact-us');
    const cookie = (await context.cookies()).find((c) => c.name === 'at');
    assert.ok(cookie, 'logged in: the access token cookie is set');
    const before = cookie.value;
    // Past its exp (by the same machine's clock the gateway reads), however long logging in took.
    await page.waitForTimeout(Math.max(0, expiresAtMs(before) - Date.now()) + 1_500);
    // The browser drops the cookie at its max-age: put the expired token back, so the server is sent an expired one.
    await context.addCookies([{ ...cookie, expires: -1 }]);
    const response = await page.goto('/contact-us');
    assert.equal(response?.status(), 200);
    await hydrated(page);
    await page.getByRole('button', { name: 'منوی حساب کاربری' }).click();
    const shown = await page.getByTestId('viewer-cellphone').innerText();
    assert.equal(
      shown,
      cellphone.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
      'the replayed call answered',
    );
    const after = (await context.cookies()).find((c) => c.name === 'at')!.value;
    assert.notEqual(after, before, 'the refreshed access token reached the browser');
    await context.close();
  });

  test('sign out from the dropdown calls logout and clears the session', async () => {
    const { context, page } = await newPage(world);
    await logIn(world, page, uniqueCellphone(), '/about-us');
    await hydrated(page);
    await page.evaluate(() => sessionStorage.setItem('dk.userMobile', '0912'));
    const logout = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/authentication/logout') && r.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'منوی حساب کاربری' }).click();
    await page.getByTestId('sign-out').click();
    assert.equal((await logout).status(), 204);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('login-button').waitFor();
    const cookies = await context.cookies();
    assert.equal(
      cookies.find((c) => c.name === 'at'),
      undefined,
    );
    assert.equal(await page.evaluate(() => sessionStorage.getItem('dk.userMobile')), null);
    await context.close();
  });

  test('the login screens work without JavaScript', async () => {
    const { context, page } = await newPage(world, 375, { javaScriptEnabled: false });
    const cellphone = uniqueCellphone();
    await page.goto('/login?backURL=%2Fpricing');
    await page.getByLabel('شمارهٔ موبایل').fill('12');
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await page.getByText('شمارهٔ موبایل معتبر نیست.').first().waitFor();
    await page.getByLabel('شمارهٔ موبایل').fill(cellphone);
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await page.waitForURL(/\/login\/verify/);
    await page.getByLabel('کد تأیید').fill(await outboxCode(world, cellphone));
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL(/\/login\/role/);
    await page.getByTestId('role-employer').click();
    await page.waitForURL(/\/employers$/);
    assert.equal(await page.getByTestId('employers-page').count(), 1);
    assert.ok((await page.getByTestId('empty-state').innerText()).includes('هنوز سازمانی'));
    await context.close();
  });
});
