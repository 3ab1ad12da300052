// What every service module shares: the error body, a signed link to a private file, the codes of
// claiming an upload, and ping.
import { z } from 'zod';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';

export const pongResponse = z.object({ pong: z.literal(true) });

export const errorResponse = z
  .object({
    exc: z.array(z.string()).min(1),
    message: z.string().meta({ description: 'Persian text of the first code.' }),
  })
  .meta({ description: 'Every error answer.' });

/** A private file is read only through such a link, which the owning service issues. */
export const signedLinkResponse = z.object({
  url: z.string().meta({ description: 'A short-lived signed link to the file (a path on this API).' }),
  expiresAt: z.string().meta({ description: 'ISO timestamp when the link stops working.' }),
});

export type SignedLink = z.output<typeof signedLinkResponse>;

/** The answer for a link a service issued (its path and expiry in seconds since the epoch). */
export function signedLinkJson(link: { path: string; expiresAtSeconds: bigint }): SignedLink {
  return { url: link.path, expiresAt: new Date(Number(link.expiresAtSeconds) * 1000).toISOString() };
}

/** What a call that claims an upload can answer: gone or unknown, of another category, or used elsewhere. */
export const FILE_CLAIM_ERRORS: ExcCode[] = [
  'EXC_FILES_NOT_FOUND',
  'EXC_FILES_CATEGORY_MISMATCH',
  'EXC_FILES_ALREADY_ASSIGNED',
];
