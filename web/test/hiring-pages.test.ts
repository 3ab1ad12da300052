// The employer's hiring pages (loaders and pages on the real route tree) in front of a stand-in
// gateway answering as the hiring routes do: who may open them (login, the 403 page for a member
// without ApplyManage), the board's columns, counts, badges and filters as sent to the gateway,
// the step picker on phones, a move refused by an unreachable gateway put back with its toast,
// one application's page (the resume as applied, neighbours with the board's filters, the
// timeline), and the ad list's counts linking to the board. The real services run in the
// browser test (test/e2e/hiring-employer.test.ts).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../app/i18n/index.ts';
import type { ApplyCard, ApplyDetail, Flow, Step } from '../app/lib/hiring/types.ts';
import type { Posting, PostingCard } from '../app/lib/postings/types.ts';
import { viewerWithEmployers } from './support/viewer.ts';
import { startFakeGateway, type FakeGateway } from './routes/support/fake-gateway.ts';
import { fireEvent, renderApp, screen, waitFor, within } from './routes/support/render.ts';

const fa = translator('fa');
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
const EMPLOYER = '00000000-0000-4000-8000-00000000000a';
const POSTING = '00000000-0000-4000-8000-000000000001';
const REVIEW: Step = {
  id: '00000000-0000-4000-8000-0000000000s1'.replace('s1', '51'),
  name: 'بررسی اولیه',
  kind: 'in_review',
};
const INTERVIEW: Step = { id: '00000000-0000-4000-8000-000000000052', name: 'مصاحبه', kind: 'interview' };
const REJECTED: Step = { id: '00000000-0000-4000-8000-000000000053', name: 'ردشده', kind: 'rejected' };
let gateway: FakeGateway;

function apply(
  id: string,
  step: Step,
  overrides: Partial<ApplyCard['applicant']> & { read?: boolean } = {},
): ApplyCard {
  const { read = false, ...applicant } = overrides;
  return {
    id,
    recruitmentId: POSTING,
    resumeId: `00000000-0000-4000-8000-0000000001${id.slice(-2)}`,
    step,
    read,
    version: 3,
    appliedAt: '2026-11-22T08:00:00Z',
    updatedAt: '2026-11-22T08:00:00Z',
    rejectionReason: null,
    rejectionDescription: null,
    applicant: {
      firstName: 'سارا',
      lastName: 'احمدی',
      pictureFileId: null,
      latestJobTitle: 'پرستار ICU',
      province: 'tehran',
      city: 'tehran',
      duplicateHint: false,
      ...applicant,
    },
  };
}

const A1 = '00000000-0000-4000-8000-0000000000a1';
const A2 = '00000000-0000-4000-8000-0000000000a2';
const A3 = '00000000-0000-4000-8000-0000000000a3';

const flow: Flow = {
  recruitmentId: POSTING,
  templateId: '00000000-0000-4000-8000-0000000000t1'.replace('t1', '71'),
  templateName: 'قالب پرستاری',
  steps: [
    { step: REVIEW, total: 2, unread: 1 },
    { step: INTERVIEW, total: 1, unread: 0 },
    { step: REJECTED, total: 0, unread: 0 },
  ],
  elsewhere: 0,
};

function posting(): Partial<Posting> {
  return {
    id: POSTING,
    slug: 'پرستار-icu-a1b2',
    status: 'published',
    employer: { id: EMPLOYER, slug: 'mehr', brand: 'درمانگاه مهر', logo: null },
    title: 'پرستار ICU',
    jobCategory: 'nursing',
  };
}

