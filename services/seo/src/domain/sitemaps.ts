// The sitemaps (sitemaps.org 0.9): the static pages and blog posts, every published posting and
// every employer, in parts of at most `partSize` URLs, and the index naming each part. Postings
// and employers are this service's own copies of the other services' facts (src/events), so a
// crawler's request never reaches them (docs/adr/031).
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Sql } from './sql.ts';
import { absoluteUrl, encodedPath, escapeXml, w3cDatetime } from './xml.ts';

/** The sitemaps.org limit of URLs in one sitemap. */
export const SITEMAP_PART_SIZE = 50_000;

export const SITEMAP_NAMES = ['static', 'recruitments', 'employers'] as const;
export type SitemapName = (typeof SITEMAP_NAMES)[number];

export interface SitemapEntry {
  /** The site path, its segments already percent-encoded. */
  path: string;
  lastmod: Date;
}

export interface SitemapsOptions {
  publicWebUrl: string;
  partSize?: number;
  /** The static pages and the blog's posts, in the order they are listed. */
  staticEntries: () => SitemapEntry[];
  /** What an empty sitemap lists instead of nothing (its listing page). */
  emptyStandIns: Record<SitemapName, SitemapEntry>;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export class Sitemaps {
  readonly partSize: number;

  constructor(
    private readonly db: Sql,
    private readonly options: SitemapsOptions,
  ) {
    this.partSize = options.partSize ?? SITEMAP_PART_SIZE;
  }

  /** The index: one <sitemap> per part of each sitemap (part 1 always), lastmod the part's newest entry. */
  async index(): Promise<string> {
    const parts: Array<{ name: SitemapName; part: number; lastmod: Date | null }> = [];
    const statics = this.options.staticEntries();
    const staticParts = Math.max(1, Math.ceil(statics.length / this.partSize));
    for (let part = 1; part <= staticParts; part++) {
      const slice = statics.slice((part - 1) * this.partSize, part * this.partSize);
      parts.push({ name: 'static', part, lastmod: newest(slice.map((e) => e.lastmod)) });
    }
    for (const name of ['recruitments', 'employers'] as const) {
      const { rows } = await this.db.query<{ part: number; lastmod: Date }>(
        `SELECT ((n - 1) / $1)::int + 1 AS part, max(changed_at) AS lastmod
           FROM (SELECT changed_at, row_number() OVER (ORDER BY id) AS n FROM ${source(name)}) listed
          GROUP BY 1 ORDER BY 1`,
        [this.partSize],
      );
      if (rows.length === 0) parts.push({ name, part: 1, lastmod: this.options.emptyStandIns[name].lastmod });
      for (const row of rows) parts.push({ name, part: row.part, lastmod: row.lastmod });
    }
    const items = parts.map(({ name, part, lastmod }) => {
      const loc = escapeXml(absoluteUrl(this.options.publicWebUrl, `/sitemaps/${name}-${part}.xml`));
      const modified = lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : '';
      return `  <sitemap><loc>${loc}</loc>${modified}</sitemap>\n`;
    });
    return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('')}</sitemapindex>\n`;
  }

  /** One part of one sitemap; EXC_SEO_SITEMAP_NOT_FOUND for another name or a part past the last (part 1 always exists). */
  async sitemap(name: string, part: number): Promise<string> {
    if (!isSitemapName(name) || !Number.isInteger(part) || part < 1) throw new DomainError('EXC_SEO_SITEMAP_NOT_FOUND');
    let entries = await this.entries(name, part);
    if (entries.length === 0 && part > 1) throw new DomainError('EXC_SEO_SITEMAP_NOT_FOUND');
    // sitemaps.org's schema wants at least one <url>: with nothing of its own yet, part 1 lists
    // the page that lists them (a real, public page; naming it twice across sitemaps is harmless).
    if (entries.length === 0) entries = [this.options.emptyStandIns[name]];
    const items = entries.map(({ path, lastmod }) => {
      const loc = escapeXml(absoluteUrl(this.options.publicWebUrl, path));
      return `  <url><loc>${loc}</loc><lastmod>${w3cDatetime(lastmod)}</lastmod></url>\n`;
    });
    return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${items.join('')}</urlset>\n`;
  }

  private async entries(name: SitemapName, part: number): Promise<SitemapEntry[]> {
    const offset = (part - 1) * this.partSize;
    if (name === 'static') return this.options.staticEntries().slice(offset, offset + this.partSize);
    if (name === 'recruitments') {
      const { rows } = await this.db.query<{ slug: string; job_category: string; changed_at: Date }>(
        `SELECT slug, job_category, changed_at FROM ${source(name)} ORDER BY id LIMIT $1 OFFSET $2`,
        [this.partSize, offset],
      );
      return rows.map((r) => ({
        path: encodedPath('applicants', 'recruitments', r.job_category, r.slug),
        lastmod: r.changed_at,
      }));
    }
    const { rows } = await this.db.query<{ slug: string; changed_at: Date }>(
      `SELECT slug, changed_at FROM ${source(name)} ORDER BY id LIMIT $1 OFFSET $2`,
      [this.partSize, offset],
    );
    return rows.map((r) => ({ path: encodedPath('employers', r.slug), lastmod: r.changed_at }));
  }
}

function isSitemapName(name: string): name is SitemapName {
  return (SITEMAP_NAMES as readonly string[]).includes(name);
}

/** What a database-backed sitemap lists: published postings; employers with a slug. */
function source(name: 'recruitments' | 'employers'): string {
  return name === 'recruitments'
    ? `(SELECT id, slug, job_category, changed_at FROM postings WHERE status = 'published') AS p`
    : `(SELECT id, slug, changed_at FROM employers WHERE slug <> '') AS e`;
}

function newest(dates: Date[]): Date | null {
  return dates.reduce<Date | null>((a, b) => (a && a > b ? a : b), null);
}
