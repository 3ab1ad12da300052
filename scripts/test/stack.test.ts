// The whole system started as `make dev` and the browser tests start it: every part ready,
// a login through the web app's /api proxy end to end, and nothing left running after stop().
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { grpcHealthy, isListening, startStack, StackError, type RunningStack } from '../stack.ts';
import { SYSTEM, startOrder } from '../system.ts';
import { testPostgresUrl } from '@darmankar/platform/testing';

/** A minimal cookie jar: name → value from Set-Cookie, sent back as one Cookie header. */
class CookieJar {
  readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = /max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function databaseExists(url: string): Promise<boolean> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** True once the event log holds an event on `topic` (the relay publishes within moments). */
async function eventuallyLogged(eventsUrl: string, topic: string, timeoutMs = 10_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: eventsUrl });
  await client.connect();
  try {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const exists = await client.query("SELECT to_regclass('event_log') IS NOT NULL AS ok");
      if (
        exists.rows[0].ok &&
        (await client.query('SELECT 1 FROM event_log WHERE topic = $1 LIMIT 1', [topic])).rowCount
      )
        return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

describe('system map', () => {
  test('every part starts after what it waits for', () => {
    const order = startOrder().map((part) => part.name);
    for (const part of SYSTEM) {
      for (const dependency of part.waitsFor) {
        assert.ok(order.indexOf(dependency) < order.indexOf(part.name), `${dependency} starts before ${part.name}`);
      }
    }
    // The services first, then the gateway that calls them, then the web app in front of it.
    assert.deepEqual(order.slice(-2), ['gateway', 'web']);
  });

  test('standard ports are distinct', () => {
    const ports = SYSTEM.map((part) => part.port);
    assert.equal(new Set(ports).size, ports.length);
  });
});

describe('a running stack', () => {
  let stack: RunningStack;
  const cellphone = `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

  before(async () => {
    stack = await startStack({ name: 'stacktest' });
  });

  after(async () => {
    await stack?.stop();
  });

  test('every part is ready', async () => {
    assert.equal(await grpcHealthy(stack.urls.auth), true, 'auth answers SERVING');
    const ready = await fetch(`${stack.gatewayUrl}/readyz`);
    assert.equal(ready.status, 200);
    const body = (await ready.json()) as { status: string; services: Record<string, string> };
    assert.equal(body.status, 'ready');
    // The stack starts every service of the registry, so the gateway sees each one serving.
    assert.deepEqual(
      Object.keys(body.services).sort(),
      (SYSTEM.find((p) => p.name === 'gateway')!.calls?.parts ?? []).slice().sort(),
    );
    for (const [name, state] of Object.entries(body.services)) assert.equal(state, 'serving', name);
    const web = await fetch(`${stack.webUrl}/healthz`);
    assert.equal(web.status, 200);
  });

  test('the web app renders its home page server-side, right to left', async () => {
    const response = await fetch(stack.webUrl);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<html[^>]*dir="rtl"/);
    assert.match(html, /<html[^>]*lang="fa"/);
  });

  test('the web app takes client error reports on its first-party /monitoring tunnel', async () => {
    // As a browser sends it from one of our pages: the tunnel refuses anything not same-origin.
    const post = (body: string) =>
      fetch(`${stack.webUrl}/monitoring`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.webUrl },
        body,
      });
    assert.equal((await post(JSON.stringify({ message: 'TypeError: x is undefined', path: '/login' }))).status, 204);
    const empty = await post(JSON.stringify({ path: '/login' }));
    assert.equal(empty.status, 400);
    assert.equal(empty.headers.get('exc'), 'EXC_BAD_REQUEST');
    assert.equal((await post('{not json')).status, 400);
    const large = await post(JSON.stringify({ message: 'x'.repeat(20_000) }));
    assert.equal(large.status, 413);
    assert.equal(large.headers.get('exc'), 'EXC_PAYLOAD_TOO_LARGE');
  });

  test('a person logs in by one-time code through the web app and logs out', async () => {
    const api = `${stack.webUrl}/api`;
    const jar = new CookieJar();

    const sent = await fetch(`${api}/v1/authentication/cellphone/${cellphone}`, { method: 'POST' });
    assert.equal(sent.status, 200, await sent.clone().text());

    const outbox = await fetch(`${api}/dev/outbox?to=${cellphone}`);
    assert.equal(outbox.status, 200);
    const { messages } = (await outbox.json()) as { messages: Array<{ code?: string; text: string }> };
    const code = messages.find((message) => message.code)?.code;
    assert.match(code ?? '', /^\d{4,8}$/, 'the outbox holds the code');

    const verified = await fetch(`${api}/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Cookie': 'true' },
      body: JSON.stringify({ code }),
    });
    assert.equal(verified.status, 200, await verified.clone().text());
    jar.take(verified);
    for (const name of ['at', 'rt', 'cd', 'cdv']) assert.ok(jar.cookies.has(name), `cookie ${name} is set`);
    const clientData = JSON.parse(Buffer.from(decodeURIComponent(jar.cookies.get('cd')!), 'base64').toString('utf8'));
    assert.equal(clientData.isLoggedIn, true);

    // The new user's registration travels outbox → relay → the event log of the stack.
    assert.ok(
      await eventuallyLogged(stack.eventsDatabaseUrl, 'auth.user.v1'),
      'auth.user.v1 event reaches the event log',
    );

    const mine = await fetch(`${api}/v1/authentication/cellphone`, { headers: { Cookie: jar.header() } });
    assert.equal(mine.status, 200, await mine.clone().text());
    assert.equal(((await mine.json()) as { cellphone: string }).cellphone, cellphone);

    const refreshed = await fetch(`${api}/v1/sessions/refresh`, {
      headers: { Cookie: jar.header(), 'Accept-Cookie': 'true' },
    });
    assert.equal(refreshed.status, 204, await refreshed.clone().text());
    const oldRefresh = jar.cookies.get('rt');
    jar.take(refreshed);
    assert.notEqual(jar.cookies.get('rt'), oldRefresh, 'refresh rotates the refresh token');

    const loggedOut = await fetch(`${api}/v1/authentication/logout`, {
      method: 'DELETE',
      headers: { Cookie: jar.header(), 'Accept-Cookie': 'true' },
    });
    assert.equal(loggedOut.status, 204);
    jar.take(loggedOut);
    assert.equal(jar.cookies.has('at'), false, 'the access cookie is cleared');

    const afterLogout = await fetch(`${api}/v1/authentication/cellphone`, { headers: { Cookie: jar.header() } });
    assert.equal(afterLogout.status, 401);
    assert.equal(afterLogout.headers.get('exc'), 'EXC_AUTHENTICATION_REQUIRED');
  });

  // Last in this group: it takes the auth service down.
  test('a part that dies on its own is reported as crashed', async () => {
    process.kill(stack.pids.auth, 'SIGKILL');
    const crash = await Promise.race([
      stack.crashed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no crash reported')), 5_000)),
    ]);
    assert.equal(crash.part, 'auth');
    assert.notEqual(crash.code, 0);
  });
});

describe('stopping', () => {
  test('stop() leaves no part running or listening and drops the test databases', async () => {
    const stack = await startStack({ name: 'stoptest' });
    const ports = Object.values(stack.urls).map((address) => Number(address.split(':').at(-1)));
    for (const port of ports) assert.equal(await isListening(port), true, `port ${port} listens while running`);
    await stack.stop();
    for (const port of ports) assert.equal(await isListening(port), false, `port ${port} is free after stop`);
    for (const [name, pid] of Object.entries(stack.pids))
      assert.equal(processAlive(pid), false, `${name} (pid ${pid}) has exited`);
    for (const url of [...Object.values(stack.databaseUrls), stack.eventsDatabaseUrl]) {
      assert.equal(await databaseExists(url!), false, `test database ${new URL(url!).pathname} dropped`);
    }
  });

  test('a port in use is a clear error, not a hang', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      await assert.rejects(startStack({ name: 'porttest', ports: { gateway: port } }), (error: unknown) => {
        assert.ok(error instanceof StackError);
        assert.match(error.message, new RegExp(`port ${port} \\(gateway\\) is already in use`));
        return true;
      });
    } finally {
      blocker.close();
    }
  });
});
