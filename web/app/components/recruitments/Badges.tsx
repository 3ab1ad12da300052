// The small labels of a posting: shift patterns and facility type (what a healthcare applicant
// filters on first), and "featured". Text, not colour alone, says what each is.
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { listTitle } from '../../lib/closed-lists.ts';
import { SHIFT_PATTERNS, type ShiftPattern } from '../../lib/recruitments/query.ts';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function shiftKey(shift: string): MessageKey | null {
  return (SHIFT_PATTERNS as readonly string[]).includes(shift)
    ? (`recruitments.shift.${shift as ShiftPattern}` as const)
    : null;
}

export function ShiftBadges({ shifts }: { shifts: readonly string[] | undefined }) {
  const t = useT();
  return (
    <>
      {(shifts ?? []).map((shift) => {
        const key = shiftKey(shift);
        return key ? (
          <span key={shift} className={`${badge} bg-indigo-50 text-indigo-900`} data-testid="shift-badge">
            {t(key)}
          </span>
        ) : null;
      })}
    </>
  );
}

export function FacilityBadge({ facility }: { facility: string | undefined }) {
  const locale = useLocale();
  const title = listTitle('facilityTypes', facility, locale);
  if (!title) return null;
  return (
    <span className={`${badge} bg-teal-50 text-teal-900`} data-testid="facility-badge">
      {title}
    </span>
  );
}

export function FeaturedBadge() {
  const t = useT();
  return (
    <span className={`${badge} bg-amber-100 text-amber-900`} data-testid="featured-badge">
      {t('recruitments.card.featured')}
    </span>
  );
}
