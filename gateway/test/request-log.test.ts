// The access log: one line per request with its id, method, path (never the query string),
// status and codes; below the configured level nothing is built, but the id is always set.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import express from 'express';
import { pino } from 'pino';
import { z } from 'zod';
import { requestLog, redactedPath } from '../src/http/request-log.ts';
import { defineRoute, mountRoutes } from '../src/http/route.ts';

type Line = {
  level: number;
  msg: string;
  reqId: string;
  req: { method: string; path: string };
  res: { statusCode: number; exc?: string };
  responseTime: number;
};

/** A tiny app behind the real middleware, its log lines collected. */
async function withApp(level: string, run: (url: string, lines: Line[]) => Promise<void>): Promise<void> {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get('/ok', (req, res) => {
    res.json({ id: req.id });
  });
  app.get('/down', (_req, res) => {
    res.status(503).set('exc', 'EXC_SERVICE_UNAVAILABLE').json({});
  });
  app.use(
    '/api/v1',
    mountRoutes(
      [
        defineRoute({
          methods: ['get'],
          path: '/authentication/cellphone/:cellphone',
          summary: 'A route whose path names a person',
          tag: 'test',
          session: 'none',
          responses: [{ status: 200, description: 'ok', body: z.object({ ok: z.boolean() }) }],
          errors: [],
          handle: async () => ({ ok: true }),
        }),
      ],
      { resolveUserId: async () => 'u-1', commonErrors: [], strictErrors: true, onUndeclared: () => {} },
    ),
  );
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines);
  } finally {
    server.close();
  }
}

/**
 * Waits until `count` lines have arrived (generously: a loaded machine can be slow to write
 * them), then a moment more, so that a line too many has its chance to show.
 */
async function settle(lines: unknown[], count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (lines.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 200));
}

test('at info: one access line per request with its id and path, never the query string', async () => {
  await withApp('info', async (url, lines) => {
    const response = await fetch(`${url}/ok?code=12345`, {
      headers: { 'x-request-id': 'req-log-1', authorization: 'Bearer secret-token' },
    });
    assert.equal(response.headers.get('x-request-id'), 'req-log-1');
    assert.deepEqual(await response.json(), { id: 'req-log-1' });
    await settle(lines, 1);
    assert.equal(lines.length, 1);
    const [line] = lines as [Line];
    assert.equal(line.msg, 'request completed');
    assert.equal(line.reqId, 'req-log-1');
    assert.deepEqual({ method: line.req.method, path: line.req.path }, { method: 'GET', path: '/ok' });
    assert.equal(line.res.statusCode, 200);
    assert.ok(line.responseTime >= 0);
    const raw = JSON.stringify(lines);
    assert.ok(!raw.includes('12345') && !raw.includes('secret-token'), 'no query string, no token');
  });
});

test('at warn: successes are not logged; a 5xx is a warning carrying its codes', async () => {
  await withApp('warn', async (url, lines) => {
    assert.equal((await fetch(`${url}/ok`)).status, 200);
    const down = await fetch(`${url}/down`);
    assert.equal(down.status, 503);
    assert.match(down.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    await settle(lines, 1);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.msg, 'request failed');
    assert.equal(lines[0]!.level, 40);
    assert.equal(lines[0]!.res.exc, 'EXC_SERVICE_UNAVAILABLE');
    assert.equal(lines[0]!.reqId, down.headers.get('x-request-id'));
  });
});

test('silent: no lines, and a request still gets its id', async () => {
  await withApp('silent', async (url, lines) => {
    const response = await fetch(`${url}/down`, { headers: { 'x-request-id': 'a b<script>' } });
    assert.match(response.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/, 'a hostile id is replaced');
    await settle(lines, 0);
    assert.equal(lines.length, 0);
  });
});

test('paths are logged by their route pattern, never with the cellphone or email they carry', async () => {
  await withApp('info', async (url, lines) => {
    assert.equal((await fetch(`${url}/api/v1/authentication/cellphone/09121234567`)).status, 200);
    assert.equal((await fetch(`${url}/api/v1/authentication/email/sara@example.com/verify?code=1`)).status, 404);
    assert.equal(
      (
        await fetch(
          `${url}/api/v1/authentication/cellphone/%DB%B0%DB%B9%DB%B1%DB%B2%DB%B1%DB%B2%DB%B3%DB%B4%DB%B5%DB%B6%DB%B7/x`,
        )
      ).status,
      404,
    );
    await settle(lines, 3);
    assert.deepEqual(
      lines.map((line) => line.req.path),
      [
        '/api/v1/authentication/cellphone/:cellphone',
        '/api/v1/authentication/email/:redacted/verify',
        '/api/v1/authentication/cellphone/:redacted/x',
      ],
    );
    const raw = JSON.stringify(lines);
    for (const personal of ['09121234567', 'sara', 'example.com', '%DB%B0'])
      assert.ok(!raw.includes(personal), `${personal} is not logged`);
  });
});

test('redactedPath keeps ordinary segments and drops the query string', () => {
  assert.equal(redactedPath('/api/v1/sessions/refresh?next=/x'), '/api/v1/sessions/refresh');
  assert.equal(
    redactedPath('/authentication/email/sara%40example.com/verify'),
    '/authentication/email/:redacted/verify',
  );
  assert.equal(redactedPath('/authentication/cellphone/+989121234567'), '/authentication/cellphone/:redacted');
});
