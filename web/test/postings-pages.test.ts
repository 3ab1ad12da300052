// The employer's posting pages (loaders, actions, pages) in front of a stand-in gateway that
// answers as the recruitments routes do: which employer a /recruitments/* page works for, what the
// form sends (toman typed in Persian digits as rials, the publish flag), the service's field codes
// under their fields, a published posting's form, an ended one, and the ad list's counts, filters
// and pages. The real services run in the browser test (test/e2e/postings.test.ts).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../app/i18n/index.ts';
import type { Posting, PostingCard } from '../app/lib/postings/types.ts';
import { viewerWithEmployers } from './support/viewer.ts';
import { startFakeGateway, type FakeGateway } from './routes/support/fake-gateway.ts';
import { fireEvent, renderApp, screen, waitFor, within } from './routes/support/render.ts';
// After render.ts, which gives testing-library its document.
import { cleanup } from '@testing-library/react';

const fa = translator('fa');
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
const EMPLOYER_A = '00000000-0000-4000-8000-00000000000a';
const EMPLOYER_B = '00000000-0000-4000-8000-00000000000b';
const POSTING = '00000000-0000-4000-8000-0000000000p1'.replace('p1', '01');
let gateway: FakeGateway;

function posting(overrides: Partial<Posting> = {}): Posting {
  return {
    id: POSTING,
    slug: 'پرستار-icu-a1b2',
    status: 'published',
    employer: { id: EMPLOYER_A, slug: 'mehr', brand: 'درمانگاه مهر', logo: null },
    title: 'پرستار ICU',
    description: 'شیفت در گردش',
    jobCategory: 'nursing',
    employmentType: 'full-time',
    workType: 'on-site',
    gender: 'any',
    minAge: null,
    maxAge: null,
    minSalaryRials: 150_000_000,
    maxSalaryRials: null,
    salaryVisible: true,
    experienceYears: 0,
    organizationalLevel: '',
    province: 'tehran',
    city: 'tehran',
    region: '',
    languages: [],
    skills: [],
    educations: [],
    workingHours: [{ weekday: 0, from: '07:30', to: '14:00' }],
    businessTravelHours: null,
    militaryServiceRequired: false,
    acceptsDisability: false,
    acceptsInternship: false,
    acceptsRelevantIndustry: false,
    hiringTemplateId: '',
    benefits: [],
    shiftPatterns: ['night'],
    facilityType: '',
    medicalSpecialty: '',
    featured: false,
    featuredUntil: null,
    publishedAt: '2026-11-20T08:00:00Z',
    closesAt: '2026-12-20T08:00:00Z',
    createdAt: '2026-11-20T08:00:00Z',
    updatedAt: '2026-11-20T08:00:00Z',
    bookmarked: false,
    ...overrides,
  };
}

function card(overrides: Partial<PostingCard>): PostingCard {
  const { id, slug, title, employer, jobCategory, employmentType, workType, province, city, status } = posting();
  return {
    ...{ id, slug, title, employer, jobCategory, employmentType, workType, province, city, status },
    minSalaryRials: null,
    maxSalaryRials: null,
    shiftPatterns: [],
    facilityType: '',
    medicalSpecialty: '',
    experienceYears: null,
    featured: false,
    publishedAt: '2026-11-20T08:00:00Z',
    bookmarked: false,
    applications: null,
    unreadApplications: null,
    ...overrides,
  };
}

/** A signed-in owner of `mehr` (EMPLOYER_A) and `sina` (EMPLOYER_B), allowed everything. */
function ownerOfTwo(): void {
  const { routes } = gateway;
  routes.clear();
  routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  const ids = [EMPLOYER_A, EMPLOYER_B];
  routes.set('GET /employers', {
    body: { items: viewerWithEmployers('mehr', 'sina').employers.map((e, i) => ({ ...e, id: ids[i] })) },
  });
  routes.set('GET /employers/mehr', { body: { id: EMPLOYER_A, slug: 'mehr', brand: 'درمانگاه مهر' } });
  routes.set('GET /employers/sina', { body: { id: EMPLOYER_B, slug: 'sina', brand: 'بیمارستان سینا' } });
  for (const id of ids)
    for (const action of ['RecruitmentCreate', 'RecruitmentEdit', 'EmployerEdit'])
      routes.set(`GET /employers/${id}/has-access/${action}`, { body: { hasAccess: true } });
  routes.set('GET /suggestions/list', {
    body: { categories: { jobCategories: [{ id: 'nursing', title: 'پرستاری', titleEn: 'Nursing' }] } },
  });
  routes.set(`GET /employers/${EMPLOYER_B}/templates`, { body: { items: [] } });
  routes.set(`GET /employers/${EMPLOYER_A}/templates`, { body: { items: [] } });
}

