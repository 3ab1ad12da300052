// The delivery queue against real providers' behaviour: a provider that fails or never answers
// is retried with a doubling wait until the message is dead, while events keep being turned
// into notifications; a replayed dead letter is sent. SMS waits out the quiet hours, daily job
// alerts are grouped into one digest per channel, and new applications are batched per hour.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import { JobAlertSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import type pg from 'pg';
import { deadLettersCommand } from '../src/cli/dead-letters.ts';
import { Directory } from '../src/domain/directory.ts';
import { Notifier } from '../src/domain/notifier.ts';
import { Preferences } from '../src/domain/preferences.ts';
import type { Sql } from '../src/domain/sql.ts';
import { parseQuietHours } from '../src/domain/tehran-time.ts';
import {
  deliveriesOf,
  eventually,
  HOUR_MS,
  newEmployer,
  newResume,
  newUser,
  notificationsOf,
  outbox,
  startStack,
  type Stack,
} from './helpers.ts';

async function rejectedApplication(stack: Stack, userId: string, resumeId: string): Promise<void> {
  const applicationId = randomUUID();
  await stack.publish(
    ApplicationChangedSchema,
    {
      applicationId,
      postingId: randomUUID(),
      employerId: randomUUID(),
      resumeId,
      applicantUserId: userId,
      change: ApplicationChange.REJECTED,
      state: ApplicationState.REJECTED,
      version: 1n,
      postingTitle: 'Nurse',
    },
    'hiring.application.v1',
    applicationId,
  );
  await stack.settled();
}

describe('a failing provider', () => {
  let stack: Stack;
  let provider: Server;
  let mode: 'fail' | 'hang' | 'ok' = 'fail';
  const received: string[] = [];
  before(async () => {
    provider = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (mode === 'hang') return;
        if (mode === 'fail') return void res.writeHead(500).end('{}');
        received.push(new URLSearchParams(body).get('message') ?? '');
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"return":{"status":200,"message":"OK"}}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    stack = await startStack({
      SMS_PROVIDER: 'kavenegar',
      KAVENEGAR_API_KEY: 'test-key',
      KAVENEGAR_SENDER: '10004346',
      KAVENEGAR_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
      MESSAGING_TIMEOUT_MS: '300',
    });
  });
  after(async () => {
    await stack.stop();
    provider.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
  });

  test('is retried with a doubling wait until the message is dead, events keep flowing, and a replay sends it', async () => {
    const me = await newUser(stack, { email: false });
    const resume = await newResume(stack, me.userId);
    await rejectedApplication(stack, me.userId, resume.resumeId);
    const [first] = await notificationsOf(stack, me.userId);
    const [sms] = await deliveriesOf(stack, first!.id);
    assert.equal(sms!.channel, 'sms');

    let run = await stack.service.deliverOnce();
    assert.deepEqual([run.failed, run.sent], [1, 0]);
    let [row] = await deliveriesOf(stack, first!.id);
    assert.equal(row!.attempts, 1);
    assert.equal(row!.next_attempt_at.getTime(), stack.clock() + 30_000);
    // Not due yet: nothing is tried.
    assert.deepEqual(await stack.service.deliverOnce(), { sent: 0, failed: 0, dead: 0, deferred: 0 });

    // The event stream is not held up by the failing provider.
    await rejectedApplication(stack, me.userId, resume.resumeId);
    assert.equal((await notificationsOf(stack, me.userId)).length, 2);

    mode = 'hang';
    const waits: number[] = [];
    for (let attempt = 1; attempt < 6; attempt++) {
      [row] = await deliveriesOf(stack, first!.id);
      const wait = row!.next_attempt_at.getTime() - stack.clock();
      waits.push(wait);
      stack.clock.advance(wait);
      run = await stack.service.deliverOnce();
    }
    assert.deepEqual(waits, [30_000, 60_000, 120_000, 240_000, 480_000]);
    [row] = await deliveriesOf(stack, first!.id);
    assert.deepEqual([row!.status, row!.attempts], ['dead', 6]);
    const dead = await stack.service.deadLetters.list();
    assert.ok(dead.some((d) => d.id === row!.id));

    mode = 'ok';
    assert.equal(await stack.service.deadLetters.replay([row!.id]), 1);
    run = await stack.service.deliverOnce();
    [row] = await deliveriesOf(stack, first!.id);
    assert.equal(row!.status, 'sent');
    assert.ok(
      received.some((text) => text.includes(`http://web.test/api/v1/notifications/${first!.id}/engagements?to=`)),
    );
  });

  test('the dead-letter command lists and replays', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `UPDATE deliveries SET status = 'dead', attempts = 6 WHERE status <> 'dead' RETURNING id`,
    );
    assert.ok(rows.length > 0);
    const url = (stack.db as unknown as { options: { connectionString: string } }).options.connectionString;
    const lines: string[] = [];
    assert.equal(await deadLettersCommand(['list'], url, (l) => lines.push(l)), 0);
    for (const { id } of rows) assert.ok(lines.some((l) => l.startsWith(id)));
    assert.equal(await deadLettersCommand(['replay', 'not-an-id'], url, (l) => lines.push(l)), 2);
    assert.equal(await deadLettersCommand(['replay', rows[0]!.id], url, (l) => lines.push(l)), 0);
    assert.equal(lines.at(-1), '1 replayed');
    assert.equal(await deadLettersCommand(['replay', '--all'], url, (l) => lines.push(l)), 0);
    assert.equal(lines.at(-1), `${rows.length - 1} replayed`);
    const { rows: left } = await stack.db.query(`SELECT 1 FROM deliveries WHERE status = 'dead'`);
    assert.equal(left.length, 0);
  });
});

