-- The resume service's tables; kept equal to prisma/schema.prisma.

CREATE TABLE "resumes" (
    "id" UUID NOT NULL,
    "owner_user_id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "birthday" TEXT,
    "gender" TEXT,
    "marital_status" TEXT,
    "military_status" TEXT,
    "has_disability" BOOLEAN NOT NULL,
    "is_foreigner" BOOLEAN NOT NULL,
    "province" TEXT,
    "city" TEXT,
    "url" TEXT,
    "job_title" TEXT,
    "about" TEXT,
    "picture_file_id" UUID,
    "custom_file_id" UUID,
    "custom_file_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "resumes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "resumes_owner_user_id_key" ON "resumes"("owner_user_id");
CREATE UNIQUE INDEX "resumes_slug_key" ON "resumes"("slug");

CREATE TABLE "resume_items" (
    "id" UUID NOT NULL,
    "resume_id" UUID NOT NULL,
    "section" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "resume_items_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "resume_items_resume_id_section_idx" ON "resume_items"("resume_id", "section");
ALTER TABLE "resume_items" ADD CONSTRAINT "resume_items_resume_id_fkey" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
