// The gateway: /api/v1 REST mapped onto the services' gRPC contracts, with sessions,
// rate limits, errors and the API documentation at the edge. The services come from
// ./services (one module each); nothing here names one.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import swaggerUi from 'swagger-ui-express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createCallerSigner } from '@darmankar/platform/caller-identity';
import { createLogger } from '@darmankar/platform/log';
import { addressOf, type GatewayConfig } from './config.ts';
import { createAccessTokenVerifier } from './http/access-tokens.ts';
import { createSessionCookies } from './http/cookies.ts';
import { clientErrorHandler, errorHandler, notFound } from './http/errors.ts';
import { createRateLimits, type RateLimitBudget } from './http/rate-limits.ts';
import { beginRequest } from './http/request-log.ts';
import { addRoutes, withErrors, type RouteDefinition } from './http/route.ts';
import {
  createInProcessRevokedSessions,
  createRedisRevokedSessions,
  type RevokedSessions,
} from './http/revoked-sessions.ts';
import { createSessionControl, createSessionResolver } from './http/session.ts';
import { buildOpenApi, type RouteGroup } from './openapi.ts';
import { devOutboxRoutes } from './routes/dev-outbox.ts';
import { healthRoutes } from './routes/health.ts';
import { pingRoutes } from './routes/ping.ts';
import { SERVICE_MODULES } from './services/index.ts';
import { SERVICE_ERRORS, type ConnectedService, type ModuleContext, type ServiceModule } from './services/module.ts';

/** A service module connected to its configured address. */
export interface Connection {
  module: ServiceModule;
  service: ConnectedService;
}

export interface GatewayDeps {
  /** The connected services (see `connectServices`). */
  services: readonly Connection[];
  /** Redis for rate-limit counters shared by every gateway replica; in-process when absent. */
  rateLimitStore?: Redis;
  /** Sessions ended by logout; in-process when absent. */
  revokedSessions?: RevokedSessions;
  log?: Logger;
  /** Milliseconds since the epoch that token expiry is judged by; tests move it instead of sleeping. */
  clock?: () => number;
}

/** Connects every service module to its configured address; clients connect lazily. */
export function connectServices(
  config: GatewayConfig,
  modules: readonly ServiceModule[] = SERVICE_MODULES,
): Connection[] {
  const callerSigner = createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY });
  return modules.map((module) => ({
    module,
    service: module.connect(addressOf(config, module), { timeoutMs: config.GRPC_TIMEOUT_MS, callerSigner }),
  }));
}

function accessTokenKeySource(services: readonly Connection[]): () => Promise<string> {
  const providers = services.filter(({ service }) => service.accessTokenKeys);
  if (providers.length !== 1)
    throw new Error(`exactly one service must provide the access-token keys, found ${providers.length}`);
  const provider = providers[0]!.service;
  return () => provider.accessTokenKeys!();
}

function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export interface RouteGroups {
  v1: RouteGroup;
  /** Development helpers; absent in production. */
  dev?: RouteGroup;
  probes: RouteGroup;
}

/** The gateway's route groups: /api/v1, /api/dev outside production, and the probes. */
export function routeGroups(
  config: GatewayConfig,
  services: readonly Connection[],
  context: ModuleContext,
): RouteGroups {
  const api: RouteDefinition[] = [...pingRoutes()];
  for (const { service } of services) api.push(...service.routes(context).api);
  const outboxes = services.flatMap(({ service }) => (service.devOutbox ? [service.devOutbox] : []));
  const dev = withErrors(devOutboxRoutes(outboxes, context.log), SERVICE_ERRORS);
  return {
    // EXC_HEADERS_TOO_LARGE and EXC_REQUEST_TIMEOUT come from the server's parser (clientErrorHandler), before any route.
    v1: {
      prefix: '/api/v1',
      routes: api,
      commonErrors: [
        'EXC_BAD_REQUEST',
        'EXC_PAYLOAD_TOO_LARGE',
        'EXC_TOO_MANY_REQUESTS',
        'EXC_HEADERS_TOO_LARGE',
        'EXC_REQUEST_TIMEOUT',
      ],
    },
    dev:
      config.NODE_ENV === 'production'
        ? undefined
        : { prefix: '/api/dev', routes: dev, commonErrors: ['EXC_TOO_MANY_REQUESTS'] },
    probes: {
      prefix: '',
      routes: healthRoutes(
        services.map(({ module, service }) => ({ name: module.name, isServing: (ms) => service.isServing(ms) })),
      ),
      commonErrors: [],
    },
  };
}

/** Every module's rate-limit budgets by name, from its settings in the configuration; a name used twice is refused. */
export function moduleBudgets(
  config: GatewayConfig,
  modules: readonly ServiceModule[],
): Record<string, RateLimitBudget> {
  const budgets: Record<string, RateLimitBudget> = {};
  for (const module of modules) {
    for (const [name, budget] of Object.entries(module.rateLimits?.(config) ?? {})) {
      if (Object.hasOwn(budgets, name))
        throw new Error(`the rate-limit budget ${name} of the ${module.name} module is declared twice`);
      budgets[name] = budget;
    }
  }
  return budgets;
}

