// Between "send code" and "verify", the web server remembers which number the code went to
// and when a resend is allowed, in its own short-lived httpOnly cookie: this works without
// JavaScript and keeps the number out of URLs. The cellphone change keeps its own such cookie
// (lib/account/cellphone-change.server.ts), made by the same factory.
import { createCookie, type Cookie } from 'react-router';
import { webConfig } from '../../server/config.ts';

export interface CodeState {
  /** The number the code went to (09XXXXXXXXX). */
  cellphone: string;
  /** Epoch milliseconds after which a new code may be requested. */
  resendAt: number;
}

export type LoginState = CodeState;

/**
 * A code's state in a cookie named `name`. It is host-only (no Domain) with path `/`; when it is
 * `Secure` (COOKIE_SECURE, true by default in production) it also carries the `__Host-` prefix,
 * so the browser refuses a copy planted by a sibling subdomain or over plain http. Without
 * Secure the prefix would make browsers drop the cookie, so plain-http development keeps the
 * bare name.
 */
export function codeStateCookie(name: string) {
  const create = (options: { secure: boolean }): Cookie =>
    createCookie(options.secure ? `__Host-${name}` : name, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 15 * 60,
      secure: options.secure,
    });
  let configured: Cookie | undefined;
  // As the web server's configuration says, made on first use (after start-up).
  const cookie = () => (configured ??= create({ secure: webConfig().COOKIE_SECURE }));
  return {
    create,
    async read(request: Request): Promise<CodeState | null> {
      const value = (await cookie().parse(request.headers.get('cookie'))) as Partial<CodeState> | null;
      if (!value || typeof value.cellphone !== 'string' || typeof value.resendAt !== 'number') return null;
      return { cellphone: value.cellphone, resendAt: value.resendAt };
    },
    save: (state: CodeState): Promise<string> => cookie().serialize(state),
    clear: (): Promise<string> => cookie().serialize('', { maxAge: 0 }),
  };
}

const loginState = codeStateCookie('dk_login');
export const createLoginStateCookie = loginState.create;
export const readLoginState = loginState.read;
export const saveLoginState = loginState.save;
export const clearLoginState = loginState.clear;
