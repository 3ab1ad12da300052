import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { localePath, stripLocale } from '../../lib/locale.ts';
import { navItemsFor } from '../../lib/nav.ts';
import { headerVariantFor, type EmployerSummary, type Viewer } from '../../lib/viewer.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Drawer } from '../ui/Drawer.tsx';
import { LogoMark } from '../ui/Logo.tsx';
import { LocaleLink } from './LocaleLink.tsx';
import { NavList } from './NavList.tsx';
import { ProfileDropdown } from './ProfileDropdown.tsx';

export interface HeaderProps {
  viewer: Viewer;
  canEditEmployer: boolean;
}

/** The sticky site header (spec §2): logo, navbar, account area; a drawer on phones. */
export function Header({ viewer, canEditEmployer }: HeaderProps) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const { employerSlug } = useParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const variant = headerVariantFor(viewer, employerSlug, location.pathname);
  const items = navItemsFor(variant, viewer, employerSlug);
  const selectedEmployer: EmployerSummary | undefined = viewer.employers.find((e) => e.slug === employerSlug);
  const backHere = `${stripLocale(location.pathname)}${location.search}`;
  const otherLocale = locale === 'fa' ? 'en' : 'fa';

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur" data-testid="site-header" data-variant={variant}>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <button
          type="button"
          className="rounded-lg p-2 text-ink hover:bg-surface md:hidden"
          aria-label={t('nav.openMenu')}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          data-testid="drawer-button"
        >
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
        <LocaleLink to="/" className="flex items-center gap-2 rounded-lg" aria-label={t('app.name')}>
          <LogoMark />
          <span className="text-lg font-extrabold text-brand-900">{t('app.name')}</span>
        </LocaleLink>
        <nav aria-label={t('nav.main')} className="ms-4 hidden md:block">
          <NavList items={items} orientation="horizontal" />
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <a
            href={localePath(otherLocale, stripLocale(location.pathname)) + location.search}
            hrefLang={otherLocale}
            lang={otherLocale}
            aria-label={t('app.languageSwitchLabel')}
            className="hidden rounded-lg px-2 py-1 text-sm text-muted hover:bg-surface sm:inline-block"
          >
            {t('app.languageSwitch')}
          </a>
          {viewer.isLoggedIn ? (
            <ProfileDropdown viewer={viewer} variant={variant} selectedEmployer={selectedEmployer} canEditEmployer={canEditEmployer} />
          ) : (
            <>
              {variant === 'applicants' && (
                <ButtonLink
                  to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/employers')}`}
                  variant="secondary"
                  className="hidden sm:inline-flex"
                  data-testid="employer-login"
                >
                  {t('header.employerLogin')}
                </ButtonLink>
              )}
              <ButtonLink to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent(backHere)}`} data-testid="login-button">
                {t('header.login')}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
      <Drawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} title={t('nav.drawerTitle')}>
        <nav aria-label={t('nav.main')}>
          <NavList items={items} orientation="vertical" />
        </nav>
        {!viewer.isLoggedIn && variant === 'applicants' && (
          <div className="mt-6 border-t border-line pt-4">
            <ButtonLink to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/employers')}`} variant="secondary" className="w-full">
              {t('header.employerLogin')}
            </ButtonLink>
          </div>
        )}
      </Drawer>
    </header>
  );
}
