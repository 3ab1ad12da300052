// The applicant's job screens end to end on the real stack (auth, files, resume, employer,
// billing with its sandbox provider, recruitment, gateway, built web app) in Debian's Chromium.
// An employer with a paid plan publishes three postings through the API; an applicant searches
// in Persian with a one-letter typo and a shift filter, opens a posting (JSON-LD in the head),
// comes back to the same results, bookmarks it and finds it among the bookmarks, saves the
// filter and opens it again; on a phone the filters are a sheet; a visitor without a session
// opens postings until the daily limit (2 here, through the stack's environment) and then sees
// the login modal. axe (WCAG 2.2 A/AA) at 1280 and 390 px on the listing, the posting, the
// bookmarks page and the limit modal.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { APIRequestContext, Page } from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import {
  accessibleAtBothWidths,
  goto,
  hydrated,
  logIn,
  newPage,
  ownerWithEmployer,
  startWorld,
  stopWorld,
  uniqueCellphone,
  type World,
} from './support.ts';

const t = translator('fa');
const PUBLIC_VIEW_LIMIT = 2;
/** The plan billing's migration sells with 5 postings and 1 featuring. */
const PROFESSIONAL_PLAN = '0b6f3c2e-6d0a-4c51-9a10-000000000002';
const run = Date.now() % 100_000;

let world: World | undefined;

interface Published {
  slug: string;
  title: string;
  path: string;
}
const postings: Record<'icu' | 'midwife' | 'isfahan', Published> = {} as never;

