import { Page } from '../layout/Page.tsx';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { EmptyState } from '../ui/States.tsx';
import { useExcToasts } from '../ui/Toaster.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { localePath } from '../../lib/locale.ts';
import type { PostingFormMode } from '../../lib/postings/pages.server.ts';
import type { Posting, PostingChoices, PostingFields, PostingStatus } from '../../lib/postings/types.ts';
import { PostingForm } from './PostingForm.tsx';

const TITLES: Record<PostingFormMode, MessageKey> = {
  add: 'postings.form.addTitle',
  edit: 'postings.form.editTitle',
  clone: 'postings.form.cloneTitle',
};

export type PostingFormLoaderData =
  | { choose: true; mode: PostingFormMode; employers: Array<{ slug: string; brand?: string | null }> }
  | {
      choose: false;
      mode: PostingFormMode;
      employer: { id: string; slug: string; brand: string | null };
      posting: Posting | null;
      status: PostingStatus | null;
      editable: boolean;
      templates: Array<{ id: string; name: string }>;
      choices: PostingChoices;
    };

export interface PostingActionData {
  ok: boolean;
  exc?: string[];
  at: number;
  /** What a refused save sent, shown again in the form. */
  fields?: PostingFields;
}

/** Several employers and none named: which one the posting is for (`?employer=`). */
function EmployerChooser({ employers }: { employers: Array<{ slug: string; brand?: string | null }> }) {
  const t = useT();
  if (employers.length === 0)
    return (
      <EmptyState title={t('postings.choose.none')}>
        <LocaleLink to="/employers/add" className="font-bold text-brand-700 underline">
          {t('postings.choose.create')}
        </LocaleLink>
      </EmptyState>
    );
  return (
    <section aria-labelledby="choose-employer" data-testid="choose-employer">
      <h2 id="choose-employer" className="mb-2 text-xl font-bold">
        {t('postings.choose.title')}
      </h2>
      <p className="mb-4 text-muted">{t('postings.choose.intro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {employers.map((employer) => (
          <li key={employer.slug}>
            <a
              href={`?employer=${encodeURIComponent(employer.slug)}`}
              className="block rounded-2xl border border-line p-5 font-bold hover:border-brand-200"
            >
              {employer.brand ?? employer.slug}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The add, edit and clone pages: the employer chooser, or the form for the page's employer. */
export function PostingFormPage({
  loaderData,
  actionData,
}: {
  loaderData: PostingFormLoaderData;
  actionData: PostingActionData | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const employerSlug = loaderData.choose ? undefined : loaderData.employer.slug;
  useExcToasts(actionData?.exc, actionData?.at, employerSlug);
  const title = t(TITLES[loaderData.mode]);
  if (loaderData.choose)
    return (
      <Page title={title} testId="posting-form-page">
        <EmployerChooser employers={loaderData.employers} />
      </Page>
    );
  const { employer, posting, mode } = loaderData;
  const intro =
    mode === 'clone'
      ? t('postings.form.cloneIntro', { title: posting?.title ?? '' })
      : employer.brand
        ? t('postings.form.for', { brand: employer.brand })
        : t('postings.form.intro');
  return (
    <Page title={title} intro={intro} testId="posting-form-page">
      {mode === 'edit' && loaderData.status === 'published' && (
        <p className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm" data-testid="published-note">
          {t('postings.form.publishedNote')}
        </p>
      )}
      {!loaderData.editable ? (
        <EmptyState title={t('postings.form.notEditable')}>
          <a
            href={localePath(locale, `/recruitments/${encodeURIComponent(posting?.id ?? '')}/clone`)}
            className="font-bold text-brand-700 underline"
          >
            {t('postings.list.clone')}
          </a>
        </EmptyState>
      ) : (
        <PostingForm
          // A new posting or another one is a new form (the fields start from their defaults again).
          key={`${mode}-${posting?.id ?? 'new'}-${employer.id}`}
          employer={employer}
          // After a refused save, what was sent: a page without JavaScript is rendered anew from
          // these (with JavaScript the form keeps what was typed).
          posting={actionData?.fields ? ({ ...posting, ...actionData.fields } as Posting) : posting}
          status={loaderData.status}
          templates={loaderData.templates}
          choices={loaderData.choices}
          codes={actionData?.exc}
        />
      )}
    </Page>
  );
}
