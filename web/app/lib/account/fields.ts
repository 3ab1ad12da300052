// What the account screens' forms and their actions agree on: which refusals a field says itself
// (the rest are toasts) and the names of the preference checkboxes.

/** The codes the email field itself says; anything else is a toast. */
export const EMAIL_FIELD_CODES = new Set([
  'EXC_AUTHENTICATION_EMAIL_IS_REQUIRED',
  'EXC_AUTHENTICATION_EMAIL_IS_INVALID',
  'EXC_AUTHENTICATION_EMAIL_LIMIT_REACHED',
  'EXC_AUTHENTICATION_MESSAGE_NOT_SENT',
]);

/** The codes the two fields say (the new number's, the code's); anything else is a toast. */
export const NUMBER_FIELD_CODES = new Set([
  'EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED',
  'EXC_AUTHENTICATION_CELLPHONE_IS_INVALID',
  'EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN',
  'EXC_AUTHENTICATION_CELLPHONE_IS_SAME',
  'EXC_AUTHENTICATION_CODE_ALREADY_SENT',
  'EXC_AUTHENTICATION_CELLPHONE_IS_LOCKED',
  'EXC_AUTHENTICATION_CODE_DAILY_LIMIT',
]);
export const CODE_FIELD_CODES = new Set([
  'EXC_AUTHENTICATION_CODE_IS_REQUIRED',
  'EXC_AUTHENTICATION_CODE_IS_INVALID',
  'EXC_AUTHENTICATION_CODE_IS_EXPIRED',
  'EXC_AUTHENTICATION_CODE_ATTEMPTS_EXCEEDED',
  'EXC_AUTHENTICATION_CELLPHONE_IS_TAKEN',
]);

/** The form's field for one checkbox: `job_alert.email`. */
export function channelField(category: string, channel: string): string {
  return `${category}.${channel}`;
}
