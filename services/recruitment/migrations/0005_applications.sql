-- The newest state of each application to a posting, as hiring.application.v1 tells it: what the
-- employer's posting cards count (applications not cancelled, and those not yet read). Only a
-- newer version replaces a row, so a repeated or older event changes nothing. Kept equal to
-- prisma/schema.prisma.

CREATE TABLE "posting_applications" (
    "application_id" UUID NOT NULL,
    "posting_id" UUID NOT NULL,
    "state" TEXT NOT NULL,
    "read" BOOLEAN NOT NULL,
    "version" BIGINT NOT NULL,
    CONSTRAINT "posting_applications_pkey" PRIMARY KEY ("application_id")
);
-- A page of cards counts by posting.
CREATE INDEX "posting_applications_posting_id_state_idx" ON "posting_applications"("posting_id", "state");
