import { useT } from '../../i18n/index.ts';
import type { FaqEntry } from '../../lib/content/faq.ts';

/** Questions as disclosure widgets: each opens by click, Enter or Space, without JavaScript. */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3" data-testid="faq-list">
      {entries.map((entry) => (
        <details
          key={entry.id}
          id={entry.id}
          className="group rounded-2xl border border-line bg-white"
          data-testid="faq-item"
        >
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 font-bold text-ink hover:bg-surface [&::-webkit-details-marker]:hidden">
            <span>{t(entry.question)}</span>
            <svg
              viewBox="0 0 24 24"
              className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </summary>
          <p className="px-5 pb-5 leading-8 text-muted">{t(entry.answer)}</p>
        </details>
      ))}
    </div>
  );
}
