// The employer's hiring screens end to end on the real stack (auth, files, resume, employer,
// billing's sandbox, recruitment, hiring, gateway, built web app) in Debian's Chromium. An
// employer publishes a posting; three applicants (their own browser contexts) apply with their
// resumes, one with a custom resume file. The employer finds the counts on the ad list, opens the
// board (all new on the first step), opens one (the resume as applied, its custom resume through
// the signed link; back on the board it is read), moves it to the interview step by the card's
// keyboard menu, rejects another with a reason from the dialog, and carries the first on by
// keyboard drag; a move made on a stale board is refused by its version and the board reloads;
// two are moved and rejected in bulk. The service is asked after each step. A member of no
// employer gets the 403 page. axe (WCAG 2.2 A/AA and experimental) and screenshots at 1280 and
// 390 px on the board, the application's page and the rejection dialog.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import type { Locator, Page } from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import type { ApplyCard, Flow } from '../../app/lib/hiring/types.ts';
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
const BRAND = `درمانگاه آزمون درخواست‌ها ${run}`;

let world: World | undefined;
let employer: { page: Page; rest: Rest; at: EmployerWithPlan; close: () => Promise<void> };
let posting: OpenPosting;
const applies: Array<{ id: string; name: string }> = [];

async function goto(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  // A page that failed says why here rather than as a missing element later.
  const codes = page.getByTestId('error-codes');
  if ((await codes.count()) > 0) assert.fail(`${path} failed: ${await codes.innerText()}`);
}

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

