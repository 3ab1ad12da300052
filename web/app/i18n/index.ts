import { createContext, useContext } from 'react';
import { en } from './en.ts';
import { fa, type MessageKey, type Messages } from './fa.ts';
import type { Locale } from '../lib/locale.ts';

export type { MessageKey };
export const MESSAGES: Record<Locale, Messages> = { fa, en };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const messages = MESSAGES[locale];
  return (key, values) =>
    messages[key].replace(/\{(\w+)\}/g, (match, name: string) =>
      values && name in values ? String(values[name]) : match,
    );
}

export const LocaleContext = createContext<Locale>('fa');

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  return translator(useLocale());
}
