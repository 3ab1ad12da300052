// The "done means" for notifications, walked on the real stack (auth, resume, employer,
// billing's sandbox, recruitment, hiring, notification, gateway, built web app) in Debian's
// Chromium: an applicant with a saved filter and a verified email gets a job alert when an
// employer publishes a matching posting, and an application-status notification when the
// employer rejects the application; both are in the header's bell (its name and badge say the
// count), in the list and in the development outbox; each link lands on the posting page and on
// the applications page; "mark read" and "mark all read" lower the count. The bell is walked from
// the keyboard; axe runs on the list and the open bell at 1280 and 390 px.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {} from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import { localDigits } from '../../app/lib/format.ts';
import {
  contextRest,
  createResume,
  employerMoves,
  employerWithPlan,
  openPosting,
  type Rest,
} from '../my-applies-support.ts';
import {
  accessibleAtBothWidths,
  goto,
  logIn,
  newPage,
  startWorld,
  stopWorld,
  uniqueCellphone,
  type World,
} from './support.ts';

const t = translator('fa');
const run = Date.now() % 100_000;
let world: World | undefined;
const assertAccessibleAtBothWidths = accessibleAtBothWidths('notifications');

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const unread = (rest: Rest) => rest.send<{ unread: number }>('GET', 'notifications/unread-count').then((a) => a.unread);

interface OutboxMessage {
  channel: string;
  to: string;
  subject?: string;
  text: string;
}

