// What the gateway knows of a service: one module per service declares how to reach it (its
// address variable, which scripts/system.ts's registry row names too), its own settings and
// rate-limit budgets, how to connect, and its routes. app.ts, config.ts and the route layer
// work from the list in ./index.ts, so adding a service adds a module and a line there,
// nothing else in the gateway. This file and the modules import the generic layer (../http),
// never config.ts or app.ts: those import the modules (the import check refuses a circle).
import type { CallerSigner } from '@darmankar/platform/caller-identity';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { SessionCookies } from '../http/cookies.ts';
import type { RateLimitBudget, RateLimits } from '../http/rate-limits.ts';
import type { RouteDefinition } from '../http/route.ts';
import type { DevOutboxReader } from '../routes/dev-outbox.ts';
import type { SessionControl } from '../http/session.ts';

/** Every call to a service can fail this way; each module's routes declare them. */
export const SERVICE_ERRORS: readonly ExcCode[] = ['EXC_SERVICE_UNAVAILABLE', 'EXC_SERVICE_TIMEOUT'];

/** A module setting that is a positive whole number (a budget's points or window), with its default. */
export const positiveIntSetting = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
  /** Its routes under /api/v1. */
  routes(context: ModuleContext): { api: RouteDefinition[] };
  /** Its development outbox, merged into /api/dev/outbox (never mounted in production). */
  devOutbox?: DevOutboxReader;
  /** The standard gRPC health check answers SERVING within `timeoutMs`. */
  isServing(timeoutMs: number): Promise<boolean>;
  /** The JWKS JSON access tokens are verified with; exactly one service (auth) provides it. */
  accessTokenKeys?(): Promise<string>;
  close(): void;
}

export interface ServiceModule<Settings extends z.ZodRawShape = z.ZodRawShape> {
  /** The registry part's name (scripts/system.ts). */
  name: string;
  /** The variable holding the service's gRPC address, and its development default. */
  address: { variable: string; default: string };
  /**
   * The module's own environment variables, each with its default; config.ts adds them to the
   * gateway's configuration (a variable declared twice stops the gateway at start-up).
   */
  settings?: Settings;
  /**
   * The module's rate-limit budgets by name, from its parsed settings; its routes spend them
   * with `context.limits.consume(res, [[name, key], …])`. Each counts under
   * `<RATE_LIMIT_KEY_PREFIX>:<name>`, so names are unique across modules.
   */
  rateLimits?(settings: z.output<z.ZodObject<Settings>>): Record<string, RateLimitBudget>;
  connect(address: string, options: ConnectOptions): ConnectedService;
}
