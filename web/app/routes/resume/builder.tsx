// The resume builder (spec §2): /applicants/resumes/add/personal, /educations, /jobs, /skills,
// /certificates. Each step saves on its own: the personal step with its form (then the next step,
// or the page that sent the person here to create a resume), the others item by item.
import { data, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/builder';
import { PersonalForm } from '../../components/resume/PersonalForm.tsx';
import { CustomResumeField } from '../../components/resume/Attachments.tsx';
import { MissingResume } from '../../components/resume/MissingResume.tsx';
import { BuilderProgress, STEP_TITLE } from '../../components/resume/Progress.tsx';
import { SectionEditor } from '../../components/resume/SectionEditor.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { localeFromPath, localePath } from '../../lib/locale.ts';
import { originOf, requireKnownLocale, safeBackURL } from '../../lib/route-guards.ts';
import { runResumeAction } from '../../lib/resume/actions.server.ts';
import { backURLOf, loadOwnResume } from '../../lib/resume/loaders.server.ts';
import { BUILDER_STEPS, isBuilderStep, type BuilderStep } from '../../lib/resume/types.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { readPageMeta } from '../../lib/seo.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

function stepOf(params: { step?: string }): BuilderStep {
  if (!isBuilderStep(params.step)) throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
  return params.step;
}

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  const step = stepOf(args.params);
  const [resume, seo] = await Promise.all([
    loadOwnResume(args),
    readPageMeta(
      getServerApi(args.context).api,
      args.request,
      { area: 'resume-steps', page: step },
      { title: 'resume.builder.title', description: 'resume.builder.description', noindex: true },
    ),
  ]);
  return { step, resume, backURL: backURLOf(args.request), seo };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireKnownLocale(params);
  const step = stepOf(params);
  const form = await request.formData();
  const locale = localeFromPath(new URL(request.url).pathname);
  const { api } = getServerApi(context);
  const next = BUILDER_STEPS[BUILDER_STEPS.indexOf(step) + 1] ?? 'certificates';
  return runResumeAction(api, request, form, () => {
    const back = safeBackURL(String(form.get('backURL') ?? ''), originOf(request), '');
    return redirect(back || localePath(locale, `/applicants/resumes/add/${next}`));
  });
}

export default function Builder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { step, resume, backURL } = loaderData;
  const index = BUILDER_STEPS.indexOf(step);
  const previous = BUILDER_STEPS[index - 1];
  const next = BUILDER_STEPS[index + 1];
  const personalResult = actionData && actionData.intent === 'personal' ? actionData : undefined;
  useExcToasts(personalResult?.exc, personalResult?.at);
  const saving = navigation.state === 'submitting';

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8" data-testid={`builder-${step}`}>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{t('resume.builder.heading')}</h1>
        <p className="text-muted">{t(`resume.step.${step}.intro`)}</p>
      </div>
      <BuilderProgress step={step} canJump={resume !== null} />
      {step === 'personal' ? (
        <section aria-labelledby="step-heading" className="flex flex-col gap-4">
          <h2 id="step-heading" className="text-xl font-bold text-ink">
            {t(STEP_TITLE.personal)}
          </h2>
          <PersonalForm
            resume={personalResult?.resume ?? resume}
            exc={personalResult?.exc}
            backURL={backURL}
            actions={
              <Button type="submit" isDisabled={saving} data-testid="save-personal">
                {t('resume.builder.saveAndNext')}
              </Button>
            }
          />
        </section>
      ) : resume === null ? (
        <MissingResume />
      ) : (
        <>
          <SectionEditor section={step} resumeId={resume.id} items={resume[step]} />
          {step === 'skills' && <SectionEditor section="languages" resumeId={resume.id} items={resume.languages} />}
          {step === 'certificates' && (
            <>
              <SectionEditor section="publications" resumeId={resume.id} items={resume.publications} />
              <CustomResumeField
                resumeId={resume.id}
                fileName={resume.customFileName}
                hasFile={resume.fileId !== null}
              />
            </>
          )}
        </>
      )}
      {step !== 'personal' && (
        <nav
          aria-label={t('resume.builder.stepsNav')}
          className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4"
        >
          {previous ? (
            <LocaleLink
              to={`/applicants/resumes/add/${previous}`}
              className={buttonClass('secondary')}
              data-testid="step-back"
            >
              {t('resume.builder.back')}
            </LocaleLink>
          ) : (
            <span />
          )}
          {next ? (
            <LocaleLink
              to={`/applicants/resumes/add/${next}`}
              className={buttonClass('primary')}
              data-testid="step-next"
            >
              {t('resume.builder.next')}
            </LocaleLink>
          ) : resume ? (
            backURL ? (
              <Link to={backURL} className={buttonClass('primary')} data-testid="step-finish">
                {t('resume.builder.finish')}
              </Link>
            ) : (
              <LocaleLink
                to={`/applicants/resumes/${resume.slug}`}
                className={buttonClass('primary')}
                data-testid="step-finish"
              >
                {t('resume.builder.finish')}
              </LocaleLink>
            )
          ) : null}
        </nav>
      )}
    </div>
  );
}
