// The default hiring template and steps every employer starts with are created with Persian
// names; the English page shows them in English. A name the employer typed shows as typed, and
// the edit form keeps the stored name.
import { renderApp, screen, within } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEFAULT_STEPS, DEFAULT_TEMPLATE_NAME } from '@darmankar/platform/hiring-defaults';
import { translator } from '../../app/i18n/index.ts';
import { stepLabel, templateLabel } from '../../app/lib/employer/hiring-names.ts';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

const LOGGED_IN = `cd=${Buffer.from(JSON.stringify({ isLoggedIn: true })).toString('base64')}`;
const en = translator('en');
const fa = translator('fa');
let gateway: FakeGateway;

before(async () => {
  gateway = await startFakeGateway();
  const steps = [
    ...DEFAULT_STEPS.map((step, position) => ({ id: `s${position}`, ...step, position })),
    { id: 's9', name: 'آزمون عملی', kind: 'interview', position: 5 },
  ];
  gateway.routes.set('GET /authentication/cellphone', { body: { cellphone: '09121234567' } });
  gateway.routes.set('GET /employers', {
    body: {
      items: [
        {
          id: 'e1',
          slug: 'mehr',
          brand: 'درمانگاه مهر',
          registeredName: null,
          logo: null,
          isSelfEmployed: false,
          role: 'owner',
          permissions: [],
          isProfileCompleted: true,
        },
      ],
    },
  });
  gateway.routes.set('GET /employers/mehr', {
    body: { id: 'e1', slug: 'mehr', brand: 'درمانگاه مهر', isProfileCompleted: true },
  });
  gateway.routes.set('GET /employers/e1/has-access/EmployerEdit', { body: { hasAccess: true } });
  gateway.routes.set('GET /employers/e1/templates', {
    body: { items: [{ id: 't1', name: DEFAULT_TEMPLATE_NAME, isDefault: true, steps }] },
  });
});
after(() => gateway.close());

test('the Persian catalogue names the defaults exactly as the service creates them', () => {
  assert.equal(templateLabel({ name: DEFAULT_TEMPLATE_NAME }, fa), DEFAULT_TEMPLATE_NAME);
  for (const step of DEFAULT_STEPS) assert.equal(stepLabel(step, fa), step.name);
  // The same words under another kind are the employer's own name.
  assert.equal(stepLabel({ name: 'مصاحبه', kind: 'offer' }, en), 'مصاحبه');
});

test('the English hiring page shows the default template and steps in English, typed names as typed', async () => {
  await renderApp('/en/employers/mehr/settings/hiring-customization', { cookie: LOGGED_IN, gatewayUrl: gateway.url });
  const editor = await screen.findByTestId('template-editor', {}, { timeout: 10_000 });
  assert.ok(within(editor).getByRole('heading', { name: en('employer.defaultTemplate') }));
  const names = within(editor)
    .getAllByTestId('step-name')
    .map((element) => element.textContent);
  assert.deepEqual(names, [...DEFAULT_STEPS.map((step) => en(`employer.defaultStep.${step.kind}`)), 'آزمون عملی']);
  assert.ok(within(screen.getByTestId('templates-list')).getByText(en('employer.defaultTemplate')));
  // Renaming starts from the stored name.
  assert.equal(
    (within(screen.getByTestId('rename-template-form')).getByRole('textbox') as HTMLInputElement).value,
    DEFAULT_TEMPLATE_NAME,
  );
});
