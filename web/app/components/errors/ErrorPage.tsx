import { excText } from '@darmankar/platform/errors/catalogue';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import type { RouteErrorInfo } from '../../lib/errors.ts';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { localePath } from '../../lib/locale.ts';

// The modal (and the react-aria overlay code under it) is loaded only when this error happens.
const LoginLimitModal = lazy(() =>
  import('./LoginLimitModal.tsx').then((module) => ({ default: module.LoginLimitModal })),
);

/** The in-place error pages of spec §8: 404, 403 access error, 500 server error, login limit. */
export function ErrorPage({ info }: { info: RouteErrorInfo }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  if (info.kind === 'loginLimit') {
    return (
      <Suspense fallback={null}>
        <LoginLimitModal />
      </Suspense>
    );
  }

  const heading =
    info.kind === 'notFound'
      ? t('error.notFoundTitle')
      : info.kind === 'forbidden'
        ? t('error.forbiddenTitle')
        : t('error.serverTitle');
  const status = info.kind === 'notFound' ? 404 : info.kind === 'forbidden' ? 403 : 500;
  const messages =
    info.kind === 'notFound' ? [t('error.notFoundText')] : info.codes.map((code) => excText(code, locale));

  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center"
      data-testid={`error-${status}`}
      aria-labelledby="error-title"
    >
      <title>{`${heading} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        {localDigits(status, locale)}
      </p>
      <h1 id="error-title" className="text-2xl font-bold">
        {heading}
      </h1>
      {messages.map((message) => (
        <p key={message} className="text-muted" data-testid="error-message">
          {message}
        </p>
      ))}
      {/* The codes help support with an unexpected failure; a refused access is said in words only. */}
      {info.kind === 'server' && info.codes[0] && (
        <p className="text-xs text-muted" dir="ltr" data-testid="error-codes">
          {info.codes.join(', ')}
        </p>
      )}
      <div className="mt-2 flex gap-3">
        {info.kind !== 'notFound' && (
          <Button variant="secondary" onPress={() => navigate(-1)} data-testid="error-back">
            {t('ui.back')}
          </Button>
        )}
        <ButtonLink to={localePath(locale, '/')}>{t('error.home')}</ButtonLink>
      </div>
    </section>
  );
}
