// Between "send a code to the new number" and "verify it", the web server remembers the new
// number and when a resend is allowed in its own short-lived httpOnly cookie, as the login does
// (login-state.server.ts): it works without JavaScript and keeps the number out of URLs.
import { createCookie, type Cookie } from 'react-router';
import { webConfig } from '../../../server/config.ts';

export interface CellphoneChangeState {
  /** The new number the code went to (09XXXXXXXXX). */
  cellphone: string;
  /** Epoch milliseconds after which a new code may be requested. */
  resendAt: number;
}

/** Host-only, path `/`; `__Host-` prefixed when Secure, like the login state's cookie. */
export function createCellphoneChangeCookie(options: { secure: boolean }): Cookie {
  return createCookie(options.secure ? '__Host-dk_cellphone_change' : 'dk_cellphone_change', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 15 * 60,
    secure: options.secure,
  });
}

let configuredCookie: Cookie | undefined;
function changeCookie(): Cookie {
  configuredCookie ??= createCellphoneChangeCookie({ secure: webConfig().COOKIE_SECURE });
  return configuredCookie;
}

export async function readCellphoneChange(request: Request): Promise<CellphoneChangeState | null> {
  const value = (await changeCookie().parse(request.headers.get('cookie'))) as Partial<CellphoneChangeState> | null;
  if (!value || typeof value.cellphone !== 'string' || typeof value.resendAt !== 'number') return null;
  return { cellphone: value.cellphone, resendAt: value.resendAt };
}

export function saveCellphoneChange(state: CellphoneChangeState): Promise<string> {
  return changeCookie().serialize(state);
}

export function clearCellphoneChange(): Promise<string> {
  return changeCookie().serialize('', { maxAge: 0 });
}