const render = (path: string) => renderApp(path, { cookie: LOGGED_IN, gatewayUrl: gateway.url });

describe('posting pages against a stand-in gateway', () => {
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());
  beforeEach(() => {
    ownerOfTwo();
    gateway.requests.length = 0;
  });

  test('with several employers and none named, the add page asks which; a stranger’s slug is not taken', async () => {
    await render('/recruitments/add?employer=someone-else');
    const chooser = await screen.findByTestId('choose-employer', {}, { timeout: 10_000 });
    const links = within(chooser).getAllByRole('link');
    assert.deepEqual(
      links.map((link) => link.getAttribute('href')),
      ['?employer=mehr', '?employer=sina'],
    );
    assert.equal(screen.queryByTestId('posting-form'), null);
  });

  test('the form posts for the named employer: toman in Persian digits as rials, the weekday hours, publish', async () => {
    gateway.routes.set('POST /recruitments', ({ body }) => ({
      body: posting({
        employer: { id: EMPLOYER_B, slug: 'sina', brand: 'بیمارستان سینا', logo: null },
        ...(body as object),
      }),
    }));
    gateway.routes.set(`GET /employers/${EMPLOYER_B}/recruitments`, {
      body: { items: [], page: { page: 1, pageSize: 10, total: 0 } },
    });
    gateway.routes.set(`GET /employers/${EMPLOYER_B}/recruitments/summary`, {
      body: { draft: 0, published: 1, archived: 0, closed: 0, featured: 0, total: 1 },
    });
    await render('/recruitments/add?employer=sina');
    const form = await screen.findByTestId('posting-form', {}, { timeout: 10_000 });
    fireEvent.change(within(form).getByLabelText(fa('postings.field.title')), { target: { value: 'ماما' } });
    fireEvent.change(within(form).getByLabelText(fa('postings.field.minSalary')), {
      target: { value: '۱۲٬۵۰۰٬۰۰۰' },
    });
    const monday = fa('postings.weekday.2');
    fireEvent.click(within(form).getByLabelText(fa('postings.field.worksOn', { day: monday })));
    fireEvent.change(within(form).getByLabelText(fa('postings.field.from', { day: monday })), {
      target: { value: '۸:۰۰' },
    });
    fireEvent.change(within(form).getByLabelText(fa('postings.field.to', { day: monday })), {
      target: { value: '16:00' },
    });
    fireEvent.click(within(form).getByTestId('publish-posting'));
    await waitFor(() => assert.ok(gateway.requests.some((r) => r.method === 'POST')), { timeout: 10_000 });
    const body = gateway.requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    assert.equal(body.employerId, EMPLOYER_B);
    assert.equal(body.publish, true);
    assert.equal(body.title, 'ماما');
    assert.equal(body.minSalaryRials, 125_000_000);
    assert.equal(body.maxSalaryRials, null);
    assert.deepEqual(body.workingHours, [{ weekday: 2, from: '08:00', to: '16:00' }]);
    // On to the employer's ad list.
    await screen.findByTestId('posting-list-page', {}, { timeout: 10_000 });
  });

  test('the service’s codes are shown under their fields (a range rule under both ends); a draft is not published', async () => {
    gateway.routes.set('POST /recruitments', {
      status: 422,
      exc: ['EXC_RECRUITMENTS_TITLE_IS_REQUIRED', 'EXC_RECRUITMENTS_SALARY_RANGE_IS_INVALID'],
    });
    await render('/recruitments/add?employer=mehr');
    const form = await screen.findByTestId('posting-form', {}, { timeout: 10_000 });
    fireEvent.click(within(form).getByTestId('save-draft'));
    await waitFor(
      () =>
        assert.ok(within(form).getAllByText(excText('EXC_RECRUITMENTS_SALARY_RANGE_IS_INVALID', 'fa')).length === 2),
      { timeout: 10_000 },
    );
    const title = within(form).getByLabelText(fa('postings.field.title'));
    assert.equal(title.getAttribute('aria-invalid'), 'true');
    assert.ok(within(form).getByText(excText('EXC_RECRUITMENTS_TITLE_IS_REQUIRED', 'fa')));
    const sent = gateway.requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    assert.equal(sent.publish, false, "'save as draft' does not publish");
  });

  test('a published posting’s form only saves; an archived one cannot be edited but can be copied', async () => {
    gateway.routes.set(`GET /recruitments/${POSTING}`, { body: posting() });
    await render(`/recruitments/${POSTING}/edit`);
    const form = await screen.findByTestId('posting-form', {}, { timeout: 10_000 });
    assert.ok(screen.getByTestId('published-note'));
    assert.equal(within(form).queryByTestId('save-draft'), null);
    assert.ok(within(form).getByTestId('save-posting'));
    assert.equal((within(form).getByLabelText(fa('postings.field.minSalary')) as HTMLInputElement).value, '۱۵۰۰۰۰۰۰');

    cleanup();
    gateway.routes.set(`GET /recruitments/${POSTING}`, { body: posting({ status: 'archived' }) });
    await render(`/recruitments/${POSTING}/edit`);
    const ended = await screen.findByText(fa('postings.form.notEditable'), {}, { timeout: 10_000 });
    assert.ok(ended);
    assert.equal(screen.queryByTestId('posting-form'), null);

    // Clone: the same fields in a new draft for the posting's employer (no ?employer= needed).
    cleanup();
    await render(`/recruitments/${POSTING}/clone`);
    const clone = await screen.findByTestId('posting-form', {}, { timeout: 10_000 });
    assert.equal((within(clone).getByLabelText(fa('postings.field.title')) as HTMLInputElement).value, 'پرستار ICU');
    assert.ok(within(clone).getByTestId('save-draft'));
    assert.equal((clone.querySelector('input[name=employerId]') as HTMLInputElement).value, EMPLOYER_A);
  });

  test('the ad list: counts per status, the status and text in the URL sent on, pages, each status in words', async () => {
    gateway.routes.set(`GET /employers/${EMPLOYER_A}/recruitments`, ({ query }) => ({
      body: {
        items: [card({ status: 'draft', title: 'پیش‌نویس ماما', publishedAt: null }), card({ featured: true })],
        page: { page: Number(query.get('page')), pageSize: 10, total: 25 },
      },
    }));
    gateway.routes.set(`GET /employers/${EMPLOYER_A}/recruitments/summary`, {
      body: { draft: 4, published: 20, archived: 1, closed: 0, featured: 1, total: 25 },
    });
    await render('/employers/mehr/recruitments?status=published&text=ICU&page=2');
    const page = await screen.findByTestId('posting-list-page', {}, { timeout: 10_000 });
    const asked = gateway.requests.find((r) => r.path === `/employers/${EMPLOYER_A}/recruitments`)!.query;
    assert.equal(asked.get('status'), 'published');
    assert.equal(asked.get('q'), 'ICU');
    assert.equal(asked.get('page'), '2');
    const published = within(page).getByTestId('filter-published');
    assert.equal(
      published.textContent,
      fa('postings.list.count', { label: fa('postings.status.published'), count: '۲۰' }),
    );
    assert.equal(published.getAttribute('aria-current'), 'page');
    assert.equal(within(page).getByTestId('filter-all').getAttribute('href'), '/employers/mehr/recruitments?text=ICU');
    const rows = within(page).getAllByTestId('posting-row');
    assert.ok(within(rows[0]!).getByTestId('status-draft'));
    assert.equal(within(rows[0]!).queryByTestId('feature-posting'), null, 'a draft cannot be featured');
    assert.ok(within(rows[1]!).getByTestId('status-featured'));
    assert.equal(within(rows[1]!).queryByTestId('feature-posting'), null, 'featured already');
    assert.equal(
      within(rows[1]!).getByTestId('view-posting').getAttribute('href'),
      `/applicants/recruitments/nursing/${encodeURIComponent('پرستار-icu-a1b2')}`,
    );
    assert.ok(within(page).getByText(fa('postings.list.pageOf', { page: '۲', pages: '۳' })));
  });

  test('the ad list is the 403 page for an agent without a posting permission', async () => {
    gateway.routes.set('GET /employers', {
      body: {
        items: viewerWithEmployers('mehr').employers.map((e) => ({
          ...e,
          id: EMPLOYER_A,
          role: 'agent' as const,
          permissions: ['Billing' as const],
        })),
      },
    });
    await render('/employers/mehr/recruitments');
    await screen.findByTestId('error-403', {}, { timeout: 10_000 });
    assert.equal(
      gateway.requests.some((r) => r.path.endsWith('/recruitments')),
      false,
      'no postings are asked for',
    );
  });
});
