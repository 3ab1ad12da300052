// /in/{slug}: a short profile link. Moves permanently (301) to the employer's or the resume's
// page, in the link's language; an unknown slug is the site's 404 page (noindex).
import { redirect } from 'react-router';
import type { Route } from './+types/profile-link';
import { getServerApi } from '../lib/api.server.ts';
import { loadProfileLink } from '../lib/content/api.server.ts';
import { localeFromPath, localePath } from '../lib/locale.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const locale = localeFromPath(new URL(request.url).pathname);
  const { api } = getServerApi(context);
  const link = await loadProfileLink(api, params.slug);
  throw redirect(asciiPath(localePath(locale, link.canonicalPath)), 301);
}

/** A Location header is ASCII: a Persian slug goes percent-encoded (once, however it came). */
function asciiPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A stray % that is no escape: encoded as it is.
  }
  return encodeURI(decoded);
}

/** Never drawn: the loader either moves on or answers the 404 page. */
export default function ProfileLink() {
  return null;
}
