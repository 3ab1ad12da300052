// Between "send code" and "verify", the web server remembers which number the code went to
// and when a resend is allowed, in its own short-lived httpOnly cookie: this works without
// JavaScript and keeps the number out of URLs.
import { createCookie } from 'react-router';

export interface LoginState {
  cellphone: string;
  /** Epoch milliseconds after which a new code may be requested. */
  resendAt: number;
}

const loginCookie = createCookie('dk_login', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  maxAge: 15 * 60,
  secure: process.env.COOKIE_SECURE === 'true',
});

export async function readLoginState(request: Request): Promise<LoginState | null> {
  const value = (await loginCookie.parse(request.headers.get('cookie'))) as Partial<LoginState> | null;
  if (!value || typeof value.cellphone !== 'string' || typeof value.resendAt !== 'number') return null;
  return { cellphone: value.cellphone, resendAt: value.resendAt };
}

export function saveLoginState(state: LoginState): Promise<string> {
  return loginCookie.serialize(state);
}

export function clearLoginState(): Promise<string> {
  return loginCookie.serialize('', { maxAge: 0 });
}
