// The web server: serves the SSR app and proxies /api to the gateway so the browser
// talks to one origin (cookies stay first-party).
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createRequestHandler } from '@react-router/express';
import type { ServerBuild } from 'react-router';

const PORT = Number(process.env.PORT ?? 3000);
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const isProduction = process.env.NODE_ENV === 'production';

const app = express();
app.disable('x-powered-by');

app.get('/healthz', (_req, res) => {
  res.type('text/plain').send('ok');
});

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
