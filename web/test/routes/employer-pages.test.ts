// The employer routes (loaders, actions, pages) against the real stack's gateway and employer
// service: creating an organisation leads to its advanced info, whose refused fields show the
// service's codes under them; the profile opens the tab the URL names; an agent without
// EmployerEdit gets the 403 page on the edit page's load and on an action the service refuses;
// the companies list filters by text.
import { fireEvent, renderApp, screen, waitFor, within } from './support/render.ts';
import { logInThroughApi as logInAt, uniqueCellphone } from './support/login.ts';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { startStack, type RunningStack } from '../../../scripts/stack.ts';
import { translator } from '../../app/i18n/index.ts';

const fa = translator('fa');
let stack: RunningStack | undefined;

const logInThroughApi = (cellphone?: string) => logInAt(stack!.gatewayUrl, cellphone);

async function gateway<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack!.gatewayUrl}/api/v1${path}`, {
    method,
    headers: { cookie, 'accept-cookie': 'true', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${response.headers.get('exc')}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** An owner's organisation and an agent (linked by logging in and listing employers) with `permissions`. */
async function employerWithAgent(permissions: string[]) {
  const owner = await logInThroughApi();
  const brand = `کلینیک ${Math.floor(Math.random() * 1e6)}`;
  const employer = await gateway<{ id: string; slug: string }>(owner, 'POST', '/employers', {
    brand,
    isSelfEmployed: false,
  });
  const agentPhone = uniqueCellphone();
  await gateway(owner, 'POST', `/employers/${employer.id}/agents`, {
    firstName: 'رضا',
    lastName: 'کریمی',
    cellphone: agentPhone,
    permissions,
  });
  const agent = await logInThroughApi(agentPhone);
  // The invitation is linked to the new login through an event: asked until it is.
  let linked = false;
  for (let attempt = 0; attempt < 50 && !linked; attempt++) {
    const mine = await gateway<{ items: Array<{ slug: string }> }>(agent, 'GET', '/employers');
    linked = mine.items.some((item) => item.slug === employer.slug);
    if (!linked) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(linked, 'the agent sees the employer');
  return { owner, agent, employer, brand };
}

describe('employer routes on the real stack', () => {
  before(async () => {
    stack = await startStack({ name: 'web-employer-routes', output: 'quiet' });
  });
  after(async () => {
    await stack?.stop();
  });

  test('create an organisation, then its advanced info names each refused field', async () => {
    const cookie = await logInThroughApi();
    await renderApp('/employers/add', { cookie, gatewayUrl: stack!.gatewayUrl });
    const form = (await screen.findByTestId('employer-add-form', {}, { timeout: 20_000 })) as HTMLFormElement;
    fireEvent.change(within(form).getByLabelText(new RegExp(fa('employer.field.brand'))), {
      target: { value: 'بیمارستان نمونه' },
    });
    fireEvent.click(within(form).getByTestId('create-employer-submit'));
    const advanced = await screen.findByTestId('employer-profile-form', {}, { timeout: 20_000 });
    assert.equal(
      (within(advanced).getByLabelText(new RegExp(fa('employer.field.brand'))) as HTMLInputElement).value,
      'بیمارستان نمونه',
    );
    // Each refused field, the value typed into it and the code the employer service answers.
    const refused = [
      {
        field: 'nationalId',
        label: fa('employer.field.nationalId'),
        value: '۱۲۳۴۵۶۷۸۹۰۱',
        code: 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID',
      },
      {
        field: 'website',
        label: fa('employer.field.website'),
        value: 'ftp://example.com',
        code: 'EXC_EMPLOYERS_WEBSITE_IS_INVALID',
      },
    ];
    for (const { label, value } of refused)
      fireEvent.change(within(advanced).getByLabelText(label), { target: { value } });
    fireEvent.click(within(advanced).getByTestId('save-employer-profile'));
    // Every assertion retried by waitFor carries a message: without one, node:assert works its
    // message out from the call's source, which under tsx took over a minute per failed try and
    // starved the page's re-render until the timeout.
    await waitFor(
      () =>
        assert.equal(
          within(advanced).getByLabelText(refused[0]!.label).getAttribute('aria-invalid'),
          'true',
          'the refusal is shown',
        ),
      { timeout: 20_000 },
    );
    for (const { label, value, code } of refused) {
      const input = within(advanced).getByLabelText(label) as HTMLInputElement;
      assert.equal(input.getAttribute('aria-invalid'), 'true', `${label} is marked invalid`);
      assert.equal(input.value, value, `${label} keeps what was typed`);
      const described = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const texts = described.map((id) => document.getElementById(id)?.textContent ?? '');
      assert.ok(texts.includes(excText(code, 'fa')), `${label} names ${code}: ${JSON.stringify(texts)}`);
    }
    const invalid = [...advanced.querySelectorAll('input[aria-invalid="true"]')].map((input) =>
      input.getAttribute('name'),
    );
    assert.deepEqual(
      invalid,
      refused.map(({ field }) => field),
      'only the refused fields are marked',
    );
  });

  test('the profile opens the tab the URL names and shows the benefits', async () => {
    const owner = await logInThroughApi();
    const employer = await gateway<{ id: string; slug: string; brand: string }>(owner, 'POST', '/employers', {
      brand: 'درمانگاه آرامش',
      isSelfEmployed: false,
    });
    const full = await gateway<Record<string, unknown>>(
      owner,
      'GET',
      `/employers/${encodeURIComponent(employer.slug)}`,
    );
    const {
      id: _id,
      slug: _slug,
      isSelfEmployed: _s,
      isProfileCompleted: _c,
      isPromoted: _p,
      createdAt: _at,
      ...editable
    } = full;
    await gateway(owner, 'PUT', `/employers/${employer.id}/company`, { ...editable, benefits: ['ناهار رایگان'] });
    await renderApp(`/employers/${employer.slug}?activeTab=benefits`, { gatewayUrl: stack!.gatewayUrl });
    const page = await screen.findByTestId('employer-profile-page');
    assert.equal(within(page).getByTestId('tab-benefits').getAttribute('aria-selected'), 'true');
    assert.ok(within(page).getByRole('tabpanel').textContent?.includes('ناهار رایگان'));
    assert.equal(within(page).queryByTestId('edit-employer-link'), null, 'a stranger gets no edit link');
  });

  test('an agent without EmployerEdit: the 403 page on the edit page', async () => {
    const { agent, employer } = await employerWithAgent(['RecruitmentCreate']);
    await renderApp(`/employers/${employer.slug}/edit`, { cookie: agent, gatewayUrl: stack!.gatewayUrl });
    const page = await screen.findByTestId('error-403');
    assert.equal(
      within(page).getByTestId('error-message').textContent,
      excText('EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED', 'fa'),
    );
    assert.equal(screen.queryByTestId('employer-profile-form'), null);
  });

  test('an agent who may read the templates but not change them: the 403 page on the action, nothing created', async () => {
    const { owner, agent, employer } = await employerWithAgent(['RecruitmentCreate']);
    await renderApp(`/employers/${encodeURIComponent(employer.slug)}/settings/hiring-customization`, {
      cookie: agent,
      gatewayUrl: stack!.gatewayUrl,
    });
    const form = (await screen.findByTestId('create-template-form', {}, { timeout: 20_000 })) as HTMLFormElement;
    fireEvent.change(within(form).getByLabelText(new RegExp(fa('employer.hiring.newTemplate'))), {
      target: { value: 'قالب نماینده' },
    });
    fireEvent.click(within(form).getByTestId('create-template'));
    await screen.findByTestId('error-403', {}, { timeout: 20_000 });
    const templates = await gateway<{ items: Array<{ name: string }> }>(
      owner,
      'GET',
      `/employers/${employer.id}/templates`,
    );
    assert.deepEqual(
      templates.items.map((item) => item.name).filter((name) => name === 'قالب نماینده'),
      [],
    );
  });

  test('the companies list finds an employer by text', async () => {
    const owner = await logInThroughApi();
    const brand = `مرکز ${Math.floor(Math.random() * 1e6)}`;
    await gateway(owner, 'POST', '/employers', { brand, isSelfEmployed: false });
    await renderApp(`/applicants/companies?text=${encodeURIComponent(brand)}`, { gatewayUrl: stack!.gatewayUrl });
    const list = await screen.findByTestId('companies-list');
    assert.deepEqual(
      within(list)
        .getAllByTestId('company-card')
        .map((card) => card.textContent?.includes(brand)),
      [true],
    );
  });

  test('the companies list says when nothing matches', async () => {
    await renderApp(`/applicants/companies?text=${encodeURIComponent('مرکزی که نیست ۹۸۷۶۵')}`, {
      gatewayUrl: stack!.gatewayUrl,
    });
    const page = await screen.findByTestId('companies-page');
    assert.ok(within(page).getByText(fa('employer.companies.empty')));
  });
});
