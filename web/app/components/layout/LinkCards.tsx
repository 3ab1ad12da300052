import { useT, type MessageKey } from '../../i18n/index.ts';
import { LocaleLink } from './LocaleLink.tsx';

export interface LinkCard {
  to: string;
  title: MessageKey;
  text: MessageKey;
  testId: string;
}

/** A settings page's other pages: one card each, its title and what it is for. */
export function LinkCards({ cards }: { cards: readonly LinkCard[] }) {
  const t = useT();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {cards.map((card) => (
        <li key={card.to}>
          <LocaleLink
            to={card.to}
            className="block rounded-2xl border border-line p-5 hover:border-brand-200"
            data-testid={card.testId}
          >
            <span className="block font-bold">{t(card.title)}</span>
            <span className="mt-1 block text-sm text-muted">{t(card.text)}</span>
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}
