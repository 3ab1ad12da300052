// The search benchmarks' data: realistic Persian postings from the recruitment service's
// generator (services/recruitment/src/demo), written straight into a bench database's `postings`
// table in batches (the write path has its own tests; what is measured here is search), then
// fed to the index by the service's own indexing code.
import { normalizeForSearch } from '@darmankar/platform/persian';
import pg from 'pg';
import { generateEmployers, generatePostings, type GeneratedPosting } from '@darmankar/recruitment';

const BATCH = 2_000;
const OPEN_DAYS = 30;
const DAY_MS = 86_400_000;

/** One `postings` row (the table's column names) for a generated posting. */
function rowOf(posting: GeneratedPosting, index: number, createdBy: string) {
  const f = posting.fields;
  const published = posting.status !== 'draft';
  const at = posting.publishedAt;
  const closesAt = new Date(at.getTime() + OPEN_DAYS * DAY_MS);
  return {
    id: posting.id,
    slug: `${posting.fields.jobCategory}-${index + 1}`,
    employer_id: posting.employer.id,
    status: posting.status,
    version: 1,
    title: f.title,
    search_title: normalizeForSearch(f.title),
    description: f.description,
    job_category: f.jobCategory,
    employment_type: f.employmentType,
    work_type: f.workType,
    gender: f.gender,
    min_age: f.minAge ?? null,
    max_age: f.maxAge ?? null,
    min_salary: f.minSalary?.toString() ?? null,
    max_salary: f.maxSalary?.toString() ?? null,
    salary_visible: f.salaryVisible,
    experience_years: f.experienceYears ?? null,
    organizational_level: f.organizationalLevel,
    province: f.province,
    city: f.city,
    region: f.region || null,
    languages: f.languages,
    skills: f.skills,
    educations: f.educations,
    working_hours: f.workingHours,
    business_travel_hours: f.businessTravelHours ?? null,
    military_service_required: f.militaryServiceRequired,
    accepts_disability: f.acceptsDisability,
    accepts_internship: f.acceptsInternship,
    accepts_relevant_industry: f.acceptsRelevantIndustry,
    benefits: f.benefits,
    shift_patterns: f.shiftPatterns,
    facility_type: f.facilityType,
    medical_specialty: f.medicalSpecialty || null,
    employer_slug: posting.employer.slug,
    employer_brand: posting.employer.brand,
    employer_logo: null,
    featured_until: posting.featured && published ? new Date(at.getTime() + 7 * DAY_MS).toISOString() : null,
    published_at: published ? at.toISOString() : null,
    closes_at: published ? closesAt.toISOString() : null,
    archived_at: posting.status === 'archived' ? new Date(at.getTime() + DAY_MS).toISOString() : null,
    created_by: createdBy,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

/** Column name → the SQL type jsonb_to_recordset reads it as. */
async function postingColumns(client: pg.ClientBase): Promise<Map<string, string>> {
  const { rows } = await client.query<{ column_name: string; data_type: string; udt_name: string }>(
    `SELECT column_name, data_type, udt_name FROM information_schema.columns WHERE table_name = 'postings'`,
  );
  return new Map(
    rows.map((row) => [row.column_name, row.data_type === 'ARRAY' ? `${row.udt_name.slice(1)}[]` : row.udt_name]),
  );
}

/** How many employers `count` postings are spread over (one for every 50). */
const employerCountFor = (count: number) => Math.max(1, Math.round(count / 50));

/**
 * The employers `loadPostings(…, count)` posts for, written into the employer service's
 * `employers` table (same ids, slugs and brands; one in 50 promoted), so the pages that show a
 * posting's employer find it as they would in production.
 */
export async function loadEmployers(databaseUrl: string, postingCount: number): Promise<number> {
  const employers = generateEmployers(employerCountFor(postingCount));
  const now = new Date().toISOString();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO employers (id, slug, owner_user_id, is_self_employed, brand, province, city, industry,
              medical_document_file_ids, benefits, is_promoted, search_text, created_at, updated_at)
       SELECT id, slug, gen_random_uuid(), false, brand, province, city, 'healthcare', '{}', '{}', is_promoted,
              search_text, $2::timestamptz, $2::timestamptz
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, slug text, brand text, province text, city text,
              is_promoted boolean, search_text text)`,
      [
        JSON.stringify(
          employers.map((employer, i) => ({
            id: employer.id,
            slug: employer.slug,
            brand: employer.brand,
            province: employer.province,
            city: employer.city,
            is_promoted: i % 50 === 0,
            search_text: normalizeForSearch(employer.brand),
          })),
        ),
        now,
      ],
    );
    await client.query('ANALYZE employers');
  } finally {
    await client.end();
  }
  return employers.length;
}

export interface LoadedPostings {
  total: number;
  published: number;
  /** Open (published and not past closing) at load time: what the index should hold. */
  employers: number;
  seconds: number;
}

/**
 * `count` postings of `employers` generated employers (seed 1405), published over the 30 days
 * before `now`, about 90% published (the rest drafts, archived, closed). Columns the table has
 * that the generator does not know keep their defaults.
 */
export async function loadPostings(databaseUrl: string, count: number, now = new Date()): Promise<LoadedPostings> {
  const startedAt = performance.now();
  const employerCount = employerCountFor(count);
  const employers = generateEmployers(employerCount);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let published = 0;
  try {
    const columns = await postingColumns(client);
    const createdBy = '00000000-0000-4000-8000-00000000be0c';
    let batch: ReturnType<typeof rowOf>[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const names = Object.keys(batch[0]!).filter((name) => columns.has(name));
      await client.query(
        `INSERT INTO postings (${names.map((n) => `"${n}"`).join(', ')})
         SELECT ${names.map((n) => `"${n}"`).join(', ')}
           FROM jsonb_to_recordset($1::jsonb) AS r(${names.map((n) => `"${n}" ${columns.get(n)}`).join(', ')})`,
        [JSON.stringify(batch)],
      );
      batch = [];
    };
    let index = 0;
    for (const posting of generatePostings({ count, employers, statuses: 'mixed', now })) {
      if (posting.status === 'published') published++;
      batch.push(rowOf(posting, index++, createdBy));
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    await client.query('ANALYZE postings');
  } finally {
    await client.end();
  }
  return { total: count, published, employers: employerCount, seconds: (performance.now() - startedAt) / 1000 };
}
