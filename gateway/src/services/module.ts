// What the gateway knows of a service: one module per service declares how to reach it (its
// address variable, which scripts/system.ts's registry row names too), how to connect, and
// its routes. app.ts, config.ts and the route layer work from the list in ./index.ts, so
// adding a service adds a module and a line there, nothing else in the gateway.
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import type { Logger } from 'pino';
import type { SessionCookies } from '../http/cookies.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { RouteDefinition } from '../http/route.ts';
import type { SessionControl } from '../http/session.ts';

/** Every call to a service can fail this way; each module's routes declare them. */
export const SERVICE_ERRORS: readonly ExcCode[] = ['EXC_SERVICE_UNAVAILABLE', 'EXC_SERVICE_TIMEOUT'];

/** The gateway's own settings a module may read (never another module's address). */
export interface ModuleSettings {
  NODE_ENV: 'development' | 'test' | 'production';
  PUBLIC_WEB_URL: string;
  ACCESS_TOKEN_TTL_SECONDS: number;
}

export interface ModuleContext {
  settings: ModuleSettings;
  cookies: SessionCookies;
  limits: RateLimits;
  sessions: SessionControl;
  log: Logger;
}

export interface ConnectOptions {
  /** Default deadline of every call. */
  timeoutMs: number;
  /** Vouches for the caller of each call that acts for a user. */
  callerSigner: CallerSigner;
}

/** A connected service: its routes, its health and how to let go of it. */
export interface ConnectedService {
  /** `api`: under /api/v1; `dev`: under /api/dev, never mounted in production. */
  routes(context: ModuleContext): { api: RouteDefinition[]; dev?: RouteDefinition[] };
  /** The standard gRPC health check answers SERVING within `timeoutMs`. */
  isServing(timeoutMs: number): Promise<boolean>;
  /** The JWKS JSON access tokens are verified with; exactly one service (auth) provides it. */
  accessTokenKeys?(): Promise<string>;
  close(): void;
}

export interface ServiceModule {
  /** The registry part's name (scripts/system.ts). */
  name: string;
  /** The variable holding the service's gRPC address, and its development default. */
  address: { variable: string; default: string };
  connect(address: string, options: ConnectOptions): ConnectedService;
}
