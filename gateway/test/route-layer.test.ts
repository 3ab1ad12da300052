// The route layer enforces what a route declares: its session mode and the codes it may answer.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import express from 'express';
import { z } from 'zod';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { createLogger } from '@darmankar/platform/log';
import { errorHandler } from '../src/http/errors.ts';
import { defineRoute, mountRoutes, type RouteDefinition } from '../src/http/route.ts';

const routes: RouteDefinition[] = [
  defineRoute({
    methods: ['get'],
    path: '/declared',
    summary: 'Answers a code it declares',
    tag: 'test',
    session: 'none',
    responses: [],
    errors: ['EXC_AUTHENTICATION_CODE_IS_INVALID'],
    handle: async () => {
      throw new DomainError('EXC_AUTHENTICATION_CODE_IS_INVALID');
    },
  }),
  defineRoute({
    methods: ['get'],
    path: '/undeclared',
    summary: 'Answers a code it does not declare',
    tag: 'test',
    session: 'none',
    responses: [],
    errors: [],
    handle: async () => {
      throw new DomainError('EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN');
    },
  }),
  defineRoute({
    methods: ['get'],
    path: '/mine',
    summary: 'Needs a caller',
    tag: 'test',
    session: 'required',
    responses: [{ status: 200, description: 'The caller', body: z.object({ userId: z.string() }) }],
    errors: [],
    handle: async ({ userId, meta }) => ({ userId: `${userId}/${meta.userId}` }),
  }),
];

async function serve(strictErrors: boolean, undeclared: string[][]) {
  const app = express();
  app.use(
    mountRoutes(routes, {
      resolveUserId: async (req) => {
        if (req.get('authorization') !== 'Bearer ok') throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
        return 'user-1';
      },
      commonErrors: [],
      strictErrors,
      onUndeclared: (_route, codes) => {
        undeclared.push([...codes]);
      },
    }),
  );
  app.use(errorHandler(createLogger('test', 'silent')));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('outside production (strict)', () => {
  const undeclared: string[][] = [];
  let running: Awaited<ReturnType<typeof serve>>;
  before(async () => {
    running = await serve(true, undeclared);
  });
  after(() => {
    running.server.close();
  });

  test('a declared code goes out as it is', async () => {
    const response = await fetch(`${running.url}/declared`);
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('exc'), 'EXC_AUTHENTICATION_CODE_IS_INVALID');
  });

  test('an undeclared code is reported and answered as EXC_UNKNOWN, so a test meets the gap', async () => {
    const response = await fetch(`${running.url}/undeclared`);
    assert.equal(response.status, 500);
    assert.equal(response.headers.get('exc'), 'EXC_UNKNOWN');
    assert.deepEqual(undeclared, [['EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN']]);
  });

  test('session required: the caller is resolved before the handler, and the session codes are implied', async () => {
    const anonymous = await fetch(`${running.url}/mine`);
    assert.equal(anonymous.status, 401);
    assert.equal(
      anonymous.headers.get('exc'),
      'EXC_AUTHENTICATION_REQUIRED',
      'declared by the session mode, not refused as undeclared',
    );
    const mine = await fetch(`${running.url}/mine`, { headers: { authorization: 'Bearer ok' } });
    assert.deepEqual(await mine.json(), { userId: 'user-1/user-1' });
    assert.ok(routes[2]!.errors.includes('EXC_SESSIONS_ACCESS_TOKEN_VALIDITY'));
  });
});

describe('in production', () => {
  const undeclared: string[][] = [];
  let running: Awaited<ReturnType<typeof serve>>;
  before(async () => {
    running = await serve(false, undeclared);
  });
  after(() => {
    running.server.close();
  });

  test('an undeclared code is reported but still answered as it is', async () => {
    const response = await fetch(`${running.url}/undeclared`);
    assert.equal(response.status, 409);
    assert.equal(response.headers.get('exc'), 'EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN');
    assert.equal(undeclared.length, 1);
  });
});