/** A signed-in member of `mehr` with these permissions (the owner when none are given). */
function member(permissions: string[] | null = null): void {
  const { routes } = gateway;
  routes.clear();
  routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  routes.set('GET /employers', {
    body: {
      items: viewerWithEmployers('mehr').employers.map((e) => ({
        ...e,
        id: EMPLOYER,
        ...(permissions ? { role: 'agent', permissions } : {}),
      })),
    },
  });
  routes.set('GET /employers/mehr', { body: { id: EMPLOYER, slug: 'mehr', brand: 'درمانگاه مهر' } });
  routes.set(`GET /employers/${EMPLOYER}/has-access/ApplyManage`, {
    body: { hasAccess: permissions === null || permissions.includes('ApplyManage') },
  });
  routes.set(`GET /recruitments/${POSTING}`, { body: posting() });
  routes.set(`GET /hiring/${POSTING}/flow`, { body: flow });
  routes.set(`GET /hiring/${POSTING}/applies`, ({ query }) => {
    const step = query.get('stepId');
    const items =
      step === REVIEW.id
        ? [apply(A1, REVIEW, { duplicateHint: true }), apply(A2, REVIEW, { firstName: 'مریم', read: true })]
        : step === INTERVIEW.id
          ? [apply(A3, INTERVIEW, { firstName: 'علی', lastName: 'کریمی', read: true })]
          : [];
    return { body: { items, page: { page: 1, pageSize: 20, total: step === REVIEW.id ? 25 : items.length } } };
  });
  routes.set(`GET /hiring/${POSTING}/analytics`, {
    body: {
      templateName: 'قالب پرستاری',
      recruitment: {
        total: 3,
        applicationsPerDay: [{ date: '2026-11-22', count: 3 }],
        steps: [{ step: REVIEW, left: 1, averageHours: 26.25, medianHours: 20, current: 2 }],
      },
      template: { total: 9, applicationsPerDay: [], steps: [] },
    },
  });
}

const render = (path: string) => renderApp(path, { cookie: LOGGED_IN, gatewayUrl: gateway.url });

