// The mail engines: SMTP (nodemailer) when SMTP_URL is set, else the development outbox.
import nodemailer, { type Transporter } from 'nodemailer';
import type { DevOutbox } from '../domain/dev-outbox.ts';
import type { Mail, Mailer } from '../domain/mail.ts';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  close(): void {
    this.transport.close();
  }
}

export class OutboxMailer implements Mailer {
  constructor(private readonly outbox: DevOutbox) {}

  async send(mail: Mail): Promise<void> {
    await this.outbox.store({
      channel: 'email',
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      code: mail.code,
    });
  }

  close(): void {}
}
