// /applicants/resumes/{slug}/pdf: the public resume as a PDF. The web server prints its own
// public page (over loopback, as an anonymous reader, so the PDF never holds private fields).
import type { Route } from './+types/pdf';
import { getServerApi } from '../../lib/api.server.ts';
import { isApiError } from '../../lib/api.ts';
import { localeFromPath, localePath } from '../../lib/locale.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { resumeBySlug } from '../../lib/resume/api.ts';
import { pdfDownload, pdfFailure } from '../../lib/pdf.server.ts';
import { cachedPdf } from '../../lib/resume/pdf.server.ts';

/** Where Chromium finds this web server: itself, over loopback. */
function selfOrigin(): string {
  return process.env.PDF_RENDER_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const locale = localeFromPath(new URL(request.url).pathname);
  const { api } = getServerApi(context);
  let slug: string;
  let version: string;
  try {
    // Asked first, so an unknown resume is a 404 here rather than a PDF of the error page.
    ({ slug, updatedAt: version } = await resumeBySlug(api, params.slug));
  } catch (error) {
    if (isApiError(error)) return pdfFailure(error.codes, error.status);
    throw error;
  }
  const path = localePath(locale, `/applicants/resumes/${encodeURIComponent(slug)}`);
  let pdf: Buffer;
  try {
    pdf = await cachedPdf(`${path} ${version}`, `${selfOrigin()}${path}`);
  } catch (error) {
    console.error('resume pdf failed', error);
    return pdfFailure(['EXC_SERVICE_UNAVAILABLE'], 503);
  }
  return pdfDownload(pdf, `resume-${slug}.pdf`);
}
