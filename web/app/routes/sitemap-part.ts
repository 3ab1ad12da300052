// /sitemaps/{name}-{part}.xml (static-1.xml, recruitments-2.xml, employers-1.xml): one part of
// the sitemap (a resource route). Any other file name is a 404 without asking the service.
import type { Route } from './+types/sitemap-part';
import { passThroughGateway } from '../lib/content/api.server.ts';
import { sitemapPart } from '../lib/content/sitemap.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const part = sitemapPart(params.file);
  if (!part) {
    return new Response('404', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-robots-tag': 'noindex' },
    });
  }
  return passThroughGateway(request, context, `/meta-data/sitemap/${part.name}`, { part: part.part });
}
