// /robots.txt: the public site open to crawlers, private areas closed, the sitemap index named.
import type { Route } from './+types/robots';
import { robotsTxt } from '../lib/content/robots.ts';

export function loader({ request }: Route.LoaderArgs) {
  const origin = process.env.PUBLIC_URL ?? new URL(request.url).origin;
  return new Response(robotsTxt(origin.replace(/\/$/, '')), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
