-- Duplicate hints look up the other applications of a posting by phone and by email key: one
-- index lookup per card instead of a scan of the posting's applications.
CREATE INDEX "applications_posting_id_phone_key_idx" ON "applications"("posting_id", "phone_key");
CREATE INDEX "applications_posting_id_email_key_idx" ON "applications"("posting_id", "email_key");
