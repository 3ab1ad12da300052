// The employer's posting screens end to end on the real stack (auth, employer, billing with its
// sandbox provider, recruitment, gateway, built web app) in Debian's Chromium. An owner whose
// profile is not complete is sent to the advanced info by the toast's link; with the profile
// complete and a plan bought through the sandbox, the owner writes a posting (Persian digits in
// the salary and the hours), previews it, saves it as a draft, publishes it from the edit page,
// edits it published (no 'save as draft' any more), clones it into a new draft, publishes the
// clone, features the first (the plan's one featured ad) and, when featuring the clone finds
// none left, gets the buy-package prompt; then archives the first. The profile's open-positions
// tab lists the open one linking to its page. axe at 1280 and 390 px on the list and the form.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import type { Plan } from '../../app/lib/billing/types.ts';
import { formatToman } from '../../app/lib/format.ts';
import {
  accessibleAtBothWidths,
  assertAccessible,
  goto,
  hydrated,
  newPage,
  ownerWithEmployer,
  pressByKeyboard,
  screenshot,
  startWorld,
  stopWorld,
  type World,
} from './support.ts';

const t = translator('fa');
let world: World | undefined;

/** Toasts still fading in are half transparent, which axe reads as low contrast: wait for them to settle. */
async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (toast) => toast.getAnimations({ subtree: true }).length === 0 && getComputedStyle(toast).opacity === '1',
      ),
    undefined,
    { polling: 100, timeout: 10_000 },
  );
}

const assertAccessibleAtBothWidths = accessibleAtBothWidths('postings', toastsSettled);

/** The plan with exactly one featured ad and at least two ads, bought through the sandbox. */
async function buyPlan(w: World, page: Page, employerId: string): Promise<Plan> {
  const { items: plans } = (await (await fetch(`${w.stack.gatewayUrl}/api/v1/products/plans/list`)).json()) as {
    items: Plan[];
  };
  const quantity = (plan: Plan, kind: string) => plan.resources.find((r) => r.kind === kind)?.quantity ?? 0;
  const plan = plans.find((p) => quantity(p, 'featured') === 1 && quantity(p, 'recruitment') >= 2);
  assert.ok(plan, 'the catalogue has a plan with one featured ad and two ads or more');
  const headers = { 'accept-cookie': 'true' };
  const cart = await page.request.post('/api/v1/orders/cart', { data: { employerId, planId: plan.id }, headers });
  assert.ok(cart.ok(), `cart: ${cart.status()} ${cart.headers().exc}`);
  const { id: orderId } = (await cart.json()) as { id: string };
  const started = await page.request.post('/api/v1/orders/payments', { data: { orderId, method: 'gateway' }, headers });
  assert.ok(started.ok(), `payment: ${started.status()} ${started.headers().exc}`);
  const { redirectUrl } = (await started.json()) as { redirectUrl: string };
  await goto(page, redirectUrl);
  await pressByKeyboard(page, page.getByRole('button', { name: t('billing.sandbox.pay'), exact: true }));
  await page.waitForURL(/\/orders\/successorder\?orderId=/);
  return plan;
}

/** The fields every posting needs to be published, typed as a person would. */
async function fillPosting(page: Page, title: string): Promise<void> {
  const form = page.getByTestId('posting-form');
  await form.getByLabel(t('postings.field.title')).fill(title);
  await form.getByLabel(t('postings.field.jobCategory')).selectOption('nursing');
  await form.getByLabel(t('postings.field.employmentType')).selectOption('full-time');
  await form.getByLabel(t('postings.field.workType')).selectOption('on-site');
  await form.getByLabel(t('postings.field.province')).selectOption('tehran');
  await form.getByLabel(t('postings.field.city')).selectOption('tehran');
  await form.getByLabel(t('postings.field.description')).fill('مراقبت از بیماران بخش ویژه\nبیمه از روز اول');
  // Toman with Persian digits and separators.
  await form.getByLabel(t('postings.field.minSalary')).fill('۱۵٬۰۰۰٬۰۰۰');
  await form.getByLabel(t('postings.field.maxSalary')).fill('20,000,000');
  await form.getByLabel(t('postings.field.experienceYears')).selectOption('2');
  // Saturday, 7:30 to 14:00 typed in Persian digits.
  const saturday = t('postings.weekday.0');
  await form.getByLabel(t('postings.field.worksOn', { day: saturday })).check();
  await form.getByLabel(t('postings.field.from', { day: saturday })).fill('۷:۳۰');
  await form.getByLabel(t('postings.field.to', { day: saturday })).fill('۱۴:۰۰');
  await form.getByTestId('shift-patterns').getByLabel(t('postings.shift.night')).check();
}