describe('quiet hours and the daily digest (22:30 in Tehran)', () => {
  let stack: Stack;
  const NIGHT = Date.parse('2026-11-25T19:00:00Z');
  const MORNING = Date.parse('2026-11-26T04:30:00Z');
  before(async () => {
    stack = await startStack({}, NIGHT);
  });
  after(() => stack.stop());

  test('an SMS due in the quiet hours waits until 08:00; email goes at once', async () => {
    const me = await newUser(stack);
    const resume = await newResume(stack, me.userId);
    await rejectedApplication(stack, me.userId, resume.resumeId);
    const [notification] = await notificationsOf(stack, me.userId);
    const sms = (await deliveriesOf(stack, notification!.id)).find((d) => d.channel === 'sms')!;
    assert.equal(sms.next_attempt_at.getTime(), MORNING);
    const run = await stack.service.deliverOnce();
    assert.equal(run.sent, 1);
    assert.equal((await outbox(stack, me.cellphone)).length, 0);
    assert.equal((await outbox(stack, me.email!)).length, 1);
    stack.clock.advance(MORNING - stack.clock());
    await stack.service.deliverOnce();
    const texts = await outbox(stack, me.cellphone);
    assert.equal(texts.length, 1);
    assert.match(texts[0]!.text, /پذیرفته نشد/);
  });

  test('daily job alerts become one digest per channel at 08:00', async () => {
    // The next night at 22:30, whatever ran before.
    stack.clock.advance(NIGHT + 24 * HOUR_MS - stack.clock());
    const me = await newUser(stack);
    await stack.client.updatePreferences({ changes: [{ category: 'job_alert', sms: true }] }, { userId: me.userId });
    const filterId = randomUUID();
    for (const title of ['پرستار', 'ماما', 'پزشک']) {
      await stack.publish(
        JobAlertSchema,
        {
          userId: me.userId,
          filterId,
          filterName: 'تهران',
          postingId: randomUUID(),
          postingSlug: 's',
          postingTitle: title,
          jobCategory: 'c',
        },
        'recruitment.job-alert.v1',
        me.userId,
      );
    }
    await stack.settled();
    assert.equal(await stack.service.digestOnce(), 0, 'not before 08:00');
    stack.clock.advance(MORNING + 24 * HOUR_MS - 60_000 - stack.clock());
    assert.equal(await stack.service.digestOnce(), 0, 'a minute before 08:00');
    stack.clock.advance(60_000);
    assert.equal(await stack.service.digestOnce(), 2);
    assert.equal(await stack.service.digestOnce(), 0, 'each alert is in one digest');
    await stack.service.deliverOnce();
    const mails = await outbox(stack, me.email!);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject!, /۳ آگهی تازه/);
    assert.match(mails[0]!.text, /پرستار، ماما، پزشک/);
    assert.match(mails[0]!.text, /engagements\?to=%2Fapplicants%2Frecruitments%2Fsaved/);
    assert.equal((await outbox(stack, me.cellphone)).length, 1);
  });
});

