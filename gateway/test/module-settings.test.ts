// A service module brings its own settings and rate-limit budgets: they join the gateway's
// configuration and limits without an edit of config.ts or http/, and a name taken twice stops
// the gateway instead of one module silently reading another's setting or counters.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Response } from 'express';
import { isDomainError } from '@darmankar/platform/errors/domain-error';
import { moduleBudgets } from '../src/app.ts';
import { moduleSettings, parseGatewayConfig } from '../src/config.ts';
import { createRateLimits } from '../src/http/rate-limits.ts';
import { positiveIntSetting, type ServiceModule } from '../src/services/module.ts';

const unused: ServiceModule['connect'] = () => {
  throw new Error('not connected in this test');
};

function module(
  name: string,
  variable: string,
  settings?: ServiceModule['settings'],
  rateLimits?: ServiceModule['rateLimits'],
): ServiceModule {
  return { name, address: { variable, default: '127.0.0.1:1' }, settings, rateLimits, connect: unused };
}

const reportSettings = {
  RATE_LIMIT_REPORT_IP_POINTS: positiveIntSetting(5),
  RATE_LIMIT_REPORT_WINDOW_SECONDS: positiveIntSetting(60),
};
const reportModule: ServiceModule<typeof reportSettings> = {
  name: 'report',
  address: { variable: 'REPORT_GRPC_URL', default: '127.0.0.1:50099' },
  settings: reportSettings,
  rateLimits: (settings) => ({
    'report:ip': {
      points: settings.RATE_LIMIT_REPORT_IP_POINTS,
      windowSeconds: settings.RATE_LIMIT_REPORT_WINDOW_SECONDS,
    },
  }),
  connect: unused,
};

/** A response that keeps the headers set on it. */
function response(): Response & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    set(name: string, value: string) {
      headers[name] = value;
      return this;
    },
  } as unknown as Response & { headers: Record<string, string> };
}

describe('module settings', () => {
  test("a module's address variable and settings join the configuration, with their defaults", () => {
    const shape = moduleSettings([reportModule]);
    assert.deepEqual(
      Object.keys(shape).sort(),
      ['REPORT_GRPC_URL', 'RATE_LIMIT_REPORT_IP_POINTS', 'RATE_LIMIT_REPORT_WINDOW_SECONDS'].sort(),
    );
    // The modules of the gateway: auth's code budgets and billing's look-up budget.
    // A module's settings are read by the module, so the configuration's type does not list them.
    const config = parseGatewayConfig({}) as Record<string, unknown>;
    assert.equal(config.AUTH_GRPC_URL, '127.0.0.1:50051');
    assert.deepEqual(
      [
        config.RATE_LIMIT_CODE_IP_POINTS,
        config.RATE_LIMIT_CODE_CELLPHONE_POINTS,
        config.RATE_LIMIT_CODE_WINDOW_SECONDS,
      ],
      [30, 10, 600],
    );
    assert.deepEqual([config.RATE_LIMIT_LOOKUP_IP_POINTS, config.RATE_LIMIT_LOOKUP_WINDOW_SECONDS], [60, 600]);
    assert.equal(
      (parseGatewayConfig({ RATE_LIMIT_LOOKUP_IP_POINTS: '7' }) as Record<string, unknown>).RATE_LIMIT_LOOKUP_IP_POINTS,
      7,
    );
    assert.throws(() => parseGatewayConfig({ RATE_LIMIT_CODE_IP_POINTS: '0' }), /RATE_LIMIT_CODE_IP_POINTS/);
  });

  test('a variable the gateway or another module already has is refused', () => {
    assert.throws(() => moduleSettings([module('a', 'PORT')]), /PORT of the a module/);
    assert.throws(
      () => moduleSettings([module('a', 'A_GRPC_URL', { RATE_LIMIT_API_POINTS: positiveIntSetting(1) })]),
      /RATE_LIMIT_API_POINTS of the a module/,
    );
    assert.throws(
      () => moduleSettings([module('a', 'A_GRPC_URL'), module('b', 'A_GRPC_URL')]),
      /A_GRPC_URL of the b module/,
    );
    assert.throws(
      () =>
        moduleSettings([
          module('a', 'A_GRPC_URL', { X: positiveIntSetting(1) }),
          module('b', 'B_GRPC_URL', { X: positiveIntSetting(1) }),
        ]),
      /X of the b module/,
    );
  });
});

describe('module rate limits', () => {
  const settings = { RATE_LIMIT_KEY_PREFIX: 'test', RATE_LIMIT_API_POINTS: 100, RATE_LIMIT_API_WINDOW_SECONDS: 60 };

  test("a module's budgets come from its settings; a budget name used twice is refused", () => {
    const config = { ...parseGatewayConfig({}), RATE_LIMIT_REPORT_IP_POINTS: 2, RATE_LIMIT_REPORT_WINDOW_SECONDS: 60 };
    assert.deepEqual(moduleBudgets(config, [reportModule]), { 'report:ip': { points: 2, windowSeconds: 60 } });
    assert.throws(
      () => moduleBudgets(config, [reportModule, { ...reportModule, name: 'again' }]),
      /report:ip of the again module is declared twice/,
    );
  });

  test('routes spend a budget by name: 429 with Retry-After once spent, per key; an unknown name or the per-IP name is an error', async () => {
    const limits = createRateLimits(settings, { 'report:ip': { points: 2, windowSeconds: 60 } }, undefined);
    for (let i = 0; i < 2; i++) await limits.consume(response(), [['report:ip', '10.0.0.1']]);
    const res = response();
    await assert.rejects(
      limits.consume(res, [['report:ip', '10.0.0.1']]),
      (error: unknown) => isDomainError(error) && error.codes.includes('EXC_TOO_MANY_REQUESTS'),
    );
    assert.ok(Number(res.headers['Retry-After']) >= 1);
    await limits.consume(response(), [['report:ip', '10.0.0.2']]);
    await assert.rejects(
      limits.consume(response(), [['reports:ip', '10.0.0.1']]),
      /no rate-limit budget is named reports:ip/,
    );
    assert.throws(
      () => createRateLimits(settings, { 'api:ip': { points: 1, windowSeconds: 1 } }, undefined),
      /api:ip is the gateway's own/,
    );
  });
});
