// The embedded search engine (docs/search.md): the `search_documents` table with a stored
// to_tsvector('simple', search_text) under a GIN index and b-tree indexes for the filters, and a
// vocabulary of indexed words (trigram GiST) for typo correction. A query corrects each of its
// words against the vocabulary (the nearest words by trigrams, then at most one edit for a word of 5 or
// more letters, two from 9, as Meilisearch does), adds their synonyms, the indexed words a last
// word being typed begins and the joined forms of neighbouring words, and runs the full-text
// query with its filters and a bounded total: one statement, one round trip. Everything a person typed travels as a parameter; the text is already split into
// letters-and-digits words by the domain, so no tsquery operator can come from it.
import type pg from 'pg';
import { salarySortOf } from '../domain/search/documents.ts';
import {
  SEARCH_TOTAL_LIMIT,
  type CategoryCount,
  type SearchDocument,
  type SearchFilters,
  type SearchIndex,
  type SearchIndexInfo,
  type SearchOrder,
  type SearchQuery,
  type SearchRequest,
  type SearchResult,
  type SearchText,
} from '../domain/search/search-index.ts';

interface DocumentRow {
  id: string;
  slug: string;
  version: string;
  title: string;
  job_category: string;
  employment_type: string;
  work_type: string;
  province: string;
  city: string;
  shift_patterns: string[];
  facility_type: string | null;
  medical_specialty: string | null;
  experience_years: number | null;
  employer_id: string;
  employer_slug: string;
  employer_brand: string;
  employer_logo: string | null;
  featured_until: Date | null;
  min_salary: string | null;
  max_salary: string | null;
  published_at: Date;
  closes_at: Date | null;
  title_text: string;
  search_text: string;
  total?: string;
}

/** The indexed full-text expression, written exactly as the migration's GIN index has it. */
const SEARCH_VECTOR = `(setweight(to_tsvector('simple', d.title_text), 'A') || setweight(to_tsvector('simple', d.search_text), 'D'))`;

const DOCUMENT_COLUMNS = `d.id, d.slug, d.version, d.title, d.job_category, d.employment_type, d.work_type, d.province,
  d.city, d.shift_patterns, d.facility_type, d.medical_specialty, d.experience_years, d.employer_id, d.employer_slug,
  d.employer_brand, d.employer_logo, d.featured_until, d.min_salary, d.max_salary, d.published_at, d.closes_at,
  d.title_text, d.search_text`;

function documentOf(row: DocumentRow): SearchDocument {
  return {
    id: row.id,
    slug: row.slug,
    version: BigInt(row.version),
    title: row.title,
    jobCategory: row.job_category,
    employmentType: row.employment_type,
    workType: row.work_type,
    province: row.province,
    city: row.city,
    shiftPatterns: row.shift_patterns,
    facilityType: row.facility_type,
    medicalSpecialty: row.medical_specialty,
    experienceYears: row.experience_years,
    employer: { id: row.employer_id, slug: row.employer_slug, brand: row.employer_brand, logo: row.employer_logo },
    featuredUntil: row.featured_until,
    minSalary: row.min_salary === null ? null : BigInt(row.min_salary),
    maxSalary: row.max_salary === null ? null : BigInt(row.max_salary),
    publishedAt: row.published_at,
    closesAt: row.closes_at,
    titleText: row.title_text,
    searchText: row.search_text,
  };
}

