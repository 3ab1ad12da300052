// Spec §3's session pieces are written where they come from and used where they help: the number
// the code went to (the verify page) fills the login form again on "edit number"; the list a
// recruitment was opened from is where the login-limit modal's "back to the job list" goes.
import { fireEvent, renderApp, screen, waitFor } from './support/render.ts';
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { translator } from '../../app/i18n/index.ts';
import { saveLoginState } from '../../app/lib/login-state.server.ts';
import { SESSION_KEYS } from '../../app/lib/session-storage.ts';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

const fa = translator('fa');
let gateway: FakeGateway;
before(async () => {
  gateway = await startFakeGateway();
  // A visitor's home page lists the latest postings through the limited search.
  gateway.routes.set('GET /recruitments/limited', {
    body: {
      items: [
        {
          id: 'a2f6e1c4-0000-4000-8000-000000000001',
          slug: 'nurse-1',
          title: 'پرستار بخش ویژه',
          employer: { id: 'e1', slug: 'clinic', brand: 'درمانگاه', logo: null },
          jobCategory: 'nursing',
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
          publishedAt: null,
          status: 'published',
          bookmarked: false,
        },
      ],
      page: { page: 1, pageSize: 6, total: 1 },
      quota: { limit: 10, remaining: 10 },
    },
  });
});
after(() => gateway.close());
afterEach(() => window.sessionStorage.clear());

test('the verify page keeps the number the code went to for the session', async () => {
  const cookie = (await saveLoginState({ cellphone: '09121234567', resendAt: Date.now() + 60_000 })).split(';')[0]!;
  await renderApp('/login/verify', { cookie });
  await screen.findByTestId('verify-cellphone');
  await waitFor(() => assert.equal(window.sessionStorage.getItem(SESSION_KEYS.userMobile), '09121234567'));
});

test('back on the login page ("edit number"), the form starts from that number', async () => {
  window.sessionStorage.setItem(SESSION_KEYS.userMobile, '09127654321');
  await renderApp('/login');
  await waitFor(() =>
    assert.equal((screen.getByLabelText(fa('login.cellphone')) as HTMLInputElement).value, '09127654321'),
  );
});

test('a recruitment opened from the home page remembers the page as the way back', async () => {
  await renderApp('/en?page=1', { gatewayUrl: gateway.url });
  fireEvent.click(await screen.findByRole('link', { name: 'پرستار بخش ویژه' }));
  assert.equal(window.sessionStorage.getItem(SESSION_KEYS.recruitmentsBackURL), '/en?page=1');
});

test("the login-limit modal's way back is the remembered list", async () => {
  window.sessionStorage.setItem(SESSION_KEYS.recruitmentsBackURL, '/applicants/recruitments?province=fars');
  await renderApp('/something-went-wrong?code=EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
  const back = await screen.findByTestId('limit-back');
  await waitFor(() => assert.equal(back.getAttribute('href'), '/applicants/recruitments?province=fars'));
});

test('an address off this site is not used as the way back', async () => {
  window.sessionStorage.setItem(SESSION_KEYS.recruitmentsBackURL, 'https://evil.example/jobs');
  await renderApp('/something-went-wrong?code=EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
  const back = await screen.findByTestId('limit-back');
  // Time for the remembered address to be read (as the test above waits for), generous for a loaded machine.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.equal(back.getAttribute('href'), '/applicants/recruitments');
});
