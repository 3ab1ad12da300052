// /applicants/recruitments/{category}: the listing pre-filtered by a job category, with its own
// title and description; an unknown category is the not-found page.
import type { MetaDescriptor } from 'react-router';
import type { Route } from './+types/category';
import { ListingPage } from '../../components/recruitments/ListingPage.tsx';
import { translator } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { localeFromPath } from '../../lib/locale.ts';
import { errorMeta, pageMeta } from '../../lib/meta.ts';
import { loadListing, saveFilterAction } from '../../lib/recruitments/listing.server.ts';
import { hasSession } from '../../lib/recruitments/session.server.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = ({ data, location, matches }) => {
  const category = data?.category;
  if (!category) return errorMeta({ location, matches }, 'error.notFoundTitle');
  const locale = localeFromPath(location.pathname);
  const t = translator(locale);
  const name = locale === 'en' && category.titleEn ? category.titleEn : category.title;
  const title = `${t('recruitments.categoryTitle', { category: name })} | ${t('app.name')}`;
  const description = t('recruitments.categoryDescription', { category: name });
  // The shared tags (canonical, Open Graph) with this category's own title and description.
  return pageMeta({ location, matches }, 'recruitments.title', 'recruitments.description').map(
    (tag): MetaDescriptor => {
      if ('title' in tag) return { title };
      if ('name' in tag && tag.name === 'description') return { ...tag, content: description };
      if ('property' in tag && tag.property === 'og:title') return { ...tag, content: title };
      if ('property' in tag && tag.property === 'og:description') return { ...tag, content: description };
      return tag;
    },
  );
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  return loadListing(api, hasSession(jar), request, params.category);
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireKnownLocale(params);
  return saveFilterAction(getServerApi(context).api, request);
}

export default function CategoryRecruitments({ loaderData, params }: Route.ComponentProps) {
  return <ListingPage data={loaderData} basePath={`/applicants/recruitments/${encodeURIComponent(params.category)}`} />;
}
