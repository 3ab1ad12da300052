// The listing's filters (spec §2, §9): category, province → city, employment type, work type,
// salary range, experience, shift pattern, facility type and specialty. Native controls inside a
// GET form, so the whole state is the URL and the form works without JavaScript; the same fields
// sit in the desktop side panel and in the phone's sheet.
import { closedListItem, closedListOptions } from '@darmankar/platform/closed-lists';
import { useId, useState } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import {
  EXPERIENCE_CHOICES,
  SALARY_STEPS_MILLION_TOMAN,
  SHIFT_PATTERNS,
  millionTomanToRials,
  type ListingState,
} from '../../lib/recruitments/query.ts';
import { experienceChoiceText } from '../../lib/recruitments/text.ts';
import type { Suggestion } from '../../lib/recruitments/types.ts';
import { ClosedListSelect } from '../ui/ClosedListSelect.tsx';
import { inputClass } from '../ui/TextField.tsx';

const selectClass = `${inputClass} appearance-auto pe-8`;

export function suggestionTitle(item: Suggestion, locale: 'fa' | 'en'): string {
  return locale === 'en' && item.titleEn ? item.titleEn : item.title;
}

function PlainSelect({
  name,
  label,
  value,
  options,
  anyLabel,
  onChange,
}: {
  name: string;
  label: string;
  /** The first choice; `onChange` makes it the current one (controlled). */
  value: string;
  options: Array<{ value: string; label: string }>;
  anyLabel: string;
  onChange?: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        {...(onChange ? { value, onChange: (event) => onChange(event.currentTarget.value) } : { defaultValue: value })}
        className={selectClass}
        data-testid={`filter-${name}`}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterFields({
  state,
  categories,
  fixedCategory,
}: {
  state: ListingState;
  categories: Suggestion[];
  /** The category page's own category: part of the address, not a choice here. */
  fixedCategory?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const any = t('recruitments.filter.any');
  const salaryOptions = SALARY_STEPS_MILLION_TOMAN.map((million) => ({
    value: String(millionTomanToRials(million)),
    label: t('recruitments.filter.salaryMillion', { amount: formatNumber(million, locale) }),
  }));
  return (
    <div className="flex flex-col gap-4">
      {!fixedCategory && (
        <PlainSelect
          name="category"
          label={t('recruitments.filter.category')}
          value={state.jobCategories[0] ?? ''}
          anyLabel={any}
          options={categories.map((item) => ({ value: item.id, label: suggestionTitle(item, locale) }))}
        />
      )}
      <PlaceFields state={state} />
      <ClosedListSelect
        list="employmentTypes"
        name="employmentType"
        label={t('recruitments.filter.employmentType')}
        defaultValue={state.employmentTypes[0]}
      />
      <ClosedListSelect
        list="workTypes"
        name="workType"
        label={t('recruitments.filter.workType')}
        defaultValue={state.workTypes[0]}
      />
      <div className="grid grid-cols-2 gap-3">
        <PlainSelect
          name="salaryFrom"
          label={t('recruitments.filter.salaryFrom')}
          value={state.salaryFrom === null ? '' : String(state.salaryFrom)}
          anyLabel={any}
          options={salaryOptions}
        />
        <PlainSelect
          name="salaryTo"
          label={t('recruitments.filter.salaryTo')}
          value={state.salaryTo === null ? '' : String(state.salaryTo)}
          anyLabel={any}
          options={salaryOptions}
        />
      </div>
      <PlainSelect
        name="experience"
        label={t('recruitments.filter.experience')}
        value={state.maxExperienceYears === null ? '' : String(state.maxExperienceYears)}
        anyLabel={any}
        options={EXPERIENCE_CHOICES.map((years) => ({
          value: String(years),
          label: experienceChoiceText(years, locale, t),
        }))}
      />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-ink">{t('recruitments.filter.shift')}</legend>
        <div className="flex flex-wrap gap-2">
          {SHIFT_PATTERNS.map((shift) => (
            <label
              key={shift}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                name="shift"
                value={shift}
                defaultChecked={state.shiftPatterns.includes(shift)}
                className="size-4 accent-brand-600"
              />
              {t(`recruitments.shift.${shift}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <ClosedListSelect
        list="facilityTypes"
        name="facilityType"
        label={t('recruitments.filter.facility')}
        defaultValue={state.facilityTypes[0]}
      />
      <ClosedListSelect
        list="medicalSpecialties"
        name="specialty"
        label={t('recruitments.filter.specialty')}
        defaultValue={state.medicalSpecialties[0]}
      />
    </div>
  );
}

/**
 * Province, then a city of it. The city picker offers only the chosen province's cities (a few
 * instead of every city of the country, which kept the listing's first load busy); without
 * JavaScript a province is applied first, then its cities are offered.
 */
function PlaceFields({ state }: { state: ListingState }) {
  const t = useT();
  const locale = useLocale();
  const any = t('recruitments.filter.any');
  // A link naming only a city (city=tehran) shows its province chosen.
  const initialProvince = state.provinces[0] ?? closedListItem('cities', state.cities[0] ?? '')?.parent ?? '';
  const [province, setProvince] = useState(initialProvince);
  const [city, setCity] = useState(state.cities[0] ?? '');
  const toOptions = (items: Array<{ id: string; label: string }>) =>
    items.map((item) => ({ value: item.id, label: item.label }));
  return (
    <>
      <PlainSelect
        name="province"
        label={t('recruitments.filter.province')}
        value={province}
        anyLabel={any}
        options={toOptions(closedListOptions('provinces', locale))}
        onChange={(next) => {
          setProvince(next);
          if (next !== province) setCity('');
        }}
      />
      <PlainSelect
        name="city"
        label={t('recruitments.filter.city')}
        value={city}
        anyLabel={any}
        options={province ? toOptions(closedListOptions('cities', locale, province)) : []}
        onChange={setCity}
      />
    </>
  );
}

/** The parts of the state a form does not show, carried along as hidden fields. */
export function HiddenState({ params, except }: { params: URLSearchParams; except: readonly string[] }) {
  return (
    <>
      {[...params.entries()]
        .filter(([name]) => !except.includes(name))
        .map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
