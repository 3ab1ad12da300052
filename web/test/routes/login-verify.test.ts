import { fireEvent, renderApp, screen, waitFor } from './support/render.ts';
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import { translator } from '../../app/i18n/index.ts';
import { localDigits } from '../../app/lib/format.ts';
import { saveLoginState } from '../../app/lib/login-state.server.ts';
import { mmss } from '../../app/lib/use-countdown.ts';

const fa = translator('fa');
const NOW = Date.UTC(2026, 0, 1, 8, 0, 0);

/** The Cookie header a browser sends back after the login page set the state cookie. */
async function loginStateCookie(cellphone: string, resendAt: number): Promise<string> {
  return (await saveLoginState({ cellphone, resendAt })).split(';')[0]!;
}

test('without a number to verify, the page sends people back to /login with their back URL', async () => {
  const view = await renderApp('/login/verify?backURL=%2Fpricing');
  await screen.findByRole('heading', { name: fa('login.heading') });
  const form = view.getByTestId('login-form') as HTMLFormElement;
  assert.equal((form.elements.namedItem('backURL') as HTMLInputElement).value, '/pricing');
  assert.equal(screen.queryByTestId('verify-form'), null);
});

test('the number in Persian digits, and resending waits for the countdown', async (t) => {
  // The page counts down from the clock: a fixed one makes the remaining time exact.
  mock.timers.enable({ apis: ['Date'], now: NOW });
  t.after(() => mock.timers.reset());
  await renderApp('/login/verify', { cookie: await loginStateCookie('09121234567', NOW + 90_000) });
  await screen.findByRole('heading', { name: fa('verify.heading') });
  assert.equal(screen.getByTestId('verify-cellphone').textContent, '۰۹۱۲۱۲۳۴۵۶۷');
  const resend = screen.getByTestId('resend');
  assert.equal(resend.textContent, fa('verify.resendIn', { time: localDigits(mmss(90), 'fa') }));
  assert.equal(resend.textContent, 'ارسال دوباره تا ۱:۳۰ دیگر');
  assert.ok(resend.hasAttribute('disabled'), 'no resend before the countdown ends');
  assert.ok(screen.getByRole('button', { name: fa('verify.submit') }));
  assert.equal(screen.getByTestId('edit-number').getAttribute('href'), '/login?backURL=%2F');
});

test('once the countdown is over the code can be sent again', async () => {
  await renderApp('/login/verify', { cookie: await loginStateCookie('09121234567', Date.now() - 1_000) });
  const resend = await screen.findByTestId('resend');
  assert.equal(resend.textContent, fa('verify.resend'));
  assert.equal(resend.hasAttribute('disabled'), false);
});

test('verifying with the gateway down: the catalogue message under the code field', async () => {
  const view = await renderApp('/login/verify', { cookie: await loginStateCookie('09121234567', Date.now() + 60_000) });
  const field = (await screen.findByLabelText(fa('verify.code'))) as HTMLInputElement;
  fireEvent.change(field, { target: { value: '۱۲۳۴۵' } });
  fireEvent.click(screen.getByRole('button', { name: fa('verify.submit') }));
  const message = excText('EXC_SERVICE_UNAVAILABLE', 'fa');
  await waitFor(() =>
    assert.ok(view.getByTestId('verify-form').textContent?.includes(message), 'the failure is explained'),
  );
  // Still on the verify page, not sent anywhere.
  assert.ok(screen.getByRole('heading', { name: fa('verify.heading') }));
});
