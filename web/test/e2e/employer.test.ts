// The employer screens end to end on the real stack (auth, files, employer, gateway, built web
// app) in Debian's Chromium: an owner creates a company and a self-employed profile and completes
// the advanced info (logo upload, Jalali establishment date), invites an agent without
// EmployerEdit who logs in in another browser context and sees exactly what that allows (no edit
// link, the 403 page on the edit URL), customises the hiring template (a new template, a step
// added, edited, moved with the keyboard alone, deleted) and an applicant browses the companies
// with a filter. axe runs on every new page at 1280 and 390 px. Two shorter tests: a step moved
// up twice in quick succession by keyboard (the second press used to be lost), and the private
// documents, uploaded through the gateway, opened again from the edit page through fresh links.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { isValidLegalNationalId, isValidNationalId } from '@darmankar/platform/persian';
import { translator } from '../../app/i18n/index.ts';
import {
  assertAccessible,
  goto,
  hydrated,
  logIn,
  newPage,
  ownerWithEmployer,
  screenshot,
  startWorld,
  stopWorld,
  uniqueCellphone,
  type World,
} from './support.ts';

const t = translator('fa');
let world: World | undefined;

/** A number with a valid check digit for the given validator (the last digit searched). */
function withCheckDigit(stem: string, valid: (id: string) => boolean): string {
  for (let digit = 0; digit < 10; digit++) if (valid(`${stem}${digit}`)) return `${stem}${digit}`;
  throw new Error(`no check digit for ${stem}`);
}

async function stepNames(page: Page): Promise<string[]> {
  return (await page.getByTestId('step-name').allInnerTexts()).map((name) => name.trim());
}

async function waitForStepAt(page: Page, name: string, index: number): Promise<void> {
  await page.waitForFunction(
    ([step, at]) =>
      [...document.querySelectorAll('[data-testid=step-name]')].map((e) => e.textContent?.trim()).indexOf(step) === at,
    [name, index] as const,
    { timeout: 10_000 },
  );
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

/** Keyboard only: the step's "one place up" button, reached with the arrow keys inside its row. */
async function focusMoveUp(page: Page, name: string): Promise<string> {
  const upLabel = t('employer.hiring.moveUp', { name });
  // Arrow keys move between a grid row's buttons (the grid keeps Tab for leaving it).
  for (const key of ['ArrowLeft', 'ArrowRight']) {
    await page.getByTestId('step-row').filter({ hasText: name }).focus();
    for (let press = 0; press < 6 && (await focusedLabel(page)) !== upLabel; press++) await page.keyboard.press(key);
    if ((await focusedLabel(page)) === upLabel) break;
  }
  assert.equal(await focusedLabel(page), upLabel);
  return upLabel;
}

/**
 * Presses a "view current file" button by keyboard and follows what the new tab is sent to: the
 * signed link, answered as a download (its name from Content-Disposition, its bytes read again
 * through the same link).
 */
async function openSavedFile(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const context = page.context();
  const answered = context.waitForEvent('response', {
    predicate: (response) => /\/api\/v1\/files\/[^/]+\/signed\?/.test(response.url()),
    timeout: 15_000,
  });
  const opened = context.waitForEvent('page', { timeout: 15_000 });
  await button.focus();
  await page.keyboard.press('Enter');
  const [response, tab] = await Promise.all([answered, opened]);
  assert.equal(response.status(), 200, response.url());
  assert.notEqual(tab, page, 'the file opens in a new tab');
  await tab.close();
  const name = /filename="?([^";]+)"?/.exec(response.headers()['content-disposition'] ?? '')?.[1] ?? '';
  const again = await page.request.get(response.url());
  assert.equal(again.status(), 200, 'the link works for a while');
  return { name, bytes: await again.body() };
}

