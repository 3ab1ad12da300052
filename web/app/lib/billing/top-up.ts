// The top-up form's one field: an amount typed in toman (Persian or Latin digits, with or without
// thousands separators), checked against the wallet's bounds. The same check runs in the browser
// before sending and in the action (a page without JavaScript posts straight to it); the billing
// service checks again and has the last word (EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID).
import type { MessageKey } from '../../i18n/index.ts';
import { tomanTextToRials } from '../postings/money.ts';

/** The service's refusal of a top-up's amount: shown under the field, as the form's own check is. */
export const TOP_UP_REFUSED = 'EXC_FINANCE_TOP_UP_AMOUNT_IS_INVALID';

export interface TopUpBounds {
  topUpMinRials: number;
  topUpMaxRials: number;
}

export type TopUpAmount = { ok: true; amountRials: number } | { ok: false; error: MessageKey };

/** The amount of the field in rials, or why it cannot be sent. */
export function parseTopUpAmount(typed: string | null | undefined, bounds: TopUpBounds): TopUpAmount {
  const amountRials = tomanTextToRials(typed);
  if (amountRials === null) return { ok: false, error: 'billing.topUp.required' };
  if (!Number.isSafeInteger(amountRials)) return { ok: false, error: 'billing.topUp.notWhole' };
  if (amountRials < bounds.topUpMinRials || amountRials > bounds.topUpMaxRials)
    return { ok: false, error: 'billing.topUp.outOfBounds' };
  return { ok: true, amountRials };
}
