// The web server: serves the SSR app and proxies /api to the gateway so the browser
// talks to one origin (cookies stay first-party).
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createRequestHandler } from '@react-router/express';
import type { ServerBuild } from 'react-router';
import { createLogger } from '@darmankar/platform/log';

const PORT = Number(process.env.PORT ?? 3000);
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const isProduction = process.env.NODE_ENV === 'production';

const app = express();
app.disable('x-powered-by');

app.get('/healthz', (_req, res) => {
  res.type('text/plain').send('ok');
});

// First-party tunnel for client-side error reports (spec §7 "Other"): the browser reports what
// it could not show (an error message that is not an EXC_ code) here, so the report reaches our
// logs without a third-party origin. Only the message and the page path are kept.
const monitoringLog = createLogger('web').child({ component: 'client-report' });
app.post('/monitoring', express.json({ limit: '8kb', type: () => true }), (req, res) => {
  const { message, path } = (req.body ?? {}) as { message?: unknown; path?: unknown };
  if (typeof message !== 'string' || message.length === 0 || message.length > 2000) {
    res.status(400).set('exc', 'EXC_BAD_REQUEST').end();
    return;
  }
  monitoringLog.warn({ report: message, path: typeof path === 'string' ? path.slice(0, 500) : undefined }, 'client error report');
  res.status(204).end();
});
app.use('/monitoring', ((error, _req, res, _next) => {
  const tooLarge = (error as { status?: number }).status === 413;
  res.status(tooLarge ? 413 : 400).set('exc', tooLarge ? 'EXC_PAYLOAD_TOO_LARGE' : 'EXC_BAD_REQUEST').end();
}) as express.ErrorRequestHandler);

// Mounting at /api strips the prefix, so the target carries it back.
app.use(
  '/api',
  createProxyMiddleware({ target: `${GATEWAY_URL}/api`, changeOrigin: true, xfwd: true }),
);

app.use(compression());

if (isProduction) {
  const buildDir = new URL('./build/', import.meta.url);
  app.use(
    '/assets',
    express.static(new URL('client/assets', buildDir).pathname, { immutable: true, maxAge: '1y' }),
  );
  app.use(express.static(new URL('client', buildDir).pathname, { maxAge: '1h' }));
  const build = (await import(new URL('server/index.js', buildDir).href)) as ServerBuild;
  app.all('/{*splat}', createRequestHandler({ build, mode: 'production' }));
} else {
  const vite = await import('vite');
  const devServer = await vite.createServer({
    root: new URL('.', import.meta.url).pathname,
    server: { middlewareMode: true },
  });
  app.use(devServer.middlewares);
  app.all('/{*splat}', async (req, res, next) => {
    try {
      const build = (await devServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return createRequestHandler({ build, mode: 'development' })(req, res, next);
    } catch (error) {
      if (error instanceof Error) devServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

const server = app.listen(PORT, () => {
  console.log(`web listening on http://127.0.0.1:${PORT} (gateway ${GATEWAY_URL})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
