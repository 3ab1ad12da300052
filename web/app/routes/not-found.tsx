import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { errorMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = (args) => errorMeta(args, 'error.notFoundTitle');

/** Any unknown path: the site layout's error boundary draws the 404 page in place. */
export function loader() {
  throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
}

export default function NotFound() {
  return null;
}
