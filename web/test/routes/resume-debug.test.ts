// The resume routes (their loaders, actions and pages) against the real stack's gateway and
// resume service, for a person who logged in through the API: a page that needs a resume says so
// with its create link, the personal step creates the resume and moves on, a section item is
// added and its list re-fetched, a refused item names its field, and another user's resume is
// public-only. Skipped while the gateway has no resume routes.
import { fireEvent, renderApp, screen, waitFor, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { cleanup } from '@testing-library/react';
import { after, afterEach, before, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { startStack, type RunningStack } from '../../../scripts/stack.ts';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');
import { appendFileSync } from 'node:fs';
const log = (m: string) => appendFileSync('/tmp/rdebug.log', `${new Date().toISOString()} ${m}\n`);
let stack: RunningStack | undefined;
let skip: string | false = false;

async function logInThroughApi(gatewayUrl: string): Promise<string> {
  const cellphone = `0912${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const sent = await fetch(`${gatewayUrl}/api/v1/authentication/cellphone/${cellphone}`, { method: 'POST', headers: { 'accept-cookie': 'true' } });
  assert.equal(sent.status, 200, await sent.text());
  let code: string | undefined;
  for (let attempt = 0; attempt < 20 && !code; attempt++) {
    const outbox = (await (await fetch(`${gatewayUrl}/api/dev/outbox?to=${cellphone}`)).json()) as { messages: Array<{ code?: string }> };
    code = outbox.messages[0]?.code;
    if (!code) await new Promise((resolve) => setImmediate(resolve));
  }
  assert.ok(code, 'a code reached the outbox');
  const verified = await fetch(`${gatewayUrl}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-cookie': 'true' },
    body: JSON.stringify({ code }),
  });
  assert.equal(verified.status, 200, await verified.clone().text());
  return verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('resume routes on the real stack', () => {
  before(async () => {
    stack = await startStack({ name: 'web-resume-routes', output: 'quiet' });
    const probe = await fetch(`${stack.gatewayUrl}/api/v1/resumes/by-slug/nobody`);
    if (probe.headers.get('exc')?.includes('EXC_API_NOT_FOUND')) skip = 'the gateway has no resume routes yet';
  });
  afterEach(() => log('AFTER EACH'));
  after(async () => {
    log('AFTER start');
    await stack?.stop();
    log('AFTER stopped');
  });

  test('no resume yet: the edit page says so, with a create link that comes back here', async (t) => {
    if (skip) return t.skip(skip);
    const cookie = await logInThroughApi(stack!.gatewayUrl);
    await renderApp('/applicants/resumes/edit', { cookie, gatewayUrl: stack!.gatewayUrl });
    const missing = await screen.findByTestId('missing-resume', {}, { timeout: 10_000 });
    const link = within(missing).getByRole('link', { name: fa('toast.createResume') });
    assert.equal(link.getAttribute('href'), `/applicants/resumes/add/personal?backURL=${encodeURIComponent('/applicants/resumes/edit')}`);
  });

  test('the personal step creates the resume and moves on; an education is added and listed', async (t) => {
    if (skip) return t.skip(skip);
    log('STEP 1');
    const cookie = await logInThroughApi(stack!.gatewayUrl);
    log('STEP 2');
    const view = await renderApp('/applicants/resumes/add/personal', { cookie, gatewayUrl: stack!.gatewayUrl });
    log('STEP 3');
    const form = (await screen.findByTestId('personal-form', {}, { timeout: 10_000 })) as HTMLFormElement;
    log('STEP 4');
    // Nothing typed: the server's codes show under their fields, in Persian.
    fireEvent.click(within(form).getByTestId('save-personal'));
    log('STEP 5');
    await waitFor(() => assert.ok(form.textContent?.includes(excText('EXC_RESUMES_FIRST_NAME_IS_REQUIRED', 'fa'))), { timeout: 10_000 });
    log('STEP 6');
    fireEvent.change(within(form).getByLabelText(fa('resume.personal.firstName')), { target: { value: 'نرگس' } });
    log('STEP 7');
    fireEvent.change(within(form).getByLabelText(fa('resume.personal.lastName')), { target: { value: 'کاظمی' } });
    log('STEP 8');
    fireEvent.change(within(form).getByLabelText(`${fa('resume.personal.birthday')}: ${fa('ui.year')}`), { target: { value: '1368' } });
    log('STEP 9');
    fireEvent.change(within(form).getByLabelText(`${fa('resume.personal.birthday')}: ${fa('ui.month')}`), { target: { value: '7' } });
    log('STEP 10');
    fireEvent.change(within(form).getByLabelText(`${fa('resume.personal.birthday')}: ${fa('ui.day')}`), { target: { value: '12' } });
    log('STEP 11');
    fireEvent.click(within(form).getByTestId('save-personal'));
    log('STEP 12');
    const step = await screen.findByTestId('builder-educations', {}, { timeout: 10_000 });
    log('STEP 13');
    assert.ok(within(step).getByText(fa('resume.builder.stepOf', { step: '۲', total: '۵' })));
    log('STEP 14');

    const add = within(step).getByTestId('add-form-educations') as HTMLFormElement;
    log('STEP 15');
    fireEvent.change(within(add).getByRole('combobox', { name: fa('resume.education.university') }), { target: { value: 'دانشگاه علوم پزشکی شیراز' } });
    log('STEP 16');
    fireEvent.change(within(add).getByRole('combobox', { name: fa('resume.education.fieldOfStudy') }), { target: { value: 'مامایی' } });
    log('STEP 17');
    fireEvent.change(within(add).getByRole('combobox', { name: fa('resume.education.degreeLevel') }), { target: { value: 'کارشناسی' } });
    log('STEP 18');
    fireEvent.change(within(add).getByLabelText(fa('resume.education.startYear')), { target: { value: '1390' } });
    log('STEP 19');
    fireEvent.change(within(add).getByLabelText(fa('resume.education.endYear')), { target: { value: '1386' } });
    log('STEP 20');
    fireEvent.click(within(add).getByRole('button', { name: fa('resume.saveItem') }));
    log('STEP 21');
    // An end before the start: refused, the form stays open with the code under the end year.
    await waitFor(() => assert.equal(within(add).getByLabelText(fa('resume.education.endYear')).getAttribute('aria-invalid'), 'true'), { timeout: 10_000 });
    log('STEP 22');
    assert.equal(view.queryAllByTestId('item-educations').length, 0);
    log('STEP 23');
    fireEvent.change(within(add).getByLabelText(fa('resume.education.endYear')), { target: { value: '1394' } });
    log('STEP 24');
    fireEvent.click(within(add).getByRole('button', { name: fa('resume.saveItem') }));
    log('STEP 25');
    const item = await screen.findByTestId('item-educations', {}, { timeout: 10_000 });
    log('STEP 26');
    assert.ok(item.textContent?.includes('دانشگاه علوم پزشکی شیراز'));
    log('STEP 27');
    assert.ok(item.textContent?.includes('۱۳۹۰') && item.textContent.includes('۱۳۹۴'), 'years in Persian digits');
    log('STEP 28');

    // The public page of this resume, read by someone else: no private fields.
    const mine = (await (await fetch(`${stack!.gatewayUrl}/api/v1/resumes/by-current-user`, { headers: { cookie } })).json()) as { slug: string; birthday: string | null };
    log('STEP 29');
    assert.ok(mine.birthday, 'the owner sees the birthday');
    log('STEP 30');
    const stranger = await logInThroughApi(stack!.gatewayUrl);
    log('STEP 31');
    await renderApp(`/applicants/resumes/${encodeURIComponent(mine.slug)}`, { cookie: stranger, gatewayUrl: stack!.gatewayUrl });
    log('STEP 32');
    const page = await screen.findByTestId('resume-view', {}, { timeout: 10_000 });
    log('STEP 33');
    assert.equal(within(page).getByTestId('resume-name').textContent, 'نرگس کاظمی');
    log('STEP 34');
    assert.equal(page.textContent?.includes(fa('resume.personal.birthday')), false);
    log('STEP 35');
    cleanup();
    log('CLEANED');
  });
});
