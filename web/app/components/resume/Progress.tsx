import { clsx } from 'clsx';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { BUILDER_STEPS, type BuilderStep } from '../../lib/resume/types.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';

export const STEP_TITLE: Record<BuilderStep, MessageKey> = {
  personal: 'resume.step.personal',
  educations: 'resume.step.educations',
  jobs: 'resume.step.jobs',
  skills: 'resume.step.skills',
  certificates: 'resume.step.certificates',
};

/** The builder's steps (spec §2): where the person is, and links to the others once a resume exists. */
export function BuilderProgress({ step, canJump }: { step: BuilderStep; canJump: boolean }) {
  const t = useT();
  const locale = useLocale();
  const index = BUILDER_STEPS.indexOf(step);
  return (
    <nav aria-label={t('resume.builder.progress')} className="flex flex-col gap-3" data-testid="builder-progress">
      <p className="text-sm text-muted">
        {t('resume.builder.stepOf', {
          step: localDigits(index + 1, locale),
          total: localDigits(BUILDER_STEPS.length, locale),
        })}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-line" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${((index + 1) / BUILDER_STEPS.length) * 100}%` }}
        />
      </div>
      <ol className="flex flex-wrap gap-2">
        {BUILDER_STEPS.map((name, i) => {
          const current = name === step;
          const label = (
            <>
              <span
                aria-hidden="true"
                className={clsx(
                  'grid size-6 place-items-center rounded-full text-xs',
                  i <= index ? 'bg-brand-600 text-white' : 'bg-line text-ink',
                )}
              >
                {localDigits(i + 1, locale)}
              </span>
              {t(STEP_TITLE[name])}
            </>
          );
          const className = clsx(
            'inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm',
            current ? 'bg-brand-50 font-bold text-brand-900' : 'text-ink',
          );
          return (
            <li key={name}>
              {canJump && !current ? (
                <LocaleLink to={`/applicants/resumes/add/${name}`} className={clsx(className, 'hover:bg-surface')}>
                  {label}
                </LocaleLink>
              ) : (
                <span className={className} aria-current={current ? 'step' : undefined}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
