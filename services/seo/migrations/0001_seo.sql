-- The seo service's tables; kept equal to prisma/schema.prisma. Times are TIMESTAMPTZ(3).

-- Local copies of other services' facts, learned from their events (event-carried state): what
-- the sitemaps list and which slug a profile link names. docs/adr/031.

-- Every posting recruitment told about, in its newest known version. Only published ones are
-- in the sitemap; the others are kept so an older event delivered late cannot list them again.
CREATE TABLE "postings" (
    "id" UUID NOT NULL,
    "version" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "job_category" TEXT NOT NULL,
    -- When the newest known change happened (the event's occurred_at): the sitemap's lastmod.
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "postings_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "postings_status_id_idx" ON "postings"("status", "id");

CREATE TABLE "employers" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "employers_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "employers_slug_idx" ON "employers"("slug");

-- Resume slugs, for profile links only: never in a sitemap.
CREATE TABLE "resumes" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    CONSTRAINT "resumes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "resumes_slug_idx" ON "resumes"("slug");

-- Messages of the contact form, every field as typed. A spam one (the honeypot was filled) is
-- kept for the operator and never announced.
CREATE TABLE "contact_messages" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "cellphone" TEXT,
    "subject" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    -- The client's address as the gateway saw it (the hourly budget counts by it).
    "client_address" TEXT NOT NULL,
    "is_spam" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "contact_messages_client_address_created_at_idx" ON "contact_messages"("client_address", "created_at");
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at");
