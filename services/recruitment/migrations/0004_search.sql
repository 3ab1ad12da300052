-- Job search: the embedded search index (the Postgres adapter's tables), the indexer's ledger
-- (which version of each posting the index holds, whichever engine it is) and the job alerts
-- already sent. Kept equal to prisma/schema.prisma. docs/search.md.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- One open posting as search and the listing's cards need it. Display values as typed; the
-- salary only when the employer shows it (a hidden salary is never stored here, so it can
-- neither be shown nor sorted on). `search_text` is the normalised copy the text is matched in.
CREATE TABLE "search_documents" (
    "id" UUID NOT NULL,
    "version" BIGINT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "job_category" TEXT NOT NULL,
    "employment_type" TEXT NOT NULL,
    "work_type" TEXT NOT NULL,
    "province" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "shift_patterns" TEXT[] NOT NULL DEFAULT '{}',
    "facility_type" TEXT,
    "medical_specialty" TEXT,
    "experience_years" INTEGER,
    "employer_id" UUID NOT NULL,
    "employer_slug" TEXT NOT NULL,
    "employer_brand" TEXT NOT NULL,
    "employer_logo" TEXT,
    "featured_until" TIMESTAMPTZ(3),
    "min_salary" BIGINT,
    "max_salary" BIGINT,
    -- The salary the "salary" order sorts on: the visible maximum, else the visible minimum.
    "salary_sort" BIGINT,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "closes_at" TIMESTAMPTZ(3),
    -- The title's words (normalised) and every searched word; a title match ranks first.
    "title_text" TEXT NOT NULL,
    "search_text" TEXT NOT NULL,
    CONSTRAINT "search_documents_pkey" PRIMARY KEY ("id")
);

-- The full-text index: the title's words weighted A, every searched word D. An expression
-- index, not a stored column (which the Prisma schema could not describe): queries write the
-- same expression (src/adapters/postgres-search.ts SEARCH_VECTOR) so the planner uses it.
CREATE INDEX "search_documents_search_vector_idx" ON "search_documents" USING gin (
    (setweight(to_tsvector('simple', "title_text"), 'A') || setweight(to_tsvector('simple', "search_text"), 'D'))
);
CREATE INDEX "search_documents_published_at_idx" ON "search_documents"("published_at" DESC);
CREATE INDEX "search_documents_job_category_idx" ON "search_documents"("job_category");
CREATE INDEX "search_documents_province_idx" ON "search_documents"("province");
CREATE INDEX "search_documents_city_idx" ON "search_documents"("city");
CREATE INDEX "search_documents_employment_type_idx" ON "search_documents"("employment_type");
CREATE INDEX "search_documents_employer_id_idx" ON "search_documents"("employer_id");
CREATE INDEX "search_documents_salary_sort_idx" ON "search_documents"("salary_sort" DESC);
-- "Open at now" for the total of a search without text: an index-only count.
CREATE INDEX "search_documents_closes_at_idx" ON "search_documents"("closes_at");
CREATE INDEX "search_documents_shift_patterns_idx" ON "search_documents" USING gin ("shift_patterns");

-- Every word the index holds, for typo correction: a query word is corrected against these
-- (the nearest words by trigram distance, then an edit distance), never against whole
-- documents. Words are added on upsert and rebuilt by a fresh re-index; a word whose postings
-- are gone only widens a query. GiST, not GIN: it walks the words nearest first (`<->` with
-- LIMIT), which the planner always takes, where a GIN `%` scan was planned as a sequential
-- scan computing similarity for every word.
CREATE TABLE "search_vocabulary" (
    "word" TEXT NOT NULL,
    CONSTRAINT "search_vocabulary_pkey" PRIMARY KEY ("word")
);
CREATE INDEX "search_vocabulary_word_trgm_idx" ON "search_vocabulary" USING gist ("word" gist_trgm_ops);
-- A last word being typed stands for the first few indexed words it begins: in byte order
-- those are one range, [word, word || U+10FFFF), read in order and stopped early whatever the
-- database's collation (a text_pattern_ops index could not give the order, and a LIKE pattern
-- known only at run time is no b-tree range).
CREATE INDEX "search_vocabulary_word_prefix_idx" ON "search_vocabulary" ("word" COLLATE "C");

-- The indexer's ledger: the newest version of each posting it has applied to the index, and
-- whether that version is in the index. An event older than the ledger's version changes
-- nothing, so a redelivered or late event never brings back an archived posting.
CREATE TABLE "search_index_state" (
    "posting_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,
    "indexed" BOOLEAN NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "search_index_state_pkey" PRIMARY KEY ("posting_id")
);

-- Job alerts announced: one per (saved filter, posting), ever.
CREATE TABLE "job_alerts_sent" (
    "filter_id" UUID NOT NULL,
    "posting_id" UUID NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "job_alerts_sent_pkey" PRIMARY KEY ("filter_id", "posting_id")
);
