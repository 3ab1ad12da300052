// The two SMS auth sends itself, as security messages that no preference turns off: one-time
// codes, and the notice to an old cellphone that the account moved to another number. They go
// through the platform's messaging (the configured provider, or the development outbox) with
// the provider's approved template when one is configured for the kind.
import type { SmsSender } from '@darmankar/platform/messaging';
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

/** What the domain sends; `SecuritySms` is the one implementation. */
export interface SecurityMessages {
  /** Resolves once the provider accepted the message; rejects (a DeliveryError, or the budget's DomainError) otherwise. */
  sendCode(message: CodeMessage): Promise<void>;
  sendCellphoneChanged(notice: CellphoneChangedNotice): Promise<void>;
}

/** The provider templates of the two kinds, for the provider in effect (none: the text is sent as it is). */
export interface SecurityTemplates {
  code?: string;
  notice?: string;
}

/** The Persian text of a code message (a provider template, when configured, is used instead). */
export function codeMessageText({ code, purpose }: CodeMessage): string {
  return purpose === 'LOGIN'
    ? `کد ورود شما به درمانکار: ${code}`
    : `کد تأیید شمارهٔ موبایل جدید شما در درمانکار: ${code}`;
}

export function cellphoneChangedText({ newCellphoneTail }: CellphoneChangedNotice): string {
  return `شمارهٔ موبایل حساب درمانکار شما به شماره‌ای که به ${newCellphoneTail} ختم می‌شود تغییر کرد. اگر این کار شما نبوده است، با پشتیبانی درمانکار تماس بگیرید.`;
}

export class SecuritySms implements SecurityMessages {
  constructor(
    private readonly sms: SmsSender,
    private readonly templates: SecurityTemplates,
  ) {}

  sendCode(message: CodeMessage): Promise<void> {
    return this.sms.send({
      to: message.cellphone,
      text: codeMessageText(message),
      ...(this.templates.code ? { template: { name: this.templates.code, tokens: [message.code] } } : {}),
      code: message.code,
    });
  }

  sendCellphoneChanged(notice: CellphoneChangedNotice): Promise<void> {
    return this.sms.send({
      to: notice.cellphone,
      text: cellphoneChangedText(notice),
      ...(this.templates.notice
        ? { template: { name: this.templates.notice, tokens: [notice.newCellphoneTail] } }
        : {}),
    });
  }
}
