-- Holds: a file kept for a holder (an application's copy of a resume) whatever its claimer
-- does. A held file is neither purged nor removed; the foreign key refuses deleting its row
-- should a race slip past those checks. Kept equal to prisma/schema.prisma.

CREATE TABLE "file_holds" (
    "file_id" UUID NOT NULL,
    "holder" TEXT NOT NULL,
    "held_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "file_holds_pkey" PRIMARY KEY ("file_id", "holder"),
    CONSTRAINT "file_holds_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
