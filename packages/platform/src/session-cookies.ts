// The names of the session cookies (docs/conventions.md "Sessions"), shared by the gateway,
// which sets and reads them, and the web app, which reads the client data. Browser-safe.
//
// When the cookies are Secure (HTTPS, the production default) every name carries the
// `__Host-` prefix: a browser then accepts the cookie only from a secure origin, with Path=/
// and no Domain, so neither a sibling subdomain nor a plain-http page can plant or overwrite
// one (cookie tossing, session fixation). The script-readable client data is prefixed too,
// so a planted `cd` cannot make the page show a session that does not exist. Over plain http
// (development) the prefix would make browsers drop the cookies, hence the bare names.

export interface SessionCookieNames {
  /** The access token (JWT), httpOnly. */
  access: string;
  /** The refresh token, httpOnly. */
  refresh: string;
  /** Base64 JSON client data (`{"isLoggedIn":true}`), readable by scripts. */
  clientData: string;
  /** The client data's version. */
  clientDataVersion: string;
}

const BARE: SessionCookieNames = { access: 'at', refresh: 'rt', clientData: 'cd', clientDataVersion: 'cdv' };
const HOST_PREFIXED: SessionCookieNames = {
  access: '__Host-at',
  refresh: '__Host-rt',
  clientData: '__Host-cd',
  clientDataVersion: '__Host-cdv',
};

/** The cookie names for Secure cookies (`__Host-` prefixed) or for plain http (bare). */
export function sessionCookieNames(secure: boolean): SessionCookieNames {
  return secure ? HOST_PREFIXED : BARE;
}
