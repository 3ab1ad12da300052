// The web server's Express app: security headers on everything, the first-party /monitoring
// tunnel, /api proxied to the gateway with the client's address as worked out here, then the
// SSR app (the production build, or Vite's middleware in development).
import compression from 'compression';
import express, { type Express, type Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createRequestHandler } from '@react-router/express';
import type { ServerBuild } from 'react-router';
import { createLogger } from '@darmankar/platform/log';
import { createRequestContext } from '../app/lib/request-context.ts';
import { dropClientForwardingHeaders, forwardingHeaders } from './client-address.ts';
import type { WebConfig } from './config.ts';
import { monitoringRouter } from './monitoring.ts';
import { cspNonce, securityHeaders } from './security-headers.ts';

export interface WebApp {
  app: Express;
  /** Stops what the app started besides the HTTP server (Vite's dev server). */
  close(): Promise<void>;
}

const WEB_ROOT = new URL('../', import.meta.url);

function forwardedRequest(req: Request) {
  return { clientAddress: req.ip, protocol: req.protocol, host: req.get('host') };
}

export interface WebAppOptions {
  /** Vite's hot reload socket (a fixed port of its own); tests running several servers turn it off. */
  hmr?: boolean;
}

export async function createWebApp(config: WebConfig, options: WebAppOptions = {}): Promise<WebApp> {
  const isProduction = config.NODE_ENV === 'production';
  const log = createLogger('web', config.LOG_LEVEL);
  const app = express();
  app.disable('x-powered-by');
  // req.ip is the client: the socket's peer unless TRUST_PROXY names the hops in front of us.
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(securityHeaders({ production: isProduction, viteDev: !isProduction }));

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });

  app.use(
    '/monitoring',
    monitoringRouter({
      log: log.child({ component: 'client-report' }),
      publicOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined,
      points: config.MONITORING_RATE_LIMIT_POINTS,
      windowSeconds: config.MONITORING_RATE_LIMIT_WINDOW_SECONDS,
    }),
  );

  // Mounting at /api strips the prefix, so the target carries it back. The gateway gets our
  // forwarding headers only: what the client claimed is dropped, never appended to.
  app.use(
    '/api',
    (req, _res, next) => {
      const ours = forwardingHeaders(forwardedRequest(req));
      dropClientForwardingHeaders(req.headers);
      Object.assign(req.headers, ours);
      next();
    },
    createProxyMiddleware({ target: `${config.GATEWAY_URL}/api`, changeOrigin: true, xfwd: false }),
  );

  app.use(compression());

  // Each render learns the client's address (for its calls to the gateway) and the CSP nonce.
  const getLoadContext = (req: Request, res: express.Response) =>
    createRequestContext({ clientAddress: req.ip, cspNonce: cspNonce(res) });

  if (isProduction) {
    const buildDir = new URL('build/', WEB_ROOT);
    app.use('/assets', express.static(new URL('client/assets', buildDir).pathname, { immutable: true, maxAge: '1y' }));
    app.use(express.static(new URL('client', buildDir).pathname, { maxAge: '1h' }));
    const build = (await import(new URL('server/index.js', buildDir).href)) as ServerBuild;
    app.all('/{*splat}', createRequestHandler({ build, mode: 'production', getLoadContext }));
    return { app, close: async () => {} };
  }

  const vite = await import('vite');
  const devServer = await vite.createServer({
    root: WEB_ROOT.pathname,
    server: { middlewareMode: true, ...(options.hmr === false ? { hmr: false } : {}) },
    logLevel: options.hmr === false ? 'warn' : 'info',
  });
  app.use(devServer.middlewares);
  app.all('/{*splat}', async (req, res, next) => {
    try {
      const build = (await devServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return createRequestHandler({ build, mode: 'development', getLoadContext })(req, res, next);
    } catch (error) {
      if (error instanceof Error) devServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  return { app, close: () => devServer.close() };
}
