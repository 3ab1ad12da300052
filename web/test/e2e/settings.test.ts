// The applicant's account settings on the real stack (auth, resume, notification, gateway, built
// web app) in Debian's Chromium: the name from the resume, the cellphone, an email added with a
// refused address marked on its field first, its verification link from the development outbox
// landing back on the settings with the success message; the cellphone changed with the code
// texted to the new number (the same number refused on the field); the notification preferences
// saved from the keyboard and read back after a reload. axe at 1280 and 390 px on each screen.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { excText } from '@darmankar/platform/errors/catalogue';
import type {} from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import { localDigits } from '../../app/lib/format.ts';
import {
  accessibleAtBothWidths,
  assertAccessible,
  goto,
  hydrated,
  logIn,
  newPage,
  outboxCode,
  screenshot,
  startWorld,
  stopWorld,
  uniqueCellphone,
  type World,
} from './support.ts';

const t = translator('fa');
let world: World | undefined;

const assertAccessibleAtBothWidths = accessibleAtBothWidths('settings');

/** The verification link the outbox holds for an address, as a path on the web app. */
async function emailLink(w: World, email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${w.stack.gatewayUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const body = (await response.json()) as { messages: Array<{ text: string }> };
    for (const message of body.messages) {
      const match = /https?:\/\/[^\s"<>]+\/api\/v1\/authentication\/email\/[^\s"<>]+/.exec(message.text);
      if (match) {
        const url = new URL(match[0]);
        return `${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification link in the outbox for ${email}`);
}

describe('account settings on the real stack', () => {
  before(async () => {
    world = await startWorld('web-settings');
  });
  after(() => stopWorld(world));

  test('name, cellphone, email added and verified through the mailed link, cellphone changed, preferences saved', async () => {
    const w = world!;
    const { context, page } = await newPage(w);
    try {
      const cellphone = uniqueCellphone();
      await logIn(w, page, cellphone, '/applicants/settings');
      await hydrated(page);
      assert.equal(new URL(page.url()).pathname, '/applicants/settings');
      // No resume yet: the name row offers to build one.
      assert.ok(await page.getByTestId('settings-build-resume').isVisible());
      assert.equal(await page.getByTestId('settings-cellphone-value').innerText(), localDigits(cellphone, 'fa'));

      // The applicant's dropdown leads here.
      await page.getByRole('button', { name: t('header.profileMenu') }).click();
      assert.equal(await page.getByTestId('dropdown-account-settings').getAttribute('href'), '/applicants/settings');
      await page.keyboard.press('Escape');

      // A resume, so the name is shown and the email link comes back to the settings.
      const created = await page.request.post('/api/v1/resumes', {
        data: {
          firstName: 'سارا',
          lastName: 'محمدی',
          hasDisability: false,
          isForeigner: false,
          province: 'tehran',
          city: 'tehran',
        },
        headers: { 'accept-cookie': 'true' },
      });
      assert.ok(created.ok(), `POST /resumes: ${created.status()} ${created.headers().exc}`);
      await goto(page, '/applicants/settings');
      assert.equal(await page.getByTestId('settings-name').locator('dd span').first().innerText(), 'سارا محمدی');

      // A refused address is said on the field, marked invalid.
      const field = page.getByLabel(t('account.settings.emailField'));
      await field.fill('not-an-email');
      await page.getByTestId('email-submit').click();
      await page.getByText(excText('EXC_AUTHENTICATION_EMAIL_IS_INVALID', 'fa')).waitFor();
      assert.equal(await page.getByLabel(t('account.settings.emailField')).getAttribute('aria-invalid'), 'true');
      await assertAccessibleAtBothWidths(page, 'email refused');

      const email = `sara.${Date.now()}@example.com`;
      await page.getByLabel(t('account.settings.emailField')).fill(email);
      await page.getByTestId('email-submit').press('Enter');
      await page.getByTestId('email-sent-notice').waitFor();
      assert.equal(await page.getByTestId('settings-email-value').innerText(), email);
      assert.equal(await page.getByTestId('settings-email-state').getAttribute('data-verified'), 'false');

      const link = await emailLink(w, email);
      await goto(page, link);
      assert.equal(
        `${new URL(page.url()).pathname}${new URL(page.url()).search}`,
        '/applicants/settings?emailVerified=1',
      );
      assert.equal(
        await page.getByTestId('email-verified-notice').innerText(),
        t('account.settings.emailVerifiedDone'),
      );
      assert.equal(await page.getByTestId('settings-email-state').getAttribute('data-verified'), 'true');
      await assertAccessibleAtBothWidths(page, 'account settings');

      // The cellphone: the same number is refused on the field, a new one changes with its code.
      await page.getByTestId('settings-change-cellphone').click();
      await page.waitForURL(/\/applicants\/settings\/cellphone$/);
      await hydrated(page);
      const numberField = page.getByLabel(t('account.cellphone.new'));
      await numberField.fill(cellphone);
      await page.getByTestId('cellphone-send').click();
      await page.getByText(excText('EXC_AUTHENTICATION_CELLPHONE_IS_SAME', 'fa')).waitFor();
      assert.equal(await page.getByLabel(t('account.cellphone.new')).getAttribute('aria-invalid'), 'true');
      await assertAccessibleAtBothWidths(page, 'cellphone refused');

      const newNumber = uniqueCellphone();
      await page.getByLabel(t('account.cellphone.new')).fill(newNumber);
      await page.getByTestId('cellphone-send').press('Enter');
      await page.getByTestId('cellphone-code-form').waitFor();
      assert.equal(await page.getByTestId('cellphone-pending').innerText(), localDigits(newNumber, 'fa'));
      assert.equal(await page.getByTestId('cellphone-resend').isDisabled(), true, 'resend waits for the countdown');
      await assertAccessibleAtBothWidths(page, 'cellphone code');
      await page.getByLabel(t('account.cellphone.code')).fill('000000');
      await page.getByTestId('cellphone-verify').click();
      await page.getByText(excText('EXC_AUTHENTICATION_CODE_IS_INVALID', 'fa')).waitFor();
      await page.getByLabel(t('account.cellphone.code')).fill(await outboxCode(w, newNumber));
      await page.getByTestId('cellphone-verify').click();
      await page.waitForURL(/\/applicants\/settings\?cellphoneChanged=1$/);
      await hydrated(page);
      assert.equal(await page.getByTestId('settings-cellphone-value').innerText(), localDigits(newNumber, 'fa'));
      assert.ok(await page.getByTestId('cellphone-changed-notice').isVisible());

      // The notification preferences: security locked, email offered now that it is verified.
      await page.getByTestId('settings-notification').click();
      await page.waitForURL(/\/applicants\/settings\/notification$/);
      await hydrated(page);
      const securitySms = page.getByTestId('pref-security-sms');
      assert.equal(await securitySms.isChecked(), true);
      assert.equal(await securitySms.isDisabled(), true);
      assert.equal(await page.getByTestId('pref-job_alert-email').isDisabled(), false);
      assert.equal(await page.getByTestId('email-not-verified').count(), 0);
      await assertAccessibleAtBothWidths(page, 'notification settings');
      // From the keyboard: Space ticks and unticks, Enter saves.
      const statusSms = page.getByTestId('pref-application_status-sms');
      const before = await statusSms.isChecked();
      await statusSms.focus();
      await page.keyboard.press('Space');
      await page.getByTestId('frequency-immediate').focus();
      await page.keyboard.press('Space');
      await page.getByTestId('preferences-save').focus();
      await page.keyboard.press('Enter');
      await page.getByText(t('notifications.prefs.saved')).waitFor();
      await goto(page, '/applicants/settings/notification');
      assert.equal(await page.getByTestId('pref-application_status-sms').isChecked(), !before);
      assert.equal(await page.getByTestId('frequency-immediate').isChecked(), true);
    } finally {
      await context.close();
    }
  });

  test('without a verified email the email column is off with a way to add one; logged out, the pages ask to log in', async () => {
    const w = world!;
    const { context, page } = await newPage(w, 390);
    try {
      await goto(page, '/applicants/settings');
      assert.match(new URL(page.url()).pathname, /^\/login/);
      assert.equal(new URL(page.url()).searchParams.get('backURL'), '/applicants/settings');
      await logIn(w, page, uniqueCellphone(), '/applicants/settings/notification');
      await hydrated(page);
      assert.equal(await page.getByTestId('pref-job_alert-email').isDisabled(), true);
      assert.equal(await page.getByTestId('add-email-link').getAttribute('href'), '/applicants/settings#email');
      assert.equal(await page.getByTestId('pref-new_application-sms').innerText(), t('notifications.prefs.notOffered'));
      await assertAccessible(page, 'notification settings without email');
      await screenshot(page, 'settings-notification-no-email');
    } finally {
      await context.close();
    }
  });
});
