// The employer's hiring pages through their real loaders against the real stack's gateway and
// services (auth, files, resume, employer, billing's sandbox, recruitment, hiring): the board
// from the posting's real flow with the words and read filters the service applies, one
// application's page showing the resume as it was when applied (the applicant's later change
// is not there), its neighbours, a link made before the application moved taken to the step it
// stands on now, and the 403 page for someone who is not the employer's member.
import { renderApp, screen, waitFor, within } from './routes/support/render.ts';
import { logInThroughApi } from './routes/support/login.ts';
import assert from 'node:assert/strict';
import { cleanup } from '@testing-library/react';
import { after, before, describe, test } from 'node:test';
import { startStack, type RunningStack } from '../../scripts/stack.ts';
import { translator } from '../app/i18n/index.ts';
import type { ApplyPage } from '../app/lib/hiring/types.ts';
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

let stack: RunningStack | undefined;
let owner: { cookie: string; rest: Rest; employer: EmployerWithPlan };
let posting: OpenPosting;
const applicants: Array<{ cookie: string; rest: Rest; resumeId: string; applyId: string; name: string }> = [];

const board = () => `/recruitments/${posting.id}/apply-management`;
const render = (path: string, cookie = owner.cookie) => renderApp(path, { cookie, gatewayUrl: stack!.gatewayUrl });
const cardIds = (column: HTMLElement) =>
  within(column)
    .queryAllByTestId('apply-card')
    .map((card) => card.getAttribute('data-apply-id'));

describe("the employer's hiring pages on the real stack", () => {
  before(async () => {
    stack = await startStack({ name: 'web-hiring-pages', output: 'quiet' });
    const cookie = await logInThroughApi(stack.gatewayUrl);
    const rest = cookieRest(stack.gatewayUrl, cookie);
    owner = { cookie, rest, employer: await employerWithPlan(rest, `درمانگاه صفحه‌های استخدام ${run}`) };
    posting = await openPosting(rest, owner.employer.id, `کارشناس اتاق عمل ${run}`);
    for (const [firstName, lastName] of [
      ['سارا', 'احمدی'],
      ['مریم', 'کاظمی'],
    ] as const) {
      const applicantCookie = await logInThroughApi(stack.gatewayUrl);
      const applicantRest = cookieRest(stack.gatewayUrl, applicantCookie);
      const resume = await createResume(applicantRest, firstName, lastName);
      const { apply } = await applicantRest.send<{ apply: { id: string } }>(
        'POST',
        `hiring/${posting.id}/applies?resumeId=${resume.id}`,
      );
      applicants.push({
        cookie: applicantCookie,
        rest: applicantRest,
        resumeId: resume.id,
        applyId: apply.id,
        name: `${firstName} ${lastName}`,
      });
    }
  });
  after(async () => {
    cleanup();
    await stack?.stop();
  });

  test('the board: the real flow, both applications new on the first step; the service filters by words and read', async () => {
    const first = owner.employer.steps[0]!;
    await render(board());
    const page = await screen.findByTestId('apply-management-page');
    const columns = within(page).getAllByTestId('board-column');
    assert.deepEqual(
      columns.map((column) => column.getAttribute('data-step-id')),
      owner.employer.steps.map((step) => step.id),
    );
    // Newest first.
    assert.deepEqual(cardIds(columns[0]!), [applicants[1]!.applyId, applicants[0]!.applyId]);
    assert.equal(
      within(columns[0]!).getByTestId('column-total').textContent,
      fa('applies.column.count', { count: '۲' }),
    );
    assert.equal(within(columns[0]!).getAllByTestId('apply-unread').length, 2);
    assert.equal(columns[0]!.querySelector('h2')?.textContent, first.name);
    cleanup();

    await render(`${board()}?text=${encodeURIComponent('سارا')}&order=appliedAt`);
    const filtered = await screen.findAllByTestId('board-column');
    assert.deepEqual(cardIds(filtered[0]!), [applicants[0]!.applyId]);
    // The column's counts are the step's, not the filtered list's.
    assert.equal(
      within(filtered[0]!).getByTestId('column-total').textContent,
      fa('applies.column.count', { count: '۲' }),
    );
    cleanup();

    await render(`${board()}?read=read`);
    const read = await screen.findAllByTestId('board-column');
    assert.deepEqual(cardIds(read[0]!), [], 'none has been opened yet');
  });

  test('an application’s page: the resume as it was applied, read once opened, its place among its step’s', async () => {
    const [sara] = applicants;
    const first = owner.employer.steps[0]!;
    // The applicant renames themselves after applying: the employer reads what was sent.
    const mine = await sara!.rest.send<Record<string, unknown>>('GET', 'resumes/by-current-user');
    await sara!.rest.send('PUT', `resumes/${sara!.resumeId}`, {
      firstName: 'ساراخانم',
      lastName: mine.lastName,
      hasDisability: false,
      isForeigner: false,
      province: 'tehran',
      city: 'tehran',
    });
    await render(`${board()}/steps/${first.id}/applies/${sara!.applyId}`);
    const page = await screen.findByTestId('apply-page');
    assert.equal(within(page).getByTestId('resume-name').textContent, sara!.name);
    assert.equal(
      within(page).getByTestId('apply-position').textContent,
      fa('applies.detail.position', { position: '۲', total: '۲' }),
    );
    assert.equal(within(page).queryByTestId('apply-next'), null);
    assert.equal(
      within(page).getByTestId('apply-previous').getAttribute('href'),
      `${board()}/steps/${first.id}/applies/${applicants[1]!.applyId}`,
    );
    assert.equal(within(page).getByTestId('apply-viewers').textContent, fa('applies.detail.viewers', { count: '۱' }));
    const opened = await owner.rest.send<ApplyPage>('GET', `hiring/${posting.id}/applies?stepId=${first.id}&read=true`);
    assert.deepEqual(
      opened.items.map((item) => item.id),
      [sara!.applyId],
      'opening it marked it read',
    );
  });

  test('a link made before the application moved opens it on the step it stands on now', async () => {
    const maryam = applicants[1]!;
    const first = owner.employer.steps[0]!;
    const interview = owner.employer.step('interview');
    await employerMoves(owner.rest, posting.id).move(maryam.applyId, interview.id);
    await render(`${board()}/steps/${first.id}/applies/${maryam.applyId}?read=unread`);
    const page = await screen.findByTestId('apply-page');
    assert.equal(
      within(page).getByTestId('apply-step').textContent,
      fa('applies.detail.step', { step: interview.name }),
    );
    // Its links now walk the interview step, with the filters kept.
    await waitFor(() =>
      assert.ok(within(page).getByTestId('back-to-board').getAttribute('href')?.endsWith(`${board()}?read=unread`)),
    );
  });

  test('someone who is not the employer’s member gets the 403 page', async () => {
    await render(board(), applicants[0]!.cookie);
    await screen.findByTestId('error-403');
    cleanup();
    await render(
      `${board()}/steps/${owner.employer.steps[0]!.id}/applies/${applicants[0]!.applyId}`,
      applicants[0]!.cookie,
    );
    await screen.findByTestId('error-403');
  });
});