async function uploadDocument(page: Page, testId: string, name: string, buffer: Buffer, count: number): Promise<void> {
  await page.getByTestId(testId).locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer });
  await page.waitForFunction(
    ([id, n]) => document.querySelectorAll(`[data-testid="${id}"] input[type=hidden]`).length === n,
    [testId, count] as const,
    { timeout: 15_000 },
  );
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

describe('employer screens on the real stack', () => {
  before(async () => {
    world = await startWorld('web-employer', { output: 'quiet' });
  });
  after(async () => {
    await stopWorld(world);
  });

  test('a step moved up twice in quick succession by keyboard moves twice, and the order is saved', async () => {
    const owner = await ownerWithEmployer(world!, `درمانگاه گام ${Date.now() % 100000}`);
    const { page } = owner;
    try {
      await goto(page, `/employers/${encodeURIComponent(owner.slug)}/settings/hiring-customization`);
      const before = await stepNames(page);
      assert.equal(before.length, 5, 'the default template');
      const last = before.at(-1)!;
      const upLabel = await focusMoveUp(page, last);
      // The first save is held back until the second press is done, so that press surely comes
      // while the first order is on its way.
      const reorders: string[] = [];
      let releaseFirst = () => {};
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      await page.route('**/settings/hiring-customization*', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        reorders.push(route.request().postData() ?? '');
        if (reorders.length === 1) await firstHeld;
        await route.fallback();
      });
      await page.keyboard.press('Enter');
      await waitForStepAt(page, last, 3);
      assert.equal(await focusedLabel(page), upLabel, 'focus stays on the moved step’s button');
      assert.equal(
        await page.getByTestId('steps-editor').getAttribute('aria-busy'),
        'true',
        'the first order is being saved',
      );
      await page.keyboard.press('Enter');
      await waitForStepAt(page, last, 2);
      assert.equal(reorders.length, 1, 'the second order waits for the first save');
      releaseFirst();
      await page.waitForFunction(() => !document.querySelector('[data-testid=steps-editor][aria-busy]'), undefined, {
        timeout: 10_000,
      });
      const expected = [...before.slice(0, 2), last, ...before.slice(2, 4)];
      assert.deepEqual(await stepNames(page), expected);
      assert.equal(reorders.length, 2, 'one save per press');
      await page.reload();
      await hydrated(page);
      assert.deepEqual(await stepNames(page), expected, 'the service holds the order of the second press');
      await assertAccessible(page, 'hiring customization after two moves');
      // On a phone every step's name is whole (it was cut to a letter or two by the buttons).
      await page.setViewportSize({ width: 390, height: 800 });
      const cut = await page
        .getByTestId('step-name')
        .evaluateAll((names) =>
          names
            .filter((name) => name.scrollWidth > name.clientWidth + 1 || name.getBoundingClientRect().width < 96)
            .map((name) => name.textContent),
        );
      assert.deepEqual(cut, [], 'step names are readable at 390 px');
    } finally {
      await owner.close();
    }
  });

  test('saved private documents open again from the advanced info and the edit page through fresh links', async () => {
    const owner = await ownerWithEmployer(world!, `بیمارستان سند ${Date.now() % 100000}`);
    const { page } = owner;
    try {
      const files = {
        gazette: await png(123, 45),
        card: await png(124, 46),
        medicalA: await png(125, 47),
        medicalB: await png(126, 48),
      };
      await goto(page, `/employers/add/${encodeURIComponent(owner.slug)}`);
      assert.equal(await page.getByTestId('view-saved-file').count(), 0, 'nothing saved yet, nothing to open');
      // The upload control speaks the page's language: a Persian button; the browser's own file
      // input (whose "No file chosen" follows the browser's language) is not shown.
      for (const testId of ['upload-gazette', 'upload-national-card', 'upload-medical']) {
        const chooser = page.getByTestId(testId).getByTestId('file-choose');
        assert.equal(
          (await chooser.innerText()).trim(),
          testId === 'upload-medical' ? t('ui.file.add') : t('ui.file.choose'),
          testId,
        );
        const box = await page.getByTestId(testId).locator('input[type=file]').boundingBox();
        assert.ok(box && box.width <= 1 && box.height <= 1, `${testId}: the browser's file input is hidden`);
      }
      await uploadDocument(page, 'upload-gazette', 'gazette.png', files.gazette, 1);
      await uploadDocument(page, 'upload-national-card', 'card.png', files.card, 1);
      await uploadDocument(page, 'upload-medical', 'medical-a.png', files.medicalA, 1);
      await uploadDocument(page, 'upload-medical', 'medical-b.png', files.medicalB, 2);
      assert.equal(await page.getByTestId('view-saved-file').count(), 0, 'an upload is not the employer’s until saved');
      await page.getByTestId('save-employer-profile').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/employers/add'));

      const links: string[] = [];
      page.context().on('request', (request) => {
        if (/\/api\/v1\/employers\/[^/]+\/files\/[^/]+\/link$/.test(new URL(request.url()).pathname))
          links.push(request.url());
      });
      for (const path of [
        `/employers/add/${encodeURIComponent(owner.slug)}`,
        `/employers/${encodeURIComponent(owner.slug)}/edit`,
      ]) {
        await goto(page, path);
        const gazette = page.getByTestId('upload-gazette').getByTestId('view-saved-file');
        const card = page.getByTestId('upload-national-card').getByTestId('view-saved-file');
        const medical = page.getByTestId('upload-medical').getByTestId('view-saved-file');
        assert.equal(
          await gazette.getAttribute('aria-label'),
          `${t('employer.form.viewFile')} (${t('employer.field.officialGazette')})`,
        );
        assert.equal(await medical.count(), 2);
        assert.equal(
          await page.getByTestId('upload-logo').getByTestId('view-saved-file').count(),
          0,
          'the logo is public and shown',
        );
        await assertAccessible(page, `${path} with saved documents`);
        const opened = [
          await openSavedFile(page, gazette),
          await openSavedFile(page, card),
          await openSavedFile(page, medical.nth(0)),
          await openSavedFile(page, medical.nth(1)),
        ];
        assert.deepEqual(
          opened.map((file) => file.name),
          ['gazette.png', 'card.png', 'medical-a.png', 'medical-b.png'],
          path,
        );
        // The files service re-encodes images, so each is known by its own size.
        const sizes = await Promise.all(
          opened.map(async ({ bytes }) => {
            const { width, height } = await sharp(bytes).metadata();
            return `${width}×${height}`;
          }),
        );
        assert.deepEqual(
          sizes,
          ['123×45', '124×46', '125×47', '126×48'],
          `${path}: each button opens its own document`,
        );
      }
      assert.equal(links.length, 8, 'a fresh link for every press');
      // A document dropped from the form can no longer be opened from it.
      await page
        .getByTestId('upload-gazette')
        .getByRole('button', { name: t('employer.form.removeFiles') })
        .click();
      assert.equal(await page.getByTestId('upload-gazette').getByTestId('view-saved-file').count(), 0);
    } finally {
      await owner.close();
    }
  });

  test('owner, agent and applicant: create, complete, invite, customise, browse', async () => {
    const w = world!;
    try {
      await flow(w);
    } catch (error) {
      // What each open page showed when the flow stopped.
      for (const [index, context] of w.browser.contexts().entries()) {
        for (const page of context.pages()) await screenshot(page, `employer-failure-${index}`).catch(() => {});
      }
      throw error;
    }
  });
});

