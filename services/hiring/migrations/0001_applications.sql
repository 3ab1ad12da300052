-- Applications to postings, their history and who viewed them; kept equal to prisma/schema.prisma.
-- An application keeps copies of what it was made from (the resume as applied, the posting and
-- its employer as they were), so it reads the same after either changes or goes away.

CREATE TABLE "applications" (
    "id" UUID NOT NULL,
    "posting_id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    -- The posting's hiring template when applied (analytics group the employer's postings by it).
    "template_id" UUID NOT NULL,
    "resume_id" UUID NOT NULL,
    "applicant_user_id" UUID NOT NULL,
    -- The step it stands on, with its name and kind as last seen (the applicant's view has no
    -- access to the employer's templates).
    "step_id" UUID NOT NULL,
    "step_name" TEXT NOT NULL,
    "step_kind" TEXT NOT NULL,
    -- in_progress, accepted, rejected or cancelled: from the step's kind, or cancelled.
    "state" TEXT NOT NULL,
    -- Whether the employer's side has it as read now, and when it was first opened (the
    -- applicant sees "read" from the first opening on).
    "read" BOOLEAN NOT NULL DEFAULT false,
    "first_read_at" TIMESTAMPTZ(3),
    -- Increases with every change (optimistic concurrency; ApplicationChanged carries it).
    "version" BIGINT NOT NULL DEFAULT 1,
    "rejection_reason" TEXT,
    "rejection_description" TEXT,
    -- The resume as applied: the resume service's Resume message as JSON, private fields included.
    "resume_snapshot" JSONB NOT NULL,
    -- From the snapshot, for the lists: the applicant card, the words the text filter matches
    -- (normalizeForSearch of the name and latest job title) and the contact keys duplicate hints compare.
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "picture_file_id" TEXT,
    "custom_file_id" TEXT,
    "custom_file_name" TEXT,
    "latest_job_title" TEXT NOT NULL DEFAULT '',
    "province" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "search_text" TEXT NOT NULL DEFAULT '',
    "phone_key" TEXT,
    "email_key" TEXT,
    -- The posting and its employer as they were when applied.
    "posting_title" TEXT NOT NULL,
    "posting_slug" TEXT NOT NULL,
    "job_category" TEXT NOT NULL,
    "employer_brand" TEXT NOT NULL,
    "employer_slug" TEXT NOT NULL,
    "employer_logo_file_id" TEXT,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "applications_pkey" PRIMARY KEY ("id")
);

-- Once per posting and applicant: two applies at once make exactly one row.
CREATE UNIQUE INDEX "applications_posting_id_applicant_user_id_key" ON "applications"("posting_id", "applicant_user_id");
-- A step's list, newest first (and the flow's counts).
CREATE INDEX "applications_posting_id_step_id_applied_at_idx" ON "applications"("posting_id", "step_id", "applied_at");
CREATE INDEX "applications_applicant_user_id_applied_at_idx" ON "applications"("applicant_user_id", "applied_at");
CREATE INDEX "applications_employer_id_template_id_idx" ON "applications"("employer_id", "template_id");

-- Every change of an application, in order: the applicant's timeline and the time spent on steps.
CREATE TABLE "application_history" (
    "id" BIGSERIAL NOT NULL,
    "application_id" UUID NOT NULL,
    -- applied, read, unread, moved, rejected, cancelled
    "change" TEXT NOT NULL,
    -- The step it stood on after the change.
    "step_id" UUID NOT NULL,
    "step_name" TEXT NOT NULL,
    "step_kind" TEXT NOT NULL,
    "actor_user_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "application_history_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "application_history_application_id_id_idx" ON "application_history"("application_id", "id");

ALTER TABLE "application_history" ADD CONSTRAINT "application_history_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Who of the employer's side opened an application, and when first.
CREATE TABLE "application_viewers" (
    "application_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "viewed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "application_viewers_pkey" PRIMARY KEY ("application_id", "user_id")
);

ALTER TABLE "application_viewers" ADD CONSTRAINT "application_viewers_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
