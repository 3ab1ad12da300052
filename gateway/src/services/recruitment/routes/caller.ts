// The caller of a route that serves visitors and logged-in people alike.
import { isDomainError } from '@darmankar/platform/errors/domain-error';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';

/** What such a route answers about a session: only a token that ran out (see callerOf). */
export const STALE_SESSION: ExcCode[] = ['EXC_SESSIONS_ACCESS_TOKEN_VALIDITY'];

/**
 * The verified caller, or undefined for a visitor. No session, or a token that is forged or
 * logged out, reads as a visitor. An access token that ran out beside a refresh token is
 * answered EXC_SESSIONS_ACCESS_TOKEN_VALIDITY, as on any route: the client refreshes and
 * replays, so a logged-in person is never counted against the visitors' quota, nor shown the
 * public view of their own employer's postings, because a token expired.
 */
export async function callerOf(userId: () => Promise<string>): Promise<string | undefined> {
  try {
    return await userId();
  } catch (error) {
    if (isDomainError(error) && !error.codes.includes('EXC_SESSIONS_ACCESS_TOKEN_VALIDITY')) return undefined;
    throw error;
  }
}
