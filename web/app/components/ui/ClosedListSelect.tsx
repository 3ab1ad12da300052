// Pickers for the closed lists (docs/adr/023): native selects whose values are the lists' ids and
// whose labels are the titles in the page's language, so forms post without JavaScript too.
import { closedListOptions, type ClosedListName } from '@darmankar/platform/closed-lists';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { inputClass } from './TextField.tsx';

export interface ClosedListSelectProps {
  list: ClosedListName;
  name: string;
  label: string;
  defaultValue?: string | null;
  errorMessage?: string;
  /** Only the children of this item (a province's cities). */
  parentId?: string | null;
  /** Controlled use (the province of a province-and-city pair). */
  value?: string;
  onChange?: (id: string) => void;
  testId?: string;
}

const selectClass = clsx(inputClass, 'appearance-auto pe-8');

export function ClosedListSelect({
  list,
  name,
  label,
  defaultValue,
  errorMessage,
  parentId,
  value,
  onChange,
  testId,
}: ClosedListSelectProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const options = closedListOptions(list, locale, parentId);
  // A value saved before the list was enforced stays selectable until another is picked.
  const current = value ?? defaultValue ?? '';
  const legacy = current !== '' && !options.some((option) => option.id === current) ? current : null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={selectClass}
        {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? '' })}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
        data-testid={testId ?? `select-${name}`}
      >
        <option value="">{t('ui.select')}</option>
        {legacy !== null && <option value={legacy}>{legacy}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {errorMessage && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {errorMessage}
        </p>
      )}
    </div>
  );
}

/** A province and a city of it: the city picker offers the chosen province's cities. */
export function ProvinceCityFields({
  provinceLabel,
  cityLabel,
  defaultProvince,
  defaultCity,
  provinceError,
  cityError,
  names = { province: 'province', city: 'city' },
}: {
  provinceLabel: string;
  cityLabel: string;
  defaultProvince?: string | null;
  defaultCity?: string | null;
  provinceError?: string;
  cityError?: string;
  names?: { province: string; city: string };
}) {
  const [province, setProvince] = useState(defaultProvince ?? '');
  const [city, setCity] = useState(defaultCity ?? '');
  return (
    <>
      <ClosedListSelect
        list="provinces"
        name={names.province}
        label={provinceLabel}
        value={province}
        errorMessage={provinceError}
        onChange={(next) => {
          setProvince(next);
          if (next !== province) setCity('');
        }}
      />
      <ClosedListSelect
        list="cities"
        name={names.city}
        label={cityLabel}
        value={city}
        parentId={province || null}
        errorMessage={cityError}
        onChange={setCity}
      />
    </>
  );
}
