-- Payments get a purpose (an order, or a wallet top-up that has no order), the employer they
-- belong to, and a number people read out; kept equal to prisma/schema.prisma.

-- Payment numbers are their own sequence, started far from order numbers (1000 on) so the two
-- are not mistaken for each other on the phone.
CREATE SEQUENCE "payment_numbers" START WITH 50000;

ALTER TABLE "payments" ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'order' CHECK ("purpose" IN ('order', 'top_up'));
ALTER TABLE "payments" ALTER COLUMN "purpose" DROP DEFAULT;
ALTER TABLE "payments" ADD COLUMN "employer_id" UUID;
UPDATE "payments" SET "employer_id" = "orders"."employer_id" FROM "orders" WHERE "orders"."id" = "payments"."order_id";
ALTER TABLE "payments" ALTER COLUMN "employer_id" SET NOT NULL;
-- Existing payments are numbered in the order they were made.
ALTER TABLE "payments" ADD COLUMN "number" BIGINT;
UPDATE "payments" SET "number" = numbered."number"
  FROM (SELECT "id", nextval('payment_numbers') AS "number" FROM (SELECT "id" FROM "payments" ORDER BY "created_at", "id") AS ordered) AS numbered
 WHERE numbered."id" = "payments"."id";
ALTER TABLE "payments" ALTER COLUMN "number" SET DEFAULT nextval('payment_numbers');
ALTER TABLE "payments" ALTER COLUMN "number" SET NOT NULL;
CREATE UNIQUE INDEX "payments_number_key" ON "payments"("number");

-- A top-up pays no order; an order's payment always names its order.
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_order" CHECK (("purpose" = 'order') = ("order_id" IS NOT NULL));

-- Reconciliation looks for provider payments still pending, oldest first.
CREATE INDEX "payments_pending_created_at_idx" ON "payments"("created_at") WHERE "status" = 'pending';
-- A top-up is read by its employer and number; the wallet's ledger names the payments it shows.
CREATE INDEX "payments_employer_id_idx" ON "payments"("employer_id");
