// Hiring tried as new users would, in two browsers on the real stack (auth, files, resume,
// employer, billing's sandbox, recruitment, hiring, gateway, built web app) in Debian's Chromium.
// The employer (one browser context) publishes two postings. An applicant (another context)
// opens the first without a resume: "send resume" answers with the 'create resume' toast, whose
// builder step returns to the posting; then sends the resume through the confirmation (by
// keyboard) and sees the date and state. The employer, on their screens, opens the application
// from the board (read) and moves it through the steps to accepted; the applicant sees each in
// the timeline, and a cancel pressed on a page opened before the decision is refused. Another
// applicant's application to the second posting is rejected with a reason from the employer's
// dialog, which they read in their timeline. Without JavaScript a visitor's press says to log in
// on the page, and someone with a resume applies through the question the page asks. axe (WCAG
// 2.2 A/AA) and screenshots at 1280 and 390 px on the posting page and my applications.
import assert from 'node:assert/strict';
import { excText } from '@darmankar/platform/errors/catalogue';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import { logInThroughApi } from '../routes/support/login.ts';
import { listTitle } from '../../app/lib/closed-lists.ts';
import { formatJalaliDate } from '../../app/lib/format.ts';
import {
  contextRest,
  createResume,
  openPosting,
  withPlan,
  type EmployerWithPlan,
  type OpenPosting,
  type Rest,
} from '../my-applies-support.ts';
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
const run = Date.now() % 100_000;
const BRAND = `بیمارستان آزمون استخدام ${run}`;

let world: World | undefined;
let employer: { page: Page; rest: Rest; at: EmployerWithPlan; close: () => Promise<void> };
const postings: OpenPosting[] = [];

