import { useT } from '../../i18n/index.ts';
import type { Step } from '../../lib/hiring/types.ts';
import { inputClass } from '../ui/TextField.tsx';

/** A labelled choice of a step to move applications to, empty until one is chosen. */
export function StepSelect({
  label,
  steps,
  value,
  onChange,
  testId,
  className = 'flex flex-col gap-1 text-sm font-medium',
}: {
  label: string;
  steps: Step[];
  value: string;
  onChange: (stepId: string) => void;
  testId: string;
  className?: string;
}) {
  const t = useT();
  return (
    <label className={className}>
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`${inputClass} appearance-auto pe-8`}
        data-testid={testId}
      >
        <option value="">{t('ui.select')}</option>
        {steps.map((step) => (
          <option key={step.id} value={step.id}>
            {step.name}
          </option>
        ))}
      </select>
    </label>
  );
}
