// The applicant's hiring pages (the posting page's apply slot, my opportunities' applications
// tab) through their real loaders and actions against the real stack's gateway and services
// (auth, files, resume, employer, billing's sandbox, recruitment, hiring): who is offered what,
// the 'create resume' way that comes back to the posting, sending with the confirmation, the
// duplicate and publisher refusals, and the timeline as the employer reads, moves and rejects,
// with cancel asked first and refused once decided.
import { fireEvent, renderApp, screen, waitFor, within } from './routes/support/render.ts';
import { logInThroughApi } from './routes/support/login.ts';
import assert from 'node:assert/strict';
import { cleanup } from '@testing-library/react';
import { after, before, describe, test } from 'node:test';
import { RouterContextProvider } from 'react-router';
import { startStack, type RunningStack } from '../../scripts/stack.ts';
import { translator } from '../app/i18n/index.ts';
import { createServerApi, provideServerApi } from '../app/lib/api.server.ts';
import { listTitle } from '../app/lib/closed-lists.ts';
import { planToasts } from '../app/lib/errors.ts';
import { formatJalaliDate } from '../app/lib/format.ts';
import type { ApplyActionResult } from '../app/lib/recruitments/applies-types.ts';
import * as detailRoute from '../app/routes/recruitments/detail.tsx';
import * as mineRoute from '../app/routes/recruitments/mine.tsx';
import {
  cookieRest,
  createResume,
  employerMoves,
  employerWithPlan,
  openPosting,
  type EmployerWithPlan,
  type OpenPosting,
  type Rest,
} from './my-applies-support.ts';

const fa = translator('fa');
const run = Date.now() % 100_000;
const BRAND = `درمانگاه آزمون ${run}`;

let stack: RunningStack | undefined;
let owner: { cookie: string; rest: Rest; employer: EmployerWithPlan };
const postings: OpenPosting[] = [];

/** Runs a route's action as the web server would for a form posted to `path`. */
async function postForm(
  route: { action: (args: never) => Promise<unknown> },
  path: string,
  params: Record<string, string>,
  fields: Record<string, string>,
  cookie?: string,
): Promise<ApplyActionResult> {
  const request = new Request(new URL(path, 'http://localhost:3000'), {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  });
  const context = new RouterContextProvider();
  provideServerApi(context, createServerApi(request, stack!.gatewayUrl));
  return (await route.action({ request, params, context } as never)) as ApplyActionResult;
}

function detailParams(posting: OpenPosting) {
  return { category: posting.jobCategory, item: posting.slug };
}

async function applicant(firstName: string, lastName: string) {
  const cookie = await logInThroughApi(stack!.gatewayUrl);
  const rest = cookieRest(stack!.gatewayUrl, cookie);
  const resume = await createResume(rest, firstName, lastName);
  return { cookie, rest, resume };
}

