// The configuration: defaults, and what production refuses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { notificationConfig } from '../src/config.ts';
import { outsideQuietHours, parseQuietHours, nextTehranHour } from '../src/domain/tehran-time.ts';

test('defaults: the delivery queue, the digest and the quiet hours', () => {
  const config = notificationConfig({ DATABASE_URL: 'postgres://x/y' });
  assert.equal(config.GRPC_PORT, 50058);
  assert.equal(config.DELIVERY_INTERVAL_MS, 2000);
  assert.equal(config.DELIVERY_RETRY_BASE_MS, 30_000);
  assert.equal(config.DELIVERY_MAX_ATTEMPTS, 6);
  assert.equal(config.DIGEST_INTERVAL_MS, 60_000);
  assert.equal(config.QUIET_HOURS, '22-8');
  assert.throws(() => notificationConfig({ DATABASE_URL: 'postgres://x/y', QUIET_HOURS: '22-25' }), /QUIET_HOURS/);
});

test('production needs a real SMS provider with its sender line, SMTP and the public site', () => {
  assert.throws(
    () => notificationConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', SMS_PROVIDER: 'outbox' }),
    /SMS_PROVIDER: the development outbox cannot send real SMS/,
  );
  const problems = (() => {
    try {
      notificationConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', SMS_PROVIDER: 'kavenegar' });
      return '';
    } catch (error) {
      return String(error);
    }
  })();
  for (const name of ['KAVENEGAR_API_KEY', 'KAVENEGAR_SENDER', 'SMTP_URL', 'PUBLIC_WEB_URL'])
    assert.match(problems, new RegExp(name));
});

test('Tehran time: quiet hours end at 08:00, a digest hour is the next 08:00', () => {
  const quiet = parseQuietHours('22-8');
  const tehran = (iso: string) => Date.parse(iso);
  // 22:30 in Tehran (UTC+3:30) waits until 08:00 the next morning.
  assert.equal(outsideQuietHours(tehran('2026-11-25T19:00:00Z'), quiet), tehran('2026-11-26T04:30:00Z'));
  // 07:59 waits a minute; 08:00 and 21:59 go at once.
  assert.equal(outsideQuietHours(tehran('2026-11-26T04:29:00Z'), quiet), tehran('2026-11-26T04:30:00Z'));
  assert.equal(outsideQuietHours(tehran('2026-11-26T04:30:00Z'), quiet), tehran('2026-11-26T04:30:00Z'));
  assert.equal(outsideQuietHours(tehran('2026-11-26T18:29:00Z'), quiet), tehran('2026-11-26T18:29:00Z'));
  assert.equal(
    outsideQuietHours(tehran('2026-11-26T18:29:00Z'), parseQuietHours('0-0')),
    tehran('2026-11-26T18:29:00Z'),
  );
  assert.equal(nextTehranHour(tehran('2026-11-26T05:00:00Z'), 8), tehran('2026-11-27T04:30:00Z'));
});
