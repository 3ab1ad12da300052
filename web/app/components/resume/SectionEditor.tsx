// One resume section (educations, jobs, skills, languages, certificates, publications): its items
// with inline edit and delete, and an add form. Each section posts through its own fetcher, so it
// shows its own saving state (spec §4) while the rest of the page stays usable; after each change
// React Router re-fetches the whole resume. The forms are plain forms inside <details>, so adding,
// editing and deleting work without JavaScript as well.
import { excText } from '@darmankar/platform/errors/catalogue';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { formatNumber, localDigits } from '../../lib/format.ts';
import type { ResumeActionResult } from '../../lib/resume/actions.server.ts';
import { formatIsoDate, formatIsoMonth } from '../../lib/resume/dates.ts';
import { codesForField } from '../../lib/resume/schemas.ts';
import {
  LANGUAGE_LEVELS,
  SKILL_LEVELS,
  type Certificate,
  type Education,
  type Job,
  type Language,
  type Publication,
  type SectionItems,
  type SectionName,
  type Skill,
} from '../../lib/resume/types.ts';
import { listTitle, listTitles } from '../../lib/closed-lists.ts';
import { buttonClass } from '../ui/Button.tsx';
import { ClosedListSelect, ProvinceCityFields } from '../ui/ClosedListSelect.tsx';
import { EmptyState, Spinner } from '../ui/States.tsx';
import { useExcToasts } from '../ui/Toaster.tsx';
import {
  CheckboxField,
  ChoiceField,
  FormGrid,
  JalaliDateField,
  SuggestField,
  TextAreaField,
  TextField,
  YearField,
} from './fields.tsx';

type ErrorsFor = (field: string) => string | undefined;

function useFieldErrors(codes: readonly string[] | undefined): ErrorsFor {
  const locale = useLocale();
  return (field) => {
    const own = codesForField(codes, field);
    return own.length > 0 ? own.map((code) => excText(code, locale)).join(' ') : undefined;
  };
}

function EducationFields({ item, errors }: { item?: Education; errors: ErrorsFor }) {
  const t = useT();
  return (
    <FormGrid>
      <SuggestField
        label={t('resume.education.university')}
        name="university"
        category="universities"
        defaultValue={item?.university}
        errorMessage={errors('university')}
      />
      <SuggestField
        label={t('resume.education.fieldOfStudy')}
        name="fieldOfStudy"
        category="fieldsOfStudy"
        defaultValue={item?.fieldOfStudy}
        errorMessage={errors('fieldOfStudy')}
      />
      <ClosedListSelect
        list="degreeLevels"
        name="degreeLevel"
        label={t('resume.education.degreeLevel')}
        defaultValue={item?.degreeLevel}
        errorMessage={errors('degreeLevel')}
      />
      <TextField
        label={t('resume.education.gpa')}
        name="gpa"
        inputMode="decimal"
        dir="ltr"
        defaultValue={item?.gpa != null ? String(item.gpa) : ''}
        errorMessage={errors('gpa')}
      />
      <YearField
        label={t('resume.education.startYear')}
        name="startYear"
        defaultValue={item?.startYear}
        errorMessage={errors('startYear')}
      />
      <YearField
        label={t('resume.education.endYear')}
        name="endYear"
        defaultValue={item?.endYear}
        errorMessage={errors('endYear')}
      />
      <CheckboxField
        label={t('resume.education.currentlyEnrolled')}
        name="currentlyEnrolled"
        defaultChecked={item?.currentlyEnrolled}
      />
    </FormGrid>
  );
}

