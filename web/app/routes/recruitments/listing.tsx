// /applicants/recruitments: the job listing (spec §2), its whole state in the URL.
import type { Route } from './+types/listing';
import { ListingPage } from '../../components/recruitments/ListingPage.tsx';
import { getServerApi } from '../../lib/api.server.ts';
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
    loadListing(api, hasSession(jar), request),
    readPageMeta(
      api,
      request,
      { area: 'applicants', page: 'recruitments' },
      { title: 'recruitments.title', description: 'recruitments.description' },
    ),
  ]);
  // The canonical names the listing without its filters; from page 2 on, that page of it.
  return { ...listing, seo: listingCanonical(seo, listing.state.page) };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireKnownLocale(params);
  return saveFilterAction(getServerApi(context).api, request);
}

export default function Recruitments({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} basePath="/applicants/recruitments" />;
}
