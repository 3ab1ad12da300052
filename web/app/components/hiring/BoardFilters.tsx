import { useId } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { hasFilters, type ApplyFilters } from '../../lib/hiring/query.ts';
import { Button } from '../ui/Button.tsx';
import { JalaliDateField } from '../ui/JalaliDateField.tsx';
import { inputClass } from '../ui/TextField.tsx';

const selectClass = `${inputClass} appearance-auto pe-8`;

/** The board's filters as a GET form: the page's URL holds them, so they work without JavaScript. */
export function BoardFilters({
  filters,
  invalid,
}: {
  filters: ApplyFilters;
  invalid: ReadonlyArray<'appliedFrom' | 'appliedTo'>;
}) {
  const t = useT();
  const location = useLocation();
  const id = useId();
  return (
    <Form
      method="get"
      action={location.pathname}
      role="search"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
      data-testid="board-filters"
    >
      <h2 id={`${id}-title`} className="font-bold text-brand-900">
        {t('applies.filters.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('applies.filters.text')}
          <input
            type="search"
            name="text"
            defaultValue={filters.text}
            className={inputClass}
            data-testid="filter-text"
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('applies.filters.read')}
          <select name="read" defaultValue={filters.read ?? ''} className={selectClass} data-testid="filter-read">
            <option value="">{t('applies.filters.all')}</option>
            <option value="unread">{t('applies.filters.unread')}</option>
            <option value="read">{t('applies.filters.readOnly')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('applies.filters.order')}
          <select name="order" defaultValue={filters.order} className={selectClass} data-testid="filter-order">
            <option value="-appliedAt">{t('applies.filters.newest')}</option>
            <option value="appliedAt">{t('applies.filters.oldest')}</option>
          </select>
        </label>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <JalaliDateField
          label={t('applies.filters.from')}
          name="appliedFrom"
          defaultValue={filters.appliedFrom}
          errorMessage={invalid.includes('appliedFrom') ? t('applies.filters.invalidDate') : undefined}
        />
        <JalaliDateField
          label={t('applies.filters.to')}
          name="appliedTo"
          defaultValue={filters.appliedTo}
          errorMessage={invalid.includes('appliedTo') ? t('applies.filters.invalidDate') : undefined}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" data-testid="filter-submit">
          {t('applies.filters.apply')}
        </Button>
        {(hasFilters(filters) || invalid.length > 0) && (
          <Link to={location.pathname} className="font-semibold text-brand-700 underline" data-testid="filter-clear">
            {t('applies.filters.clear')}
          </Link>
        )}
      </div>
    </Form>
  );
}
