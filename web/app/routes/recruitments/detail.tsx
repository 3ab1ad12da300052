// /applicants/recruitments/{category}/{item}: one posting (spec §2; issue 18 item 6) with
// everything a person needs to decide, its head (JobPosting JSON-LD) from by-slug-with-seo,
// bookmark, share, the way back to the results it was opened from, and the apply slot (send
// resume, or the application's date and state once sent; issue 19).
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/detail';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { ApplySlot } from '../../components/recruitments/ApplySlot.tsx';
import { FacilityBadge, FeaturedBadge, ShiftBadges, shiftKey } from '../../components/recruitments/Badges.tsx';
import { EmployerLogo } from '../../components/recruitments/EmployerLogo.tsx';
import { suggestionTitle } from '../../components/recruitments/FilterFields.tsx';
import { BookmarkButton, ShareButton } from '../../components/recruitments/PostingActions.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { listTitle, listTitles } from '../../lib/closed-lists.ts';
import { formatJalaliDate, formatNumber, localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { errorMeta } from '../../lib/meta.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { applyAction, loadApplySlot } from '../../lib/recruitments/apply.server.ts';
import { bookmarkAction, loadDetail } from '../../lib/recruitments/detail.server.ts';
import { hasSession } from '../../lib/recruitments/session.server.ts';
import { experienceText, publishedText, salaryText, timeText } from '../../lib/recruitments/text.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { rememberedRecruitmentsBackURL } from '../../lib/session-storage.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const locale = params.locale === 'en' ? 'en' : 'fa';
  const loggedIn = hasSession(jar);
  const detail = await loadDetail(api, locale, params.category, params.item, loggedIn);
  return { ...detail, applySlot: await loadApplySlot(api, detail.posting.id, loggedIn) };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  // "Send resume" and the bookmark toggle share the page's one action, told apart by intent.
  const form = await request.clone().formData();
  if (form.get('intent') === 'apply') return applyAction(api, form, hasSession(jar));
  return bookmarkAction(api, request, params.item, hasSession(jar));
}

export const meta: Route.MetaFunction = ({ data, location, matches }) => {
  if (!data?.posting) return errorMeta({ location, matches }, 'error.notFoundTitle');
  return seoMeta({ location, matches }, data.seo);
};

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5" data-testid={testId}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-5">
      <h2 id={id} className="mb-3 text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The list a posting was opened from, once the browser says so; the category listing until then. */
function useBackLink(fallback: string): string {
  const [back, setBack] = useState(fallback);
  useEffect(() => {
    const remembered = rememberedRecruitmentsBackURL();
    if (remembered) setBack(remembered);
  }, []);
  return back;
}

function levelKey(level: string): MessageKey | null {
  return ['beginner', 'intermediate', 'advanced', 'expert', 'native'].includes(level)
    ? (`recruitments.level.${level}` as MessageKey)
    : null;
}

