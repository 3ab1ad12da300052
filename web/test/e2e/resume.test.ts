// The resume screens end to end on the real stack (auth, files, recruitment suggestions, resume,
// gateway, built web app) in Debian's Chromium: a new user builds a complete resume through every
// builder step at desktop and phone widths (picture cropped and uploaded, a PDF resume), edits
// every section on the edit page, reads the public resume and downloads its PDF, whose text must
// hold joined Persian letters and Persian digits. axe runs on every new page at both widths, and
// one step is done with the keyboard alone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { translator } from '../../app/i18n/index.ts';
import { joinedForms, pdfText } from '../resume-pdf-text.ts';
import {
  assertAccessible,
  hydrated,
  logIn,
  newPage,
  outboxCode,
  screenshot,
  startWorld,
  stopWorld,
  uniqueCellphone,
  type World,
} from './support.ts';

const t = translator('fa');
const persian = (value: string | number) => String(value).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

/** Types into a suggestion combobox and picks one of the suggestions the service offers. */
async function suggest(scope: Page | Locator, page: Page, label: string, typed: string, option: string): Promise<void> {
  const field = scope.getByRole('combobox', { name: label, exact: true });
  // Typed key by key, as a person does: each key asks the suggestion service again.
  await field.click();
  await field.fill('');
  await field.pressSequentially(typed);
  const choice = page.getByRole('option', { name: option, exact: true });
  await choice.waitFor({ timeout: 10_000 }).catch(async () => {
    await screenshot(page, 'resume-suggest-failure');
    assert.fail(
      `no suggestion ${option} for ${typed} in ${label}; offered: ${(await page.getByRole('option').allInnerTexts()).join(' | ')}`,
    );
  });
  // Screen readers hear how many suggestions there are in the page's language, not react-aria's English.
  await page.waitForFunction(
    () => /گزینه در دسترس است/.test(document.querySelector('[data-live-announcer]')?.textContent ?? ''),
    undefined,
    { timeout: 5000 },
  );
  assert.doesNotMatch((await page.locator('[data-live-announcer]').textContent()) ?? '', /available/);
  // Chosen with the keyboard: a click could scroll the page, which closes the suggestions.
  for (let i = 0; i < 12; i++) {
    await field.press('ArrowDown');
    const active = await field.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).innerText()).trim() === option) break;
  }
  await field.press('Enter');
  assert.equal(await field.inputValue(), option);
}

async function date(scope: Page | Locator, label: string, y: number, m: number, d: number): Promise<void> {
  await scope.getByLabel(`${label}: ${t('ui.day')}`, { exact: true }).selectOption(String(d));
  await scope.getByLabel(`${label}: ${t('ui.month')}`, { exact: true }).selectOption(String(m));
  await scope.getByLabel(`${label}: ${t('ui.year')}`, { exact: true }).selectOption(String(y));
}

async function addItem(
  page: Page,
  section: string,
  fill: (form: Locator) => Promise<void>,
  expect: string,
): Promise<void> {
  const box = page.getByTestId(`section-${section}`);
  const before = await box.getByTestId(`item-${section}`).count();
  const details = box.getByTestId(`add-${section}`);
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  const form = box.getByTestId(`add-form-${section}`);
  await fill(form);
  await form.getByRole('button', { name: t('resume.saveItem') }).click();
  await box.getByTestId(`item-${section}`).nth(before).waitFor();
  await box.getByTestId(`item-${section}`).filter({ hasText: expect }).first().waitFor();
}

async function editItem(
  page: Page,
  section: string,
  title: string,
  change: (form: Locator) => Promise<void>,
  expect: string,
): Promise<void> {
  const box = page.getByTestId(`section-${section}`);
  const item = box.getByTestId(`item-${section}`).filter({ hasText: title }).first();
  await item.getByText(t('resume.edit'), { exact: true }).click();
  const form = item.getByTestId(`edit-form-${section}`);
  await change(form);
  await form.getByRole('button', { name: t('resume.saveChanges') }).click();
  await box.getByTestId(`item-${section}`).filter({ hasText: expect }).first().waitFor();
}

