-- The billing service's tables; kept equal to prisma/schema.prisma. Money is integer rials
-- (BIGINT); times are TIMESTAMPTZ(3) from the service's clock.

CREATE TABLE "plans" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "price_rials" BIGINT NOT NULL CHECK ("price_rials" >= 0),
    "duration_days" INTEGER NOT NULL CHECK ("duration_days" > 0),
    "recruitment" INTEGER NOT NULL CHECK ("recruitment" >= 0),
    "featured" INTEGER NOT NULL CHECK ("featured" >= 0),
    "on_sale" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "plans_slug_key" ON "plans"("slug");

-- The catalogue every environment sells (docs/billing.md): fixed ids so orders in one
-- environment can be read against another's seed.
INSERT INTO "plans" ("id", "slug", "title", "description", "price_rials", "duration_days", "recruitment", "featured") VALUES
  ('0b6f3c2e-6d0a-4c51-9a10-000000000001', 'basic', 'پایه', 'برای یک استخدام: انتشار یک آگهی به مدت ۳۰ روز.', 2900000, 30, 1, 0),
  ('0b6f3c2e-6d0a-4c51-9a10-000000000002', 'professional', 'حرفه‌ای', 'برای مراکزی که مرتب نیرو جذب می‌کنند: پنج آگهی و یک آگهی ویژه در ۳۰ روز.', 9900000, 30, 5, 1),
  ('0b6f3c2e-6d0a-4c51-9a10-000000000003', 'enterprise', 'سازمانی', 'برای بیمارستان‌ها و مجموعه‌های بزرگ: بیست آگهی و پنج آگهی ویژه در ۹۰ روز.', 29000000, 90, 20, 5);

CREATE TABLE "discount_codes" (
    "id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    -- Exactly one of the two: a percentage (1-100) or a fixed amount.
    "percent" INTEGER CHECK ("percent" BETWEEN 1 AND 100),
    "amount_rials" BIGINT CHECK ("amount_rials" > 0),
    "starts_at" TIMESTAMPTZ(3),
    "ends_at" TIMESTAMPTZ(3),
    "max_uses" INTEGER CHECK ("max_uses" > 0),
    "used_count" INTEGER NOT NULL DEFAULT 0,
    -- Empty: every plan.
    "plan_ids" UUID[] NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "discount_codes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "discount_codes_one_kind" CHECK (("percent" IS NULL) <> ("amount_rials" IS NULL)),
    -- The last use cannot be spent twice: the counter never passes the limit.
    CONSTRAINT "discount_codes_within_limit" CHECK ("max_uses" IS NULL OR "used_count" <= "max_uses")
);
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes"("code");

-- Numbers people read out on the phone; ids stay UUIDs.
CREATE SEQUENCE "order_numbers" START WITH 1000;

CREATE TABLE "orders" (
    "id" UUID NOT NULL,
    "number" BIGINT NOT NULL DEFAULT nextval('order_numbers'),
    "employer_id" UUID NOT NULL,
    "status" TEXT NOT NULL CHECK ("status" IN ('pending', 'paid', 'cancelled')),
    "plan_id" UUID NOT NULL,
    "price_rials" BIGINT NOT NULL,
    "discount_code_id" UUID,
    "discount_code" TEXT,
    "discount_rials" BIGINT NOT NULL DEFAULT 0,
    "total_rials" BIGINT NOT NULL CHECK ("total_rials" >= 0),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    CONSTRAINT "orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "orders_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id"),
    CONSTRAINT "orders_discount_code_id_fkey" FOREIGN KEY ("discount_code_id") REFERENCES "discount_codes"("id")
);
CREATE UNIQUE INDEX "orders_number_key" ON "orders"("number");
CREATE INDEX "orders_employer_id_created_at_idx" ON "orders"("employer_id", "created_at");
-- The cart: at most one pending order per employer, whatever the races.
CREATE UNIQUE INDEX "orders_one_cart_per_employer" ON "orders"("employer_id") WHERE "status" = 'pending';

CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "method" TEXT NOT NULL CHECK ("method" IN ('gateway', 'wallet')),
    "status" TEXT NOT NULL CHECK ("status" IN ('pending', 'paid', 'failed')),
    "amount_rials" BIGINT NOT NULL CHECK ("amount_rials" >= 0),
    "authority" TEXT,
    "reference" TEXT,
    "card" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    CONSTRAINT "payments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id")
);
CREATE UNIQUE INDEX "payments_authority_key" ON "payments"("authority");
CREATE INDEX "payments_order_id_idx" ON "payments"("order_id");
-- An order is paid once: a second paid payment of one order cannot be written.
CREATE UNIQUE INDEX "payments_one_paid_per_order" ON "payments"("order_id") WHERE "status" = 'paid';

-- The sandbox provider's own book (test mode): what it was asked to take and the payer's answer.
CREATE TABLE "sandbox_payments" (
    "authority" TEXT NOT NULL,
    "amount_rials" BIGINT NOT NULL,
    "description" TEXT NOT NULL,
    "callback_url" TEXT NOT NULL,
    "decision" TEXT CHECK ("decision" IN ('approved', 'cancelled')),
    "verified_at" TIMESTAMPTZ(3),
    "reference" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "sandbox_payments_pkey" PRIMARY KEY ("authority")
);

CREATE TABLE "purchased_plans" (
    "id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "status" TEXT NOT NULL CHECK ("status" IN ('reserved', 'active', 'expired', 'cancelled')),
    "activated_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_rials" BIGINT NOT NULL,
    -- What is left; a conditional UPDATE takes a unit, and the CHECK is the floor under it.
    "recruitment_remaining" INTEGER NOT NULL CHECK ("recruitment_remaining" >= 0),
    "featured_remaining" INTEGER NOT NULL CHECK ("featured_remaining" >= 0),
    CONSTRAINT "purchased_plans_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "purchased_plans_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id"),
    CONSTRAINT "purchased_plans_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id")
);
-- One purchase per order: a completion that ran twice could not write a second plan.
CREATE UNIQUE INDEX "purchased_plans_order_id_key" ON "purchased_plans"("order_id");
CREATE INDEX "purchased_plans_employer_id_created_at_idx" ON "purchased_plans"("employer_id", "created_at");
-- One active and one reserved plan per employer.
CREATE UNIQUE INDEX "purchased_plans_one_active" ON "purchased_plans"("employer_id") WHERE "status" = 'active';
CREATE UNIQUE INDEX "purchased_plans_one_reserved" ON "purchased_plans"("employer_id") WHERE "status" = 'reserved';

-- Which reference used a unit of which purchase: makes ConsumeResource idempotent and lets
-- ReleaseResource give the unit back to the plan it came from, once.
CREATE TABLE "resource_usages" (
    "id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('recruitment', 'featured')),
    "reference_id" TEXT NOT NULL,
    "purchased_plan_id" UUID,
    "released_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "resource_usages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "resource_usages_purchased_plan_id_fkey" FOREIGN KEY ("purchased_plan_id") REFERENCES "purchased_plans"("id")
);
CREATE UNIQUE INDEX "resource_usages_employer_id_kind_reference_id_key" ON "resource_usages"("employer_id", "kind", "reference_id");

-- One row per employer: its balance (the sum of its entries, never negative) and the row every
-- change to the employer's money or plans locks first.
CREATE TABLE "wallets" (
    "employer_id" UUID NOT NULL,
    "balance_rials" BIGINT NOT NULL CHECK ("balance_rials" >= 0),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "wallets_pkey" PRIMARY KEY ("employer_id")
);

CREATE TABLE "wallet_entries" (
    "id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    -- Positive: a credit (a refund); negative: an order paid from the wallet.
    "amount_rials" BIGINT NOT NULL,
    "reason" TEXT NOT NULL,
    "order_id" UUID,
    "payment_id" UUID,
    "purchased_plan_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "wallet_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "wallet_entries_employer_id_fkey" FOREIGN KEY ("employer_id") REFERENCES "wallets"("employer_id")
);
CREATE INDEX "wallet_entries_employer_id_created_at_idx" ON "wallet_entries"("employer_id", "created_at");
