// Session pieces the browser keeps (spec §3): the user's mobile and the recruitments back URL.
// The mobile is written when a code has gone to it (the verify page) and fills the login form
// again when the person comes back to change it; the back URL is the list a recruitment was
// opened from, where "back to the job list" returns. Sign-out clears both.
import { safeBackURL } from './route-guards.ts';

export const SESSION_KEYS = { userMobile: 'dk.userMobile', recruitmentsBackURL: 'dk.recruitmentsBackURL' } as const;

type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

// Storage may be unavailable (disabled, or a private window's quota): the pieces are a
// convenience, so their absence is never an error.
function read(key: SessionKey): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: SessionKey, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Nothing to keep it in.
  }
}

export function rememberUserMobile(cellphone: string): void {
  if (cellphone) write(SESSION_KEYS.userMobile, cellphone);
}

export function rememberedUserMobile(): string | null {
  return read(SESSION_KEYS.userMobile);
}

/** `path`: the page (path and query, with its locale prefix) a recruitment is opened from. */
export function rememberRecruitmentsBackURL(path: string): void {
  write(SESSION_KEYS.recruitmentsBackURL, path);
}

/** The list to go back to, when one was remembered and it is a path on this site. */
export function rememberedRecruitmentsBackURL(): string | null {
  const stored = read(SESSION_KEYS.recruitmentsBackURL);
  if (!stored) return null;
  const safe = safeBackURL(stored, window.location.origin, '');
  return safe || null;
}

export function clearSessionStorage(): void {
  for (const key of Object.values(SESSION_KEYS)) {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  }
}
