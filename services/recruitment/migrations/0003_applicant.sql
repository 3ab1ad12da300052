-- What applicants and visitors keep in this service: bookmarks, saved filters, and the public
-- view quota's counts. Kept equal to prisma/schema.prisma.

-- A person's bookmarked postings (the search helper reads it for "my opportunities").
CREATE TABLE "bookmarks" (
    "user_id" UUID NOT NULL,
    "posting_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "bookmarks_pkey" PRIMARY KEY ("user_id", "posting_id"),
    CONSTRAINT "bookmarks_posting_id_fkey" FOREIGN KEY ("posting_id") REFERENCES "postings"("id") ON DELETE CASCADE
);
-- ListBookmarks: newest first.
CREATE INDEX "bookmarks_user_id_created_at_idx" ON "bookmarks"("user_id", "created_at" DESC);

-- A named copy of the listing's query string (normalised: known parameters only); new postings
-- are matched against it for job alerts.
CREATE TABLE "saved_filters" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "query_string" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "saved_filters_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "saved_filters_user_id_created_at_idx" ON "saved_filters"("user_id", "created_at");

-- The public quota: which postings a visitor (by visitor id, and by client address) opened on
-- a Tehran day. One row per (day, who, posting), so re-opening costs nothing; old days are
-- pruned by the sweep.
CREATE TABLE "public_views" (
    "day" DATE NOT NULL,
    -- 'visitor' (the gateway's visitor cookie) or 'address' (the client's network address).
    "subject_kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "posting_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "public_views_pkey" PRIMARY KEY ("day", "subject_kind", "subject", "posting_id"),
    CONSTRAINT "public_views_subject_kind_check" CHECK ("subject_kind" IN ('visitor', 'address'))
);