async function accessibleAtBothWidths(page: Page, where: string): Promise<void> {
  for (const width of [1280, 390]) {
    await toastsSettled(page);
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await assertAccessible(page, where);
    await screenshot(page, `hiring-employer-${where}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const boardPath = () => `/recruitments/${posting.id}/apply-management`;

function column(page: Page, stepId: string): Locator {
  return page.locator(`[data-testid="board-column"][data-step-id="${stepId}"]`);
}

function cardOf(page: Page, applyId: string): Locator {
  return page.locator(`[data-testid="apply-card"][data-apply-id="${applyId}"]`);
}

/** The application as the service has it now. */
async function serviceCard(applyId: string, stepId: string): Promise<ApplyCard> {
  const { items } = await employer.rest.send<{ items: ApplyCard[] }>(
    'GET',
    `hiring/${posting.id}/applies?stepId=${stepId}`,
  );
  const found = items.find((item) => item.id === applyId);
  assert.ok(found, `the application stands on step ${stepId}`);
  return found;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A new applicant in a browser context of their own applies to the posting with a new resume,
 * with a custom resume file attached when `file` names it.
 */
async function applicantApplies(firstName: string, lastName: string, file?: string): Promise<void> {
  const { context, page } = await newPage(world!);
  try {
    await logIn(world!, page, uniqueCellphone());
    const rest = contextRest(page.request);
    const resume = await createResume(rest, firstName, lastName);
    if (file) {
      const uploaded = await page.request.post('/api/v1/files/upload?category=CUSTOM_RESUME', {
        multipart: { file: { name: file, mimeType: 'application/pdf', buffer: PDF } },
        headers: { 'accept-cookie': 'true' },
      });
      assert.ok(uploaded.ok(), `upload: ${uploaded.status()} ${uploaded.headers().exc}`);
      const { id: fileId } = (await uploaded.json()) as { id: string };
      await rest.send('POST', `resumes/${resume.id}/custom`, { fileId, fileName: file });
    }
    const { apply } = await rest.send<{ apply: { id: string } }>(
      'POST',
      `hiring/${posting.id}/applies?resumeId=${resume.id}`,
    );
    applies.push({ id: apply.id, name: `${firstName} ${lastName}` });
  } finally {
    await context.close();
  }
}

describe('the employer’s hiring screens on the real stack', () => {
  before(async () => {
    world = await startWorld('web-hiring-employer', { output: 'quiet' });
    const owner = await ownerWithEmployer(world, BRAND);
    const rest = contextRest(owner.page.request);
    const at = await withPlan(rest, owner.id, owner.slug, BRAND);
    employer = { page: owner.page, rest, at, close: owner.close };
    posting = await openPosting(rest, owner.id, `پرستار اورژانس ${run}`);
    await applicantApplies('سارا', 'احمدی', 'رزومهٔ سارا.pdf');
    await applicantApplies('مریم', 'کاظمی');
    await applicantApplies('علی', 'رضایی');
  });
  after(async () => {
    await employer?.close();
    await stopWorld(world);
  });

  test('the ad list shows the posting’s applications, new ones on a badge, linking to its board', async () => {
    const { page, at } = employer;
    await goto(page, `/employers/${at.slug}/recruitments`);
    const link = page.getByTestId('posting-row').filter({ hasText: posting.title }).getByTestId('posting-applications');
    // The counts follow the hiring events: give the recruitment service its moment.
    const unread = link.getByTestId('posting-applications-unread');
    const three = t('applies.postings.unread', { count: '۳' });
    for (let attempt = 0; attempt < 40; attempt++) {
      if ((await unread.count()) > 0 && (await unread.innerText()) === three) break;
      await page.waitForTimeout(250);
      await goto(page, `/employers/${at.slug}/recruitments`);
    }
    assert.equal(
      await link.getByTestId('posting-applications-count').innerText(),
      t('applies.postings.count', { count: '۳' }),
    );
    assert.equal(await unread.innerText(), three);
    await link.click();
    await page.waitForURL((url) => url.pathname === boardPath());
    await hydrated(page);
  });

  test('the board: every application new on the first step; opening one shows the resume and reads it', async () => {
    const { page, at } = employer;
    await goto(page, boardPath());
    const first = at.steps[0]!;
    const cards = column(page, first.id).getByTestId('apply-card');
    await cards.nth(2).waitFor();
    assert.equal(await cards.count(), 3);
    assert.equal(await column(page, first.id).getByTestId('apply-unread').count(), 3);
    assert.ok(
      (await page.getByTestId('site-header').getAttribute('data-variant')) === 'employers',
      'the employer menu',
    );
    await accessibleAtBothWidths(page, 'board');

    const [sara] = applies;
    await cardOf(page, sara!.id).getByTestId('apply-open').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/applies/${sara!.id}`));
    await hydrated(page);
    assert.equal(await page.getByTestId('resume-name').innerText(), sara!.name);
    assert.equal(await page.getByTestId('apply-step').innerText(), t('applies.detail.step', { step: first.name }));
    assert.equal(await page.getByTestId('apply-viewers').innerText(), t('applies.detail.viewers', { count: '۱' }));
    // Newest first: Sara applied first, so she is last of the three.
    assert.equal(
      await page.getByTestId('apply-position').innerText(),
      t('applies.detail.position', { position: '۳', total: '۳' }),
    );
    // The custom resume opens in a new tab through its signed link (Chromium downloads the PDF).
    const [opened] = await Promise.all([
      page
        .context()
        .waitForEvent('request', (request) => request.isNavigationRequest() && request.url().includes('/api/v1/')),
      page.getByTestId('detail-custom-resume').click(),
    ]);
    const file = await page.request.get(opened.url());
    assert.equal(file.status(), 200, `the signed link ${opened.url()}`);
    assert.deepEqual(await file.body(), PDF);
    await accessibleAtBothWidths(page, 'application');
    assert.equal((await serviceCard(sara!.id, first.id)).read, true, 'opening it marked it read');

    await page.getByTestId('back-to-board').click();
    await page.waitForURL((url) => url.pathname === boardPath());
    await hydrated(page);
    await cardOf(page, applies[1]!.id).waitFor();
    assert.equal(await cardOf(page, sara!.id).getByTestId('apply-unread').count(), 0);
    assert.equal(await cardOf(page, applies[1]!.id).getByTestId('apply-unread').count(), 1);
  });

  test('moved to the interview step by the card’s keyboard menu', async () => {
    const { page, at } = employer;
    await goto(page, boardPath());
    const interview = at.step('interview');
    const [sara] = applies;
    await cardOf(page, sara!.id).getByTestId('apply-menu').focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: t('applies.card.moveTo', { step: interview.name }) });
    await item.waitFor();
    // Arrow keys walk the menu: down until the interview item has the focus, then Enter.
    for (let presses = 0; presses < 10 && !(await item.evaluate((node) => node === document.activeElement)); presses++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await column(page, interview.id).locator(`[data-apply-id="${sara!.id}"]`).waitFor();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: t('applies.moved', { name: sara!.name, step: interview.name }) })
      .first()
      .waitFor();
    const moved = await serviceCard(sara!.id, interview.id);
    assert.equal(moved.step.id, interview.id);
    // After a reload it is still there (the service's state, not the page's).
    await goto(page, boardPath());
    await column(page, interview.id).getByTestId('apply-card').first().waitFor();
    assert.equal(await column(page, interview.id).getByTestId('apply-card').count(), 1);
  });

  test('another rejected with a reason from the dialog; the description is required', async () => {
    const { page, at } = employer;
    await goto(page, boardPath());
    const rejected = at.step('rejected');
    const maryam = applies[1]!;
    await cardOf(page, maryam.id).getByTestId('apply-menu').click();
    await page.getByTestId('apply-reject-item').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.waitFor();
    await dialog.getByLabel(t('applies.reject.reason')).selectOption('experience');
    await dialog.getByTestId('reject-confirm').click();
    // No description: said under the field, nothing sent.
    assert.equal(await dialog.getByTestId('reject-description').getAttribute('aria-invalid'), 'true');
    await accessibleAtBothWidths(page, 'reject-dialog');
    await dialog.getByLabel(t('applies.reject.description')).fill('سابقهٔ کار در اورژانس کمتر از دو سال است.');
    await dialog.getByTestId('reject-confirm').click();
    await column(page, rejected.id).locator(`[data-apply-id="${maryam.id}"]`).waitFor();
    const card = await serviceCard(maryam.id, rejected.id);
    assert.equal(card.rejectionReason, 'experience');
    assert.equal(card.rejectionDescription, 'سابقهٔ کار در اورژانس کمتر از دو سال است.');
  });

  test('carried on to the next step by keyboard drag', async () => {
    const { page, at } = employer;
    await goto(page, boardPath());
    const interview = at.step('interview');
    await cardOf(page, applies[0]!.id).waitFor();
    const steps = at.steps.filter((step) => step.kind !== 'rejected');
    const next = steps[steps.findIndex((step) => step.id === interview.id) + 1]!;
    const [sara] = applies;
    const handle = cardOf(page, sara!.id).getByTestId('apply-drag');
    // What a screen reader hears, in the catalogue's words.
    const hears = async (expected: string) => {
      const region = page.locator('[id^="DndLiveRegion"]');
      for (let attempt = 0; attempt < 50 && (await region.innerText()) !== expected; attempt++)
        await page.waitForTimeout(100);
      assert.equal(await region.innerText(), expected);
    };
    await handle.focus();
    await page.keyboard.press('Space');
    await hears(t('applies.dnd.over', { name: sara!.name, step: interview.name }));
    // Right to left: the next step is drawn to the left.
    await page.keyboard.press('ArrowLeft');
    await hears(t('applies.dnd.over', { name: sara!.name, step: next.name }));
    await page.keyboard.press('Space');
    await hears(t('applies.dnd.end', { name: sara!.name, step: next.name }));
    await column(page, next.id).locator(`[data-apply-id="${sara!.id}"]`).waitFor();
    // Shown at once; told once the service has taken it.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: t('applies.moved', { name: sara!.name, step: next.name }) })
      .first()
      .waitFor();
    assert.equal((await serviceCard(sara!.id, next.id)).step.id, next.id);
    const flow = await employer.rest.send<Flow>('GET', `hiring/${posting.id}/flow`);
    const totals = Object.fromEntries(flow.steps.map((entry) => [entry.step.id, entry.total]));
    assert.equal(totals[next.id], 1);
    assert.equal(totals[interview.id], 0);
    assert.equal(totals[at.step('rejected').id], 1);
  });

  test('a move made on a stale board is refused by the version, said, and the board reloads', async () => {
    const { page, at } = employer;
    await goto(page, boardPath());
    const [sara] = applies;
    await cardOf(page, sara!.id).waitFor();
    const accepted = at.step('accepted');
    const interview = at.step('interview');
    // Someone else moves it meanwhile.
    await employer.rest.send('PUT', `hiring/${posting.id}/applies/${sara!.id}/update-flow?stepId=${accepted.id}`, {});
    await cardOf(page, sara!.id).getByTestId('apply-menu').click();
    await page.getByRole('menuitem', { name: t('applies.card.moveTo', { step: interview.name }) }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: excText('EXC_HIRING_APPLY_VERSION_CONFLICT', 'fa') })
      .first()
      .waitFor();
    // The board shows where it really stands.
    await column(page, accepted.id).locator(`[data-apply-id="${sara!.id}"]`).waitFor();
    assert.equal(await column(page, interview.id).locator(`[data-apply-id="${sara!.id}"]`).count(), 0);
    assert.equal((await serviceCard(sara!.id, accepted.id)).step.id, accepted.id);
  });

  test('two chosen together: moved back to the first step, then rejected in one go', async () => {
    const { page, at } = employer;
    await goto(page, boardPath());
    const [sara, , ali] = applies;
    const first = at.steps[0]!;
    const rejected = at.step('rejected');
    for (const one of [sara!, ali!]) await cardOf(page, one.id).getByTestId('apply-select').check();
    assert.equal(await page.getByTestId('bulk-count').innerText(), t('applies.bulk.selected', { count: '۲' }));
    await page.getByTestId('bulk-step').selectOption(first.id);
    await page.getByTestId('bulk-move').click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: t('applies.moved', { name: sara!.name, step: first.name }) })
      .first()
      .waitFor();
    // Ali stood there already: only Sara moved.
    assert.equal((await serviceCard(sara!.id, first.id)).step.id, first.id);

    for (const one of [sara!, ali!]) await cardOf(page, one.id).getByTestId('apply-select').check();
    await page.getByTestId('bulk-reject').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.getByLabel(t('applies.reject.reason')).selectOption('position-filled');
    await dialog.getByLabel(t('applies.reject.description')).fill('این موقعیت پر شد.');
    await dialog.getByTestId('reject-confirm').click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: t('applies.rejectedMany', { count: '۲' }) })
      .first()
      .waitFor();
    for (const one of [sara!, ali!]) {
      await column(page, rejected.id).locator(`[data-apply-id="${one.id}"]`).waitFor();
      assert.equal((await serviceCard(one.id, rejected.id)).rejectionReason, 'position-filled');
    }
    assert.equal(await page.getByTestId('bulk-bar').count(), 0, 'nothing chosen any more');
  });

  test('on a phone one step at a time, chosen from the step picker', async () => {
    const { page, at } = employer;
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await goto(page, boardPath());
      const visible = async () => {
        const shown: string[] = [];
        for (const step of at.steps) if (await column(page, step.id).isVisible()) shown.push(step.id);
        return shown;
      };
      assert.deepEqual(await visible(), [at.steps[0]!.id]);
      await page.getByTestId('step-picker').selectOption(at.step('rejected').id);
      assert.deepEqual(await visible(), [at.step('rejected').id]);
      assert.equal(await column(page, at.step('rejected').id).getByTestId('apply-card').count(), 3);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test('someone who is not the employer’s member gets the 403 page', async () => {
    const { context, page } = await newPage(world!);
    try {
      await logIn(world!, page, uniqueCellphone());
      await goto(page, boardPath());
      await page.getByTestId('error-403').waitFor();
    } finally {
      await context.close();
    }
  });
});
