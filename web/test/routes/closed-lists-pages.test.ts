// Closed lists on the real stack (docs/adr/023): companies and resumes store the lists' ids; the
// company cards, the company page, the profile form and the resume page show the titles in the
// page's language; the company filters pick ids (and links made with typed titles still work).
import { renderApp, screen, within } from './support/render.ts';
import { logInThroughApi } from './support/login.ts';
import assert from 'node:assert/strict';
import { cleanup } from '@testing-library/react';
import { after, afterEach, before, describe, test } from 'node:test';
import { startStack, type RunningStack } from '../../../scripts/stack.ts';

let stack: RunningStack | undefined;

async function gateway<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack!.gatewayUrl}/api/v1${path}`, {
    method,
    headers: { cookie, 'accept-cookie': 'true', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${response.headers.get('exc')}`);
  return (await response.json()) as T;
}

describe('closed lists on the screens', () => {
  let owner: string;
  let employer: { id: string; slug: string };
  const brand = `درمانگاه فهرست ${Math.floor(Math.random() * 1e6)}`;

  before(async () => {
    stack = await startStack({ name: 'web-closed-lists', output: 'quiet' });
    owner = await logInThroughApi(stack.gatewayUrl);
    employer = await gateway(owner, 'POST', '/employers', { brand, isSelfEmployed: false });
    await gateway(owner, 'PUT', `/employers/${employer.id}/company`, {
      brand,
      province: 'khorasan-razavi',
      city: 'mashhad',
      industry: 'healthcare',
      employerType: 'organization',
      ownershipType: 'private',
    });
  });
  afterEach(() => cleanup());
  after(async () => {
    await stack?.stop();
  });

  test('company cards show the titles, Persian or English by the page; the filter holds the id', async () => {
    await renderApp(`/applicants/companies?province=khorasan-razavi&text=${encodeURIComponent(brand)}`, {
      gatewayUrl: stack!.gatewayUrl,
    });
    const card = (await screen.findAllByTestId('company-card', {}, { timeout: 20_000 }))[0]!;
    assert.ok(card.textContent?.includes('درمان و سلامت · خراسان رضوی · مشهد'), card.textContent ?? '');
    assert.ok(!card.textContent?.includes('khorasan-razavi'));
    assert.equal((screen.getByTestId('select-province') as HTMLSelectElement).value, 'khorasan-razavi');
    const cities = [...(screen.getByTestId('select-city') as HTMLSelectElement).options]
      .map((option) => option.value)
      .filter(Boolean);
    assert.ok(cities.includes('mashhad') && !cities.includes('tehran'), "the city picker offers the province's cities");
    cleanup();

    await renderApp(`/en/applicants/companies?province=khorasan-razavi&text=${encodeURIComponent(brand)}`, {
      gatewayUrl: stack!.gatewayUrl,
    });
    const english = (await screen.findAllByTestId('company-card', {}, { timeout: 20_000 }))[0]!;
    assert.ok(english.textContent?.includes('Healthcare · Razavi Khorasan · Mashhad'), english.textContent ?? '');
  });

  test('a link made with the typed province still finds the company; another province does not', async () => {
    await renderApp(
      `/applicants/companies?province=${encodeURIComponent('خراسان رضوی')}&text=${encodeURIComponent(brand)}`,
      { gatewayUrl: stack!.gatewayUrl },
    );
    assert.equal((await screen.findAllByTestId('company-card', {}, { timeout: 20_000 })).length, 1);
    cleanup();
    await renderApp(`/applicants/companies?province=fars&text=${encodeURIComponent(brand)}`, {
      gatewayUrl: stack!.gatewayUrl,
    });
    await screen.findByTestId('companies-page');
    assert.equal(screen.queryAllByTestId('company-card').length, 0);
  });

  test('the company page shows the titles of the industry, place and types', async () => {
    await renderApp(`/employers/${encodeURIComponent(employer.slug)}`, { gatewayUrl: stack!.gatewayUrl });
    const page = await screen.findByTestId('employer-profile-page', {}, { timeout: 20_000 });
    assert.equal(within(page).getByTestId('employer-place').textContent, 'درمان و سلامت · خراسان رضوی · مشهد');
    const about = within(page).getByRole('tabpanel').textContent ?? '';
    assert.ok(about.includes('سازمان یا شرکت') && about.includes('خصوصی'), about);
  });

  test('the profile form picks from the lists, the saved ids selected', async () => {
    await renderApp(`/employers/${encodeURIComponent(employer.slug)}/edit`, {
      cookie: owner,
      gatewayUrl: stack!.gatewayUrl,
    });
    const form = await screen.findByTestId('employer-profile-form', {}, { timeout: 20_000 });
    const select = (name: string) => form.querySelector(`select[name="${name}"]`) as HTMLSelectElement;
    assert.deepEqual(
      ['employerType', 'industry', 'ownershipType', 'province', 'city'].map((name) => select(name).value),
      ['organization', 'healthcare', 'private', 'khorasan-razavi', 'mashhad'],
    );
    assert.equal(select('industry').selectedOptions[0]?.textContent, 'درمان و سلامت');
    assert.equal(form.querySelector('input[name="province"]'), null, 'no free-text province');
  });

  test('the resume page shows the place and statuses by their titles', async () => {
    const seeker = await logInThroughApi(stack!.gatewayUrl);
    const resume = await gateway<{ slug: string }>(seeker, 'POST', '/resumes', {
      firstName: 'سارا',
      lastName: 'فهرستی',
      province: 'isfahan',
      city: 'kashan',
      maritalStatus: 'married',
      militaryStatus: 'not-applicable',
    });
    await renderApp(`/en/applicants/resumes/${encodeURIComponent(resume.slug)}`, {
      cookie: seeker,
      gatewayUrl: stack!.gatewayUrl,
    });
    const view = await screen.findByTestId('resume-view', {}, { timeout: 20_000 });
    const text = view.textContent ?? '';
    assert.ok(text.includes('Isfahan، Kashan'), text.slice(0, 300));
    assert.ok(text.includes('Married') && text.includes('Not applicable'), text.slice(0, 600));
    assert.ok(!text.includes('not-applicable'));
  });
});
