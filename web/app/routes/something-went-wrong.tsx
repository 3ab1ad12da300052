import { data } from 'react-router';
import type { Route } from './+types/something-went-wrong';
import { codesFromQuery, ERROR_PAGE_STATUS, errorPageKind } from '../lib/errors.ts';
import { errorMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) => errorMeta(args, 'error.serverTitle');

/**
 * `/something-went-wrong?code=EXC_...`: where a failure elsewhere sends people. The codes
 * decide the page (§8): 403 access error, login-limit modal or 500 with the messages.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const codes = codesFromQuery(new URL(request.url).searchParams.get('code'));
  const kind = errorPageKind(codes, 500);
  throw data({ exc: codes }, { status: ERROR_PAGE_STATUS[kind] });
}

export default function SomethingWentWrong() {
  return null;
}
