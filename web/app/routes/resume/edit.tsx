// /applicants/resumes/edit: every part of the resume on one page (spec §2, §4). Each section
// adds, edits and deletes inline with its own saving state; after every change the whole resume
// is loaded again.
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import type { Route } from './+types/edit';
import { CustomResumeField } from '../../components/resume/Attachments.tsx';
import { MissingResume } from '../../components/resume/MissingResume.tsx';
import { PersonalForm } from '../../components/resume/PersonalForm.tsx';
import { SectionEditor } from '../../components/resume/SectionEditor.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/States.tsx';
import { toast, useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { localDigits } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { runResumeAction } from '../../lib/resume/actions.server.ts';
import { loadOwnResume } from '../../lib/resume/loaders.server.ts';
import { SECTIONS, type Resume } from '../../lib/resume/types.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'resume.edit.title', 'resume.edit.description', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  return { resume: await loadOwnResume(args) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireKnownLocale(params);
  return runResumeAction(getServerApi(context).api, request, await request.formData());
}

function personalKey(resume: Resume): string {
  const {
    firstName,
    lastName,
    email,
    phone,
    birthday,
    gender,
    maritalStatus,
    militaryStatus,
    hasDisability,
    isForeigner,
    province,
    city,
    url,
    jobTitle,
    about,
    pic,
  } = resume;
  return JSON.stringify([
    firstName,
    lastName,
    email,
    phone,
    birthday,
    gender,
    maritalStatus,
    militaryStatus,
    hasDisability,
    isForeigner,
    province,
    city,
    url,
    jobTitle,
    about,
    pic,
  ]);
}

export default function EditResume({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const { resume } = loaderData;
  const personal = actionData?.intent === 'personal' ? actionData : undefined;
  useExcToasts(personal?.exc, personal?.at);
  const announced = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (personal?.ok && personal.at !== announced.current) {
      announced.current = personal.at;
      toast.success(t('resume.saved'));
    }
  }, [personal, t]);
  const savingPersonal = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'personal';

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8" data-testid="resume-edit">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{t('resume.edit.heading')}</h1>
        {resume && (
          <LocaleLink to={`/applicants/resumes/${resume.slug}`} className={buttonClass('secondary')}>
            {t('resume.edit.view')}
          </LocaleLink>
        )}
      </div>
      {resume === null ? (
        <MissingResume />
      ) : (
        <>
          <div className="flex flex-col gap-2 rounded-2xl bg-brand-50 p-4" data-testid="completeness">
            <p className="text-sm font-semibold text-brand-900">
              {t('resume.completeness', { score: localDigits(resume.completeness.score, locale) })}
            </p>
            <div className="h-2 overflow-hidden rounded-full bg-white" aria-hidden="true">
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${resume.completeness.score}%` }} />
            </div>
          </div>
          <section
            aria-labelledby="section-personal"
            aria-busy={savingPersonal}
            className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
            data-testid="section-personal"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="section-personal" className="text-lg font-bold text-ink">
                {t('resume.step.personal')}
              </h2>
              {savingPersonal && <Spinner label={t('resume.saving')} />}
            </div>
            <PersonalForm
              // Starts over when the saved personal info changes, not when another section does
              // (that would drop what is being typed here).
              key={personalKey(resume)}
              resume={personal && !personal.ok ? { ...personal.resume, id: resume.id, pic: resume.pic } : resume}
              exc={personal?.exc}
              actions={
                <Button type="submit" isDisabled={savingPersonal} data-testid="save-personal">
                  {t('resume.saveChanges')}
                </Button>
              }
            />
          </section>
          {SECTIONS.map((section) => (
            <SectionEditor key={section} section={section} resumeId={resume.id} items={resume[section]} />
          ))}
          <CustomResumeField resumeId={resume.id} fileName={resume.customFileName} hasFile={resume.fileId !== null} />
        </>
      )}
    </div>
  );
}
