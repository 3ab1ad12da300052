// Shared pieces of the browser tests: Debian's Chromium through playwright-core, the real
// stack (auth, gateway, built web app) from scripts/stack.ts, axe, screenshots.
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startStack, type RunningStack, type StackOptions } from '../../../scripts/stack.ts';

import { CHROMIUM_FLAGS, CHROMIUM_PATH as CHROMIUM } from '../../../scripts/lib/chromium.mjs';
import { webBuildNeeded } from '../../../scripts/lib/web-build.mjs';

export { CHROMIUM, CHROMIUM_FLAGS };
export const SCREENSHOT_DIR = new URL('../../test-results/screenshots/', import.meta.url).pathname;

// The browser tests need Debian's Chromium and nothing else. Without it they fail, never skip:
// `make test` installs it or fails.
assert.ok(
  existsSync(CHROMIUM),
  `${CHROMIUM} is not installed (apt-get install -y chromium): the browser tests cannot run`,
);

export interface World {
  stack: RunningStack;
  browser: Browser;
}

export async function startWorld(name: string, options: Omit<StackOptions, 'name'> = {}): Promise<World> {
  // The stack serves web/build as it is: a build older than web/app shows pages that are not the
  // code under test (a bug fixed in the source still fails here). Not rebuilt from here, since
  // browser files running side by side would rebuild under each other's servers.
  const stale = (options.webMode ?? 'production') === 'production' ? webBuildNeeded() : undefined;
  if (stale)
    console.log(
      `# the web app's build is stale (${stale}): run \`npm run build -w @darmankar/web\` before the browser tests`,
    );
  const stack = await startStack({ name, ...options });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  return { stack, browser };
}

export async function stopWorld(world: World | undefined): Promise<void> {
  await world?.browser.close();
  await world?.stack.stop();
}

export async function newPage(
  world: World,
  width = 1280,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await world.browser.newContext({
    baseURL: world.stack.webUrl,
    viewport: { width, height: width < 500 ? 800 : 900 },
    locale: 'fa-IR',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Waits until React has hydrated, so clicks reach the app rather than the bare HTML. */
export async function hydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined &&
        document.readyState === 'complete',
      undefined,
      { polling: 100, timeout: 15_000 },
    )
    .catch((error: Error) => {
      throw new Error(`${page.url()} did not hydrate: ${error.message}`);
    });
  await page.waitForTimeout(150);
}

/** What axe finds serious or critical under WCAG 2.2 A/AA and its experimental rules (label in name among them). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Nothing serious or critical for axe, and the page fits the screen (phones would zoom the whole page out). */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  assert.deepEqual(await seriousA11yViolations(page), [], `${where} at ${page.viewportSize()?.width}px`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `${where} is ${overflow}px wider than the screen`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${width}.png`, fullPage: true });
}

/** Opens a path and waits until the page is hydrated. */
export async function goto(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** Presses a control from the keyboard: focused, then Enter. */
export async function pressByKeyboard(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}

/**
 * A suite's check of a screen: axe and the fit of the screen at the desktop and the phone width,
 * a screenshot of each named `<suite>-<where>`, back at the desktop after. `settle` runs before
 * each width (e.g. toasts still fading in).
 */
export function accessibleAtBothWidths(suite: string, settle?: (page: Page) => Promise<void>) {
  return async (page: Page, where: string): Promise<void> => {
    for (const width of [1280, 390]) {
      await settle?.(page);
      await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
      await assertAccessible(page, where);
      await screenshot(page, `${suite}-${where.replaceAll(' ', '-')}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
}

/** The newest one-time code the development outbox holds for a number. */
export async function outboxCode(world: World, cellphone: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${world.stack.gatewayUrl}/api/dev/outbox?to=${cellphone}`);
    const body = (await response.json()) as { messages: Array<{ code?: string }> };
    const code = body.messages.find((message) => message.code)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the outbox for ${cellphone}`);
}

/** Logs in through the real screens; returns once the browser is back on `backURL`. */
export async function logIn(world: World, page: Page, cellphone: string, backURL = '/'): Promise<void> {
  await page.goto(`/login?backURL=${encodeURIComponent(backURL)}`);
  await hydrated(page);
  await page.getByLabel('شمارهٔ موبایل').fill(cellphone);
  await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
  await page.waitForURL(/\/login\/verify/);
  const code = await outboxCode(world, cellphone);
  await page.getByLabel('کد تأیید').fill(code);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login/verify'));
  // New users choose a role first.
  if (new URL(page.url()).pathname.startsWith('/login/role')) {
    await page.getByTestId('role-applicant').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }
}

export function uniqueCellphone(): string {
  return `0912${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/** Logs a new user in and creates an organisation through the app's own /api proxy. */
export async function ownerWithEmployer(
  w: World,
  brand: string,
  width = 1280,
): Promise<{ page: Page; slug: string; id: string; close: () => Promise<void> }> {
  const { context, page } = await newPage(w, width);
  await logIn(w, page, uniqueCellphone(), '/employers');
  const created = await page.request.post('/api/v1/employers', {
    data: { brand, isSelfEmployed: false },
    headers: { 'accept-cookie': 'true' },
  });
  assert.ok(created.ok(), `POST /employers: ${created.status()} ${created.headers().exc}`);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  return { page, slug, id, close: () => context.close() };
}
