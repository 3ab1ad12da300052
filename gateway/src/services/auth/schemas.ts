// The zod schemas of the auth service's REST surface: what its routes validate with and what
// the OpenAPI document is built from. A broken rule names its catalogue code as the message.
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '@darmankar/platform/slug';
import { z } from 'zod';
import { normalizeCellphone, toLatinDigits } from '@darmankar/platform/persian';

export const cellphoneParam = z
  .string()
  .refine((value) => normalizeCellphone(value) !== null, { error: 'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID' })
  .transform((value) => normalizeCellphone(value)!)
  .meta({ description: 'Cellphone: 09XXXXXXXXX, +98…, 0098…; Persian digits accepted.', example: '09121234567' });

export const cellphoneParams = z.object({ cellphone: cellphoneParam });

export const verifyQuery = z.object({
  next: z
    .enum(['Login', 'ChangeCellphone'], { error: 'EXC_AUTHENTICATION_NEXT_IS_INVALID' })
    .meta({ description: 'What the verified code is for.' }),
});

export const codeBody = z.object({
  code: z
    .string({
      error: (issue) => (issue.input === undefined ? 'EXC_AUTHENTICATION_CODE_IS_REQUIRED' : 'EXC_BAD_REQUEST'),
    })
    .trim()
    .min(1, { error: 'EXC_AUTHENTICATION_CODE_IS_REQUIRED' })
    .transform(toLatinDigits)
    .pipe(z.string().regex(/^\d{6}$/, { error: 'EXC_AUTHENTICATION_CODE_IS_INVALID' }))
    .meta({ description: 'The six-digit one-time code from the SMS; Persian digits accepted.', example: '123456' }),
});

export const emailParams = z.object({
  email: z
    .email({ error: 'EXC_AUTHENTICATION_EMAIL_IS_INVALID' })
    .max(254, { error: 'EXC_AUTHENTICATION_EMAIL_IS_INVALID' })
    .meta({ example: 'sara@example.com' }),
});

/** A resume slug as the platform makes them. */
const resumeSlug = z.string().min(1).max(MAX_SLUG_LENGTH).regex(SLUG_PATTERN);

export const emailSendQuery = z.object({
  slug: resumeSlug.optional().meta({
    description:
      "The applicant's resume slug: the mailed link carries it, and opening it returns to /applicants/settings?emailVerified=1.",
    example: 'مریم-احمدی',
  }),
});

export const emailVerifyQuery = z.object({
  code: z
    .string({ error: 'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID' })
    .min(1, { error: 'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID' })
    .max(200, { error: 'EXC_AUTHENTICATION_EMAIL_CODE_IS_INVALID' }),
  slug: z.string().max(200).optional().meta({ description: 'Where the web app returns after verification.' }),
});

export const sessionSchema = z
  .object({
    accessToken: z.string(),
    accessExpiresAtMs: z.number().int(),
    refreshToken: z.string(),
    refreshExpiresAtMs: z.number().int(),
  })
  .meta({
    description:
      'Only without Accept-Cookie: send accessToken as `Authorization: Bearer`, refreshToken as `x-refresh-token`.',
  });

export const userSchema = z
  .object({ id: z.string(), cellphone: z.string(), email: z.string(), emailVerified: z.boolean(), isNew: z.boolean() })
  .meta({ description: 'The user behind the session.' });

export const codeSentResponse = z.object({
  cellphone: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export const verifiedResponse = z.object({ user: userSchema, session: sessionSchema.optional() });
export const refreshedResponse = z.object({ session: sessionSchema });
export const cellphoneResponse = z.object({ cellphone: z.string() });
export const emailResponse = z.object({ email: z.string(), verified: z.boolean() });
export const emailSentResponse = z.object({ expiresInSeconds: z.number().int() });
export const emailVerifiedResponse = z.object({ email: z.string(), slug: z.string() });
