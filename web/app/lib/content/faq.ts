// The two FAQ pages' questions (catalogue keys, fa and en) and their FAQPage JSON-LD.
import type { MessageKey, Translate } from '../../i18n/index.ts';

export type FaqAudience = 'jobSeekers' | 'employers';

const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export interface FaqEntry {
  id: string;
  question: MessageKey;
  answer: MessageKey;
}

export const FAQ: Record<FaqAudience, FaqEntry[]> = {
  jobSeekers: NUMBERS.map((n) => ({
    id: `job-seekers-${n}`,
    question: `faq.jobSeekers.q${n}` as MessageKey,
    answer: `faq.jobSeekers.a${n}` as MessageKey,
  })),
  employers: NUMBERS.map((n) => ({
    id: `employers-${n}`,
    question: `faq.employers.q${n}` as MessageKey,
    answer: `faq.employers.a${n}` as MessageKey,
  })),
};

/** The FAQ page's path and the seo service's name for it. */
export const FAQ_PAGES: Record<FaqAudience, { path: string; seoPage: 'faq-job-seekers' | 'faq-employers' }> = {
  jobSeekers: { path: '/faq/job-seekers', seoPage: 'faq-job-seekers' },
  employers: { path: '/faq/employers', seoPage: 'faq-employers' },
};

/** schema.org FAQPage of the page's questions, in the page's language. */
export function faqJsonLd(audience: FaqAudience, t: Translate): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ[audience].map((entry) => ({
      '@type': 'Question',
      name: t(entry.question),
      acceptedAnswer: { '@type': 'Answer', text: t(entry.answer) },
    })),
  };
}
