// The employer screens in front of a stand-in gateway, for what a person would trip over: a new
// hiring template becomes the selected one (the name field empty again), an empty name is marked
// on its field, deleting a template and removing an agent ask first (also without JavaScript), an
// invitation clears the form and says who was invited, the menu follows who the viewer is (not the
// URL) and what they may use, the 403 page speaks in words only, the purchase history shows a
// cancelled reservation's refund.
import { fireEvent, renderApp, screen, waitFor, within } from './support/render.ts';
import { cleanup } from '@testing-library/react';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';
import type { EmployerSummary } from '../../app/lib/viewer.ts';
import { order } from '../support/billing.ts';
import { startFakeGateway, type FakeGateway, type RecordedRequest } from './support/fake-gateway.ts';

const fa = translator('fa');
const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
let gateway: FakeGateway;

const DEFAULT_STEPS = [
  { id: 's1', name: 'در حال بررسی', kind: 'in_review', position: 0 },
  { id: 's2', name: 'مصاحبه', kind: 'interview', position: 1 },
  { id: 's3', name: 'پذیرفته شده', kind: 'accepted', position: 2 },
  { id: 's4', name: 'رد شده', kind: 'rejected', position: 3 },
];

function membership(overrides: Partial<EmployerSummary> = {}): EmployerSummary {
  return {
    id: 'e1',
    slug: 'mehr',
    brand: 'درمانگاه مهر',
    registeredName: null,
    logo: null,
    isSelfEmployed: false,
    role: 'owner',
    permissions: [],
    isProfileCompleted: true,
    ...overrides,
  };
}

/** A signed-in member of `mehr` (id e1): the owner unless `member` says otherwise. */
function memberOfMehr(member: Partial<EmployerSummary> = {}): void {
  const { routes } = gateway;
  routes.clear();
  routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  routes.set('GET /employers', { body: { items: [membership(member)] } });
  routes.set('GET /employers/mehr', {
    body: { id: 'e1', slug: 'mehr', brand: 'درمانگاه مهر', isProfileCompleted: true },
  });
  for (const action of ['EmployerEdit', 'AgentManage', 'Billing']) {
    const may = member.role !== 'agent' || (member.permissions ?? []).includes(action as never);
    routes.set(`GET /employers/e1/has-access/${action}`, { body: { hasAccess: may } });
  }
}

const render = (path: string) => renderApp(path, { cookie: LOGGED_IN, gatewayUrl: gateway.url });
const posts = (method: string, path: RegExp) =>
  gateway.requests.filter((request: RecordedRequest) => request.method === method && path.test(request.path));

