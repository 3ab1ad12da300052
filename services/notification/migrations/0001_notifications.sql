-- The notification service's tables; kept equal to prisma/schema.prisma. Times are
-- TIMESTAMPTZ(3) from the service's clock.

-- Local copies of other services' facts, learned from their events (event-carried state).
CREATE TABLE "contacts" (
    "user_id" UUID NOT NULL,
    "cellphone" TEXT,
    -- Only a verified email: mail goes to nothing else.
    "email" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "contacts_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "employers" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "owner_user_id" UUID NOT NULL,
    CONSTRAINT "employers_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "agents" (
    "id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    -- Null until the invited cellphone's user is linked.
    "user_id" UUID,
    "permissions" TEXT[] NOT NULL DEFAULT '{}',
    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "agents_employer_id_idx" ON "agents"("employer_id");

CREATE TABLE "resumes" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "owner_user_id" UUID NOT NULL,
    CONSTRAINT "resumes_pkey" PRIMARY KEY ("id")
);

-- A person's settings; a person without a row has the defaults.
CREATE TABLE "settings" (
    "user_id" UUID NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'fa',
    "job_alert_frequency" TEXT NOT NULL DEFAULT 'daily' CHECK ("job_alert_frequency" IN ('immediate', 'daily')),
    CONSTRAINT "settings_pkey" PRIMARY KEY ("user_id")
);

-- A channel switched away from its category's default.
CREATE TABLE "preferences" (
    "user_id" UUID NOT NULL,
    "category" TEXT NOT NULL,
    "channel" TEXT NOT NULL CHECK ("channel" IN ('sms', 'email', 'in_app')),
    "enabled" BOOLEAN NOT NULL,
    CONSTRAINT "preferences_pkey" PRIMARY KEY ("user_id", "category", "channel")
);

CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    -- Null for an agent invite to a cellphone without an account.
    "user_id" UUID,
    "category" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    -- Recipient and cause: a person is told once about one cause.
    "cause_key" TEXT NOT NULL,
    -- Rendered at read time in the reader's locale from the kind's templates.
    "params" JSONB NOT NULL DEFAULT '{}',
    -- A path of the web site.
    "link" TEXT,
    "in_app" BOOLEAN NOT NULL,
    "read_at" TIMESTAMPTZ(3),
    "clicked_at" TIMESTAMPTZ(3),
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "notifications_cause_key_key" ON "notifications"("cause_key");
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at");

-- One message of a notification on one channel: sent by the delivery worker, never by the
-- event consumer. `dead` rows are the dead letters; `digest` rows wait for the daily digest.
CREATE TABLE "deliveries" (
    "id" UUID NOT NULL,
    "notification_id" UUID NOT NULL,
    "channel" TEXT NOT NULL CHECK ("channel" IN ('sms', 'email')),
    "recipient" TEXT NOT NULL,
    "status" TEXT NOT NULL CHECK ("status" IN ('pending', 'sent', 'dead', 'digest')),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deliveries_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notifications"("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "deliveries_notification_id_channel_key" ON "deliveries"("notification_id", "channel");
CREATE INDEX "deliveries_status_next_attempt_at_idx" ON "deliveries"("status", "next_attempt_at");
