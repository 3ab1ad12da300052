// The gateway: /api/v1 REST mapped onto the services' gRPC contracts, with sessions,
// rate limits, errors and the API documentation at the edge.
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import swaggerUi from 'swagger-ui-express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createLogger } from '@darmankar/platform/log';
import { createAuthAdapter, type AuthAdapter } from './adapters/auth.ts';
import type { GatewayConfig } from './config.ts';
import { createAccessTokenVerifier } from './http/access-tokens.ts';
import { createSessionCookies } from './http/cookies.ts';
import { errorHandler, notFound } from './http/errors.ts';
import { createRateLimits } from './http/rate-limits.ts';
import { requestLog } from './http/request-log.ts';
import { mountRoutes } from './http/route.ts';
import { createInProcessRevokedSessions, createRedisRevokedSessions, type RevokedSessions } from './http/revoked-sessions.ts';
import { createSessionResolver } from './http/session.ts';
import { buildOpenApi, type RouteGroup } from './openapi.ts';
import { authenticationRoutes } from './routes/authentication.ts';
import type { RouteDeps } from './routes/deps.ts';
import { devRoutes } from './routes/dev.ts';
import { healthRoutes } from './routes/health.ts';
import { pingRoutes } from './routes/ping.ts';
import { sessionRoutes } from './routes/sessions.ts';

export interface GatewayDeps {
  auth: AuthAdapter;
  /** Redis for rate-limit counters shared by every gateway replica; in-process when absent. */
  rateLimitStore?: Redis;
  /** Sessions ended by logout; in-process when absent. */
  revokedSessions?: RevokedSessions;
  log?: Logger;
}

function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function createGateway(config: GatewayConfig, deps: GatewayDeps): Express {
  const log = deps.log ?? createLogger('gateway', config.LOG_LEVEL);
  const cookies = createSessionCookies({ secure: config.COOKIE_SECURE });
  const verifyAccessToken = createAccessTokenVerifier(() => deps.auth.signingKeys({ requestId: randomUUID() }));
  const revokedSessions = deps.revokedSessions ?? createInProcessRevokedSessions();
  const userIdOf = createSessionResolver(verifyAccessToken, revokedSessions, cookies);
  const limits = createRateLimits(config, deps.rateLimitStore);
  const routeDeps: RouteDeps = { config, auth: deps.auth, cookies, limits, verifyAccessToken, revokedSessions };

  const v1: RouteGroup = {
    prefix: '/api/v1',
    routes: [...pingRoutes(), ...sessionRoutes(routeDeps), ...authenticationRoutes(routeDeps)],
    commonErrors: ['EXC_BAD_REQUEST', 'EXC_PAYLOAD_TOO_LARGE', 'EXC_TOO_MANY_REQUESTS'],
  };
  const dev: RouteGroup | undefined = config.NODE_ENV === 'production' ? undefined : { prefix: '/api/dev', routes: devRoutes(routeDeps), commonErrors: ['EXC_TOO_MANY_REQUESTS'] };
  const probes: RouteGroup = { prefix: '', routes: healthRoutes(routeDeps), commonErrors: [] };
  const openapi = buildOpenApi([v1, ...(dev ? [dev] : []), probes]);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(config.TRUST_PROXY));
  app.use(requestLog(log));
  app.use('/api', limits.perIp);
  app.get('/api/v1/openapi.json', (_req, res) => { res.json(openapi); });
  app.use('/api/docs', swaggerUi.serve, swaggerUi.setup(openapi, { customSiteTitle: 'Darmankar API' }));
  app.use(v1.prefix, mountRoutes(v1.routes, userIdOf));
  if (dev) app.use(dev.prefix, mountRoutes(dev.routes, userIdOf));
  // Probes live outside /api; mounted after it so API requests do not walk their router first.
  app.use(mountRoutes(probes.routes, userIdOf));

  app.use(notFound);
  app.use(errorHandler(log));
  return app;
}

export interface RunningGateway {
  port: number;
  stop(): Promise<void>;
}

/** Waits briefly for Redis; if it is not there yet the in-process limiter stands in. */
async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned) log.warn({ err: error }, 'redis unavailable: rate limits fall back to in-process counters');
    warned = true;
  });
  redis.on('ready', () => { warned = false; });
  await Promise.race([once(redis, 'ready'), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  return redis;
}

export async function startGateway(config: GatewayConfig): Promise<RunningGateway> {
  const log = createLogger('gateway', config.LOG_LEVEL);
  const auth = createAuthAdapter(config.AUTH_GRPC_URL, { timeoutMs: config.GRPC_TIMEOUT_MS });
  const rateLimitStore = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log) : undefined;
  const revokedSessions = rateLimitStore
    ? await createRedisRevokedSessions(rateLimitStore, config.REVOKED_SESSIONS_KEY_PREFIX, log)
    : createInProcessRevokedSessions();
  const app = createGateway(config, { auth, rateLimitStore, revokedSessions, log });

  const server = app.listen(config.PORT, config.HOST);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  log.info({ port, auth: config.AUTH_GRPC_URL, rateLimits: rateLimitStore ? 'redis' : 'in-process' }, 'gateway listening');

  return {
    port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      auth.close();
      revokedSessions.close();
      rateLimitStore?.disconnect();
    },
  };
}
