// The sitemap's part files as the web app serves them: /sitemaps/{name}-{part}.xml.
export const SITEMAP_NAMES = ['static', 'recruitments', 'employers'] as const;
export type SitemapName = (typeof SITEMAP_NAMES)[number];

/** `recruitments-2.xml` → { name: 'recruitments', part: 2 }; null for any other file name. */
export function sitemapPart(file: string): { name: SitemapName; part: number } | null {
  const match = /^(static|recruitments|employers)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return null;
  return { name: match[1] as SitemapName, part: Number(match[2]) };
}