async function flow(w: World): Promise<void> {
  {
    const visited: string[] = [];
    const owner = await newPage(w, 1280);
    const page = owner.page;
    const ownerPhone = uniqueCellphone();
    await logIn(w, page, ownerPhone, '/employers');
    await goto(page, '/employers');
    visited.push('/employers');
    await assertAccessible(page, '/employers');

    // A company.
    await page.getByTestId('create-employer').first().click();
    await page.waitForURL(/\/employers\/add$/);
    await hydrated(page);
    visited.push('/employers/add');
    await assertAccessible(page, '/employers/add');
    const brand = `درمانگاه مهر ${Date.now() % 100000}`;
    await page.getByLabel(t('employer.field.brand'), { exact: true }).fill(brand);
    await page.getByTestId('create-employer-submit').click();
    await page.waitForURL(/\/employers\/add\/[^/]+$/);
    await hydrated(page);
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    visited.push(`/employers/add/${slug}`);
    await assertAccessible(page, 'advanced info');
    await page.getByLabel(t('employer.field.registeredName'), { exact: true }).fill('شرکت درمانی مهر گستر');
    await page
      .getByLabel(t('employer.field.nationalId'), { exact: true })
      .fill(withCheckDigit('1010038713', isValidLegalNationalId));
    await page.getByLabel(t('employer.field.registrationNumber'), { exact: true }).fill('۴۵۶۷۸');
    // Closed lists (docs/adr/023): picked by their titles, saved as ids; the city picker offers the province's cities.
    await page.getByLabel(t('employer.field.province'), { exact: true }).selectOption({ label: 'فارس' });
    await page.getByLabel(t('employer.field.city'), { exact: true }).selectOption({ label: 'شیراز' });
    await page.getByLabel(t('employer.field.industry'), { exact: true }).selectOption({ label: 'درمان و سلامت' });
    await page.getByLabel(t('employer.field.website'), { exact: true }).fill('https://mehr.example');
    await page.locator('#employer-benefits').fill('بیمهٔ تکمیلی\nسرویس رفت‌وآمد');
    // The site's one date input: Jalali day, month and year, and a calendar picked by keyboard.
    const dateLabel = t('employer.field.establishmentDate');
    await page.getByLabel(`${dateLabel}: ${t('ui.year')}`, { exact: true }).selectOption('1398');
    await page.getByLabel(`${dateLabel}: ${t('ui.month')}`, { exact: true }).selectOption('1');
    await page.getByLabel(`${dateLabel}: ${t('ui.day')}`, { exact: true }).selectOption('20');
    await page.getByRole('button', { name: t('ui.pickDate', { label: dateLabel }), exact: true }).focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByTestId('date-calendar');
    await calendar.waitFor();
    const month = await calendar.getByRole('heading').innerText();
    assert.ok(month.includes('فروردین') && month.includes('۱۳۹۸'), `the chosen month, in Persian: ${month}`);
    await assertAccessible(page, 'the date calendar');
    // The chosen day has focus; in a right-to-left calendar the next day is to the left.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel(`${dateLabel}: ${t('ui.day')}`, { exact: true }).inputValue(), '21');
    const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0f6f65' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('upload-logo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByTestId('upload-logo').locator('input[type=hidden][name=logo]').waitFor({ state: 'attached' });
    await page.getByTestId('save-employer-profile').click();
    await page.waitForURL(new RegExp(`/employers/${encodeURIComponent(slug)}$`));
    await hydrated(page);
    assert.equal((await page.getByTestId('employer-brand').innerText()).trim(), brand);
    visited.push(`/employers/${slug}`);
    await assertAccessible(page, 'profile');
    // The established date reads in Jalali with Persian digits.
    assert.match(await page.getByRole('tabpanel').innerText(), /۲۱ فروردین ۱۳۹۸|۱۳۹۸ فروردین ۲۱/);
    await page.getByTestId('tab-benefits').click();
    await page.waitForURL(/activeTab=benefits/);
    await page.getByRole('tabpanel').filter({ hasText: 'سرویس رفت‌وآمد' }).waitFor();
    // The employer navbar and dropdown with real data.
    assert.equal(await page.getByTestId('site-header').getAttribute('data-variant'), 'employers');
    await page.getByRole('button', { name: t('header.profileMenu') }).click();
    const dropdown = page.getByTestId('profile-dropdown');
    await dropdown.getByTestId('dropdown-edit-profile').waitFor();
    const dropdownText = await dropdown.innerText();
    assert.ok(dropdownText.includes(brand) && dropdownText.includes('شرکت درمانی مهر گستر'), dropdownText);
    // The owner holds Billing: the history, the wallet and buying are in the menu.
    for (const item of ['dropdown-orders', 'dropdown-wallet', 'dropdown-pricing'])
      assert.equal(await dropdown.getByTestId(item).count(), 1, item);
    await page.keyboard.press('Escape');

    // A self-employed profile.
    await goto(page, '/employers/add');
    await page.getByRole('radio', { name: new RegExp(t('employer.add.selfEmployed').replace(/[()]/g, '.')) }).check();
    await page.getByLabel(t('employer.field.brand'), { exact: true }).fill('مطب دکتر رضایی');
    await page.getByTestId('create-employer-submit').click();
    await page.waitForURL(/\/employers\/add\/[^/]+$/);
    await hydrated(page);
    await page
      .getByLabel(t('employer.field.nationalId'), { exact: true })
      .fill(withCheckDigit('001354241', isValidNationalId));
    await page.getByLabel(t('employer.field.medicalRegistrationNumber'), { exact: true }).fill('۱۲۳۴۵');
    await page.getByTestId('save-employer-profile').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/employers/add'));
    await hydrated(page);
    assert.equal((await page.getByTestId('employer-brand').innerText()).trim(), 'مطب دکتر رضایی');

    // Settings, then the agent: invited without EmployerEdit.
    await goto(page, `/employers/${slug}/settings`);
    visited.push(`/employers/${slug}/settings`);
    await assertAccessible(page, 'settings');
    await page.getByTestId('settings-agents').click();
    // Spec §2: the agents screen lives under the employer's settings.
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/employers/${slug}/settings/agent`);
    await hydrated(page);
    visited.push(`/employers/${slug}/settings/agent`);
    await assertAccessible(page, 'agents');
    const agentPhone = uniqueCellphone();
    const invite = page.getByTestId('invite-agent-form');
    await invite.getByLabel(t('employer.agents.firstName'), { exact: true }).fill('سارا');
    await invite.getByLabel(t('employer.agents.lastName'), { exact: true }).fill('احمدی');
    await invite.getByLabel(t('employer.field.cellphone'), { exact: true }).fill(agentPhone);
    await invite.getByLabel(t('employer.permission.RecruitmentCreate'), { exact: true }).check();
    await page.getByTestId('invite-agent').click();
    await page.getByTestId('agent-row').filter({ hasText: 'سارا احمدی' }).waitFor();
    // The invitation is confirmed and the form is empty again (a second press would invite twice).
    await page.getByTestId('agent-invited').waitFor();
    assert.equal(await invite.getByLabel(t('employer.agents.firstName'), { exact: true }).inputValue(), '');
    assert.equal(await invite.getByLabel(t('employer.field.cellphone'), { exact: true }).inputValue(), '');

    const agent = await newPage(w, 1280);
    await logIn(w, agent.page, agentPhone, '/employers');
    // The invitation is linked to the new login through an event: the list is reloaded until it shows.
    for (let attempt = 0; attempt < 20; attempt++) {
      await goto(agent.page, '/employers');
      if ((await agent.page.getByTestId('my-employers').getByText(brand).count()) > 0) break;
    }
    await agent.page.getByTestId('my-employers').getByText(brand).waitFor();
    await goto(agent.page, `/employers/${slug}`);
    assert.equal(await agent.page.getByTestId('edit-employer-link').count(), 0);
    // The agent's menu has what they may use: no pricing or purchase history without Billing.
    const agentNav = agent.page.getByRole('navigation', { name: t('nav.main') });
    await agentNav.getByRole('link', { name: t('nav.employerNewAd') }).waitFor();
    assert.equal(await agentNav.getByRole('link', { name: t('nav.employerPricing') }).count(), 0);
    assert.equal(await agentNav.getByRole('link', { name: t('nav.employerOrders') }).count(), 0);
    await agent.page.getByRole('button', { name: t('header.profileMenu') }).click();
    await agent.page.getByTestId('profile-dropdown').getByTestId('dropdown-settings').waitFor();
    assert.equal(await agent.page.getByTestId('dropdown-edit-profile').count(), 0);
    await agent.page.keyboard.press('Escape');
    const denied = await agent.page.goto(`/employers/${slug}/edit`);
    assert.equal(denied?.status(), 403);
    await agent.page.getByTestId('error-403').waitFor();
    assert.ok(
      !(await agent.page.getByTestId('error-403').innerText()).includes('EXC_'),
      'the 403 page speaks in words',
    );
    await assertAccessible(agent.page, '403 page');
    // With EmployerEdit granted the same agent gets the edit page and the dropdown's link.
    await page.getByTestId('agent-row').filter({ hasText: 'سارا احمدی' }).locator('summary').click();
    const editForm = page.getByTestId('agent-row').filter({ hasText: 'سارا احمدی' }).locator('form').nth(1);
    await editForm.getByLabel(t('employer.permission.EmployerEdit'), { exact: true }).check();
    await editForm.getByTestId('save-agent').click();
    await page
      .getByTestId('agent-row')
      .filter({ hasText: t('employer.permission.EmployerEdit') })
      .waitFor();
    await goto(agent.page, `/employers/${slug}/edit`);
    await agent.page.getByTestId('employer-edit-page').waitFor();
    visited.push(`/employers/${slug}/edit`);
    await agent.context.close();
    // Removing the agent asks first.
    const sara = page.getByTestId('agent-row').filter({ hasText: 'سارا احمدی' });
    await sara.getByTestId('remove-agent').click();
    const removal = page.getByRole('dialog', { name: t('employer.agents.removeTitle') });
    await removal.waitFor();
    assert.equal(await sara.count(), 1, 'nothing removed before the answer');
    await removal.getByTestId('remove-agent-confirm').click();
    await sara.waitFor({ state: 'detached' });

    // The hiring template: a new one, a step added, moved by keyboard, edited, deleted.
    // The old root path leads to the screen under the employer's settings.
    await goto(page, `/settings/hiring-customization?employer=${encodeURIComponent(slug)}`);
    assert.equal(decodeURIComponent(new URL(page.url()).pathname), `/employers/${slug}/settings/hiring-customization`);
    visited.push(`/employers/${slug}/settings/hiring-customization`);
    await assertAccessible(page, 'hiring customization');
    await page
      .getByTestId('create-template-form')
      .getByLabel(t('employer.hiring.newTemplate'), { exact: true })
      .fill('استخدام پرستار');
    await page.getByTestId('create-template').click();
    // The new template is the one edited next, and its name is not left in the field.
    await page.waitForURL(/template=/);
    await page.getByTestId('template-editor').getByRole('heading', { name: 'استخدام پرستار' }).waitFor();
    assert.equal(
      await page
        .getByTestId('create-template-form')
        .getByLabel(t('employer.hiring.newTemplate'), { exact: true })
        .inputValue(),
      '',
    );
    const before = await stepNames(page);
    assert.equal(before.length, 5);
    await page
      .getByTestId('add-step-form')
      .getByLabel(t('employer.hiring.stepName'), { exact: true })
      .fill('آزمون عملی');
    await page.getByTestId('add-step').click();
    await page.getByTestId('step-name').filter({ hasText: 'آزمون عملی' }).waitFor();
    const withNew = await stepNames(page);
    assert.deepEqual(
      withNew.slice(-3),
      ['آزمون عملی', ...before.slice(-2)],
      'a new step goes before the closing steps (accepted, rejected)',
    );
    // Keyboard only: the new step one place up.
    await focusMoveUp(page, 'آزمون عملی');
    await page.keyboard.press('Enter');
    await waitForStepAt(page, 'آزمون عملی', 2);
    await page.waitForFunction(() => !document.querySelector('[data-testid=steps-editor][aria-busy]'));
    const moved = await stepNames(page);
    await page.reload();
    await hydrated(page);
    assert.deepEqual(await stepNames(page), moved, 'the new order was saved');
    assert.notEqual(moved.at(-1), 'آزمون عملی');
    // Edit, then delete the step.
    await page.getByTestId('step-row').filter({ hasText: 'آزمون عملی' }).getByTestId('edit-step').click();
    const modal = page.getByTestId('step-modal-form');
    await modal.getByLabel(t('employer.hiring.stepName'), { exact: true }).fill('آزمون مهارت');
    await modal.getByTestId('step-modal-submit').click();
    await page.getByTestId('step-name').filter({ hasText: 'آزمون مهارت' }).waitFor();
    await page.getByTestId('step-row').filter({ hasText: 'آزمون مهارت' }).getByTestId('delete-step').click();
    await page.getByTestId('step-modal-submit').click();
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('[data-testid=step-name]')].some((e) => e.textContent?.includes('آزمون مهارت')),
    );
    assert.equal((await stepNames(page)).length, 5);
    // Deleting the template asks first.
    await page.getByTestId('delete-template').click();
    const deletion = page.getByRole('dialog', { name: t('employer.hiring.deleteTemplateTitle') });
    await deletion.waitFor();
    await deletion.getByTestId('delete-template-confirm').click();
    await page.getByTestId('templates-list').getByText('استخدام پرستار').waitFor({ state: 'detached' });

    // An applicant browses companies with a filter.
    const applicant = await newPage(w, 1280);
    await goto(applicant.page, '/applicants/companies');
    visited.push('/applicants/companies');
    await assertAccessible(applicant.page, 'companies');
    const filters = applicant.page.getByTestId('companies-filters');
    await filters.getByLabel(t('employer.companies.filter.text'), { exact: true }).fill(brand);
    await filters.getByLabel(t('employer.companies.filter.province'), { exact: true }).selectOption({ label: 'فارس' });
    await applicant.page.getByTestId('companies-search').click();
    await applicant.page.waitForURL(/province=fars/);
    // The card shows the titles, never the ids.
    await applicant.page
      .getByTestId('company-card')
      .filter({ hasText: brand })
      .filter({ hasText: 'درمان و سلامت · فارس · شیراز' })
      .waitFor();
    await filters.getByLabel(t('employer.companies.filter.province'), { exact: true }).selectOption({ label: 'گیلان' });
    await applicant.page.getByTestId('companies-search').click();
    await applicant.page.waitForURL(/province=gilan/);
    await applicant.page.getByTestId('empty-state').waitFor();
    await applicant.context.close();

    // On a phone the filters wait behind a toggle, so the first screen shows results.
    const phone = await newPage(w, 390);
    await goto(phone.page, '/applicants/companies');
    const toggle = phone.page.getByTestId('companies-filters-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await phone.page.getByTestId('companies-filters').isVisible(), false);
    const firstCard = (await phone.page.getByTestId('company-card').first().boundingBox())!;
    assert.ok(
      firstCard.y + firstCard.height <= 800,
      `a result on the first screen (its bottom at ${firstCard.y + firstCard.height}px)`,
    );
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await phone.page.getByTestId('companies-filters').waitFor();
    await assertAccessible(phone.page, 'companies with the filters open');
    await phone.context.close();

    // Every new page at phone width too.
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of visited) {
      await goto(page, path);
      await assertAccessible(page, path);
      await screenshot(page, `employer-${path.split('?')[0]!.replace(/[^a-z]+/g, '-')}`);
    }
    await owner.context.close();
  }
}
