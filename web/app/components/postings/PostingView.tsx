import type { ReactNode } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { listTitle, listTitles } from '../../lib/closed-lists.ts';
import { formatToman, localDigits } from '../../lib/format.ts';
import type { Choice, PostingChoices, PostingFields } from '../../lib/postings/types.ts';

function choiceTitle(items: Choice[], id: string, locale: 'fa' | 'en'): string {
  const item = items.find((entry) => entry.id === id);
  if (!item) return id;
  return locale === 'en' && item.titleEn ? item.titleEn : item.title;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="min-w-36 text-sm text-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** A posting as applicants will read it: the preview of the form (what it would publish). */
export function PostingView({
  input,
  brand,
  choices,
}: {
  input: PostingFields;
  brand: string | null;
  choices: PostingChoices;
}) {
  const t = useT();
  const locale = useLocale();
  const digits = (value: number | string) => localDigits(value, locale);
  const min = input.minSalaryRials;
  const max = input.maxSalaryRials;
  const money = (rials: number) => formatToman(rials, locale);
  const salary = !input.salaryVisible
    ? t('postings.view.agreed')
    : min !== null && max !== null
      ? t('postings.view.salaryRange', { min: money(min), max: money(max) })
      : min !== null
        ? t('postings.view.salaryFrom', { min: money(min) })
        : max !== null
          ? t('postings.view.salaryUpTo', { max: money(max) })
          : t('postings.view.agreed');
  const age =
    input.minAge !== null && input.maxAge !== null
      ? t('postings.view.ageRange', { min: digits(input.minAge), max: digits(input.maxAge) })
      : input.minAge !== null
        ? t('postings.view.ageFrom', { min: digits(input.minAge) })
        : input.maxAge !== null
          ? t('postings.view.ageUpTo', { max: digits(input.maxAge) })
          : null;
  const experience =
    input.experienceYears === null
      ? null
      : input.experienceYears === 0
        ? t('postings.experience.none')
        : t('postings.experience.years', { years: digits(input.experienceYears) });
  const conditions = [
    input.militaryServiceRequired && t('postings.field.military'),
    input.acceptsDisability && t('postings.field.disability'),
    input.acceptsInternship && t('postings.field.internship'),
    input.acceptsRelevantIndustry && t('postings.field.relevantIndustry'),
  ].filter((entry): entry is string => Boolean(entry));
  return (
    <article className="flex flex-col gap-5" data-testid="posting-view">
      <header>
        <h3 className="text-xl font-extrabold text-brand-900" data-testid="preview-title">
          {input.title || t('postings.list.untitled')}
        </h3>
        {brand && <p className="text-muted">{brand}</p>}
        <p className="text-sm text-muted">
          {listTitles(
            [
              ['provinces', input.province],
              ['cities', input.city],
            ],
            locale,
          )}
          {input.region ? ` · ${input.region}` : ''}
        </p>
      </header>
      <dl className="flex flex-col gap-3">
        <Row label={t('postings.field.jobCategory')}>
          {input.jobCategory ? choiceTitle(choices.jobCategories, input.jobCategory, locale) : null}
        </Row>
        <Row label={t('postings.view.salary')}>
          <span data-testid="preview-salary">{salary}</span>
        </Row>
        <Row label={t('postings.field.employmentType')}>
          {listTitle('employmentTypes', input.employmentType, locale)}
        </Row>
        <Row label={t('postings.field.workType')}>{listTitle('workTypes', input.workType, locale)}</Row>
        <Row label={t('postings.field.gender')}>
          {input.gender ? t(`postings.gender.${input.gender}` as 'postings.gender.any') : null}
        </Row>
        <Row label={t('postings.view.age')}>{age}</Row>
        <Row label={t('postings.field.experienceYears')}>{experience}</Row>
        <Row label={t('postings.field.organizationalLevel')}>
          {listTitle('organizationalLevels', input.organizationalLevel, locale)}
        </Row>
        <Row label={t('postings.field.facilityType')}>{listTitle('facilityTypes', input.facilityType, locale)}</Row>
        <Row label={t('postings.field.medicalSpecialty')}>
          {listTitle('medicalSpecialties', input.medicalSpecialty, locale)}
        </Row>
        <Row label={t('postings.field.shiftPatterns')}>
          {input.shiftPatterns.length > 0
            ? input.shiftPatterns.map((id) => t(`postings.shift.${id}` as 'postings.shift.night')).join('، ')
            : null}
        </Row>
        <Row label={t('postings.field.educations')}>
          {input.educations.length > 0
            ? input.educations
                .map((entry) =>
                  [
                    listTitle('degreeLevels', entry.degreeLevel, locale),
                    entry.fieldOfStudy ? choiceTitle(choices.fieldsOfStudy, entry.fieldOfStudy, locale) : null,
                  ]
                    .filter(Boolean)
                    .join(' · '),
                )
                .join('، ')
            : null}
        </Row>
        <Row label={t('postings.field.languages')}>
          {input.languages.length > 0
            ? input.languages
                .map(
                  (entry) =>
                    `${choiceTitle(choices.languages, entry.id, locale)}${entry.level ? ` (${t(`postings.level.${entry.level}` as 'postings.level.beginner')})` : ''}`,
                )
                .join('، ')
            : null}
        </Row>
        <Row label={t('postings.field.skills')}>
          {input.skills.length > 0
            ? input.skills
                .map(
                  (entry) =>
                    `${entry.name}${entry.level ? ` (${t(`postings.level.${entry.level}` as 'postings.level.beginner')})` : ''}`,
                )
                .join('، ')
            : null}
        </Row>
        <Row label={t('postings.view.hours')}>
          {input.workingHours.length > 0 ? (
            <ul>
              {input.workingHours.map((entry) => (
                <li key={entry.weekday}>
                  {t(`postings.weekday.${entry.weekday}` as 'postings.weekday.0')}:{' '}
                  {t('postings.view.hoursRow', { from: digits(entry.from), to: digits(entry.to) })}
                </li>
              ))}
            </ul>
          ) : null}
        </Row>
        <Row label={t('postings.view.conditions')}>{conditions.length > 0 ? conditions.join('، ') : null}</Row>
        <Row label={t('postings.form.benefits')}>
          {input.benefits.length > 0
            ? input.benefits.map((id) => choiceTitle(choices.benefits, id, locale)).join('، ')
            : null}
        </Row>
      </dl>
      <section>
        <h4 className="mb-2 font-bold">{t('postings.field.description')}</h4>
        <p className="whitespace-pre-line leading-8">{input.description || t('postings.view.noDescription')}</p>
      </section>
    </article>
  );
}