/** Positional parameters collected while a statement is written. */
class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/** The WHERE conditions of the filters, always including "open at now". */
function filterConditions(filters: SearchFilters, now: Date, params: Parameters): string[] {
  const nowParam = params.add(now, '::timestamptz');
  const conditions = [`(d.closes_at IS NULL OR d.closes_at > ${nowParam})`];
  const anyOf = (column: string, values: string[]) => {
    if (values.length > 0) conditions.push(`d.${column} = ANY(${params.add(values, '::text[]')})`);
  };
  anyOf('job_category', filters.jobCategories);
  anyOf('province', filters.provinces);
  anyOf('city', filters.cities);
  anyOf('employment_type', filters.employmentTypes);
  anyOf('work_type', filters.workTypes);
  anyOf('facility_type', filters.facilityTypes);
  anyOf('medical_specialty', filters.medicalSpecialties);
  if (filters.shiftPatterns.length > 0)
    conditions.push(`d.shift_patterns && ${params.add(filters.shiftPatterns, '::text[]')}`);
  // Only a visible salary can match a salary range: hidden salaries are not in the index.
  if (filters.salaryFrom !== null)
    conditions.push(`coalesce(d.max_salary, d.min_salary) >= ${params.add(filters.salaryFrom.toString(), '::bigint')}`);
  if (filters.salaryTo !== null)
    conditions.push(`coalesce(d.min_salary, d.max_salary) <= ${params.add(filters.salaryTo.toString(), '::bigint')}`);
  if (filters.maxExperienceYears !== null)
    conditions.push(
      `(d.experience_years IS NULL OR d.experience_years <= ${params.add(filters.maxExperienceYears, '::int')})`,
    );
  if (filters.employerId !== null) conditions.push(`d.employer_id = ${params.add(filters.employerId, '::uuid')}`);
  if (filters.featuredOnly) conditions.push(`d.featured_until > ${nowParam}`);
  if (filters.postingIds !== null) conditions.push(`d.id = ANY(${params.add(filters.postingIds, '::uuid[]')})`);
  return conditions;
}

/** Indexed words a last word being typed may stand for (the shortest of the first candidates it begins). */
const PREFIX_EXPANSIONS = 5;
const PREFIX_CANDIDATES = 50;

/**
 * In the alternatives below, a last word being typed that is no indexed word stands for the
 * shortest few indexed words it begins — the byte-order range [word, word || U+10FFFF) of the
 * vocabulary's "C" b-tree, a bounded stretch read in order — never a ':*' prefix over the
 * documents, which read the posting lists of every word it begins (docs/performance.md).
 *
 * The texts as one tsquery built in SQL: the CTEs `text_query(tsq)`. Each word's alternatives
 * are itself, its synonyms and up to three vocabulary corrections; a phrasing is a text's words
 * in order (AND), once as typed and once per neighbouring pair joined (دندان پزشک →
 * دندانپزشک); the query is any phrasing of any text (OR).
 */
