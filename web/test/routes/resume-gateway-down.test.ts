// The resume pages with the gateway down: each one explains the failure in place (with the
// catalogue text) instead of showing an empty or invented resume; an unknown builder step is a
// 404; the PDF answers the code rather than a PDF of an error page.
import { renderApp, screen, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RouterContextProvider } from 'react-router';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';
import { createServerApi, provideServerApi } from '../../app/lib/api.server.ts';
import { loader as pdfLoader } from '../../app/routes/resume/pdf.ts';
import { GATEWAY_DOWN } from './support/render.ts';

const fa = translator('fa');

for (const path of [
  '/applicants/resumes/add/personal',
  '/applicants/resumes/add/jobs',
  '/applicants/resumes/edit',
  '/applicants/resumes/some-one',
]) {
  test(`${path} with the gateway down: the server error page with the code's text, inside the site frame`, async () => {
    await renderApp(path, { cookie: 'at=x' });
    const page = await screen.findByTestId('error-500');
    assert.equal(within(page).getByTestId('error-message').textContent, excText('EXC_SERVICE_UNAVAILABLE', 'fa'));
    assert.ok(screen.getByTestId('site-header'));
    assert.equal(screen.queryByTestId('personal-form'), null);
    assert.equal(screen.queryByTestId('resume-view'), null);
  });
}

test('an unknown builder step is a 404, without asking the gateway', async () => {
  await renderApp('/applicants/resumes/add/hobbies');
  const page = await screen.findByTestId('error-404');
  assert.ok(within(page).getByRole('heading', { level: 1, name: fa('error.notFoundTitle') }));
});

test('the English builder under /en explains the failure in English', async () => {
  await renderApp('/en/applicants/resumes/add/personal');
  const page = await screen.findByTestId('error-500');
  assert.equal(within(page).getByTestId('error-message').textContent, excText('EXC_SERVICE_UNAVAILABLE', 'en'));
});

test('the PDF with the gateway down answers 503 and its code, no PDF', async () => {
  const request = new Request('http://localhost:3000/applicants/resumes/some-one/pdf');
  const context = new RouterContextProvider();
  provideServerApi(context, createServerApi(request, GATEWAY_DOWN));
  const response = (await pdfLoader({ request, params: { slug: 'some-one' }, context } as never)) as Response;
  assert.equal(response.status, 503);
  assert.equal(response.headers.get('exc'), 'EXC_SERVICE_UNAVAILABLE');
  assert.notEqual(response.headers.get('content-type'), 'application/pdf');
});
