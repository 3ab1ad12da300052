import { useState } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { localePath } from '../../lib/locale.ts';

/**
 * The invitation to new employers: their first plan free with the billing service's banner code
 * (once per employer; the service enforces it), or the plain invitation when there is no code.
 */
export function PromoBanner({ discountCode }: { discountCode: string | null }) {
  const t = useT();
  const locale = useLocale();
  const [visible, setVisible] = useState(true);
  if (!visible) return null;
  const text = discountCode ? t('billing.banner.text') : t('banner.text');
  return (
    <aside className="bg-brand-900 text-white" data-testid="promo-banner" aria-label={text}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm">
        <p className="font-medium">{text}</p>
        {discountCode && (
          <p>
            {t('banner.code', { code: '' })}
            <code
              dir="ltr"
              className="rounded bg-white/15 px-2 py-0.5 font-mono font-bold tracking-wider"
              data-testid="promo-code"
            >
              {discountCode}
            </code>
          </p>
        )}
        {discountCode ? (
          <a href={localePath(locale, '/pricing')} className="font-bold underline underline-offset-4">
            {t('billing.banner.cta')}
          </a>
        ) : (
          <a
            href={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/recruitments/add')}`}
            className="font-bold underline underline-offset-4"
          >
            {t('banner.cta')}
          </a>
        )}
        <button
          type="button"
          onClick={() => setVisible(false)}
          aria-label={t('banner.close')}
          className="ms-auto rounded px-2 text-lg leading-none hover:bg-white/10"
        >
          ×
        </button>
      </div>
    </aside>
  );
}
