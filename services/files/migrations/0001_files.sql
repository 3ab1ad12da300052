-- The files service's table; kept equal to prisma/schema.prisma.

CREATE TABLE "files" (
    "id" UUID NOT NULL,
    "owner_user_id" UUID NOT NULL,
    "category" TEXT NOT NULL,
    "media_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "widths" INTEGER[],
    "claimed_by" TEXT,
    "claimed_at" TIMESTAMPTZ(3),
    "unclaimed_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "files_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "files_unclaimed_since_idx" ON "files"("unclaimed_since");
CREATE INDEX "files_owner_user_id_idx" ON "files"("owner_user_id");
