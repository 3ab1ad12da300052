// Between "send code" and "verify", the web server remembers which number the code went to
// and when a resend is allowed, in its own short-lived httpOnly cookie: this works without
// JavaScript and keeps the number out of URLs.
import { createCookie, type Cookie } from 'react-router';
import { webConfig } from '../../server/config.ts';

export interface LoginState {
  cellphone: string;
  /** Epoch milliseconds after which a new code may be requested. */
  resendAt: number;
}

/**
 * The cookie is host-only (no Domain) with path `/`; when it is `Secure` (COOKIE_SECURE, true
 * by default in production) it also carries the `__Host-` prefix, so the browser refuses a
 * copy planted by a sibling subdomain or over plain http. Without Secure the prefix would make
 * browsers drop the cookie, so plain-http development keeps the bare name.
 */
export function createLoginStateCookie(options: { secure: boolean }): Cookie {
  return createCookie(options.secure ? '__Host-dk_login' : 'dk_login', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 15 * 60,
    secure: options.secure,
  });
}

let configuredCookie: Cookie | undefined;
/** The cookie as the web server's configuration says, made on first use (after start-up). */
function loginCookie(): Cookie {
  configuredCookie ??= createLoginStateCookie({ secure: webConfig().COOKIE_SECURE });
  return configuredCookie;
}

export async function readLoginState(request: Request): Promise<LoginState | null> {
  const value = (await loginCookie().parse(request.headers.get('cookie'))) as Partial<LoginState> | null;
  if (!value || typeof value.cellphone !== 'string' || typeof value.resendAt !== 'number') return null;
  return { cellphone: value.cellphone, resendAt: value.resendAt };
}

export function saveLoginState(state: LoginState): Promise<string> {
  return loginCookie().serialize(state);
}

export function clearLoginState(): Promise<string> {
  return loginCookie().serialize('', { maxAge: 0 });
}
