// /applicants/recruitments: the job listing (spec §2), its whole state in the URL.
import type { Route } from './+types/listing';
import { ListingPage } from '../../components/recruitments/ListingPage.tsx';
import { getServerApi } from '../../lib/api.server.ts';
import { loadListing, saveFilterAction } from '../../lib/recruitments/listing.server.ts';
import { hasSession } from '../../lib/recruitments/session.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'recruitments.title', 'recruitments.description');

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  return loadListing(api, hasSession(jar), request);
}

export async function action({ params, context, request }: Route.ActionArgs) {
  requireKnownLocale(params);
  return saveFilterAction(getServerApi(context).api, request);
}

export default function Recruitments({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} basePath="/applicants/recruitments" />;
}