function JobFields({ item, errors }: { item?: Job; errors: ErrorsFor }) {
  const t = useT();
  return (
    <FormGrid>
      <SuggestField
        label={t('resume.job.jobTitle')}
        name="jobTitle"
        category="jobTitles"
        defaultValue={item?.jobTitle}
        errorMessage={errors('jobTitle')}
      />
      <TextField
        label={t('resume.job.companyName')}
        name="companyName"
        defaultValue={item?.companyName ?? ''}
        errorMessage={errors('companyName')}
      />
      <ClosedListSelect
        list="industries"
        name="industry"
        label={t('resume.job.industry')}
        defaultValue={item?.industry}
        errorMessage={errors('industry')}
      />
      <ClosedListSelect
        list="employmentTypes"
        name="employmentType"
        label={t('resume.job.employmentType')}
        defaultValue={item?.employmentType}
        errorMessage={errors('employmentType')}
      />
      <ProvinceCityFields
        provinceLabel={t('resume.personal.province')}
        cityLabel={t('resume.personal.city')}
        defaultProvince={item?.province}
        defaultCity={item?.city}
        provinceError={errors('province')}
        cityError={errors('city')}
      />
      <JalaliDateField
        label={t('resume.job.startDate')}
        name="startDate"
        defaultValue={item?.startDate}
        errorMessage={errors('startDate')}
      />
      <JalaliDateField
        label={t('resume.job.endDate')}
        name="endDate"
        defaultValue={item?.endDate}
        errorMessage={errors('endDate')}
      />
      <CheckboxField
        label={t('resume.job.currentlyEmployed')}
        name="currentlyEmployed"
        defaultChecked={item?.currentlyEmployed}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t('resume.job.description')}
          name="description"
          defaultValue={item?.description}
          errorMessage={errors('description')}
        />
      </div>
    </FormGrid>
  );
}

function LevelFields({
  item,
  errors,
  category,
  levels,
  nameKey,
  levelKey,
}: {
  item?: Skill | Language;
  errors: ErrorsFor;
  category: string;
  levels: readonly string[];
  nameKey: MessageKey;
  levelKey: MessageKey;
}) {
  const t = useT();
  return (
    <FormGrid>
      <SuggestField
        label={t(nameKey)}
        name="name"
        category={category}
        defaultValue={item?.name}
        errorMessage={errors('name')}
      />
      <ChoiceField
        label={t(levelKey)}
        name="level"
        defaultValue={item?.level}
        placeholder={t('resume.field.choose')}
        errorMessage={errors('level')}
        options={levels.map((level) => ({ id: level, label: t(`resume.level.${level}` as MessageKey) }))}
      />
    </FormGrid>
  );
}

function CertificateFields({ item, errors }: { item?: Certificate; errors: ErrorsFor }) {
  const t = useT();
  return (
    <FormGrid>
      <TextField
        label={t('resume.certificate.title')}
        name="title"
        defaultValue={item?.title ?? ''}
        errorMessage={errors('title')}
      />
      <TextField
        label={t('resume.certificate.issuedBy')}
        name="issuedBy"
        defaultValue={item?.issuedBy ?? ''}
        errorMessage={errors('issuedBy')}
      />
      <TextField
        label={t('resume.certificate.link')}
        name="link"
        type="url"
        dir="ltr"
        defaultValue={item?.link ?? ''}
        errorMessage={errors('link')}
      />
      <TextField
        label={t('resume.certificate.durationHours')}
        name="durationHours"
        inputMode="numeric"
        dir="ltr"
        defaultValue={item?.durationHours != null ? String(item.durationHours) : ''}
        errorMessage={errors('durationHours')}
      />
      <JalaliDateField
        label={t('resume.certificate.completionDate')}
        name="completionDate"
        defaultValue={item?.completionDate}
        errorMessage={errors('completionDate')}
      />
    </FormGrid>
  );
}

function PublicationFields({ item, errors }: { item?: Publication; errors: ErrorsFor }) {
  const t = useT();
  return (
    <FormGrid>
      <TextField
        label={t('resume.publication.title')}
        name="title"
        defaultValue={item?.title ?? ''}
        errorMessage={errors('title')}
      />
      <TextField
        label={t('resume.publication.publisher')}
        name="publisher"
        defaultValue={item?.publisher ?? ''}
        errorMessage={errors('publisher')}
      />
      <TextField
        label={t('resume.publication.authors')}
        description={t('resume.publication.authorsHint')}
        name="authors"
        defaultValue={item?.authors.join('، ') ?? ''}
        errorMessage={errors('authors')}
      />
      <TextField
        label={t('resume.publication.link')}
        name="link"
        type="url"
        dir="ltr"
        defaultValue={item?.link ?? ''}
        errorMessage={errors('link')}
      />
      <JalaliDateField
        label={t('resume.publication.date')}
        name="date"
        defaultValue={item?.date}
        errorMessage={errors('date')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t('resume.publication.description')}
          name="description"
          defaultValue={item?.description}
          errorMessage={errors('description')}
        />
      </div>
    </FormGrid>
  );
}

