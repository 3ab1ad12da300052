import { parseClientData } from '../client-data.ts';
import type { CookieJar } from '../cookie-jar.ts';
import { sessionCookies } from '../viewer.server.ts';

/** Whether the browser holds a session (the `cd` cookie): enough to pick the listing's call. */
export function hasSession(jar: CookieJar): boolean {
  return parseClientData(jar.get(sessionCookies().clientData)).isLoggedIn;
}
