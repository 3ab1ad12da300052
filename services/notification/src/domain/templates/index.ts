// Renders a notification in a reader's language: the in-app title and body at read time, and
// the SMS text and email (subject, text, html) when a delivery is sent.
import { escapeHtml } from '@darmankar/platform/messaging';
import { en } from './en.ts';
import { fa } from './fa.ts';
import type { Catalogue, Locale, Params } from './types.ts';

export type { Locale, Params } from './types.ts';

const CATALOGUES: Record<Locale, Catalogue> = { fa, en };

export function toLocale(value: string | undefined | null): Locale {
  return value === 'en' ? 'en' : 'fa';
}

function kindText(kind: string, locale: Locale) {
  const text = CATALOGUES[locale].kinds[kind];
  if (!text) throw new Error(`no template for notification kind ${kind}`);
  return text;
}

export function renderInApp(kind: string, params: Params, locale: Locale): { title: string; body: string } {
  const text = kindText(kind, locale);
  return { title: text.title(params), body: text.body(params) };
}

/** The SMS: short text, the link (a full URL) when there is one, and the signature. */
export function renderSms(kind: string, params: Params, locale: Locale, url: string | null): string {
  const sms = kindText(kind, locale).sms;
  if (!sms) throw new Error(`notification kind ${kind} is not sent by SMS`);
  const text = sms(params);
  return [text, url, CATALOGUES[locale].brand].filter(Boolean).join('\n');
}

export function renderEmail(
  kind: string,
  params: Params,
  locale: Locale,
  url: string | null,
): { subject: string; text: string; html: string } {
  const catalogue = CATALOGUES[locale];
  const own = kindText(kind, locale).email;
  const { title, body } = renderInApp(kind, params, locale);
  const words = own ? { ...catalogue.email, greeting: own.greeting(params), footer: own.footer } : catalogue.email;
  const text = [words.greeting, '', body, ...(url ? ['', `${words.open}: ${url}`] : []), '', words.footer].join('\n');
  const dir = locale === 'fa' ? 'rtl' : 'ltr';
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:Tahoma,Arial,sans-serif">` +
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1><p>${escapeHtml(words.greeting)}</p><p>${escapeHtml(body)}</p>` +
    (url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(words.open)}</a></p>` : '') +
    `<p style="color:#666;font-size:12px">${escapeHtml(words.footer)}</p></body></html>`;
  return { subject: own ? own.subject : `${title} | ${catalogue.brand}`, text, html };
}