function ItemFields<S extends SectionName>({
  section,
  item,
  errors,
}: {
  section: S;
  item?: SectionItems[S];
  errors: ErrorsFor;
}) {
  switch (section) {
    case 'educations':
      return <EducationFields item={item as Education | undefined} errors={errors} />;
    case 'jobs':
      return <JobFields item={item as Job | undefined} errors={errors} />;
    case 'skills':
      return (
        <LevelFields
          item={item as Skill | undefined}
          errors={errors}
          category="skills"
          levels={SKILL_LEVELS}
          nameKey="resume.skill.name"
          levelKey="resume.skill.level"
        />
      );
    case 'languages':
      return (
        <LevelFields
          item={item as Language | undefined}
          errors={errors}
          category="languages"
          levels={LANGUAGE_LEVELS}
          nameKey="resume.language.name"
          levelKey="resume.language.level"
        />
      );
    case 'certificates':
      return <CertificateFields item={item as Certificate | undefined} errors={errors} />;
    default:
      return <PublicationFields item={item as Publication | undefined} errors={errors} />;
  }
}

/** The line an item shows in the list: its title and what qualifies it. */
export function useItemSummary(): (
  section: SectionName,
  item: SectionItems[SectionName],
) => { title: string; detail: string } {
  const t = useT();
  const locale = useLocale();
  const digits = (value: string | number) => localDigits(value, locale);
  return (section, item) => {
    switch (section) {
      case 'educations': {
        const e = item as Education;
        const end = e.currentlyEnrolled ? t('resume.present') : e.endYear ? digits(e.endYear) : '';
        const gpa = e.gpa != null ? ` · ${t('resume.education.gpa')} ${formatNumber(e.gpa, locale)}` : '';
        return {
          title: `${listTitle('degreeLevels', e.degreeLevel, locale) ?? ''} ${e.fieldOfStudy}`.trim(),
          detail: `${e.university} · ${digits(e.startYear)}–${end}${gpa}`,
        };
      }
      case 'jobs': {
        const j = item as Job;
        const end = j.currentlyEmployed ? t('resume.present') : formatIsoMonth(j.endDate, locale);
        const kind = listTitles(
          [
            ['employmentTypes', j.employmentType],
            ['cities', j.city],
          ],
          locale,
        );
        return {
          title: j.jobTitle,
          detail: `${j.companyName}${kind ? ` · ${kind}` : ''} · ${formatIsoMonth(j.startDate, locale)}–${end}`,
        };
      }
      case 'skills':
      case 'languages': {
        const s = item as Skill | Language;
        return { title: s.name, detail: t(`resume.level.${s.level}` as MessageKey) };
      }
      case 'certificates': {
        const c = item as Certificate;
        const hours =
          c.durationHours != null
            ? ` · ${t('resume.certificate.hours', { hours: formatNumber(c.durationHours, locale) })}`
            : '';
        const date = c.completionDate ? ` · ${formatIsoDate(c.completionDate, locale)}` : '';
        return { title: c.title, detail: `${c.issuedBy}${hours}${date}` };
      }
      default: {
        const p = item as Publication;
        const parts = [p.publisher, p.authors.join('، '), formatIsoDate(p.date, locale)].filter(Boolean);
        return { title: p.title, detail: parts.join(' · ') };
      }
    }
  };
}

const SECTION_TITLE: Record<SectionName, MessageKey> = {
  educations: 'resume.section.educations',
  jobs: 'resume.section.jobs',
  skills: 'resume.section.skills',
  languages: 'resume.section.languages',
  certificates: 'resume.section.certificates',
  publications: 'resume.section.publications',
};

const ADD_LABEL: Record<SectionName, MessageKey> = {
  educations: 'resume.add.educations',
  jobs: 'resume.add.jobs',
  skills: 'resume.add.skills',
  languages: 'resume.add.languages',
  certificates: 'resume.add.certificates',
  publications: 'resume.add.publications',
};

export function sectionTitleKey(section: SectionName): MessageKey {
  return SECTION_TITLE[section];
}

interface SectionEditorProps<S extends SectionName> {
  section: S;
  resumeId: string;
  items: SectionItems[S][];
  /** Where the forms post (the page's own action). */
  action?: string;
  /** The heading level inside the page. */
  headingLevel?: 2 | 3;
  intro?: ReactNode;
}

