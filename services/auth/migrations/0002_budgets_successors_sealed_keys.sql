-- Login and session hardening; kept equal to prisma/schema.prisma.

-- Wrong guesses are counted per code and client address (cellphone_code_attempts), so a
-- stranger's guesses do not use up the owner's.
ALTER TABLE "cellphone_codes" DROP COLUMN "attempts";
CREATE INDEX "cellphone_codes_created_at_idx" ON "cellphone_codes"("created_at");

CREATE TABLE "cellphone_code_attempts" (
    "code_id" UUID NOT NULL,
    "client_address" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "cellphone_code_attempts_pkey" PRIMARY KEY ("code_id", "client_address")
);
ALTER TABLE "cellphone_code_attempts" ADD CONSTRAINT "cellphone_code_attempts_code_id_fkey" FOREIGN KEY ("code_id") REFERENCES "cellphone_codes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "cellphone_lockouts" (
    "id" UUID NOT NULL,
    "cellphone" TEXT NOT NULL,
    "client_address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_until" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "cellphone_lockouts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "cellphone_lockouts_cellphone_client_address_created_at_idx" ON "cellphone_lockouts"("cellphone", "client_address", "created_at");

CREATE TABLE "sms_hourly_counts" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "sms_hourly_counts_pkey" PRIMARY KEY ("hour")
);

CREATE INDEX "email_verifications_email_created_at_idx" ON "email_verifications"("email", "created_at");

-- A rotated refresh token keeps its successor, sealed with a key derived from the rotated
-- token itself, so a replay inside the grace window gets that same successor back.
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_id" UUID;
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" TEXT;
CREATE INDEX "refresh_tokens_expires_at_idx" ON "refresh_tokens"("expires_at");
CREATE INDEX "sessions_revoked_at_idx" ON "sessions"("revoked_at");

-- Private signing keys are kept encrypted. Keys stored in clear before this migration lose
-- their private half here; their public half stays in the JWKS until the tokens they signed
-- have expired, and the service creates a new, encrypted key on start.
ALTER TABLE "signing_keys" DROP COLUMN "private_jwk";
ALTER TABLE "signing_keys" ADD COLUMN "private_jwk_sealed" TEXT;
