import type { AuthAdapter } from '../adapters/auth.ts';
import type { GatewayConfig } from '../config.ts';
import type { SessionCookies } from '../http/cookies.ts';
import type { RateLimits } from '../http/rate-limits.ts';

/** What route modules are built from. */
export interface RouteDeps {
  config: GatewayConfig;
  auth: AuthAdapter;
  cookies: SessionCookies;
  limits: RateLimits;
}
