import { excText } from '@darmankar/platform/errors/catalogue';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { codeForPostingField, formDefaults, postingFieldsFromForm } from '../../lib/postings/form.ts';
import {
  EXPERIENCE_CHOICES,
  GENDERS,
  LANGUAGE_LEVELS,
  SHIFT_PATTERNS,
  SKILL_LEVELS,
  type Choice,
  type PostingChoices,
  type Posting,
  type PostingFields,
  type PostingStatus,
} from '../../lib/postings/types.ts';
import { ChoiceField, SuggestField, TextAreaField } from '../resume/fields.tsx';
import { Button } from '../ui/Button.tsx';
import { ClosedListSelect, ProvinceCityFields } from '../ui/ClosedListSelect.tsx';
import { Modal } from '../ui/Modal.tsx';
import { TextField } from '../ui/TextField.tsx';
import { PostingView } from './PostingView.tsx';
import { RepeatedRows } from './RepeatedRows.tsx';
import { WeekdayHours } from './WeekdayHours.tsx';

export interface PostingFormProps {
  employer: { id: string; slug: string; brand: string | null };
  posting: Posting | null;
  /** The edited posting's status (null when the form makes a new posting: add, clone). */
  status: PostingStatus | null;
  templates: Array<{ id: string; name: string }>;
  choices: PostingChoices;
  codes?: string[];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-line p-4 sm:p-6">
      <legend className="px-2 text-lg font-bold text-brand-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>;
}

function Check({
  name,
  label,
  defaultChecked,
  describedBy,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  describedBy?: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className="size-5 accent-brand-600"
        aria-describedby={describedBy}
      />
      {label}
    </label>
  );
}

