import type { ReactNode } from 'react';
import { Outlet, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/site-layout';
import { ErrorPage } from '../components/errors/ErrorPage.tsx';
import { Footer } from '../components/layout/Footer.tsx';
import { Header } from '../components/layout/Header.tsx';
import { LoadingOverlay } from '../components/layout/LoadingOverlay.tsx';
import { PromoBanner } from '../components/layout/PromoBanner.tsx';
import { useT } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { bannerCodeCache } from '../lib/billing/banner.server.ts';
import { describeRouteError } from '../lib/errors.ts';
import { stripLocale } from '../lib/locale.ts';
import { usePageHandle } from '../lib/page-handle.ts';
import { unreadNotifications } from '../lib/notifications/unread.server.ts';
import { canEditEmployer, loadViewer } from '../lib/viewer.server.ts';
import { LOGGED_OUT, selectedEmployerSlugFor } from '../lib/viewer.ts';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(request.url);
  const employerSlug = selectedEmployerSlugFor(
    viewer,
    (params as { employerSlug?: string }).employerSlug,
    url.pathname,
    url.search,
  );
  const selected = viewer.employers.find((employer) => employer.slug === employerSlug);
  const [mayEdit, discountCode, unread] = await Promise.all([
    selected ? canEditEmployer(api, selected.id) : false,
    bannerCodeCache.get(api),
    // The bell's count comes with every page's data: no call of its own from the browser.
    viewer.isLoggedIn ? unreadNotifications(api) : null,
  ]);
  return { viewer, canEditEmployer: mayEdit, discountCode, unread };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

/** Header and footer everywhere except /login* (spec §2), with per-page opt-outs. */
function Frame({ data, children }: { data: LayoutData | undefined; children: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const handle = usePageHandle();
  const onLoginPages = stripLocale(location.pathname).startsWith('/login');
  const showHeader = handle.header && !onLoginPages;
  const showFooter = handle.footer && !onLoginPages;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('app.skipToContent')}
      </a>
      {handle.banner && showHeader && <PromoBanner discountCode={data?.discountCode ?? null} />}
      {showHeader && (
        <Header
          viewer={data?.viewer ?? LOGGED_OUT}
          canEditEmployer={data?.canEditEmployer ?? false}
          unreadNotifications={data?.unread ?? null}
        />
      )}
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      {showFooter && <Footer />}
      <LoadingOverlay />
    </>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame data={loaderData}>
      <Outlet />
    </Frame>
  );
}

/** Errors render in place, inside the header and footer (spec §2, §8). */
export function ErrorBoundary() {
  const data = useRouteLoaderData<LayoutData>('routes/site-layout');
  const info = describeRouteError(useRouteError());
  return (
    <Frame data={data}>
      <div className="px-4">
        <ErrorPage info={info} />
      </div>
    </Frame>
  );
}
