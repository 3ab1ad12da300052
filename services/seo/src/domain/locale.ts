// The two languages of the site. A call without a locale is in Persian, the site's first
// language; any other value is refused (EXC_BAD_REQUEST), so a typo never silently answers
// Persian to an English page.
import { DomainError } from '@darmankar/platform/errors/domain-error';

export type Locale = 'fa' | 'en';

export function parseLocale(value: string): Locale {
  if (value === '' || value === 'fa') return 'fa';
  if (value === 'en') return 'en';
  throw new DomainError('EXC_BAD_REQUEST');
}
