import { LocaleLink } from '../layout/LocaleLink.tsx';
import type { BlogCategory } from '../../lib/content/types.ts';

export const categoryHref = (slug: string) => `/blog?category=${encodeURIComponent(slug)}`;

/** A post's categories, each a link to the blog filtered by it. */
export function CategoryLinks({ categories, label }: { categories: BlogCategory[]; label: string }) {
  if (categories.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {categories.map((category) => (
        <li key={category.slug}>
          <LocaleLink
            to={categoryHref(category.slug)}
            className="inline-flex min-h-8 items-center rounded-full bg-brand-50 px-3 text-xs font-bold text-brand-700 hover:bg-brand-100"
          >
            {category.title}
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}
