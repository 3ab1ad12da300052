-- Plan time, promotion sold with a plan, the banner's promo code, and invoices; kept equal to
-- prisma/schema.prisma.

-- A plan that promotes its employer while it is active (the enterprise plan).
ALTER TABLE "plans" ADD COLUMN "promotion" BOOLEAN NOT NULL DEFAULT false;
UPDATE "plans"
   SET "promotion" = true,
       "description" = 'برای بیمارستان‌ها و مجموعه‌های بزرگ: بیست آگهی و پنج آگهی ویژه در ۹۰ روز، و نمایش مجموعه در میان کارفرمایان برگزیده تا پایان بسته.'
 WHERE "id" = '0b6f3c2e-6d0a-4c51-9a10-000000000003';

-- Plan time: each notice is sent once per plan (and kind), so the sweep and the consumes
-- remember having sent it.
ALTER TABLE "purchased_plans" ADD COLUMN "expiring_notified_at" TIMESTAMPTZ(3);
ALTER TABLE "purchased_plans" ADD COLUMN "recruitment_low_notified_at" TIMESTAMPTZ(3);
ALTER TABLE "purchased_plans" ADD COLUMN "featured_low_notified_at" TIMESTAMPTZ(3);
-- The sweep looks for active plans by their end.
CREATE INDEX "purchased_plans_status_expires_at_idx" ON "purchased_plans"("status", "expires_at");

-- Discount codes: a limit per employer, first purchases only, the banner's code, switched off.
ALTER TABLE "discount_codes" ADD COLUMN "max_uses_per_employer" INTEGER CHECK ("max_uses_per_employer" > 0);
ALTER TABLE "discount_codes" ADD COLUMN "first_purchase_only" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "discount_codes" ADD COLUMN "banner" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "discount_codes" ADD COLUMN "disabled_at" TIMESTAMPTZ(3);

-- One row per use, written in the transaction that pays the order: the per-employer count.
CREATE TABLE "discount_code_uses" (
    "id" UUID NOT NULL,
    "discount_code_id" UUID NOT NULL,
    "employer_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "discount_code_uses_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "discount_code_uses_discount_code_id_fkey" FOREIGN KEY ("discount_code_id") REFERENCES "discount_codes"("id"),
    CONSTRAINT "discount_code_uses_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id")
);
-- An order uses its code once.
CREATE UNIQUE INDEX "discount_code_uses_order_id_key" ON "discount_code_uses"("order_id");
CREATE INDEX "discount_code_uses_discount_code_id_employer_id_idx" ON "discount_code_uses"("discount_code_id", "employer_id");
-- The orders already paid with a code are its first uses.
INSERT INTO "discount_code_uses" ("id", "discount_code_id", "employer_id", "order_id", "created_at")
SELECT gen_random_uuid(), "discount_code_id", "employer_id", "id", COALESCE("paid_at", "created_at")
  FROM "orders" WHERE "status" = 'paid' AND "discount_code_id" IS NOT NULL;

-- The code the promotional banner shows in every environment: an employer's first plan free
-- (an environment that already made a code of that name by hand keeps its own).
INSERT INTO "discount_codes" ("id", "code", "percent", "max_uses_per_employer", "first_purchase_only", "banner", "created_at")
VALUES ('0b6f3c2e-6d0a-4c51-9a10-0000000000f1', 'FIRSTAD', 100, 1, true, true, now())
ON CONFLICT ("code") DO NOTHING;

-- Invoices: the VAT rate of the day the order was paid, frozen with it.
ALTER TABLE "orders" ADD COLUMN "vat_percent" INTEGER CHECK ("vat_percent" BETWEEN 0 AND 100);