describe('new applications', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack.stop());

  test('are batched per posting and hour, their email sent at the hour’s end', async () => {
    const employer = await newEmployer(stack);
    const postingId = randomUUID();
    const apply = () =>
      stack.publish(
        ApplicationChangedSchema,
        {
          applicationId: randomUUID(),
          postingId,
          employerId: employer.employerId,
          resumeId: randomUUID(),
          applicantUserId: randomUUID(),
          change: ApplicationChange.APPLIED,
          state: ApplicationState.IN_PROGRESS,
          version: 1n,
          postingTitle: 'پزشک',
        },
        'hiring.application.v1',
        postingId,
      );
    await apply();
    await apply();
    await stack.settled();
    let rows = await notificationsOf(stack, employer.owner.userId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.params.count, 2);
    const [email] = await deliveriesOf(stack, rows[0]!.id);
    assert.equal(email!.channel, 'email');
    assert.equal(email!.next_attempt_at.getTime(), stack.clock() + HOUR_MS);
    await stack.service.deliverOnce();
    assert.equal((await outbox(stack, employer.owner.email!)).length, 0, 'not before the hour ends');
    stack.clock.advance(HOUR_MS);
    await apply();
    await stack.settled();
    rows = await notificationsOf(stack, employer.owner.userId);
    assert.deepEqual(
      rows.map((r) => r.params.count),
      [2, 1],
    );
    await stack.service.deliverOnce();
    const mails = await outbox(stack, employer.owner.email!);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject!, /۲ درخواست تازه/);
  });

  test('two applications counted at once both count', async () => {
    const employer = await newEmployer(stack);
    const postingId = randomUUID();
    const directory = new Directory();
    const notifier = new Notifier(
      directory,
      new Preferences(stack.db, directory),
      stack.clock,
      parseQuietHours('22-8'),
    );
    const batched = (sql: pg.PoolClient) =>
      notifier.notifyBatched(sql as unknown as Sql, {
        userId: employer.owner.userId,
        category: 'new_application',
        kind: 'new_application',
        batchKey: `new-application:${postingId}`,
        itemId: randomUUID(),
        params: { postingTitle: 'ماما' },
        link: `/recruitments/${postingId}/apply-management`,
      });
    const [first, second] = [await stack.db.connect(), await stack.db.connect()];
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      const { rows: pid } = await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await batched(first);
      // The second waits on the first's row, uncommitted; it counts once the first commits.
      const waiting = batched(second);
      // Asked on the first's own connection (the pool may have none left); pg_locks is live.
      await eventually(async () => {
        const { rows } = await first.query('SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted', [pid[0]!.pid]);
        return rows.length > 0;
      }, 'the second waits on the first');
      await first.query('COMMIT');
      await waiting;
      await second.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    const rows = (await notificationsOf(stack, employer.owner.userId)).filter(
      (row) => row.params.postingTitle === 'ماما',
    );
    assert.deepEqual(
      rows.map((row) => row.params.count),
      [2],
    );
    assert.equal((await deliveriesOf(stack, rows[0]!.id)).length, 1, 'one email for the batch');
  });
});
