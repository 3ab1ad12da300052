// `make dev`: everything a fresh machine needs to run the whole product, then the product.
// Installs dependencies when missing, generates Prisma clients, starts an embedded Postgres
// (data in .data/postgres, kept between runs) unless DATABASE_URL names a server, starts the
// stack of scripts/system.ts on the standard ports, seeds demo data and prints how to use it.
// Ctrl-C stops everything, the embedded Postgres included.
import path from 'node:path';
import { ensureInstalled } from './lib/install.mjs';
import { REPO_ROOT } from './lib/run.mjs';

const EMBEDDED_POSTGRES_PORT = 54329;
const DEMO_CELLPHONE = '09120000000';

function fail(message) {
  console.error(`\n\x1b[31mmake dev: ${message}\x1b[0m`);
  process.exit(1);
}

async function startPostgres() {
  if (process.env.DATABASE_URL) {
    const { postgresAnswers } = await import('./lib/postgres.mjs');
    if (!(await postgresAnswers(process.env.DATABASE_URL))) {
      fail(
        `DATABASE_URL (${redact(process.env.DATABASE_URL)}) does not answer: start that server or unset DATABASE_URL to use the embedded one`,
      );
    }
    console.log(`using the Postgres server of DATABASE_URL (${redact(process.env.DATABASE_URL)})`);
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  const { startPostgresProcess } = await import('./lib/postgres.mjs');
  console.log(`starting the embedded Postgres (data in .data/postgres, port ${EMBEDDED_POSTGRES_PORT})`);
  const server = await startPostgresProcess({
    dataDir: path.join(REPO_ROOT, '.data/postgres'),
    port: EMBEDDED_POSTGRES_PORT,
  });
  return server;
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** `parts`: the registry (scripts/system.ts), for the address of every gRPC service. */
function printWelcome(stack, parts) {
  const gateway = stack.gatewayUrl;
  // Labels padded to the longest one, so every address starts in one column.
  const services = parts.filter((part) => part.readiness.kind === 'grpc-health');
  const rows = [
    ['web app', `${stack.webUrl}   ${HOT ? '(Vite, hot reload)' : '(built; `make dev HOT=1` for hot reload)'}`],
    ['gateway (REST)', `${gateway}/api/v1`],
    ['API docs', `${gateway}/api/docs`],
    ['OpenAPI', `${gateway}/api/v1/openapi.json`],
    ['dev outbox', `${gateway}/api/dev/outbox?to=<cellphone or email>`],
    ...services.map((part) => [`${part.name} (gRPC)`, stack.urls[part.name]]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  const lines = [
    '',
    '\x1b[1mDarmankar (درمانکار) is running\x1b[0m',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
    '',
    '  Log in: open the web app, or by curl:',
    `    curl -X POST ${gateway}/api/v1/authentication/cellphone/${DEMO_CELLPHONE}`,
    `    curl '${gateway}/api/dev/outbox?to=${DEMO_CELLPHONE}'      # the newest message with "code"`,
    `    curl -c jar -H 'Accept-Cookie: true' -H 'Content-Type: application/json' \\`,
    `      -X POST '${gateway}/api/v1/authentication/cellphone/${DEMO_CELLPHONE}/verify?next=Login' -d '{"code":"<code>"}'`,
    `    curl -b jar ${gateway}/api/v1/authentication/cellphone`,
    '  (any cellphone 09xxxxxxxxx works; the code is never sent as SMS in development.)',
    '',
    '  Ctrl-C stops everything; the data stays in .data/postgres for the next run.',
    '',
  ];
  console.log(lines.join('\n'));
}

/** `make dev HOT=1` (or DEV_WEB=hot): the web app through Vite with hot reload. */
const HOT = process.env.HOT === '1' || process.env.DEV_WEB === 'hot';

async function main() {
  try {
    await ensureInstalled();
    const { generatePrismaClients } = await import('./generate.mjs');
    await generatePrismaClients();
  } catch (error) {
    fail(error.message);
  }

  // The web app from its build (rebuilt when stale) unless HOT: a Vite development server
  // holds about a gigabyte more (docs/performance.md). It builds while the services start.
  let webBuild;
  if (!HOT) {
    const { ensureWebBuild } = await import('./lib/web-build.mjs');
    webBuild = ensureWebBuild({ hint: '; `make dev HOT=1` serves it with hot reload instead' });
    webBuild.catch(() => {}); // reported by startStack, which waits for it
  }

  let postgres;
  try {
    postgres = await startPostgres();
  } catch (error) {
    fail(error.message);
  }

  // From here on TypeScript: the stack and the system map are shared with the tests.
  const { register } = await import('tsx/esm/api');
  register();
  const { startStack, seedDemoData } = await import('./stack.ts');
  const { SYSTEM } = await import('./system.ts');

  let stack;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await stack?.stop().catch((error) => console.error(error.message));
    await postgres.stop().catch((error) => console.error(error.message));
    console.log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  try {
    stack = await startStack({ name: 'dev', postgresUrl: postgres.url, webMode: HOT ? 'dev' : 'production', webBuild });
    await seedDemoData(stack);
  } catch (error) {
    console.error(`\n\x1b[31mmake dev: ${error.message}\x1b[0m`);
    await shutdown(1);
    return;
  }
  printWelcome(stack, SYSTEM);
  const { part, code } = await stack.crashed;
  console.error(
    `\n\x1b[31mmake dev: ${part} exited with code ${code}; stopping everything (its output is above)\x1b[0m`,
  );
  await shutdown(1);
}

await main();
