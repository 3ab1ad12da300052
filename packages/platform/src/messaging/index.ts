// @darmankar/platform/messaging: SMS and email for every service that sends them, one set of
// engines (the development outbox, Kavenegar, sms.ir, SMTP) behind two ports (ADR 029).
export { DeliveryError, type MailMessage, type Mailer, type SmsMessage, type SmsSender } from './types.ts';
export { DevOutbox, OutboxMailer, OutboxSms, type DevOutboxEntry, type StoredDevOutboxEntry } from './dev-outbox.ts';
export { escapeHtml } from './html.ts';
export { KavenegarSms, type KavenegarOptions } from './kavenegar.ts';
export { SmsIrSms, SMSIR_TEMPLATE_PATTERN, type SmsIrOptions } from './smsir.ts';
export { SmtpMailer, type SmtpOptions } from './smtp.ts';
export {
  createMessaging,
  messagingConfigShape,
  refineMessagingConfig,
  smsirTemplateId,
  smsProviderOf,
  templateNameFor,
  type Messaging,
  type MessagingConfig,
  type MessagingRequirements,
  type ProviderRequirement,
  type SmsProvider,
} from './config.ts';
