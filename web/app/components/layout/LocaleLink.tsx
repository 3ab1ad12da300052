import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useLocale } from '../../i18n/index.ts';
import { localePath } from '../../lib/locale.ts';

/** A link to an app path in the current locale. */
export function LocaleLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  return <Link to={localePath(useLocale(), to)} {...props} />;
}

export function LocaleNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  return <NavLink to={localePath(useLocale(), to)} {...props} />;
}
