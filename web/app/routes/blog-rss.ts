// /blog/rss.xml: the blog's RSS 2.0 feed as the seo service writes it (a resource route).
import type { Route } from './+types/blog-rss';
import { passThroughGateway } from '../lib/content/api.server.ts';
import { localeFromPath } from '../lib/locale.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const locale = localeFromPath(new URL(request.url).pathname);
  return passThroughGateway(request, context, '/meta-data/blog/rss', { locale });
}
