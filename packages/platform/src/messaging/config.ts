// The messaging variables every service that sends SMS or email reads (auth, notification):
// a zod shape to spread into the service's schema, the production rules as one refine helper,
// and the factory that turns them into engines.
import { z } from 'zod';
import type { Logger } from '../log.ts';
import { DevOutbox, OutboxMailer, OutboxSms } from './dev-outbox.ts';
import { KavenegarSms } from './kavenegar.ts';
import { SMSIR_TEMPLATE_PATTERN, SmsIrSms } from './smsir.ts';
import { SmtpMailer } from './smtp.ts';
import type { Mailer, SmsSender } from './types.ts';

export const SMS_PROVIDERS = ['outbox', 'kavenegar', 'smsir'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** An sms.ir template variable: its numeric id, optionally `:NAME,…` its parameters' names (smsir.ts). */
export function smsirTemplateId() {
  return z
    .string()
    .regex(SMSIR_TEMPLATE_PATTERN, { message: 'an sms.ir template id, e.g. 123456 or 123456:CODE' })
    .optional();
}

/**
 * The shared messaging variables; spread into a service's config schema. `timeoutMs` is the
 * default of MESSAGING_TIMEOUT_MS: a service that sends while a caller waits keeps it under the
 * caller's deadline.
 */
export function messagingConfigShape({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
  return {
    /** `outbox` (development), `kavenegar` or `smsir`; unset: kavenegar in production, the outbox elsewhere. */
    SMS_PROVIDER: z.enum(SMS_PROVIDERS).optional(),
    KAVENEGAR_API_KEY: z.string().min(1).optional(),
    KAVENEGAR_BASE_URL: z.url().default('https://api.kavenegar.com'),
    /** Kavenegar's sender line for messages without a template (sms/send.json). */
    KAVENEGAR_SENDER: z.string().min(1).optional(),
    /** The verify/lookup template approved in Kavenegar's panel for one-time codes (%token%: the code). */
    KAVENEGAR_TEMPLATE: z.string().min(1).optional(),
    SMSIR_API_KEY: z.string().min(1).optional(),
    SMSIR_BASE_URL: z.url().default('https://api.sms.ir'),
    /** sms.ir's line number for messages without a template (send/bulk). */
    SMSIR_LINE_NUMBER: z.string().regex(/^\d+$/, { message: 'digits only' }).optional(),
    /** The sms.ir template of one-time codes (its parameter: the code). */
    SMSIR_CODE_TEMPLATE_ID: smsirTemplateId(),
    /** Mail goes through this SMTP server; unset, into the development outbox. */
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(1).default('درمانکار <no-reply@darmankar.ir>'),
    /** How long one provider call (SMS API or SMTP) may take before it counts as failed (retryable). */
    MESSAGING_TIMEOUT_MS: z.coerce.number().int().positive().default(timeoutMs),
  };
}

type MessagingShape = ReturnType<typeof messagingConfigShape>;
export type MessagingConfig = z.infer<z.ZodObject<MessagingShape>> & {
  NODE_ENV?: 'development' | 'test' | 'production';
};

/** The provider in effect: SMS_PROVIDER, else Kavenegar in production and the outbox elsewhere. */
export function smsProviderOf(config: Pick<MessagingConfig, 'SMS_PROVIDER' | 'NODE_ENV'>): SmsProvider {
  return config.SMS_PROVIDER ?? (config.NODE_ENV === 'production' ? 'kavenegar' : 'outbox');
}

/** A variable a service cannot send without, named per provider. */
export interface ProviderRequirement {
  kavenegar?: string;
  smsir?: string;
  why: string;
}

export interface MessagingRequirements {
  /** Besides the chosen provider's API key: its templates or sender line this service sends with. */
  sms?: ProviderRequirement[];
  /** Mail is sent: SMTP_URL is required in production. */
  mail?: boolean;
}

/**
 * The production rules, for a service's `superRefine`: no development outbox, the chosen
 * provider's API key and each variable in `requirements`, SMTP when the service mails. Outside
 * production only an explicitly chosen provider's API key is required.
 */
export function refineMessagingConfig(
  env: Partial<MessagingConfig> & Record<string, unknown>,
  ctx: z.RefinementCtx,
  requirements: MessagingRequirements = {},
): void {
  const require = (name: string, why: string) => {
    if (env[name] === undefined)
      ctx.addIssue({ code: 'custom', path: [name], message: `required in production (${why})` });
  };
  if (env.NODE_ENV !== 'production') {
    for (const [provider, key] of [
      ['kavenegar', 'KAVENEGAR_API_KEY'],
      ['smsir', 'SMSIR_API_KEY'],
    ] as const) {
      if (env.SMS_PROVIDER === provider && env[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: `required with SMS_PROVIDER=${provider}` });
    }
    return;
  }
  if (env.SMS_PROVIDER === 'outbox') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message: 'the development outbox cannot send real SMS; use kavenegar or smsir in production',
    });
  }
  const provider = env.SMS_PROVIDER === 'smsir' ? 'smsir' : 'kavenegar';
  const providerName = provider === 'smsir' ? 'sms.ir' : 'Kavenegar';
  require(provider === 'smsir' ? 'SMSIR_API_KEY' : 'KAVENEGAR_API_KEY', `SMS is sent through ${providerName}`);
  for (const requirement of requirements.sms ?? []) {
    const name = requirement[provider];
    if (name) require(name, requirement.why);
  }
  if (requirements.mail) require('SMTP_URL', 'email is sent through SMTP');
}