/** The text of the elements an input's aria-describedby names. */
function describedBy(input: HTMLElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

describe('employer screens against a stand-in gateway', () => {
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(() => gateway.close());
  beforeEach(() => {
    memberOfMehr();
    gateway.requests.length = 0;
  });

  test('"create template" selects the new template and empties the name field', async () => {
    const templates = [{ id: 't1', name: 'فرایند استخدام پیش‌فرض', isDefault: true, steps: DEFAULT_STEPS }];
    gateway.routes.set('GET /employers/e1/templates', () => ({ body: { items: templates } }));
    gateway.routes.set('POST /employers/e1/templates', ({ body }) => {
      const created = { id: 't2', name: (body as { name: string }).name, isDefault: false, steps: DEFAULT_STEPS };
      templates.push(created);
      return { body: created };
    });
    await render('/employers/mehr/settings/hiring-customization');
    const form = await screen.findByTestId('create-template-form', {}, { timeout: 10_000 });
    fireEvent.change(within(form).getByLabelText(new RegExp(fa('employer.hiring.newTemplate'))), {
      target: { value: 'استخدام پرستار' },
    });
    fireEvent.click(within(form).getByTestId('create-template'));
    await waitFor(
      () =>
        assert.equal(
          within(screen.getByTestId('template-editor')).getByRole('heading', { level: 2 }).textContent,
          'استخدام پرستار',
          'the new template is the one being edited',
        ),
      { timeout: 10_000 },
    );
    const current = within(screen.getByTestId('templates-list')).getByText('استخدام پرستار').closest('a');
    assert.equal(current?.getAttribute('aria-current'), 'page');
    const name = within(screen.getByTestId('create-template-form')).getByLabelText(
      new RegExp(fa('employer.hiring.newTemplate')),
    ) as HTMLInputElement;
    assert.equal(name.value, '', 'the name typed for it is not left in the field');
    // A step added now goes to the new template.
    assert.equal(
      (screen.getByTestId('add-step-form').querySelector('input[name=templateId]') as HTMLInputElement).value,
      't2',
    );
  });

  test('an empty template name is marked on its field, with the service’s message under it', async () => {
    gateway.routes.set('GET /employers/e1/templates', {
      body: { items: [{ id: 't1', name: 'فرایند استخدام پیش‌فرض', isDefault: true, steps: DEFAULT_STEPS }] },
    });
    gateway.routes.set('POST /employers/e1/templates', {
      status: 400,
      exc: ['EXC_EMPLOYERS_TEMPLATE_NAME_IS_REQUIRED'],
    });
    await render('/employers/mehr/settings/hiring-customization');
    const form = await screen.findByTestId('create-template-form', {}, { timeout: 10_000 });
    fireEvent.click(within(form).getByTestId('create-template'));
    const label = new RegExp(fa('employer.hiring.newTemplate'));
    await waitFor(
      () =>
        assert.equal(
          within(screen.getByTestId('create-template-form')).getByLabelText(label).getAttribute('aria-invalid'),
          'true',
          'the field is marked',
        ),
      { timeout: 10_000 },
    );
    const input = within(screen.getByTestId('create-template-form')).getByLabelText(label);
    assert.ok(
      describedBy(input).includes(excText('EXC_EMPLOYERS_TEMPLATE_NAME_IS_REQUIRED', 'fa')),
      JSON.stringify(describedBy(input)),
    );
    const rename = within(screen.getByTestId('rename-template-form')).getByLabelText(
      new RegExp(fa('employer.hiring.templateName')),
    );
    assert.equal(rename.getAttribute('aria-invalid'), null, 'only the form that was sent');
  });

  test('deleting a template asks first; without JavaScript the question is on the page; the default template has no delete', async () => {
    gateway.routes.set('GET /employers/e1/templates', {
      body: {
        items: [
          { id: 't1', name: 'فرایند استخدام پیش‌فرض', isDefault: true, steps: DEFAULT_STEPS },
          { id: 't2', name: 'استخدام پرستار', isDefault: false, steps: DEFAULT_STEPS },
        ],
      },
    });
    gateway.routes.set('DELETE /employers/e1/templates/t2', { status: 204 });
    await render('/employers/mehr/settings/hiring-customization');
    await screen.findByTestId('template-editor', {}, { timeout: 10_000 });
    assert.equal(screen.queryByTestId('delete-template'), null, 'the default template cannot be deleted');

    cleanup();
    await render('/employers/mehr/settings/hiring-customization?template=t2');
    const editor = await screen.findByTestId('template-editor', {}, { timeout: 10_000 });
    const trigger = within(editor).getByTestId('delete-template');
    // Without JavaScript the trigger is a GET form to the same page with ?confirm=.
    const askForm = trigger.closest('form')!;
    assert.equal(askForm.getAttribute('method'), 'get');
    assert.deepEqual(Object.fromEntries(new FormData(askForm)), { template: 't2', confirm: 'deleteTemplate' });
    fireEvent.click(trigger);
    const dialog = await screen.findByTestId('delete-template-dialog', {}, { timeout: 10_000 });
    assert.ok(within(dialog).getByText(fa('employer.hiring.deleteTemplateText', { name: 'استخدام پرستار' })));
    assert.deepEqual(posts('DELETE', /templates/), [], 'nothing is deleted before the answer');

    cleanup();
    await render('/employers/mehr/settings/hiring-customization?template=t2&confirm=deleteTemplate');
    const question = await screen.findByTestId('delete-template-inline', {}, { timeout: 10_000 });
    assert.ok(within(question).getByText(fa('employer.hiring.deleteTemplateText', { name: 'استخدام پرستار' })));
    const confirm = within(question).getByRole('button', { name: fa('employer.hiring.deleteTemplate') });
    assert.equal(confirm.closest('form')?.getAttribute('method'), 'post');
    assert.equal(
      within(question)
        .getByRole('link', { name: fa('billing.confirm.back') })
        .getAttribute('href'),
      '/employers/mehr/settings/hiring-customization?template=t2',
    );
    fireEvent.click(confirm);
    await waitFor(() => assert.equal(posts('DELETE', /templates\/t2$/).length, 1, 'deleted once confirmed'), {
      timeout: 10_000,
    });
  });

  test('an invitation clears the form and says who was invited; removing an agent asks first', async () => {
    const agents: unknown[] = [];
    gateway.routes.set('GET /employers/e1/agents', () => ({ body: { items: agents } }));
    gateway.routes.set('POST /employers/e1/agents', ({ body }) => {
      const agent = { id: 'a1', userId: null, title: null, createdAt: '2026-03-20T08:00:00.000Z', ...(body as object) };
      agents.push(agent);
      return { body: agent };
    });
    await render('/employers/mehr/settings/agent');
    const form = await screen.findByTestId('invite-agent-form', {}, { timeout: 10_000 });
    const field = (name: string) =>
      within(screen.getByTestId('invite-agent-form')).getByLabelText(name) as HTMLInputElement;
    fireEvent.change(field(fa('employer.agents.firstName')), { target: { value: 'سارا' } });
    fireEvent.change(field(fa('employer.agents.lastName')), { target: { value: 'احمدی' } });
    fireEvent.change(field(fa('employer.field.cellphone')), { target: { value: '09351234567' } });
    fireEvent.click(within(form).getByLabelText(fa('employer.permission.RecruitmentCreate')));
    fireEvent.click(within(form).getByTestId('invite-agent'));
    const status = await screen.findByTestId('agent-invited', {}, { timeout: 10_000 });
    assert.equal(status.getAttribute('role'), 'status');
    assert.equal(
      status.textContent,
      fa('employer.agents.inviteSent', { name: 'سارا احمدی', cellphone: '۰۹۳۵۱۲۳۴۵۶۷' }),
    );
    await waitFor(() => assert.equal(field(fa('employer.agents.firstName')).value, '', 'the form is empty again'), {
      timeout: 10_000,
    });
    assert.equal(field(fa('employer.field.cellphone')).value, '');
    assert.equal(
      (
        within(screen.getByTestId('invite-agent-form')).getByLabelText(
          fa('employer.permission.RecruitmentCreate'),
        ) as HTMLInputElement
      ).checked,
      false,
    );

    // Removing: the trigger opens the question; nothing is removed before the answer.
    const row = await screen.findByTestId('agent-row');
    fireEvent.click(within(row).getByTestId('remove-agent'));
    const dialog = await screen.findByTestId('remove-agent-dialog', {}, { timeout: 10_000 });
    assert.ok(within(dialog).getByText(fa('employer.agents.removeText', { name: 'سارا احمدی' })));
    assert.deepEqual(posts('DELETE', /agents/), []);

    cleanup();
    await render('/employers/mehr/settings/agent?agent=a1&confirm=remove');
    const question = await screen.findByTestId('remove-agent-inline', {}, { timeout: 10_000 });
    assert.equal(
      within(question)
        .getByRole('button', { name: fa('employer.agents.remove') })
        .closest('form')
        ?.getAttribute('method'),
      'post',
    );
  });

  test('a logged-out visitor on a company page gets the applicant’s menu, not the owner’s', async () => {
    const employer = {
      id: 'e1',
      slug: 'mehr',
      isSelfEmployed: false,
      brand: 'درمانگاه مهر',
      registeredName: null,
      logo: null,
      employerType: null,
      industry: null,
      ownershipType: null,
      province: null,
      city: null,
      address: null,
      phone: null,
      website: null,
      numberOfEmployees: null,
      establishmentDate: null,
      about: null,
      benefits: [],
      isPromoted: false,
    };
    gateway.routes.set('GET /employers/by-slug-with-seo/mehr', {
      body: {
        employer,
        seo: {
          title: 'درمانگاه مهر',
          description: '',
          canonicalPath: '/employers/mehr',
          jsonLd: '',
          robots: 'index, follow',
          ogType: 'website',
          imageUrl: '',
        },
      },
    });
    await renderApp('/employers/mehr', { gatewayUrl: gateway.url });
    await screen.findByTestId('employer-profile-page', {}, { timeout: 10_000 });
    const header = screen.getByTestId('site-header');
    assert.equal(header.getAttribute('data-variant'), 'applicants');
    const nav = within(header).getByTestId('nav-horizontal');
    for (const item of ['nav.employerAds', 'nav.employerNewAd', 'nav.employerPricing', 'nav.employerOrders'] as const)
      assert.equal(within(nav).queryByText(fa(item)), null, item);
    assert.ok(within(nav).getByText(fa('nav.companies')));
  });

  test('an agent without Billing sees neither pricing, purchase history nor the wallet in the menu', async () => {
    memberOfMehr({ role: 'agent', permissions: ['RecruitmentCreate'] });
    await render('/employers/mehr/settings');
    await screen.findByTestId('employer-settings-page', {}, { timeout: 10_000 });
    const header = screen.getByTestId('site-header');
    const nav = within(header).getByTestId('nav-horizontal');
    assert.ok(within(nav).getByText(fa('nav.employerNewAd')));
    assert.equal(within(nav).queryByText(fa('nav.employerPricing')), null);
    assert.equal(within(nav).queryByText(fa('nav.employerOrders')), null);
    assert.equal(within(nav).queryByText(fa('billing.nav.wallet')), null);
    fireEvent.click(await within(header).findByRole('button', { name: fa('header.profileMenu') }, { timeout: 10_000 }));
    const dropdown = await screen.findByTestId('profile-dropdown', {}, { timeout: 10_000 });
    assert.ok(within(dropdown).getByTestId('dropdown-settings'), 'the employer’s dropdown');
    assert.equal(within(dropdown).queryByTestId('dropdown-orders'), null);
    assert.equal(within(dropdown).queryByTestId('dropdown-pricing'), null);
    assert.equal(within(dropdown).queryByTestId('dropdown-wallet'), null);
  });

  test('the payment success page shows the menu of the employer who paid', async () => {
    gateway.routes.set('GET /orders/e1/cart/order-1', {
      body: order({ status: 'paid', paidAt: '2026-03-20T08:01:00.000Z' }),
    });
    await render('/orders/successorder?orderId=order-1');
    await screen.findByTestId('order-success', {}, { timeout: 10_000 });
    const header = screen.getByTestId('site-header');
    await waitFor(() => assert.equal(header.getAttribute('data-variant'), 'employers', 'the employer’s header'), {
      timeout: 10_000,
    });
    const nav = within(header).getByTestId('nav-horizontal');
    assert.equal(
      within(nav).getByText(fa('nav.employerOrders')).closest('a')?.getAttribute('href'),
      '/employers/mehr/orders',
    );
    assert.equal(within(nav).queryByText(fa('nav.resumeMaker')), null);
  });

  test('purchase history: the order of a reservation cancelled and credited to the wallet says so, with the sum and date', async () => {
    const credit = {
      id: 'w1',
      amountRials: 9_900_000,
      reason: 'reservation_refund',
      createdAt: '2026-03-25T08:00:00.000Z',
      orderNumber: 1043,
      paymentNumber: null,
    };
    gateway.routes.set('GET /orders/e1/list', {
      body: {
        items: [
          order({ id: 'order-2', number: 1043, status: 'paid', paidAt: '2026-03-20T08:01:00.000Z', credits: [credit] }),
          order({ status: 'paid', paidAt: '2026-03-19T08:01:00.000Z' }),
        ],
        page: { page: 1, pageSize: 20, total: 2 },
      },
    });
    await render('/employers/mehr/orders');
    const rows = await screen.findAllByTestId('order-row', {}, { timeout: 10_000 });
    assert.equal(within(rows[0]!).getByTestId('order-status').textContent, fa('billing.orderStatus.refunded'));
    assert.equal(
      within(rows[0]!).getByTestId('order-credit').textContent,
      fa('billing.orders.credited', { amount: '۹۹۰٬۰۰۰ تومان', date: '۵ فروردین ۱۴۰۵' }),
    );
    assert.equal(within(rows[1]!).getByTestId('order-status').textContent, fa('billing.orderStatus.paid'));
    assert.equal(within(rows[1]!).queryByTestId('order-credit'), null);
  });

  test('the 403 page says what was refused in words, without the raw code', async () => {
    memberOfMehr({ role: 'agent', permissions: ['RecruitmentCreate'] });
    await render('/employers/mehr/orders');
    const page = await screen.findByTestId('error-403', {}, { timeout: 10_000 });
    assert.equal(
      within(page).getByTestId('error-message').textContent,
      excText('EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED', 'fa'),
    );
    assert.ok(!(page.textContent ?? '').includes('EXC_'), page.textContent ?? '');
  });
});
