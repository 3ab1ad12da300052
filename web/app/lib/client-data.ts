// The `cd` cookie (`__Host-cd` when the session cookies are Secure, see
// @darmankar/platform/session-cookies): base64 JSON client data set by the gateway, readable
// by scripts, merged over defaults (spec §3, §4). Anything unreadable means logged out.
export interface ClientData {
  isLoggedIn: boolean;
}

export const CLIENT_DATA_DEFAULTS: ClientData = { isLoggedIn: false };

function decodeBase64(value: string): string {
  const binary = atob(value);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function parseClientData(cookieValue: string | undefined | null): ClientData {
  if (!cookieValue) return { ...CLIENT_DATA_DEFAULTS };
  try {
    const parsed: unknown = JSON.parse(decodeBase64(decodeURIComponent(cookieValue)));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ...CLIENT_DATA_DEFAULTS };
    const merged = { ...CLIENT_DATA_DEFAULTS, ...(parsed as Partial<ClientData>) };
    return { ...merged, isLoggedIn: merged.isLoggedIn === true };
  } catch {
    return { ...CLIENT_DATA_DEFAULTS };
  }
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
