// /sitemap.xml: the sitemap index as the seo service writes it (a resource route).
import type { Route } from './+types/sitemap';
import { passThroughGateway } from '../lib/content/api.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return passThroughGateway(request, context, '/meta-data/sitemap');
}
