import { lazy, Suspense, useState } from 'react';
import { useLocation, useMatches, useParams } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { localePath, stripLocale } from '../../lib/locale.ts';
import { navItemsFor } from '../../lib/nav.ts';
import {
  headerVariantFor,
  mayAct,
  selectedEmployerSlugFor,
  type EmployerSummary,
  type Viewer,
} from '../../lib/viewer.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { LogoMark } from '../ui/Logo.tsx';
import { LocaleLink } from './LocaleLink.tsx';
import { NavList } from './NavList.tsx';

// The drawer's code (react-aria's modal machinery) is fetched when a phone user first opens it,
// not on every page load; once loaded it stays mounted so its closing animation and history
// entry behave as before.
const Drawer = lazy(() => import('../ui/Drawer.tsx').then((module) => ({ default: module.Drawer })));

// Only logged-in pages show the profile dropdown; logged-out pages (the home page for most
// visitors) do not download its popover code. The server renders it in full either way.
const ProfileDropdown = lazy(() =>
  import('./ProfileDropdown.tsx').then((module) => ({ default: module.ProfileDropdown })),
);

// The bell, like the profile dropdown, only on logged-in pages.
const NotificationBell = lazy(() =>
  import('../notifications/NotificationBell.tsx').then((module) => ({ default: module.NotificationBell })),
);

export interface HeaderProps {
  viewer: Viewer;
  canEditEmployer: boolean;
  /** The viewer's unread notifications; null when unknown (logged out, or the service did not answer). */
  unreadNotifications?: number | null;
}

/**
 * The employer a page works on when its URL does not name it (the payment outcome pages know only
 * the order): its loader data carries `headerEmployerSlug`.
 */
function usePageEmployerSlug(): string | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const slug = (match.data as { headerEmployerSlug?: unknown } | undefined)?.headerEmployerSlug;
    if (typeof slug === 'string') return slug;
  }
  return undefined;
}

/** The sticky site header (spec §2): logo, navbar, account area; a drawer on phones. */
export function Header({ viewer, canEditEmployer, unreadNotifications = null }: HeaderProps) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const params = useParams();
  const pageEmployerSlug = usePageEmployerSlug();
  const employerSlug = selectedEmployerSlugFor(
    viewer,
    params.employerSlug ?? pageEmployerSlug,
    location.pathname,
    location.search,
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const variant = headerVariantFor(viewer, employerSlug, location.pathname);
  const items = navItemsFor(variant, viewer, employerSlug);
  const selectedEmployer: EmployerSummary | undefined = viewer.employers.find((e) => e.slug === employerSlug);
  const backHere = `${stripLocale(location.pathname)}${location.search}`;
  const otherLocale = locale === 'fa' ? 'en' : 'fa';
  const otherLocaleHref = localePath(otherLocale, stripLocale(location.pathname)) + location.search;

  return (
    <header
      className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur"
      data-testid="site-header"
      data-variant={variant}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <button
          type="button"
          className="rounded-lg p-2 text-ink hover:bg-surface md:hidden"
          aria-label={t('nav.openMenu')}
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
          data-testid="drawer-button"
        >
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
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
            href={otherLocaleHref}
            hrefLang={otherLocale}
            lang={otherLocale}
            aria-label={t('app.languageSwitchLabel')}
            className="hidden rounded-lg px-2 py-1 text-sm text-muted hover:bg-surface sm:inline-block"
          >
            {t('app.languageSwitch')}
          </a>
          {viewer.isLoggedIn && unreadNotifications !== null && (
            <Suspense fallback={<span className="block size-12" />}>
              <NotificationBell unread={unreadNotifications} />
            </Suspense>
          )}
          {viewer.isLoggedIn ? (
            <Suspense fallback={<span className="block size-12" />}>
              <ProfileDropdown
                viewer={viewer}
                variant={variant}
                selectedEmployer={selectedEmployer}
                canEditEmployer={canEditEmployer || mayAct(selectedEmployer, 'EmployerEdit')}
              />
            </Suspense>
          ) : (
            <>
              {variant === 'applicants' && (
                <ButtonLink
                  to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/employers')}`}
                  variant="secondary"
                  className="max-sm:hidden"
                  data-testid="employer-login"
                >
                  {t('header.employerLogin')}
                </ButtonLink>
              )}
              <ButtonLink
                to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent(backHere)}`}
                data-testid="login-button"
              >
                {t('header.login')}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <Drawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} title={t('nav.drawerTitle')}>
            <nav aria-label={t('nav.main')}>
              <NavList items={items} orientation="vertical" />
            </nav>
            {!viewer.isLoggedIn && variant === 'applicants' && (
              <div className="mt-6 border-t border-line pt-4">
                <ButtonLink
                  to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent('/employers')}`}
                  variant="secondary"
                  className="w-full"
                >
                  {t('header.employerLogin')}
                </ButtonLink>
              </div>
            )}
            {/* Below the breakpoint the header has no room for the language switch: it lives here. */}
            <div className="mt-6 border-t border-line pt-4">
              <a
                href={otherLocaleHref}
                hrefLang={otherLocale}
                lang={otherLocale}
                aria-label={t('app.languageSwitchLabel')}
                className="block rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-surface"
                data-testid="drawer-language-switch"
              >
                {t('app.languageSwitch')}
              </a>
            </div>
          </Drawer>
        </Suspense>
      )}
    </header>
  );
}
