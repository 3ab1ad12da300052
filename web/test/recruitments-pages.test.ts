// The applicant's job pages through their real loaders and actions, in front of a stand-in
// gateway answering as the recruitments routes do: the listing's canonical URL and what it asks
// the gateway, the visitor's quota, the category and detail pages' not-found and redirect rules,
// the login modal whatever status the limit comes with, and 'save this filter'.
import { fireEvent, renderApp, screen, waitFor, within } from './routes/support/render.ts';
import { cleanup } from '@testing-library/react';
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { translator } from '../app/i18n/index.ts';
import type { Posting, PostingCard } from '../app/lib/recruitments/types.ts';
import { startFakeGateway, type FakeGateway } from './routes/support/fake-gateway.ts';

const fa = translator('fa');
const LOGGED_IN = `cd=${encodeURIComponent(Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64'))}`;

const card: PostingCard = {
  id: '5d1c7e0a-0000-4000-8000-000000000001',
  slug: 'icu-nurse-1',
  title: 'پرستار بخش ICU',
  employer: { id: 'e1', slug: 'sina', brand: 'بیمارستان سینا', logo: null },
  jobCategory: 'nursing',
  employmentType: 'full-time',
  workType: 'on-site',
  province: 'tehran',
  city: 'tehran',
  minSalaryRials: null,
  maxSalaryRials: null,
  shiftPatterns: ['night'],
  facilityType: 'hospital',
  medicalSpecialty: '',
  experienceYears: 0,
  featured: false,
  publishedAt: new Date().toISOString(),
  status: 'published',
  bookmarked: false,
  applications: null,
  unreadApplications: null,
};

