-- The employer service's tables; kept equal to prisma/schema.prisma.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE "employers" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "owner_user_id" UUID NOT NULL,
    "is_self_employed" BOOLEAN NOT NULL,
    "brand" TEXT NOT NULL,
    "registered_name" TEXT,
    "logo" TEXT,
    "employer_type" TEXT,
    "national_id" TEXT,
    "registration_number" TEXT,
    "medical_registration_number" TEXT,
    "industry" TEXT,
    "ownership_type" TEXT,
    "province" TEXT,
    "city" TEXT,
    "address" TEXT,
    "phone" TEXT,
    "cellphone" TEXT,
    "website" TEXT,
    "number_of_employees" TEXT,
    "establishment_date" TEXT,
    "about" TEXT,
    "official_gazette_file_id" TEXT,
    "national_card_file_id" TEXT,
    "medical_document_file_ids" TEXT[],
    "benefits" TEXT[],
    "contact_first_name" TEXT,
    "contact_last_name" TEXT,
    "contact_email" TEXT,
    "is_promoted" BOOLEAN NOT NULL,
    "search_text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "employers_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "employers_slug_key" ON "employers"("slug");
CREATE INDEX "employers_owner_user_id_idx" ON "employers"("owner_user_id");
-- employers/list: text filter (LIKE over the normalised, lower-cased text) and its order.
CREATE INDEX "employers_search_text_trgm_idx" ON "employers" USING gin ("search_text" gin_trgm_ops);
CREATE INDEX "employers_listing_idx" ON "employers"("is_promoted" DESC, "created_at" DESC, "id");

CREATE TABLE "agents" (
    "id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    "user_id" UUID,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "title" TEXT,
    "cellphone" TEXT NOT NULL,
    "permissions" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "agents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agents_employer_id_fkey" FOREIGN KEY ("employer_id") REFERENCES "employers"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "agents_employer_id_cellphone_key" ON "agents"("employer_id", "cellphone");
CREATE INDEX "agents_user_id_idx" ON "agents"("user_id");
CREATE INDEX "agents_cellphone_idx" ON "agents"("cellphone");

CREATE TABLE "known_users" (
    "user_id" UUID NOT NULL,
    "cellphone" TEXT NOT NULL,
    CONSTRAINT "known_users_pkey" PRIMARY KEY ("user_id")
);
CREATE UNIQUE INDEX "known_users_cellphone_key" ON "known_users"("cellphone");

CREATE TABLE "templates" (
    "id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL,
    "in_use" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "templates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "templates_employer_id_fkey" FOREIGN KEY ("employer_id") REFERENCES "employers"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "templates_employer_id_idx" ON "templates"("employer_id");

CREATE TABLE "steps" (
    "id" UUID NOT NULL,
    "template_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "in_use" INTEGER NOT NULL,
    CONSTRAINT "steps_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "steps_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "steps_template_id_idx" ON "steps"("template_id");
