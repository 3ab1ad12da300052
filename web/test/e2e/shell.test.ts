// The app frame in a real browser: RTL Persian by default, English LTR beside it, header
// variants and visibility, the drawer, the §8 error pages, accessibility, screenshots.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hydrated, newPage, screenshot, seriousA11yViolations, startWorld, stopWorld, type World } from './support.ts';

describe('app shell', () => {
  let world: World;
  before(async () => {
    world = await startWorld('web-shell');
  });
  after(() => stopWorld(world));

  test('Persian pages are RTL with lang=fa straight from the server; English is LTR', async () => {
    const html = await (await fetch(`${world.stack.webUrl}/about-us`)).text();
    assert.match(html, /<html lang="fa" dir="rtl">/);
    const { context, page } = await newPage(world);
    await page.goto('/');
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    assert.equal(await page.getAttribute('html', 'lang'), 'fa');
    assert.equal(await page.locator('h1').evaluate((el) => getComputedStyle(el).direction), 'rtl');
    await page.goto('/en/about-us');
    assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.locator('h1').textContent(), 'About Darmankar');
    await context.close();
  });

  test("the app's scripts start only after the first frame, then the page hydrates", async () => {
    const html = await (await fetch(`${world.stack.webUrl}/`)).text();
    assert.doesNotMatch(html, /rel="modulepreload"/, 'no script is fetched ahead of the first paint');
    assert.doesNotMatch(html, /<script type="module"/, 'no module runs ahead of the first paint');
    const deferredPreloads = html.match(/<link rel="darmankar-deferred-modulepreload"/g)?.length ?? 0;
    assert.ok(deferredPreloads > 0);
    const { context, page } = await newPage(world);
    // Notes whether the first animation frame had come when the route modules were registered.
    // (A string, so that the TypeScript loader adds no helpers the page does not have.)
    await page.addInitScript(`
      requestAnimationFrame(function () { window.__firstFrameSeen = true; });
      var routeModules;
      Object.defineProperty(window, '__reactRouterRouteModules', {
        configurable: true,
        get: function () { return routeModules; },
        set: function (value) { window.__modulesAfterFirstFrame = window.__firstFrameSeen === true; routeModules = value; },
      });
    `);
    await page.goto('/');
    await hydrated(page);
    assert.equal(
      await page.evaluate(() => (window as unknown as Record<string, unknown>).__modulesAfterFirstFrame),
      true,
    );
    assert.equal(await page.locator('link[rel="modulepreload"]').count(), deferredPreloads);
    await context.close();
  });

  test('logged-out applicant header has employer login and login buttons; employer area shows login only', async () => {
    const { context, page } = await newPage(world);
    await page.goto('/about-us');
    const header = page.getByTestId('site-header');
    assert.equal(await header.getAttribute('data-variant'), 'applicants');
    assert.equal(await page.getByTestId('employer-login').getAttribute('href'), '/login?backURL=%2Femployers');
    assert.equal(await page.getByTestId('login-button').getAttribute('href'), '/login?backURL=%2Fabout-us');
    const navText = await page.getByTestId('nav-horizontal').innerText();
    assert.ok(navText.includes('فرصت‌های شغلی') && navText.includes('وبلاگ'));
    assert.ok(!navText.includes('فرصت‌های من'), 'my opportunities is for logged-in users only');
    await page.goto('/employers');
    assert.equal(await header.getAttribute('data-variant'), 'employers');
    assert.equal(await page.getByTestId('employer-login').count(), 0);
    assert.equal(await page.getByTestId('login-button').count(), 1);
    await context.close();
  });

  test('header and footer are hidden on /login*, shown elsewhere; footer has the Jalali year', async () => {
    const { context, page } = await newPage(world);
    for (const path of ['/login', '/login?backURL=/blog', '/en/login']) {
      await page.goto(path);
      assert.equal(await page.getByTestId('site-header').count(), 0, path);
      assert.equal(await page.getByTestId('site-footer').count(), 0, path);
    }
    await page.goto('/contact-us');
    assert.equal(await page.getByTestId('site-header').count(), 1);
    assert.match(await page.getByTestId('copyright').innerText(), /© ۱۴۰۳–۱۴[۰-۹]{2} درمانکار/);
    assert.equal(await page.getByTestId('promo-banner').count(), 0, 'the banner is a home-page option');
    await page.goto('/');
    assert.equal(await page.getByTestId('promo-banner').count(), 1);
    await context.close();
  });

  test('on 320–412 px phones nothing is wider than the screen (a wider page makes phones zoom out)', async () => {
    for (const width of [320, 375, 412]) {
      const { context, page } = await newPage(world, width);
      for (const path of ['/', '/about-us', '/employers']) {
        await page.goto(path);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scrollWidth <= width, `${path} at ${width} px is ${scrollWidth} px wide`);
      }
      assert.equal(await page.getByTestId('employer-login').count(), 0, 'employer area has no employer login');
      await page.goto('/');
      assert.equal(
        await page.getByTestId('employer-login').isVisible(),
        false,
        'the employer login lives in the drawer on phones',
      );
      await context.close();
    }
  });

  test('on a 375 px phone the drawer slides in from the right at 70% width and closes on Escape and on back', async () => {
    const { context, page } = await newPage(world, 375);
    await page.goto('/about-us');
    await hydrated(page);
    assert.equal(await page.getByTestId('nav-horizontal').isVisible(), false);
    const historyLength = await page.evaluate(() => history.length);
    await page.getByTestId('drawer-button').click();
    const drawer = page.getByTestId('drawer');
    await drawer.waitFor();
    // Measured once its own slide-in has finished (started within two frames), however long that takes on a loaded machine.
    await drawer.evaluate((element) =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))).then(() =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      ),
    );
    const box = (await drawer.boundingBox())!;
    assert.ok(Math.abs(box.width - 375 * 0.7) < 2, `width ${box.width}`);
    assert.ok(Math.abs(box.x + box.width - 375) < 2, `drawer hugs the right edge (x=${box.x})`);
    assert.equal(await page.evaluate(() => history.length), historyLength + 1, 'open drawer owns a history entry');
    await screenshot(page, 'drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId('drawer-button').click();
    await drawer.waitFor();
    await page.goBack();
    await drawer.waitFor({ state: 'detached' });
    assert.match(page.url(), /\/about-us$/);
    // The header has no room for the language switch on phones: the drawer carries it.
    await page.getByTestId('drawer-button').click();
    await drawer.waitFor();
    const languageSwitch = drawer.getByTestId('drawer-language-switch');
    assert.equal(await languageSwitch.isVisible(), true, 'the drawer offers English');
    await languageSwitch.click();
    await page.waitForURL(/\/en\/about-us$/);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await context.close();
  });

  test('error pages: 404, 403 access error, 500 with message and back, all noindex', async () => {
    const { context, page } = await newPage(world);
    let response = await page.goto('/no/such/page');
    assert.equal(response?.status(), 404);
    assert.equal(await page.getByTestId('error-404').count(), 1);
    assert.equal(await page.locator('meta[name="robots"]').first().getAttribute('content'), 'noindex');
    assert.equal(await page.getByTestId('site-header').count(), 1, 'errors render in place');
    // An unknown resume or employer slug is an unknown address too, not a server error.
    for (const path of ['/applicants/resumes/no-such-resume', '/employers/no-such-employer']) {
      response = await page.goto(path);
      assert.equal(response?.status(), 404, path);
      assert.equal(await page.getByTestId('error-404').count(), 1, path);
    }

    await page.goto('/about-us');
    response = await page.goto('/something-went-wrong?code=EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
    assert.equal(response?.status(), 403);
    assert.equal(await page.locator('h1').innerText(), 'خطای دسترسی');
    assert.match((await page.locator('meta[name="robots"]').first().getAttribute('content')) ?? '', /noindex/);

    response = await page.goto('/something-went-wrong?code=EXC_PAYLOAD_TOO_LARGE,EXC_BAD_REQUEST');
    assert.equal(response?.status(), 500);
    assert.equal(await page.locator('h1').innerText(), 'خطای سرور');
    assert.deepEqual(await page.getByTestId('error-message').allInnerTexts(), [
      'حجم درخواست بیش از حد مجاز است.',
      'درخواست نامعتبر است.',
    ]);
    await hydrated(page);
    await page.getByTestId('error-back').click();
    await page.waitForURL(/\/something-went-wrong\?code=EXC_EMPLOYERS/);

    response = await page.goto('/something-went-wrong');
    assert.equal(
      await page.getByTestId('error-message').innerText(),
      'خطای ناشناخته‌ای رخ داد. لطفاً دوباره تلاش کنید.',
    );
    await context.close();
  });

  test('public access limit: a login modal that Escape cannot close', async () => {
    const { context, page } = await newPage(world);
    await page.goto('/something-went-wrong?code=EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
    await hydrated(page);
    const modal = page.getByTestId('login-limit-modal');
    await modal.waitFor();
    assert.equal(
      await page.getByRole('alertdialog').getByRole('heading').innerText(),
      'برای دیدن فرصت‌های شغلی بیشتر وارد شوید',
    );
    await page.keyboard.press('Escape');
    // Time for a modal that Escape wrongly closes to go, generous for a loaded machine.
    await page.waitForTimeout(1_000);
    assert.equal(await modal.isVisible(), true);
    assert.match(
      (await page.getByRole('link', { name: 'ورود / ثبت‌نام' }).last().getAttribute('href')) ?? '',
      /^\/login\?backURL=/,
    );
    await context.close();
  });

  test('public pages carry title, description, canonical and Open Graph tags', async () => {
    const { context, page } = await newPage(world);
    for (const path of ['/', '/about-us', '/contact-us', '/pricing', '/blog']) {
      await page.goto(path);
      assert.ok((await page.title()).includes('درمانکار'), path);
      assert.ok(((await page.locator('meta[name="description"]').getAttribute('content')) ?? '').length > 20, path);
      assert.equal(
        await page.locator('link[rel="canonical"]').getAttribute('href'),
        `${world.stack.webUrl}${path === '/' ? '/' : path}`,
      );
      assert.ok(await page.locator('meta[property="og:title"]').getAttribute('content'), path);
      const robots = page.locator('meta[name="robots"]');
      assert.equal(await robots.count(), 1, `${path} has one robots tag`);
      assert.equal(await robots.getAttribute('content'), 'index, follow', `${path} is indexable`);
    }
    // The billing service's catalogue; a visitor's "buy" leads to login and back here.
    await page.goto('/pricing');
    assert.ok((await page.getByTestId('plan-card').count()) > 0, 'the plans are listed');
    assert.equal(
      await page.getByTestId('buy-plan').first().getAttribute('href'),
      `/login?backURL=${encodeURIComponent('/pricing')}`,
    );
    await context.close();
  });

  test('no serious or critical accessibility violations; screenshots at desktop and phone widths', async () => {
    const pages = [
      ['home', '/'],
      ['login', '/login'],
      ['about', '/about-us'],
      ['contact', '/contact-us'],
      ['pricing', '/pricing'],
      ['blog', '/blog'],
      ['403', '/something-went-wrong?code=EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'],
      ['404', '/no-such-page/x'],
      ['500', '/something-went-wrong?code=EXC_BAD_REQUEST'],
      ['en-home', '/en'],
    ] as const;
    const problems: string[] = [];
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(world, width);
      for (const [name, path] of pages) {
        await page.goto(path);
        await hydrated(page);
        if (width === 1280) problems.push(...(await seriousA11yViolations(page)).map((v) => `${path}: ${v}`));
        await screenshot(page, name);
      }
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
});
