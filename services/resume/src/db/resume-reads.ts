// The public resume read (GET resumes/by-slug, the page anyone may open and search engines
// crawl) straight on the pg pool: one named statement returns the resume with its items,
// where Prisma's include makes two queries and maps both results. Writes and the owner's
// reads stay on Prisma.
import type pg from 'pg';
import type { ResumeItemRow, ResumeRow } from './client.ts';

const BY_SLUG: Omit<pg.QueryConfig<[string]>, 'values'> = {
  name: 'resume-by-slug-with-items',
  text: `SELECT r.*, COALESCE((
           SELECT json_agg(json_build_object('id', i.id, 'resume_id', i.resume_id, 'section', i.section, 'data', i.data, 'created_at', i.created_at))
           FROM resume_items i WHERE i.resume_id = r.id), '[]'::json) AS items
         FROM resumes r WHERE r.slug = $1`,
};

type Row = Record<string, unknown> & {
  items: Array<{ id: string; resume_id: string; section: string; data: unknown; created_at: string }>;
};

export function createResumeReads(pool: pg.Pool) {
  return {
    async bySlug(slug: string): Promise<(ResumeRow & { items: ResumeItemRow[] }) | undefined> {
      const { rows } = await pool.query<Row, [string]>({ ...BY_SLUG, values: [slug] });
      const row = rows[0];
      if (!row) return undefined;
      return {
        id: row.id as string,
        ownerUserId: row.owner_user_id as string,
        slug: row.slug as string,
        firstName: row.first_name as string,
        lastName: row.last_name as string,
        email: row.email as string | null,
        phone: row.phone as string | null,
        birthday: row.birthday as string | null,
        gender: row.gender as string | null,
        maritalStatus: row.marital_status as string | null,
        militaryStatus: row.military_status as string | null,
        hasDisability: row.has_disability as boolean,
        isForeigner: row.is_foreigner as boolean,
        province: row.province as string | null,
        city: row.city as string | null,
        url: row.url as string | null,
        jobTitle: row.job_title as string | null,
        about: row.about as string | null,
        pictureFileId: row.picture_file_id as string | null,
        customFileId: row.custom_file_id as string | null,
        customFileName: row.custom_file_name as string | null,
        createdAt: row.created_at as Date,
        updatedAt: row.updated_at as Date,
        items: row.items.map((item) => ({
          id: item.id,
          resumeId: item.resume_id,
          section: item.section,
          data: item.data as ResumeItemRow['data'],
          createdAt: new Date(item.created_at),
        })),
      };
    },
  };
}

export type ResumeReads = ReturnType<typeof createResumeReads>;