/** What the gateway's routes share: cookies, limits, session control and the caller resolver. */
export function createContext(config: GatewayConfig, deps: GatewayDeps) {
  const log = deps.log ?? createLogger('gateway', config.LOG_LEVEL);
  const cookies = createSessionCookies({ secure: config.COOKIE_SECURE, now: deps.clock });
  const verifyAccessToken = createAccessTokenVerifier(accessTokenKeySource(deps.services), deps.clock);
  const revokedSessions = deps.revokedSessions ?? createInProcessRevokedSessions(deps.clock);
  const context: ModuleContext = {
    settings: {
      NODE_ENV: config.NODE_ENV,
      PUBLIC_WEB_URL: config.PUBLIC_WEB_URL,
      ACCESS_TOKEN_TTL_SECONDS: config.ACCESS_TOKEN_TTL_SECONDS,
    },
    cookies,
    limits: createRateLimits(
      config,
      moduleBudgets(
        config,
        deps.services.map(({ module }) => module),
      ),
      deps.rateLimitStore,
    ),
    sessions: createSessionControl(verifyAccessToken, revokedSessions, {
      cookies,
      accessTokenTtlMs: config.ACCESS_TOKEN_TTL_SECONDS * 1000,
      now: deps.clock,
    }),
    log,
  };
  return { context, resolveUserId: createSessionResolver(verifyAccessToken, revokedSessions, cookies) };
}

export function createGateway(config: GatewayConfig, deps: GatewayDeps): Express {
  const { context, resolveUserId } = createContext(config, deps);
  const { log } = context;
  const { v1, dev, probes } = routeGroups(config, deps.services, context);
  const openapi = buildOpenApi([v1, ...(dev ? [dev] : []), probes]);
  const mount = (group: RouteGroup) =>
    addRoutes(app, group.prefix, group.routes, {
      resolveUserId,
      commonErrors: group.commonErrors,
      strictErrors: config.NODE_ENV !== 'production',
      onUndeclared: (route, codes) =>
        log.error(
          { route: `${route.methods.join(',')} ${group.prefix}${route.path}`, codes },
          'route answered codes it does not declare',
        ),
    });

  const app = express();
  app.disable('x-powered-by');
  // API answers are not revalidated by ETag (token answers are no-store; the files module sets
  // its own for images), and hashing every JSON body was a measurable share of a cheap call.
  app.set('etag', false);
  app.set('trust proxy', trustProxy(config.TRUST_PROXY));
  app.use(edge(beginRequest(log), context.limits.perIp));
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  // The UI is a page of third-party scripts nobody needs in production; the document stays.
  if (config.API_DOCS_ENABLED)
    app.use('/api/docs', swaggerUi.serve, swaggerUi.setup(openapi, { customSiteTitle: 'Darmankar API' }));
  // Each group's routes sit on the app itself under their prefix, not in a router of their own
  // (one router walk less per request); probes come after, so API requests never test them.
  mount(v1);
  if (dev) mount(dev);
  mount(probes);

  app.use(notFound);
  app.use(errorHandler(log));
  return app;
}

/** `/api` and everything under it, as `app.use('/api', ...)` would match it (any case). */
function isApiPath(path: string): boolean {
  return (
    (path.length === 4 || path.charCodeAt(4) === 47) /* / */ &&
    (path.startsWith('/api') || path.slice(0, 4).toLowerCase() === '/api')
  );
}

/**
 * What every request gets before routing, as one middleware rather than one per concern (each
 * layer is a step of the router's walk, and `/api` a prefix cut from the URL and restored):
 * its id and access log, then, under /api, the per-IP limit.
 */
function edge(begin: (req: Request, res: Response) => void, limitPerIp: RequestHandler): RequestHandler {
  return (req, res, next) => {
    begin(req, res);
    if (isApiPath(req.path)) limitPerIp(req, res, next);
    else next();
  };
}

export interface RunningGateway {
  port: number;
  stop(): Promise<void>;
}

/**
 * Waits briefly for Redis; if it is not there yet the in-process limiter stands in.
 *
 * A request must never wait on Redis for long. Unreachable is easy: the connection is down,
 * and without an offline queue every command fails at once. Frozen (a stopped process, a
 * dead peer behind a live socket) is not: the connection stays "ready" and commands would
 * wait forever. So every command gives up after `commandTimeoutMs`, and a socket that has
 * not answered a written command within that time is dropped (`socketTimeout`), which puts
 * the connection back to reconnecting: later commands then fail at once instead of each
 * waiting out its timeout, until Redis answers again.
 */
async function connectRedis(url: string, commandTimeoutMs: number, log: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    socketTimeout: commandTimeoutMs,
  });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned) log.warn({ err: error }, 'redis unavailable: rate limits fall back to in-process counters');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  // Not events.once: it would reject on the first connection error, and a Redis that is down
  // or frozen at start-up must not stop the gateway from starting.
  await Promise.race([
    new Promise((resolve) => redis.once('ready', resolve)),
    new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
  ]);
  return redis;
}

export async function startGateway(
  config: GatewayConfig,
  options: Pick<GatewayDeps, 'clock'> = {},
): Promise<RunningGateway> {
  const log = createLogger('gateway', config.LOG_LEVEL);
  const services = connectServices(config);
  const rateLimitStore = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS, log)
    : undefined;
  const revokedSessions = rateLimitStore
    ? await createRedisRevokedSessions(rateLimitStore, config.REVOKED_SESSIONS_KEY_PREFIX, log, options.clock)
    : createInProcessRevokedSessions(options.clock);
  const app = createGateway(config, { services, rateLimitStore, revokedSessions, log, clock: options.clock });

  const server = app.listen(config.PORT, config.HOST);
  // Requests Node's parser refuses (heads over the size limit, malformed lines) get an EXC answer too.
  server.on('clientError', clientErrorHandler(log));
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  log.info(
    {
      port,
      services: Object.fromEntries(services.map(({ module }) => [module.name, addressOf(config, module)])),
      rateLimits: rateLimitStore ? 'redis' : 'in-process',
    },
    'gateway listening',
  );

  return {
    port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      for (const { service } of services) service.close();
      revokedSessions.close();
      rateLimitStore?.disconnect();
    },
  };
}
