import { useLocation } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { RESUME_MISSING } from '../../lib/resume/api.ts';
import { EmptyState } from '../ui/States.tsx';
import { useExcToasts } from '../ui/Toaster.tsx';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { buttonClass } from '../ui/Button.tsx';

const CODES = [RESUME_MISSING];

/**
 * A page that needs a resume, opened without one: the EXC_RESUME_ID_IS_INVALID toast (its
 * 'create resume' link comes back here, spec §8) and the same way out on the page itself.
 */
export function MissingResume() {
  const t = useT();
  const location = useLocation();
  useExcToasts(CODES, location.key);
  const back = `${location.pathname}${location.search}`;
  return (
    <div data-testid="missing-resume">
      <EmptyState title={t('resume.missing.title')}>
        <p>{t('resume.missing.body')}</p>
        <LocaleLink
          to={`/applicants/resumes/add/personal?backURL=${encodeURIComponent(back)}`}
          className={buttonClass('primary', 'mt-4')}
        >
          {t('toast.createResume')}
        </LocaleLink>
      </EmptyState>
    </div>
  );
}
