export type Locale = 'fa' | 'en';
export type Params = Record<string, unknown>;

/** One kind's words in one language: the in-app title and body, and the short SMS text. */
export interface KindText {
  title: (p: Params) => string;
  body: (p: Params) => string;
  /** Short: the link (a full URL) is appended. */
  sms: (p: Params) => string;
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
