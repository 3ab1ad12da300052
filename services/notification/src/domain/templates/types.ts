export type Locale = 'fa' | 'en';
export type Params = Record<string, unknown>;

/** One kind's words in one language: the in-app title and body, and the short SMS text. */
export interface KindText {
  title: (p: Params) => string;
  body: (p: Params) => string;
  /** Short: the link (a full URL) is appended. A kind only ever emailed has none. */
  sms?: (p: Params) => string;
  /** The email's own words, for a kind that is not a person's notification. */
  email?: KindEmail;
}

/** An email that answers someone rather than notifying a person of the platform. */
export interface KindEmail {
  /** Fixed text: nothing anyone typed ever reaches a mail header. */
  subject: string;
  /** One line: what people typed into it has its line breaks made spaces (`line`). */
  greeting: (p: Params) => string;
  footer: string;
}

/** What the email layout says around a kind's body. */
export interface EmailWords {
  greeting: string;
  open: string;
  footer: string;
}

export interface Catalogue {
  kinds: Record<string, KindText>;
  email: EmailWords;
  /** The SMS signature. */
  brand: string;
}
