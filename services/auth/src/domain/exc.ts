// The codes the budgets answer with, named by what happened.
import type { ExcCode } from '@darmankar/platform/errors/catalogue';

/** A client address used up a code's attempts for this cellphone and waits out its lockout. */
export const CELLPHONE_LOCKED: ExcCode = 'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED';
/** The cellphone was sent its daily number of codes. */
export const CODE_DAILY_LIMIT: ExcCode = 'EXC_AUTHENTICATION_CODE_DAILY_LIMIT';
/** The global SMS budget of this hour is spent: sending is paused until the next hour. */
export const SMS_PAUSED: ExcCode = 'EXC_AUTHENTICATION_SMS_PAUSED';
/** The user, or the email address, was sent its daily number of verification mails. */
export const EMAIL_LIMIT: ExcCode = 'EXC_AUTHENTICATION_EMAIL_LIMIT_REACHED';