/** Submits the form with one of its buttons and waits for the ad list it goes on to. */
async function submitTo(page: Page, button: string, slug: string): Promise<void> {
  await pressByKeyboard(page, page.getByTestId(button));
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/employers/${slug}/recruitments`);
  await hydrated(page);
}

function row(page: Page, title: string): Locator {
  return page
    .getByTestId('posting-row')
    .filter({ has: page.getByTestId('posting-title').getByText(title, { exact: true }) });
}

async function toastWithText(page: Page, text: string): Promise<Locator> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await toast.first().waitFor();
  return toast.first();
}

describe('posting screens on the real stack', () => {
  before(async () => {
    world = await startWorld('web-postings', { output: 'quiet' });
  });
  after(async () => {
    await stopWorld(world);
  });

  test('an owner drafts, previews, publishes, edits, clones, features and archives postings', async (context) => {
    const w = world!;
    const owner = await ownerWithEmployer(w, `بیمارستان آگهی ${Date.now() % 100000}`);
    const { page, slug, id } = owner;
    try {
      // The service may not serve postings on this stack (an older checkout): say so, do not pass.
      const probe = await page.request.get(`/api/v1/employers/${id}/recruitments/summary`);
      assert.ok(probe.ok(), `GET employers/{id}/recruitments/summary: ${probe.status()} ${probe.headers().exc}`);

      // An incomplete profile: saving is refused, and the toast leads to the advanced info.
      await goto(page, '/recruitments/add');
      assert.equal(await page.getByTestId('site-header').getAttribute('data-variant'), 'employers');
      await fillPosting(page, 'پرستار بخش ICU');
      await pressByKeyboard(page, page.getByTestId('save-draft'));
      const refused = await toastWithText(page, 'اطلاعات تکمیلی');
      const link = refused.getByTestId('toast-action');
      assert.equal(await link.innerText(), t('toast.completeProfile'));
      assert.equal(decodeURIComponent((await link.getAttribute('href')) ?? ''), `/employers/add/${slug}`);

      // The profile completed (a medical registration number) and a plan bought.
      const completed = await page.request.put(`/api/v1/employers/${id}/company`, {
        data: { brand: `بیمارستان آگهی ${slug.length}`, medicalRegistrationNumber: '۱۲۳۴۵' },
        headers: { 'accept-cookie': 'true' },
      });
      assert.ok(completed.ok(), `PUT company: ${completed.status()} ${completed.headers().exc}`);
      await buyPlan(w, page, id);

      // A draft: written, previewed as applicants will see it, saved.
      await goto(page, `/recruitments/add?employer=${encodeURIComponent(slug)}`);
      await fillPosting(page, 'پرستار بخش ICU');
      await assertAccessibleAtBothWidths(page, 'new posting form');
      await pressByKeyboard(page, page.getByTestId('preview-posting'));
      const preview = page.getByRole('dialog', { name: t('postings.form.previewTitle') });
      await preview.waitFor();
      assert.equal(await preview.getByTestId('preview-title').innerText(), 'پرستار بخش ICU');
      assert.equal(
        await preview.getByTestId('preview-salary').innerText(),
        t('postings.view.salaryRange', { min: formatToman(150_000_000, 'fa'), max: formatToman(200_000_000, 'fa') }),
      );
      assert.match(await preview.innerText(), /۰۷:۳۰ تا ۱۴:۰۰/);
      await toastsSettled(page);
      await assertAccessible(page, 'the preview');
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      await submitTo(page, 'save-draft', slug);
      await toastWithText(page, t('postings.saved.draft'));
      const draft = row(page, 'پرستار بخش ICU');
      await draft.getByTestId('status-draft').waitFor();
      await page
        .getByTestId('filter-draft')
        .getByText(t('postings.list.count', { label: t('postings.status.draft'), count: '۱' }))
        .waitFor();

      // Published from the edit page; the salary and the hours come back as saved.
      await pressByKeyboard(page, draft.getByTestId('edit-posting'));
      await page.waitForURL(/\/recruitments\/[^/]+\/edit$/);
      await hydrated(page);
      const editUrl = page.url();
      const form = page.getByTestId('posting-form');
      assert.equal(await form.getByLabel(t('postings.field.minSalary')).inputValue(), '۱۵۰۰۰۰۰۰');
      assert.equal(
        await form.getByLabel(t('postings.field.from', { day: t('postings.weekday.0') })).inputValue(),
        '07:30',
      );
      await submitTo(page, 'publish-posting', slug);
      await toastWithText(page, t('postings.saved.published'));
      await row(page, 'پرستار بخش ICU').getByTestId('status-published').waitFor();

      // A published posting saves its changes; it has no 'save as draft'.
      await goto(page, editUrl);
      await page.getByTestId('published-note').waitFor();
      assert.equal(await page.getByTestId('save-draft').count(), 0);
      await page.getByTestId('posting-form').getByLabel(t('postings.field.title')).fill('پرستار ارشد بخش ICU');
      await submitTo(page, 'save-posting', slug);
      await toastWithText(page, t('postings.saved.updated'));
      const first = row(page, 'پرستار ارشد بخش ICU');
      await first.getByTestId('status-published').waitFor();

      // Clone: the form prefilled, saved as a new draft; the original stays.
      await pressByKeyboard(page, first.getByTestId('clone-posting'));
      await page.waitForURL(/\/recruitments\/[^/]+\/clone/);
      await hydrated(page);
      const cloneTitle = page.getByTestId('posting-form').getByLabel(t('postings.field.title'));
      assert.equal(await cloneTitle.inputValue(), 'پرستار ارشد بخش ICU');
      await cloneTitle.fill('پرستار شب بخش ICU');
      await submitTo(page, 'save-draft', slug);
      const clone = row(page, 'پرستار شب بخش ICU');
      await clone.getByTestId('status-draft').waitFor();
      await first.getByTestId('status-published').waitFor();
      await assertAccessibleAtBothWidths(page, 'ad list');

      // The clone published too (the plan has ads left).
      await pressByKeyboard(page, clone.getByTestId('edit-posting'));
      await page.waitForURL(/\/edit$/);
      await hydrated(page);
      await submitTo(page, 'publish-posting', slug);
      await row(page, 'پرستار شب بخش ICU').getByTestId('status-published').waitFor();

      // Featuring asks first; the plan's one featured ad goes to the first posting.
      await pressByKeyboard(page, first.getByTestId('feature-posting'));
      const featureDialog = page.getByRole('dialog', { name: t('postings.list.featureTitle') });
      await featureDialog.waitFor();
      await toastsSettled(page);
      await assertAccessible(page, 'the feature dialog');
      await pressByKeyboard(page, featureDialog.getByTestId('feature-posting-confirm'));
      await toastWithText(page, t('postings.list.featured'));
      await first.getByTestId('status-featured').waitFor();

      // None left for the clone: the toast's 'buy package' link and the prompt on the page.
      await pressByKeyboard(page, row(page, 'پرستار شب بخش ICU').getByTestId('feature-posting'));
      await pressByKeyboard(page, featureDialog.getByTestId('feature-posting-confirm'));
      const runOut = await toastWithText(page, 'بسته');
      assert.equal(
        decodeURIComponent((await runOut.getByTestId('toast-action').getAttribute('href')) ?? ''),
        `/employers/${slug}/pricing`,
      );
      const prompt = page.getByTestId('buy-package');
      await prompt.waitFor();
      assert.equal(
        decodeURIComponent((await prompt.getByRole('link').getAttribute('href')) ?? ''),
        `/employers/${slug}/pricing`,
      );

      // Archiving asks first too; the archived posting can no longer be edited or featured.
      await pressByKeyboard(page, first.getByTestId('archive-posting'));
      const archiveDialog = page.getByRole('dialog', { name: t('postings.list.archiveTitle') });
      await pressByKeyboard(page, archiveDialog.getByTestId('archive-posting-confirm'));
      await toastWithText(page, t('postings.list.archived'));
      await first.getByTestId('status-archived').waitFor();
      assert.equal(await first.getByTestId('edit-posting').count(), 0);
      await page.getByTestId('filter-archived').click();
      await page.waitForURL(/status=archived/);
      await hydrated(page);
      assert.deepEqual(await page.getByTestId('posting-title').allInnerTexts(), ['پرستار ارشد بخش ICU']);

      // The profile's open positions: the open clone, linking to its page; not the archived one.
      await goto(page, `/employers/${slug}?activeTab=positions`);
      const positions = page.getByTestId('open-positions');
      await positions.waitFor();
      const links = positions.getByRole('link');
      assert.deepEqual(await links.allInnerTexts(), ['پرستار شب بخش ICU']);
      assert.match(
        decodeURIComponent((await links.first().getAttribute('href')) ?? ''),
        /^\/applicants\/recruitments\/nursing\/.+/,
      );
      // English under /en: the list and the form in the catalogue's English, left to right.
      const en = translator('en');
      await goto(page, `/en/employers/${slug}/recruitments`);
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), en('postings.list.title'));
      assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
      await goto(page, `/en/recruitments/add?employer=${encodeURIComponent(slug)}`);
      await page.getByRole('group', { name: en('postings.form.hours') }).waitFor();
      await page.getByLabel(en('postings.field.worksOn', { day: en('postings.weekday.6') })).waitFor();
      context.diagnostic(`employer ${slug}`);
    } catch (error) {
      await screenshot(page, 'postings-failure').catch(() => {});
      throw error;
    } finally {
      await owner.close();
    }
  });

  test('without JavaScript a refused save shows the form again with what was typed', async () => {
    const w = world!;
    const owner = await ownerWithEmployer(w, `درمانگاه بی‌اسکریپت ${Date.now() % 100000}`);
    const { context, page } = await newPage(w, 390, { javaScriptEnabled: false });
    try {
      await context.addCookies(await owner.page.context().cookies());
      await page.goto('/recruitments/add');
      const form = page.getByTestId('posting-form');
      // No title: the service refuses the save (and the new employer's profile is not complete).
      const description = 'مراقبت از نوزادان\nشیفت شب، ۳ شب در هفته';
      await form.getByLabel(t('postings.field.description')).fill(description);
      await form.getByLabel(t('postings.field.region')).fill('منطقهٔ ۶');
      await form.getByLabel(t('postings.field.minSalary')).fill('۱۵٬۰۰۰٬۰۰۰');
      await form.getByLabel(t('postings.field.jobCategory')).selectOption('nursing');
      await page.getByTestId('save-draft').click();
      await page.waitForLoadState('domcontentloaded');
      const again = page.getByTestId('posting-form');
      assert.equal(await again.getByLabel(t('postings.field.description')).inputValue(), description);
      assert.equal(await again.getByLabel(t('postings.field.region')).inputValue(), 'منطقهٔ ۶');
      assert.equal(await again.getByLabel(t('postings.field.minSalary')).inputValue(), '۱۵۰۰۰۰۰۰');
      assert.equal(await again.getByLabel(t('postings.field.jobCategory')).inputValue(), 'nursing');
      assert.equal(new URL(page.url()).pathname, '/recruitments/add', 'still on the form, nothing saved');
    } finally {
      await context.close();
      await owner.close();
    }
  });
});