const posting: Posting = {
  ...card,
  description: 'مراقبت از بیماران',
  gender: 'any',
  minAge: null,
  maxAge: null,
  salaryVisible: false,
  organizationalLevel: '',
  region: '',
  languages: [],
  skills: [],
  educations: [],
  workingHours: [{ weekday: 0, from: '07:00', to: '14:00' }],
  businessTravelHours: null,
  militaryServiceRequired: false,
  acceptsDisability: true,
  acceptsInternship: false,
  acceptsRelevantIndustry: false,
  hiringTemplateId: '',
  benefits: ['supplementary-insurance'],
  featuredUntil: null,
  closesAt: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

let gateway: FakeGateway;
before(async () => {
  gateway = await startFakeGateway();
  gateway.routes.set('GET /suggestions/list', ({ query }) => ({
    body: {
      categories: Object.fromEntries(
        (query.get('categories') ?? '').split(',').map((category) => [
          category,
          category === 'jobCategories'
            ? [
                { id: 'nursing', title: 'پرستاری', titleEn: 'Nursing' },
                { id: 'midwifery', title: 'مامایی', titleEn: 'Midwifery' },
              ]
            : category === 'benefits'
              ? [{ id: 'supplementary-insurance', title: 'بیمه تکمیلی', titleEn: 'Supplementary health insurance' }]
              : [],
        ]),
      ),
    },
  }));
  const page = { items: [card], page: { page: 1, pageSize: 20, total: 1 } };
  gateway.routes.set('GET /recruitments', { body: page });
  gateway.routes.set('GET /recruitments/limited', { body: { ...page, quota: { limit: 10, remaining: 7 } } });
  gateway.routes.set(`GET /recruitments/by-slug-with-seo/${card.slug}`, {
    body: {
      posting,
      seo: {
        title: 'پرستار بخش ICU | بیمارستان سینا',
        description: 'مراقبت از بیماران',
        canonicalPath: `/applicants/recruitments/nursing/${card.slug}`,
        jsonLd: '{"@context":"https://schema.org","@graph":[{"@type":"JobPosting"},{"@type":"BreadcrumbList"}]}',
        robots: 'index, follow',
        ogType: 'website',
        imageUrl: '',
      },
      quotaRemaining: 4,
    },
  });
  gateway.routes.set('GET /recruitments/by-slug-with-seo/over-the-limit', {
    // Whatever status the gateway chooses, the code decides: the login modal, not the 403 page.
    status: 403,
    exc: ['EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED'],
  });
  gateway.routes.set('GET /recruitments/by-slug-with-seo/gone', { status: 404, exc: ['EXC_RECRUITMENTS_NOT_FOUND'] });
  gateway.routes.set('POST /recruitments/filters', ({ body }) => ({
    body: { id: 'f1', ...(body as object), createdAt: new Date().toISOString() },
  }));
});
after(() => gateway.close());
afterEach(() => {
  cleanup();
  gateway.requests.length = 0;
});

const searches = () =>
  gateway.requests.filter(
    (request) =>
      request.path.startsWith('/recruitments') && request.method === 'GET' && !request.path.includes('by-slug'),
  );

test("a visitor's listing: a form's leftovers and a typed city are sent as the canonical search, with the quota shown", async () => {
  await renderApp(
    '/applicants/recruitments?q=&city=%D8%AA%D9%87%D8%B1%D8%A7%D9%86&shift=night,siesta&page=1&order=newest',
    {
      gatewayUrl: gateway.url,
    },
  );
  await screen.findByTestId('recruitments-list');
  const [search] = searches();
  assert.ok(search, 'the listing searched');
  assert.equal(search.path, '/recruitments/limited', 'a visitor searches through the limited listing');
  assert.deepEqual(Object.fromEntries(search.query), {
    city: 'tehran',
    shift: 'night',
    order: 'newest',
    page: '1',
    pageSize: '20',
  });
  assert.equal(screen.getByTestId('quota').textContent?.startsWith(fa('recruitments.quota', { count: '۷' })), true);
  const item = within(screen.getByTestId('posting-card'));
  assert.ok(item.getByText(fa('recruitments.salary.agreed')));
  assert.ok(item.getByText(fa('recruitments.shift.night')));
  assert.ok(item.getByText('امروز'));
  assert.equal(item.getByTestId('posting-link').getAttribute('href'), '/applicants/recruitments/nursing/icu-nurse-1');
});

test('someone logged in searches the whole listing and may save the filter under a name', async () => {
  await renderApp('/applicants/recruitments?q=%D9%BE%D8%B1%D8%B3%D8%AA%D8%A7%D8%B1&shift=night', {
    cookie: LOGGED_IN,
    gatewayUrl: gateway.url,
  });
  await screen.findByTestId('recruitments-list');
  assert.equal(searches()[0]?.path, '/recruitments');
  assert.equal(screen.queryByTestId('quota'), null);
  const form = screen.getAllByTestId('save-filter')[0]!;
  fireEvent.change(within(form).getByTestId('save-filter-name'), { target: { value: 'شب‌ها' } });
  fireEvent.click(within(form).getByTestId('save-filter-submit'));
  await waitFor(() => assert.ok(gateway.requests.some((request) => request.path === '/recruitments/filters')));
  const saved = gateway.requests.find((request) => request.path === '/recruitments/filters');
  assert.deepEqual(saved?.body, { name: 'شب‌ها', params: 'q=%D9%BE%D8%B1%D8%B3%D8%AA%D8%A7%D8%B1&shift=night' });
});

test('a category page searches its category and names it; a category the service does not know is the not-found page', async () => {
  await renderApp('/applicants/recruitments/nursing', { gatewayUrl: gateway.url });
  await screen.findByRole('heading', { level: 1, name: fa('recruitments.categoryTitle', { category: 'پرستاری' }) });
  assert.ok(searches().some((request) => request.query.get('category') === 'nursing'));
  await renderApp('/applicants/recruitments/astronauts', { gatewayUrl: gateway.url });
  await screen.findByTestId('error-404');
});

test('the posting page: its fields, the benefit by its title, the quota left; a wrong category goes to the right one', async () => {
  await renderApp(`/applicants/recruitments/midwifery/${card.slug}`, { gatewayUrl: gateway.url });
  await screen.findByTestId('posting-page');
  assert.equal(screen.getByTestId('posting-title').textContent, card.title);
  assert.ok(screen.getByText('بیمه تکمیلی'), 'the benefit by its title');
  assert.ok(screen.getByText(fa('recruitments.detail.disability')));
  assert.ok(screen.getByText(fa('recruitments.detail.hoursRange', { from: '۰۷:۰۰', to: '۱۴:۰۰' })));
  assert.equal(screen.getByTestId('posting-quota').textContent, fa('recruitments.detail.quota', { count: '۴' }));
  assert.equal(
    screen.getByTestId('posting-back').getAttribute('href'),
    '/applicants/recruitments/nursing',
    'with nothing remembered, back is the category listing',
  );
});

test('past the daily limit the login modal shows, whatever status came with the code; a posting gone is not found', async () => {
  await renderApp('/applicants/recruitments/nursing/over-the-limit', { gatewayUrl: gateway.url });
  await screen.findByTestId('login-limit-modal');
  assert.equal(screen.queryByTestId('error-403'), null);
  await renderApp('/applicants/recruitments/nursing/gone', { gatewayUrl: gateway.url });
  await screen.findByTestId('error-404');
});

test('bookmarks and my opportunities ask a visitor to log in first', async () => {
  for (const path of ['/applicants/recruitments/saved', '/applicants/resumes/someone/recruitments']) {
    await renderApp(path, { gatewayUrl: gateway.url });
    // The login page, with this page as the way back.
    const fields = await screen.findAllByLabelText(fa('login.cellphone'));
    assert.ok(fields.length > 0, path);
  }
});

test('with the recruitment service out of reach a category page is the error page, not "not found"', async () => {
  await renderApp('/applicants/recruitments/nursing');
  await screen.findByTestId('error-500');
  assert.equal(screen.queryByTestId('error-404'), null);
});
