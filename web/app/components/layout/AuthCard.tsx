import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import { LogoMark } from '../ui/Logo.tsx';
import { LocaleLink } from './LocaleLink.tsx';

/** The login screens' frame: no site header or footer, one centred card. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-1 items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-xl ring-1 ring-line sm:p-8">
        <LocaleLink to="/" className="mb-6 flex items-center justify-center gap-2" aria-label={t('app.name')}>
          <LogoMark className="size-11" />
          <span className="text-xl font-extrabold text-brand-900">{t('app.name')}</span>
        </LocaleLink>
        <h1 className="text-center text-2xl font-bold">{title}</h1>
        {intro && <p className="mt-2 mb-6 text-center text-muted">{intro}</p>}
        {children}
      </div>
    </div>
  );
}
