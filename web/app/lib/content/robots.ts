// robots.txt: the public site is open to crawlers; sign-in, account, employer management,
// hiring, orders and payments are not (in both locales). The sitemap index is named with the
// site's public origin.

/** Paths no crawler needs: private areas and screens that only work signed in. */
export const DISALLOWED = [
  '/login',
  '/logout',
  '/applicants/settings',
  '/applicants/resumes/add/',
  '/applicants/resumes/edit',
  '/applicants/recruitments/saved',
  '/notifications',
  '/recruitments/',
  '/orders/',
  '/payments/',
  '/settings/',
  '/employers/add$',
  '/employers/add/',
  '/employers/*/edit',
  '/employers/*/settings',
  '/employers/*/pricing',
  '/employers/*/orders',
  '/employers/*/wallet',
  '/employers/*/recruitments',
  '/something-went-wrong',
  '/api/',
] as const;

export function robotsTxt(origin: string): string {
  const paths = DISALLOWED.flatMap((path) => [path, `/en${path}`]);
  return [
    'User-agent: *',
    'Allow: /',
    ...paths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
