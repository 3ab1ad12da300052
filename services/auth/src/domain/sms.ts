// Sending SMS, behind one interface (the engines: adapters/sms.ts, Kavenegar in production, the
// development outbox elsewhere). Two kinds go out: one-time codes, and the notice to an old
// cellphone that the account moved to another number.
import type { Purpose } from './input.ts';

export interface CodeMessage {
  cellphone: string;
  code: string;
  purpose: Purpose;
}

export interface CellphoneChangedNotice {
  /** The old cellphone, which is told. */
  cellphone: string;
  /** The last four digits of the new cellphone: enough to recognise it, not to reveal it. */
  newCellphoneTail: string;
}

export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with SmsDeliveryError otherwise. */
  sendCode(message: CodeMessage): Promise<void>;
  sendCellphoneChanged(notice: CellphoneChangedNotice): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly providerStatus?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/** The Persian text of a code message (Kavenegar uses its own approved template instead). */
export function codeMessageText({ code, purpose }: CodeMessage): string {
  return purpose === 'LOGIN'
    ? `کد ورود شما به درمانکار: ${code}`
    : `کد تأیید شمارهٔ موبایل جدید شما در درمانکار: ${code}`;
}

export function cellphoneChangedText({ newCellphoneTail }: CellphoneChangedNotice): string {
  return `شمارهٔ موبایل حساب درمانکار شما به شماره‌ای که به ${newCellphoneTail} ختم می‌شود تغییر کرد. اگر این کار شما نبوده است، با پشتیبانی درمانکار تماس بگیرید.`;
}