async function accessibleAtBothWidths(page: Page, where: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await assertAccessible(page, where);
    // From the top, so the sticky header sits where a person sees it, not over the middle of the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `hiring-applicant-${where}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The employer, in their browser: opens the posting's one application from the board's first
 * step (which marks it read) and returns its page's path.
 */
async function employerOpens(posting: OpenPosting): Promise<void> {
  const { page, at } = employer;
  await goto(page, `/recruitments/${posting.id}/apply-management`);
  const column = page.locator(`[data-testid="board-column"][data-step-id="${at.step('in_review').id}"]`);
  await column.getByTestId('apply-open').first().click();
  await page.waitForURL((url) => url.pathname.includes('/applies/'));
  await hydrated(page);
  await page.getByTestId('apply-page').waitFor();
}

/** The employer moves the open application onto a step with the page's move form. */
async function employerMoves(stepKind: 'interview' | 'offer' | 'accepted'): Promise<void> {
  const { page, at } = employer;
  const step = at.step(stepKind);
  await page.getByTestId('detail-move-step').selectOption(step.id);
  await page.getByTestId('detail-move').click();
  await page.waitForURL((url) => url.pathname.includes(`/steps/${step.id}/applies/`));
  await hydrated(page);
}

/** The timeline's lines of the application to `posting` on my applications. */
async function timeline(page: Page, posting: OpenPosting): Promise<string[]> {
  const card = page.getByTestId('my-apply').filter({ hasText: posting.title });
  return card.getByTestId('timeline-text').allInnerTexts();
}

describe('hiring in two browsers: the applicant applies, the employer decides, the applicant follows', () => {
  before(async () => {
    world = await startWorld('web-hiring-applicant', { output: 'quiet' });
    const owner = await ownerWithEmployer(world, BRAND);
    const rest = contextRest(owner.page.request);
    const at = await withPlan(rest, owner.id, owner.slug, BRAND);
    employer = { page: owner.page, rest, at, close: owner.close };
    postings.push(await openPosting(rest, owner.id, `پرستار بخش دیالیز ${run}`));
    postings.push(await openPosting(rest, owner.id, `ماما برای بلوک زایمان ${run}`));
  });
  after(async () => {
    await employer?.close();
    await stopWorld(world);
  });

  test('an applicant applies with a resume made on the way, the employer moves it to accepted, cancelling then is refused', async () => {
    const w = world!;
    const posting = postings[0]!;
    const { context, page } = await newPage(w, 1280);
    try {
      await logIn(w, page, uniqueCellphone(), posting.path);
      await hydrated(page);
      const slot = page.getByTestId('apply-slot');
      await slot
        .getByText(t('myApplies.slot.noResumeHint'))
        .waitFor({ timeout: 10_000 })
        .catch(async (error: Error) => assert.fail(`${error.message}\n${page.url()}\n${await slot.innerText()}`));

      // No resume yet: the toast's 'create resume' leads to the builder, which comes back here.
      await slot.getByTestId('apply-button').click();
      const toResume = page.getByTestId('toast-action');
      await toResume.waitFor();
      assert.equal(await toResume.innerText(), t('toast.createResume'));
      await toResume.click();
      await page.waitForURL((url) => url.pathname === '/applicants/resumes/add/personal');
      await hydrated(page);
      await page.getByLabel(t('resume.personal.firstName'), { exact: true }).fill('نسرین');
      await page.getByLabel(t('resume.personal.lastName'), { exact: true }).fill('رضایی');
      await page.getByTestId('save-personal').click();
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === decodeURIComponent(posting.path));
      await hydrated(page);
      assert.ok(await slot.getByText(t('myApplies.slot.readyHint', { name: 'نسرین رضایی' })).isVisible());

      // Send it by keyboard: the dialog names the resume, since an application cannot be edited.
      await slot.getByTestId('apply-button').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t('myApplies.confirm.title') });
      await dialog.waitFor();
      assert.ok(await dialog.getByText(t('myApplies.confirm.text', { name: 'نسرین رضایی', brand: BRAND })).isVisible());
      await assertAccessible(page, 'the send-resume dialog');
      await dialog.getByTestId('apply-button-confirm').focus();
      await page.keyboard.press('Enter');
      await page.getByText(t('myApplies.sent')).waitFor();
      const status = slot.getByTestId('apply-status');
      await status.waitFor();
      assert.ok(
        await status.getByText(t('myApplies.slot.applied', { date: formatJalaliDate(new Date(), 'fa') })).isVisible(),
      );
      assert.equal(await status.getByTestId('apply-state').innerText(), t('myApplies.state.in_progress'));
      await accessibleAtBothWidths(page, 'posting-applied');

      // My applications, from the slot's link: applied, in progress, cancel offered.
      await status.getByTestId('apply-mine-link').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'applies');
      await hydrated(page);
      assert.deepEqual(await timeline(page, posting), [t('myApplies.change.applied')]);

      // The employer, in the other browser, opens the application (read) and moves it on.
      await employerOpens(posting);
      await employerMoves('interview');
      await goto(page, page.url());
      assert.deepEqual(await timeline(page, posting), [
        t('myApplies.change.applied'),
        t('myApplies.change.read'),
        t('myApplies.change.moved', { step: t('myApplies.kind.interview') }),
      ]);

      // Decided while this page is open: its Cancel is still shown, and pressing it is refused.
      await employerMoves('offer');
      await employerMoves('accepted');
      const card = page.getByTestId('my-apply').filter({ hasText: posting.title });
      await card.getByTestId('cancel-apply').click();
      const ask = page.getByRole('dialog', { name: t('myApplies.cancelTitle') });
      await ask.waitFor();
      await ask.getByTestId('cancel-apply-confirm').click();
      await page.getByText(excText('EXC_HIRING_APPLY_CANNOT_BE_CANCELLED', 'fa')).waitFor();
      await goto(page, page.url());
      assert.equal(await card.getByTestId('apply-state').innerText(), t('myApplies.state.accepted'));
      assert.equal(await card.getByTestId('cancel-apply').count(), 0, 'no cancel once decided');
      assert.deepEqual((await timeline(page, posting)).slice(3), [
        t('myApplies.change.moved', { step: t('myApplies.kind.offer') }),
        t('myApplies.change.moved', { step: t('myApplies.kind.accepted') }),
      ]);
      assert.equal(
        await page.getByTestId('applies-chip-accepted').innerText(),
        t('myApplies.filter.accepted', { count: '۱' }),
      );
      await accessibleAtBothWidths(page, 'my-applications');
    } finally {
      await context.close();
    }
  });

  test("another applicant's application is rejected with a reason, which they read in their timeline", async () => {
    const w = world!;
    const posting = postings[1]!;
    const { context, page } = await newPage(w, 390);
    try {
      await logIn(w, page, uniqueCellphone(), '/');
      const resume = await createResume(contextRest(page.request), 'مهسا', 'امینی');
      await goto(page, posting.path);
      await page.getByTestId('apply-slot').getByTestId('apply-button').click();
      await page
        .getByRole('dialog', { name: t('myApplies.confirm.title') })
        .getByTestId('apply-button-confirm')
        .click();
      await page.getByTestId('apply-status').waitFor();

      // The employer rejects it from the application's page, with a reason and a description.
      await employerOpens(posting);
      const employerPage = employer.page;
      await employerPage.getByTestId('detail-reject').click();
      const dialog = employerPage.getByTestId('reject-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('reject-reason').selectOption('schedule');
      await dialog.getByTestId('reject-description').fill('شیفت‌های شب این بخش با برنامهٔ شما جور نیست.');
      await dialog.getByTestId('reject-confirm').click();
      await employerPage.getByTestId('apply-rejection').waitFor();
      await goto(page, `/applicants/resumes/${encodeURIComponent(resume.slug)}/recruitments?tab=applies`);
      const card = page.getByTestId('my-apply').filter({ hasText: posting.title });
      assert.equal(await card.getByTestId('apply-state').innerText(), t('myApplies.state.rejected'));
      assert.equal(
        (await timeline(page, posting)).at(-1),
        t('myApplies.change.rejectedReason', { reason: listTitle('rejectionReasons', 'schedule', 'fa')! }),
      );
      assert.equal(await card.getByTestId('cancel-apply').count(), 0);
      // The rejected chip filters to it alone, its count in Persian digits.
      await page.getByTestId('applies-chip-rejected').click();
      await page.waitForURL((url) => url.searchParams.get('state') === 'rejected');
      await hydrated(page);
      assert.equal(await page.getByTestId('my-apply').count(), 1);
      assert.equal(
        await page.getByTestId('applies-chip-rejected').innerText(),
        t('myApplies.filter.rejected', { count: '۱' }),
      );
      await accessibleAtBothWidths(page, 'my-applications-rejected');
    } finally {
      await context.close();
    }
  });

  test('without JavaScript: a visitor is told on the page to log in; with a resume the question is asked on the page', async () => {
    const w = world!;
    const posting = postings[1]!;
    const visitor = await newPage(w, 390, { javaScriptEnabled: false });
    try {
      await visitor.page.goto(posting.path);
      await visitor.page.getByTestId('apply-slot').getByTestId('apply-button').click();
      const refusal = visitor.page.getByTestId('apply-refusal');
      await refusal.waitFor();
      assert.ok(await refusal.getByText(excText('EXC_AUTHENTICATION_REQUIRED', 'fa')).isVisible());
      const login = refusal.getByTestId('apply-refusal-action');
      assert.equal(await login.innerText(), t('toast.login'));
      assert.equal(new URL((await login.getAttribute('href'))!, 'http://x').searchParams.get('backURL'), posting.path);
    } finally {
      await visitor.context.close();
    }

    // Someone with a resume, their session's cookies given to a browser without JavaScript.
    const cookie = await logInThroughApi(w.stack.gatewayUrl);
    const { context, page } = await newPage(w, 1280, { javaScriptEnabled: false });
    try {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: w.stack.webUrl };
        }),
      );
      await createResume(contextRest(page.request), 'لیلا', 'صادقی');
      await page.goto(posting.path);
      await page.getByTestId('apply-slot').getByTestId('apply-button').click();
      await page.waitForURL((url) => url.searchParams.get('confirm') === 'apply');
      const question = page.getByTestId('apply-button-inline');
      assert.ok(
        await question.getByText(t('myApplies.confirm.text', { name: 'لیلا صادقی', brand: BRAND })).isVisible(),
      );
      await question.getByRole('button', { name: t('myApplies.confirm.yes') }).click();
      const status = page.getByTestId('apply-status');
      await status.waitFor();
      assert.equal(await status.getByTestId('apply-state').innerText(), t('myApplies.state.in_progress'));
    } finally {
      await context.close();
    }
  });
});
