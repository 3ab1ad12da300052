import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { inputClass } from './TextField.tsx';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  name?: string;
  options: SelectOption[];
  placeholder?: string;
  value?: string | null;
  defaultValue?: string;
  onChange?: (id: string) => void;
  isRequired?: boolean;
}

/** An accessible select (react-aria): a button and a listbox, submitted as a hidden field. */
export function Select({ label, name, options, placeholder, value, defaultValue, onChange, isRequired }: SelectProps) {
  return (
    <AriaSelect
      name={name}
      isRequired={isRequired}
      placeholder={placeholder}
      value={value}
      defaultValue={defaultValue}
      onChange={(key: Key | null) => key !== null && onChange?.(String(key))}
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      <Button className={`${inputClass} flex items-center justify-between text-start`}>
        <SelectValue className="truncate data-[placeholder]:text-slate-500" />
        <span aria-hidden="true" className="text-muted">
          ▾
        </span>
      </Button>
      <Popover className="min-w-[--trigger-width] rounded-xl border border-line bg-white p-1 shadow-lg">
        <ListBox className="max-h-72 overflow-auto outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.id}
              id={option.id}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[focused]:bg-brand-50 data-[selected]:font-semibold data-[selected]:text-brand-700"
            >
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
