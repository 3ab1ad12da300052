// The local copies of other services' facts the sitemaps and profile links are made from:
// postings (their newest known version), employers and resume slugs. Written only from events
// (src/events), each in the transaction that marks the event handled.
import type { Logger } from '@darmankar/platform/log';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Sql } from './sql.ts';

export interface PostingChange {
  postingId: string;
  version: bigint;
  status: string;
  slug: string;
  jobCategory: string;
  at: Date;
}

export interface ProfileLink {
  kind: 'employer' | 'resume';
  canonicalPath: string;
}

export class Listings {
  constructor(private readonly log: Logger) {}

  /**
   * A posting changed. Only a newer version than the one kept is applied, so a late or repeated
   * event never undoes a newer one. Published: listed at its slug; any other status: not listed.
   * A published posting without a slug has no public address: skipped, with a warning.
   */
  async postingChanged(sql: Sql, change: PostingChange): Promise<void> {
    if (change.status === 'published' && (change.slug === '' || change.jobCategory === '')) {
      this.log.warn(
        { postingId: change.postingId, version: String(change.version) },
        'a published posting came without a slug or job category: it cannot be listed in the sitemap',
      );
      return;
    }
    await sql.query(
      `INSERT INTO postings (id, version, status, slug, job_category, changed_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, status = EXCLUDED.status,
         slug = EXCLUDED.slug, job_category = EXCLUDED.job_category, changed_at = EXCLUDED.changed_at
       WHERE postings.version < EXCLUDED.version`,
      [change.postingId, change.version.toString(), change.status, change.slug, change.jobCategory, change.at],
    );
  }

  /** An employer was created or changed: listed at its (current) slug; a changed slug replaces the old. */
  async employerChanged(sql: Sql, employerId: string, slug: string, at: Date): Promise<void> {
    if (slug === '') {
      this.log.warn({ employerId }, 'an employer event came without a slug: its listing is left as it was');
      return;
    }
    await sql.query(
      `INSERT INTO employers (id, slug, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, changed_at = EXCLUDED.changed_at
       WHERE employers.changed_at <= EXCLUDED.changed_at`,
      [employerId, slug, at],
    );
  }

  /** A resume was created: its slug may be a profile link (never a sitemap entry). */
  async resumeCreated(sql: Sql, resumeId: string, slug: string): Promise<void> {
    if (slug === '') return;
    await sql.query(
      `INSERT INTO resumes (id, slug) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug`,
      [resumeId, slug],
    );
  }

  /**
   * The profile a slug names, matched exactly as stored: an employer's first, then a resume's
   * (employers' pages are the public ones people share most; docs/seo.md).
   */
  async resolve(sql: Sql, slug: string): Promise<ProfileLink> {
    if (slug !== '') {
      const employer = await sql.query(`SELECT 1 FROM employers WHERE slug = $1 LIMIT 1`, [slug]);
      if (employer.rows.length > 0) return { kind: 'employer', canonicalPath: `/employers/${slug}` };
      const resume = await sql.query(`SELECT 1 FROM resumes WHERE slug = $1 LIMIT 1`, [slug]);
      if (resume.rows.length > 0) return { kind: 'resume', canonicalPath: `/applicants/resumes/${slug}` };
    }
    throw new DomainError('EXC_SEO_PROFILE_NOT_FOUND');
  }
}
