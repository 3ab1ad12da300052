import { clsx } from 'clsx';
import { useT } from '../../i18n/index.ts';
import type { NavItem } from '../../lib/nav.ts';
import { LocaleNavLink } from './LocaleLink.tsx';

export function NavList({ items, orientation }: { items: NavItem[]; orientation: 'horizontal' | 'vertical' }) {
  const t = useT();
  const itemClass =
    orientation === 'horizontal' ? 'rounded-lg px-3 py-2 text-sm' : 'block rounded-xl px-4 py-3 text-base';
  return (
    <ul
      className={clsx('flex', orientation === 'horizontal' ? 'items-center gap-1' : 'flex-col gap-1')}
      data-testid={`nav-${orientation}`}
    >
      {items.map((item) => (
        <li key={item.id}>
          {item.url ? (
            <LocaleNavLink
              to={item.url}
              end={item.end}
              className={({ isActive }) =>
                clsx(
                  itemClass,
                  'font-medium transition-colors hover:bg-brand-50 hover:text-brand-700',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-ink',
                )
              }
            >
              {t(item.title)}
            </LocaleNavLink>
          ) : (
            <span aria-disabled="true" className={clsx(itemClass, 'cursor-default text-slate-500')}>
              {t(item.title)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
