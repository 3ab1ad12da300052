// The resume routes (their loaders, actions and pages) against the real stack's gateway and
// resume service, for a person who logged in through the API: a page that needs a resume says so
// with its create link, the personal step creates the resume and moves on, a section item is
// added and its list re-fetched, a refused item names its field, and another user's resume is
// public-only.
import { fireEvent, renderApp, screen, waitFor, within } from './support/render.ts';
import { logInThroughApi } from './support/login.ts';
import assert from 'node:assert/strict';
import { cleanup } from '@testing-library/react';
import { after, before, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { startStack, type RunningStack } from '../../../scripts/stack.ts';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');
let stack: RunningStack | undefined;

describe('resume routes on the real stack', () => {
  before(async () => {
    stack = await startStack({ name: 'web-resume-routes', output: 'quiet' });
  });
  after(async () => {
    await stack?.stop();
  });

  test('no resume yet: the edit page says so, with a create link that comes back here', async () => {
    const cookie = await logInThroughApi(stack!.gatewayUrl);
    await renderApp('/applicants/resumes/edit', { cookie, gatewayUrl: stack!.gatewayUrl });
    const missing = await screen.findByTestId('missing-resume', {}, { timeout: 20_000 });
    const link = within(missing).getByRole('link', { name: fa('toast.createResume') });
    assert.equal(
      link.getAttribute('href'),
      `/applicants/resumes/add/personal?backURL=${encodeURIComponent('/applicants/resumes/edit')}`,
    );
  });

  test('the personal step creates the resume and moves on; an education is added and listed', async () => {
    const cookie = await logInThroughApi(stack!.gatewayUrl);
    const view = await renderApp('/applicants/resumes/add/personal', { cookie, gatewayUrl: stack!.gatewayUrl });
    const form = (await screen.findByTestId('personal-form', {}, { timeout: 20_000 })) as HTMLFormElement;
    // Nothing typed: the server's codes show under their fields, in Persian.
    fireEvent.click(within(form).getByTestId('save-personal'));
    await waitFor(
      () => {
        const shown = screen.getByTestId('personal-form').textContent ?? '';
        assert.ok(shown.includes(excText('EXC_RESUMES_FIRST_NAME_IS_REQUIRED', 'fa')), shown.slice(0, 400));
      },
      { timeout: 20_000 },
    );
    fireEvent.change(within(form).getByLabelText(fa('resume.personal.firstName')), { target: { value: 'نرگس' } });
    fireEvent.change(within(form).getByLabelText(fa('resume.personal.lastName')), { target: { value: 'کاظمی' } });
    fireEvent.change(within(form).getByLabelText(`${fa('resume.personal.birthday')}: ${fa('ui.year')}`), {
      target: { value: '1368' },
    });
    fireEvent.change(within(form).getByLabelText(`${fa('resume.personal.birthday')}: ${fa('ui.month')}`), {
      target: { value: '7' },
    });
    fireEvent.change(within(form).getByLabelText(`${fa('resume.personal.birthday')}: ${fa('ui.day')}`), {
      target: { value: '12' },
    });
    fireEvent.click(within(form).getByTestId('save-personal'));
    const step = await screen.findByTestId('builder-educations', {}, { timeout: 20_000 });
    assert.ok(within(step).getByText(fa('resume.builder.stepOf', { step: '۲', total: '۵' })));

    const add = within(step).getByTestId('add-form-educations') as HTMLFormElement;
    fireEvent.change(within(add).getByRole('combobox', { name: fa('resume.education.university') }), {
      target: { value: 'دانشگاه علوم پزشکی شیراز' },
    });
    fireEvent.change(within(add).getByRole('combobox', { name: fa('resume.education.fieldOfStudy') }), {
      target: { value: 'مامایی' },
    });
    fireEvent.change(within(add).getByRole('combobox', { name: fa('resume.education.degreeLevel') }), {
      target: { value: 'bachelor' },
    });
    fireEvent.change(within(add).getByLabelText(fa('resume.education.startYear')), { target: { value: '1390' } });
    fireEvent.change(within(add).getByLabelText(fa('resume.education.endYear')), { target: { value: '1386' } });
    fireEvent.click(within(add).getByRole('button', { name: fa('resume.saveItem') }));
    // An end before the start: refused, the form stays open with the code under the end year.
    await waitFor(
      () =>
        assert.equal(within(add).getByLabelText(fa('resume.education.endYear')).getAttribute('aria-invalid'), 'true'),
      { timeout: 20_000 },
    );
    assert.equal(view.queryAllByTestId('item-educations').length, 0);
    fireEvent.change(within(add).getByLabelText(fa('resume.education.endYear')), { target: { value: '1394' } });
    fireEvent.click(within(add).getByRole('button', { name: fa('resume.saveItem') }));
    const item = await screen.findByTestId('item-educations', {}, { timeout: 20_000 });
    assert.ok(item.textContent?.includes('دانشگاه علوم پزشکی شیراز'));
    assert.ok(item.textContent?.includes('کارشناسی مامایی'), 'the degree level picked by id is shown by its title');
    assert.ok(item.textContent?.includes('۱۳۹۰') && item.textContent.includes('۱۳۹۴'), 'years in Persian digits');

    // The public page of this resume, read by someone else: no private fields.
    const mine = (await (
      await fetch(`${stack!.gatewayUrl}/api/v1/resumes/by-current-user`, { headers: { cookie } })
    ).json()) as { slug: string; birthday: string | null };
    assert.ok(mine.birthday, 'the owner sees the birthday');
    const stranger = await logInThroughApi(stack!.gatewayUrl);
    await renderApp(`/applicants/resumes/${encodeURIComponent(mine.slug)}`, {
      cookie: stranger,
      gatewayUrl: stack!.gatewayUrl,
    });
    const page = await screen.findByTestId('resume-view', {}, { timeout: 20_000 });
    assert.equal(within(page).getByTestId('resume-name').textContent, 'نرگس کاظمی');
    assert.equal(page.textContent?.includes(fa('resume.personal.birthday')), false);
    // Both renders are taken down here, while the stack still answers their last requests.
    cleanup();
  });
});
