import { clsx } from 'clsx';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export interface TextFieldProps extends AriaTextFieldProps {
  label: string;
  description?: string;
  /** Server-side error text (shown without JavaScript too). */
  errorMessage?: string;
  placeholder?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  dir?: 'rtl' | 'ltr' | 'auto';
  inputClassName?: string;
}

export const inputClass =
  'w-full min-h-12 rounded-xl border border-line bg-white px-4 text-base text-ink placeholder:text-slate-500 ' +
  'outline-none transition focus:border-brand-500 focus:ring-4 focus:ring-brand-100 ' +
  'data-[invalid]:border-danger aria-[invalid=true]:border-danger';

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  inputMode,
  dir,
  inputClassName,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      // Server errors are shown, not enforced: native validity would block the corrected resubmit.
      validationBehavior="aria"
      {...props}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
      className={clsx('flex flex-col gap-1.5', className as string | undefined)}
    >
      <Label className="text-sm font-medium text-ink">{label}</Label>
      <Input placeholder={placeholder} inputMode={inputMode} dir={dir} className={clsx(inputClass, inputClassName)} />
      {description && (
        <Text slot="description" className="text-xs text-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-sm text-danger">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