async function onStep(page: Page, step: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/applicants/resumes/add/${step}`);
  await hydrated(page);
  await page.getByTestId(`builder-${step}`).waitFor();
}

async function onStepWithoutScripts(page: Page, step: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/applicants/resumes/add/${step}`);
  await page.getByTestId(`builder-${step}`).waitFor();
}

describe('resume screens', () => {
  let world: World;
  let customPdf: Buffer;
  let picture: Buffer;
  before(async () => {
    world = await startWorld('web-resume');
    // A PDF resume to upload: Chromium prints one.
    const page = await world.browser.newPage();
    await page.setContent('<p>Curriculum vitae</p>');
    customPdf = await page.pdf();
    await page.close();
    picture = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#2a9d8f' } })
      .composite([
        {
          input: Buffer.from('<svg width="640" height="420"><circle cx="420" cy="210" r="120" fill="#e76f51"/></svg>'),
        },
      ])
      .png()
      .toBuffer();
  });
  after(() => stopWorld(world));

  for (const width of [1280, 390]) {
    test(`a new user builds, edits, reads and downloads a complete resume at ${width}px`, async () => {
      const { context, page } = await newPage(world, width);
      await logIn(world, page, uniqueCellphone(), '/applicants/resumes/add/personal');
      await onStep(page, 'personal');
      await assertAccessible(page, 'builder: personal');
      assert.match(await page.getByTestId('builder-progress').innerText(), /گام ۱ از ۵/);

      // A refused save names the field and keeps what was typed.
      await page.getByLabel(t('resume.personal.lastName'), { exact: true }).fill('محمدی');
      await page.getByTestId('save-personal').click();
      const firstNameError = page.getByTestId('personal-form').locator('.text-danger').first();
      await firstNameError.waitFor();
      assert.equal(await page.getByLabel(t('resume.personal.lastName'), { exact: true }).inputValue(), 'محمدی');
      assert.equal(await page.getByText(/EXC_/).count(), 0, 'codes are translated, never shown raw');

      // The picture: chosen, zoomed with the keyboard, cropped square and uploaded before the resume exists.
      await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
      await page.getByTestId('picture-crop').waitFor();
      const zoom = page.getByLabel(t('resume.picture.zoom'), { exact: true });
      await zoom.focus();
      for (let i = 0; i < 20; i++) await zoom.press('ArrowUp');
      assert.ok(Number(await zoom.inputValue()) > 100);
      await page.getByTestId('picture-save').click();
      await page.getByTestId('picture-current').waitFor();

      await page.getByLabel(t('resume.personal.firstName'), { exact: true }).fill('سارا');
      await suggest(page, page, t('resume.personal.jobTitle'), 'پرستا', 'پرستار');
      await page.getByLabel(t('resume.personal.email'), { exact: true }).fill('sara@example.com');
      await page.getByLabel(t('resume.personal.phone'), { exact: true }).fill('۰۲۱۸۸۷۷۶۶۵۵');
      await date(page, t('resume.personal.birthday'), 1370, 3, 5);
      await page.getByLabel(t('resume.personal.gender'), { exact: true }).selectOption('female');
      await page.getByLabel(t('resume.personal.maritalStatus'), { exact: true }).selectOption('single');
      // Closed lists (docs/adr/023): picked by their titles, saved as ids.
      await page.getByLabel(t('resume.personal.province'), { exact: true }).selectOption({ label: 'تهران' });
      await page.getByLabel(t('resume.personal.city'), { exact: true }).selectOption({ label: 'شهریار' });
      await page
        .getByLabel(t('resume.personal.about'), { exact: true })
        .fill('پرستار بخش مراقبت‌های ویژه با ده سال سابقه.');
      await page.getByTestId('save-personal').click();

      await onStep(page, 'educations');
      await assertAccessible(page, 'builder: educations');
      await addItem(
        page,
        'educations',
        async (form) => {
          await suggest(form, page, t('resume.education.university'), 'علوم پزشکی تهران', 'دانشگاه علوم پزشکی تهران');
          await suggest(form, page, t('resume.education.fieldOfStudy'), 'پرستا', 'پرستاری');
          await form.getByLabel(t('resume.education.degreeLevel'), { exact: true }).selectOption({ label: 'کارشناسی' });
          await form.getByLabel(t('resume.education.gpa'), { exact: true }).fill('۱۷٫۵');
          await form.getByLabel(t('resume.education.startYear'), { exact: true }).selectOption('1390');
          await form.getByLabel(t('resume.education.endYear'), { exact: true }).selectOption('1394');
        },
        'دانشگاه علوم پزشکی تهران',
      );
      const education = await page.getByTestId('item-educations').first().innerText();
      assert.ok(education.includes('۱۳۹۰') && education.includes('۱۷٫۵'), `Persian digits: ${education}`);
      await page.getByTestId('step-next').click();

      await onStep(page, 'jobs');
      await assertAccessible(page, 'builder: jobs');
      // An end before the start is refused under the end date, with the catalogue text.
      await addItem(
        page,
        'jobs',
        async (form) => {
          await suggest(form, page, t('resume.job.jobTitle'), 'پرستا', 'پرستار');
          await form.getByLabel(t('resume.job.companyName'), { exact: true }).fill('بیمارستان امام خمینی');
          await date(form, t('resume.job.startDate'), 1395, 1, 10);
          await date(form, t('resume.job.endDate'), 1399, 6, 30);
        },
        'بیمارستان امام خمینی',
      );
      await addItem(
        page,
        'jobs',
        async (form) => {
          await suggest(form, page, t('resume.job.jobTitle'), 'سرپرس', 'سرپرستار');
          await form.getByLabel(t('resume.job.companyName'), { exact: true }).fill('بیمارستان شریعتی');
          await date(form, t('resume.job.startDate'), 1399, 7, 1);
          await form.getByLabel(t('resume.job.currentlyEmployed'), { exact: true }).check();
          await form.getByLabel(t('resume.job.description'), { exact: true }).fill('سرپرستی شیفت شب بخش ویژه.');
        },
        'بیمارستان شریعتی',
      );
      await page.getByTestId('step-next').click();

      // The skills step with the keyboard alone: type, Tab to the level, choose it, Tab to the button, Enter.
      await onStep(page, 'skills');
      await assertAccessible(page, 'builder: skills');
      const skillForm = page.getByTestId('add-form-skills');
      await skillForm.getByRole('combobox', { name: t('resume.skill.name'), exact: true }).focus();
      await page.keyboard.type('احیای قلبی ریوی');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'level');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      assert.equal(await skillForm.getByLabel(t('resume.skill.level'), { exact: true }).inputValue(), 'advanced');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByTestId('item-skills').filter({ hasText: 'احیای قلبی ریوی' }).waitFor();
      assert.ok((await page.getByTestId('item-skills').first().innerText()).includes(t('resume.level.advanced')));
      await addItem(
        page,
        'skills',
        async (form) => {
          await suggest(form, page, t('resume.skill.name'), 'رگ', 'رگ‌گیری');
          await form.getByLabel(t('resume.skill.level'), { exact: true }).selectOption('expert');
        },
        'رگ‌گیری',
      );
      await addItem(
        page,
        'languages',
        async (form) => {
          await suggest(form, page, t('resume.language.name'), 'انگلی', 'انگلیسی');
          await form.getByLabel(t('resume.language.level'), { exact: true }).selectOption('intermediate');
        },
        'انگلیسی',
      );
      // Next with the keyboard too.
      await page.getByTestId('step-next').focus();
      await page.keyboard.press('Enter');

      await onStep(page, 'certificates');
      await assertAccessible(page, 'builder: certificates');
      await addItem(
        page,
        'certificates',
        async (form) => {
          await form.getByLabel(t('resume.certificate.title'), { exact: true }).fill('احیای پیشرفته');
          await form.getByLabel(t('resume.certificate.issuedBy'), { exact: true }).fill('انجمن قلب ایران');
          await form.getByLabel(t('resume.certificate.durationHours'), { exact: true }).fill('۲۴');
          await date(form, t('resume.certificate.completionDate'), 1400, 2, 15);
        },
        'احیای پیشرفته',
      );
      assert.ok((await page.getByTestId('item-certificates').first().innerText()).includes('۲۴'));
      await addItem(
        page,
        'publications',
        async (form) => {
          await form.getByLabel(t('resume.publication.title'), { exact: true }).fill('مراقبت پرستاری در بخش ویژه');
          await form.getByLabel(t('resume.publication.publisher'), { exact: true }).fill('نشر سلامت');
          await form.getByLabel(t('resume.publication.authors'), { exact: true }).fill('سارا محمدی، علی رضایی');
          await date(form, t('resume.publication.date'), 1401, 8, 1);
        },
        'مراقبت پرستاری در بخش ویژه',
      );
      await page
        .getByTestId('custom-input')
        .setInputFiles({ name: 'رزومه سارا.pdf', mimeType: 'application/pdf', buffer: customPdf });
      await page.getByTestId('custom-file-name').waitFor();
      // The file keeps the name it had on the person's device, not a generic label.
      assert.equal((await page.getByTestId('custom-file-name').innerText()).trim(), 'رزومه سارا.pdf');
      await screenshot(page, 'resume-builder-certificates');
      await page.getByTestId('step-finish').click();

      // The public resume.
      await page.waitForURL(/\/applicants\/resumes\/[^/]+$/);
      await hydrated(page);
      const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const view = page.getByTestId('resume-view');
      assert.equal(await page.getByTestId('resume-name').innerText(), 'سارا محمدی');
      const viewText = await view.innerText();
      // Closed-list ids shown by their titles: the place and the degree level.
      for (const expected of [
        'سرپرستار',
        'دانشگاه علوم پزشکی تهران',
        'احیای قلبی ریوی',
        'انگلیسی',
        'احیای پیشرفته',
        'مراقبت پرستاری در بخش ویژه',
        '۱۳۹۰',
        'تهران، شهریار',
        'کارشناسی پرستاری',
      ]) {
        assert.ok(viewText.includes(expected), `the resume shows ${expected}`);
      }
      assert.ok(
        await view.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        'the picture loads',
      );
      assert.equal(await page.title(), `سارا محمدی – پرستار | ${t('app.name')}`);
      assert.match(
        (await page.locator('link[rel="canonical"]').getAttribute('href'))!,
        new RegExp(`/applicants/resumes/${encodeURIComponent(slug)}$`),
      );
      assert.equal(await page.locator('meta[property="og:type"]').getAttribute('content'), 'profile');
      assert.ok(
        (await page.locator('meta[name="description"]').getAttribute('content'))!.includes(
          'پرستار بخش مراقبت‌های ویژه',
        ),
      );
      await assertAccessible(page, 'public resume');
      await screenshot(page, 'resume-view');
      // Printed, the page is the resume alone.
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.getByTestId('site-header').isVisible(), false);
      assert.equal(await page.getByTestId('download-pdf').isVisible(), false);
      await page.emulateMedia({ media: 'screen' });

      // Its PDF: joined letters, Persian digits, the app's font.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
      const pdf = readFileSync((await download.path())!);
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      const { shaped, text, fontFamilies } = pdfText(pdf);
      assert.ok(fontFamilies.includes('Vazirmatn'), `fonts: ${fontFamilies.join(', ')}`);
      assert.ok(
        shaped.includes(joinedForms('سارا')) && shaped.includes(joinedForms('محمد')),
        `joined: ${shaped.slice(0, 300)}`,
      );
      assert.ok(text.includes('۱۳۹۰') && text.includes('۱۳۹۴'), 'Persian digits in the PDF');
      assert.equal(text.includes('sara@example.com'), false, 'the PDF is the public view: no private fields');

      // The dropdown: photo, full name and the latest job's title by start date.
      await page.getByRole('button', { name: t('header.profileMenu') }).click();
      const dropdown = page.getByTestId('profile-dropdown');
      await dropdown.waitFor();
      const dropdownText = await dropdown.innerText();
      assert.ok(dropdownText.includes('سارا محمدی') && dropdownText.includes('سرپرستار'), dropdownText);
      assert.match((await dropdown.locator('img').first().getAttribute('src'))!, /\/api\/v1\/files\/[^/?]+\?width=64$/);
      await page.keyboard.press('Escape');

      // The edit page: every section, each with its own saving state.
      await page.goto('/applicants/resumes/edit');
      await hydrated(page);
      await assertAccessible(page, 'edit page');
      await screenshot(page, 'resume-edit');
      await page.getByLabel(t('resume.personal.about'), { exact: true }).fill('پرستار ارشد بخش مراقبت‌های ویژه.');
      await page.getByTestId('save-personal').click();
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: t('resume.saved') })
        .waitFor();
      await editItem(
        page,
        'educations',
        'دانشگاه علوم پزشکی تهران',
        (form) => form.getByLabel(t('resume.education.gpa'), { exact: true }).fill('18.25'),
        '۱۸٫۲۵',
      );
      await editItem(
        page,
        'jobs',
        'بیمارستان امام خمینی',
        (form) => form.getByLabel(t('resume.job.companyName'), { exact: true }).fill('بیمارستان سینا'),
        'بیمارستان سینا',
      );
      await editItem(
        page,
        'languages',
        'انگلیسی',
        async (form) => {
          await form.getByLabel(t('resume.language.level'), { exact: true }).selectOption('advanced');
        },
        t('resume.level.advanced'),
      );
      await editItem(
        page,
        'certificates',
        'احیای پیشرفته',
        (form) => form.getByLabel(t('resume.certificate.durationHours'), { exact: true }).fill('32'),
        '۳۲',
      );
      await editItem(
        page,
        'publications',
        'مراقبت پرستاری در بخش ویژه',
        (form) => form.getByLabel(t('resume.publication.publisher'), { exact: true }).fill('نشر دانش'),
        'نشر دانش',
      );

      // While a skill is saved, the skills section alone shows it is busy.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/applicants/resumes/edit.data*', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      const skills = page.getByTestId('section-skills');
      const rag = skills.getByTestId('item-skills').filter({ hasText: 'رگ‌گیری' });
      await rag.getByText(t('resume.edit'), { exact: true }).click();
      await rag
        .getByTestId('edit-form-skills')
        .getByLabel(t('resume.skill.level'), { exact: true })
        .selectOption('intermediate');
      await rag
        .getByTestId('edit-form-skills')
        .getByRole('button', { name: t('resume.saveChanges') })
        .click();
      await skills
        .getByRole('status')
        .filter({ hasText: t('resume.saving') })
        .waitFor();
      assert.equal(await skills.getAttribute('aria-busy'), 'true');
      assert.equal(await page.getByTestId('section-jobs').getAttribute('aria-busy'), 'false');
      release();
      await skills
        .getByTestId('item-skills')
        .filter({ hasText: 'رگ‌گیری' })
        .filter({ hasText: t('resume.level.intermediate') })
        .waitFor();
      await page.locator('[data-testid="section-skills"][aria-busy="false"]').waitFor();
      await page.unroute('**/applicants/resumes/edit.data*');

      // Delete: the item is gone after the re-fetch.
      await skills.getByRole('button', { name: t('resume.deleteItem', { title: 'رگ‌گیری' }) }).click();
      await skills.getByTestId('item-skills').filter({ hasText: 'رگ‌گیری' }).waitFor({ state: 'detached' });
      assert.equal(await skills.getByTestId('item-skills').count(), 1);

      // The edits reach the public resume.
      await page.goto(`/applicants/resumes/${encodeURIComponent(slug)}`);
      const edited = await page.getByTestId('resume-view').innerText();
      for (const expected of ['پرستار ارشد', 'بیمارستان سینا', 'نشر دانش', '۱۸٫۲۵'])
        assert.ok(edited.includes(expected), `edited: ${expected}`);
      assert.equal(edited.includes('رگ‌گیری'), false);
      await context.close();
    });
  }

  test('without JavaScript the builder still saves the personal step and adds an item', async () => {
    const { context, page } = await newPage(world, 390, { javaScriptEnabled: false });
    const cellphone = uniqueCellphone();
    await page.goto(`/login?backURL=${encodeURIComponent('/applicants/resumes/add/personal')}`);
    await page.getByLabel('شمارهٔ موبایل').fill(cellphone);
    await page.getByRole('button', { name: 'دریافت کد تأیید' }).click();
    await page.waitForURL(/\/login\/verify/);
    await page.getByLabel('کد تأیید').fill(await outboxCode(world, cellphone));
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL(/\/login\/role/);
    await page.getByTestId('role-applicant').click();
    await onStepWithoutScripts(page, 'personal');
    await page.getByLabel(t('resume.personal.firstName'), { exact: true }).fill('رضا');
    await page.getByLabel(t('resume.personal.lastName'), { exact: true }).fill('کریمی');
    await date(page, t('resume.personal.birthday'), 1365, 11, 20);
    await page.getByTestId('save-personal').click();
    await onStepWithoutScripts(page, 'educations');
    const form = page.getByTestId('add-form-educations');
    await form.getByRole('combobox', { name: t('resume.education.university'), exact: true }).fill('دانشگاه تبریز');
    await form.getByRole('combobox', { name: t('resume.education.fieldOfStudy'), exact: true }).fill('مامایی');
    await form.getByLabel(t('resume.education.degreeLevel'), { exact: true }).selectOption('bachelor');
    await form.getByLabel(t('resume.education.startYear'), { exact: true }).selectOption('1385');
    await form.getByLabel(t('resume.education.currentlyEnrolled'), { exact: true }).check();
    await form.getByRole('button', { name: t('resume.saveItem') }).click();
    await page.getByTestId('item-educations').filter({ hasText: 'دانشگاه تبریز' }).waitFor();
    assert.ok((await page.getByTestId('item-educations').innerText()).includes('۱۳۸۵'));
    await context.close();
  });

  for (const width of [390, 1280]) {
    test(`a page that needs a resume, opened without one, offers to create it and comes back at ${width}px`, async () => {
      const { context, page } = await newPage(world, width);
      await logIn(world, page, uniqueCellphone(), '/applicants/resumes/edit');
      await page.waitForURL((url) => url.pathname === '/applicants/resumes/edit');
      await hydrated(page);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'رزومه' });
      await toast.waitFor();
      await page.getByTestId('missing-resume').waitFor();
      await assertAccessible(page, 'edit page without a resume');
      await toast.getByTestId('toast-action').click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/applicants/resumes/add/personal' &&
          url.searchParams.get('backURL') === '/applicants/resumes/edit',
      );
      // The previous page's error toast does not follow the person to the next page.
      // (The pointer rests on the toast, which pauses its own 5 s timer: only clearing removes it.)
      await toast.waitFor({ state: 'detached', timeout: 4000 });
      await hydrated(page);
      await page.getByLabel(t('resume.personal.firstName'), { exact: true }).fill('مریم');
      await page.getByLabel(t('resume.personal.lastName'), { exact: true }).fill('احمدی');
      await page.getByTestId('save-personal').click();
      await page.waitForURL((url) => url.pathname === '/applicants/resumes/edit');
      await page.getByTestId('resume-edit').waitFor();
      assert.equal(await page.getByTestId('missing-resume').count(), 0);
      assert.equal(await page.getByLabel(t('resume.personal.firstName'), { exact: true }).inputValue(), 'مریم');
      await context.close();
    });
  }
});
