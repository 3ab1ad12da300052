// Form fields of the resume screens. They submit plain form values, so the forms post without
// JavaScript too; the server names what is wrong (spec §5) and the message shows under the field.
import type { ApiAnswer } from '@darmankar/api-types';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  TextArea,
  TextField as AriaTextField,
} from 'react-aria-components';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { yearChoices } from '../../lib/resume/dates.ts';
import { inputClass } from '../ui/TextField.tsx';

export { TextField } from '../ui/TextField.tsx';

const labelClass = 'text-sm font-medium text-ink';
const errorClass = 'text-sm text-danger';
const selectClass = clsx(inputClass, 'appearance-auto pe-8');

function ErrorText({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className={errorClass}>
      {children}
    </p>
  );
}

export interface ChoiceFieldProps {
  label: string;
  name: string;
  options: Array<{ id: string; label: string }>;
  defaultValue?: string | null;
  errorMessage?: string;
  /** The empty choice's text; none means a value is always chosen. */
  placeholder?: string;
}

/** A native select: keyboard, screen readers and forms without JavaScript work as browsers do. */
export function ChoiceField({ label, name, options, defaultValue, errorMessage, placeholder }: ChoiceFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ''}
        className={selectClass}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`}>{errorMessage}</ErrorText>
    </div>
  );
}

/** A year of the Jalali calendar: the current year and a hundred back (spec §9). */
export function YearField({
  label,
  name,
  defaultValue,
  errorMessage,
}: {
  label: string;
  name: string;
  defaultValue?: number | null;
  errorMessage?: string;
}) {
  const locale = useLocale();
  const t = useT();
  return (
    <ChoiceField
      label={label}
      name={name}
      defaultValue={defaultValue ? String(defaultValue) : ''}
      errorMessage={errorMessage}
      placeholder={t('resume.field.choose')}
      options={yearChoices().map((year) => ({ id: String(year), label: localDigits(year, locale) }))}
    />
  );
}

/** The site's one date input: Jalali day, month and year selects with a calendar (components/ui). */
export { JalaliDateField } from '../ui/JalaliDateField.tsx';

export function CheckboxField({
  label,
  name,
  defaultChecked,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-brand-600" />
      {label}
    </label>
  );
}

export function TextAreaField({
  label,
  name,
  defaultValue,
  errorMessage,
  description,
}: {
  label: string;
  name: string;
  defaultValue?: string | null;
  errorMessage?: string;
  description?: string;
}) {
  return (
    <AriaTextField
      name={name}
      defaultValue={defaultValue ?? ''}
      validationBehavior="aria"
      isInvalid={Boolean(errorMessage)}
      className="flex flex-col gap-1.5"
    >
      <Label className={labelClass}>{label}</Label>
      <TextArea rows={4} className={clsx(inputClass, 'py-3')} />
      {description && (
        <Text slot="description" className="text-xs text-muted">
          {description}
        </Text>
      )}
      <FieldError className={errorClass}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}

/** One suggestion as `GET suggestions/search` answers it. */
type Suggestion = ApiAnswer<'/suggestions/search', 'get'>['items'][number];

/**
 * Free text with suggestions from `GET suggestions/search` (a react-aria combobox). The typed text
 * is what the form submits, so a value outside the list is kept and it works without JavaScript.
 */
export function SuggestField({
  label,
  name,
  category,
  defaultValue,
  errorMessage,
}: {
  label: string;
  name: string;
  category: string;
  defaultValue?: string | null;
  errorMessage?: string;
}) {
  const locale = useLocale();
  const [text, setText] = useState(defaultValue ?? '');
  const [items, setItems] = useState<Suggestion[]>([]);
  const typed = useRef(false);
  useEffect(() => {
    const query = text.trim();
    if (!typed.current || !query) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const url = `/api/v1/suggestions/search?category=${encodeURIComponent(category)}&text=${encodeURIComponent(query.slice(0, 100))}`;
    fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ items: Suggestion[] }>) : { items: [] }))
      .then((body) => setItems(body.items ?? []))
      .catch(() => {});
    return () => controller.abort();
  }, [category, text]);
  const shown = items.map((item) => ({
    id: item.id,
    title: locale === 'en' && item.titleEn ? item.titleEn : item.title,
  }));
  return (
    <ComboBox
      name={name}
      allowsCustomValue
      allowsEmptyCollection
      inputValue={text}
      onInputChange={(value) => {
        typed.current = true;
        setText(value);
      }}
      onSelectionChange={(key) => {
        const chosen = shown.find((item) => item.id === key);
        if (chosen) setText(chosen.title);
      }}
      items={shown}
      menuTrigger="input"
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className="flex flex-col gap-1.5"
    >
      <Label className={labelClass}>{label}</Label>
      <Input className={inputClass} />
      <FieldError className={errorClass}>{errorMessage}</FieldError>
      <Popover
        className="min-w-[--trigger-width] rounded-xl border border-line bg-white p-1 shadow-lg"
        placement="bottom start"
      >
        <ListBox className="max-h-72 overflow-auto outline-none">
          {(item: { id: string; title: string }) => (
            <ListBoxItem
              id={item.id}
              textValue={item.title}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[focused]:bg-brand-50"
            >
              {item.title}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

export function FormGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>;
}
