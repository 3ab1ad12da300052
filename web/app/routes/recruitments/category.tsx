// /applicants/recruitments/{category}: the listing pre-filtered by a job category, with its own
// title and description; an unknown category is the not-found page.
import type { Route } from './+types/category';
import { ListingPage } from '../../components/recruitments/ListingPage.tsx';
import { translator } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { localeFromPath } from '../../lib/locale.ts';
import { loadListing, saveFilterAction } from '../../lib/recruitments/listing.server.ts';
import { hasSession } from '../../lib/recruitments/session.server.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { listingCanonical, readPageMeta } from '../../lib/seo.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const [listing, seo] = await Promise.all([
    loadListing(api, hasSession(jar), request, params.category),
    // The seo service knows the listing; a category is the listing with its own title.
    readPageMeta(
      api,
      request,
      { area: 'applicants', page: 'recruitments' },
      { title: 'recruitments.title', description: 'recruitments.description' },
    ),
  ]);
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const category = listing.category;
  const name = category ? (locale === 'en' && category.titleEn ? category.titleEn : category.title) : '';
  const own = {
    ...seo,
    title: `${t('recruitments.categoryTitle', { category: name })} | ${t('app.name')}`,
    description: t('recruitments.categoryDescription', { category: name }),
    canonicalPath: `/applicants/recruitments/${encodeURIComponent(params.category)}`,
    // The listing's breadcrumb ends at the listing, not at this category.
    jsonLd: '',
  };
  // The canonical names the category without its filters; from page 2 on, that page of it.
  return { ...listing, seo: listingCanonical(own, listing.state.page) };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireKnownLocale(params);
  return saveFilterAction(getServerApi(context).api, request);
}

export default function CategoryRecruitments({ loaderData, params }: Route.ComponentProps) {
  return <ListingPage data={loaderData} basePath={`/applicants/recruitments/${encodeURIComponent(params.category)}`} />;
}
