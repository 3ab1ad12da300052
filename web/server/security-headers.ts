// Security headers on every response the web server sends (pages, assets, the /api proxy's
// answers unless the gateway sets its own, errors). Scripts run only from our origin or, inline,
// with this response's nonce: a fresh random value per request, handed to the server render
// (see app/entry.server.tsx) so React Router's and the app's inline scripts carry it.
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** HSTS is sent only in production (behind HTTPS); development runs on plain http. */
  production: boolean;
  /** Vite's development server: its HMR socket and the styles it injects need allowances. */
  viteDev: boolean;
}

/** The nonce of this response's Content-Security-Policy. */
export function cspNonce(res: Response): string {
  return (res.locals as { cspNonce: string }).cspNonce;
}

export function securityHeaders(options: SecurityHeadersOptions): RequestHandler[] {
  const assignNonce: RequestHandler = (_req, res, next) => {
    (res.locals as { cspNonce: string }).cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const nonceSource = (_req: unknown, res: unknown) => `'nonce-${cspNonce(res as Response)}'`;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource],
        // Inline styles stay allowed: react-aria positions overlays with style attributes and
        // sonner injects its stylesheet at run time. Scripts are what the nonce protects.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // Vite's HMR client talks over its own WebSocket in development.
        connectSrc: options.viteDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
  });
  return [assignNonce, headers as unknown as RequestHandler];
}
