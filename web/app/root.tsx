import { I18nProvider } from 'react-aria-components';
import { Links, Meta, Outlet, ScrollRestoration, useLocation, useRouteError, type LinksFunction } from 'react-router';
import fontArabic from '@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2?url';
import fontLatin from '@fontsource-variable/vazirmatn/files/vazirmatn-latin-wght-normal.woff2?url';
import stylesheet from './app.css?url';
import type { Route } from './+types/root';
import { DeferredScripts } from './components/DeferredScripts.tsx';
import { ErrorPage } from './components/errors/ErrorPage.tsx';
import { Toaster } from './components/ui/Toaster.tsx';
import { LocaleContext } from './i18n/index.ts';
import { apiMiddleware } from './lib/api.server.ts';
import { ARIA_LOCALE, installAriaStrings } from './lib/aria-strings.ts';
import { useNonce } from './lib/csp-nonce.ts';
import { describeRouteError } from './lib/errors.ts';
import { directionOf, localeFromPath } from './lib/locale.ts';

export const middleware: Route.MiddlewareFunction[] = [apiMiddleware];

// react-aria's own screen-reader wording in the page's locale, from our catalogue; set before the
// first render in the browser, since react-aria reads it once (lib/aria-strings.ts).
if (typeof document !== 'undefined') installAriaStrings(localeFromPath(window.location.pathname));

export const links: LinksFunction = () => [
  // Both subsets every Persian page uses are preloaded (the Latin one holds the space and
  // punctuation), so text is drawn in Vazirmatn from the first paint with no font swap shift,
  // and the first paint does not wait for the stylesheet to reveal the second font.
  { rel: 'preload', href: fontArabic, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: fontLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // A precedence makes React place the stylesheet ahead of the script preloads it hoists into
  // <head>, so the one render-blocking file is fetched first rather than behind twenty scripts.
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ request }: Route.LoaderArgs) {
  const origin = process.env.PUBLIC_URL ?? new URL(request.url).origin;
  return { origin };
}

/** `lang` and `dir` come from the URL on the server, so the first paint is already RTL. */
export function Layout({ children }: { children: React.ReactNode }) {
  const locale = localeFromPath(useLocation().pathname);
  // The Content-Security-Policy lets inline scripts run only with this response's nonce.
  const nonce = useNonce();
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f6f65" />
        <Meta />
        <Links />
      </head>
      <body className="bg-white antialiased">
        <LocaleContext.Provider value={locale}>
          {/* react-aria's components follow the page's locale (direction, digits, their wording), not the browser's. */}
          <I18nProvider locale={ARIA_LOCALE[locale]}>
            {children}
            <Toaster />
          </I18nProvider>
        </LocaleContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort, for errors the site layout could not render itself. */
export function ErrorBoundary() {
  const info = describeRouteError(useRouteError());
  return (
    <main id="main" className="flex flex-1 items-center justify-center p-6">
      <ErrorPage info={info} />
    </main>
  );
}