function textQueryCte(texts: SearchText[], params: Parameters): string {
  const words: string[] = [];
  const prefixes: boolean[] = [];
  const synonymIndexes: number[] = [];
  const synonymWords: string[] = [];
  const phrasings: number[][] = [];
  const addWord = (word: string, prefix: boolean, synonyms: string[]) => {
    words.push(word);
    prefixes.push(prefix);
    for (const synonym of synonyms) {
      synonymIndexes.push(words.length);
      synonymWords.push(synonym);
    }
    return words.length;
  };
  for (const text of texts) {
    const typed = text.words.map((w) => addWord(w.word, w.prefix, w.synonyms));
    phrasings.push(typed);
    // Joined neighbours are words of their own.
    for (let i = 0; i + 1 < text.words.length; i++) {
      const joined = addWord(text.words[i]!.word + text.words[i + 1]!.word, text.words[i + 1]!.prefix, []);
      phrasings.push([...typed.slice(0, i), joined, ...typed.slice(i + 2)]);
    }
  }
  const phrasingIds = phrasings.flatMap((phrasing, id) => phrasing.map(() => id));
  const positions = phrasings.flatMap((phrasing) => phrasing.map((_, position) => position));
  const wordIndexes = phrasings.flat();
  return `input AS (
      SELECT t.word, t.prefix, t.idx::int AS idx
        FROM unnest(${params.add(words, '::text[]')}, ${params.add(prefixes, '::bool[]')}) WITH ORDINALITY AS t(word, prefix, idx)
    ),
    alternatives AS (
      SELECT i.idx, '(' || string_agg(quote_literal(a.alt), ' | ') || ')' AS q
        FROM input i
        CROSS JOIN LATERAL (
          SELECT i.word AS alt
          UNION
          (SELECT w.word
             FROM (SELECT v.word FROM search_vocabulary v
                    WHERE i.prefix
                      AND NOT EXISTS (SELECT FROM search_vocabulary e WHERE e.word = i.word)
                      AND v.word COLLATE "C" >= i.word AND v.word COLLATE "C" < i.word || chr(1114111)
                    ORDER BY v.word COLLATE "C" LIMIT ${PREFIX_CANDIDATES}) w
            ORDER BY char_length(w.word), w.word LIMIT ${PREFIX_EXPANSIONS})
          UNION
          SELECT s.word FROM unnest(${params.add(synonymIndexes, '::int[]')}, ${params.add(synonymWords, '::text[]')}) AS s(idx, word)
           WHERE s.idx = i.idx
          UNION
          (SELECT c.word
             FROM (SELECT v.word, v.word <-> i.word AS distance FROM search_vocabulary v
                    WHERE char_length(i.word) >= 5 ORDER BY v.word <-> i.word LIMIT 8) c
            WHERE c.word % i.word
              AND levenshtein(c.word, i.word) <= CASE WHEN char_length(i.word) >= 9 THEN 2 ELSE 1 END
            ORDER BY c.distance LIMIT 3)
        ) a
       GROUP BY i.idx, i.prefix
    ),
    phrasings AS (
      SELECT p.phrasing, '(' || string_agg(al.q, ' & ' ORDER BY p.pos) || ')' AS q
        FROM unnest(${params.add(phrasingIds, '::int[]')}, ${params.add(positions, '::int[]')}, ${params.add(wordIndexes, '::int[]')}) AS p(phrasing, pos, idx)
        JOIN alternatives al ON al.idx = p.idx
       GROUP BY p.phrasing
    ),
    text_query AS (SELECT to_tsquery('simple', string_agg(q, ' | ')) AS tsq FROM phrasings)`;
}

/** The texts the query matches: its own when it has words, else any of `anyText`. */
function textsOf(query: SearchQuery): SearchText[] {
  if (query.text.words.length > 0) return [query.text];
  return (query.anyText ?? []).filter((text) => text.words.length > 0);
}

function orderBy(order: SearchOrder, hasText: boolean): string {
  switch (order) {
    case 'salary':
      // Postings without a visible salary (not stated or hidden) come last, newest first.
      return 'd.salary_sort DESC NULLS LAST, d.published_at DESC, d.id';
    case 'relevance':
      if (hasText) return `ts_rank(${SEARCH_VECTOR}, tq.tsq) DESC, d.published_at DESC, d.id`;
      return 'd.published_at DESC, d.id';
    case 'newest':
      return 'd.published_at DESC, d.id';
  }
}

/** The statement matching `query`: its FROM and WHERE, with `tq` joined when there is text. */
function matching(query: SearchQuery, now: Date, params: Parameters): { with: string; from: string; where: string } {
  const texts = textsOf(query);
  const hasText = texts.length > 0;
  const withClause = hasText ? `WITH ${textQueryCte(texts, params)}` : '';
  const conditions = filterConditions(query.filters, now, params);
  if (hasText) conditions.unshift(`${SEARCH_VECTOR} @@ tq.tsq`);
  return {
    with: withClause,
    from: hasText ? 'search_documents d, text_query tq' : 'search_documents d',
    where: conditions.join(' AND '),
  };
}

/**
 * A page of a search with text. Every match is read to be ordered (a bitmap of the full-text
 * and filter indexes, then the heap), so the total is counted in that same pass — over the
 * matches' ids and sort keys only, the page's 20 documents read afterwards by id: windowing the
 * whole documents (their texts) cost more than the search itself on broad words.
 */
