// Sending email, behind one interface (the engines: adapters/mail.ts, SMTP when SMTP_URL is
// set, else the development outbox).

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The code the mail carries, kept by the development outbox. */
  code?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}
