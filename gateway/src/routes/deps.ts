import type { AuthAdapter } from '../adapters/auth.ts';
import type { GatewayConfig } from '../config.ts';
import type { SessionCookies } from '../http/cookies.ts';
import type { AccessTokenVerifier } from '../http/access-tokens.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { RevokedSessions } from '../http/revoked-sessions.ts';

/** What route modules are built from. */
export interface RouteDeps {
  config: GatewayConfig;
  auth: AuthAdapter;
  cookies: SessionCookies;
  limits: RateLimits;
  verifyAccessToken: AccessTokenVerifier;
  revokedSessions: RevokedSessions;
}