function pageWithText(query: SearchQuery, request: SearchRequest, params: Parameters): string {
  const m = matching(query, request.now, params);
  const rank = request.order === 'relevance' ? `ts_rank(${SEARCH_VECTOR}, tq.tsq)` : '0::real';
  const limit = params.add(request.pageSize, '::int');
  const offset = params.add((request.page - 1) * request.pageSize, '::int');
  return `${m.with},
    page AS (
      SELECT d.id, ${rank} AS rank, count(*) OVER () AS total
        FROM ${m.from}
       WHERE ${m.where}
       ORDER BY ${orderBy(request.order, true)}
       LIMIT ${limit} OFFSET ${offset}
    )
    SELECT ${DOCUMENT_COLUMNS}, p.total
      FROM page p JOIN search_documents d ON d.id = p.id
     ORDER BY ${request.order === 'relevance' ? 'p.rank DESC, d.published_at DESC, d.id' : orderBy(request.order, false)}`;
}

/**
 * A page of a search without text: the order's index is walked and stops after the page, and
 * the total counts at most one past SEARCH_TOTAL_LIMIT (an InitPlan over a LIMITed subquery):
 * the listing's first page, every open posting, never reads them all to say "more than 1,000".
 */
function pageWithoutText(query: SearchQuery, request: SearchRequest, params: Parameters): string {
  const m = matching(query, request.now, params);
  const countUpTo = params.add(SEARCH_TOTAL_LIMIT + 1, '::int');
  const limit = params.add(request.pageSize, '::int');
  const offset = params.add((request.page - 1) * request.pageSize, '::int');
  return `SELECT ${DOCUMENT_COLUMNS},
                 (SELECT count(*) FROM (SELECT FROM ${m.from} WHERE ${m.where} LIMIT ${countUpTo}) counted) AS total
            FROM ${m.from}
           WHERE ${m.where}
           ORDER BY ${orderBy(request.order, false)}
           LIMIT ${limit} OFFSET ${offset}`;
}

