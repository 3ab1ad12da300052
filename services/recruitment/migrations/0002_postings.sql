-- Postings (recruitments), written by the employer's members; kept equal to prisma/schema.prisma.
-- Fields as the employer wrote them (free text as typed, closed-list and suggestion ids); lists
-- that are only ever read whole (languages, skills, educations, working hours) are JSON.

CREATE TABLE "postings" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "employer_id" UUID NOT NULL,
    -- draft, published, archived, closed; a published posting never returns to draft.
    "status" TEXT NOT NULL DEFAULT 'draft',
    -- Increases with every change; the indexer keeps only the newest version it has seen.
    "version" BIGINT NOT NULL DEFAULT 1,
    "title" TEXT NOT NULL,
    -- The title folded for matching (normalizeForSearch): the employer's list filters on it.
    "search_title" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "job_category" TEXT NOT NULL,
    "employment_type" TEXT NOT NULL,
    "work_type" TEXT NOT NULL,
    "gender" TEXT NOT NULL DEFAULT 'any',
    "min_age" INTEGER,
    "max_age" INTEGER,
    "min_salary" BIGINT,
    "max_salary" BIGINT,
    "salary_visible" BOOLEAN NOT NULL DEFAULT true,
    "experience_years" INTEGER,
    "organizational_level" TEXT,
    "province" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "region" TEXT,
    "languages" JSONB NOT NULL DEFAULT '[]',
    "skills" JSONB NOT NULL DEFAULT '[]',
    "educations" JSONB NOT NULL DEFAULT '[]',
    "working_hours" JSONB NOT NULL DEFAULT '[]',
    "business_travel_hours" INTEGER,
    "military_service_required" BOOLEAN NOT NULL DEFAULT false,
    "accepts_disability" BOOLEAN NOT NULL DEFAULT false,
    "accepts_internship" BOOLEAN NOT NULL DEFAULT false,
    "accepts_relevant_industry" BOOLEAN NOT NULL DEFAULT false,
    "hiring_template_id" UUID,
    "benefits" TEXT[] NOT NULL DEFAULT '{}',
    "shift_patterns" TEXT[] NOT NULL DEFAULT '{}',
    "facility_type" TEXT,
    "medical_specialty" TEXT,
    -- The employer as the posting shows it, copied from the employer service on every save.
    "employer_slug" TEXT NOT NULL,
    "employer_brand" TEXT NOT NULL,
    "employer_logo" TEXT,
    "featured_until" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),
    "closes_at" TIMESTAMPTZ(3),
    "archived_at" TIMESTAMPTZ(3),
    "created_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "postings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "postings_status_check" CHECK ("status" IN ('draft', 'published', 'archived', 'closed'))
);

CREATE UNIQUE INDEX "postings_slug_key" ON "postings"("slug");
-- The employer's ad list, newest first.
CREATE INDEX "postings_employer_id_created_at_idx" ON "postings"("employer_id", "created_at" DESC);
-- The closing sweep: published postings whose open days ran out.
CREATE INDEX "postings_closes_at_idx" ON "postings"("closes_at") WHERE "status" = 'published';