export interface Messaging {
  sms: SmsSender;
  mail: Mailer;
  close(): void;
}

/** The engines `config` chooses; the development outbox engines write to `deps.devOutbox`. */
export function createMessaging(config: MessagingConfig, deps: { devOutbox: DevOutbox; log?: Logger }): Messaging {
  const timeoutMs = config.MESSAGING_TIMEOUT_MS;
  const provider = smsProviderOf(config);
  let sms: SmsSender;
  if (provider === 'kavenegar') {
    if (!config.KAVENEGAR_API_KEY) throw new Error('SMS_PROVIDER=kavenegar needs KAVENEGAR_API_KEY');
    sms = new KavenegarSms({
      apiKey: config.KAVENEGAR_API_KEY,
      sender: config.KAVENEGAR_SENDER,
      baseUrl: config.KAVENEGAR_BASE_URL,
      timeoutMs,
    });
  } else if (provider === 'smsir') {
    if (!config.SMSIR_API_KEY) throw new Error('SMS_PROVIDER=smsir needs SMSIR_API_KEY');
    sms = new SmsIrSms({
      apiKey: config.SMSIR_API_KEY,
      lineNumber: config.SMSIR_LINE_NUMBER,
      baseUrl: config.SMSIR_BASE_URL,
      timeoutMs,
    });
  } else {
    sms = new OutboxSms(deps.devOutbox);
  }
  const mail: Mailer = config.SMTP_URL
    ? new SmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs })
    : new OutboxMailer(deps.devOutbox);
  deps.log?.info({ smsProvider: provider, mail: config.SMTP_URL ? 'smtp' : 'outbox' }, 'messaging engines chosen');
  return { sms, mail, close: () => mail.close() };
}

/**
 * The template name of one kind of message for the provider in effect (its name per provider,
 * e.g. KAVENEGAR_TEMPLATE and SMSIR_CODE_TEMPLATE_ID), or undefined when that provider has none
 * configured or needs none (the outbox).
 */
export function templateNameFor(
  config: Pick<MessagingConfig, 'SMS_PROVIDER' | 'NODE_ENV'>,
  names: { kavenegar?: string; smsir?: string },
): string | undefined {
  const provider = smsProviderOf(config);
  return provider === 'outbox' ? undefined : names[provider];
}