export function createPostgresSearch(pool: pg.Pool): SearchIndex {
  return {
    async upsert(documents) {
      if (documents.length === 0) return;
      const rows = documents.map((d) => ({
        id: d.id,
        version: d.version.toString(),
        slug: d.slug,
        title: d.title,
        job_category: d.jobCategory,
        employment_type: d.employmentType,
        work_type: d.workType,
        province: d.province,
        city: d.city,
        shift_patterns: d.shiftPatterns,
        facility_type: d.facilityType,
        medical_specialty: d.medicalSpecialty,
        experience_years: d.experienceYears,
        employer_id: d.employer.id,
        employer_slug: d.employer.slug,
        employer_brand: d.employer.brand,
        employer_logo: d.employer.logo,
        featured_until: d.featuredUntil?.toISOString() ?? null,
        min_salary: d.minSalary?.toString() ?? null,
        max_salary: d.maxSalary?.toString() ?? null,
        salary_sort: salarySortOf(d)?.toString() ?? null,
        published_at: d.publishedAt.toISOString(),
        closes_at: d.closesAt?.toISOString() ?? null,
        title_text: d.titleText,
        search_text: d.searchText,
      }));
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO search_documents AS s (id, version, slug, title, job_category, employment_type, work_type, province,
             city, shift_patterns, facility_type, medical_specialty, experience_years, employer_id, employer_slug,
             employer_brand, employer_logo, featured_until, min_salary, max_salary, salary_sort, published_at, closes_at,
             title_text, search_text)
           SELECT id, version, slug, title, job_category, employment_type, work_type, province, city, shift_patterns,
                  facility_type, medical_specialty, experience_years, employer_id, employer_slug, employer_brand,
                  employer_logo, featured_until, min_salary, max_salary, salary_sort, published_at, closes_at, title_text,
                  search_text
             FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, version bigint, slug text, title text, job_category text,
                  employment_type text, work_type text, province text, city text, shift_patterns text[],
                  facility_type text, medical_specialty text, experience_years int, employer_id uuid, employer_slug text,
                  employer_brand text, employer_logo text, featured_until timestamptz, min_salary bigint,
                  max_salary bigint, salary_sort bigint, published_at timestamptz, closes_at timestamptz,
                  title_text text, search_text text)
           ON CONFLICT (id) DO UPDATE SET
             version = EXCLUDED.version, slug = EXCLUDED.slug, title = EXCLUDED.title,
             job_category = EXCLUDED.job_category, employment_type = EXCLUDED.employment_type,
             work_type = EXCLUDED.work_type, province = EXCLUDED.province, city = EXCLUDED.city,
             shift_patterns = EXCLUDED.shift_patterns, facility_type = EXCLUDED.facility_type,
             medical_specialty = EXCLUDED.medical_specialty, experience_years = EXCLUDED.experience_years,
             employer_id = EXCLUDED.employer_id, employer_slug = EXCLUDED.employer_slug,
             employer_brand = EXCLUDED.employer_brand, employer_logo = EXCLUDED.employer_logo,
             featured_until = EXCLUDED.featured_until, min_salary = EXCLUDED.min_salary,
             max_salary = EXCLUDED.max_salary, salary_sort = EXCLUDED.salary_sort,
             published_at = EXCLUDED.published_at, closes_at = EXCLUDED.closes_at, title_text = EXCLUDED.title_text,
             search_text = EXCLUDED.search_text
           WHERE s.version <= EXCLUDED.version`,
          [JSON.stringify(rows)],
        );
        // The vocabulary grows with the documents; the words of removed ones stay until a re-index.
        await client.query(
          `INSERT INTO search_vocabulary (word)
           SELECT DISTINCT w FROM unnest($1::text[]) AS t(text), unnest(string_to_array(t.text, ' ')) AS w
            WHERE w <> ''
           ON CONFLICT DO NOTHING`,
          [documents.map((d) => d.searchText)],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    async remove(ids) {
      if (ids.length === 0) return;
      await pool.query('DELETE FROM search_documents WHERE id = ANY($1::uuid[])', [ids]);
    },

    async search(request: SearchRequest): Promise<SearchResult> {
      const params = new Parameters();
      const { query, page, now } = request;
      const { rows } = await pool.query<DocumentRow>(
        textsOf(query).length > 0 ? pageWithText(query, request, params) : pageWithoutText(query, request, params),
        params.values,
      );
      // Past the last page the total has no row to ride on: count alone.
      if (rows.length > 0) return { items: rows.map(documentOf), total: Number(rows[0]!.total) };
      if (page === 1) return { items: [], total: 0 };
      const countParams = new Parameters();
      const c = matching(query, now, countParams);
      const { rows: counted } = await pool.query<{ total: string }>(
        `${c.with} SELECT count(*) AS total
           FROM (SELECT FROM ${c.from} WHERE ${c.where} LIMIT ${countParams.add(SEARCH_TOTAL_LIMIT + 1, '::int')}) counted`,
        countParams.values,
      );
      return { items: [], total: Number(counted[0]!.total) };
    },

    async countByCategory(categories, limit, now): Promise<CategoryCount[]> {
      const { rows } = await pool.query<{ category: string; count: string }>(
        `SELECT job_category AS category, count(*) AS count
           FROM search_documents
          WHERE (closes_at IS NULL OR closes_at > $1::timestamptz)
            AND (cardinality($2::text[]) = 0 OR job_category = ANY($2::text[]))
          GROUP BY job_category
          ORDER BY count(*) DESC, job_category
          LIMIT $3::int`,
        [now, categories, limit],
      );
      return rows.map((row) => ({ category: row.category, count: Number(row.count) }));
    },

    async matches(query, postingId, now) {
      const params = new Parameters();
      const m = matching({ ...query, filters: { ...query.filters, postingIds: [postingId] } }, now, params);
      const { rows } = await pool.query(`${m.with} SELECT 1 FROM ${m.from} WHERE ${m.where} LIMIT 1`, params.values);
      return rows.length > 0;
    },

    async clear() {
      await pool.query('TRUNCATE search_documents, search_vocabulary');
    },

    async info(): Promise<SearchIndexInfo> {
      const { rows } = await pool.query<{ count: string }>('SELECT count(*) AS count FROM search_documents');
      return { engine: 'postgres', documents: Number(rows[0]!.count) };
    },

    async close() {
      // The pool is the service's; it is ended with the service's database client.
    },
  };
}
