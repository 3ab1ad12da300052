// Mail through an SMTP server (nodemailer). Each step (connecting, the greeting, every
// exchange) is bounded by the timeout, and so is the whole send. The server's permanent
// refusals (5xx replies, a malformed envelope, failed authentication) are not retryable; its
// temporary ones (4xx) and a server that cannot be reached or does not answer are.
import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError, type MailMessage, type Mailer } from './types.ts';

const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'EAUTH', 'ECONFIG']);

export interface SmtpOptions {
  url: string;
  from: string;
  timeoutMs?: number;
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly timeoutMs: number;

  constructor(private readonly options: SmtpOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.transport = nodemailer.createTransport({
      url: options.url,
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(mail: MailMessage, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const sending = this.transport.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const bounded = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DeliveryError(`the mail server did not answer within ${this.timeoutMs} ms`, true)),
        this.timeoutMs,
      );
      onAbort = () => reject(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([sending.catch((error: unknown) => Promise.reject(deliveryError(error))), bounded]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      sending.catch(() => {}); // settled later than the race: nothing left to report
    }
  }

  close(): void {
    this.transport.close();
  }
}

function deliveryError(error: unknown): DeliveryError {
  const { message, code, responseCode } = error as { message?: string; code?: string; responseCode?: number };
  const retryable =
    typeof responseCode === 'number' ? responseCode < 500 : !(code !== undefined && PERMANENT_CODES.has(code));
  return new DeliveryError(
    `the mail server ${retryable ? 'failed' : 'refused the mail'}: ${message ?? String(error)}`,
    retryable,
    typeof responseCode === 'number' ? responseCode : undefined,
  );
}