async function ok<T>(request: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>, what: string) {
  const response = await request;
  const text = await response.text();
  assert.ok(response.ok(), `${what}: ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A completed profile and the professional plan paid through the sandbox, all through the app's /api proxy. */
async function givePlan(api: APIRequestContext, employerId: string, brand: string): Promise<void> {
  const headers = { 'accept-cookie': 'true' };
  await ok(
    api.put(`/api/v1/employers/${employerId}/company`, {
      data: { brand, medicalRegistrationNumber: '1234567' },
      headers,
    }),
    'complete the profile',
  );
  const cart = await ok<{ id: string }>(
    api.post('/api/v1/orders/cart', { data: { employerId, planId: PROFESSIONAL_PLAN }, headers }),
    'cart',
  );
  const started = await ok<{ redirectUrl: string }>(
    api.post('/api/v1/orders/payments', { data: { orderId: cart.id, method: 'gateway' }, headers }),
    'payment',
  );
  const authority = decodeURIComponent(new URL(started.redirectUrl, 'http://x').pathname.split('/').pop()!);
  const { redirectUrl } = await ok<{ redirectUrl: string }>(
    api.post(`/api/v1/finance/sandbox/${encodeURIComponent(authority)}`, { data: { approve: true }, headers }),
    'sandbox',
  );
  const status = new URL(redirectUrl, 'http://x').searchParams.get('Status');
  await ok(api.post('/api/v1/finance/payments/submit', { data: { authority, status }, headers }), 'submit');
}

async function publish(
  api: APIRequestContext,
  employerId: string,
  fields: Record<string, unknown>,
): Promise<Published> {
  const posting = await ok<{ slug: string; title: string; jobCategory: string }>(
    api.post('/api/v1/recruitments', {
      data: {
        employerId,
        publish: true,
        employmentType: 'full-time',
        workType: 'on-site',
        province: 'tehran',
        city: 'tehran',
        description: 'مراقبت از بیماران بخش، همکاری با تیم درمان و ثبت گزارش پرستاری.',
        ...fields,
      },
      headers: { 'accept-cookie': 'true' },
    }),
    `publish ${String(fields.title)}`,
  );
  return {
    slug: posting.slug,
    title: posting.title,
    path: `/applicants/recruitments/${posting.jobCategory}/${encodeURIComponent(posting.slug)}`,
  };
}

/** The search index follows postings through events: waits until the listing finds the title. */
async function waitUntilSearchable(w: World, title: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${w.stack.gatewayUrl}/api/v1/recruitments?q=${encodeURIComponent(title)}`);
    last = `${response.status} ${response.headers.get('exc') ?? ''}`;
    if (response.ok) {
      const { items } = (await response.json()) as { items: Array<{ title: string }> };
      if (items.some((item) => item.title === title)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`"${title}" never reached the search index (last answer: ${last})`);
}

const assertAccessibleAtBothWidths = accessibleAtBothWidths('recruitments');

const titles = (page: Page) => page.getByTestId('recruitments-list').getByTestId('posting-link').allInnerTexts();

describe('the applicant job screens on the real stack', () => {
  before(async () => {
    world = await startWorld('web-recruitments', {
      output: 'quiet',
      partEnv: { recruitment: { PUBLIC_VIEW_LIMIT: String(PUBLIC_VIEW_LIMIT) } },
    });
    const brand = `بیمارستان آزمون ${run}`;
    const owner = await ownerWithEmployer(world, brand);
    try {
      await givePlan(owner.page.request, owner.id, brand);
      postings.icu = await publish(owner.page.request, owner.id, {
        title: `کارشناس پرستاری بخش ICU ${run}`,
        jobCategory: 'nursing',
        shiftPatterns: ['night', 'rotating'],
        facilityType: 'hospital',
        minSalaryRials: 250_000_000,
        maxSalaryRials: 350_000_000,
        salaryVisible: true,
        experienceYears: 2,
        workingHours: [
          { weekday: 0, from: '19:00', to: '23:59' },
          { weekday: 2, from: '19:00', to: '23:59' },
        ],
      });
      postings.midwife = await publish(owner.page.request, owner.id, {
        title: `ماما برای زایشگاه ${run}`,
        jobCategory: 'midwifery',
        shiftPatterns: ['morning'],
        facilityType: 'hospital',
        minSalaryRials: 180_000_000,
        maxSalaryRials: 220_000_000,
        salaryVisible: false,
      });
      postings.isfahan = await publish(owner.page.request, owner.id, {
        title: `کارشناس پرستاری درمانگاه ${run}`,
        jobCategory: 'nursing',
        province: 'isfahan',
        city: 'isfahan',
        shiftPatterns: ['morning'],
        facilityType: 'clinic',
      });
      for (const posting of Object.values(postings)) await waitUntilSearchable(world, posting.title);
    } finally {
      await owner.close();
    }
  });
  after(async () => {
    await stopWorld(world);
  });

  test('an applicant searches with a typo and a filter, opens a posting, comes back, bookmarks it and saves the filter', async () => {
    const w = world!;
    const { context, page } = await newPage(w, 1280);
    try {
      await logIn(w, page, uniqueCellphone(), '/applicants/recruitments');
      await goto(page, '/applicants/recruitments');
      // «پرستری»: one letter short of «پرستاری», in Arabic-keyboard ي and ك as typed.
      await page.getByTestId('search-text').fill(`كارشناس پرستري ${run}`);
      await page.getByTestId('search-submit').click();
      await page.waitForURL((url) => url.searchParams.get('q') === `كارشناس پرستري ${run}`);
      await hydrated(page);
      const beforeFilter = await titles(page);
      assert.ok(beforeFilter.includes(postings.icu.title), `the typo still finds the ICU posting: ${beforeFilter}`);
      assert.ok(beforeFilter.includes(postings.isfahan.title), `and the clinic's: ${beforeFilter}`);

      const panel = page.getByTestId('panel-filters');
      await panel.getByLabel(t('recruitments.shift.night')).check();
      await panel.getByTestId('panel-apply').click();
      await page.waitForURL((url) => url.searchParams.get('shift') === 'night');
      await hydrated(page);
      assert.deepEqual(await titles(page), [postings.icu.title], 'the night shift leaves the ICU posting alone');
      const card = page.getByTestId('posting-card').first();
      assert.match(await card.getByTestId('posting-salary').innerText(), /۲۵٬۰۰۰٬۰۰۰ تا ۳۵٬۰۰۰٬۰۰۰ تومان/);
      assert.ok(await card.getByText(t('recruitments.shift.night')).isVisible());
      // Published moments ago: 'today' (or 'yesterday', should Tehran's midnight fall in between).
      assert.match(await card.locator('time').innerText(), /^(امروز|دیروز)$/);
      const results = new URL(page.url());
      await assertAccessibleAtBothWidths(page, 'listing');

      // Open it: the detail, with its JSON-LD, and the way back to these very results.
      await page.getByRole('link', { name: postings.icu.title }).click();
      await page.waitForURL((url) => url.pathname.includes('/applicants/recruitments/nursing/'));
      await hydrated(page);
      assert.equal(await page.getByTestId('posting-title').innerText(), postings.icu.title);
      assert.match(await page.getByTestId('posting-salary').innerText(), /۲۵٬۰۰۰٬۰۰۰ تا ۳۵٬۰۰۰٬۰۰۰ تومان/);
      assert.ok(await page.getByTestId('posting-hours').getByText('شنبه').first().isVisible());
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
        '@graph'?: Array<{ '@type'?: string; title?: string }>;
      };
      assert.deepEqual(
        jsonLd['@graph']?.map((node) => node['@type']),
        ['JobPosting', 'BreadcrumbList'],
      );
      assert.equal(jsonLd['@graph']?.[0]?.title, postings.icu.title);
      // Without a resume yet, "send resume" answers with the 'create resume' toast (hiring-applicant.test.ts).
      assert.equal(await page.getByTestId('apply-slot').getByTestId('apply-button').count(), 1);
      // Share without a share sheet copies the link and says so.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.evaluate(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
      await page.getByTestId('share').click();
      await page.getByText(t('recruitments.detail.linkCopied')).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
      await assertAccessibleAtBothWidths(page, 'posting');
      await page.getByTestId('posting-back').click();
      await page.waitForURL((url) => url.pathname === results.pathname && url.search === results.search);

      // Bookmark it and find it among the bookmarks.
      await hydrated(page);
      await page.getByRole('link', { name: postings.icu.title }).click();
      await page.waitForURL((url) => url.pathname.includes('/applicants/recruitments/nursing/'));
      await hydrated(page);
      const toggle = page.getByTestId('bookmark-toggle');
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
      await toggle.click();
      await page.getByText(t('recruitments.detail.bookmarkAdded')).waitFor();
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      await goto(page, '/applicants/recruitments/saved');
      assert.ok(await page.getByTestId('saved-bookmarks').getByText(postings.icu.title).isVisible());

      // Save the search under a name, then open it from the saved filters.
      await page.goto(`${results.pathname}${results.search}`);
      await hydrated(page);
      const name = `شب‌های ICU ${run}`;
      const save = page.getByTestId('save-filter').first();
      await save.getByTestId('save-filter-name').fill(name);
      await save.getByTestId('save-filter-submit').click();
      await page.getByText(t('recruitments.saveFilterDone', { name })).waitFor();
      await goto(page, '/applicants/recruitments/saved');
      const filter = page.getByTestId('saved-filter').filter({ hasText: name });
      assert.ok(await filter.isVisible());
      await assertAccessibleAtBothWidths(page, 'saved');
      await filter.getByTestId('saved-filter-open').click();
      await page.waitForURL((url) => url.searchParams.get('shift') === 'night' && url.searchParams.has('q'));
      await hydrated(page);
      assert.deepEqual(await titles(page), [postings.icu.title], 'the saved filter finds the same postings');

      // Removing the bookmark asks first.
      await goto(page, '/applicants/recruitments/saved');
      await page.getByTestId('remove-bookmark').first().click();
      await page.getByTestId('remove-bookmark-confirm').click();
      await page.getByTestId('saved-bookmarks').waitFor({ state: 'detached' });
      // So does deleting a saved filter.
      await page.getByTestId('delete-filter').first().click();
      await page.getByTestId('delete-filter-confirm').click();
      await page.getByTestId('saved-filters').waitFor({ state: 'detached' });
      assert.ok(await page.getByText(t('recruitments.saved.filtersEmpty')).isVisible());
    } finally {
      await context.close();
    }
  });

  test('on a phone the filters are a sheet, and a category page lists only its category', async () => {
    const w = world!;
    const { context, page } = await newPage(w, 390);
    try {
      await goto(page, `/applicants/recruitments?q=${encodeURIComponent(String(run))}`);
      assert.equal(await page.getByTestId('panel-filters').isVisible(), false, 'no side panel on a phone');
      await page.getByTestId('filters-sheet-open').click();
      const sheet = page.getByTestId('sheet-filters');
      await sheet.waitFor();
      await sheet.getByLabel(t('recruitments.filter.facility')).selectOption('clinic');
      await sheet.getByTestId('sheet-apply').click();
      await page.waitForURL((url) => url.searchParams.get('facilityType') === 'clinic');
      await hydrated(page);
      assert.deepEqual(await titles(page), [postings.isfahan.title]);
      assert.match(
        await page.getByTestId('filters-sheet-open').innerText(),
        new RegExp(t('recruitments.filtersActive', { count: '۱' }).replace(/[()]/g, '\\$&')),
      );

      await goto(page, `/applicants/recruitments/midwifery?q=${encodeURIComponent(String(run))}`);
      assert.equal(
        await page.getByRole('heading', { level: 1 }).innerText(),
        t('recruitments.categoryTitle', { category: 'مامایی' }),
      );
      assert.deepEqual(await titles(page), [postings.midwife.title]);
      assert.equal(await page.getByTestId('posting-salary').innerText(), t('recruitments.salary.agreed'));
      const missing = await page.goto('/applicants/recruitments/astronauts');
      assert.equal(missing?.status(), 404, 'an unknown category is the not-found page');
    } finally {
      await context.close();
    }
  });

  test('my opportunities: the navbar leads there, with the bookmarked posting, the counts and what matching misses', async () => {
    const w = world!;
    const { context, page } = await newPage(w, 1280);
    try {
      await logIn(w, page, uniqueCellphone(), '/');
      const headers = { 'accept-cookie': 'true' };
      await ok(
        page.request.post('/api/v1/resumes', {
          data: { firstName: 'مریم', lastName: 'احمدی', hasDisability: false, isForeigner: false },
          headers,
        }),
        'resume',
      );
      await ok(
        page.request.post('/api/v1/recruitments/bookmarks', { data: { slug: postings.midwife.slug }, headers }),
        'bookmark',
      );
      await goto(page, '/');
      await page
        .getByRole('navigation', { name: t('nav.main') })
        .getByRole('link', { name: t('nav.myJobs') })
        .click();
      await page.waitForURL(/\/applicants\/resumes\/[^/]+\/recruitments$/);
      await hydrated(page);
      const completion = page.getByTestId('completion');
      assert.match(await completion.innerText(), /٪/);
      const jobs = completion
        .getByTestId('missing-link')
        .filter({ hasText: t('recruitments.mine.missing.job_titles') });
      assert.match((await jobs.getAttribute('href')) ?? '', /^\/applicants\/resumes\/add\/jobs\?backURL=/);
      const bookmarkedTab = page.getByTestId('mine-tab-bookmarked');
      assert.equal(await bookmarkedTab.innerText(), t('recruitments.mine.bookmarked', { count: '۱' }));
      await bookmarkedTab.click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'bookmarked');
      await hydrated(page);
      assert.deepEqual(await page.getByTestId('mine-list').getByTestId('posting-link').allInnerTexts(), [
        postings.midwife.title,
      ]);
      await assertAccessibleAtBothWidths(page, 'my-opportunities');

      // The English pages are the same screens, left to right.
      await goto(page, `/en/applicants/recruitments?q=${encodeURIComponent(String(run))}`);
      assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Job opportunities');
      assert.equal((await titles(page)).length, 3);
      assert.ok(await page.getByText('Negotiable').first().isVisible(), 'the hidden salary reads "Negotiable"');
    } finally {
      await context.close();
    }
  });

  test('a visitor without a session opens postings up to the daily limit, then sees the login modal', async () => {
    const w = world!;
    const { context, page } = await newPage(w, 1280);
    try {
      await goto(page, `/applicants/recruitments?q=${encodeURIComponent(String(run))}`);
      assert.match(
        await page.getByTestId('quota').innerText(),
        new RegExp(t('recruitments.quota', { count: '۲' }).slice(0, 20)),
      );
      // The home page's latest postings and busiest categories.
      await goto(page, '/');
      const latest = await page.getByTestId('home-latest').getByTestId('posting-link').allInnerTexts();
      for (const posting of Object.values(postings)) assert.ok(latest.includes(posting.title), `${posting.title} on /`);
      const busiest = page.getByTestId('home-busiest').getByRole('link');
      assert.match(await busiest.first().innerText(), /پرستاری\s+۲ آگهی/, 'nursing first, with its two postings');
      // A wrong category segment goes to the posting's own (and spends a view like any other).
      const wrong = await page.goto(`/applicants/recruitments/medicine/${encodeURIComponent(postings.midwife.slug)}`);
      assert.equal(wrong?.status(), 200);
      assert.ok(page.url().includes('/applicants/recruitments/midwifery/'), page.url());
      await goto(page, postings.icu.path);
      assert.equal(await page.getByTestId('posting-title').innerText(), postings.icu.title);
      // Bookmarking needs a login: the toast links to it, back to this posting.
      await page.getByTestId('bookmark-toggle').click();
      const toLogin = page.getByTestId('toast-action');
      await toLogin.waitFor();
      assert.equal(await toLogin.innerText(), t('toast.login'));
      assert.match(
        (await toLogin.getAttribute('href')) ?? '',
        /^\/login\?backURL=%2Fapplicants%2Frecruitments%2Fnursing%2F/,
      );
      const refused = await page.goto(postings.isfahan.path);
      assert.equal(refused?.status(), 401);
      await hydrated(page);
      const modal = page.getByTestId('login-limit-modal');
      await modal.waitFor();
      assert.ok(await page.getByRole('alertdialog', { name: t('error.limitTitle') }).isVisible());
      const login = modal.getByRole('link', { name: t('error.limitLogin') });
      const back = new URL((await login.getAttribute('href'))!, 'http://x').searchParams.get('backURL') ?? '';
      assert.equal(decodeURIComponent(back), decodeURIComponent(postings.isfahan.path), 'login comes back here');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
      assert.ok(await modal.isVisible(), 'Escape does not close it');
      await assertAccessibleAtBothWidths(page, 'limit-modal');
    } finally {
      await context.close();
    }
  });
});
