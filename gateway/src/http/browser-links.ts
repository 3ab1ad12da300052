// Links people open from a message (an email's verification link, an SMS's notification link)
// reach the gateway as browser navigations: those are redirected to the web app, a failure to
// its error page, while an API client gets JSON and the `exc` header as on any route.
import type { Request, Response } from 'express';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';

/** A browser following a link (Accept prefers HTML) gets redirects; API clients get JSON. */
export function prefersHtml(req: Request): boolean {
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}

/** A route's `onError` for links: a browser is sent (303) to the web app's error page with the code. */
export function browserErrorPage(webUrl: (path: string) => string) {
  return (codes: readonly ExcCode[], req: Request, res: Response): boolean => {
    if (!prefersHtml(req)) return false;
    res.redirect(303, webUrl(`/something-went-wrong?code=${encodeURIComponent(codes[0]!)}`));
    return true;
  };
}

/** The failed navigation's answer, as a link route declares it. */
export const BROWSER_ERROR_RESPONSE = {
  status: 303,
  description: 'Browser navigation that failed: to /something-went-wrong?code=<EXC>',
  headers: { Location: 'The web app page' },
} as const;