describe("the applicant's hiring pages on the real stack", () => {
  before(async () => {
    stack = await startStack({ name: 'web-my-applies', output: 'quiet' });
    const cookie = await logInThroughApi(stack.gatewayUrl);
    const rest = cookieRest(stack.gatewayUrl, cookie);
    owner = { cookie, rest, employer: await employerWithPlan(rest, BRAND) };
    for (const title of [`پرستار اورژانس ${run}`, `پرستار اتاق عمل ${run}`, `ماما ${run}`]) {
      postings.push(await openPosting(rest, owner.employer.id, title));
    }
  });
  after(async () => {
    cleanup();
    await stack?.stop();
  });

  test("a visitor is offered the button and the login link; someone without a resume the 'create resume' way back here", async () => {
    const posting = postings[0]!;
    await renderApp(posting.path, { gatewayUrl: stack!.gatewayUrl });
    const slot = await screen.findByTestId('apply-slot');
    assert.ok(within(slot).getByText(fa('myApplies.slot.visitorHint')));
    assert.equal(
      within(slot).getByTestId('apply-button').getAttribute('aria-label'),
      fa('myApplies.slot.sendName', { title: posting.title }),
    );
    const visitor = await postForm(detailRoute, posting.path, detailParams(posting), {
      intent: 'apply',
      recruitmentId: posting.id,
    });
    assert.deepEqual(visitor.exc, ['EXC_AUTHENTICATION_REQUIRED']);
    assert.equal(
      planToasts(visitor.exc!, { currentPath: posting.path })[0]!.action?.href,
      `/login?backURL=${encodeURIComponent(posting.path)}`,
    );
    cleanup();
    // The English page says the same in English.
    await renderApp(`/en${posting.path}`, { gatewayUrl: stack!.gatewayUrl });
    const english = await screen.findByTestId('apply-slot');
    assert.ok(within(english).getByText(translator('en')('myApplies.slot.visitorHint')));
    assert.equal(within(english).getByTestId('apply-button').textContent, 'Send resume');
    cleanup();

    // Logged in, no resume yet: the action answers the code whose toast leads to the builder and back.
    const cookie = await logInThroughApi(stack!.gatewayUrl);
    await renderApp(posting.path, { cookie, gatewayUrl: stack!.gatewayUrl });
    const mine = await screen.findByTestId('apply-slot');
    await waitFor(() => assert.ok(within(mine).getByText(fa('myApplies.slot.noResumeHint'))));
    const refused = await postForm(
      detailRoute,
      posting.path,
      detailParams(posting),
      { intent: 'apply', recruitmentId: posting.id },
      cookie,
    );
    assert.deepEqual(refused.exc, ['EXC_RESUME_ID_IS_INVALID']);
    const createResumeLink = planToasts(refused.exc!, { currentPath: posting.path })[0]!.action!.href;
    cleanup();

    // The builder's personal step, opened from that link, returns to the posting once saved,
    // where the slot now names the new resume.
    await renderApp(createResumeLink, { cookie, gatewayUrl: stack!.gatewayUrl });
    const form = (await screen.findByTestId('personal-form')) as HTMLFormElement;
    fireEvent.change(within(form).getByLabelText(fa('resume.personal.firstName')), { target: { value: 'نسرین' } });
    fireEvent.change(within(form).getByLabelText(fa('resume.personal.lastName')), { target: { value: 'رضایی' } });
    fireEvent.click(within(form).getByTestId('save-personal'));
    const back = await screen.findByTestId('posting-page');
    await waitFor(() =>
      assert.ok(within(back).getByText(fa('myApplies.slot.readyHint', { name: 'نسرین رضایی' })), 'back on the posting'),
    );
  });

  test('with a resume: the question names the resume; sending shows the date and state; a second send is a duplicate', async () => {
    const posting = postings[0]!;
    const { cookie, resume } = await applicant('پریسا', 'نوری');
    // The question as the page shows it without JavaScript (the dialog's words are the same).
    await renderApp(`${posting.path}?confirm=apply`, { cookie, gatewayUrl: stack!.gatewayUrl });
    const question = await screen.findByTestId('apply-button-inline');
    assert.ok(within(question).getByText(fa('myApplies.confirm.text', { name: 'پریسا نوری', brand: BRAND })));
    fireEvent.click(within(question).getByRole('button', { name: fa('myApplies.confirm.yes') }));
    const status = await screen.findByTestId('apply-status');
    assert.ok(
      within(status).getByText(fa('myApplies.slot.applied', { date: formatJalaliDate(new Date(), 'fa') })),
      status.textContent ?? '',
    );
    assert.equal(within(status).getByTestId('apply-state').textContent, fa('myApplies.state.in_progress'));
    assert.equal(
      within(status).getByTestId('apply-mine-link').getAttribute('href'),
      `/applicants/resumes/${encodeURIComponent(resume.slug)}/recruitments?tab=applies`,
    );
    assert.equal(screen.queryByTestId('apply-button'), null, 'no second button');
    const again = await postForm(
      detailRoute,
      posting.path,
      detailParams(posting),
      { intent: 'apply', recruitmentId: posting.id },
      cookie,
    );
    assert.deepEqual(again.exc, ['EXC_HIRING_APPLY_IS_DUPLICATE']);
  });

  test("the employer on their own posting: no button, the way to its applications; the service's code if they post anyway", async () => {
    const posting = postings[1]!;
    await renderApp(posting.path, { cookie: owner.cookie, gatewayUrl: stack!.gatewayUrl });
    const slot = await screen.findByTestId('apply-slot');
    await waitFor(() => assert.ok(within(slot).getByTestId('apply-publisher')));
    assert.equal(within(slot).queryByTestId('apply-button'), null);
    assert.equal(
      within(slot).getByTestId('apply-manage-link').getAttribute('href'),
      `/recruitments/${posting.id}/apply-management`,
    );
    await createResume(owner.rest, 'مدیر', 'درمانگاه');
    const refused = await postForm(
      detailRoute,
      posting.path,
      detailParams(posting),
      { intent: 'apply', recruitmentId: posting.id },
      owner.cookie,
    );
    assert.deepEqual(refused.exc, ['EXC_HIRING_PUBLISHER_CANNOT_APPLY']);
  });

  test('my applications: counts as chips, the timeline as the employer reads, moves and rejects, cancel asked first and refused once decided', async () => {
    const [moved, rejected] = [postings[1]!, postings[2]!];
    const { cookie, rest, resume } = await applicant('زهرا', 'کریمی');
    const apply = async (posting: OpenPosting) =>
      (await rest.send<{ apply: { id: string } }>('POST', `hiring/${posting.id}/applies?resumeId=${resume.id}`)).apply
        .id;
    const movedId = await apply(moved);
    const rejectedId = await apply(rejected);
    const employer = owner.employer;
    await employerMoves(owner.rest, moved.id).open(movedId, employer.step('in_review').id);
    await employerMoves(owner.rest, moved.id).move(movedId, employer.step('interview').id);
    await employerMoves(owner.rest, rejected.id).reject(rejectedId, 'experience', 'سابقهٔ کار در بخش زنان لازم است.');

    const base = `/applicants/resumes/${encodeURIComponent(resume.slug)}/recruitments`;
    await renderApp(`${base}?tab=applies`, { cookie, gatewayUrl: stack!.gatewayUrl });
    const tab = await screen.findByTestId('my-applies');
    assert.equal(screen.getByTestId('mine-tab-applies').textContent, fa('myApplies.tab', { count: '۲' }));
    assert.equal(screen.getByTestId('mine-tab-applies').getAttribute('aria-current'), 'page');
    assert.equal(within(tab).getByTestId('applies-chip-all').textContent, fa('myApplies.filter.all', { count: '۲' }));
    assert.equal(
      within(tab).getByTestId('applies-chip-in_progress').textContent,
      fa('myApplies.filter.in_progress', { count: '۱' }),
    );
    assert.equal(
      within(tab).getByTestId('applies-chip-rejected').textContent,
      fa('myApplies.filter.rejected', { count: '۱' }),
    );
    const card = (id: string) => tab.querySelector<HTMLElement>(`[data-apply-id="${id}"]`)!;
    const lines = (id: string) =>
      within(card(id))
        .getAllByTestId('timeline-text')
        .map((line) => line.textContent);
    assert.deepEqual(lines(movedId), [
      fa('myApplies.change.applied'),
      fa('myApplies.change.read'),
      fa('myApplies.change.moved', { step: fa('myApplies.kind.interview') }),
    ]);
    assert.equal(within(card(movedId)).getByTestId('apply-state').textContent, fa('myApplies.state.in_progress'));
    assert.equal(
      lines(rejectedId).at(-1),
      fa('myApplies.change.rejectedReason', { reason: listTitle('rejectionReasons', 'experience', 'fa')! }),
    );
    assert.equal(within(card(rejectedId)).getByTestId('apply-state').textContent, fa('myApplies.state.rejected'));
    assert.equal(within(card(rejectedId)).queryByTestId('cancel-apply'), null, 'a decided application has no cancel');
    assert.ok(within(card(movedId)).getByTestId('cancel-apply'));
    assert.equal(within(card(movedId)).getByRole('link', { name: moved.title }).getAttribute('href'), moved.path);
    cleanup();

    // Cancelling the decided one anyway (a page opened before the decision) is refused with its code.
    const refused = await postForm(
      mineRoute,
      `${base}?tab=applies`,
      { slug: resume.slug },
      { intent: 'cancelApply', applyId: rejectedId },
      cookie,
    );
    assert.deepEqual(refused.exc, ['EXC_HIRING_APPLY_CANNOT_BE_CANCELLED']);

    // Cancel the other, through the question the page asks without JavaScript.
    await renderApp(`${base}?tab=applies&confirm=cancelApply&apply=${movedId}`, {
      cookie,
      gatewayUrl: stack!.gatewayUrl,
    });
    const question = await screen.findByTestId('cancel-apply-inline');
    assert.ok(within(question).getByText(fa('myApplies.cancelText', { title: moved.title })));
    fireEvent.click(within(question).getByRole('button', { name: fa('myApplies.cancelYes') }));
    await waitFor(() =>
      assert.equal(
        within(screen.getByTestId('my-applies')).getByTestId('applies-chip-cancelled').textContent,
        fa('myApplies.filter.cancelled', { count: '۱' }),
      ),
    );
    const cancelled = screen.getByTestId('my-applies').querySelector<HTMLElement>(`[data-apply-id="${movedId}"]`)!;
    assert.equal(within(cancelled).getByTestId('apply-state').textContent, fa('myApplies.state.cancelled'));
    assert.equal(
      within(cancelled).getAllByTestId('timeline-text').at(-1)?.textContent,
      fa('myApplies.change.cancelled'),
    );
    cleanup();

    // A chip is a filter in the URL.
    await renderApp(`${base}?tab=applies&state=rejected`, { cookie, gatewayUrl: stack!.gatewayUrl });
    const filtered = await screen.findByTestId('my-applies-list');
    assert.deepEqual(
      within(filtered)
        .getAllByTestId('my-apply')
        .map((item) => item.getAttribute('data-apply-id')),
      [rejectedId],
    );
    assert.equal(screen.getByTestId('applies-chip-rejected').getAttribute('aria-current'), 'page');
  });
});
