// The resume as others read it (spec §2 /applicants/resumes/{slug}), laid out for the screen and
// for print: the PDF is this same page printed by Chromium.
import type { ReactNode } from 'react';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { listTitle, listTitles } from '../../lib/closed-lists.ts';
import { localDigits } from '../../lib/format.ts';
import { formatIsoDate } from '../../lib/resume/dates.ts';
import { pictureUrl, type Resume, type SectionName } from '../../lib/resume/types.ts';
import { PicturePlaceholder } from './Attachments.tsx';
import { sectionTitleKey, useItemSummary } from './SectionEditor.tsx';

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="break-inside-avoid-page border-t border-line pt-5"
      data-testid={`view-${id}`}
    >
      <h2 id={id} className="mb-3 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ResumeView({ resume }: { resume: Resume }) {
  const t = useT();
  const locale = useLocale();
  const summary = useItemSummary();
  const name = [resume.firstName, resume.lastName].filter(Boolean).join(' ');
  const place = listTitles(
    [
      ['provinces', resume.province],
      ['cities', resume.city],
    ],
    locale,
    '، ',
  );
  const facts: Array<[MessageKey, string]> = [];
  if (resume.email) facts.push(['resume.personal.email', resume.email]);
  if (resume.phone) facts.push(['resume.personal.phone', localDigits(resume.phone, locale)]);
  if (resume.birthday) facts.push(['resume.personal.birthday', formatIsoDate(resume.birthday, locale)]);
  if (resume.gender) facts.push(['resume.personal.gender', t(`resume.gender.${resume.gender}`)]);
  if (resume.maritalStatus)
    facts.push(['resume.personal.maritalStatus', listTitle('maritalStatuses', resume.maritalStatus, locale)!]);
  if (resume.militaryStatus)
    facts.push([
      'resume.personal.militaryStatus',
      listTitle('militaryServiceStatuses', resume.militaryStatus, locale)!,
    ]);
  const listSections: SectionName[] = ['jobs', 'educations', 'certificates', 'publications'];

  return (
    <article className="flex flex-col gap-5" data-testid="resume-view">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
        {resume.pic ? (
          <img
            src={pictureUrl(resume.pic, 256)}
            alt={t('resume.picture.of', { name })}
            width={128}
            height={128}
            className="size-32 rounded-full object-cover"
          />
        ) : (
          <PicturePlaceholder gender={resume.gender} label={t('resume.picture.none')} className="size-28" />
        )}
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-extrabold text-brand-900" data-testid="resume-name">
            {name}
          </h1>
          {resume.jobTitle && <p className="text-lg text-ink">{resume.jobTitle}</p>}
          {place && <p className="text-sm text-muted">{place}</p>}
          {resume.url && (
            <a href={resume.url} dir="ltr" className="text-sm text-brand-700 underline" rel="nofollow noopener">
              {resume.url}
            </a>
          )}
        </div>
      </div>
      {facts.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts.map(([key, value]) => (
            <div key={key} className="flex gap-2">
              <dt className="text-muted">{t(key)}:</dt>
              <dd
                className="font-medium"
                dir={key === 'resume.personal.email' || key === 'resume.personal.phone' ? 'ltr' : undefined}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {resume.about && (
        <Block id="about" title={t('resume.personal.about')}>
          <p className="whitespace-pre-line leading-8">{resume.about}</p>
        </Block>
      )}
      {listSections.map((section) =>
        resume[section].length === 0 ? null : (
          <Block key={section} id={section} title={t(sectionTitleKey(section))}>
            <ul className="flex flex-col gap-3">
              {resume[section].map((item) => {
                const { title, detail } = summary(section, item);
                const description = 'description' in item ? item.description : null;
                return (
                  <li key={item.id} className="break-inside-avoid">
                    <p className="font-semibold">{title}</p>
                    <p className="text-sm text-muted">{detail}</p>
                    {description && <p className="mt-1 whitespace-pre-line text-sm leading-7">{description}</p>}
                  </li>
                );
              })}
            </ul>
          </Block>
        ),
      )}
      {(['skills', 'languages'] as const).map((section) =>
        resume[section].length === 0 ? null : (
          <Block key={section} id={section} title={t(sectionTitleKey(section))}>
            <ul className="flex flex-wrap gap-2">
              {resume[section].map((item) => (
                <li key={item.id} className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm">
                  {item.name} <span className="text-muted">({t(`resume.level.${item.level}`)})</span>
                </li>
              ))}
            </ul>
          </Block>
        ),
      )}
    </article>
  );
}