describe('hiring pages against a stand-in gateway', () => {
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());
  beforeEach(() => {
    member();
    gateway.requests.length = 0;
  });

  test('the board: each step with its counts, unread and duplicate badges, cards linking to their page', async () => {
    await render(`/recruitments/${POSTING}/apply-management`);
    const page = await screen.findByTestId('apply-management-page');
    assert.ok(within(page).getByText(fa('applies.detail.forPosting', { title: 'پرستار ICU' })));
    const columns = within(page).getAllByTestId('board-column');
    assert.deepEqual(
      columns.map((column) => within(column).getByRole('heading').textContent),
      ['بررسی اولیه', 'مصاحبه', 'ردشده'],
    );
    const review = columns[0]!;
    assert.equal(within(review).getByTestId('column-total').textContent, fa('applies.column.count', { count: '۲' }));
    assert.ok(within(review).getByTestId('column-unread').textContent?.includes('۱'));
    assert.equal(within(columns[1]!).queryByTestId('column-unread'), null, 'no unread badge at zero');
    const cards = within(review).getAllByTestId('apply-card');
    assert.equal(cards.length, 2);
    assert.ok(within(cards[0]!).getByTestId('apply-unread'));
    assert.ok(within(cards[0]!).getByTestId('apply-duplicate'));
    assert.equal(within(cards[1]!).queryByTestId('apply-unread'), null);
    assert.equal(
      within(cards[0]!).getByTestId('apply-open').getAttribute('href'),
      `/recruitments/${POSTING}/apply-management/steps/${REVIEW.id}/applies/${A1}`,
    );
    // 25 match in the first step and 2 are shown: more can be loaded.
    assert.ok(within(review).getByTestId('column-more'));
    assert.equal(within(columns[1]!).queryByTestId('column-more'), null);
    assert.ok(within(columns[2]!).getByText(fa('applies.column.empty')));
    // The analytics' numbers are in tables, in Persian digits.
    const perDay = within(page).getByTestId('analytics-per-day');
    assert.ok(within(perDay).getByText('۳'));
    const steps = within(page).getByTestId('analytics-steps');
    assert.ok(within(steps).getByText('۲۶٫۳') || within(steps).getByText('۲۶٫۲'));
    // Pages of the employer's own: never indexed.
    const lists = gateway.requests.filter((r) => r.path === `/hiring/${POSTING}/applies`);
    assert.deepEqual(lists.map((r) => r.query.get('stepId')).sort(), [REVIEW.id, INTERVIEW.id, REJECTED.id].sort());
    assert.ok(lists.every((r) => r.query.get('pageSize') === '20' && r.query.get('order') === '-appliedAt'));
  });

  test('the English board says the same in English, its links under /en', async () => {
    const en = translator('en');
    await render(`/en/recruitments/${POSTING}/apply-management`);
    const page = await screen.findByTestId('apply-management-page');
    assert.equal(within(page).getAllByRole('heading', { level: 1 })[0]!.textContent, en('applies.board.title'));
    const review = within(page).getAllByTestId('board-column')[0]!;
    assert.equal(within(review).getByTestId('column-total').textContent, en('applies.column.count', { count: '2' }));
    assert.equal(
      within(review).getAllByTestId('apply-open')[0]!.getAttribute('href'),
      `/en/recruitments/${POSTING}/apply-management/steps/${REVIEW.id}/applies/${A1}`,
    );
  });

  test('the filters in the URL (Jalali dates, unread, words) are what each step’s list is asked with', async () => {
    const search = new URLSearchParams({
      read: 'unread',
      text: 'سارا',
      'appliedFrom.y': '۱۴۰۵',
      'appliedFrom.m': '۹',
      'appliedFrom.d': '۱',
      order: 'appliedAt',
    });
    await render(`/recruitments/${POSTING}/apply-management?${search}`);
    await screen.findByTestId('apply-management-page');
    const asked = gateway.requests.find((r) => r.path === `/hiring/${POSTING}/applies`)!.query;
    assert.equal(asked.get('read'), 'false');
    assert.equal(asked.get('text'), 'سارا');
    assert.equal(asked.get('appliedFrom'), '2026-11-22');
    assert.equal(asked.get('appliedTo'), null);
    assert.equal(asked.get('order'), 'appliedAt');
    // The cards' links carry the filters on, so prev/next walk the same list.
    const link = screen.getAllByTestId('apply-open')[0]!.getAttribute('href')!;
    assert.match(link, /\?read=unread&text=/);
    assert.match(link, /appliedFrom=2026-11-22/);
    assert.ok(screen.getByTestId('filter-clear'));
  });

  test('a day that does not exist is said under its field and not sent', async () => {
    await render(`/recruitments/${POSTING}/apply-management?appliedTo.y=1405&appliedTo.m=12&appliedTo.d=31`);
    await screen.findByTestId('apply-management-page');
    assert.ok(screen.getByText(fa('applies.filters.invalidDate')));
    const asked = gateway.requests.find((r) => r.path === `/hiring/${POSTING}/applies`)!.query;
    assert.equal(asked.get('appliedTo'), null);
  });

  test('on phones one step at a time: the picker shows the chosen step’s column only', async () => {
    await render(`/recruitments/${POSTING}/apply-management?step=${INTERVIEW.id}`);
    const picker = (await screen.findByTestId('step-picker')) as HTMLSelectElement;
    assert.equal(picker.value, INTERVIEW.id);
    const hidden = () =>
      screen.getAllByTestId('board-column').map((column) => column.className.includes('max-md:hidden'));
    assert.deepEqual(hidden(), [true, false, true]);
    fireEvent.change(picker, { target: { value: REVIEW.id } });
    await waitFor(() => assert.deepEqual(hidden(), [false, true, true]));
    assert.ok(picker.textContent?.includes(fa('applies.board.stepOption', { name: 'بررسی اولیه', count: '۲' })));
  });

  test('a move shows at once and is put back when the gateway cannot take it', async () => {
    await render(`/recruitments/${POSTING}/apply-management`);
    await screen.findByTestId('apply-management-page');
    const cardsOf = (index: number) =>
      within(screen.getAllByTestId('board-column')[index]!)
        .getAllByTestId('apply-card')
        .map((card) => card.getAttribute('data-apply-id'));
    fireEvent.click(within(screen.getAllByTestId('apply-card')[1]!).getByTestId('apply-select'));
    assert.equal(screen.getByTestId('bulk-count').textContent, fa('applies.bulk.selected', { count: '۱' }));
    fireEvent.change(screen.getByTestId('bulk-step'), { target: { value: INTERVIEW.id } });
    // The browser's client reaches no gateway in this test: the move is refused.
    fireEvent.submit(screen.getByTestId('bulk-step').closest('form')!);
    assert.deepEqual(cardsOf(1), [A2, A3], 'shown on the new step at once');
    assert.deepEqual(cardsOf(0), [A1]);
    await waitFor(() => assert.deepEqual(cardsOf(1), [A3]));
    assert.deepEqual(cardsOf(0).sort(), [A1, A2].sort(), 'back on its step');
    assert.equal(
      within(screen.getAllByTestId('board-column')[1]!).getByTestId('column-total').textContent,
      fa('applies.column.count', { count: '۱' }),
    );
  });

  test('the reject dialog asks for a reason and a description before anything is sent', async () => {
    await render(`/recruitments/${POSTING}/apply-management`);
    await screen.findByTestId('apply-management-page');
    fireEvent.click(screen.getAllByTestId('apply-select')[0]!);
    fireEvent.click(screen.getByTestId('bulk-reject'));
    const dialog = await screen.findByTestId('reject-dialog');
    fireEvent.submit(dialog);
    await within(dialog).findByText(excText('EXC_HIRING_REJECTION_REASON_IS_REQUIRED', 'fa'));
    assert.ok(within(dialog).getByText(excText('EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED', 'fa')));
    assert.equal(within(dialog).getByTestId('reject-description').getAttribute('aria-invalid'), 'true');
    const reasons = [...(within(dialog).getByTestId('reject-reason') as HTMLSelectElement).options].map((o) => o.value);
    assert.ok(reasons.includes('experience'), 'the reasons are the closed list');
    assert.ok(!gateway.requests.some((r) => r.path.endsWith('/rejection')));
  });

  test('a member without ApplyManage gets the 403 page, and no application is asked for', async () => {
    member(['RecruitmentEdit']);
    await render(`/recruitments/${POSTING}/apply-management`);
    await screen.findByTestId('error-403');
    assert.equal(
      gateway.requests.some((r) => r.path.startsWith('/hiring/')),
      false,
    );
  });

  test('someone signed out is sent to log in and back', async () => {
    const result = await renderApp(`/recruitments/${POSTING}/apply-management`, { gatewayUrl: gateway.url });
    await waitFor(() => assert.ok(result.container.ownerDocument.body.textContent !== null));
    // The login page is in the route tree: its form shows.
    await screen.findByLabelText('شمارهٔ موبایل');
  });

  test('an application: the resume as applied, its step, neighbours with the filters, the timeline', async () => {
    const detail: ApplyDetail = {
      apply: apply(A1, REVIEW, { read: true }),
      resume: {
        id: '00000000-0000-4000-8000-000000000101',
        slug: 'sara',
        firstName: 'سارا',
        lastName: 'احمدی',
        email: null,
        phone: '09120000000',
        birthday: null,
        gender: 'female',
        maritalStatus: null,
        militaryStatus: null,
        hasDisability: false,
        isForeigner: false,
        province: 'tehran',
        city: 'tehran',
        url: null,
        jobTitle: 'پرستار ICU',
        about: 'پنج سال در بخش ویژه',
        pic: null,
        fileId: '00000000-0000-4000-8000-000000000f01'.replace('f01', '901'),
        customFileName: 'رزومه.pdf',
        educations: [],
        jobs: [],
        skills: [],
        certificates: [],
        publications: [],
        languages: [],
        completeness: {
          score: 40,
          sections: {
            personal: true,
            picture: false,
            educations: false,
            jobs: false,
            skills: false,
            certificates: false,
            publications: false,
            languages: false,
            custom: true,
          },
        },
        updatedAt: '2026-11-22T08:00:00Z',
      },
      timeline: [
        { change: 'applied', step: REVIEW, at: '2026-11-22T08:00:00Z' },
        { change: 'read', step: REVIEW, at: '2026-11-23T08:00:00Z' },
      ],
      viewers: [{ userId: 'u1', viewedAt: '2026-11-23T08:00:00Z' }],
    };
    gateway.routes.set(`GET /hiring/${POSTING}/applies/${A1}`, { body: detail });
    gateway.routes.set(`PUT /hiring/${POSTING}/applies/${A1}/prev-next`, {
      body: { previousId: null, nextId: A2, position: 1, total: 2 },
    });
    await render(`/recruitments/${POSTING}/apply-management/steps/${REVIEW.id}/applies/${A1}?read=unread`);
    const page = await screen.findByTestId('apply-page');
    assert.equal(within(page).getByTestId('resume-name').textContent, 'سارا احمدی');
    assert.equal(
      within(page).getByTestId('apply-step').textContent,
      fa('applies.detail.step', { step: 'بررسی اولیه' }),
    );
    assert.equal(
      within(page).getByTestId('apply-position').textContent,
      fa('applies.detail.position', { position: '۱', total: '۲' }),
    );
    assert.equal(within(page).queryByTestId('apply-previous'), null);
    assert.equal(
      within(page).getByTestId('apply-next').getAttribute('href'),
      `/recruitments/${POSTING}/apply-management/steps/${REVIEW.id}/applies/${A2}?read=unread`,
    );
    const opened = gateway.requests.find((r) => r.path === `/hiring/${POSTING}/applies/${A1}`)!;
    assert.equal(opened.query.get('stepId'), REVIEW.id);
    const neighbours = gateway.requests.find((r) => r.path.endsWith('/prev-next'))!;
    assert.equal(neighbours.method, 'PUT');
    assert.equal(neighbours.query.get('read'), 'false');
    assert.equal(neighbours.query.get('stepId'), REVIEW.id);
    const entries = within(page).getAllByTestId('timeline-entry');
    assert.equal(entries.length, 2);
    assert.ok(
      entries[0]!.textContent?.startsWith(
        fa('applies.detail.entry', { change: fa('applies.detail.change.applied'), step: 'بررسی اولیه' }),
      ),
    );
    assert.equal(within(page).getByTestId('apply-viewers').textContent, fa('applies.detail.viewers', { count: '۱' }));
    assert.ok(within(page).getByTestId('detail-custom-resume').textContent?.includes('رزومه.pdf'));
    // The move menu offers the other steps but not the rejected one (a rejection asks for its reason).
    const options = [...(within(page).getByTestId('detail-move-step') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    assert.deepEqual(options, ['', INTERVIEW.id]);
  });

  test('an application of another posting is the service’s not-found', async () => {
    gateway.routes.set(`GET /hiring/${POSTING}/applies/${A3}`, { status: 404, exc: ['EXC_HIRING_APPLY_NOT_FOUND'] });
    await render(`/recruitments/${POSTING}/apply-management/steps/${REVIEW.id}/applies/${A3}`);
    await screen.findByTestId('error-404');
  });

  test('a link made before the application moved opens it on the step it stands on now', async () => {
    gateway.routes.set(`GET /hiring/${POSTING}/applies/${A3}`, ({ query }) =>
      query.get('stepId') === INTERVIEW.id
        ? { status: 404, exc: ['EXC_HIRING_APPLY_NOT_FOUND'] }
        : { status: 400, exc: ['EXC_HIRING_STEP_IS_INVALID'] },
    );
    await render(`/recruitments/${POSTING}/apply-management/steps/${REVIEW.id}/applies/${A3}`);
    await screen.findByTestId('error-404');
    const asked = gateway.requests
      .filter((r) => r.path === `/hiring/${POSTING}/applies/${A3}`)
      .map((r) => r.query.get('stepId'));
    assert.deepEqual(asked, [REVIEW.id, INTERVIEW.id, REJECTED.id], 'each other step is tried once');
  });

  test('the ad list: a posting’s application counts with the unread badge, linking to its board', async () => {
    const card = {
      ...(posting() as PostingCard),
      employmentType: 'full-time',
      workType: 'on-site',
      province: 'tehran',
      city: 'tehran',
      minSalaryRials: null,
      maxSalaryRials: null,
      shiftPatterns: [],
      facilityType: '',
      medicalSpecialty: '',
      experienceYears: null,
      featured: false,
      publishedAt: '2026-11-20T08:00:00Z',
      bookmarked: false,
      applications: 12,
      unreadApplications: 3,
    } satisfies PostingCard;
    gateway.routes.set(`GET /employers/${EMPLOYER}/recruitments`, {
      body: {
        items: [card, { ...card, id: A2, applications: null, unreadApplications: null }],
        page: { page: 1, pageSize: 10, total: 2 },
      },
    });
    gateway.routes.set(`GET /employers/${EMPLOYER}/recruitments/summary`, {
      body: { draft: 0, published: 2, archived: 0, closed: 0, featured: 0, total: 2 },
    });
    await render('/employers/mehr/recruitments');
    const rows = await screen.findAllByTestId('posting-row');
    const link = within(rows[0]!).getByTestId('posting-applications');
    assert.equal(link.getAttribute('href'), `/recruitments/${POSTING}/apply-management`);
    assert.equal(
      within(link).getByTestId('posting-applications-count').textContent,
      fa('applies.postings.count', { count: '۱۲' }),
    );
    assert.equal(
      within(link).getByTestId('posting-applications-unread').textContent,
      fa('applies.postings.unread', { count: '۳' }),
    );
    // Its name starts with what it shows and says which posting.
    assert.ok(
      link.textContent?.startsWith(
        `${fa('applies.postings.manage')}${fa('applies.postings.of', { title: 'پرستار ICU' })}`,
      ),
    );
    assert.equal(within(rows[1]!).queryByTestId('posting-applications'), null, 'no counts, no link');
  });
});