export function SectionEditor<S extends SectionName>({
  section,
  resumeId,
  items,
  action,
  headingLevel = 2,
  intro,
}: SectionEditorProps<S>) {
  const t = useT();
  const fetcher = useFetcher<ResumeActionResult>({ key: `resume-${section}` });
  const result = fetcher.data?.target === section ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  useExcToasts(result?.exc, result?.at);
  // After a saved change the forms start over (closed and empty); a refused one stays open as typed.
  const [round, setRound] = useState(0);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (result?.ok && result.at !== seen.current) {
      seen.current = result.at;
      setRound((n) => n + 1);
    }
  }, [result]);
  const failedItem = result && !result.ok ? (result.intent === 'add' ? 'new' : result.itemId) : null;
  const errorsOf = (key: string) => (failedItem === key ? result?.exc : undefined);
  const summary = useItemSummary();
  const Heading = `h${headingLevel}` as const;
  const headingId = `section-${section}`;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={busy}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
      data-testid={`section-${section}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="text-lg font-bold text-ink">
          {t(SECTION_TITLE[section])}
        </Heading>
        {busy && <Spinner label={t('resume.saving')} />}
      </div>
      {intro}
      {items.length === 0 ? (
        <EmptyState title={t('resume.section.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => {
            const { title, detail } = summary(section, item);
            return (
              <li
                key={`${item.id}-${round}`}
                className="rounded-xl border border-line p-3"
                data-testid={`item-${section}`}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{title}</p>
                    <p className="text-sm text-muted">{detail}</p>
                  </div>
                  <fetcher.Form method="post" action={action}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="section" value={section} />
                    <input type="hidden" name="resumeId" value={resumeId} />
                    <input type="hidden" name="itemId" value={item.id} />
                    <button
                      type="submit"
                      className={buttonClass('ghost', 'min-h-11 px-3 text-danger')}
                      disabled={busy}
                      aria-label={t('resume.deleteItem', { title })}
                    >
                      {t('resume.delete')}
                    </button>
                  </fetcher.Form>
                </div>
                <details className="mt-2" open={failedItem === item.id || undefined}>
                  <summary
                    className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-1 text-sm font-semibold text-brand-700"
                    aria-label={t('resume.editItem', { title })}
                  >
                    {t('resume.edit')}
                  </summary>
                  <ItemForm
                    section={section}
                    resumeId={resumeId}
                    item={item}
                    action={action}
                    fetcher={fetcher}
                    busy={busy}
                    errors={errorsOf(item.id)}
                  />
                </details>
              </li>
            );
          })}
        </ul>
      )}
      <details
        key={`add-${round}`}
        className="rounded-xl border border-dashed border-brand-200 p-3"
        open={failedItem === 'new' || items.length === 0 || undefined}
        data-testid={`add-${section}`}
      >
        <summary className="inline-flex min-h-11 cursor-pointer items-center px-1 font-semibold text-brand-700">
          {t(ADD_LABEL[section])}
        </summary>
        <ItemForm
          section={section}
          resumeId={resumeId}
          action={action}
          fetcher={fetcher}
          busy={busy}
          errors={errorsOf('new')}
        />
      </details>
    </section>
  );
}

function ItemForm<S extends SectionName>({
  section,
  resumeId,
  item,
  action,
  fetcher,
  busy,
  errors,
}: {
  section: S;
  resumeId: string;
  item?: SectionItems[S];
  action?: string;
  fetcher: ReturnType<typeof useFetcher<ResumeActionResult>>;
  busy: boolean;
  errors: string[] | undefined;
}) {
  const t = useT();
  const fieldErrors = useFieldErrors(errors);
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="mt-3 flex flex-col gap-4"
      data-testid={item ? `edit-form-${section}` : `add-form-${section}`}
    >
      <input type="hidden" name="intent" value={item ? 'update' : 'add'} />
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name="resumeId" value={resumeId} />
      {item && <input type="hidden" name="itemId" value={item.id} />}
      <ItemFields section={section} item={item} errors={fieldErrors} />
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {item ? t('resume.saveChanges') : t('resume.saveItem')}
        </button>
      </div>
    </fetcher.Form>
  );
}