export default function PostingDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { posting, quotaRemaining, titles, loggedIn, now, applySlot } = loaderData;
  const fields = posting;
  const titleOf = (category: string, id: string) => {
    const item = titles[category]?.[id];
    return item ? suggestionTitle(item, locale) : id;
  };
  const back = useBackLink(
    localePath(locale, `/applicants/recruitments/${encodeURIComponent(fields.jobCategory ?? '')}`),
  );
  const brand = posting.employer?.brand || t('recruitments.card.noBrand');
  const place = [
    listTitles(
      [
        ['provinces', fields.province],
        ['cities', fields.city],
      ],
      locale,
      '، ',
    ),
    fields.region,
  ]
    .filter(Boolean)
    .join('، ');
  const experience = experienceText(fields.experienceYears, locale, t);
  const published = publishedText(posting.publishedAt, locale, new Date(now));
  const hours = [...(fields.workingHours ?? [])].sort((a, b) => a.weekday - b.weekday);
  const age =
    fields.minAge != null && fields.maxAge != null
      ? t('recruitments.detail.ageRange', {
          from: formatNumber(fields.minAge, locale),
          to: formatNumber(fields.maxAge, locale),
        })
      : fields.minAge != null
        ? t('recruitments.detail.ageFrom', { from: formatNumber(fields.minAge, locale) })
        : fields.maxAge != null
          ? t('recruitments.detail.ageTo', { to: formatNumber(fields.maxAge, locale) })
          : null;
  const gender = fields.gender && ['any', 'male', 'female'].includes(fields.gender) ? fields.gender : null;
  const flags = [
    fields.militaryServiceRequired && t('recruitments.detail.military'),
    fields.acceptsDisability && t('recruitments.detail.disability'),
    fields.acceptsInternship && t('recruitments.detail.internship'),
    fields.acceptsRelevantIndustry && t('recruitments.detail.relevantIndustry'),
  ].filter((flag): flag is string => Boolean(flag));
  const open = !posting.status || posting.status === 'published';

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6" data-testid="posting-page">
      <Link
        to={back}
        className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline"
        data-testid="posting-back"
      >
        <span aria-hidden="true">{locale === 'fa' ? '→' : '←'}</span>
        {t('recruitments.detail.back')}
      </Link>

      <header className="flex flex-col gap-4 rounded-2xl border border-line bg-gradient-to-b from-brand-50 to-white p-5 md:flex-row md:items-start">
        <EmployerLogo logo={posting.employer.logo} brand={brand} size={64} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-extrabold leading-10 text-brand-900" data-testid="posting-title">
            {fields.title}
          </h1>
          <p className="mt-1 text-muted">
            {posting.employer?.slug ? (
              <LocaleLink to={`/employers/${posting.employer.slug}`} className="font-semibold text-brand-700 underline">
                {brand}
              </LocaleLink>
            ) : (
              brand
            )}
            {place && ` · ${place}`}
          </p>
          <div className="mt-3 flex flex-wrap gap-1.5">
            {posting.featured && <FeaturedBadge />}
            <ShiftBadges shifts={fields.shiftPatterns} />
            <FacilityBadge facility={fields.facilityType} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2 md:flex-col">
          <BookmarkButton bookmarked={Boolean(posting.bookmarked)} />
          <ShareButton title={fields.title} url="" />
        </div>
      </header>

      {!open && (
        <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {t('recruitments.detail.notOpen')}
        </p>
      )}
      {!loggedIn && quotaRemaining !== null && quotaRemaining >= 0 && (
        <p className="mt-4 text-sm text-muted" data-testid="posting-quota">
          {t('recruitments.detail.quota', { count: localDigits(quotaRemaining, locale) })}
        </p>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem] lg:grid-rows-[auto_1fr]">
        {/* First after the header on phones (no scrolling past the whole posting to apply); beside it on wide screens. */}
        <div className="self-start lg:col-start-2 lg:row-start-1">
          <ApplySlot
            posting={{ id: posting.id, title: fields.title, open, employer: { id: posting.employer.id, brand } }}
            slot={applySlot}
            loggedIn={loggedIn}
            result={actionData && 'intent' in actionData ? actionData : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Section title={t('recruitments.detail.summary')} id="posting-summary">
            <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
              <Fact label={t('recruitments.detail.salary')} testId="posting-salary">
                {salaryText(fields.minSalaryRials, fields.maxSalaryRials, locale, t)}
              </Fact>
              {place && <Fact label={t('recruitments.detail.place')}>{place}</Fact>}
              {fields.jobCategory && (
                <Fact label={t('recruitments.detail.category')}>{titleOf('jobCategories', fields.jobCategory)}</Fact>
              )}
              {fields.employmentType && (
                <Fact label={t('recruitments.detail.employmentType')}>
                  {listTitle('employmentTypes', fields.employmentType, locale)}
                </Fact>
              )}
              {fields.workType && (
                <Fact label={t('recruitments.detail.workType')}>{listTitle('workTypes', fields.workType, locale)}</Fact>
              )}
              {experience && <Fact label={t('recruitments.detail.experience')}>{experience}</Fact>}
              {(fields.shiftPatterns ?? []).length > 0 && (
                <Fact label={t('recruitments.detail.shift')}>
                  {(fields.shiftPatterns ?? [])
                    .map((shift) => {
                      const key = shiftKey(shift);
                      return key ? t(key) : shift;
                    })
                    .join('، ')}
                </Fact>
              )}
              {fields.facilityType && (
                <Fact label={t('recruitments.detail.facility')}>
                  {listTitle('facilityTypes', fields.facilityType, locale)}
                </Fact>
              )}
              {fields.medicalSpecialty && (
                <Fact label={t('recruitments.detail.specialty')}>
                  {listTitle('medicalSpecialties', fields.medicalSpecialty, locale)}
                </Fact>
              )}
              {fields.organizationalLevel && (
                <Fact label={t('recruitments.detail.organizationalLevel')}>
                  {listTitle('organizationalLevels', fields.organizationalLevel, locale)}
                </Fact>
              )}
              {published && (
                <Fact label={t('recruitments.detail.published')}>
                  <time dateTime={posting.publishedAt ?? undefined}>{published}</time>
                </Fact>
              )}
              {posting.closesAt && (
                <Fact label={t('recruitments.detail.closes')}>
                  <time dateTime={posting.closesAt}>{formatJalaliDate(new Date(posting.closesAt), locale)}</time>
                </Fact>
              )}
            </dl>
          </Section>

          {fields.description && (
            <Section title={t('recruitments.detail.description')} id="posting-description">
              <p className="whitespace-pre-line leading-8" data-testid="posting-description">
                {fields.description}
              </p>
            </Section>
          )}

          {(hours.length > 0 || fields.businessTravelHours != null) && (
            <Section title={t('recruitments.detail.hours')} id="posting-hours">
              {hours.length > 0 && (
                <table className="w-full text-sm" data-testid="posting-hours">
                  <thead>
                    <tr className="text-start text-muted">
                      <th scope="col" className="py-1 text-start font-medium">
                        {t('recruitments.detail.hoursDay')}
                      </th>
                      <th scope="col" className="py-1 text-start font-medium">
                        {t('recruitments.detail.hoursTime')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {hours.map((row) => (
                      <tr key={`${row.weekday}-${row.from}`} className="border-t border-line">
                        <th scope="row" className="py-2 text-start font-semibold">
                          {t(`recruitments.weekday.${row.weekday}` as MessageKey)}
                        </th>
                        <td className="py-2">
                          {t('recruitments.detail.hoursRange', {
                            from: timeText(row.from, locale),
                            to: timeText(row.to, locale),
                          })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {fields.businessTravelHours != null && fields.businessTravelHours > 0 && (
                <p className="mt-3 text-sm">
                  {t('recruitments.detail.businessTravel', { hours: formatNumber(fields.businessTravelHours, locale) })}
                </p>
              )}
            </Section>
          )}

          <Section title={t('recruitments.detail.requirements')} id="posting-requirements">
            <dl className="grid gap-4 sm:grid-cols-2">
              {gender && (
                <Fact label={t('recruitments.detail.gender')}>
                  {t(`recruitments.detail.gender.${gender}` as MessageKey)}
                </Fact>
              )}
              {age && <Fact label={t('recruitments.detail.age')}>{age}</Fact>}
              {experience && <Fact label={t('recruitments.detail.experience')}>{experience}</Fact>}
              {(fields.educations ?? []).length > 0 && (
                <Fact label={t('recruitments.detail.education')}>
                  {(fields.educations ?? [])
                    .map((education) =>
                      [
                        listTitle('degreeLevels', education.degreeLevel, locale),
                        education.fieldOfStudy
                          ? titleOf('fieldsOfStudy', education.fieldOfStudy)
                          : t('recruitments.detail.anyField'),
                      ]
                        .filter(Boolean)
                        .join(' – '),
                    )
                    .join('، ')}
                </Fact>
              )}
              {(fields.languages ?? []).length > 0 && (
                <Fact label={t('recruitments.detail.languages')}>
                  {(fields.languages ?? [])
                    .map((language) => {
                      const key = levelKey(language.level);
                      return `${titleOf('languages', language.id)}${key ? ` (${t(key)})` : ''}`;
                    })
                    .join('، ')}
                </Fact>
              )}
              {(fields.skills ?? []).length > 0 && (
                <Fact label={t('recruitments.detail.skills')}>
                  {(fields.skills ?? [])
                    .map((skill) => {
                      const key = levelKey(skill.level);
                      return `${skill.name}${key ? ` (${t(key)})` : ''}`;
                    })
                    .join('، ')}
                </Fact>
              )}
            </dl>
            {flags.length > 0 && (
              <ul className="mt-4 list-inside list-disc text-sm leading-7">
                {flags.map((flag) => (
                  <li key={flag}>{flag}</li>
                ))}
              </ul>
            )}
          </Section>

          {(fields.benefits ?? []).length > 0 && (
            <Section title={t('recruitments.detail.benefits')} id="posting-benefits">
              <ul className="flex flex-wrap gap-2" data-testid="posting-benefits">
                {(fields.benefits ?? []).map((benefit) => (
                  <li key={benefit} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
                    {titleOf('benefits', benefit)}
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </div>

        <aside className="flex flex-col gap-4 self-start lg:col-start-2" aria-label={t('recruitments.detail.employer')}>
          {posting.employer && (
            <section className="rounded-2xl border border-line bg-white p-4" aria-labelledby="posting-employer">
              <h2 id="posting-employer" className="mb-3 text-base font-bold">
                {t('recruitments.detail.employer')}
              </h2>
              <div className="flex items-center gap-3">
                <EmployerLogo logo={posting.employer.logo} brand={brand} />
                <p className="font-semibold">{brand}</p>
              </div>
              {posting.employer.slug && (
                <LocaleLink
                  to={`/employers/${posting.employer.slug}`}
                  className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
                  data-testid="posting-employer-link"
                >
                  {t('recruitments.detail.employerProfile', { brand })}
                </LocaleLink>
              )}
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