async function outbox(w: World, to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${w.stack.gatewayUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Adds and verifies an email for the caller through the mailed link (read as a JSON client). */
async function verifiedEmail(w: World, rest: Rest, email: string): Promise<void> {
  await rest.send('POST', `authentication/email/${encodeURIComponent(email)}`);
  const link = await until(
    'the verification link',
    async () => {
      for (const message of await outbox(w, email)) {
        const match = /https?:\/\/[^\s"<>]+\/api\/v1\/authentication\/email\/[^\s"<>]+/.exec(message.text);
        if (match) return match[0];
      }
      return null;
    },
    (value) => value !== null,
  );
  const url = new URL(link!);
  const verified = await fetch(`${w.stack.gatewayUrl}${url.pathname}${url.search}`, {
    headers: { accept: 'application/json' },
  });
  assert.equal(verified.status, 200, await verified.text());
}

describe('notifications on the real stack', () => {
  before(async () => {
    world = await startWorld('web-notifications');
  });
  after(() => stopWorld(world));

  test('a job alert and an application status reach the bell, the list and the outbox; links land on their pages; mark read lowers the count', async () => {
    const w = world!;
    const owner = await newPage(w);
    const applicant = await newPage(w);
    try {
      // The employer, with a plan to publish.
      await logIn(w, owner.page, uniqueCellphone(), '/employers');
      const ownerRest = contextRest(owner.page.request);
      const employer = await employerWithPlan(ownerRest, `بیمارستان اعلان ${run}`);

      // The applicant: a resume, a verified email, a saved filter, job alerts at once.
      await logIn(w, applicant.page, uniqueCellphone(), '/');
      const rest = contextRest(applicant.page.request);
      const resume = await createResume(rest, 'مریم', 'احمدی');
      const email = `maryam.${run}.${Date.now()}@example.com`;
      await verifiedEmail(w, rest, email);
      const keyword = `قلب${run}`;
      await rest.send('POST', 'recruitments/filters', {
        name: `فیلتر ${keyword}`,
        params: `q=${encodeURIComponent(keyword)}`,
      });
      await rest.send('PUT', 'notifications/preferences', { preferences: [], jobAlertFrequency: 'immediate' });
      const before = await unread(rest);

      // The employer publishes a matching posting: a job alert follows.
      const posting = await openPosting(ownerRest, employer.id, `پرستار ${keyword}`);
      await until(
        'the job alert',
        () => unread(rest),
        (count) => count >= before + 1,
      );
      const afterAlert = await unread(rest);

      // The bell: the count in its name and badge, the menu lists the alert.
      await goto(applicant.page, '/');
      const bell = applicant.page.getByTestId('notification-bell');
      const count = localDigits(afterAlert, 'fa');
      assert.equal(await bell.getAttribute('aria-label'), t('notifications.bellWithCount', { count }));
      assert.equal(await applicant.page.getByTestId('notification-badge').innerText(), count);
      // From the keyboard: focus, Enter opens the menu.
      await bell.focus();
      await applicant.page.keyboard.press('Enter');
      const menu = applicant.page.getByTestId('notification-menu');
      await menu.getByTestId('bell-list').waitFor();
      const alertItem = menu.getByTestId('notification-item').filter({ hasText: keyword }).first();
      await alertItem.waitFor();
      assert.equal(await alertItem.getAttribute('data-read'), 'false');
      await assertAccessibleAtBothWidths(applicant.page, 'bell');
      await applicant.page.keyboard.press('Escape');

      // The outbox holds the alert's email.
      await until(
        'the job alert email',
        () => outbox(w, email),
        (messages) => messages.some((m) => `${m.subject ?? ''} ${m.text}`.includes(keyword)),
      );

      // The list: the alert unread; its link lands on the posting page.
      await goto(applicant.page, '/notifications');
      const listed = applicant.page
        .getByTestId('notifications-list')
        .getByTestId('notification-item')
        .filter({ hasText: keyword })
        .first();
      assert.equal(await listed.getAttribute('data-read'), 'false');
      assert.ok((await listed.getByRole('heading').innerText()).startsWith(t('notifications.unread')));
      await assertAccessibleAtBothWidths(applicant.page, 'list');
      await listed.getByTestId('notification-link').click();
      await applicant.page.waitForURL((url) => url.pathname === posting.path);

      // The applicant applies; the employer rejects: an application-status notification.
      const applied = await rest.send<{ apply: { id: string } }>(
        'POST',
        `hiring/${posting.id}/applies?resumeId=${resume.id}`,
      );
      const beforeStatus = await unread(rest);
      await employerMoves(ownerRest, posting.id).reject(
        applied.apply.id,
        'experience',
        'سابقهٔ کار در بخش قلب لازم است.',
      );
      await until(
        'the status notification',
        () => unread(rest),
        (value) => value >= beforeStatus + 1,
      );
      await until(
        'the status email',
        () => outbox(w, email),
        (messages) => messages.some((m) => m.text.includes('نپذیرفت')),
      );
      await goto(applicant.page, '/notifications');
      const status = applicant.page
        .getByTestId('notification-item')
        .and(applicant.page.locator('[data-read="false"]'))
        .first();
      await status.waitFor();
      const beforeMark = await unread(rest);
      assert.equal(
        await applicant.page.getByTestId('notification-bell').getAttribute('aria-label'),
        t('notifications.bellWithCount', { count: localDigits(beforeMark, 'fa') }),
      );
      // "Mark read" lowers the count by one, in the service and in the bell.
      const statusId = await status.getAttribute('data-id');
      await status.getByTestId('mark-read').click();
      await until(
        'the count after mark read',
        () => unread(rest),
        (value) => value === beforeMark - 1,
      );
      const marked = applicant.page.locator(`[data-testid="notification-item"][data-id="${statusId}"]`);
      await applicant.page
        .locator(`[data-testid="notification-item"][data-id="${statusId}"][data-read="true"]`)
        .waitFor();
      const afterMark = beforeMark - 1;
      assert.equal(
        await applicant.page.getByTestId('notification-bell').getAttribute('aria-label'),
        afterMark > 0
          ? t('notifications.bellWithCount', { count: localDigits(afterMark, 'fa') })
          : t('notifications.bell'),
      );
      // Its link lands on the applications page.
      await marked.getByTestId('notification-link').click();
      await applicant.page.waitForURL((url) =>
        url.pathname.startsWith(`/applicants/resumes/${encodeURIComponent(resume.slug)}/recruitments`),
      );

      // A second matching posting, a second alert; "mark all read" in the bell clears the badge.
      const beforeSecond = await unread(rest);
      await openPosting(ownerRest, employer.id, `پرستار شب ${keyword}`);
      await until(
        'the second job alert',
        () => unread(rest),
        (value) => value >= beforeSecond + 1,
      );
      await goto(applicant.page, '/notifications');
      await applicant.page.getByTestId('notification-badge').waitFor();
      await applicant.page.getByTestId('notification-bell').click();
      await applicant.page.getByTestId('bell-mark-all-read').click();
      await until(
        'mark all read',
        () => unread(rest),
        (value) => value === 0,
      );
      await applicant.page.getByTestId('notification-badge').waitFor({ state: 'detached' });
      assert.equal(
        await applicant.page.getByTestId('notification-bell').getAttribute('aria-label'),
        t('notifications.bell'),
      );
    } finally {
      await owner.context.close();
      await applicant.context.close();
    }
  });
});