/** Checkboxes posting the ids ticked under one name (benefits, shift patterns). */
function CheckGroup({
  legend,
  name,
  options,
  checked,
  testId,
}: {
  legend: string;
  name: string;
  options: Array<{ id: string; label: string }>;
  checked: string[];
  testId: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              defaultChecked={checked.includes(option.id)}
              className="size-5 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const SECTIONS = [
  ['basics', 'postings.form.basics'],
  ['location', 'postings.form.location'],
  ['ranges', 'postings.form.ranges'],
  ['requirements', 'postings.form.requirements'],
  ['hours', 'postings.form.hours'],
  ['workplace', 'postings.form.workplace'],
  ['benefits', 'postings.form.benefits'],
  ['hiring', 'postings.form.hiring'],
] as const satisfies ReadonlyArray<readonly [string, MessageKey]>;

/**
 * The posting form (add, edit, clone): one long form in sections, posted with `intent` draft or
 * publish (a published posting only saves). Closed lists and suggestion lists are pickers of ids;
 * the service's field codes are shown under their fields.
 */
export function PostingForm({ employer, posting, status, templates, choices, codes }: PostingFormProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<PostingFields | null>(null);
  const salaryHint = useId();
  const defaults = formDefaults(posting);
  const errorOf = (field: string) => {
    const code = codeForPostingField(codes, field);
    return code ? excText(code, locale) : undefined;
  };
  const title = (choice: Choice) => (locale === 'en' && choice.titleEn ? choice.titleEn : choice.title);
  const options = (items: Choice[]) => items.map((item) => ({ id: item.id, label: title(item) }));
  const levelOptions = (levels: readonly string[]) =>
    levels.map((level) => ({ id: level, label: t(`postings.level.${level}` as 'postings.level.beginner') }));
  const isPublished = status === 'published';
  return (
    <>
      <nav aria-label={t('postings.form.sections')} className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SECTIONS.map(([id, key]) => (
            <li key={id}>
              <a
                href={`#section-${id}`}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-3 hover:bg-surface"
              >
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" ref={formRef} className="flex flex-col gap-6" data-testid="posting-form" noValidate>
        <input type="hidden" name="employerId" value={employer.id} />
        <input type="hidden" name="employerSlug" value={employer.slug} />
        <Section id="section-basics" title={t('postings.form.basics')}>
          <TextField
            name="title"
            label={t('postings.field.title')}
            defaultValue={defaults.title}
            errorMessage={errorOf('title')}
            isRequired
          />
          <Grid>
            {choices.jobCategories.length > 0 ? (
              <ChoiceField
                name="jobCategory"
                label={t('postings.field.jobCategory')}
                options={options(choices.jobCategories)}
                defaultValue={defaults.jobCategory}
                placeholder={t('ui.select')}
                errorMessage={errorOf('jobCategory')}
              />
            ) : (
              <TextField
                name="jobCategory"
                label={t('postings.field.jobCategory')}
                defaultValue={defaults.jobCategory}
                errorMessage={errorOf('jobCategory')}
              />
            )}
            <ClosedListSelect
              list="employmentTypes"
              name="employmentType"
              label={t('postings.field.employmentType')}
              defaultValue={defaults.employmentType}
              errorMessage={errorOf('employmentType')}
            />
            <ClosedListSelect
              list="workTypes"
              name="workType"
              label={t('postings.field.workType')}
              defaultValue={defaults.workType}
              errorMessage={errorOf('workType')}
            />
            <ClosedListSelect
              list="organizationalLevels"
              name="organizationalLevel"
              label={t('postings.field.organizationalLevel')}
              defaultValue={defaults.organizationalLevel}
              errorMessage={errorOf('organizationalLevel')}
            />
          </Grid>
          <TextAreaField
            name="description"
            label={t('postings.field.description')}
            defaultValue={defaults.description}
            errorMessage={errorOf('description')}
          />
        </Section>

        <Section id="section-location" title={t('postings.form.location')}>
          <Grid>
            <ProvinceCityFields
              provinceLabel={t('postings.field.province')}
              cityLabel={t('postings.field.city')}
              defaultProvince={defaults.province}
              defaultCity={defaults.city}
              provinceError={errorOf('province')}
              cityError={errorOf('city')}
            />
            <TextField
              name="region"
              label={t('postings.field.region')}
              defaultValue={defaults.region}
              errorMessage={errorOf('region')}
            />
          </Grid>
        </Section>

        <Section id="section-ranges" title={t('postings.form.ranges')}>
          <p id={salaryHint} className="text-xs text-muted">
            {t('postings.field.salaryHint')}
          </p>
          <Grid>
            {(['minSalaryToman', 'maxSalaryToman'] as const).map((field) => (
              <TextField
                key={field}
                name={field}
                label={t(field === 'minSalaryToman' ? 'postings.field.minSalary' : 'postings.field.maxSalary')}
                defaultValue={defaults[field] ? localDigits(defaults[field], locale) : ''}
                errorMessage={errorOf(field)}
                inputMode="numeric"
                dir="ltr"
                aria-describedby={salaryHint}
              />
            ))}
          </Grid>
          <Check
            name="salaryVisible"
            label={t('postings.field.salaryVisible')}
            defaultChecked={defaults.salaryVisible}
            describedBy="salary-visible-hint"
          />
          <p id="salary-visible-hint" className="-mt-3 text-xs text-muted">
            {t('postings.field.salaryHidden')}
          </p>
          <Grid>
            {(['minAge', 'maxAge'] as const).map((field) => (
              <TextField
                key={field}
                name={field}
                label={t(field === 'minAge' ? 'postings.field.minAge' : 'postings.field.maxAge')}
                defaultValue={defaults[field] ? localDigits(defaults[field], locale) : ''}
                errorMessage={errorOf(field)}
                inputMode="numeric"
                dir="ltr"
              />
            ))}
          </Grid>
        </Section>

        <Section id="section-requirements" title={t('postings.form.requirements')}>
          <Grid>
            <ChoiceField
              name="experienceYears"
              label={t('postings.field.experienceYears')}
              defaultValue={defaults.experienceYears}
              placeholder={t('postings.experience.unstated')}
              errorMessage={errorOf('experienceYears')}
              options={EXPERIENCE_CHOICES.map((years) => ({
                id: String(years),
                label:
                  years === 0
                    ? t('postings.experience.none')
                    : t('postings.experience.years', { years: localDigits(years, locale) }),
              }))}
            />
            <ChoiceField
              name="gender"
              label={t('postings.field.gender')}
              defaultValue={defaults.gender}
              errorMessage={errorOf('gender')}
              options={GENDERS.map((id) => ({ id, label: t(`postings.gender.${id}`) }))}
            />
          </Grid>
          <RepeatedRows
            legend={t('postings.field.educations')}
            itemLabel={t('postings.field.degreeLevel')}
            testId="educations"
            initial={defaults.educations}
            blank={{ degreeLevel: '', fieldOfStudy: '' }}
            errorMessage={errorOf('educations')}
            renderRow={(row, prefix) => (
              <>
                <ClosedListSelect
                  list="degreeLevels"
                  name={`${prefix}.degreeLevel`}
                  label={t('postings.field.degreeLevel')}
                  defaultValue={row.degreeLevel}
                  testId={`${prefix}-degree`}
                />
                <ChoiceField
                  name={`${prefix}.fieldOfStudy`}
                  label={t('postings.field.fieldOfStudy')}
                  defaultValue={row.fieldOfStudy}
                  placeholder={t('postings.field.anyField')}
                  options={options(choices.fieldsOfStudy)}
                />
              </>
            )}
          />
          <RepeatedRows
            legend={t('postings.field.languages')}
            itemLabel={t('postings.field.language')}
            testId="languages"
            initial={defaults.languages}
            blank={{ id: '', level: '' }}
            errorMessage={errorOf('languages')}
            renderRow={(row, prefix) => (
              <>
                <ChoiceField
                  name={`${prefix}.id`}
                  label={t('postings.field.language')}
                  defaultValue={row.id}
                  placeholder={t('ui.select')}
                  options={options(choices.languages)}
                />
                <ChoiceField
                  name={`${prefix}.level`}
                  label={t('postings.field.level')}
                  defaultValue={row.level}
                  placeholder={t('ui.select')}
                  options={levelOptions(LANGUAGE_LEVELS)}
                />
              </>
            )}
          />
          <RepeatedRows
            legend={t('postings.field.skills')}
            itemLabel={t('postings.field.skill')}
            testId="skills"
            initial={defaults.skills}
            blank={{ name: '', level: '' }}
            errorMessage={errorOf('skills')}
            renderRow={(row, prefix) => (
              <>
                <SuggestField
                  name={`${prefix}.name`}
                  label={t('postings.field.skill')}
                  category="skills"
                  defaultValue={row.name}
                />
                <ChoiceField
                  name={`${prefix}.level`}
                  label={t('postings.field.level')}
                  defaultValue={row.level}
                  placeholder={t('ui.select')}
                  options={levelOptions(SKILL_LEVELS)}
                />
              </>
            )}
          />
          <div className="grid grid-cols-1 sm:grid-cols-2">
            <Check
              name="militaryServiceRequired"
              label={t('postings.field.military')}
              defaultChecked={defaults.militaryServiceRequired}
            />
            <Check
              name="acceptsDisability"
              label={t('postings.field.disability')}
              defaultChecked={defaults.acceptsDisability}
            />
            <Check
              name="acceptsInternship"
              label={t('postings.field.internship')}
              defaultChecked={defaults.acceptsInternship}
            />
            <Check
              name="acceptsRelevantIndustry"
              label={t('postings.field.relevantIndustry')}
              defaultChecked={defaults.acceptsRelevantIndustry}
            />
          </div>
        </Section>

        <Section id="section-hours" title={t('postings.form.hours')}>
          <WeekdayHours initial={defaults.hours} errorMessage={errorOf('hours')} />
          <TextField
            name="businessTravelHours"
            label={t('postings.field.businessTravelHours')}
            defaultValue={defaults.businessTravelHours ? localDigits(defaults.businessTravelHours, locale) : ''}
            errorMessage={errorOf('businessTravelHours')}
            inputMode="numeric"
            dir="ltr"
          />
        </Section>

        <Section id="section-workplace" title={t('postings.form.workplace')}>
          <CheckGroup
            legend={t('postings.field.shiftPatterns')}
            name="shiftPatterns"
            checked={defaults.shiftPatterns}
            testId="shift-patterns"
            options={SHIFT_PATTERNS.map((id) => ({ id, label: t(`postings.shift.${id}`) }))}
          />
          {errorOf('shiftPatterns') && <p className="text-sm text-danger">{errorOf('shiftPatterns')}</p>}
          <Grid>
            <ClosedListSelect
              list="facilityTypes"
              name="facilityType"
              label={t('postings.field.facilityType')}
              defaultValue={defaults.facilityType}
              errorMessage={errorOf('facilityType')}
            />
            <ClosedListSelect
              list="medicalSpecialties"
              name="medicalSpecialty"
              label={t('postings.field.medicalSpecialty')}
              defaultValue={defaults.medicalSpecialty}
              errorMessage={errorOf('medicalSpecialty')}
            />
          </Grid>
        </Section>

        <Section id="section-benefits" title={t('postings.form.benefits')}>
          <CheckGroup
            legend={t('postings.field.benefitsList')}
            name="benefits"
            checked={defaults.benefits}
            testId="benefits"
            options={options(choices.benefits)}
          />
          {errorOf('benefits') && <p className="text-sm text-danger">{errorOf('benefits')}</p>}
        </Section>

        <Section id="section-hiring" title={t('postings.form.hiring')}>
          <ChoiceField
            name="hiringTemplateId"
            label={t('postings.field.hiringTemplate')}
            defaultValue={defaults.hiringTemplateId}
            placeholder={t('postings.field.defaultTemplate')}
            errorMessage={errorOf('hiringTemplateId')}
            options={templates.map((template) => ({ id: template.id, label: template.name }))}
          />
        </Section>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-3 border-t border-line bg-white/95 px-4 py-3">
          <Button
            variant="secondary"
            onPress={() => formRef.current && setPreview(postingFieldsFromForm(new FormData(formRef.current)))}
            data-testid="preview-posting"
          >
            {t('postings.form.preview')}
          </Button>
          {isPublished ? (
            <Button type="submit" name="intent" value="save" isDisabled={saving} data-testid="save-posting">
              {saving ? t('postings.form.saving') : t('postings.form.saveChanges')}
            </Button>
          ) : (
            <>
              <Button
                type="submit"
                name="intent"
                value="draft"
                variant="secondary"
                isDisabled={saving}
                data-testid="save-draft"
              >
                {t('postings.form.saveDraft')}
              </Button>
              <Button type="submit" name="intent" value="publish" isDisabled={saving} data-testid="publish-posting">
                {saving ? t('postings.form.saving') : t('postings.form.publish')}
              </Button>
            </>
          )}
        </div>
      </Form>
      <Modal
        isOpen={preview !== null}
        onOpenChange={(open) => !open && setPreview(null)}
        title={t('postings.form.previewTitle')}
        className="max-h-[90vh] max-w-2xl overflow-y-auto"
      >
        <p className="mb-4 text-sm text-muted">{t('postings.form.previewNote')}</p>
        {preview && <PostingView input={preview} brand={employer.brand} choices={choices} />}
        <Button variant="secondary" className="mt-6" onPress={() => setPreview(null)} data-testid="close-preview">
          {t('postings.form.closePreview')}
        </Button>
      </Modal>
    </>
  );
}
