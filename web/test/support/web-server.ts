// The web server in this process, in front of a small HTTP server that stands in for the
// gateway and records what reaches it. Development mode (Vite middleware) needs no build;
// production mode serves web/build and is used when the build is there.
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebApp } from '../../server/app.ts';
import { parseWebConfig } from '../../server/config.ts';

export const BUILD_PRESENT = existsSync(new URL('../../build/server/index.js', import.meta.url));

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingGateway {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Answers every call as the gateway would a successful code send; records the headers. */
export async function startRecordingGateway(): Promise<RecordingGateway> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method!, url: req.url!, headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ resendAfterSeconds: 120 }));
  });
  const url = await listen(server);
  return { url, requests, close: () => close(server) };
}

export interface RunningWeb {
  url: string;
  close(): Promise<void>;
}

/**
 * The app's own modules read their settings (GATEWAY_URL, COOKIE_SECURE …) from the process's
 * environment once, as in a real start, so `env` goes there too: every web server started in
 * one test process must agree on those.
 */
export async function startWeb(env: Record<string, string>): Promise<RunningWeb> {
  const config = parseWebConfig({ LOG_LEVEL: 'warn', ...env });
  if (env.GATEWAY_URL) process.env.GATEWAY_URL = env.GATEWAY_URL;
  const { app, close: closeApp } = await createWebApp(config, { hmr: false });
  const server = createServer(app);
  const url = await listen(server);
  return {
    url,
    close: async () => {
      await close(server);
      await closeApp();
    },
  };
}
