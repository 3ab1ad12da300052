// /blog/images/{name}: a blog image's bytes with the gateway's content type, cache and (for SVG)
// content-security headers (a resource route).
import type { Route } from './+types/blog-image';
import { passThroughGateway } from '../lib/content/api.server.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  return passThroughGateway(request, context, `/meta-data/blog/images/${encodeURIComponent(params.name)}`);
}
