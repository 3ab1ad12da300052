import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { localePath, stripLocale } from '../../lib/locale.ts';
import { rememberedRecruitmentsBackURL } from '../../lib/session-storage.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';

/** Logged-out visitors past the public quota: a modal that only login or going back closes. */
export function LoginLimitModal() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const back = `${stripLocale(location.pathname)}${location.search}`;
  // "Back to the job list" returns to the list the recruitment was opened from, when known.
  const [jobList, setJobList] = useState(localePath(locale, '/applicants/recruitments'));
  useEffect(() => {
    const remembered = rememberedRecruitmentsBackURL();
    if (remembered) setJobList(remembered);
  }, []);
  return (
    <Modal isOpen onOpenChange={() => {}} isDismissable={false} title={t('error.limitTitle')}>
      <title>{`${t('error.limitTitle')} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <div data-testid="login-limit-modal">
        <p className="mb-6 text-muted">{t('error.limitText')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={`${localePath(locale, '/login')}?backURL=${encodeURIComponent(back)}`} className="flex-1">
            {t('error.limitLogin')}
          </ButtonLink>
          <ButtonLink to={jobList} variant="secondary" className="flex-1" data-testid="limit-back">
            {t('error.limitBack')}
          </ButtonLink>
        </div>
      </div>
    </Modal>
  );
}
